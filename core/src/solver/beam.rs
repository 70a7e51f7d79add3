//! The heuristic pass: a beam search. Level by level it expands the `width` most promising
//! positions (by `Rules::evaluate`), never entering a position twice; a beam that dies out is
//! tried again four times wider. It only ever finds wins (short lines, since a line's length is
//! its level); it proves nothing, so `Unwinnable` always comes from the sound DFS.
//!
//! A DFS commits to its first moves; in the two-deck games it then wanders through an enormous
//! space of rearrangements below them (lines of 10⁴–10⁵ moves). The beam keeps many partial
//! lines abreast and follows those that get cards home.

use super::hash::Hasher;
use super::moves::{Mode, Rules};
use super::search::{Step, Table};
use crate::engine::{Effect, Move};
use crate::spec::PileId;
use crate::state::State;

/// The first beam width, and the widest tried.
const FIRST_WIDTH: usize = 64;
const MAX_WIDTH: usize = 1 << 14;

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
    /// This level: positions and their arena index.
    level: Vec<(State, u32)>,
    /// Which position of `level` is expanded next.
    next: usize,
    /// Children found so far: score, index in `level` of the parent, move.
    children: Vec<(i32, u32, Move)>,
    scratch: Vec<(i32, Move)>,
    moves: Vec<Move>,
    effects: Vec<Effect>,
    touched: Vec<PileId>,
    pub(crate) nodes: u64,
}

impl<'r> Beam<'r> {
    pub(crate) fn new(rules: &'r Rules, root: &State, max_memory_bytes: usize, max_nodes: u64) -> Beam<'r> {
        let mut beam = Beam {
            rules,
            root: root.clone(),
            width: FIRST_WIDTH,
            max_memory_bytes,
            max_nodes,
            seen: Table::new(max_memory_bytes / 2, max_nodes),
            arena: Vec::new(),
            level: Vec::new(),
            next: 0,
            children: Vec::new(),
            scratch: Vec::new(),
            moves: Vec::new(),
            effects: Vec::new(),
            touched: Vec::new(),
            nodes: 0,
        };
        beam.restart();
        beam
    }

    fn restart(&mut self) {
        self.seen = Table::new(self.max_memory_bytes / 2, self.max_nodes);
        self.seen.insert(Hasher::new(self.rules, &self.root).value());
        self.arena.clear();
        self.arena.push(Node { parent: 0, mv: Move::Stock });
        self.level = vec![(self.root.clone(), 0)];
        self.next = 0;
        self.children.clear();
    }

    pub(crate) fn table_bytes(&self) -> usize {
        self.seen.bytes()
    }

    pub(crate) fn table_entries(&self) -> usize {
        self.seen.len
    }

    fn bytes(&self) -> usize {
        // A state: its cards, and per pile a `Vec` header plus the allocator's overhead.
        let state_bytes = self.root.card_count() + 48 * self.root.pile_count() + 64;
        // While the next level is built the old one is still alive: count it twice.
        self.seen.bytes()
            + self.arena.capacity() * std::mem::size_of::<Node>()
            + 2 * self.level.capacity() * state_bytes
            + self.children.capacity() * std::mem::size_of::<(i32, u32, Move)>()
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
        let rules = self.rules;
        while self.nodes < stop {
            if self.bytes() > self.max_memory_bytes {
                return Step::OverMemory;
            }
            if self.next < self.level.len() {
                let i = self.next;
                self.next += 1;
                let (state, node) = &mut self.level[i];
                let node = *node;
                self.moves.clear();
                rules.generate(state, None, Mode::Heuristic, &mut self.scratch, &mut self.moves);
                let mut hasher = Hasher::new(rules, state);
                let value = rules.evaluate(state);
                for &mv in &self.moves {
                    self.nodes += 1;
                    self.effects.clear();
                    state.apply_unchecked(mv, &mut self.effects);
                    if state.is_won() {
                        return Step::Won(self.line(node, mv));
                    }
                    hasher.update(rules, state, &self.effects);
                    if self.seen.insert(hasher.value()) && !rules.is_dead_after(state, &self.effects) {
                        // Only the piles the move touched change value.
                        self.touched.clear();
                        for e in &self.effects {
                            match *e {
                                Effect::Transfer { from, to, .. } => self.touched.extend([from, to]),
                                Effect::Flip(p) => self.touched.push(p),
                            }
                        }
                        self.touched.sort_unstable();
                        self.touched.dedup();
                        let after: i32 = self.touched.iter().map(|&p| rules.pile_value(state, p)).sum();
                        state.undo(&self.effects);
                        let before: i32 = self.touched.iter().map(|&p| rules.pile_value(state, p)).sum();
                        self.children.push((value - before + after, i as u32, mv));
                    } else {
                        state.undo(&self.effects);
                    }
                    hasher.update(rules, state, &self.effects);
                }
                continue;
            }
            // The level is expanded: keep the best children as the next level.
            if self.children.is_empty() {
                if self.width >= MAX_WIDTH {
                    return Step::Exhausted;
                }
                self.width *= 4;
                self.restart();
                continue;
            }
            // Stable: equal scores keep generation order, so the search is deterministic.
            self.children.sort_by_key(|&(score, _, _)| std::cmp::Reverse(score));
            self.children.truncate(self.width);
            let mut level = Vec::with_capacity(self.children.len());
            for &(_, parent, mv) in &self.children {
                let (state, parent_node) = &self.level[parent as usize];
                let mut child = state.clone();
                child.apply_unchecked(mv, &mut self.effects);
                let index = u32::try_from(self.arena.len()).unwrap_or(u32::MAX);
                self.arena.push(Node { parent: *parent_node, mv });
                level.push((child, index));
            }
            self.effects.clear();
            self.level = level;
            self.children.clear();
            self.next = 0;
        }
        Step::Running
    }
}
