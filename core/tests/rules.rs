//! One test per rule id of `core/RULES.md`; each names its id in its doc comment.

mod common;

use common::*;
use solitaire_core::engine::Status;
use solitaire_core::notation::{format_position, parse_position, Completeness};
use solitaire_core::{deal, GameKind, PileKind, State};
use GameKind::*;

fn counts(state: &State) -> (u8, u8, u8, bool, bool, bool) {
    let map = state.map();
    (map.tableau, map.foundations, map.cells, map.reserve.is_some(), map.stock.is_some(), map.waste.is_some())
}

/// Face-down and face-up counts of each tableau pile of a deal.
fn tableau_faces(state: &State) -> Vec<(usize, usize)> {
    state
        .map()
        .tableau()
        .map(|p| {
            let up = state.face_up_count(p);
            (state.pile(p).len() - up, up)
        })
        .collect()
}

// ---- G: common rules ----

/// G-1: face-down cards never move; only the top card, or a group where the game allows.
#[test]
fn g_1_face_down_cards_never_move() {
    let s = table(Dnieper, &[("tableau:0", "#9S #4H 8D 7C"), ("tableau:1", "9D")]);
    assert!(legal(&s, "tableau:0 2 tableau:1"));
    assert!(!legal(&s, "tableau:0 3 tableau:1"), "a face-down card is in the group");
    let c = table(Chequers, &[("tableau:0", "5S 9D"), ("tableau:1", "TD"), ("tableau:2", "6S")]);
    assert!(legal(&c, "tableau:0 1 tableau:1"));
    assert!(!legal(&c, "tableau:0 2 tableau:2"), "Chequers moves only the top card");
}

/// G-2: uncovering a face-down tableau card turns it up in the same move; undo turns it back.
#[test]
fn g_2_uncovered_card_turns_up_and_undo_turns_it_back() {
    let s = table(Dnieper, &[("tableau:0", "#9S #4H 8D"), ("tableau:1", "9D")]);
    let (after, effects) = play(&s, "tableau:0 1 tableau:1");
    assert_eq!(pile_text(&after, "tableau:0"), "#9S 4H");
    let mut back = after.clone();
    back.undo(&effects);
    assert_eq!(back, s);
}

/// G-3: a built foundation's top card may go back to a tableau pile or another foundation,
/// never to a cell or the reserve; complete-run foundations give nothing back.
#[test]
fn g_3_foundation_play_back() {
    let y = table(YakutatBay, &[("foundation:0", "AH 2H 3H"), ("tableau:0", "4S")]);
    assert!(legal(&y, "foundation:0 1 tableau:0"));
    let z = table(Zerline, &[("foundation:0", "KS AS 2S"), ("tableau:0", "3H")]);
    assert!(legal(&z, "foundation:0 1 tableau:0"));
    assert!(!legal(&z, "foundation:0 1 reserve"), "never into the reserve");
    let c = table(Chequers, &[("foundation:0", "AS 2S 3S 4S 5S"), ("foundation:4", "KS QS JS TS 9S 8S 7S 6S")]);
    assert!(legal(&c, "foundation:0 1 foundation:4"), "up-foundation onto the down one");
    let d = table(Dnieper, &[("foundation:0", &run('S')), ("tableau:0", "9D")]);
    assert!(!d.can_lift(id(&d, "foundation:0"), 1));
    let h = table(HowTheyRun, &[("foundation:0", &run('S'))]);
    assert!(!legal(&h, "foundation:0 13 tableau:0"));
    assert!(h.legal_move_list().is_empty());
}

/// G-4: won when every card lies on the foundations.
#[test]
fn g_4_won_when_every_card_is_on_the_foundations() {
    let all: Vec<(String, String)> =
        ['C', 'D', 'H', 'S'].iter().enumerate().map(|(i, &s)| (format!("foundation:{i}"), run(s))).collect();
    let piles: Vec<(&str, &str)> = all.iter().map(|(p, c)| (p.as_str(), c.as_str())).collect();
    assert_eq!(table(HowTheyRun, &piles).status(), Status::Won);
    let ups: Vec<(String, String)> = ['C', 'D', 'H', 'S']
        .iter()
        .enumerate()
        .map(|(i, &s)| (format!("foundation:{i}"), run(s).split(' ').rev().collect::<Vec<_>>().join(" ")))
        .collect();
    let mut piles: Vec<(&str, &str)> = ups.iter().map(|(p, c)| (p.as_str(), c.as_str())).collect();
    assert_eq!(table(YakutatBay, &piles).status(), Status::Won);
    let short = ups[3].1.rsplit_once(' ').unwrap().0.to_string();
    piles[3] = ("foundation:3", &short);
    piles.push(("tableau:0", "KS"));
    assert_ne!(table(YakutatBay, &piles).status(), Status::Won);
}

