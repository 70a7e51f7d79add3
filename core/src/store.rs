//! The directory store: one game in progress per game kind, and statistics. The core's only I/O.
//!
//! Layout: `<dir>/<game>.json` (a save, see `save.rs`) and `<dir>/stats.json`.
//! Every write goes to a temporary file that is synced, then renamed over the old one, so a
//! crash leaves either the old file or the new one. A file that fails to load is renamed to
//! `<name>.corrupt-N.json` (never overwritten) and reported as `StoreError::Corrupt`; the store
//! then carries on as if it were absent.
//!
//! A finished game (won, or given up) is counted once even if the process dies half way: its
//! final save is written first (a crash then resumes it, uncounted), then the statistics
//! together with that save's fingerprint, then the save is removed. A save whose fingerprint the
//! statistics hold was already counted: `load` removes it rather than offer it to be finished,
//! and counted, again. (So two byte-identical saves are one game: the same moves, and the same
//! playing time to the millisecond.) One store counts at a time, across processes too: it
//! locks `<dir>/stats.lock` meanwhile. A game a process has open is locked too,
//! `<dir>/<game>.lock` (`claim`), so that another process neither opens it as well nor saves
//! over it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};

use serde::{Deserialize, Serialize};

use crate::daily::{daily_deal, Date};
use crate::engine::Status;
use crate::error::StoreError;
use crate::game::Game;
use crate::games::GameKind;
use crate::save;

/// Results of one game kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Won plus abandoned games (a game counts once a move was made in it).
    pub played: u32,
    pub won: u32,
    pub current_streak: u32,
    pub best_streak: u32,
    pub best_time_ms: Option<u64>,
    pub fewest_moves: Option<u32>,
    /// Games finished by "show me": counted in `played`, not in `won`.
    #[serde(default)]
    pub assisted: u32,
}

impl Stats {
    // Saturating: a statistics file may hold any count.
    fn record_win(&mut self, time_ms: u64, moves: u32) {
        self.played = self.played.saturating_add(1);
        self.won = self.won.saturating_add(1);
        self.current_streak = self.current_streak.saturating_add(1);
        self.best_streak = self.best_streak.max(self.current_streak);
        self.best_time_ms = Some(self.best_time_ms.map_or(time_ms, |t| t.min(time_ms)));
        self.fewest_moves = Some(self.fewest_moves.map_or(moves, |m| m.min(moves)));
    }

    /// "Show me" finished it: played, not won, so no best time or fewest moves, and the
    /// streak of wins ends.
    fn record_assisted(&mut self) {
        self.played = self.played.saturating_add(1);
        self.assisted = self.assisted.saturating_add(1);
        self.current_streak = 0;
    }

    fn record_loss(&mut self) {
        self.played = self.played.saturating_add(1);
        self.current_streak = 0;
    }
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct StatsFile {
    version: u32,
    games: BTreeMap<String, Stats>,
    /// Per save slot (`Slot::name`), the fingerprint of the final save of the last game counted.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    counted: BTreeMap<String, u64>,
    /// Per game, the days (`Date::day_number`) whose daily deal was won, unassisted.
    #[serde(default)]
    daily_wins: BTreeMap<String, BTreeSet<i64>>,
}

impl StatsFile {
    /// What no run of the store writes: more games won than played, a streak longer than the
    /// best or than the wins, a daily win outside the calendar's years 1 to 9999. Shown, such
    /// counts would say what never happened ("won 5 of 3"); a day out of range would overflow
    /// the streak's arithmetic.
    fn inconsistency(&self) -> Option<String> {
        let days =
            Date::new(1, 1, 1).map(Date::day_number).ok()?..=Date::new(9999, 12, 31).map(Date::day_number).ok()?;
        let counts = self.games.iter().find(|(_, stats)| {
            // Each within `played` on its own: counts saturate there.
            stats.won > stats.played
                || stats.assisted > stats.played
                || stats.best_streak > stats.won
                || stats.current_streak > stats.best_streak
        });
        if let Some((game, _)) = counts {
            return Some(format!("statistics of {game} that do not add up"));
        }
        let stray = self.daily_wins.iter().find(|(_, won)| won.iter().any(|day| !days.contains(day)));
        stray.map(|(game, _)| format!("a daily win of {game} on no day of the calendar"))
    }
}

/// Version 2 added `assisted` and `daily_wins`; a version 1 file reads with none of either.
const STATS_VERSION: u32 = 2;

/// Days in a row with at least one daily deal won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DailyStreak {
    /// Ending today, or yesterday while today's are not won yet.
    pub current: u32,
    pub best: u32,
}

