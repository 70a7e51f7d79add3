//! Words for people, as message ids with arguments: what screen readers say about piles, their
//! actions and hinted moves. No sentence is written here: every platform writes a `Phrase` in
//! the player's language from its catalogue (the Android string resources in
//! `android/app/src/main/res/values*/words.xml`, which the terminal game reads too), so a
//! language is added there, never here. Every key this module can give is in `all_keys`.

use crate::card::{Card, Rank, Suit};
use crate::daily::Date;
use crate::engine::Move;
use crate::games::GameKind;
use crate::spec::{Direction, EmptyMark, PileId, PileKind};
use crate::state::State;

/// One sentence (or part of one): a catalogue key and its arguments, in the order of its
/// placeholders (`%1$s`, `%2$d`). A key that is a plural takes its quantity from its first
/// `Number`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    pub key: &'static str,
    pub args: Vec<Arg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Number(u32),
    /// The catalogue's string for `key`, as it stands.
    Word(&'static str),
    /// The catalogue's `card` format with the rank's and the suit's words: "the queen of
    /// spades", « la dame de pique ».
    Card {
        rank: &'static str,
        suit: &'static str,
    },
    /// A pile's name: the format `key`, with the pile's number (from 1) where its kind has many.
    Pile {
        key: &'static str,
        number: Option<u32>,
    },
}

/// Which words a rank or pile takes in a sentence: bare ("queen"), with the definite article
/// ("the queen", « la dame »), or the indefinite one ("a queen", « une dame »). Languages with
/// gender need the article chosen with the noun, so the catalogue holds each form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Bare,
    The,
    A,
}

impl Phrase {
    pub(crate) fn new(key: &'static str, args: Vec<Arg>) -> Phrase {
        Phrase { key, args }
    }
}

/// `rank_12`, `rank_the_12`, `rank_a_12`.
pub fn rank_key(rank: Rank, form: Form) -> &'static str {
    const KEYS: [[&str; 13]; 3] = [
        [
            "rank_1", "rank_2", "rank_3", "rank_4", "rank_5", "rank_6", "rank_7", "rank_8", "rank_9", "rank_10",
            "rank_11", "rank_12", "rank_13",
        ],
        [
            "rank_the_1",
            "rank_the_2",
            "rank_the_3",
            "rank_the_4",
            "rank_the_5",
            "rank_the_6",
            "rank_the_7",
            "rank_the_8",
            "rank_the_9",
            "rank_the_10",
            "rank_the_11",
            "rank_the_12",
            "rank_the_13",
        ],
        [
            "rank_a_1",
            "rank_a_2",
            "rank_a_3",
            "rank_a_4",
            "rank_a_5",
            "rank_a_6",
            "rank_a_7",
            "rank_a_8",
            "rank_a_9",
            "rank_a_10",
            "rank_a_11",
            "rank_a_12",
            "rank_a_13",
        ],
    ];
    KEYS[form as usize][usize::from(rank.clamp(1, 13) - 1)]
}

pub fn suit_key(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "suit_clubs",
        Suit::Diamonds => "suit_diamonds",
        Suit::Hearts => "suit_hearts",
        Suit::Spades => "suit_spades",
    }
}

/// A card with its article: "the queen of spades".
pub fn card(card: Card) -> Arg {
    Arg::Card { rank: rank_key(card.rank(), Form::The), suit: suit_key(card.suit()) }
}

/// A card without one: "queen of spades".
pub fn bare_card(card: Card) -> Arg {
    Arg::Card { rank: rank_key(card.rank(), Form::Bare), suit: suit_key(card.suit()) }
}

fn pile_key(kind: PileKind, form: Form) -> &'static str {
    let the = form != Form::Bare;
    match kind {
        PileKind::Tableau if the => "pile_the_tableau",
        PileKind::Tableau => "pile_tableau",
        PileKind::Foundation if the => "pile_the_foundation",
        PileKind::Foundation => "pile_foundation",
        PileKind::Cell if the => "pile_the_cell",
        PileKind::Cell => "pile_cell",
        PileKind::Reserve if the => "pile_the_reserve",
        PileKind::Reserve => "pile_reserve",
        PileKind::Stock if the => "pile_the_stock",
        PileKind::Stock => "pile_stock",
        PileKind::Waste if the => "pile_the_waste",
        PileKind::Waste => "pile_waste",
    }
}

