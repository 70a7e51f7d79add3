//! Table layout: where each pile and each card goes on screen, for any game.
//!
//! Both apps draw exactly this, so they look and behave alike. One algorithm serves every
//! `GameSpec`: the piles other than the tableau (stock, waste, reserve, cells, foundations) go in
//! rows across the top or in a block down the left side, the tableau piles in a grid. Of all such
//! arrangements the one with the largest cards wins (`plan.rs`), under two rules: a fan never
//! hides a face-up card's corner index (`TableLayout::index_height`; face-down cards may overlap
//! more), and every top card is a finger's target, `TOUCH` points across and down (`PileFrame::hit`:
//! narrow cards' columns spread apart, short cards' rows keep room below them), wherever some
//! arrangement allows it with cards at least `TOUCH_WORTH` as wide as the largest: legibility
//! first, on a small phone Chequers' 25 piles take larger cards and a little less room for a
//! finger. Each tableau row gets the room its longest pile needs at the smallest
//! steps, rounded up to a bucket (`plan::Fans`), so short piles get large cards, a long pile
//! takes room from its own row only, and cards shrink in a few steps as piles grow, not at every
//! move. Units are points, the origin is the viewport's top-left corner.

mod plan;

use crate::card::Card;
use crate::spec::{EmptyMark, GameSpec, PileId, PileKind, PileMap};
use crate::state::State;
use plan::{Band, Plan, ASPECT, FAN_DOWN, FAN_UP};
pub use plan::{BUCKET, DOWN_PER_INDEX, GAP, HOLD, INDEX, INDEX_WIDTH, LEGIBLE_INDEX, TOUCH, TOUCH_WORTH};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Insets {
    pub top: f32,
    pub left: f32,
    pub bottom: f32,
    pub right: f32,
}

/// The drawing area and the safe-area insets the table must keep clear of, in points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Viewport {
    pub width: f32,
    pub height: f32,
    pub insets: Insets,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

/// Which way a pile spreads its cards so that covered ones stay visible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FanDirection {
    /// All cards on the base.
    None,
    Down,
    Right,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PileFrame {
    pub pile: PileId,
    pub kind: PileKind,
    /// Index among the piles of its kind, from 0.
    pub index: u8,
    /// The whole area the pile may use, fan included; no two piles' frames overlap. (A band
    /// pile's is its card, or its fan: the room below short cards for a finger is its hit
    /// area's alone.)
    pub frame: Rect,
    /// Where its bottom card, or its empty placeholder, lies.
    pub base: Rect,
    /// Where a tap means this pile: its frame and half the gap around it, so that neighbouring
    /// piles' hit areas meet without overlapping, and a top card narrower than a finger also
    /// takes the space beside and below it. A tap there on no card goes to the pile's top card
    /// (`TableLayout::card_at`), or to the empty pile.
    pub hit: Rect,
    pub fan: FanDirection,
    /// For people and screen readers: "tableau pile 3", "foundation 1", "stock" (1-based).
    pub label: String,
    /// What its empty placeholder shows.
    pub empty: EmptyMark,
}

