//! A second relaxation, for How They Run (`Rules::digs`: each card has one possible
//! parent, groups move, only Kings go to empty piles, a few cells, runs go home): can the
//! piles holding face-down cards be dug out with no more cells than the game has?
//! `deadlock.rs` lets a cell, once free, stay free; so it cannot see a pile whose cards can
//! only leave through the cells, more of them at once than there are cells. (How They Run
//! deal 60: 2♦ lies on A♠ on 2♠ on 3♦, all three face down; 2♦ and A♠ can only wait in the
//! cells for their parents beneath them, while A♦, whose one parent is 2♦, holds a cell or
//! lies on 2♦: the sound DFS took 18 million nodes to exhaust the rest of the table.)
//!
//! The *dig*: track the tableau piles holding a face-down card and every card in a cell (the
//! tracked cards); forget the other piles. A tracked pile loses cards only from its top part
//! and gains them only on its top, so a dig position is: each tracked pile's cards, the
//! cells' tracked cards, and the tracked cards that are *out* (gone elsewhere, untracked).
//! Its moves, from a tracked pile's face-up card `b` with the cards on it (a group), or a
//! cell's card `b` alone:
//! - out, if `b` is a King (an empty pile may be there; a run going home starts with one);
//! - out, if `b`'s parent is untracked or out (it may be a top card somewhere);
//! - onto `b`'s parent, if that is the top card of another tracked pile;
//! - from a tracked pile's top into a cell, while fewer tracked cards than cells lie there.
//!
//! A face-down card turns when it comes on top. The dig is won when every tracked card is out.
//! Why a real win means a won dig: follow the real line, keeping a dig position whose piles are
//! each a bottom part of the real pile (untracked cards included in the real one), whose cells
//! hold a subset of the real cells' cards, and whose cards are face up wherever the real ones
//! are. At the start they are equal. A real move of a group starting at a card the dig's pile
//! holds is a dig move of that card's group (in the dig, the part of the real group it holds):
//! its parent, a real top card, is untracked, or out in the dig (a subset of the cells, shorter
//! piles), or tops the same real pile, which the dig then holds whole; a King or a run going
//! home goes out. Likewise a cell's card the dig's cells hold. A real card going into a cell
//! from a dig pile's top is a dig move when the dig holds that pile whole, and there is room:
//! the real cells held at least as many tracked cards. Every other real move leaves the dig as
//! it is and the relation holding: it changes the real piles above the dig's parts, the dig's
//! tracked cards elsewhere, or adds to the real cells. When the real game is won, every pile
//! and cell is empty, so the dig's are too.

use super::hash::{mix, Hasher as PositionHasher};
use super::moves::Rules;
use crate::card::{Card, KING};
use crate::spec::PileId;
use crate::state::State;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// No card (`on`), no top (`top`).
const NONE: u8 = u8::MAX;
/// In `under`: the card lies in a cell; is out (or was never tracked); lies at the bottom of
/// tracked pile `BOTTOM + p`.
const CELL: u8 = 100;
const OUT: u8 = 101;
const BOTTOM: u8 = 64;

/// Dig positions searched before giving up (the dig then proves nothing). The deals of How
/// They Run dead as dealt (1..1000) took 15 to 33; searches of deals 172 and 888 prove them
/// unwinnable in the same nodes with 4,096.
const LIMIT: usize = 1024;
/// Tableau piles a dig position has room for (How They Run has 10).
const PILES: usize = 32;
/// Verdicts remembered, by the key of the tracked piles and cells (`Dig::dead`): first
/// `FIRST_MEMO`, then, once a search has made that many digs, `MEMO`. A long How They Run
/// proof meets more tracked piles than a small memo holds (deal 78, 15 s: 13.8% and 19.7%
/// more nodes in two runs with `MEMO`, the digs' own time 2.6 s down to 1.4 s); a short
/// search, a hint or the apps' "still winnable?", does not pay for clearing the big one.
pub(crate) const FIRST_MEMO: usize = 1 << 12;
const MEMO: usize = 1 << 17;

