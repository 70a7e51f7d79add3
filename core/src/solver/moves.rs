//! The solver's own move generator: the engine's `legal_moves` asks every (source, count,
//! target) triple, which is too slow for a search of millions of nodes, so this one indexes
//! the tableau tops by face value. It yields only legal moves (checked against the engine in
//! tests and by `debug_assert!`), minus the pruned ones below, best first.
//!
//! Pruning rules, each losing no win:
//! 1. Interchangeable empty targets: when several empty piles of one kind are interchangeable
//!    (see `Rules::tableau_symmetric`; cells always; foundations of one rule always), only the
//!    first is tried: the results differ only by which pile is which.
//! 2. Null moves: a whole pile onto an empty interchangeable pile of its kind gives the same
//!    position up to pile order. (Not in Dnieper while the stock lasts: there the stock deals by
//!    pile position, so such a move changes what lands where.)
//! 3. Immediate reversal: when the previous move was a single transfer with no automatic effect,
//!    moving the same cards straight back gives the grandparent position, which is on the
//!    current search path and so is explored from there.
//! 4. Forced safe foundation moves (games whose tableau builds down without wrapping onto
//!    foundations built up from the Ace, one deck: Yakutat Bay). Call the cards that could
//!    ever lie above a card `c` in the tableau its *riders*: the cards it takes, the cards
//!    those take, and so on (by alternating colour: the two of the other colour one rank
//!    lower, the two of its own colour two ranks lower, and so down; an Ace has none). A
//!    tableau's top card whose riders are all home goes home too, the only move tried: an Ace
//!    always; a red 7 once both black 6s and both red 5s are (the foundations build in suit,
//!    so the lower cards of those suits are home too).
//!    Why that loses no win: `c` and its riders `S` can from then on only ever hold one
//!    another (each card of `S` takes only cards of `S`), so a winning line from the position
//!    where `c` stays out, with every move of a card of `S` struck out, is legal from the
//!    position where it went home and ends in the same win: these cards, played back, lie
//!    above all others in their piles, so every other move finds the same top card on its
//!    target pile and the same group bottom (a group holding some carries fewer cards), or
//!    an empty pile, which only adds options, and on a foundation the same top card (only a
//!    card of `S` goes onto a card of `S` there: the foundations build in suit); nor do they
//!    ever uncover a face-down card. Turning the card beneath `c` face up earlier only adds
//!    options. A foundation that keeps its Ace instead of standing empty for another finds
//!    that Ace another empty one (while Aces are out, at least as many foundations are
//!    empty), so the line holds up to which foundation is which.
//!    (A forced move must also leave a *shorter* win, or a depth-first search with a visited
//!    set can lose one round a cycle. Rule 4 does: the struck-out line is shorter.)
//!    Nor is a card this rule would send home ever played back (G-3): the same line, struck
//!    out the same way, is shorter and still wins. (Yakutat Bay deal 396: 3,938,474 nodes
//!    with no such rule; 2,576,865 when it asked for every card of a lower rank home; in a
//!    later build, 3,131,970 with that and 2,499,598 with the riders.)
//! 5. Forced cell-to-parent moves (one deck, tableau built down in suit with any group moving,
//!    two cells at most, foundations that take complete runs only, no stock or reserve: How
//!    They Run): a cell's card `c` goes onto its one possible parent `c+1` when that is a
//!    tableau pile's top and lies on its own parent `c+2`; then it is the only move tried.
//!    Why a winning line `L` from before the move gives a shorter one from after it: play `L`,
//!    moving `c` with `c+1` wherever `L` moves `c+1` (as part of a group: only `c` ever goes on
//!    `c+1`, and any group moves). `L` must put `c` on `c+1` (a cell's card leaves only for its
//!    parent, and only runs in the tableau go home): that move is struck out. Before it, `L`
//!    may move `c+1` into a cell, which fills the cells with `c` and `c+1`; then neither can
//!    leave until `c+1` goes back onto `c+2`, its only parent, and nothing else can go on
//!    `c+2` or into a cell meanwhile, so both moves are struck out too, and `c+2`'s moves in
//!    between carry `c+1` and `c`. (Without the condition on `c+2` the rule loses wins: the
//!    line after it may have to send `c` back into its cell to free `c+1`, which is longer,
//!    and a visited set then cuts it; the test on small positions found such a case.)
//! 6. Forced moves onto a parent that stays (How They Run, as rule 5): a tableau group `G`
//!    whose bottom card `b` can go onto its parent `b+1`, the top of pile `Y`, goes there; then
//!    it is the only move tried. It must bury nothing: no card of `Y` may be of a suit of `G`
//!    and of lower rank than a card of `G` in that suit. And `b+1` must lie on `b+2`, lying on
//!    `b+3`; or `Y` must hold only a run down in suit, while every other King in play lies at
//!    the bottom of a tableau pile.
//!    Why a winning line `L` from before gives a shorter one from after: play `L` with `G` on
//!    `b+1` already. `L` must put `b` onto `b+1` (`b` is no King, `b+1` its one parent, and
//!    only runs go home): that move is struck out. Until then nothing else goes onto `b+1`,
//!    and above `b` can only ever lie cards of `G` and, on them, their lower cards in suit (a
//!    card goes only onto its parent). So a group from `Y` holding `b+1`, which goes onto its
//!    bottom card's parent or, a King's, onto an empty pile, can carry `G` along: no card of
//!    `Y` has its parent among those cards. Groups that carried `G` from where it lay go
//!    without it; moves onto its top card find that card on top of `Y` instead. What else `L`
//!    may do with these cards is send them into cells: `b` alone and back; or `b+1`, and then
//!    `b+2`, uncovering cards that only the card just taken off takes. When `b+3` remains,
//!    both cells then hold cards that can only go back where they were, `b+2` first; until
//!    it does, a move of `b+3` (with its group, or a King's alone onto an empty pile) could
//!    have carried them and `G`. When `Y` holds only a run of one or two cards, the trips
//!    can empty it. But an empty pile takes only a King, with what lies on it; every other
//!    King lies at the bottom of a pile, and stays there but for moves of its whole pile to an
//!    empty one or, alone, into a cell and back to an empty pile. So every move onto an empty
//!    pile only changes which pile is which. These trips are struck out too. The rest of `L`
//!    finds the same top cards, or more room: freer cells, the card `G` lay on uncovered. (A
//!    run completed early goes home early: until `L` completes it, its cards could only make
//!    such trips.)
//!    Both conditions are needed. Without the first, a card may end up beneath its own
//!    parent (a test pins a position where that loses the win). And a parent that does not
//!    lie on its own may have to go into a cell to uncover the card beneath it:
//!    forcing every move that buries nothing called 96 of How They Run's 908 won deals in
//!    1..1000 unwinnable. (How They Run, deals 1..1000 at 2 s: 908 won and 69 proved, against
//!    906 and 66 when the rule asked for a King at the bottom of `Y`; deal 28 takes 5,233,537
//!    nodes instead of 13,099,807.)
//!
//! 7. Moves that wait for their use (no stock, no reserve: Yakutat Bay, How They Run). A
//!    *waiting* move is a play-back (see below), or one that turns no card and sends nothing
//!    home; it takes a group `g` off a pile `X`, leaving `u` (face up) on top or `X` empty, and
//!    puts it onto a tableau card (only where foundations are built card by card), onto an
//!    empty tableau pile, or into a cell; where runs go home, `u` is no Ace and not the parent
//!    of `g`'s bottom card; and it is not rule 9's forced move. After it only these are tried
//!    (and a forced move): a move onto `X` (onto any empty pile, if `X` is empty); from `X`, `u`
//!    alone home or into a cell, or a group onto the pile `g` went to; and any move from `X` if
//!    `X` holds, beneath `u`, a card `u` accepts.
//!    Why a winning line `L` gives one, no longer, where each waiting move is followed by one
//!    of these. Say a later move `k` *depends* on a waiting move `m` if, `m` not played, `k`
//!    would be illegal or do otherwise. Only these can: onto `u` or onto `X` empty; `u` alone
//!    home or into a cell; a group holding `u` onto a card of `g` (with `g` still on `u` it
//!    would hold its own target); a move of `g`'s bottom card again. (Where runs go home, a
//!    run completed with `g` on an Ace or on its own parent could also differ: excluded.)
//!    Every other move is legal without `m` and does the same to every card: a group that
//!    holds `u`, or the card `g` went onto, carries `g` or not, and `g` still lies on `u`, its
//!    target still on top, later; a cell `m` filled is one more free. So `m` can be played
//!    just before its first dependent `k` instead. If `k` moves `g`'s bottom card again, the
//!    two become one move from `u` (or none), and `L` is shorter. Otherwise `k` is one of the
//!    moves tried after `m`, unless it also depends on another waiting move `m'` before it:
//!    only when `k` takes a group holding the card `u'` that `m'` uncovered onto `u`, and `u`
//!    was in the group `m'` moved (any other pair would need one card uncovered twice, or a
//!    move both onto a card and home). Then `k`'s bottom card, which `u` accepts, lay beneath
//!    `u` in `m'`'s pile; play `m` there first, then `m'` with the rest of its group (any move
//!    from that pile may follow `m`), then `k` (from `m'`'s pile onto the pile its group went
//!    to). One more: `m`, moved, may come between `k` and an earlier waiting move `m'` that
//!    `k` followed only as any move from a pile holding a child. So after such an `m'`, a move
//!    that turns no card is tried too when a group off that pile could go onto the card it
//!    frees, onto the pile it empties, or onto the card it plays back: every such waiting
//!    move, and, where runs go home, some moves onto a card that wait for nothing (more tried,
//!    none lost). That covers every `k` that depends on `m`: the others take `u` home or into
//!    a cell, hold `u`, or move `g` again, so leave `m'`'s pile only if `m` did too, and any
//!    move from it follows `m'`. Without this, a Yakutat Bay position lost its win (a test
//!    pins it: `a_waiting_move_may_come_between_another_and_its_use`). Moving each waiting
//!    move not followed so, from the last, ends: every step moves one later or shortens `L`.
//!    A play-back (G-3: a foundation's top card `c` onto a tableau card, or a King onto an
//!    empty pile) waits for its use too. After it only these are tried (and a forced move): a
//!    move onto `c`; any move from that foundation; and any move from the pile `c` went to, if
//!    it holds, beneath `c`, a card `c` accepts. And after any waiting move, a play-back is
//!    tried too when the card it uncovers on its foundation is one the waiting move's freed
//!    card (`u`, or `c`) accepts.
//!    Why: a later move depends on a play-back only if it goes onto `c`, leaves that
//!    foundation (its top lay under `c`; onto it only `c` could go), or moves `c` again, and
//!    then the two make one play-back, or none. A group holding `c`, from beneath it, is
//!    legal without it and does the same but for `c`; and nothing goes where `c` went before
//!    `c` leaves, so `c` can be played back there later (onto that card, wherever it lies).
//!    So a play-back too can be played just before its first dependent `k`. If `k` also
//!    depends on another waiting move `m'`, either `k` takes a card a play-back uncovered onto
//!    the card the other freed (play the other first, then the play-back, then `k`), or it
//!    takes a group holding `u'` onto `c`, where `c` lies on a card of the group `m'` moved:
//!    play `c` back there while that group still lies on `u'`, then `m'` carrying `c` (its
//!    pile holds, beneath `u'`, `k`'s bottom card, which `c` accepts), then `k`.
//!    The position after a waiting move is recorded under a key of its own, naming the two
//!    piles (only part of its moves are tried), and skipped where it is recorded whole. Rule 3
//!    is not applied right after such a position: the move back would reach it under another
//!    key.
//!    A move home, or one that turns a card, never waits: a later move may need two of them,
//!    neither using the other (6♥ goes home only once 5♠, lying on it, and 5♥ are home: a
//!    test pins the position), and whichever came first could be followed by neither.
//! 8. Cells dig no deeper than they can (How They Run, as rule 5): a tableau's top card `c`
//!    lying on its parent `c+1` goes into a cell only while another cell is free and `c+1`
//!    does not lie on its own parent `c+2`.
//!    Why a winning line `L` gives one, no longer, where each such move is followed at once by
//!    `c+1` going into the other cell. `c` leaves its cell only onto `c+1`, its one parent,
//!    and it must, to go home in a run. Until then nothing else goes on `c+1`; a group that
//!    holds `c+1` could carry `c` along, and so could `c+1` moved alone onto `c+2` or, a King,
//!    onto an empty pile; no run completes without `c` (one completed earlier with `c` in
//!    place only leaves play early, as in rule 6). So unless `c+1` itself goes into a cell
//!    while `c` is out, striking out `c`'s trip leaves a shorter line, with a cell freer.
//!    If it does, `c`'s trip can wait until just before: the moves between put nothing on
//!    `c+1`, touch `c` nowhere, and find both cells free where they found one. Then the other
//!    cell must be free; and were `c+1` lying on `c+2`, the same would hold for `c+1`, with no
//!    cell left for `c+2`, so its trip, and then `c`'s, would be struck out. (Waiting moves
//!    later, like rule 7's, never lengthens a line. How They Run deal 28: 20,738,075 nodes
//!    before, 13,100,214 with this.)
//! 9. Kings go to empty piles while there is one for each (How They Run, as rule 5): a King
//!    lying on a card, with its group, or a King in a cell goes to an empty tableau pile when
//!    at least as many piles are empty as Kings in play do not lie at the bottom of one (are
//!    *astray*); then it is the only move tried.
//!    Why a winning line `L` from before gives one from after, no longer: play `L` with the
//!    King's group on its own pile already. What `L` does with the King is move it, with its
//!    group, to an empty pile (only Kings go there; a King goes nowhere else), or, alone on
//!    top, into a cell and on from there: these moves are struck out. Groups from beneath it
//!    that carried it go without it; moves onto its group's top card find that card where it
//!    is; the card it lay on is uncovered early, which only adds options. Until `L` moves the
//!    King, one pile fewer is empty; but every move of another King astray onto an empty pile
//!    still finds one. Only Kings fill empty piles: a King astray once; a King at the bottom
//!    of a pile only after it emptied one (moving its whole pile, or going alone into a cell).
//!    So when `L` moves another King astray onto an empty pile, before this one, at most the
//!    Kings astray but these two have filled one each: of the piles empty at the start, at
//!    least as many as Kings astray, two are left, one of them with this King on it. A run
//!    completed early goes home early, as in rule 6. The line may be as long as `L` (where
//!    `L` never moves the King), but one King fewer is astray: the length of a shortest win,
//!    then the Kings astray, is a measure each forced move lowers (rules 4 to 6 shorten the
//!    win), which is what the note at rule 4 asks. Nor does the move wait for its use (rule
//!    7): that argument plays it later, this one first (taken for a waiting move, it lost
//!    wins on the tests' small positions). (How They Run
//!    deal 155: 14,322,699 nodes before, 11,107,015 with this; deal 28: 5,233,537 and
//!    4,204,669.)
//! 10. With both cells full, only the moves of the cards a win must move first (How They
//!     Run, where no earlier move waits for its use): applied by the DFS to what this generator
//!     offers, and argued in `commute.rs`.
//!
//! Heuristic rules, used only by the beam search (`Mode::Heuristic`, see `beam.rs`; not in
//! its loose rounds), which may lose wins and so never proves anything:
//! H1. No foundation play-back.
//! H2. No move of a card (or group) that already lies on a card accepting it onto another
//!     non-empty tableau pile (it only swaps its support). The sound rules keep such a swap
//!     even where all it lets through is its bottom card's twin onto the freed card, which
//!     could have gone onto the other one: a test pins a win that needs it
//!     (`a_swap_may_be_needed_after_its_twin_goes_onto_the_parent_it_freed`).
//! H3. Where rule 6 applies: a tableau group whose bottom card can go onto its one possible
//!     parent, on top of a pile that holds only a run down in suit from its bottom card (any
//!     card, any length, burying what it may), goes there, the only
//!     move tried (after rules 4 to 6). It can lose the wins that must first empty that pile
//!     through the cells, or move the run's bottom card onto a card of the group, but it keeps
//!     the beam on lines that build runs.

