//! Static deadlock detection: a proof, from where the cards lie, that a position can never be
//! won, found without searching it.
//!
//! The relaxation follows three kinds of event through any line of play, each counted from
//! the first time it happens:
//! - `top(x)`: card `x` is the top card of a tableau pile (so a card may go onto it). It is
//!   the top at the start, or the card lying directly on it at the start has left it (until
//!   that card leaves, it is the one on `x`: what lies on a card changes only when that card
//!   moves), or it is a cell's card that left for the tableau (it moves alone), or, where
//!   foundations give cards back, it has been home.
//! - `leave(x)`: `x` left the place it starts in. It must be face up (face up at the start,
//!   or `top(x)`, G-2) and go somewhere: onto a card `t` that accepts it, which is then a top
//!   card (`top(t)` happened before) and not in `x`'s group: if `t` starts above `x` in its
//!   pile, a card from just above `x` up to `t` left before (until one does, each lies on the
//!   one beneath, so `t` is in `x`'s group); onto an empty pile that takes it (some other pile's
//!   bottom card left before, or a pile was empty at the start); from the top of a tableau
//!   pile into a cell (a cell was empty at the start, or a cell's card left) or a holding
//!   reserve; or home.
//! - `home(x)`: `x` went to a foundation built card by card: it was the top of a tableau
//!   pile or lay in a cell, and the cards it follows were home before. Where foundations take
//!   complete runs, a King leaves home once every other card of its suit has left its place
//!   or lies in place on it already (a run in suit from the King up, at the start).
//!
//! Each event needs events that happened strictly earlier, so by induction on the time an
//! event first happens, every event of a line lies in the least set closed under these
//! rules. Everything else is loosened (a card once on top counts as on top for ever, an empty
//! pile or cell once there stays there, the reserve always has room), which only adds events.
//! A win needs every card home (or, for complete runs, every card face up and moved or in
//! place); if the least set lacks one, no line wins and the position is dead.
//!
//! Two ways find that set: a worklist (`closure`), for every game, and, for a game with
//! neither cells nor complete runs, passes over bit sets (`plain_closure`), faster there; a
//! test checks that they agree.

use super::moves::{face, Plain, Rules};
use crate::card::{Card, KING};
use crate::engine::Effect;
use crate::games::GameKind;
use crate::spec::PileId;
use crate::spec::{Direction, EmptyRule, FoundationRule, GameSpec, PileKind, ReserveRule};
use crate::state::State;
use std::sync::OnceLock;

/// A set of cards by id: the relaxation runs on one deck only (`applies`), where a card's id
/// is its face value.
type Cards = u64;

fn bit(card: Card) -> Cards {
    1 << card.id()
}

/// What the relaxation needs of the rules beyond `Rules`' own tables, worked out once per
/// search.
pub(crate) struct Tables {
    /// Per foundation rule built card by card, per face value: the face values that must be
    /// home before it (`NEVER` if it never goes there), and the face value that goes there
    /// right after it (`NO_NEXT` if none).
    needs: Vec<([u64; 52], [u8; 52])>,
    /// The face values that go first onto a foundation built card by card.
    bases: Cards,
    /// Per face value, the face values that go right after it on some foundation.
    after: [Cards; 52],
    /// The face values an empty tableau pile takes.
    empty_takes: Cards,
    /// Whether the game has cells or foundations that take complete runs (`closure`).
    cells_or_runs: bool,
    holding_reserve: bool,
}

const NO_NEXT: u8 = u8::MAX;

/// The place of a card not in a tableau pile at the start.
pub(super) const NOWHERE: (u8, u8) = (u8::MAX, u8::MAX);

/// A need no set of face values meets.
const NEVER: u64 = u64::MAX;

impl Tables {
    pub(crate) fn new(spec: &GameSpec) -> Tables {
        let empty_takes = (0..52u8)
            .filter(|&f| match spec.tableau.empty {
                EmptyRule::AnyCard => true,
                EmptyRule::OnlyRank(rank) => Card::from_id(f).rank() == rank,
            })
            .fold(0, |set, f| set | 1 << f);
        let cells_or_runs = spec.cells > 0 || spec.foundations.contains(&FoundationRule::CompleteRun);
        let holding_reserve = matches!(spec.reserve, Some(ReserveRule::Holding { .. }));
        let mut tables =
            Tables { needs: Vec::new(), bases: 0, after: [0; 52], empty_takes, cells_or_runs, holding_reserve };
        for rule in spec.foundations {
            let FoundationRule::Build { base, direction, wrap, .. } = *rule else { continue };
            let needs: [u64; 52] =
                std::array::from_fn(|f| predecessors(Card::from_id(f as u8), base, direction, wrap).unwrap_or(NEVER));
            let next: [u8; 52] = std::array::from_fn(|f| {
                let after = needs[f] | 1 << f;
                let next = (0..52).find(|&g| needs[f] != NEVER && needs[g] == after);
                next.map_or(NO_NEXT, |g| g as u8)
            });
            tables.bases |= (0..52).filter(|&f| needs[f] == 0).fold(0, |set, f| set | 1 << f);
            for (f, &g) in next.iter().enumerate().filter(|&(_, &g)| g != NO_NEXT) {
                tables.after[f] |= 1 << g;
            }
            if !tables.needs.iter().any(|(n, _)| *n == needs) {
                tables.needs.push((needs, next));
            }
        }
        tables
    }
}

