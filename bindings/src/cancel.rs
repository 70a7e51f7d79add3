//! `CancelFlag`: lets an app stop a search it no longer wants (the player moved on, the screen
//! closed). Searches poll it between chunks of a few thousand nodes, so they stop within about a
//! millisecond of `cancel()`, and one cancelled before it starts does no work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[derive(uniffi::Object, Default)]
pub struct CancelFlag {
    cancelled: AtomicBool,
}

#[uniffi::export]
impl CancelFlag {
    #[uniffi::constructor]
    pub fn new() -> Arc<CancelFlag> {
        Arc::new(CancelFlag::default())
    }

    /// Asks every search given this flag to stop as soon as it can. Cannot be taken back.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// Whether a search given `flag` (if any) should stop now.
pub(crate) fn requested(flag: &Option<Arc<CancelFlag>>) -> bool {
    flag.as_ref().is_some_and(|f| f.is_cancelled())
}
