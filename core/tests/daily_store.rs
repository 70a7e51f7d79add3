//! Daily deals and "show me" in the store: the daily game has its own save, a daily win is
//! marked for its day and feeds the daily streak, and a game "show me" finished counts as
//! played, not won. Old saves and statistics (version 1) still read.

use std::fs;
use std::path::PathBuf;

use solitaire_core::assist::{solution, Solution};
use solitaire_core::daily::{daily_deal, Date};
use solitaire_core::{save, DailyStreak, Game, GameKind, SaveError, Status, Store};

fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn date(text: &str) -> Date {
    Date::parse(text).unwrap()
}

/// Chequers: every deal is winnable and solved in milliseconds.
const GAME: GameKind = GameKind::Chequers;

fn winning_line(game: &Game) -> Vec<solitaire_core::Move> {
    match solution(game.state(), &|| false) {
        Solution::Won(line) => line,
        other => panic!("deal {:?} not solved: {other:?}", game.deal_number()),
    }
}

/// Plays the solver's line by hand (not "show me"): an ordinary win.
fn win_by_hand(game: &mut Game) {
    for mv in winning_line(game) {
        game.play(mv).unwrap();
    }
    assert_eq!(game.status(), Status::Won);
}

#[test]
fn the_daily_game_has_its_own_save_and_lasts_its_day() {
    let store = Store::open(temp_dir("daily-slot")).unwrap();
    let mut regular = Game::new(GAME, 3);
    regular.deal_stock().ok();
    let first = regular.state().legal_move_list()[0];
    regular.play(first).unwrap();
    store.save(&mut regular).unwrap();

    let day = date("2026-11-30");
    let mut daily = store.load_daily(GAME, day).unwrap();
    assert_eq!((daily.daily(), daily.deal_number()), (Some(day), Some(daily_deal(GAME, day))));
    let mv = daily.state().legal_move_list()[0];
    daily.play(mv).unwrap();
    store.save(&mut daily).unwrap();

    assert_eq!(store.load(GAME).unwrap().unwrap(), regular, "the game in progress is untouched");
    assert_eq!(store.load_daily(GAME, day).unwrap(), daily, "the same day resumes it");
    let entry = store.daily_overview(day).unwrap().games.into_iter().find(|e| e.kind == GAME).unwrap();
    assert!(entry.in_progress && !entry.won);
    assert_eq!(entry.deal, daily_deal(GAME, day));

    let next = store.load_daily(GAME, date("2026-12-01")).unwrap();
    assert_eq!(next.moves_made(), 0);
    assert_eq!(next.daily(), Some(date("2026-12-01")));
    let stats = store.stats(GAME).unwrap();
    assert_eq!((stats.played, stats.won), (1, 0), "yesterday's unfinished daily counts as played");
    assert_eq!(store.load(GAME).unwrap().unwrap(), regular);
}

#[test]
fn daily_wins_are_marked_for_their_day_and_make_a_streak() {
    let store = Store::open(temp_dir("daily-streak")).unwrap();
    let days = ["2026-11-28", "2026-11-29", "2026-12-02"];
    for day in days {
        let mut game = store.load_daily(GAME, date(day)).unwrap();
        win_by_hand(&mut game);
        store.save(&mut game).unwrap();
    }
    let won = |day: &str| store.daily_overview(date(day)).unwrap().games.iter().any(|e| e.kind == GAME && e.won);
    assert!(won("2026-11-29") && won("2026-12-02"));
    assert!(!won("2026-11-30"));
    let other = store.daily_overview(date("2026-11-29")).unwrap().games;
    assert!(other.iter().filter(|e| e.kind != GAME).all(|e| !e.won), "only this game's daily was won");

    let streak = |day: &str| store.daily_streak(date(day)).unwrap();
    assert_eq!(streak("2026-11-29"), DailyStreak { current: 2, best: 2 });
    assert_eq!(streak("2026-11-30"), DailyStreak { current: 2, best: 2 }, "today may still be won");
    assert_eq!(streak("2026-12-01"), DailyStreak { current: 0, best: 2 });
    assert_eq!(streak("2026-12-02"), DailyStreak { current: 1, best: 2 });
    assert_eq!(streak("2026-11-28"), DailyStreak { current: 1, best: 1 }, "later days do not count yet");
    assert_eq!(store.stats(GAME).unwrap().won, 3);
}