use crate::card::{Card, ACE, KING};
use crate::engine::{Effect, Move};
use crate::games::GameKind;
use crate::spec::*;
use crate::state::State;

/// Face value by card id: the same for both copies of a card in two-deck games.
pub(crate) const FACES: [u8; 128] = {
    let mut faces = [0; 128];
    let mut id = 0;
    while id < 128 {
        faces[id] = (id % 52) as u8;
        id += 1;
    }
    faces
};

/// A card's face value. Looked up (`FACES`), not worked out: `% 52` was 6% of a long Yakutat
/// Bay search's instructions (deal 567's first 5,000,000 nodes), and the first 300,000 nodes
/// take 4.2% fewer with the table.
pub(crate) fn face(card: Card) -> usize {
    usize::from(FACES[usize::from(card.id())])
}

/// The face values of `cards`, as bits (one deck).
pub(crate) fn face_bits<'a>(cards: impl IntoIterator<Item = &'a Card>) -> u64 {
    cards.into_iter().fold(0, |bits, &c| bits | 1 << face(c))
}

/// A game's rules, prepared once per search for fast lookups.
pub(crate) struct Rules {
    pub(crate) map: PileMap,
    pub(super) spec: &'static GameSpec,
    kinds: Vec<PileKind>,
    /// For each face value, the face values (as bits) of the tableau cards it may be placed on.
    pub(super) unders: [u64; 52],
    /// For each face value, the face values (as bits) it accepts on the tableau: `unders`
    /// turned round, for a test without the spec's arithmetic.
    pub(super) takes: [u64; 52],
    /// For each face value, its riders (rule 4): the face values (as bits) `takes` reaches
    /// from it, step by step (where rule 4 applies; none elsewhere).
    riders: [u64; 52],
    /// Foundations with the same rule share a class: they are interchangeable.
    pub(crate) found_class: Vec<u8>,
    pub(super) safe_low: bool,
    /// Rules 5, 6, 8 and 9 apply (How They Run): each card has one possible parent, and only
    /// Kings go to empty piles.
    pub(super) onto_one_parent: bool,
    /// Rule 7 applies: no stock, no reserve.
    waits: bool,
    /// Foundations take complete runs.
    pub(crate) runs_home: bool,
    /// The game these rules are of.
    pub(crate) game: GameKind,
}