/// Whether the relaxation can apply at all: some tableau pile can hold face-down cards and an
/// empty pile does not take every card (else every card could always leave). One deck only:
/// no two-deck game here has both, and card sets then fit a `u64`, which made Yakutat Bay's
/// searches 13 to 22% faster than sets for two decks.
pub(crate) fn applies(spec: &GameSpec) -> bool {
    spec.decks == 1 && spec.deal.tableau.iter().any(|d| d.down > 0) && spec.tableau.empty != EmptyRule::AnyCard
}

/// The relaxation's tables for the game of `rules`, made once per game; `None` where the
/// relaxation can never prove anything (`applies`).
fn tables(rules: &Rules) -> Option<&'static Tables> {
    static TABLES: [OnceLock<Option<Tables>>; GameKind::ALL.len()] = [const { OnceLock::new() }; GameKind::ALL.len()];
    let spec = rules.game.spec();
    TABLES[rules.game.index()].get_or_init(|| applies(spec).then(|| Tables::new(spec))).as_ref()
}

/// Whether a position reached by `effects` is dead (`dead`). Asked only after a
/// move turned a tableau card, the move that most changes what the relaxation sees:
/// asking after every move costs more search than it saves. (Yakutat Bay's 78 deals
/// undecided at 2 s: 14 proved when asked after every move, 20 this way; How They Run,
/// deals 1..1000 at 2 s: 898 won and 59 proved when also asked after a card went into a
/// cell, 906 and 60 this way.) The DFS also asks after a move of a group onto a card, while
/// that pays (`moved_onto_a_card`, and `dead_onto_a_card` in `dfs.rs`). A missed proof costs
/// search, never a win. So the check stops, "live", once the group the move put on a
/// tableau pile is found able to leave it again, which from a live parent settles it (as
/// `moved_onto_a_card` argues; onto an empty pile, that pile is empty again once it
/// leaves): Yakutat Bay deal 812's proof took 2.0% fewer instructions (13,015,753,281
/// against 13,275,582,774) and 1,728,728 nodes instead of 1,728,721.
pub(crate) fn dead_after(rules: &Rules, s: &State, effects: &[Effect]) -> bool {
    if tables(rules).is_none() || !rules.turns_a_card(effects) {
        return false;
    }
    let moved = match effects.first() {
        Some(&Effect::Transfer { to, count, .. }) if rules.map.is_tableau(to) => {
            let onto = s.pile(to);
            onto.len().checked_sub(usize::from(count)).map(|i| onto[i])
        }
        _ => None,
    };
    dead_unless_leaves(rules, s, moved)
}

/// After `last`, a plain move of a group onto a card of another tableau pile: that pile,
/// and the group's bottom card. From a live position (one the relaxation does not prove
/// dead), such a move reaches a live one whenever that card can leave its new place again:
/// in what the relaxation sees, the pile it left only gained (a new top card, or an empty
/// pile, and its cards no longer have the group above them), and the card it covered lost
/// only its place on top, which it gets back when the group leaves; so do the cards beneath
/// it, which now have the group above them, their right to go onto a card of the group.
/// (Not where runs go home: there a group's bottom card has one place to go, and asking
/// cost more than it saved: How They Run deal 106, 0.80 s before, 0.94 s with it.)
pub(crate) fn moved_onto_a_card(rules: &Rules, s: &State, last: Plain) -> Option<(PileId, Card)> {
    let (from, to, count) = last?;
    if tables(rules).is_none() || rules.runs_home || !rules.map.is_tableau(from) || !rules.map.is_tableau(to) {
        return None;
    }
    let onto = s.pile(to);
    onto.len().checked_sub(usize::from(count) + 1).map(|i| (to, onto[i + 1]))
}

/// True when `s` is proved unwinnable by the relaxation above (never in a game where it does
/// not apply).
pub(crate) fn dead(rules: &Rules, s: &State) -> bool {
    dead_unless_leaves(rules, s, None)
}

/// `dead`, but answering false as soon as `card` is found able to leave its place: for a
/// position one move from a live one, where that settles it (`moved_onto_a_card`).
pub(crate) fn dead_unless_leaves(rules: &Rules, s: &State, card: Option<Card>) -> bool {
    dead_unless_leaves_knowing(rules, s, card, &Barred::NONE)
}

