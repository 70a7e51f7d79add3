//! Shortcuts through a won line: the DFS's lines wander (hundreds to thousands of moves in the
//! two-deck games) because it keeps the first move that worked. Walking the line from the
//! start, any move (or two) that reaches a position the line visits later lets everything in
//! between go. Positions are compared exactly (pile order and card copies included), so the moves
//! after a shortcut stay valid as they are. Positions are keyed by a 64-bit hash; the result is
//! replayed before it is used, so a collision can only cost the shortening, never a win.

use super::beam::Beam;
use super::hash::mix;
use super::moves::{Mode, Rules};
use super::pass::{Step, CHUNK};
use super::Limits;
use crate::engine::{Effect, Move};
use crate::spec::StockRule;
use crate::state::State;
use std::collections::HashMap;

/// Nodes a beam may spend looking for a shorter line than a long depth-first one: as many as
/// the search itself was allowed, within these bounds, so a hint's quick search pays little
/// and "show me" (a full search) gets the rest. Chequers, deals 1..1000 at 2 s: the lines a
/// player follows went from a median of 1,015 moves to 127 (the longest from 47,794 to 416)
/// with 400,000; on deals 1..100, 100,000 nodes found no shorter line. Zerline, deals 1..1000
/// at 2 s: 23 of 993 won lines over 1,000 moves (the longest 7,777) with 400,000, 11 of 990
/// (3,182) with 3,000,000.
const POLISH_NODES: std::ops::RangeInclusive<u64> = 400_000..=3_000_000;
/// A line still over `WANDERING` moves a card wandered far (Zerline deal 338: 66,107 moves),
/// and a short one is worth more search: up to twice the search's own nodes, at most
/// `WANDERING_NODES` (a beam's nodes are cheap: 40 M took about 2 s here).
const WANDERING: usize = 16;
const WANDERING_NODES: u64 = 40_000_000;

/// `line` (which wins from `start`), or a shorter winning line found by a beam search when it
/// is longer than `Rules::player_moves_per_card` moves a card. The beam's lines are as long as
/// the level they win on, so they seldom wander the way a depth-first line does; while its
/// best is still over that (Zerline deal 999: first 7,069 moves against the depth-first 3,182;
/// deal 698: 2,943 against 3,067), it searches on, and the shortest line found is returned.
pub(crate) fn polish(start: &State, line: Vec<Move>, limits: &Limits, cancel: &dyn Fn() -> bool) -> Vec<Move> {
    let rules = Rules::new(start.kind());
    let short_enough = rules.player_moves_per_card() * start.card_count();
    if line.len() <= short_enough {
        return line;
    }
    let most = if line.len() > WANDERING * start.card_count() { WANDERING_NODES } else { *POLISH_NODES.end() };
    let budget = limits.max_nodes.saturating_mul(2).clamp(*POLISH_NODES.start(), most);
    let mut beam = Beam::new(&rules, start, limits.max_memory_bytes, budget);
    let mut best = line;
    while beam.nodes < budget && !cancel() {
        match beam.run(CHUNK) {
            Step::Running => {}
            Step::Won(shorter) if shorter.len() <= short_enough => return shorter,
            // Still long: its round goes on, and may find a shorter one.
            Step::Won(other) => {
                if other.len() < best.len() {
                    best = other;
                }
            }
            _ => break,
        }
    }
    best
}

impl Rules {
    /// Moves a card a line a player is given may take before a beam looks for a shorter one:
    /// two, or four where the stock deals to a waste, whose every card moves there first.
    /// Hint lines from deals 1..150 at `Limits::quick`: in Dnieper, at four, up to 193 moves
    /// (30 of them shuffling groups between empty piles), median 104; at two (and with the
    /// two-move shortcuts of `shorten`), at most 73, median 68, a hint's p95 47.3 to 76.1 ms.
    /// Chequers: p90 340 to 140 moves. Zerline's lines are 2.8 moves a card at their median
    /// and a beam seldom finds one under two: at two, its hints' p95 went from 92 to 245 ms.
    fn player_moves_per_card(&self) -> usize {
        if self.spec.stock == Some(StockRule::ToWaste) {
            4
        } else {
            2
        }
    }
}

/// Second moves the two-move shortcuts of one line may try; past this the one-move shortcuts
/// go on alone. Dnieper hint lines from deals 1..150: with 20,000, 8,314 moves in all (at most
/// 130); 40,000, 7,707 (104); 100,000, 7,291 (73), the hints' p95 90.9, 85.8 and 76.1 ms (fewer
/// lines left for the beam). Chequers' 25 piles make second moves many and dear, for lines 1%
/// shorter: its mid-game hints' median (deals 5001..5030) 4.0 ms without them, 8.0, 12.0 and
/// 18.6 ms with these caps, p95 124 ms with each.
const SECOND_MOVES: usize = 100_000;

/// Bytes the shortening needs per move of the line (its hash map), counted against the cap.
const BYTES_PER_MOVE: usize = 32;

