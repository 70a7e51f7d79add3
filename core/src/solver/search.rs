//! Depth-first search with a transposition table of visited positions, in two passes run side
//! by side.
//!
//! Why a visited set is enough, and stays sound when full: plain graph search. Every position
//! entered goes in the table; a position met again is skipped, because it is either on the
//! current path (a cycle: its exploration is under way) or fully explored without a win. So
//! if a win is reachable, the search reaches one. When the table is full a new position is
//! simply not recorded: it may then be explored again (more work, never a lost branch), and
//! an endless cycle through unrecorded positions only runs into the node limit (`Unknown`).
//! `Unwinnable` thus means: every reachable position was explored (up to the pruning rules in
//! `moves.rs` and the dead positions of `deadlock.rs`, which lose no win, and 64-bit hash collisions, which are negligible: about
//! n²/2⁶⁵ for n positions).
//!
//! The two passes: a *sound* DFS (only the win-preserving pruning rules) and, in games where
//! `Rules::has_heuristics`, a *heuristic* DFS that also drops moves that are rarely needed
//! (foundation play-back, moving a card off a card that already holds it onto another such
//! card; `moves.rs`). The heuristic space is far smaller, so wins show up much sooner and the
//! lines are shorter; but exhausting it proves nothing, unless no move was ever dropped by a
//! heuristic rule, in which case it was the sound search after all. Each pass owns half the
//! memory cap; they take turns of `CHUNK` nodes (the beam `Rules::beam_turns` of them), so the
//! answer for a node limit is deterministic, and whichever pass decides first answers. A
//! heuristic pass that runs dry or out of room leaves the rest of the budget to the sound one,
//! and a sound pass out of room leaves it to the heuristic one (which can still win, never
//! prove).

use super::beam::Beam;
use super::hash::Hasher;
use super::moves::{Mode, Plain, Rules};
use super::shorten::shorten;
use super::{Limits, Outcome, Report};
use crate::engine::{Effect, Move};
use crate::state::State;

/// Nodes per turn; the caller's `cancel` and the memory cap are asked once a turn.
pub(crate) const CHUNK: u64 = 4096;
/// Nodes the sound DFS searches alone before the beam joins in: it settles the easiest deals,
/// won or not, in a millisecond or two; the beam soon does better on the rest (Zerline,
/// deals 1..100: median 27 ms with 4,096 here, 33 ms with 32,768).
const PROBE: u64 = 4096;
/// Linear probes before a full neighbourhood counts as a full table.
const PROBES: usize = 16;

/// Open addressing over 64-bit keys; 0 marks an empty slot. It starts small (cache-friendly,
/// cheap for easy deals) and doubles at half load up to its cap.
pub(crate) struct Table {
    slots: Vec<u64>,
    pub(crate) len: usize,
    max_slots: usize,
}

/// The first table size: 512 KiB.
const FIRST_SLOTS: usize = 1 << 16;

impl Table {
    pub(crate) fn new(max_memory_bytes: usize, max_nodes: u64) -> Table {
        // While doubling, old and new tables coexist: 1.5 times the final size must fit the cap.
        let by_memory = (max_memory_bytes / 12).max(64);
        // Room for every node at a load of a half or less.
        let by_nodes = usize::try_from(max_nodes.saturating_mul(4)).unwrap_or(usize::MAX).max(64);
        let wanted = by_memory.min(by_nodes);
        let max_slots = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table { slots: vec![0; max_slots.min(FIRST_SLOTS)], len: 0, max_slots }
    }

