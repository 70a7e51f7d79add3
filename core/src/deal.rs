//! Deals: `(game, deal number)` to the opening position, the same forever (G-6).
//!
//! The shuffle, written out here so that no dependency can change it:
//! 1. The deck is laid out in id order: deck 0 then deck 1, suits C D H S, ranks A to K.
//! 2. A SplitMix64 generator is seeded with `salt + deal * 0x9E3779B97F4A7C15` (wrapping), where
//!    `salt` is the game's `shuffle_salt`.
//! 3. Fisher–Yates from the last card down: for `i` from `n - 1` to 1, swap card `i` with card
//!    `j`, where `j` is uniform in `0..=i` by Lemire's multiply-shift with rejection.
//! 4. Cards are then dealt from the front of the shuffled deck: tableau piles left to right, each
//!    its face-down cards then its face-up ones; then one card into each cell; then the reserve
//!    (face-down cards, then face-up ones). What remains forms the stock, face down, the first
//!    remaining card at the bottom.
//! 5. In two-deck games, the copies of a card are then renumbered so that deck 0's is the first
//!    met going through the piles in order, bottom to top: the copies are interchangeable, and
//!    this way the deal reads back from its notation card for card.
//!
//! Changing any of this changes every deal, which G-6 forbids: saves replay their moves from
//! the deal, and statistics, the proven lists and the daily pools name deals by number.
//! (A known weakness kept for that reason: the seed steps by the generator's own increment, so
//! deal `n + 1` draws deal `n`'s numbers shifted by one, and many of their cards lie
//! one place apart.)

use crate::card::Card;
use crate::games::GameKind;
use crate::state::State;

/// The deal numbers a random new game is drawn from: small enough to read out and type back.
pub const RANDOM_DEALS: std::ops::RangeInclusive<u64> = 1..=1_000_000;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (Lemire, "Fast random integer generation in an interval", 2019).
    fn below(&mut self, bound: u64) -> u64 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

/// The shuffled deck(s) for a deal, before dealing.
pub fn shuffled_deck(kind: GameKind, deal: u64) -> Vec<Card> {
    let spec = kind.spec();
    let mut cards: Vec<Card> = (0..spec.card_count() as u8).map(Card::from_id).collect();
    shuffle(&mut cards, spec.shuffle_salt.wrapping_add(deal.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
    cards
}

/// Step 3 above, with a SplitMix64 generator seeded with `seed`.
pub(crate) fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = SplitMix64(seed);
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The opening position of deal number `deal` of `kind`.
pub fn deal(kind: GameKind, deal: u64) -> State {
    let spec = kind.spec();
    let map = *State::empty(kind).map();
    let mut state = State::empty(kind);
    let mut deck = shuffled_deck(kind, deal).into_iter();
    let mut lay = |state: &mut State, pile: u8, down: u8, up: u8| {
        let cards = &mut deck;
        let pile = state.pile_mut(pile);
        pile.extend(cards.by_ref().take(usize::from(down)).map(|c| c.with_face_up(false)));
        pile.extend(cards.by_ref().take(usize::from(up)).map(|c| c.with_face_up(true)));
    };
    for (pile, count) in map.tableau().zip(spec.deal.tableau) {
        lay(&mut state, pile, count.down, count.up);
    }
    for cell in map.cells() {
        lay(&mut state, cell, 0, spec.deal.cells);
    }
    if let Some(reserve) = map.reserve {
        lay(&mut state, reserve, spec.deal.reserve.down, spec.deal.reserve.up);
    }
    if let Some(stock) = map.stock {
        lay(&mut state, stock, u8::MAX, 0);
    }
    debug_assert_eq!(state.card_count(), spec.card_count());
    state.number_copies_in_order();
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator is the published SplitMix64: its reference outputs for seed 1234567.
    #[test]
    fn splitmix64_matches_reference_outputs() {
        let mut rng = SplitMix64(1234567);
        let outputs: Vec<u64> = (0..5).map(|_| rng.next()).collect();
        assert_eq!(
            outputs,
            [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821]
        );
    }

    #[test]
    fn bounded_draw_stays_in_range_and_reaches_both_ends() {
        let mut rng = SplitMix64(7);
        let draws: Vec<u64> = (0..2000).map(|_| rng.below(5)).collect();
        assert!(draws.iter().all(|&d| d < 5));
        assert!(draws.contains(&0) && draws.contains(&4));
    }

    #[test]
    fn every_card_is_dealt_once() {
        for kind in GameKind::ALL {
            let mut ids: Vec<u8> = shuffled_deck(kind, 42).iter().map(|c| c.id()).collect();
            ids.sort_unstable();
            assert_eq!(ids, (0..kind.spec().card_count() as u8).collect::<Vec<_>>());
        }
    }
}
