//! One search: the passes, run side by side, and who answers.
//!
//! The passes: a *sound* DFS (`dfs.rs`: only the win-preserving pruning rules of `moves.rs`)
//! and, in games where `Rules::beam_helps`, a beam search (`beam.rs`) that also drops moves that
//! are rarely needed; it finds wins, with short lines, where the DFS wanders, but proves
//! nothing. Where `Rules::restarts_help`, the restarts (`restarts.rs`: short depth-first runs,
//! each in an order of its own) take every other turn of the beam's, and a quarter of its
//! memory; they too only find wins. The DFS owns half the memory cap, the others the rest;
//! they take turns of `CHUNK` nodes (the beam `Rules::beam_turns` of them; once late,
//! `Rules::late_beam`, one turn in `Rules::late_turns`), so the answer for a node limit is
//! deterministic, and whichever pass decides first answers. Late, once the DFS's table is
//! full at its half, the heuristic passes make way and the DFS takes the whole cap
//! (`Passes::hand_over`; where the beam takes one turn to the DFS's one). Where the beam has a
//! burst (`Rules::burst`: once the DFS has searched so many nodes, the beam searches alone for
//! at most so many, until a round of it does not fit its memory), the hand-over waits for it.
//! A heuristic pass that dies out or runs out of room leaves its turns to the others, and a DFS
//! out of room leaves the rest of the budget to the heuristic passes (which can still win,
//! never prove).

use super::beam::Beam;
use super::dfs::Dfs;
use super::moves::{Mode, Rules};
use super::pass::{Step, CHUNK};
use super::restarts::Restarts;
use super::shorten::shorten;
use super::{Limits, Outcome, Report};
use crate::state::State;

/// Nodes the sound DFS searches alone before the beam joins in: it settles the easiest deals,
/// won or not, in a millisecond or two; the beam soon does better on the rest (Zerline,
/// deals 1..100: median 27 ms with 4,096 here, 33 ms with 32,768).
const PROBE: u64 = 4096;

/// The passes of one search, and what the heuristic ones already dropped had cost.
struct Passes<'r> {
    sound: Dfs<'r>,
    /// Each made when it joins in (so easy deals never pay for it), dropped when it gives up.
    beam: Option<Beam<'r>>,
    restarts: Option<Restarts<'r>>,
    /// Nodes of the heuristic passes dropped, and the table of the last.
    retired: (u64, usize, usize),
}

impl Passes<'_> {
    fn nodes(&self) -> u64 {
        self.sound.nodes
            + self.retired.0
            + self.beam.as_ref().map_or(0, |b| b.nodes)
            + self.restarts.as_ref().map_or(0, |r| r.nodes)
    }

    fn report(&self, outcome: Outcome) -> Report {
        let (_, mut table_bytes, mut table_entries) = self.retired;
        table_bytes += self.sound.table.bytes();
        table_entries += self.sound.table.len;
        if let Some(b) = &self.beam {
            table_bytes += b.table_bytes();
            table_entries += b.table_entries();
        }
        if let Some(r) = &self.restarts {
            table_bytes += r.table_bytes();
            table_entries += r.table_entries();
        }
        Report { outcome, nodes: self.nodes(), table_bytes, table_entries }
    }

    /// Whether a heuristic pass searches on, or one is still `to_come`.
    fn heuristic_left(&self, to_come: bool) -> bool {
        to_come || self.beam.is_some() || self.restarts.is_some()
    }

    /// Drops the heuristic passes for good and gives the DFS the whole memory cap. Done where
    /// the DFS proves deals (`Rules::beam_turns` 1), once the heuristic passes are late and the
    /// DFS's table is full at its half of the cap (and the burst, if any, is over): their late
    /// turns won no deal measured (`Rules::late_turns`), while a proof that long spends its
    /// nodes on positions its table forgot. (Yakutat Bay, 64 MiB, before the burst and the
    /// refined relaxation: deal 593 proved in 14,160,052 nodes, its table growing to 32 MiB,
    /// against 16,408,562 with 16 MiB; deal 567 in 15,374,620, against 16,906,476. Deals
    /// 1..1000 at 2 s: the same 893 deals won.) After the beam's burst too: deal 567, with the
    /// whole 4,000,000-node burst, was proved in 19,471,536 nodes against 20,577,356 with the
    /// DFS keeping its half, three alternated runs each taking 10.07 to 10.16 s against 10.66
    /// to 10.93 s (an earlier build had measured no gain in time, 10.78 s against 10.79 s; this
    /// machine's speed varies from hour to hour). The process then peaks higher, with what the
    /// allocator kept of the beam's memory, within the cap: 567 at 56.4 MiB against 39.7 MiB
    /// (maximum RSS), 60.4 MiB with the burst's early end.
    fn hand_over(&mut self, limits: &Limits) {
        self.retire(true);
        self.retire(false);
        self.sound.widen(limits.max_memory_bytes, limits.max_nodes);
    }

    /// Drops a heuristic pass that gave up.
    fn retire(&mut self, restarts: bool) {
        let (nodes, bytes, entries) = if restarts {
            self.restarts.take().map(|r| (r.nodes, r.table_bytes(), r.table_entries()))
        } else {
            self.beam.take().map(|b| (b.nodes, b.table_bytes(), b.table_entries()))
        }
        .unwrap_or_default();
        self.retired = (self.retired.0 + nodes, bytes, entries);
    }
}

