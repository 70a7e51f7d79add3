//! The five games, each one `GameSpec` value. Rule ids refer to `core/RULES.md`.

use crate::card::{ACE, KING, QUEEN};
use crate::spec::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Dnieper,
    YakutatBay,
    Chequers,
    Zerline,
    HowTheyRun,
}

impl GameKind {
    pub const ALL: [GameKind; 5] =
        [GameKind::Dnieper, GameKind::YakutatBay, GameKind::Chequers, GameKind::Zerline, GameKind::HowTheyRun];

    pub fn spec(self) -> &'static GameSpec {
        match self {
            GameKind::Dnieper => &DNIEPER,
            GameKind::YakutatBay => &YAKUTAT_BAY,
            GameKind::Chequers => &CHEQUERS,
            GameKind::Zerline => &ZERLINE,
            GameKind::HowTheyRun => &HOW_THEY_RUN,
        }
    }

    pub fn slug(self) -> &'static str {
        self.spec().slug
    }

    pub fn from_slug(slug: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.slug() == slug)
    }

    /// Where `self` stands in `ALL`, for tables kept per game.
    pub fn index(self) -> usize {
        self as usize
    }
}

const SAME_SUIT_DOWN: Build = Build { suit: SuitRule::Same, direction: Direction::Down, wrap: false };

/// DN-1 … DN-8.
static DNIEPER: GameSpec = GameSpec {
    name: "Dnieper",
    slug: "dnieper",
    summary: "Build down in suit, King on Ace too; move any face-up group; the stock deals a card to every pile.",
    rules: &[
        "Goal: build all four suits, King to Ace, in the tableau; each complete run of 13 goes to a foundation by itself.",
        "Deal: 7 piles of 4 cards, 3 face down and 1 face up. The other 24 cards are the stock.",
        "Build down in suit: a card goes on the card of its suit one rank higher. Building wraps: a King goes on an Ace of its suit.",
        "Any face-up card moves together with every card on it, in order or not. Any card or group fills an empty pile.",
        "Tap the stock to deal one card face up onto every pile (7, 7, 7, then 3). There is no redeal.",
        "A face-down card turns up when it is uncovered.",
    ],
    decks: 1,
    tableau: TableauSpec {
        count: 7,
        build: Build { wrap: true, ..SAME_SUIT_DOWN },
        empty: EmptyRule::AnyCard,
        unit: MoveUnit::Group,
    },
    foundations: &[FoundationRule::CompleteRun; 4],
    cells: 0,
    reserve: None,
    stock: Some(StockRule::DealToTableau),
    deal: DealSpec { tableau: &[DealCount::new(3, 1); 7], cells: 0, reserve: DealCount::new(0, 0) },
    shuffle_salt: 0x444e_4945_5045_5201,
};

const UP_FROM_ACE: FoundationRule =
    FoundationRule::Build { base: ACE, direction: Direction::Up, wrap: false, one_per_suit: false };

/// YB-1 … YB-7.
static YAKUTAT_BAY: GameSpec = GameSpec {
    name: "Yakutat Bay",
    slug: "yakutat-bay",
    summary: "A Yukon deal with no stock: move any face-up group, red on black; only Kings fill a space.",
    rules: &[
        "Goal: build all four suits up from Ace to King on the foundations.",
        "Deal: 7 piles holding 1, 6, 7, 8, 9, 10 and 11 cards; the first pile is one face-up card, the others have their top 5 cards face up. There is no stock.",
        "Build down in alternating colours: red on black, black on red, one rank lower. Nothing goes on an Ace.",
        "Any face-up card moves together with every card on it, in order or not. Only a King, alone or at the bottom of a group, fills an empty pile.",
        "The top card of a tableau pile may go to a foundation, and a foundation's top card may come back to the tableau.",
        "A face-down card turns up when it is uncovered.",
    ],
    decks: 1,
    tableau: TableauSpec {
        count: 7,
        build: Build { suit: SuitRule::AlternateColour, direction: Direction::Down, wrap: false },
        empty: EmptyRule::OnlyRank(KING),
        unit: MoveUnit::Group,
    },
    foundations: &[UP_FROM_ACE; 4],
    cells: 0,
    reserve: None,
    stock: None,
    deal: DealSpec {
        tableau: &[
            DealCount::new(0, 1),
            DealCount::new(1, 5),
            DealCount::new(2, 5),
            DealCount::new(3, 5),
            DealCount::new(4, 5),
            DealCount::new(5, 5),
            DealCount::new(6, 5),
        ],
        cells: 0,
        reserve: DealCount::new(0, 0),
    },
    shuffle_salt: 0x5941_4b55_5441_5402,
};

const CHEQUERS_UP: FoundationRule =
    FoundationRule::Build { base: ACE, direction: Direction::Up, wrap: false, one_per_suit: true };
const CHEQUERS_DOWN: FoundationRule =
    FoundationRule::Build { base: KING, direction: Direction::Down, wrap: false, one_per_suit: true };

