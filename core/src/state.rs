//! A position: every pile of one game and the cards on it, bottom to top.

use crate::card::Card;
use crate::games::GameKind;
use crate::spec::{GameSpec, PileId, PileKind, PileMap};

#[derive(PartialEq, Eq, Hash, Debug)]
pub struct State {
    kind: GameKind,
    map: PileMap,
    piles: Vec<Vec<Card>>,
}

/// By hand for `clone_from`, which keeps the piles' allocations: the beam search recycles the
/// positions of one level for the next.
impl Clone for State {
    fn clone(&self) -> State {
        State { kind: self.kind, map: self.map, piles: self.piles.clone() }
    }

    fn clone_from(&mut self, source: &State) {
        self.kind = source.kind;
        self.map = source.map;
        self.piles.clone_from(&source.piles);
    }
}

impl State {
    /// An empty table for `kind`.
    pub fn empty(kind: GameKind) -> State {
        let map = kind.spec().piles();
        State { kind, map, piles: vec![Vec::new(); usize::from(map.len)] }
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    pub fn spec(&self) -> &'static GameSpec {
        self.kind.spec()
    }

    pub fn map(&self) -> &PileMap {
        &self.map
    }

    pub fn pile_count(&self) -> usize {
        self.piles.len()
    }

    pub fn piles(&self) -> &[Vec<Card>] {
        &self.piles
    }

    /// The cards of `pile`, bottom to top; empty for an unknown pile.
    pub fn pile(&self, pile: PileId) -> &[Card] {
        self.piles.get(usize::from(pile)).map_or(&[], Vec::as_slice)
    }

    pub(crate) fn pile_mut(&mut self, pile: PileId) -> &mut Vec<Card> {
        &mut self.piles[usize::from(pile)]
    }

    pub fn top(&self, pile: PileId) -> Option<Card> {
        self.pile(pile).last().copied()
    }

    pub fn pile_kind(&self, pile: PileId) -> Option<PileKind> {
        self.map.kind(pile).map(|(kind, _)| kind)
    }

    /// How many cards at the top of `pile` are face up.
    pub fn face_up_count(&self, pile: PileId) -> usize {
        self.pile(pile).iter().rev().take_while(|c| c.face_up()).count()
    }

    pub fn cards_outside_foundations(&self) -> usize {
        (0..self.map.len).filter(|&p| !self.map.is_foundation(p)).map(|p| self.pile(p).len()).sum()
    }

    pub fn card_count(&self) -> usize {
        self.piles.iter().map(Vec::len).sum()
    }

    /// Moves the top `count` cards of `from` onto `to`, keeping their order and faces.
    pub(crate) fn transfer(&mut self, from: PileId, to: PileId, count: usize) {
        let (f, t) = (usize::from(from), usize::from(to));
        debug_assert_ne!(f, t);
        let (source, target) = if f < t {
            let (low, high) = self.piles.split_at_mut(t);
            (&mut low[f], &mut high[0])
        } else {
            let (low, high) = self.piles.split_at_mut(f);
            (&mut high[0], &mut low[t])
        };
        let start = source.len() - count;
        target.extend_from_slice(&source[start..]);
        source.truncate(start);
    }

    /// Gives each card's copies decks 0, 1, … in the order they are met, piles in order,
    /// bottom to top (the notation's reading order).
    pub(crate) fn number_copies_in_order(&mut self) {
        let mut seen = [0u8; 52];
        for card in self.piles.iter_mut().flatten() {
            let copy = &mut seen[usize::from(card.id() % 52)];
            *card = Card::new(*copy, card.suit(), card.rank()).with_face_up(card.face_up());
            *copy += 1;
        }
    }

    pub(crate) fn flip_top(&mut self, pile: PileId) {
        if let Some(top) = self.piles[usize::from(pile)].last_mut() {
            *top = top.flipped();
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::deal::deal;
    use crate::games::GameKind;

    /// `clone_from` (hand-written, to keep allocations) copies everything, whatever the
    /// target held before: another game, other pile counts.
    #[test]
    fn clone_from_makes_an_equal_state() {
        for (a, b) in [(GameKind::Chequers, GameKind::HowTheyRun), (GameKind::HowTheyRun, GameKind::Zerline)] {
            let source = deal(b, 3);
            let mut target = deal(a, 5);
            target.clone_from(&source);
            assert_eq!(target, source);
            assert_eq!(source.clone(), source);
        }
    }
}