/// Pile `index` (from 0) of `kind`: "tableau pile 3", "foundation 1", "reserve"; 1-based, as
/// people count.
pub fn pile(kind: PileKind, index: u8, form: Form) -> Arg {
    let number = (!kind.is_single()).then(|| u32::from(index) + 1);
    Arg::Pile { key: pile_key(kind, form), number }
}

pub(crate) fn pile_of(state: &State, id: PileId, form: Form) -> Arg {
    let (kind, index) = state.map().kind(id).unwrap_or((PileKind::Tableau, id));
    pile(kind, index, form)
}

/// A whole pile for a screen reader, whose cards are then no separate stops, as phrases the
/// platform joins with its list separator: "tableau pile 3, 7 cards, 4 face down, top card
/// queen of spades", or, empty, what it takes ("foundation 5, builds down from the king, empty").
/// Every face-up card is named, from the bottom up, as a player sees them: "…, 4 face down, 3
/// face up, king of hearts, queen of spades, top card jack of hearts" (the top card's name alone
/// left a screen reader's player blind to the groups beneath it that can move).
pub fn pile_description(cards: &[Card], kind: PileKind, index: u8, empty: EmptyMark) -> Vec<Phrase> {
    let number = (!kind.is_single()).then(|| Arg::Number(u32::from(index) + 1));
    let mut parts = vec![Phrase::new(pile_key(kind, Form::Bare), number.into_iter().collect())];
    let Some(top) = cards.last() else {
        parts.push(empty_description(kind, empty));
        return parts;
    };
    parts.push(Phrase::new("pile_cards", vec![Arg::Number(cards.len() as u32)]));
    let face_down = cards.iter().filter(|card| !card.face_up()).count();
    if face_down == cards.len() {
        // "17 cards, 17 face down" (« dont 17 face cachée ») read oddly: "all face down".
        parts.push(Phrase::new("pile_all_face_down", vec![Arg::Number(face_down as u32)]));
    } else if face_down > 0 {
        parts.push(Phrase::new("pile_face_down", vec![Arg::Number(face_down as u32)]));
    }
    // A tableau pile's fan shows them; a foundation's, a waste's or a stock's cards beneath the
    // top are out of sight.
    let face_up = &cards[face_down.min(cards.len() - 1)..];
    if kind == PileKind::Tableau && face_up.len() > 1 && face_up.iter().all(|card| card.face_up()) {
        parts.push(Phrase::new("pile_face_up", vec![Arg::Number(face_up.len() as u32)]));
        let beneath = &face_up[..face_up.len() - 1];
        parts.extend(beneath.iter().map(|&card| Phrase::new("pile_card", vec![bare_card(card)])));
    }
    if top.face_up() {
        // A card alone is no "top card" (a cell's, a foundation's ace): "cell 1, 1 card, jack
        // of spades".
        let key = if cards.len() == 1 { "pile_card" } else { "pile_top_card" };
        parts.push(Phrase::new(key, vec![bare_card(*top)]));
    }
    parts
}

/// What an empty pile takes: "builds up from the ace, empty", "no cards left".
pub fn empty_description(kind: PileKind, empty: EmptyMark) -> Phrase {
    match empty {
        EmptyMark::Plain if kind == PileKind::Waste => Phrase::new("empty", vec![]),
        EmptyMark::Plain => Phrase::new("empty_takes_any", vec![]),
        EmptyMark::Starts { rank, direction: None } => {
            Phrase::new("empty_takes_only", vec![Arg::Word(rank_key(rank, Form::A))])
        }
        EmptyMark::Starts { rank, direction: Some(direction) } => {
            let key = match direction {
                Direction::Up => "empty_builds_up",
                Direction::Down => "empty_builds_down",
                Direction::UpOrDown => "empty_builds_up_or_down",
            };
            Phrase::new(key, vec![Arg::Word(rank_key(rank, Form::The))])
        }
        EmptyMark::WholeSuit => Phrase::new("empty_whole_suit", vec![]),
        EmptyMark::Spent => Phrase::new("empty_spent", vec![]),
        EmptyMark::Holds { capacity } => Phrase::new("empty_holds", vec![Arg::Number(u32::from(capacity))]),
    }
}

