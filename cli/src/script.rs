//! The scriptable commands: `deal`, `moves`, `apply`. Positions come in on stdin and go out on
//! stdout as JSON (see `solitaire_core::notation`).

use std::io::Read;

use solitaire_core::notation::{format_move, format_position, parse_move, parse_position, Completeness};
use solitaire_core::{deal, State};

use crate::{args, print_line};

/// `solitaire deal <game> --deal N`: the opening position.
pub fn deal_command(rest: &[String]) -> Result<(), String> {
    let words = args::parse(rest, 1, &["--deal"])?;
    let kind = args::game(words.positional(0))?;
    let number = words.number("--deal")?.ok_or("--deal N is required")?;
    print_line(format_position(&deal(kind, number)))
}

fn read_position() -> Result<State, String> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).map_err(|e| format!("cannot read stdin: {e}"))?;
    parse_position(&text, Completeness::Partial).map_err(|e| e.to_string())
}

/// `solitaire moves`: every legal move of the position on stdin, one JSON object a line.
pub fn moves_command(rest: &[String]) -> Result<(), String> {
    args::parse(rest, 0, &[])?;
    let state = read_position()?;
    for mv in state.legal_move_list() {
        print_line(format_move(state.map(), mv))?;
    }
    Ok(())
}

/// `solitaire apply '<move>'`: the position after the move and its automatic effects.
pub fn apply_command(rest: &[String]) -> Result<(), String> {
    let words = args::parse(rest, 1, &[])?;
    let text = words.positional(0).ok_or("apply needs a move, e.g. '{\"from\": \"stock\"}'")?;
    let mut state = read_position()?;
    let mv = parse_move(state.map(), text).map_err(|e| e.to_string())?;
    if !state.apply(mv, &mut Vec::new()) {
        return Err(format!("illegal move: {}", format_move(state.map(), mv)));
    }
    print_line(format_position(&state))
}
