//! Running the real `solitaire` program with arguments and a scripted standard input.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

pub fn spawn(args: &[&str]) -> Child {
    command(args).spawn().unwrap()
}

/// The program with `args`, its standard streams piped, in English.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_solitaire"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        // English unless a test asks for another language: the locale of whoever runs the tests
        // must not change what they read.
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

pub fn solitaire(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = spawn(args);
    // A program that rejects its arguments exits without reading its input: a closed pipe then
    // is its answer, not the test's failure.
    match child.stdin.take().unwrap().write_all(stdin.as_ref()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An empty data directory of the test's own.
#[allow(dead_code)] // Not every test file keeps a store.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
