//! The save format: a whole game, history included, as versioned JSON.
//!
//! ```json
//! {"format": "solitaire-save", "version": 1, "game": "dnieper", "deal": 42,
//!  "position": {…position notation…}, "history": [{"from": "stock"}, …],
//!  "redo": […], "elapsed_ms": 61000, "auto_play": false, "stats_recorded": false,
//!  "daily": "2026-11-30", "assisted": false}
//! ```
//! Version 2 added `daily` (the date of a daily deal; absent otherwise) and `assisted` ("show
//! me" played in this attempt); a version 1 save reads as neither.
//! A game begun from a position rather than a deal has `"deal": null` and that position as
//! `"start"`. `history` lists moves oldest first (`"auto": true` on auto-play's); `redo` lists undone moves,
//! the next to redo last. Restoring trusts nothing: the position must be a complete, valid
//! table, and replaying the history from the deal must reach it exactly.

use serde::{Deserialize, Serialize};

use crate::daily::{daily_deal, Date};
use crate::deal::deal;
use crate::engine::Move;
use crate::error::SaveError;
use crate::game::{Game, SavedParts, Step};
use crate::games::GameKind;
use crate::notation::{
    move_from_json, move_to_json, position_from_json, position_to_json, Completeness, MoveJson, PositionJson,
};
use crate::state::State;

pub const FORMAT: &str = "solitaire-save";
pub const VERSION: u32 = 2;
/// Far above any real game (a won two-deck game takes a few hundred moves), far below what
/// would let a hostile file make restoring slow.
pub const MAX_STEPS: usize = 20_000;
pub const MAX_BYTES: usize = 4 << 20;
/// The longest playing time a save may hold: ten years on screen. More is damage (it showed
/// as "time 307445734561825:51").
pub const MAX_ELAPSED_MS: u64 = 10 * 366 * 24 * 3600 * 1000;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: String,
    version: u32,
    game: String,
    deal: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<PositionJson>,
    position: PositionJson,
    history: Vec<MoveJson>,
    redo: Vec<MoveJson>,
    elapsed_ms: u64,
    auto_play: bool,
    stats_recorded: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily: Option<String>,
    #[serde(default)]
    assisted: bool,
}

/// Just enough to tell a future version from garbage before reading the rest.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

pub fn to_json(game: &Game) -> String {
    let map = game.state().map();
    let with_auto = |mv: Move, auto: bool| MoveJson { auto, ..move_to_json(map, mv) };
    let file = SaveFile {
        format: FORMAT.to_string(),
        version: VERSION,
        game: game.kind().slug().to_string(),
        deal: game.deal_number(),
        start: game.deal_number().is_none().then(|| position_to_json(game.start())),
        position: position_to_json(game.state()),
        history: game.history().iter().map(|s| with_auto(s.mv, s.auto)).collect(),
        redo: game.redo_stack().iter().map(|&(mv, auto)| with_auto(mv, auto)).collect(),
        elapsed_ms: game.elapsed_ms(),
        auto_play: game.auto_play(),
        stats_recorded: game.stats_recorded(),
        daily: game.daily().map(|date| date.to_string()),
        assisted: game.assisted(),
    };
    serde_json::to_string(&file).expect("a save always serialises")
}

pub fn from_json(text: &str) -> Result<Game, SaveError> {
    let file = read(text)?;
    let kind =
        GameKind::from_slug(&file.game).ok_or_else(|| SaveError::Malformed(format!("unknown game {:?}", file.game)))?;
    let saved = position_from_json(&file.position, Completeness::Complete)?;
    if saved.kind() != kind {
        return Err(SaveError::WrongGame { expected: file.game, found: file.position.game });
    }
    let daily = daily_of(&file, kind)?;
    let start = start_of(&file, kind)?;
    replay(file, start, &saved, daily).map(Game::from_parts)
}