/// G-5: lost when the stock is empty and no move is left (a whole pile onto an empty pile
/// does not count); while the stock has cards the game goes on.
#[test]
fn g_5_lost_when_stock_empty_and_no_move_left() {
    let open = table(Dnieper, &[("tableau:0", "9H 5S"), ("tableau:1", "5H")]);
    assert_eq!(open.status(), Status::Playing, "5S can go to an empty pile");
    let lone = table(Dnieper, &[("tableau:0", "5S"), ("tableau:1", "5H")]);
    assert_eq!(lone.status(), Status::Lost, "moving a lone card to an empty pile changes nothing");
    let full: Vec<String> = (0..7).map(|i| format!("tableau:{i}")).collect();
    let cards = ["2C", "4C", "6C", "8C", "TC", "QC", "2D"];
    let piles: Vec<(&str, &str)> = full.iter().map(String::as_str).zip(cards).collect();
    assert_eq!(table(Dnieper, &piles).status(), Status::Lost);
    let mut with_stock = piles.clone();
    with_stock.push(("stock", "#KH"));
    assert_eq!(table(Dnieper, &with_stock).status(), Status::Playing);
    // The reserve full of cards with nowhere to go, the stock spent: only the Queen's null move.
    let only_null = table(Zerline, &[("tableau:0", "QS"), ("reserve", "2H 2D 2C 2S")]);
    assert!(legal(&only_null, "tableau:0 1 tableau:1"));
    assert_eq!(only_null.status(), Status::Lost);
    let dealing = table(Dnieper, &[("tableau:0", "5S"), ("stock", "#KH")]);
    assert!(!dealing.is_null_move(m(&dealing, "tableau:0 1 tableau:3")), "the stock deals by pile position");
    let lone_king = table(YakutatBay, &[("tableau:0", "KS")]);
    assert!(legal(&lone_king, "tableau:0 1 tableau:1"), "legal, but changes nothing");
    assert_eq!(lone_king.status(), Status::Lost);
}

/// G-6: a deal is fixed by (game, number): same number, same deal; different numbers and
/// games differ. (The cards of pinned deals are checked card by card in `golden.rs`.)
#[test]
fn g_6_deal_is_fixed_by_game_and_number() {
    for kind in GameKind::ALL {
        assert_eq!(deal(kind, 12345), deal(kind, 12345));
        assert_ne!(format_position(&deal(kind, 1)), format_position(&deal(kind, 2)));
    }
    assert_ne!(
        format_position(&deal(Dnieper, 1)).replace("dnieper", ""),
        format_position(&deal(HowTheyRun, 1)).replace("how-they-run", "")
    );
}

// ---- DN: Dnieper ----

/// DN-1: 7 tableau piles, 4 foundations, a stock.
#[test]
fn dn_1_layout() {
    assert_eq!(counts(&deal(Dnieper, 1)), (7, 4, 0, false, true, false));
}

/// DN-2: 3 face down then 1 face up on each pile; 24 cards in the stock.
#[test]
fn dn_2_deal() {
    let s = deal(Dnieper, 9);
    assert_eq!(tableau_faces(&s), vec![(3, 1); 7]);
    assert_eq!(pile_text(&s, "stock").split(' ').filter(|c| c.starts_with('#')).count(), 24);
}

/// DN-3: down in suit, circular: King on Ace.
#[test]
fn dn_3_build_down_in_suit_circular() {
    let s = table(
        Dnieper,
        &[
            ("tableau:0", "9S"),
            ("tableau:1", "8S"),
            ("tableau:2", "8H"),
            ("tableau:3", "AS"),
            ("tableau:4", "KS"),
            ("tableau:5", "7S"),
        ],
    );
    assert!(legal(&s, "tableau:1 1 tableau:0"));
    assert!(!legal(&s, "tableau:2 1 tableau:0"), "wrong suit");
    assert!(!legal(&s, "tableau:5 1 tableau:0"), "two ranks");
    assert!(!legal(&s, "tableau:0 1 tableau:1"), "up");
    assert!(legal(&s, "tableau:4 1 tableau:3"), "King on Ace");
}

