//! `Game`: one game in play, shared with Kotlin/Swift as an object.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use solitaire_core as core;
use solitaire_core::scene::Scene;
use solitaire_core::{assist, describe};

use crate::cancel::{self, CancelFlag};
use crate::convert::*;

#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<core::Game>,
    /// The scene the app drew last, which `act` sends changes against. Locked after `inner`.
    shown: Mutex<Option<Scene>>,
    /// The winning line the last hint came from, which the next hints follow while the game
    /// does (`assist::HintLine`). Locked alone.
    hint_line: Mutex<assist::HintLine>,
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
        Arc::new(Game { inner: Mutex::new(game), shown: Mutex::new(None), hint_line: Mutex::default() })
    }

    fn shown(&self) -> MutexGuard<'_, Option<Scene>> {
        lock(&self.shown)
    }

    /// The lock, with the clock brought up to date. A panic elsewhere cannot poison it for
    /// good: the core's state is consistent between calls, so a poisoned lock is taken over.
    pub(crate) fn lock(&self) -> MutexGuard<'_, core::Game> {
        let mut game = lock(&self.inner);
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
        status_of(&self.lock())
    }

    /// Plays `action` and returns what to draw: the status and the piles and cards that changed
    /// since the last update, in one call. Bad piles and illegal moves are errors (nothing
    /// changed); a tap or drop that moves nothing is `Outcome::Unchanged`.
    pub fn act(&self, action: Action) -> Result<Update, GameError> {
        let mut game = self.lock();
        let mut shown = self.shown();
        let restart = matches!(action, Action::Restart);
        let outcome = play(&mut game, action, shown.as_ref())?;
        if let Some(scene) = shown.as_mut().filter(|_| restart) {
            // A new attempt is laid out as the deal is, not as the abandoned one's piles grew.
            scene.layout.arrangement = None;
        }
        let viewport = shown.as_ref().map(|scene| scene.viewport).unwrap_or_default();
        Ok(update(&game, outcome, &viewport, &mut shown))
    }

    /// Everything to draw for `viewport` (a new one, or the app drawing from scratch); `act`
    /// then sends changes against it.
    pub fn view(&self, viewport: Viewport) -> Update {
        let game = self.lock();
        let mut shown = self.shown();
        // Drawn from scratch, in the arrangement the table had.
        let before = shown.take();
        let scene = Scene::of(&game, &viewport.into(), before.as_ref());
        update_to(&game, Outcome::Unchanged, scene, &mut shown)
    }

    /// Which of `viewports` shows this game's cards largest, the first of equals (0 for none):
    /// the app's controls go beside the table or above and below it, whichever leaves the table
    /// the room for larger cards. Asked of the deal as dealt, so that a game keeps one shape of
    /// screen from its start, resumed too, whatever its piles grow into; it draws nothing.
    pub fn roomiest(&self, viewports: Vec<Viewport>) -> u32 {
        let viewports: Vec<_> = viewports.into_iter().map(Into::into).collect();
        let at = core::layout::roomiest(self.lock().start(), &viewports);
        at.map_or(0, |at| u32::try_from(at).unwrap_or(0))
    }

    /// Every pile's words for a screen reader, with its actions. Ask once per position, and only
    /// while a screen reader runs.
    pub fn speech(&self) -> Vec<PileSpeech> {
        let game = self.lock();
        describe::table_words(&game)
            .into_iter()
            .map(|words| {
                let pile = u32::from(words.pile);
                let top = game.state().pile(words.pile).len().saturating_sub(1) as u32;
                PileSpeech {
                    pile,
                    description: words.description.into_iter().map(Phrase::from).collect(),
                    tap: words
                        .tap
                        .map(|label| SpokenAction { label: label.into(), action: Action::Tap { pile, index: top } }),
                    moves: words
                        .moves
                        .into_iter()
                        .map(|(label, mv)| SpokenAction { label: label.into(), action: Action::Play { mv: mv.into() } })
                        .collect(),
                }
            })
            .collect()
    }

    /// Every pile the card at `index` of `pile` may be dropped on: highlight them while dragging.
    pub fn destinations(&self, pile: u32, index: u32) -> Result<Vec<u32>, GameError> {
        let targets = self.lock().destinations(pile_id(pile)?, index as usize)?;
        Ok(targets.into_iter().map(u32::from).collect())
    }

    /// Why the card at `index` of `pile`, with the cards on it, may not go onto `to`, in the
    /// player's words ("Can't put the seven of clubs on the queen of hearts."): for a move the
    /// player chose and the core refused, so the app can name the rule in its way. `None` where
    /// they may go, or onto their own pile.
    pub fn refusal(&self, pile: u32, index: u32, to: u32) -> Result<Option<Phrase>, GameError> {
        let game = self.lock();
        let (from, to) = (pile_id(pile)?, pile_id(to)?);
        game.destinations(from, index as usize)?;
        if usize::from(to) >= game.state().pile_count() {
            return Err(GameError::InvalidArgument { detail: format!("no pile {to} in this game") });
        }
        Ok(refusal_of(&game, from, index, to))
    }

    /// `refusal` for cards let go at (`x`, `y`) of the last viewport (as `Action::Drop`):
    /// `None` where no pile is there.
    pub fn drop_refusal(&self, pile: u32, index: u32, x: f32, y: f32) -> Result<Option<Phrase>, GameError> {
        let game = self.lock();
        let from = pile_id(pile)?;
        game.destinations(from, index as usize)?;
        let to = self.shown().as_ref().and_then(|scene| scene.drop_target(x, y));
        Ok(to.and_then(|to| refusal_of(&game, from, index, to)))
    }

    /// A good next move, or why there is none. Takes up to about 100 ms, on two cores like
    /// `still_winnable`: call it off the main thread.
    #[uniffi::method(default(cancel = None))]
    pub fn hint(&self, cancel: Option<Arc<CancelFlag>>) -> HintAnswer {
        let game = self.lock().clone();
        let mut follow = lock(&self.hint_line).clone();
        let hint = match assist::hint(&game, &mut follow, &|| cancel::requested(&cancel)) {
            Ok(hint) => hint,
            Err(assist::NoHint::Lost) => return HintAnswer::Lost,
            Err(assist::NoHint::NoMove) => return HintAnswer::NoMove,
            Err(assist::NoHint::Stopped) => return HintAnswer::Stopped,
        };
        *lock(&self.hint_line) = follow;
        HintAnswer::Move {
            hint: Hint {
                mv: hint.mv.into(),
                description: describe::move_description(game.state(), hint.mv).into(),
                leads_to_win: hint.leads_to_win,
            },
        }
    }

    /// Whether the game can still be won, searched for up to `budget_ms` or until `cancel` is
    /// set (then `Unknown`). Blocking: call it off the main thread. It searches on two cores,
    /// the caller's thread and one it starts and joins before it returns (`assist::winnability`).
    /// The game stays usable meanwhile (the search works on a copy).
    #[uniffi::method(default(cancel = None))]
    pub fn still_winnable(&self, budget_ms: u32, cancel: Option<Arc<CancelFlag>>) -> Winnability {
        let game = self.lock().clone();
        let stop = deadline_or(budget_ms, cancel);
        let verdict = assist::winnability(game.state(), &stop);
        if verdict == assist::Verdict::Unwinnable {
            lock(&self.hint_line).proved_lost(game.state());
        }
        Winnability { verdict: verdict_of(verdict), moves: game.moves_made() }
    }

    /// Undoes back to the latest position from which the game can still be won, searching for
    /// up to `budget_ms` in all (or until `cancel` is set), on two cores like `still_winnable`;
    /// says how many moves were undone, or that the deal itself is lost, or that none was found.
    #[uniffi::method(default(cancel = None))]
    pub fn undo_to_winnable(&self, budget_ms: u32, cancel: Option<Arc<CancelFlag>>) -> WayBack {
        let snapshot = self.lock().clone();
        let stop = deadline_or(budget_ms, cancel);
        let steps = match assist::moves_back_to_winnable(&snapshot, &stop) {
            Ok(steps) => steps,
            Err(assist::NoWayBack::DealLost) => {
                lock(&self.hint_line).proved_lost(snapshot.state());
                return WayBack::DealLost;
            }
            Err(assist::NoWayBack::NotFound) => return WayBack::NotFound,
        };
        let mut game = self.lock();
        // Only if nothing was played meanwhile; otherwise the answer is about another game.
        if game.history().len() != snapshot.history().len() {
            return WayBack::NotFound;
        }
        for _ in 0..steps {
            if game.undo().is_err() {
                break;
            }
        }
        WayBack::Undone { moves: steps }
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
            assist::Solution::Unwinnable => {
                lock(&self.hint_line).proved_lost(game.state());
                ShowMe { verdict: Verdict::Unwinnable, moves: Vec::new() }
            }
            assist::Solution::Unknown => ShowMe { verdict: Verdict::Unknown, moves: Vec::new() },
        }
    }

    /// The playing time so far, for a clock on screen: cheaper than `status` (no moves looked for).
    pub fn elapsed_ms(&self) -> u64 {
        self.lock().elapsed_ms()
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

fn status_of(game: &core::Game) -> GameStatus {
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
        abandon_counts_as_loss: game.abandon_counts_as_loss(),
    }
}

