//! The directory store: one game in progress per game kind, and statistics. The core's only I/O.
//!
//! Layout: `<dir>/<game>.json` (a save, see `save.rs`) and `<dir>/stats.json`.
//! Every write goes to a temporary file that is synced, then renamed over the old one, so a
//! crash leaves either the old file or the new one. A file that fails to load is renamed to
//! `<name>.corrupt-N.json` (never overwritten) and reported as `StoreError::Corrupt`; the store
//! then carries on as if it were absent.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
    fn record_win(&mut self, time_ms: u64, moves: u32) {
        self.played += 1;
        self.won += 1;
        self.current_streak += 1;
        self.best_streak = self.best_streak.max(self.current_streak);
        self.best_time_ms = Some(self.best_time_ms.map_or(time_ms, |t| t.min(time_ms)));
        self.fewest_moves = Some(self.fewest_moves.map_or(moves, |m| m.min(moves)));
    }

    /// "Show me" finished it: played, not won, so no best time or fewest moves, and the
    /// streak of wins ends.
    fn record_assisted(&mut self) {
        self.played += 1;
        self.assisted += 1;
        self.current_streak = 0;
    }

    fn record_loss(&mut self) {
        self.played += 1;
        self.current_streak = 0;
    }
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct StatsFile {
    version: u32,
    games: BTreeMap<String, Stats>,
    /// Per game, the days (`Date::day_number`) whose daily deal was won, unassisted.
    #[serde(default)]
    daily_wins: BTreeMap<String, BTreeSet<i64>>,
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

/// One game's daily deal on a given day, for the chooser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyEntry {
    pub kind: GameKind,
    pub deal: u64,
    pub won: bool,
    /// That day's daily game has moves saved.
    pub in_progress: bool,
}

/// What saving a game will write, taken from it in one short step (serialising, marking a win as
/// recorded) so that whoever shares the game need not wait while the disk works: take it under
/// the game's lock, `Store::write` it outside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingSave {
    kind: GameKind,
    daily: Option<Date>,
    content: Pending,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Finish {
    Won { time_ms: u64, moves: u32 },
    Assisted,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    /// The save file's new text.
    Progress(String),
    /// The game is won: its save goes, and the result is recorded unless it already was.
    Won { record: Option<Finish> },
}

impl PendingSave {
    pub fn take(game: &mut Game) -> PendingSave {
        let content = if game.status() != Status::Won {
            Pending::Progress(save::to_json(game))
        } else if game.stats_recorded() {
            Pending::Won { record: None }
        } else {
            game.mark_stats_recorded();
            let finish = if game.assisted() {
                Finish::Assisted
            } else {
                Finish::Won { time_ms: game.elapsed_ms(), moves: game.moves_made() }
            };
            Pending::Won { record: Some(finish) }
        };
        PendingSave { kind: game.kind(), daily: game.daily(), content }
    }

