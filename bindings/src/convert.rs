//! The records and enums that cross the boundary, and their conversions from core types.

use solitaire_core as core;
use solitaire_core::layout;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameKind {
    Dnieper,
    YakutatBay,
    Chequers,
    Zerline,
    HowTheyRun,
}

impl From<GameKind> for core::GameKind {
    fn from(kind: GameKind) -> core::GameKind {
        match kind {
            GameKind::Dnieper => core::GameKind::Dnieper,
            GameKind::YakutatBay => core::GameKind::YakutatBay,
            GameKind::Chequers => core::GameKind::Chequers,
            GameKind::Zerline => core::GameKind::Zerline,
            GameKind::HowTheyRun => core::GameKind::HowTheyRun,
        }
    }
}

impl From<core::GameKind> for GameKind {
    fn from(kind: core::GameKind) -> GameKind {
        match kind {
            core::GameKind::Dnieper => GameKind::Dnieper,
            core::GameKind::YakutatBay => GameKind::YakutatBay,
            core::GameKind::Chequers => GameKind::Chequers,
            core::GameKind::Zerline => GameKind::Zerline,
            core::GameKind::HowTheyRun => GameKind::HowTheyRun,
        }
    }
}

/// What the game chooser and rules page show.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameInfo {
    pub kind: GameKind,
    pub name: String,
    /// Identifier used in file names and on the command line: `yakutat-bay`.
    pub slug: String,
    pub summary: String,
    /// The rules, one paragraph per entry, for the rules page.
    pub rules: Vec<String>,
    pub decks: u32,
}

