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
    // The commands in French, but one in English (`look`), which works as well.
    let mut script = vec!["aide".to_string(), "voir t1".into(), "look f1".into(), "indice".into(), "t9 t9 9".into()];
    let line = winning_commands(GameKind::HowTheyRun, 1);
    script.push(line[0].clone());
    script.extend(["annuler".into(), "Rétablir".into(), "annuler".into(), "annuler".into()]);
    script.extend(line.iter().cloned());
    // A win undone after it was counted stays a win: another deal asks nothing.
    script.extend(["stats".into(), "annuler".into(), "nouvelle 2".into(), "quitter".into()]);
    let input = script.join("\n") + "\n";
    let args = ["play", "how-they-run", "--deal", "1", "--lang", "fr", "--data-dir", dir.to_str().unwrap()];
    let out = solitaire(&args, &input);
    let screen = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for french in [
        "Donne 1 commencée. Tapez aide pour la liste des commandes.",
        "  annuler (u)  rétablir (y)  indice (h)",
        "How They Run — donne 1    coups 0    temps 0:00    jeu auto non",
        "Piles\u{a0}: t1 … t10 tableau, c1 c2 cellules, f1 … f4 fondations.",
        "pile de tableau 1, 5 cartes, dont 3 face cachée, 2 face visible, ",
        "fondation 1, n’accepte qu’une couleur complète, du roi à l’as, vide",
        "indice\u{a0}: Déplacer ",
        "rien à annuler",
        "Gagné\u{202f}! Tapez «\u{202f}nouvelle\u{202f}» pour une autre donne.",
        "How They Run — parties jouées\u{a0}: 1, gagnées\u{a0}: 1, terminées par le solveur\u{a0}: 0, série\u{a0}: 1 (record\u{a0}: 1)",
        "Donne 2 commencée.",
        "Partie enregistrée. À bientôt\u{202f}!",
    ] {
        // Long messages are broken between words to fit the screen: read them as one line.
        assert!(screen.contains(french) || screen.replace('\n', " ").contains(french), "{french:?} not in:\n{screen}");
    }
    let moves = line.len();
    assert!(screen.contains(&format!("coups {moves} ")), "the win took {moves} coups:\n{screen}");
    assert!(!screen.contains("commande inconnue") && !screen.contains("pas de pile"), "a command refused:\n{screen}");
    assert!(!screen.contains("Abandonner cette partie"), "asked to give up a won game:\n{screen}");
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

/// A command line the game cannot take is told in the player's language: `--lang`'s, wherever
/// it stands among the arguments, else the locale's; so is `help`.
#[test]
fn command_line_errors_and_help_are_in_the_player_s_language() {
    let run = |args: &[&str], locale: &str| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_solitaire"));
        command.args(args).env_remove("LC_ALL").env_remove("LC_MESSAGES").env("LANG", locale);
        let out = command.stdin(Stdio::null()).output().unwrap();
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    let refused = |stderr: &str| (Some(2), String::new(), format!("solitaire: {stderr}\n"));
    assert_eq!(
        run(&["play", "dnieper", "--lang", "fr", "--bogus"], "C"),
        refused("option inconnue «\u{202f}--bogus\u{202f}»")
    );
    assert_eq!(
        run(&["play", "dnieper", "--bogus", "--lang", "fr"], "C"),
        refused("option inconnue «\u{202f}--bogus\u{202f}»")
    );
    assert_eq!(
        run(&["play", "dnieper", "--bogus", "--lang", "en"], "fr_FR.UTF-8"),
        refused("unknown option \"--bogus\"")
    );
    let games = "dnieper, yakutat-bay, chequers, zerline, how-they-run";
    assert_eq!(
        run(&["play", "klondike"], "fr_FR.UTF-8"),
        refused(&format!("jeu inconnu «\u{202f}klondike\u{202f}»\u{202f}; l’un de\u{a0}: {games}"))
    );
    assert_eq!(run(&["play", "klondike"], "C"), refused(&format!("unknown game \"klondike\"; one of {games}")));
    assert_eq!(
        run(&["play", "zerline", "--daily", "--date", "2026-02-30"], "fr_FR.UTF-8"),
        refused(
            "«\u{202f}2026-02-30\u{202f}» n’est pas une date (AAAA-MM-JJ, un vrai jour entre les années 1 et 9999)"
        )
    );
    assert_eq!(run(&["play", "zerline", "--date", "2026-12-06"], "fr_FR.UTF-8"), refused("--date va avec --daily"));
    assert_eq!(
        run(&["nothing"], "fr_FR.UTF-8"),
        refused("commande inconnue «\u{202f}nothing\u{202f}»\u{202f}; essayez «\u{202f}solitaire help\u{202f}»")
    );
    let (code, help, _) = run(&["help"], "fr_FR.UTF-8");
    assert_eq!(code, Some(0));
    assert!(help.starts_with("usage\u{a0}: solitaire play <jeu> [--deal N]"), "{help}");
    assert!(help.ends_with(&format!("jeux\u{a0}: {games}\n")), "{help}");
    let english = run(&["help"], "C").1;
    assert!(english.starts_with("usage: solitaire play <game> [--deal N]"));
    // Within 80 columns, as the game's own screens.
    for line in help.lines().chain(english.lines()) {
        assert!(line.chars().count() < 80, "{line}");
    }
    // A command's own --help (or -h) gives the same, in --lang's language where it is given.
    assert_eq!(run(&["play", "--help"], "fr_FR.UTF-8"), (Some(0), help.clone(), String::new()));
    assert_eq!(run(&["play", "zerline", "-h", "--lang", "fr"], "C"), (Some(0), help.clone(), String::new()));
    assert!(run(&["solve", "--help"], "C").1.starts_with("usage: solitaire play <game> [--deal N]"));
}

/// Statistics that cannot be read are told in the player's words, as the apps tell them, not
/// in the system's English naming the folders ("cannot use …/stats.json: Is a directory"); a
/// folder in their place is put aside, as a damaged file is, and they start again.
#[test]
fn statistics_the_disk_cannot_give_are_told_in_french() {
    let dir = fresh_dir("french-stats-unreadable");
    std::fs::create_dir_all(dir.join("stats.json")).unwrap();
    let out = solitaire(
        &["play", "dnieper", "--deal", "3", "--lang", "fr", "--data-dir", dir.to_str().unwrap()],
        "stats\nquit\n",
    );
    let screen = text(&out.stdout);
    let screen = screen.replace('\n', " ");
    assert!(
        screen.contains("Vos statistiques n’ont pas pu être lues\u{202f}; elles ont été mises de côté"),
        "{screen}"
    );
    assert!(!screen.contains("stats.json") && !screen.contains("os error"), "{screen}");
}
