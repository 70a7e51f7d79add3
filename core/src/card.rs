//! Cards: identity, rank, suit, face, and the two-character notation (`QC`, `#9D`).

use std::fmt;

/// Suits in deck order. The order fixes card ids, so it is part of the deal format (G-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == c)
    }
}

/// Rank 1 (Ace) to 13 (King).
pub type Rank = u8;
pub const ACE: Rank = 1;
pub const QUEEN: Rank = 12;
pub const KING: Rank = 13;

const RANK_LETTERS: &[u8; 13] = b"A23456789TJQK";

pub fn rank_letter(rank: Rank) -> char {
    RANK_LETTERS[usize::from(rank - 1)] as char
}

/// One physical card and which way up it lies.
///
/// The low seven bits are the card's id, `deck * 52 + suit * 13 + (rank - 1)`, stable for the
/// whole game so that apps can animate a card by id; bit 7 is set while the card is face up.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card(u8);

const FACE_UP: u8 = 0x80;

impl Card {
    /// The card with this id (0 to 103), face down.
    pub fn from_id(id: u8) -> Card {
        debug_assert!(id < 104);
        Card(id)
    }

    pub fn new(deck: u8, suit: Suit, rank: Rank) -> Card {
        Card(deck * 52 + suit as u8 * 13 + (rank - 1))
    }

    pub fn id(self) -> u8 {
        self.0 & !FACE_UP
    }

    /// The whole byte, id and face, for tables indexed by both (the solver's hash).
    pub(crate) fn byte(self) -> u8 {
        self.0
    }

    pub fn deck(self) -> u8 {
        self.id() / 52
    }

    pub fn rank(self) -> Rank {
        self.id() % 13 + 1
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[usize::from(self.id() % 52 / 13)]
    }

    pub fn is_red(self) -> bool {
        self.suit().is_red()
    }

    pub fn face_up(self) -> bool {
        self.0 & FACE_UP != 0
    }

    pub fn with_face_up(self, up: bool) -> Card {
        if up {
            Card(self.0 | FACE_UP)
        } else {
            Card(self.0 & !FACE_UP)
        }
    }

    pub fn flipped(self) -> Card {
        Card(self.0 ^ FACE_UP)
    }

    /// Same rank and suit, whichever deck and face.
    pub fn same_face_value(self, other: Card) -> bool {
        self.id() % 52 == other.id() % 52
    }

    /// Parses `QC` or `#9D`; the deck is not written, so the caller chooses it.
    pub fn parse(text: &str, deck: u8) -> Option<Card> {
        let mut chars = text.chars();
        let mut first = chars.next()?;
        let face_up = first != '#';
        if !face_up {
            first = chars.next()?;
        }
        let rank = RANK_LETTERS.iter().position(|&r| r as char == first)? as u8 + 1;
        let suit = Suit::from_letter(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Card::new(deck, suit, rank).with_face_up(face_up))
    }
}

impl fmt::Display for Card {
    /// The notation: rank and suit letters, with `#` in front when face down.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.face_up() {
            f.write_str("#")?;
        }
        write!(f, "{}{}", rank_letter(self.rank()), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}/{}", self.deck())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_every_card_both_faces() {
        for id in 0..104 {
            for up in [false, true] {
                let card = Card::from_id(id).with_face_up(up);
                let text = card.to_string();
                assert_eq!(Card::parse(&text, card.deck()), Some(card), "{text}");
            }
        }
    }

    #[test]
    fn rejects_malformed_cards() {
        for bad in ["", "#", "1C", "QX", "QCC", "qc", "10H", "##QC"] {
            assert_eq!(Card::parse(bad, 0), None, "{bad:?}");
        }
    }

    #[test]
    fn id_layout_is_deck_suit_rank() {
        let c = Card::new(1, Suit::Hearts, KING);
        assert_eq!(c.id(), 52 + 2 * 13 + 12);
        assert_eq!((c.deck(), c.suit(), c.rank()), (1, Suit::Hearts, KING));
    }
}
