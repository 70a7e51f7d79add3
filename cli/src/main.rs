//! `solitaire`: play the five games in a terminal, and script the engine.
//!
//! Every error is one line on stderr and exit status 2, in the player's language (the
//! locale's; `play --lang` chooses it for that command); nothing panics on bad input.

mod args;
mod board;
mod input;
mod midgame;
mod play;
mod script;
mod solve;
mod today;
mod words;

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;

/// What `help` prints: the commands (`cli_usage`), with the games' names.
fn usage() -> String {
    words::words().say("cli_usage", &[args::game_names().into()])
}

/// Writes `text` and a newline to stdout. A closed or full stdout is an error, not a panic
/// (which `println!` would make of it).
pub fn print_line(text: impl Display) -> Result<(), String> {
    writeln!(std::io::stdout().lock(), "{text}").map_err(|e| format!("cannot write the output: {e}"))
}

/// The arguments after the program's name; std's `args()` would panic on one that is not UTF-8.
fn arguments() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .map(|a| {
            a.into_string()
                .map_err(|a| words::words().say("cli_arg_not_text", &[words::Value::quoted(&a.to_string_lossy())]))
        })
        .collect()
}

fn run() -> Result<(), String> {
    let args = arguments()?;
    let rest = args.get(1..).unwrap_or_default();
    // `play --help`, or any command's: the usage, which covers every command, in `--lang`'s
    // language where it is given.
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        play::choose_language(rest)?;
        return print_line(usage());
    }
    match args.first().map(String::as_str) {
        Some("play") => play::run(rest),
        Some("deal") => script::deal_command(rest),
        Some("moves") => script::moves_command(rest),
        Some("apply") => script::apply_command(rest),
        Some("solve") => solve::run(rest),
        Some("mid-game") => midgame::run(rest),
        Some("help" | "--help" | "-h") => print_line(usage()),
        Some(other) => Err(words::words().say("cli_arg_unknown_command", &[words::Value::quoted(other)])),
        None => Err(words::words().text("cli_arg_no_command")),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("solitaire: {message}");
            ExitCode::from(2)
        }
    }
}
