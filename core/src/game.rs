//! A game in play: the position plus history, redo, taps, auto-play and the playing clock.

use crate::card::Card;
use crate::daily::{daily_deal, Date};
use crate::deal::deal;
use crate::engine::{Effect, Move, Status};
use crate::error::GameError;
use crate::games::GameKind;
use crate::notation::format_move;
use crate::spec::{PileId, PileKind};
use crate::state::State;

/// One entry of the history: a move and everything it changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub mv: Move,
    pub effects: Vec<Effect>,
    /// Made by the auto-play option, not by the player.
    pub auto: bool,
}

/// What a tap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapOutcome {
    Played(Move),
    /// A repeated tap ran out of destinations and sent the card back where it started.
    Returned,
    NoMove,
}

/// Playing time, counted only while the app shows the game and the game is not won.
/// Time comes from the caller (`now_ms` on any monotonic clock), keeping the core pure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    elapsed_ms: u64,
    running: bool,
    last_ms: u64,
}

/// Remembers the last tap so that tapping the same card again tries its next destination.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TapCycle {
    card: u8,
    origin: PileId,
    count: u8,
    targets: Vec<PileId>,
    at: usize,
    history_len: usize,
}

#[derive(Clone, Debug)]
pub struct Game {
    /// The deal number, or none for a game begun from a given position.
    deal: Option<u64>,
    /// The opening position: where restart and full undo lead.
    start: State,
    state: State,
    history: Vec<Step>,
    /// Undone steps, the next to redo last.
    redo: Vec<(Move, bool)>,
    clock: Clock,
    auto_play: bool,
    tap_cycle: Option<TapCycle>,
    stats_recorded: bool,
    /// The date whose daily deal this is.
    daily: Option<Date>,
    /// "Show me" played a move of this attempt: a win then counts as played, not won.
    assisted: bool,
}

impl PartialEq for Game {
    /// Equal when everything a save holds is equal (the tap cycle is a UI convenience).
    fn eq(&self, other: &Game) -> bool {
        self.deal == other.deal
            && self.start == other.start
            && self.state == other.state
            && self.history == other.history
            && self.redo == other.redo
            && self.clock.elapsed_ms == other.clock.elapsed_ms
            && self.auto_play == other.auto_play
            && self.stats_recorded == other.stats_recorded
            && self.daily == other.daily
            && self.assisted == other.assisted
    }
}

impl Game {
    pub fn new(kind: GameKind, deal_number: u64) -> Game {
        let mut game = Game::from_position(deal(kind, deal_number));
        game.deal = Some(deal_number);
        game
    }

    /// The daily deal of `kind` on `date` (the player's local date).
    pub fn new_daily(kind: GameKind, date: Date) -> Game {
        let mut game = Game::new(kind, daily_deal(kind, date));
        game.daily = Some(date);
        game
    }

    /// A game begun from `start` (an analysis position, or a test's), not from a deal.
    pub fn from_position(start: State) -> Game {
        Game {
            deal: None,
            state: start.clone(),
            start,
            history: Vec::new(),
            redo: Vec::new(),
            clock: Clock::default(),
            auto_play: false,
            tap_cycle: None,
            stats_recorded: false,
            daily: None,
            assisted: false,
        }
    }

    pub fn kind(&self) -> GameKind {
        self.state.kind()
    }

    pub fn deal_number(&self) -> Option<u64> {
        self.deal
    }

