//! A mutation fuzzer for what the core reads from disk and from people: saves and positions.
//!
//! Seeds are real saves and positions (every game, fresh and played, from deals and from
//! positions); each input is one to three mutations of a seed (bit flips, truncations, splices
//! of two seeds, duplicated and missing keys, huge numbers, deep nesting, another game's or
//! version's parts). The oracle: an input is rejected with a typed error, or restored to
//! something that writes back to an equivalent file. Panics are caught and their inputs kept;
//! a watchdog fails the run when one input takes longer than `HANG_LIMIT`.
#![allow(dead_code)] // each test crate uses a different subset

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proptest::prelude::Rng as _;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::Value;
use solitaire_core::daily::Date;
use solitaire_core::notation::{format_position, parse_position, position_to_json, Completeness, PositionJson};
use solitaire_core::{save, Game, GameKind};

/// Far above the slowest honest input (a 20,000-step history replayed), so only a hang trips it.
pub const HANG_LIMIT: Duration = Duration::from_secs(20);

pub struct Rng(TestRng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8..].copy_from_slice(&(!seed).to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::XorShift, &bytes))
    }

    /// Uniform enough in `0..n` for fuzzing (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// What is fuzzed: each target has its seeds and its oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `save::from_json`.
    Save,
    /// `notation::parse_position`, complete (as saves need) and partial (as analysis allows).
    Position,
}

impl Target {
    pub const ALL: [Target; 2] = [Target::Save, Target::Position];

    pub fn seeds(self) -> Seeds {
        let texts: Vec<String> = match self {
            Target::Save => seed_games().iter().map(save::to_json).collect(),
            Target::Position => seed_games().iter().map(|g| format_position(g.state())).collect(),
        };
        let values = texts.iter().map(|t| serde_json::from_str(t).expect("a seed is JSON")).collect();
        Seeds { texts, values }
    }

    /// Whether `input` was accepted; panics (saying why) when it breaks the promise.
    pub fn check(self, input: &str) -> bool {
        match self {
            Target::Save => check_save(input),
            Target::Position => check_position(input),
        }
    }
}

/// The texts mutations start from, and the same parsed once (structural edits and donors).
pub struct Seeds {
    texts: Vec<String>,
    values: Vec<Value>,
}

/// Real games of every kind: fresh deals, games played a little and a lot with undone moves
/// to redo, auto-play on, games begun from a position rather than a deal, and daily deals with
/// a move of "show me" played.
pub fn seed_games() -> Vec<Game> {
    let mut games = Vec::new();
    let mut rng = Rng::new(20_261_130);
    for kind in GameKind::ALL {
        for (deal, moves) in [(1, 0), (2, 8), (3, 40), (4, 150)] {
            let mut game = Game::new(kind, deal);
            game.set_auto_play(deal == 3);
            play_randomly(&mut game, moves, &mut rng);
            for _ in 0..moves.min(3) {
                let _ = game.undo();
            }
            game.resume(0);
            game.touch(1_000 * moves as u64);
            games.push(game);
        }
        let mut from_position = Game::new(kind, 5);
        play_randomly(&mut from_position, 12, &mut rng);
        let mut game = Game::from_position(from_position.state().clone());
        play_randomly(&mut game, 6, &mut rng);
        games.push(game);
        let mut daily = Game::new_daily(kind, Date::new(2026, 11, 30).expect("a date"));
        play_randomly(&mut daily, 5, &mut rng);
        if let Some(&mv) = daily.state().legal_move_list().first() {
            daily.play_assisted(mv).expect("a legal move");
        }
        games.push(daily);
    }
    games
}

fn play_randomly(game: &mut Game, moves: usize, rng: &mut Rng) {
    for _ in 0..moves {
        let legal = game.state().legal_move_list();
        if legal.is_empty() {
            break;
        }
        game.play(*rng.pick(&legal)).expect("a listed move is legal");
    }
}

/// One to three mutations of a seed; `seeds` also supplies the other half of splices.
pub fn mutate(seeds: &Seeds, rng: &mut Rng) -> String {
    let seed = rng.below(seeds.texts.len());
    // Parsed only while the text is still the seed's.
    let mut parsed = Some(&seeds.values[seed]);
    let mut text = seeds.texts[seed].clone();
    for _ in 0..1 + rng.below(3) {
        text = match rng.below(10) {
            0 => flip_bits(&text, rng),
            1 => truncate(&text, rng),
            2 => splice(&text, rng.pick::<String>(&seeds.texts), rng),
            3 => delete_or_repeat_span(&text, rng),
            4 => insert_key(&text, rng),
            5 => huge_number(&text, rng),
            6 => deep_nesting(&text, rng),
            _ => match parsed.cloned().or_else(|| serde_json::from_str(&text).ok()) {
                Some(value) => {
                    let donor = rng.pick(&seeds.values);
                    edit_value(value, donor, rng)
                }
                None => flip_bits(&text, rng),
            },
        };
        parsed = None;
    }
    text
}

