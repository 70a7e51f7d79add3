//! `Game`: one game in play, shared with Kotlin/Swift as an object.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use solitaire_core as core;
use solitaire_core::{assist, describe, layout};

use crate::cancel::{self, CancelFlag};
use crate::convert::*;

#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<core::Game>,
}

/// Milliseconds on a monotonic clock; the core counts playing time from what it is given.
fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// A deal number for a new random game: small enough to read out and type back.
fn random_deal() -> u64 {
    rand::random_range(core::deal::RANDOM_DEALS)
}

impl Game {
    pub(crate) fn wrap(game: core::Game) -> Arc<Game> {
        Arc::new(Game { inner: Mutex::new(game) })
    }

    /// The lock, with the clock brought up to date. A panic elsewhere cannot poison it for
    /// good: the core's state is consistent between calls, so a poisoned lock is taken over.
    pub(crate) fn lock(&self) -> MutexGuard<'_, core::Game> {
        let mut game = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        game.touch(now_ms());
        game
    }
}

#[uniffi::export]
impl Game {
    /// Deal number `deal` of `kind` (the same deal on every device).
    #[uniffi::constructor]
    pub fn new(kind: GameKind, deal: u64) -> Arc<Game> {
        Game::wrap(core::Game::new(kind.into(), deal))
    }

    /// The daily deal of `kind` on `date` (the device's local date). Resume one already begun
    /// with `Store.resumeDaily` instead.
    #[uniffi::constructor]
    pub fn new_daily(kind: GameKind, date: DailyDate) -> Result<Arc<Game>, GameError> {
        Ok(Game::wrap(core::Game::new_daily(kind.into(), date.try_into()?)))
    }

    /// A random deal.
    #[uniffi::constructor]
    pub fn new_random(kind: GameKind) -> Arc<Game> {
        Game::new(kind, random_deal())
    }

    /// A random deal among those the solver proved winnable.
    #[uniffi::constructor]
    pub fn new_winnable(kind: GameKind) -> Arc<Game> {
        let kind = core::GameKind::from(kind);
        Game::wrap(core::Game::new(kind, assist::winnable_deal(kind, rand::random())))
    }