/// `dead_unless_leaves`, with events known never to happen (`occupied`'s findings above `s`)
/// left out; there are none where `occupied` does not apply.
pub(crate) fn dead_unless_leaves_knowing(rules: &Rules, s: &State, card: Option<Card>, known: &Barred) -> bool {
    let Some(tables) = tables(rules) else { return false };
    if tables.cells_or_runs {
        closure(tables, rules, s, card)
    } else {
        plain_closure(tables, rules, s, card, known)
    }
}

/// What the start tells the relaxation about the cards in play (those not home at the start):
/// the sets as they start, and what the rules about groups and piles ask.
pub(super) struct Start {
    pub(super) all: Cards,
    pub(super) top: Cards,
    pub(super) leave: Cards,
    pub(super) home: Cards,
    pub(super) face_up: Cards,
    pub(super) bottoms: Cards,
    pub(super) cell_cards: Cards,
    /// In place for a complete run: on the next higher card of its suit, down to a King.
    pub(super) in_place: Cards,
    pub(super) beneath: [Option<Card>; 52],
    /// Where each tableau card lies, as (pile, height), and per pile its cards (left empty
    /// where `CELLS_OR_RUNS` is false: only the worklist asks them): see `leave(x)` above.
    pub(super) place: [(u8, u8); 52],
    pub(super) pile_cards: [Cards; 32],
    pub(super) empty_pile: bool,
}

/// The start of the relaxation for `s`; `CELLS_OR_RUNS` false only where the game has no
/// cells and no foundations that take complete runs (so that it pays nothing for them).
pub(super) fn start<const CELLS_OR_RUNS: bool>(rules: &Rules, s: &State) -> Start {
    let spec = s.spec();
    let map = s.map();
    let runs_home = CELLS_OR_RUNS && spec.foundations.contains(&FoundationRule::CompleteRun);
    let gives_back = spec.foundations.iter().any(|f| f.gives_back());
    let mut at = Start {
        all: 0,
        top: 0,
        leave: 0,
        home: 0,
        face_up: 0,
        bottoms: 0,
        cell_cards: 0,
        in_place: 0,
        beneath: [None; 52],
        place: [NOWHERE; 52],
        pile_cards: [0; 32],
        empty_pile: false,
    };
    for p in 0..map.len {
        let pile = s.pile(p);
        match rules.kind(p) {
            PileKind::Tableau => {
                let Some((&first, _)) = pile.split_first() else {
                    at.empty_pile = true;
                    continue;
                };
                at.bottoms |= bit(first);
                at.top |= bit(pile[pile.len() - 1]);
                for (i, &card) in pile.iter().enumerate() {
                    at.all |= bit(card);
                    // Piles past these bounds go without the rule, which only loosens.
                    if p < 32 && i < 64 {
                        at.place[usize::from(card.id())] = (p, i as u8);
                        // (Only the worklist asks it.)
                        if CELLS_OR_RUNS {
                            at.pile_cards[usize::from(p)] |= bit(card);
                        }
                    }
                    if card.face_up() {
                        at.face_up |= bit(card);
                    }
                    let placed = match i.checked_sub(1).map(|j| pile[j]) {
                        None => runs_home && card.rank() == KING,
                        Some(under) => {
                            at.beneath[usize::from(card.id())] = Some(under);
                            runs_home
                                && at.in_place & bit(under) != 0
                                && under.suit() == card.suit()
                                && under.rank() == card.rank() + 1
                        }
                    };
                    if placed {
                        at.in_place |= bit(card);
                    }
                }
            }
            PileKind::Cell if CELLS_OR_RUNS => {
                for &card in pile {
                    at.all |= bit(card);
                    at.cell_cards |= bit(card);
                    at.face_up |= bit(card);
                }
            }
            PileKind::Foundation => {
                for &card in pile {
                    at.home |= bit(card);
                    if gives_back {
                        at.top |= bit(card);
                    }
                }
            }
            // The stock, waste and reserve: loosened to free cards.
            _ => {
                for &card in pile {
                    at.top |= bit(card);
                    at.leave |= bit(card);
                    at.home |= bit(card);
                }
            }
        }
    }
    at
}

/// Whether `t` lies above `x` in its pile at the start with every card from `x` up to it
/// still in place (`left_heights`: per pile, the heights whose card has left), so that `x`
/// cannot go onto it.
fn above_in_place(place: &[(u8, u8); 52], x: Card, t: Card, left_heights: &[u64; 32]) -> bool {
    let ((px, hx), (pt, ht)) = (place[usize::from(x.id())], place[usize::from(t.id())]);
    px == pt && px != NOWHERE.0 && ht > hx && left_heights[usize::from(px)] >> (hx + 1) << (hx + 1) << (63 - ht) == 0
}

