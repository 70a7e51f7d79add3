//! The canonical position hash keying the transposition table: positions that differ only in
//! ways the rules cannot tell apart hash alike.
//!
//! - Two-deck games: the copies of a card are interchangeable, so cards hash by face value.
//! - Interchangeable piles (tableau piles when `Rules::tableau_symmetric`, cells, foundations
//!   of one rule) are combined by a commutative sum of their mixed hashes, so order is folded.
//! - The stock and a feeding reserve only ever lose their top card, so within one search their
//!   length alone says what they hold.

use super::moves::{Rules, FACES};
use crate::card::Card;
use crate::engine::Effect;
use crate::spec::{PileId, PileKind, ReserveRule};
use crate::state::State;

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
/// Where `Hasher::awaiting` sets its bits: the top 15 of the table's 60-bit keys, above any
/// bits a table's home slot reads (`search.rs`: bits 7 and up, one per doubling, so a table
/// would need 2³⁸ slots to read them).
pub(crate) const AWAITING_SHIFT: u32 = 45;

/// A strong 64-bit finaliser (MurmurHash3's), so that sums of mixed values rarely collide.
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn pile_hash(cards: &[Card]) -> u64 {
    // A card's key, its face value and whether it lies face up, looked up by its byte (bit 7
    // face up, the id below: see `Card`), not worked out: 1.5% fewer instructions in a search.
    const KEYS: [u8; 256] = {
        let mut keys = [0; 256];
        let mut byte = 0;
        while byte < 256 {
            keys[byte] = FACES[byte & 0x7F] | (((byte >> 7) as u8) << 6);
            byte += 1;
        }
        keys
    };
    cards.iter().fold(cards.len() as u64, |h, &c| {
        let key = u64::from(KEYS[usize::from(c.byte())]);
        (h.rotate_left(11) ^ key).wrapping_mul(GOLDEN)
    })
}

/// Fills `piles` with the piles `effects` touched, each once: the only ones whose shares of
/// the hash change (`Hasher::value_after`).
pub(crate) fn touched(effects: &[Effect], piles: &mut Vec<PileId>) {
    piles.clear();
    piles.extend(effects.iter().flat_map(|e| e.piles()));
    piles.sort_unstable();
    piles.dedup();
}

/// The canonical hash, kept up to date pile by pile: a move touches few piles, so only their
/// shares of the sum are recomputed.
pub(crate) struct Hasher {
    shares: Vec<u64>,
    total: u64,
    symmetric: bool,
    /// The shares `apply` replaced, oldest first, for `revert`: taking a move back then
    /// hashes nothing again. The effects say whose they are.
    pub(crate) journal: Vec<u64>,
}

impl Hasher {
    pub(crate) fn new(rules: &Rules, s: &State) -> Hasher {
        let symmetric = rules.tableau_symmetric(s);
        let shares: Vec<u64> = (0..s.pile_count()).map(|p| share(rules, s, p, symmetric)).collect();
        Hasher { total: sum(&shares), shares, symmetric, journal: Vec::new() }
    }

    pub(crate) fn value(&self) -> u64 {
        self.total
    }

    /// A key for the position together with two of its piles (`moves.rs`, rule 7): the
    /// position's own key with the piles' places, in the order of their shares (so by what
    /// they hold: interchangeable piles stay interchangeable, and equal shares hold the same),
    /// set in its top bits. So it is never the position's own key, two pairs of piles of one
    /// position never share one, and keys of different positions collide no more often than
    /// the positions' own. And its home slot in the table is the position's own
    /// (`AWAITING_SHIFT`): the search looks up both (`search.rs`), and then waits for memory
    /// once, not twice. (Yakutat Bay deal 567, proved in 20,577,356 nodes against 20,487,397
    /// with a key mixed from the piles' shares: `Table::place` went from 14.1% of the time to
    /// 6.5%, `Table::find` from 13.7% to 17.3%; six runs each, alternated, 69.8 s in all
    /// against 71.5 s, from 10.94 to 12.18 s a run against 11.28 to 12.79 s.)
    pub(crate) fn awaiting(&self, left: PileId, went: PileId) -> u64 {
        // Fewer than 128 piles in every game: each place fits 7 bits.
        let place = |p: PileId| {
            let share = self.shares[usize::from(p)];
            self.shares.iter().filter(|&&other| other < share).count() as u64
        };
        self.total ^ ((place(left) << 7 | place(went)) + 1) << AWAITING_SHIFT
    }

    /// Pile `p`'s share of the hash.
    pub(crate) fn pile_share(&self, p: PileId) -> u64 {
        self.shares[usize::from(p)]
    }

