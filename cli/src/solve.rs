//! `solitaire solve <game> --deals A..B [--budget-ms N] [--threads N] [--max-nodes N]
//! [--memory-mb N] [--write-proven PATH] [--cpu-time] [--for-player]`: solve a range of deals,
//! one line each, then a summary. `--for-player` solves as hints and "show me" do, so the lines
//! reported are those a player follows. `--cpu-time` measures budgets and times in the solving
//! thread's CPU time (Linux), so a sweep on a shared machine measures the solver, not the other
//! work. Every won line is replayed through the engine before it counts: the engine judges.

use solitaire_core::solver::{self, Limits, Outcome};
use solitaire_core::{deal, GameKind, Move, State};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::print_line;

const USAGE: &str = "usage: solitaire solve <game> --deals A..B (inclusive) [--budget-ms N (default 10000)] \
[--threads N (default 1)] [--max-nodes N] [--memory-mb N (default 256)] [--write-proven PATH] [--cpu-time] \
[--for-player]";

struct Options {
    kind: GameKind,
    first: u64,
    last: u64,
    budget: Duration,
    threads: usize,
    limits: Limits,
    write_proven: Option<String>,
    cpu_time: bool,
    for_player: bool,
}

enum Verdict {
    Won(usize),
    Unwinnable,
    Unknown,
    /// A won line the engine rejected: a solver bug.
    BadLine(String),
}

struct Solved {
    verdict: Verdict,
    time: Duration,
    nodes: u64,
    table_bytes: usize,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let words = crate::args::parse_with_switches(
        args,
        1,
        &["--deals", "--budget-ms", "--threads", "--max-nodes", "--memory-mb", "--write-proven"],
        &["--cpu-time", "--for-player"],
    )
    .map_err(|e| format!("{e}; {USAGE}"))?;
    let kind = crate::args::game(Some(words.positional(0).ok_or(USAGE)?))?;
    let (first, last) = deal_range(&words, USAGE)?;
    let mut limits = Limits::default();
    if let Some(nodes) = words.number("--max-nodes")? {
        limits.max_nodes = nodes;
    }
    if let Some(mb) = words.number("--memory-mb")? {
        limits.max_memory_bytes = usize::try_from(mb).unwrap_or(usize::MAX).saturating_mul(1 << 20);
    }
    Ok(Options {
        kind,
        first,
        last,
        budget: Duration::from_millis(words.number("--budget-ms")?.unwrap_or(10_000)),
        threads: thread_count(&words, first, last)?,
        limits,
        write_proven: words.flag("--write-proven").cloned(),
        cpu_time: words.switch("--cpu-time"),
        for_player: words.switch("--for-player"),
    })
}

/// `--deals A..B` (inclusive; `A..=B` too).
pub(crate) fn deal_range(words: &crate::args::Words, usage: &str) -> Result<(u64, u64), String> {
    let text = words.flag("--deals").ok_or_else(|| format!("--deals is required; {usage}"))?;
    let (a, b) = text.split_once("..").ok_or_else(|| format!("--deals wants A..B, not {text:?}"))?;
    let b = b.strip_prefix('=').unwrap_or(b);
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(a), Ok(b)) if a <= b => Ok((a, b)),
        _ => Err(format!("--deals wants A..B with A <= B, not {text:?}")),
    }
}

/// `--threads N` (default 1), at most one a deal: more threads than deals would only wait.
pub(crate) fn thread_count(words: &crate::args::Words, first: u64, last: u64) -> Result<usize, String> {
    let threads = words.number("--threads")?.unwrap_or(1);
    if threads == 0 {
        return Err("--threads must be at least 1".to_string());
    }
    Ok(usize::try_from(threads.min((last - first).saturating_add(1))).unwrap_or(usize::MAX))
}

/// Plays `line` from `start` through the engine: every move must be legal, the end a win.
pub(crate) fn replay(start: &State, line: &[Move]) -> Result<(), String> {
    let mut state = start.clone();
    let mut effects = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        if !state.apply(mv, &mut effects) {
            return Err(format!("move {} of {} ({mv:?}) is illegal", i + 1, line.len()));
        }
    }
    if state.is_won() {
        Ok(())
    } else {
        Err(format!("the {} moves end in a position that is not won", line.len()))
    }
}

/// The calling thread's time on a CPU, from Linux's /proc/thread-self/schedstat.
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(text.split_whitespace().next()?.parse().ok()?))
}

/// Time since `began`: the thread's CPU time when asked for and available, else wall time.
pub(crate) fn elapsed(began: (Instant, Option<Duration>)) -> Duration {
    match (began.1, thread_cpu_time()) {
        (Some(cpu), Some(now)) => now.saturating_sub(cpu),
        _ => began.0.elapsed(),
    }
}

