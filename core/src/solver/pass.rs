//! What the passes of a search (`search.rs`: the DFS, the beam, the restarts) share: each
//! runs in turns of `CHUNK` nodes and says after each where it stands.

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
