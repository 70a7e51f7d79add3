//! Saves and the directory store: nothing lost, nothing trusted, nothing silently overwritten.

mod common;

use std::fs;
use std::path::PathBuf;

use common::*;
use proptest::prelude::*;
use solitaire_core::daily::Date;
use solitaire_core::{save, Game, GameKind, SaveError, Stats, Store, StoreError};

/// A fresh directory under the target dir, removed first if a previous run left it.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// A game a few moves in, with something to undo and something to redo.
fn game_in_progress() -> Game {
    let mut game = Game::new(GameKind::Dnieper, 77);
    for _ in 0..6 {
        let moves = game.state().legal_move_list();
        game.play(moves[moves.len() / 2]).unwrap();
    }
    game.undo().unwrap();
    game.resume(0);
    game.touch(4_321);
    game
}

fn win(game: &mut Game) {
    let mv = m(game.state(), "tableau:0 1 foundation:3");
    game.play(mv).unwrap();
}

#[test]
fn a_save_restores_the_identical_game_with_its_history() {
    let game = game_in_progress();
    let restored = save::from_json(&save::to_json(&game)).unwrap();
    assert_eq!(restored, game);
    assert_eq!(restored.elapsed_ms(), 4_321);
    let mut a = restored.clone();
    let mut b = game.clone();
    a.redo().unwrap();
    b.redo().unwrap();
    a.undo().unwrap();
    b.undo().unwrap();
    a.undo().unwrap();
    b.undo().unwrap();
    assert_eq!(a, b, "a restored game undoes and redoes exactly as before");
}