/// The game `file` holds, its history replayed from `start`: that must reach the `saved`
/// position exactly, and the moves to redo must be playable from there in turn.
fn replay(file: SaveFile, start: State, saved: &State, daily: Option<Date>) -> Result<SavedParts, SaveError> {
    let map = *start.map();
    let parse = |index: usize, json: &MoveJson| {
        move_from_json(&map, json).map(|mv| (mv, json.auto)).map_err(|_| SaveError::IllegalHistory { index })
    };
    let mut state = start.clone();
    let mut history = Vec::with_capacity(file.history.len());
    for (index, json) in file.history.iter().enumerate() {
        let (mv, auto) = parse(index, json)?;
        let mut effects = Vec::new();
        if !state.apply(mv, &mut effects) {
            return Err(SaveError::IllegalHistory { index });
        }
        history.push(Step { mv, effects, auto });
    }
    // Compared as notation: in two-deck games the copies of a card are interchangeable.
    if position_to_json(&state) != position_to_json(saved) {
        return Err(SaveError::HistoryMismatch);
    }
    let redo = file
        .redo
        .iter()
        .enumerate()
        .map(|(i, json)| parse(file.history.len() + i, json))
        .collect::<Result<Vec<_>, _>>()?;
    let mut ahead = state.clone();
    for (offset, &(mv, _)) in redo.iter().rev().enumerate() {
        if !ahead.apply(mv, &mut Vec::new()) {
            return Err(SaveError::IllegalHistory { index: file.history.len() + redo.len() - 1 - offset });
        }
    }
    Ok(SavedParts {
        deal: file.deal,
        start,
        state,
        history,
        redo,
        elapsed_ms: file.elapsed_ms,
        auto_play: file.auto_play,
        stats_recorded: file.stats_recorded,
        daily,
        assisted: file.assisted,
    })
}

/// The file's fields, once its size, format and version allow reading them, and its history
/// is no longer than a real game's.
fn read(text: &str) -> Result<SaveFile, SaveError> {
    if text.len() > MAX_BYTES {
        return Err(SaveError::TooLarge(text.len()));
    }
    let header: Header = serde_json::from_str(text).map_err(|e| SaveError::Malformed(e.to_string()))?;
    if header.format != FORMAT {
        return Err(SaveError::Malformed(format!("format is {:?}", header.format)));
    }
    if header.version > VERSION {
        return Err(SaveError::FutureVersion(header.version));
    }
    // Versions start at 1: a 0 was never written, and reading it as 1 would rewrite it as 1.
    if header.version == 0 {
        return Err(SaveError::Malformed("save format version 0 does not exist".into()));
    }
    let file: SaveFile = serde_json::from_str(text).map_err(|e| SaveError::Malformed(e.to_string()))?;
    if file.history.len() + file.redo.len() > MAX_STEPS {
        return Err(SaveError::TooLarge(text.len()));
    }
    if file.elapsed_ms > MAX_ELAPSED_MS {
        return Err(SaveError::Malformed(format!("a playing time of {} ms", file.elapsed_ms)));
    }
    Ok(file)
}

/// The daily deal's date, if the game is one: then its deal must be that day's.
fn daily_of(file: &SaveFile, kind: GameKind) -> Result<Option<Date>, SaveError> {
    let daily = match &file.daily {
        None => None,
        Some(text) => Some(Date::parse(text).map_err(|e| SaveError::Malformed(e.to_string()))?),
    };
    if daily.is_some_and(|date| file.deal != Some(daily_deal(kind, date))) {
        return Err(SaveError::Malformed("a daily game must be that day's deal".into()));
    }
    Ok(daily)
}

/// Where the game began: its deal, or the start position saved in its place.
fn start_of(file: &SaveFile, kind: GameKind) -> Result<State, SaveError> {
    let start = match (file.deal, &file.start) {
        (Some(number), None) => deal(kind, number),
        (None, Some(start)) => position_from_json(start, Completeness::Complete)?,
        _ => return Err(SaveError::Malformed("a save has either a deal number or a start position".into())),
    };
    if start.kind() != kind {
        return Err(SaveError::WrongGame { expected: file.game.clone(), found: start.kind().slug().into() });
    }
    Ok(start)
}