/// The previous move, when it was a plain transfer with no automatic effect (pruning rule 3).
pub(crate) type Plain = Option<(PileId, PileId, u8)>;

/// The move that made `effects`, when it was a plain transfer.
pub(crate) fn plain(effects: &[Effect]) -> Plain {
    match *effects {
        [Effect::Transfer { from, to, count }] => Some((from, to, count)),
        _ => None,
    }
}

/// A move that waits for its use (rule 7): the pile it left, the pile it went to, and, where
/// the pile holding the card it freed (the pile it left; after a play-back, the pile it went
/// to) holds beneath that card a card that card accepts, the face values (as bits) of that
/// pile's face-up cards, each of which may lead a group off it; else 0.
pub(crate) type Awaited = (PileId, PileId, u64);

/// The face values of the Kings, as bits.
pub(super) const KINGS: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

/// What the heuristic rules left out of the moves `Rules::generate` offers: whether any rule
/// dropped a move, and how many H3 passed over for its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dropped {
    pub(crate) any: bool,
    pub(crate) by_h3: usize,
}

/// Which moves a pass generates: those of the sound pruning rules only, or also dropping the
/// ones the heuristic rules call rarely needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Sound,
    Heuristic,
}

/// Where a position's moves may go, indexed for `Rules::collect`.
struct Index {
    /// Tableau piles (as bits) by the face value of their face-up top card, those face values,
    /// and the empty tableau piles.
    by_face: [u32; 52],
    top_faces: u64,
    empty_tableau: u32,
    /// Foundations (as bits) by the face values they accept next.
    found_by_face: [u16; 52],
    /// The cards home, as face values (rule 4 asks it: where it applies, each foundation holds
    /// one suit up from its Ace).
    home: u64,
    first_empty_cell: Option<PileId>,
    /// Empty cells (rule 8 asks it).
    free_cells: usize,
    /// The holding reserve, while it has room.
    reserve_room: Option<PileId>,
}

