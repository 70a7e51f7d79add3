//! What the apps ask the solver for, in the terms of a game in play: a hint, "can this still
//! be won?", how far to undo to get back to a winnable position, a winnable deal.
//!
//! The solver sees face-down cards and the stock order; every verdict here is "winnable by
//! someone who knew where every card lies" (`solver` module docs).

use crate::engine::Move;
use crate::game::Game;
use crate::games::GameKind;
use crate::solver::{self, Limits, Outcome};
use crate::state::State;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Winnable,
    Unwinnable,
    Unknown,
}

impl From<&Outcome> for Verdict {
    fn from(outcome: &Outcome) -> Verdict {
        match outcome {
            Outcome::Won(_) => Verdict::Winnable,
            Outcome::Unwinnable => Verdict::Unwinnable,
            Outcome::Unknown => Verdict::Unknown,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintMove {
    pub mv: Move,
    /// The move begins a winning line the solver found.
    pub leads_to_win: bool,
}

/// Memory for "still winnable?": a phone can spare this much for a few hundred milliseconds.
const WINNABILITY_MEMORY: usize = 64 << 20;

/// A proved-winnable deal of `kind`, chosen by `random`.
pub fn winnable_deal(kind: GameKind, random: u64) -> u64 {
    solver::winnable_deal(kind, random)
}

/// The winning line the last hint came from, kept by whoever asks for hints, beside the game
/// (not saved). While the game follows it, the next hint is its next move, at once: a fresh
/// search from each position may begin a line by moving back what the last hint moved, and
/// hints followed then went round in circles (Dnieper deal 4 after 61 moves, Yakutat Bay deal 2
/// swapping a group between two parents).
#[derive(Clone, Debug, Default)]
pub struct HintLine {
    /// The game's opening position and the moves played when the line was found.
    start: Option<State>,
    played: Vec<Move>,
    line: Vec<Move>,
    /// The line wins only with auto-play's moves between its own (it was played out so).
    with_auto_play: bool,
    /// A position a longer search proved lost ("show me", "still winnable?"): a hint there says
    /// so, where its own smaller search may prove nothing and suggest a move (How They Run 106).
    lost: Option<State>,
}

impl HintLine {
    /// The line's next move, if `game` is where the line was found with a part of it played
    /// since (undone moves included: the line goes on from where the game is back to). Where
    /// auto-play made moves of its own meanwhile (which took Zerline's hints round in circles
    /// too), the rest of the line is played out on a copy, as the game would, less the moves
    /// no longer legal (auto-play made them): if that still wins, it is the line from here.
    fn next(&mut self, game: &Game) -> Option<Move> {
        let history = game.history();
        if self.start.as_ref() != Some(game.start()) || history.len() < self.played.len() {
            return None;
        }
        let (before, since) = history.split_at(self.played.len());
        if !before.iter().map(|step| step.mv).eq(self.played.iter().copied()) {
            return None;
        }
        if self.with_auto_play && !game.auto_play() {
            return None;
        }
        // Auto-play's moves are never the line's: a move's numbers (one card from pile 18 to
        // pile 12) may stand for the line's next move and be another card.
        let (mut at, mut auto_played) = (0, false);
        for step in since {
            if step.auto {
                auto_played = true;
            } else if self.line.get(at) == Some(&step.mv) {
                at += 1;
            } else {
                return None;
            }
        }
        if !auto_played {
            return self.line.get(at).copied();
        }
        *self = HintLine::from(game, played_out(game, &self.line[at..])?, true);
        self.line.first().copied()
    }

    /// A line found from where `game` is.
    fn from(game: &Game, line: Vec<Move>, with_auto_play: bool) -> HintLine {
        let played = game.history().iter().map(|step| step.mv).collect();
        HintLine { start: Some(game.start().clone()), played, line, with_auto_play, lost: None }
    }

    /// Notes that `state` was proved lost, for the next hint there.
    pub fn proved_lost(&mut self, state: &State) {
        self.lost = Some(state.clone());
    }
}

/// `line` played out on a copy of `game` as the game plays it (auto-play's moves between), less
/// the moves that are no longer legal when their turn comes (auto-play made them), if that
/// wins: the moves to play. (Auto-play never takes a move of the line back: a card played back
/// from a foundation is left where it went, `Game::brought_back`.)
fn played_out(game: &Game, line: &[Move]) -> Option<Vec<Move>> {
    let mut copy = game.clone();
    let kept: Vec<Move> = line.iter().copied().filter(|&mv| copy.play(mv).is_ok()).collect();
    copy.state().is_won().then_some(kept)
}

/// Why `hint` suggests no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoHint {
    /// No move is left, or the game is won.
    NoMove,
    /// The solver proved that no move leads to a win: the heuristic's moves would only go round
    /// (Yakutat Bay deals 8, 22, 24 and 60 came back to a position every 3 or 4 hints).
    Lost,
    /// `cancel` said stop first.
    Stopped,
}

/// The next move of a winning line: of `follow`'s while the game follows it, else of one found
/// within a phone-sized budget (about 100 ms, `win_within`: with the second search beside the
/// first), which `follow` then keeps; where none is found and none proved impossible, the
/// heuristic's best move.
pub fn hint(game: &Game, follow: &mut HintLine, cancel: &dyn Fn() -> bool) -> Result<HintMove, NoHint> {
    let state = game.state();
    if state.is_won() {
        return Err(NoHint::NoMove);
    }
    if cancel() {
        return Err(NoHint::Stopped);
    }
    if follow.lost.as_ref() == Some(state) {
        return Err(NoHint::Lost);
    }
    if let Some(mv) = follow.next(game) {
        return Ok(HintMove { mv, leads_to_win: true });
    }
    let limits = Limits::quick();
    match win_within(state, &limits, cancel, solver::solve) {
        Outcome::Won(found) => {
            let line = solver::line_for_player(state, found, &limits, cancel);
            if let Some(&mv) = line.first() {
                *follow = HintLine::from(game, line, false);
                return Ok(HintMove { mv, leads_to_win: true });
            }
        }
        Outcome::Unwinnable => {
            follow.proved_lost(state);
            return Err(NoHint::Lost);
        }
        Outcome::Unknown => {}
    }
    if cancel() {
        return Err(NoHint::Stopped);
    }
    let no_search = Limits { max_nodes: 0, ..Limits::quick() };
    let heuristic = solver::hint(state, game.last_move(), &no_search, &|| false);
    heuristic.map(|mv| HintMove { mv, leads_to_win: false }).ok_or(NoHint::NoMove)
}

/// Whether `state` can still be won, searching until `cancel` says stop: on two cores, as
/// phones have them, `solver::decide` on the caller's thread and `solver::second_search` on
/// another, whichever answers first (a phone's budget is its wall-clock time, and which wins
/// a heuristic search reaches in time is chaotic: two different ones reach more). `cancel` is
/// asked on the caller's thread only (`with_second_search`). Where no thread can be started,
/// `decide` alone.
pub fn winnability(state: &State, cancel: &dyn Fn() -> bool) -> Verdict {
    let limits = Limits { max_memory_bytes: WINNABILITY_MEMORY, ..Limits::default() };
    let (first, second) = with_second_search(state, &limits, cancel, |beside, cancelled| {
        let first = solver::decide(state, &limits, &|| cancelled() || beside.won());
        beside.stop();
        first
    });
    match first {
        Outcome::Unknown if second.is_some() => Verdict::Winnable,
        first => Verdict::from(&first),
    }
}

/// What `search` finds within `limits` on this thread, or, where it decides nothing, a win the
/// second search beside it finds on another core (`with_second_search`), each within the
/// nodes: the search's answer first, so the answer is the same on every device.
fn win_within(
    state: &State,
    limits: &Limits,
    cancel: &dyn Fn() -> bool,
    search: fn(&State, &Limits, &dyn Fn() -> bool) -> Outcome,
) -> Outcome {
    let (first, second) = with_second_search(state, limits, cancel, |beside, cancelled| {
        let first = search(state, limits, cancelled);
        // Only the search's win comes before the second search's; a proof leaves it none.
        if !matches!(first, Outcome::Unknown) {
            beside.stop();
        }
        first
    });
    match (first, second) {
        (Outcome::Unknown, Some(line)) => Outcome::Won(line),
        (first, _) => first,
    }
}

/// What the search on the caller's thread and the second search beside it tell each other.
struct Beside {
    won: AtomicBool,
    stop: AtomicBool,
}

impl Beside {
    /// Whether the second search has won.
    fn won(&self) -> bool {
        self.won.load(Ordering::Relaxed)
    }

    /// Stops the second search (at its next turn).
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Runs `first` on this thread and `solver::second_search` within `limits` on another, until
/// it wins, runs out of nodes or is stopped (`Beside::stop`): by `first`, which decides when,
/// or by `cancel`, which `first` gets as `cancelled` (passing a stop on to the second search)
/// and which is asked every millisecond while `first` is done and the second search is not.
/// Returns what `first` returned and the second search's won line, if any. A question
/// cancelled before it starts starts no second search; where no thread can be started, `first`
/// runs alone.
fn with_second_search<T>(
    state: &State,
    limits: &Limits,
    cancel: &dyn Fn() -> bool,
    first: impl FnOnce(&Beside, &dyn Fn() -> bool) -> T,
) -> (T, Option<Vec<Move>>) {
    let beside = Beside { won: AtomicBool::new(false), stop: AtomicBool::new(false) };
    let cancelled = || {
        let cancelled = cancel();
        if cancelled {
            beside.stop();
        }
        cancelled
    };
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let spawn = || {
            std::thread::Builder::new().spawn_scoped(scope, || {
                let report = solver::second_search(state, limits, &|| beside.stop.load(Ordering::Relaxed));
                caller.unpark();
                match report.outcome {
                    Outcome::Won(line) => {
                        beside.won.store(true, Ordering::Relaxed);
                        Some(line)
                    }
                    _ => None,
                }
            })
        };
        let second = (!cancel()).then(spawn).and_then(Result::ok);
        let first = first(&beside, &cancelled);
        if let Some(handle) = &second {
            while !handle.is_finished() {
                cancelled();
                std::thread::park_timeout(Duration::from_millis(1));
            }
        }
        // A second search that did not end well (it never panics) won nothing.
        (first, second.and_then(|handle| handle.join().ok().flatten()))
    })
}

/// `winnability` bounded by `max_nodes` a search instead of a clock, with the nodes of the
/// search that answered: a measure the machine's load does not change (`solitaire mid-game
/// --winnable-nodes`). The two searches run one after the other, the second only as far as
/// it could have answered first, so both the verdict and the nodes are the same every time.
pub fn winnability_by_nodes(state: &State, max_nodes: u64) -> (Verdict, u64) {
    let limits = Limits { max_nodes, max_memory_bytes: WINNABILITY_MEMORY };
    let first = solver::decide_with_report(state, &limits, &|| false);
    let before_first = match first.outcome {
        Outcome::Unknown => max_nodes,
        _ => first.nodes.saturating_sub(1),
    };
    let second_limits = Limits { max_nodes: before_first, ..limits };
    match solver::second_search(state, &second_limits, &|| false) {
        solver::Report { outcome: Outcome::Won(_), nodes, .. } if nodes <= before_first => (Verdict::Winnable, nodes),
        _ => (Verdict::from(&first.outcome), first.nodes),
    }
}

/// What "show me" found from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// A winning line, every move in order, to be played with `Game::play_assisted`.
    Won(Vec<Move>),
    /// Proved: no line wins from here.
    Unwinnable,
    /// Nothing found before `cancel` said stop, or the memory ran out.
    Unknown,
}