/// The chooser's daily row: every game's daily deal on a day, and the daily streak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyOverview {
    pub games: Vec<DailyEntry>,
    pub streak: DailyStreak,
}

/// One game's daily deal on a given day, for the chooser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyEntry {
    pub kind: GameKind,
    pub deal: u64,
    pub won: bool,
    /// That day's daily game has moves saved.
    pub in_progress: bool,
}

const STATS_FILE: &str = "stats.json";
/// Which game is on screen, for the next launch: this device's, so not among `kept_files`.
const ON_SCREEN_FILE: &str = "on-screen.json";
/// Locked while a finished game is counted (`Store::lock_counting`); empty, and never removed:
/// a holder's lock is on the file it opened, so a file removed and made again would let two
/// hold one each. This device's, so not among `kept_files`.
const LOCK_FILE: &str = "stats.lock";

/// The game on screen: a game kind, and for its daily deal that deal's day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnScreen {
    pub kind: GameKind,
    pub daily: Option<Date>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OnScreenFile {
    game: String,
    daily: Option<String>,
}

/// Where a game is saved: one slot per game kind for the game in progress, and one more for its
/// daily deal, so that starting one never replaces the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    pub kind: GameKind,
    pub daily: bool,
}

impl Slot {
    fn all() -> impl Iterator<Item = Slot> {
        GameKind::ALL.into_iter().flat_map(|kind| [false, true].map(|daily| Slot { kind, daily }))
    }

    fn of(game: &Game) -> Slot {
        Slot { kind: game.kind(), daily: game.daily().is_some() }
    }

    /// The save file's stem, and the slot's key in the statistics: `chequers`, `chequers-daily`.
    fn name(self) -> String {
        if self.daily {
            format!("{}-daily", self.kind.slug())
        } else {
            self.kind.slug().to_string()
        }
    }
}

/// Every file a store keeps, by name: each slot's save and the statistics (temporary files of
/// an unfinished write and files put aside are not kept). Backups must hold exactly these.
pub fn kept_files() -> Vec<String> {
    Slot::all().map(|slot| format!("{}.json", slot.name())).chain([STATS_FILE.to_string()]).collect()
}

/// What saving a game will write, taken from it in one short step (serialising, marking a win as
/// recorded) so that whoever shares the game need not wait while the disk works: take it under
/// the game's lock, `Store::write` it outside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingSave {
    slot: Slot,
    daily: Option<Date>,
    content: Pending,
}

/// How a finished game counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Finish {
    Won {
        time_ms: u64,
        moves: u32,
    },
    /// "Show me" played in it: played, not won.
    Assisted,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    /// The save file's new text.
    Progress(String),
    /// The game is won: its final save, and how it counts unless it already was.
    Won { save: String, record: Option<Finish> },
}

impl PendingSave {
    pub fn take(game: &mut Game) -> PendingSave {
        let content = if game.status() != Status::Won {
            Pending::Progress(save::to_json(game))
        } else {
            let finish = if game.assisted() {
                Finish::Assisted
            } else {
                Finish::Won { time_ms: game.elapsed_ms(), moves: game.moves_made() }
            };
            let record = (!game.stats_recorded()).then_some(finish);
            // Taken before marking: resumed after a crash before the count, it counts again.
            let save = save::to_json(game);
            game.mark_stats_recorded();
            Pending::Won { save, record }
        };
        PendingSave { slot: Slot::of(game), daily: game.daily(), content }
    }

    /// Which save this replaces.
    pub fn slot(&self) -> Slot {
        self.slot
    }

    /// Whether writing it counts a win: one that must not be dropped unwritten.
    pub fn counts_win(&self) -> bool {
        matches!(self.content, Pending::Won { record: Some(_), .. })
    }
}