    pub fn status(&self) -> GameStatus {
        let game = self.lock();
        GameStatus {
            kind: game.kind().into(),
            deal: game.deal_number(),
            state: game.status().into(),
            moves: game.moves_made(),
            elapsed_ms: game.elapsed_ms(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            can_deal: game.state().can_deal(),
            auto_play: game.auto_play(),
            daily: game.daily().map(DailyDate::from),
            assisted: game.assisted(),
        }
    }

    /// Plays the card at `index` of `pile` (with the cards on it where the game moves groups) to
    /// its best destination; the same card tapped again goes to its next one. The stock deals.
    pub fn tap(&self, pile: u32, index: u32) -> Result<TapResult, GameError> {
        Ok(self.lock().tap(pile_id(pile)?, index as usize)?.into())
    }

    /// Moves the top `count` cards of `from` onto `to` (a drag and drop).
    pub fn move_cards(&self, from: u32, count: u32, to: u32) -> Result<(), GameError> {
        let count =
            u8::try_from(count).map_err(|_| GameError::IllegalMove { detail: format!("cannot move {count} cards") })?;
        let mv = core::Move::Transfer { from: pile_id(from)?, count, to: pile_id(to)? };
        Ok(self.lock().play(mv)?)
    }

    /// Every pile the card at `index` of `pile` may be dropped on: highlight them while dragging.
    pub fn destinations(&self, pile: u32, index: u32) -> Result<Vec<u32>, GameError> {
        let targets = self.lock().destinations(pile_id(pile)?, index as usize)?;
        Ok(targets.into_iter().map(u32::from).collect())
    }

    /// The stock action: deal, or turn a card onto the waste.
    pub fn deal_stock(&self) -> Result<(), GameError> {
        Ok(self.lock().deal_stock()?)
    }

    pub fn undo(&self) -> Result<(), GameError> {
        Ok(self.lock().undo()?)
    }

    pub fn redo(&self) -> Result<(), GameError> {
        Ok(self.lock().redo()?)
    }

    /// Back to the opening deal. Record the abandoned attempt first with `Store.abandon`.
    pub fn restart(&self) {
        self.lock().restart();
    }

    pub fn set_auto_play(&self, on: bool) {
        self.lock().set_auto_play(on);
    }

    /// A good next move, or none when no move is left (or `cancel` was set first). Takes up to
    /// about 100 ms: call it off the main thread.
    #[uniffi::method(default(cancel = None))]
    pub fn hint(&self, cancel: Option<Arc<CancelFlag>>) -> Option<Hint> {
        let game = self.lock().clone();
        let hint = assist::hint(&game, &|| cancel::requested(&cancel))?;
        Some(Hint {
            mv: hint.mv.into(),
            description: describe::move_description(game.state(), hint.mv),
            leads_to_win: hint.leads_to_win,
        })
    }

    /// Whether the game can still be won, searched for up to `budget_ms` or until `cancel` is
    /// set (then `Unknown`). Blocking: call it off the main thread. The game stays usable
    /// meanwhile (the search works on a copy).
    #[uniffi::method(default(cancel = None))]
    pub fn still_winnable(&self, budget_ms: u32, cancel: Option<Arc<CancelFlag>>) -> Winnability {
        let game = self.lock().clone();
        let stop = deadline_or(budget_ms, cancel);
        let verdict = assist::winnability(game.state(), &stop);
        Winnability { verdict: verdict_of(verdict), moves: game.moves_made() }
    }

    /// Undoes back to the latest position from which the game can still be won, searching for
    /// up to `budget_ms` in all (or until `cancel` is set); returns how many moves were undone
    /// (0 if none was found).
    #[uniffi::method(default(cancel = None))]
    pub fn undo_to_winnable(&self, budget_ms: u32, cancel: Option<Arc<CancelFlag>>) -> u32 {
        let snapshot = self.lock().clone();
        let stop = deadline_or(budget_ms, cancel);
        let Some(steps) = assist::moves_back_to_winnable(&snapshot, &stop) else { return 0 };
        let mut game = self.lock();
        // Only if nothing was played meanwhile; otherwise the answer is about another game.
        if game.history().len() != snapshot.history().len() {
            return 0;
        }
        for _ in 0..steps {
            if game.undo().is_err() {
                break;
            }
        }
        steps
    }

    /// "Show me": a winning line from here, searched for up to `budget_ms` (or until `cancel`
    /// is set). Blocking: call it off the main thread.
    #[uniffi::method(default(cancel = None))]
    pub fn show_me(&self, budget_ms: u32, cancel: Option<Arc<CancelFlag>>) -> ShowMe {
        let game = self.lock().clone();
        let stop = deadline_or(budget_ms, cancel);
        match assist::solution(game.state(), &stop) {
            assist::Solution::Won(line) => {
                ShowMe { verdict: Verdict::Winnable, moves: line.into_iter().map(PlayerMove::from).collect() }
            }
            assist::Solution::Unwinnable => ShowMe { verdict: Verdict::Unwinnable, moves: Vec::new() },
            assist::Solution::Unknown => ShowMe { verdict: Verdict::Unknown, moves: Vec::new() },
        }
    }

    /// Plays one move of the line `show_me` gave; the attempt then counts as assisted. An
    /// `IllegalMove` means the position changed since: stop showing.
    pub fn play_assisted(&self, mv: PlayerMove) -> Result<(), GameError> {
        let mv = match mv {
            PlayerMove::Stock => core::Move::Stock,
            PlayerMove::Transfer { from, count, to } => core::Move::Transfer {
                from: pile_id(from)?,
                count: u8::try_from(count)
                    .map_err(|_| GameError::IllegalMove { detail: format!("cannot move {count} cards") })?,
                to: pile_id(to)?,
            },
        };
        Ok(self.lock().play_assisted(mv)?)
    }

    /// The table to draw for this viewport.
    pub fn table(&self, viewport: Viewport) -> Table {
        let game = self.lock();
        let state = game.state();
        let table = layout::layout(state, &viewport.into());
        let mut moved = [false; 104];
        for id in game.last_moved_cards() {
            moved[usize::from(id)] = true;
        }
        let piles = table
            .piles
            .iter()
            .map(|p| PileView {
                pile: u32::from(p.pile),
                kind: p.kind.into(),
                index: u32::from(p.index),
                frame: p.frame.into(),
                base: p.base.into(),
                label: p.label.clone(),
                card_count: state.pile(p.pile).len() as u32,
                description: describe::pile_description(state.pile(p.pile), &p.label, p.kind, p.empty),
                empty_symbol: describe::empty_symbol(p.empty),
            })
            .collect();
        let cards = table
            .cards
            .iter()
            .map(|c| {
                let card = state.pile(c.pile)[usize::from(c.position)];
                // The layout lists piles in pile order.
                let label = table.piles.get(usize::from(c.pile)).map_or("", |p| p.label.as_str());
                CardView {
                    id: u32::from(c.card_id),
                    pile: u32::from(c.pile),
                    position: u32::from(c.position),
                    frame: c.frame.into(),
                    z: u32::from(c.z),
                    face: card.face_up().then(|| CardFace {
                        rank: u32::from(card.rank()),
                        suit: card.suit().into(),
                        red: card.is_red(),
                        rank_label: describe::rank_label(card),
                    }),
                    movable: c.movable,
                    last_moved: moved[usize::from(c.card_id)],
                    description: describe::card_description(card, label),
                }
            })
            .collect();
        Table {
            card_width: table.card_width,
            card_height: table.card_height,
            piles,
            cards,
            index_height: table.index_height,
        }
    }

    /// The pile a dragged card dropped at (`x`, `y`) lands on, if any.
    pub fn drop_target(&self, viewport: Viewport, x: f32, y: f32) -> Option<u32> {
        let game = self.lock();
        layout::layout(game.state(), &viewport.into()).drop_target(x, y).map(u32::from)
    }

    /// The game left the screen: the clock stops. Save it too.
    pub fn pause(&self) {
        self.lock().pause(now_ms());
    }

    /// The game is on screen again: the clock runs.
    pub fn resume(&self) {
        self.lock().resume(now_ms());
    }

    /// The position in the command line's JSON notation (for bug reports and tests).
    pub fn position_json(&self) -> String {
        core::notation::format_position(self.lock().state())
    }
}

/// A search's stop condition: `budget_ms` has passed, or the app cancelled it.
fn deadline_or(budget_ms: u32, cancel: Option<Arc<CancelFlag>>) -> impl Fn() -> bool {
    let deadline = Instant::now() + std::time::Duration::from_millis(u64::from(budget_ms));
    move || cancel::requested(&cancel) || Instant::now() >= deadline
}

fn verdict_of(outcome: assist::Verdict) -> Verdict {
    match outcome {
        assist::Verdict::Winnable => Verdict::Winnable,
        assist::Verdict::Unwinnable => Verdict::Unwinnable,
        assist::Verdict::Unknown => Verdict::Unknown,
    }
}
