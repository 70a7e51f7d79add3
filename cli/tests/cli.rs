//! The `solitaire` program as scripts and players use it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn solitaire(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solitaire"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that rejects its arguments exits without reading its input: a closed pipe then
    // is its answer, not the test's failure.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

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

#[test]
fn play_saves_every_move_and_resumes() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-play");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let first = solitaire(&["play", "dnieper", "--deal", "5", "--data-dir", dir_arg], "s\ns\nu\nhelp\nq\n");
    assert!(first.status.success(), "{}", text(&first.stderr));
    let screen = text(&first.stdout);
    assert!(screen.contains("Dnieper — deal 5") && screen.contains("moves 2") && screen.contains("t3 t5"), "{screen}");
    assert!(dir.join("dnieper.json").exists());
    let second = solitaire(&["play", "dnieper", "--data-dir", dir_arg], "y\nq\n");
    let screen = text(&second.stdout);
    assert!(screen.contains("Resumed your game (1 moves)"), "{screen}");
    assert!(screen.contains("moves 2"), "redo survived the restart: {screen}");
}
