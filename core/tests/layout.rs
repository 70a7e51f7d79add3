//! Table layout: every game on phones and tablets, portrait and landscape, at the deal, in play
//! and in positions with very tall piles.

use solitaire_core::deal;
use solitaire_core::layout::{layout, FanDirection, Insets, Rect, TableLayout, Viewport};
use solitaire_core::notation::{position_from_json, position_to_json, Completeness};
use solitaire_core::{GameKind, State};

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

fn positions(kind: GameKind) -> Vec<(&'static str, State)> {
    let last = usize::from(kind.spec().tableau.count) - 1;
    vec![
        ("opening deal", deal(kind, 1)),
        ("played", played(kind, 300)),
        ("everything on the first pile", one_tall_pile(kind, 0)),
        ("everything on the last pile", one_tall_pile(kind, last)),
        ("every pile tall", all_piles_tall(kind)),
    ]
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

    for (p, pile) in table.piles.iter().enumerate() {
        let w = format!("{what}, {}", pile.label);
        assert_eq!(usize::from(pile.pile), p, "{w}: piles are in pile order");
        assert_eq!(state.pile_kind(pile.pile), Some(pile.kind), "{w}: kind");
        assert!(inside(&pile.frame, &safe), "{w}: frame {:?} leaves the safe area {safe:?}", pile.frame);
        assert!(inside(&pile.base, &pile.frame), "{w}: base outside its frame");
        assert_eq!((pile.base.width, pile.base.height), (table.card_width, table.card_height), "{w}: base is one card");
        assert_eq!(
            table.drop_target(centre(&pile.base).0, centre(&pile.base).1),
            Some(pile.pile),
            "{w}: drop on its base"
        );
        for other in &table.piles[p + 1..] {
            assert!(!overlap(&pile.frame, &other.frame), "{w} overlaps {}", other.label);
            assert_ne!(pile.label, other.label, "{what}: labels are distinct");
        }
    }

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
        assert!(inside(&card.frame, &safe), "{w}: {:?} leaves the safe area {safe:?}", card.frame);
        assert!(inside(&card.frame, &pile.frame), "{w}: leaves its pile's frame");
        let len = state.pile(card.pile).len();
        let lift = len - usize::from(card.position);
        assert_eq!(card.movable, state.can_lift(card.pile, lift), "{w}: movable");
        if usize::from(card.position) + 1 == len {
            let (x, y) = centre(&card.frame);
            assert_eq!(table.card_at(x, y), Some((card.pile, card.position)), "{w}: tap on the top card");
        }
    }

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
    table
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

#[test]
fn card_size_depends_on_the_game_and_viewport_only() {
    for kind in GameKind::ALL {
        for (_, viewport) in viewports() {
            let widths: Vec<f32> = positions(kind).iter().map(|(_, s)| layout(s, &viewport).card_width).collect();
            assert!(widths.iter().all(|&w| w == widths[0]), "{kind:?}: {widths:?}");
        }
    }
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
    assert_eq!(marks(GameKind::HowTheyRun, PileKind::Cell), all("", 2));
    assert_eq!(marks(GameKind::HowTheyRun, PileKind::Tableau)[9], "K");
}