#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Opens (creating if need be) the store in `dir`.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let dir = dir.into();
        // `create_dir_all("")` succeeds, and the files would then land in whatever the working
        // directory happens to be.
        if dir.as_os_str().is_empty() {
            let source = io::Error::new(io::ErrorKind::InvalidInput, "no directory given");
            return Err(StoreError::Io { path: dir, source });
        }
        fs::create_dir_all(&dir).map_err(|source| StoreError::Io { path: dir.clone(), source })?;
        remove_stale_temporaries(&dir);
        Ok(Store { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, slot: Slot) -> PathBuf {
        self.dir.join(format!("{}.json", slot.name()))
    }

    /// The file whose lock says this game is open (`claim`).
    fn lock_path(&self, slot: Slot) -> PathBuf {
        self.dir.join(format!("{}.lock", slot.name()))
    }

    fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    pub fn has_game(&self, kind: GameKind) -> bool {
        self.path(Slot { kind, daily: false }).is_file()
    }

    /// Remembers the game on screen (`None`: the list of games), so that the next launch shows
    /// the same (`to_reopen`); the games this process opened before are free for another to
    /// open (`claim`).
    pub fn set_on_screen(&self, on_screen: Option<OnScreen>) -> Result<(), StoreError> {
        let kept = on_screen.map(|shown| self.lock_path(Slot { kind: shown.kind, daily: shown.daily.is_some() }));
        release_claims(|held| Some(held) == kept.as_deref());
        let path = self.dir.join(ON_SCREEN_FILE);
        let Some(OnScreen { kind, daily }) = on_screen else {
            return match fs::remove_file(&path) {
                Err(source) if source.kind() != io::ErrorKind::NotFound => Err(StoreError::Io { path, source }),
                _ => Ok(()),
            };
        };
        let record = OnScreenFile { game: kind.slug().to_string(), daily: daily.map(|date| date.to_string()) };
        // A record of two short strings always serialises.
        let text = serde_json::to_string(&record).unwrap_or_default();
        write_atomic(&path, text.as_bytes())
    }

    /// At launch: the game that was on screen when the app last went away, unless it was a
    /// daily deal of another day than `today` (that day's deal is over). A missing or
    /// unreadable record means the list of games.
    pub fn to_reopen(&self, today: Date) -> Option<OnScreen> {
        let text = text_if_present(&self.dir.join(ON_SCREEN_FILE))?;
        let record: OnScreenFile = serde_json::from_str(&text).ok()?;
        let kind = GameKind::from_slug(&record.game)?;
        let daily = match record.daily {
            Some(day) => Some(Date::parse(&day).ok().filter(|&date| date == today)?),
            None => None,
        };
        Some(OnScreen { kind, daily })
    }

    /// The game of `kind` in progress, if any, opened: another process asking for it is told
    /// it is in use (`StoreError::InUse`) until another game, or the list, is on screen here
    /// (`set_on_screen`) or this process ends.
    pub fn load(&self, kind: GameKind) -> Result<Option<Game>, StoreError> {
        self.load_from(Slot { kind, daily: false })
    }

    /// `kind`'s game in progress as saved, looked at without opening it: another process (the
    /// window, the terminal game) may have it open. For a look only: played, its moves and the
    /// other's would be saved over each other. As `load`, it puts a damaged save aside, and
    /// removes one already counted.
    pub fn peek(&self, kind: GameKind) -> Result<Option<Game>, StoreError> {
        self.read_slot(Slot { kind, daily: false })
    }

    /// `kind`'s daily deal of `today`: the one saved if it is today's, else a new one. A saved
    /// daily game of another day that was not finished is given up (it counts as played).
    pub fn load_daily(&self, kind: GameKind, today: Date) -> Result<Game, StoreError> {
        match self.saved_daily(kind)? {
            Some(game) if game.daily() == Some(today) => Ok(game),
            Some(mut stale) => {
                self.abandon(&mut stale)?;
                Ok(Game::new_daily(kind, today))
            }
            None => Ok(Game::new_daily(kind, today)),
        }
    }

    /// `kind`'s daily game as saved, of whichever day, if any: there is one daily save per game,
    /// so whoever may open another day's deal can ask before `load_daily` gives it up.
    pub fn saved_daily(&self, kind: GameKind) -> Result<Option<Game>, StoreError> {
        self.load_from(Slot { kind, daily: true })
    }

    fn load_from(&self, slot: Slot) -> Result<Option<Game>, StoreError> {
        let lock = self.lock_path(slot);
        let newly = claim(&lock)?;
        let read = self.read_slot(slot);
        // A game that did not open is not held: nothing here shows it.
        if newly && matches!(read, Err(StoreError::Io { .. })) {
            release_claims(|held| held != lock);
        }
        read
    }

    fn read_slot(&self, slot: Slot) -> Result<Option<Game>, StoreError> {
        let path = self.path(slot);
        let Some(text) = self.read_text(&path)? else { return Ok(None) };
        if self.was_counted(slot, &text) {
            // A finished game's save, left by a crash before its removal.
            remove_if_present(&path)?;
            return Ok(None);
        }
        let game = save::from_json(&text).and_then(|game| {
            if Slot::of(&game) == slot {
                Ok(game)
            } else if game.kind() == slot.kind {
                Err(crate::error::SaveError::Malformed(format!(
                    "a save that belongs in {}.json",
                    Slot::of(&game).name()
                )))
            } else {
                Err(crate::error::SaveError::WrongGame {
                    expected: slot.kind.slug().into(),
                    found: game.kind().slug().into(),
                })
            }
        });
        match game {
            Ok(game) => Ok(Some(game)),
            Err(error) => Err(self.keep_aside(&path, error.to_string())),
        }
    }

    /// Saves `game` as its kind's game in progress. A won game is instead recorded in the
    /// statistics (once) and its save removed. Refused where another process has the game
    /// open (`write`).
    pub fn save(&self, game: &mut Game) -> Result<(), StoreError> {
        let pending = PendingSave::take(game);
        let written = self.write(pending.clone());
        if written.is_err() {
            self.after_failed_write(&pending, game);
        }
        written
    }

    /// After `write` failed: if the win `pending` carried was not counted, `game` is marked
    /// uncounted again so that its next save counts it (a full disk must not lose a win).
    pub fn after_failed_write(&self, pending: &PendingSave, game: &mut Game) {
        if let Pending::Won { save, record: Some(_) } = &pending.content {
            if !self.was_counted(pending.slot, save) {
                game.unmark_stats_recorded();
            }
        }
    }

    /// Writes what `PendingSave::take` took from a game; refused (`StoreError::InUse`) where
    /// another process has the game open (`unless_open_elsewhere`).
    pub fn write(&self, pending: PendingSave) -> Result<(), StoreError> {
        self.unless_open_elsewhere(pending.slot, || self.write_now(pending))
    }

    fn write_now(&self, pending: PendingSave) -> Result<(), StoreError> {
        let (slot, key) = (pending.slot, pending.slot.kind.slug().to_string());
        match pending.content {
            Pending::Progress(json) => write_atomic(&self.path(slot), json.as_bytes()),
            Pending::Won { save, record: Some(Finish::Won { time_ms, moves }) } => self.finish(slot, &save, |file| {
                file.games.entry(key.clone()).or_default().record_win(time_ms, moves);
                if let Some(date) = pending.daily {
                    file.daily_wins.entry(key).or_default().insert(date.day_number());
                }
            }),
            Pending::Won { save, record: Some(Finish::Assisted) } => {
                self.finish(slot, &save, |file| file.games.entry(key).or_default().record_assisted())
            }
            Pending::Won { record: None, .. } => remove_if_present(&self.path(slot)),
        }
    }

    /// The player gives up on `game` (new deal, restart): it counts as played and lost if a
    /// move was made and it was not won. Its save is removed. A win not counted yet (its count
    /// failed, or a crash came first) is counted, as its next save would have.
    pub fn abandon(&self, game: &mut Game) -> Result<(), StoreError> {
        if game.state().is_won() && !game.stats_recorded() {
            return self.save(game);
        }
        let slot = Slot::of(game);
        self.unless_open_elsewhere(slot, || {
            // A won game is counted by now.
            if !game.abandon_counts_as_loss() {
                return remove_if_present(&self.path(slot));
            }
            // Marked only once counted: after a failed write, giving up again still counts.
            // Counted despite an error (damaged statistics kept aside and reported, a save that
            // could not be removed), it must not count again.
            let key = slot.kind.slug().to_string();
            let (counted, outcome) = self
                .finish_counting(slot, &save::to_json(game), |file| file.games.entry(key).or_default().record_loss());
            if counted {
                game.mark_stats_recorded();
            }
            outcome
        })
    }

    /// Runs `change` to `slot`'s save unless another process has that game open (`claim`):
    /// then `StoreError::InUse`, and its save is left alone. This process need not have it open
    /// itself: a new deal can land after its player went back to the list, and the terminal
    /// game opened the game meanwhile; its save would have gone over the terminal's moves. A
    /// game this process has not open is locked while `change` runs, and its claim here waits.
    fn unless_open_elsewhere<T>(
        &self,
        slot: Slot,
        change: impl FnOnce() -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let lock = self.lock_path(slot);
        // Held through `change`, whoever holds the game: another store of this process letting
        // it go meanwhile would let another process open it mid-write.
        let claims = CLAIMS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let _meanwhile = if claims.iter().any(|(held, _)| *held == lock) { None } else { lock_game(&lock)? };
        change()
    }

    /// Counts a finished game once, whatever the process or disk does meanwhile: writes its
    /// final save, then the statistics with `change` and the save's fingerprint, then removes
    /// the save.
    fn finish(&self, slot: Slot, save: &str, change: impl FnOnce(&mut StatsFile)) -> Result<(), StoreError> {
        self.finish_counting(slot, save, change).1
    }

    /// `finish`, saying too whether the game was counted (an error may come after that: damaged
    /// statistics kept aside and reported, a final save that could not be removed).
    fn finish_counting(
        &self,
        slot: Slot,
        save: &str,
        change: impl FnOnce(&mut StatsFile),
    ) -> (bool, Result<(), StoreError>) {
        let path = self.path(slot);
        let _counting = self.lock_counting();
        if let Err(error) = write_atomic(&path, save.as_bytes()) {
            return (false, Err(error));
        }
        match self.update_stats(slot, fingerprint(save), change) {
            // Not counted: the final save stays, to be counted by the next try.
            Err(error @ StoreError::Io { .. }) => (false, Err(error)),
            outcome => (true, remove_if_present(&path).and(outcome)),
        }
    }

    /// Counting a finished game, from its final save to its removal, by one store at a time,
    /// in this process or another (the terminal game and the desktop window may share a folder;
    /// an app may have two stores open at once): each reads the statistics the last one wrote.
    /// (Without it, three processes giving games up at once lost half the counts.) Held until
    /// the file is dropped. Best effort: where the lock file cannot be made or locked, counting
    /// goes on unlocked, as the statistics' own write then says whether the folder is usable.
    fn lock_counting(&self) -> Option<File> {
        let file = fs::OpenOptions::new().create(true).truncate(false).write(true).open(self.dir.join(LOCK_FILE));
        file.ok().filter(|file| file.lock().is_ok())
    }

    /// Whether `save` is the final save of a game the statistics already counted. Damaged
    /// statistics count nothing here (`stats` reports them).
    fn was_counted(&self, slot: Slot, save: &str) -> bool {
        let Some(text) = text_if_present(&self.stats_path()) else { return false };
        serde_json::from_str::<StatsFile>(&text)
            .is_ok_and(|file| file.counted.get(&slot.name()) == Some(&fingerprint(save)))
    }

    /// Each game's daily deal on `date` (which deal, whether it was won, whether one is in
    /// progress) and the daily streak up to it, from one reading of the statistics.
    pub fn daily_overview(&self, date: Date) -> Result<DailyOverview, StoreError> {
        let file = self.read_stats()?;
        let day = date.day_number();
        let games = GameKind::ALL
            .into_iter()
            .map(|kind| DailyEntry {
                kind,
                deal: daily_deal(kind, date),
                won: file.daily_wins.get(kind.slug()).is_some_and(|days| days.contains(&day)),
                in_progress: self.path(Slot { kind, daily: true }).is_file(),
            })
            .collect();
        Ok(DailyOverview { games, streak: daily_streak(&file, date) })
    }

    /// Days in a row, up to `today`, with the daily deal of at least one game won.
    pub fn daily_streak(&self, today: Date) -> Result<DailyStreak, StoreError> {
        Ok(daily_streak(&self.read_stats()?, today))
    }

    pub fn stats(&self, kind: GameKind) -> Result<Stats, StoreError> {
        Ok(self.read_stats()?.games.get(kind.slug()).copied().unwrap_or_default())
    }

    fn read_stats(&self) -> Result<StatsFile, StoreError> {
        let path = self.stats_path();
        let Some(text) = self.read_text(&path)? else {
            return Ok(StatsFile { version: STATS_VERSION, ..Default::default() });
        };
        match serde_json::from_str::<StatsFile>(&text) {
            Ok(file) if !(1..=STATS_VERSION).contains(&file.version) => {
                Err(self.keep_aside(&path, format!("unknown statistics version {}", file.version)))
            }
            Ok(file) => match file.inconsistency() {
                None => Ok(file),
                Some(reason) => Err(self.keep_aside(&path, reason)),
            },
            Err(error) => Err(self.keep_aside(&path, error.to_string())),
        }
    }

    /// Applies `change` to the statistics and notes `counted` as `slot`'s last counted game.
    /// A damaged statistics file is kept aside and the change is applied to fresh statistics;
    /// the damage is still reported.
    fn update_stats(&self, slot: Slot, counted: u64, change: impl FnOnce(&mut StatsFile)) -> Result<(), StoreError> {
        let (mut file, damage) = match self.read_stats() {
            Ok(file) => (file, None),
            Err(corrupt @ StoreError::Corrupt { .. }) => {
                (StatsFile { version: STATS_VERSION, ..Default::default() }, Some(corrupt))
            }
            Err(other) => return Err(other),
        };
        change(&mut file);
        file.version = STATS_VERSION;
        file.counted.insert(slot.name(), counted);
        let text = serde_json::to_string_pretty(&file).expect("statistics always serialise");
        write_atomic(&self.stats_path(), text.as_bytes())?;
        damage.map_or(Ok(()), Err)
    }

    /// The text of the file at `path`, if any; what is no file the store can read is put aside
    /// (`Contents::NotAFile`), as a file that fails to load is.
    fn read_text(&self, path: &Path) -> Result<Option<String>, StoreError> {
        match read_if_present(path)? {
            None => Ok(None),
            Some(Contents::NotAFile(reason)) => Err(self.keep_aside(path, reason.into())),
            Some(Contents::Text(text)) => Ok(Some(text)),
        }
    }

    /// Renames a file that failed to load out of the way, never over another kept file.
    fn keep_aside(&self, path: &Path, reason: String) -> StoreError {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
        let kept = (1..)
            .map(|n| self.dir.join(format!("{stem}.corrupt-{n}.json")))
            // Not `exists`, which follows links: a kept link whose target is gone looks free.
            .find(|p| fs::symlink_metadata(p).is_err())
            .expect("an unused name exists");
        match fs::rename(path, &kept) {
            Ok(()) => StoreError::Corrupt { path: path.to_path_buf(), kept_as: kept, reason },
            Err(source) => StoreError::Io { path: path.to_path_buf(), source },
        }
    }
}