#[test]
fn bad_saves_are_refused_with_a_typed_error() {
    let good = save::to_json(&game_in_progress());
    let value: serde_json::Value = serde_json::from_str(&good).unwrap();
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        f(&mut v);
        v.to_string()
    };
    let cases: Vec<(&str, String)> = vec![
        ("truncated", good[..good.len() / 2].to_string()),
        ("garbage", "\u{0}\u{1}garbage{{{".to_string()),
        ("empty", String::new()),
        ("future version", edit(&|v| v["version"] = 99.into())),
        ("not ours", edit(&|v| v["format"] = "something-else".into())),
        ("unknown game", edit(&|v| v["game"] = "klondike".into())),
        (
            "illegal move in history",
            edit(&|v| v["history"][0] = serde_json::json!({"from": "tableau:0", "cards": 9, "to": "tableau:1"})),
        ),
        ("position not reached", edit(&|v| v["history"].as_array_mut().unwrap().pop().map(|_| ()).unwrap())),
        ("duplicate card", edit(&|v| v["position"]["tableau"][0][0] = v["position"]["tableau"][1][0].clone())),
        (
            "missing card",
            edit(&|v| {
                v["position"]["stock"].as_array_mut().unwrap().pop();
            }),
        ),
        ("no deal and no start", edit(&|v| v["deal"] = serde_json::Value::Null)),
        ("unknown field", edit(&|v| v["cheat"] = true.into())),
        ("bad redo", edit(&|v| v["redo"] = serde_json::json!([{"from": "waste", "cards": 1, "to": "tableau:0"}]))),
        ("a clock of 584 million years", edit(&|v| v["elapsed_ms"] = u64::MAX.into())),
        (
            "huge history",
            edit(&|v| v["history"] = serde_json::Value::Array(vec![serde_json::json!({"from": "stock"}); 30_000])),
        ),
    ];
    for (what, text) in cases {
        let result = save::from_json(&text);
        assert!(result.is_err(), "{what} was accepted");
        if what == "future version" {
            assert_eq!(result.unwrap_err(), SaveError::FutureVersion(99));
        }
    }
    let ten_years = edit(&|v| v["elapsed_ms"] = save::MAX_ELAPSED_MS.into());
    assert_eq!(save::from_json(&ten_years).unwrap().elapsed_ms(), save::MAX_ELAPSED_MS, "long, but a clock");
    let deep = "[".repeat(100_000);
    assert!(save::from_json(&deep).is_err(), "deep nesting is refused, not a stack overflow");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random damage to a save never panics: it restores (if harmless) or returns an error.
    #[test]
    fn damaged_saves_never_panic(flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)) {
        let mut bytes = save::to_json(&game_in_progress()).into_bytes();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        let _ = save::from_json(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_store_saves_and_resumes_each_game_kind() {
    let store = Store::open(temp_dir("resume")).unwrap();
    assert!(store.load(GameKind::Dnieper).unwrap().is_none());
    let mut game = game_in_progress();
    store.save(&mut game).unwrap();
    assert!(store.has_game(GameKind::Dnieper));
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(game));
    let reopened = Store::open(store.dir()).unwrap();
    assert!(reopened.load(GameKind::Dnieper).unwrap().is_some());
    assert!(reopened.load(GameKind::Chequers).unwrap().is_none());
    let leftovers: Vec<_> = fs::read_dir(store.dir()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(leftovers.iter().all(|n| !n.to_string_lossy().ends_with(".tmp")), "{leftovers:?}");
}

/// The game on screen when the app went away is the one it reopens at launch: none after the
/// player went back to the list, not a daily deal of another day, and none from a damaged
/// record; the record is this device's, not among the files backed up.
#[test]
fn the_game_left_on_screen_is_the_one_to_reopen() {
    use solitaire_core::daily::Date;
    use solitaire_core::OnScreen;
    let store = Store::open(temp_dir("on-screen")).unwrap();
    let today = Date::new(2026, 12, 6).unwrap();
    assert_eq!(store.to_reopen(today), None, "a new store shows the list");
    let dnieper = OnScreen { kind: GameKind::Dnieper, daily: None };
    store.set_on_screen(Some(dnieper)).unwrap();
    assert_eq!(Store::open(store.dir()).unwrap().to_reopen(today), Some(dnieper), "kept across launches");
    store.set_on_screen(None).unwrap();
    assert_eq!(store.to_reopen(today), None, "back to the list");
    store.set_on_screen(None).unwrap();

    let daily = OnScreen { kind: GameKind::Chequers, daily: Some(today) };
    store.set_on_screen(Some(daily)).unwrap();
    assert_eq!(store.to_reopen(today), Some(daily));
    assert_eq!(store.to_reopen(Date::new(2026, 12, 7).unwrap()), None, "yesterday's daily deal is over");

    let record = store.dir().join("on-screen.json");
    for damaged in ["", "{", r#"{"game":"patience","daily":null}"#, r#"{"game":"zerline","daily":"2026-13-01"}"#] {
        fs::write(&record, damaged).unwrap();
        assert_eq!(store.to_reopen(today), None, "{damaged:?}");
    }
    assert!(!solitaire_core::store::kept_files().contains(&"on-screen.json".to_string()));
}

#[test]
fn a_corrupt_save_is_kept_aside_reported_and_never_overwritten() {
    let store = Store::open(temp_dir("corrupt")).unwrap();
    let path = store.dir().join("zerline.json");
    fs::write(&path, b"{\"format\": \"solitaire-save\", \"version\": 1, \"game\"").unwrap();
    let Err(StoreError::Corrupt { kept_as, .. }) = store.load(GameKind::Zerline) else { panic!("not reported") };
    assert_eq!(fs::read(&kept_as).unwrap(), b"{\"format\": \"solitaire-save\", \"version\": 1, \"game\"");
    assert!(!path.exists());
    assert!(store.load(GameKind::Zerline).unwrap().is_none(), "the store carries on");
    fs::write(&path, b"again").unwrap();
    let Err(StoreError::Corrupt { kept_as: second, .. }) = store.load(GameKind::Zerline) else { panic!() };
    assert_ne!(second, kept_as, "the first kept file is not overwritten");
    assert!(kept_as.exists() && second.exists());
    let mut game = Game::new(GameKind::Zerline, 1);
    store.save(&mut game).unwrap();
    assert_eq!(store.load(GameKind::Zerline).unwrap(), Some(game));
}

/// A file of any size costs the store no more than a save's limit to read: a terabyte (sparse,
/// so it takes no disk) in place of the save and of the statistics is put aside as damaged, and
/// the store carries on. (Read whole, the terabyte failed as an I/O error, so the slot never
/// opened again; a merely huge file was read into memory at every start.)
#[test]
fn a_huge_file_is_read_no_further_than_a_save_can_be_and_kept_aside() {
    let store = Store::open(temp_dir("huge")).unwrap();
    for name in ["zerline.json", "stats.json", "on-screen.json"] {
        fs::File::create(store.dir().join(name)).unwrap().set_len(1 << 40).unwrap();
    }
    assert!(store.to_reopen(solitaire_core::daily::Date::parse("2026-12-07").unwrap()).is_none());
    let Err(StoreError::Corrupt { kept_as, .. }) = store.load(GameKind::Zerline) else { panic!("not reported") };
    assert_eq!(fs::metadata(&kept_as).unwrap().len(), 1 << 40, "kept aside whole");
    assert!(matches!(store.stats(GameKind::Zerline), Err(StoreError::Corrupt { .. })));
    let mut game = Game::new(GameKind::Zerline, 1);
    store.save(&mut game).unwrap();
    assert_eq!(store.load(GameKind::Zerline).unwrap(), Some(game));
    for entry in fs::read_dir(store.dir()).unwrap() {
        fs::remove_file(entry.unwrap().path()).unwrap();
    }
}

/// What is no file the store can read, in place of a save, is put aside at once, and the game
/// goes on with a new one: a FIFO (an open for reading would wait for a writer for ever,
/// holding the store), a folder, a link to a device or into a loop. It was left in place as
/// an I/O error, which shut the player out of that game for good ("try again" never helped).
#[cfg(unix)]
#[test]
fn what_is_no_readable_file_in_place_of_a_save_is_put_aside_without_waiting() {
    let store = Store::open(temp_dir("not-a-file")).unwrap();
    let path = store.dir().join("chequers.json");
    let (one, other) = (store.dir().join("loop-1"), store.dir().join("loop-2"));
    type Make<'a> = Box<dyn Fn() + 'a>;
    let places: [(&str, Make); 4] = [
        ("a FIFO", Box::new(|| assert!(std::process::Command::new("mkfifo").arg(&path).status().unwrap().success()))),
        ("a folder", Box::new(|| fs::create_dir_all(path.join("inside")).unwrap())),
        (
            "a loop of links",
            Box::new(|| {
                std::os::unix::fs::symlink(&one, &path).unwrap();
                std::os::unix::fs::symlink(&other, &one).unwrap();
                std::os::unix::fs::symlink(&one, &other).unwrap();
            }),
        ),
        // After the loop: its kept link, which still loops, is no free name to put aside to.
        ("a link to a device", Box::new(|| std::os::unix::fs::symlink("/dev/zero", &path).unwrap())),
    ];
    let store = std::sync::Arc::new(store);
    for (what, make) in places {
        make();
        let (done, result) = std::sync::mpsc::channel();
        let loading = store.clone();
        std::thread::spawn(move || {
            let _ = done.send(loading.load(GameKind::Chequers));
        });
        let loaded = result.recv_timeout(std::time::Duration::from_secs(10)).expect("the load returns");
        let Err(StoreError::Corrupt { kept_as, .. }) = loaded else { panic!("{what}: {loaded:?}") };
        assert!(fs::symlink_metadata(&kept_as).is_ok(), "{what}: kept");
        assert!(fs::symlink_metadata(&path).is_err(), "{what}: out of the way");
        let mut game = Game::new(GameKind::Chequers, 1);
        store.save(&mut game).unwrap();
        assert_eq!(store.load(GameKind::Chequers).unwrap(), Some(game), "{what}: the game goes on");
        fs::remove_file(&path).unwrap();
    }
    let kept = fs::read_dir(store.dir())
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().file_name().to_string_lossy().starts_with("chequers.corrupt-"));
    assert_eq!(kept.count(), 4, "each kept, none over another");
}

/// A FIFO where a game's lock file goes is passed by (its open would wait for a writer for
/// ever, holding the store): the game opens, unlocked, as on a file system without locks.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_lock_file_does_not_hold_the_store() {
    let store = Store::open(temp_dir("lock-fifo")).unwrap();
    let lock = store.dir().join("zerline.lock");
    assert!(std::process::Command::new("mkfifo").arg(&lock).status().unwrap().success());
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(store.load(GameKind::Zerline).map(|game| game.is_none()));
    });
    let loaded = result.recv_timeout(std::time::Duration::from_secs(10)).expect("the load returns");
    assert!(matches!(loaded, Ok(true)), "{loaded:?}");
}

