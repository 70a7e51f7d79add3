//! How They Run's sound moves, looked for from where they go (`Rules::onto_one_parent`: each
//! card has one possible parent, only Kings go to empty piles, no card goes home by hand).
//! `Rules::collect` walks every face-up card of every pile and asks which tops take it; here
//! each tableau top takes one card at most, so the moves come from the ten tops, the four
//! Kings and the cells, once every face-up card's place is noted. The same moves in the same
//! order, and the same forced move (rules 5, 6 and 9), as `collect` gives in the sound pass (a
//! debug assertion checks it); the beam's heuristic rules stay in `collect`. (How They Run deal
//! 877: `generate` took 34% of its proof's time, 21% since.)

use super::moves::{face, Awaited, Plain, Rules, KINGS};
use crate::engine::Move;
use crate::spec::PileId;
use crate::state::State;

/// In `collect_by_target`'s places: a card not face up in the tableau or in a cell.
const NOWHERE: (PileId, u8) = (PileId::MAX, 0);

/// A move before it is checked: from, how many cards, to.
type Candidate = (PileId, u8, PileId);

/// Room for the candidates: a move onto each tableau top and one into a cell from each, and one
/// for each King (`finds_by_target`).
const ROOM: usize = 32;

impl Rules {
    /// Whether the sound pass finds its moves by target: where each card has one parent
    /// (`onto_one_parent`) and the candidates fit `ROOM`.
    pub(super) fn finds_by_target(&self) -> bool {
        self.onto_one_parent && 2 * usize::from(self.map.tableau) + KINGS.count_ones() as usize <= ROOM
    }

    /// `collect` in the sound pass where `onto_one_parent` holds: fills `found` with the
    /// moves to try (after a move that waits for its use, those that may use it), or returns
    /// the forced move.
    pub(super) fn collect_by_target(
        &self,
        s: &State,
        last: Plain,
        awaited: Option<Awaited>,
        found: &mut Vec<(i32, Move)>,
    ) -> Option<Move> {
        let map = &self.map;
        // Per face: the pile each face-up card lies in, and the size of the group it leads.
        let mut places = [NOWHERE; 52];
        let (mut empty, mut first_cell, mut free_cells) = (0u32, None, 0usize);
        for p in map.tableau() {
            let pile = s.pile(p);
            empty |= u32::from(pile.is_empty()) << p;
            // The groups: the face-up cards above the last face-down one.
            for (count, &c) in (1..).zip(pile.iter().rev().take_while(|c| c.face_up())) {
                places[face(c)] = (p, count);
            }
        }
        for cell in map.cells() {
            match s.pile(cell).last() {
                Some(&c) => {
                    if c.face_up() {
                        places[face(c)] = (cell, 1);
                    }
                }
                None => {
                    free_cells += 1;
                    first_cell.get_or_insert(cell);
                }
            }
        }
        let first_empty = (empty != 0).then(|| empty.trailing_zeros() as PileId);

        let mut candidates: [Candidate; ROOM] = [(0, 0, 0); ROOM];
        let mut n = 0;
        let mut add = |c: Candidate| {
            candidates[n] = c;
            n += 1;
        };
        for to in map.tableau() {
            let Some(top) = s.top(to).filter(|c| c.face_up()) else { continue };
            // Onto a top: its one child, face up elsewhere.
            let child = self.takes[face(top)];
            if child != 0 {
                let (from, count) = places[child.trailing_zeros() as usize];
                if from != NOWHERE.0 && from != to {
                    add((from, count, to));
                }
            }
            // Into a cell (rule 8: a card lying on its parent only for the parent to follow it
            // into another, and only a parent not lying on its own).
            if let Some(cell) = first_cell.filter(|_| !self.digs_in_vain(s.pile(to), free_cells)) {
                add((to, 1, cell));
            }
        }
        // Kings onto an empty pile (rule 2: not a whole pile).
        if let Some(to) = first_empty {
            let mut kings = KINGS;
            while kings != 0 {
                let (from, count) = places[kings.trailing_zeros() as usize];
                kings &= kings - 1;
                let whole_pile = map.is_tableau(from) && usize::from(count) == s.pile(from).len();
                if from != NOWHERE.0 && !whole_pile {
                    add((from, count, to));
                }
            }
        }
        let candidates = &mut candidates[..n];
        // `collect`'s order: by the pile moved from, then the group's size, then the target.
        candidates.sort_unstable();

        // The first forced move in that order: a King onto an empty pile (rule 9), a group onto
        // its parent (rule 6), a cell's card onto its parent (rule 5).
        let astray = self.kings_astray(s);
        for &(from, count, to) in candidates.iter() {
            let forced = if map.is_tableau(to) && s.pile(to).is_empty() {
                astray <= empty.count_ones() as usize
            } else if map.is_tableau(to) && map.is_tableau(from) {
                let pile = s.pile(from);
                self.joins_for_good(s, &pile[pile.len() - usize::from(count)..], to, astray)
            } else if map.is_tableau(to) {
                self.top_on_parent(s.pile(to))
            } else {
                false
            };
            if forced {
                let mv = Move::Transfer { from, count, to };
                debug_assert!(s.is_legal(mv));
                return Some(mv);
            }
        }
        for &(from, count, to) in candidates.iter() {
            if last == Some((to, from, count)) {
                continue; // rule 3
            }
            let mv = Move::Transfer { from, count, to };
            debug_assert!(s.is_legal(mv), "{mv:?}");
            if awaited.is_none_or(|awaited| self.uses(s, awaited, mv)) {
                found.push((self.score(s, mv), mv));
            }
        }
        None
    }
}
