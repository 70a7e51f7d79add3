//! The terminal game in French: chosen by `--lang fr` or by the locale, and played from the deal
//! to a win, every line it shows in French.

mod common;

use std::process::{Command, Stdio};

use common::{fresh_dir, solitaire, text};
use solitaire_core::assist::{solution, Solution};
use solitaire_core::notation::pile_name;
use solitaire_core::spec::PileMap;
use solitaire_core::{Game, GameKind, Move};

/// The terminal game's short name of a pile, as the player types it: the notation's name
/// (`tableau:2`, `reserve`) by its first letter, numbered from 1 (`t3`, `r`).
fn short(map: &PileMap, pile: u8) -> String {
    let name = pile_name(map, pile);
    match name.split_once(':') {
        Some((kind, index)) => format!("{}{}", &kind[..1], index.parse::<u32>().unwrap() + 1),
        None => name[..1].to_string(),
    }
}

/// A winning line of `deal`, as the commands a player types.
fn winning_commands(kind: GameKind, deal: u64) -> Vec<String> {
    let game = Game::new(kind, deal);
    let Solution::Won(line) = solution(game.state(), &|| false) else { panic!("deal {deal} is proven winnable") };
    let map = *game.state().map();
    line.into_iter()
        .map(|mv| match mv {
            Move::Transfer { from, count, to } => format!("{} {} {count}", short(&map, from), short(&map, to)),
            Move::Stock => "s".into(),
        })
        .collect()
}

#[test]
fn a_game_played_in_french_from_the_deal_to_the_win() {
    let dir = fresh_dir("french-win");
    let mut script = vec!["help".to_string(), "look t1".into(), "look f1".into(), "hint".into(), "t9 t9 9".into()];
    let line = winning_commands(GameKind::HowTheyRun, 1);
    script.push(line[0].clone());
    script.extend(["undo".into(), "redo".into(), "undo".into(), "undo".into()]);
    script.extend(line.iter().cloned());
    script.extend(["stats".into(), "new 2".into(), "quit".into()]);
    let input = script.join("\n") + "\n";
    let args = ["play", "how-they-run", "--deal", "1", "--lang", "fr", "--data-dir", dir.to_str().unwrap()];
    let out = solitaire(&args, &input);
    let screen = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for french in [
        "Donne 1 commencée. Tapez help pour la liste des commandes.",
        "How They Run — donne 1    coups 0    temps 0:00    jeu auto non",
        "Piles\u{a0}: t1 t2 … tableau, f1 … fondations, c1 c2 cellules",
        "pile de tableau 1, 5 cartes, dont 3 face cachée, carte du dessus\u{a0}: ",
        "fondation 1, n’accepte qu’une couleur complète, du roi à l’as, vide",
        "indice\u{a0}: Déplacer ",
        "rien à annuler",
        "Gagné\u{202f}! Tapez «\u{202f}new\u{202f}» pour une autre donne.",
        "How They Run — parties jouées\u{a0}: 1, gagnées\u{a0}: 1, terminées par le solveur\u{a0}: 0, série\u{a0}: 1 (record\u{a0}: 1)",
        "Donne 2 commencée.",
        "Partie enregistrée. À bientôt\u{202f}!",
    ] {
        assert!(screen.contains(french), "{french:?} not in:\n{screen}");
    }
    let moves = line.len();
    assert!(screen.contains(&format!("coups {moves} ")), "the win took {moves} coups:\n{screen}");
    for english in ["moves ", "deal ", "Deal ", "You won", "hint:", "card", "Type help", "illegal", "nothing to"] {
        assert!(!screen.contains(english), "{english:?} in the French game:\n{screen}");
    }
}

#[test]
fn the_locale_chooses_french_and_lang_overrides_it() {
    let dir = fresh_dir("french-locale");
    let run = |lang: Option<&str>, locale: &[(&str, &str)]| {
        let mut args = vec!["play", "dnieper", "--deal", "3", "--data-dir", dir.to_str().unwrap()];
        args.extend(lang.map(|l| ["--lang", l]).into_iter().flatten());
        let mut command = Command::new(env!("CARGO_BIN_EXE_solitaire"));
        command.args(&args).env_remove("LC_ALL").env_remove("LC_MESSAGES").env_remove("LANG");
        command.envs(locale.iter().copied()).stdin(Stdio::null());
        text(&command.output().unwrap().stdout)
    };
    assert!(run(None, &[("LANG", "fr_FR.UTF-8")]).contains("Dnieper — donne 3    coups 0"));
    assert!(run(None, &[("LANG", "fr_FR.UTF-8"), ("LC_MESSAGES", "C")]).contains("Dnieper — deal 3    moves 0"));
    assert!(run(None, &[("LC_ALL", "fr_CA.UTF-8"), ("LANG", "en_US")]).contains("Dnieper — donne 3"));
    assert!(run(Some("en"), &[("LANG", "fr_FR.UTF-8")]).contains("Dnieper — deal 3"));
    assert!(run(Some("fr"), &[]).contains("Dnieper — donne 3"));
    let out = solitaire(&["play", "dnieper", "--lang", "de"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "solitaire: --lang takes en or fr, not \"de\"\n");
}