/// A winning line from `state` for "show me", searching until `cancel` says stop, in a
/// phone's memory.
pub fn solution(state: &State, cancel: &dyn Fn() -> bool) -> Solution {
    let limits = Limits { max_memory_bytes: WINNABILITY_MEMORY, ..Limits::default() };
    match solver::solve_for_player(state, &limits, cancel) {
        Outcome::Won(line) => Solution::Won(line),
        Outcome::Unwinnable => Solution::Unwinnable,
        Outcome::Unknown => Solution::Unknown,
    }
}

/// Why undoing back to a winnable position finds none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWayBack {
    /// The deal as dealt was proved lost: no position of this game can be won, so a new deal,
    /// not an undo, is the way out.
    DealLost,
    /// None found before `cancel` said stop.
    NotFound,
}

/// How many undos lead back to the latest position from which a win was found, trying each
/// earlier position in turn (`win_within` a hint's budget: the verdict alone, its line not
/// shortened) until `cancel` says stop. The deal as dealt, tried last, gets the time left
/// (`winnability`): its verdict says whether any position of the game can be won.
pub fn moves_back_to_winnable(game: &Game, cancel: &dyn Fn() -> bool) -> Result<u32, NoWayBack> {
    let mut earlier = game.clone();
    let mut undone = 0;
    while earlier.can_undo() {
        earlier.undo().map_err(|_| NoWayBack::NotFound)?;
        undone += 1;
        if cancel() {
            return Err(NoWayBack::NotFound);
        }
        if earlier.can_undo()
            && matches!(win_within(earlier.state(), &Limits::quick(), cancel, solver::decide), Outcome::Won(_))
        {
            return Ok(undone);
        }
    }
    match winnability(earlier.state(), cancel) {
        Verdict::Winnable => Ok(undone),
        Verdict::Unwinnable => Err(NoWayBack::DealLost),
        Verdict::Unknown => Err(NoWayBack::NotFound),
    }
}

