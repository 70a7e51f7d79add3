//! A refused move names the rule it breaks (`refusal`), and only a refused one does.

mod common;

use common::*;
use solitaire_core::describe::{self, Arg, Phrase};
use solitaire_core::refusal::{refusal, refusal_of_any, KEYS};
use solitaire_core::{deal, GameKind, Move, State};
use GameKind::*;

fn why(state: &State, short: &str) -> Phrase {
    refusal(state, m(state, short)).unwrap_or_else(|| panic!("{short} is legal"))
}

fn key(state: &State, short: &str) -> &'static str {
    why(state, short).key
}

fn card(state: &State, pile: &str) -> Arg {
    describe::card(state.top(id(state, pile)).unwrap())
}

#[test]
fn each_rule_in_the_way_is_named() {
    let d = table(Dnieper, &[("tableau:0", "#9S 8D 7C"), ("tableau:1", "9D"), ("foundation:1", &run('H'))]);
    assert_eq!(key(&d, "tableau:0 1 tableau:0"), "refused_same_pile");
    // Counted, so that one card is not "those cards" (Chequers moves single cards only).
    assert_eq!(why(&d, "tableau:0 1 tableau:0").args, [Arg::Number(1)]);
    assert_eq!(why(&d, "tableau:0 2 tableau:0").args, [Arg::Number(2)]);
    assert_eq!(key(&d, "tableau:2 1 tableau:0"), "refused_nothing_there");
    assert_eq!(key(&d, "foundation:1 1 tableau:2"), "refused_stays", "complete runs give nothing back");
    assert_eq!(
        why(&d, "tableau:0 3 tableau:1").args,
        vec![Arg::Number(2), describe::pile(solitaire_core::PileKind::Tableau, 0, describe::Form::The)]
    );
    assert_eq!(key(&d, "tableau:0 1 foundation:0"), "refused_whole_suit_only");
    // More cards than the pile holds, not "only the top 2 are face up".
    let short = why(&d, "tableau:1 3 tableau:0");
    assert_eq!((short.key, short.args[0]), ("refused_too_many", Arg::Number(1)));
    assert_eq!(key(&d, "tableau:0 1 foundation:1"), "refused_full");
    let not_on = why(&d, "tableau:0 1 tableau:1");
    assert_eq!((not_on.key, not_on.args), ("refused_not_on", vec![card(&d, "tableau:0"), card(&d, "tableau:1")]));
    let spent = table(Dnieper, &[("tableau:0", "5S")]);
    assert_eq!(refusal(&spent, Move::Stock).unwrap().key, "refused_stock_empty");
    let no_stock = table(YakutatBay, &[("tableau:0", "5S")]);
    assert_eq!(refusal(&no_stock, Move::Stock).unwrap().key, "refused_not_allowed");

    let y = table(YakutatBay, &[("tableau:0", "QS"), ("tableau:1", "AH"), ("foundation:0", "AS")]);
    assert_eq!(key(&y, "tableau:0 1 tableau:2"), "refused_empty_pile_takes");
    assert_eq!(why(&y, "tableau:0 1 tableau:2").args, vec![Arg::Word("rank_a_13")]);
    assert_eq!(key(&y, "tableau:0 1 foundation:1"), "refused_empty_foundation_takes");
    assert_eq!(key(&y, "tableau:1 1 foundation:0"), "refused_not_on", "another suit's foundation");

    let c = table(Chequers, &[("tableau:0", "AS"), ("tableau:1", "9S"), ("foundation:1", "AS")]);
    assert_eq!(key(&c, "tableau:0 1 foundation:0"), "refused_suit_started");
    assert_eq!(key(&c, "tableau:1 1 reserve"), "refused_nothing_onto", "Chequers' reserve only feeds");

    let z = table(
        Zerline,
        &[
            ("tableau:0", "5H"),
            ("reserve", "2H 2D 2C 2S"),
            ("waste", "3C"),
            ("foundation:0", "KD AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"),
        ],
    );
    assert_eq!(key(&z, "tableau:0 1 reserve"), "refused_full");
    assert_eq!(key(&z, "waste 1 reserve"), "refused_only_from_tableau");
    assert_eq!(key(&z, "tableau:0 1 waste"), "refused_nothing_onto");
    assert_eq!(key(&z, "tableau:0 1 foundation:0"), "refused_full", "13 cards at most");
    assert_eq!(key(&z, "reserve 2 tableau:1"), "refused_one_card");

    let h = table(HowTheyRun, &[("tableau:0", "9S 5D"), ("cell:0", "4D"), ("tableau:1", "8H")]);
    assert_eq!(key(&h, "tableau:0 1 cell:0"), "refused_full");
    assert_eq!(key(&h, "cell:0 1 cell:1"), "refused_only_from_tableau");
    assert_eq!(key(&h, "cell:0 1 foundation:0"), "refused_only_from_tableau");
}

