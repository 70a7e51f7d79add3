//! Saves and positions under a mutation fuzzer (see `fuzz/mod.rs`): every damaged input is
//! refused with a typed error or restored to something that writes back the same; none panics
//! or hangs. The default run tries 3,000 inputs per target; the long mode (see `README.md`)
//! tries `FUZZ_INPUTS` per target, 5 million unless set: 10 million in all.

mod fuzz;

use std::path::PathBuf;

use fuzz::{run, summary, Target};

fn kept_inputs() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-kept")
}

/// The targets side by side, one thread each.
fn fuzz_every_target(count: u64, seed: u64) {
    let runs: Vec<_> = Target::ALL
        .into_iter()
        .map(|target| (target, std::thread::spawn(move || run(target, count, seed, kept_inputs()))))
        .collect();
    let mut failures = Vec::new();
    for (target, running) in runs {
        let report = running.join().expect("no hang");
        println!("{}", summary(target, &report));
        assert_eq!(report.inputs, count);
        assert!(report.accepted > 0, "{target:?}: no mutated input was accepted, so the round trip went untested");
        failures.extend(report.panics);
    }
    assert!(failures.is_empty(), "inputs that panicked, kept as: {failures:#?}");
}

#[test]
fn mutated_saves_and_positions_are_refused_or_round_trip() {
    fuzz_every_target(3_000, 1);
}

#[test]
#[ignore = "long mode: minutes in release; start it with --ignored"]
fn long_mode_mutated_saves_and_positions() {
    let count = std::env::var("FUZZ_INPUTS").map_or(5_000_000, |n| n.parse().expect("FUZZ_INPUTS is a count"));
    let seed = std::env::var("FUZZ_SEED").map_or(2, |n| n.parse().expect("FUZZ_SEED is a number"));
    fuzz_every_target(count, seed);
}