/// Nodes the auto-finish may spend looking for a sure win in a game whose foundations take
/// whole runs: a few milliseconds, so a tap stays quick.
const FINISH_NODES: u64 = 5_000;

/// When nothing is hidden and the stock is empty, a line that wins: the win is then certain.
/// Card-by-card foundations are tried by plain foundation plays (cheap, and what players
/// expect to see); whole-run foundations need tableau moves, found by a small search.
pub fn certain_finish(state: &State) -> Option<Vec<Move>> {
    let hidden = state.piles().iter().flatten().any(|c| !c.face_up());
    if hidden || state.can_deal() || state.is_won() {
        return None;
    }
    if state.spec().foundations.iter().all(|rule| rule.gives_back()) {
        return foundation_plays_to_win(state);
    }
    let limits = Limits { max_nodes: FINISH_NODES, max_memory_bytes: 4 << 20 };
    match solver::solve(state, &limits, &|| false) {
        Outcome::Won(line) if !line.is_empty() => Some(line),
        _ => None,
    }
}

/// Plays to the foundations while any card can go there; the plays, if they win.
fn foundation_plays_to_win(state: &State) -> Option<Vec<Move>> {
    let map = *state.map();
    let mut state = state.clone();
    let mut plays = Vec::new();
    let mut effects = Vec::new();
    'play: loop {
        for from in (0..map.len).filter(|&p| !map.is_foundation(p) && state.can_lift(p, 1)) {
            if let Some(to) = map.foundations().find(|&to| state.accepts(from, 1, to)) {
                let mv = Move::Transfer { from, count: 1, to };
                state.apply_unchecked(mv, &mut effects);
                plays.push(mv);
                continue 'play;
            }
        }
        break;
    }
    state.is_won().then_some(plays)
}