/// The cards in play that `cards` take on the tableau.
fn takers_of(rules: &Rules, mut cards: Cards, all: Cards) -> Cards {
    let mut takers = 0;
    while cards != 0 {
        takers |= rules.takes[cards.trailing_zeros() as usize];
        cards &= cards - 1;
    }
    takers & all
}

/// `dead_unless_leaves` for a game with neither cells nor complete runs (Yakutat Bay): the
/// same least closed set as `closure`'s, found in passes over the cards that can go home or
/// leave, picked out by bit sets, instead of a worklist that looks at every card and again
/// whenever an event it asks about happens. (The set is the least one closed under the rules,
/// whatever the order it is found in; a test checks the two agree. Yakutat Bay deal 567, first
/// 300,000 nodes: 441,704,564 instructions in this check against 704,430,515, and 12.6% fewer
/// in the whole search, node for node the same.)
fn plain_closure(tables: &Tables, rules: &Rules, s: &State, card: Option<Card>, known: &Barred) -> bool {
    passes(tables, rules, (&start::<false>(rules, s), None), known, Some(card.map_or(0, bit)), None).is_some()
}

/// Events the relaxation leaves out, each proved impossible in every line of play
/// (`occupied`): first leaves of `leave`'s cards, first trips home of `home`'s, and per card,
/// the cards in `onto` as the target of its first leave.
///
/// What `occupied` finds of a position (no `home`: a card that never goes home settles it)
/// holds in every position below it for the cards no move since has moved: a line from
/// such a position, after the moves that reached it, is a line from the first, and a card
/// those moves left in place still starts where it did, so its first leave is the same event
/// in both lines, onto the same card. (The DFS passes them down its path: `Refined` in `dfs.rs`.)
#[derive(Clone)]
pub(crate) struct Barred {
    leave: Cards,
    home: Cards,
    onto: [Cards; 52],
}

impl Barred {
    pub(crate) const NONE: Barred = Barred { leave: 0, home: 0, onto: [0; 52] };

    pub(crate) fn is_empty(&self) -> bool {
        self.leave == 0 && self.home == 0 && self.onto.iter().all(|&onto| onto == 0)
    }

    /// The cards something is known of.
    #[cfg(test)]
    pub(crate) fn about(&self) -> Cards {
        let onto = self.onto.iter().enumerate().filter(|(_, &onto)| onto != 0).fold(0, |m, (card, _)| m | 1 << card);
        self.leave | self.home | onto
    }

    /// What still holds once `moved` (card ids, one deck) have moved.
    pub(crate) fn without(&self, moved: Cards) -> Barred {
        let mut kept = self.clone();
        kept.leave &= !moved;
        kept.home &= !moved;
        for (card, onto) in kept.onto.iter_mut().enumerate() {
            if moved >> card & 1 != 0 {
                *onto = 0;
            }
        }
        kept
    }
}

/// The least closed set, with `barred`'s events left out.
#[derive(Clone, Copy)]
struct Sets {
    top: Cards,
    home: Cards,
    leave: Cards,
    /// Whether an empty tableau pile is ever there: at the start, or once a bottom card left.
    empty_pile: bool,
}

/// How `passes` found a set: the sets as each pass began, and the pass in which each card
/// first left and went home (`NOT_YET` if never). A set with more events left out holds the
/// sets as the pass that first found one of them began (what came before owed them nothing),
/// so it can be found from there.
struct Trace {
    begun: Vec<Progress>,
    left_in: [u8; 52],
    home_in: [u8; 52],
}

const NOT_YET: u8 = u8::MAX;

impl Trace {
    fn new() -> Trace {
        Trace { begun: Vec::new(), left_in: [NOT_YET; 52], home_in: [NOT_YET; 52] }
    }

    fn clear(&mut self) {
        self.begun.clear();
        self.left_in = [NOT_YET; 52];
        self.home_in = [NOT_YET; 52];
    }

    /// The sets as the pass began that first found one of the events of leaving `leave` or
    /// going home `home` (the last pass's, if none did).
    fn before(&self, leave: Cards, home: Cards) -> Option<&Progress> {
        let mut first = NOT_YET;
        for (mut cards, pass) in [(leave, &self.left_in), (home, &self.home_in)] {
            while cards != 0 {
                first = first.min(pass[cards.trailing_zeros() as usize]);
                cards &= cards - 1;
            }
        }
        self.begun.get(usize::from(first).min(self.begun.len().saturating_sub(1)))
    }
}

/// What `passes` has found so far.
#[derive(Clone, Copy)]
struct Progress {
    top: Cards,
    leave: Cards,
    home: Cards,
    /// Per pile, the heights whose card has left: see `leave(x)` above.
    left_heights: [u64; 32],
    /// The cards with a parent among the top cards (their own group aside), and those that may
    /// go home next: a base, or the next of a card home (`Tables::after`, a superset of the
    /// cards whose predecessors are home; `needs` decides).
    parent_on_top: Cards,
    home_next: Cards,
}

