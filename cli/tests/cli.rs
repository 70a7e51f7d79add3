//! The `solitaire` program as scripts and players use it.

mod common;

use common::{solitaire, text};

#[test]
fn deal_moves_and_apply_chain_through_json() {
    let dealt = solitaire(&["deal", "zerline", "--deal", "42"], "");
    assert!(dealt.status.success());
    let position = text(&dealt.stdout);
    assert!(position.starts_with(r#"{"game":"zerline","tableau":[["#), "{position}");
    let moves = text(&solitaire(&["moves"], &position).stdout);
    assert!(moves.lines().any(|l| l == r#"{"from":"stock"}"#), "{moves}");
    let after = solitaire(&["apply", r#"{"from":"stock"}"#], &position);
    assert!(after.status.success());
    let after = text(&after.stdout);
    assert!(after.contains(r#""waste":[""#) && !after.contains(r#""waste":[]"#), "{after}");
    for line in moves.lines() {
        assert!(solitaire(&["apply", line], &position).status.success(), "listed move {line} is refused");
    }
}

#[test]
fn a_game_may_be_named_as_the_menu_writes_it() {
    let by_slug = solitaire(&["deal", "how-they-run", "--deal", "7"], "");
    let by_name = solitaire(&["deal", "How They Run", "--deal", "7"], "");
    assert!(by_name.status.success(), "{}", text(&by_name.stderr));
    assert_eq!(text(&by_name.stdout), text(&by_slug.stdout));
}

#[test]
fn analysis_positions_may_leave_cards_out() {
    let position = r#"{"game":"how-they-run","tableau":[["9H","8H"],[],[],[],[],[],[],[],[],[]],"cells":[["7H"],[]],"foundations":[[],[],[],[]]}"#;
    let out = solitaire(&["apply", r#"{"from":"cell:0","cards":1,"to":"tableau:0"}"#], position);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(r#"["9H","8H","7H"]"#));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_status_2() {
    let dealt = text(&solitaire(&["deal", "dnieper", "--deal", "1"], "").stdout);
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["deal", "klondike", "--deal", "1"], String::new()),
        (vec!["deal", "dnieper", "--deal", "x"], String::new()),
        (vec!["deal", "dnieper"], String::new()),
        (vec!["moves"], "{not json".into()),
        (vec!["moves"], r#"{"game":"dnieper","tableau":[["ZZ"]],"foundations":[]}"#.into()),
        (vec!["moves"], dealt.replacen("[\"#", "[\"#AS\",\"#AS\",\"#", 1)),
        (vec!["apply", r#"{"from":"tableau:0","cards":4,"to":"tableau:1"}"#], dealt.clone()),
        (vec!["apply", r#"{"from":"tableau:99","cards":1,"to":"tableau:1"}"#], dealt.clone()),
        (vec!["apply", "garbage"], dealt.clone()),
        (vec!["apply"], dealt.clone()),
        (vec!["frobnicate"], String::new()),
        (vec![], String::new()),
    ];
    for (args, stdin) in cases {
        let out = solitaire(&args, &stdin);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("solitaire: ") && !err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Each case was a panic, a hang or a silently ignored mistake before.
#[cfg(unix)]
#[test]
fn hostile_arguments_and_outputs_found_while_fuzzing_are_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::process::{Command, Stdio};

    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-hostile-arguments");
    let dir = dir.to_str().unwrap();
    let not_utf8 = OsStr::from_bytes(b"dn\xffieper");
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let cases: Vec<(Vec<&OsStr>, Option<std::fs::File>)> = vec![
        // std::env::args() panicked on an argument that is not UTF-8.
        (vec![not_utf8], None),
        (vec![OsStr::new("deal"), not_utf8, OsStr::new("--deal"), OsStr::new("1")], None),
        // println! panicked when stdout could not be written.
        (["deal", "dnieper", "--deal", "1"].map(OsStr::new).to_vec(), Some(full())),
        (["help"].map(OsStr::new).to_vec(), Some(full())),
        (["solve", "dnieper", "--deals", "1..1", "--max-nodes", "10"].map(OsStr::new).to_vec(), Some(full())),
        // Unknown options, repeated flags and extra arguments were ignored.
        (["deal", "dnieper", "--deal", "1", "--bogus", "2"].map(OsStr::new).to_vec(), None),
        (["deal", "dnieper", "--deal", "1", "--deal", "2"].map(OsStr::new).to_vec(), None),
        (["moves", "extra"].map(OsStr::new).to_vec(), None),
        (["apply", "{}", "{}"].map(OsStr::new).to_vec(), None),
        (["play", "dnieper", "--data-dir", dir, "--colour"].map(OsStr::new).to_vec(), None),
        (["play", "dnieper", "chequers", "--data-dir", dir].map(OsStr::new).to_vec(), None),
        // An empty data directory meant the current directory.
        (["play", "dnieper", "--data-dir", ""].map(OsStr::new).to_vec(), None),
    ];
    for (args, stdout) in cases {
        let mut command = Command::new(env!("CARGO_BIN_EXE_solitaire"));
        command.args(&args).stdin(Stdio::null()).stderr(Stdio::piped());
        command.stdout(stdout.map_or_else(Stdio::piped, Stdio::from));
        let out = command.output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("solitaire: ") && !err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Deal numbers counted past u64::MAX: an overflow panic in debug builds, and in release the
/// workers wrapped round to deal 0 and solved on for ever.
#[test]
fn solving_the_last_deal_numbers_ends() {
    let out = solitaire(
        &["solve", "dnieper", "--deals", "18446744073709551614..18446744073709551615", "--max-nodes", "10"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("deal 18446744073709551615: ") && report.contains("deals 2:"), "{report}");
}

/// The mid-game questions: twelve positions a deal (four depths, three mistake counts), each
/// asked "still winnable?" at the app's budget and a third of it, and a hint.
#[test]
fn mid_game_asks_the_apps_questions_on_positions_along_a_line() {
    let out = solitaire(&["mid-game", "dnieper", "--deals", "2..3", "--threads", "2", "--cpu-time"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("deal 2: 12 positions") && report.contains("deal 3: 12 positions"), "{report}");
    assert!(report.contains("positions 24: "), "{report}");
    assert!(report.contains("still winnable? at 300 ms (the thread's CPU time): certain "), "{report}");
    assert!(report.contains("still winnable? at 100 ms (a phone 3 times slower): certain "), "{report}");
    assert!(report.contains("hints in winnable positions: from a found win "), "{report}");
    let bad = solitaire(&["mid-game", "dnieper", "--deals", "3..2"], "");
    assert_eq!(bad.status.code(), Some(2));
}