    pub fn start(&self) -> &State {
        &self.start
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn history(&self) -> &[Step] {
        &self.history
    }

    pub fn redo_stack(&self) -> &[(Move, bool)] {
        &self.redo
    }

    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// Moves the player made on the way to this position (auto-play's moves not counted).
    pub fn moves_made(&self) -> u32 {
        self.history.iter().filter(|s| !s.auto).count() as u32
    }

    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|s| s.mv)
    }

    /// Ids of the cards the last move (with its automatic effects) carried, for marking it.
    pub fn last_moved_cards(&self) -> Vec<u8> {
        let Some(step) = self.history.last() else { return Vec::new() };
        let mut before = self.state.clone();
        let mut moved = Vec::new();
        for &effect in step.effects.iter().rev() {
            if let Effect::Transfer { to, count, .. } = effect {
                let cards = before.pile(to);
                moved.extend(cards[cards.len() - usize::from(count)..].iter().map(|c| c.id()));
            }
            before.undo(&[effect]);
        }
        moved
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn auto_play(&self) -> bool {
        self.auto_play
    }

    pub fn stats_recorded(&self) -> bool {
        self.stats_recorded
    }

    /// Whether giving the game up (a new deal, a restart) counts it as lost (`Store::abandon`),
    /// so the apps ask first: a move was made, and it is neither won nor counted already (a win
    /// undone after it was counted stays a win). Cheap: asked with every update (not `status`,
    /// which looks for a move left).
    pub fn abandon_counts_as_loss(&self) -> bool {
        self.moves_made() > 0 && !self.stats_recorded && !self.state.is_won()
    }

    pub fn daily(&self) -> Option<Date> {
        self.daily
    }

    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// Plays a move of the solver's winning line ("show me"): exactly that move, without
    /// auto-play (the line already holds every move it needs), and the attempt is assisted from
    /// now on, even if the player takes the move back.
    pub fn play_assisted(&mut self, mv: Move) -> Result<(), GameError> {
        self.push(mv, false)?;
        self.redo.clear();
        self.tap_cycle = None;
        self.assisted = true;
        Ok(())
    }

    pub(crate) fn mark_stats_recorded(&mut self) {
        self.stats_recorded = true;
    }

    /// A write that would have counted the game failed.
    pub(crate) fn unmark_stats_recorded(&mut self) {
        self.stats_recorded = false;
    }

    /// Turning auto-play on plays what it can at once; what it plays clears redo, as a move does
    /// (the undone moves may no longer be legal after it).
    pub fn set_auto_play(&mut self, on: bool) {
        self.auto_play = on;
        if on {
            let before = self.history.len();
            self.run_auto_play();
            if self.history.len() > before {
                self.redo.clear();
            }
        }
    }

    /// Plays a player's move, then auto-play if on. Clears redo.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        self.play_step(mv)?;
        self.tap_cycle = None;
        Ok(())
    }

    fn play_step(&mut self, mv: Move) -> Result<(), GameError> {
        self.push(mv, false)?;
        self.redo.clear();
        if self.auto_play {
            self.run_auto_play();
        }
        Ok(())
    }

    pub fn deal_stock(&mut self) -> Result<(), GameError> {
        self.play(Move::Stock)
    }

    fn push(&mut self, mv: Move, auto: bool) -> Result<(), GameError> {
        let mut effects = Vec::new();
        if !self.state.apply(mv, &mut effects) {
            return Err(GameError::IllegalMove(format_move(self.state.map(), mv)));
        }
        self.history.push(Step { mv, effects, auto });
        Ok(())
    }

    /// Takes back the player's last move and the automatic moves that followed it.
    pub fn undo(&mut self) -> Result<(), GameError> {
        if self.history.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        self.tap_cycle = None;
        while let Some(step) = self.history.pop() {
            self.state.undo(&step.effects);
            self.redo.push((step.mv, step.auto));
            if !step.auto {
                break;
            }
        }
        Ok(())
    }

    /// Plays again what the last undo took back.
    pub fn redo(&mut self) -> Result<(), GameError> {
        let Some((mv, auto)) = self.redo.pop() else { return Err(GameError::NothingToRedo) };
        self.tap_cycle = None;
        self.push(mv, auto)?;
        while let Some(&(mv, true)) = self.redo.last() {
            self.redo.pop();
            self.push(mv, true)?;
        }
        Ok(())
    }

    /// Back to the opening deal, history cleared, settings kept. The clock starts again from
    /// nought (still running if it ran): the attempt given up counts on its own (as lost, if a
    /// move was made), so a win after it must not carry its time.
    pub fn restart(&mut self) {
        self.clock.elapsed_ms = 0;
        self.state = self.start.clone();
        self.history.clear();
        self.redo.clear();
        self.tap_cycle = None;
        self.stats_recorded = false;
        self.assisted = false;
        if self.auto_play {
            self.run_auto_play();
        }
    }

    fn check_card(&self, pile: PileId, index: usize) -> Result<Card, GameError> {
        if usize::from(pile) >= self.state.pile_count() {
            return Err(GameError::NoSuchPile(u32::from(pile)));
        }
        self.state
            .pile(pile)
            .get(index)
            .copied()
            .ok_or(GameError::NoSuchCard { pile: u32::from(pile), index: index as u32 })
    }

    /// Every pile the card at `index` of `pile` (with the cards on it) may be dropped on, in
    /// tap order. Empty when the card cannot be picked up.
    pub fn destinations(&self, pile: PileId, index: usize) -> Result<Vec<PileId>, GameError> {
        self.check_card(pile, index)?;
        let count = self.state.pile(pile).len() - index;
        Ok(self.targets(pile, count, false))
    }

    /// Where a tap on the card at `index` of `pile` would send it first, if anywhere.
    pub fn tap_destination(&self, pile: PileId, index: usize) -> Option<PileId> {
        self.check_card(pile, index).ok()?;
        let count = self.state.pile(pile).len() - index;
        self.targets(pile, count, true).first().copied()
    }

    /// Tap order: foundations, then tableau piles the group builds on, then empty tableau
    /// piles, then cells, then the reserve; each left to right. A card tapped on a foundation
    /// tries the tableau before other foundations.
    fn targets(&self, from: PileId, count: usize, skip_null: bool) -> Vec<PileId> {
        let state = &self.state;
        if !state.can_lift(from, count) {
            return Vec::new();
        }
        let from_foundation = state.map().is_foundation(from);
        let rank = |to: PileId| match state.pile_kind(to) {
            Some(PileKind::Foundation) if from_foundation => 5,
            Some(PileKind::Foundation) => 0,
            Some(PileKind::Tableau) if !state.pile(to).is_empty() => 1,
            Some(PileKind::Tableau) => 2,
            Some(PileKind::Cell) => 3,
            _ => 4,
        };
        let mut targets: Vec<PileId> = (0..state.pile_count() as PileId)
            .filter(|&to| state.accepts(from, count, to))
            .filter(|&to| !(skip_null && state.is_null_move(Move::Transfer { from, count: count as u8, to })))
            .collect();
        targets.sort_by_key(|&to| (rank(to), to));
        targets
    }

    /// A tap on `pile` itself, on no card (the gap beside a narrow card, the room below it, an
    /// empty place: `layout::PileFrame::hit`): its top card's tap; on the stock, even empty, the
    /// stock's action; on any other empty pile nothing.
    pub fn tap_pile(&mut self, pile: PileId) -> Result<TapOutcome, GameError> {
        let kind = self.state.pile_kind(pile).ok_or(GameError::NoSuchPile(u32::from(pile)))?;
        match self.state.pile(pile).len().checked_sub(1) {
            Some(top) => self.tap(pile, top),
            None if kind == PileKind::Stock => self.tap(pile, 0),
            None => Ok(TapOutcome::NoMove),
        }
    }

    /// Plays the tapped card (with the cards on it where groups move) to its best destination;
    /// tapping the same card again moves it on to its next destination. Tapping the stock deals.
    pub fn tap(&mut self, pile: PileId, index: usize) -> Result<TapOutcome, GameError> {
        if self.state.pile_kind(pile) == Some(PileKind::Stock) {
            // Any tap on the stock, even on its empty outline, is the stock action.
            return Ok(match self.deal_stock() {
                Ok(()) => TapOutcome::Played(Move::Stock),
                Err(_) => TapOutcome::NoMove,
            });
        }
        let card = self.check_card(pile, index)?;
        if let Some(cycle) = self.tap_cycle.take() {
            let repeated = cycle.card == card.id()
                && cycle.targets.get(cycle.at) == Some(&pile)
                && cycle.history_len == self.history.len();
            if repeated {
                return self.tap_again(cycle);
            }
        }
        let count = self.state.pile(pile).len() - index;
        let targets = self.targets(pile, count, true);
        let Some(&to) = targets.first() else { return Ok(TapOutcome::NoMove) };
        let mv = Move::Transfer { from: pile, count: count as u8, to };
        self.play_step(mv)?;
        self.tap_cycle = Some(TapCycle {
            card: card.id(),
            origin: pile,
            count: count as u8,
            targets,
            at: 0,
            history_len: self.history.len(),
        });
        Ok(TapOutcome::Played(mv))
    }

    fn tap_again(&mut self, mut cycle: TapCycle) -> Result<TapOutcome, GameError> {
        self.undo()?;
        cycle.at += 1;
        let Some(&to) = cycle.targets.get(cycle.at) else { return Ok(TapOutcome::Returned) };
        let mv = Move::Transfer { from: cycle.origin, count: cycle.count, to };
        self.play_step(mv)?;
        cycle.history_len = self.history.len();
        self.tap_cycle = Some(cycle);
        Ok(TapOutcome::Played(mv))
    }

    /// Plays safe cards to the foundations, then finishes the game if its win is certain.
    fn run_auto_play(&mut self) {
        while let Some(mv) = self.state.safe_foundation_move(|pile| self.brought_back(pile)) {
            if self.push(mv, true).is_err() {
                return;
            }
        }
        if let Some(finish) = crate::assist::certain_finish(&self.state) {
            for mv in finish {
                if self.push(mv, true).is_err() {
                    return;
                }
            }
        }
    }

    /// Whether the top card of `pile` was taken off a foundation by the player and has not gone
    /// home since. Auto-play leaves such a card alone: sending it straight back would undo the
    /// player's move, and a win may need it out (Yakutat Bay deal 56's hints, followed, went round
    /// for ever: each played a card back for its child to follow, and auto-play sent it home).
    /// The card is followed back through the history by pile lengths, with no copy of the game.
    fn brought_back(&self, pile: PileId) -> bool {
        let map = self.state.map();
        let mut lengths: Vec<usize> =
            (0..self.state.pile_count()).map(|p| self.state.pile(p as PileId).len()).collect();
        let Some(mut index) = lengths[usize::from(pile)].checked_sub(1) else { return false };
        let mut pile = pile;
        for step in self.history.iter().rev() {
            for &effect in step.effects.iter().rev() {
                let Effect::Transfer { from, to, count } = effect else { continue };
                let count = usize::from(count);
                lengths[usize::from(to)] -= count;
                lengths[usize::from(from)] += count;
                let below = lengths[usize::from(to)];
                if pile == to && index >= below {
                    if map.is_foundation(from) {
                        return true;
                    }
                    index = lengths[usize::from(from)] - count + (index - below);
                    pile = from;
                }
            }
        }
        false
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.clock.elapsed_ms
    }

    /// Counts the time since the last call, if the clock runs and the game is not won.
    pub fn touch(&mut self, now_ms: u64) {
        if self.clock.running && !self.state.is_won() {
            // Saturating: a save may hold any count, and wrapping would make a long game quick.
            self.clock.elapsed_ms = self.clock.elapsed_ms.saturating_add(now_ms.saturating_sub(self.clock.last_ms));
        }
        self.clock.last_ms = now_ms;
    }

    /// The game is on screen: time counts from `now_ms`.
    pub fn resume(&mut self, now_ms: u64) {
        self.clock.last_ms = now_ms;
        self.clock.running = true;
    }

    /// The game left the screen: time stops.
    pub fn pause(&mut self, now_ms: u64) {
        self.touch(now_ms);
        self.clock.running = false;
    }

    /// Rebuilds a game from its saved parts; `save.rs` validates them.
    pub(crate) fn from_parts(parts: SavedParts) -> Game {
        Game {
            deal: parts.deal,
            start: parts.start,
            state: parts.state,
            history: parts.history,
            redo: parts.redo,
            clock: Clock { elapsed_ms: parts.elapsed_ms, running: false, last_ms: 0 },
            auto_play: parts.auto_play,
            tap_cycle: None,
            stats_recorded: parts.stats_recorded,
            daily: parts.daily,
            assisted: parts.assisted,
        }
    }
}