/// Another process (the terminal game) holding a game's lock, as `Store::load` takes it there.
fn open_elsewhere(store: &Store, kind: GameKind) -> fs::File {
    let lock = fs::File::create(store.dir().join(format!("{}.lock", kind.slug()))).unwrap();
    lock.try_lock().expect("the game is free");
    lock
}

/// A game another process has open is not saved over, nor given up, from here: the window's new
/// deal, landing after its player went back to the list, was saved over the moves the terminal
/// game had made since in the same game. Once that process lets the game go, it saves.
#[test]
fn a_game_open_in_another_process_is_not_saved_over() {
    let store = Store::open(temp_dir("open-elsewhere")).unwrap();
    let mut mine = Game::new(GameKind::Dnieper, 7);
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), None);
    store.set_on_screen(None).unwrap(); // back to the list: the game is free for another
    let theirs = game_in_progress();
    let elsewhere = open_elsewhere(&store, GameKind::Dnieper);
    let their_save = save::to_json(&theirs);
    fs::write(store.dir().join("dnieper.json"), &their_save).unwrap();

    assert!(matches!(store.save(&mut mine), Err(StoreError::InUse { .. })));
    assert!(matches!(store.abandon(&mut game_in_progress()), Err(StoreError::InUse { .. })));
    assert_eq!(fs::read_to_string(store.dir().join("dnieper.json")).unwrap(), their_save, "their moves kept");
    assert_eq!(store.stats(GameKind::Dnieper).unwrap(), Stats::default(), "nothing counted");

    drop(elsewhere);
    store.save(&mut mine).unwrap();
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(mine));
}

