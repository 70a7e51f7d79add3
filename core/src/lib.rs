//! The solitaire engine: five games described as data, one engine that plays them, deals fixed
//! by number, undo/redo, taps, auto-play, saves and statistics. Pure but for `store`, the only
//! module that touches the file system. See `ARCHITECTURE.md` at the repository root.

pub mod assist;
pub mod card;
pub mod daily;
pub mod deal;
pub mod describe;
pub mod engine;
pub mod error;
pub mod game;
pub mod games;
pub mod layout;
pub mod notation;
pub mod refusal;
pub mod save;
pub mod scene;
pub mod solver;
pub mod spec;
pub mod state;
pub mod store;

pub use card::{Card, Suit};
pub use deal::deal;
pub use engine::{Effect, Move, Status};
pub use error::{GameError, NotationError, SaveError, StoreError};
pub use game::{Game, Step, TapOutcome};
pub use games::GameKind;
pub use spec::{GameSpec, PileId, PileKind};
pub use state::State;
pub use store::{DailyEntry, DailyOverview, DailyStreak, OnScreen, PendingSave, Slot, Stats, Store};
