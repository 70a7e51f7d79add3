//! The heuristic pass: a beam search. Level by level it expands the `width` most promising
//! positions (by `Rules::evaluate`), never entering a position twice. It only ever finds wins
//! (short lines, since a line's length is its level); it proves nothing, so `Unwinnable`
//! always comes from the sound DFS.
//!
//! A DFS commits to its first moves; in the two-deck games it then wanders through an enormous
//! space of rearrangements below them (lines of 10⁴–10⁵ moves). The beam keeps many partial
//! lines abreast and follows those that get cards home.
//!
//! A beam's fate is chaotic: which deals one evaluation wins at width 64, another loses even at
//! width 1024 (Zerline, deals 1..1000 at 2 s: 51 deals won by one of two evaluations were lost
//! by the other, 78 the other way round). So where a waste is, a beam that dies out is not only
//! widened: it starts again narrow-to-wide through a portfolio of *rounds*, each with its own
//! evaluation (`STYLES`: how heavily a deep waste counts) and its own small deterministic
//! jitter on the scores, the width doubling after each cycle of styles. Of the 160 Zerline
//! deals that either evaluation lost, each alone (widened ×4) won 51 and 78, the two in turn
//! 111, and this portfolio 148.
//!
//! Where foundations give cards back one by one (Yakutat Bay), every other round is *loose*:
//! at the width of the round before it and for at most `LOOSE_LEVELS` levels, it tries every
//! sound move, the play-backs and the moves from one parent to another that H1 and H2 drop
//! among them. Some wins need those. (Deals 1..1000 at 2 s: 889 won, against 887 without loose
//! rounds; deals 388 and 766 gained, none lost. Deal 766 took the search 50,604,351 nodes, its
//! DFS winning it; with loose rounds, 77,882.) Some need a wide one: each line found for deal
//! 307 holds a play-back and two or three moves H2 drops. The beam alone won it in 2,681,840
//! nodes, in the loose round of width 4,096 (the search's `Rules::burst` gives it those
//! nodes); with its loose rounds all of width 64, it had not after 60,859,462.
//!
//! A round too wide for the memory ends there, and the rounds go on at half that width, with
//! jitter, until the budget is spent: a phone's cap narrows the beam, it does not stop it.

use super::hash::{mix, touched, Hasher};
use super::moves::{Mode, Rules};
use super::pass::{Step, Tally};
use super::table::Table;
use crate::engine::{Effect, Move};
use crate::spec::PileId;
use crate::state::State;

/// The widest beam tried.
const MAX_WIDTH: usize = 1 << 14;

/// How the rounds go: the first width, the factor after each cycle, how many of `STYLES` a
/// cycle takes, and whether rounds after the first jitter.
#[derive(Clone, Copy)]
struct Schedule {
    first_width: usize,
    growth: usize,
    styles: usize,
    jitter: bool,
    /// Whether every other round is *loose*: it generates the sound moves, not dropping the
    /// heuristic rules' (`moves.rs`, H1 to H3), and ends after `LOOSE_LEVELS` levels.
    loose: bool,
}

/// Where a waste is (Zerline): narrow first, since most deals fall to a narrow beam within
/// milliseconds, then the portfolio. (Deals 1..1000 at 2 s: 984 won, median 23 ms; 890 and
/// 80 ms with the single-evaluation beam `PLAIN` keeps.)
const WASTE: Schedule = Schedule { first_width: 8, growth: 2, styles: STYLES.len(), jitter: true, loose: false };
/// Elsewhere the evaluation has no style to vary: the earlier beam, widened ×4 when it dies
/// out (Yakutat Bay, Chequers and How They Run were measured with it).
const PLAIN: Schedule = Schedule { first_width: 64, growth: 4, styles: 1, jitter: false, loose: false };
/// Where foundations give cards back one by one (Yakutat Bay): `PLAIN`'s rounds, each followed
/// by a loose one of its width. Some wins there need play-backs or a group moved from one
/// parent to another, which H1 and H2 leave out.
const LOOSE: Schedule = Schedule { first_width: 64, growth: 4, styles: 2, jitter: false, loose: true };
/// Levels after which a loose round ends: with every sound move it seldom dies out, and a
/// Yakutat Bay win takes about 100 moves.
const LOOSE_LEVELS: usize = 160;