/// The least closed set for a game with neither cells nor complete runs, by passes over bit
/// sets, from the start `at` or, given `from`, from sets a pass of a search with fewer events
/// left out began with (`Trace`). Given `settle`, `None` as soon as the set holds every card
/// home (a win is not ruled out) or the card in `settle` leaves. `trace`, if given, is filled.
fn passes(
    tables: &Tables,
    rules: &Rules,
    (at, from): (&Start, Option<&Progress>),
    barred: &Barred,
    settle: Option<Cards>,
    mut trace: Option<&mut Trace>,
) -> Option<Sets> {
    let Start { all, face_up, bottoms, beneath, place, empty_pile, .. } = *at;
    let holding_reserve = tables.holding_reserve;
    let empty_takers = tables.empty_takes & all;
    let nexts = |mut cards: Cards| {
        let mut after = 0;
        while cards != 0 {
            after |= tables.after[cards.trailing_zeros() as usize];
            cards &= cards - 1;
        }
        after
    };
    let Progress { mut top, mut leave, mut home, mut left_heights, mut parent_on_top, mut home_next } =
        from.copied().unwrap_or_else(|| Progress {
            top: at.top,
            leave: at.leave,
            home: at.home,
            left_heights: [0; 32],
            parent_on_top: takers_of(rules, at.top, all),
            home_next: tables.bases | nexts(at.home),
        });
    for pass in 0u8.. {
        if let Some(trace) = trace.as_deref_mut() {
            trace.begun.push(Progress { top, leave, home, left_heights, parent_on_top, home_next });
        }
        let mut changed = false;
        // A top card whose foundation predecessors are home goes home (where foundations give
        // cards back, it is a top card there too: it already was).
        let mut homing = top & all & !home & home_next & !barred.home;
        while homing != 0 {
            let f = homing.trailing_zeros() as usize;
            homing &= homing - 1;
            // (Where home holds every card below its cards, as in Yakutat Bay, `home_next`
            // alone decides; loosened stock and reserve cards count as home out of order.)
            if tables.needs.iter().any(|(needs, _)| needs[f] & !home == 0) {
                home |= 1 << f;
                if let Some(trace) = trace.as_deref_mut() {
                    trace.home_in[f] = pass;
                }
                home_next |= nexts(1 << f);
                homing |= top & all & !home & home_next & !barred.home;
                changed = true;
            }
        }
        // A face-up or top card leaves: home, into a holding reserve, onto an empty pile, or
        // onto a top card that takes it and is not in its group.
        let mut leaving = (face_up | top) & all & !leave & !barred.leave & (home | parent_on_top | empty_takers);
        if holding_reserve {
            leaving |= top & all & !leave & !barred.leave;
        }
        while leaving != 0 {
            let x = Card::from_id(leaving.trailing_zeros() as u8);
            let (fx, b) = (usize::from(x.id()), bit(x));
            leaving &= leaving - 1;
            let onto_card = || {
                let mut onto = top & rules.unders[fx] & !barred.onto[fx];
                while onto != 0 {
                    let t = Card::from_id(onto.trailing_zeros() as u8);
                    onto &= onto - 1;
                    if !above_in_place(&place, x, t, &left_heights) {
                        return true;
                    }
                }
                false
            };
            let leaves = home & b != 0
                || (holding_reserve && top & b != 0)
                || (empty_takers & b != 0 && (empty_pile || leave & bottoms & !b != 0))
                || onto_card();
            if !leaves {
                continue;
            }
            leave |= b;
            if let Some(trace) = trace.as_deref_mut() {
                trace.left_in[fx] = pass;
            }
            changed = true;
            if settle == Some(b) {
                return None;
            }
            let (p, h) = place[fx];
            if p != NOWHERE.0 {
                left_heights[usize::from(p)] |= 1 << h;
            }
            // The card beneath is now a top card.
            if let Some(under) = beneath[fx] {
                if top & bit(under) == 0 {
                    top |= bit(under);
                    parent_on_top |= rules.takes[usize::from(under.id())] & all;
                }
            }
        }
        if settle.is_some() && home & all == all {
            return None;
        }
        if !changed {
            break;
        }
    }
    Some(Sets { top, home, leave, empty_pile: empty_pile || leave & bottoms != 0 })
}

/// Whether `occupied` can ever prove anything in the game: where the relaxation applies, and
/// there are neither cells nor complete runs.
pub(crate) fn refines(rules: &Rules) -> bool {
    tables(rules).is_some_and(|t| !t.cells_or_runs)
}