/// `line` (which wins from `start`) with every one-move shortcut taken, farthest first, and in
/// lines up to four moves a card the two-move ones; `line` itself when the map of its
/// positions would not fit in `max_memory_bytes`.
pub(crate) fn shorten(rules: &Rules, start: &State, line: &[Move], max_memory_bytes: usize) -> Vec<Move> {
    if line.len().saturating_mul(BYTES_PER_MOVE) > max_memory_bytes {
        return line.to_vec();
    }
    // Where each position of the line is last visited: `line[i..]` leads on from position i.
    let mut last_visit: HashMap<u64, usize> = HashMap::with_capacity(line.len() + 1);
    let mut s = start.clone();
    let mut hash = Exact::new(&s);
    let mut effects = Vec::new();
    last_visit.insert(hash.total, 0);
    for (i, &mv) in line.iter().enumerate() {
        effects.clear();
        s.apply_unchecked(mv, &mut effects);
        hash.update(&s, &effects);
        last_visit.insert(hash.total, i + 1);
    }
    let mut out = Vec::new();
    let mut s = start.clone();
    let mut hash = Exact::new(&s);
    let (mut scratch, mut moves) = (Vec::new(), Vec::new());
    let mut second = Second::default();
    // Two-move shortcuts too: a Dnieper hint line shuffled groups between empty piles for 30
    // moves, each position new, none a move away from a later one. Not in lines over four moves
    // a card, which would pay a move list per move for it, and which a beam replaces anyway.
    let two_moves = line.len() <= 4 * start.card_count();
    let mut i = 0;
    loop {
        // A position the line comes back to: skip the loop.
        i = last_visit.get(&hash.total).copied().unwrap_or(i).max(i);
        if i >= line.len() {
            break;
        }
        // The line's own next move reaches i + 1; a shortcut reaches further.
        let mut best = (i + 1, line[i]);
        let mut two: Option<(usize, Move, Move)> = None;
        moves.clear();
        rules.generate(&s, None, None, Mode::Sound, &mut scratch, &mut moves);
        for &mv in &moves {
            effects.clear();
            s.apply_unchecked(mv, &mut effects);
            hash.update(&s, &effects);
            if let Some(&j) = last_visit.get(&hash.total) {
                if j > best.0 {
                    best = (j, mv);
                }
            }
            if two_moves && second.tried < SECOND_MOVES {
                // The farthest two moves reach; taken below only past the best one move.
                if let Some((j, then)) = farthest_after(rules, &mut s, &mut hash, &last_visit, &mut second) {
                    if two.is_none_or(|(far, ..)| j > far) {
                        two = Some((j, mv, then));
                    }
                }
            }
            s.undo(&effects);
            hash.update(&s, &effects);
        }
        let taken: &[Move] = match two {
            Some((j, first, then)) if j > best.0 + 1 => {
                i = j;
                &[first, then]
            }
            _ => {
                i = best.0;
                &[best.1]
            }
        };
        for &mv in taken {
            effects.clear();
            s.apply_unchecked(mv, &mut effects);
            hash.update(&s, &effects);
            out.push(mv);
        }
    }
    if replays_to_a_win(start, &out) {
        out
    } else {
        line.to_vec()
    }
}

/// The buffers of a second move's look-up (`farthest_after`), kept from one to the next, and
/// the second moves tried so far.
#[derive(Default)]
struct Second {
    scratch: Vec<(i32, Move)>,
    moves: Vec<Move>,
    effects: Vec<Effect>,
    tried: usize,
}

/// Of the moves from `s`, the one reaching the latest position of the line (`last_visit`), and
/// that position's index; `s` and `hash` are left as they were.
fn farthest_after(
    rules: &Rules,
    s: &mut State,
    hash: &mut Exact,
    last_visit: &HashMap<u64, usize>,
    second: &mut Second,
) -> Option<(usize, Move)> {
    let Second { scratch, moves, effects, tried } = second;
    moves.clear();
    rules.generate(s, None, None, Mode::Sound, scratch, moves);
    *tried += moves.len();
    let mut farthest = None;
    for &mv in moves.iter() {
        effects.clear();
        s.apply_unchecked(mv, effects);
        hash.update(s, effects);
        if let Some(&j) = last_visit.get(&hash.total) {
            if farthest.is_none_or(|(far, _)| j > far) {
                farthest = Some((j, mv));
            }
        }
        s.undo(effects);
        hash.update(s, effects);
    }
    farthest
}

fn replays_to_a_win(start: &State, line: &[Move]) -> bool {
    let mut s = start.clone();
    let mut effects = Vec::new();
    line.iter().all(|&mv| s.apply(mv, &mut effects)) && s.is_won()
}

/// An exact position hash (every card by id and face, every pile by place), kept up to date
/// pile by pile.
struct Exact {
    shares: Vec<u64>,
    total: u64,
}

impl Exact {
    fn new(s: &State) -> Exact {
        let shares: Vec<u64> = (0..s.pile_count()).map(|p| share(s, p)).collect();
        let total = shares.iter().fold(0u64, |a, &b| a.wrapping_add(b));
        Exact { shares, total }
    }

    fn update(&mut self, s: &State, effects: &[Effect]) {
        for &effect in effects {
            for p in effect.piles() {
                let p = usize::from(p);
                let new = share(s, p);
                self.total = self.total.wrapping_sub(self.shares[p]).wrapping_add(new);
                self.shares[p] = new;
            }
        }
    }
}

fn share(s: &State, pile: usize) -> u64 {
    let cards = s.pile(pile as u8);
    let h = cards.iter().fold(cards.len() as u64, |h, &c| mix(h ^ (u64::from(c.id()) | u64::from(c.face_up()) << 7)));
    mix(h ^ (pile as u64 + 1) << 40)
}
