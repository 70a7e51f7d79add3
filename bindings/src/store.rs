//! `Store`: the games in progress and statistics, in a directory the app chooses.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use solitaire_core as core;

use crate::convert::*;
use crate::game::Game;

#[derive(uniffi::Object)]
pub struct Store {
    /// Serialises the disk work. A game's lock is held only while its save is taken (not while
    /// it is written), so the UI's `table()` and taps never wait for the disk.
    inner: Mutex<Files>,
    /// Numbers saves in the order they were taken from their games.
    taken: AtomicU64,
}

struct Files {
    store: core::Store,
    /// Per game kind, the number of the newest save written: an older one that reaches the
    /// disk after it (two threads saving at once) is dropped, so a save never goes back in time.
    written: HashMap<core::GameKind, u64>,
}

impl Store {
    fn lock(&self) -> MutexGuard<'_, Files> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[uniffi::export]
impl Store {
    /// Opens the store in `dir` (Android: `filesDir`; iOS: Application Support), creating it.
    #[uniffi::constructor]
    pub fn open(dir: String) -> Result<Arc<Store>, GameError> {
        let files = Files { store: core::Store::open(dir)?, written: HashMap::new() };
        Ok(Arc::new(Store { inner: Mutex::new(files), taken: AtomicU64::new(0) }))
    }

    /// The game of `kind` in progress, exactly as saved (undo history included), if any.
    /// A damaged save raises `CorruptSave` once: it is kept aside and the store carries on.
    pub fn resume(&self, kind: GameKind) -> Result<Option<Arc<Game>>, GameError> {
        Ok(self.lock().store.load(kind.into())?.map(Game::wrap))
    }

    /// Saves `game` as its kind's game in progress; a won game goes to the statistics instead.
    pub fn save(&self, game: Arc<Game>) -> Result<(), GameError> {
        let (number, pending) = {
            let mut game = game.lock();
            // Numbered under the game's lock: numbers follow the order of the game's states.
            (self.taken.fetch_add(1, Ordering::Relaxed) + 1, core::PendingSave::take(&mut game))
        };
        let mut files = self.lock();
        let slot = files.written.entry(pending.kind()).or_default();
        if number < *slot {
            return Ok(());
        }
        *slot = number;
        let written = files.store.write(pending.clone());
        if written.is_err() {
            files.store.after_failed_write(&pending, &mut game.lock());
        }
        Ok(written?)
    }

    /// Gives up on `game` before a new deal or a restart: a game with moves counts as lost.
    pub fn abandon(&self, game: Arc<Game>) -> Result<(), GameError> {
        let files = self.lock();
        let mut game = game.lock();
        Ok(files.store.abandon(&mut game)?)
    }

    pub fn stats(&self, kind: GameKind) -> Result<GameStats, GameError> {
        Ok(self.lock().store.stats(kind.into())?.into())
    }

    /// The game chooser's rows: each game with its statistics and whether one is in progress.
    pub fn overview(&self) -> Result<Vec<GameOverview>, GameError> {
        let store = &self.lock().store;
        core::GameKind::ALL
            .into_iter()
            .map(|kind| {
                Ok(GameOverview {
                    info: kind.into(),
                    in_progress: store.has_game(kind),
                    stats: store.stats(kind)?.into(),
                })
            })
            .collect()
    }
}
