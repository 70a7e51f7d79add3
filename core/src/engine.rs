//! The one engine: which cards may move where, and what a move does, for any `GameSpec`.
//!
//! A move is recorded as the list of primitive `Effect`s it caused (the hand move itself, then
//! its automatic consequences: G-2 turning, DN-8/HR-8 complete runs, CH-6 reserve fill), so one
//! undo reverses exactly what one move did, whatever the game.

use crate::card::{Card, ACE, KING};
use crate::spec::*;
use crate::state::State;

/// A player's action. `count` cards leave the top of `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Transfer { from: PileId, count: u8, to: PileId },
    Stock,
}

/// One primitive change to a `State`; undone by running it backwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Transfer { from: PileId, to: PileId, count: u8 },
    Flip(PileId),
}

impl Effect {
    /// The piles it changes (a flip's one, twice).
    pub fn piles(self) -> [PileId; 2] {
        match self {
            Effect::Transfer { from, to, .. } => [from, to],
            Effect::Flip(pile) => [pile, pile],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// G-4.
    Won,
    /// G-5: stock empty and no move left that changes anything.
    Lost,
}

/// The cards of a suit: a complete run, a full foundation.
pub(crate) const SUIT_RUN: usize = 13;

impl State {
    /// Whether the top `count` cards of `pile` may be picked up together (G-1, and each game's
    /// move unit).
    pub fn can_lift(&self, pile: PileId, count: usize) -> bool {
        let cards = self.pile(pile);
        if count == 0 || count > cards.len() {
            return false;
        }
        let spec = self.spec();
        let allowed = match self.map().kind(pile) {
            Some((PileKind::Tableau, _)) => count == 1 || spec.tableau.unit == MoveUnit::Group,
            Some((PileKind::Foundation, i)) => count == 1 && spec.foundations[usize::from(i)].gives_back(),
            Some((PileKind::Cell | PileKind::Reserve | PileKind::Waste, _)) => count == 1,
            Some((PileKind::Stock, _)) | None => false,
        };
        allowed && cards[cards.len() - count..].iter().all(|c| c.face_up())
    }

    /// How many cards could be lifted from `pile` at most.
    pub fn max_lift(&self, pile: PileId) -> usize {
        match self.pile_kind(pile) {
            Some(PileKind::Tableau) if self.spec().tableau.unit == MoveUnit::Group => self.face_up_count(pile),
            _ => usize::from(self.can_lift(pile, 1)),
        }
    }

    /// Whether `to` accepts the top `count` cards of `from` (assumed liftable).
    pub fn accepts(&self, from: PileId, count: usize, to: PileId) -> bool {
        if from == to {
            return false;
        }
        let source = self.pile(from);
        let Some(&bottom) = source.len().checked_sub(count).and_then(|i| source.get(i)) else {
            return false;
        };
        let from_kind = self.pile_kind(from);
        let spec = self.spec();
        let target = self.pile(to);
        match self.map().kind(to) {
            Some((PileKind::Tableau, _)) => match target.last() {
                None => match spec.tableau.empty {
                    EmptyRule::AnyCard => true,
                    EmptyRule::OnlyRank(rank) => bottom.rank() == rank,
                },
                Some(&top) => spec.tableau.build.accepts(top, bottom),
            },
            Some((PileKind::Foundation, i)) => match spec.foundations[usize::from(i)] {
                FoundationRule::CompleteRun => {
                    from_kind == Some(PileKind::Tableau)
                        && target.is_empty()
                        && is_complete_run(&source[source.len() - count..])
                }
                rule @ FoundationRule::Build { base, direction, wrap, one_per_suit } => {
                    count == 1
                        && match target.last() {
                            None => bottom.rank() == base && !(one_per_suit && self.suit_started(rule, to, bottom)),
                            Some(&top) => {
                                target.len() < SUIT_RUN
                                    && Build { suit: SuitRule::Same, direction, wrap }.accepts(top, bottom)
                            }
                        }
                }
            },
            Some((PileKind::Cell, _)) => from_kind == Some(PileKind::Tableau) && count == 1 && target.is_empty(),
            Some((PileKind::Reserve, _)) => match spec.reserve {
                Some(ReserveRule::Holding { capacity }) => {
                    from_kind == Some(PileKind::Tableau) && count == 1 && target.len() < usize::from(capacity)
                }
                _ => false,
            },
            Some((PileKind::Stock | PileKind::Waste, _)) | None => false,
        }
    }

    /// Whether another foundation of the same rule already holds `card`'s suit (CH-3).
    fn suit_started(&self, rule: FoundationRule, except: PileId, card: Card) -> bool {
        let spec = self.spec();
        self.map().foundations().zip(spec.foundations).any(|(pile, &other)| {
            pile != except && other == rule && self.pile(pile).first().is_some_and(|c| c.suit() == card.suit())
        })
    }

    pub fn can_deal(&self) -> bool {
        self.map().stock.is_some_and(|stock| !self.pile(stock).is_empty())
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Stock => self.can_deal(),
            Move::Transfer { from, count, to } => {
                usize::from(from) < self.pile_count()
                    && usize::from(to) < self.pile_count()
                    && self.can_lift(from, usize::from(count))
                    && self.accepts(from, usize::from(count), to)
            }
        }
    }

    /// Every legal move, appended to `out`, grouped by target pile in pile order; the stock
    /// action last. The order is fixed (deterministic) but otherwise carries no meaning.
    ///
    /// Rather than trying every group on every pile, each target names the cards it could take
    /// (by its build rule) and looks up where they lie; `can_lift` and `accepts` stay the one
    /// judge of legality, so this is exactly the set `is_legal` accepts (a property test checks).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let n = self.pile_count() as PileId;
        let spec = self.spec();
        let decks = spec.decks;
        // Where each card lies, by id: (pile, index in pile).
        let mut at = [(PileId::MAX, 0u8); 104];
        for pile in 0..n {
            for (i, card) in self.pile(pile).iter().enumerate() {
                at[usize::from(card.id())] = (pile, i as u8);
            }
        }
        // Any count up to `lift[pile]` can be lifted, none above (see `max_lift`).
        let mut lift = [0u8; 256];
        for pile in 0..n {
            lift[usize::from(pile)] = self.max_lift(pile) as u8;
        }
        let offer = |from: PileId, count: usize, to: PileId, out: &mut Vec<Move>| {
            if from != to && count <= usize::from(lift[usize::from(from)]) && self.accepts(from, count, to) {
                out.push(Move::Transfer { from, count: count as u8, to });
            }
        };
        // Every copy of a face value, wherever it lies, moved with the cards on it.
        let offer_face = |face: u8, to: PileId, out: &mut Vec<Move>| {
            for deck in 0..decks {
                let (from, index) = at[usize::from(deck * 52 + face)];
                if from != PileId::MAX {
                    offer(from, self.pile(from).len() - usize::from(index), to, out);
                }
            }
        };
        for to in 0..n {
            let target = self.pile(to);
            match self.map().kind(to) {
                Some((PileKind::Tableau, _)) => match target.last() {
                    Some(&top) => {
                        for face in faces_onto(spec.tableau.build, top) {
                            offer_face(face, to, out);
                        }
                    }
                    None => {
                        for from in 0..n {
                            for count in 1..=usize::from(lift[usize::from(from)]) {
                                offer(from, count, to, out);
                            }
                        }
                    }
                },
                Some((PileKind::Foundation, i)) => match spec.foundations[usize::from(i)] {
                    FoundationRule::CompleteRun => {
                        for from in self.map().tableau() {
                            offer(from, SUIT_RUN, to, out);
                        }
                    }
                    FoundationRule::Build { base, direction, wrap, .. } => match target.last() {
                        None => {
                            for suit in 0..4 {
                                offer_face(suit * 13 + base - 1, to, out);
                            }
                        }
                        Some(&top) => {
                            let build = Build { suit: SuitRule::Same, direction, wrap };
                            for face in faces_onto(build, top) {
                                offer_face(face, to, out);
                            }
                        }
                    },
                },
                Some((PileKind::Cell | PileKind::Reserve, _)) => {
                    for from in self.map().tableau() {
                        offer(from, 1, to, out);
                    }
                }
                _ => {}
            }
        }
        if self.can_deal() {
            out.push(Move::Stock);
        }
    }