fn flip_bits(text: &str, rng: &mut Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    if bytes.is_empty() {
        return text.to_string();
    }
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len());
        if rng.chance(2) {
            bytes[at] ^= 1 << rng.below(8);
        } else {
            bytes[at] = *rng.pick(b"{}[]\",:0123456789#-.e\\ \nAKQJT");
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn truncate(text: &str, rng: &mut Rng) -> String {
    let bytes = text.as_bytes();
    String::from_utf8_lossy(&bytes[..rng.below(bytes.len() + 1)]).into_owned()
}

/// The start of one save and the end of another, cut anywhere.
fn splice(text: &str, other: &str, rng: &mut Rng) -> String {
    let (a, b) = (text.as_bytes(), other.as_bytes());
    let mut bytes = a[..rng.below(a.len() + 1)].to_vec();
    bytes.extend_from_slice(&b[rng.below(b.len() + 1)..]);
    String::from_utf8_lossy(&bytes).into_owned()
}

fn delete_or_repeat_span(text: &str, rng: &mut Rng) -> String {
    let bytes = text.as_bytes();
    let start = rng.below(bytes.len() + 1);
    let end = (start + 1 + rng.below(64)).min(bytes.len());
    let mut out = bytes[..start].to_vec();
    if rng.chance(2) {
        out.extend_from_slice(&bytes[start..end]);
        out.extend_from_slice(&bytes[start..end]);
    }
    out.extend_from_slice(&bytes[end..]);
    String::from_utf8_lossy(&out).into_owned()
}

const KEYS: &[&str] = &[
    "format",
    "version",
    "game",
    "deal",
    "start",
    "position",
    "history",
    "redo",
    "elapsed_ms",
    "auto_play",
    "stats_recorded",
    "daily",
    "assisted",
    "tableau",
    "foundations",
    "cells",
    "reserve",
    "stock",
    "waste",
    "from",
    "to",
    "cards",
    "auto",
    "extra",
];
const VALUES: &[&str] = &[
    "null",
    "true",
    "0",
    "1",
    "-1",
    "255",
    "256",
    "4294967296",
    "18446744073709551616",
    "1e400",
    "\"dnieper\"",
    "\"chequers\"",
    "\"solitaire-save\"",
    "[]",
    "{}",
    "[[]]",
    "\"#AS\"",
    "\"\"",
];

/// A key (often one already there, so duplicated) right after an opening brace.
fn insert_key(text: &str, rng: &mut Rng) -> String {
    let braces: Vec<usize> = text.match_indices('{').map(|(i, _)| i).collect();
    if braces.is_empty() {
        return text.to_string();
    }
    let at = *rng.pick(&braces) + 1;
    format!("{}\"{}\":{},{}", &text[..at], rng.pick(KEYS), rng.pick(VALUES), &text[at..])
}

/// A run of digits replaced by a number too large (or too negative) for its field.
fn huge_number(text: &str, rng: &mut Rng) -> String {
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| c.is_ascii_digit() && !text[..i].ends_with(|p: char| p.is_ascii_digit()))
        .map(|(i, _)| i)
        .collect();
    if starts.is_empty() {
        return text.to_string();
    }
    let start = *rng.pick(&starts);
    let end = text[start..].find(|c: char| !c.is_ascii_digit()).map_or(text.len(), |n| start + n);
    let huge = *rng.pick(&[
        "4294967295",
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
        "-1",
        "-9223372036854775808",
        "1e400",
        "1.5",
        "99999999999999999999999999999999",
        "0",
    ]);
    format!("{}{}{}", &text[..start], huge, &text[end..])
}

/// A value replaced by arrays or objects nested far deeper than any save.
fn deep_nesting(text: &str, rng: &mut Rng) -> String {
    let depth = *rng.pick(&[64, 127, 128, 129, 1_000, 100_000]);
    let (open, close) = if rng.chance(2) { ("[", "]") } else { ("{\"a\":", "}") };
    let nested = format!("{}0{}", open.repeat(depth), close.repeat(depth));
    let colons: Vec<usize> = text.match_indices(':').map(|(i, _)| i + 1).collect();
    if colons.is_empty() {
        return nested;
    }
    let at = *rng.pick(&colons);
    let end = text[at..].find([',', '}']).map_or(text.len(), |n| at + n);
    format!("{}{}{}", &text[..at], nested, &text[end..])
}