/// Another process's save of a game it does not hold locks that game for the save's time: a
/// load here meanwhile waits it out rather than calling the game open elsewhere (the terminal
/// game quit so when the window's late save was being written as it started).
#[test]
fn a_game_locked_only_for_a_save_elsewhere_still_opens() {
    let store = Store::open(temp_dir("locked-for-a-save")).unwrap();
    let saving = open_elsewhere(&store, GameKind::Dnieper);
    let released = std::thread::spawn(move || {
        // Well within the 200 ms a load waits.
        std::thread::sleep(std::time::Duration::from_millis(30));
        drop(saving);
    });
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), None, "opened once the save was done");
    released.join().unwrap();
}

/// A save with a byte-order mark before it (some editors write one) loads: it was put aside
/// as damaged, and the game lost.
#[test]
fn a_save_with_a_byte_order_mark_loads() {
    let store = Store::open(temp_dir("bom")).unwrap();
    let game = game_in_progress();
    let mut text = "\u{feff}".to_string();
    text.push_str(&save::to_json(&game));
    fs::write(store.dir().join("dnieper.json"), text).unwrap();
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(game));
}

/// The folder removed under a running store (a player's clean-up) is made again at the next
/// save: every save failed with no word of why, and the game was lost when the app closed.
#[test]
fn a_save_makes_the_folder_again_if_it_was_removed() {
    let dir = temp_dir("folder-removed");
    let store = Store::open(&dir).unwrap();
    let mut game = game_in_progress();
    store.save(&mut game).unwrap();
    fs::remove_dir_all(&dir).unwrap();
    store.save(&mut game).unwrap();
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(game));
}

#[test]
fn a_save_of_another_kind_in_the_wrong_file_is_kept_aside() {
    let store = Store::open(temp_dir("wrong-kind")).unwrap();
    fs::write(store.dir().join("chequers.json"), save::to_json(&Game::new(GameKind::Zerline, 3))).unwrap();
    assert!(matches!(store.load(GameKind::Chequers), Err(StoreError::Corrupt { .. })));
}

