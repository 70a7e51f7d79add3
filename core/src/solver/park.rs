//! A third relaxation, for How They Run (`Rules::digs`): `deadlock.rs` with the places to park
//! counted over the whole table. There a cell, once free, stays free for every card, and an
//! empty pile, once made, takes every King; here a card in a cell holds it until it can leave,
//! and a King on a pile that was emptied holds that pile. It is asked of a search's root only:
//! it proves some deals lost as dealt that the search took millions of nodes to exhaust (How
//! They Run deal 819: 5,136,646), and costs 50 to 130 µs there (`benches/solver.rs`).
//!
//! The relaxation follows events through a line of play from the position, each counted from
//! the first time it happens, as in `deadlock.rs` (one deck: a card is its face value; its one
//! parent is the card of its suit one rank higher):
//! - `top(x)`: `x` is the top card of its pile: it is at the start, or the card lying on it at
//!   the start has moved (until it does, it lies on `x`); for a cell's card, once it has left
//!   the cell (alone, onto its parent or an empty pile, where it is the top card).
//! - `left(x)`: `x` moved off its place, leading a group or alone (a card carried in a group
//!   stays on the card beneath it), or went home in its run.
//! - `joined(x)`: `x` lies on its parent: at the start (or home already), or since it moved
//!   there, which needs its parent a top card in the tableau (not in a cell), `x` face up, and
//!   `x`'s group not holding the parent (a card from just above `x` up to the parent moved
//!   first). A card that goes into a cell no longer lies there until it comes back.
//! - A suit's run is complete once its twelve cards below the King have joined; it goes home,
//!   and with it its King (`left`).
//!
//! Those events happen as soon as they can (more events only allow more). Two kinds of move
//! are choices instead, since they hold a place:
//! - A card goes into a cell: a top card that has not moved yet, or a King leaving a pile it
//!   holds (below), while fewer cards than cells are *parked*. It stays parked until its parent
//!   is a top card not parked (a King: until it goes onto an empty pile, a choice). A card lying
//!   at the start on a card that goes into a cell must have moved before (it can only have gone
//!   into a cell itself: its one parent is the card beneath).
//! - A King goes onto an empty pile, from a cell or from above another card, while the Kings
//!   *holding* piles are fewer than the piles *emptied*: empty at the start, or whose bottom
//!   card has moved or gone home. It holds that pile until its run goes home or it goes into a
//!   cell.
//!
//! Why a real win means a won relaxation: follow the real line, making each choice when the
//! real line makes that move (a card's first move, if into a cell; a King's moves onto an empty
//! pile from a cell or from above a card, and into a cell from a pile it holds). Then each event
//! has happened no later than in the real line, each card lying on its parent there is joined
//! here, the parked cards are all in real cells, and
//! the holding Kings each lie at the bottom of a distinct real pile that was once empty (a King
//! on a pile's bottom stays at bottoms until it goes into a cell or home), so each choice finds
//! room: a card going into a real cell finds fewer other parked cards than cells; a King going
//! onto a real empty pile finds it among the piles emptied and held by no holding King. A parked
//! card leaves the relaxation's cell no later than the real one (its parent is then a top card,
//! in no real cell, so parked nowhere). When the real game is won every run is complete.
//! So if no sequence of choices completes every run, no line wins: the position is dead. The
//! choices are searched exhaustively, each state once, up to `LIMIT` states (past it, nothing
//! is proved).

use super::deadlock::{below_king_done, start, Start, NOWHERE};
use super::moves::Rules;
use crate::card::KING;
use crate::state::State;
use std::collections::HashSet;

/// Relaxed states searched before giving up (each one closure: about a microsecond). How They
/// Run deals 1..3000 need at most 1,646 at their roots (deal 2,066).
const LIMIT: usize = 1 << 12;

fn bit(card: u8) -> u64 {
    1 << card
}

/// A card's one parent (one deck: face values), none for a King.
fn parent(card: u8) -> Option<u8> {
    (card % 13 != KING - 1).then_some(card + 1)
}

/// The position, as the relaxation reads it: what `deadlock.rs` reads (`Start`), and more.
struct Table {
    at: Start,
    /// Lying on its parent at the start.
    in_place: u64,
    /// Home at the start, in runs gone home, or not in the position at all (a partial one,
    /// from the command line: a suit missing whole is no suit to complete; missing in part,
    /// it could never go home, which is the search's to find).
    home: u64,
    cells: usize,
    empty_at_start: usize,
}

/// What has happened, as sets of cards (face values).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Events {
    top: u64,
    left: u64,
    joined: u64,
    parked: u64,
    /// Kings holding a pile that was emptied.
    holding: u64,
}

/// Whether the relaxation proves `s` dead: no sequence of choices completes every run.
pub(crate) fn dead(rules: &Rules, s: &State) -> bool {
    let table = Table::new(rules, s);
    let (cells, home) = (table.at.cell_cards, table.home);
    let mut first =
        Events { top: table.at.top, left: cells | home, joined: table.in_place | home, parked: cells, holding: 0 };
    table.close(&mut first);
    let mut seen = HashSet::from([first]);
    let mut todo = vec![first];
    while let Some(e) = todo.pop() {
        if table.won(&e) {
            return false;
        }
        for mut next in table.choices(&e) {
            table.close(&mut next);
            if seen.insert(next) {
                if seen.len() > LIMIT {
                    return false;
                }
                todo.push(next);
            }
        }
    }
    true
}