/// A structural edit of the JSON: a key removed, a value of another type or from another seed
/// (another game, another version), list items dropped, repeated or swapped.
fn edit_value(mut value: Value, donor: &Value, rng: &mut Rng) -> String {
    let node = random_node(&mut value, rng);
    match node {
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len())).expect("in range").clone();
            match rng.below(3) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    let replacement = donor.get(&key).cloned().unwrap_or(Value::Null);
                    map.insert(key, replacement);
                }
                _ => {
                    map.insert(key, other_value(rng));
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            match rng.below(4) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.insert(rng.below(items.len() + 1), copy);
                }
                2 => {
                    let j = rng.below(items.len());
                    items.swap(i, j);
                }
                _ => items[i] = other_value(rng),
            }
        }
        other => *other = other_value(rng),
    }
    value.to_string()
}

/// A node anywhere in the tree, reached by a random walk from the root.
fn random_node<'a>(value: &'a mut Value, rng: &mut Rng) -> &'a mut Value {
    let mut pointer = String::new();
    let mut node = &*value;
    while !rng.chance(4) {
        let step = match node {
            Value::Object(map) if !map.is_empty() => map.iter().nth(rng.below(map.len())).map(|(k, v)| (k.clone(), v)),
            Value::Array(items) if !items.is_empty() => {
                let i = rng.below(items.len());
                Some((i.to_string(), &items[i]))
            }
            _ => None,
        };
        let Some((key, child)) = step else { break };
        pointer.push('/');
        pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
        node = child;
    }
    value.pointer_mut(&pointer).expect("the walk's own path")
}

fn other_value(rng: &mut Rng) -> Value {
    match rng.below(12) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(2)),
        2 => Value::from(u64::MAX),
        3 => Value::from(i64::MIN),
        4 => Value::from(u64::from(u32::MAX) + 1),
        5 => Value::from(rng.below(300) as u64),
        6 => Value::from(0.5),
        7 => Value::from(*rng.pick(&["", "#", "AS", "#KD", "10C", "tableau:255", "stock", "zerline", "\u{0}"])),
        8 => Value::Array(vec![]),
        9 => serde_json::json!({}),
        10 => Value::from(*rng.pick(&GameKind::ALL.map(|k| k.slug()))),
        _ => Value::Array(vec![Value::from("AS"); rng.below(300)]),
    }
}

/// A save is rejected, or restores to a game that saves back to an equivalent file (the same
/// JSON once the defaults the format leaves out are left out), that restores to the same game,
/// and that can still be played.
pub fn check_save(input: &str) -> bool {
    let Ok(game) = save::from_json(input) else { return false };
    let written = save::to_json(&game);
    let again = save::from_json(&written).unwrap_or_else(|e| panic!("a restored game's save is refused: {e}"));
    assert!(again == game, "restoring the written save gives another game");
    assert_eq!(save::to_json(&again), written, "writing is not a fixed point");
    let input_value: Value = serde_json::from_str(input).expect("the save parsed");
    assert_eq!(without_defaults(input_value), without_defaults(serde_json::from_str(&written).unwrap()));
    still_playable(game);
    true
}

/// The game answers every call a player can make without panicking.
fn still_playable(mut game: Game) {
    let elapsed = game.elapsed_ms();
    // An hour on screen.
    game.resume(1_000);
    game.touch(2_000);
    game.pause(3_601_000);
    assert!(game.elapsed_ms() >= elapsed, "the clock went back: {elapsed} to {}", game.elapsed_ms());
    let _ = game.redo();
    let _ = game.undo();
    if let Some(&mv) = game.state().legal_move_list().first() {
        game.play(mv).expect("a listed move is legal");
    }
    let _ = game.deal_stock();
    let _ = game.tap(0, 0);
    game.restart();
}

/// The keys a writer may leave out because they say nothing: `"start": null`, `"auto": false`,
/// `"assisted": false` (a version 1 save has no such key), absent optional fields given as
/// `null`, and `"cells": []` in a game without cells; and `"version"`, since an older save that
/// reads is written back in the current version.
fn without_defaults(value: Value) -> Value {
    let empty = |v: &Value| v.as_array().is_some_and(|a| a.is_empty());
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(key, v)| {
                    let unset = *v == Value::Bool(false) && (key == "auto" || key == "assisted");
                    !(v.is_null() || unset || key == "version" || (key == "cells" && empty(v)))
                })
                .map(|(key, v)| (key, without_defaults(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_defaults).collect()),
        other => other,
    }
}