#[test]
fn a_crash_mid_write_leaves_the_previous_save() {
    let store = Store::open(temp_dir("crash")).unwrap();
    let mut game = game_in_progress();
    store.save(&mut game).unwrap();
    // What a crash between writing the temporary file and renaming it leaves behind.
    fs::write(store.dir().join("dnieper.json.tmp"), b"{\"half\": ").unwrap();
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(game.clone()));
    game.redo().unwrap();
    store.save(&mut game).unwrap();
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(game));
}

#[test]
fn writes_cut_short_long_ago_are_cleared_and_nothing_else() {
    let dir = temp_dir("stale");
    fs::create_dir_all(&dir).unwrap();
    let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    let old = ["dnieper.json.4242.tmp", "stats.json.tmp", "on-screen.json.7.tmp", "notes.tmp", "photo.json.12.tmp"];
    for (name, age) in old.map(|n| (n, Some(two_hours_ago))).into_iter().chain([("zerline.json.4243.tmp", None)]) {
        let file = fs::File::create(dir.join(name)).unwrap();
        if let Some(time) = age {
            file.set_modified(time).unwrap();
        }
    }
    Store::open(&dir).unwrap();
    let mut left: Vec<_> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    left.sort();
    // A young one may be another process's write in progress; the others are not the store's.
    assert_eq!(left, ["notes.tmp", "photo.json.12.tmp", "zerline.json.4243.tmp"]);
}

/// Giving a game up counts a loss only where `abandon_counts_as_loss` says so, which the apps
/// ask about first: not before a move, and not for a win undone after it was counted.
#[test]
fn a_counted_win_undone_and_given_up_stays_a_win() {
    let store = Store::open(temp_dir("win-undone")).unwrap();
    assert!(!Game::new(GameKind::YakutatBay, 1).abandon_counts_as_loss(), "no move made");
    let mut game = one_move_from_winning();
    win(&mut game);
    assert!(!game.abandon_counts_as_loss(), "won");
    store.save(&mut game).unwrap();
    game.undo().unwrap();
    let winning = game.redo_stack()[0].0;
    let other = game.state().legal_move_list().into_iter().find(|&mv| mv != winning).expect("another move");
    game.play(other).unwrap();
    assert!(game.moves_made() > 0 && game.status() == solitaire_core::Status::Playing);
    assert!(!game.abandon_counts_as_loss(), "won and counted, then undone and played on");
    store.abandon(&mut game).unwrap();
    let stats = store.stats(GameKind::YakutatBay).unwrap();
    assert_eq!((stats.played, stats.won), (1, 1));
    let mut other = game_in_progress();
    assert!(other.abandon_counts_as_loss());
    store.abandon(&mut other).unwrap();
    assert_eq!(store.stats(GameKind::Dnieper).unwrap().played, 1);
}

#[test]
fn statistics_count_wins_once_losses_and_streaks() {
    let store = Store::open(temp_dir("stats")).unwrap();
    let mut game = one_move_from_winning();
    game.resume(0);
    game.touch(90_000);
    win(&mut game);
    store.save(&mut game).unwrap();
    store.save(&mut game).unwrap();
    let s = store.stats(GameKind::YakutatBay).unwrap();
    assert_eq!(
        s,
        Stats {
            played: 1,
            won: 1,
            current_streak: 1,
            best_streak: 1,
            best_time_ms: Some(90_000),
            fewest_moves: Some(1),
            assisted: 0
        }
    );
    assert!(!store.has_game(GameKind::YakutatBay), "a won game is no longer in progress");

    let mut quick = one_move_from_winning();
    win(&mut quick);
    store.save(&mut quick).unwrap();
    let mut abandoned = game_in_progress();
    let mut idle = Game::new(GameKind::YakutatBay, 5);
    store.abandon(&mut idle).unwrap();
    let mut given_up = one_move_from_winning();
    given_up.play(m(given_up.state(), "foundation:0 1 tableau:1")).unwrap();
    store.save(&mut given_up).unwrap();
    store.abandon(&mut given_up).unwrap();
    store.abandon(&mut given_up).unwrap();
    let s = store.stats(GameKind::YakutatBay).unwrap();
    assert_eq!((s.played, s.won, s.current_streak, s.best_streak), (3, 2, 0, 2), "{s:?}");
    assert_eq!(s.best_time_ms, Some(0));
    assert!(!store.has_game(GameKind::YakutatBay));
    store.abandon(&mut abandoned).unwrap();
    assert_eq!(store.stats(GameKind::Dnieper).unwrap().played, 1);
}

