//! The heuristic's evaluation: how promising a position (for the beam, `beam.rs`) and a move
//! (for the order moves are tried in, the restarts' jitter and the hint heuristic) look. It
//! orders and chooses; it never prunes, so it changes no verdict of the DFS.

use super::moves::Rules;
use crate::card::Card;
use crate::engine::Move;
use crate::spec::{PileId, PileKind, ReserveRule};
use crate::state::State;

impl Rules {
    /// A position's promise, for the beam search (higher is better): the sum of
    /// `pile_value` over the piles.
    pub(crate) fn evaluate(&self, s: &State, waste_square: i32) -> i32 {
        (0..self.map.len).map(|p| self.pile_value(s, p, waste_square)).sum()
    }

    /// One pile's share of `evaluate`: cards home, cards turned, cards lying on a card that
    /// accepts them, empty piles; cards buried in the waste or parked in the reserve and cells
    /// count against, the waste also by its length squared times `waste_square` (a deep waste
    /// buries its lower cards: `beam.rs` tries several weights).
    pub(crate) fn pile_value(&self, s: &State, p: PileId, waste_square: i32) -> i32 {
        let pile = s.pile(p);
        let len = pile.len() as i32;
        match self.kind(p) {
            PileKind::Tableau => {
                if pile.is_empty() {
                    return 8;
                }
                let mut score = 0;
                let mut previous: Option<Card> = None;
                for &c in pile {
                    if !c.face_up() {
                        score -= 15;
                    } else if previous.is_some_and(|u| self.supports(u, c)) {
                        score += 6;
                    }
                    previous = Some(c);
                }
                score
            }
            PileKind::Foundation => 40 * len,
            PileKind::Cell => -6 * len,
            PileKind::Reserve if self.spec.reserve != Some(ReserveRule::Feeder) => -6 * len,
            PileKind::Waste => -10 * len - waste_square * len * len,
            PileKind::Stock if self.map.waste.is_some() => -6 * len,
            _ => 0,
        }
    }

    /// A move's promise, for ordering (higher first) and for heuristic hints.
    pub(crate) fn score(&self, s: &State, mv: Move) -> i32 {
        let Move::Transfer { from, count, to } = mv else { return 0 };
        let count = usize::from(count);
        let mut score = match self.kind(to) {
            PileKind::Foundation => 100,
            PileKind::Tableau if s.pile(to).is_empty() => 5,
            PileKind::Tableau => 30,
            _ => 2,
        };
        let src = s.pile(from);
        match self.kind(from) {
            PileKind::Tableau if count >= src.len() => score += 40,
            PileKind::Tableau => {
                let below = src[src.len() - count - 1];
                if !below.face_up() {
                    // Turning a card; the more still hidden under it, the sooner.
                    score += 60 + src.iter().take_while(|c| !c.face_up()).count() as i32;
                } else if self.accepts(below, src[src.len() - count]) {
                    score -= 25;
                }
            }
            PileKind::Foundation => score -= 60,
            _ => score += 20,
        }
        score
    }
}