/// Days in a row, up to `today`, with the daily deal of at least one game won in `file`.
fn daily_streak(file: &StatsFile, today: Date) -> DailyStreak {
    let today = today.day_number();
    let days: BTreeSet<i64> = file.daily_wins.values().flatten().copied().filter(|&d| d <= today).collect();
    let mut streak = DailyStreak::default();
    let (mut run, mut previous) = (0u32, None);
    for &day in &days {
        run = if previous == Some(day - 1) { run.saturating_add(1) } else { 1 };
        streak.best = streak.best.max(run);
        previous = Some(day);
    }
    if previous.is_some_and(|last| last >= today - 1) {
        streak.current = run;
    }
    streak
}

/// What lies at one of the store's paths.
enum Contents {
    /// The file's text: at most one byte past `save::MAX_BYTES`, so that a hostile file of any
    /// size costs no more memory than that (and reads as too large, or as broken JSON, and is
    /// put aside); a byte-order mark, which some editors write, left out.
    Text(String),
    /// Something the store can never read as it stands: a folder, a FIFO (whose read would
    /// block, and the store's lock with it), a device, a link to one of those, a loop of
    /// links. Put aside like a damaged file, so the game can go on.
    NotAFile(&'static str),
}

/// What lies at `path`, if anything (a link leading nowhere is nothing).
fn read_if_present(path: &Path) -> Result<Option<Contents>, StoreError> {
    let io_error = |source| StoreError::Io { path: path.to_path_buf(), source };
    match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) if is_link_loop(&e) => return Ok(Some(Contents::NotAFile("a loop of links"))),
        Err(source) => return Err(io_error(source)),
        Ok(meta) if !meta.is_file() => return Ok(Some(Contents::NotAFile("not a regular file"))),
        Ok(_) => {}
    }
    let mut bytes = Vec::new();
    let read = File::open(path).and_then(|file| file.take(save::MAX_BYTES as u64 + 1).read_to_end(&mut bytes));
    match read {
        Ok(_) => {
            let text = String::from_utf8_lossy(&bytes);
            Ok(Some(Contents::Text(text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned())))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        // A file the store may not read may be one it may read later (a save written by
        // `sudo solitaire`, say): left where it is, as a failing disk's is.
        Err(source) => Err(io_error(source)),
    }
}