#[test]
fn damaged_statistics_are_kept_aside_and_the_win_still_counts() {
    let store = Store::open(temp_dir("stats-corrupt")).unwrap();
    fs::write(store.dir().join("stats.json"), b"not json").unwrap();
    let mut game = one_move_from_winning();
    win(&mut game);
    assert!(matches!(store.save(&mut game), Err(StoreError::Corrupt { .. })), "the damage is reported");
    assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, 1);
    assert!(store.dir().join("stats.corrupt-1.json").exists());
}

/// Statistics no store writes (a hand edit, a damaged disk) are kept aside as damaged ones are:
/// they loaded, and the statistics page said "won 5" of 3 games played; a daily win on a day
/// number far outside the calendar overflowed the streak's arithmetic (a panic in debug builds).
#[test]
fn statistics_that_do_not_add_up_are_kept_aside() {
    let stats = |games: &str, daily: &str| {
        format!(r#"{{"version": 2, "games": {{"zerline": {games}}}, "daily_wins": {{"zerline": [{daily}]}}}}"#)
    };
    let counts = |played, won, current, best, assisted| {
        format!(
            r#"{{"played": {played}, "won": {won}, "current_streak": {current}, "best_streak": {best},
            "best_time_ms": 60000, "fewest_moves": 90, "assisted": {assisted}}}"#
        )
    };
    let date = Date::new(2026, 12, 7).unwrap();
    let fine = stats(&counts(5, 3, 1, 2, 2), &date.day_number().to_string());
    let damaged = [
        stats(&counts(3, 5, 1, 2, 0), "20000"),
        stats(&counts(5, 3, 1, 2, 6), "20000"),
        stats(&counts(5, 3, 3, 2, 0), "20000"),
        stats(&counts(5, 3, 1, 4, 0), "20000"),
        stats(&counts(5, 3, 1, 2, 0), &i64::MIN.to_string()),
        stats(&counts(5, 3, 1, 2, 0), "2932897"), // the day after 9999-12-31
    ];
    for (n, text) in std::iter::once(&fine).chain(&damaged).enumerate() {
        let store = Store::open(temp_dir(&format!("stats-inconsistent-{n}"))).unwrap();
        fs::write(store.dir().join("stats.json"), text).unwrap();
        let read = store.daily_overview(date);
        if n == 0 {
            assert_eq!(read.unwrap().streak.current, 1, "{text}");
            assert_eq!(store.stats(GameKind::Zerline).unwrap().won, 3);
        } else {
            assert!(matches!(read, Err(StoreError::Corrupt { .. })), "{text}");
            assert_eq!(store.stats(GameKind::Zerline).unwrap(), Stats::default(), "{text}");
            assert!(store.dir().join("stats.corrupt-1.json").exists());
        }
    }
}

/// Two stores on one folder in one process (an app's screen made again while the old one's last
/// saves are on their way) save one game at once: each write waits for the other's, which share
/// a temporary file, and no save is torn.
#[test]
fn stores_in_one_process_saving_one_game_at_once_never_tear_its_save() {
    let dir = temp_dir("race-threads");
    let stores: Vec<_> = (0..3).map(|_| Store::open(&dir).unwrap()).collect();
    std::thread::scope(|scope| {
        for store in &stores {
            scope.spawn(move || {
                let mut game = game_in_progress();
                for _ in 0..100 {
                    store.save(&mut game).unwrap_or_else(|e| panic!("a save failed: {e}"));
                }
            });
        }
        for _ in 0..200 {
            assert!(stores[0].load(GameKind::Dnieper).is_ok(), "a save was torn");
        }
    });
    let mut names: Vec<_> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    // The lock file says the game is open here (`Store::load`).
    assert_eq!(names, ["dnieper.json", "dnieper.lock"], "nothing put aside, no temporary file left");
}

