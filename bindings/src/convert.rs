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

/// What the game chooser and rules page show: the words are the catalogues', by key.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameInfo {
    pub kind: GameKind,
    /// Identifier used in file names and on the command line: `yakutat-bay`.
    pub slug: String,
    /// The catalogue keys of the game's name, its one-line summary and its rules (paragraphs
    /// separated by a blank line).
    pub name_key: String,
    pub summary_key: String,
    pub rules_key: String,
    pub decks: u32,
}

impl From<core::GameKind> for GameInfo {
    fn from(kind: core::GameKind) -> GameInfo {
        let spec = kind.spec();
        let [name, summary, rules] = core::describe::game_keys(kind);
        GameInfo {
            kind: kind.into(),
            slug: spec.slug.to_string(),
            name_key: name.to_string(),
            summary_key: summary.to_string(),
            rules_key: rules.to_string(),
            decks: u32::from(spec.decks),
        }
    }
}

/// Words to say, as a catalogue key and its arguments: each app writes them in the player's
/// language (`%1$s`, `%2$d` are the arguments in order; a plural takes its quantity from the
/// first number).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Phrase {
    pub key: String,
    pub args: Vec<PhraseArg>,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PhraseArg {
    Number {
        value: u32,
    },
    /// The catalogue's string for `key`.
    Word {
        key: String,
    },
    /// The catalogue's `card` format with the strings of `rank` and `suit` (keys).
    Card {
        rank: String,
        suit: String,
    },
    /// The catalogue's format `key` with the pile's number, where its kind has many.
    Pile {
        key: String,
        number: Option<u32>,
    },
}

impl From<core::describe::Phrase> for Phrase {
    fn from(phrase: core::describe::Phrase) -> Phrase {
        use core::describe::Arg;
        let arg = |arg: &Arg| match *arg {
            Arg::Number(value) => PhraseArg::Number { value },
            Arg::Word(key) => PhraseArg::Word { key: key.to_string() },
            Arg::Card { rank, suit } => PhraseArg::Card { rank: rank.to_string(), suit: suit.to_string() },
            Arg::Pile { key, number } => PhraseArg::Pile { key: key.to_string(), number },
        };
        Phrase { key: phrase.key.to_string(), args: phrase.args.iter().map(arg).collect() }
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
    /// Giving the game up (a new deal, a restart) counts it as lost: ask the player first. Not
    /// before a move, nor once won (a win undone after it was counted stays a win).
    pub abandon_counts_as_loss: bool,
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
    pub description: Phrase,
    /// The move starts a line the solver proved wins.
    pub leads_to_win: bool,
}

/// What a hint request found.
#[derive(Debug, Clone, PartialEq, uniffi::Enum)]
pub enum HintAnswer {
    /// A move to suggest.
    Move { hint: Hint },
    /// The solver proved that no move leads to a win: say so, as for "show me" (a move suggested
    /// would only go round).
    Lost,
    /// No move is left: the game is won, or lost by its rules (`status` says which).
    NoMove,
    /// `cancel` was set first.
    Stopped,
}

/// What undoing back to a winnable position did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum WayBack {
    /// `moves` were undone: the game stands where a win was found.
    Undone { moves: u32 },
    /// The deal as dealt was proved lost: nothing to undo to, a new deal is the way out.
    DealLost,
    /// Nothing was undone: no winnable position found before the budget ran out or `cancel`
    /// was set, or a move was played meanwhile.
    NotFound,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct CardFace {
    /// 1 (Ace) to 13 (King); the apps write it in the player's language.
    pub rank: u32,
    pub suit: Suit,
    pub red: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum BuildDirection {
    Up,
    Down,
    UpOrDown,
}

/// What an empty pile's outline shows (the apps draw it: "A↑", "K", "✕", nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum EmptyMark {
    /// Anything may go here (or, on the waste, only the stock puts cards): no mark.
    Plain,
    /// Only `rank` starts the pile; a foundation built from it goes `direction`.
    Starts { rank: u32, direction: Option<BuildDirection> },
    /// A foundation that takes a whole suit at once, King to Ace.
    WholeSuit,
    /// Nothing more comes from here (a spent stock or feeding reserve).
    Spent,
    /// A reserve of up to `capacity` cards: drawn "0/4", so that it is not taken for the empty
    /// waste beside it.
    Holds { capacity: u32 },
}

impl From<core::spec::EmptyMark> for EmptyMark {
    fn from(mark: core::spec::EmptyMark) -> EmptyMark {
        use core::spec::Direction;
        match mark {
            core::spec::EmptyMark::Plain => EmptyMark::Plain,
            core::spec::EmptyMark::Starts { rank, direction } => EmptyMark::Starts {
                rank: u32::from(rank),
                direction: direction.map(|d| match d {
                    Direction::Up => BuildDirection::Up,
                    Direction::Down => BuildDirection::Down,
                    Direction::UpOrDown => BuildDirection::UpOrDown,
                }),
            },
            core::spec::EmptyMark::WholeSuit => EmptyMark::WholeSuit,
            core::spec::EmptyMark::Spent => EmptyMark::Spent,
            core::spec::EmptyMark::Holds { capacity } => EmptyMark::Holds { capacity: u32::from(capacity) },
        }
    }
}

/// A pile as drawn. No words: `Game.speech` has them, for screen readers.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PileView {
    pub pile: u32,
    pub kind: PileKind,
    /// Index among the piles of its kind, from 0.
    pub index: u32,
    /// The whole area the pile may use, fan included: where a drop is highlighted. (A band
    /// pile's is its card, or its fan.)
    pub frame: Frame,
    /// Where its bottom card, or its empty outline, sits.
    pub base: Frame,
    /// Where a tap means this pile: the frame and half the gap around it, and below short band
    /// cards the room kept for a finger (hit areas of neighbouring piles meet, never overlap).
    /// A tap there on no card taps the top card; a drop there lands on the pile.
    pub hit: Frame,
    pub card_count: u32,
    /// Whether the app shows `card_count` on the pile: its cards lie squared, the top one alone
    /// in sight (the stock; a reserve or a waste holding more than one).
    pub shows_count: bool,
    /// What the empty outline shows.
    pub empty: EmptyMark,
}

