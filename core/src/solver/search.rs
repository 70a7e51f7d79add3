//! One search: the passes, run side by side, and who answers.
//!
//! The passes: a *sound* DFS (`dfs.rs`: only the win-preserving pruning rules of `moves.rs`)
//! and, in games where `Rules::beam_helps`, a beam search (`beam.rs`) that also drops moves that
//! are rarely needed; it finds wins, with short lines, where the DFS wanders, but proves
//! nothing. Where `Rules::restarts_from`, the restarts (`restarts.rs`: short depth-first runs,
//! each in an order of its own) take every other turn of the beam's once the passes have
//! searched so many nodes, and a quarter of its memory; they too only find wins. The DFS owns
//! half the memory cap, the others the rest; they take turns of `CHUNK` nodes (the beam
//! `Rules::beam_turns` of them; once late, `Rules::late_beam`, one turn in
//! `Rules::late_turns`), so the answer for a node limit is deterministic, and whichever pass
//! decides first answers. Late, once the DFS's table is full at its half, the heuristic passes
//! make way and the DFS takes the whole cap (`Passes::hand_over`; where the beam takes one turn
//! to the DFS's one). Where the beam has a burst (`Rules::burst`: once the DFS has searched so
//! many nodes, the beam searches alone for at most so many, until a round of it does not fit
//! its memory), the hand-over waits for it. A heuristic pass that dies out or runs out of room
//! leaves its turns to the others, and a DFS out of room leaves the rest of the budget to the
//! heuristic passes (which can still win, never prove).

use super::beam::Beam;
use super::dfs::Dfs;
use super::moves::{Mode, Rules};
use super::pass::{Step, Tally, CHUNK};
use super::restarts::Restarts;
use super::shorten::shorten;
use super::{Limits, Outcome, Report};
use crate::spec::StockRule;
use crate::state::State;

/// Nodes the sound DFS searches alone before the beam joins in: it settles the easiest deals,
/// won or not, in a millisecond or two; the beam soon does better on the rest (Zerline,
/// deals 1..100: median 27 ms with 4,096 here, 33 ms with 32,768).
const PROBE: u64 = 4096;

/// How the passes share the search, game by game.
impl Rules {
    /// Whether the beam pass (`beam.rs`) is worth its half of the budget: not in Dnieper, whose
    /// stock makes every deal's space small enough for the DFS alone to settle it, won or not.
    pub(crate) fn beam_helps(&self) -> bool {
        self.spec.stock != Some(StockRule::DealToTableau)
    }

    /// From how many nodes of all the passes the restarts (`restarts.rs`) take every other
    /// turn of the beam's, if they run: from the start where foundations give cards back one
    /// by one (Yakutat Bay); in Zerline and How They Run, whose beams win most deals early but
    /// wander on a few, from 300,000, so that every deal's first 300,000 nodes search as
    /// before. Zerline, deals 1..1000 given 8,000,000 nodes each: 1000 won, 173,069,821 nodes
    /// in all, the largest 5,107,035; without the restarts 985 won and 299,322,385 nodes; with
    /// them from the start also 1000, but the median deal slower by a fifth, as a restart's
    /// node costs more than a beam's. How They Run, given 4,000,000: the same verdicts, deal
    /// 597 won in 307,411 nodes instead of 2,919,381, 64,306,989 nodes in all against
    /// 67,033,612 (proofs search the same: the heuristic passes take the same turns).
    pub(crate) fn restarts_from(&self) -> Option<u64> {
        if self.safe_low {
            Some(0)
        } else if self.spec.stock == Some(StockRule::ToWaste) || self.onto_one_parent {
            Some(300_000)
        } else {
            None
        }
    }

    /// Whether the restarts run from a search's start (Yakutat Bay), taking half the
    /// heuristic turns from the first: there the beam's turns and theirs count together.
    pub(crate) fn restarts_from_the_start(&self) -> bool {
        self.restarts_from() == Some(0)
    }

