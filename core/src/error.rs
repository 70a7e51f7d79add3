//! Typed errors. Nothing in the core panics on bad input; it returns one of these.

use std::io;
use std::path::PathBuf;

use crate::describe::Phrase;

/// Text that is not a valid position, move, card or pile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("malformed JSON: {0}")]
    Json(String),
    #[error("unknown game {0:?} (games: dnieper, yakutat-bay, chequers, zerline, how-they-run)")]
    UnknownGame(String),
    #[error("{0:?} is not a card (rank A 2-9 T J Q K, then suit C D H S, '#' in front when face down)")]
    BadCard(String),
    #[error("{card} appears more often than {decks} deck(s) hold")]
    TooManyCopies { card: String, decks: u8 },
    #[error("{piles}: this game has {expected} such pile(s), the position gives {found}")]
    PileCount { piles: String, expected: usize, found: usize },
    #[error("the position holds {found} cards; a complete one holds {expected}")]
    Incomplete { found: usize, expected: usize },
    #[error("{pile}: {reason}")]
    BadPileContents { pile: String, reason: &'static str },
    #[error("{0:?} is not a pile of this game (tableau:N, foundation:N, cell:N, reserve, stock, waste)")]
    BadPile(String),
    #[error("{0} is not a move (want {{\"from\": \"tableau:2\", \"cards\": 3, \"to\": \"tableau:5\"}} or {{\"from\": \"stock\"}})")]
    BadMove(String),
}

/// A request the game cannot carry out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("no pile {0} in this game")]
    NoSuchPile(u32),
    #[error("pile {pile} has no card {index}")]
    NoSuchCard { pile: u32, index: u32 },
    #[error("illegal move: {0}")]
    IllegalMove(String),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// A save that cannot be restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("not a save file: {0}")]
    Malformed(String),
    #[error("save format version {0} is newer than this app understands")]
    FutureVersion(u32),
    #[error("the save is too large ({0} bytes)")]
    TooLarge(usize),
    #[error("the saved position is invalid: {0}")]
    Position(#[from] NotationError),
    #[error("saved move {index} is not legal in the replayed game")]
    IllegalHistory { index: usize },
    #[error("replaying the saved moves does not reach the saved position")]
    HistoryMismatch,
    #[error("the save is for {found}, not {expected}")]
    WrongGame { expected: String, found: String },
}

/// What the on-disk store reports.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot use {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    /// The file did not load; it was moved to `kept_as` and the store carries on without it.
    #[error("{path} could not be read ({reason}); it was kept as {kept_as}")]
    Corrupt { path: PathBuf, kept_as: PathBuf, reason: String },
    /// Another process (the terminal game, another window) has this game open: playing it here
    /// too, each copy would save over the other's moves.
    #[error("{path} is open in another process")]
    InUse { path: PathBuf },
}

/// The phrases `StoreError::not_saved` gives: unknown cause, no room left, no right to write.
pub const NOT_SAVED_KEYS: [&str; 3] = ["msg_not_saved", "msg_not_saved_full", "msg_not_saved_denied"];

impl StoreError {
    /// What to tell the player when this stopped a save, in the catalogue's words: the system's
    /// own text is English and names the app's private folders. No arguments, so that the apps
    /// can show it as a plain message.
    pub fn not_saved(&self) -> Phrase {
        let [unknown, full, denied] = NOT_SAVED_KEYS;
        let key = match self {
            StoreError::Io { source, .. } => match source.kind() {
                io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => full,
                io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => denied,
                _ => unknown,
            },
            StoreError::Corrupt { .. } | StoreError::InUse { .. } => unknown,
        };
        Phrase { key, args: Vec::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io(kind: io::ErrorKind) -> StoreError {
        StoreError::Io { path: PathBuf::from("/data/app/saves/zerline.json"), source: io::Error::from(kind) }
    }

    #[test]
    fn a_failed_save_is_told_in_the_catalogues_words_with_its_cause() {
        let key = |error: StoreError| error.not_saved().key;
        assert_eq!(key(io(io::ErrorKind::StorageFull)), "msg_not_saved_full");
        assert_eq!(key(io(io::ErrorKind::QuotaExceeded)), "msg_not_saved_full");
        assert_eq!(key(io(io::ErrorKind::PermissionDenied)), "msg_not_saved_denied");
        assert_eq!(key(io(io::ErrorKind::ReadOnlyFilesystem)), "msg_not_saved_denied");
        assert_eq!(key(io(io::ErrorKind::Other)), "msg_not_saved");
        let corrupt = StoreError::Corrupt { path: PathBuf::new(), kept_as: PathBuf::new(), reason: String::new() };
        assert_eq!(key(corrupt), "msg_not_saved");
        // From ENOSPC, as a full disk reports it.
        let full = StoreError::Io { path: PathBuf::new(), source: io::Error::from_raw_os_error(28) };
        assert_eq!(full.not_saved().key, "msg_not_saved_full");
        assert!(io(io::ErrorKind::StorageFull).not_saved().args.is_empty());
    }
}
