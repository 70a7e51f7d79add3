//! The vocabulary games are described in: a few pile types and their parameters.
//!
//! A game (see `games.rs`) is one `GameSpec` value; the engine (`engine.rs`) interprets it.
//! Nothing here knows any particular game.

use crate::card::{Card, Rank, ACE, KING};

/// What kind of place a pile is. The order is the order of piles in a `State`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PileKind {
    Tableau,
    Foundation,
    Cell,
    Reserve,
    Stock,
    Waste,
}

impl PileKind {
    pub fn name(self) -> &'static str {
        match self {
            PileKind::Tableau => "tableau",
            PileKind::Foundation => "foundation",
            PileKind::Cell => "cell",
            PileKind::Reserve => "reserve",
            PileKind::Stock => "stock",
            PileKind::Waste => "waste",
        }
    }

    /// Reserve, stock and waste are single piles, named without an index.
    pub fn is_single(self) -> bool {
        matches!(self, PileKind::Reserve | PileKind::Stock | PileKind::Waste)
    }
}

/// Which suits may be built on one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuitRule {
    Same,
    AlternateColour,
    Any,
}

/// Which way ranks go, seen from the card underneath to the card placed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Down,
    Up,
    UpOrDown,
}

/// How a card may be placed on another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Build {
    pub suit: SuitRule,
    pub direction: Direction,
    /// King and Ace are adjacent (K on A going down, A on K going up).
    pub wrap: bool,
}

impl Build {
    /// Whether `card` may be placed on `under`.
    pub fn accepts(&self, under: Card, card: Card) -> bool {
        let suit_ok = match self.suit {
            SuitRule::Same => under.suit() == card.suit(),
            SuitRule::AlternateColour => under.is_red() != card.is_red(),
            SuitRule::Any => true,
        };
        suit_ok
            && match self.direction {
                Direction::Down => self.is_next(card.rank(), under.rank()),
                Direction::Up => self.is_next(under.rank(), card.rank()),
                Direction::UpOrDown => {
                    self.is_next(card.rank(), under.rank()) || self.is_next(under.rank(), card.rank())
                }
            }
    }

    /// Whether `higher` is one rank above `lower` under this build's wrapping.
    fn is_next(&self, lower: Rank, higher: Rank) -> bool {
        higher == lower + 1 || (self.wrap && lower == KING && higher == ACE)
    }
}

/// What an empty tableau pile accepts as the bottom card of what lands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyRule {
    AnyCard,
    OnlyRank(Rank),
}

/// How many cards leave a tableau pile in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveUnit {
    /// The top card only.
    Single,
    /// Any face-up card with everything on it, in order or not.
    Group,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableauSpec {
    pub count: u8,
    pub build: Build,
    pub empty: EmptyRule,
    pub unit: MoveUnit,
}

/// How one foundation is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoundationRule {
    /// Takes a complete 13-card suit run, King at the bottom to Ace on top, from a tableau pile,
    /// as soon as it forms; gives nothing back.
    CompleteRun,
    /// Built card by card in suit from `base`, at most 13 cards; its top card may be played back.
    Build {
        base: Rank,
        direction: Direction,
        wrap: bool,
        /// Only one foundation of this same rule may be started in each suit.
        one_per_suit: bool,
    },
}

impl FoundationRule {
    pub fn gives_back(self) -> bool {
        matches!(self, FoundationRule::Build { .. })
    }
}

/// The reserve, in the two shapes the games use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReserveRule {
    /// A face-down stack whose top card is face up; it fills empty tableau piles at once.
    Feeder,
    /// A face-up stack of at most `capacity` cards, fed from tableau tops.
    Holding { capacity: u8 },
}

/// What one stock action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StockRule {
    /// One card face up onto each tableau pile, left to right, while cards last.
    DealToTableau,
    /// The top card face up onto the waste.
    ToWaste,
}

/// Cards dealt to one pile: `down` face down first, then `up` face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealCount {
    pub down: u8,
    pub up: u8,
}

impl DealCount {
    pub const fn new(down: u8, up: u8) -> DealCount {
        DealCount { down, up }
    }

    pub fn total(self) -> usize {
        usize::from(self.down) + usize::from(self.up)
    }
}

/// The opening deal; whatever is left over forms the stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSpec {
    /// One entry per tableau pile.
    pub tableau: &'static [DealCount],
    /// Face-up cards into each cell.
    pub cells: u8,
    pub reserve: DealCount,
}

/// A whole game, as data.
#[derive(Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The English name, for tools (`solitaire solve`); players read the catalogues' name
    /// (`describe::game_keys`), beside the summary and the rules.
    pub name: &'static str,
    pub slug: &'static str,
    pub decks: u8,
    pub tableau: TableauSpec,
    pub foundations: &'static [FoundationRule],
    pub cells: u8,
    pub reserve: Option<ReserveRule>,
    pub stock: Option<StockRule>,
    pub deal: DealSpec,
    /// A seed constant mixed into the shuffle so that deal 1 of two games differ.
    pub shuffle_salt: u64,
}

