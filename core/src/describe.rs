//! Words for people: what screen readers say about cards, piles and hinted moves.

use crate::card::{rank_letter, rank_name, Card};
use crate::engine::Move;
use crate::notation::pile_name;
use crate::spec::{PileId, PileKind};
use crate::state::State;

/// "tableau pile 3", "foundation 1", "cell 2", "reserve": 1-based, as people count.
pub fn pile_label(state: &State, pile: PileId) -> String {
    match state.map().kind(pile) {
        Some((kind, index)) => kind_label(kind, index),
        None => pile_name(state.map(), pile),
    }
}

/// The label of pile `index` (from 0) of `kind`.
pub fn kind_label(kind: PileKind, index: u8) -> String {
    let mut text = String::with_capacity(20);
    text.push_str(kind.name());
    if !kind.is_single() {
        text.push_str(if kind == PileKind::Tableau { " pile " } else { " " });
        // Digit by digit: `format!` costs several times as much, and the layout labels every
        // pile on every tap.
        let number = u16::from(index) + 1;
        for place in [100, 10, 1] {
            if number >= place || place == 1 {
                text.push(char::from(b'0' + (number / place % 10) as u8));
            }
        }
    }
    text
}

/// "queen of spades, face up, tableau pile 3"; a face-down card is not named.
pub fn card_description(card: Card, pile_label: &str) -> String {
    // Built by hand: the table describes every card after every tap, and `format!` costs more.
    let mut text = String::with_capacity(48);
    if card.face_up() {
        text.push_str(rank_name(card.rank()));
        text.push_str(" of ");
        text.push_str(card.suit().name());
        text.push_str(", face up, ");
    } else {
        text.push_str("face-down card, ");
    }
    text.push_str(pile_label);
    text
}

/// "tableau pile 3, 7 cards, 4 face down, top card queen of spades", or "stock, empty": a
/// whole pile for a screen reader, whose cards are then no separate stops.
pub fn pile_description(cards: &[Card], pile_label: &str) -> String {
    let Some(top) = cards.last() else {
        return format!("{pile_label}, empty");
    };
    let count = match cards.len() {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    let mut text = format!("{pile_label}, {count}");
    let face_down = cards.iter().filter(|card| !card.face_up()).count();
    if face_down > 0 {
        text.push_str(&format!(", {face_down} face down"));
    }
    if top.face_up() {
        text.push_str(", top card ");
        text.push_str(&top.spoken_name());
    }
    text
}

/// What a card's corner shows: "A", "2" … "10", "J", "Q", "K".
pub fn rank_label(card: Card) -> String {
    match card.rank() {
        10 => "10".to_string(),
        rank => rank_letter(rank).to_string(),
    }
}

/// "Move the seven of hearts (and 2 cards on it) onto the eight of hearts".
pub fn move_description(state: &State, mv: Move) -> String {
    let Move::Transfer { from, count, to } = mv else {
        return match state.map().waste {
            Some(_) => "Turn a card from the stock".to_string(),
            None => "Deal from the stock".to_string(),
        };
    };
    let cards = state.pile(from);
    let Some(card) = cards.len().checked_sub(usize::from(count)).and_then(|i| cards.get(i)) else {
        return format!("Move from {} to {}", pile_label(state, from), pile_label(state, to));
    };
    let group = match count {
        1 => String::new(),
        2 => " and the card on it".to_string(),
        n => format!(" and the {} cards on it", n - 1),
    };
    let target = match state.top(to) {
        Some(top) => format!("onto the {}", top.spoken_name()),
        None => format!("to the empty {}", pile_label(state, to)),
    };
    format!("Move the {}{group} {target}", card.spoken_name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    #[test]
    fn describes_face_up_and_hides_face_down() {
        let queen = Card::new(0, Suit::Spades, 12);
        assert_eq!(
            card_description(queen.with_face_up(true), "tableau pile 3"),
            "queen of spades, face up, tableau pile 3"
        );
        assert_eq!(card_description(queen, "tableau pile 3"), "face-down card, tableau pile 3");
        assert_eq!(rank_label(Card::new(0, Suit::Hearts, 10)), "10");
    }

    #[test]
    fn describes_a_pile_by_its_count_face_down_cards_and_top_card() {
        let queen = Card::new(0, Suit::Spades, 12).with_face_up(true);
        let nine = Card::new(0, Suit::Diamonds, 9);
        assert_eq!(pile_description(&[], "stock"), "stock, empty");
        assert_eq!(pile_description(&[queen], "cell 1"), "cell 1, 1 card, top card queen of spades");
        assert_eq!(
            pile_description(&[nine, nine, queen], "tableau pile 3"),
            "tableau pile 3, 3 cards, 2 face down, top card queen of spades"
        );
        assert_eq!(pile_description(&[nine, nine], "stock"), "stock, 2 cards, 2 face down");
    }
}
