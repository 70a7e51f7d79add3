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
    /// Per save slot, the number of the newest save written: an older one that reaches the
    /// disk after it (two threads saving at once) is dropped, so a save never goes back in time.
    written: HashMap<core::Slot, u64>,
}

impl Store {
    fn lock(&self) -> MutexGuard<'_, Files> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The save to write, numbered under the game's lock: numbers follow the order of the
    /// game's states.
    fn take(&self, game: &Game) -> (u64, core::PendingSave) {
        let mut game = game.lock();
        (self.taken.fetch_add(1, Ordering::Relaxed) + 1, core::PendingSave::take(&mut game))
    }

    /// Writes what `take` took, unless a newer save of the game was written first. A win it
    /// carried is not dropped with it (the newer one did not count it): the game is marked
    /// uncounted and saved again as it is now.
    fn write_taken(&self, game: &Game, mut number: u64, mut pending: core::PendingSave) -> Result<(), GameError> {
        let mut files = self.lock();
        while number < *files.written.entry(pending.slot()).or_default() {
            if !pending.counts_win() {
                return Ok(());
            }
            files.store.after_failed_write(&pending, &mut game.lock());
            (number, pending) = self.take(game);
        }
        files.written.insert(pending.slot(), number);
        let written = files.store.write(pending.clone());
        if written.is_err() {
            files.store.after_failed_write(&pending, &mut game.lock());
        }
        Ok(written?)
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

    /// Remembers the game on screen (`None`: the list of games), for the next launch; call it
    /// whenever the player opens a game or goes back to the list.
    pub fn set_on_screen(&self, on_screen: Option<OnScreen>) -> Result<(), GameError> {
        let on_screen = on_screen.map(TryInto::try_into).transpose()?;
        Ok(self.lock().store.set_on_screen(on_screen)?)
    }

    /// At launch: the game that was on screen when the app last went away, to open again (with
    /// `resume`, or `resume_daily` for a daily deal), unless it was a daily deal of another day
    /// than `today`, the device's local date.
    pub fn game_to_reopen(&self, today: DailyDate) -> Option<OnScreen> {
        let today = today.try_into().ok()?;
        self.lock().store.to_reopen(today).map(Into::into)
    }

    /// The game of `kind` in progress, exactly as saved (undo history included), if any.
    /// A damaged save raises `CorruptSave` once: it is kept aside and the store carries on.
    pub fn resume(&self, kind: GameKind) -> Result<Option<Arc<Game>>, GameError> {
        Ok(self.lock().store.load(kind.into())?.map(Game::wrap))
    }

    /// `kind`'s game in progress as saved, looked at without opening it (`resume` opens it, and
    /// another process asking then is refused): for a look only, as a test watching the desktop
    /// window's saves does.
    pub fn peek(&self, kind: GameKind) -> Result<Option<Arc<Game>>, GameError> {
        Ok(self.lock().store.peek(kind.into())?.map(Game::wrap))
    }

    /// `kind`'s daily deal on `date` (the device's local date): the one begun that day, or a new
    /// one. An unfinished daily game of another day is given up (counted as played).
    pub fn resume_daily(&self, kind: GameKind, date: DailyDate) -> Result<Arc<Game>, GameError> {
        Ok(Game::wrap(self.lock().store.load_daily(kind.into(), date.try_into()?)?))
    }

    /// Every game's daily deal on `date`, whether it is won or in progress, and the daily streak.
    pub fn daily_overview(&self, date: DailyDate) -> Result<DailyOverview, GameError> {
        let day: core::daily::Date = date.try_into()?;
        let overview = self.lock().store.daily_overview(day)?;
        let games = overview
            .games
            .into_iter()
            .map(|e| DailyEntry { kind: e.kind.into(), deal: e.deal, won: e.won, in_progress: e.in_progress })
            .collect();
        Ok(DailyOverview { date, games, current_streak: overview.streak.current, best_streak: overview.streak.best })
    }

    /// Saves `game` as its kind's game in progress; a won game goes to the statistics instead.
    pub fn save(&self, game: Arc<Game>) -> Result<(), GameError> {
        let (number, pending) = self.take(&game);
        self.write_taken(&game, number, pending)
    }

    /// Gives up on `game` before a new deal or a restart: a game with moves counts as lost, a
    /// won one whose win was not counted yet counts as won.
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

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_core::notation::{position_from_json, position_to_json, Completeness};

    /// Yakutat Bay with only the King of spades left to play, then played.
    fn won_game() -> Arc<Game> {
        let run = |suit: char, last: usize| -> Vec<String> {
            "A23456789TJQK".chars().take(last).map(|rank| format!("{rank}{suit}")).collect()
        };
        let mut json = position_to_json(&core::State::empty(core::GameKind::YakutatBay));
        json.foundations[..4].clone_from_slice(&[run('C', 13), run('D', 13), run('H', 13), run('S', 12)]);
        json.tableau[0] = vec!["KS".into()];
        let mut game = core::Game::from_position(position_from_json(&json, Completeness::Complete).unwrap());
        let foundation = game.state().map().foundations().nth(3).unwrap();
        game.play(core::Move::Transfer {
            from: game.state().map().tableau().next().unwrap(),
            count: 1,
            to: foundation,
        })
        .unwrap();
        assert!(game.state().is_won());
        Game::wrap(game)
    }

    /// Two saves of a won game racing: the first taken (carrying the win) reaches the disk
    /// last, after the second (which knows the win was taken) was written. The win was
    /// dropped with the older save and never counted.
    #[test]
    fn an_older_save_carrying_a_win_is_not_dropped() {
        let dir = std::env::temp_dir().join(format!("solitaire-store-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(dir.to_string_lossy().into_owned()).unwrap();
        let game = won_game();
        let (older, carrying_the_win) = store.take(&game);
        let (newer, knowing_it_taken) = store.take(&game);
        store.write_taken(&game, newer, knowing_it_taken).unwrap();
        store.write_taken(&game, older, carrying_the_win).unwrap();
        assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, 1);
        store.save(game.clone()).unwrap();
        assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, 1, "and counted once");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