/// ELOOP: the links at a path lead round in a loop, for good. (`io::ErrorKind::FilesystemLoop`
/// is not stable; any other error through a link, a failing disk's, may pass.)
fn is_link_loop(error: &io::Error) -> bool {
    let eloop = if cfg!(any(target_os = "macos", target_os = "ios", target_os = "freebsd")) { 62 } else { 40 };
    cfg!(unix) && error.raw_os_error() == Some(eloop)
}

/// The text of the file at `path`, where there is one the store can read.
fn text_if_present(path: &Path) -> Option<String> {
    match read_if_present(path) {
        Ok(Some(Contents::Text(text))) => Some(text),
        _ => None,
    }
}

fn remove_if_present(path: &Path) -> Result<(), StoreError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(StoreError::Io { path: path.to_path_buf(), source: e }),
        _ => Ok(()),
    }
}

/// FNV-1a, 64 bits: the same on every platform and version, unlike `std`'s hashers.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The games this process has open (`load_from`), by their lock files, each locked while it is
/// here: another process (the terminal game and the desktop window may share a folder) asking
/// for one is told it is in use, where it would have saved over this one's moves and counted
/// its game again. Process-wide, since stores in one process share their games (an app's
/// screen made again while the old one's saves are on their way). The system releases a lock
/// when its process ends, however it ends. Best effort: where a lock cannot be made or taken
/// (a file system without locks), the game opens as before.
static CLAIMS: Mutex<Vec<(PathBuf, File)>> = Mutex::new(Vec::new());