/// What one `collect` looks at: the position and what came before it, and where its moves
/// may go.
struct Gathering<'a> {
    s: &'a State,
    last: Plain,
    awaited: Option<Awaited>,
    heuristic: bool,
    index: Index,
    /// Kings astray (rules 6 and 9 ask it).
    astray: usize,
    symmetric: bool,
}

/// What one `collect` finds: the moves, scored; H3's move, if any; whether H1 or H2 dropped
/// one.
struct Found<'a> {
    moves: &'a mut Vec<(i32, Move)>,
    preferred: &'a mut Option<Move>,
    dropped: &'a mut bool,
}

impl Rules {
    pub(crate) fn new(kind: GameKind) -> Rules {
        let spec = kind.spec();
        let map = spec.piles();
        let kinds = (0..map.len).map(|p| map.kind(p).map_or(PileKind::Stock, |(k, _)| k)).collect();
        let unders: [u64; 52] = std::array::from_fn(|b| {
            (0..52u8)
                .filter(|&u| spec.tableau.build.accepts(Card::from_id(u), Card::from_id(b as u8)))
                .fold(0, |m, u| m | 1 << u)
        });
        let takes: [u64; 52] =
            std::array::from_fn(|u| (0..52).filter(|&b| unders[b] >> u & 1 != 0).fold(0, |m, b| m | 1 << b));
        let found_class =
            spec.foundations.iter().map(|r| spec.foundations.iter().position(|o| o == r).unwrap_or(0) as u8).collect();
        let safe_low = spec.decks == 1
            && spec.tableau.build.direction == Direction::Down
            && !spec.tableau.build.wrap
            // Rule 4 counts the cards home by the foundations' lengths: one per suit.
            && spec.foundations.len() == 4
            && spec.foundations.iter().all(|f| {
                *f == FoundationRule::Build { base: ACE, direction: Direction::Up, wrap: false, one_per_suit: false }
            });
        // Rule 4 asks them, where it applies: there a card takes only cards one rank lower, so
        // a pass up the ranks finds each card's riders from those of the cards it takes.
        let mut riders = [0u64; 52];
        if safe_low {
            for f in (0..13).flat_map(|rank| (0..4).map(move |suit| suit * 13 + rank)) {
                let mut taken = takes[f];
                riders[f] = taken;
                while taken != 0 {
                    riders[f] |= riders[taken.trailing_zeros() as usize];
                    taken &= taken - 1;
                }
            }
        }
        let onto_one_parent = spec.decks == 1
            && spec.tableau.build == Build { suit: SuitRule::Same, direction: Direction::Down, wrap: false }
            && spec.tableau.unit == MoveUnit::Group
            && (1..=2).contains(&spec.cells)
            && spec.tableau.empty == EmptyRule::OnlyRank(KING)
            && spec.reserve.is_none()
            && spec.stock.is_none()
            && !spec.foundations.is_empty()
            && spec.foundations.iter().all(|f| *f == FoundationRule::CompleteRun);
        let waits = spec.stock.is_none() && spec.reserve.is_none();
        let runs_home = spec.foundations.contains(&FoundationRule::CompleteRun);
        Rules {
            map,
            spec,
            kinds,
            unders,
            takes,
            riders,
            found_class,
            safe_low,
            onto_one_parent,
            waits,
            runs_home,
            game: kind,
        }
    }

    /// Whether the dig (`dig.rs`) applies: How They Run's rules, where each card has one parent
    /// and the cells are few.
    pub(crate) fn digs(&self) -> bool {
        self.onto_one_parent
    }

    /// Whether foundations take cards one by one, each suit up from its Ace, and give them
    /// back (Yakutat Bay).
    pub(crate) fn home_by_card(&self) -> bool {
        self.safe_low
    }

    /// Whether the tableau piles are interchangeable: always, except while a stock that deals
    /// one card to each pile by position (DN-6) still has cards. (Chequers' reserve fills the
    /// one pile just emptied, CH-6, so its piles are interchangeable too.)
    pub(crate) fn tableau_symmetric(&self, s: &State) -> bool {
        !(self.spec.stock == Some(StockRule::DealToTableau) && s.can_deal())
    }

    /// Whether `effects` turned a tableau card face up.
    pub(crate) fn turns_a_card(&self, effects: &[Effect]) -> bool {
        effects.iter().any(|e| matches!(*e, Effect::Flip(p) if self.map.is_tableau(p)))
    }

    /// Whether `card`, in pile `lies`, can go at once onto a face-up card of another pile: one
    /// on top, or one that is under a group which can go onto the top card of a third pile.
    pub(crate) fn leaves_soon(&self, s: &State, lies: PileId, card: Card) -> bool {
        let top_face = |p: PileId| s.top(p).filter(|c| c.face_up()).map_or(0, |c| 1u64 << face(c));
        let tops = self.map.tableau().fold(0, |m, p| m | top_face(p));
        self.map.tableau().filter(|&p| p != lies).any(|p| {
            let pile = s.pile(p);
            pile.iter().enumerate().any(|(i, &under)| {
                under.face_up()
                    && self.accepts(under, card)
                    && pile.get(i + 1).is_none_or(|&group| self.unders[face(group)] & tops & !top_face(p) != 0)
            })
        })
    }

    pub(crate) fn kind(&self, pile: PileId) -> PileKind {
        self.kinds.get(usize::from(pile)).copied().unwrap_or(PileKind::Stock)
    }

    /// Rule 7: what the next move may use, when `last`, the move just made, waits for its use.
    pub(crate) fn awaited(&self, s: &State, last: Plain) -> Option<Awaited> {
        let (from, to, count) = last?;
        if !self.waits {
            return None;
        }
        if self.plays_back(from, to) {
            return Some((from, to, self.heads_over_a_child(s, to)));
        }
        if self.kind(from) != PileKind::Tableau {
            return None;
        }
        let under = s.top(from);
        let onto = s.pile(to);
        let count = usize::from(count);
        let bottom = *onto.len().checked_sub(count).and_then(|i| onto.get(i))?;
        // Where runs go home, a card left on an Ace, or on its parent, could complete a run.
        let waits = match self.kind(to) {
            PileKind::Tableau => onto.len() == count || !self.runs_home,
            PileKind::Cell => true,
            _ => false,
        } && (!self.runs_home || under.is_none_or(|u| u.rank() != ACE && !self.supports(u, bottom)));
        if !waits || self.forced_king(s, to, bottom, under.is_some()) {
            return None;
        }
        Some((from, to, self.heads_over_a_child(s, from)))
    }

