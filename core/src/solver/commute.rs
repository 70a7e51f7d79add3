//! Pruning rule 10, a partial-order reduction (How They Run, as rule 5): with both cells
//! full, a win can start with a move of one of a few cards, those it must move before any
//! other can help them; only their moves are tried. Most of a How They Run proof's positions
//! have full cells, and most of their moves only shuffle piles no such card waits on.
//!
//! The cards (`first_movers`): the smallest set holding the cells' cards and closed under
//! *needs*, where a card `t` needs
//! - nothing, if it is home, on its parent `t+1`, or a King at the bottom of a pile;
//! - the card on it, if it is face down;
//! - a face-up King astray (on a card, or in a cell): the moves that can empty a pile, if none
//!   is empty: every pile's bottom card and, where that is a King, the cards of its suit not on
//!   their parents (one of them completes the run). With a pile empty the rule is not applied:
//!   the King's move would wait for its use (rule 7), which the argument below cannot follow.
//! - its parent `t+1`, if that lies in a cell; the card on `t+1`, if one lies there; every card
//!   above `t` in its pile, if `t+1` is among them;
//! - else (`t` can go onto `t+1` now) the face-up cards of `t+1`'s pile, `t+1` among them
//!   (each leads a group holding `t+1`), and the cards of its suit if that may complete its run
//!   (every other card of the suit lies on its parent).
//!
//! Why a shortest winning line `L` gives one as short whose first move is of one of these
//! cards (moving the group it leads; in play a pile's face-down cards lie beneath its face-up
//! ones, so a face-up card leads a group). `L` moves one: a cell's card must leave its cell. Say
//! `m`, moving `t`, is the first. Before `m` no card leaves a cell (the cells' cards are among
//! these), so none goes into one; so no card comes off its parent (a card goes only onto its
//! parent, into a cell or, a King, onto an empty pile); and a card of the set moves only
//! within a group another card leads, which leaves it where it lies. Then `m` was legal at
//! the start: each card whose move could have made it legal is in the set (the card on `t`,
//! on `t+1`, between them; `t+1` in a cell), and when it was legal at the start, no move
//! before it holds `t+1` (the cards leading such a group are in the set), so none took
//! `t+1` onto `t`'s group and away again. `m` is no move into a cell, and no King's onto an
//! empty pile: a King of the set lies face down under a card of the set, or at the bottom of a
//! pile (a shortest line has no whole pile's move onto an empty one: rule 2's null move), or
//! no pile is empty at the start, and one empties only by a move of a card of the set (the
//! pile's bottom card, or, for a run completing, a card of its suit not on its parent).
//! So `m` puts `t` onto `t+1`, and played first it leaves each move before it legal, with the
//! same result: onto `t+1` nothing but `t` could go, and no group moved holds `t+1` (so none
//! would hold its own target, `t` or a card above it); `m` uncovers or turns the card `t` lay
//! on, or frees a cell, which only adds options; a group that carried `t` carries it no
//! longer, and the card a group goes onto is still on top. A run `m` completes goes home at
//! once, where in `L` `m` completed it too (no card of the suit comes off its parent before,
//! none moves but inside a group, and a group from beneath it carries less); one completed
//! before `m` holds neither `t` nor `t+1`. (Without the cards leading a group that holds
//! `t+1`, a line may move such a group onto `t`, then `t+1` on, then `t` onto it: a test pins
//! such a position.)
//! So `L` with `m` first is a win as short. `m` goes onto a card, so it never waits (rule 7)
//! and is never rule 3's reversal (it would take `t` off `t+1`, which only a move into a cell
//! does): the position after it is explored with every move the rules keep, and by induction
//! on the length of a shortest win, the search finds one. (No card of the set can move: the
//! position is lost.) The rule is applied only where no earlier move waits for its use, so
//! the moves it keeps are all the position's, less those rules 1 to 9 cut.

use super::moves::{face, face_bits, Rules, KINGS};
use crate::engine::Move;
use crate::state::State;

/// The Kings' ranks, as a face value's rank (`face % 13`).
const KING_RANK: usize = 12;

/// Removes from `moves[start..]` the moves whose group's bottom card is not among the
/// `first_movers`, where rule 10 applies (How They Run, the cells full, the position not
/// after a waiting move: the caller asks it).
pub(crate) fn retain_first_movers(rules: &Rules, s: &State, moves: &mut Vec<Move>, start: usize) {
    if moves.len() - start < 2 {
        return;
    }
    let Some(first) = first_movers(rules, s) else { return };
    let mut kept = start;
    for i in start..moves.len() {
        let Move::Transfer { from, count, .. } = moves[i] else { return };
        let pile = s.pile(from);
        if first >> face(pile[pile.len() - usize::from(count)]) & 1 != 0 {
            moves[kept] = moves[i];
            kept += 1;
        }
    }
    moves.truncate(kept);
}

