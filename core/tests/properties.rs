//! Properties over many random games, 1,000 per game kind: cards are conserved by every move,
//! undo restores the identical state, redo after undo too, save then restore gives the
//! identical game, and the generated moves are exactly the moves the engine accepts.

use proptest::prelude::*;
use solitaire_core::notation::{format_position, parse_position, Completeness};
use solitaire_core::{save, Game, GameKind, Move, State};

const CASES: u32 = 1000;

/// The multiset of cards (face value and deck) on the table, whichever way up.
fn cards(state: &State) -> Vec<u8> {
    let mut ids: Vec<u8> = state.piles().iter().flatten().map(|c| c.id()).collect();
    ids.sort_unstable();
    ids
}

/// Every transfer that could be named (all pile pairs, all counts up to the source's size)
/// plus the stock action: legal exactly when generated.
fn assert_generation_matches_legality(state: &State) {
    let generated = state.legal_move_list();
    let n = state.pile_count() as u8;
    let mut accepted = Vec::new();
    for from in 0..n {
        for count in 1..=state.pile(from).len() as u8 {
            for to in 0..n {
                let mv = Move::Transfer { from, count, to };
                if state.is_legal(mv) {
                    accepted.push(mv);
                }
            }
        }
    }
    if state.is_legal(Move::Stock) {
        accepted.push(Move::Stock);
    }
    let mut sorted = generated.clone();
    sorted.sort_by_key(|mv| match *mv {
        Move::Transfer { from, count, to } => (from, count, to),
        Move::Stock => (u8::MAX, u8::MAX, u8::MAX),
    });
    sorted.dedup();
    assert_eq!(sorted.len(), generated.len(), "no move is generated twice");
    assert_eq!(sorted, accepted, "{}", format_position(state));
}

/// Plays a random game, choosing among the legal moves (and taps) with `choices`.
fn check_random_game(kind: GameKind, deal: u64, choices: &[u32]) {
    let mut game = Game::new(kind, deal);
    let all_cards = cards(game.state());
    let mut moves = Vec::new();
    for (step, &choice) in choices.iter().enumerate() {
        if choice % 7 == 0 {
            game.set_auto_play(!game.auto_play());
        }
        moves.clear();
        game.state().legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let before = game.clone();
        let mv = moves[choice as usize % moves.len()];
        game.play(mv).unwrap();
        let after = game.clone();
        assert_eq!(cards(game.state()), all_cards, "cards conserved after step {step}");
        game.undo().unwrap();
        assert_eq!(game.state(), before.state(), "undo restores the state exactly");
        assert_eq!(game.moves_made(), before.moves_made());
        game.redo().unwrap();
        assert_eq!(game, after, "redo after undo restores the game exactly");
        if step == choices.len() / 2 {
            assert_generation_matches_legality(game.state());
        }
    }
    assert_generation_matches_legality(game.state());
    let text = save::to_json(&game);
    let restored = save::from_json(&text).expect("a save restores");
    assert_eq!(restored, game, "save then restore is identical");
    assert_eq!(save::to_json(&restored), text);
    let reparsed = parse_position(&format_position(game.state()), Completeness::Complete).unwrap();
    assert_eq!(format_position(&reparsed), format_position(game.state()));
    // Undo all the way back reaches the deal, exactly.
    while game.can_undo() {
        game.undo().unwrap();
    }
    assert_eq!(game.state(), &solitaire_core::deal(kind, deal));
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn dnieper(deal in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        check_random_game(GameKind::Dnieper, deal, &choices);
    }

    #[test]
    fn yakutat_bay(deal in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        check_random_game(GameKind::YakutatBay, deal, &choices);
    }

    #[test]
    fn chequers(deal in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        check_random_game(GameKind::Chequers, deal, &choices);
    }

    #[test]
    fn zerline(deal in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        check_random_game(GameKind::Zerline, deal, &choices);
    }

    #[test]
    fn how_they_run(deal in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        check_random_game(GameKind::HowTheyRun, deal, &choices);
    }
}
