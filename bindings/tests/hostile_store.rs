//! `Store` in places it cannot use and over files that are not what they should be: a path that
//! is a file, a folder that cannot be written, one that vanishes or turns into a file, saves
//! replaced by garbage or by a folder. Each call returns a typed error or a sane result, never a
//! panic, no save is overwritten by the damage, and the store goes on once the place is usable.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use solitaire_ffi::*;

/// A fresh directory under the target dir, removed first if a previous run left it.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile-store").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.parent().unwrap()).unwrap();
    dir
}

fn text(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

fn open_fails(dir: &str) -> GameError {
    match Store::open(dir.to_string()) {
        Err(error) => error,
        Ok(_) => panic!("a store opened in {dir:?}"),
    }
}

/// A game with a move made, so that it counts when abandoned and has something to save.
fn played(kind: GameKind, deal: u64) -> std::sync::Arc<Game> {
    let game = Game::new(kind, deal);
    let state = solitaire_core::notation::parse_position(
        &game.position_json(),
        solitaire_core::notation::Completeness::Complete,
    )
    .unwrap();
    let mv = match state.legal_move_list()[0] {
        solitaire_core::Move::Transfer { from, count, to } => {
            PlayerMove::Transfer { from: from.into(), count: count.into(), to: to.into() }
        }
        solitaire_core::Move::Stock => PlayerMove::Stock,
    };
    game.act(Action::Play { mv }).unwrap();
    game
}

#[test]
fn a_store_cannot_open_on_a_file_below_a_file_or_on_no_path_at_all() {
    let dir = temp_dir("open");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    fs::write(&file, b"not a folder").unwrap();
    // Even root cannot make a folder inside a regular file.
    for place in [text(&file), text(&file.join("below")), text(&file.join("below/deeper")), String::new()] {
        assert!(matches!(open_fails(&place), GameError::Storage { .. }), "{place:?}");
    }
    assert!(matches!(open_fails(&format!("{}/nul\0byte", text(&dir))), GameError::Storage { .. }));
    assert!(matches!(open_fails(&text(&dir.join("n".repeat(300)))), GameError::Storage { .. }));
    assert_eq!(fs::read(&file).unwrap(), b"not a folder", "the file is left alone");
}

#[test]
fn a_missing_folder_is_created_and_used() {
    let dir = temp_dir("missing").join("several/levels/down");
    let store = Store::open(text(&dir)).unwrap();
    assert!(dir.is_dir());
    let game = played(GameKind::HowTheyRun, 9);
    store.save(game.clone()).unwrap();
    assert_eq!(store.resume(GameKind::HowTheyRun).unwrap().unwrap().position_json(), game.position_json());
}

/// Makes a folder immutable (`chattr +i`: not even root may create, rename or remove files in
/// it) for as long as it lives.
struct Immutable(PathBuf);

impl Immutable {
    fn make(dir: &Path) -> Option<Immutable> {
        let done = Command::new("chattr").arg("+i").arg(dir).status().is_ok_and(|s| s.success());
        done.then(|| Immutable(dir.to_path_buf()))
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
    }
}

/// A folder the process cannot write: saving and abandoning fail with `Storage`, reading still
/// works, a damaged save cannot be kept aside so it stays as it was (and is reported), and once
/// the folder is writable again everything works. The folder is made immutable with `chattr`,
/// which works for root where permissions do not; the test says so and skips when the file
/// system cannot (the path-below-a-file test above needs no such help).
#[test]
fn a_folder_that_cannot_be_written() {
    let dir = temp_dir("immutable");
    let store = Store::open(text(&dir)).unwrap();
    let game = played(GameKind::Dnieper, 4);
    store.save(game.clone()).unwrap();
    fs::write(dir.join("zerline.json"), b"{ damaged").unwrap();
    let Some(lock) = Immutable::make(&dir) else {
        eprintln!("SKIPPED: chattr +i does not work on {}", dir.display());
        return;
    };
    let other = played(GameKind::Dnieper, 5);
    assert!(matches!(store.save(other.clone()), Err(GameError::Storage { .. })));
    assert!(matches!(store.abandon(other.clone()), Err(GameError::Storage { .. })));
    assert_eq!(
        store.resume(GameKind::Dnieper).unwrap().unwrap().position_json(),
        game.position_json(),
        "the old save is intact"
    );
    assert!(
        matches!(store.resume(GameKind::Zerline), Err(GameError::Storage { .. })),
        "it cannot be kept aside, so it is not read as absent"
    );
    assert_eq!(fs::read(dir.join("zerline.json")).unwrap(), b"{ damaged");
    assert_eq!(store.stats(GameKind::Dnieper).unwrap().played, 0);
    assert_eq!(store.overview().unwrap().len(), 5);
    drop(lock);
    store.save(other.clone()).unwrap();
    assert_eq!(store.resume(GameKind::Dnieper).unwrap().unwrap().position_json(), other.position_json());
    assert!(matches!(store.resume(GameKind::Zerline), Err(GameError::CorruptSave { .. })));
}

#[test]
fn a_folder_that_vanishes_or_turns_into_a_file() {
    let dir = temp_dir("vanishing");
    let store = Store::open(text(&dir)).unwrap();
    let game = played(GameKind::Chequers, 2);
    fs::remove_dir_all(&dir).unwrap();
    // Vanished: reading finds nothing; writing makes it again (a player's clean-up must not
    // lose the game in play).
    assert!(store.resume(GameKind::Chequers).unwrap().is_none());
    assert_eq!(
        store.stats(GameKind::Chequers).unwrap(),
        Store::open(text(&temp_dir("fresh"))).unwrap().stats(GameKind::Chequers).unwrap()
    );
    store.save(game.clone()).unwrap();
    assert_eq!(store.resume(GameKind::Chequers).unwrap().unwrap().position_json(), game.position_json());
    fs::remove_dir_all(&dir).unwrap();
    // A file in its place: nothing can be written or read.
    fs::write(&dir, b"a file now").unwrap();
    assert!(matches!(store.save(game.clone()), Err(GameError::Storage { .. })));
    assert!(matches!(store.abandon(game.clone()), Err(GameError::Storage { .. })));
    assert!(matches!(store.resume(GameKind::Chequers), Err(GameError::Storage { .. })));
    assert!(matches!(store.stats(GameKind::Chequers), Err(GameError::Storage { .. })));
    assert!(matches!(store.overview(), Err(GameError::Storage { .. })));
    fs::remove_file(&dir).unwrap();
    fs::create_dir_all(&dir).unwrap();
    store.save(game.clone()).unwrap();
    assert_eq!(store.resume(GameKind::Chequers).unwrap().unwrap().position_json(), game.position_json());
}

#[derive(Debug, Clone)]
enum Damage {
    Garbage(Vec<u8>),
    Truncated(usize),
    /// A folder where the file should be.
    Folder,
}

#[derive(Debug, Clone)]
enum StoreCall {
    Save(usize),
    Abandon(usize),
    Resume(usize),
    Stats(usize),
    Overview,
    /// Damages `<game>.json` (or `stats.json` for 5).
    Damage(usize, Damage),
}

fn store_call() -> impl Strategy<Value = StoreCall> {
    let damage = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..64).prop_map(Damage::Garbage),
        (0..2000usize).prop_map(Damage::Truncated),
        Just(Damage::Folder),
    ];
    prop_oneof![
        3 => (0..5usize).prop_map(StoreCall::Save),
        1 => (0..5usize).prop_map(StoreCall::Abandon),
        2 => (0..5usize).prop_map(StoreCall::Resume),
        1 => (0..5usize).prop_map(StoreCall::Stats),
        1 => Just(StoreCall::Overview),
        2 => (0..6usize, damage).prop_map(|(f, d)| StoreCall::Damage(f, d)),
    ]
}