/// A move from the boundary's numbers; a count past a byte is no move any game has.
fn player_move(mv: PlayerMove) -> Result<core::Move, GameError> {
    let PlayerMove::Transfer { from, count, to } = mv else { return Ok(core::Move::Stock) };
    let count =
        u8::try_from(count).map_err(|_| GameError::IllegalMove { detail: format!("cannot move {count} cards") })?;
    Ok(core::Move::Transfer { from: pile_id(from)?, count, to: pile_id(to)? })
}

fn tapped(outcome: core::TapOutcome) -> Outcome {
    match outcome {
        core::TapOutcome::Played(_) => Outcome::Moved,
        core::TapOutcome::Returned => Outcome::Returned,
        core::TapOutcome::NoMove => Outcome::Unchanged,
    }
}

fn moved(result: Result<(), core::GameError>) -> Result<Outcome, GameError> {
    result.map(|()| Outcome::Moved).map_err(Into::into)
}

/// Plays `action` on `game`; `shown` is the scene a drop's point refers to.
fn play(game: &mut core::Game, action: Action, shown: Option<&Scene>) -> Result<Outcome, GameError> {
    match action {
        Action::Tap { pile, index } => Ok(tapped(game.tap(pile_id(pile)?, index as usize)?)),
        Action::TapPile { pile } => Ok(tapped(game.tap_pile(pile_id(pile)?)?)),
        Action::Drop { pile, index, x, y } => {
            let from = pile_id(pile)?;
            let targets = game.destinations(from, index as usize)?;
            let count = game.state().pile(from).len() - index as usize;
            match shown.and_then(|scene| scene.drop_target(x, y)) {
                Some(to) if targets.contains(&to) => {
                    moved(game.play(core::Move::Transfer { from, count: count as u8, to }))
                }
                // Off every pile it may go to: the cards glide back.
                _ => Ok(Outcome::Unchanged),
            }
        }
        Action::Play { mv } => moved(game.play(player_move(mv)?)),
        Action::Undo => moved(game.undo()),
        Action::Redo => moved(game.redo()),
        Action::Restart => {
            game.restart();
            Ok(Outcome::Moved)
        }
        Action::Assisted { mv } => moved(game.play_assisted(player_move(mv)?)),
        Action::AutoPlay { on } => {
            let before = game.history().len();
            game.set_auto_play(on);
            Ok(if game.history().len() == before { Outcome::Unchanged } else { Outcome::Moved })
        }
        Action::Refresh => Ok(Outcome::Unchanged),
    }
}

