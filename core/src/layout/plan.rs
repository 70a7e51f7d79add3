//! Choosing the arrangement: how many tableau columns, and where the other piles go, so that the
//! cards come out as large as the viewport allows with every face-up card's index showing and,
//! where any arrangement allows it, every top card a finger's target. Works in card widths, so
//! each candidate costs a few multiplications.

use super::FanDirection;
use crate::card::Card;
use crate::spec::{GameSpec, PileId, PileKind, PileMap, ReserveRule};
use crate::state::State;

/// Card height over card width (5:7).
pub(super) const ASPECT: f32 = 1.4;
/// Space between piles and around the table, in card widths.
pub const GAP: f32 = 0.08;
/// The corner index's height (rank and suit side by side), in card widths: the smallest step
/// a fan down ever gives a face-up card, so that its whole index shows.
pub const INDEX: f32 = 0.34;
/// The corner index's width, in index heights: the smallest step a sideways fan gives.
pub const INDEX_WIDTH: f32 = 1.8;
/// Face-down cards tell nothing but their number: this many of their slivers take one index
/// height when a fan must squeeze. An integer, so that pile lengths compare exactly.
pub const DOWN_PER_INDEX: u32 = 7;
/// Fan steps while there is room, in card widths: a little air around the index, a sliver for
/// a face-down card.
pub(super) const FAN_UP: f32 = 0.40;
pub(super) const FAN_DOWN: f32 = 0.14;
// Squeezing only ever shrinks steps, so these must not start below their floors.
const _: () = assert!(FAN_UP >= INDEX && FAN_DOWN * DOWN_PER_INDEX as f32 >= INDEX);
/// A tableau row's room follows its longest pile in steps of this many index heights
/// (`Fans::room`), so that card size changes once every few cards a pile gains, not at every move.
pub const BUCKET: u32 = 4;
/// The least a top card's hit area spans across and down, in points: Android's 48 dp (iOS asks
/// 44 pt). An arrangement whose columns can be spread this far apart, and whose rows keep this
/// much from a top card's top edge down, beats any that cannot, as long as its cards keep
/// `TOUCH_WORTH` of the largest cards' width.
pub const TOUCH: f32 = 48.0;
/// The share of the largest cards' width an arrangement a finger can use must keep to be chosen
/// instead. A card too small to read is worse than a target a little under a finger's room:
/// Chequers on a 360 × 640 phone (a table of 360 × 488) kept that room with cards 20 points
/// wide, indices 7 points tall, where 37-point cards fit with 40 points to each column.
pub const TOUCH_WORTH: f32 = 0.9;
/// The smallest corner index, in points, worth a finger's room: where keeping `TOUCH` below
/// each row would shrink the index further (a tiny window), cards keep their size instead, and
/// taps their smaller area.
pub const LEGIBLE_INDEX: f32 = 5.0;
/// How far a top card's hit area reaches down from its top edge with no room below it, in
/// card widths: the card and half the gap under it.
const HIT_DOWN: f32 = ASPECT + GAP / 2.0;
/// A later layout of the same game keeps the arrangement it had (the
/// band's place and columns, the tableau's columns) while that arrangement's cards keep this
/// share of the best arrangement's width. Chosen afresh at every move, piles jumped to other
/// places as the game went on (a playtest: Chequers' foundations from a row across the top to
/// a strip at the left and back; Dnieper's 4 columns to 5 after two deals from the stock).
pub const HOLD: f32 = 0.8;
/// How far (a share of each side) the table's area may differ from the one an arrangement was
/// chosen in for it to be kept: a note's line more or less, not a turned phone.
pub const HOLD_AREA: f32 = 0.15;

/// `Fans::key`: each pile's buckets of room (at least 1, so a shorter game's key ends in 0s).
pub(super) type FansKey = [u8; 32];

/// What a later layout keeps of a plan: the band's place and columns, the tableau's columns,
/// and whether each row keeps a finger's room (the plain plan of the same grid has other card
/// sizes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Keep {
    band: Band,
    columns: u16,
    touchable: bool,
}
/// A candidate must beat the best so far by this fraction, so that near-ties go to fewer
/// tableau rows (then to the earlier arrangement) instead of to float noise.
const TIE: f32 = 1e-3;

/// Where the piles that are not tableau piles (stock, waste, reserve, cells, foundations: "the
/// band") go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Band {
    /// In rows of `columns` piles across the top, the tableau grid below.
    Top { columns: u16 },
    /// In rows of `columns` piles down the left side, the tableau to its right.
    Left { columns: u16 },
}

impl Band {
    /// The band's own columns.
    pub fn columns(self) -> u16 {
        match self {
            Band::Top { columns } | Band::Left { columns } => columns,
        }
    }

