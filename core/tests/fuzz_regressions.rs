//! Inputs the fuzzers (`hostile_saves.rs`, the bindings' `hostile.rs`) found to break a
//! promise, each fixed where the bug lived and kept here so it stays fixed.

use solitaire_core::notation::parse_pile;
use solitaire_core::{save, Game, GameKind, SaveError, Store, StoreError};

/// A save's playing time near `u64::MAX` overflowed the clock on the next touch (a panic in
/// debug builds, a wrapped, tiny time in release); the clock then saturated, and showed
/// "time 307445734561825:51". Such a time is now damage (past `save::MAX_ELAPSED_MS`), and the
/// longest time a save may hold runs on.
#[test]
fn a_saved_time_near_the_limit_is_refused_and_the_longest_runs_on() {
    let with_time = |ms: u64| {
        save::to_json(&Game::new(GameKind::Dnieper, 1)).replace("\"elapsed_ms\":0", &format!("\"elapsed_ms\":{ms}"))
    };
    assert!(matches!(save::from_json(&with_time(u64::MAX - 5)), Err(SaveError::Malformed(_))));
    let mut game = save::from_json(&with_time(save::MAX_ELAPSED_MS)).unwrap();
    game.resume(1_000);
    game.touch(61_000);
    assert_eq!(game.elapsed_ms(), save::MAX_ELAPSED_MS + 60_000);
}

/// A save claiming version 0 (never written by any version) was read as version 1.
#[test]
fn a_save_of_version_0_is_refused() {
    let text = save::to_json(&Game::new(GameKind::Zerline, 3));
    let current = format!("\"version\":{}", save::VERSION);
    assert!(text.contains(&current));
    let zero = text.replace(&current, "\"version\":0");
    assert!(matches!(save::from_json(&zero), Err(SaveError::Malformed(_))));
}

/// `Store::open("")` succeeded, and the store then wrote to the working directory.
#[test]
fn a_store_needs_a_directory() {
    assert!(matches!(Store::open(""), Err(StoreError::Io { .. })));
}

/// Statistics at the largest counts a file can hold overflowed on the next game (a panic in
/// debug builds, a count back to 0 in release).
#[test]
fn statistics_at_their_limit_saturate() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("stats-at-limit");
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::open(&dir).unwrap();
    let max = u32::MAX;
    let stats = format!(
        r#"{{"version": 1, "games": {{"zerline": {{"played": {max}, "won": {max}, "current_streak": {max},
        "best_streak": {max}, "best_time_ms": null, "fewest_moves": null}}}}}}"#
    );
    std::fs::write(dir.join("stats.json"), stats).unwrap();
    let mut game = Game::new(GameKind::Zerline, 1);
    game.play(game.state().legal_move_list()[0]).unwrap();
    store.abandon(&mut game).unwrap();
    let after = store.stats(GameKind::Zerline).unwrap();
    assert_eq!((after.played, after.won, after.current_streak, after.best_streak), (max, max, 0, max));
}

/// "tableau:00" and "tableau:+0" were read as "tableau:0", so a save naming a pile so restored
/// and wrote back something else (found in the long mode's 5 million saves, three times).
#[test]
fn a_pile_has_one_name() {
    let map = GameKind::Dnieper.spec().piles();
    assert_eq!(parse_pile(&map, "tableau:0"), Ok(0));
    for other in ["tableau:00", "tableau:+0", "tableau:01", "foundation: 1"] {
        assert!(parse_pile(&map, other).is_err(), "{other}");
    }
    let mut game = Game::new(GameKind::YakutatBay, 3);
    let mv =
        *game.state().legal_move_list().iter().find(|mv| matches!(mv, solitaire_core::Move::Transfer { .. })).unwrap();
    game.play(mv).unwrap();
    let text = save::to_json(&game);
    let padded = text.replacen("\"tableau:", "\"tableau:0", 1);
    assert_ne!(padded, text);
    assert!(matches!(save::from_json(&padded), Err(SaveError::IllegalHistory { index: 0 })), "{padded}");
}

/// Giving up a game while the statistics file was damaged counted the loss (on fresh
/// statistics, the damage reported) but left the game unmarked: saved again, its save matched
/// the counted one and vanished on the next load. Found by `hostile_store.rs` in the bindings.
#[test]
fn a_loss_counted_beside_damaged_statistics_is_marked_counted() {
    let dir = std::env::temp_dir().join(format!("solitaire-abandon-damaged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::open(&dir).unwrap();
    std::fs::write(dir.join("stats.json"), b"").unwrap();
    let mut game = Game::new(GameKind::Zerline, 3);
    game.deal_stock().unwrap();
    assert!(matches!(store.abandon(&mut game), Err(StoreError::Corrupt { .. })), "the damage is reported");
    assert!(game.stats_recorded(), "the loss was counted");
    assert_eq!(store.stats(GameKind::Zerline).unwrap().played, 1);
    store.abandon(&mut game).unwrap();
    assert_eq!(store.stats(GameKind::Zerline).unwrap().played, 1, "not counted twice");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A version 1 save reads, and is written back as the current version with the same game (the
/// long mode flagged the new version number as a difference).
#[test]
fn a_version_1_save_is_written_back_in_the_current_version() {
    let current = save::to_json(&Game::new(GameKind::HowTheyRun, 4));
    let old =
        current.replace(&format!("\"version\":{}", save::VERSION), "\"version\":1").replace(",\"assisted\":false", "");
    assert_ne!(old, current);
    let game = save::from_json(&old).unwrap();
    assert_eq!(save::to_json(&game), current);
}