    /// Chunks the beam searches for each chunk of the DFS. Seven where the stock deals to a
    /// waste (Zerline): there the DFS has proved no deal of 1..1000 unwinnable and its wins
    /// wander, while the beam finds most wins; a quarter of the nodes for the DFS cut the median
    /// from 110 to 78 ms over 40 deals, deciding as many, and an eighth decides more of the
    /// positions players reach: deals 5001..5100 mid-game at 1,200,000 nodes (`solitaire
    /// mid-game zerline --winnable-nodes 1200000`), 1,188 of 1,200 certain against 1,182 with
    /// three (the DFS's own wins there came within 139,359 of its nodes, which an eighth still
    /// gives it). One elsewhere, where the DFS's proofs are half the answers.
    pub(crate) fn beam_turns(&self) -> u64 {
        if self.spec.stock == Some(StockRule::ToWaste) {
            7
        } else {
            1
        }
    }

    /// Nodes of a heuristic pass without a win after which the heuristic passes take fewer
    /// turns (`search.rs`; where the restarts run from the start, the beam's and theirs
    /// together pass twice this). Their wins mostly come early (How They Run, deals 1..1000:
    /// 90% within 63,009 nodes of both passes, 99% within 1.4 M). 1,000,000: of How They Run's
    /// and Yakutat Bay's 70 deals undecided at 2 s, given 10 s each, 25 were decided with it,
    /// 17 without, 21 from 2 M with one turn in 4. In How They Run, since rules 6 and 9
    /// shortened its proofs, 300,000: deals 1..1000 at 2 s, 909 won and 72 proved in each of
    /// two runs, against 908 and 71 in each of two with 1,000,000, and the same 989 decided
    /// within 10 s. In Yakutat Bay, since the restarts win what the beam took long to, 100,000
    /// (every win of deals 1..1000 at 2 s came within 324,137 nodes of all the passes): at 2 s
    /// the same 979 deals decided as with 1,000,000 and 250,000, and at 1,700,000 nodes the
    /// same wins as with 250,000; shorter proofs (deal 108: 2,825,324 nodes, against 4,402,701
    /// with 1,000,000 and 3,091,660 with 250,000; deal 285 within 9,000,000 nodes, which
    /// 250,000 missed).
    pub(crate) fn late_beam(&self) -> u64 {
        if self.onto_one_parent {
            300_000
        } else if self.restarts_from_the_start() {
            100_000
        } else {
            1_000_000
        }
    }

    /// Where the beam takes one turn to the DFS's one (the games whose DFS proves deals
    /// unwinnable), heuristic passes that have searched `late_beam` nodes without a win take
    /// only one turn for every `late_turns` of the DFS's from then on: their wins mostly come
    /// early, while a proof needs all the nodes it can get. 8; in Yakutat Bay, whose restarts
    /// win early, 32. There, capped at 2,000,000 nodes, deals 1..2000 gave the same wins with
    /// the same nodes with 8, 16 and 32, so no win came from a late heuristic turn, and proofs
    /// took fewer nodes (deal 812: 1,847,532 with 8, 1,765,595 with 16, 1,728,721 with 32;
    /// 1020 proved in 1,912,652, undecided with 8); at 12,000,000 nodes, deal 285 8,958,258,
    /// 8,483,011 and 8,245,377, deal 614 10,737,677, 10,164,107 and 9,877,317; deals 307 and
    /// 801, won by the DFS at 38,031,263 and 38,316,001 nodes with 8, at 35,941,812 and
    /// 36,210,067 with 16.
    pub(crate) fn late_turns(&self) -> u64 {
        if self.restarts_from_the_start() {
            32
        } else {
            8
        }
    }

    /// Where loose rounds run (`beam.rs`: Yakutat Bay), the beam's *burst*: once the DFS has
    /// searched the first number of nodes without a verdict, the beam searches alone for at
    /// most the second, going on through its rounds to the wide loose ones its early turns
    /// never reach; only then do the heuristic passes make way (`Passes::hand_over`). Some wins
    /// need those: deal 307, which the DFS won at 27,344,757 nodes, is won at 5,827,568 (2.5 s);
    /// the beam alone took 2,681,840. 3,000,000: past the 2 s sweep's longest proof (deal 396,
    /// 2,263,675 nodes), so deals 1..1000 at 2 s keep their verdicts. 4,000,000, about 1.3 s:
    /// the proofs that run past 3,000,000 pay for it. So the burst ends sooner once a round is
    /// too wide for the beam's memory (`Beam::fitted`): from then on the rounds only repeat at
    /// the width that fits, with jitter, which its late turns could do. At 64 MiB that is the
    /// round of width 16,384, after the loose one of 4,096 that wins 307: deal 567 is proved in
    /// 17,499,843 nodes, its burst about 2,000,000, against 19,471,536 with the whole burst,
    /// in 9.3 to 11.0 s over ten runs alone (11.2 to 12.8 s before this and the two changes
    /// that came with it, rule 7's keys beside their position's and the DFS's whole cap after
    /// the burst); deals 259, 285, 614 and 915 in 6.9, 5.3, 7.3 and 4.8 s (7.7, 6.3, 7.2 and
    /// 5.7 s before).
    pub(crate) fn burst(&self) -> Option<(u64, u64)> {
        self.safe_low.then_some((3_000_000, 4_000_000))
    }
}