    /// The columns of the whole grid, with a tableau `tableau_columns` wide: the band's above
    /// it, or the band's and the tableau's side by side.
    pub fn grid_columns(self, tableau_columns: u16) -> u16 {
        match self {
            Band::Top { columns } => columns,
            Band::Left { columns } => columns + tableau_columns,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Plan {
    pub card_width: f32,
    /// Whether every top card gets `TOUCH` points each way (see `place_piles`).
    pub touchable: bool,
    /// What each row keeps free below its cards, in points, for a finger on cards shorter than
    /// `TOUCH`: never covered by a fan.
    pub reserve: f32,
    pub band: Band,
    /// Tableau grid columns.
    pub columns: u16,
    /// The tableau rows' cards and rooms, in card widths, gaps and reserves left out
    /// (`Fans::height`, which `choose` works out once for every column count).
    pub tableau_height: f32,
    pub tableau_rows: u16,
    pub band_rows: u16,
    /// Columns taken in the band's last row.
    pub band_last_row: u16,
}

impl Plan {
    pub fn keep(&self) -> Keep {
        Keep { band: self.band, columns: self.columns, touchable: self.touchable }
    }
}

impl Keep {
    /// Whether `plan` is this arrangement (asked of every candidate at every tap: kept cheap).
    #[inline]
    fn matches(&self, plan: &Plan) -> bool {
        self.columns == plan.columns && self.touchable == plan.touchable && self.band == plan.band
    }
}

/// The band's piles in reading order: the stock and what it feeds first, foundations last.
fn band_piles(map: &PileMap) -> impl Iterator<Item = PileId> {
    map.stock.into_iter().chain(map.waste).chain(map.reserve).chain(map.cells()).chain(map.foundations())
}

pub(super) fn fan(spec: &GameSpec, kind: PileKind) -> FanDirection {
    match (kind, spec.reserve) {
        (PileKind::Tableau, _) => FanDirection::Down,
        (PileKind::Reserve, Some(ReserveRule::Holding { capacity })) if capacity > 1 => FanDirection::Right,
        _ => FanDirection::None,
    }
}

/// Grid columns a band pile takes: one, or for a reserve fanned sideways, enough for its whole
/// capacity with every index showing.
fn span(spec: &GameSpec, map: &PileMap, pile: PileId) -> u16 {
    match spec.reserve {
        Some(ReserveRule::Holding { capacity }) if capacity > 1 && Some(pile) == map.reserve => {
            let needed = 1.0 + f32::from(capacity - 1) * INDEX * INDEX_WIDTH;
            // n columns span n + (n - 1) * GAP card widths; the epsilon keeps an exact fit at n.
            ((needed + GAP) / (1.0 + GAP) - 1e-4).ceil() as u16
        }
        _ => 1,
    }
}

/// Lays the band's piles in rows of `width` columns, in order, a pile that does not fit starting
/// the next row; calls `place(pile, row, column, span)`. Returns (rows, columns used in the last).
/// `width` is never below the widest span (`choose` sees to it), so no pile is cut short.
pub(super) fn flow(
    spec: &GameSpec,
    map: &PileMap,
    width: u16,
    mut place: impl FnMut(PileId, u16, u16, u16),
) -> (u16, u16) {
    let (mut row, mut column, mut any) = (0, 0, false);
    for pile in band_piles(map) {
        let span = span(spec, map, pile).min(width);
        if column > 0 && column + span > width {
            row += 1;
            column = 0;
        }
        place(pile, row, column, span);
        column += span;
        any = true;
    }
    if any {
        (row + 1, column)
    } else {
        (0, 0)
    }
}

/// A fanned pile's length at the smallest steps, in face-down slivers (`DOWN_PER_INDEX` to an
/// index height): what its covered cards need.
fn slivers(covered: &[Card]) -> u32 {
    covered.iter().map(|c| if c.face_up() { DOWN_PER_INDEX } else { 1 }).sum()
}

/// What the tableau piles need below their base cards, from which each row of the grid gets its
/// room (`Fans::rows`).
pub(super) struct Fans {
    /// The deal's longest pile's covered cards, in slivers.
    dealt: u32,
    /// Each tableau pile's covered cards now, in slivers, in pile order.
    covered: Vec<u32>,
}

impl Fans {
    pub fn of(state: &State) -> Fans {
        let covered = state.map().tableau().map(|pile| slivers(trim_top(state.pile(pile)))).collect();
        let dealt = state
            .spec()
            .deal
            .tableau
            .iter()
            .map(|d| match d.up {
                0 => u32::from(d.down.saturating_sub(1)),
                up => u32::from(d.down) + u32::from(up - 1) * DOWN_PER_INDEX,
            })
            .max()
            .unwrap_or(0);
        Fans { dealt, covered }
    }

    /// Every row one bucket's room, whatever its piles (a test's game described only as data).
    #[cfg(test)]
    pub fn uniform(piles: u8) -> Fans {
        Fans { dealt: 0, covered: vec![0; usize::from(piles)] }
    }

    /// The room, in card widths, below the base cards of a row whose longest pile's covered
    /// cards take `longest` slivers: what the deal's longest pile needs at the smallest steps,
    /// plus a whole number of `BUCKET` index heights (at least one, so that piles can grow from
    /// the deal before cards shrink) that covers what `longest` needs. Stateless, yet a row's
    /// room only changes when its longest pile crosses a bucket, once every few cards it gains
    /// or loses, not at every move; and no row is shorter than at the deal.
    fn room(&self, longest: u32) -> f32 {
        let slivers = self.dealt + self.buckets(longest) * BUCKET * DOWN_PER_INDEX;
        slivers as f32 / DOWN_PER_INDEX as f32 * INDEX
    }

    /// The buckets of room a pile whose covered cards take `longest` slivers needs past the
    /// deal's longest pile: at least one.
    fn buckets(&self, longest: u32) -> u32 {
        longest.saturating_sub(self.dealt).div_ceil(BUCKET * DOWN_PER_INDEX).max(1)
    }

    /// Each tableau pile's buckets, as a key: two fans with the same key give every row of every
    /// grid the same room, so `choose` the same plan. `None` past 32 piles or 255 buckets.
    pub fn key(&self) -> Option<FansKey> {
        let mut key = [0; 32];
        if self.covered.len() > key.len() {
            return None;
        }
        for (slot, &covered) in key.iter_mut().zip(&self.covered) {
            *slot = u8::try_from(self.buckets(covered)).ok()?;
        }
        Some(key)
    }

    /// Each row's room in a grid of `columns` (at least 1), top row first: a row of short piles
    /// keeps large cards' worth of room while another row's pile grows long.
    pub fn rows(&self, columns: u16) -> impl Iterator<Item = f32> + '_ {
        let columns = usize::from(columns.max(1));
        self.covered.chunks(columns).map(|row| self.room(row.iter().copied().max().unwrap_or(0)))
    }

    /// The grid's rows, each a card tall and its room below, in card widths, gaps left out.
    fn height(&self, columns: u16) -> f32 {
        self.rows(columns).map(|room| ASPECT + room).sum()
    }
}

/// A pile's cards but its top one: those a fan steps over.
pub(super) fn trim_top(cards: &[Card]) -> &[Card] {
    &cards[..cards.len().saturating_sub(1)]
}

/// The arrangement with the largest cards in a `width` × `height` area whose tableau rows each
/// have the room `fans` gives them below their base cards, or the one with the largest cards
/// among those a finger can use (`TOUCH`), where its cards keep `TOUCH_WORTH` of that width;
/// fewer tableau rows break near-ties. `None` if no card fits.
/// With `keep`, an arrangement chosen before, that one while its cards keep `HOLD` of the best's
/// width.
pub(super) fn choose(
    spec: &GameSpec,
    map: &PileMap,
    fans: &Fans,
    width: f32,
    height: f32,
    keep: Option<Keep>,
) -> Option<Plan> {
    let tableau = u16::from(map.tableau);
    // Width or height in card widths of `cards` piles and the gaps between and around them.
    let extent = |cards: u16, pile: f32| f32::from(cards) * pile + f32::from(cards + 1) * GAP;
    // The tableau rows' height in card widths, gaps left out, for 1 to `tableau` columns: both
    // arrangements ask for each, and each costs a pass over the piles. `grid` adds the gaps.
    let heights: Vec<f32> = (1..=tableau.max(1)).map(|columns| fans.height(columns)).collect();
    let tableau_height = |columns: u16| heights[usize::from(columns - 1)];
    let grid = |columns: u16, rows: u16| tableau_height(columns) + f32::from(rows + 1) * GAP;
    // The plans for a grid `grid_columns` across (`across` card widths, gaps included) and
    // blocks side by side, each (card widths down, rows of top cards): the largest cards, and,
    // where a finger can be given its room another way, the cards that leaves (smaller when
    // each row must keep `TOUCH - HIT_DOWN * w` points below its cards).
    let sizes = |grid_columns: u16, across: f32, blocks: &[(f32, u16)]| {
        let widest = width / across;
        let plain = blocks.iter().fold(widest, |w, &(down, _)| w.min(height / down));
        let wide = width / f32::from(grid_columns) >= TOUCH;
        if !wide || plain * HIT_DOWN >= TOUCH {
            return [Some((plain, 0.0, wide)), None];
        }
        // w * down + rows * (TOUCH - HIT_DOWN * w) = height, for each block.
        let reserved = blocks.iter().fold(widest, |w, &(down, rows)| {
            let rows = f32::from(rows);
            w.min((height - rows * TOUCH) / (down - rows * HIT_DOWN))
        });
        let touch = (reserved * INDEX >= LEGIBLE_INDEX).then_some((reserved, TOUCH - HIT_DOWN * reserved, true));
        [Some((plain, 0.0, false)), touch]
    };
    // The plans for `band` beside or above a tableau `columns` wide, `blocks` as for `sizes`.
    let candidates = |band: Band, columns: u16, blocks: &[(f32, u16)], (band_rows, band_last_row): (u16, u16)| {
        let grid_columns = band.grid_columns(columns);
        let (tableau_height, tableau_rows) = (tableau_height(columns), tableau.div_ceil(columns));
        sizes(grid_columns, extent(grid_columns, 1.0), blocks).into_iter().flatten().map(
            move |(card_width, reserve, touchable)| Plan {
                card_width,
                touchable,
                reserve,
                band,
                columns,
                tableau_height,
                tableau_rows,
                band_rows,
                band_last_row,
            },
        )
    };
    // The largest cards of all, and of the plans a finger can use.
    let mut largest: Option<Plan> = None;
    let mut touchable: Option<Plan> = None;
    let mut kept: Option<Plan> = None;
    let better = |plan: &Plan, best: &Option<Plan>| {
        best.is_none_or(|b| {
            plan.card_width > b.card_width * (1.0 + TIE)
                || (plan.card_width >= b.card_width * (1.0 - TIE) && plan.tableau_rows < b.tableau_rows)
        })
    };
    let mut consider = |plans: &mut dyn Iterator<Item = Plan>| {
        for plan in plans {
            if better(&plan, &largest) {
                largest = Some(plan);
            }
            if plan.touchable && better(&plan, &touchable) {
                touchable = Some(plan);
            }
            if keep.is_some_and(|k| k.matches(&plan)) && better(&plan, &kept) {
                kept = Some(plan);
            }
        }
    };

    let band_span: u16 = band_piles(map).map(|pile| span(spec, map, pile)).sum();
    // A band narrower than its widest pile would squeeze the sideways fan past the indices.
    let widest = band_piles(map).map(|pile| span(spec, map, pile)).max().unwrap_or(1);
    // From the band's total span on, the band is one row: no need to flow it.
    let band_flow = |width: u16| {
        if width >= band_span {
            (u16::from(band_span > 0), band_span)
        } else {
            flow(spec, map, width, |_, _, _, _| {})
        }
    };

    for columns in 1..=tableau.max(1) {
        let band_columns = columns.max(widest);
        let (band_rows, band_last_row) = band_flow(band_columns);
        let tableau_rows = tableau.div_ceil(columns);
        let down = f32::from(band_rows) * (ASPECT + GAP) + grid(columns, tableau_rows);
        let blocks = [(down, band_rows + tableau_rows)];
        consider(&mut candidates(Band::Top { columns: band_columns }, columns, &blocks, (band_rows, band_last_row)));
    }

    if tableau > 0 {
        let mut narrower_rows = 0;
        for band_columns in widest..=band_span {
            let (band_rows, band_last_row) = band_flow(band_columns);
            // Side by side, more columns for as many rows only make cards narrower: only the
            // narrowest block and grid for each row count can win.
            if band_rows == std::mem::replace(&mut narrower_rows, band_rows) {
                continue;
            }
            let band_down = extent(band_rows, ASPECT);
            for columns in 1..=tableau {
                let tableau_rows = tableau.div_ceil(columns);
                if columns > 1 && tableau.div_ceil(columns - 1) == tableau_rows {
                    continue;
                }
                let blocks = [(band_down, band_rows), (grid(columns, tableau_rows), tableau_rows)];
                consider(&mut candidates(
                    Band::Left { columns: band_columns },
                    columns,
                    &blocks,
                    (band_rows, band_last_row),
                ));
            }
        }
    }
    // A finger's room is worth a little of the cards' size, never their legibility.
    let best = match (touchable, largest) {
        (Some(t), Some(l)) if t.card_width >= l.card_width * TOUCH_WORTH => Some(t),
        (_, l) => l,
    };
    let best = match (kept, best) {
        (Some(k), Some(b)) if k.card_width >= b.card_width * HOLD => Some(k),
        (_, b) => b,
    };
    best.filter(|plan| plan.card_width.is_finite() && plan.card_width > 0.0)
}