impl PileFrame {
    /// Whether an app shows on the pile how many cards it holds: where they lie squared, the
    /// top one alone in sight, so that nothing else tells it (the stock, face down; a reserve or
    /// a waste holding more than one, Chequers' reserve with its cards face down beneath), but
    /// on a foundation, whose top card says it.
    pub fn shows_count(&self, cards: usize) -> bool {
        self.fan == FanDirection::None
            && match self.kind {
                PileKind::Stock => cards > 0,
                PileKind::Foundation | PileKind::Cell | PileKind::Tableau => false,
                PileKind::Waste | PileKind::Reserve => cards > 1,
            }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CardFrame {
    pub card_id: u8,
    pub pile: PileId,
    /// Index in the pile, from the bottom.
    pub position: u16,
    pub frame: Rect,
    /// Drawing order over the whole table: pile by pile, increasing with position within a pile
    /// (not consecutive).
    pub z: u16,
    pub face_up: bool,
    /// Whether this card, with the cards on it, can be picked up.
    pub movable: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableLayout {
    pub card_width: f32,
    pub card_height: f32,
    /// The height of a card's corner index: its rank and suit side by side, drawn from the card's
    /// top-left corner within `index_height` down and `INDEX_WIDTH` index heights across. A fan
    /// down never steps less than this from a face-up card (a sideways fan never less than that
    /// width), so the apps must draw the index inside it for every face-up card to be legible.
    pub index_height: f32,
    /// One per pile, in pile order: `piles[p].pile == p`. Empty when the viewport has no room.
    pub piles: Vec<PileFrame>,
    /// Pile by pile, bottom to top, so in increasing `z`.
    pub cards: Vec<CardFrame>,
    /// The arrangement chosen, for a later layout to keep (`layout_keeping`).
    pub arrangement: Option<Arrangement>,
}

/// Where a layout put the piles that are not tableau piles, the tableau's columns, whether it
/// kept a finger's room, and the size of the area it was chosen for.
#[derive(Clone, Copy, Debug)]
pub struct Arrangement {
    keep: plan::Keep,
    /// Width and height of the safe area it was chosen in.
    area: (f32, f32),
    /// The plan last laid out in it, with the area's size and the piles' rooms (`Fans::key`)
    /// then: the same again needs no new choice, which is most of a tap's layout.
    last: Option<(Plan, (f32, f32), plan::FansKey)>,
}

/// The same arrangement, whatever plan it last laid out.
impl PartialEq for Arrangement {
    fn eq(&self, other: &Arrangement) -> bool {
        self.keep == other.keep && self.area == other.area
    }
}

impl Arrangement {
    /// Whether `area` is near enough the one this was chosen in to keep it: a note's line more
    /// or less above the table, not a turned phone or a window made much larger (each side
    /// within `plan::HOLD_AREA`, measured from where it was chosen, so that a resize in small
    /// steps does not carry it far).
    fn fits(&self, area: Rect) -> bool {
        let near = |now: f32, then: f32| (now - then).abs() <= then * plan::HOLD_AREA;
        near(area.width, self.area.0) && near(area.height, self.area.1)
    }
}

/// Larger sizes are clamped, keeping all arithmetic finite.
const MAX_POINTS: f32 = 1.0e6;

impl Rect {
    /// Half-open, so that a point on the edge between two rects belongs to one only.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && x < self.x + self.width && y >= self.y && y < self.y + self.height
    }

    fn distance_to(&self, x: f32, y: f32) -> f32 {
        let dx = (self.x - x).max(x - (self.x + self.width)).max(0.0);
        let dy = (self.y - y).max(y - (self.y + self.height)).max(0.0);
        dx.hypot(dy)
    }
}

impl Viewport {
    /// The viewport minus its insets, with unusable numbers (NaN, infinite, negative) read as 0;
    /// `None` when nothing is left.
    pub fn safe_area(&self) -> Option<Rect> {
        let clean = |v: f32| if v.is_finite() { v.clamp(0.0, MAX_POINTS) } else { 0.0 };
        let insets = &self.insets;
        let (left, top) = (clean(insets.left), clean(insets.top));
        let width = clean(self.width) - left - clean(insets.right);
        let height = clean(self.height) - top - clean(insets.bottom);
        (width > 0.0 && height > 0.0).then_some(Rect { x: left, y: top, width, height })
    }
}

/// Where every pile and card of `state` goes in `viewport`, in the arrangement with the largest
/// cards.
pub fn layout(state: &State, viewport: &Viewport) -> TableLayout {
    layout_keeping(state, viewport, None)
}

/// Which of `viewports` lays `state`'s table out with the largest cards, the first of equals
/// (`None` for none): an app choosing where its controls go (beside the table on a phone held
/// sideways, above and below it upright) asks with the table's room in each.
pub fn roomiest(state: &State, viewports: &[Viewport]) -> Option<usize> {
    // Only the plans are needed, not where each card goes.
    let fans = plan::Fans::of(state);
    let best = |viewport| best_plan(state.spec(), state.map(), &fans, viewport);
    let widths = viewports.iter().map(|viewport| best(viewport).map_or(0.0, |(plan, _)| plan.card_width));
    widths
        .enumerate()
        .fold(None, |best: Option<(usize, f32)>, (at, width)| match best {
            Some((_, largest)) if largest >= width => best,
            _ => Some((at, width)),
        })
        .map(|(at, _)| at)
}

/// The plan with the largest cards for the game `spec` describes in `viewport`, its tableau rows
/// with the room `fans` gives them, and the area it fills; `None` when the viewport has no room.
fn best_plan(spec: &GameSpec, map: &PileMap, fans: &plan::Fans, viewport: &Viewport) -> Option<(Plan, Rect)> {
    let area = viewport.safe_area()?;
    Some((plan::choose(spec, map, fans, area.width, area.height, None)?, area))
}

/// `layout`, keeping `kept` (the arrangement of the game's last layout) while its cards keep
/// `plan::HOLD` of the best arrangement's width, so that piles do not move to other places as
/// they grow. (A game laid out afresh, resumed say, gets the best arrangement again.)
pub fn layout_keeping(state: &State, viewport: &Viewport, kept: Option<Arrangement>) -> TableLayout {
    let (spec, map) = (state.spec(), state.map());
    let fans = plan::Fans::of(state);
    let Some(area) = viewport.safe_area() else {
        return TableLayout::default();
    };
    let kept = kept.filter(|k| k.fits(area));
    let (size, key) = ((area.width, area.height), fans.key());
    // Kept with the same rooms in the same area, its plan is what `choose` would give again.
    let plan = match kept.and_then(|k| k.last) {
        Some((plan, at, rooms)) if at == size && key == Some(rooms) => plan,
        _ => match plan::choose(spec, map, &fans, area.width, area.height, kept.map(|k| k.keep)) {
            Some(plan) => plan,
            None => return TableLayout::default(),
        },
    };
    let mut piles = Vec::with_capacity(usize::from(map.len));
    place_piles(spec, map, &plan, &fans, area, &mut piles);
    let chosen = plan.keep();
    // Kept, it stays measured from the area it was chosen in.
    let chosen_in = match kept {
        Some(k) if k.keep == chosen => k.area,
        _ => size,
    };
    let card_width = plan.card_width;
    let mut cards = Vec::with_capacity(state.card_count());
    for pile in &piles {
        place_cards(state, pile, plan.reserve, &mut cards);
    }
    TableLayout {
        card_width,
        card_height: card_width * ASPECT,
        index_height: card_width * INDEX,
        piles,
        cards,
        arrangement: Some(Arrangement { keep: chosen, area: chosen_in, last: key.map(|key| (plan, size, key)) }),
    }
}

fn place_piles(spec: &GameSpec, map: &PileMap, plan: &Plan, fans: &plan::Fans, area: Rect, piles: &mut Vec<PileFrame>) {
    let width = plan.card_width;
    let height = width * ASPECT;
    let gap = width * GAP;
    let (band_columns, grid_columns) = (plan.band.columns(), plan.band.grid_columns(plan.columns));
    // Narrow cards spread apart, as far as the width allows, until each column's hit area is
    // a finger wide.
    let pitch_x = (width + gap).max(TOUCH.min(area.width / f32::from(grid_columns)));
    // A row keeps its reserve below its cards: within a tableau pile's frame (the pile's room
    // to grow), below a band pile's (only its hit area takes it, so that a drop highlight is
    // the card's size).
    let pitch_y = height + plan.reserve + gap;
    let gap_x = pitch_x - width;
    // Centred across; from the top down, so that the tableau gets whatever height is left.
    let left = area.x + (area.width - (f32::from(grid_columns) * pitch_x - gap_x)) / 2.0;
    let top = area.y + gap;
    let bottom = area.y + area.height - gap;

    for (pile, (kind, index)) in (0..map.len).filter_map(|p| Some((p, map.kind(p)?))) {
        let fan = plan::fan(spec, kind);
        piles.push(PileFrame {
            pile,
            kind,
            index,
            frame: Rect::default(),
            base: Rect::default(),
            hit: Rect::default(),
            fan,
            label: crate::describe::kind_label(kind, index),
            empty: spec.empty_mark(kind, index),
        });
    }
    // `below`: the reserve under the frame, the hit area's only.
    let mut put = |pile: PileId, frame: Rect, below: f32| {
        if let Some(p) = piles.get_mut(usize::from(pile)) {
            p.base = Rect { width, height, ..frame };
            p.frame = frame;
            // Every pile is at least a gap from the next and from the table's edge.
            let (half_x, half_y) = (gap_x / 2.0, gap / 2.0);
            p.hit = Rect {
                x: frame.x - half_x,
                y: frame.y - half_y,
                width: frame.width + gap_x,
                height: frame.height + below + gap,
            };
        }
    };

    // A lone band row spreads out: stock and friends on the left, foundations on the right.
    let spare = match plan.band {
        Band::Top { .. } if plan.band_rows == 1 => band_columns - plan.band_last_row,
        _ => 0,
    };
    plan::flow(spec, map, band_columns, |pile, row, column, span| {
        let column = if map.is_foundation(pile) { column + spare } else { column };
        let x = left + f32::from(column) * pitch_x;
        let y = top + f32::from(row) * pitch_y;
        put(pile, Rect { x, y, width: f32::from(span) * pitch_x - gap_x, height }, plan.reserve);
    });

    let (tableau_left, tableau_top) = match plan.band {
        Band::Top { .. } => (left, top + f32::from(plan.band_rows) * pitch_y),
        Band::Left { columns } => (left + f32::from(columns) * pitch_x, top),
    };
    // Each row is a card, its room and its reserve tall; the height left over is shared out
    // equally. Tableau piles are numbered row by row from 0, so the grid takes them in order.
    let rows = plan.tableau_rows;
    let needed = plan.tableau_height * width + f32::from(rows) * (plan.reserve + gap);
    let spare = ((bottom - tableau_top + gap) - needed).max(0.0) / f32::from(rows.max(1));
    let mut tableau = map.tableau();
    let mut y = tableau_top;
    for room in fans.rows(plan.columns) {
        let height = (ASPECT + room) * width + plan.reserve + spare;
        for (column, pile) in (0..plan.columns).zip(tableau.by_ref()) {
            put(pile, Rect { x: tableau_left + f32::from(column) * pitch_x, y, width, height }, 0.0);
        }
        y += height + gap;
    }
}

/// The fan steps (face down, face up) that fit `covered` cards into `room`, from `nominal`
/// steps down to `least` ones: face-down slivers shrink first, as they tell the least, then
/// face-up steps, never below the index. `plan` leaves room for that; were float rounding to
/// leave a hair too little, all steps give way alike.
fn squeeze(covered: &[Card], room: f32, nominal: (f32, f32), least: (f32, f32)) -> (f32, f32) {
    let ups = covered.iter().filter(|c| c.face_up()).count() as f32;
    let downs = covered.len() as f32 - ups;
    let need = |down: f32, up: f32| downs * down + ups * up;
    if need(nominal.0, nominal.1) <= room {
        return nominal;
    }
    if need(least.0, nominal.1) <= room {
        return ((room - ups * nominal.1) / downs, nominal.1);
    }
    if need(least.0, least.1) <= room {
        return (least.0, (room - downs * least.0) / ups);
    }
    let scale = room / need(least.0, least.1);
    (least.0 * scale, least.1 * scale)
}

/// Lays `pile`'s cards in its frame, keeping `reserve` points at the bottom free for a finger.
fn place_cards(state: &State, pile: &PileFrame, reserve: f32, out: &mut Vec<CardFrame>) {
    let cards = state.pile(pile.pile);
    // `can_lift(pile, n)` holds exactly for 1 ≤ n ≤ `max_lift(pile)`; asking once keeps this linear.
    let lift_from = cards.len().saturating_sub(state.max_lift(pile.pile));
    let base = pile.base;
    let width = base.width;
    let index = INDEX * width;
    let least_down = index / DOWN_PER_INDEX as f32;
    let (room, nominal, least) = match pile.fan {
        FanDirection::None => (0.0, (0.0, 0.0), (0.0, 0.0)),
        FanDirection::Down => {
            (pile.frame.height - base.height - reserve, (FAN_DOWN * width, FAN_UP * width), (least_down, index))
        }
        FanDirection::Right => {
            let across = index * INDEX_WIDTH;
            (pile.frame.width - width, (FAN_DOWN * width, across), (least_down, across))
        }
    };
    let room = room.max(0.0);
    let (down, up) = squeeze(plan::trim_top(cards), room, nominal, least);
    // Counted, not summed step by step, so that rounding does not pile up along a long fan.
    let (mut downs, mut ups) = (0.0f32, 0.0f32);
    for (position, card) in cards.iter().enumerate() {
        // The clamp absorbs float rounding: no card may stick out of its pile's frame.
        let shift = (downs * down + ups * up).min(room);
        let frame = match pile.fan {
            FanDirection::Right => Rect { x: base.x + shift, ..base },
            _ => Rect { y: base.y + shift, ..base },
        };
        // Pile by pile, then up the pile, without counting other piles' cards: a move elsewhere
        // changes no other card's z, so an update need not send them again.
        let z = (u16::from(pile.pile) << 8) | position as u16;
        out.push(CardFrame {
            card_id: card.id(),
            pile: pile.pile,
            position: position as u16,
            frame,
            z,
            face_up: card.face_up(),
            movable: position >= lift_from,
        });
        if card.face_up() {
            ups += 1.0;
        } else {
            downs += 1.0;
        }
    }
}

impl TableLayout {
    /// Where a dragged group dropped at (`x`, `y`) lands: the pile whose frame holds the point,
    /// else the one whose hit area does (where a tap would mean it), else the pile whose base
    /// is nearest, if within half a card width.
    pub fn drop_target(&self, x: f32, y: f32) -> Option<PileId> {
        // `f32::max` would read a NaN coordinate's distance as 0, near every pile.
        if !(x.is_finite() && y.is_finite()) {
            return None;
        }
        if let Some(pile) = self.piles.iter().find(|p| p.frame.contains(x, y)) {
            return Some(pile.pile);
        }
        if let Some(pile) = self.piles.iter().find(|p| p.hit.contains(x, y)) {
            return Some(pile.pile);
        }
        let reach = self.card_width / 2.0;
        self.piles
            .iter()
            .map(|p| (p.base.distance_to(x, y), p.pile))
            .filter(|&(distance, _)| distance <= reach)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, pile)| pile)
    }

