//! `solitaire mid-game <game> --deals A..B [--threads N] [--cpu-time] [--winnable-ms N]
//! [--winnable-nodes N] [--reference-ms N]`: the apps' questions asked where players ask them, in the middle of a
//! game, with the apps' own calls and budgets, and how often the answers are certain and right.
//!
//! For each deal: a winning line ("show me"'s, found with the reference budget; for a deal it
//! does not win, the heuristic hint's moves, as a player without help might play), and positions
//! on it at a fifth, two fifths, three fifths and four fifths of its length, each as reached and
//! after one and after three random legal moves off the line (mistakes). At each position:
//! "still winnable?" (`assist::winnability`: two searches, on two cores) with
//! the app's budget and with a third of it (a phone three times slower), and a hint
//! (`assist::hint`, whose searches are bounded by nodes, not time). Where neither "still
//! winnable?" decided, the position's truth is sought with the reference budget; a hint that
//! fell back to the heuristic is judged by solving the position after its move. Budgets are the apps' wall-clock time, or with `--cpu-time` the thread's CPU
//! time (a fair measure on a shared machine). With `--winnable-nodes N`, "still winnable?" is
//! bounded by nodes instead, N a search for the app and N/3 for the phone (certain within N/3
//! when the answering search took no more: a search is deterministic for a node limit), a
//! measure the machine's load does not change; the nodes each answer took are summed up too.

use solitaire_core::assist::{self, Verdict};
use solitaire_core::solver::{self, Limits, Outcome};
use solitaire_core::{Game, GameKind, Move};
use std::time::{Duration, Instant};

use crate::print_line;
use crate::solve::{each_deal, elapsed, ms, percentile, replay, thread_cpu_time};

const USAGE: &str = "usage: solitaire mid-game <game> --deals A..B (inclusive) [--threads N (default 1)] [--cpu-time] \
[--winnable-ms N (default 300, the apps')] [--winnable-nodes N (instead of time)] [--reference-ms N (default 10000)]";

/// Where on a line positions are taken: fifths of its length.
const DEPTHS: [usize; 4] = [1, 2, 3, 4];
/// Random legal moves played off the line before asking: none, a slip, a few.
const MISTAKES: [usize; 3] = [0, 1, 3];
/// The phone the README speaks of: this many times slower than the machine measured.
const PHONE_SLOWER: u32 = 3;
/// Moves of the heuristic's line for a deal without a won line.
const PLAYED_WITHOUT_HELP: usize = 60;

#[derive(Clone, Copy)]
struct Options {
    kind: GameKind,
    cpu_time: bool,
    winnable: Duration,
    /// "Still winnable?" bounded by these nodes instead of `winnable`.
    winnable_nodes: Option<u64>,
    reference: Duration,
}

/// What one position's questions got.
struct Asked {
    /// "Still winnable?" with the app's budget, and with a third of it.
    full: (Verdict, Duration),
    phone: (Verdict, Duration),
    /// Nodes the app's question searched (by `--winnable-nodes`; else 0).
    nodes: u64,
    /// The hint, its time, and whether its move was seen to lead to a win (`None`: not known).
    hint_from_win: bool,
    hint_wins: Option<bool>,
    hint_time: Duration,
    /// The position's verdict as far as known (the reference's when both budgets missed).
    truth: Verdict,
}

fn parse_args(args: &[String]) -> Result<(Options, u64, u64, usize), String> {
    let words = crate::args::parse_with_switches(
        args,
        1,
        &["--deals", "--threads", "--winnable-ms", "--winnable-nodes", "--reference-ms"],
        &["--cpu-time"],
    )
    .map_err(|e| format!("{e}; {USAGE}"))?;
    let kind = crate::args::game(Some(words.positional(0).ok_or(USAGE)?))?;
    let (first, last) = crate::solve::deal_range(&words, USAGE)?;
    let threads = crate::solve::thread_count(&words, first, last)?;
    let winnable = Duration::from_millis(words.number("--winnable-ms")?.unwrap_or(300));
    let reference = Duration::from_millis(words.number("--reference-ms")?.unwrap_or(10_000));
    let winnable_nodes = words.number("--winnable-nodes")?;
    let cpu_time = words.switch("--cpu-time");
    Ok((Options { kind, cpu_time, winnable, winnable_nodes, reference }, first, last, threads))
}

/// A clock for one question: `elapsed` measures from its start, wall or CPU time as asked.
fn clock(cpu_time: bool) -> (Instant, Option<Duration>) {
    (Instant::now(), if cpu_time { thread_cpu_time() } else { None })
}

