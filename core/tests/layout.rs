//! Table layout: every game on phones, tablets and desktop windows of many sizes, at the deal,
//! along random play (some of it piling cards onto the longest pile) and in positions with very
//! tall piles: every face-up card's index shows, the cards are as large as the viewport gives,
//! nothing leaves the viewport or overlaps another pile, and on touch screens every top card is
//! a finger's target.

use solitaire_core::deal;
use solitaire_core::layout::{
    layout, roomiest, FanDirection, Insets, PileFrame, Rect, TableLayout, Viewport, BUCKET, DOWN_PER_INDEX, GAP, INDEX,
    INDEX_WIDTH, LEGIBLE_INDEX, TOUCH, TOUCH_WORTH,
};
use solitaire_core::notation::{position_from_json, position_to_json, Completeness};
use solitaire_core::spec::ReserveRule;
use solitaire_core::{GameKind, Move, PileKind, State};

/// Float slack when comparing positions, in points.
const EPS: f32 = 1e-3;

fn viewport(width: f32, height: f32, top: f32, left: f32, bottom: f32, right: f32) -> Viewport {
    Viewport { width, height, insets: Insets { top, left, bottom, right } }
}

const PHONE_PORTRAIT: &str = "phone portrait";
const PHONE_LANDSCAPE: &str = "phone landscape";
const TABLET_PORTRAIT: &str = "tablet portrait";
const TABLET_LANDSCAPE: &str = "tablet landscape";