/// A position is rejected, or reads back from what it writes, and what it writes says the same
/// as the input.
pub fn check_position(input: &str) -> bool {
    let mut accepted = false;
    for completeness in [Completeness::Complete, Completeness::Partial] {
        let Ok(state) = parse_position(input, completeness) else { continue };
        accepted = true;
        let written = format_position(&state);
        let again = parse_position(&written, completeness).unwrap_or_else(|e| panic!("its own text is refused: {e}"));
        assert_eq!(again, state);
        let mut given: PositionJson = serde_json::from_str(input).expect("the position parsed");
        // A game without cells may list none: `"cells": []` says what leaving it out says.
        given.cells = given.cells.filter(|cells| !cells.is_empty());
        assert_eq!(given, position_to_json(&state), "the position does not write back as given");
        let _ = state.legal_move_list();
    }
    accepted
}

/// Inputs between two progress lines.
const PROGRESS_EVERY: u64 = 250_000;

/// What one target's run found.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub inputs: u64,
    pub accepted: u64,
    pub panics: Vec<PathBuf>,
    pub slowest: Duration,
    pub took: Duration,
}

/// Checks `count` mutated inputs of `target`, from `seed`. Inputs that panic are written to
/// `keep_dir`; an input that runs past `HANG_LIMIT` fails the run (its text kept too).
pub fn run(target: Target, count: u64, seed: u64, keep_dir: PathBuf) -> Report {
    let current = Arc::new(Mutex::new(String::new()));
    let done = Arc::new(AtomicU64::new(0));
    let finished = Arc::new(AtomicBool::new(false));
    let worker = {
        let (current, done, finished, keep_dir) = (current.clone(), done.clone(), finished.clone(), keep_dir.clone());
        std::thread::spawn(move || {
            let report = fuzz(target, count, seed, &keep_dir, &current, &done);
            finished.store(true, Ordering::SeqCst);
            report
        })
    };
    let mut last = (0, Instant::now());
    while !finished.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(50));
        let now = done.load(Ordering::SeqCst);
        if now != last.0 {
            last = (now, Instant::now());
        } else if last.1.elapsed() > HANG_LIMIT {
            let kept = keep(&keep_dir, target, "hang", now, &current.lock().unwrap());
            panic!("{target:?}: input {now} ran for over {HANG_LIMIT:?} (kept as {})", kept.display());
        }
    }
    worker.join().expect("the fuzzing thread catches panics")
}

fn fuzz(
    target: Target,
    count: u64,
    seed: u64,
    keep_dir: &std::path::Path,
    current: &Mutex<String>,
    done: &AtomicU64,
) -> Report {
    let seeds = target.seeds();
    let mut rng = Rng::new(seed);
    let mut report = Report::default();
    let began = Instant::now();
    for n in 0..count {
        let input = mutate(&seeds, &mut rng);
        current.lock().unwrap().clone_from(&input);
        let started = Instant::now();
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| target.check(&input)));
        report.slowest = report.slowest.max(started.elapsed());
        match outcome {
            Ok(accepted) => report.accepted += u64::from(accepted),
            Err(_) => report.panics.push(keep(keep_dir, target, "panic", n, &input)),
        }
        report.inputs += 1;
        done.store(n + 1, Ordering::SeqCst);
        // A long run stopped early still says how far it got.
        if report.inputs % PROGRESS_EVERY == 0 {
            println!("{} so far", summary(target, &Report { took: began.elapsed(), ..report.clone() }));
        }
    }
    report.took = began.elapsed();
    report
}

fn keep(dir: &std::path::Path, target: Target, what: &str, n: u64, input: &str) -> PathBuf {
    std::fs::create_dir_all(dir).expect("the kept-inputs directory can be made");
    let path = dir.join(format!("{target:?}-{what}-{n}.txt").to_lowercase());
    std::fs::write(&path, input).expect("the input can be kept");
    path
}

/// One line per target for the log.
pub fn summary(target: Target, report: &Report) -> String {
    format!(
        "{target:?}: {} inputs, {} accepted, {} panics, slowest {:?}, took {:?}",
        report.inputs,
        report.accepted,
        report.panics.len(),
        report.slowest,
        report.took
    )
}