    /// Records `key`; false when it was already there. When the key's neighbourhood is full
    /// (at the memory cap), it is not recorded, which is safe (see the module comment).
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        if self.len * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            let doubled = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, doubled);
            self.len = 0;
            for key in old.into_iter().filter(|&k| k != 0) {
                self.place(key);
            }
        }
        self.place(key.max(1))
    }

    fn place(&mut self, key: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = (key >> 7) as usize & mask;
        for _ in 0..PROBES {
            let slot = self.slots[i];
            if slot == key {
                return false;
            }
            if slot == 0 {
                self.slots[i] = key;
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
        true
    }

    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// The most the table may hold before it is asked again: while it doubles, the old slots
    /// and the new ones (three times the present size).
    pub(crate) fn peak_bytes(&self) -> usize {
        if self.slots.len() < self.max_slots {
            3 * self.bytes()
        } else {
            self.bytes()
        }
    }
}

/// One position on the search path: its candidate moves are `moves[start..end]`, `next` the
/// one to try next, so the move on along the path is `moves[next - 1]`;
/// `effects[effects_start..]` are what the move into it changed. In `u32`s: a search of
/// How They Run or Yakutat Bay runs hundreds of thousands of frames deep.
struct Frame {
    start: u32,
    end: u32,
    next: u32,
    effects_start: u32,
}

/// Room `Dfs::make_room` asks for before each node: more moves than any position of the five
/// games has (a few hundred at most), more effects than any move makes (four at most).
const MOVES_ROOM: usize = 1024;
const EFFECTS_ROOM: usize = 64;

/// Where a pass stands after a turn.
pub(crate) enum Step {
    Running,
    Won(Vec<Move>),
    /// Every position the pass generates was explored.
    Exhausted,
    /// The pass would pass its share of the memory cap.
    OverMemory,
}

/// The sound pass: a resumable depth-first search.
struct Dfs<'r> {
    rules: &'r Rules,
    max_memory_bytes: usize,
    table: Table,
    state: State,
    hasher: Hasher,
    scratch: Vec<(i32, Move)>,
    moves: Vec<Move>,
    effects: Vec<Effect>,
    frames: Vec<Frame>,
    /// The most bytes the path has held (room for one more node included): the pages it
    /// touched stay in memory.
    path_peak: usize,
    nodes: u64,
}