/// "Still winnable?" within `budget`, with the time it took.
fn still_winnable(game: &Game, budget: Duration, cpu_time: bool) -> (Verdict, Duration) {
    let began = clock(cpu_time);
    let verdict = assist::winnability(game.state(), &|| elapsed(began) >= budget);
    (verdict, elapsed(began))
}

/// "Still winnable?" as the app asks it, bounded by `nodes` instead of time: the verdict, its
/// time and the nodes searched.
fn still_winnable_by_nodes(game: &Game, nodes: u64, cpu_time: bool) -> (Verdict, Duration, u64) {
    let began = clock(cpu_time);
    let (verdict, searched) = assist::winnability_by_nodes(game.state(), nodes);
    (verdict, elapsed(began), searched)
}

/// A search as "show me" does it, in a phone's memory, within `budget`.
fn reference(game: &Game, budget: Duration, cpu_time: bool) -> Outcome {
    let began = clock(cpu_time);
    let limits = Limits { max_nodes: u64::MAX, max_memory_bytes: 64 << 20 };
    solver::solve_for_player(game.state(), &limits, &|| elapsed(began) >= budget)
}

/// The line positions are taken from: "show me"'s won line, else the heuristic hint's moves.
fn line_of(kind: GameKind, number: u64, options: Options) -> Result<Vec<Move>, String> {
    let mut game = Game::new(kind, number);
    if let Outcome::Won(line) = reference(&game, options.reference, options.cpu_time) {
        replay(game.state(), &line).map_err(|e| format!("deal {number}: BUG: the won line fails replay: {e}"))?;
        return Ok(line);
    }
    let mut line = Vec::new();
    let no_search = Limits { max_nodes: 0, ..Limits::quick() };
    while line.len() < PLAYED_WITHOUT_HELP {
        let Some(mv) = solver::hint(game.state(), game.last_move(), &no_search, &|| false) else { break };
        game.play(mv).map_err(|e| format!("deal {number}: the heuristic's move {mv:?} is illegal: {e}"))?;
        line.push(mv);
    }
    Ok(line)
}

/// Plays `count` random legal moves that are not null moves, from a seed of the position's own.
fn slip(game: &mut Game, count: usize, mut seed: u64) {
    for _ in 0..count {
        let moves: Vec<Move> =
            game.state().legal_move_list().into_iter().filter(|&mv| !game.state().is_null_move(mv)).collect();
        if moves.is_empty() {
            return;
        }
        // xorshift64: deterministic, so a run can be repeated.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        if game.play(mv).is_err() {
            return;
        }
    }
}

fn ask(game: &Game, options: Options) -> Asked {
    let Options { cpu_time, winnable, winnable_nodes, reference: budget, .. } = options;
    let (full, phone, nodes) = match winnable_nodes {
        Some(limit) => {
            let (verdict, time, nodes) = still_winnable_by_nodes(game, limit, cpu_time);
            // The phone's search is this one's first third.
            let phone = if nodes <= limit / u64::from(PHONE_SLOWER) { verdict } else { Verdict::Unknown };
            ((verdict, time), (phone, time), nodes)
        }
        None => (still_winnable(game, winnable, cpu_time), still_winnable(game, winnable / PHONE_SLOWER, cpu_time), 0),
    };
    let truth = match (full.0, phone.0) {
        (Verdict::Unknown, Verdict::Unknown) => Verdict::from(&reference(game, budget, cpu_time)),
        (Verdict::Unknown, decided) | (decided, _) => decided,
    };
    let began = clock(cpu_time);
    let hint = assist::hint(game, &mut assist::HintLine::default(), &|| false).ok();
    let hint_time = elapsed(began);
    let hint_from_win = hint.is_some_and(|h| h.leads_to_win);
    let hint_wins = match (hint, truth) {
        (_, Verdict::Unwinnable) => Some(false),
        (Some(h), _) if h.leads_to_win => Some(true),
        (Some(h), _) => {
            let mut after = game.clone();
            match after.play(h.mv).map(|()| reference(&after, budget, cpu_time)) {
                Ok(Outcome::Won(_)) => Some(true),
                Ok(Outcome::Unwinnable) | Err(_) => Some(false),
                Ok(Outcome::Unknown) => None,
            }
        }
        (None, _) => None,
    };
    Asked { full, phone, nodes, hint_from_win, hint_wins, hint_time, truth }
}

fn positions_of(number: u64, options: Options) -> Result<Vec<Asked>, String> {
    let line = line_of(options.kind, number, options)?;
    let mut asked = Vec::new();
    for depth in DEPTHS {
        let mut on_line = Game::new(options.kind, number);
        for &mv in &line[..line.len() * depth / 5] {
            on_line.play(mv).map_err(|e| format!("deal {number}: a move of its line is illegal: {e}"))?;
        }
        for mistakes in MISTAKES {
            let mut game = on_line.clone();
            slip(&mut game, mistakes, number.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (depth * 8 + mistakes) as u64 | 1);
            if !game.state().is_won() {
                asked.push(ask(&game, options));
            }
        }
    }
    Ok(asked)
}

