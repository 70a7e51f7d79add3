//! Hostile input at the command line (issue 13, item 3): every subcommand against generated
//! arguments and standard input. What each run may do:
//!
//! - `deal`, `moves`, `apply`, `solve`, `help` and unknown commands: succeed (exit 0, nothing on
//!   stderr) or refuse (exit 2, exactly one line on stderr). Inputs that are bad by construction
//!   (unknown options, truncated JSON, ...) must be refused.
//! - `play` with bad arguments refuses the same way; with good arguments, any script is a player
//!   typing: every line is answered with a new screen and the game goes on until the input ends
//!   (exit 0, nothing on stderr).
//!
//! Never a panic, a stack trace, exit 101, a death by signal or a hang. The generator is seeded,
//! so a failure names its case and repeats. `SOLITAIRE_FUZZ_SCALE=N` runs N times as many cases.

mod common;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{solitaire, text};

/// SplitMix64: small, seeded, and enough to pick cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn bytes(&mut self, max: usize) -> Vec<u8> {
        let len = self.below(max + 1);
        (0..len).map(|_| self.next() as u8).collect()
    }

    /// Printable text, odd characters included; never a slash (generated paths stay in the
    /// scratch directory) nor NUL (no argument can hold one).
    fn word(&mut self) -> String {
        const ODD: [char; 8] = ['é', '♠', '\u{202e}', '\t', '\n', '"', '\\', ' '];
        let len = 1 + self.below(12);
        (0..len)
            .map(|_| if self.chance(20) { *self.pick(&ODD) } else { (b'!' + self.below(94) as u8) as char })
            .map(|c| if c == '/' { '_' } else { c })
            .collect()
    }
}

