//! `Store`: the games in progress and statistics, in a directory the app chooses.

use std::sync::{Arc, Mutex, MutexGuard};

use solitaire_core as core;

use crate::convert::*;
use crate::game::Game;

#[derive(uniffi::Object)]
pub struct Store {
    /// Serialises writes: each save snapshots its game inside this lock, so a later save
    /// always writes a position at least as new as an earlier one.
    inner: Mutex<core::Store>,
}

impl Store {
    fn lock(&self) -> MutexGuard<'_, core::Store> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[uniffi::export]
impl Store {
    /// Opens the store in `dir` (Android: `filesDir`; iOS: Application Support), creating it.
    #[uniffi::constructor]
    pub fn open(dir: String) -> Result<Arc<Store>, GameError> {
        Ok(Arc::new(Store { inner: Mutex::new(core::Store::open(dir)?) }))
    }

    /// The game of `kind` in progress, exactly as saved (undo history included), if any.
    /// A damaged save raises `CorruptSave` once: it is kept aside and the store carries on.
    pub fn resume(&self, kind: GameKind) -> Result<Option<Arc<Game>>, GameError> {
        Ok(self.lock().load(kind.into())?.map(Game::wrap))
    }

    /// Saves `game` as its kind's game in progress; a won game goes to the statistics instead.
    pub fn save(&self, game: Arc<Game>) -> Result<(), GameError> {
        let store = self.lock();
        let mut game = game.lock();
        Ok(store.save(&mut game)?)
    }

    /// Gives up on `game` before a new deal or a restart: a game with moves counts as lost.
    pub fn abandon(&self, game: Arc<Game>) -> Result<(), GameError> {
        let store = self.lock();
        let mut game = game.lock();
        Ok(store.abandon(&mut game)?)
    }

    pub fn stats(&self, kind: GameKind) -> Result<GameStats, GameError> {
        Ok(self.lock().stats(kind.into())?.into())
    }

    /// The game chooser's rows: each game with its statistics and whether one is in progress.
    pub fn overview(&self) -> Result<Vec<GameOverview>, GameError> {
        let store = self.lock();
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