pub(crate) fn search(root: &State, limits: &Limits, cancel: &dyn Fn() -> bool) -> Report {
    let rules = Rules::new(root.kind());
    if root.is_won() {
        return Report { outcome: Outcome::Won(Vec::new()), nodes: 0, table_bytes: 0, table_entries: 0 };
    }
    // Cleared once the DFS takes over alone (`Passes::hand_over`).
    let mut two = rules.beam_helps();
    let share = if two { limits.max_memory_bytes / 2 } else { limits.max_memory_bytes };
    // Where the restarts run, they take a quarter of the beam's share: a beam short of memory
    // narrows, while a DFS short of memory stops proving.
    let restart_share = if rules.restarts_help() { share / 4 } else { 0 };
    let mut passes = Passes {
        sound: Dfs::new(&rules, root, share, limits.max_nodes, None),
        beam: None,
        restarts: None,
        retired: (0, 0, 0),
    };
    let (mut beam_to_come, mut restarts_to_come) = (two, restart_share > 0);
    // Heuristic turns taken: where the restarts run, every other one is theirs.
    let mut heuristic_turns = 0u64;
    let late = rules.late_beam() * if restart_share > 0 { 2 } else { 1 };
    // The DFS filled its share of memory: the heuristic passes, if any, search on alone.
    let mut sound_full = false;
    // The beam's burst (`Rules::burst`), and the beam's nodes when it began, once it has.
    let burst = rules.burst();
    let mut burst_from: Option<u64> = None;
    loop {
        for turn in [Mode::Heuristic, Mode::Sound] {
            let left = limits.max_nodes.saturating_sub(passes.nodes());
            if left == 0 || (turn == Mode::Sound && cancel()) {
                return passes.report(Outcome::Unknown);
            }
            let bursting = match (burst, &passes.beam) {
                (Some((after, length)), Some(beam)) if passes.sound.nodes >= after => {
                    beam.nodes < *burst_from.get_or_insert(beam.nodes) + length && beam.fitted()
                }
                _ => false,
            };
            if bursting && turn == Mode::Sound {
                continue;
            }
            // The DFS alone first: it settles the easy deals, won or not, fastest.
            if turn == Mode::Heuristic && passes.sound.nodes < PROBE && !sound_full {
                continue;
            }
            // Late, where the DFS proves deals, it takes most turns: once the heuristic passes
            // have searched `Rules::late_beam` nodes for each of them (`Rules::late_turns`).
            if turn == Mode::Heuristic
                && !bursting
                && rules.beam_turns() == 1
                && !sound_full
                && passes.nodes() - passes.sound.nodes >= late
                // The DFS's nodes grow a `CHUNK` a turn: the others go once in `late_turns`.
                && passes.sound.nodes % (CHUNK * rules.late_turns()) >= CHUNK
            {
                continue;
            }
            let beam_left = beam_to_come || passes.beam.is_some();
            let restarts_left = restarts_to_come || passes.restarts.is_some();
            let restarts_turn =
                turn == Mode::Heuristic && !bursting && restarts_left && (!beam_left || heuristic_turns % 2 == 1);
            if turn == Mode::Heuristic {
                heuristic_turns += 1;
            }
            if turn == Mode::Heuristic && restarts_turn && restarts_to_come {
                restarts_to_come = false;
                passes.restarts = Some(Restarts::new(&rules, root, restart_share));
            }
            if turn == Mode::Heuristic && !restarts_turn && beam_to_come {
                beam_to_come = false;
                passes.beam = Some(Beam::new(&rules, root, share - restart_share, limits.max_nodes));
            }
            let quota = (CHUNK * rules.beam_turns()).min(left);
            let step = match turn {
                Mode::Sound if sound_full => continue,
                Mode::Sound => passes.sound.run(CHUNK.min(left)),
                Mode::Heuristic => match (restarts_turn, passes.restarts.as_mut(), passes.beam.as_mut()) {
                    (true, Some(r), _) => r.run(quota),
                    (false, _, Some(b)) => b.run(quota),
                    _ => continue,
                },
            };
            match step {
                Step::Running => {
                    let late_now = rules.beam_turns() == 1 && passes.nodes() - passes.sound.nodes >= late;
                    // Not before the beam's burst, if it has one to come.
                    let burst_to_come = burst.is_some() && burst_from.is_none() && passes.beam.is_some();
                    if turn == Mode::Sound && two && late_now && passes.sound.table.at_cap() && !burst_to_come {
                        (beam_to_come, restarts_to_come, two) = (false, false, false);
                        passes.hand_over(limits);
                    }
                }
                Step::Won(line) => {
                    // The search's tables go before the shortening takes its memory.
                    let mut report = passes.report(Outcome::Unknown);
                    drop(passes);
                    report.outcome = Outcome::Won(shorten(&rules, root, &line, limits.max_memory_bytes));
                    return report;
                }
                // Only the DFS's proves anything: a heuristic pass that dies out gives up.
                Step::Exhausted if turn == Mode::Sound => return passes.report(Outcome::Unwinnable),
                // A heuristic pass that died out or ran out of room leaves its turns to the others.
                Step::Exhausted | Step::OverMemory if turn == Mode::Heuristic => {
                    passes.retire(restarts_turn);
                    if sound_full && !passes.heuristic_left(beam_to_come || restarts_to_come) {
                        return passes.report(Outcome::Unknown);
                    }
                }
                // A full DFS can prove nothing more, but a heuristic pass may still find a win.
                _ if passes.heuristic_left(beam_to_come || restarts_to_come) => sound_full = true,
                _ => return passes.report(Outcome::Unknown),
            }
        }
    }
}
