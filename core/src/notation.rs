//! The text interface: positions and moves as JSON, pile names, and position validation.
//!
//! ```json
//! {"game": "zerline", "tableau": [["QC", "JD"], …], "foundations": [[], …],
//!  "reserve": [], "stock": ["#9D", …], "waste": ["KS"]}
//! {"from": "tableau:2", "cards": 3, "to": "tableau:5"}    {"from": "stock"}
//! ```
//! A card is rank (`A 2 … 9 T J Q K`) then suit (`C D H S`), `#` in front when face down.
//! Piles list cards bottom to top. In two-deck games the first copy of a card met (tableau,
//! foundations, cells, reserve, stock, waste, in that order) is deck 0's.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::engine::{is_complete_run, Move};
use crate::error::NotationError;
use crate::games::GameKind;
use crate::spec::*;
use crate::state::State;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    pub game: String,
    pub tableau: Vec<Vec<String>>,
    pub foundations: Vec<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waste: Option<Vec<String>>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MoveJson {
    pub from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Set in saves on moves the auto-play option made.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub auto: bool,
}

/// Whether a position must hold every card of the game's decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completeness {
    Complete,
    /// Analysis positions may leave cards out.
    Partial,
}

pub fn pile_name(map: &PileMap, pile: PileId) -> String {
    match map.kind(pile) {
        Some((kind, _)) if kind.is_single() => kind.name().to_string(),
        Some((kind, index)) => format!("{}:{index}", kind.name()),
        None => format!("pile {pile}"),
    }
}

pub fn parse_pile(map: &PileMap, name: &str) -> Result<PileId, NotationError> {
    let bad = || NotationError::BadPile(name.to_string());
    let (kind, index) = match name.split_once(':') {
        // One name per pile: "tableau:00" and "tableau:+0" would read back as "tableau:0".
        Some((kind, digits)) => (kind, digits.parse::<u8>().ok().filter(|i| i.to_string() == digits).ok_or_else(bad)?),
        None => (name, 0),
    };
    let kind =
        [PileKind::Tableau, PileKind::Foundation, PileKind::Cell, PileKind::Reserve, PileKind::Stock, PileKind::Waste]
            .into_iter()
            .find(|k| k.name() == kind && k.is_single() != name.contains(':'))
            .ok_or_else(bad)?;
    map.id(kind, index).ok_or_else(bad)
}

pub fn move_to_json(map: &PileMap, mv: Move) -> MoveJson {
    match mv {
        Move::Stock => MoveJson { from: "stock".into(), cards: None, to: None, auto: false },
        Move::Transfer { from, count, to } => {
            MoveJson { from: pile_name(map, from), cards: Some(count), to: Some(pile_name(map, to)), auto: false }
        }
    }
}

pub fn move_from_json(map: &PileMap, json: &MoveJson) -> Result<Move, NotationError> {
    let bad = || NotationError::BadMove(serde_json::to_string(json).unwrap_or_default());
    match (json.from.as_str(), json.cards, &json.to) {
        ("stock", None, None) => Ok(Move::Stock),
        (from, Some(count), Some(to)) if count > 0 => {
            Ok(Move::Transfer { from: parse_pile(map, from)?, count, to: parse_pile(map, to)? })
        }
        _ => Err(bad()),
    }
}

pub fn parse_move(map: &PileMap, text: &str) -> Result<Move, NotationError> {
    let json: MoveJson = serde_json::from_str(text).map_err(|e| NotationError::Json(e.to_string()))?;
    move_from_json(map, &json)
}

pub fn format_move(map: &PileMap, mv: Move) -> String {
    serde_json::to_string(&move_to_json(map, mv)).expect("a move always serialises")
}