/// Which cards gave `occupied` its findings (`E`'s card, and `y`) in a search so far: asked
/// about first, since the positions a search meets one after another are mostly dead for the
/// same few reasons. It orders the asking, nothing else: a finding stays one while more events
/// are left out (the sets only shrink: `y`'s places with them, and `E` stays outside
/// `L−leave(y)`), so the findings close to the same sets, and the same verdict, in any order.
/// (Yakutat Bay, `occupied`'s plain passes over the sets: deal 259, 17,348,301 for its dead
/// answers without it, 1,710,237 with it, the round begun again at each finding and `y`s that
/// cannot come first passed over; deal 915, 5,980,214 and 368,761; the same nodes.)
#[derive(Clone, Copy, Default)]
pub(crate) struct Recall {
    events: Cards,
    ys: Cards,
}

impl Recall {
    /// A recall of these cards, to test that the order changes nothing.
    #[cfg(test)]
    pub(crate) fn of(events: Cards, ys: Cards) -> Recall {
        Recall { events, ys }
    }
}

/// The cards of `set`, those of `first` first, each part by id.
fn in_order(set: Cards, first: Cards) -> impl Iterator<Item = usize> {
    let bits = |mut cards: Cards| {
        std::iter::from_fn(move || {
            (cards != 0).then(|| {
                let card = cards.trailing_zeros() as usize;
                cards &= cards - 1;
                card
            })
        })
    };
    bits(set & first).chain(bits(set & !first))
}

/// True when `s` is proved unwinnable by the relaxation refined by occupied parents (Yakutat
/// Bay; false where the game has cells or complete runs). It costs tens of plain checks, so
/// the DFS asks it sparingly (`Dfs::occupied` in `dfs.rs`); `recall` orders the asking, and
/// `known` are findings that hold in `s` already (`Barred`). `None` when dead; else what it
/// found, `known` with it.
///
/// The plain relaxation lets a top card take any number of cards in turn. But a card `t`
/// holds one card at a time, and a card that can only ever go onto `t` keeps it covered. Write
/// `L` for the least closed set, `L−E` for the one with event `E` left out: the events that
/// happen before `E` first does lie in `L−E` (by the same induction on time), so an event
/// outside `L−E` never comes before `E`. Take a card `y` whose first leave must come first
/// (`E` is outside `L−leave(y)`), and every place `y` could go to before `E`, as `L−E` sees
/// it: a parent that was a top card, home, an empty pile.
/// - If there is none, `y` cannot leave before `E`, yet must: `E` never happens.
/// - If it is one parent `t` only, `y` goes onto `t` (only the bottom card of a moving group
///   changes place) and stays on it until `E` (it has nowhere else to go), so `t` is covered
///   when `E` happens: `E` cannot be a first leave onto `t`, nor `t`'s first trip home.
///
/// Each such finding leaves events out of the sets, and all sets are worked out again with it
/// (each step sound, so each set still holds every event of every line), until nothing
/// changes; then the position is dead if the set lacks a card home. Checked: Yakutat Bay deals
/// 447 and 500 are dead as dealt (the plain relaxation saw neither; at 2 GB their searches
/// stayed undecided past 214 and 100 million nodes), and every small position it calls dead
/// is unwinnable by a search with no pruning (tests).
pub(crate) fn occupied(rules: &Rules, s: &State, recall: &mut Recall, known: Barred) -> Option<Barred> {
    let Some(tables) = tables(rules).filter(|_| refines(rules)) else { return Some(known) };
    let at = start::<false>(rules, s);
    let mut barred = known;
    let mut trace = Trace::new();
    // A round asks every event until a finding, with which the sets are worked out again.
    'round: loop {
        trace.clear();
        let Some(full) = passes(tables, rules, (&at, None), &barred, None, Some(&mut trace)) else {
            return Some(barred);
        };
        if full.home & at.all != at.all {
            return None;
        }
        // Per card, its `L−leave` set, worked out when first asked within the round.
        let mut without_leave: [Option<Option<Sets>>; 52] = [None; 52];
        let without = |barred: &Barred, leave: Cards, home: Cards| {
            let more = Barred { leave: barred.leave | leave, home: barred.home | home, onto: barred.onto };
            passes(tables, rules, (&at, trace.before(leave, home)), &more, None, None)
        };
        // Where `y` may go, as `before` sees it: (its parents there, whether home or an empty
        // pile too). `None` (every card home) rules nothing out.
        let places = |before: &Option<Sets>, y: usize| {
            before.map(|l| {
                let other = l.home >> y & 1 != 0 || (tables.empty_takes >> y & 1 != 0 && l.empty_pile);
                (rules.unders[y] & l.top, other)
            })
        };
        let candidates = at.all & !at.leave;
        // Every `L−home(x)` holds the set with no card going home: only the cards some card
        // could be a `y` for there are asked about (`worth_asking`). (Alike for first leaves,
        // with no face-down card leaving, it cost more than it saved.)
        let homes = worth_asking(rules, tables, without(&barred, 0, candidates), candidates, full.home);
        let leaves = full.leave & !at.face_up;
        for x in in_order(candidates & (leaves | homes), recall.events) {
            // E is x's first leave (face-down cards only: asking it of face-up ones found
            // nothing more), then x's first trip home. (Trips home first, which settle it when
            // ruled out, took 30% more instructions: deal 259's first 300,000 nodes.)
            for leave in [true, false] {
                let asked = if leave { leaves & !barred.leave } else { homes };
                if asked >> x & 1 == 0 {
                    continue;
                }
                let before = if leave {
                    *without_leave[x].get_or_insert_with(|| without(&barred, 1 << x, 0))
                } else {
                    without(&barred, 0, 1 << x)
                };
                // The pass in which `L` first had E.
                let e_in = if leave { trace.left_in[x] } else { trace.home_in[x] };
                for y in in_order(candidates & !(1 << x), recall.ys) {
                    let Some((parents, false)) = places(&before, y) else { continue };
                    let useful = if leave {
                        parents == 0 || (parents.count_ones() == 1 && rules.unders[x] & parents & !barred.onto[x] != 0)
                    } else {
                        parents & !(1 << x) == 0
                    };
                    // Found in a pass before `y` first left, E does not need it.
                    if !useful || e_in < trace.left_in[y] {
                        continue;
                    }
                    let first = *without_leave[y].get_or_insert_with(|| without(&barred, 1 << y, 0));
                    let comes_first = first.is_some_and(|l| (if leave { l.leave } else { l.home }) >> x & 1 == 0);
                    if !comes_first {
                        continue;
                    }
                    recall.events |= 1 << x;
                    recall.ys |= 1 << y;
                    // A card that never goes home: dead.
                    if !leave {
                        return None;
                    }
                    if parents == 0 {
                        barred.leave |= 1 << x;
                    } else {
                        barred.onto[x] |= parents;
                    }
                    continue 'round;
                }
            }
        }
        return Some(barred);
    }
}