/// DN-4: any group moves when the target accepts its bottom card, in sequence or not.
#[test]
fn dn_4_any_group_moves() {
    let s = table(Dnieper, &[("tableau:0", "#2C 8S 3D KH"), ("tableau:1", "9S")]);
    let (after, _) = play(&s, "tableau:0 3 tableau:1");
    assert_eq!(pile_text(&after, "tableau:1"), "9S 8S 3D KH");
    assert!(!legal(&s, "tableau:0 2 tableau:1"), "3D does not go on 9S");
}

/// DN-5: an empty pile accepts any card or group.
#[test]
fn dn_5_empty_pile_accepts_anything() {
    let s = table(Dnieper, &[("tableau:0", "#2C 8S 3D"), ("tableau:1", "4H")]);
    assert!(legal(&s, "tableau:0 2 tableau:2"));
    assert!(legal(&s, "tableau:1 1 tableau:3"), "a lone card (pointless, but legal)");
}

/// DN-6: the stock deals one card face up on each pile left to right: 7, 7, 7, then 3;
/// also onto empty piles; no redeal.
#[test]
fn dn_6_stock_deals_to_every_pile() {
    let mut s = deal(Dnieper, 3);
    let lengths = |s: &State| s.map().tableau().map(|p| s.pile(p).len()).collect::<Vec<_>>();
    for round in 0..4 {
        let before = lengths(&s);
        s = play(&s, "stock").0;
        let grown: Vec<usize> = lengths(&s).iter().zip(&before).map(|(a, b)| a - b).collect();
        let expected = if round < 3 { vec![1; 7] } else { vec![1, 1, 1, 0, 0, 0, 0] };
        assert_eq!(grown, expected, "round {round}");
        assert!(s.map().tableau().all(|p| s.top(p).unwrap().face_up()));
    }
    assert!(!legal(&s, "stock") && !s.can_deal(), "no redeal");
    let bare = table(Dnieper, &[("tableau:0", "5S"), ("stock", "#KD #2H #3H")]);
    let (dealt, _) = play(&bare, "stock");
    assert_eq!(pile_text(&dealt, "tableau:0"), "5S 3H");
    assert_eq!(pile_text(&dealt, "tableau:1"), "2H", "empty piles are dealt to");
    assert_eq!(pile_text(&dealt, "tableau:2"), "KD");
    assert!(dealt.pile(id(&dealt, "tableau:3")).is_empty(), "cards ran out");
}

/// DN-7: only a complete 13-card suit run goes to a foundation; never a single card.
#[test]
fn dn_7_foundations_take_only_complete_runs() {
    let s = table(Dnieper, &[("tableau:0", "AS"), ("tableau:1", &format!("#5D {}", run('H')))]);
    assert!(!legal(&s, "tableau:0 1 foundation:0"));
    assert!(legal(&s, "tableau:1 13 foundation:0"), "an analysis position may hold a formed run");
    assert!(!legal(&s, "tableau:1 12 foundation:0"));
    let mixed = table(Dnieper, &[("tableau:0", "KS QS JS TS 9S 8S 7S 6H 5H 4H 3H 2H AH")]);
    assert!(!legal(&mixed, "tableau:0 13 foundation:0"), "one suit");
    let taken = table(Dnieper, &[("foundation:0", &run('H')), ("tableau:0", &run('S'))]);
    assert!(!legal(&taken, "tableau:0 13 foundation:0"), "onto an empty foundation only");
    assert!(legal(&taken, "tableau:0 13 foundation:1"));
}

/// DN-8: a complete run goes to a foundation as part of the move that formed it; one undo
/// takes both back.
#[test]
fn dn_8_complete_run_goes_up_automatically() {
    let partial = run('S').rsplit_once(' ').unwrap().0.to_string();
    let s = table(Dnieper, &[("tableau:0", &format!("#4D {partial}")), ("tableau:1", "AS")]);
    let (after, effects) = play(&s, "tableau:1 1 tableau:0");
    assert_eq!(pile_text(&after, "foundation:0"), run('S'));
    assert_eq!(pile_text(&after, "tableau:0"), "4D", "and the card under it turns up");
    let mut back = after;
    back.undo(&effects);
    assert_eq!(back, s);
    let (dealt, _) = play(&table(Dnieper, &[("tableau:0", &format!("#4D {partial}")), ("stock", "#AS")]), "stock");
    assert_eq!(pile_text(&dealt, "foundation:0"), run('S'), "a run the stock's deal completes");
    let hidden_king = format!("#{partial}");
    let (unmoved, _) =
        play(&table(Dnieper, &[("tableau:0", &hidden_king), ("tableau:1", "AS")]), "tableau:1 1 tableau:0");
    assert!(unmoved.pile(id(&unmoved, "foundation:0")).is_empty(), "a face-down King is no part of a run");
}

