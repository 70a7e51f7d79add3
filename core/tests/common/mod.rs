//! Shared test helpers: build positions from a few named piles, apply moves by notation.
#![allow(dead_code)] // each test crate uses a different subset

use solitaire_core::notation::{format_move, parse_move, parse_position, position_to_json, Completeness};
use solitaire_core::{Effect, Game, GameKind, Move, State};

/// A partial position of `kind`: the listed piles hold the given cards (bottom to top, space
/// separated, `#` for face down); every other pile is empty.
pub fn table(kind: GameKind, piles: &[(&str, &str)]) -> State {
    let mut json = serde_json::to_value(position_to_json(&State::empty(kind))).unwrap();
    for (name, cards) in piles {
        let cards: Vec<&str> = cards.split_whitespace().collect();
        let slot = match name.split_once(':') {
            Some((kind, index)) => {
                let key = match kind {
                    "tableau" => "tableau",
                    "foundation" => "foundations",
                    "cell" => "cells",
                    other => panic!("bad pile {other}"),
                };
                &mut json[key][index.parse::<usize>().unwrap()]
            }
            None => &mut json[*name],
        };
        *slot = serde_json::json!(cards);
    }
    parse_position(&json.to_string(), Completeness::Partial).unwrap_or_else(|e| panic!("{e}: {json}"))
}

pub fn mv(state: &State, text: &str) -> Move {
    parse_move(state.map(), text).unwrap()
}

/// `{"from": …}` shorthand: "tableau:0 2 tableau:3" or "stock".
pub fn m(state: &State, short: &str) -> Move {
    let parts: Vec<&str> = short.split_whitespace().collect();
    let json = match parts.as_slice() {
        ["stock"] => r#"{"from":"stock"}"#.to_string(),
        [from, count, to] => format!(r#"{{"from":"{from}","cards":{count},"to":"{to}"}}"#),
        _ => panic!("bad move shorthand {short}"),
    };
    mv(state, &json)
}

pub fn legal(state: &State, short: &str) -> bool {
    let mv = m(state, short);
    let listed = state.legal_move_list().contains(&mv);
    assert_eq!(listed, state.is_legal(mv), "generation and legality disagree on {}", format_move(state.map(), mv));
    listed
}

/// The position after a legal move, and what the move recorded.
pub fn play(state: &State, short: &str) -> (State, Vec<Effect>) {
    let mv = m(state, short);
    let mut next = state.clone();
    let mut effects = Vec::new();
    assert!(next.apply(mv, &mut effects), "illegal: {short}");
    (next, effects)
}

pub fn pile_text(state: &State, name: &str) -> String {
    let pile = solitaire_core::notation::parse_pile(state.map(), name).unwrap();
    state.pile(pile).iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

pub fn id(state: &State, name: &str) -> u8 {
    solitaire_core::notation::parse_pile(state.map(), name).unwrap()
}

/// A complete suit run, King at the bottom, face up: "KS QS … AS".
pub fn run(suit: char) -> String {
    "KQJT98765432A".chars().map(|r| format!("{r}{suit}")).collect::<Vec<_>>().join(" ")
}

/// Yakutat Bay with only the King of spades left to play (tableau:0 to foundation:3).
pub fn one_move_from_winning() -> Game {
    let ups: Vec<String> =
        ['C', 'D', 'H', 'S'].iter().map(|&s| run(s).split(' ').rev().collect::<Vec<_>>().join(" ")).collect();
    let spades = ups[3].rsplit_once(' ').unwrap().0.to_string();
    Game::from_position(table(
        GameKind::YakutatBay,
        &[
            ("foundation:0", &ups[0]),
            ("foundation:1", &ups[1]),
            ("foundation:2", &ups[2]),
            ("foundation:3", &spades),
            ("tableau:0", "KS"),
        ],
    ))
}