#[test]
fn a_game_show_me_finished_counts_as_played_not_won() {
    let store = Store::open(temp_dir("show-me")).unwrap();
    let day = date("2026-11-30");
    let mut game = store.load_daily(GAME, day).unwrap();
    let by_hand = game.state().legal_move_list()[0];
    game.play(by_hand).unwrap();
    for mv in winning_line(&game) {
        game.play_assisted(mv).unwrap();
        store.save(&mut game).unwrap();
    }
    assert!(game.assisted());
    let stats = store.stats(GAME).unwrap();
    assert_eq!((stats.played, stats.won, stats.assisted), (1, 0, 1));
    assert_eq!((stats.best_time_ms, stats.fewest_moves, stats.current_streak), (None, None, 0));
    assert!(store.daily_overview(day).unwrap().games.iter().all(|e| !e.won), "no daily win for an assisted finish");
    assert_eq!(store.daily_streak(day).unwrap(), DailyStreak::default());
}

#[test]
fn show_me_moves_are_exact_undoable_and_restart_clears_the_mark() {
    let mut game = Game::new(GAME, 8);
    game.set_auto_play(true);
    let line = winning_line(&game);
    let before = game.clone();
    game.play_assisted(line[0]).unwrap();
    assert_eq!(game.history().len(), 1, "auto-play adds nothing to the solver's move");
    assert!(game.assisted());
    let saved = save::from_json(&save::to_json(&game)).unwrap();
    assert!(saved.assisted(), "the mark is saved");
    game.undo().unwrap();
    assert_eq!(game.state(), before.state());
    assert!(game.assisted(), "taking the move back does not undo the help");
    game.restart();
    assert!(!game.assisted(), "a new attempt starts unassisted");
    let map = *game.state().map();
    let from_empty_foundation =
        solitaire_core::Move::Transfer { from: map.foundations().start, count: 1, to: map.tableau().start };
    assert!(game.play_assisted(from_empty_foundation).is_err());
    assert!(!game.assisted(), "a refused move marks nothing");
}

#[test]
fn version_1_saves_and_statistics_still_read() {
    let game = Game::new(GAME, 12);
    let v2 = save::to_json(&game);
    assert!(v2.contains("\"version\":2") && v2.contains("\"assisted\":false"), "{v2}");
    let v1 = v2.replace("\"version\":2", "\"version\":1").replace(",\"assisted\":false", "");
    let read = save::from_json(&v1).unwrap();
    assert_eq!((read.daily(), read.assisted()), (None, false));
    assert_eq!(read.state(), game.state());

    let store = Store::open(temp_dir("stats-v1")).unwrap();
    let old = r#"{"version": 1, "games": {"chequers": {"played": 4, "won": 3, "current_streak": 2,
        "best_streak": 3, "best_time_ms": 60000, "fewest_moves": 140}}}"#;
    fs::write(store.dir().join("stats.json"), old).unwrap();
    let stats = store.stats(GAME).unwrap();
    assert_eq!((stats.played, stats.won, stats.assisted), (4, 3, 0));
    let mut won = Game::new(GAME, 12);
    win_by_hand(&mut won);
    store.save(&mut won).unwrap();
    assert_eq!(store.stats(GAME).unwrap().won, 4, "the old file is carried forward");
}

#[test]
fn a_daily_save_must_be_that_days_deal() {
    let day = date("2026-11-30");
    let text = save::to_json(&Game::new_daily(GAME, day));
    assert!(text.contains("\"daily\":\"2026-11-30\""));
    assert_eq!(save::from_json(&text).unwrap().daily(), Some(day));
    let other_day = text.replace("2026-11-30", "2026-12-01");
    assert!(matches!(save::from_json(&other_day), Err(SaveError::Malformed(_))));
    let not_a_date = text.replace("2026-11-30", "2026-02-30");
    assert!(matches!(save::from_json(&not_a_date), Err(SaveError::Malformed(_))));
}
