//! What the passes of a search (`search.rs`: the DFS, the beam, the restarts) share: each
//! runs in turns of `CHUNK` nodes and says after each where it stands.

use super::{Outcome, Report};
use crate::engine::Move;

/// Nodes per turn; the caller's `cancel` and the memory cap are asked once a turn.
pub(crate) const CHUNK: u64 = 4096;

/// Where a pass stands after a turn.
pub(crate) enum Step {
    Running,
    Won(Vec<Move>),
    /// Every position the pass generates was explored.
    Exhausted,
    /// The pass would pass its share of the memory cap.
    OverMemory,
}

/// What a pass has cost so far: its nodes, and its table's bytes and entries.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) nodes: u64,
    pub(crate) table_bytes: usize,
    pub(crate) table_entries: usize,
}

impl Tally {
    pub(crate) fn report(self, outcome: Outcome) -> Report {
        Report { outcome, nodes: self.nodes, table_bytes: self.table_bytes, table_entries: self.table_entries }
    }
}

impl std::ops::Add for Tally {
    type Output = Tally;

    fn add(self, other: Tally) -> Tally {
        Tally {
            nodes: self.nodes + other.nodes,
            table_bytes: self.table_bytes + other.table_bytes,
            table_entries: self.table_entries + other.table_entries,
        }
    }
}
