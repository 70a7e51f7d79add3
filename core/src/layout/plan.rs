//! Choosing the arrangement: how many tableau columns, and where the other piles go, so that the
//! cards come out as large as the viewport allows with every face-up card's index showing. Works
//! in card widths, so each candidate costs a few multiplications.

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
/// Card size follows the longest tableau pile in steps of this many index heights (see
/// `fan_room`), so that it changes once every few cards a pile gains, not at every move.
pub const BUCKET: u32 = 4;
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

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Plan {
    pub card_width: f32,
    pub band: Band,
    /// Tableau grid columns.
    pub columns: u16,
    pub tableau_rows: u16,
    pub band_rows: u16,
    /// Columns taken in the band's last row.
    pub band_last_row: u16,
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
pub(super) fn slivers(covered: &[Card]) -> u32 {
    covered.iter().map(|c| if c.face_up() { DOWN_PER_INDEX } else { 1 }).sum()
}

/// The room, in card widths, that each tableau pile gets below its base card: what the deal's
/// longest pile needs at the smallest steps, plus a whole number of `BUCKET` index heights (at
/// least one, so that piles can grow from the deal before cards shrink) that covers what the
/// longest pile needs now. Stateless, yet the card size only changes when the longest pile
/// crosses a bucket, once every few cards it gains or loses, not at every move; and cards never
/// grow past their size at the deal.
pub(super) fn fan_room(state: &State) -> f32 {
    let covered = |cards: &[Card]| slivers(&cards[..cards.len().saturating_sub(1)]);
    let longest = state.map().tableau().map(|pile| covered(state.pile(pile))).max().unwrap_or(0);
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
    let bucket = BUCKET * DOWN_PER_INDEX;
    let slivers = dealt + longest.saturating_sub(dealt).div_ceil(bucket).max(1) * bucket;
    slivers as f32 / DOWN_PER_INDEX as f32 * INDEX
}

/// The arrangement with the largest cards in a `width` × `height` area whose tableau piles each
/// have `fan_room` card widths below their base card; fewer tableau rows break near-ties. `None`
/// if no card fits.
pub(super) fn choose(spec: &GameSpec, map: &PileMap, fan_room: f32, width: f32, height: f32) -> Option<Plan> {
    let tableau = u16::from(map.tableau);
    let tall = ASPECT + fan_room;
    // Width or height in card widths of `cards` piles and the gaps between and around them.
    let extent = |cards: u16, pile: f32| f32::from(cards) * pile + f32::from(cards + 1) * GAP;
    let mut best: Option<Plan> = None;
    let mut consider = |plan: Plan| {
        let wins = best.is_none_or(|b| {
            plan.card_width > b.card_width * (1.0 + TIE)
                || (plan.card_width >= b.card_width * (1.0 - TIE) && plan.tableau_rows < b.tableau_rows)
        });
        if wins {
            best = Some(plan);
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
        let across = extent(band_columns, 1.0);
        let down = f32::from(band_rows) * (ASPECT + GAP) + extent(tableau_rows, tall);
        let card_width = (width / across).min(height / down);
        let band = Band::Top { columns: band_columns };
        consider(Plan { card_width, band, columns, tableau_rows, band_rows, band_last_row });
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
                let across = extent(band_columns + columns, 1.0);
                let down = band_down.max(extent(tableau_rows, tall));
                let card_width = (width / across).min(height / down);
                let band = Band::Left { columns: band_columns };
                consider(Plan { card_width, band, columns, tableau_rows, band_rows, band_last_row });
            }
        }
    }
    best.filter(|plan| plan.card_width.is_finite() && plan.card_width > 0.0)
}