/// A dig position. `on` and `top` follow from `under`; `key` hashes `under` and `up`.
#[derive(Clone, Copy)]
struct Position {
    /// Per card id: the card it lies on, or `CELL`, `OUT`, `BOTTOM + pile`.
    under: [u8; 52],
    /// Per card id: the card lying on it, or `NONE`.
    on: [u8; 52],
    /// Per tableau pile: its top card, or `NONE` (empty, or untracked).
    top: [u8; PILES],
    /// Face-up cards, as bits.
    up: u64,
    /// Tracked cards in the cells, and tracked cards not out.
    cells: u8,
    left: u8,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.key == other.key && self.under == other.under && self.up == other.up
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

/// Passes a position's key through: it is a good hash already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| mix(h ^ u64::from(b)));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Where a group or a cell's card can go.
enum Dest {
    Out,
    Onto(u8),
}

fn zobrist(card: u8, under: u8, up: bool) -> u64 {
    mix(u64::from(card) | u64::from(under) << 8 | u64::from(up) << 16 | 0x6469_6700_0000)
}

impl Position {
    fn start(s: &State) -> Option<Position> {
        let map = s.map();
        let mut p = Position { under: [OUT; 52], on: [NONE; 52], top: [NONE; PILES], up: 0, cells: 0, left: 0, key: 0 };
        for pile in tracked(s).filter(|&pile| usize::from(pile) < PILES) {
            let mut under = BOTTOM + pile;
            for &c in s.pile(pile) {
                let id = c.id();
                p.under[usize::from(id)] = under;
                if under < BOTTOM {
                    p.on[usize::from(under)] = id;
                }
                p.up |= u64::from(c.face_up()) << id;
                p.left += 1;
                under = id;
            }
            p.top[usize::from(pile)] = under;
        }
        // A tracked pile holds a card: none counted, none tracked.
        if p.left == 0 {
            return None;
        }
        for cell in map.cells() {
            for &c in s.pile(cell) {
                p.under[usize::from(c.id())] = CELL;
                p.up |= 1 << c.id();
                p.cells += 1;
                p.left += 1;
            }
        }
        p.key = (0..52u8)
            .filter(|&c| p.under[usize::from(c)] != OUT)
            .fold(0, |k, c| k ^ zobrist(c, p.under[usize::from(c)], p.up >> c & 1 != 0));
        Some(p)
    }

    fn set_under(&mut self, card: u8, under: u8) {
        let c = usize::from(card);
        let up = self.up >> card & 1 != 0;
        self.key ^= zobrist(card, self.under[c], up) ^ zobrist(card, under, up);
        self.under[c] = under;
    }

    /// Takes `card` (with the cards on it) off its pile, `pile`: the card beneath, if any,
    /// becomes the top, face up.
    fn lift(&mut self, card: u8, pile: usize) {
        let beneath = self.under[usize::from(card)];
        if beneath < BOTTOM {
            self.on[usize::from(beneath)] = NONE;
            self.top[pile] = beneath;
            if self.up >> beneath & 1 == 0 {
                let u = self.under[usize::from(beneath)];
                self.key ^= zobrist(beneath, u, false) ^ zobrist(beneath, u, true);
                self.up |= 1 << beneath;
            }
        } else {
            self.top[pile] = NONE;
        }
    }

    /// Where `card` (a group's bottom, whose pile's top is `top`, or a cell's card, `top`
    /// `NONE`) can go: never onto its own group.
    fn dest(&self, rules: &Rules, card: u8, top: u8) -> Option<Dest> {
        if Card::from_id(card).rank() == KING {
            return Some(Dest::Out);
        }
        let parent = rules.unders[usize::from(card)].trailing_zeros() as u8;
        match self.under[usize::from(parent)] {
            OUT => Some(Dest::Out),
            CELL => None,
            _ if self.on[usize::from(parent)] == NONE && parent != top => Some(Dest::Onto(parent)),
            _ => None,
        }
    }

    /// Puts `card` (and what lies on it, whose top is `top`) where `dest` says.
    fn land(&mut self, card: u8, top: u8, dest: Dest) {
        match dest {
            Dest::Out => {
                let mut c = card;
                loop {
                    let next = self.on[usize::from(c)];
                    self.on[usize::from(c)] = NONE;
                    self.set_under(c, OUT);
                    self.left -= 1;
                    if next == NONE {
                        break;
                    }
                    c = next;
                }
            }
            Dest::Onto(parent) => {
                if let Some(t) = self.top.iter_mut().find(|t| **t == parent) {
                    *t = top;
                }
                self.on[usize::from(parent)] = card;
                self.set_under(card, parent);
            }
        }
    }

    /// The position after `card` leaves, if it can, and whether it went out: `card` is the
    /// bottom of a group in tracked pile `pile`, whose top is `top`, or (`pile` `None`) a
    /// cell's card, `top` itself.
    fn leave(&self, rules: &Rules, card: u8, top: u8, pile: Option<usize>) -> Option<(Position, bool)> {
        let dest = self.dest(rules, card, if pile.is_some() { top } else { NONE })?;
        let gone = matches!(dest, Dest::Out);
        let mut next = *self;
        match pile {
            Some(pile) => next.lift(card, pile),
            None => next.cells -= 1,
        }
        next.land(card, top, dest);
        Some((next, gone))
    }