// ---- YB: Yakutat Bay ----

/// YB-1: 7 tableau piles, 4 foundations, no stock.
#[test]
fn yb_1_layout() {
    assert_eq!(counts(&deal(YakutatBay, 1)), (7, 4, 0, false, false, false));
}

/// YB-2: the Yukon deal: 1, then n − 1 face down and 5 face up; all 52 dealt.
#[test]
fn yb_2_yukon_deal() {
    let s = deal(YakutatBay, 5);
    assert_eq!(tableau_faces(&s), vec![(0, 1), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (6, 5)]);
    assert_eq!(s.card_count(), 52);
}

/// YB-3: down by alternating colour, one rank lower, not circular.
#[test]
fn yb_3_alternating_colours_not_circular() {
    let s = table(
        YakutatBay,
        &[
            ("tableau:0", "JH"),
            ("tableau:1", "TS"),
            ("tableau:2", "TD"),
            ("tableau:3", "AC"),
            ("tableau:4", "KD"),
            ("tableau:5", "TC"),
        ],
    );
    assert!(legal(&s, "tableau:1 1 tableau:0"));
    assert!(legal(&s, "tableau:5 1 tableau:0"));
    assert!(!legal(&s, "tableau:2 1 tableau:0"), "same colour");
    assert!(!legal(&s, "tableau:4 1 tableau:3"), "nothing on an Ace");
}

/// YB-4: any group moves as a unit when the target accepts its bottom card.
#[test]
fn yb_4_any_group_moves() {
    let s = table(YakutatBay, &[("tableau:0", "#3C TS 2H 9H"), ("tableau:1", "JD")]);
    let (after, _) = play(&s, "tableau:0 3 tableau:1");
    assert_eq!(pile_text(&after, "tableau:1"), "JD TS 2H 9H");
}

/// YB-5: an empty pile takes only a King, alone or at the bottom of a group.
#[test]
fn yb_5_only_kings_fill_spaces() {
    let s = table(YakutatBay, &[("tableau:0", "#3C KS 2H"), ("tableau:1", "QD")]);
    assert!(legal(&s, "tableau:0 2 tableau:2"));
    assert!(!legal(&s, "tableau:0 1 tableau:2"));
    assert!(!legal(&s, "tableau:1 1 tableau:2"));
}

/// YB-6: an Ace starts a foundation, which builds up in suit; tableau tops may go there.
#[test]
fn yb_6_foundations_up_in_suit_from_ace() {
    let s = table(
        YakutatBay,
        &[("tableau:0", "AH"), ("tableau:1", "2S"), ("foundation:1", "AS"), ("tableau:2", "3S"), ("tableau:3", "2C")],
    );
    assert!(legal(&s, "tableau:0 1 foundation:0"));
    assert!(legal(&s, "tableau:1 1 foundation:1"));
    assert!(!legal(&s, "tableau:3 1 foundation:1"), "in suit");
    assert!(!legal(&s, "tableau:1 1 foundation:0"), "only an Ace starts one");
    assert!(!legal(&s, "tableau:2 1 foundation:1"), "3S waits for 2S");
}

/// YB-7: play-back as G-3.
#[test]
fn yb_7_play_back() {
    let s = table(YakutatBay, &[("foundation:0", "AD 2D 3D 4D"), ("tableau:0", "5C")]);
    let (after, _) = play(&s, "foundation:0 1 tableau:0");
    assert_eq!(pile_text(&after, "tableau:0"), "5C 4D");
}

// ---- CH: Chequers ----

/// CH-1: 25 tableau piles, 8 foundations, a reserve.
#[test]
fn ch_1_layout() {
    assert_eq!(counts(&deal(Chequers, 1)), (25, 8, 0, true, false, false));
}

/// CH-2: 4 face-up cards on each pile; the reserve's 4 cards, top face up.
#[test]
fn ch_2_deal() {
    let s = deal(Chequers, 4);
    assert_eq!(tableau_faces(&s), vec![(0, 4); 25]);
    let reserve = pile_text(&s, "reserve");
    let faces: Vec<bool> = reserve.split(' ').map(|c| !c.starts_with('#')).collect();
    assert_eq!(faces, vec![false, false, false, true]);
}