fn cards_text(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

pub fn position_to_json(state: &State) -> PositionJson {
    let map = state.map();
    let piles = |range: std::ops::Range<PileId>| range.map(|p| cards_text(state.pile(p))).collect();
    let single = |pile: Option<PileId>| pile.map(|p| cards_text(state.pile(p)));
    PositionJson {
        game: state.kind().slug().to_string(),
        tableau: piles(map.tableau()),
        foundations: piles(map.foundations()),
        cells: (map.cells > 0).then(|| piles(map.cells())),
        reserve: single(map.reserve),
        stock: single(map.stock),
        waste: single(map.waste),
    }
}

pub fn format_position(state: &State) -> String {
    serde_json::to_string(&position_to_json(state)).expect("a position always serialises")
}

pub fn parse_position(text: &str, completeness: Completeness) -> Result<State, NotationError> {
    let json: PositionJson = serde_json::from_str(text).map_err(|e| NotationError::Json(e.to_string()))?;
    position_from_json(&json, completeness)
}

pub fn position_from_json(json: &PositionJson, completeness: Completeness) -> Result<State, NotationError> {
    let kind = GameKind::from_slug(&json.game).ok_or_else(|| NotationError::UnknownGame(json.game.clone()))?;
    let spec = kind.spec();
    let mut state = State::empty(kind);
    let map = *state.map();
    let mut copies = [0u8; 52];

    let mut fill = |state: &mut State, name: &str, ids: Vec<PileId>, given: Option<&[Vec<String>]>| {
        let given = given.unwrap_or_default();
        if given.len() != ids.len() {
            return Err(NotationError::PileCount { piles: name.to_string(), expected: ids.len(), found: given.len() });
        }
        for (pile, cards) in ids.into_iter().zip(given) {
            for text in cards {
                let card = Card::parse(text, 0).ok_or_else(|| NotationError::BadCard(text.clone()))?;
                let seen = &mut copies[usize::from(card.id())];
                if *seen >= spec.decks {
                    return Err(NotationError::TooManyCopies {
                        card: text.trim_start_matches('#').to_string(),
                        decks: spec.decks,
                    });
                }
                let card = Card::new(*seen, card.suit(), card.rank()).with_face_up(card.face_up());
                *seen += 1;
                state.pile_mut(pile).push(card);
            }
        }
        Ok(())
    };
    let single = |pile: Option<PileId>, given: &Option<Vec<String>>| -> (Vec<PileId>, Option<Vec<Vec<String>>>) {
        (pile.into_iter().collect(), given.clone().map(|cards| vec![cards]))
    };

    fill(&mut state, "tableau", map.tableau().collect(), Some(&json.tableau))?;
    fill(&mut state, "foundations", map.foundations().collect(), Some(&json.foundations))?;
    fill(&mut state, "cells", map.cells().collect(), json.cells.as_deref())?;
    for (name, pile, given) in
        [("reserve", map.reserve, &json.reserve), ("stock", map.stock, &json.stock), ("waste", map.waste, &json.waste)]
    {
        let (ids, given) = single(pile, given);
        fill(&mut state, name, ids, given.as_deref())?;
    }
    if completeness == Completeness::Complete && state.card_count() != spec.card_count() {
        return Err(NotationError::Incomplete { found: state.card_count(), expected: spec.card_count() });
    }
    check_piles(&state)?;
    Ok(state)
}

/// Checks that every pile could occur in play: faces where the rules put them, foundations
/// built by their rule, capacities kept.
pub fn check_piles(state: &State) -> Result<(), NotationError> {
    let spec = state.spec();
    let map = state.map();
    let fail =
        |pile: PileId, reason: &'static str| Err(NotationError::BadPileContents { pile: pile_name(map, pile), reason });
    for pile in 0..state.pile_count() as PileId {
        let cards = state.pile(pile);
        let all_up = cards.iter().all(|c| c.face_up());
        match state.pile_kind(pile) {
            Some(PileKind::Tableau) => {
                let down = cards.len() - state.face_up_count(pile);
                if cards[..down].iter().any(|c| c.face_up()) || (down > 0 && down == cards.len()) {
                    return fail(pile, "face-down cards must lie under the face-up ones, and the top card is face up");
                }
            }
            Some(PileKind::Foundation) => {
                let index = usize::from(pile - map.foundations().start);
                if !all_up || !foundation_is_valid(spec.foundations[index], cards) {
                    return fail(pile, "a foundation must hold face-up cards built by its rule");
                }
            }
            Some(PileKind::Cell) if cards.len() > 1 || !all_up => return fail(pile, "a cell holds one face-up card"),
            Some(PileKind::Reserve) => match spec.reserve {
                Some(ReserveRule::Holding { capacity }) if cards.len() > usize::from(capacity) || !all_up => {
                    return fail(pile, "the reserve holds at most 4 face-up cards");
                }
                Some(ReserveRule::Feeder)
                    if cards
                        .split_last()
                        .is_some_and(|(top, rest)| !top.face_up() || rest.iter().any(|c| c.face_up())) =>
                {
                    return fail(pile, "only the reserve's top card is face up");
                }
                _ => {}
            },
            Some(PileKind::Stock) if cards.iter().any(|c| c.face_up()) => return fail(pile, "the stock is face down"),
            Some(PileKind::Waste) if !all_up => return fail(pile, "the waste is face up"),
            _ => {}
        }
    }
    for (pile, rule) in map.foundations().zip(spec.foundations) {
        if let (FoundationRule::Build { one_per_suit: true, .. }, Some(first)) = (rule, state.pile(pile).first()) {
            let twin = map.foundations().zip(spec.foundations).any(|(other, other_rule)| {
                other != pile
                    && other_rule == rule
                    && state.pile(other).first().is_some_and(|c| c.suit() == first.suit())
            });
            if twin {
                return fail(pile, "each suit starts one foundation of each kind");
            }
        }
    }
    Ok(())
}

fn foundation_is_valid(rule: FoundationRule, cards: &[Card]) -> bool {
    match rule {
        FoundationRule::CompleteRun => cards.is_empty() || is_complete_run(cards),
        FoundationRule::Build { base, direction, wrap, .. } => {
            let build = Build { suit: SuitRule::Same, direction, wrap };
            cards.len() <= 13
                && cards.first().is_none_or(|c| c.rank() == base)
                && cards.windows(2).all(|w| build.accepts(w[0], w[1]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::deal;

    #[test]
    fn every_deal_round_trips_through_json() {
        for kind in GameKind::ALL {
            let state = deal(kind, 7);
            let text = format_position(&state);
            assert_eq!(parse_position(&text, Completeness::Complete).unwrap(), state, "{text}");
        }
    }

    #[test]
    fn pile_names_round_trip() {
        for kind in GameKind::ALL {
            let map = kind.spec().piles();
            for pile in 0..map.len {
                assert_eq!(parse_pile(&map, &pile_name(&map, pile)), Ok(pile));
            }
        }
        let dnieper = GameKind::Dnieper.spec().piles();
        for bad in ["tableau", "tableau:7", "stock:0", "waste", "cell:0", "", "tableau:x", "foundation:-1"] {
            assert_eq!(parse_pile(&dnieper, bad), Err(NotationError::BadPile(bad.to_string())));
        }
    }
}
