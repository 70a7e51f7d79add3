//! The solver: does a position have a winning line, and what is it?
//!
//! It is a *thoughtful* solver: it sees every card, face-down ones and the stock order
//! included, which a player does not. A `Won` verdict means "winnable by someone who knew where
//! every card lies"; apps must say so wherever they show it. `Unwinnable` is a proof under the
//! same knowledge, so it holds for the player too.
//!
//! Where each technique lives (each module's first comment says why it is sound):
//! - `search.rs`: one search. The passes take turns of `pass::CHUNK` nodes, how many each
//!   game gives each (`Rules::beam_turns`, the beam's burst, the hand-over of the memory to
//!   the DFS late in a long proof), and which answers.
//! - `dfs.rs`: the sound depth-first search, the only pass that proves `Unwinnable`: the
//!   engine's own `apply_unchecked`/`undo`, the path in flat vectors, keys worked out ahead and
//!   their slots prefetched where most positions were met before; also each restart's run.
//! - `table.rs`: the transposition table (why forgetting positions when full stays sound), and
//!   its last growth, where it lies, once doubling would not fit the cap.
//! - `hash.rs`: the canonical position hash, kept up to date pile by pile.
//! - `moves.rs`: the move generator and its pruning rules 1 to 9, each argued there (they lose
//!   no win), and the beam's heuristic rules H1 to H3 (which may); `targets.rs`: How They
//!   Run's sound moves found from where they go, the same as `moves.rs` finds them, faster;
//!   `commute.rs`: rule 10, How They Run's partial-order reduction (with the cells full, only
//!   the moves of the cards a win must move first), which the DFS applies.
//! - `evaluate.rs`: how promising a position or a move looks (orders, never prunes).
//! - `deadlock.rs`: static deadlock detection, a relaxation of the rules that proves positions
//!   dead (in Yakutat Bay refined by occupied parents, whose findings hold below the position
//!   they were found in), and when the DFS asks it.
//! - `dig.rs`: How They Run's second proof, counting the cells.
//! - `park.rs`: How They Run's third, asked of the root only: the places to park (cells,
//!   emptied piles) counted over the whole table.
//! - `beam.rs`: the beam search, a portfolio of rounds that finds short wins and proves
//!   nothing; `restarts.rs`: short depth-first runs in jittered orders, the same, in Yakutat
//!   Bay's search and, late, Zerline's and How They Run's. `second_search`
//!   (`search::second_search`), which the apps' questions run on a second core (`assist.rs`):
//!   the restarts in orders of their own, or, in Yakutat Bay, a beam jittered otherwise.
//! - `shorten.rs`: a won line's detours cut out, and a player's line polished by a beam.
//! - `proven.rs`: the proven-deal lists (`proven/*.txt`) the winnable-only mode deals from.
//! - `tests.rs`: every pruning rule and relaxation against an unpruned search on small
//!   positions, and deals 1..60 of every game pinned (`pins.txt`).
//! - `HISTORY.md`: what was measured on the way, and what was tried and not kept.
//!
//! No module imports one that imports it (the public types below aside): `moves` at the bottom;
//! `hash`, `deadlock`, `evaluate`, `targets` and `commute` on it; `dig` on `hash`; `park` on
//! `deadlock`; `table` and `pass` on nothing; `dfs` and `beam` on those; `restarts` on `dfs`;
//! `shorten` on `beam`; `search` on the passes.
//!
//! Pure: no clock, no thread; time budgets come in through `cancel`, asked every few thousand
//! nodes.
//! The same position and node limit give the same answer every time (unless `cancel` fires).

mod beam;
mod commute;
mod deadlock;
mod dfs;
mod dig;
mod evaluate;
mod hash;
mod moves;
mod park;
mod pass;
mod proven;
mod restarts;
mod search;
mod shorten;
mod table;
mod targets;

#[cfg(test)]
mod tests;

pub(crate) use proven::parse as parse_deal_list;
pub use proven::{format_proven, proven_deals, winnable_deal};

use crate::engine::Move;
use crate::state::State;

/// What a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions entered (moves applied) before giving up with `Unknown`.
    pub max_nodes: u64,
    /// Cap on the transposition tables, the search path and the beam together; a search that
    /// would pass it ends `Unknown`. (Where the beam runs, it and the DFS get half each, until
    /// the DFS takes the whole late in a long proof, in Yakutat Bay once the beam's burst is
    /// over. A table doubles up to two thirds of its share, where old and new fit it together
    /// (a DFS's, of seven eighths of it), and takes at least 512 bytes; a DFS with the cap to
    /// itself then grows its table where it lies, to three quarters of the cap less what its
    /// path and relaxations hold: `Table::grow_in_place`.)
    pub max_memory_bytes: usize,
}