/// A move typed with no count ("t1 t2") names the whole pile where groups move, and the top
/// card's reason where only it does.
#[test]
fn nothing_from_a_pile_fits_says_so_for_the_whole_pile() {
    let y = table(YakutatBay, &[("tableau:0", "9H 4S 2D"), ("tableau:1", "7C")]);
    let (from, to) = (id(&y, "tableau:0"), id(&y, "tableau:1"));
    let none = refusal_of_any(&y, from, to).unwrap();
    assert_eq!((none.key, none.args[1]), ("refused_none_on", card(&y, "tableau:1")));
    let fits = table(YakutatBay, &[("tableau:0", "6H 4S 2D"), ("tableau:1", "7C")]);
    assert_eq!(refusal_of_any(&fits, from, to), None, "the 6 of hearts and the cards on it fit");
    // Onto a foundation only single cards go: the top card's reason, not the pile's.
    let home = table(YakutatBay, &[("tableau:0", "9H 4S 2D"), ("foundation:0", "AS")]);
    let top = refusal_of_any(&home, id(&home, "tableau:0"), id(&home, "foundation:0")).unwrap();
    assert_eq!(top.key, "refused_not_on");
    let c = table(Chequers, &[("tableau:0", "9S 2D"), ("tableau:1", "TS")]);
    assert_eq!(refusal_of_any(&c, id(&c, "tableau:0"), id(&c, "tableau:1")).unwrap().key, "refused_not_on");
}

/// Over random games, every refused move of at least one card, from any pile but the stock,
/// names a rule (not "not allowed"), by a key the catalogues hold, and never panics.
#[test]
fn every_refused_move_in_random_games_names_its_rule() {
    for kind in GameKind::ALL {
        for number in 1..=6 {
            let mut state = deal(kind, number);
            for step in 0..60u64 {
                let piles = state.pile_count() as u8;
                for from in 0..piles {
                    for to in 0..piles {
                        for count in 0..=3 {
                            let mv = Move::Transfer { from, count, to };
                            let why = refusal(&state, mv);
                            assert_eq!(why.is_none(), state.is_legal(mv), "{kind:?} {number} {mv:?}");
                            let Some(why) = why else { continue };
                            assert!(KEYS.contains(&why.key), "{}", why.key);
                            let stock = state.map().stock == Some(from);
                            if count > 0 && !stock {
                                assert_ne!(why.key, "refused_not_allowed", "{kind:?} {number} {mv:?}");
                            }
                            assert!(
                                names_what_holds(&state, from, usize::from(count), to, why.key),
                                "{kind:?} {number} {mv:?}: {}",
                                why.key
                            );
                        }
                    }
                }
                let moves = state.legal_move_list();
                let Some(&next) = moves.get((number * 7 + step * 13) as usize % moves.len().max(1)) else { break };
                state.apply(next, &mut Vec::new());
            }
        }
    }
}

/// Whether what `key` says of moving `count` cards from `from` to `to` is so in `state`: the
/// random games check not only that a rule is named, but that the named one holds.
fn names_what_holds(state: &State, from: u8, count: usize, to: u8, key: &str) -> bool {
    let (source, target) = (state.pile(from), state.pile(to));
    let kind_of = |pile: u8| state.map().kind(pile).map(|(kind, _)| kind);
    match key {
        "refused_same_pile" => from == to,
        "refused_nothing_there" => source.is_empty(),
        "refused_too_many" => count > source.len(),
        "refused_face_up_only" => count > state.face_up_count(from) && count <= source.len(),
        "refused_one_card" => count > 1,
        "refused_stays" => kind_of(from) == Some(solitaire_core::PileKind::Foundation),
        "refused_full" | "refused_not_on" | "refused_none_on" => !target.is_empty(),
        "refused_empty_pile_takes" | "refused_empty_foundation_takes" | "refused_suit_started" => target.is_empty(),
        "refused_whole_suit_only" => kind_of(to) == Some(solitaire_core::PileKind::Foundation) && target.is_empty(),
        "refused_only_from_tableau" => kind_of(from) != Some(solitaire_core::PileKind::Tableau),
        "refused_nothing_onto" => {
            matches!(
                kind_of(to),
                Some(
                    solitaire_core::PileKind::Stock
                        | solitaire_core::PileKind::Waste
                        | solitaire_core::PileKind::Reserve
                )
            )
        }
        _ => true,
    }
}