    /// Whether a move that put `bottom` at the bottom of tableau pile `to`, leaving a card on
    /// top of the pile it left (`left_a_card`), was rule 9's forced move: a King's, where before
    /// it as many piles were empty as Kings astray (one more of each than now). Such a move waits
    /// for nothing: rule 9's argument plays it first, where rule 7's would play it late.
    fn forced_king(&self, s: &State, to: PileId, bottom: Card, left_a_card: bool) -> bool {
        self.onto_one_parent
            && bottom.rank() == KING
            && left_a_card
            && self.kind(to) == PileKind::Tableau
            && s.pile(to).first() == Some(&bottom)
            && self.kings_astray(s) <= self.map.tableau().filter(|&p| s.pile(p).is_empty()).count()
    }

    /// Rule 7: whether `mv` may follow a move that waits for its use.
    pub(crate) fn uses(&self, s: &State, (left, went, heads): Awaited, mv: Move) -> bool {
        let Move::Transfer { from, count, to } = mv else { return false };
        let holds_child = heads != 0;
        // Where any move from that pile may follow: a move turning no card after which a group
        // off it could go onto the card freed, or the pile emptied, or the card played back.
        let opens = holds_child
            && match (self.kind(from), self.kind(to)) {
                (PileKind::Tableau, PileKind::Tableau | PileKind::Cell) => {
                    let pile = s.pile(from);
                    match pile.len().checked_sub(usize::from(count) + 1) {
                        None => heads & KINGS != 0,
                        Some(i) => pile[i].face_up() && self.takes[face(pile[i])] & heads != 0,
                    }
                }
                (PileKind::Foundation, PileKind::Tableau) => {
                    s.top(from).is_some_and(|c| self.takes[face(c)] & heads != 0)
                }
                _ => false,
            };
        if opens {
            return true;
        }
        let after_play_back = self.kind(left) == PileKind::Foundation;
        if self.plays_back(from, to) {
            let freed = if after_play_back { s.top(went) } else { s.top(left) };
            let exposed = s.pile(from).iter().rev().nth(1);
            if freed.zip(exposed).is_some_and(|(v, &e)| self.supports(v, e)) {
                return true;
            }
        }
        if after_play_back {
            return to == went || from == left || (from == went && holds_child);
        }
        let onto_tableau = self.kind(to) == PileKind::Tableau;
        to == left
            || (onto_tableau && s.pile(left).is_empty() && s.pile(to).is_empty())
            || (from == left && (holds_child || to == went || (count == 1 && !onto_tableau)))
    }

    /// Appends the moves worth trying from `s`, best first; after a move that waits for its
    /// use (`awaited`, rule 7), only those that may use it. `scratch` is reused between calls.
    /// Returns what the heuristic rules left out.
    pub(crate) fn generate(
        &self,
        s: &State,
        last: Plain,
        awaited: Option<Awaited>,
        mode: Mode,
        scratch: &mut Vec<(i32, Move)>,
        out: &mut Vec<Move>,
    ) -> Dropped {
        scratch.clear();
        let mut dropped = false;
        let mut preferred = None;
        let forced = match self.fast_uses(s, awaited, mode) {
            Some(uses) => {
                let forced = self.collect_uses(s, last, uses, scratch);
                debug_assert!(self.agrees_with_collect(s, last, awaited, (forced, scratch)));
                forced
            }
            None if mode == Mode::Sound && self.finds_by_target() => {
                let forced = self.collect_by_target(s, last, awaited, scratch);
                debug_assert!(self.agrees_with_collect(s, last, awaited, (forced, scratch)));
                forced
            }
            None => self.collect(s, last, awaited, mode, &mut dropped, &mut preferred, scratch),
        };
        if let Some(forced) = forced {
            out.push(forced);
            return Dropped::default();
        }
        if let Some(mv) = preferred {
            out.push(mv);
            let passed_over = scratch.len().saturating_sub(1);
            return Dropped { any: dropped || passed_over > 0, by_h3: passed_over };
        }
        scratch.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        out.extend(scratch.iter().map(|&(_, mv)| mv));
        Dropped { any: dropped, by_h3: 0 }
    }

    /// Where `collect_uses` finds the moves after a move that waits for its use: in the sound
    /// pass of a game where rule 4 applies (Yakutat Bay), after a move of a group from tableau
    /// pile `left` onto tableau pile `went` that left `u` on top of `left` and no child of `u`
    /// beneath it.
    pub(super) fn fast_uses(&self, s: &State, awaited: Option<Awaited>, mode: Mode) -> Option<(PileId, PileId, Card)> {
        let (left, went, heads) = awaited?;
        let plain_group_move = heads == 0
            && mode == Mode::Sound
            && self.safe_low
            && self.spec.tableau.unit == MoveUnit::Group
            && self.spec.cells == 0
            && !self.onto_one_parent
            && self.kind(left) == PileKind::Tableau
            && self.kind(went) == PileKind::Tableau;
        plain_group_move.then(|| s.top(left)).flatten().map(|u| (left, went, u))
    }