/// Of the cards whose first trip home `events` holds, those some card of `ys` could be
/// `occupied`'s `y` for, as far as `low` tells, a set that every `L−home(x)` holds: a card with
/// two parents on top there, or home, or (a King) an empty pile, has two places before any of
/// those trips; another card, with one parent there, is a `y` for that parent alone; with none,
/// for every card.
fn worth_asking(rules: &Rules, tables: &Tables, low: Option<Sets>, mut ys: Cards, events: Cards) -> Cards {
    let Some(low) = low else { return events };
    let mut asked = 0;
    while ys != 0 {
        let y = ys.trailing_zeros() as usize;
        ys &= ys - 1;
        let parents = rules.unders[y] & low.top;
        if low.home >> y & 1 != 0 || (tables.empty_takes >> y & 1 != 0 && low.empty_pile) || parents.count_ones() > 1 {
            continue;
        }
        if parents == 0 {
            return events;
        }
        asked |= parents;
    }
    events & asked
}

/// `dead_unless_leaves` for any game the relaxation applies to: a worklist.
fn closure(tables: &Tables, rules: &Rules, s: &State, card: Option<Card>) -> bool {
    let enough = card.map_or(0, bit);
    let spec = s.spec();
    let map = s.map();
    let runs_home = spec.foundations.contains(&FoundationRule::CompleteRun);
    let gives_back = spec.foundations.iter().any(|f| f.gives_back());
    let Start {
        all,
        mut top,
        mut leave,
        mut home,
        face_up,
        bottoms,
        cell_cards,
        in_place,
        beneath,
        place,
        pile_cards,
        empty_pile,
    } = start::<true>(rules, s);
    // Per pile, the heights whose card has left: see `leave(x)` above.
    let mut left_heights = [0u64; 32];
    // The cards in play an empty tableau pile takes.
    let empty_takers = tables.empty_takes & all;
    let empty_cell = map.cells().any(|c| s.pile(c).is_empty());
    let holding_reserve = tables.holding_reserve;
    // What a win needs of every card in play; the sets only grow, so once it holds it stays.
    let winnable = |top: Cards, leave: Cards, home: Cards| {
        if runs_home {
            (leave | in_place) & all == all && (face_up | top) & all == all
        } else {
            home & all == all
        }
    };

    // Cards that could not leave only because of that: looked at again when a card of their pile leaves.
    let mut blocked: Cards = 0;

    // The least closed set, by a worklist: each card is looked at again only when an event
    // its rules ask about has just happened.
    let mut todo = all;
    while todo != 0 {
        let x = Card::from_id(todo.trailing_zeros() as u8);
        // Its face value (one deck).
        let fx = usize::from(x.id());
        let b = bit(x);
        todo &= !b;
        // What a win asks of this card (`winnable`), before this look at it and after.
        let watched =
            |top: Cards, leave: Cards, home: Cards| if runs_home { (top & b, leave & b) } else { (home & b, 0) };
        let before = watched(top, leave, home);
        // The cards in play a card takes: they are looked at again when it becomes a top card.
        let takers = |card: Card| rules.takes[usize::from(card.id())] & all;
        if cell_cards & b != 0 && leave & b != 0 && top & b == 0 {
            top |= b;
            todo |= takers(x) & !leave;
        }
        let on_top = top & b != 0;
        let in_cell = cell_cards & b != 0;
        if (on_top || in_cell) && home & b == 0 && tables.needs.iter().any(|(needs, _)| needs[fx] & !home == 0) {
            home |= b;
            // The next cards of each foundation's chain may go home now (past any already
            // home: a loosened card may be there early).
            for (_, next) in &tables.needs {
                let mut f = next[fx];
                while f != NO_NEXT {
                    todo |= 1 << f & all & !home;
                    if home >> f & 1 == 0 {
                        break;
                    }
                    f = next[usize::from(f)];
                }
            }
            if gives_back && top & b == 0 {
                top |= b;
                todo |= takers(x) & !leave;
            }
        }
        let on_top = top & b != 0;
        if leave & b == 0 && (face_up & b != 0 || on_top) {
            let targets = top & rules.unders[fx];
            let (mut onto, mut onto_card) = (targets, false);
            while onto != 0 && !onto_card {
                let t = Card::from_id(onto.trailing_zeros() as u8);
                onto &= onto - 1;
                onto_card = !above_in_place(&place, x, t, &left_heights);
            }
            if targets != 0 && !onto_card {
                blocked |= b;
            }
            let onto_empty = empty_takers & b != 0 && (empty_pile || leave & bottoms & !b != 0);
            let from_top = on_top && !in_cell;
            let into_cell = from_top && (empty_cell || leave & cell_cards != 0);
            let into_reserve = from_top && holding_reserve;
            let run_home = runs_home && x.rank() == KING && below_king_done(leave | in_place, fx);
            if onto_card || onto_empty || into_cell || into_reserve || home & b != 0 || run_home {
                leave |= b;
                if b == enough {
                    return false;
                }
                let (p, h) = place[usize::from(x.id())];
                if p != NOWHERE.0 {
                    left_heights[usize::from(p)] |= 1 << h;
                    todo |= blocked & pile_cards[usize::from(p)] & !leave;
                }
                // The card beneath is now a top card.
                if let Some(under) = beneath[usize::from(x.id())] {
                    if top & bit(under) == 0 {
                        top |= bit(under);
                        todo |= takers(under) & !leave | bit(under);
                    }
                }
                if in_cell {
                    todo |= b; // it is a top card once it left its cell
                    if !empty_cell && leave & cell_cards == b {
                        todo |= top & all & !cell_cards & !leave; // the first cell is free
                    }
                }
                // The first two piles to empty: after them, every card an empty pile takes
                // has one it did not empty itself.
                if bottoms & b != 0 && !empty_pile && (leave & bottoms).count_ones() <= 2 {
                    todo |= empty_takers & !leave;
                }
                // The King of its suit may take its run home now.
                if runs_home && below_king_done(leave | in_place, fx) {
                    todo |= 1 << (fx / 13 * 13 + 12) & all & !leave;
                }
            }
        }
        if watched(top, leave, home) != before && winnable(top, leave, home) {
            return false;
        }
    }
    !winnable(top, leave, home)
}

