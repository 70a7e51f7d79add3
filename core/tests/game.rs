//! The player-facing game: taps, destinations, undo/redo, auto-play, clock, status.

mod common;

use common::*;
use solitaire_core::engine::Status;
use solitaire_core::{Game, GameError, GameKind, Move, TapOutcome};

/// A game at a given position, for tap tests: deal 1 with its state swapped in via a save.
fn game_at(kind: GameKind, deal: u64) -> Game {
    Game::new(kind, deal)
}

#[test]
fn tap_prefers_foundation_then_build_then_empty_pile() {
    // Yakutat Bay deal 1: find a tapped card whose best destination follows the documented order.
    let mut game = game_at(GameKind::YakutatBay, 1);
    let state = game.state().clone();
    let mut checked = 0;
    for pile in state.map().tableau() {
        let len = state.pile(pile).len();
        for index in 0..len {
            let targets = game.destinations(pile, index).unwrap();
            let Some(&first) = targets.first() else { continue };
            let mut trial = game.clone();
            let outcome = trial.tap(pile, index).unwrap();
            let expected = Move::Transfer { from: pile, count: (len - index) as u8, to: first };
            assert_eq!(outcome, TapOutcome::Played(expected));
            checked += 1;
        }
    }
    assert!(checked > 0, "deal 1 has playable cards");
    assert!(game.tap(0, 0).is_ok());
}

#[test]
fn tapping_again_cycles_destinations_then_returns() {
    // 7H can go on 8S or 8C; tapping it again moves it on, then back home.
    let state = table(GameKind::YakutatBay, &[("tableau:0", "#2D 7H"), ("tableau:1", "8S"), ("tableau:2", "8C")]);
    let mut game = Game::from_position(state);
    assert_eq!(game.destinations(0, 1).unwrap(), vec![1, 2]);
    assert_eq!(game.tap(0, 1).unwrap(), TapOutcome::Played(Move::Transfer { from: 0, count: 1, to: 1 }));
    assert_eq!(game.tap(1, 1).unwrap(), TapOutcome::Played(Move::Transfer { from: 0, count: 1, to: 2 }));
    assert_eq!(game.moves_made(), 1, "a cycled tap replaces the move, it does not add one");
    assert_eq!(game.tap(2, 1).unwrap(), TapOutcome::Returned);
    assert_eq!(pile_text(game.state(), "tableau:0"), "#2D 7H", "back where it started, card turned down again");
}

#[test]
fn tapping_the_stock_deals_and_a_stuck_card_does_nothing() {
    let mut game = Game::new(GameKind::Dnieper, 5);
    let stock = game.state().map().stock.unwrap();
    assert_eq!(game.tap(stock, 0).unwrap(), TapOutcome::Played(Move::Stock));
    assert_eq!(game.state().pile(stock).len(), 17);
    let mut stuck = Game::from_position(table(GameKind::YakutatBay, &[("tableau:0", "5S 9H"), ("tableau:1", "KD")]));
    assert_eq!(stuck.tap(0, 0).unwrap(), TapOutcome::NoMove, "5S has nowhere to go");
    assert!(matches!(stuck.tap(40, 0), Err(GameError::NoSuchPile(40))));
    assert!(matches!(stuck.tap(0, 5), Err(GameError::NoSuchCard { .. })));
}

/// A tap in a pile's hit area on no card (`Game::tap_pile`) plays as a tap on its top card; on
/// the stock, even empty, as the stock's action; on another empty pile it does nothing.
#[test]
fn a_tap_on_a_pile_is_its_top_cards_tap_or_the_stocks_action() {
    let (mut piles, mut empty) = (0, 0);
    for kind in GameKind::ALL {
        let mut game = Game::new(kind, 3);
        // Some moves in, so that some piles are empty and the stock has been dealt from.
        let mut moves = Vec::new();
        for _ in 0..40 {
            moves.clear();
            game.state().legal_moves(&mut moves);
            let Some(&mv) = moves.first() else { break };
            game.play(mv).unwrap();
        }
        for pile in 0..game.state().pile_count() as u8 {
            let (mut by_pile, mut by_card) = (game.clone(), game.clone());
            let len = game.state().pile(pile).len();
            let stock = game.state().map().stock == Some(pile);
            let expected = match len {
                0 if stock => by_card.tap(pile, 0).unwrap(),
                0 => TapOutcome::NoMove,
                _ => by_card.tap(pile, len - 1).unwrap(),
            };
            assert_eq!(by_pile.tap_pile(pile).unwrap(), expected, "{kind:?}, pile {pile}");
            assert_eq!(by_pile.state(), by_card.state(), "{kind:?}, pile {pile}");
            piles += 1;
            empty += usize::from(len == 0);
        }
    }
    assert!(piles >= 90 && empty > 0, "{piles} piles, {empty} empty");
    let mut sparse = Game::from_position(table(GameKind::YakutatBay, &[("tableau:0", "5S")]));
    let before = sparse.state().clone();
    assert_eq!(sparse.tap_pile(id(&before, "tableau:1")).unwrap(), TapOutcome::NoMove);
    assert_eq!(sparse.state(), &before);
    assert!(matches!(sparse.tap_pile(200), Err(GameError::NoSuchPile(200))));
    let mut dnieper = Game::new(GameKind::Dnieper, 5);
    let stock = dnieper.state().map().stock.unwrap();
    assert_eq!(dnieper.tap_pile(stock).unwrap(), TapOutcome::Played(Move::Stock));
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut game = Game::new(GameKind::HowTheyRun, 3);
    assert!(matches!(game.undo(), Err(GameError::NothingToUndo)));
    let start = game.state().clone();
    let moves = game.state().legal_move_list();
    game.play(moves[0]).unwrap();
    let after = game.state().clone();
    game.undo().unwrap();
    assert_eq!(game.state(), &start);
    game.redo().unwrap();
    assert_eq!(game.state(), &after);
    assert!(matches!(game.redo(), Err(GameError::NothingToRedo)));
    let illegal = Move::Transfer { from: 0, count: 30, to: 1 };
    assert!(matches!(game.play(illegal), Err(GameError::IllegalMove(_))));
    assert_eq!(game.state(), &after, "an illegal move changes nothing");
}