    /// `collect` where `fast_uses` holds: the same moves in the same order (a debug assertion
    /// checks it), but looked for only where a use can be (`uses`), since most positions of a
    /// Yakutat Bay search come after such a move: rule 4's forced move; from another tableau
    /// pile, a group led by a child of `u` onto it; from `left`, a group onto `went`, or `u`
    /// home; from a foundation, its top card onto `u`, or anywhere it goes on the tableau if
    /// `u` takes the card beneath it. (`collect` builds every pile's targets first. Deal 567:
    /// the same 17,499,843 nodes, three alternated runs each taking 9.01 to 9.60 s against 9.23
    /// to 10.08 s.)
    pub(super) fn collect_uses(
        &self,
        s: &State,
        last: Plain,
        (left, went, u): (PileId, PileId, Card),
        found: &mut Vec<(i32, Move)>,
    ) -> Option<Move> {
        let map = &self.map;
        // The cards home, as face values; the faces that go home next, and per suit its
        // foundation; the first empty foundation, which takes the Aces (rule 1).
        let (mut home, mut next_home, mut suit_found, mut first_empty) = (0u64, 0u64, [0 as PileId; 4], None);
        for f in map.foundations() {
            match s.pile(f) {
                [] => {
                    if first_empty.is_none() {
                        first_empty = Some(f);
                        next_home |= (0..4).fold(0, |m, suit| m | 1 << (suit * 13));
                    }
                }
                pile @ [first, ..] => {
                    let suit = face(*first) / 13;
                    home |= ((1 << pile.len()) - 1) << (suit * 13);
                    suit_found[suit] = f;
                    if pile.len() < 13 {
                        next_home |= 1 << (suit * 13 + pile.len());
                    }
                }
            }
        }
        let home_of = |card: Card| if card.rank() == ACE { first_empty } else { Some(suit_found[face(card) / 13]) };
        // Rule 4, in pile order; and the tableau's tops, for the play-backs' targets.
        let (mut by_face, mut top_faces, mut first_empty_pile) = ([0u32; 52], 0u64, None);
        for p in map.tableau() {
            match s.top(p) {
                Some(c) if c.face_up() => {
                    if let Some(to) = home_of(c).filter(|_| next_home >> face(c) & 1 != 0 && self.is_safe(home, c)) {
                        return Some(Move::Transfer { from: p, count: 1, to });
                    }
                    by_face[face(c)] |= 1 << p;
                    top_faces |= 1 << face(c);
                }
                Some(_) => {}
                None => {
                    first_empty_pile.get_or_insert(p);
                }
            }
        }
        let takes_u = self.takes[face(u)];
        let mut push = |from: PileId, count: u8, to: PileId| {
            if last != Some((to, from, count)) {
                let mv = Move::Transfer { from, count, to };
                debug_assert!(s.is_legal(mv), "{mv:?}");
                found.push((self.score(s, mv), mv));
            }
        };
        let went_takes = s.top(went).map_or(0, |t| self.takes[face(t)]);
        for from in map.tableau() {
            let cards = s.pile(from).iter().rev().take_while(|c| c.face_up());
            for (i, &bottom) in cards.enumerate() {
                let count = i as u8 + 1;
                if from != left && takes_u >> face(bottom) & 1 != 0 {
                    push(from, count, left);
                } else if from == left {
                    if went_takes >> face(bottom) & 1 != 0 {
                        push(from, count, went);
                    }
                    if count == 1 && next_home >> face(u) & 1 != 0 {
                        if let Some(f) = home_of(u) {
                            push(from, 1, f);
                        }
                    }
                }
            }
        }
        for from in map.foundations() {
            let pile = s.pile(from);
            // Rule 4: a card it would send home is never played back.
            let Some(&c) = pile.last().filter(|c| c.face_up() && !self.is_safe(home, **c)) else { continue };
            if pile.len() >= 2 && self.supports(u, pile[pile.len() - 2]) {
                let mut targets = self.tops_taking(&by_face, top_faces, c);
                if c.rank() == KING {
                    targets |= first_empty_pile.map_or(0, |p| 1 << p);
                }
                while targets != 0 {
                    push(from, 1, targets.trailing_zeros() as PileId);
                    targets &= targets - 1;
                }
            } else if takes_u >> face(c) & 1 != 0 {
                push(from, 1, left);
            }
        }
        None
    }

    /// Whether `collect` in the sound pass gives what a faster way (`collect_uses`,
    /// `collect_by_target`) gave: the same forced move, or none and the same moves, in the same
    /// order, with the same scores.
    pub(super) fn agrees_with_collect(
        &self,
        s: &State,
        last: Plain,
        awaited: Option<Awaited>,
        (forced, found): (Option<Move>, &[(i32, Move)]),
    ) -> bool {
        let (mut slow, mut dropped, mut preferred) = (Vec::new(), false, None);
        let slow_forced = self.collect(s, last, awaited, Mode::Sound, &mut dropped, &mut preferred, &mut slow);
        slow_forced == forced && (forced.is_some() || slow == found)
    }

    /// Fills `found` with the candidate moves, after a move that waits for its use only those
    /// that may use it (filtered before they are scored: in Yakutat Bay most positions come
    /// after such a move), and `preferred` with H3's, if any; returns a forced move instead when
    /// rule 4, 5, 6 or 9 applies. Sets `dropped` when H1 or H2 drops a move.
    #[allow(clippy::too_many_arguments)] // all of one pass's inputs and outputs
    fn collect(
        &self,
        s: &State,
        last: Plain,
        awaited: Option<Awaited>,
        mode: Mode,
        dropped: &mut bool,
        preferred: &mut Option<Move>,
        found: &mut Vec<(i32, Move)>,
    ) -> Option<Move> {
        let g = Gathering {
            s,
            last,
            awaited,
            heuristic: mode == Mode::Heuristic,
            index: self.index(s),
            astray: if self.onto_one_parent { self.kings_astray(s) } else { 0 },
            symmetric: self.tableau_symmetric(s),
        };
        let mut out = Found { moves: found, preferred, dropped };
        // After a move that waits for its use off a tableau pile, which it left with `u` on top
        // and no child of `u` beneath it, a group from another tableau pile uses it only by going
        // onto `u` (`uses`): the others need no look but for rule 4's forced move. (Not where
        // rules 5, 6 and 9 force group moves.) The pile, and the faces `u` takes, as bits.
        let uses_only_onto = match awaited {
            Some((left, _, 0)) if !self.onto_one_parent && self.kind(left) == PileKind::Tableau => {
                s.top(left).map(|u| (left, self.takes[face(u)]))
            }
            _ => None,
        };
        let group = self.spec.tableau.unit == MoveUnit::Group;
        for from in 0..self.map.len {
            let kind = self.kind(from);
            let pile = s.pile(from);
            // How many cards may move together.
            let max_count = match kind {
                PileKind::Stock => 0,
                PileKind::Tableau if group => s.face_up_count(from),
                PileKind::Foundation if !self.spec.foundations[usize::from(from - self.map.tableau)].gives_back() => 0,
                // Rule 4: a card it would send home is never played back.
                PileKind::Foundation
                    if self.safe_low && pile.last().is_some_and(|&c| self.is_safe(g.index.home, c)) =>
                {
                    0
                }
                _ => usize::from(pile.last().is_some_and(|c| c.face_up())),
            };
            // (An exclusive range: `1..=max_count` compiled to a slower loop, 1.7% of a search.)
            for count in 1..max_count + 1 {
                let bottom = pile[pile.len() - count];
                if uses_only_onto.is_some_and(|(left, takes)| {
                    kind == PileKind::Tableau && from != left && takes >> face(bottom) & 1 == 0
                }) {
                    if count == 1 {
                        if let Some(mv) = self.forced_home(s, &g.index, from, bottom) {
                            return Some(mv);
                        }
                    }
                    continue;
                }
                if let Some(mv) = self.group_moves(&g, &mut out, (from, kind, pile), count) {
                    return Some(mv);
                }
            }
        }
        if s.can_deal() {
            out.moves.push((0, Move::Stock));
        }
        None
    }

    /// Rule 4: a tableau's top card whose riders are all home goes home, the only move tried.
    fn forced_home(&self, s: &State, index: &Index, from: PileId, card: Card) -> Option<Move> {
        let fmask = index.found_by_face[face(card)];
        (self.safe_low && fmask != 0 && self.is_safe(index.home, card))
            .then(|| Move::Transfer { from, count: 1, to: self.map.tableau + fmask.trailing_zeros() as PileId })
            .inspect(|&mv| debug_assert!(s.is_legal(mv)))
    }