/// Why the cards from `index` (a card of `from`) may not go onto `to`; `None` onto their own pile.
fn refusal_of(game: &core::Game, from: core::PileId, index: u32, to: core::PileId) -> Option<Phrase> {
    let count = game.state().pile(from).len() - index as usize;
    let mv = core::Move::Transfer { from, count: count as u8, to };
    (from != to).then(|| core::refusal::refusal(game.state(), mv)).flatten().map(Phrase::from)
}

/// The status and what changed since `shown`, which becomes the scene drawn now.
fn update(game: &core::Game, outcome: Outcome, viewport: &core::layout::Viewport, shown: &mut Option<Scene>) -> Update {
    let scene = Scene::of(game, viewport, shown.as_ref());
    update_to(game, outcome, scene, shown)
}

/// The status and what differs between `shown` and `scene`, which becomes the scene drawn now.
fn update_to(game: &core::Game, outcome: Outcome, scene: Scene, shown: &mut Option<Scene>) -> Update {
    let changes = scene.changes(shown.as_ref());
    let update = Update {
        outcome,
        status: status_of(game),
        full: changes.full,
        card_width: scene.layout.card_width,
        card_height: scene.layout.card_height,
        index_height: scene.layout.index_height,
        index_width: scene.layout.index_height * core::layout::INDEX_WIDTH,
        piles: changes.piles.iter().map(|&i| PileView::of(&scene, i)).collect(),
        cards: changes.cards.iter().map(|&i| CardView::of(&scene, i)).collect(),
    };
    *shown = Some(scene);
    update
}

/// A panic elsewhere cannot poison what these locks guard for good: each write is whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