/// CH-3: 4 foundations up from Ace, 4 down from King; one of each kind per suit.
#[test]
fn ch_3_up_and_down_foundations_one_per_suit() {
    let s = table(Chequers, &[("tableau:0", "AS"), ("tableau:1", "KS"), ("foundation:1", "AS"), ("tableau:3", "KH")]);
    assert!(!legal(&s, "tableau:0 1 foundation:0"), "spades already started an up-foundation");
    assert!(legal(&s, "tableau:1 1 foundation:4"));
    assert!(!legal(&s, "tableau:1 1 foundation:0"), "a King does not start an up-foundation");
    assert!(!legal(&s, "tableau:0 1 foundation:5"), "an Ace does not start a down-foundation");
    let built =
        table(Chequers, &[("foundation:0", "AS"), ("foundation:4", "KS"), ("tableau:0", "2C"), ("tableau:1", "QC")]);
    assert!(!legal(&built, "tableau:0 1 foundation:0"), "up in suit");
    assert!(!legal(&built, "tableau:1 1 foundation:4"), "down in suit");
    let second = table(Chequers, &[("foundation:4", "KS"), ("tableau:0", "KS")]);
    assert!(!legal(&second, "tableau:0 1 foundation:5"));
}

/// CH-4: in suit, one rank up or down, circular both ways: on 8♠ only 7♠ and 9♠.
#[test]
fn ch_4_build_up_or_down_in_suit_circular() {
    let s = table(
        Chequers,
        &[
            ("tableau:0", "8S"),
            ("tableau:1", "7S"),
            ("tableau:2", "9S"),
            ("tableau:3", "8H"),
            ("tableau:4", "TS"),
            ("tableau:5", "AD"),
            ("tableau:6", "KD"),
        ],
    );
    assert!(legal(&s, "tableau:1 1 tableau:0"));
    assert!(legal(&s, "tableau:2 1 tableau:0"));
    assert!(!legal(&s, "tableau:3 1 tableau:0"));
    assert!(!legal(&s, "tableau:4 1 tableau:0"));
    assert!(legal(&s, "tableau:6 1 tableau:5"), "King on Ace");
    assert!(legal(&s, "tableau:5 1 tableau:6"), "Ace on King");
}

/// CH-5: only single cards move.
#[test]
fn ch_5_single_cards_only() {
    let s = table(Chequers, &[("tableau:0", "5S 6S"), ("tableau:1", "4S")]);
    assert!(!legal(&s, "tableau:0 2 tableau:1"));
    assert!(!s.can_lift(0, 2));
}

/// A Chequers table whose unnamed tableau piles each hold a card (in play, a pile is never
/// empty while the reserve has cards).
fn chequers_full(piles: &[(&str, &str)]) -> State {
    const FILLER: [&str; 25] = [
        "2H", "4H", "6H", "8H", "TH", "QH", "2D", "4D", "6D", "8D", "TD", "QD", "2C", "4C", "6C", "8C", "TC", "QC",
        "3H", "7H", "JH", "3D", "7D", "JD", "3C",
    ];
    let names: Vec<String> = (0..25).map(|i| format!("tableau:{i}")).collect();
    let mut all: Vec<(&str, &str)> = piles.to_vec();
    for (name, filler) in names.iter().zip(FILLER) {
        if !piles.iter().any(|(p, _)| p == name) {
            all.push((name, filler));
        }
    }
    table(Chequers, &all)
}

/// CH-6: an emptied pile takes the reserve's top card at once (one undo takes both back);
/// once the reserve is empty, an empty pile takes any card.
#[test]
fn ch_6_reserve_fills_spaces() {
    let s = chequers_full(&[("tableau:0", "5S"), ("tableau:1", "6S"), ("reserve", "#9C #2D QH")]);
    let (after, effects) = play(&s, "tableau:0 1 tableau:1");
    assert_eq!(pile_text(&after, "tableau:0"), "QH");
    assert_eq!(pile_text(&after, "reserve"), "#9C 2D");
    let mut back = after.clone();
    back.undo(&effects);
    assert_eq!(back, s);
    let dry = table(Chequers, &[("tableau:0", "5S"), ("tableau:1", "JD")]);
    assert!(legal(&dry, "tableau:1 1 tableau:2"));
    let (emptied, _) = play(&dry, "tableau:0 1 tableau:3");
    assert!(emptied.pile(0).is_empty());
}

/// CH-7: the reserve's top card may be played by hand to a foundation or a pile; the next
/// one turns up.
#[test]
fn ch_7_reserve_top_playable_by_hand() {
    let s = chequers_full(&[("tableau:0", "5S"), ("reserve", "#9C 4S")]);
    let (after, _) = play(&s, "reserve 1 tableau:0");
    assert_eq!(pile_text(&after, "reserve"), "9C");
    let ace = table(Chequers, &[("tableau:0", "5S"), ("reserve", "#9C AH")]);
    assert!(legal(&ace, "reserve 1 foundation:0"));
    assert!(!legal(&ace, "tableau:0 1 reserve"), "nothing goes into this reserve");
}