impl<'r> Dfs<'r> {
    fn new(rules: &'r Rules, root: &State, max_memory_bytes: usize, max_nodes: u64) -> Dfs<'r> {
        let mut table = Table::new(max_memory_bytes, max_nodes);
        let hasher = Hasher::new(rules, root);
        table.insert(hasher.value());
        let mut dfs = Dfs {
            rules,
            max_memory_bytes,
            table,
            state: root.clone(),
            hasher,
            scratch: Vec::new(),
            moves: Vec::new(),
            effects: Vec::new(),
            frames: Vec::new(),
            path_peak: 0,
            nodes: 0,
        };
        // The path runs deep (hundreds of thousands of frames, more memory than the table
        // in the deepest searches), but most searches stay shallow; see `room`.
        let first = FIRST_PATH_BYTES.min(max_memory_bytes);
        reserve(&mut dfs.frames, first);
        reserve(&mut dfs.moves, first);
        reserve(&mut dfs.effects, first);
        if !super::deadlock::dead(rules, &dfs.state) {
            rules.generate(&dfs.state, None, Mode::Sound, &mut dfs.scratch, &mut dfs.moves);
        }
        dfs.frames.push(Frame { start: 0, end: dfs.moves.len() as u32, next: 0, effects_start: 0 });
        dfs
    }

    /// Whether one more node (a frame, its effects and its moves) fits in the path's
    /// vectors, and the path's peak and the table within the memory cap.
    fn make_room(&mut self) -> bool {
        let used = std::mem::size_of::<Frame>() * (self.frames.len() + 1)
            + std::mem::size_of::<Move>() * (self.moves.len() + MOVES_ROOM)
            + std::mem::size_of::<Effect>() * (self.effects.len() + EFFECTS_ROOM);
        let cap = self.max_memory_bytes;
        let left = room(&mut self.frames, 1, cap)
            + room(&mut self.moves, MOVES_ROOM, cap)
            + room(&mut self.effects, EFFECTS_ROOM, cap);
        self.path_peak = self.path_peak.max(used + left);
        self.frames.len() < self.frames.capacity()
            && self.moves.len() + MOVES_ROOM <= self.moves.capacity()
            && self.effects.len() + EFFECTS_ROOM <= self.effects.capacity()
            && self.table.peak_bytes() + self.path_peak <= self.max_memory_bytes
    }

    /// Searches on for at most `quota` nodes.
    fn run(&mut self, quota: u64) -> Step {
        let stop = self.nodes + quota;
        let rules = self.rules;
        while self.nodes < stop {
            if !self.make_room() {
                return Step::OverMemory;
            }
            let Some(top) = self.frames.last_mut() else { return Step::Exhausted };
            if top.next == top.end {
                let (start, effects_start) = (top.start as usize, top.effects_start as usize);
                self.frames.pop();
                self.moves.truncate(start);
                if self.frames.is_empty() {
                    return Step::Exhausted;
                }
                self.state.undo(&self.effects[effects_start..]);
                self.hasher.update(rules, &self.state, &self.effects[effects_start..]);
                self.effects.truncate(effects_start);
                continue;
            }
            let mv = self.moves[top.next as usize];
            top.next += 1;
            self.nodes += 1;
            let effects_start = self.effects.len();
            self.state.apply_unchecked(mv, &mut self.effects);
            if self.state.is_won() {
                return Step::Won(self.frames.iter().map(|f| self.moves[f.next as usize - 1]).collect());
            }
            self.hasher.update(rules, &self.state, &self.effects[effects_start..]);
            // A dead position (`deadlock.rs`) is as good as explored: no line from it wins.
            if !self.table.insert(self.hasher.value())
                || rules.is_dead_after(&self.state, &self.effects[effects_start..])
            {
                self.state.undo(&self.effects[effects_start..]);
                self.hasher.update(rules, &self.state, &self.effects[effects_start..]);
                self.effects.truncate(effects_start);
                continue;
            }
            let plain: Plain = match self.effects[effects_start..] {
                [Effect::Transfer { from, to, count }] => Some((from, to, count)),
                _ => None,
            };
            let start = self.moves.len();
            rules.generate(&self.state, plain, Mode::Sound, &mut self.scratch, &mut self.moves);
            debug_assert!(self.moves.len() - start <= MOVES_ROOM && self.effects.len() - effects_start <= EFFECTS_ROOM);
            let [start, end, effects_start] = [start, self.moves.len(), effects_start].map(|i| i as u32);
            self.frames.push(Frame { start, end, next: start, effects_start });
        }
        Step::Running
    }
}

/// The path's first buffers, each: a Dnieper deal's whole search, most others' (a vector as
/// large as the cap lets it grow costs a fresh mapping and its first pages for every search).
const FIRST_PATH_BYTES: usize = 64 << 10;

/// Makes room for `n` more elements in `v`, a path vector: when its first buffer is full, it
/// moves, once, into one as large as `max_bytes` lets it grow, never to be copied again (a copy
/// holds the old buffer and the new at once). Only the pages it touches take memory. Returns
/// the bytes of the buffer it left, which existed beside the new one.
fn room<T>(v: &mut Vec<T>, n: usize, max_bytes: usize) -> usize {
    let old = v.capacity() * std::mem::size_of::<T>();
    if v.len() + n <= v.capacity() || old >= max_bytes {
        return 0;
    }
    reserve(v, max_bytes);
    old
}

/// Makes `v` hold as many elements as `bytes` hold, or as many as the allocator grants.
fn reserve<T>(v: &mut Vec<T>, bytes: usize) {
    let mut n = bytes / std::mem::size_of::<T>();
    while n > v.capacity() && v.try_reserve_exact(n - v.len()).is_err() {
        n = (n / 2).max(v.capacity());
    }
}

pub(crate) fn search(root: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Report {
    let rules = Rules::new(root.kind());
    if root.is_won() {
        return Report { outcome: Outcome::Won(Vec::new()), nodes: 0, table_bytes: 0, table_entries: 0 };
    }
    let two = rules.beam_helps();
    let share = if two { limits.max_memory_bytes / 2 } else { limits.max_memory_bytes };
    let mut sound = Dfs::new(&rules, root, share, limits.max_nodes);
    // Made when it joins in (so easy deals never pay for it), dropped when it gives up.
    let mut beam: Option<Beam> = None;
    let mut beam_to_come = two;
    // Nodes and table of a beam already dropped.
    let mut retired = (0u64, 0usize, 0usize);
    // The DFS filled its share of memory: the beam, if any, searches on alone.
    let mut sound_full = false;
    let finish = |outcome, sound: &Dfs, beam: &Option<Beam>, retired: (u64, usize, usize)| {
        let (mut nodes, mut table_bytes, mut table_entries) = retired;
        nodes += sound.nodes;
        table_bytes += sound.table.bytes();
        table_entries += sound.table.len;
        if let Some(b) = beam {
            nodes += b.nodes;
            table_bytes += b.table_bytes();
            table_entries += b.table_entries();
        }
        Report { outcome, nodes, table_bytes, table_entries }
    };
    loop {
        for turn in [Mode::Heuristic, Mode::Sound] {
            let used = sound.nodes + retired.0 + beam.as_ref().map_or(0, |b| b.nodes);
            let left = limits.max_nodes.saturating_sub(used);
            if left == 0 || (turn == Mode::Sound && cancel()) {
                return finish(Outcome::Unknown, &sound, &beam, retired);
            }
            // The DFS alone first: it settles the easy deals, won or not, fastest.
            if turn == Mode::Heuristic && sound.nodes < PROBE && !sound_full {
                continue;
            }
            if turn == Mode::Heuristic && beam_to_come {
                beam_to_come = false;
                beam = Some(Beam::new(&rules, root, share, limits.max_nodes));
            }
            let step = match (turn, beam.as_mut()) {
                (Mode::Sound, _) if sound_full => continue,
                (Mode::Sound, _) => sound.run(CHUNK.min(left)),
                (Mode::Heuristic, Some(b)) => match b.run((CHUNK * rules.beam_turns()).min(left)) {
                    // A beam that dies out proves nothing.
                    Step::Exhausted => Step::OverMemory,
                    step => step,
                },
                (Mode::Heuristic, None) => continue,
            };
            match step {
                Step::Running => {}
                Step::Won(line) => {
                    // The search's tables go before the shortening takes its memory.
                    let mut report = finish(Outcome::Unknown, &sound, &beam, retired);
                    drop((sound, beam));
                    report.outcome = Outcome::Won(shorten(&rules, root, &line, limits.max_memory_bytes));
                    return report;
                }
                Step::Exhausted => return finish(Outcome::Unwinnable, &sound, &beam, retired),
                // A beam that died out or ran out of room hands everything to the DFS.
                Step::OverMemory if turn == Mode::Heuristic => {
                    if let Some(b) = beam.take() {
                        retired = (retired.0 + b.nodes, b.table_bytes(), b.table_entries());
                    }
                    if sound_full {
                        return finish(Outcome::Unknown, &sound, &beam, retired);
                    }
                }
                // A full DFS can prove nothing more, but the beam may still find a win.
                Step::OverMemory if beam.is_some() || beam_to_come => sound_full = true,
                Step::OverMemory => return finish(Outcome::Unknown, &sound, &beam, retired),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::room;

    /// A path vector moves once, from its first buffer into one as large as the cap, keeping
    /// its elements; at the cap it stays, and the caller sees it full.
    #[test]
    fn path_vectors_move_once_into_the_cap() {
        let mut v: Vec<u32> = Vec::with_capacity(16);
        v.extend(0..16);
        assert_eq!(room(&mut v, 1, 4096), 64);
        assert_eq!((v.capacity(), v.len()), (1024, 16));
        assert!(v.iter().copied().eq(0..16));
        v.resize(1024, 7);
        assert_eq!(room(&mut v, 1, 4096), 0);
        assert_eq!(v.capacity(), 1024);
        assert_eq!(room(&mut v, 0, 4096), 0);
    }
}
