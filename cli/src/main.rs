//! `solitaire`: play the five games in a terminal, and script the engine.
//!
//! Every error is one line on stderr and exit status 2; nothing panics on bad input.

mod args;
mod board;
mod play;
mod script;
mod solve;

use std::process::ExitCode;

const USAGE: &str = "\
usage: solitaire play <game> [--deal N] [--data-dir DIR]   play in the terminal (resumes your game)
       solitaire deal <game> --deal N                      the opening position as JSON
       solitaire moves            < position.json          every legal move, one JSON object a line
       solitaire apply '<move>'   < position.json          the position after the move
       solitaire solve <game> --deals A..B [--budget-ms N] [--threads N]
games: dnieper, yakutat-bay, chequers, zerline, how-they-run";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("play") => play::run(rest),
        Some("deal") => script::deal_command(rest),
        Some("moves") => script::moves_command(),
        Some("apply") => script::apply_command(rest),
        Some("solve") => solve::run(rest),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other:?}; try 'solitaire help'")),
        None => Err("no command; try 'solitaire help'".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("solitaire: {message}");
            ExitCode::from(2)
        }
    }
}