fn scale() -> usize {
    std::env::var("SOLITAIRE_FUZZ_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

/// A scratch directory for the runs of one test: their working directory and home, so that no
/// generated path and no default store lands anywhere else.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// A hang is a failure, not a stuck test run.
const LIMIT: Duration = Duration::from_secs(30);

fn run(dir: &Path, args: &[OsString], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solitaire"))
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let (stdin, length) = (stdin.to_vec(), stdin.len());
    // The program may stop reading early: a broken pipe is expected then, nothing else.
    let writer = std::thread::spawn(move || match input.write_all(&stdin) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        out.read_to_end(&mut bytes).map(|_| bytes)
    });
    let mut errors = Vec::new();
    err.read_to_end(&mut errors).unwrap();
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if began.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("hang: solitaire {args:?} with {length} bytes of input");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    writer.join().unwrap();
    Run { code: status.code(), stdout: text(&reader.join().unwrap().unwrap()), stderr: text(&errors) }
}

/// Succeeded quietly, or refused with one line; never anything else.
fn check(case: &str, run: &Run) {
    assert!(!run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"), "{case}: {}", run.stderr);
    match run.code {
        Some(0) => assert_eq!(run.stderr, "", "{case}"),
        Some(2) => {
            assert_eq!(run.stderr.lines().count(), 1, "{case}: {}", run.stderr);
            assert!(run.stderr.starts_with("solitaire: ") && run.stderr.ends_with('\n'), "{case}: {}", run.stderr);
        }
        other => panic!("{case}: exit {other:?}, stderr {}", run.stderr),
    }
}

fn refused(case: &str, run: &Run) {
    check(case, run);
    assert_eq!(run.code, Some(2), "{case} was accepted: {}", run.stdout);
}

fn os(args: &[String]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

const GAMES: [&str; 5] = ["dnieper", "yakutat-bay", "chequers", "zerline", "how-they-run"];
const NUMBERS: [&str; 14] = [
    "0",
    "1",
    "42",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-1",
    "1e3",
    "0x10",
    " 1",
    "",
    "+5",
    "٣",
    "1.5",
];
const RANGES: [&str; 10] = [
    "1..2",
    "3..1",
    "1..=2",
    "..",
    "a..b",
    "5..",
    "..5",
    "18446744073709551615..18446744073709551615",
    "1...2",
    "7..7",
];
const OPTIONS: [&str; 14] = [
    "--deal",
    "--deals",
    "--data-dir",
    "--budget-ms",
    "--threads",
    "--max-nodes",
    "--memory-mb",
    "--write-proven",
    "--bogus",
    "-x",
    "--",
    "---deal",
    "--deal=1",
    "--DEAL",
];

/// One argument: a game, a number, a range, an option or a random word.
fn argument(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => rng.pick(&GAMES).to_string(),
        1 => rng.pick(&NUMBERS).to_string(),
        2 => rng.pick(&RANGES).to_string(),
        3 | 4 => rng.pick(&OPTIONS).to_string(),
        _ => rng.word(),
    }
}

fn arguments(rng: &mut Rng, command: &str) -> Vec<String> {
    let mut args = vec![command.to_string()];
    args.extend((0..rng.below(6)).map(|_| argument(rng)));
    args
}

#[test]
fn generated_arguments_for_every_subcommand() {
    let dir = scratch("arguments");
    let mut rng = Rng(0x5eed_0001);
    let commands = ["deal", "moves", "apply", "solve", "play", "help", "frobnicate", "", "-h", "PLAY"];
    for _ in 0..120 * scale() {
        let command = *rng.pick(&commands);
        let mut args = arguments(&mut rng, command);
        if command == "solve" {
            // Bounded work whatever else is generated; a repeated --max-nodes is refused.
            args.extend(["--max-nodes".into(), "50".into()]);
        }
        let stdin = if rng.chance(50) { rng.bytes(64) } else { Vec::new() };
        let case = format!("solitaire {args:?}");
        check(&case, &run(&dir, &os(&args), &stdin));
    }
}

#[test]
fn unknown_options_repeated_flags_and_extra_arguments_are_refused_by_every_subcommand() {
    let dir = scratch("refused-arguments");
    let mut rng = Rng(0x5eed_0002);
    let good: [&[&str]; 5] = [
        &["deal", "chequers", "--deal", "3"],
        &["moves"],
        &["apply", r#"{"from":"stock"}"#],
        &["solve", "zerline", "--deals", "1..1", "--max-nodes", "10"],
        &["play", "dnieper", "--deal", "4"],
    ];
    for _ in 0..4 * scale() {
        for args in good {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let unknown = format!("--no-such-{}", rng.word());
            let repeated = args.iter().find(|a| a.starts_with("--")).cloned().unwrap_or_else(|| unknown.clone());
            let at = 1 + rng.below(args.len());
            for bad in [
                [&args[..at], &[unknown, "1".into()], &args[at..]].concat(),
                [&args[..], &[repeated, "1".into()]].concat(),
                [&args[..], &["surplus".to_string()]].concat(),
            ] {
                refused(&format!("solitaire {bad:?}"), &run(&dir, &os(&bad), b""));
            }
        }
    }
}

/// Opening positions of every game and the positions after their first legal moves, each with
/// its legal moves.
fn positions() -> Vec<(String, Vec<String>)> {
    let with_moves = |position: String| {
        let moves: Vec<String> = text(&solitaire(&["moves"], &position).stdout).lines().map(String::from).collect();
        (position, moves)
    };
    let mut all = Vec::new();
    for game in GAMES {
        for deal in ["1", "2"] {
            let (start, moves) = with_moves(text(&solitaire(&["deal", game, "--deal", deal], "").stdout));
            for mv in moves.iter().take(3) {
                all.push(with_moves(text(&solitaire(&["apply", mv], &start).stdout)));
            }
            all.push((start, moves));
        }
    }
    all
}

/// `position` with cards taken out, moved to other piles or turned over, or another game's
/// name: still JSON, now doubtful as a position. Reaches the engine's checks, not the parser's.
fn reshuffle(rng: &mut Rng, position: &str) -> Vec<u8> {
    let mut json: serde_json::Value = serde_json::from_str(position).unwrap();
    let object = json.as_object_mut().unwrap();
    // Every pile, as (field, index within the field or none for a single pile).
    let mut piles = Vec::new();
    for (field, value) in object.iter() {
        match value.as_array() {
            Some(list) if list.iter().all(|v| v.is_array()) => {
                piles.extend((0..list.len()).map(|i| (field.clone(), Some(i))))
            }
            Some(_) => piles.push((field.clone(), None)),
            None => {}
        }
    }
    for _ in 0..1 + rng.below(4) {
        if piles.is_empty() {
            break;
        }
        let from = rng.pick(&piles).clone();
        let to = rng.pick(&piles).clone();
        let cards = pile(object, &from);
        if cards.is_empty() {
            continue;
        }
        let card = cards.remove(rng.below(cards.len()));
        let card = card.as_str().unwrap_or("").to_string();
        let card = match rng.below(3) {
            0 => continue, // taken out
            1 => card.strip_prefix('#').map_or(format!("#{card}"), String::from),
            _ => card,
        };
        let target = pile(object, &to);
        target.insert(rng.below(target.len() + 1), card.into());
    }
    if rng.chance(10) {
        object.insert("game".into(), rng.pick(&GAMES).to_string().into());
    }
    json.to_string().into_bytes()
}

/// The cards of one pile: `field`, or pile `index` of `field` for a list of piles.
fn pile<'a>(
    object: &'a mut serde_json::Map<String, serde_json::Value>,
    (field, index): &(String, Option<usize>),
) -> &'a mut Vec<serde_json::Value> {
    let value = object.get_mut(field).unwrap();
    let value = match index {
        Some(i) => &mut value.as_array_mut().unwrap()[*i],
        None => value,
    };
    value.as_array_mut().unwrap()
}

/// `text` damaged one way or another: JSON that may or may not still parse.
fn garble(rng: &mut Rng, text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    if bytes.is_empty() {
        bytes.push(b'{');
    }
    let at = |rng: &mut Rng, bytes: &Vec<u8>| rng.below(bytes.len().max(1));
    match rng.below(7) {
        0 => {
            // Replace a few bytes with JSON-ish ones.
            for _ in 0..1 + rng.below(4) {
                let i = at(rng, &bytes);
                bytes[i] = *rng.pick(b"[]{}\",:#0123456789ACDHJKQSTxz -");
            }
        }
        1 => {
            let (i, j) = (at(rng, &bytes), at(rng, &bytes));
            bytes.drain(i.min(j)..i.max(j));
        }
        2 => {
            let (i, j) = (at(rng, &bytes), at(rng, &bytes));
            let copy = bytes[i.min(j)..i.max(j)].to_vec();
            let k = at(rng, &bytes);
            bytes.splice(k..k, copy);
        }
        3 => {
            let number = *rng.pick(&["99999999999999999999999999", "-1", "1e999", "18446744073709551616", "0.5"]);
            let k = at(rng, &bytes);
            bytes.splice(k..k, number.bytes());
        }
        4 => {
            // Another game's name over the same cards.
            let text = text.replacen(&format!("\"{}\"", game_of(text)), &format!("\"{}\"", rng.pick(&GAMES)), 1);
            bytes = text.into_bytes();
        }
        5 => {
            // Quotes swapped around: tokens change places, cards become names and back.
            let mut parts: Vec<&str> = text.split('"').collect();
            let n = parts.len();
            for _ in 0..1 + rng.below(3) {
                parts.swap(rng.below(n), rng.below(n));
            }
            bytes = parts.join("\"").into_bytes();
        }
        _ => {
            let depth = 1 + rng.below(100_000);
            bytes = "[".repeat(depth).into_bytes();
        }
    }
    bytes
}

fn game_of(position: &str) -> &str {
    position.split('"').nth(3).unwrap_or("")
}

#[test]
fn truncated_garbled_and_random_positions_for_moves_and_apply() {
    let dir = scratch("positions");
    let mut rng = Rng(0x5eed_0003);
    let positions = positions();
    let moves = [
        r#"{"from":"stock"}"#,
        r#"{"from":"tableau:0","cards":1,"to":"tableau:1"}"#,
        r#"{"from":"tableau:0","cards":0,"to":"foundation:0"}"#,
        r#"{"from":"tableau:0","cards":255,"to":"tableau:1"}"#,
        r#"{"from":"tableau:0","cards":256,"to":"tableau:1"}"#,
        r#"{"from":"tableau:18446744073709551616","cards":1,"to":"tableau:1"}"#,
        r#"{"from":"cell:9","cards":1,"to":"reserve"}"#,
        r#"{"from":"waste","cards":-1,"to":"foundation:7"}"#,
        r#"{"from":"stock","cards":1,"to":"stock"}"#,
        r#"{"from":"reserve"}"#,
        "",
        "null",
    ];
    for i in 0..150 * scale() {
        let (position, legal) = rng.pick(&positions);
        // Without its final newline a position is still whole; shorter is truncated.
        let position = position.trim_end();
        let (stdin, must_refuse) = match rng.below(6) {
            0 => (position.as_bytes()[..rng.below(position.len())].to_vec(), true),
            1 => (rng.bytes(300), false),
            2 | 3 => (garble(&mut rng, position), false),
            _ => (reshuffle(&mut rng, position), false),
        };
        let args: Vec<String> = if rng.chance(40) {
            vec!["moves".into()]
        } else {
            let mv = match rng.below(3) {
                0 if !legal.is_empty() => rng.pick(legal).clone(),
                0 | 1 => rng.pick(&moves).to_string(),
                _ => {
                    let mv = rng.pick(legal).clone();
                    text(&garble(&mut rng, &mv))
                }
            };
            vec!["apply".into(), mv]
        };
        let case = format!("case {i}: solitaire {args:?} < {:?}", text(&stdin));
        let result = run(&dir, &os(&args), &stdin);
        if must_refuse {
            refused(&case, &result);
        } else {
            check(&case, &result);
        }
    }
}

#[test]
fn solve_with_generated_limits_and_ranges() {
    let dir = scratch("solve");
    let mut rng = Rng(0x5eed_0004);
    for _ in 0..30 * scale() {
        let mut args: Vec<String> = vec!["solve".into(), rng.pick(&GAMES).to_string()];
        args.extend(["--deals".into(), rng.pick(&RANGES).to_string()]);
        args.extend(["--max-nodes".into(), rng.pick(&["0", "1", "30", "-3", "x"]).to_string()]);
        for flag in ["--budget-ms", "--threads", "--memory-mb"] {
            if rng.chance(50) {
                args.extend([flag.into(), rng.pick(&NUMBERS).to_string()]);
            }
        }
        if rng.chance(20) {
            args.extend(["--write-proven".into(), rng.word()]);
        }
        check(&format!("solitaire {args:?}"), &run(&dir, &os(&args), b""));
    }
}

/// Lines a player might type, mistypes and junk among them; never one that quits.
fn script(rng: &mut Rng) -> (Vec<u8>, usize) {
    const LINES: [&str; 30] = [
        "s",
        "w",
        "t1",
        "t2",
        "t3 t5",
        "t1 f1",
        "t4 t2 2",
        "t4 t2 0",
        "t4 t2 255",
        "t4 t2 256",
        "t1:1",
        "t1:0",
        "t1:99",
        "t9:1",
        "c1",
        "r",
        "f1",
        "u",
        "y",
        "undo",
        "redo",
        "auto",
        "stats",
        "help",
        "new",
        "new 18446744073709551616",
        "winnable",
        "restart",
        "n",
        "yes",
    ];
    let mut bytes = Vec::new();
    let lines = 5 + rng.below(40);
    for _ in 0..lines {
        match rng.below(10) {
            0 => bytes.extend(rng.bytes(40).into_iter().filter(|b| *b != b'\n')),
            1 => bytes.extend(rng.word().replace('\n', " ").bytes()),
            2 => bytes.extend(format!("{} {} {}", rng.word(), argument(rng), argument(rng)).replace('\n', " ").bytes()),
            _ => bytes.extend(rng.pick(&LINES).bytes()),
        }
        bytes.push(b'\n');
    }
    (bytes, lines)
}

fn quits(line: &[u8]) -> bool {
    matches!(String::from_utf8_lossy(line).split_whitespace().collect::<Vec<_>>().as_slice(), ["q" | "quit" | "exit"])
}

#[test]
fn play_answers_every_line_of_a_hostile_script_and_goes_on() {
    let dir = scratch("play");
    let mut rng = Rng(0x5eed_0005);
    for i in 0..16 * scale() {
        let game = *rng.pick(&GAMES);
        let (stdin, lines) = script(&mut rng);
        if stdin.split(|&b| b == b'\n').any(quits) {
            continue;
        }
        let store = format!("store-{}", rng.below(3));
        let args = os(&["play".into(), game.into(), "--data-dir".into(), store]);
        let case = format!("case {i}: solitaire {args:?} < {:?}", text(&stdin));
        let result = run(&dir, &args, &stdin);
        assert_eq!(result.code, Some(0), "{case}: {}", result.stderr);
        assert_eq!(result.stderr, "", "{case}");
        // One screen to start, then one per line typed (an answer to a question is a line too).
        let screens = result.stdout.matches(" — deal ").count();
        assert_eq!(screens, lines + 1, "{case}\n{}", result.stdout);
        assert!(result.stdout.ends_with("Saved. Bye!\n"), "{case}: {}", result.stdout);
    }
}