fn solve_one(
    kind: GameKind,
    number: u64,
    budget: Duration,
    limits: &Limits,
    cpu_time: bool,
    for_player: bool,
) -> Solved {
    let start = deal(kind, number);
    let began = (Instant::now(), if cpu_time { thread_cpu_time() } else { None });
    let cancel = || elapsed(began) >= budget;
    let mut report = solver::solve_with_report(&start, limits, &cancel);
    if let (true, Outcome::Won(line)) = (for_player, &mut report.outcome) {
        *line = solver::line_for_player(&start, std::mem::take(line), limits, &cancel);
    }
    let time = elapsed(began);
    let verdict = match report.outcome {
        Outcome::Won(line) => match replay(&start, &line) {
            Ok(()) => Verdict::Won(line.len()),
            Err(e) => Verdict::BadLine(e),
        },
        Outcome::Unwinnable => Verdict::Unwinnable,
        Outcome::Unknown => Verdict::Unknown,
    };
    Solved { verdict, time, nodes: report.nodes, table_bytes: report.table_bytes }
}

/// Wilson score interval for `k` successes in `n` trials, 95%.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.959_964);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

pub(crate) fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The process's peak resident memory, from Linux's /proc/self/status.
fn vm_hwm() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}

pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// glibc raises its mmap threshold each time it frees a mapped block (up to 32 MiB) and then
/// serves blocks below it from its heap, where freed memory stays resident: the beam's rounds
/// and the tables' doubling left a search's process above what the search holds (How They
/// Run deal 457 at 64 MiB: 73.1 MiB). Phones' allocators (Scudo, libmalloc) map large blocks by
/// themselves and give them back when freed. A fixed threshold does the same here; at 4 MiB
/// that deal peaks at 65.4 MiB, and blocks below it are still reused rather than mapped afresh
/// (at glibc's initial 128 KiB: 54.9 MiB, but Zerline's two-thread sweep of deals 1..100 ran at
/// 3.1 M nodes/s a thread against 4.4 M, faulting in fresh pages; at 4 MiB, 4.0 to 4.3 M).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) fn map_large_blocks() {
    use std::ffi::c_int;
    extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }
    const M_MMAP_THRESHOLD: c_int = -3;
    // SAFETY: called before the solver threads start; it only sets an allocator parameter.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 4 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(crate) fn map_large_blocks() {}

pub fn run(args: &[String]) -> Result<(), String> {
    let options = parse_args(args)?;
    map_large_blocks();
    let Options { kind, first, last, budget, threads, limits, cpu_time, for_player, .. } = options;
    let mut all = Vec::new();
    each_deal(
        first,
        last,
        threads,
        move |number| solve_one(kind, number, budget, &limits, cpu_time, for_player),
        |number, solved: Solved| {
            let what = match &solved.verdict {
                Verdict::Won(n) => format!("won in {n} moves"),
                Verdict::Unwinnable => "unwinnable".to_string(),
                Verdict::Unknown => "unknown".to_string(),
                Verdict::BadLine(e) => format!("BUG: the solver's winning line fails replay: {e}"),
            };
            print_line(format!("deal {number}: {what}, {:.1} ms, {} nodes", ms(solved.time), solved.nodes))?;
            all.push((number, solved));
            Ok(())
        },
    )?;
    print_line(summary(kind, &options.limits, budget, threads, &all))?;

    if let Some(path) = &options.write_proven {
        let won: Vec<u64> = all.iter().filter(|(_, s)| matches!(s.verdict, Verdict::Won(_))).map(|(n, _)| *n).collect();
        let name = kind.spec().name;
        let (count, slug, ms, nodes, mib) =
            (won.len(), kind.slug(), budget.as_millis(), limits.max_nodes, limits.max_memory_bytes >> 20);
        let (clock, cpu_switch) =
            if options.cpu_time { (" of the solving thread's CPU time", " --cpu-time") } else { ("", "") };
        let header = format!(
            "{name}: deals proved winnable by the solver (thoughtful: it sees face-down cards and the stock).\n\
             {count} of deals {first}..{last}; budget {ms} ms{clock}, {nodes} nodes, {mib} MiB per deal.\n\
             Regenerate: solitaire solve {slug} --deals {first}..{last} --budget-ms {ms} --threads {threads} \
             --max-nodes {nodes} --memory-mb {mib}{cpu_switch} --write-proven {path}"
        );
        std::fs::write(path, solver::format_proven(&header, &won)).map_err(|e| format!("cannot write {path}: {e}"))?;
        print_line(format!("wrote {} proven deals to {path}", won.len()))?;
    }
    let bad = all.iter().filter(|(_, s)| matches!(s.verdict, Verdict::BadLine(_))).count();
    if bad > 0 {
        return Err(format!("{bad} winning lines failed replay: solver bug"));
    }
    Ok(())
}