#[test]
fn auto_play_sends_safe_cards_up_and_one_undo_takes_them_back() {
    let state = table(
        GameKind::YakutatBay,
        &[("tableau:0", "9C AS"), ("tableau:1", "TD 2S"), ("tableau:2", "QH"), ("tableau:3", "JS 3H")],
    );
    let mut game = Game::from_position(state.clone());
    game.set_auto_play(true);
    assert_eq!(pile_text(game.state(), "foundation:0"), "AS", "an Ace is always safe");
    assert_eq!(pile_text(game.state(), "tableau:1"), "TD 2S", "2S waits: red Aces could still need it");
    let covered = table(GameKind::YakutatBay, &[("tableau:0", "AS 9C"), ("tableau:1", "3C TD")]);
    let mut manual = Game::from_position(covered.clone());
    manual.set_auto_play(true);
    assert_eq!(manual.state(), &covered, "nothing safe yet");
    manual.play(m(manual.state(), "tableau:0 1 tableau:1")).unwrap();
    assert_eq!(pile_text(manual.state(), "foundation:0"), "AS", "uncovered, and sent up at once");
    assert_eq!(manual.history().len(), 2);
    manual.undo().unwrap();
    assert_eq!(manual.state(), &covered, "one undo takes back the move and the automatic one");
}

/// A card the player takes back off a foundation stays out, wherever the player moves it, until
/// it goes home again: auto-play sending it straight back would undo the player's move. (A win
/// may need it out: Yakutat Bay deal 56's hints, followed with auto-play on, went round for ever.)
#[test]
fn auto_play_leaves_a_card_the_player_took_back_from_a_foundation() {
    let state = table(
        GameKind::YakutatBay,
        &[
            ("foundation:0", "AH 2H"),
            ("foundation:1", "AS"),
            ("foundation:2", "AC"),
            ("tableau:0", "3S"),
            ("tableau:1", "3C"),
            ("tableau:2", "AD KD"),
            ("tableau:3", "4D"),
        ],
    );
    let mut game = Game::from_position(state);
    game.set_auto_play(true);
    assert_eq!(pile_text(game.state(), "foundation:0"), "AH 2H", "nothing else is safe");
    game.play(m(game.state(), "foundation:0 1 tableau:0")).unwrap();
    assert_eq!(pile_text(game.state(), "tableau:0"), "3S 2H", "left where the player put it");
    // Carried in a group (3S with 2H on it onto 4D), then alone.
    game.play(m(game.state(), "tableau:0 2 tableau:3")).unwrap();
    assert_eq!(pile_text(game.state(), "tableau:3"), "4D 3S 2H", "and after it moves with others");
    game.play(m(game.state(), "tableau:3 1 tableau:1")).unwrap();
    assert_eq!(pile_text(game.state(), "tableau:1"), "3C 2H", "and after it moves on");
    // Auto-play still plays: the Ace of diamonds, uncovered, goes home beside it.
    game.play(m(game.state(), "tableau:2 1 tableau:0")).unwrap();
    assert_eq!(pile_text(game.state(), "foundation:3"), "AD", "a card never taken back goes home");
    assert_eq!(pile_text(game.state(), "tableau:1"), "3C 2H");
    game.play(m(game.state(), "tableau:1 1 foundation:0")).unwrap();
    game.play(m(game.state(), "foundation:0 1 tableau:1")).unwrap();
    assert_eq!(pile_text(game.state(), "tableau:1"), "3C 2H", "taken back again");
    game.undo().unwrap();
    assert_eq!(pile_text(game.state(), "foundation:0"), "AH 2H");
    let mut other = Game::from_position(game.state().clone());
    other.play(m(other.state(), "foundation:0 1 tableau:1")).unwrap();
    other.play(m(other.state(), "tableau:0 1 tableau:2")).unwrap();
    other.set_auto_play(true);
    assert_eq!(pile_text(other.state(), "tableau:1"), "3C 2H", "turning auto-play on leaves it too");
}