#[cfg(test)]
mod tests {
    use super::{winnability, winnability_by_nodes, Verdict};
    use crate::deal::deal;
    use crate::game::Game;
    use crate::games::GameKind;
    use crate::solver::{self, Limits, Outcome};
    use std::cell::Cell;
    use std::time::Duration;

    /// Zerline deal 21: `decide` alone needs 134,880 nodes; the second search wins in 25,855.
    const DEAL: u64 = 21;

    /// By nodes, "still winnable?" is answered by whichever search decides within them, and
    /// the nodes are the answering one's.
    #[test]
    fn still_winnable_by_nodes_is_answered_by_either_search() {
        let start = deal(GameKind::Zerline, DEAL);
        let limits = Limits { max_nodes: 100_000, max_memory_bytes: super::WINNABILITY_MEMORY };
        assert_eq!(solver::decide(&start, &limits, &|| false), Outcome::Unknown);
        assert_eq!(winnability_by_nodes(&start, 100_000), (Verdict::Winnable, 25_855));
        // Within fewer nodes than the second search's win, `decide`'s own answer and nodes.
        let alone = solver::decide_with_report(&start, &Limits { max_nodes: 25_000, ..limits }, &|| false);
        assert_eq!(alone.outcome, Outcome::Unknown);
        assert_eq!(winnability_by_nodes(&start, 25_000), (Verdict::Unknown, alone.nodes));
    }