    /// The card a tap at (`x`, `y`) means, as (pile, position): the topmost card under it, else
    /// the top card of the pile whose hit area holds the point.
    pub fn card_at(&self, x: f32, y: f32) -> Option<(PileId, u16)> {
        // Cards are stored in increasing z, so the last hit is the one on top.
        let card = self.cards.iter().rev().find(|c| c.frame.contains(x, y));
        card.or_else(|| {
            // Neighbouring hit areas meet edge to edge; float rounding may let both hold a point
            // there, which then goes to the nearer pile.
            let pile = (self.piles.iter().filter(|p| p.hit.contains(x, y)))
                .min_by(|a, b| a.frame.distance_to(x, y).total_cmp(&b.frame.distance_to(x, y)))?
                .pile;
            self.cards.iter().rfind(|c| c.pile == pile)
        })
        .map(|c| (c.pile, c.position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::spec::*;

    const ANY_DOWN: Build = Build { suit: SuitRule::Any, direction: Direction::Down, wrap: false };

    static EVERYTHING_DEAL: [DealCount; 13] = [DealCount::new(2, 3); 13];
    static TABLEAU_ONLY_DEAL: [DealCount; 4] = [DealCount::new(0, 13); 4];
    static WIDE_DEAL: [DealCount; 40] = [DealCount::new(1, 1); 40];

    /// Games no code knows: every kind of pile at once, a tableau alone, and a very wide tableau.
    /// Fields the layout does not read come from an existing game.
    fn unknown_games() -> [GameSpec; 3] {
        let base = GameKind::Zerline.spec();
        let tableau = |count, unit| TableauSpec { count, build: ANY_DOWN, empty: EmptyRule::AnyCard, unit };
        [
            GameSpec {
                name: "Everything",
                decks: 2,
                tableau: tableau(13, MoveUnit::Single),
                foundations: &[FoundationRule::CompleteRun; 8],
                cells: 4,
                reserve: Some(ReserveRule::Holding { capacity: 6 }),
                stock: Some(StockRule::ToWaste),
                deal: DealSpec { tableau: &EVERYTHING_DEAL, cells: 1, reserve: DealCount::new(0, 0) },
                ..*base
            },
            GameSpec {
                name: "Tableau only",
                decks: 1,
                tableau: tableau(4, MoveUnit::Group),
                foundations: &[],
                cells: 0,
                reserve: None,
                stock: None,
                deal: DealSpec { tableau: &TABLEAU_ONLY_DEAL, cells: 0, reserve: DealCount::new(0, 0) },
                ..*base
            },
            GameSpec {
                name: "Wide",
                decks: 2,
                tableau: tableau(40, MoveUnit::Single),
                foundations: &[FoundationRule::CompleteRun; 8],
                cells: 0,
                reserve: Some(ReserveRule::Feeder),
                stock: Some(StockRule::DealToTableau),
                deal: DealSpec { tableau: &WIDE_DEAL, cells: 0, reserve: DealCount::new(3, 1) },
                ..*base
            },
        ]
    }

    fn overlap(a: &Rect, b: &Rect) -> bool {
        const EPS: f32 = 1e-3;
        a.x < b.x + b.width - EPS
            && b.x < a.x + a.width - EPS
            && a.y < b.y + b.height - EPS
            && b.y < a.y + a.height - EPS
    }

    /// The best arrangement for `state` in `viewport` and its cards' width, chosen afresh (as
    /// every move once chose it).
    fn best(state: &State, viewport: &Viewport) -> (plan::Keep, f32) {
        let (plan, _) = pile_frames(state.spec(), state.map(), &plan::Fans::of(state), viewport).unwrap();
        (plan.keep(), plan.card_width)
    }

    /// The best plan and every pile's frame for the game `spec` describes, as a layout from
    /// scratch gives them; `None` when the viewport has no room.
    fn pile_frames(
        spec: &GameSpec,
        map: &PileMap,
        fans: &plan::Fans,
        viewport: &Viewport,
    ) -> Option<(Plan, Vec<PileFrame>)> {
        let (plan, area) = best_plan(spec, map, fans, viewport)?;
        let mut piles = Vec::with_capacity(usize::from(map.len));
        place_piles(spec, map, &plan, fans, area, &mut piles);
        Some((plan, piles))
    }

    fn keep_of(layout: &TableLayout) -> plan::Keep {
        layout.arrangement.unwrap().keep
    }

    /// As a game goes on, its piles keep their places: each layout keeps the arrangement of the
    /// one before while its cards keep `HOLD` of the best's width. Chosen afresh at every move,
    /// as a game laid out from scratch still is, Chequers deal 12 in a 400 × 620 table moved its
    /// piles to other places 79 times in these 200 moves.
    #[test]
    fn piles_keep_their_places_as_the_game_goes_on() {
        let view = Viewport { width: 400.0, height: 620.0, insets: Insets::default() };
        let mut state = crate::deal(crate::GameKind::Chequers, 12);
        let first = layout(&state, &view);
        let mut kept = first.arrangement;
        let mut best_before = best(&state, &view).0;
        let (mut best_moves, mut kept_moves) = (0, 0);
        for step in 0..200 {
            let moves = state.legal_move_list();
            let Some(&mv) = moves.get((step * 7) % moves.len().max(1)) else { break };
            assert!(state.apply(mv, &mut Vec::new()));
            let (now, width) = best(&state, &view);
            best_moves += usize::from(now != best_before);
            best_before = now;
            let held = layout_keeping(&state, &view, kept);
            kept_moves += usize::from(held.arrangement != kept);
            kept = held.arrangement;
            assert!(held.card_width >= width * HOLD - 1e-3, "step {step}: {} against {width}", held.card_width);
        }
        assert!(best_moves >= 10, "chosen afresh, the arrangement changed {best_moves} times");
        assert_eq!(kept_moves, 0);
        // A line more or less above the table keeps it; a turned table takes the best.
        let shorter = Viewport { height: 604.0, ..view };
        assert_eq!(keep_of(&layout_keeping(&state, &shorter, kept)), kept.unwrap().keep);
        let wide = Viewport { width: 1000.0, height: 300.0, insets: Insets::default() };
        let turned = layout_keeping(&state, &wide, kept);
        assert_eq!(keep_of(&turned), best(&state, &wide).0);
        assert_ne!(keep_of(&turned), first.arrangement.unwrap().keep);
    }

    /// The same position drawn again in its own arrangement is the same table, card for card:
    /// the plan that keeps a finger's room and the plain one of the same grid are two (kept as
    /// one, a redraw of Chequers in a phone held sideways changed every card's size).
    #[test]
    fn a_redraw_in_the_kept_arrangement_changes_nothing() {
        for kind in crate::GameKind::ALL {
            let state = crate::deal(kind, 3);
            for (width, height) in [(844.0, 250.0), (740.0, 230.0), (390.0, 700.0), (1024.0, 1366.0), (1366.0, 1024.0)]
            {
                let view = Viewport { width, height, insets: Insets::default() };
                let fresh = layout(&state, &view);
                assert_eq!(layout_keeping(&state, &view, fresh.arrangement), fresh, "{kind:?} in {width}×{height}");
            }
        }
    }

    /// Along play, a layout that reuses the kept plan (the piles' rooms and the area unchanged)
    /// is the one choosing again would give, card for card.
    #[test]
    fn a_kept_plan_reused_is_the_plan_chosen_again() {
        for kind in crate::GameKind::ALL {
            for (width, height) in [(400.0, 620.0), (844.0, 250.0), (1280.0, 760.0)] {
                let view = Viewport { width, height, insets: Insets::default() };
                let mut state = crate::deal(kind, 5);
                let mut kept = layout(&state, &view).arrangement;
                for step in 0..150 {
                    let moves = state.legal_move_list();
                    let Some(&mv) = moves.get((step * 7) % moves.len().max(1)) else { break };
                    assert!(state.apply(mv, &mut Vec::new()));
                    let reused = layout_keeping(&state, &view, kept);
                    let chosen = layout_keeping(&state, &view, kept.map(|k| Arrangement { last: None, ..k }));
                    assert_eq!(reused, chosen, "{kind:?} in {width}×{height}, step {step}");
                    kept = reused.arrangement;
                }
            }
        }
    }

    /// A turned tablet takes the best arrangement for its new shape, not the old one's at four
    /// fifths of the size.
    #[test]
    fn a_turned_table_is_laid_out_afresh() {
        for kind in crate::GameKind::ALL {
            let state = crate::deal(kind, 3);
            let upright = Viewport { width: 1024.0, height: 1366.0, insets: Insets::default() };
            let turned = Viewport { width: 1366.0, height: 1024.0, insets: Insets::default() };
            let before = layout(&state, &upright).arrangement;
            assert_eq!(layout_keeping(&state, &turned, before), layout(&state, &turned), "{kind:?}");
        }
    }

    #[test]
    fn a_game_described_only_as_data_lays_out() {
        let screens = [(390.0, 844.0), (844.0, 390.0), (1024.0, 1366.0), (1366.0, 1024.0), (120.0, 90.0)];
        for spec in &unknown_games() {
            let map = spec.piles();
            for (width, height) in screens {
                let viewport = Viewport { width, height, insets: Insets::default() };
                let fans = plan::Fans::uniform(map.tableau);
                let (plan, piles) = pile_frames(spec, &map, &fans, &viewport).expect("room for cards");
                let card_width = plan.card_width;
                let what = format!("{} in {width}×{height}", spec.name);
                assert_eq!(piles.len(), usize::from(map.len), "{what}");
                for (i, pile) in piles.iter().enumerate() {
                    let f = pile.frame;
                    assert!(
                        f.x >= 0.0 && f.y >= 0.0 && f.x + f.width <= width + 1e-3 && f.y + f.height <= height + 1e-3,
                        "{what}: {} {f:?}",
                        pile.label
                    );
                    assert!(f.height >= card_width * ASPECT - 1e-3, "{what}: {} holds a card", pile.label);
                    // On the tiny screen the grid is narrower than the fan, which then squeezes.
                    let roomy = width.min(height) >= 390.0;
                    if pile.fan == FanDirection::Right && roomy {
                        assert!(
                            f.width >= card_width * (1.0 + 5.0 * INDEX * INDEX_WIDTH),
                            "{what}: the reserve shows all 6 cards"
                        );
                    }
                    for other in &piles[i + 1..] {
                        assert!(!overlap(&f, &other.frame), "{what}: {} overlaps {}", pile.label, other.label);
                    }
                }
            }
        }
    }
}
