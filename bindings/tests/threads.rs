//! The bindings as the apps use them from several threads: a save writing to a slow disk must
//! not hold up the UI thread's `table()` and taps, and a search the app no longer wants stops.

use std::sync::mpsc;
use std::time::Duration;

use solitaire_ffi::{
    Action, CancelFlag, Game, GameKind, HintAnswer, Outcome, Store, Update, Verdict, Viewport, WayBack,
};

const PHONE: Viewport =
    Viewport { width: 390.0, height: 844.0, inset_top: 47.0, inset_left: 0.0, inset_bottom: 34.0, inset_right: 0.0 };

/// Fails the test instead of hanging it when `work` never returns.
fn within<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    std::thread::spawn(move || done.send(work()));
    result.recv_timeout(Duration::from_secs(30)).unwrap_or_else(|_| panic!("{what} did not finish"))
}

/// A save is stuck on the disk (its temporary file is a pipe no one reads yet): the game's
/// table and taps still answer, and the save completes once the disk moves again.
#[cfg(unix)]
#[test]
fn table_and_tap_do_not_wait_for_a_save_in_progress() {
    use std::io::Read;

    let dir = std::env::temp_dir().join(format!("solitaire-threads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pipe = dir.join(format!("dnieper.json.{}.tmp", std::process::id()));
    let made = std::process::Command::new("mkfifo").arg(&pipe).status().expect("mkfifo runs");
    assert!(made.success());

    let store = Store::open(dir.to_string_lossy().into_owned()).unwrap();
    let game = Game::new(GameKind::Dnieper, 1);
    let saving = {
        let (store, game) = (store.clone(), game.clone());
        std::thread::spawn(move || store.save(game))
    };
    // Opening the pipe for reading is what lets the save's write go on; until then it is stuck.
    std::thread::sleep(Duration::from_millis(200));
    assert!(!saving.is_finished(), "the save is held up by the pipe");

    let ui = game.clone();
    let played = within("table and tap during a save", move || {
        let table = ui.view(PHONE);
        let card = table.cards.iter().rfind(|c| c.movable).expect("a movable card").clone();
        (table.cards.len(), ui.act(Action::Tap { pile: card.pile, index: card.position }))
    });
    assert_eq!(played.0, 52);
    assert!(played.1.is_ok());
    assert!(!saving.is_finished(), "the save was still stuck while the UI worked");

    let mut written = String::new();
    std::fs::File::open(&pipe).unwrap().read_to_string(&mut written).unwrap();
    // It finishes once the pipe is read (with an error: a pipe cannot be synced like a file).
    let _ = saving.join().expect("the save thread ends");
    assert!(written.contains("\"dnieper\""), "the save's text went through the pipe");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two saves of one game racing to the disk: the store ends with the newer position.
#[test]
fn the_newest_save_wins() {
    let dir = std::env::temp_dir().join(format!("solitaire-newest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::open(dir.to_string_lossy().into_owned()).unwrap();
    let game = Game::new(GameKind::YakutatBay, 3);
    for _ in 0..20 {
        let table = game.view(PHONE);
        let played = table.cards.iter().filter(|c| c.movable).any(|c| {
            matches!(
                game.act(Action::Tap { pile: c.pile, index: c.position }),
                Ok(Update { outcome: Outcome::Moved, .. })
            )
        });
        let savers: Vec<_> = (0..4)
            .map(|_| {
                let (store, game) = (store.clone(), game.clone());
                std::thread::spawn(move || store.save(game).unwrap())
            })
            .collect();
        savers.into_iter().for_each(|s| s.join().unwrap());
        let resumed = store.resume(GameKind::YakutatBay).unwrap().expect("saved");
        assert_eq!(resumed.position_json(), game.position_json());
        if !played {
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A search whose flag was set does no work: no hint, no verdict, nothing undone, even on a deal
/// the solver wins at once and with an unlimited budget.
#[test]
fn a_cancelled_search_answers_nothing() {
    let flag = CancelFlag::new();
    flag.cancel();
    assert!(flag.is_cancelled());
    let game = Game::new(GameKind::Chequers, 1);
    assert_eq!(game.still_winnable(10_000, None).verdict, Verdict::Winnable, "the deal itself is easy");
    assert!(matches!(game.hint(None), HintAnswer::Move { .. }));

    assert_eq!(game.still_winnable(u32::MAX, Some(flag.clone())).verdict, Verdict::Unknown);
    assert_eq!(game.hint(Some(flag.clone())), HintAnswer::Stopped);
    let HintAnswer::Move { hint } = game.hint(None) else { panic!("a hint") };
    game.act(Action::Play { mv: hint.mv }).unwrap();
    assert_eq!(game.undo_to_winnable(u32::MAX, Some(flag)), WayBack::NotFound);
    assert_eq!(game.status().moves, 1, "nothing was undone");
}