/// CH-1 … CH-8.
static CHEQUERS: GameSpec = GameSpec {
    name: "Chequers",
    slug: "chequers",
    summary: "Two decks on 25 piles: build up or down in suit, round the corner; a reserve fills spaces.",
    rules: &[
        "Two decks. Goal: all 104 cards on the 8 foundations.",
        "Four foundations build up in suit from Ace to King, four build down in suit from King to Ace; each suit starts one of each.",
        "Deal: 25 piles of 4 face-up cards. The other 4 cards form the reserve, only its top card face up.",
        "Build in suit, one rank up or down, round the corner: a King goes on an Ace and an Ace on a King. On the 8 of spades only the 7 or the 9 of spades can go.",
        "Only single cards move. When a pile empties, the reserve's top card fills it at once; once the reserve is empty, any card fills a space.",
        "The reserve's top card may also be played onto a foundation or a pile. A foundation's top card may come back to a pile or to another foundation.",
    ],
    decks: 2,
    tableau: TableauSpec {
        count: 25,
        build: Build { suit: SuitRule::Same, direction: Direction::UpOrDown, wrap: true },
        empty: EmptyRule::AnyCard,
        unit: MoveUnit::Single,
    },
    foundations: &[
        CHEQUERS_UP,
        CHEQUERS_UP,
        CHEQUERS_UP,
        CHEQUERS_UP,
        CHEQUERS_DOWN,
        CHEQUERS_DOWN,
        CHEQUERS_DOWN,
        CHEQUERS_DOWN,
    ],
    cells: 0,
    reserve: Some(ReserveRule::Feeder),
    stock: None,
    deal: DealSpec { tableau: &[DealCount::new(0, 4); 25], cells: 0, reserve: DealCount::new(3, 1) },
    shuffle_salt: 0x4348_4551_5545_5203,
};

/// ZE-1 … ZE-9.
static ZERLINE: GameSpec = GameSpec {
    name: "Zerline",
    slug: "zerline",
    summary: "Two decks: foundations start with any King and go K, A, 2 … Q; a four-card reserve helps.",
    rules: &[
        "Two decks. Goal: all 104 cards on the 8 foundations.",
        "A foundation starts with any King, then builds up in its suit, wrapping round: King, Ace, 2 … Queen, 13 cards.",
        "Deal: 8 piles of 5 face-up cards. The other 64 cards are the stock.",
        "Build down by one rank, any suit: a Queen on a King, a 2 on a 3. Only single cards move. Only a Queen fills an empty pile.",
        "The reserve holds up to 4 cards, taken from the tops of the piles only; its top card may go to a foundation or a pile.",
        "Tap the stock to turn one card onto the waste; there is no redeal. The waste's top card may go to a foundation or a pile, never to the reserve. A foundation's top card may come back to a pile or another foundation.",
    ],
    decks: 2,
    tableau: TableauSpec {
        count: 8,
        build: Build { suit: SuitRule::Any, direction: Direction::Down, wrap: false },
        empty: EmptyRule::OnlyRank(QUEEN),
        unit: MoveUnit::Single,
    },
    foundations: &[FoundationRule::Build {
        base: KING,
        direction: Direction::Up,
        wrap: true,
        one_per_suit: false,
    }; 8],
    cells: 0,
    reserve: Some(ReserveRule::Holding { capacity: 4 }),
    stock: Some(StockRule::ToWaste),
    deal: DealSpec { tableau: &[DealCount::new(0, 5); 8], cells: 0, reserve: DealCount::new(0, 0) },
    shuffle_salt: 0x5a45_524c_494e_4504,
};

/// HR-1 … HR-8.
static HOW_THEY_RUN: GameSpec = GameSpec {
    name: "How They Run",
    slug: "how-they-run",
    summary: "Build down in suit, move any face-up group, two one-card cells; only Kings fill a space.",
    rules: &[
        "Goal: build all four suits, King to Ace, in the tableau; each complete run of 13 goes to a foundation by itself.",
        "Deal: 10 piles of 5 cards. Piles 1 to 3 have 3 face down and 2 face up; the others are all face up. One card face up goes into each of the 2 cells.",
        "Build down in suit, one rank lower. Nothing goes on an Ace.",
        "Any face-up card moves together with every card on it, in order or not. Only a King, alone or at the bottom of a group, fills an empty pile.",
        "A cell holds one card: any pile's top card may go into an empty cell, and a cell's card may be played onto a pile that accepts it.",
        "A face-down card turns up when it is uncovered.",
    ],
    decks: 1,
    tableau: TableauSpec {
        count: 10,
        build: SAME_SUIT_DOWN,
        empty: EmptyRule::OnlyRank(KING),
        unit: MoveUnit::Group,
    },
    foundations: &[FoundationRule::CompleteRun; 4],
    cells: 2,
    reserve: None,
    stock: None,
    deal: DealSpec {
        tableau: &[
            DealCount::new(3, 2),
            DealCount::new(3, 2),
            DealCount::new(3, 2),
            DealCount::new(0, 5),
            DealCount::new(0, 5),
            DealCount::new(0, 5),
            DealCount::new(0, 5),
            DealCount::new(0, 5),
            DealCount::new(0, 5),
            DealCount::new(0, 5),
        ],
        cells: 1,
        reserve: DealCount::new(0, 0),
    },
    shuffle_salt: 0x484f_5754_4845_5905,
};

#[cfg(test)]
mod tests {
    use super::GameKind;

    #[test]
    fn each_game_indexes_its_own_place_in_all() {
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index(), i, "{kind:?}");
        }
    }
}
