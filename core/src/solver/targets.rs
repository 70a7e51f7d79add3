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

/// In `Places::of_face`: a card not face up in the tableau or in a cell.
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
        let places = Places::of(self, s);
        let mut room = [(0, 0, 0); ROOM];
        let candidates = self.candidates(s, &places, &mut room);
        // `collect`'s order: by the pile moved from, then the group's size, then the target.
        candidates.sort_unstable();
        if let Some(forced) = self.first_forced(s, &places, candidates) {
            return Some(forced);
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

    /// The legal moves, before any rule but 2 and 8 is asked: onto each tableau top, its one
    /// child; into a cell, each top; onto an empty pile, each King.
    fn candidates<'c>(&self, s: &State, places: &Places, room: &'c mut [Candidate; ROOM]) -> &'c mut [Candidate] {
        let map = &self.map;
        let mut n = 0;
        let mut add = |c: Candidate| {
            room[n] = c;
            n += 1;
        };
        for to in map.tableau() {
            let Some(top) = s.top(to).filter(|c| c.face_up()) else { continue };
            // Onto a top: its one child, face up elsewhere.
            let child = self.takes[face(top)];
            if child != 0 {
                let (from, count) = places.of_face[child.trailing_zeros() as usize];
                if from != NOWHERE.0 && from != to {
                    add((from, count, to));
                }
            }
            // Into a cell (rule 8: a card lying on its parent only for the parent to follow it
            // into another, and only a parent not lying on its own).
            if let Some(cell) = places.first_cell.filter(|_| !self.digs_in_vain(s.pile(to), places.free_cells)) {
                add((to, 1, cell));
            }
        }
        // Kings onto an empty pile (rule 2: not a whole pile).
        if let Some(to) = places.first_empty() {
            let mut kings = KINGS;
            while kings != 0 {
                let (from, count) = places.of_face[kings.trailing_zeros() as usize];
                kings &= kings - 1;
                let whole_pile = map.is_tableau(from) && usize::from(count) == s.pile(from).len();
                if from != NOWHERE.0 && !whole_pile {
                    add((from, count, to));
                }
            }
        }
        &mut room[..n]
    }

    /// The first forced move among `candidates`: a King onto an empty pile (rule 9), a group
    /// onto its parent (rule 6), a cell's card onto its parent (rule 5).
    fn first_forced(&self, s: &State, places: &Places, candidates: &[Candidate]) -> Option<Move> {
        let map = &self.map;
        let astray = self.kings_astray(s);
        let &(from, count, to) = candidates.iter().find(|&&(from, count, to)| {
            if map.is_tableau(to) && s.pile(to).is_empty() {
                astray <= places.empty.count_ones() as usize
            } else if map.is_tableau(to) && map.is_tableau(from) {
                let pile = s.pile(from);
                self.joins_for_good(s, &pile[pile.len() - usize::from(count)..], to, astray)
            } else if map.is_tableau(to) {
                self.top_on_parent(s.pile(to))
            } else {
                false
            }
        })?;
        let mv = Move::Transfer { from, count, to };
        debug_assert!(s.is_legal(mv));
        Some(mv)
    }
}

/// Where the candidates come from.
struct Places {
    /// Per face: the pile each face-up card lies in (tableau or cell), and the size of the
    /// group it leads.
    of_face: [(PileId, u8); 52],
    /// The empty tableau piles, as bits.
    empty: u32,
    /// The first free cell, and how many are free.
    first_cell: Option<PileId>,
    free_cells: usize,
}

impl Places {
    fn of(rules: &Rules, s: &State) -> Places {
        let map = &rules.map;
        let mut places = Places { of_face: [NOWHERE; 52], empty: 0, first_cell: None, free_cells: 0 };
        for p in map.tableau() {
            let pile = s.pile(p);
            places.empty |= u32::from(pile.is_empty()) << p;
            // The groups: the face-up cards above the last face-down one.
            for (count, &c) in (1..).zip(pile.iter().rev().take_while(|c| c.face_up())) {
                places.of_face[face(c)] = (p, count);
            }
        }
        for cell in map.cells() {
            match s.pile(cell).last() {
                Some(&c) => {
                    if c.face_up() {
                        places.of_face[face(c)] = (cell, 1);
                    }
                }
                None => {
                    places.free_cells += 1;
                    places.first_cell.get_or_insert(cell);
                }
            }
        }
        places
    }

    fn first_empty(&self) -> Option<PileId> {
        (self.empty != 0).then(|| self.empty.trailing_zeros() as PileId)
    }
}