/// Auto-play turned on again after an undo plays the undone moves anew: nothing is left to
/// redo, which would replay them onto themselves. (Yakutat Bay deal 320 offered a redo that
/// failed as an illegal move.)
#[test]
fn auto_play_turned_on_after_an_undo_leaves_nothing_to_redo() {
    let state = table(GameKind::YakutatBay, &[("tableau:0", "9C AS"), ("tableau:1", "TD 2S"), ("tableau:2", "QH")]);
    let mut game = Game::from_position(state.clone());
    game.set_auto_play(true);
    game.undo().unwrap();
    assert_eq!(game.state(), &state);
    assert!(game.can_redo());
    game.set_auto_play(false);
    assert!(game.can_redo(), "turning auto-play off plays nothing");
    game.set_auto_play(true);
    assert_eq!(pile_text(game.state(), "foundation:0"), "AS");
    assert!(!game.can_redo(), "the Ace went up again");
    assert!(matches!(game.redo(), Err(GameError::NothingToRedo)));
    game.undo().unwrap();
    game.redo().unwrap();
    assert_eq!(pile_text(game.state(), "foundation:0"), "AS", "undo and redo still pair");
}

#[test]
fn auto_play_finishes_a_certain_win() {
    let state =
        table(GameKind::Zerline, &[("foundation:0", "KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS"), ("tableau:0", "QS JS")]);
    let mut game = Game::from_position(state);
    game.play(m(game.state(), "tableau:0 1 foundation:0")).unwrap();
    assert_eq!(game.status(), Status::Playing);
    game.set_auto_play(true);
    assert!(game.state().is_won(), "QS follows by itself");
    assert_eq!(game.moves_made(), 1);
}

#[test]
fn clock_counts_only_while_shown_and_not_after_the_win() {
    let mut game = Game::new(GameKind::Dnieper, 1);
    game.touch(1_000);
    assert_eq!(game.elapsed_ms(), 0, "paused until resumed");
    game.resume(2_000);
    game.touch(5_000);
    assert_eq!(game.elapsed_ms(), 3_000);
    game.pause(6_000);
    game.touch(60_000);
    assert_eq!(game.elapsed_ms(), 4_000);
    game.resume(70_000);
    game.touch(70_500);
    assert_eq!(game.elapsed_ms(), 4_500);
}

/// A restart is a new attempt: the one given up is counted on its own, so its time is not the
/// new one's (a desktop playtest restarted at 2:06 and the clock went on from there).
#[test]
fn restart_goes_back_to_the_deal_and_the_clock_to_nought() {
    let mut game = Game::new(GameKind::Chequers, 8);
    let start = game.state().clone();
    game.resume(0);
    let mv = game.state().legal_move_list()[0];
    game.play(mv).unwrap();
    game.touch(126_000);
    game.restart();
    assert_eq!(game.state(), &start);
    assert!(!game.can_undo() && !game.can_redo());
    assert_eq!(game.elapsed_ms(), 0);
    game.touch(130_000);
    assert_eq!(game.elapsed_ms(), 4_000, "the clock runs on from the restart");
}

#[test]
fn last_moved_cards_names_the_cards_of_the_last_move() {
    let state = table(GameKind::Dnieper, &[("tableau:0", "#2D 9S 4H"), ("tableau:1", "TS")]);
    let mut game = Game::from_position(state);
    game.play(m(game.state(), "tableau:0 2 tableau:1")).unwrap();
    let moved: Vec<String> = game
        .last_moved_cards()
        .iter()
        .map(|&id| solitaire_core::Card::from_id(id).with_face_up(true).to_string())
        .collect();
    assert_eq!(moved, vec!["9S", "4H"]);
}

#[test]
fn auto_play_finishes_a_certain_win_that_needs_tableau_moves() {
    // How They Run: three suits are home; the spades lie in two runs that only need joining.
    let state = table(
        GameKind::HowTheyRun,
        &[
            ("foundation:0", &run('C')),
            ("foundation:1", &run('D')),
            ("foundation:2", &run('H')),
            ("tableau:0", "KS QS JS TS 9S 8S 7S"),
            ("tableau:1", "6S 5S 4S 3S"),
            ("cell:0", "2S"),
            ("cell:1", "AS"),
        ],
    );
    let mut game = Game::from_position(state.clone());
    game.set_auto_play(true);
    assert!(game.state().is_won(), "the finish is found and played");
    assert_eq!(game.moves_made(), 0, "all of it by auto-play");
    let mut manual = Game::from_position(state);
    assert!(!manual.state().is_won());
    manual.play(m(manual.state(), "tableau:1 4 tableau:0")).unwrap();
    assert!(!manual.state().is_won(), "without auto-play nothing more happens");
}