/// Runs `work` on every deal of `first..=last` on `threads` threads, handing each result to
/// `report` in deal order whatever order the workers finish in.
pub(crate) fn each_deal<T: Send + 'static>(
    first: u64,
    last: u64,
    threads: usize,
    work: impl Fn(u64) -> T + Send + Clone + 'static,
    mut report: impl FnMut(u64, T) -> Result<(), String>,
) -> Result<(), String> {
    // Workers count deals from `first`, so that a range ending at u64::MAX cannot wrap around.
    let span = last - first;
    let next = Arc::new(AtomicU64::new(0));
    let (sender, results) = mpsc::channel();
    let mut workers = Vec::with_capacity(threads);
    for _ in 0..threads {
        let (next, sender, work) = (Arc::clone(&next), sender.clone(), work.clone());
        let worker = std::thread::Builder::new().spawn(move || loop {
            let offset = next.fetch_add(1, Ordering::Relaxed);
            if offset > span {
                break;
            }
            let number = first + offset;
            if sender.send((number, work(number))).is_err() {
                break;
            }
        });
        workers.push(worker.map_err(|e| format!("cannot start solver thread {}: {e}", workers.len() + 1))?);
    }
    drop(sender);
    let mut pending = BTreeMap::new();
    let mut printed = first;
    for (number, result) in results {
        pending.insert(number, result);
        while let Some(result) = pending.remove(&printed) {
            report(printed, result)?;
            // Saturating: after deal u64::MAX nothing is left to report.
            printed = printed.saturating_add(1);
        }
    }
    for worker in workers {
        worker.join().map_err(|_| "a solver thread panicked".to_string())?;
    }
    Ok(())
}

/// The lines after the last deal: counts, winnable share, times, nodes, memory.
fn summary(kind: GameKind, limits: &Limits, budget: Duration, threads: usize, all: &[(u64, Solved)]) -> String {
    let tally = |f: fn(&Verdict) -> bool| all.iter().filter(|(_, s)| f(&s.verdict)).count();
    let won = tally(|v| matches!(v, Verdict::Won(_)));
    let unwinnable = tally(|v| matches!(v, Verdict::Unwinnable));
    let unknown = tally(|v| matches!(v, Verdict::Unknown));
    let bad = tally(|v| matches!(v, Verdict::BadLine(_)));
    let n = all.len();
    let decided = won + unwinnable;
    let pct = |k: usize, n: usize| if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
    let (low, high) = wilson(won, decided);
    let mut times: Vec<Duration> = all.iter().map(|(_, s)| s.time).collect();
    times.sort();
    let nodes: u64 = all.iter().map(|(_, s)| s.nodes).sum();
    let busy: f64 = times.iter().map(Duration::as_secs_f64).sum();
    let table = all.iter().map(|(_, s)| s.table_bytes).max().unwrap_or(0);
    let mut lines = Vec::new();
    lines.push(format!("--- {} (thoughtful solver: it sees face-down cards and the stock order)", kind.spec().name));
    lines.push(format!(
        "deals {n}: won {won}, unwinnable {unwinnable}, unknown {unknown}, replay failures {bad}; \
         budget {} ms and {} nodes per deal, {threads} thread(s)",
        budget.as_millis(),
        limits.max_nodes
    ));
    lines.push(format!("decided {decided} ({:.1}%)", pct(decided, n)));
    lines.push(format!(
        "winnable {:.1}% of decided (95% CI {:.1}-{:.1}%, Wilson); {:.1}-{:.1}% of all deals counting unknowns both ways",
        pct(won, decided),
        100.0 * low,
        100.0 * high,
        pct(won, n),
        pct(won + unknown, n)
    ));
    lines.push(format!(
        "time per deal: median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(percentile(&times, 1.0))
    ));
    lines.push(format!(
        "nodes: {nodes} in {busy:.1} s of solving, {:.2} M nodes/s per thread",
        if busy > 0.0 { nodes as f64 / busy / 1e6 } else { 0.0 }
    ));
    lines.push(format!(
        "peak memory: transposition table reserved up to {:.0} MiB per thread (pages touched as used); \
         process VmHWM {}",
        table as f64 / f64::from(1 << 20),
        vm_hwm().unwrap_or_else(|| "unavailable".to_string())
    ));
    lines.join("\n")
}