/// The cards (face values, as bits) a win must move one of first, when the cells are full and
/// no King waits for an empty pile (see the module's comment); else `None`.
fn first_movers(rules: &Rules, s: &State) -> Option<u64> {
    let mut cells = 0u64;
    for cell in rules.map.cells() {
        cells |= 1 << face(*s.pile(cell).last()?);
    }
    let piles = Piles::of(rules, s);
    let mut set = cells;
    let mut todo = cells;
    while todo != 0 {
        let t = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let needs = piles.needs(s, t, cells)?;
        todo |= needs & !set;
        set |= needs;
    }
    Some(set)
}

/// What `needs` asks of a position's tableau, per face value.
struct Piles {
    /// The card lying on each card, where one does.
    on: [u8; 52],
    /// Each tableau card's pile and place in it.
    at: [(u8, u8); 52],
    /// Cards (as bits): in the tableau; face up; on top of a tableau pile; on their parent; at
    /// the bottom of a pile.
    tableau: u64,
    up: u64,
    top: u64,
    on_parent: u64,
    bottom: u64,
    /// Whether a tableau pile is empty.
    empty: bool,
}

/// A suit's cards but its King, as bits, for the suit of face value `f`.
fn suit_below_king(f: usize) -> u64 {
    ((1u64 << KING_RANK) - 1) << (f / 13 * 13)
}

impl Piles {
    fn of(rules: &Rules, s: &State) -> Piles {
        let mut t =
            Piles { on: [0; 52], at: [(0, 0); 52], tableau: 0, up: 0, top: 0, on_parent: 0, bottom: 0, empty: false };
        for p in rules.map.tableau() {
            let pile = s.pile(p);
            let Some(&last) = pile.last() else {
                t.empty = true;
                continue;
            };
            t.top |= 1 << face(last);
            t.bottom |= 1 << face(pile[0]);
            let mut under = None;
            for (i, &c) in pile.iter().enumerate() {
                let f = face(c);
                t.tableau |= 1 << f;
                t.at[f] = (p, i as u8);
                t.up |= u64::from(c.face_up()) << f;
                if let Some(u) = under {
                    t.on[u] = f as u8;
                    t.on_parent |= u64::from(u == f + 1 && f % 13 != KING_RANK) << f;
                }
                under = Some(f);
            }
        }
        t
    }

    /// The cards whose moves may empty a pile (see the module's comment): the bottom cards,
    /// and for each King among them, the cards of its suit not on their parents.
    fn emptiers(&self) -> u64 {
        let mut kings = self.bottom & KINGS;
        let mut cards = self.bottom;
        while kings != 0 {
            cards |= suit_below_king(kings.trailing_zeros() as usize) & !self.on_parent;
            kings &= kings - 1;
        }
        cards
    }

    /// The cards (as bits) card `t` needs (see the module's comment), `cells` holding the
    /// cells' cards; `None` for a King that could go onto an empty pile now.
    fn needs(&self, s: &State, t: usize, cells: u64) -> Option<u64> {
        let bit = |f: usize| 1u64 << f;
        let in_play = self.tableau | cells;
        if in_play & bit(t) == 0 || self.on_parent & bit(t) != 0 {
            return Some(0);
        }
        if self.up & bit(t) == 0 && cells & bit(t) == 0 {
            return Some(bit(usize::from(self.on[t])));
        }
        if t % 13 == KING_RANK {
            return if self.bottom & bit(t) != 0 {
                Some(0)
            } else if self.empty {
                None
            } else {
                Some(self.emptiers())
            };
        }
        let parent = t + 1;
        if cells & bit(parent) != 0 {
            return Some(bit(parent));
        }
        if self.tableau & bit(parent) == 0 {
            return Some(0);
        }
        if self.top & bit(parent) == 0 {
            return Some(bit(usize::from(self.on[parent])));
        }
        let ((pile, place), (parent_pile, parent_place)) = (self.at[t], self.at[parent]);
        if cells & bit(t) == 0 && pile == parent_pile && parent_place > place {
            return Some(face_bits(&s.pile(pile)[usize::from(place) + 1..]));
        }
        // The cards leading a group that holds `t+1` (a move of one could carry `t+1` onto `t`'s
        // own group, and then away again).
        let mut needs = face_bits(s.pile(parent_pile).iter().filter(|c| c.face_up()));
        let rest_of_suit = suit_below_king(t) & !bit(t);
        if self.on_parent & rest_of_suit == rest_of_suit {
            needs |= rest_of_suit | bit(t / 13 * 13 + KING_RANK);
        }
        Some(needs)
    }
}
