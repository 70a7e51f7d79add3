//! What an app draws for a game: the layout of its position with each card's face and flags,
//! and what changed since the scene the app drew last.
//!
//! A tap changes a few cards; sending only those keeps a tap and its redraw cheap across the
//! boundary (issue 46: a hundred card records lifted on every tap cost more than the tap).
//! Nothing here is words: pile names and spoken descriptions are asked for separately, only when
//! a screen reader needs them, and each platform turns them into its own language.

use crate::card::Card;
use crate::game::Game;
use crate::layout::{self, TableLayout, Viewport};
use crate::spec::PileId;

/// What the layout does not say about a card: its face and whether the last move carried it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardLook {
    /// The card itself; its face may be shown only while `card.face_up()`.
    pub card: Card,
    /// Carried by the last move: the apps mark it briefly.
    pub last_moved: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub viewport: Viewport,
    pub layout: TableLayout,
    /// One per card of `layout.cards`, in the same order.
    pub looks: Vec<CardLook>,
    /// How many cards each pile of `layout.piles` holds.
    pub counts: Vec<u16>,
}

/// What to redraw: everything, or the piles and cards (indices into the new scene's layout) that
/// differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changes {
    /// The viewport or the card size changed, or nothing was drawn before: redraw all of it.
    pub full: bool,
    pub piles: Vec<usize>,
    pub cards: Vec<usize>,
}

/// Card ids run below 104 (two decks at most).
const MAX_CARDS: usize = 104;

impl Scene {
    /// The scene of `game` in `viewport`, in the arrangement of `before` (the scene drawn last)
    /// while that keeps large enough cards (`layout_keeping`): also in a viewport a little
    /// taller or shorter (a note's line more or less above the table), not in a turned one.
    pub fn of(game: &Game, viewport: &Viewport, before: Option<&Scene>) -> Scene {
        let state = game.state();
        let kept = before.and_then(|b| b.layout.arrangement);
        let layout = layout::layout_keeping(state, viewport, kept);
        let mut moved = [false; MAX_CARDS];
        for id in game.last_moved_cards() {
            if let Some(flag) = moved.get_mut(usize::from(id)) {
                *flag = true;
            }
        }
        let looks = layout
            .cards
            .iter()
            .map(|c| CardLook {
                card: state.pile(c.pile)[usize::from(c.position)],
                last_moved: moved.get(usize::from(c.card_id)) == Some(&true),
            })
            .collect();
        let counts = layout.piles.iter().map(|p| state.pile(p.pile).len() as u16).collect();
        Scene { viewport: *viewport, layout, looks, counts }
    }

    /// What differs from `before`, the scene last drawn (`None`: nothing drawn yet).
    pub fn changes(&self, before: Option<&Scene>) -> Changes {
        let (piles, cards) = (&self.layout.piles, &self.layout.cards);
        let everything =
            || Changes { full: true, piles: (0..piles.len()).collect(), cards: (0..cards.len()).collect() };
        let Some(before) = before else { return everything() };
        // The same drawing area, not the same numbers: a NaN viewport equals nothing.
        let same_frame = before.viewport.safe_area() == self.viewport.safe_area()
            && before.layout.card_width == self.layout.card_width
            && before.layout.card_height == self.layout.card_height
            && before.layout.piles.len() == piles.len()
            && before.layout.cards.len() == cards.len();
        if !same_frame {
            return everything();
        }
        let changed_piles = (0..piles.len())
            .filter(|&i| piles[i] != before.layout.piles[i] || self.counts[i] != before.counts[i])
            .collect();
        // Cards are matched by id: a moved card sits at another index of the list.
        let mut old = [usize::MAX; MAX_CARDS];
        for (i, card) in before.layout.cards.iter().enumerate() {
            if let Some(slot) = old.get_mut(usize::from(card.card_id)) {
                *slot = i;
            }
        }
        let changed_cards = (0..cards.len())
            .filter(|&i| match old.get(usize::from(cards[i].card_id)) {
                Some(&j) if j < before.layout.cards.len() => {
                    before.layout.cards[j] != cards[i] || before.looks[j] != self.looks[i]
                }
                _ => true,
            })
            .collect();
        Changes { full: false, piles: changed_piles, cards: changed_cards }
    }

    /// The pile a group dropped at (`x`, `y`) lands on, if any.
    pub fn drop_target(&self, x: f32, y: f32) -> Option<PileId> {
        self.layout.drop_target(x, y)
    }
}