/// Playing time as a clock shows it, the same in every language and on every platform: "3:05",
/// and from an hour on "27:01:05" (which read "1621:05").
pub fn clock(ms: u64) -> String {
    let seconds = ms / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// "tableau pile 3", "foundation 1", "reserve": the layout's name for pile `index` (from 0) of
/// `kind`, for developers (test messages), never shown to players.
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

/// What an empty pile's outline shows, in the notation's letters: the rank that starts it
/// ("K"), with an arrow for a foundation's direction ("A↑", "K↓"), "K–A" for a whole-suit
/// foundation, "✕" where nothing is left to come, "0/4" on a reserve of 4, nothing where anything
/// goes.
pub fn empty_symbol(empty: EmptyMark) -> String {
    empty_symbol_in(empty, |rank| crate::card::rank_letter(rank).to_string(), "K–A")
}

/// `empty_symbol` with a language's rank letters (`rank`) and whole-suit mark: « R↓ », « R–A ».
pub fn empty_symbol_in(empty: EmptyMark, rank: impl Fn(Rank) -> String, whole_suit: &str) -> String {
    match empty {
        EmptyMark::Plain => String::new(),
        EmptyMark::Starts { rank: starts, direction } => {
            let arrow = match direction {
                None => "",
                Some(Direction::Up) => "↑",
                Some(Direction::Down) => "↓",
                Some(Direction::UpOrDown) => "↕",
            };
            rank(starts) + arrow
        }
        EmptyMark::WholeSuit => whole_suit.to_string(),
        EmptyMark::Spent => "✕".to_string(),
        EmptyMark::Holds { capacity } => format!("0/{capacity}"),
    }
}

/// A hinted move: "Move the seven of hearts and the 2 cards on it onto the eight of hearts".
pub fn move_description(state: &State, mv: Move) -> Phrase {
    let Move::Transfer { from, count, to } = mv else { return stock_action(state) };
    let cards = state.pile(from);
    let Some(&moved) = cards.len().checked_sub(usize::from(count)).and_then(|i| cards.get(i)) else {
        return Phrase::new("move_from_to", vec![pile_of(state, from, Form::The), pile_of(state, to, Form::The)]);
    };
    // A reserve holds cards without building on them: a card goes into it, not onto its top
    // card (a Zerline hint said "Move the queen of diamonds onto the jack of clubs").
    let holds = state.map().kind(to).is_some_and(|(kind, _)| kind == PileKind::Reserve);
    let (onto, target) = match state.top(to) {
        Some(_) if holds => ("into", pile_of(state, to, Form::The)),
        Some(top) => ("onto", card(top)),
        None => ("empty", pile_of(state, to, Form::The)),
    };
    let above = u32::from(count) - 1;
    // With two decks, "the four of hearts" may be either: the piles are named then.
    let twin_shown = |card: Card, at: PileId| {
        (0..state.pile_count() as PileId)
            .filter(|&p| p != at)
            .flat_map(|p| state.pile(p))
            .any(|other| other.face_up() && other.rank() == card.rank() && other.suit() == card.suit())
    };
    let ambiguous = twin_shown(moved, from) || state.top(to).is_some_and(|top| twin_shown(top, to));
    let from_pile = pile_of(state, from, Form::The);
    match (above, onto) {
        (0, "onto") if ambiguous => {
            Phrase::new("move_from_onto", vec![card(moved), from_pile, target, pile_of(state, to, Form::The)])
        }
        (_, "into") if ambiguous => Phrase::new("move_from_to_pile", vec![card(moved), from_pile, target]),
        (_, "into") => Phrase::new("move_card_to", vec![card(moved), target]),
        (0, _) if ambiguous => Phrase::new("move_from_to_empty", vec![card(moved), from_pile, target]),
        (0, "onto") => Phrase::new("move_onto", vec![card(moved), target]),
        (0, _) => Phrase::new("move_to_empty", vec![card(moved), target]),
        (n, "onto") => Phrase::new("move_group_onto", vec![Arg::Number(n), card(moved), target]),
        (n, _) => Phrase::new("move_group_to_empty", vec![Arg::Number(n), card(moved), target]),
    }
}

/// What a screen reader offers on one pile: its description, its default action and every
/// other move from it.
#[derive(Clone, Debug, PartialEq)]
pub struct PileWords {
    pub pile: PileId,
    pub description: Vec<Phrase>,
    /// A tap on the pile's top card (or on the stock), if it does something: "Play the queen
    /// of spades".
    pub tap: Option<Phrase>,
    /// "Move to foundation 2" for the top card, "Move the nine of hearts to cell 1" for a card
    /// deeper in the pile (with the cards on it), for every pile the engine lets each go to.
    pub moves: Vec<(Phrase, Move)>,
}

/// Every pile's words, for a screen reader; asked once per position, and only while one runs.
pub fn table_words(game: &crate::game::Game) -> Vec<PileWords> {
    let state = game.state();
    (0..state.pile_count() as PileId)
        .map(|id| {
            let cards = state.pile(id);
            let (kind, index) = state.map().kind(id).unwrap_or((PileKind::Tableau, 0));
            let description = pile_description(cards, kind, index, state.spec().empty_mark(kind, index));
            let tap = if kind == PileKind::Stock {
                state.can_deal().then(|| stock_action(state))
            } else {
                let top = cards.len().checked_sub(1).filter(|&i| game.tap_destination(id, i).is_some());
                top.map(|i| Phrase::new("play_card", vec![card(cards[i])]))
            };
            let mut moves = Vec::new();
            // The top card's moves first, then each deeper group's: a screen reader lists them
            // in this order, and Android's takes only the first 31 of a pile (see the apps).
            for (at, &moved) in cards.iter().enumerate().rev().filter(|(_, card)| card.face_up()) {
                let count = cards.len() - at;
                for to in game.destinations(id, at).unwrap_or_default() {
                    let mv = Move::Transfer { from: id, count: count as u8, to };
                    let words = if count == 1 {
                        Phrase::new("move_to", vec![pile_of(state, to, Form::The)])
                    } else {
                        Phrase::new("move_card_to", vec![card(moved), pile_of(state, to, Form::The)])
                    };
                    moves.push((words, mv));
                }
            }
            PileWords { pile: id, description, tap, moves }
        })
        .collect()
}

fn stock_action(state: &State) -> Phrase {
    match state.map().waste {
        Some(_) => Phrase::new("stock_turn", vec![]),
        None => Phrase::new("stock_deal", vec![]),
    }
}

/// A game's name, summary and rules (its paragraphs separated by a blank line), as keys:
/// `game_yakutat_bay`, `game_yakutat_bay_summary`, `game_yakutat_bay_rules`.
pub fn game_keys(kind: GameKind) -> [&'static str; 3] {
    match kind {
        GameKind::Dnieper => ["game_dnieper", "game_dnieper_summary", "game_dnieper_rules"],
        GameKind::YakutatBay => ["game_yakutat_bay", "game_yakutat_bay_summary", "game_yakutat_bay_rules"],
        GameKind::Chequers => ["game_chequers", "game_chequers_summary", "game_chequers_rules"],
        GameKind::Zerline => ["game_zerline", "game_zerline_summary", "game_zerline_rules"],
        GameKind::HowTheyRun => ["game_how_they_run", "game_how_they_run_summary", "game_how_they_run_rules"],
    }
}

const MONTHS: [&str; 12] = [
    "month_1", "month_2", "month_3", "month_4", "month_5", "month_6", "month_7", "month_8", "month_9", "month_10",
    "month_11", "month_12",
];

/// A day in words: "December 5, 2026", « 5 décembre 2026 ». The first of a month has a phrase of
/// its own, as French writes it « 1er décembre ».
pub fn date_phrase(date: Date) -> Phrase {
    let key = if date.day() == 1 { "date_first_day" } else { "date" };
    let year = u32::try_from(date.year()).unwrap_or(0);
    let month = MONTHS[(date.month() as usize).clamp(1, 12) - 1];
    Phrase { key, args: vec![Arg::Number(date.day()), Arg::Word(month), Arg::Number(year)] }
}

/// Every key the core gives (this module's phrases' own and their arguments', and a failed
/// save's, `StoreError::not_saved`): each catalogue must hold them all, which the terminal
/// game's catalogue test checks.
pub fn all_keys() -> Vec<&'static str> {
    let mut keys = crate::error::NOT_SAVED_KEYS.to_vec();
    keys.extend([
        "card",
        "pile_cards",
        "pile_face_down",
        "pile_all_face_down",
        "pile_face_up",
        "pile_card",
        "pile_top_card",
        "empty",
        "empty_takes_any",
        "empty_takes_only",
        "empty_builds_up",
        "empty_builds_down",
        "empty_builds_up_or_down",
        "empty_whole_suit",
        "empty_spent",
        "empty_holds",
        "move_from_to",
        "move_onto",
        "move_to_empty",
        "move_from_onto",
        "move_from_to_empty",
        "move_from_to_pile",
        "move_group_onto",
        "move_group_to_empty",
        "play_card",
        "move_to",
        "move_card_to",
        "stock_turn",
        "stock_deal",
    ]);
    for form in [Form::Bare, Form::The, Form::A] {
        keys.extend((1..=13).map(|rank| rank_key(rank, form)));
    }
    keys.extend(Suit::ALL.map(suit_key));
    for kind in
        [PileKind::Tableau, PileKind::Foundation, PileKind::Cell, PileKind::Reserve, PileKind::Stock, PileKind::Waste]
    {
        keys.extend([pile_key(kind, Form::Bare), pile_key(kind, Form::The)]);
    }
    keys.extend(GameKind::ALL.into_iter().flat_map(game_keys));
    keys.extend(["date", "date_first_day"]);
    keys.extend(crate::refusal::KEYS);
    keys.extend(MONTHS);
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    fn phrase(key: &'static str, args: Vec<Arg>) -> Phrase {
        Phrase { key, args }
    }

    #[test]
    fn describes_a_pile_by_its_count_face_down_cards_and_top_card() {
        let queen = Card::new(0, Suit::Spades, 12).with_face_up(true);
        let nine = Card::new(0, Suit::Diamonds, 9);
        let queen_of_spades = Arg::Card { rank: "rank_12", suit: "suit_spades" };
        assert_eq!(
            pile_description(&[], PileKind::Stock, 0, EmptyMark::Spent),
            [phrase("pile_stock", vec![]), phrase("empty_spent", vec![])]
        );
        assert_eq!(
            pile_description(&[], PileKind::Reserve, 0, EmptyMark::Holds { capacity: 4 }),
            [phrase("pile_reserve", vec![]), phrase("empty_holds", vec![Arg::Number(4)])]
        );
        assert_eq!(
            pile_description(&[queen], PileKind::Cell, 0, EmptyMark::Plain),
            [
                phrase("pile_cell", vec![Arg::Number(1)]),
                phrase("pile_cards", vec![Arg::Number(1)]),
                // A card alone is no "top card".
                phrase("pile_card", vec![queen_of_spades])
            ]
        );
        assert_eq!(
            pile_description(&[nine, nine, queen], PileKind::Tableau, 2, EmptyMark::Plain),
            [
                phrase("pile_tableau", vec![Arg::Number(3)]),
                phrase("pile_cards", vec![Arg::Number(3)]),
                phrase("pile_face_down", vec![Arg::Number(2)]),
                phrase("pile_top_card", vec![queen_of_spades])
            ]
        );
        // Every face-up card of a tableau pile, from the bottom up; of a foundation, the top.
        let (king, jack) =
            (Card::new(0, Suit::Hearts, 13).with_face_up(true), Card::new(0, Suit::Hearts, 11).with_face_up(true));
        let card = |rank, suit| Arg::Card { rank, suit };
        assert_eq!(
            pile_description(&[nine, king, queen, jack], PileKind::Tableau, 0, EmptyMark::Plain),
            [
                phrase("pile_tableau", vec![Arg::Number(1)]),
                phrase("pile_cards", vec![Arg::Number(4)]),
                phrase("pile_face_down", vec![Arg::Number(1)]),
                phrase("pile_face_up", vec![Arg::Number(3)]),
                phrase("pile_card", vec![card("rank_13", "suit_hearts")]),
                phrase("pile_card", vec![queen_of_spades]),
                phrase("pile_top_card", vec![card("rank_11", "suit_hearts")])
            ]
        );
        assert_eq!(
            pile_description(&[king, jack], PileKind::Foundation, 0, EmptyMark::Plain),
            [
                phrase("pile_foundation", vec![Arg::Number(1)]),
                phrase("pile_cards", vec![Arg::Number(2)]),
                phrase("pile_top_card", vec![card("rank_11", "suit_hearts")])
            ]
        );
        assert_eq!(
            pile_description(&[nine, nine], PileKind::Stock, 0, EmptyMark::Spent),
            [
                phrase("pile_stock", vec![]),
                phrase("pile_cards", vec![Arg::Number(2)]),
                phrase("pile_all_face_down", vec![Arg::Number(2)])
            ]
        );
    }

    #[test]
    fn the_clock_shows_minutes_and_from_an_hour_hours() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(185_999), "3:05");
        assert_eq!(clock(3_599_999), "59:59");
        assert_eq!(clock(3_600_000), "1:00:00");
        assert_eq!(clock(97_265_000), "27:01:05");
        assert_eq!(clock(u64::MAX), "5124095576030:25:51");
    }

    #[test]
    fn an_empty_pile_says_what_it_takes() {
        let down_from_king = EmptyMark::Starts { rank: 13, direction: Some(Direction::Down) };
        assert_eq!(
            empty_description(PileKind::Foundation, down_from_king),
            phrase("empty_builds_down", vec![Arg::Word("rank_the_13")])
        );
        let king = EmptyMark::Starts { rank: 13, direction: None };
        assert_eq!(
            empty_description(PileKind::Tableau, king),
            phrase("empty_takes_only", vec![Arg::Word("rank_a_13")])
        );
        assert_eq!(empty_description(PileKind::Foundation, EmptyMark::WholeSuit).key, "empty_whole_suit");
        assert_eq!(empty_description(PileKind::Cell, EmptyMark::Plain).key, "empty_takes_any");
        assert_eq!(empty_description(PileKind::Waste, EmptyMark::Plain).key, "empty");
        assert_eq!(empty_symbol(down_from_king), "K↓");
        assert_eq!(empty_symbol(EmptyMark::Starts { rank: 1, direction: Some(Direction::Up) }), "A↑");
        assert_eq!(empty_symbol(king), "K");
        assert_eq!(empty_symbol(EmptyMark::Plain), "");
    }

    /// The catalogues are checked against `all_keys`, so a key given and not listed there could
    /// be missing from one unnoticed.
    #[test]
    fn every_key_a_table_or_hint_gives_is_listed() {
        let listed = all_keys();
        let mut check = |phrase: &Phrase| {
            assert!(listed.contains(&phrase.key), "{} is not in all_keys", phrase.key);
            for arg in &phrase.args {
                match *arg {
                    Arg::Number(_) => {}
                    Arg::Word(key) | Arg::Pile { key, .. } => assert!(listed.contains(&key), "{key}"),
                    Arg::Card { rank, suit } => assert!(listed.contains(&rank) && listed.contains(&suit)),
                }
            }
        };
        for kind in GameKind::ALL {
            let mut game = crate::game::Game::new(kind, 3);
            for _ in 0..40 {
                for words in table_words(&game) {
                    words.description.iter().chain(&words.tap).for_each(&mut check);
                    words.moves.iter().for_each(|(phrase, _)| check(phrase));
                }
                let mut moves = Vec::new();
                game.state().legal_moves(&mut moves);
                let Some(&mv) = moves.first() else { break };
                check(&move_description(game.state(), mv));
                game.play(mv).unwrap();
            }
        }
    }
}