/// CH-8: play-back as G-3, between up- and down-foundations of a suit where ranks fit.
#[test]
fn ch_8_play_back() {
    let s = table(
        Chequers,
        &[("foundation:0", "AC 2C 3C"), ("foundation:4", "KC QC JC TC 9C 8C 7C 6C 5C 4C"), ("tableau:0", "2C")],
    );
    assert!(legal(&s, "foundation:0 1 tableau:0"));
    assert!(legal(&s, "foundation:0 1 foundation:4"));
    assert!(legal(&s, "foundation:4 1 foundation:0"));
    assert!(!legal(&s, "foundation:4 1 tableau:0"), "4C does not go on 2C");
    let other = table(Chequers, &[("foundation:0", "AC 2C 3C"), ("foundation:5", "KD QD JD TD 9D 8D 7D 6D 5D 4D")]);
    assert!(!legal(&other, "foundation:0 1 foundation:5"), "3C does not go on 4D");
}

// ---- ZE: Zerline ----

/// ZE-1: 8 tableau piles, 8 foundations, a reserve, a stock and its waste.
#[test]
fn ze_1_layout() {
    assert_eq!(counts(&deal(Zerline, 1)), (8, 8, 0, true, true, true));
}

/// ZE-2: 5 face-up cards on each pile; the other 64 form the stock.
#[test]
fn ze_2_deal() {
    let s = deal(Zerline, 2);
    assert_eq!(tableau_faces(&s), vec![(0, 5); 8]);
    assert_eq!(s.pile(s.map().stock.unwrap()).len(), 64);
    assert!(s.pile(s.map().stock.unwrap()).iter().all(|c| !c.face_up()));
}

/// ZE-3: an empty foundation takes only a King, any suit; then up in suit, K A 2 … Q; at most 13.
#[test]
fn ze_3_foundations_from_king_wrapping() {
    let s = table(
        Zerline,
        &[("tableau:0", "KH"), ("tableau:1", "AH"), ("foundation:1", "KS"), ("tableau:2", "AS"), ("tableau:3", "2S")],
    );
    assert!(legal(&s, "tableau:0 1 foundation:0"));
    assert!(!legal(&s, "tableau:1 1 foundation:0"));
    assert!(legal(&s, "tableau:2 1 foundation:1"), "Ace on King");
    assert!(!legal(&s, "tableau:3 1 foundation:1"));
    assert!(!legal(&s, "tableau:1 1 foundation:1"), "in suit: AH not on KS");
    let full = table(Zerline, &[("foundation:0", "KD AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"), ("tableau:0", "KD")]);
    assert!(!legal(&full, "tableau:0 1 foundation:0"), "13 cards at most");
}

/// ZE-4: one rank lower, any suit, not circular; single cards only.
#[test]
fn ze_4_down_any_suit_single_cards() {
    let s = table(
        Zerline,
        &[("tableau:0", "KC"), ("tableau:1", "QH"), ("tableau:2", "AS"), ("tableau:3", "7D 2D"), ("tableau:4", "3C")],
    );
    assert!(legal(&s, "tableau:1 1 tableau:0"));
    assert!(legal(&s, "tableau:3 1 tableau:4"));
    assert!(!legal(&s, "tableau:0 1 tableau:2"), "not circular");
    assert!(!legal(&s, "tableau:3 2 tableau:4"));
}

/// ZE-5: an empty pile takes only a Queen.
#[test]
fn ze_5_only_queens_fill_spaces() {
    let s = table(Zerline, &[("tableau:0", "4C QD"), ("tableau:1", "4H JD")]);
    assert!(legal(&s, "tableau:0 1 tableau:2"));
    assert!(!legal(&s, "tableau:1 1 tableau:2"));
}

/// ZE-6: the reserve holds at most 4 face-up cards, fed only from tableau tops; only its top
/// card leaves, to a foundation or a pile.
#[test]
fn ze_6_reserve() {
    let s = table(
        Zerline,
        &[
            ("tableau:0", "2C"),
            ("reserve", "9H 5D 4S"),
            ("waste", "8C"),
            ("foundation:0", "KH AH"),
            ("tableau:1", "5C"),
        ],
    );
    assert!(legal(&s, "tableau:0 1 reserve"));
    assert!(!legal(&s, "waste 1 reserve"));
    assert!(!legal(&s, "foundation:0 1 reserve"));
    assert!(legal(&s, "reserve 1 tableau:1"), "4S on 5C");
    let (full, _) = play(&s, "tableau:0 1 reserve");
    assert!(!legal(&full, "tableau:1 1 reserve"), "at most 4");
    let two = table(Zerline, &[("reserve", "2H AS"), ("foundation:0", "KH AH")]);
    assert!(!legal(&two, "reserve 2 foundation:0") && !two.can_lift(id(&two, "reserve"), 2));
}

