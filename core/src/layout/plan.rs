//! Choosing the arrangement: how many tableau columns, and where the other piles go, so that the
//! cards come out as large as the viewport allows. Works in card widths, so each candidate costs
//! a few multiplications.

use super::FanDirection;
use crate::spec::{GameSpec, PileId, PileKind, PileMap, ReserveRule};

/// Card height over card width (5:7).
pub(super) const ASPECT: f32 = 1.4;
/// Space between piles and around the table, in card widths.
pub(super) const GAP: f32 = 0.08;
/// Fan offsets, in card heights: a face-down card shows a sliver, a face-up one its corner index.
pub(super) const FAN_DOWN: f32 = 0.10;
pub(super) const FAN_UP: f32 = 0.28;
/// Offset of a sideways fan, in card widths: enough to show the corner index.
pub(super) const FAN_RIGHT: f32 = 0.30;
/// When a fan must squeeze, face-down slivers shrink to this fraction first, as they tell least.
pub(super) const DOWN_FLOOR: f32 = 0.3;
/// The smallest face-up offset, in card heights, that still shows the rank.
const READABLE_UP: f32 = 0.18;
/// Cards in a suit: the longest run most games build.
const SUIT: f32 = 13.0;
/// Narrower cards are hard to read and to hit (44 points is the usual minimum touch target), so
/// the tableau wraps to more rows rather than go below this, where the viewport allows.
const MIN_CARD_WIDTH: f32 = 44.0;
/// What an extra tableau row costs, as a factor on card width (see `better`).
const ROW_COST: f32 = 0.6;
/// A candidate must beat the best so far by this fraction, so that near-ties go to the earlier
/// (simpler) arrangement instead of to float noise.
const TIE: f32 = 1e-3;

/// Where the piles that are not tableau piles (stock, waste, reserve, cells, foundations: "the
/// band") go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Band {
    /// In rows across the top, as wide as the tableau grid.
    Top,
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
/// capacity.
fn span(spec: &GameSpec, map: &PileMap, pile: PileId) -> u16 {
    match spec.reserve {
        Some(ReserveRule::Holding { capacity }) if capacity > 1 && Some(pile) == map.reserve => {
            let needed = 1.0 + f32::from(capacity - 1) * FAN_RIGHT;
            // n columns span n + (n - 1) * GAP card widths; the epsilon keeps an exact fit at n.
            ((needed + GAP) / (1.0 + GAP) - 1e-4).ceil() as u16
        }
        _ => 1,
    }
}

/// Lays the band's piles in rows of `width` columns, in order, a pile that does not fit starting
/// the next row; calls `place(pile, row, column, span)`. Returns (rows, columns used in the last).
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

/// The fan, in card heights, a tableau pile needs to show its dealt face-down cards under a
/// run of face-up ones, all squeezed as far as stays readable. The run is a whole suit, or
/// twice the pile's share of the cards if less (25 piles of 4 rarely grow long). Depends on
/// the game only, so card size never changes during a game.
fn design_fan(spec: &GameSpec) -> f32 {
    let share = spec.card_count() as f32 / f32::from(spec.tableau.count.max(1));
    let covered_up = (2.0 * share).min(SUIT) - 1.0;
    let up = covered_up.max(0.0) * READABLE_UP;
    spec.deal.tableau.iter().map(|d| f32::from(d.down) * FAN_DOWN * DOWN_FLOOR + up).fold(up, f32::max)
}

/// How good an arrangement with cards `card_width` wide is, higher is better: readable cards
/// first; then the largest cards, each extra tableau row costing 40% (rows cut piles short and
/// split the table, so wrapping must buy much larger cards).
fn merit(card_width: f32, tableau_rows: u16) -> (bool, f32) {
    if card_width >= MIN_CARD_WIDTH {
        (true, card_width * ROW_COST.powi(i32::from(tableau_rows.max(1)) - 1))
    } else {
        (false, card_width)
    }
}

/// The best arrangement (see `merit`) in a `width` × `height` area; `None` if no card fits.
pub(super) fn choose(spec: &GameSpec, map: &PileMap, width: f32, height: f32) -> Option<Plan> {
    let tableau = u16::from(map.tableau);
    let tall = ASPECT * (1.0 + design_fan(spec));
    // Width or height in card widths of `cards` piles and the gaps between and around them.
    let extent = |cards: u16, pile: f32| f32::from(cards) * pile + f32::from(cards + 1) * GAP;
    let mut best: Option<(Plan, (bool, f32))> = None;
    let mut consider = |plan: Plan| {
        let (readable, score) = merit(plan.card_width, plan.tableau_rows);
        let wins = best.is_none_or(|(_, (best_readable, best_score))| {
            (readable && !best_readable) || (readable == best_readable && score > best_score * (1.0 + TIE))
        });
        if wins {
            best = Some((plan, (readable, score)));
        }
    };

    let band_span: u16 = band_piles(map).map(|pile| span(spec, map, pile)).sum();
    // From the band's total span on, the band is one row: no need to flow it.
    let band_flow = |width: u16| {
        if width >= band_span {
            (u16::from(band_span > 0), band_span)
        } else {
            flow(spec, map, width, |_, _, _, _| {})
        }
    };

    for columns in 1..=tableau.max(1) {
        let (band_rows, band_last_row) = band_flow(columns);
        let tableau_rows = tableau.div_ceil(columns);
        let across = extent(columns, 1.0);
        let down = f32::from(band_rows) * (ASPECT + GAP) + extent(tableau_rows, tall);
        let card_width = (width / across).min(height / down);
        consider(Plan { card_width, band: Band::Top, columns, tableau_rows, band_rows, band_last_row });
    }

    if tableau > 0 {
        let mut narrower_rows = 0;
        for band_columns in 1..=band_span {
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
    best.map(|(plan, _)| plan).filter(|plan| plan.card_width.is_finite() && plan.card_width > 0.0)
}