    pub fn legal_move_list(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// A move that leaves the position the same but for which pile is which: a whole pile onto
    /// an empty pile of the same kind. Legal, but never progress (not counted by G-5 or hints).
    /// Not so while a stock still deals to the tableau by position (DN-6): there the piles'
    /// places decide where the next cards land.
    pub fn is_null_move(&self, mv: Move) -> bool {
        match mv {
            Move::Stock => false,
            Move::Transfer { from, count, to } => {
                usize::from(count) == self.pile(from).len()
                    && self.pile(to).is_empty()
                    && self.pile_kind(from) == self.pile_kind(to)
                    && !(self.map().is_tableau(from)
                        && self.spec().stock == Some(StockRule::DealToTableau)
                        && self.can_deal())
            }
        }
    }

    /// Plays `mv` and its automatic effects, appending what changed to `effects`.
    /// The caller has checked `is_legal`.
    pub fn apply_unchecked(&mut self, mv: Move, effects: &mut Vec<Effect>) {
        let source = match mv {
            Move::Transfer { from, count, to } => {
                self.record_transfer(from, to, count, effects);
                Some(from)
            }
            Move::Stock => {
                self.deal_stock(effects);
                None
            }
        };
        if let Some(from) = source {
            self.turn_up_top(from, effects);
        }
        self.send_complete_runs(effects);
        self.fill_from_reserve(effects);
    }

    /// Plays `mv` if legal; returns whether it was.
    pub fn apply(&mut self, mv: Move, effects: &mut Vec<Effect>) -> bool {
        let legal = self.is_legal(mv);
        if legal {
            self.apply_unchecked(mv, effects);
        }
        legal
    }

    /// Reverses `effects`, as recorded by `apply` for one move.
    pub fn undo(&mut self, effects: &[Effect]) {
        for &effect in effects.iter().rev() {
            match effect {
                Effect::Transfer { from, to, count } => self.transfer(to, from, usize::from(count)),
                Effect::Flip(pile) => self.flip_top(pile),
            }
        }
    }

    fn record_transfer(&mut self, from: PileId, to: PileId, count: u8, effects: &mut Vec<Effect>) {
        self.transfer(from, to, usize::from(count));
        effects.push(Effect::Transfer { from, to, count });
    }

    fn record_flip(&mut self, pile: PileId, effects: &mut Vec<Effect>) {
        self.flip_top(pile);
        effects.push(Effect::Flip(pile));
    }

    /// DN-6 and ZE-7.
    fn deal_stock(&mut self, effects: &mut Vec<Effect>) {
        let map = *self.map();
        let Some(stock) = map.stock else { return };
        let targets: &mut dyn Iterator<Item = PileId> = match (self.spec().stock, map.waste) {
            (Some(StockRule::ToWaste), Some(waste)) => &mut std::iter::once(waste),
            _ => &mut map.tableau(),
        };
        for to in targets {
            if self.pile(stock).is_empty() {
                break;
            }
            self.record_transfer(stock, to, 1, effects);
            self.record_flip(to, effects);
        }
    }

    /// G-2 for tableau piles, and CH-7's "the next reserve card turns face up".
    fn turn_up_top(&mut self, pile: PileId, effects: &mut Vec<Effect>) {
        let turns = match self.pile_kind(pile) {
            Some(PileKind::Tableau) => true,
            Some(PileKind::Reserve) => self.spec().reserve == Some(ReserveRule::Feeder),
            _ => false,
        };
        if turns && self.top(pile).is_some_and(|c| !c.face_up()) {
            self.record_flip(pile, effects);
        }
    }

    /// DN-8 and HR-8: complete runs go to the foundations as part of the move that formed them.
    fn send_complete_runs(&mut self, effects: &mut Vec<Effect>) {
        let map = *self.map();
        let spec = self.spec();
        let run_foundations =
            || map.foundations().zip(spec.foundations).filter(|(_, r)| **r == FoundationRule::CompleteRun);
        if run_foundations().next().is_none() {
            return;
        }
        for pile in map.tableau() {
            let cards = self.pile(pile);
            if cards.len() < SUIT_RUN || !is_complete_run(&cards[cards.len() - SUIT_RUN..]) {
                continue;
            }
            let Some((to, _)) = run_foundations().find(|&(f, _)| self.pile(f).is_empty()) else { continue };
            self.record_transfer(pile, to, SUIT_RUN as u8, effects);
            self.turn_up_top(pile, effects);
        }
    }

    /// CH-6: an emptied tableau pile takes the reserve's top card at once.
    fn fill_from_reserve(&mut self, effects: &mut Vec<Effect>) {
        let map = *self.map();
        let (Some(ReserveRule::Feeder), Some(reserve)) = (self.spec().reserve, map.reserve) else { return };
        for pile in map.tableau() {
            if self.pile(reserve).is_empty() {
                break;
            }
            if self.pile(pile).is_empty() {
                self.record_transfer(reserve, pile, 1, effects);
                self.turn_up_top(reserve, effects);
            }
        }
    }

    pub fn is_won(&self) -> bool {
        self.cards_outside_foundations() == 0
    }

    /// Whether any legal move would change the position (the stock action counts).
    pub fn has_progress_move(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().any(|mv| !self.is_null_move(mv))
    }

    pub fn status(&self) -> Status {
        if self.is_won() {
            Status::Won
        } else if self.has_progress_move() {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}

/// The face values (`suit * 13 + rank - 1`) that `build` may place on `under`: a superset
/// that `Build::accepts` then confirms.
fn faces_onto(build: Build, under: Card) -> impl Iterator<Item = u8> {
    let rank = under.rank();
    let lower = if rank > ACE { Some(rank - 1) } else { build.wrap.then_some(KING) };
    let higher = if rank < KING { Some(rank + 1) } else { build.wrap.then_some(ACE) };
    let (down, up) = match build.direction {
        Direction::Down => (lower, None),
        Direction::Up => (None, higher),
        Direction::UpOrDown => (lower, higher),
    };
    let suit = under.suit() as u8;
    let red = under.is_red();
    let suits = (0..4u8).filter(move |&s| match build.suit {
        SuitRule::Same => s == suit,
        SuitRule::AlternateColour => crate::card::Suit::ALL[usize::from(s)].is_red() != red,
        SuitRule::Any => true,
    });
    suits.flat_map(move |s| down.into_iter().chain(up).map(move |r| s * 13 + r - 1))
}

/// King at the bottom down to Ace on top, one suit, all face up (DN-7, HR-7).
pub fn is_complete_run(cards: &[Card]) -> bool {
    cards.len() == SUIT_RUN
        && cards[0].rank() == KING
        && cards[SUIT_RUN - 1].rank() == ACE
        && cards.iter().all(|c| c.face_up() && c.suit() == cards[0].suit())
        && cards.windows(2).all(|w| w[1].rank() + 1 == w[0].rank())
}
