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
//! playing time to the millisecond.)

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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
    /// Per game, the fingerprint of the final save of the last game counted.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    counted: BTreeMap<String, u64>,
}

const STATS_VERSION: u32 = 1;

/// What saving a game will write, taken from it in one short step (serialising, marking a win as
/// recorded) so that whoever shares the game need not wait while the disk works: take it under
/// the game's lock, `Store::write` it outside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingSave {
    kind: GameKind,
    content: Pending,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    /// The save file's new text.
    Progress(String),
    /// The game is won: its final save, and the win to count (time, moves) unless it already
    /// was.
    Won { save: String, record: Option<(u64, u32)> },
}

impl PendingSave {
    pub fn take(game: &mut Game) -> PendingSave {
        let content = if game.status() != Status::Won {
            Pending::Progress(save::to_json(game))
        } else {
            let record = (!game.stats_recorded()).then(|| (game.elapsed_ms(), game.moves_made()));
            // Taken before marking: resumed after a crash before the count, it counts again.
            let save = save::to_json(game);
            game.mark_stats_recorded();
            Pending::Won { save, record }
        };
        PendingSave { kind: game.kind(), content }
    }

    pub fn kind(&self) -> GameKind {
        self.kind
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
        Ok(Store { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn game_path(&self, kind: GameKind) -> PathBuf {
        self.dir.join(format!("{}.json", kind.slug()))
    }

    fn stats_path(&self) -> PathBuf {
        self.dir.join("stats.json")
    }

    pub fn has_game(&self, kind: GameKind) -> bool {
        self.game_path(kind).is_file()
    }

    /// The game of `kind` in progress, if any.
    pub fn load(&self, kind: GameKind) -> Result<Option<Game>, StoreError> {
        let path = self.game_path(kind);
        let Some(text) = read_if_present(&path)? else { return Ok(None) };
        if self.was_counted(kind, &text) {
            // A finished game's save, left by a crash before its removal.
            remove_if_present(&path)?;
            return Ok(None);
        }
        let game = save::from_json(&text).and_then(|game| {
            if game.kind() == kind {
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
            if !self.was_counted(pending.kind, save) {
                game.unmark_stats_recorded();
            }
        }
    }

    /// Writes what `PendingSave::take` took from a game.
    pub fn write(&self, pending: PendingSave) -> Result<(), StoreError> {
        match pending.content {
            Pending::Progress(json) => write_atomic(&self.game_path(pending.kind), json.as_bytes()),
            Pending::Won { save, record: Some((time, moves)) } => {
                self.finish(pending.kind, &save, |s| s.record_win(time, moves))
            }
            Pending::Won { record: None, .. } => remove_if_present(&self.game_path(pending.kind)),
        }
    }

    /// The player gives up on `game` (new deal, restart): it counts as played and lost if a
    /// move was made and it was not won. Its save is removed.
    pub fn abandon(&self, game: &mut Game) -> Result<(), StoreError> {
        if game.moves_made() == 0 || game.stats_recorded() || game.status() == Status::Won {
            return remove_if_present(&self.game_path(game.kind()));
        }
        // Marked only once counted: after a failed write, giving up again still counts.
        self.finish(game.kind(), &save::to_json(game), Stats::record_loss)?;
        game.mark_stats_recorded();
        Ok(())
    }

    /// Counts a finished game once, whatever the process or disk does meanwhile: writes its
    /// final save, then the statistics with `change` and the save's fingerprint, then removes
    /// the save.
    fn finish(&self, kind: GameKind, save: &str, change: impl FnOnce(&mut Stats)) -> Result<(), StoreError> {
        let path = self.game_path(kind);
        write_atomic(&path, save.as_bytes())?;
        match self.update_stats(kind, fingerprint(save), change) {
            // Not counted: the final save stays, to be counted by the next try.
            Err(error @ StoreError::Io { .. }) => Err(error),
            outcome => {
                remove_if_present(&path)?;
                outcome
            }
        }
    }

    /// Whether `save` is the final save of a game the statistics already counted. Damaged
    /// statistics count nothing here (`stats` reports them).
    fn was_counted(&self, kind: GameKind, save: &str) -> bool {
        let Ok(Some(text)) = read_if_present(&self.stats_path()) else { return false };
        serde_json::from_str::<StatsFile>(&text)
            .is_ok_and(|file| file.counted.get(kind.slug()) == Some(&fingerprint(save)))
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
            Ok(file) if file.version == STATS_VERSION => Ok(file),
            Ok(file) => Err(self.keep_aside(&path, format!("unknown statistics version {}", file.version))),
            Err(error) => Err(self.keep_aside(&path, error.to_string())),
        }
    }

    /// Applies `change` to `kind`'s statistics and notes `counted` as its last counted game.
    /// A damaged statistics file is kept aside and the change is applied to fresh statistics;
    /// the damage is still reported.
    fn update_stats(&self, kind: GameKind, counted: u64, change: impl FnOnce(&mut Stats)) -> Result<(), StoreError> {
        let (mut file, damage) = match self.read_stats() {
            Ok(file) => (file, None),
            Err(corrupt @ StoreError::Corrupt { .. }) => {
                (StatsFile { version: STATS_VERSION, ..Default::default() }, Some(corrupt))
            }
            Err(other) => return Err(other),
        };
        change(file.games.entry(kind.slug().to_string()).or_default());
        file.counted.insert(kind.slug().to_string(), counted);
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

/// FNV-1a, 64 bits: the same on every platform and version, unlike `std`'s hashers.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
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