impl PileView {
    pub(crate) fn of(scene: &core::scene::Scene, i: usize) -> PileView {
        let f = &scene.layout.piles[i];
        PileView {
            pile: u32::from(f.pile),
            kind: f.kind.into(),
            index: u32::from(f.index),
            frame: f.frame.into(),
            base: f.base.into(),
            hit: f.hit.into(),
            card_count: u32::from(scene.counts[i]),
            shows_count: f.shows_count(usize::from(scene.counts[i])),
            empty: f.empty.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct CardView {
    /// Stable for the whole game: key animations on it, and apply updates by it.
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
}

impl CardView {
    pub(crate) fn of(scene: &core::scene::Scene, i: usize) -> CardView {
        let (f, look) = (&scene.layout.cards[i], scene.looks[i]);
        let card = look.card;
        CardView {
            id: u32::from(f.card_id),
            pile: u32::from(f.pile),
            position: u32::from(f.position),
            frame: f.frame.into(),
            z: u32::from(f.z),
            face: card.face_up().then(|| CardFace {
                rank: u32::from(card.rank()),
                suit: card.suit().into(),
                red: card.is_red(),
            }),
            movable: f.movable,
            last_moved: look.last_moved,
        }
    }
}

/// A player's action on the table, played by `Game.act`.
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Enum)]
pub enum Action {
    /// The card at `index` of `pile` (with the cards on it) to its best place; tapped again, to
    /// its next one. On the stock: deal.
    Tap {
        pile: u32,
        index: u32,
    },
    /// A tap in `pile`'s hit area on no card (beside a narrow card, below it, an empty place):
    /// its top card's tap; on the stock, even empty, the deal; elsewhere nothing.
    TapPile {
        pile: u32,
    },
    /// The cards from `index` of `pile` up, dragged and let go with the grabbed card's centre at
    /// (`x`, `y`) of the last viewport: they move to the pile there if they may, else nothing
    /// changes (the app lets them glide back).
    Drop {
        pile: u32,
        index: u32,
        x: f32,
        y: f32,
    },
    /// A move the player chose (a screen reader's "Move … to …", a hint's "Play it", the stock's
    /// deal): an `IllegalMove` error if the game does not allow it.
    Play {
        mv: PlayerMove,
    },
    Undo,
    Redo,
    /// Back to the opening deal. Record the abandoned attempt first with `Store.abandon`.
    Restart,
    /// One move of the line `show_me` gave; the attempt then counts as assisted. An
    /// `IllegalMove` error means the position changed since: stop showing.
    Assisted {
        mv: PlayerMove,
    },
    AutoPlay {
        on: bool,
    },
    /// Nothing: what changed since the last update (after `undo_to_winnable`, say).
    Refresh,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Outcome {
    /// The position changed.
    Moved,
    /// A repeated tap sent the card back where it started.
    Returned,
    /// Nothing moved (nothing can move from there, or a drop off any pile it may go to).
    Unchanged,
}

/// What to draw after an action: the status, and the piles and cards that changed (all of them
/// when `full`). Keep the cards by `id` and the piles by `pile`, and replace what comes.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Update {
    pub outcome: Outcome,
    pub status: GameStatus,
    /// Everything is here (a new viewport or card size): drop what was drawn before.
    pub full: bool,
    pub card_width: f32,
    pub card_height: f32,
    /// Draw each face-up card's corner index (rank and suit) within `index_height` from its top
    /// and `index_width` from its left edge: fans never show less of a face-up card (core
    /// `TableLayout::index_height`, `layout::INDEX_WIDTH`).
    pub index_height: f32,
    pub index_width: f32,
    /// The piles that changed, in pile order.
    pub piles: Vec<PileView>,
    /// The cards that changed, pile by pile, bottom to top; draw in `z` order.
    pub cards: Vec<CardView>,
}

/// A pile for a screen reader: one stop that says the pile and offers its actions.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PileSpeech {
    pub pile: u32,
    /// "tableau pile 3, 7 cards, 4 face down, top card queen of spades"; empty, what it takes:
    /// phrases to join with the language's list separator (the catalogue's `list_separator`).
    pub description: Vec<Phrase>,
    /// The pile's default action ("Deal", "Play the queen of spades"), if it has one: `tap`
    /// plays it.
    pub tap: Option<SpokenAction>,
    /// Every other move from this pile: "Move the queen of spades to foundation 2".
    pub moves: Vec<SpokenAction>,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SpokenAction {
    pub label: Phrase,
    pub action: Action,
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

/// The game on screen, for the next launch: `kind`'s game in progress, or its daily deal of
/// the day `daily` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct OnScreen {
    pub kind: GameKind,
    pub daily: Option<DailyDate>,
}

impl TryFrom<OnScreen> for core::OnScreen {
    type Error = GameError;
    fn try_from(on_screen: OnScreen) -> Result<core::OnScreen, GameError> {
        Ok(core::OnScreen { kind: on_screen.kind.into(), daily: on_screen.daily.map(TryInto::try_into).transpose()? })
    }
}

impl From<core::OnScreen> for OnScreen {
    fn from(on_screen: core::OnScreen) -> OnScreen {
        OnScreen { kind: on_screen.kind.into(), daily: on_screen.daily.map(Into::into) }
    }
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
    /// A file could not be written or read. `detail` is the system's text, for logs; `phrase`
    /// what to tell the player about a save it stopped ("Could not save this game: the device
    /// is full"), in the catalogue's words, without arguments.
    #[error("{detail}")]
    Storage { detail: String, phrase: Phrase },
    /// Another process (the terminal game, another window) has this game open: say so, and open
    /// nothing, or each copy would save over the other's moves.
    #[error("{detail}")]
    InUse { detail: String },
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
            core::StoreError::Io { .. } => GameError::Storage { detail, phrase: error.not_saved().into() },
            core::StoreError::InUse { .. } => GameError::InUse { detail },
        }
    }
}

/// The one place the pile index crosses from `u32` to the core's `u8`.
pub(crate) fn pile_id(pile: u32) -> Result<core::PileId, GameError> {
    core::PileId::try_from(pile)
        .map_err(|_| GameError::InvalidArgument { detail: format!("no pile {pile} in this game") })
}
