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

    /// The game a person typed: its slug, or its name as the menu writes it, in any case and
    /// with spaces or underscores for the hyphens (`How They Run`, `yakutat_bay`).
    pub fn from_name(name: &str) -> Option<GameKind> {
        let words: Vec<String> = name.split([' ', '_', '-']).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
        GameKind::from_slug(&words.join("-"))
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
    decks: 2,
    tableau: TableauSpec {
        count: 8,
        build: Build { suit: SuitRule::Any, direction: Direction::Down, wrap: false },
        empty: EmptyRule::OnlyRank(QUEEN),
        unit: MoveUnit::Single,
    },
    foundations: &[FoundationRule::Build { base: KING, direction: Direction::Up, wrap: true, one_per_suit: false }; 8],
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
    decks: 1,
    tableau: TableauSpec { count: 10, build: SAME_SUIT_DOWN, empty: EmptyRule::OnlyRank(KING), unit: MoveUnit::Group },
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

    #[test]
    fn a_game_is_found_by_its_name_as_people_type_it() {
        for (typed, kind) in [
            ("how-they-run", GameKind::HowTheyRun),
            ("How They Run", GameKind::HowTheyRun),
            ("HOW_THEY_RUN", GameKind::HowTheyRun),
            (" Yakutat  Bay ", GameKind::YakutatBay),
            ("Dnieper", GameKind::Dnieper),
        ] {
            assert_eq!(GameKind::from_name(typed), Some(kind), "{typed:?}");
        }
        for typed in ["", "klondike", "howtheyrun", "how-they"] {
            assert_eq!(GameKind::from_name(typed), None, "{typed:?}");
        }
    }
}
