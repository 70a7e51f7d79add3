//! Words for people: what screen readers say about cards, piles and hinted moves.

use crate::card::{rank_letter, rank_name, Card};
use crate::engine::Move;
use crate::notation::pile_name;
use crate::spec::{Direction, EmptyMark, PileId, PileKind};
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

/// "tableau pile 3, 7 cards, 4 face down, top card queen of spades", or, empty, what it takes
/// ("foundation 5, builds down from king, empty"): a whole pile for a screen reader, whose
/// cards are then no separate stops.
pub fn pile_description(cards: &[Card], pile_label: &str, kind: PileKind, empty: EmptyMark) -> String {
    let Some(top) = cards.last() else {
        return format!("{pile_label}, {}", empty_description(kind, empty));
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

/// What an empty pile takes, in words: "builds up from ace, empty", "no cards left".
pub fn empty_description(kind: PileKind, empty: EmptyMark) -> String {
    match empty {
        EmptyMark::Plain if kind == PileKind::Waste => "empty".to_string(),
        EmptyMark::Plain => "takes any card, empty".to_string(),
        EmptyMark::Starts { rank, direction: None } => {
            let name = rank_name(rank);
            let article = if name.starts_with(['a', 'e']) { "an" } else { "a" };
            format!("takes only {article} {name}, empty")
        }
        EmptyMark::Starts { rank, direction: Some(direction) } => {
            let way = match direction {
                Direction::Up => "up",
                Direction::Down => "down",
                Direction::UpOrDown => "up or down",
            };
            format!("builds {way} from {}, empty", rank_name(rank))
        }
        EmptyMark::WholeSuit => "takes a whole suit, king to ace, empty".to_string(),
        EmptyMark::Spent => "no cards left".to_string(),
    }
}

/// What an empty pile's outline shows: the rank that starts it ("K"), with an arrow for a
/// foundation's direction ("A↑", "K↓"), "K–A" for a whole-suit foundation, "✕" where nothing is
/// left to come, nothing where anything goes.
pub fn empty_symbol(empty: EmptyMark) -> String {
    match empty {
        EmptyMark::Plain => String::new(),
        EmptyMark::Starts { rank, direction } => {
            let arrow = match direction {
                None => "",
                Some(Direction::Up) => "↑",
                Some(Direction::Down) => "↓",
                Some(Direction::UpOrDown) => "↕",
            };
            format!("{}{arrow}", rank_letter(rank))
        }
        EmptyMark::WholeSuit => "K–A".to_string(),
        EmptyMark::Spent => "✕".to_string(),
    }
}

/// "Move the seven of hearts (and 2 cards on it) onto the eight of hearts".
pub fn move_description(state: &State, mv: Move) -> String {
    let Move::Transfer { from, count, to } = mv else { return stock_action(state) };
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

/// What a screen reader offers on one pile: its description, its default action and every
/// other move from it, each a whole sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct PileWords {
    pub pile: PileId,
    pub description: String,
    /// The label of a tap on the pile's top card (or on the stock), if it does something.
    pub tap: Option<String>,
    /// "Move to foundation 2" for the top card, "Move the nine of hearts to cell 1" for a card
    /// deeper in the pile (with the cards on it), for every pile the engine lets each go to.
    pub moves: Vec<(String, Move)>,
}

/// Every pile's words, for a screen reader; asked once per position, and only while one runs.
pub fn table_words(game: &crate::game::Game) -> Vec<PileWords> {
    let state = game.state();
    (0..state.pile_count() as PileId)
        .map(|pile| {
            let cards = state.pile(pile);
            let label = pile_label(state, pile);
            let (kind, index) = state.map().kind(pile).unwrap_or((PileKind::Tableau, 0));
            let description = pile_description(cards, &label, kind, state.spec().empty_mark(kind, index));
            let tap = if kind == PileKind::Stock {
                state.can_deal().then(|| stock_action(state))
            } else {
                let top = cards.len().checked_sub(1).filter(|&i| game.tap_destination(pile, i).is_some());
                top.map(|i| format!("Play the {}", cards[i].spoken_name()))
            };
            let mut moves = Vec::new();
            for (index, card) in cards.iter().enumerate().filter(|(_, card)| card.face_up()) {
                let count = cards.len() - index;
                let what = if count == 1 { String::new() } else { format!("the {} ", card.spoken_name()) };
                for to in game.destinations(pile, index).unwrap_or_default() {
                    let mv = Move::Transfer { from: pile, count: count as u8, to };
                    moves.push((format!("Move {what}to {}", pile_label(state, to)), mv));
                }
            }
            PileWords { pile, description, tap, moves }
        })
        .collect()
}

fn stock_action(state: &State) -> String {
    match state.map().waste {
        Some(_) => "Turn a card from the stock".to_string(),
        None => "Deal from the stock".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    #[test]
    fn describes_a_pile_by_its_count_face_down_cards_and_top_card() {
        let queen = Card::new(0, Suit::Spades, 12).with_face_up(true);
        let nine = Card::new(0, Suit::Diamonds, 9);
        let (plain, spent) = (EmptyMark::Plain, EmptyMark::Spent);
        assert_eq!(pile_description(&[], "stock", PileKind::Stock, spent), "stock, no cards left");
        assert_eq!(
            pile_description(&[queen], "cell 1", PileKind::Cell, plain),
            "cell 1, 1 card, top card queen of spades"
        );
        assert_eq!(
            pile_description(&[nine, nine, queen], "tableau pile 3", PileKind::Tableau, plain),
            "tableau pile 3, 3 cards, 2 face down, top card queen of spades"
        );
        assert_eq!(pile_description(&[nine, nine], "stock", PileKind::Stock, spent), "stock, 2 cards, 2 face down");
    }

    #[test]
    fn an_empty_pile_says_what_it_takes() {
        let empty = |kind, mark| pile_description(&[], "p", kind, mark);
        let down_from_king = EmptyMark::Starts { rank: 13, direction: Some(Direction::Down) };
        assert_eq!(empty(PileKind::Foundation, down_from_king), "p, builds down from king, empty");
        let king = EmptyMark::Starts { rank: 13, direction: None };
        assert_eq!(empty(PileKind::Tableau, king), "p, takes only a king, empty");
        assert_eq!(empty(PileKind::Foundation, EmptyMark::WholeSuit), "p, takes a whole suit, king to ace, empty");
        assert_eq!(empty(PileKind::Cell, EmptyMark::Plain), "p, takes any card, empty");
        assert_eq!(empty(PileKind::Waste, EmptyMark::Plain), "p, empty");
        assert_eq!(empty_symbol(down_from_king), "K↓");
        assert_eq!(empty_symbol(EmptyMark::Starts { rank: 1, direction: Some(Direction::Up) }), "A↑");
        assert_eq!(empty_symbol(king), "K");
        assert_eq!(empty_symbol(EmptyMark::Plain), "");
    }
}