/// An iPhone-sized phone and an iPad-sized tablet, with their safe-area insets.
fn viewports() -> [(&'static str, Viewport); 4] {
    [
        (PHONE_PORTRAIT, viewport(390.0, 844.0, 47.0, 0.0, 34.0, 0.0)),
        (PHONE_LANDSCAPE, viewport(844.0, 390.0, 0.0, 47.0, 21.0, 47.0)),
        (TABLET_PORTRAIT, viewport(1024.0, 1366.0, 24.0, 0.0, 20.0, 0.0)),
        (TABLET_LANDSCAPE, viewport(1366.0, 1024.0, 24.0, 0.0, 20.0, 0.0)),
    ]
}

/// Phones both ways (small, iPhone-sized with insets, large), tablets both ways, desktop windows
/// from small to large and odd strips: the grid the properties hold on.
fn viewport_grid() -> Vec<Viewport> {
    let mut grid: Vec<Viewport> = viewports().iter().map(|(_, v)| *v).collect();
    for (width, height) in [
        (320.0, 568.0),
        (360.0, 640.0),
        (375.0, 667.0),
        (430.0, 932.0),
        (768.0, 1024.0),
        (480.0, 360.0),
        (800.0, 600.0),
        (1280.0, 800.0),
        (1920.0, 1080.0),
        (2560.0, 1440.0),
        (1000.0, 300.0),
        (200.0, 150.0),
    ] {
        grid.push(viewport(width, height, 0.0, 0.0, 0.0, 0.0));
        grid.push(viewport(height, width, 0.0, 0.0, 0.0, 0.0));
    }
    grid
}

/// Tablets and desktop windows from 768 × 1024 up, either way: where every top card gets a
/// finger's room in every position a game reaches. (On phones, Chequers' 25 piles keep it only
/// with cards smaller than `TOUCH_WORTH` of the largest, and the layout takes the larger cards.)
fn roomy(v: &Viewport) -> bool {
    let (short, long) = (v.width.min(v.height), v.width.max(v.height));
    short >= 768.0 && long >= 1024.0
}

/// A small deterministic generator, so that played positions are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// The deal after up to `moves` random legal moves: stock dealt, foundations, reserve and waste used.
fn played(kind: GameKind, moves: usize) -> State {
    let mut state = deal(kind, 3);
    let mut rng = Lcg(kind as u64 + 1);
    let mut effects = Vec::new();
    for _ in 0..moves {
        let legal = state.legal_move_list();
        if legal.is_empty() {
            break;
        }
        assert!(state.apply(legal[rng.below(legal.len())], &mut effects));
    }
    state
}

fn face_up(text: &str) -> String {
    text.trim_start_matches('#').to_string()
}

/// Every card of the tableau and stock on tableau pile `target`, its face-down cards at the
/// bottom, all the rest face up.
fn one_tall_pile(kind: GameKind, target: usize) -> State {
    let mut json = position_to_json(&deal(kind, 5));
    let mut gathered = Vec::new();
    for (i, pile) in json.tableau.iter_mut().enumerate() {
        if i != target {
            gathered.extend(pile.drain(..).map(|c| face_up(&c)));
        }
    }
    if let Some(stock) = json.stock.as_mut() {
        gathered.extend(stock.drain(..).map(|c| face_up(&c)));
    }
    json.tableau[target].extend(gathered);
    position_from_json(&json, Completeness::Complete).expect("a valid position")
}

/// The tableau and stock cards shared out round the tableau, the lower half of each pile face down.
fn all_piles_tall(kind: GameKind) -> State {
    let mut json = position_to_json(&deal(kind, 6));
    let mut all: Vec<String> = json.tableau.iter_mut().flat_map(|p| p.drain(..)).collect();
    if let Some(stock) = json.stock.as_mut() {
        all.append(stock);
    }
    let piles = json.tableau.len();
    for (i, card) in all.into_iter().enumerate() {
        json.tableau[i % piles].push(face_up(&card));
    }
    for pile in &mut json.tableau {
        let down = pile.len() / 2;
        for card in &mut pile[..down] {
            *card = format!("#{card}");
        }
    }
    position_from_json(&json, Completeness::Complete).expect("a valid position")
}

/// Positions along a random game from `deal_number`, one every `every` moves; with `pile_up`, half
/// the moves that can go onto the longest tableau pile do, so that long piles form.
fn walk(kind: GameKind, deal_number: u64, moves: usize, every: usize, pile_up: bool) -> Vec<State> {
    let mut state = deal(kind, deal_number);
    let mut rng = Lcg(deal_number * 31 + kind as u64);
    let mut effects = Vec::new();
    let mut seen = vec![state.clone()];
    for step in 1..=moves {
        let legal = state.legal_move_list();
        if legal.is_empty() {
            break;
        }
        let longest = state.map().tableau().max_by_key(|&p| state.pile(p).len());
        let onto: Vec<Move> =
            legal.iter().copied().filter(|m| matches!(m, Move::Transfer { to, .. } if Some(*to) == longest)).collect();
        let mv = if pile_up && !onto.is_empty() && rng.below(2) == 0 {
            onto[rng.below(onto.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        assert!(state.apply(mv, &mut effects));
        if step % every == 0 {
            seen.push(state.clone());
        }
    }
    seen
}

/// How long the longest tableau pile's covered cards are at the smallest steps, in face-down
/// slivers (`DOWN_PER_INDEX` to an index height).
fn longest_slivers(state: &State) -> u32 {
    let slivers = |pile: u8| {
        let cards = state.pile(pile);
        pile_slivers(&cards[..cards.len().saturating_sub(1)])
    };
    state.map().tableau().map(slivers).max().unwrap_or(0)
}

/// How long `covered` cards are at the smallest steps, in face-down slivers.
fn pile_slivers(covered: &[solitaire_core::Card]) -> u32 {
    covered.iter().map(|c| if c.face_up() { DOWN_PER_INDEX } else { 1 }).sum()
}

/// The card widths the simplest arrangements give in `safe`: the non-tableau piles in rows across
/// the top, the tableau in a grid of equal rows below, each row as tall as a card and the longest
/// pile's covered cards (or the deal's, if longer) at the smallest steps, plus one bucket more
/// (what rounding up to a bucket may add). The largest of all; and the largest of those that
/// give every top card `TOUCH` points each way (columns spread that far apart; rows keeping room
/// below cards shorter than that, while the index stays `LEGIBLE_INDEX` tall), if any. The
/// layout's own arrangements include these, each with rows no taller.
fn top_band_width(state: &State, safe: &Rect) -> (f32, Option<f32>) {
    let spec = state.spec();
    let map = state.map();
    let slivers = longest_slivers(state).max(longest_slivers(&deal(state.kind(), 1)));
    let fan = (slivers as f32 / DOWN_PER_INDEX as f32 + BUCKET as f32) * INDEX;
    let tall = 1.4 + fan;
    let spans: Vec<u16> = (0..state.pile_count() as u8)
        .filter(|&p| !map.is_tableau(p))
        .map(|p| match (state.pile_kind(p), spec.reserve) {
            (Some(PileKind::Reserve), Some(ReserveRule::Holding { capacity })) if capacity > 1 => {
                let needed = 1.0 + f32::from(capacity - 1) * INDEX * INDEX_WIDTH;
                (1u16..).find(|&n| f32::from(n) * (1.0 + GAP) - GAP >= needed - 1e-4).unwrap()
            }
            _ => 1,
        })
        .collect();
    let widest = spans.iter().copied().max().unwrap_or(1);
    let tableau = u16::from(map.tableau);
    (1..=tableau)
        .map(|columns| {
            let across = columns.max(widest);
            let mut band_rows = u16::from(!spans.is_empty());
            let mut used = 0;
            for &span in &spans {
                if used > 0 && used + span > across {
                    band_rows += 1;
                    used = 0;
                }
                used += span;
            }
            let rows = tableau.div_ceil(columns);
            let wide = f32::from(across) * (1.0 + GAP) + GAP;
            let high = f32::from(band_rows) * (1.4 + GAP) + f32::from(rows) * (tall + GAP) + GAP;
            let plain = (safe.width / wide).min(safe.height / high);
            // Down from a top card's top edge: the card and half a gap, plus any room kept free.
            let hit_down = 1.4 + GAP / 2.0;
            let spread = safe.width / f32::from(across) >= TOUCH;
            let fingers = f32::from(band_rows + rows);
            let kept = (safe.width / wide).min((safe.height - fingers * TOUCH) / (high - fingers * hit_down));
            let touch = match (spread, plain * hit_down >= TOUCH) {
                (true, true) => Some(plain),
                (true, false) => (kept * INDEX >= LEGIBLE_INDEX).then_some(kept),
                _ => None,
            };
            (plain, touch)
        })
        .fold((0.0, None), |(largest, touchable): (f32, Option<f32>), (plain, touch)| {
            let touchable = match (touchable, touch) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            (largest.max(plain), touchable)
        })
}

fn positions(kind: GameKind) -> Vec<(&'static str, State)> {
    let last = usize::from(kind.spec().tableau.count) - 1;
    vec![
        ("opening deal", deal(kind, 1)),
        ("played", played(kind, 300)),
        ("everything on the first pile", one_tall_pile(kind, 0)),
        ("everything on the last pile", one_tall_pile(kind, last)),
        ("every pile tall", all_piles_tall(kind)),
        ("foundations full", foundations_full(kind)),
    ]
}

/// A won line from a deal the solver proved, played until 8 cards are left outside the
/// foundations (Chequers: its eight foundations all but full).
fn foundations_full(kind: GameKind) -> State {
    use solitaire_core::solver::{solve, Limits, Outcome};
    let mut state = deal(kind, solitaire_core::assist::winnable_deal(kind, 1));
    let limits = Limits { max_nodes: 5_000_000, ..Limits::quick() };
    let Outcome::Won(line) = solve(&state, &limits, &|| false) else { panic!("{kind:?}: a proven deal is won") };
    let mut effects = Vec::new();
    for mv in line {
        if state.cards_outside_foundations() <= 8 {
            break;
        }
        assert!(state.apply(mv, &mut effects));
    }
    state
}

fn inside(inner: &Rect, outer: &Rect) -> bool {
    inner.x >= outer.x - EPS
        && inner.y >= outer.y - EPS
        && inner.x + inner.width <= outer.x + outer.width + EPS
        && inner.y + inner.height <= outer.y + outer.height + EPS
}

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS
}

fn centre(r: &Rect) -> (f32, f32) {
    (r.x + r.width / 2.0, r.y + r.height / 2.0)
}

/// Everything the layout promises, for one state in one viewport.
fn check(state: &State, viewport: &Viewport, what: &str) -> TableLayout {
    let table = layout(state, viewport);
    let safe = viewport.safe_area().expect("a usable viewport");
    assert!(table.card_width > 0.0, "{what}: no card width");
    assert!((table.card_height / table.card_width - 1.4).abs() < 1e-4, "{what}: cards are 5:7");
    assert_eq!(table.piles.len(), state.pile_count(), "{what}: one frame per pile");

    check_piles(state, &table, &safe, what);
    check_cards(state, &table, &safe, what);
    check_fans(&table, what);
    check_indices(&table, what);
    check_card_size(state, &table, &safe, what);
    table
}

/// Each pile's frame, base and hit area: in the safe area, apart from the others' and found by
/// a tap.
fn check_piles(state: &State, table: &TableLayout, safe: &Rect, what: &str) {
    for (p, pile) in table.piles.iter().enumerate() {
        let w = format!("{what}, {}", pile.label);
        assert_eq!(usize::from(pile.pile), p, "{w}: piles are in pile order");
        assert_eq!(state.pile_kind(pile.pile), Some(pile.kind), "{w}: kind");
        assert!(inside(&pile.frame, safe), "{w}: frame {:?} leaves the safe area {safe:?}", pile.frame);
        assert!(inside(&pile.base, &pile.frame), "{w}: base outside its frame");
        assert_eq!((pile.base.width, pile.base.height), (table.card_width, table.card_height), "{w}: base is one card");
        assert_eq!(
            table.drop_target(centre(&pile.base).0, centre(&pile.base).1),
            Some(pile.pile),
            "{w}: drop on its base"
        );
        assert!(inside(&pile.frame, &pile.hit) && inside(&pile.hit, safe), "{w}: hit area {:?}", pile.hit);
        // The hit area's corners beside and below the pile go to its top card, or to no card.
        let top = table.cards.iter().rfind(|c| c.pile == pile.pile).map(|c| (c.pile, c.position));
        // A hair inside: exactly on the edge two neighbours' areas meet, and either may take it.
        let hair = pile.hit.width / 1000.0;
        let (left, right) = (pile.hit.x + hair, pile.hit.x + pile.hit.width - hair);
        let bottom = pile.hit.y + pile.hit.height - hair;
        for (x, y) in [(left, bottom), (right, bottom)] {
            assert_eq!(table.card_at(x, y), top, "{w}: a tap at ({x}, {y}), beside the pile's bottom");
        }
        for other in &table.piles[p + 1..] {
            assert!(!overlap(&pile.frame, &other.frame), "{w} overlaps {}", other.label);
            // Edge to edge, give or take rounding (a hair, on the largest viewports).
            let shrink = |r: &Rect| Rect {
                x: r.x + hair,
                y: r.y + hair,
                width: r.width - 2.0 * hair,
                height: r.height - 2.0 * hair,
            };
            assert!(!overlap(&shrink(&pile.hit), &shrink(&other.hit)), "{w}'s hit area overlaps {}'s", other.label);
            assert_ne!(pile.label, other.label, "{what}: labels are distinct");
        }
    }
}

/// Every card once, with its id and face, inside its pile's frame, movable as the state says.
fn check_cards(state: &State, table: &TableLayout, safe: &Rect, what: &str) {
    let mut expected: Vec<(u8, u16, u8, bool)> = Vec::new();
    for pile in 0..state.pile_count() as u8 {
        for (position, card) in state.pile(pile).iter().enumerate() {
            expected.push((pile, position as u16, card.id(), card.face_up()));
        }
    }
    let mut actual: Vec<(u8, u16, u8, bool)> =
        table.cards.iter().map(|c| (c.pile, c.position, c.card_id, c.face_up)).collect();
    actual.sort_unstable();
    assert_eq!(actual, expected, "{what}: every card once, with its id and face");

    for card in &table.cards {
        let pile = &table.piles[usize::from(card.pile)];
        let w = format!("{what}, {} card {}", pile.label, card.position);
        assert!(inside(&card.frame, safe), "{w}: {:?} leaves the safe area {safe:?}", card.frame);
        assert!(inside(&card.frame, &pile.frame), "{w}: leaves its pile's frame");
        let len = state.pile(card.pile).len();
        let lift = len - usize::from(card.position);
        assert_eq!(card.movable, state.can_lift(card.pile, lift), "{w}: movable");
        if usize::from(card.position) + 1 == len {
            let (x, y) = centre(&card.frame);
            assert_eq!(table.card_at(x, y), Some((card.pile, card.position)), "{w}: tap on the top card");
        }
    }
}

/// Fans go forward, each covered card's visible strip takes its tap, and face-down cards fan
/// less than face-up ones.
fn check_fans(table: &TableLayout, what: &str) {
    for pair in table.cards.windows(2) {
        let (below, above) = (&pair[0], &pair[1]);
        if below.pile != above.pile {
            continue;
        }
        let w = format!("{what}, {} card {}", table.piles[usize::from(below.pile)].label, below.position);
        assert!(above.z > below.z, "{w}: z increases up the pile");
        let pile = &table.piles[usize::from(below.pile)];
        let (x, y) = centre(&below.frame);
        let (offset, strip) = match pile.fan {
            FanDirection::Down => {
                (above.frame.y - below.frame.y, (x, below.frame.y + (above.frame.y - below.frame.y) / 2.0))
            }
            FanDirection::Right => {
                (above.frame.x - below.frame.x, (below.frame.x + (above.frame.x - below.frame.x) / 2.0, y))
            }
            FanDirection::None => (0.0, (x, y)),
        };
        assert!(offset >= -EPS, "{w}: fans never go backwards");
        if offset >= 1.0 {
            assert_eq!(
                table.card_at(strip.0, strip.1),
                Some((below.pile, below.position)),
                "{w}: tap on its visible strip"
            );
        }
    }

    for pile in table.piles.iter().filter(|p| p.fan != FanDirection::None) {
        let cards: Vec<_> = table.cards.iter().filter(|c| c.pile == pile.pile).collect();
        let step = |pair: &[&solitaire_core::layout::CardFrame]| {
            (pair[1].frame.x - pair[0].frame.x) + (pair[1].frame.y - pair[0].frame.y)
        };
        let down = cards.windows(2).filter(|p| !p[0].face_up).map(step).fold(0.0, f32::max);
        let up = cards.windows(2).filter(|p| p[0].face_up).map(step).fold(f32::INFINITY, f32::min);
        assert!(down <= up + EPS, "{what}, {}: face-down cards fan less than face-up ones", pile.label);
    }
}

/// Every face-up card a fan covers shows its whole corner index.
fn check_indices(table: &TableLayout, what: &str) {
    assert!((table.index_height - INDEX * table.card_width).abs() <= EPS, "{what}: the index is part of the card");
    for pair in table.cards.windows(2) {
        let (below, above) = (&pair[0], &pair[1]);
        let pile = &table.piles[usize::from(below.pile)];
        if below.pile != above.pile || !below.face_up || pile.fan == FanDirection::None {
            continue;
        }
        let (step, least) = match pile.fan {
            FanDirection::Right => (above.frame.x - below.frame.x, table.index_height * INDEX_WIDTH),
            _ => (above.frame.y - below.frame.y, table.index_height),
        };
        // Far from the origin (a huge viewport), positions round to a few ulps.
        let slack = EPS + above.frame.x.abs().max(above.frame.y.abs()) * f32::EPSILON * 4.0;
        assert!(
            step >= least - slack,
            "{what}, {} card {}: a step of {step} hides part of an index {least} long",
            pile.label,
            below.position
        );
    }
}

/// How far `pile`'s top card (or its empty place) is hit: across, and down from its top edge.
fn hit_span(table: &TableLayout, pile: &PileFrame) -> (f32, f32) {
    let top = table.cards.iter().rfind(|c| c.pile == pile.pile).map_or(pile.base, |c| c.frame);
    (pile.hit.width, pile.hit.y + pile.hit.height - top.y)
}

/// Whether a top card hit over `span` is a finger's target: `TOUCH` points each way.
fn a_fingers_room((across, down): (f32, f32)) -> bool {
    across >= TOUCH - EPS && down >= TOUCH - EPS
}

/// Whether every top card is a finger's target.
fn touchable(table: &TableLayout) -> bool {
    table.piles.iter().all(|pile| a_fingers_room(hit_span(table, pile)))
}

/// Cards no smaller than the simplest arrangements give the longest pile, one bucket more, but
/// for a finger's room, which may cost them at most `TOUCH_WORTH` of their width: a layout a
/// finger can use may take smaller cards, down to that share; one it cannot use has cards at
/// least that large, and gave up the room only where every simple arrangement with it has
/// cards below that share of its own. (The index is a fixed share of the card's width, so this
/// bounds it too: the old floor of `LEGIBLE_INDEX` or the simplest cards' index need not
/// holds where the room is taken at nine tenths of their size; `check_indices` checks that
/// every face-up index shows.)
fn check_card_size(state: &State, table: &TableLayout, safe: &Rect, what: &str) {
    let (largest, with_room) = top_band_width(state, safe);
    let (width, slack) = (table.card_width, 1.0 - 1e-4);
    assert!(width >= largest * TOUCH_WORTH * slack, "{what}: cards {width} wide where {largest} fit");
    if !touchable(table) {
        assert!(width >= largest * slack, "{what}: cards {width} wide where {largest} fit");
        if let Some(room) = with_room {
            assert!(room < width * TOUCH_WORTH / slack, "{what}: no finger's room, where cards {room} wide had it");
        }
    }
}

#[test]
fn every_game_fits_every_viewport_in_every_position() {
    for kind in GameKind::ALL {
        for (name, state) in positions(kind) {
            for (screen, viewport) in viewports() {
                check(&state, &viewport, &format!("{} {name} on a {screen}", kind.spec().name));
            }
        }
    }
}

#[test]
fn tall_piles_squeeze_their_fan_but_keep_every_card_on_screen() {
    for kind in GameKind::ALL {
        let state = one_tall_pile(kind, 0);
        let tall = state.pile(0).len();
        assert!(tall >= 40, "{kind:?}: the stressed pile holds {tall} cards");
        for (screen, viewport) in viewports() {
            let table = check(&state, &viewport, &format!("{kind:?} on a {screen}"));
            let pile = &table.piles[0];
            let top = table.cards.iter().find(|c| c.pile == 0 && usize::from(c.position) == tall - 1).unwrap();
            let room = pile.frame.height - table.card_height;
            assert!(top.frame.y - pile.base.y <= room + EPS, "{kind:?} on a {screen}: fan squeezed into the pile");
        }
    }
}

/// A row's room follows its own longest pile: with every card on the first pile, the rows below
/// keep the deal's room and their cards stay as large as those rows allow.
#[test]
fn a_tall_pile_takes_room_from_its_own_row_only() {
    let state = one_tall_pile(GameKind::Chequers, 0);
    let (_, viewport) = viewports()[0];
    let table = check(&state, &viewport, "Chequers, everything on the first pile, on a phone portrait");
    let tableau: Vec<_> = table.piles.iter().filter(|p| p.kind == PileKind::Tableau).collect();
    let (first, last) = (tableau[0].frame, tableau[tableau.len() - 1].frame);
    assert!(last.y > first.y, "one row only: the test sees nothing");
    let dealt = table.card_height + 3.0 * table.index_height;
    assert!(
        last.height < first.height / 3.0 && last.height >= dealt,
        "the last row is {} tall, the tall pile's {}, the deal needs {dealt}",
        last.height,
        first.height
    );
}

#[test]
fn card_widths_are_reported_and_sensible() {
    let mut widths = Vec::new();
    eprintln!(
        "{:<14} {:>15} {:>16} {:>16} {:>17}",
        "card width", PHONE_PORTRAIT, PHONE_LANDSCAPE, TABLET_PORTRAIT, TABLET_LANDSCAPE
    );
    for kind in GameKind::ALL {
        let state = deal(kind, 1);
        let row: Vec<f32> = viewports().iter().map(|(_, v)| layout(&state, v).card_width).collect();
        eprintln!("{:<14} {:>15.1} {:>16.1} {:>16.1} {:>17.1}", kind.spec().name, row[0], row[1], row[2], row[3]);
        widths.push((kind, row));
    }
    for (kind, row) in widths {
        let [phone, phone_wide, tablet, tablet_wide] = row[..] else { unreachable!() };
        let floor = if kind.spec().decks == 1 { 40.0 } else { 35.0 };
        assert!(phone >= floor && phone_wide >= floor, "{kind:?}: cards too small on the phone");
        assert!(tablet > phone * 1.25 && tablet_wide > phone_wide * 1.25, "{kind:?}: the tablet gets larger cards");
    }
}

/// Random games in every game, four deals each, played at random and played piling up onto
/// the longest pile: 500 moves, a position every 20.
fn random_positions(kind: GameKind) -> Vec<State> {
    let mut all = Vec::new();
    for deal_number in 1..=4 {
        for pile_up in [false, true] {
            all.extend(walk(kind, deal_number, 500, 20, pile_up));
        }
    }
    all
}

#[test]
fn along_random_play_every_index_shows_and_cards_are_as_large_as_the_viewport_gives() {
    let grid = viewport_grid();
    let mut cases = 0;
    let mut longest = 0;
    for kind in GameKind::ALL {
        for (i, state) in random_positions(kind).iter().enumerate() {
            longest = longest.max(state.map().tableau().map(|p| state.pile(p).len()).max().unwrap_or(0));
            for viewport in &grid {
                check(state, viewport, &format!("{kind:?} position {i} in {viewport:?}"));
                cases += 1;
            }
        }
    }
    eprintln!("{cases} layouts checked, {} viewports, longest tableau pile {longest} cards", grid.len());
    assert!(longest >= 20, "random play reached a pile of {longest} cards only");
}

/// Each tableau row gets the room its longest pile needs, in whole buckets: the card size is a
/// function of every pile's bucket, so it changes only when a pile crosses one (every few cards
/// it gains), and where every position keeps a finger's room (`roomy`), a pile growing past a
/// bucket never makes cards larger. (On smaller screens a layout may have to give that room up
/// as a pile grows, and its cards then grow.)
#[test]
fn card_size_changes_only_when_a_pile_crosses_a_bucket() {
    let bucket = BUCKET * DOWN_PER_INDEX;
    let mut steps = 0;
    for kind in GameKind::ALL {
        let states = random_positions(kind);
        // Up to one bucket past the deal's longest pile, one size: the first bucket.
        let dealt = longest_slivers(&deal(kind, 1));
        let buckets = |state: &State| -> Vec<u32> {
            let map = state.map();
            let covered = |p: u8| pile_slivers(&state.pile(p)[..state.pile(p).len().saturating_sub(1)]);
            map.tableau().map(|p| covered(p).saturating_sub(dealt).div_ceil(bucket).max(1)).collect()
        };
        for viewport in viewport_grid() {
            let mut by_buckets = std::collections::BTreeMap::new();
            for state in &states {
                let width = layout(state, &viewport).card_width;
                let b = buckets(state);
                let first = *by_buckets.entry(b.clone()).or_insert(width);
                assert_eq!(width, first, "{kind:?} in {viewport:?}: one card size for the piles' buckets {b:?}");
            }
            for (a, wa) in by_buckets.iter().filter(|_| roomy(&viewport)) {
                for (b, wb) in &by_buckets {
                    if a.iter().zip(b).all(|(x, y)| x <= y) {
                        assert!(wb <= wa, "{kind:?} in {viewport:?}: buckets {b:?} after {a:?} give larger cards");
                    }
                }
            }
            let widths: std::collections::BTreeSet<u32> = by_buckets.values().map(|w| w.to_bits()).collect();
            steps += widths.len() - 1;
        }
    }
    assert!(steps > 0, "no game ever changed its card size: the test saw nothing");
}

/// (3) for the top card: its hit area (the card, the room below it in its pile and half the
/// gap around, `PileFrame::hit`) at least `TOUCH` (48) points across and down (Android's 48 dp;
/// iOS asks 44) wherever `roomy`, at the deal, along random play (piles of 20 cards and more)
/// and with the foundations all but full.
#[test]
fn top_cards_are_large_enough_to_hit_in_every_position_a_game_reaches() {
    let mut grid = viewport_grid();
    grid.retain(roomy);
    assert!(grid.len() >= 10, "{} viewports", grid.len());
    let mut checked = 0;
    for kind in GameKind::ALL {
        let mut states = vec![deal(kind, 1), foundations_full(kind)];
        states.extend(random_positions(kind));
        for (i, state) in states.iter().enumerate() {
            for viewport in &grid {
                let table = layout(state, viewport);
                for pile in &table.piles {
                    let (across, down) = hit_span(&table, pile);
                    assert!(
                        a_fingers_room((across, down)),
                        "{kind:?} position {i} in {viewport:?}: {}'s top card is hit over {across} × {down}",
                        pile.label
                    );
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} top cards checked");
}

/// A larger screen never gives cards more than `TOUCH_WORTH` smaller: a finger's room is not
/// bought with a larger phone's cards. (Chequers kept it on a 360 × 640 screen with cards 20
/// points wide, where a 320 × 568 one, with no room for it, had 32-point cards.)
#[test]
fn a_larger_screen_never_gives_much_smaller_cards() {
    let sides = [320.0, 360.0, 390.0, 430.0, 480.0, 568.0, 640.0, 740.0, 844.0, 932.0];
    let sizes: Vec<(f32, f32)> = sides.iter().flat_map(|&w| sides.iter().map(move |&h| (w, h))).collect();
    let mut compared = 0;
    for kind in GameKind::ALL {
        let mut states = vec![deal(kind, 1), foundations_full(kind)];
        states.extend(random_positions(kind).into_iter().step_by(4));
        for (i, state) in states.iter().enumerate() {
            let widths: Vec<f32> =
                sizes.iter().map(|&(w, h)| layout(state, &viewport(w, h, 0.0, 0.0, 0.0, 0.0)).card_width).collect();
            for (a, &(wa, ha)) in sizes.iter().enumerate() {
                for (b, &(wb, hb)) in sizes.iter().enumerate().filter(|&(_, &(wb, hb))| wb >= wa && hb >= ha) {
                    assert!(
                        widths[b] >= widths[a] * TOUCH_WORTH * (1.0 - 1e-4),
                        "{kind:?} position {i}: cards {} wide on {wb} × {hb}, {} on {wa} × {ha}",
                        widths[b],
                        widths[a]
                    );
                    compared += 1;
                }
            }
        }
    }
    eprintln!("{compared} pairs of screens compared");
}

#[test]
fn layout_is_deterministic() {
    for kind in GameKind::ALL {
        let state = played(kind, 100);
        for (_, viewport) in viewports() {
            assert_eq!(layout(&state, &viewport), layout(&state, &viewport));
        }
    }
}

#[test]
fn an_empty_table_still_shows_every_pile() {
    for kind in GameKind::ALL {
        let state = State::empty(kind);
        for (screen, viewport) in viewports() {
            let table = check(&state, &viewport, &format!("empty {kind:?} on a {screen}"));
            assert!(table.cards.is_empty());
        }
    }
}

#[test]
fn drops_near_a_pile_land_on_it_and_drops_far_away_nowhere() {
    let state = deal(GameKind::YakutatBay, 1);
    let (_, viewport) = viewports()[0];
    let table = layout(&state, &viewport);
    let foundation = table.piles.iter().find(|p| p.kind == solitaire_core::PileKind::Foundation).unwrap();
    let base = foundation.base;
    // Just below the foundation, in the gap between the top row and the tableau.
    let below = base.y + base.height + 1.0;
    assert!(table.piles.iter().all(|p| !p.frame.contains(base.x + 1.0, below)), "the point lies in no pile");
    assert_eq!(table.drop_target(base.x + 1.0, below), Some(foundation.pile));
    assert_eq!(table.drop_target(-1000.0, -1000.0), None);
    assert_eq!(table.drop_target(f32::NAN, 10.0), None);
    assert_eq!(table.card_at(f32::NAN, f32::NAN), None);
    assert_eq!(table.card_at(-1.0, -1.0), None);
}

#[test]
fn odd_viewports_give_an_empty_or_a_contained_layout_and_never_panic() {
    let nan = f32::NAN;
    let inf = f32::INFINITY;
    let odd = [
        viewport(0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        viewport(-390.0, 844.0, 0.0, 0.0, 0.0, 0.0),
        viewport(nan, nan, nan, nan, nan, nan),
        viewport(390.0, 844.0, nan, nan, nan, nan),
        viewport(inf, 844.0, 0.0, 0.0, 0.0, 0.0),
        viewport(390.0, 844.0, 500.0, 0.0, 500.0, 0.0),
        viewport(390.0, 844.0, -50.0, -50.0, -50.0, -50.0),
        viewport(1.0, 1.0, 0.0, 0.0, 0.0, 0.0),
        viewport(10_000.0, 20.0, 0.0, 0.0, 0.0, 0.0),
        viewport(20.0, 10_000.0, 0.0, 0.0, 0.0, 0.0),
        viewport(f32::MAX, f32::MAX, 0.0, 0.0, 0.0, 0.0),
    ];
    for kind in GameKind::ALL {
        let state = one_tall_pile(kind, 0);
        for viewport in &odd {
            let table = layout(&state, viewport);
            match viewport.safe_area() {
                None => assert_eq!(table, TableLayout::default(), "{viewport:?}"),
                Some(_) => {
                    check(&state, viewport, &format!("{kind:?} in {viewport:?}"));
                }
            }
        }
    }
}

/// Every empty place says what it takes (issue: empty outlines were all alike, and Chequers'
/// rising and falling foundations could not be told apart).
#[test]
fn each_pile_carries_the_mark_of_its_empty_state() {
    use solitaire_core::describe::empty_symbol;
    use solitaire_core::PileKind;

    let phone = viewports()[0].1;
    let marks = |kind: GameKind, of: PileKind| -> Vec<String> {
        let table = layout(&deal(kind, 1), &phone);
        table.piles.iter().filter(|p| p.kind == of).map(|p| empty_symbol(p.empty)).collect()
    };
    let all = |symbol: &str, n: usize| vec![symbol.to_string(); n];
    let rising_then_falling: Vec<String> = [all("A↑", 4), all("K↓", 4)].concat();
    assert_eq!(marks(GameKind::Chequers, PileKind::Foundation), rising_then_falling);
    assert_eq!(marks(GameKind::Chequers, PileKind::Tableau), all("", 25));
    assert_eq!(marks(GameKind::Chequers, PileKind::Reserve), all("✕", 1), "a feeder reserve runs out");
    assert_eq!(marks(GameKind::Dnieper, PileKind::Foundation), all("K–A", 4));
    assert_eq!(marks(GameKind::Dnieper, PileKind::Stock), all("✕", 1));
    assert_eq!(marks(GameKind::YakutatBay, PileKind::Tableau)[0], "K");
    assert_eq!(marks(GameKind::YakutatBay, PileKind::Foundation), all("A↑", 4));
    assert_eq!(marks(GameKind::Zerline, PileKind::Tableau), all("Q", 8));
    assert_eq!(marks(GameKind::Zerline, PileKind::Waste), all("", 1));
    // Beside the empty waste, the empty reserve is told apart (a playtest could not).
    assert_eq!(marks(GameKind::Zerline, PileKind::Reserve), all("0/4", 1));
    assert_eq!(marks(GameKind::HowTheyRun, PileKind::Cell), all("", 2));
    assert_eq!(marks(GameKind::HowTheyRun, PileKind::Tableau)[9], "K");
}

/// A band pile's frame is its card (a drop highlight drawn on it is the card's size); the room
/// kept below short cards for a finger belongs to its hit area alone, and a drop there lands
/// on the pile.
#[test]
fn band_piles_keep_the_finger_room_in_their_hit_area_not_their_frame() {
    let mut below_a_card = 0;
    // Small windows, where cards are short enough to need the room and it costs them little.
    let small = (200..=480).step_by(20).flat_map(|w| (150..=700).step_by(10).map(move |h| (w as f32, h as f32)));
    let viewports: Vec<Viewport> = small.map(|(w, h)| viewport(w, h, 0.0, 0.0, 0.0, 0.0)).collect();
    for kind in GameKind::ALL {
        let state = played(kind, 100);
        for &viewport in viewport_grid().iter().chain(&viewports) {
            let table = layout(&state, &viewport);
            let gap = table.piles.iter().find(|p| p.kind != PileKind::Tableau).map(|p| p.hit.height - p.frame.height);
            for pile in table.piles.iter().filter(|p| p.kind != PileKind::Tableau) {
                let what = format!("{kind:?} {} in {viewport:?}", pile.label);
                assert_eq!(pile.frame.height, pile.base.height, "{what}: the frame is a card tall");
                assert_eq!(Some(pile.hit.height - pile.frame.height), gap, "{what}: every band pile alike");
                // At the foot of its hit area, where there is room below the card beside half
                // the gap.
                let (x, y) = (pile.base.x + 1.0, pile.hit.y + pile.hit.height - 0.5);
                if y - (pile.base.y + pile.base.height) > table.card_width * GAP {
                    assert!(table.piles.iter().all(|p| !p.frame.contains(x, y)), "{what}: the room is no frame's");
                    assert_eq!(table.drop_target(x, y), Some(pile.pile), "{what}: a drop in its room lands on it");
                    below_a_card += 1;
                }
            }
        }
    }
    assert!(below_a_card >= 10, "band piles with room below them: {below_a_card}");
}

/// The scene an app draws keeps the arrangement of the scene it drew before, also in a viewport
/// a point taller, but not in one of another shape (the layout's own test,
/// `piles_keep_their_places_as_the_game_goes_on`, says when it lets go).
#[test]
fn a_scene_keeps_the_arrangement_of_the_one_drawn_before() {
    use solitaire_core::scene::Scene;
    let view = viewport(400.0, 620.0, 0.0, 0.0, 0.0, 0.0);
    let mut game = solitaire_core::Game::new(GameKind::Chequers, 12);
    let first = Scene::of(&game, &view, None);
    let mut drawn = first.clone();
    for step in 0..200 {
        let moves = game.state().legal_move_list();
        let Some(&mv) = moves.get((step * 7) % moves.len().max(1)) else { break };
        game.play(mv).unwrap();
        drawn = Scene::of(&game, &view, Some(&drawn));
        assert_eq!(drawn.layout.arrangement, first.layout.arrangement, "step {step}");
    }
    let taller = viewport(400.0, 621.0, 0.0, 0.0, 0.0, 0.0);
    assert_eq!(Scene::of(&game, &taller, Some(&drawn)).layout.arrangement, first.layout.arrangement);
    let wide = viewport(1000.0, 300.0, 0.0, 0.0, 0.0, 0.0);
    let turned = Scene::of(&game, &wide, Some(&drawn)).layout.arrangement;
    assert_eq!(turned, layout(game.state(), &wide).arrangement);
    assert_ne!(turned, first.layout.arrangement);
}

/// A phone held sideways (844 × 390 points): with the controls above and below the table (104
/// points of bars), Chequers' cards are 36.7 points wide, beside it (168 points) 42.0; upright,
/// the bars above and below leave the larger room. `roomiest` says which; the first of equals.
#[test]
fn the_roomiest_viewport_is_the_one_with_the_largest_cards() {
    let state = deal(GameKind::Chequers, 12);
    let stacked = viewport(844.0, 390.0 - 104.0, 0.0, 0.0, 0.0, 0.0);
    let beside = viewport(844.0 - 168.0, 390.0, 0.0, 0.0, 0.0, 0.0);
    let width = |v: &Viewport| layout(&state, v).card_width;
    assert!(width(&beside) > 1.1 * width(&stacked), "{} against {}", width(&beside), width(&stacked));
    assert_eq!(roomiest(&state, &[stacked, beside]), Some(1));
    let (upright, upright_beside) =
        (viewport(390.0, 844.0 - 104.0, 0.0, 0.0, 0.0, 0.0), viewport(390.0 - 168.0, 844.0, 0.0, 0.0, 0.0, 0.0));
    assert_eq!(roomiest(&state, &[upright, upright_beside]), Some(0));
    assert_eq!(roomiest(&state, &[beside, stacked, beside]), Some(0), "the first of equals");
    assert_eq!(roomiest(&state, &[]), None);
}

/// Which piles show how many cards they hold: the squared ones whose top card alone is in sight
/// (a stock; Chequers' reserve, its 3 face-down cards under its top one), not a foundation, a
/// cell or a fanned tableau pile, whose cards say it.
#[test]
fn squared_piles_of_hidden_cards_show_their_count() {
    let counted = |kind| {
        let state = deal(kind, 1);
        let table = layout(&state, &viewport(390.0, 844.0, 47.0, 0.0, 34.0, 0.0));
        let shown: Vec<(PileKind, usize)> = table
            .piles
            .iter()
            .filter(|p| p.shows_count(state.pile(p.pile).len()))
            .map(|p| (p.kind, state.pile(p.pile).len()))
            .collect();
        shown
    };
    assert_eq!(counted(GameKind::Chequers), [(PileKind::Reserve, 4)]);
    assert_eq!(counted(GameKind::Zerline), [(PileKind::Stock, 64)]);
    assert_eq!(counted(GameKind::Dnieper), [(PileKind::Stock, 24)]);
    assert_eq!(counted(GameKind::YakutatBay), []);
    assert_eq!(counted(GameKind::HowTheyRun), []);
}
