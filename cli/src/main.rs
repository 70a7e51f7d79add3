//! `solitaire`: play the five games in a terminal, and script the engine.
//!
//! Every error is one line on stderr and exit status 2; nothing panics on bad input.

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

const USAGE: &str = "\
usage: solitaire play <game> [--deal N] [--data-dir DIR]   play in the terminal (resumes your game)
       solitaire play <game> --daily [--date YYYY-MM-DD]   today's (or that day's) daily deal
       solitaire play <game> --lang fr                     in French (default: the locale's language)
       solitaire deal <game> --deal N                      the opening position as JSON
       solitaire moves            < position.json          every legal move, one JSON object a line
       solitaire apply '<move>'   < position.json          the position after the move
       solitaire solve <game> --deals A..B [--budget-ms N] [--threads N]
       solitaire mid-game <game> --deals A..B [--threads N] [--cpu-time]   the apps' questions mid-game
games: dnieper, yakutat-bay, chequers, zerline, how-they-run";

/// Writes `text` and a newline to stdout. A closed or full stdout is an error, not a panic
/// (which `println!` would make of it).
pub fn print_line(text: impl Display) -> Result<(), String> {
    writeln!(std::io::stdout().lock(), "{text}").map_err(|e| format!("cannot write the output: {e}"))
}

/// The arguments after the program's name; std's `args()` would panic on one that is not UTF-8.
fn arguments() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .map(|a| a.into_string().map_err(|a| format!("argument {:?} is not UTF-8 text", a.to_string_lossy())))
        .collect()
}

fn run() -> Result<(), String> {
    let args = arguments()?;
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("play") => play::run(rest),
        Some("deal") => script::deal_command(rest),
        Some("moves") => script::moves_command(rest),
        Some("apply") => script::apply_command(rest),
        Some("solve") => solve::run(rest),
        Some("mid-game") => midgame::run(rest),
        Some("help" | "--help" | "-h") => print_line(USAGE),
        Some(other) => Err(format!("unknown command {other:?}; try 'solitaire help'")),
        None => Err("no command; try 'solitaire help'".to_string()),
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