/// The rounds' evaluations: the weight of the waste's length squared (`Rules::pile_value`).
/// A waste is a stack read from the top, so each card more buries all those below it deeper;
/// 0 counts every waste card alike.
const STYLES: [i32; 4] = [0, 1, 2, 4];

/// The jitter's span, in score points (a card home is worth 40): enough to reorder near-equal
/// positions, not to outweigh a real difference.
const JITTER: u64 = 8;

/// A kept position: its parent's index in the arena and the move from it.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: Move,
}

pub(crate) struct Beam<'r> {
    rules: &'r Rules,
    root: State,
    width: usize,
    max_memory_bytes: usize,
    max_nodes: u64,
    seen: Table,
    arena: Vec<Node>,
    /// This level: positions, their arena index and their value (`Rules::evaluate` in this
    /// round's style; a child's is its parent's plus the change of the piles it touched).
    level: Vec<(State, u32, i32)>,
    /// Positions of the level before, kept for their allocations.
    spare: Vec<State>,
    /// Which position of `level` is expanded next.
    next: usize,
    /// Children found so far: score (value plus jitter), index in `level` of the parent,
    /// move, value.
    children: Vec<(i32, u32, Move, i32)>,
    scratch: Vec<(i32, Move)>,
    moves: Vec<Move>,
    /// The keys of the positions `moves` reach from the one being expanded.
    keys: Vec<u64>,
    /// Where a waste is, the level's positions' piles' shares of the hash (`Hasher::shares`),
    /// a position after another, so that expanding one hashes no pile again: a child's are its
    /// parent's with the touched piles' made again. Elsewhere empty: hashing a pile costs
    /// what it holds, and only a waste holds up to 64 cards (Zerline: `Hasher::new` for each
    /// expanded position was 6.4% of a mid-game search).
    shares: Vec<u64>,
    /// The hasher of the position being expanded.
    hasher: Hasher,
    effects: Vec<Effect>,
    touched: Vec<PileId>,
    pub(crate) nodes: u64,
    /// Rounds begun (see the module comment); the first has no jitter.
    round: usize,
    schedule: Schedule,
    /// The widest a round may be: `MAX_WIDTH`, or less once a width did not fit the memory.
    widest: usize,
    /// Levels this round has expanded.
    levels: usize,
    /// Mixed into every round's jitter, which it turns on from the first round: 0 but in a
    /// second search's beam (`Beam::salted`).
    salt: u64,
}

impl<'r> Beam<'r> {
    pub(crate) fn new(rules: &'r Rules, root: &State, max_memory_bytes: usize, max_nodes: u64) -> Beam<'r> {
        let schedule = if root.map().waste.is_some() {
            WASTE
        } else if rules.home_by_card() {
            LOOSE
        } else {
            PLAIN
        };
        let mut beam = Beam {
            rules,
            root: root.clone(),
            width: schedule.first_width,
            max_memory_bytes,
            max_nodes,
            seen: Table::new(max_memory_bytes / 2, max_nodes),
            arena: Vec::new(),
            level: Vec::new(),
            spare: Vec::new(),
            next: 0,
            children: Vec::new(),
            scratch: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            shares: Vec::new(),
            hasher: Hasher::new(rules, root),
            effects: Vec::new(),
            touched: Vec::new(),
            nodes: 0,
            round: 0,
            widest: MAX_WIDTH,
            levels: 0,
            schedule,
            salt: 0,
        };
        beam.restart();
        beam
    }

    /// This beam with every round's scores jittered by `salt` (not 0), the first round's too,
    /// in every game: a beam that keeps other positions than the unsalted one, for a second
    /// search beside it (`search::second_search`, where the first runs the restarts). Which
    /// wins a beam reaches in time is chaotic (module comment); two differently jittered beams
    /// reach more between them.
    pub(crate) fn salted(mut self, salt: u64) -> Beam<'r> {
        self.salt = salt;
        self
    }

    fn next_round(&mut self) {
        self.round += 1;
        self.restart();
    }

    /// Back to the root with nothing kept: a narrower round must not pay for a wider one's
    /// vectors.
    fn restart(&mut self) {
        self.seen = Table::new(self.max_memory_bytes / 2, self.max_nodes);
        self.hasher = Hasher::new(self.rules, &self.root);
        self.seen.insert(self.hasher.value());
        self.shares.clear();
        if self.keeps_shares() {
            self.shares.extend_from_slice(self.hasher.shares());
        }
        self.arena = vec![Node { parent: 0, mv: Move::Stock }];
        let value = self.rules.evaluate(&self.root, STYLES[self.round % self.schedule.styles]);
        self.level = vec![(self.root.clone(), 0, value)];
        self.spare = Vec::new();
        self.next = 0;
        self.children = Vec::new();
        self.levels = 0;
    }