/// The passes of one search, whose turn it is, and what the heuristic ones already dropped
/// had cost.
struct Passes<'r> {
    rules: &'r Rules,
    sound: Dfs<'r>,
    /// Each made when it joins in (so easy deals never pay for it), dropped when it gives up.
    beam: Option<Beam<'r>>,
    restarts: Option<Restarts<'r>>,
    /// Nodes of the heuristic passes dropped, and the table of the last.
    retired: Tally,
    /// The memory each heuristic pass may count on. Where the restarts run, they take a quarter
    /// of the heuristic passes' half: a beam short of memory narrows, while a DFS short of
    /// memory stops proving.
    beam_share: usize,
    restart_share: usize,
    /// Whether each heuristic pass is still to join in.
    beam_to_come: bool,
    restarts_to_come: bool,
    /// Whether heuristic passes run beside the DFS: cleared once it takes over alone
    /// (`hand_over`).
    two: bool,
    /// Heuristic turns taken: where the restarts run, every other one is theirs.
    heuristic_turns: u64,
    /// The heuristic passes' nodes from which they are late (`Rules::late_beam`; where the
    /// restarts run from the start, the beam's and theirs count together, so twice that).
    late_from: u64,
    /// The DFS filled its share of memory: the heuristic passes, if any, search on alone.
    sound_full: bool,
    /// The beam's nodes when its burst (`Rules::burst`) began, once it has.
    burst_from: Option<u64>,
}