impl Default for Limits {
    /// A full solve: 20 million nodes (tens of seconds at most), 256 MiB.
    fn default() -> Limits {
        Limits { max_nodes: 20_000_000, max_memory_bytes: 256 << 20 }
    }
}

impl Limits {
    /// Phone-sized, for hints and "still winnable?": about 100 ms, 16 MiB.
    pub fn quick() -> Limits {
        Limits { max_nodes: 100_000, max_memory_bytes: 16 << 20 }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A winning line from the position (empty when it is already won).
    Won(Vec<Move>),
    /// Proved: no line from the position wins.
    Unwinnable,
    /// The budget ran out first.
    Unknown,
}

/// An outcome with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    pub nodes: u64,
    /// Memory the transposition table reserved (pages are touched only as entries land).
    pub table_bytes: usize,
    pub table_entries: usize,
}

/// Searches for a winning line from `state`. `cancel` is asked every few thousand nodes; when
/// it answers true the search stops with `Unknown`.
pub fn solve(state: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Outcome {
    solve_with_report(state, limits, cancel).outcome
}

/// `solve`, also telling the nodes searched and the table's size.
pub fn solve_with_report(state: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Report {
    search::search(state, limits, cancel, true)
}

/// `solve`, for a question that needs only the verdict ("still winnable?"): a won line comes
/// back as the search found it, its detours not cut out, so the answer comes as soon as it is
/// known. (Chequers, deals 5001..5100 mid-game: cutting a depth-first line of 7,000 to 13,000
/// moves took 40 to 80 ms, which pushed "still winnable?" at 100 ms to up to 176 ms.)
pub fn decide(state: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Outcome {
    search::search(state, limits, cancel, false).outcome
}

/// `decide`, also telling the nodes searched and the table's size (a measure by nodes, which
/// the machine's load does not change: `solitaire mid-game --winnable-nodes`).
pub fn decide_with_report(state: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Report {
    search::search(state, limits, cancel, false)
}

/// A second search for `decide`'s question, to run on another core beside it
/// (`search::second_search`: what `decide` does not run, the restarts or a beam jittered
/// otherwise). It only ever finds wins: an `Outcome::Won` from it decides the question,
/// anything else leaves it to `decide`.
pub fn second_search(state: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Report {
    search::second_search(state, limits, cancel, SECOND_SALT)
}

/// `second_search`'s jitter of a beam: any number but 0 (which is `decide`'s beam).
const SECOND_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// `solve`, for a line a player will follow (a hint's move, "show me"): the won line goes
/// through `line_for_player`. Deciding whether a position can be won does not need this, so
/// `solve` does not pay for it.
pub fn solve_for_player(state: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Outcome {
    match solve(state, limits, cancel) {
        Outcome::Won(line) => Outcome::Won(line_for_player(state, line, limits, cancel)),
        other => other,
    }
}

/// `line` (which wins from `state`), or, when it is still long after its detours were cut (over
/// two moves a card, four where the stock deals to a waste: a depth-first line), a shorter one
/// a beam search finds within 400,000 to 3,000,000 nodes, as `limits` allow (`shorten::polish`).
pub fn line_for_player(state: &State, line: Vec<Move>, limits: &Limits, cancel: &dyn Fn() -> bool) -> Vec<Move> {
    shorten::polish(state, line, limits, cancel)
}

/// A move to suggest: the first move of a winning line found within `limits`; failing that,
/// the most promising move by the move-ordering heuristic, never illegal, never a null move
/// (`State::is_null_move`), and one that sends back what `last` (the move just played) moved
/// only where no other move is left. `None` when no move is left. The stock action counts as
/// a move.
pub fn hint(state: &State, last: Option<Move>, limits: &Limits, cancel: &dyn Fn() -> bool) -> Option<Move> {
    if let Outcome::Won(line) = solve_for_player(state, limits, cancel) {
        if let Some(&first) = line.first() {
            return Some(first);
        }
    }
    heuristic_move(state, last)
}

fn heuristic_move(state: &State, last: Option<Move>) -> Option<Move> {
    let rules = moves::Rules::new(state.kind());
    let reverses_last = |mv: Move| match (mv, last) {
        (Move::Transfer { from, count, to }, Some(Move::Transfer { from: f, count: c, to: t })) => {
            from == t && to == f && count == c
        }
        _ => false,
    };
    let mut best: Option<(i32, Move)> = None;
    for mv in state.legal_move_list() {
        if state.is_null_move(mv) {
            continue;
        }
        // Taking the last move back only where nothing else is left: then it is the one move
        // (Yakutat Bay deal 38 said "no move left" where it could be made).
        let score = if reverses_last(mv) { i32::MIN } else { rules.score(state, mv) };
        if !matches!(best, Some((b, _)) if b >= score) {
            best = Some((score, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