    /// Whether the level's positions keep their hash shares (`shares`): where a waste is.
    fn keeps_shares(&self) -> bool {
        self.root.map().waste.is_some()
    }

    /// Whether every round so far fitted the memory (none had to go narrower).
    pub(crate) fn fitted(&self) -> bool {
        self.widest == MAX_WIDTH
    }

    /// Whether this round is a loose one (`Schedule::loose`).
    fn loose(&self) -> bool {
        self.schedule.loose && self.round % 2 == 1
    }

    pub(crate) fn tally(&self) -> Tally {
        Tally { nodes: self.nodes, table_bytes: self.seen.bytes(), table_entries: self.seen.len }
    }

    /// What the beam may hold before its next check: growing vectors double, and the table
    /// may be rehashing (`Table::peak_bytes`).
    fn bytes(&self) -> usize {
        // A state: its cards, and per pile a `Vec` header (24 bytes) plus the allocator's
        // smallest chunk (32), and the `State` itself.
        let state_bytes = self.root.card_count() + 56 * self.root.pile_count() + 64;
        // While the next level is built the old one is still alive: count it twice, and the
        // spare positions.
        self.seen.peak_bytes()
            + 2 * self.arena.capacity() * std::mem::size_of::<Node>()
            + (2 * self.level.capacity() + self.spare.len()) * state_bytes
            + 2 * self.children.capacity() * std::mem::size_of::<(i32, u32, Move, i32)>()
            + 2 * self.shares.capacity() * std::mem::size_of::<u64>()
    }

    fn line(&self, mut node: u32, last: Move) -> Vec<Move> {
        let mut line = vec![last];
        while node != 0 {
            let Some(n) = self.arena.get(node as usize) else { break };
            line.push(n.mv);
            node = n.parent;
        }
        line.reverse();
        line
    }

    /// Searches on for at most `quota` nodes.
    pub(crate) fn run(&mut self, quota: u64) -> Step {
        let stop = self.nodes + quota;
        while self.nodes < stop {
            if self.bytes() > self.max_memory_bytes {
                // Too wide for the memory: the rounds go on at half this width, never wider.
                if self.width <= self.schedule.first_width {
                    return Step::OverMemory;
                }
                self.width /= 2;
                self.widest = self.width;
                self.next_round();
                continue;
            }
            let step = if self.next < self.level.len() { self.expand() } else { self.next_level() };
            if let Some(step) = step {
                return step;
            }
        }
        Step::Running
    }

    /// Generates the children of the level's next position, keeping those new and not dead
    /// with their values; `Won` if one wins.
    fn expand(&mut self) -> Option<Step> {
        let rules = self.rules;
        let i = self.next;
        self.next += 1;
        let waste_square = STYLES[self.round % self.schedule.styles];
        // Rounds at one width (memory-bound ones too) differ only by their jitter.
        let jitter = self.salt != 0 || (self.round > 0 && (self.schedule.jitter || self.widest < MAX_WIDTH));
        let round = self.round as u64 ^ self.salt;
        let mode = if self.loose() { Mode::Sound } else { Mode::Heuristic };
        let keeps_shares = self.keeps_shares();
        let (state, node, value) = &mut self.level[i];
        let (node, value) = (*node, *value);
        self.moves.clear();
        let dropped = rules.generate(state, None, None, mode, &mut self.scratch, &mut self.moves);
        // The moves H3 passed over cost their share of generating: counted, they keep
        // the beam's share of the time what it was.
        self.nodes += dropped.by_h3 as u64;
        let piles = state.pile_count();
        if keeps_shares {
            self.hasher.set(rules, state, &self.shares[i * piles..(i + 1) * piles]);
        } else {
            self.hasher = Hasher::new(rules, state);
        }
        let hasher = &self.hasher;
        // The children's keys first, each one's slot of the seen table fetched as soon as it
        // is known: looked up in turn, each child waited for memory (`Table::place` was 11%
        // of a Zerline mid-game search). Then the new ones are made again and valued.
        self.keys.clear();
        for &mv in &self.moves {
            self.nodes += 1;
            self.effects.clear();
            state.apply_unchecked(mv, &mut self.effects);
            if state.is_won() {
                // Left as it was, so that a caller may search on, with the children before
                // this one recorded, as when each was looked up in turn.
                state.undo(&self.effects);
                for &key in &self.keys {
                    self.seen.insert(key);
                }
                return Some(Step::Won(self.line(node, mv)));
            }
            // Only the piles the move touched change their hash and value.
            touched(&self.effects, &mut self.touched);
            let key = hasher.value_after(rules, state, &self.touched);
            self.seen.prefetch(key);
            self.keys.push(key);
            state.undo(&self.effects);
        }
        for (&mv, &key) in self.moves.iter().zip(&self.keys) {
            if !self.seen.insert(key) {
                continue;
            }
            self.effects.clear();
            state.apply_unchecked(mv, &mut self.effects);
            if super::deadlock::dead_after(rules, state, &self.effects) {
                state.undo(&self.effects);
                continue;
            }
            touched(&self.effects, &mut self.touched);
            let after: i32 = self.touched.iter().map(|&p| rules.pile_value(state, p, waste_square)).sum();
            state.undo(&self.effects);
            let before: i32 = self.touched.iter().map(|&p| rules.pile_value(state, p, waste_square)).sum();
            let jitter = if jitter { (mix(key ^ round) % JITTER) as i32 } else { 0 };
            let child = value - before + after;
            self.children.push((child + jitter, i as u32, mv, child));
        }
        None
    }

