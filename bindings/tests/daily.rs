//! Daily deals and "show me" as the apps reach them.

use solitaire_ffi::{daily_deal, Action, DailyDate, Game, GameError, GameKind, PlayState, Store, Verdict};

const DAY: DailyDate = DailyDate { year: 2026, month: 11, day: 30 };

#[test]
fn the_daily_deal_crosses_the_boundary_unchanged_and_bad_dates_are_typed_errors() {
    assert_eq!(daily_deal(GameKind::Chequers, DAY).unwrap(), 437, "pinned in core/tests/daily.rs");
    let game = Game::new_daily(GameKind::Chequers, DAY).unwrap();
    let status = game.status();
    assert_eq!((status.deal, status.daily), (Some(437), Some(DAY)));
    for bad in [
        DailyDate { year: 2026, month: 2, day: 29 },
        DailyDate { year: 0, month: 1, day: 1 },
        DailyDate { year: i32::MAX, month: u32::MAX, day: 0 },
    ] {
        assert!(matches!(daily_deal(GameKind::Dnieper, bad), Err(GameError::InvalidArgument { .. })));
        assert!(matches!(Game::new_daily(GameKind::Dnieper, bad), Err(GameError::InvalidArgument { .. })));
    }
}

#[test]
fn show_me_plays_a_daily_deal_to_the_end_and_it_counts_as_played() {
    let dir = std::env::temp_dir().join(format!("solitaire-ffi-daily-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::open(dir.to_string_lossy().into_owned()).unwrap();
    let game = store.resume_daily(GameKind::Chequers, DAY).unwrap();
    let shown = game.show_me(60_000, None);
    assert_eq!(shown.verdict, Verdict::Winnable);
    for mv in shown.moves {
        game.act(Action::Assisted { mv }).unwrap();
        store.save(game.clone()).unwrap();
    }
    let status = game.status();
    assert_eq!((status.state, status.assisted), (PlayState::Won, true));
    let stats = store.stats(GameKind::Chequers).unwrap();
    assert_eq!((stats.played, stats.won, stats.assisted, stats.best_time_ms), (1, 0, 1, None));
    let overview = store.daily_overview(DAY).unwrap();
    assert!(overview.games.iter().all(|e| !e.won && !e.in_progress));
    assert_eq!((overview.current_streak, overview.best_streak), (0, 0));
    let _ = std::fs::remove_dir_all(&dir);
}
