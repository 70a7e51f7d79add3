//! The contract the Kotlin and Swift apps are written against: a `Game`, a `Store`, the records
//! they draw, and one error type. Thin by design: every decision is the core's; this crate only
//! converts types, holds locks and reads the clock.
//!
//! Every method is safe to call from any thread (each object is behind a mutex) and none panics
//! across the boundary: bad piles, illegal moves and damaged files come back as `GameError`,
//! which Kotlin sees as `GameException` and Swift as `GameError`.

mod cancel;
mod convert;
mod game;
mod store;

pub use cancel::CancelFlag;
pub use convert::*;
pub use game::Game;
pub use store::Store;

uniffi::setup_scaffolding!();

/// Every game the core knows, in menu order.
#[uniffi::export]
pub fn game_catalog() -> Vec<GameInfo> {
    solitaire_core::GameKind::ALL.into_iter().map(GameInfo::from).collect()
}

/// The game a person typed on a command line (`How They Run`, `yakutat_bay`), if it names one.
#[uniffi::export]
pub fn game_named(name: String) -> Option<GameKind> {
    solitaire_core::GameKind::from_name(&name).map(GameKind::from)
}

/// Every catalogue key the core's phrases and game infos can name (`describe::all_keys`), so an
/// app's test can check that its catalogue has each one in every language.
#[uniffi::export]
pub fn phrase_keys() -> Vec<String> {
    solitaire_core::describe::all_keys().into_iter().map(str::to_string).collect()
}

/// `date` in words ("December 5, 2026", « 1er décembre 2026 »), for a catalogue to say.
#[uniffi::export]
pub fn date_phrase(date: DailyDate) -> Result<Phrase, GameError> {
    Ok(solitaire_core::describe::date_phrase(date.try_into()?).into())
}

/// Playing time as a clock shows it: "3:05", from an hour on "1:02:05".
#[uniffi::export]
pub fn clock_text(ms: u64) -> String {
    solitaire_core::describe::clock(ms)
}

/// The deal number of `kind`'s daily deal on `date`: the same on every device.
#[uniffi::export]
pub fn daily_deal(kind: GameKind, date: DailyDate) -> Result<u64, GameError> {
    Ok(solitaire_core::daily::daily_deal(kind.into(), date.try_into()?))
}