    /// The moves of the `count` cards on top of `from` onto tableau piles, and, for one card,
    /// elsewhere (`card_moves`); or the move forced there.
    // Inlined into `collect`'s loop, as are `card_moves` and `offer`: as calls, 1% more
    // instructions in a Zerline search.
    #[inline(always)]
    fn group_moves(
        &self,
        g: &Gathering,
        out: &mut Found,
        (from, kind, pile): (PileId, PileKind, &[Card]),
        count: usize,
    ) -> Option<Move> {
        let s = g.s;
        let bottom = pile[pile.len() - count];
        // H2: the moved bottom card already lies on a card that accepts it.
        let sideways = g.heuristic
            && kind == PileKind::Tableau
            && pile.len() > count
            && self.supports(pile[pile.len() - count - 1], bottom);
        // Onto tableau tops: only the face values on top need a look.
        let mut targets = self.tops_taking(&g.index.by_face, g.index.top_faces, bottom);
        if kind == PileKind::Tableau {
            targets &= !(1 << from);
        }
        // Rules 5 and 6: onto the one possible parent, when it lies on its own (from a cell), or
        // when it stays and buries nothing (from the tableau). H3, in the beam: from the tableau
        // onto a parent topping any pile of one run.
        if self.onto_one_parent && targets != 0 && matches!(kind, PileKind::Cell | PileKind::Tableau) {
            let to = targets.trailing_zeros() as PileId;
            let onto = s.pile(to);
            let forced = if kind == PileKind::Cell {
                self.top_on_parent(onto)
            } else {
                self.joins_for_good(s, &pile[pile.len() - count..], to, g.astray)
            };
            let mv = Move::Transfer { from, count: count as u8, to };
            if forced {
                debug_assert!(s.is_legal(mv));
                return Some(mv);
            }
            if g.heuristic && kind == PileKind::Tableau && onto.windows(2).all(|w| self.supports(w[0], w[1])) {
                out.preferred.get_or_insert(mv); // H3
            }
        }
        // Onto empty tableau piles.
        let empty = g.index.empty_tableau;
        let empty_ok = match self.spec.tableau.empty {
            EmptyRule::AnyCard => true,
            EmptyRule::OnlyRank(rank) => bottom.rank() == rank,
        };
        // Rule 9: a King astray goes to an empty pile while there is one for each.
        if self.onto_one_parent
            && empty != 0
            && bottom.rank() == KING
            && (kind == PileKind::Cell || (kind == PileKind::Tableau && count < pile.len()))
            && g.astray <= empty.count_ones() as usize
        {
            let mv = Move::Transfer { from, count: count as u8, to: empty.trailing_zeros() as PileId };
            debug_assert!(s.is_legal(mv));
            return Some(mv);
        }
        if empty_ok && empty != 0 {
            if !g.symmetric {
                targets |= empty;
            } else if !(kind == PileKind::Tableau && count == pile.len()) {
                targets |= empty & empty.wrapping_neg(); // rules 1, 2
            }
        }
        while targets != 0 {
            let to = targets.trailing_zeros() as PileId;
            targets &= targets - 1;
            self.offer(g, out, (from, kind), count, sideways, to);
        }
        if count == 1 {
            self.card_moves(g, out, (from, kind, pile), bottom)
        } else {
            None
        }
    }

    /// The moves of `from`'s top card `card` onto foundations and, off the tableau, into a cell
    /// or the holding reserve; or rule 4's forced move home.
    #[inline(always)]
    fn card_moves(
        &self,
        g: &Gathering,
        out: &mut Found,
        (from, kind, pile): (PileId, PileKind, &[Card]),
        card: Card,
    ) -> Option<Move> {
        let s = g.s;
        let mut fmask = g.index.found_by_face[face(card)];
        if kind == PileKind::Foundation {
            let i = from - self.map.tableau;
            fmask &= !(1 << i);
            if pile.len() == 1 {
                // Rule 2: a lone base card to another empty foundation of its rule.
                for (j, f) in self.map.foundations().enumerate() {
                    if self.found_class[j] == self.found_class[usize::from(i)] && s.pile(f).is_empty() {
                        fmask &= !(1 << j);
                    }
                }
            }
        }
        if kind == PileKind::Tableau {
            if let Some(mv) = self.forced_home(s, &g.index, from, card) {
                return Some(mv);
            }
        }
        while fmask != 0 {
            let j = fmask.trailing_zeros() as PileId;
            fmask &= fmask - 1;
            self.offer(g, out, (from, kind), 1, false, self.map.tableau + j);
        }
        // Into a cell or the holding reserve: from the tableau only.
        if kind == PileKind::Tableau {
            // Rule 8: a card lying on its parent goes into a cell only for the parent to follow
            // it into another, and only a parent not lying on its own.
            let digs_in_vain = self.onto_one_parent && self.digs_in_vain(pile, g.index.free_cells);
            if let Some(cell) = g.index.first_empty_cell.filter(|_| !digs_in_vain) {
                self.offer(g, out, (from, kind), 1, false, cell); // rule 1
            }
            if let Some(r) = g.index.reserve_room {
                self.offer(g, out, (from, kind), 1, false, r);
            }
        }
        None
    }

    /// Adds the move of the `count` cards on top of `from` onto `to` to `out`, scored, unless
    /// rule 3 or, in the beam, H1 or H2 drops it (`sideways`: its bottom card already lies on a
    /// card that accepts it), or, after a move that waits for its use, it does not use it.
    #[inline(always)]
    fn offer(
        &self,
        g: &Gathering,
        out: &mut Found,
        (from, kind): (PileId, PileKind),
        count: usize,
        sideways: bool,
        to: PileId,
    ) {
        if g.last == Some((to, from, count as u8)) {
            return; // rule 3
        }
        if g.heuristic
            && (kind == PileKind::Foundation
                || (sideways && self.kind(to) == PileKind::Tableau && !g.s.pile(to).is_empty()))
        {
            *out.dropped = true; // H1, H2
            return;
        }
        let mv = Move::Transfer { from, count: count as u8, to };
        debug_assert!(g.s.is_legal(mv), "{mv:?}");
        if g.awaited.is_none_or(|awaited| self.uses(g.s, awaited, mv)) {
            out.moves.push((self.score(g.s, mv), mv));
        }
    }

