//! Depth-first search with a transposition table of visited positions.
//!
//! Why a visited set is enough, and stays sound when full: plain graph search. Every position
//! entered goes in the table; a position met again is skipped, because it is either on the
//! current path (a cycle: its exploration is under way) or fully explored without a win. So
//! if a win is reachable, the search reaches one. When the table is full a new position is
//! simply not recorded: it may then be explored again (more work, never a lost branch), and
//! an endless cycle through unrecorded positions only runs into the node limit (`Unknown`).
//! `Unwinnable` thus means: every reachable position was explored (up to the pruning rules in
//! `moves.rs`, which lose no win, and 64-bit hash collisions, which are negligible: about
//! n²/2⁶⁵ for n positions).

use super::hash::Hasher;
use super::moves::{Plain, Rules};
use super::{Limits, Outcome, Report};
use crate::engine::{Effect, Move};
use crate::state::State;

/// How often (in nodes) the caller's `cancel` is asked.
const CANCEL_EVERY: u64 = 4096;
/// Linear probes before a full neighbourhood counts as a full table.
const PROBES: usize = 16;

/// Open addressing over 64-bit keys; 0 marks an empty slot. It starts small (cache-friendly,
/// cheap for easy deals) and doubles at half load up to its cap.
struct Table {
    slots: Vec<u64>,
    len: usize,
    max_slots: usize,
}

/// The first table size: 512 KiB.
const FIRST_SLOTS: usize = 1 << 16;

impl Table {
    fn new(limits: &Limits) -> Table {
        // While doubling, old and new tables coexist: 1.5 times the final size must fit the cap.
        let by_memory = (limits.max_memory_bytes / 12).max(64);
        // Room for every node at a load of a half or less.
        let by_nodes = usize::try_from(limits.max_nodes.saturating_mul(4)).unwrap_or(usize::MAX).max(64);
        let wanted = by_memory.min(by_nodes);
        let max_slots = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table { slots: vec![0; max_slots.min(FIRST_SLOTS)], len: 0, max_slots }
    }

    /// Records `key`; false when it was already there. When the key's neighbourhood is full
    /// (at the memory cap), it is not recorded, which is safe (see the module comment).
    fn insert(&mut self, key: u64) -> bool {
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

    fn bytes(&self) -> usize {
        self.slots.len() * 8
    }
}

/// One position on the search path: its candidate moves are `moves[start..end]`, `next` the
/// one to try next; `effects[effects_start..]` are what the move into it changed.
struct Frame {
    start: usize,
    end: usize,
    next: usize,
    effects_start: usize,
}

pub(crate) fn search(root: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Report {
    let rules = Rules::new(root.kind());
    let mut table = Table::new(limits);
    let mut state = root.clone();
    let mut nodes = 0u64;
    let report = |outcome, nodes, table: &Table| Report {
        outcome,
        nodes,
        table_bytes: table.bytes(),
        table_entries: table.len,
    };
    if state.is_won() {
        return report(Outcome::Won(Vec::new()), nodes, &table);
    }
    let mut hasher = Hasher::new(&rules, &state);
    table.insert(hasher.value());
    let mut scratch = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    let mut effects: Vec<Effect> = Vec::new();
    let mut path: Vec<Move> = Vec::new();
    rules.generate(&state, None, &mut scratch, &mut moves);
    let mut frames = vec![Frame { start: 0, end: moves.len(), next: 0, effects_start: 0 }];
    while let Some(top) = frames.last_mut() {
        if top.next == top.end {
            let (start, effects_start) = (top.start, top.effects_start);
            frames.pop();
            moves.truncate(start);
            if frames.is_empty() {
                break;
            }
            state.undo(&effects[effects_start..]);
            hasher.update(&rules, &state, &effects[effects_start..]);
            effects.truncate(effects_start);
            path.pop();
            continue;
        }
        let mv = moves[top.next];
        top.next += 1;
        nodes += 1;
        // The path can grow deep (two-deck games), so it counts against the memory cap too.
        let over_memory = || {
            let path_bytes = std::mem::size_of::<Frame>() * frames.capacity()
                + std::mem::size_of::<Move>() * (moves.capacity() + path.capacity())
                + std::mem::size_of::<Effect>() * effects.capacity();
            table.bytes() + path_bytes > limits.max_memory_bytes
        };
        if nodes > limits.max_nodes || (nodes % CANCEL_EVERY == 1 && (cancel() || over_memory())) {
            return report(Outcome::Unknown, nodes - 1, &table);
        }
        let effects_start = effects.len();
        state.apply_unchecked(mv, &mut effects);
        if state.is_won() {
            path.push(mv);
            return report(Outcome::Won(path), nodes, &table);
        }
        hasher.update(&rules, &state, &effects[effects_start..]);
        if !table.insert(hasher.value()) {
            state.undo(&effects[effects_start..]);
            hasher.update(&rules, &state, &effects[effects_start..]);
            effects.truncate(effects_start);
            continue;
        }
        path.push(mv);
        let plain: Plain = match effects[effects_start..] {
            [Effect::Transfer { from, to, count }] => Some((from, to, count)),
            _ => None,
        };
        let start = moves.len();
        rules.generate(&state, plain, &mut scratch, &mut moves);
        frames.push(Frame { start, end: moves.len(), next: start, effects_start });
    }
    report(Outcome::Unwinnable, nodes, &table)
}