    /// The level is expanded: keeps the best children as the next level, or, when the beam
    /// died out (or a loose round ran its levels), begins the next round; `Exhausted` when
    /// the widest round died out.
    fn next_level(&mut self) -> Option<Step> {
        self.levels += 1;
        if self.children.is_empty() || (self.loose() && self.levels > LOOSE_LEVELS) {
            // The next round, wider after each cycle of styles.
            let cycle_ends = (self.round + 1).is_multiple_of(self.schedule.styles);
            if cycle_ends && self.width < self.widest {
                self.width = (self.width * self.schedule.growth).min(self.widest);
            } else if cycle_ends && self.widest == MAX_WIDTH {
                return Some(Step::Exhausted);
            }
            self.next_round();
            return None;
        }
        // Stable: equal scores keep generation order, so the search is deterministic.
        self.children.sort_by_key(|&(score, ..)| std::cmp::Reverse(score));
        self.children.truncate(self.width);
        let mut level = Vec::with_capacity(self.children.len());
        let piles = self.root.pile_count();
        let keeps_shares = self.keeps_shares();
        let mut shares = Vec::with_capacity(if keeps_shares { self.children.len() * piles } else { 0 });
        for &(_, parent, mv, value) in &self.children {
            let (state, parent_node, _) = &self.level[parent as usize];
            let mut child = match self.spare.pop() {
                Some(mut spare) => {
                    spare.clone_from(state);
                    spare
                }
                None => state.clone(),
            };
            self.effects.clear();
            child.apply_unchecked(mv, &mut self.effects);
            if keeps_shares {
                let parent = parent as usize;
                self.hasher.set(self.rules, state, &self.shares[parent * piles..(parent + 1) * piles]);
                self.hasher.apply(self.rules, &child, &self.effects);
                shares.extend_from_slice(self.hasher.shares());
            }
            let index = u32::try_from(self.arena.len()).unwrap_or(u32::MAX);
            self.arena.push(Node { parent: *parent_node, mv });
            level.push((child, index, value));
        }
        self.effects.clear();
        if keeps_shares {
            self.shares = shares;
        }
        let old = std::mem::replace(&mut self.level, level);
        self.spare.extend(old.into_iter().map(|(state, ..)| state));
        self.children.clear();
        self.next = 0;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Beam, Rules, Step};
    use crate::deal::deal;
    use crate::games::GameKind;

    /// A win leaves the beam's positions as they were, so a caller may search on: the position
    /// the winning move was made from is not left won (its other children would be built on
    /// it).
    #[test]
    fn a_win_leaves_the_level_as_it_was() {
        let rules = Rules::new(GameKind::Chequers);
        let mut won = 0;
        for n in 1..=3 {
            let start = deal(GameKind::Chequers, n);
            let mut beam = Beam::new(&rules, &start, 64 << 20, 400_000);
            if let Step::Won(_) = beam.run(400_000) {
                assert!(!beam.level[beam.next - 1].0.is_won(), "deal {n}");
                won += 1;
            }
        }
        assert!(won >= 1);
    }
}