    /// Appends the positions worth trying one dig move away. A move out is the only one: it
    /// loses no dig win (below). Otherwise moves onto a card, then, tried last (the search
    /// takes the last first), moves into a cell, the likeliest to lose.
    ///
    /// Why a move out loses nothing: say dig position `A'` *covers* `A` when each pile of `A'`
    /// is a bottom part of `A`'s, its cells hold a subset of `A`'s, and its cards are face up
    /// wherever `A`'s are. Then each dig move from `A` is matched from `A'` by the same move or
    /// none, keeping the cover, as each real move is matched in the module comment (a dig move
    /// out stands for a real move to an untracked place). And the position after a move out
    /// covers the one before.
    fn successors(&self, rules: &Rules, cells: u8, out: &mut Vec<Position>) {
        let first = out.len();
        // Keeps a position a move reached; after a move out, only it (and says so).
        let keep = |out: &mut Vec<Position>, reached: Option<(Position, bool)>| match reached {
            Some((next, gone)) => {
                if gone {
                    out.truncate(first);
                }
                out.push(next);
                gone
            }
            None => false,
        };
        for pile in 0..self.top.len() {
            let top = self.top[pile];
            // Each face-up card with what lies on it.
            let mut b = top;
            while b != NONE && self.up >> b & 1 != 0 {
                if keep(out, self.leave(rules, b, top, Some(pile))) {
                    return;
                }
                b = self.under[usize::from(b)];
                if b >= BOTTOM {
                    break;
                }
            }
        }
        for card in 0..52u8 {
            if self.under[usize::from(card)] == CELL && keep(out, self.leave(rules, card, card, None)) {
                return;
            }
        }
        if self.cells < cells {
            let onto = out.len();
            for pile in 0..self.top.len() {
                let top = self.top[pile];
                if top != NONE {
                    let mut next = *self;
                    next.lift(top, pile);
                    next.set_under(top, CELL);
                    next.cells += 1;
                    out.push(next);
                }
            }
            let moved = out.len() - onto;
            out[first..].rotate_right(moved);
        }
    }
}

/// The dig, with its verdicts remembered: many positions of a search share their tracked
/// piles and cells.
pub(crate) struct Dig {
    /// Keys of the tracked piles and cells, bit 0 set where the dig was lost.
    memo: Vec<u64>,
    /// Digs made: at `FIRST_MEMO` the memo grows.
    digs: usize,
    seen: HashSet<Position, BuildHasherDefault<KeyHasher>>,
    todo: Vec<Position>,
}

impl Dig {
    pub(crate) fn new() -> Dig {
        Dig { memo: vec![0; FIRST_MEMO], digs: 0, seen: HashSet::default(), todo: Vec::new() }
    }

    /// Memory it may hold at most: the memo, and the seen set and the stack at twice the
    /// limit each (a hash set's buckets, a vector's doubling).
    pub(crate) fn bytes() -> usize {
        MEMO * 8 + 2 * LIMIT * (2 * std::mem::size_of::<Position>() + 1)
    }

    /// True when `s` is proved unwinnable by the dig. `key` identifies the tracked piles and
    /// the cells (`Hasher::tracked`): the verdict depends on nothing else. (Two keys alike for
    /// different piles, about one chance in 2⁶³ per question, would reuse the wrong verdict.)
    pub(crate) fn dead(&mut self, rules: &Rules, s: &State, key: u64) -> bool {
        let key = key & !1;
        let known = self.memo[self.slot(key)];
        if known != 0 && known & !1 == key {
            return known & 1 != 0;
        }
        let dead = self.search(rules, s);
        self.digs += 1;
        if self.digs >= self.memo.len() && self.memo.len() < MEMO {
            // What the small memo knew is dropped: digging it again is cheaper than moving it.
            self.memo = vec![0; MEMO];
        }
        let slot = self.slot(key);
        self.memo[slot] = key | u64::from(dead);
        dead
    }

    /// Where the memo keeps `key`'s verdict, at its present size.
    fn slot(&self, key: u64) -> usize {
        (key >> 1) as usize % self.memo.len()
    }

    fn search(&mut self, rules: &Rules, s: &State) -> bool {
        let Some(start) = Position::start(s) else { return false };
        let cells = s.map().cells;
        self.seen.clear();
        self.todo.clear();
        self.seen.insert(start);
        self.todo.push(start);
        while let Some(p) = self.todo.pop() {
            if p.left == 0 {
                return false;
            }
            let from = self.todo.len();
            p.successors(rules, cells, &mut self.todo);
            let mut kept = from;
            for i in from..self.todo.len() {
                let next = self.todo[i];
                if self.seen.insert(next) {
                    self.todo[kept] = next;
                    kept += 1;
                }
            }
            self.todo.truncate(kept);
            if self.seen.len() > LIMIT {
                return false;
            }
        }
        true
    }
}

/// Whether the dig tracks pile `p` of `s`: a tableau pile holding a face-down card.
pub(crate) fn is_tracked(s: &State, p: PileId) -> bool {
    s.map().is_tableau(p) && s.pile(p).first().is_some_and(|c| !c.face_up())
}

/// The piles the dig tracks in `s`.
pub(crate) fn tracked(s: &State) -> impl Iterator<Item = PileId> + '_ {
    s.map().tableau().filter(|&p| is_tracked(s, p))
}

/// A key for the piles the dig tracks and the cells, all its verdict depends on: the sum of
/// their shares of the position's hash.
pub(crate) fn key(hasher: &PositionHasher, rules: &Rules, s: &State) -> u64 {
    tracked(s).chain(rules.map.cells()).fold(0, |k, p| k.wrapping_add(hasher.pile_share(p)))
}
