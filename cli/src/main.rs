//! `solitaire`: play the five games in a terminal, and script the engine.

mod solve;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("solve") => solve::run(&args[1..]),
        _ => Err("usage: solitaire <play|deal|moves|apply|solve> …".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("solitaire: {message}");
            ExitCode::from(2)
        }
    }
}