impl<'r> Passes<'r> {
    /// The passes of a search of `root`: the DFS has half the memory cap where a beam runs,
    /// else the whole, for good, so that its table may grow in place to fill it.
    fn new(rules: &'r Rules, root: &State, limits: &Limits) -> Passes<'r> {
        let two = rules.beam_helps();
        let share = if two { limits.max_memory_bytes / 2 } else { limits.max_memory_bytes };
        let restart_share = if rules.restarts_from().is_some() { share / 4 } else { 0 };
        let mut sound = Dfs::new(rules, root, share, limits.max_nodes, None);
        if share == limits.max_memory_bytes {
            sound.widen(share, limits.max_nodes);
        }
        Passes {
            rules,
            sound,
            beam: None,
            restarts: None,
            retired: Tally::default(),
            beam_share: share - restart_share,
            restart_share,
            beam_to_come: two,
            restarts_to_come: restart_share > 0,
            two,
            heuristic_turns: 0,
            late_from: rules.late_beam() * if rules.restarts_from_the_start() { 2 } else { 1 },
            sound_full: false,
            burst_from: None,
        }
    }

    /// Every pass's, the dropped ones' included.
    fn tally(&self) -> Tally {
        let beam = self.beam.as_ref().map(Beam::tally).unwrap_or_default();
        let restarts = self.restarts.as_ref().map(Restarts::tally).unwrap_or_default();
        self.sound.tally() + self.retired + beam + restarts
    }

    fn nodes(&self) -> u64 {
        self.tally().nodes
    }

    fn report(&self, outcome: Outcome) -> Report {
        self.tally().report(outcome)
    }

    /// Whether a heuristic pass searches on, or one is still to come.
    fn heuristic_left(&self) -> bool {
        self.beam_to_come || self.restarts_to_come || self.beam.is_some() || self.restarts.is_some()
    }

    /// Whether the heuristic passes are late, where the DFS proves deals (`Rules::beam_turns`
    /// 1): they have searched `late_from` nodes.
    fn late(&self) -> bool {
        self.rules.beam_turns() == 1 && self.nodes() - self.sound.nodes >= self.late_from
    }

    /// Whether the beam is in its burst (`Rules::burst`), noting when it began.
    fn bursting(&mut self) -> bool {
        match (self.rules.burst(), &self.beam) {
            (Some((after, length)), Some(beam)) if self.sound.nodes >= after => {
                beam.nodes < *self.burst_from.get_or_insert(beam.nodes) + length && beam.fitted()
            }
            _ => false,
        }
    }

    /// The DFS's turn, of at most `left` nodes, unless the beam's burst or its own full table
    /// leaves it none.
    fn sound_turn(&mut self, left: u64) -> Option<Step> {
        (!self.bursting() && !self.sound_full).then(|| self.sound.run(CHUNK.min(left)))
    }

    /// A heuristic pass's turn, of at most `left` nodes, if one is due, and whether it was the
    /// restarts'; a pass joins in at its first turn.
    fn heuristic_turn(&mut self, root: &State, limits: &Limits, left: u64) -> Option<(Step, bool)> {
        let rules = self.rules;
        let bursting = self.bursting();
        // The DFS alone first: it settles the easy deals, won or not, fastest.
        if self.sound.nodes < PROBE && !self.sound_full {
            return None;
        }
        // Late, where the DFS proves deals, it takes most turns: once the heuristic passes
        // have searched `late_from` nodes (`Rules::late_turns`).
        if !bursting
            && !self.sound_full
            && self.late()
            // The DFS's nodes grow a `CHUNK` a turn: the others go once in `late_turns`.
            && self.sound.nodes % (CHUNK * rules.late_turns()) >= CHUNK
        {
            return None;
        }
        let beam_left = self.beam_to_come || self.beam.is_some();
        // (The restarts come sooner once the beam is gone: nothing else may search on.)
        let restarts_left = (self.restarts_to_come
            && rules.restarts_from().is_some_and(|from| self.nodes() >= from || !beam_left))
            || self.restarts.is_some();
        let restarts_turn = !bursting && restarts_left && (!beam_left || self.heuristic_turns % 2 == 1);
        self.heuristic_turns += 1;
        if restarts_turn && self.restarts_to_come {
            self.restarts_to_come = false;
            self.restarts = Some(Restarts::new(rules, root, self.restart_share));
        }
        if !restarts_turn && self.beam_to_come {
            self.beam_to_come = false;
            self.beam = Some(Beam::new(rules, root, self.beam_share, limits.max_nodes));
        }
        let quota = (CHUNK * rules.beam_turns()).min(left);
        let step = match (restarts_turn, self.restarts.as_mut(), self.beam.as_mut()) {
            (true, Some(r), _) => r.run(quota),
            (false, _, Some(b)) => b.run(quota),
            _ => return None,
        };
        Some((step, restarts_turn))
    }

    /// After a DFS turn: where the DFS proves deals, once the heuristic passes are late and
    /// its table is full at its share, after the beam's burst if one is to come, it takes over
    /// alone.
    fn after_sound_turn(&mut self, limits: &Limits) {
        let burst_to_come = self.rules.burst().is_some() && self.burst_from.is_none() && self.beam.is_some();
        if self.two && self.late() && self.sound.table.at_cap() && !burst_to_come {
            self.hand_over(limits);
        }
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
        (self.beam_to_come, self.restarts_to_come, self.two) = (false, false, false);
        self.retire(true);
        self.retire(false);
        self.sound.widen(limits.max_memory_bytes, limits.max_nodes);
    }

    /// Drops a heuristic pass that gave up.
    fn retire(&mut self, restarts: bool) {
        let dropped =
            if restarts { self.restarts.take().map(|r| r.tally()) } else { self.beam.take().map(|b| b.tally()) };
        let dropped = dropped.unwrap_or_default();
        self.retired = Tally { nodes: self.retired.nodes + dropped.nodes, ..dropped };
    }
}

/// Searches `root` within `limits`; a won line has its detours cut out (`shorten`) when
/// `shortened` asks for it.
pub(crate) fn search(root: &State, limits: &Limits, cancel: &dyn Fn() -> bool, shortened: bool) -> Report {
    let rules = Rules::new(root.kind());
    if root.is_won() {
        return Tally::default().report(Outcome::Won(Vec::new()));
    }
    let mut passes = Passes::new(&rules, root, limits);
    loop {
        for turn in [Mode::Heuristic, Mode::Sound] {
            let left = limits.max_nodes.saturating_sub(passes.nodes());
            if left == 0 || (turn == Mode::Sound && cancel()) {
                return passes.report(Outcome::Unknown);
            }
            let taken = match turn {
                Mode::Sound => passes.sound_turn(left).map(|step| (step, false)),
                Mode::Heuristic => passes.heuristic_turn(root, limits, left),
            };
            let Some((step, restarts_turn)) = taken else { continue };
            match step {
                Step::Running if turn == Mode::Sound => passes.after_sound_turn(limits),
                Step::Running => {}
                Step::Won(line) => {
                    // The search's tables go before the shortening takes its memory.
                    let mut report = passes.report(Outcome::Unknown);
                    drop(passes);
                    report.outcome = Outcome::Won(if shortened {
                        shorten(&rules, root, &line, limits.max_memory_bytes)
                    } else {
                        line
                    });
                    return report;
                }
                // Only the DFS's proves anything: a heuristic pass that dies out gives up.
                Step::Exhausted if turn == Mode::Sound => return passes.report(Outcome::Unwinnable),
                // A heuristic pass that died out or ran out of room leaves its turns to the others.
                Step::Exhausted | Step::OverMemory if turn == Mode::Heuristic => {
                    passes.retire(restarts_turn);
                    if passes.sound_full && !passes.heuristic_left() {
                        return passes.report(Outcome::Unknown);
                    }
                }
                // A full DFS can prove nothing more, but a heuristic pass may still find a win.
                _ if passes.heuristic_left() => passes.sound_full = true,
                _ => return passes.report(Outcome::Unknown),
            }
        }
    }
}

/// A second search for `search`'s question, to run beside it on another core; it only finds
/// wins (nor says that a position already won is: `search` does), in half the cap. It runs
/// what the first search does not, so that the two reach different wins within the budget:
/// where the first runs the restarts from the start (Yakutat Bay), the beam alone, every round
/// jittered by `salt` (`Beam::salted`); elsewhere the restarts (`restarts.rs`), in orders of
/// their own (`Restarts::salted`). (Positions players reach, deals 5001..5100, within
/// 1,200,000 nodes and 400,000, before Zerline's search ran restarts late: Zerline 1199 and
/// 1191 of 1200 decided by either search with the restarts beside, 1195 and 1176 with a beam;
/// hints from a found win in Chequers 1200 of 1200 against 1148, in Dnieper, which had no
/// second search, 907 of 907 against 889; Yakutat Bay's hints 1058 of 1058 with the beam,
/// 1057 with the restarts.)
pub(crate) fn second_search(root: &State, limits: &Limits, cancel: &dyn Fn() -> bool, salt: u64) -> Report {
    let rules = Rules::new(root.kind());
    let memory = limits.max_memory_bytes / 2;
    if rules.restarts_from_the_start() {
        let mut beam = Beam::new(&rules, root, memory, limits.max_nodes).salted(salt);
        let outcome = alone(limits, cancel, |quota| (beam.run(quota), beam.nodes));
        beam.tally().report(outcome)
    } else {
        let mut restarts = Restarts::new(&rules, root, memory).salted(salt);
        let outcome = alone(limits, cancel, |quota| (restarts.run(quota), restarts.nodes));
        restarts.tally().report(outcome)
    }
}

/// Runs a heuristic pass alone (`turn`: a turn of at most so many nodes, its step and the
/// pass's nodes so far) until it wins or can do no more, its nodes run out or `cancel` says
/// stop.
fn alone(limits: &Limits, cancel: &dyn Fn() -> bool, mut turn: impl FnMut(u64) -> (Step, u64)) -> Outcome {
    let mut nodes = 0;
    loop {
        let left = limits.max_nodes.saturating_sub(nodes);
        if left == 0 || cancel() {
            return Outcome::Unknown;
        }
        let step;
        (step, nodes) = turn(CHUNK.min(left));
        match step {
            Step::Running => {}
            Step::Won(line) => return Outcome::Won(line),
            Step::Exhausted | Step::OverMemory => return Outcome::Unknown,
        }
    }
}