    /// Which save this replaces: one per game kind, and one more for its daily deal.
    pub fn slot(&self) -> (GameKind, bool) {
        (self.kind, self.daily.is_some())
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
        fs::create_dir_all(&dir).map_err(|source| StoreError::Io { path: dir.clone(), source })?;
        Ok(Store { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn game_path(&self, kind: GameKind) -> PathBuf {
        self.dir.join(format!("{}.json", kind.slug()))
    }

    /// The daily deal's game lives beside the game in progress, so starting one never
    /// replaces the other.
    fn daily_path(&self, kind: GameKind) -> PathBuf {
        self.dir.join(format!("{}-daily.json", kind.slug()))
    }

    fn path_of(&self, kind: GameKind, daily: bool) -> PathBuf {
        if daily {
            self.daily_path(kind)
        } else {
            self.game_path(kind)
        }
    }

    fn stats_path(&self) -> PathBuf {
        self.dir.join("stats.json")
    }

    pub fn has_game(&self, kind: GameKind) -> bool {
        self.game_path(kind).is_file()
    }

    /// The game of `kind` in progress, if any.
    pub fn load(&self, kind: GameKind) -> Result<Option<Game>, StoreError> {
        self.load_from(kind, false)
    }

    /// `kind`'s daily deal of `today`: the one saved if it is today's, else a new one. A saved
    /// daily game of an earlier day that was not finished is given up (it counts as played).
    pub fn load_daily(&self, kind: GameKind, today: Date) -> Result<Game, StoreError> {
        match self.load_from(kind, true)? {
            Some(game) if game.daily() == Some(today) => Ok(game),
            Some(mut stale) => {
                self.abandon(&mut stale)?;
                Ok(Game::new_daily(kind, today))
            }
            None => Ok(Game::new_daily(kind, today)),
        }
    }

    fn load_from(&self, kind: GameKind, daily: bool) -> Result<Option<Game>, StoreError> {
        let path = self.path_of(kind, daily);
        let Some(text) = read_if_present(&path)? else { return Ok(None) };
        let game = save::from_json(&text).and_then(|game| {
            if game.daily().is_some() != daily {
                Err(crate::error::SaveError::Malformed(format!(
                    "a {} game in the {} slot",
                    if daily { "regular" } else { "daily" },
                    if daily { "daily" } else { "regular" },
                )))
            } else if game.kind() == kind {
                Ok(game)
            } else {
                Err(crate::error::SaveError::WrongGame {
                    expected: kind.slug().into(),
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
    /// statistics (once) and its save removed.
    pub fn save(&self, game: &mut Game) -> Result<(), StoreError> {
        self.write(PendingSave::take(game))
    }

    /// Writes what `PendingSave::take` took from a game.
    pub fn write(&self, pending: PendingSave) -> Result<(), StoreError> {
        let path = self.path_of(pending.kind, pending.daily.is_some());
        match pending.content {
            Pending::Progress(json) => write_atomic(&path, json.as_bytes()),
            Pending::Won { record } => {
                let outcome = match record {
                    Some(finish) => self.update_stats_file(|file| {
                        let stats = file.games.entry(pending.kind.slug().to_string()).or_default();
                        match finish {
                            Finish::Won { time_ms, moves } => {
                                stats.record_win(time_ms, moves);
                                if let Some(date) = pending.daily {
                                    let days = file.daily_wins.entry(pending.kind.slug().to_string()).or_default();
                                    days.insert(date.day_number());
                                }
                            }
                            Finish::Assisted => stats.record_assisted(),
                        }
                    }),
                    None => Ok(()),
                };
                remove_if_present(&path)?;
                outcome
            }
        }
    }

    /// The player gives up on `game` (new deal, restart): it counts as played and lost if a
    /// move was made and it was not won. Its save is removed.
    pub fn abandon(&self, game: &mut Game) -> Result<(), StoreError> {
        let outcome = if game.moves_made() > 0 && !game.stats_recorded() && game.status() != Status::Won {
            game.mark_stats_recorded();
            self.update_stats(game.kind(), Stats::record_loss)
        } else {
            Ok(())
        };
        remove_if_present(&self.path_of(game.kind(), game.daily().is_some()))?;
        outcome
    }

    /// Each game's daily deal on `date`: which deal, whether it was won, whether one is in
    /// progress.
    pub fn daily_overview(&self, date: Date) -> Result<Vec<DailyEntry>, StoreError> {
        let file = self.read_stats()?;
        let day = date.day_number();
        Ok(GameKind::ALL
            .into_iter()
            .map(|kind| DailyEntry {
                kind,
                deal: daily_deal(kind, date),
                won: file.daily_wins.get(kind.slug()).is_some_and(|days| days.contains(&day)),
                in_progress: self.daily_path(kind).is_file(),
            })
            .collect())
    }

    /// Days in a row, up to `today`, with the daily deal of at least one game won.
    pub fn daily_streak(&self, today: Date) -> Result<DailyStreak, StoreError> {
        let file = self.read_stats()?;
        let today = today.day_number();
        let days: BTreeSet<i64> = file.daily_wins.values().flatten().copied().filter(|&d| d <= today).collect();
        let mut streak = DailyStreak::default();
        let (mut run, mut previous) = (0u32, None);
        for &day in &days {
            run = if previous == Some(day - 1) { run + 1 } else { 1 };
            streak.best = streak.best.max(run);
            previous = Some(day);
        }
        if previous.is_some_and(|last| last >= today - 1) {
            streak.current = run;
        }
        Ok(streak)
    }

    pub fn stats(&self, kind: GameKind) -> Result<Stats, StoreError> {
        Ok(self.read_stats()?.games.get(kind.slug()).copied().unwrap_or_default())
    }

    fn read_stats(&self) -> Result<StatsFile, StoreError> {
        let path = self.stats_path();
        let Some(text) = read_if_present(&path)? else {
            return Ok(StatsFile { version: STATS_VERSION, ..Default::default() });
        };
        match serde_json::from_str::<StatsFile>(&text) {
            Ok(file) if (1..=STATS_VERSION).contains(&file.version) => Ok(file),
            Ok(file) => Err(self.keep_aside(&path, format!("unknown statistics version {}", file.version))),
            Err(error) => Err(self.keep_aside(&path, error.to_string())),
        }
    }

    /// Applies `change` to `kind`'s statistics. A damaged statistics file is kept aside and
    /// the change is applied to fresh statistics; the damage is still reported.
    fn update_stats(&self, kind: GameKind, change: impl FnOnce(&mut Stats)) -> Result<(), StoreError> {
        self.update_stats_file(|file| change(file.games.entry(kind.slug().to_string()).or_default()))
    }

    /// `update_stats` over the whole file.
    fn update_stats_file(&self, change: impl FnOnce(&mut StatsFile)) -> Result<(), StoreError> {
        let (mut file, damage) = match self.read_stats() {
            Ok(file) => (file, None),
            Err(corrupt @ StoreError::Corrupt { .. }) => {
                (StatsFile { version: STATS_VERSION, ..Default::default() }, Some(corrupt))
            }
            Err(other) => return Err(other),
        };
        change(&mut file);
        file.version = STATS_VERSION;
        let text = serde_json::to_string_pretty(&file).expect("statistics always serialise");
        write_atomic(&self.stats_path(), text.as_bytes())?;
        damage.map_or(Ok(()), Err)
    }

    /// Renames a file that failed to load out of the way, never over another kept file.
    fn keep_aside(&self, path: &Path, reason: String) -> StoreError {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
        let kept = (1..)
            .map(|n| self.dir.join(format!("{stem}.corrupt-{n}.json")))
            .find(|p| !p.exists())
            .expect("an unused name exists");
        match fs::rename(path, &kept) {
            Ok(()) => StoreError::Corrupt { path: path.to_path_buf(), kept_as: kept, reason },
            Err(source) => StoreError::Io { path: path.to_path_buf(), source },
        }
    }
}

fn read_if_present(path: &Path) -> Result<Option<String>, StoreError> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(StoreError::Io { path: path.to_path_buf(), source }),
    }
}

fn remove_if_present(path: &Path) -> Result<(), StoreError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(StoreError::Io { path: path.to_path_buf(), source: e }),
        _ => Ok(()),
    }
}

/// Write to `<path>.tmp`, sync, rename over `path`, sync the directory.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let io_error = |source| StoreError::Io { path: path.to_path_buf(), source };
    let tmp = path.with_extension("json.tmp");
    let mut file = File::create(&tmp).map_err(io_error)?;
    file.write_all(bytes).and_then(|()| file.sync_all()).map_err(io_error)?;
    drop(file);
    fs::rename(&tmp, path).map_err(io_error)?;
    if let Some(dir) = path.parent() {
        // Makes the rename itself durable; not every platform can open a directory.
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}