const KINDS: [GameKind; 5] =
    [GameKind::Dnieper, GameKind::YakutatBay, GameKind::Chequers, GameKind::Zerline, GameKind::HowTheyRun];
const FILES: [&str; 6] = ["dnieper", "yakutat-bay", "chequers", "zerline", "how-they-run", "stats"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Store calls between damage to its files: typed errors only; a save not damaged since it
    /// was written resumes exactly; a reported damaged file is kept aside with its bytes.
    #[test]
    fn store_calls_over_damaged_files(calls in prop::collection::vec(store_call(), 1..24), case in any::<u32>()) {
        let dir = temp_dir(&format!("calls-{case}"));
        let store = Store::open(text(&dir)).unwrap();
        let games: Vec<_> = KINDS.iter().enumerate().map(|(i, &k)| played(k, i as u64 + 1)).collect();
        let mut intact: [Option<String>; 5] = Default::default();
        for call in calls {
            match call {
                StoreCall::Save(i) => match store.save(games[i].clone()) {
                    Ok(()) => intact[i] = Some(games[i].position_json()),
                    Err(error) => prop_assert!(matches!(error, GameError::Storage { .. }), "{error:?}"),
                },
                StoreCall::Abandon(i) => match store.abandon(games[i].clone()) {
                    // Damaged statistics are reported after the game was given up: they were
                    // kept aside and fresh ones counted it.
                    Ok(()) | Err(GameError::CorruptSave { .. }) => intact[i] = None,
                    Err(error) => prop_assert!(matches!(error, GameError::Storage { .. }), "{error:?}"),
                },
                StoreCall::Resume(i) => match store.resume(KINDS[i]) {
                    Ok(Some(game)) => {
                        if let Some(saved) = &intact[i] {
                            prop_assert_eq!(&game.position_json(), saved);
                        }
                    }
                    Ok(None) => prop_assert!(intact[i].is_none(), "an intact save was not found"),
                    Err(GameError::CorruptSave { kept_as, .. }) => {
                        prop_assert!(intact[i].is_none(), "an intact save was called corrupt");
                        // A file, or the folder that stood in its place.
                        prop_assert!(Path::new(&kept_as).exists());
                    }
                    Err(error) => prop_assert!(matches!(error, GameError::Storage { .. }), "{error:?}"),
                },
                StoreCall::Stats(i) => {
                    let _ = store.stats(KINDS[i]);
                }
                StoreCall::Overview => {
                    let _ = store.overview();
                }
                StoreCall::Damage(f, damage) => {
                    let path = dir.join(format!("{}.json", FILES[f]));
                    if path.is_dir() {
                        continue;
                    }
                    let bytes = fs::read(&path).unwrap_or_default();
                    match damage {
                        Damage::Garbage(garbage) => fs::write(&path, garbage).unwrap(),
                        Damage::Truncated(at) => fs::write(&path, &bytes[..at.min(bytes.len())]).unwrap(),
                        Damage::Folder => {
                            let _ = fs::remove_file(&path);
                            fs::create_dir(&path).unwrap();
                        }
                    }
                    if f < 5 {
                        intact[f] = None;
                    }
                }
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