/// The verdicts of `closure` and of `plain_closure`, for the test that they agree.
#[cfg(test)]
pub(crate) fn by_worklist_and_by_passes(rules: &Rules, s: &State, card: Option<Card>) -> (bool, bool) {
    let tables = tables(rules).expect("the relaxation applies");
    (closure(tables, rules, s, card), plain_closure(tables, rules, s, card, &Barred::NONE))
}

/// Whether every face value of `face`'s suit below the King has a card in `cards`.
pub(super) fn below_king_done(cards: Cards, face: usize) -> bool {
    let below_king = 0xFFFu64 << (face / 13 * 13);
    cards & below_king == below_king
}

/// The face values (as a set) that must be on a foundation built from `base` in `direction`
/// before `card` can go there; `None` if `card` never can.
fn predecessors(card: Card, base: u8, direction: Direction, wrap: bool) -> Option<u64> {
    let suit = face(card) / 13 * 13;
    let step = |rank: u8| -> Option<u8> {
        match direction {
            Direction::Up if rank > 1 => Some(rank - 1),
            Direction::Up if wrap => Some(KING),
            Direction::Down if rank < KING => Some(rank + 1),
            Direction::Down if wrap => Some(1),
            _ => None,
        }
    };
    let mut faces = 0u64;
    let mut rank = card.rank();
    for _ in 0..13 {
        if rank == base {
            return Some(faces);
        }
        rank = step(rank)?;
        faces |= 1 << (suit + usize::from(rank) - 1);
    }
    None
}