    /// A hint takes the second search's win where the first has none within the hint's nodes,
    /// and is the same hint every time (the second search is not stopped by the first's giving
    /// up, only by its win or proof).
    #[test]
    fn a_hint_comes_from_the_second_searchs_win_where_the_first_has_none() {
        let game = Game::new(GameKind::Zerline, DEAL);
        assert_eq!(solver::solve(game.state(), &Limits::quick(), &|| false), Outcome::Unknown);
        let Outcome::Won(line) = solver::second_search(game.state(), &Limits::quick(), &|| false).outcome else {
            panic!("the second search did not win Zerline deal {DEAL} within a hint's nodes");
        };
        let first = solver::line_for_player(game.state(), line, &Limits::quick(), &|| false)[0];
        for _ in 0..3 {
            let fresh = &mut super::HintLine::default();
            assert_eq!(super::hint(&game, fresh, &|| false), Ok(super::HintMove { mv: first, leads_to_win: true }));
        }
    }

    /// A position the solver proves lost gets no hint, but says so: the heuristic's moves went
    /// round in circles there (Yakutat Bay deal 8, every 4 hints). A won game has no move left,
    /// and a cancelled search says it stopped.
    #[test]
    fn a_lost_position_gets_no_hint_but_says_why() {
        let lost = Game::new(GameKind::YakutatBay, 8);
        assert_eq!(winnability(lost.state(), &|| false), Verdict::Unwinnable);
        assert_eq!(super::hint(&lost, &mut super::HintLine::default(), &|| false), Err(super::NoHint::Lost));
        assert_eq!(super::hint(&lost, &mut super::HintLine::default(), &|| true), Err(super::NoHint::Stopped));
        let suit = |s: char| "A23456789TJQK".chars().map(|r| format!("\"{r}{s}\"")).collect::<Vec<_>>().join(",");
        let json = format!(
            r#"{{"game":"yakutat-bay","tableau":[[],[],[],[],[],[],[]],"foundations":[[{}],[{}],[{}],[{}]]}}"#,
            suit('C'),
            suit('D'),
            suit('H'),
            suit('S')
        );
        let won = Game::from_position(
            crate::notation::parse_position(&json, crate::notation::Completeness::Complete).unwrap(),
        );
        assert_eq!(super::hint(&won, &mut super::HintLine::default(), &|| false), Err(super::NoHint::NoMove));
    }

    /// Hints followed one after another win: they never go round in circles. Each hint was a
    /// winning line's first move, but a fresh search from the next position found a line that
    /// began by moving the same cards back: Dnieper deal 4 went back and forth after 61 moves,
    /// Yakutat Bay deal 2 swapped a group between two parents for ever. With auto-play on,
    /// auto-play's moves took the game off the line (Zerline deals 1, 6, 8 and 15 of 1..25, and
    /// an illegal hint in deal 14 once the line was mended naively). (With auto-play on, a
    /// position may come twice on the way: a detour of the line played out around its moves.)
    #[test]
    fn following_the_hints_wins() {
        let cases = [
            (GameKind::Dnieper, 4, false),
            (GameKind::YakutatBay, 2, false),
            (GameKind::Zerline, 1, true),
            (GameKind::Zerline, 14, true),
            (GameKind::YakutatBay, 56, true),
        ];
        for (kind, deal, auto_play) in cases {
            let mut game = Game::new(kind, deal);
            game.set_auto_play(auto_play);
            let mut seen = std::collections::HashSet::new();
            let mut follow = super::HintLine::default();
            for hints in 0.. {
                if game.state().is_won() {
                    break;
                }
                let new = seen.insert(game.state().clone());
                assert!(new || auto_play, "{kind:?} deal {deal}: back after {hints} hints");
                assert!(hints < 2_000, "{kind:?} deal {deal}: not won after {hints} hints");
                let hint = super::hint(&game, &mut follow, &|| false).expect("a hint");
                assert!(hint.leads_to_win, "{kind:?} deal {deal} after {hints} hints");
                game.play(hint.mv).expect("a legal hint");
            }
        }
    }

