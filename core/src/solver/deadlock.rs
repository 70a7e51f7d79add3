//! Static deadlock detection: a proof, from where the face-down cards lie, that a position can
//! never be won, found without searching it.
//!
//! A tableau pile's *chain* is its lowest face-up card followed by its face-down cards, top to
//! bottom: `c0, c1, …, ck`. In any winning line every chain card leaves its pile (all cards end
//! on the foundations), in that order, and when `ci` leaves, `ci+1 … ck` are still face down
//! beneath it, so `ci` leaves as the bottom of what moves. It goes onto a card that accepts it
//! (face up at that moment), onto an empty tableau pile that accepts it, onto a foundation
//! (whose predecessors must all have been face up before), or alone into a free cell or the
//! reserve. A card initially at `c'j` (j ≥ 1) of another pile is face up only after `c'j-1`
//! left; one below `ci` in its own pile is still face down. A cell is free only once its first
//! card left it, by the same kinds of move.
//!
//! So relax the game: call an item (a chain card, or a cell's card) *free to leave* when one of
//! its ways out needs only cards that are face up, or that items already free to leave uncover.
//! Every item that leaves in a winning line does so after the items its way out needed, so by
//! induction on the time they leave, all of them are in the least set closed under that rule.
//! If some chain card or cell card is not, no line wins: the position is dead. Empty piles are
//! assumed to be available whenever needed (looser rules, so still sound).

use super::moves::{face, Rules};
use crate::card::{Card, KING};
use crate::spec::{Direction, EmptyRule, FoundationRule, GameSpec, ReserveRule};
use crate::state::State;

/// Where a card lies, for availability.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Face up, on a foundation, or not in the position: available whenever needed.
    Free,
    /// Chain card `index` of tableau pile `pile` (index 0 is the lowest face-up card).
    Chain { pile: u8, index: u8 },
    /// The card first in cell `cell`.
    Cell,
}

/// Whether the relaxation can apply at all: some tableau pile can hold face-down cards and an
/// empty pile does not take every card (else any chain card could always leave).
pub(crate) fn applies(spec: &GameSpec) -> bool {
    spec.deal.tableau.iter().any(|d| d.down > 0) && spec.tableau.empty != EmptyRule::AnyCard
}

/// True when `s` is proved unwinnable by the relaxation above.
pub(crate) fn dead(rules: &Rules, s: &State) -> bool {
    let map = s.map();
    let mut place = [Place::Free; 104];
    // Item numbers: chain cards pile by pile, then cells. `first[p]` is pile p's first item.
    let mut first = [0usize; 32];
    let mut items: Vec<Card> = Vec::new();
    let mut item_place: Vec<Place> = Vec::new();
    for p in map.tableau() {
        let pile = s.pile(p);
        let hidden = pile.iter().take_while(|c| !c.face_up()).count();
        if hidden == 0 {
            continue;
        }
        first[usize::from(p)] = items.len();
        for (index, &card) in pile[..=hidden.min(pile.len() - 1)].iter().rev().enumerate() {
            let at = Place::Chain { pile: p, index: index as u8 };
            if index > 0 {
                place[usize::from(card.id())] = at;
            }
            items.push(card);
            item_place.push(at);
        }
    }
    if items.is_empty() {
        return false;
    }
    for c in map.cells() {
        if let Some(&card) = s.pile(c).first() {
            place[usize::from(card.id())] = Place::Cell;
            items.push(card);
            item_place.push(Place::Cell);
        }
    }
    let empty_cell_at_start = map.cells().any(|c| s.pile(c).is_empty());
    let reserve_holds = matches!(s.spec().reserve, Some(ReserveRule::Holding { .. }));

    let mut out = vec![false; items.len()];
    loop {
        let mut changed = false;
        for i in 0..items.len() {
            if out[i] {
                continue;
            }
            let own = item_place[i];
            // A chain card is uncovered only after the one above it left.
            if let Place::Chain { index, .. } = own {
                if index > 0 && !out[i - 1] {
                    continue;
                }
            }
            let leaves = |card: Card| -> bool {
                let available = |face_value: usize| {
                    (0..s.spec().decks).any(|deck| {
                        let id = deck as usize * 52 + face_value;
                        match place[id] {
                            Place::Free => true,
                            Place::Cell => true,
                            Place::Chain { pile, index } => match own {
                                Place::Chain { pile: p, index: j } if p == pile => index < j,
                                _ => out[first[usize::from(pile)] + usize::from(index) - 1],
                            },
                        }
                    })
                };
                let onto_card = rules.unders_of(face(card)).iter().any(|&u| available(usize::from(u)));
                let onto_empty = match s.spec().tableau.empty {
                    EmptyRule::AnyCard => true,
                    EmptyRule::OnlyRank(rank) => card.rank() == rank,
                };
                let own_is_chain = matches!(own, Place::Chain { .. });
                let into_cell = own_is_chain
                    && (empty_cell_at_start || (0..items.len()).any(|k| item_place[k] == Place::Cell && out[k]));
                let into_reserve = own_is_chain && reserve_holds;
                let home = s.spec().foundations.iter().any(|rule| match *rule {
                    FoundationRule::CompleteRun => own_is_chain && card.rank() == KING,
                    FoundationRule::Build { base, direction, wrap, .. } => {
                        predecessors(card, base, direction, wrap).is_some_and(|mut ps| ps.all(available))
                    }
                });
                onto_card || onto_empty || into_cell || into_reserve || home
            };
            if leaves(items[i]) {
                out[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.iter().any(|&o| !o)
}

/// The face values that must be on a foundation built from `base` in `direction` before
/// `card` can go there; `None` if `card` never can.
fn predecessors(card: Card, base: u8, direction: Direction, wrap: bool) -> Option<impl Iterator<Item = usize>> {
    let suit = face(card) / 13 * 13;
    let step = |rank: u8| -> Option<u8> {
        match direction {
            Direction::Up if rank > 1 => Some(rank - 1),
            Direction::Up if wrap => Some(KING),
            Direction::Down if rank < KING => Some(rank + 1),
            Direction::Down if wrap => Some(1),
            _ => None,
        }
    };
    let mut chain = Vec::new();
    let mut rank = card.rank();
    while rank != base {
        rank = step(rank)?;
        chain.push(suit + usize::from(rank) - 1);
        if chain.len() > 13 {
            return None;
        }
    }
    Some(chain.into_iter())
}