    /// What `collect` looks targets up in (`Index`).
    fn index(&self, s: &State) -> Index {
        let map = &self.map;
        // Tableau piles by the face value of their face-up top card, those face values, and
        // the empty piles.
        let mut by_face = [0u32; 52];
        let mut top_faces = 0u64;
        let mut empty_tableau = 0u32;
        for p in map.tableau() {
            match s.top(p) {
                Some(c) if c.face_up() => {
                    by_face[face(c)] |= 1 << p;
                    top_faces |= 1 << face(c);
                }
                Some(_) => {}
                None => empty_tableau |= 1 << p,
            }
        }
        // Foundations by the face values they accept next.
        let mut found_by_face = [0u16; 52];
        let mut class_seen = 0u16;
        // Rule 4 asks it: the cards home, as face values (where it applies, each foundation
        // holds one suit up from its Ace).
        let mut home = 0u64;
        for (i, f) in map.foundations().enumerate() {
            let FoundationRule::Build { base, direction, wrap, one_per_suit } = self.spec.foundations[i] else {
                continue;
            };
            let pile = s.pile(f);
            home |= pile.first().map_or(0, |&c| ((1 << pile.len()) - 1) << (face(c) / 13 * 13));
            match pile.last() {
                None => {
                    let class = 1u16 << self.found_class[i];
                    if class_seen & class != 0 {
                        continue; // rule 1
                    }
                    class_seen |= class;
                    for suit in 0..4u8 {
                        let started = one_per_suit
                            && map.foundations().enumerate().any(|(j, g)| {
                                self.found_class[j] == self.found_class[i]
                                    && s.pile(g).first().is_some_and(|c| face(*c) / 13 == usize::from(suit))
                            });
                        if !started {
                            found_by_face[usize::from(suit * 13 + base - 1)] |= 1 << i;
                        }
                    }
                }
                Some(&top) if pile.len() < 13 => {
                    let rank = top.rank();
                    let next = match direction {
                        Direction::Down if rank > ACE => Some(rank - 1),
                        Direction::Down if wrap => Some(13),
                        Direction::Up if rank < 13 => Some(rank + 1),
                        Direction::Up if wrap => Some(ACE),
                        _ => None,
                    };
                    if let Some(next) = next {
                        found_by_face[face(top) / 13 * 13 + usize::from(next) - 1] |= 1 << i;
                    }
                }
                Some(_) => {}
            }
        }
        let first_empty_cell = map.cells().find(|&c| s.pile(c).is_empty());
        // Rule 8 asks it.
        let free_cells = map.cells().filter(|&c| s.pile(c).is_empty()).count();
        let reserve_room = match (self.spec.reserve, map.reserve) {
            (Some(ReserveRule::Holding { capacity }), Some(r)) if s.pile(r).len() < usize::from(capacity) => Some(r),
            _ => None,
        };
        Index { by_face, top_faces, empty_tableau, found_by_face, home, first_empty_cell, free_cells, reserve_room }
    }

    /// The tableau piles (as bits) whose top card takes `card`, given the piles by the face of
    /// their face-up top card (`by_face`) and those faces (`top_faces`).
    fn tops_taking(&self, by_face: &[u32; 52], top_faces: u64, card: Card) -> u32 {
        let mut targets = 0;
        let mut unders = self.unders[face(card)] & top_faces;
        while unders != 0 {
            targets |= by_face[unders.trailing_zeros() as usize];
            unders &= unders - 1;
        }
        targets
    }

    /// Rule 6: whether `group`, a tableau group, goes onto its bottom card's parent, the top
    /// of pile `to`, as the only move: it buries no card of `to` under a card of its suit and
    /// higher rank, and the parent lies on its own parent, which lies on its own, or tops a run
    /// that fills its pile while no King is astray (`kings_astray`).
    pub(super) fn joins_for_good(&self, s: &State, group: &[Card], to: PileId, kings_astray: usize) -> bool {
        let onto = s.pile(to);
        let natural = |w: &[Card]| self.supports(w[0], w[1]);
        let n = onto.len();
        let stays = (n >= 3 && onto[n - 3..].windows(2).all(natural))
            // (A run holds a King only at its bottom.)
            || (onto.windows(2).all(natural) && kings_astray == 0);
        if !stays {
            return false;
        }
        let mut highest = [0u8; 4];
        for &g in group {
            let suit = face(g) / 13;
            highest[suit] = highest[suit].max(g.rank());
        }
        !onto.iter().any(|&z| z.rank() < highest[face(z) / 13])
    }

    /// Rules 6 and 9: the Kings in play that do not lie at the bottom of a tableau pile.
    pub(super) fn kings_astray(&self, s: &State) -> usize {
        let king = |c: &&Card| c.rank() == KING;
        let in_cells: usize = self.map.cells().map(|c| s.pile(c).iter().filter(king).count()).sum();
        in_cells + self.map.tableau().map(|p| s.pile(p).iter().skip(1).filter(king).count()).sum::<usize>()
    }

    /// Whether `pile`'s top card lies on a face-up card that accepts it (rule 5 asks it of its
    /// parent's pile, rule 8 of a card and of its parent).
    pub(super) fn top_on_parent(&self, pile: &[Card]) -> bool {
        pile.windows(2).next_back().is_some_and(|w| self.supports(w[0], w[1]))
    }

    /// Rule 8: whether the top card of tableau pile `pile` would go into a cell in vain: it lies
    /// on its parent, and that parent lies on its own or the other cells are full.
    pub(super) fn digs_in_vain(&self, pile: &[Card], free_cells: usize) -> bool {
        self.top_on_parent(pile) && (self.top_on_parent(&pile[..pile.len().saturating_sub(1)]) || free_cells < 2)
    }

    /// Where `pile` holds, beneath its top card, a card that top card accepts: the face values
    /// of its face-up cards, as bits (rule 7); else 0.
    fn heads_over_a_child(&self, s: &State, pile: PileId) -> u64 {
        let cards = s.pile(pile);
        let holds_child = s.top(pile).is_some_and(|u| cards.iter().rev().skip(1).any(|&c| self.supports(u, c)));
        if !holds_child {
            return 0;
        }
        face_bits(cards.iter().filter(|c| c.face_up()))
    }

    /// Whether a move from `from` to `to` plays a foundation's card back onto the tableau.
    fn plays_back(&self, from: PileId, to: PileId) -> bool {
        self.kind(from) == PileKind::Foundation && self.kind(to) == PileKind::Tableau
    }

    /// Whether `card` lies on a face-up `under` that accepts it.
    pub(super) fn supports(&self, under: Card, card: Card) -> bool {
        under.face_up() && self.accepts(under, card)
    }

    /// Whether a tableau card `under` accepts `card` (face aside).
    pub(super) fn accepts(&self, under: Card, card: Card) -> bool {
        self.takes[face(under)] >> face(card) & 1 != 0
    }

    /// Rule 4: whether every rider of `card` is `home` (face values, as bits).
    fn is_safe(&self, home: u64, card: Card) -> bool {
        self.riders[face(card)] & !home == 0
    }
}
