//! Why a move is refused, in the player's words: the rule it breaks ("Can't put the seven of
//! clubs on the queen of hearts.", "No room: the cell 1 is full."), so that a player learning a
//! game hears the rule instead of "illegal". The engine (`can_lift`, `accepts`) stays the one
//! judge of legality; this only names, for a move it refused, the first rule that stands in
//! the way, in the order a player meets them: the cards taken, then where they go.

use crate::describe::{self, Arg, Form, Phrase};
use crate::engine::{Move, SUIT_RUN};
use crate::spec::{EmptyRule, FoundationRule, MoveUnit, PileId, PileKind, ReserveRule};
use crate::state::State;

/// Why `mv` is refused, or `None` when it is legal.
pub fn refusal(state: &State, mv: Move) -> Option<Phrase> {
    if state.is_legal(mv) {
        return None;
    }
    let Move::Transfer { from, count, to } = mv else {
        let stock = state.map().stock.is_some();
        return Some(if stock { Phrase::new("refused_stock_empty", vec![]) } else { not_allowed() });
    };
    Some(why_not(state, from, usize::from(count), to))
}

/// Why nothing at all can go from `from` to `to` (a move typed without a count: "t3 t5"), or
/// `None` when some number of cards can. Where groups move, "nothing on the pile goes there"
/// rather than the top card's reason alone.
pub fn refusal_of_any(state: &State, from: PileId, to: PileId) -> Option<Phrase> {
    let piles = state.pile_count();
    if usize::from(from) >= piles || usize::from(to) >= piles {
        return Some(not_allowed());
    }
    let lifts = state.pile(from).len().max(1);
    if (1..=lifts).any(|count| state.is_legal(Move::Transfer { from, count: count as u8, to })) {
        return None;
    }
    let top_only = why_not(state, from, 1, to);
    // Groups go only onto tableau piles: onto a foundation, the top card's reason is the one.
    let groups = state.pile_kind(from) == Some(PileKind::Tableau)
        && state.pile_kind(to) == Some(PileKind::Tableau)
        && state.spec().tableau.unit == MoveUnit::Group
        && state.face_up_count(from) > 1;
    Some(match (top_only.key, state.top(to)) {
        ("refused_not_on", Some(top)) if groups => {
            Phrase::new("refused_none_on", vec![pile(state, from), describe::card(top)])
        }
        _ => top_only,
    })
}

/// "That move is not allowed.": for a move refused where no rule can be named.
pub fn not_allowed() -> Phrase {
    Phrase::new("refused_not_allowed", vec![])
}

fn why_not(state: &State, from: PileId, count: usize, to: PileId) -> Phrase {
    let (Some((from_kind, from_index)), Some((to_kind, to_index))) = (state.map().kind(from), state.map().kind(to))
    else {
        return not_allowed();
    };
    let spec = state.spec();
    let cards = state.pile(from);
    let target = state.pile(to);
    if from == to {
        // Counted: where single cards move, "Those cards" was said of one.
        return Phrase::new("refused_same_pile", vec![Arg::Number(count as u32)]);
    }
    if cards.is_empty() {
        return Phrase::new("refused_nothing_there", vec![pile(state, from)]);
    }
    match from_kind {
        // The stock's cards come out by its own action only.
        PileKind::Stock => return not_allowed(),
        PileKind::Foundation if !spec.foundations[usize::from(from_index)].gives_back() => {
            return Phrase::new("refused_stays", vec![pile(state, from)]);
        }
        _ => {}
    }
    if count == 0 {
        return not_allowed();
    }
    if count > 1 && (from_kind != PileKind::Tableau || spec.tableau.unit == MoveUnit::Single) {
        return Phrase::new("refused_one_card", vec![]);
    }
    if count > cards.len() {
        return Phrase::new("refused_too_many", vec![Arg::Number(cards.len() as u32), pile(state, from)]);
    }
    let face_up = state.face_up_count(from);
    if count > face_up {
        return Phrase::new("refused_face_up_only", vec![Arg::Number(face_up as u32), pile(state, from)]);
    }
    let bottom = cards[cards.len() - count];
    let not_on = |top| Phrase::new("refused_not_on", vec![describe::card(bottom), describe::card(top)]);
    let from_tableau = from_kind == PileKind::Tableau;
    let one_at_a_time = match to_kind {
        PileKind::Cell | PileKind::Reserve => true,
        PileKind::Foundation => spec.foundations[usize::from(to_index)] != FoundationRule::CompleteRun,
        _ => false,
    };
    if count > 1 && one_at_a_time {
        return Phrase::new("refused_one_card", vec![]);
    }
    match to_kind {
        PileKind::Stock | PileKind::Waste => Phrase::new("refused_nothing_onto", vec![pile(state, to)]),
        PileKind::Reserve => match spec.reserve {
            Some(ReserveRule::Holding { .. }) if !from_tableau => {
                Phrase::new("refused_only_from_tableau", vec![pile(state, to)])
            }
            Some(ReserveRule::Holding { .. }) => Phrase::new("refused_full", vec![pile(state, to)]),
            _ => Phrase::new("refused_nothing_onto", vec![pile(state, to)]),
        },
        PileKind::Cell if !from_tableau => Phrase::new("refused_only_from_tableau", vec![pile(state, to)]),
        PileKind::Cell => Phrase::new("refused_full", vec![pile(state, to)]),
        PileKind::Foundation => match spec.foundations[usize::from(to_index)] {
            FoundationRule::CompleteRun if !from_tableau => {
                Phrase::new("refused_only_from_tableau", vec![pile(state, to)])
            }
            FoundationRule::CompleteRun if !target.is_empty() => Phrase::new("refused_full", vec![pile(state, to)]),
            FoundationRule::CompleteRun => Phrase::new("refused_whole_suit_only", vec![]),
            FoundationRule::Build { base, one_per_suit, .. } => match target.last() {
                None if bottom.rank() != base => {
                    Phrase::new("refused_empty_foundation_takes", vec![Arg::Word(describe::rank_key(base, Form::A))])
                }
                None if one_per_suit => Phrase::new("refused_suit_started", vec![]),
                None => not_allowed(),
                Some(_) if target.len() >= SUIT_RUN => Phrase::new("refused_full", vec![pile(state, to)]),
                Some(&top) => not_on(top),
            },
        },
        PileKind::Tableau => match (target.last(), spec.tableau.empty) {
            (Some(&top), _) => not_on(top),
            (None, EmptyRule::OnlyRank(rank)) if bottom.rank() != rank => {
                Phrase::new("refused_empty_pile_takes", vec![Arg::Word(describe::rank_key(rank, Form::A))])
            }
            (None, _) => not_allowed(),
        },
    }
}

fn pile(state: &State, id: PileId) -> Arg {
    describe::pile_of(state, id, Form::The)
}

/// Every key `refusal` may give.
pub const KEYS: [&str; 17] = [
    "refused_stock_empty",
    "refused_not_allowed",
    "refused_none_on",
    "refused_same_pile",
    "refused_nothing_there",
    "refused_stays",
    "refused_one_card",
    "refused_face_up_only",
    "refused_too_many",
    "refused_not_on",
    "refused_nothing_onto",
    "refused_only_from_tableau",
    "refused_full",
    "refused_whole_suit_only",
    "refused_empty_foundation_takes",
    "refused_empty_pile_takes",
    "refused_suit_started",
];