/// Holds the game whose lock file is `lock` for this process; whether it was newly held.
/// (Android's std has no file lock before Rust 1.98: there, as on a file system without locks,
/// every game opens, and Android runs one copy of the app.)
fn claim(lock: &Path) -> Result<bool, StoreError> {
    // Another process's save of a game it does not hold locks it for the save's time
    // (`unless_open_elsewhere`): a few milliseconds, worth waiting out rather than refusing.
    for _ in 0..CLAIM_TRIES - 1 {
        match try_claim(lock) {
            Err(StoreError::InUse { .. }) => std::thread::sleep(CLAIM_PAUSE),
            answer => return answer,
        }
    }
    try_claim(lock)
}

const CLAIM_TRIES: u32 = 20;
const CLAIM_PAUSE: std::time::Duration = std::time::Duration::from_millis(10);

fn try_claim(lock: &Path) -> Result<bool, StoreError> {
    let mut claims = CLAIMS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if claims.iter().any(|(held, _)| held == lock) {
        return Ok(false);
    }
    let Some(file) = lock_game(lock)? else { return Ok(false) };
    claims.push((lock.to_path_buf(), file));
    Ok(true)
}

/// The lock on a game's lock file, held until the file is dropped: `InUse` where another
/// process holds it, `None` where no lock can be made or taken.
fn lock_game(lock: &Path) -> Result<Option<File>, StoreError> {
    // Not what is no file (a FIFO's open would wait for a writer, holding the store).
    if fs::symlink_metadata(lock).is_ok_and(|meta| !meta.is_file()) {
        return Ok(None);
    }
    // Read-only where it may not be written (made by `sudo solitaire`): a lock needs no more.
    let opened = File::options().create(true).truncate(false).write(true).open(lock).or_else(|_| File::open(lock));
    let Ok(file) = opened else { return Ok(None) };
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse { path: lock.to_path_buf() }),
        Err(std::fs::TryLockError::Error(_)) => Ok(None),
    }
}