/// ZE-7: the stock turns one card face up onto the waste; one pass, no redeal.
#[test]
fn ze_7_stock_to_waste_one_pass() {
    let s = table(Zerline, &[("stock", "#4D #9S")]);
    let (after, _) = play(&s, "stock");
    assert_eq!(pile_text(&after, "waste"), "9S");
    let (after, _) = play(&after, "stock");
    assert_eq!(pile_text(&after, "waste"), "9S 4D");
    assert!(!legal(&after, "stock"));
}

/// ZE-8: the waste's top card may go to a foundation or a pile, never to the reserve.
#[test]
fn ze_8_waste_top_plays() {
    let s = table(Zerline, &[("waste", "3C KH"), ("tableau:0", "4H")]);
    assert!(legal(&s, "waste 1 foundation:0"));
    assert!(!legal(&s, "waste 1 reserve"));
    let t = table(Zerline, &[("waste", "KH 3C"), ("tableau:0", "4H")]);
    assert!(legal(&t, "waste 1 tableau:0"));
}

/// ZE-9: play-back as G-3, never onto the reserve.
#[test]
fn ze_9_play_back() {
    let s = table(
        Zerline,
        &[
            ("foundation:0", "KS AS 2S 3S"),
            ("tableau:0", "4H"),
            ("foundation:1", "KS AS 2S"),
            ("foundation:2", "KH AH 2H"),
        ],
    );
    assert!(legal(&s, "foundation:0 1 tableau:0"));
    assert!(!legal(&s, "foundation:0 1 reserve"));
    assert!(legal(&s, "foundation:0 1 foundation:1"), "onto the other spade foundation");
    assert!(!legal(&s, "foundation:0 1 foundation:2"), "never onto another suit's");
}

// ---- HR: How They Run ----

/// HR-1: 10 tableau piles, 2 cells, 4 foundations, no stock.
#[test]
fn hr_1_layout() {
    assert_eq!(counts(&deal(HowTheyRun, 1)), (10, 4, 2, false, false, false));
}

/// HR-2: piles 1 to 3 get 3 face down and 2 face up, piles 4 to 10 get 5 face up; 1 face-up
/// card in each cell; all 52 dealt.
#[test]
fn hr_2_deal() {
    let s = deal(HowTheyRun, 6);
    let mut expected = vec![(3, 2); 3];
    expected.extend([(0, 5); 7]);
    assert_eq!(tableau_faces(&s), expected);
    for cell in s.map().cells() {
        assert_eq!(s.pile(cell).len(), 1);
        assert!(s.pile(cell)[0].face_up());
    }
    assert_eq!(s.card_count(), 52);
}

/// HR-3: down in suit, one rank lower, not circular.
#[test]
fn hr_3_down_in_suit_not_circular() {
    let s = table(
        HowTheyRun,
        &[("tableau:0", "8H"), ("tableau:1", "7H"), ("tableau:2", "7S"), ("tableau:3", "AS"), ("tableau:4", "KS")],
    );
    assert!(legal(&s, "tableau:1 1 tableau:0"));
    assert!(!legal(&s, "tableau:2 1 tableau:0"));
    assert!(!legal(&s, "tableau:4 1 tableau:3"));
}

/// HR-4: any group moves as a unit when the target accepts its bottom card.
#[test]
fn hr_4_any_group_moves() {
    let s = table(HowTheyRun, &[("tableau:0", "#2D 7H 3C QS"), ("tableau:1", "8H")]);
    let (after, _) = play(&s, "tableau:0 3 tableau:1");
    assert_eq!(pile_text(&after, "tableau:1"), "8H 7H 3C QS");
    assert_eq!(pile_text(&after, "tableau:0"), "2D");
}

/// HR-5: an empty pile takes only a King, alone or leading a group, from the tableau or a cell.
#[test]
fn hr_5_only_kings_fill_spaces() {
    let s = table(HowTheyRun, &[("tableau:0", "4D KC 2H"), ("cell:0", "KH"), ("cell:1", "QH")]);
    assert!(legal(&s, "tableau:0 2 tableau:1"));
    assert!(legal(&s, "cell:0 1 tableau:1"));
    assert!(!legal(&s, "cell:1 1 tableau:1"));
    assert!(!legal(&s, "tableau:0 1 tableau:1"));
}