pub fn run(args: &[String]) -> Result<(), String> {
    let (options, first, last, threads) = parse_args(args)?;
    crate::solve::map_large_blocks();
    let mut all = Vec::new();
    each_deal(
        first,
        last,
        threads,
        move |number| positions_of(number, options),
        |number, asked| {
            let asked = asked?;
            let certain = asked.iter().filter(|a| a.full.0 != Verdict::Unknown).count();
            let mut line = format!("deal {number}: {} positions, {certain} answered for certain", asked.len());
            if options.winnable_nodes.is_some() {
                let nodes: Vec<String> = asked
                    .iter()
                    .map(|a| if a.full.0 == Verdict::Unknown { "-".to_string() } else { a.nodes.to_string() })
                    .collect();
                line += &format!(" (nodes: {})", nodes.join(" "));
            }
            print_line(line)?;
            all.extend(asked);
            Ok(())
        },
    )?;
    print_line(summary(options, &all))
}

fn share(k: usize, n: usize) -> String {
    let pct = if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
    format!("{k}/{n} ({pct:.1}%)")
}

fn times(mut times: Vec<Duration>) -> String {
    times.sort();
    format!(
        "median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(percentile(&times, 1.0))
    )
}

fn summary(options: Options, all: &[Asked]) -> String {
    let n = all.len();
    let count = |f: &dyn Fn(&Asked) -> bool| all.iter().filter(|a| f(a)).count();
    let winnable = count(&|a| a.truth == Verdict::Winnable);
    let lost = count(&|a| a.truth == Verdict::Unwinnable);
    let clock = if options.cpu_time { "the thread's CPU time" } else { "wall-clock time" };
    let budget = ms(options.winnable);
    let (app, phone) = match options.winnable_nodes {
        Some(nodes) => (format!("{nodes} nodes"), format!("{} nodes", nodes / u64::from(PHONE_SLOWER))),
        None => (format!("{budget:.0} ms ({clock})"), format!("{:.0} ms", budget / f64::from(PHONE_SLOWER))),
    };
    let mut nodes: Vec<u64> = all.iter().filter(|a| a.full.0 != Verdict::Unknown).map(|a| a.nodes).collect();
    nodes.sort_unstable();
    let node_share = |q: f64| nodes.get(((nodes.len() as f64 * q).ceil() as usize).saturating_sub(1)).copied();
    let hinted = all.iter().filter(|a| a.truth == Verdict::Winnable);
    let judged: Vec<bool> = hinted.clone().filter_map(|a| a.hint_wins).collect();
    [
        format!(
            "--- {} mid-game (thoughtful solver: it sees face-down cards and the stock order)",
            options.kind.spec().name
        ),
        format!(
            "positions {n}: winnable {winnable}, lost {lost}, unknown {} (after {} ms of reference search)",
            n - winnable - lost,
            ms(options.reference)
        ),
        format!(
            "still winnable? at {app}: certain {}; {}",
            share(count(&|a| a.full.0 != Verdict::Unknown), n),
            times(all.iter().map(|a| a.full.1).collect())
        ),
        format!(
            "still winnable? at {phone} (a phone {PHONE_SLOWER} times slower): certain {}; {}",
            share(count(&|a| a.phone.0 != Verdict::Unknown), n),
            times(all.iter().map(|a| a.phone.1).collect())
        ),
        format!(
            "hints in winnable positions: from a found win {}, leading to a win {} ({} not judged); \
             time {} (bounded by nodes: a phone {PHONE_SLOWER} times slower takes {PHONE_SLOWER} times as long)",
            share(hinted.clone().filter(|a| a.hint_from_win).count(), winnable),
            share(judged.iter().filter(|&&w| w).count(), winnable),
            winnable - judged.len(),
            times(hinted.map(|a| a.hint_time).collect())
        ),
    ]
    .into_iter()
    .chain(options.winnable_nodes.map(|_| {
        format!(
            "nodes of the certain answers: median {:?}, p95 {:?}, p99 {:?}, max {:?}; all questions {}",
            node_share(0.5).unwrap_or(0),
            node_share(0.95).unwrap_or(0),
            node_share(0.99).unwrap_or(0),
            node_share(1.0).unwrap_or(0),
            all.iter().map(|a| a.nodes).sum::<u64>()
        )
    }))
    .collect::<Vec<_>>()
    .join("\n")
}