/// Everything a save holds, checked by `save.rs` before it becomes a `Game`.
pub(crate) struct SavedParts {
    pub deal: Option<u64>,
    pub start: State,
    pub state: State,
    pub history: Vec<Step>,
    pub redo: Vec<(Move, bool)>,
    pub elapsed_ms: u64,
    pub auto_play: bool,
    pub stats_recorded: bool,
    pub daily: Option<Date>,
    pub assisted: bool,
}

impl State {
    /// A card auto-play may send to a foundation: one no tableau card could still need to be
    /// built on (every card the tableau rule would place on it is already on a foundation),
    /// unless `left_alone` says so of the pile it tops.
    pub fn safe_foundation_move(&self, left_alone: impl Fn(PileId) -> bool) -> Option<Move> {
        let map = *self.map();
        let spec = self.spec();
        if !spec.foundations.iter().any(|r| r.gives_back()) {
            return None;
        }
        let on_foundations = self.foundation_ids();
        let sources = map.tableau().chain(map.cells()).chain(map.reserve).chain(map.waste);
        for from in sources {
            let Some(card) = self.top(from).filter(|_| self.can_lift(from, 1)) else { continue };
            let needed = (0..spec.card_count() as u8)
                .map(Card::from_id)
                .any(|d| spec.tableau.build.accepts(card, d) && !on_foundations[usize::from(d.id())]);
            if needed || left_alone(from) {
                continue;
            }
            if let Some(to) = map.foundations().find(|&to| self.accepts(from, 1, to)) {
                return Some(Move::Transfer { from, count: 1, to });
            }
        }
        None
    }

    fn foundation_ids(&self) -> [bool; 104] {
        let mut on = [false; 104];
        for pile in self.map().foundations() {
            for card in self.pile(pile) {
                on[usize::from(card.id())] = true;
            }
        }
        on
    }
}