/// HR-6: a cell holds one card; any tableau top goes into an empty cell; a cell's card goes
/// to a pile that accepts it; the cells start full.
#[test]
fn hr_6_cells() {
    let s = table(HowTheyRun, &[("tableau:0", "9S 5D"), ("cell:0", "4D"), ("tableau:1", "8H")]);
    assert!(legal(&s, "tableau:0 1 cell:1"));
    assert!(!legal(&s, "tableau:0 1 cell:0"), "the first cell is full");
    assert!(!legal(&s, "tableau:0 2 cell:1"), "one card only");
    assert!(legal(&s, "cell:0 1 tableau:0"), "4D on 5D");
    assert!(!legal(&s, "cell:0 1 cell:1"));
    let dealt = deal(HowTheyRun, 11);
    assert!(dealt.map().cells().all(|c| dealt.pile(c).len() == 1));
}

/// HR-7: foundations take only a complete run from a tableau pile: never a single card,
/// never from a cell.
#[test]
fn hr_7_foundations_take_only_complete_runs() {
    let s = table(HowTheyRun, &[("tableau:0", &run('D')), ("cell:0", "AS"), ("tableau:1", "AH")]);
    assert!(legal(&s, "tableau:0 13 foundation:0"));
    assert!(!legal(&s, "cell:0 1 foundation:0"));
    assert!(!legal(&s, "tableau:1 1 foundation:0"));
    let mixed = table(HowTheyRun, &[("tableau:0", "KD QD JD TD 9D 8D 7D 6C 5C 4C 3C 2C AC")]);
    assert!(!legal(&mixed, "tableau:0 13 foundation:0"), "one suit");
}

/// HR-8: a complete run goes up automatically, as in DN-8.
#[test]
fn hr_8_complete_run_goes_up_automatically() {
    let (head, ace) = run('C').rsplit_once(' ').map(|(h, a)| (h.to_string(), a.to_string())).unwrap();
    let s = table(HowTheyRun, &[("tableau:0", &format!("#9H {head}")), ("cell:0", &ace)]);
    let (after, effects) = play(&s, "cell:0 1 tableau:0");
    assert_eq!(pile_text(&after, "foundation:0"), run('C'));
    assert_eq!(pile_text(&after, "tableau:0"), "9H");
    assert_eq!(after.pile_kind(id(&after, "cell:0")), Some(PileKind::Cell));
    let mut back = after;
    back.undo(&effects);
    assert_eq!(back, s);
}

/// Every rule id of `core/RULES.md` is named by a test in this file.
#[test]
fn rule_ids_all_have_tests() {
    let rules = include_str!("../RULES.md");
    let tests = include_str!("rules.rs");
    let ids: Vec<&str> = rules
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split("**").next())
        .filter(|id| {
            id.split_once('-')
                .is_some_and(|(game, n)| game.chars().all(|c| c.is_ascii_uppercase()) && n.parse::<u8>().is_ok())
        })
        .collect();
    assert_eq!(ids.len(), 46, "RULES.md lists 6 common and 40 game rules");
    let missing: Vec<&str> = ids.iter().copied().filter(|id| !tests.contains(&format!("/// {id}:"))).collect();
    assert!(missing.is_empty(), "rules without a test: {missing:?}");
}

/// Positions that break a rule are refused when read, so no rule can be bypassed by input.
#[test]
fn invalid_positions_are_refused() {
    for bad in [
        r##"{"game":"dnieper","tableau":[["5S","#4H"],[],[],[],[],[],[]],"foundations":[[],[],[],[]],"stock":[]}"##,
        r##"{"game":"yakutat-bay","tableau":[[],[],[],[],[],[],[]],"foundations":[["2S"],[],[],[]]}"##,
        r##"{"game":"zerline","tableau":[[],[],[],[],[],[],[],[]],"foundations":[[],[],[],[],[],[],[],[]],"reserve":["1S","2S","3S","4S","5S"],"stock":[],"waste":[]}"##,
        r##"{"game":"how-they-run","tableau":[[],[],[],[],[],[],[],[],[],[]],"cells":[["5S","6S"],[]],"foundations":[[],[],[],[]]}"##,
        r##"{"game":"dnieper","tableau":[["5S","5S"],[],[],[],[],[],[]],"foundations":[[],[],[],[]],"stock":[]}"##,
    ] {
        assert!(parse_position(bad, Completeness::Partial).is_err(), "{bad}");
    }
}
