//! The restarts: a third pass, one more way to find wins (it proves nothing). A depth-first
//! search commits to its first moves; where it chose badly it can spend millions of nodes
//! below them, while another order of the same moves wins in thousands. So the restarts run
//! short depth-first searches one after another (`Dfs` with a seed: the heuristic rules' moves,
//! in an order jittered by the seed), each with a fresh table and a node limit that follows
//! the Luby sequence (1, 1, 2, 1, 1, 2, 4, …, times `BASE`): whatever the length a deal's luck
//! needs, a constant share of the nodes goes to runs of about that length.
//!
//! A run that explores every position it generates ends the restarts: the heuristic rules
//! prune the same moves in any order, so every later run would explore the same positions.

use super::dfs::Dfs;
use super::moves::Rules;
use super::pass::{Step, Tally};
use crate::state::State;

/// A run's node limit, times the Luby sequence's term. (The measure of `RESTART_JITTER` in
/// `search.rs`, with a jitter of 400: a base of 1,000, 3,607,524 nodes; 2,000, 1,781,832;
/// 5,000, 3,369,616; 10,000, 5,367,983.)
const BASE: u64 = 2_000;

pub(crate) struct Restarts<'r> {
    rules: &'r Rules,
    root: State,
    max_memory_bytes: usize,
    /// The run under way, and its number (from 1: its Luby term, and its seed mixed with
    /// `salt`, 0 but in a second search beside the first: `Restarts::salted`).
    run: Option<Dfs<'r>>,
    number: u64,
    salt: u64,
    /// Nodes of the runs ended, and of all of them.
    ended: u64,
    pub(crate) nodes: u64,
}

impl<'r> Restarts<'r> {
    pub(crate) fn new(rules: &'r Rules, root: &State, max_memory_bytes: usize) -> Restarts<'r> {
        Restarts { rules, root: root.clone(), max_memory_bytes, run: None, number: 0, salt: 0, ended: 0, nodes: 0 }
    }

    /// These restarts with every run's order jittered by `salt` too: other orders than the
    /// unsalted ones', for a second search beside a first that runs them
    /// (`search::second_search`).
    pub(crate) fn salted(mut self, salt: u64) -> Restarts<'r> {
        self.salt = salt;
        self
    }

    /// All the runs' nodes, and the current run's table: the runs' only memory beyond their
    /// paths.
    pub(crate) fn tally(&self) -> Tally {
        Tally { nodes: self.nodes, ..self.run.as_ref().map_or_else(Tally::default, Dfs::tally) }
    }

    /// Searches on for at most `quota` nodes: `Exhausted` when the runs can find nothing more.
    pub(crate) fn run(&mut self, quota: u64) -> Step {
        let stop = self.nodes + quota;
        while self.nodes < stop {
            if self.run.is_none() {
                self.number += 1;
            }
            let limit = BASE * luby(self.number);
            let (rules, root, bytes, seed) = (self.rules, &self.root, self.max_memory_bytes, self.number ^ self.salt);
            let run = self.run.get_or_insert_with(|| Dfs::new(rules, root, bytes, limit, Some(seed)));
            let step = run.run((limit - run.nodes).min(stop - self.nodes));
            self.nodes = self.ended + run.nodes;
            match step {
                Step::Won(line) => return Step::Won(line),
                Step::Exhausted => return Step::Exhausted,
                // A run with too little memory for one node: so is every later one.
                Step::OverMemory if run.nodes == 0 => return Step::OverMemory,
                Step::Running if run.nodes < limit => {}
                // Its limit reached, or its memory share full: the next run, afresh.
                Step::Running | Step::OverMemory => {
                    self.ended = self.nodes;
                    self.run = None;
                }
            }
        }
        Step::Running
    }
}

/// The `i`th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i ≤ 2^k − 1.
        let k = u64::BITS - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