impl From<core::GameKind> for GameInfo {
    fn from(kind: core::GameKind) -> GameInfo {
        let spec = kind.spec();
        GameInfo {
            kind: kind.into(),
            name: spec.name.to_string(),
            slug: spec.slug.to_string(),
            summary: spec.summary.to_string(),
            rules: spec.rules.iter().map(|r| r.to_string()).collect(),
            decks: u32::from(spec.decks),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PlayState {
    Playing,
    Won,
    /// No move left (G-5); undo is still possible.
    Lost,
}

impl From<core::Status> for PlayState {
    fn from(status: core::Status) -> PlayState {
        match status {
            core::Status::Playing => PlayState::Playing,
            core::Status::Won => PlayState::Won,
            core::Status::Lost => PlayState::Lost,
        }
    }
}

/// Everything the controls and status line need after each action.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameStatus {
    pub kind: GameKind,
    /// The deal number; none for a game begun from a position (tools and tests make those).
    pub deal: Option<u64>,
    pub state: PlayState,
    /// Moves the player made (auto-play's not counted).
    pub moves: u32,
    pub elapsed_ms: u64,
    pub can_undo: bool,
    pub can_redo: bool,
    pub can_deal: bool,
    pub auto_play: bool,
    /// The day whose daily deal this is; none for other games.
    pub daily: Option<DailyDate>,
    /// "Show me" played in this attempt: a win counts as played, not won.
    pub assisted: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    /// The card (or stock) moved.
    Played,
    /// A repeated tap sent the card back where it started.
    Returned,
    /// Nothing can move from there.
    NoMove,
}

impl From<core::TapOutcome> for TapResult {
    fn from(outcome: core::TapOutcome) -> TapResult {
        match outcome {
            core::TapOutcome::Played(_) => TapResult::Played,
            core::TapOutcome::Returned => TapResult::Returned,
            core::TapOutcome::NoMove => TapResult::NoMove,
        }
    }
}

/// A move, as hints suggest it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PlayerMove {
    /// `count` cards from the top of pile `from` onto pile `to`.
    Transfer { from: u32, count: u32, to: u32 },
    /// The stock action (deal, or turn a card onto the waste).
    Stock,
}

impl From<core::Move> for PlayerMove {
    fn from(mv: core::Move) -> PlayerMove {
        match mv {
            core::Move::Transfer { from, count, to } => {
                PlayerMove::Transfer { from: u32::from(from), count: u32::from(count), to: u32::from(to) }
            }
            core::Move::Stock => PlayerMove::Stock,
        }
    }
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Hint {
    pub mv: PlayerMove,
    /// "Move the seven of hearts onto the eight of hearts".
    pub description: String,
    /// The move starts a line the solver proved wins.
    pub leads_to_win: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Verdict {
    /// The solver found a win from here (it sees face-down cards and the stock order).
    Winnable,
    /// The solver proved no win exists from here.
    Unwinnable,
    /// The budget ran out first.
    Unknown,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Winnability {
    pub verdict: Verdict,
    /// The game's move count when asked, so a late answer can be told from a fresh one.
    pub moves: u32,
}

/// A rectangle in points, origin top left.
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct Frame {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl From<layout::Rect> for Frame {
    fn from(r: layout::Rect) -> Frame {
        Frame { x: r.x, y: r.y, width: r.width, height: r.height }
    }
}

/// The drawing area: size and safe-area insets, in points.
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct Viewport {
    pub width: f32,
    pub height: f32,
    pub inset_top: f32,
    pub inset_left: f32,
    pub inset_bottom: f32,
    pub inset_right: f32,
}

impl From<Viewport> for layout::Viewport {
    fn from(v: Viewport) -> layout::Viewport {
        layout::Viewport {
            width: v.width,
            height: v.height,
            insets: layout::Insets {
                top: v.inset_top,
                left: v.inset_left,
                bottom: v.inset_bottom,
                right: v.inset_right,
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PileKind {
    Tableau,
    Foundation,
    Cell,
    Reserve,
    Stock,
    Waste,
}

impl From<core::PileKind> for PileKind {
    fn from(kind: core::PileKind) -> PileKind {
        match kind {
            core::PileKind::Tableau => PileKind::Tableau,
            core::PileKind::Foundation => PileKind::Foundation,
            core::PileKind::Cell => PileKind::Cell,
            core::PileKind::Reserve => PileKind::Reserve,
            core::PileKind::Stock => PileKind::Stock,
            core::PileKind::Waste => PileKind::Waste,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl From<core::Suit> for Suit {
    fn from(suit: core::Suit) -> Suit {
        match suit {
            core::Suit::Clubs => Suit::Clubs,
            core::Suit::Diamonds => Suit::Diamonds,
            core::Suit::Hearts => Suit::Hearts,
            core::Suit::Spades => Suit::Spades,
        }
    }
}

/// The face of a face-up card. Face-down cards carry none, so the apps cannot show them.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CardFace {
    /// 1 (Ace) to 13 (King).
    pub rank: u32,
    pub suit: Suit,
    pub red: bool,
    /// "Q", "10", "A": what the card's corner shows.
    pub rank_label: String,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PileView {
    pub pile: u32,
    pub kind: PileKind,
    /// Index among the piles of its kind, from 0.
    pub index: u32,
    /// The whole area the pile may use, fan included: the drop area.
    pub frame: Frame,
    /// Where its bottom card, or its empty outline, sits.
    pub base: Frame,
    /// "tableau pile 3", for people and screen readers.
    pub label: String,
    pub card_count: u32,
    /// "tableau pile 3, 7 cards, 4 face down, top card queen of spades": the pile as one
    /// screen-reader element; empty, what it takes ("foundation 5, builds down from king, empty").
    pub description: String,
    /// What the empty outline shows: "A↑", "K↓", "Q", "K–A", "✕", or nothing where anything goes.
    pub empty_symbol: String,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct CardView {
    /// Stable for the whole game: key animations on it.
    pub id: u32,
    pub pile: u32,
    /// Index in its pile from the bottom.
    pub position: u32,
    pub frame: Frame,
    pub z: u32,
    /// None while face down.
    pub face: Option<CardFace>,
    /// Can be picked up (with the cards on it).
    pub movable: bool,
    /// Moved by the last move: mark it briefly.
    pub last_moved: bool,
    /// "queen of spades, face up, tableau pile 3".
    pub description: String,
}

/// Everything to draw: the core's layout of the current position.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Table {
    pub card_width: f32,
    pub card_height: f32,
    pub piles: Vec<PileView>,
    /// Bottom to top within each pile; draw in `z` order.
    pub cards: Vec<CardView>,
    /// Draw each face-up card's corner index (rank and suit) within this height from its top
    /// and 1.8 times it from its left edge: fans never show less of a face-up card (core
    /// `TableLayout::index_height`, `layout::INDEX_WIDTH`).
    #[uniffi(default = 0.0)]
    pub index_height: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct GameStats {
    pub played: u32,
    pub won: u32,
    pub current_streak: u32,
    pub best_streak: u32,
    pub best_time_ms: Option<u64>,
    pub fewest_moves: Option<u32>,
    /// Games "show me" finished: in `played`, not in `won`.
    pub assisted: u32,
}

impl From<core::Stats> for GameStats {
    fn from(s: core::Stats) -> GameStats {
        GameStats {
            played: s.played,
            won: s.won,
            current_streak: s.current_streak,
            best_streak: s.best_streak,
            best_time_ms: s.best_time_ms,
            fewest_moves: s.fewest_moves,
            assisted: s.assisted,
        }
    }
}

/// A calendar date: the player's local date, for daily deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct DailyDate {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl TryFrom<DailyDate> for core::daily::Date {
    type Error = GameError;

    fn try_from(date: DailyDate) -> Result<core::daily::Date, GameError> {
        core::daily::Date::new(date.year, date.month, date.day)
            .map_err(|e| GameError::InvalidArgument { detail: e.to_string() })
    }
}

impl From<core::daily::Date> for DailyDate {
    fn from(date: core::daily::Date) -> DailyDate {
        DailyDate { year: date.year(), month: date.month(), day: date.day() }
    }
}

/// One game's daily deal on a day, for the chooser.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct DailyEntry {
    pub kind: GameKind,
    pub deal: u64,
    /// Won that day (unassisted): the chooser marks it.
    pub won: bool,
    pub in_progress: bool,
}

/// The chooser's daily row: every game's daily deal and the daily streak.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct DailyOverview {
    pub date: DailyDate,
    pub games: Vec<DailyEntry>,
    /// Days in a row, up to this one, with at least one daily deal won (today may still come).
    pub current_streak: u32,
    pub best_streak: u32,
}

/// What "show me" found.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct ShowMe {
    /// `Winnable` with the line in `moves`; `Unwinnable` (proved); `Unknown` (nothing found in
    /// time), with no moves.
    pub verdict: Verdict,
    /// Play them in order with `Game.playAssisted`, at a pace a person can follow.
    pub moves: Vec<PlayerMove>,
}

/// One row of the game chooser.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameOverview {
    pub info: GameInfo,
    pub in_progress: bool,
    pub stats: GameStats,
}

/// Every failure the apps can see. Kotlin: `GameException.IllegalMove` etc.; Swift: `GameError`.
#[derive(Debug, thiserror::Error, uniffi::Error)]
pub enum GameError {
    #[error("{detail}")]
    IllegalMove { detail: String },
    /// A pile, card index, deal or position that does not exist.
    #[error("{detail}")]
    InvalidArgument { detail: String },
    /// A saved file could not be read; it was kept aside as `kept_as`, and the store goes on.
    #[error("{detail}")]
    CorruptSave { detail: String, kept_as: String },
    #[error("{detail}")]
    Storage { detail: String },
}

impl From<core::GameError> for GameError {
    fn from(error: core::GameError) -> GameError {
        let detail = error.to_string();
        match error {
            core::GameError::IllegalMove(_) | core::GameError::NothingToUndo | core::GameError::NothingToRedo => {
                GameError::IllegalMove { detail }
            }
            core::GameError::NoSuchPile(_) | core::GameError::NoSuchCard { .. } | core::GameError::Notation(_) => {
                GameError::InvalidArgument { detail }
            }
        }
    }
}

impl From<core::StoreError> for GameError {
    fn from(error: core::StoreError) -> GameError {
        let detail = error.to_string();
        match error {
            core::StoreError::Corrupt { kept_as, .. } => {
                GameError::CorruptSave { detail, kept_as: kept_as.display().to_string() }
            }
            core::StoreError::Io { .. } => GameError::Storage { detail },
        }
    }
}

/// The one place the pile index crosses from `u32` to the core's `u8`.
pub(crate) fn pile_id(pile: u32) -> Result<core::PileId, GameError> {
    core::PileId::try_from(pile)
        .map_err(|_| GameError::InvalidArgument { detail: format!("no pile {pile} in this game") })
}