    /// Every pile's share, in pile order: what `set` takes back.
    pub(crate) fn shares(&self) -> &[u64] {
        &self.shares
    }

    /// Makes this the hasher of `s`, whose piles' shares (`shares`) were kept from when it was
    /// hashed: nothing is hashed again, and this hasher's vectors are reused.
    pub(crate) fn set(&mut self, rules: &Rules, s: &State, shares: &[u64]) {
        self.shares.clear();
        self.shares.extend_from_slice(shares);
        self.total = sum(shares);
        self.symmetric = rules.tableau_symmetric(s);
        self.journal.clear();
    }

    /// Brings the hash up to date with `s` after `effects` were applied to it, keeping in
    /// `journal` the shares it replaced.
    pub(crate) fn apply(&mut self, rules: &Rules, s: &State, effects: &[Effect]) {
        if rules.tableau_symmetric(s) != self.symmetric {
            self.journal.extend_from_slice(&self.shares);
            let fresh = Hasher::new(rules, s);
            (self.shares, self.total, self.symmetric) = (fresh.shares, fresh.total, fresh.symmetric);
            return;
        }
        for &effect in effects {
            match effect {
                Effect::Transfer { from, to, .. } => {
                    self.refresh(rules, s, usize::from(from));
                    self.refresh(rules, s, usize::from(to));
                }
                Effect::Flip(pile) => self.refresh(rules, s, usize::from(pile)),
            }
        }
    }

    /// Takes back the last `apply`, of `effects`, which `s` has just undone.
    pub(crate) fn revert(&mut self, rules: &Rules, s: &State, effects: &[Effect]) {
        if rules.tableau_symmetric(s) != self.symmetric {
            let from = self.journal.len().saturating_sub(self.shares.len());
            self.shares.clear();
            self.shares.extend(self.journal.drain(from..));
            self.total = sum(&self.shares);
            self.symmetric = rules.tableau_symmetric(s);
            return;
        }
        for &effect in effects.iter().rev() {
            match effect {
                Effect::Transfer { from, to, .. } => {
                    self.restore(usize::from(to));
                    self.restore(usize::from(from));
                }
                Effect::Flip(pile) => self.restore(usize::from(pile)),
            }
        }
    }

    /// The hash of `s`, in which only `piles` (each named once) changed since the position
    /// this hasher is up to date with; the hasher stays as it is, so a search that tries each
    /// move and takes it back hashes each touched pile once, not twice.
    pub(crate) fn value_after(&self, rules: &Rules, s: &State, piles: &[PileId]) -> u64 {
        if rules.tableau_symmetric(s) != self.symmetric {
            return Hasher::new(rules, s).value();
        }
        piles.iter().fold(self.total, |total, &pile| {
            let pile = usize::from(pile);
            total.wrapping_sub(self.shares[pile]).wrapping_add(share(rules, s, pile, self.symmetric))
        })
    }

    fn refresh(&mut self, rules: &Rules, s: &State, pile: usize) {
        if let Some(old) = self.shares.get_mut(pile) {
            self.journal.push(*old);
            let new = share(rules, s, pile, self.symmetric);
            self.total = self.total.wrapping_sub(*old).wrapping_add(new);
            *old = new;
        }
    }

    /// `refresh` taken back.
    fn restore(&mut self, pile: usize) {
        if let Some(now) = self.shares.get_mut(pile) {
            let Some(old) = self.journal.pop() else { return };
            self.total = self.total.wrapping_sub(*now).wrapping_add(old);
            *now = old;
        }
    }
}

/// The hash the piles' shares make: their sum, so that pile order can be folded.
fn sum(shares: &[u64]) -> u64 {
    shares.iter().fold(0, |a, &b| a.wrapping_add(b))
}

/// One pile's share of the canonical hash.
fn share(rules: &Rules, s: &State, pile: usize, symmetric: bool) -> u64 {
    let cards = s.pile(pile as u8);
    let salt = match rules.kind(pile as u8) {
        PileKind::Tableau if symmetric => 1,
        PileKind::Foundation => 2 + u64::from(rules.found_class[pile - usize::from(rules.map.tableau)]),
        PileKind::Cell => 20,
        PileKind::Stock => return mix(cards.len() as u64 ^ 30 << 56),
        PileKind::Reserve if s.spec().reserve == Some(ReserveRule::Feeder) => return mix(cards.len() as u64 ^ 31 << 56),
        _ => 40 + pile as u64,
    };
    mix(pile_hash(cards) ^ salt.wrapping_mul(GOLDEN))
}