/// Releases the games this process has open whose lock files `keep` does not keep (dropping a
/// file unlocks it).
fn release_claims(keep: impl Fn(&Path) -> bool) {
    let mut claims = CLAIMS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    claims.retain(|(held, _)| keep(held));
}

/// The files this process is writing: a second writer of one waits for the first, since they
/// share its temporary file (`temp_path`). Two stores may be open on one folder in a process:
/// an app's screen made again while the old one's last saves are still on their way.
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static WRITTEN: Condvar = Condvar::new();

/// This process's turn to write a file, held until dropped.
struct Turn(PathBuf);

impl Turn {
    fn take(path: &Path) -> Turn {
        let mut writing = WRITING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        while writing.iter().any(|other| other == path) {
            writing = WRITTEN.wait(writing).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        writing.push(path.to_path_buf());
        Turn(path.to_path_buf())
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut writing = WRITING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        writing.retain(|other| *other != self.0);
        WRITTEN.notify_all();
    }
}

/// Write to a temporary file of this process's own, sync, rename over `path`, sync the
/// directory. A write that fails removes its temporary file: on a full disk it holds space.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let io_error = |source| StoreError::Io { path: path.to_path_buf(), source };
    let _turn = Turn::take(path);
    let tmp = temp_path(path);
    let write = || File::create(&tmp).and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()));
    let mut written = write();
    // The folder was removed under the running app (a player's clean-up): made again, so the
    // game in play is saved, not lost when the app closes.
    let folder_gone = written.as_ref().is_err_and(|e| e.kind() == io::ErrorKind::NotFound);
    if folder_gone && path.parent().is_some_and(|dir| fs::create_dir_all(dir).is_ok()) {
        written = write();
    }
    if let Err(source) = written.and_then(|()| fs::rename(&tmp, path)) {
        let _ = fs::remove_file(&tmp);
        return Err(io_error(source));
    }
    if let Some(dir) = path.parent() {
        // Makes the rename itself durable; not every platform can open a directory.
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

/// Removes what writes cut short by a crash left (`temp_path`'s names, and `<name>.tmp`,
/// earlier versions' one name), once an hour old: a younger one may be another process's
/// write in progress. Only the store's own names: the folder may be a player's own
/// (`--data-dir`). Best effort: a file left costs only its space.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let ours: Vec<String> = kept_files().into_iter().chain([ON_SCREEN_FILE.to_string()]).collect();
    let is_temporary = |name: &str| {
        let Some(stem) = name.strip_suffix(".tmp") else { return false };
        let base = stem.rsplit_once('.').filter(|(_, pid)| pid.bytes().all(|b| b.is_ascii_digit()));
        let base = base.map_or(stem, |(base, _)| base);
        ours.iter().any(|n| n == base)
    };
    for entry in entries.flatten() {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|modified| modified.elapsed().is_ok_and(|age| age >= STALE_TEMPORARY));
        if stale && entry.file_name().to_str().is_some_and(is_temporary) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

const STALE_TEMPORARY: std::time::Duration = std::time::Duration::from_secs(3600);

/// `<path>.<process id>.tmp`. The terminal game and the desktop window may share a folder and
/// run at once: with one temporary name, one's write could truncate the other's file under it,
/// and a torn save be renamed into place. Within a process, writes of one file take turns
/// (`Turn`).
fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}