/// Two more processes running the test binary's `test` alone, told by the variable `dir_variable`
/// which folder to work in.
fn copies_of(test: &str, dir_variable: &str, dir: &std::path::Path) -> Vec<std::process::Child> {
    let copy = || {
        std::process::Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--nocapture"])
            .env(dir_variable, dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the test binary runs again")
    };
    vec![copy(), copy()]
}

/// The terminal game and the desktop window may share one folder and run at once: their writes
/// of one file must never mix into a torn save (which the next load would put aside, the game
/// lost). This test runs itself again as two more processes (`RACE_DIR` tells a copy to write)
/// and loads while all three write the same game's save.
#[test]
fn processes_saving_one_game_at_once_never_tear_its_save() {
    const RACE_DIR: &str = "SOLITAIRE_STORE_RACE_DIR";
    let write = |store: &Store, rounds: usize| {
        let mut game = game_in_progress();
        for _ in 0..rounds {
            store.save(&mut game).unwrap_or_else(|e| panic!("a save failed: {e}"));
        }
    };
    if let Some(dir) = std::env::var_os(RACE_DIR) {
        write(&Store::open(PathBuf::from(dir)).unwrap(), 300);
        return;
    }
    let dir = temp_dir("race");
    let store = Store::open(&dir).unwrap();
    without_game_locks(&dir);
    let copies = copies_of("processes_saving_one_game_at_once_never_tear_its_save", RACE_DIR, &dir);
    write(&store, 100);
    for mut copy in copies {
        while copy.try_wait().unwrap().is_none() {
            assert!(store.load(GameKind::Dnieper).is_ok(), "a save was torn");
        }
        assert!(copy.wait().unwrap().success(), "a copy's saves failed");
    }
    let mut names: Vec<_> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["dnieper.json", "dnieper.lock"], "nothing put aside, no temporary file left");
}

/// Where the file system has no locks, processes may write one game's save at once (where it
/// has them, one is refused the game another has open: `a_game_open_in_another_process_is_not_saved_over`).
/// A FIFO in place of the game's lock file is such a folder: the store passes it by, unlocked.
fn without_game_locks(dir: &std::path::Path) {
    let lock = dir.join("dnieper.lock");
    assert!(std::process::Command::new("mkfifo").arg(&lock).status().unwrap().success());
}

/// The terminal game and the desktop window may share one folder, and an app may have two
/// stores open at once: each finished game must count, whoever else counts one meanwhile. This
/// test runs itself again as two more processes (`COUNT_DIR` tells a copy to count) and gives
/// games up in all three, and in two threads of its own.
#[test]
fn processes_counting_games_at_once_lose_no_count() {
    const COUNT_DIR: &str = "SOLITAIRE_STORE_COUNT_DIR";
    const ROUNDS: u32 = 40;
    let give_up = |store: &Store| {
        for _ in 0..ROUNDS {
            store.abandon(&mut game_in_progress()).unwrap_or_else(|e| panic!("a count failed: {e}"));
        }
    };
    if let Some(dir) = std::env::var_os(COUNT_DIR) {
        give_up(&Store::open(PathBuf::from(dir)).unwrap());
        return;
    }
    let dir = temp_dir("count-race");
    let stores = [Store::open(&dir).unwrap(), Store::open(&dir).unwrap()];
    without_game_locks(&dir);
    let copies = copies_of("processes_counting_games_at_once_lose_no_count", COUNT_DIR, &dir);
    std::thread::scope(|scope| {
        for store in &stores {
            scope.spawn(move || give_up(store));
        }
    });
    for mut copy in copies {
        assert!(copy.wait().unwrap().success(), "a copy's counts failed");
    }
    assert_eq!(stores[0].stats(GameKind::Dnieper).unwrap().played, 4 * ROUNDS);
}