/// What an empty pile shows, so a player can tell what it takes (and Chequers' rising
/// foundations from its falling ones) before putting anything there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyMark {
    /// No mark: any card (or group) may go here, or, on the waste, only the stock puts cards.
    Plain,
    /// Only this rank starts the pile; `direction` is how a foundation built from it goes.
    Starts { rank: Rank, direction: Option<Direction> },
    /// A foundation that takes a whole suit at once, King at the bottom to Ace on top.
    WholeSuit,
    /// A stock or feeding reserve with no card left: nothing more comes from it.
    Spent,
    /// A reserve that holds up to `capacity` cards (Zerline's): "0/4", so that it is not taken
    /// for the waste beside it, empty too.
    Holds { capacity: u8 },
}

impl GameSpec {
    /// The mark pile `index` of `kind` shows while it is empty.
    pub fn empty_mark(&self, kind: PileKind, index: u8) -> EmptyMark {
        match kind {
            PileKind::Tableau => match self.tableau.empty {
                EmptyRule::AnyCard => EmptyMark::Plain,
                EmptyRule::OnlyRank(rank) => EmptyMark::Starts { rank, direction: None },
            },
            PileKind::Foundation => match self.foundations.get(usize::from(index)) {
                Some(FoundationRule::Build { base, direction, .. }) => {
                    EmptyMark::Starts { rank: *base, direction: Some(*direction) }
                }
                Some(FoundationRule::CompleteRun) => EmptyMark::WholeSuit,
                None => EmptyMark::Plain,
            },
            PileKind::Reserve => match self.reserve {
                Some(ReserveRule::Feeder) => EmptyMark::Spent,
                Some(ReserveRule::Holding { capacity }) => EmptyMark::Holds { capacity },
                None => EmptyMark::Plain,
            },
            PileKind::Stock => EmptyMark::Spent,
            PileKind::Cell | PileKind::Waste => EmptyMark::Plain,
        }
    }
}

/// A pile's place in a `State`: an index into `State::piles`.
pub type PileId = u8;

/// Where each kind of pile starts in a `State`, derived once from a `GameSpec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PileMap {
    pub tableau: u8,
    pub foundations: u8,
    pub cells: u8,
    pub reserve: Option<u8>,
    pub stock: Option<u8>,
    pub waste: Option<u8>,
    pub len: u8,
}

impl GameSpec {
    pub fn card_count(&self) -> usize {
        52 * usize::from(self.decks)
    }

    pub fn piles(&self) -> PileMap {
        let t = self.tableau.count;
        let f = self.foundations.len() as u8;
        let mut next = t + f + self.cells;
        let mut take = |present: bool| {
            present.then(|| {
                next += 1;
                next - 1
            })
        };
        let reserve = take(self.reserve.is_some());
        let stock = take(self.stock.is_some());
        let waste = take(self.stock == Some(StockRule::ToWaste));
        PileMap { tableau: t, foundations: f, cells: self.cells, reserve, stock, waste, len: next }
    }
}

impl PileMap {
    pub fn kind(&self, pile: PileId) -> Option<(PileKind, u8)> {
        let (t, f, c) = (self.tableau, self.foundations, self.cells);
        if pile < t {
            Some((PileKind::Tableau, pile))
        } else if pile < t + f {
            Some((PileKind::Foundation, pile - t))
        } else if pile < t + f + c {
            Some((PileKind::Cell, pile - t - f))
        } else if Some(pile) == self.reserve {
            Some((PileKind::Reserve, 0))
        } else if Some(pile) == self.stock {
            Some((PileKind::Stock, 0))
        } else if Some(pile) == self.waste {
            Some((PileKind::Waste, 0))
        } else {
            None
        }
    }

    pub fn id(&self, kind: PileKind, index: u8) -> Option<PileId> {
        let (t, f, c) = (self.tableau, self.foundations, self.cells);
        match kind {
            PileKind::Tableau => (index < t).then_some(index),
            PileKind::Foundation => (index < f).then_some(t + index),
            PileKind::Cell => (index < c).then_some(t + f + index),
            PileKind::Reserve => self.reserve.filter(|_| index == 0),
            PileKind::Stock => self.stock.filter(|_| index == 0),
            PileKind::Waste => self.waste.filter(|_| index == 0),
        }
    }

    pub fn tableau(&self) -> std::ops::Range<PileId> {
        0..self.tableau
    }

    pub fn foundations(&self) -> std::ops::Range<PileId> {
        self.tableau..self.tableau + self.foundations
    }

    pub fn cells(&self) -> std::ops::Range<PileId> {
        let start = self.tableau + self.foundations;
        start..start + self.cells
    }

    pub fn is_tableau(&self, pile: PileId) -> bool {
        pile < self.tableau
    }

    pub fn is_foundation(&self, pile: PileId) -> bool {
        self.foundations().contains(&pile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    fn card(rank: Rank, suit: Suit) -> Card {
        Card::new(0, suit, rank)
    }

    #[test]
    fn wrapping_down_build_puts_king_on_ace() {
        let b = Build { suit: SuitRule::Same, direction: Direction::Down, wrap: true };
        assert!(b.accepts(card(ACE, Suit::Spades), card(KING, Suit::Spades)));
        assert!(!b.accepts(card(KING, Suit::Spades), card(ACE, Suit::Spades)));
        let plain = Build { wrap: false, ..b };
        assert!(!plain.accepts(card(ACE, Suit::Spades), card(KING, Suit::Spades)));
    }
}