    /// Undo to winnable stops at the first position back from which either search wins: here
    /// Zerline deal 3 after its first legal move, which the search alone does not win within a
    /// hint's nodes.
    #[test]
    fn undo_to_winnable_takes_the_second_searchs_win() {
        let mut game = Game::new(GameKind::Zerline, 3);
        for _ in 0..2 {
            let first = game.state().legal_move_list()[0];
            game.play(first).expect("a legal move");
        }
        let mut back = game.clone();
        back.undo().expect("a move to undo");
        assert_eq!(solver::decide(back.state(), &Limits::quick(), &|| false), Outcome::Unknown, "the case");
        assert_eq!(super::moves_back_to_winnable(&game, &|| false), Ok(1));
    }

    /// A position a longer search proved lost ("show me") gets no hint but that answer, where
    /// the hint's own search proves nothing and suggested a move (How They Run 106, which "show
    /// me" proves lost); another position gets its hint as before.
    #[test]
    fn a_position_proved_lost_before_gets_no_hint() {
        let game = Game::new(GameKind::HowTheyRun, 106);
        let mut follow = super::HintLine::default();
        let Ok(hint) = super::hint(&game, &mut follow, &|| false) else { panic!("the case: a move suggested") };
        follow.proved_lost(game.state());
        assert_eq!(super::hint(&game, &mut follow, &|| false), Err(super::NoHint::Lost));
        let mut moved = game.clone();
        moved.play(hint.mv).expect("a legal hint");
        assert!(super::hint(&moved, &mut follow, &|| false).is_ok(), "only where it was proved");
    }

    /// Undo to winnable in a deal lost as dealt says so, whether moves were made or not (it
    /// said "none found in time", and the apps offered nothing but that); stopped, it found none.
    #[test]
    fn undo_to_winnable_in_a_deal_lost_as_dealt_says_the_deal_is_lost() {
        let mut game = Game::new(GameKind::Dnieper, 10);
        assert_eq!(super::moves_back_to_winnable(&game, &|| false), Err(super::NoWayBack::DealLost));
        for _ in 0..3 {
            let first = game.state().legal_move_list()[0];
            game.play(first).expect("a legal move");
        }
        assert_eq!(super::moves_back_to_winnable(&game, &|| false), Err(super::NoWayBack::DealLost));
        assert_eq!(super::moves_back_to_winnable(&game, &|| true), Err(super::NoWayBack::NotFound));
    }

    /// Asked with a budget, the second search's win answers though `decide` was stopped first:
    /// here `cancel` stops `decide` at its third asking (its first turns, 32,768 nodes, short of
    /// its win), first waiting a second, far more than the second search's win takes, so
    /// the answer does not depend on which thread ran faster.
    #[test]
    fn still_winnable_takes_the_second_searchs_win() {
        let start = deal(GameKind::Zerline, DEAL);
        let asked = Cell::new(0);
        let cancel = || {
            asked.set(asked.get() + 1);
            if asked.get() == 3 {
                std::thread::sleep(Duration::from_secs(1));
            }
            asked.get() >= 3
        };
        assert_eq!(winnability(&start, &cancel), Verdict::Winnable);
        assert_eq!(winnability(&start, &|| true), Verdict::Unknown, "cancelled first, nothing is searched");
    }
}