impl Table {
    fn new(rules: &Rules, s: &State) -> Table {
        let map = s.map();
        let at = start::<true>(rules, s);
        let on_parent = |c: u8| at.beneath[usize::from(c)].is_some_and(|u| parent(c) == Some(u.id()));
        let in_place = (0..52u8).filter(|&c| on_parent(c)).fold(0, |m, c| m | bit(c));
        let home = at.home | ((1 << 52) - 1) & !(at.all | at.home);
        let empty_at_start = map.tableau().len() - at.bottoms.count_ones() as usize;
        Table { in_place, home, cells: map.cells().len(), empty_at_start, at }
    }

    fn complete(e: &Events, suit: u8) -> bool {
        below_king_done(e.joined, usize::from(suit) * 13)
    }

    /// Whether `x` lay in the tableau at the start.
    fn in_tableau(&self, x: u8) -> bool {
        self.at.place[usize::from(x)] != NOWHERE
    }

    fn won(&self, e: &Events) -> bool {
        (0..4).all(|suit| Table::complete(e, suit))
    }

    /// Piles empty at the start, or whose bottom card has moved or gone home.
    fn emptied(&self, e: &Events) -> usize {
        self.empty_at_start + (self.at.bottoms & e.left).count_ones() as usize
    }

    /// Whether `x` may go onto its parent `p` now, from the tableau or a cell.
    fn joins(&self, e: &Events, x: u8, p: u8) -> bool {
        if e.top & bit(p) == 0 || e.parked & bit(p) != 0 {
            return false;
        }
        let ((px, hx), (pp, hp)) = (self.at.place[usize::from(x)], self.at.place[usize::from(p)]);
        if px == NOWHERE.0 || pp != px || hp < hx {
            return true;
        }
        // The parent above it in its pile: a card from just above it up to the parent moved.
        let mut moved = self.at.pile_cards[usize::from(px)] & e.left;
        while moved != 0 {
            let y = moved.trailing_zeros() as usize;
            moved &= moved - 1;
            if (hx + 1..=hp).contains(&self.at.place[y].1) {
                return true;
            }
        }
        false
    }

    /// Every event that needs no choice, as soon as it can happen.
    fn close(&self, e: &mut Events) {
        loop {
            let before = *e;
            // What lay on a card has left it: a top card now.
            let mut moved = e.left;
            while moved != 0 {
                let y = moved.trailing_zeros() as usize;
                moved &= moved - 1;
                e.top |= self.at.beneath[y].map_or(0, |u| bit(u.id()));
            }
            for x in 0..52u8 {
                let b = bit(x);
                let Some(p) = parent(x) else {
                    // A King goes home with its complete run.
                    if Table::complete(e, x / 13) {
                        e.left |= b;
                        (e.parked, e.holding) = (e.parked & !b, e.holding & !b);
                    }
                    continue;
                };
                if e.joined & b != 0 || !self.joins(e, x, p) {
                    continue;
                }
                if e.parked & b != 0 {
                    e.parked &= !b;
                    (e.top, e.joined) = (e.top | b, e.joined | b);
                } else if e.left & b == 0 && self.in_tableau(x) && (self.at.face_up | e.top) & b != 0 {
                    (e.left, e.joined) = (e.left | b, e.joined | b);
                }
            }
            if *e == before {
                return;
            }
        }
    }

    /// The states one choice on from `e`.
    fn choices(&self, e: &Events) -> Vec<Events> {
        let mut next = Vec::new();
        if (e.holding.count_ones() as usize) < self.emptied(e) {
            for king in (0..4).map(|suit| suit * 13 + KING - 1) {
                let b = bit(king);
                // (Not from a pile's bottom: a null move.)
                let from_tableau = e.left & b == 0
                    && self.in_tableau(king)
                    && self.at.bottoms & b == 0
                    && (self.at.face_up | e.top) & b != 0;
                if e.parked & b != 0 || from_tableau {
                    next.push(Events {
                        top: e.top | if e.parked & b != 0 { b } else { 0 },
                        left: e.left | b,
                        parked: e.parked & !b,
                        holding: e.holding | b,
                        ..*e
                    });
                }
            }
        }
        if (e.parked.count_ones() as usize) < self.cells {
            let mut free = (e.top & !e.left & !e.parked) | (e.holding & e.top);
            while free != 0 {
                let x = free.trailing_zeros() as u8;
                free &= free - 1;
                // A card lying on it from the start has left it, for a cell.
                let child_on = !x.is_multiple_of(13) && self.in_place & bit(x - 1) != 0 && e.left & bit(x - 1) == 0;
                if !child_on {
                    let b = bit(x);
                    next.push(Events {
                        top: e.top,
                        left: e.left | b,
                        // Off its parent, if it lay there: it must come back.
                        joined: e.joined & !b,
                        parked: e.parked | b,
                        holding: e.holding & !b,
                    });
                }
            }
        }
        next
    }
}
