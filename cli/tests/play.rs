//! The terminal game, played through the real program with scripted input.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::Child;
use std::time::Duration;

use common::{fresh_dir, solitaire, spawn, text};

fn play(dir: &Path, extra: &[&str], script: &str) -> String {
    let mut args = vec!["play", "dnieper", "--data-dir", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = solitaire(&args, script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    text(&out.stdout)
}

/// The header of the last screen shown.
fn last_header(screen: &str) -> &str {
    screen.lines().rev().find(|l| l.starts_with("Dnieper — ")).unwrap()
}

/// The playing time the last screen showed, in seconds.
fn shown_seconds(screen: &str) -> u64 {
    let header = last_header(screen);
    let time = header.split("time ").nth(1).unwrap().split_whitespace().next().unwrap();
    let (minutes, seconds) = time.split_once(':').unwrap();
    minutes.parse::<u64>().unwrap() * 60 + seconds.parse::<u64>().unwrap()
}

#[test]
fn play_saves_every_move_and_resumes() {
    let dir = fresh_dir("play-resume");
    let screen = play(&dir, &["--deal", "5"], "s\ns\nu\nhelp\nq\n");
    assert!(screen.contains("Dnieper — deal 5") && screen.contains("moves 2") && screen.contains("t3 t5"), "{screen}");
    assert!(dir.join("dnieper.json").exists());
    let screen = play(&dir, &[], "y\nq\n");
    assert!(screen.contains("Resumed your game (1 move)."), "{screen}");
    assert!(last_header(&screen).contains("moves 2"), "redo survived the restart: {screen}");
}

/// In a game where only single cards move, tapping a card with others on it says so (it said
/// "that card has nowhere to go", as of a card that could move).
#[test]
fn a_covered_card_tapped_where_single_cards_move_says_only_the_top_card_moves() {
    let dir = fresh_dir("play-top-card-only");
    let screen = play_chequers(&dir, &["--deal", "8"], "t1:2\nq\n");
    assert!(screen.contains("only a pile’s top card moves in this game"), "{screen}");
}

/// Auto-play as the player set it carries over to a new deal (it went off), as in the apps; the
/// French statistics answer to « statistiques », the word their help gives.
#[test]
fn auto_play_carries_over_to_a_new_deal() {
    let dir = fresh_dir("play-auto-new-deal");
    let screen = play(&dir, &["--deal", "5"], "auto\nnew 6\nq\n");
    assert!(last_header(&screen).starts_with("Dnieper — deal 6"), "{screen}");
    assert!(last_header(&screen).ends_with("auto-play on"), "{screen}");
    // So does another deal asked for on the command line over the saved game.
    let screen = play(&dir, &["--deal", "9"], "q\n");
    assert!(last_header(&screen).starts_with("Dnieper — deal 9"), "{screen}");
    assert!(last_header(&screen).ends_with("auto-play on"), "{screen}");
    let screen = play(&dir, &["--lang", "fr"], "statistiques\nq\n");
    assert!(screen.contains("parties jouées"), "{screen}");
}

/// A card sent to Zerline's full reserve is told so (it said "no card from there fits there").
#[test]
fn a_move_to_the_full_reserve_says_it_is_full() {
    let dir = fresh_dir("play-reserve-full");
    let args = ["play", "zerline", "--deal", "1", "--data-dir", dir.to_str().unwrap()];
    let screen = text(&solitaire(&args, "t1 r\nt1 r\nt2 r\nt2 r\nt3 r\nq\n").stdout);
    assert!(screen.contains("reserve, bottom to top:  4♣ 10♥  9♦  5♦"), "{screen}");
    assert!(screen.contains("the reserve is full"), "{screen}");
}

/// A long line typed by mistake is said back by its start only: a 3,000-character one took 13
/// lines of an 80-column screen, pushing the table off it.
#[test]
fn a_long_line_typed_is_said_back_short() {
    let dir = fresh_dir("play-long-line");
    let screen = play(&dir, &["--deal", "5"], &format!("{}\nq\n", "x".repeat(3000)));
    let said = screen.lines().find(|line| line.contains("xxxx")).expect("the line said back");
    assert!(said.contains(&format!("\"{}…\"", "x".repeat(24))), "{said}");
    assert!(said.chars().count() < 80, "{said}");
}

/// An empty pile named alone is said to be empty, in the player's language: tapping the spent
/// stock once said "that card has nowhere to go", an empty tableau pile "pile 0 has no card 0";
/// a face-down card, "that card has nowhere to go" too.
/// A word that is neither a command nor a pile says so (it said `no pile "undoo"`), and arrow
/// keys, which this line reader does not edit with, say that (it showed their escapes).
#[test]
fn a_mistyped_command_or_an_arrow_key_is_said_plainly() {
    let screen = play(&fresh_dir("play-mistyped"), &["--deal", "1"], "undoo\n\x1b[A\nt1 t99\nt98\nq\n");
    assert!(screen.contains("\"undoo\" is no command and no pile; type help"), "{screen}");
    assert!(screen.contains("The arrow keys do nothing here: type a command, then Enter"), "{screen}");
    assert!(!screen.contains("\\u{1b}"), "{screen}");
    assert!(screen.contains("no pile \"t99\"; type help"), "{screen}");
    // Written as a pile is, it is said to be no pile of this game.
    assert!(screen.contains("no pile \"t98\"; type help"), "{screen}");
}

#[test]
fn tapping_an_empty_pile_says_it_is_empty() {
    let dir = fresh_dir("play-empty");
    let screen = play(&dir, &["--deal", "5"], "s\ns\ns\ns\ns\nq\n");
    assert!(screen.contains("The stock is empty: there is no redeal."), "{screen}");
    let screen = play(&dir, &["--lang", "fr"], "s\nq\n");
    assert!(screen.contains("La pioche est vide\u{a0}: il n’y a pas de redistribution."), "{screen}");
    // Deal 5's first pile: three cards face down, then one face up.
    let screen = play(&dir, &[], "t1:2\nlook\nq\n");
    assert!(screen.contains("that card is face down"), "{screen}");
    assert!(screen.contains("look at which pile? For example: look t3"), "{screen}");
}

/// Where ./play finds no display to open the window on, the terminal game says so in the
/// player's words (./play said it in English, on every start).
#[test]
fn no_display_is_said_in_the_player_s_words() {
    let dir = fresh_dir("play-no-display");
    let said = [
        ("en", "No display here, so the game is in this terminal."),
        ("fr", "Pas d’affichage graphique ici\u{a0}: la partie se joue dans ce terminal."),
    ];
    for (lang, sentence) in said {
        let args = ["play", "dnieper", "--deal", "1", "--lang", lang, "--data-dir", dir.to_str().unwrap()];
        let mut child = common::command(&args).env("SOLITAIRE_NO_DISPLAY", "1").spawn().unwrap();
        child.stdin.take().unwrap().write_all(b"q\n").unwrap();
        let screen = text(&child.wait_with_output().unwrap().stdout).replace('\n', " ");
        assert!(screen.contains(sentence), "{screen}");
    }
    assert!(!play(&dir, &[], "q\n").contains("No display"), "said only where ./play found none");
}

/// "show t1" looks at the pile, as "voir t1" does: a French player reads the English "show",
/// which the help says works too, as « voir », and was told "t1" is no number of moves.
#[test]
fn show_with_a_pile_looks_at_it() {
    let dir = fresh_dir("play-show-pile");
    let screen = play(&dir, &["--deal", "5", "--lang", "fr"], "show t1\nvoir t1\nq\n");
    let described = "pile de tableau 1, 4 cartes, dont 3 face cachée, carte du dessus";
    assert_eq!(screen.matches(described).count(), 2, "{screen}");
    assert!(!screen.contains("nombre de coups"), "{screen}");
    // A number still plays that many moves.
    let screen = play(&dir, &[], "show 1\nq\n");
    assert!(screen.contains("Show me: move 1 of 1."), "{screen}");
}

#[test]
fn a_refused_move_says_which_rule_stands_in_the_way() {
    let dir = fresh_dir("play-refused");
    // Deal 1: t1 holds 3 face-down cards under the three of spades; t2's top is the four of clubs.
    let screen = play(&dir, &["--deal", "1"], "t1 f1\nt1 t2\nt1 t2 2\nq\n");
    assert!(screen.contains("Only a whole suit, king to ace in one pile, goes to a foundation."), "{screen}");
    assert!(screen.contains("Can’t put the three of spades on the four of clubs."), "{screen}");
    assert!(screen.contains("Only the top card of tableau pile 1 is face up."), "{screen}");
    let screen = play(&dir, &["--lang", "fr"], "t1 t2\nq\n");
    assert!(screen.contains("Impossible de poser le trois de pique sur le quatre de trèfle."), "{screen}");
}

#[test]
fn a_deal_number_past_the_last_says_how_far_deals_go() {
    let dir = fresh_dir("play-huge-deal");
    let screen = play(&dir, &[], "new 99999999999999999999999\nnew 12a\nq\n");
    assert!(screen.contains("deal numbers go up to 18446744073709551615, not \"99999999999999999999999\""), "{screen}");
    assert!(screen.contains("the deal must be a whole number, not \"12a\""), "{screen}");
}

/// A move may name its bottom card as a tap does: "t3:4 t1" moves the 4th card of t3 and the
/// cards on it (the playtest tried it and was told there was no pile "t3:4").
#[test]
fn a_move_may_name_its_card_as_a_tap_does() {
    let dir = fresh_dir("play-card-move");
    let run =
        |script: &str| solitaire(&["play", "yakutat-bay", "--deal", "1", "--data-dir", dir.to_str().unwrap()], script);
    // Deal 1: t3 holds two face-down cards, then 4♥ K♥ 4♠ 9♠ J♥; t1 the queen of hearts.
    let screen = text(&run("t3:4 t1\nt3:99 t1\nq\n").stdout);
    assert!(screen.contains("Can’t put the king of hearts on the queen of hearts."), "{screen}");
    assert!(screen.contains("t3 has no card 99"), "{screen}");
    let screen = text(&run("t3:4 t1 2\nq\n").stdout);
    assert!(screen.contains("name the card (t3:4 t5) or how many cards (t3 t5 2), not both"), "{screen}");
}

#[test]
fn rules_tells_the_game_s_rules_in_the_player_s_language() {
    let dir = fresh_dir("play-rules");
    let screen = play(&dir, &[], "rules\nq\n");
    // Words for every screen: the terminal has no stock to tap (its help says `s`).
    assert!(screen.contains("Each deal from the stock puts one card face up onto every pile"), "{screen}");
    assert!(screen.contains("s           the stock: deal a card onto every pile"), "{screen}");
    let screen = play(&dir, &["--lang", "fr"], "règles\nq\n");
    assert!(screen.contains("Chaque distribution de la pioche pose une carte face visible"), "{screen}");
}

#[test]
fn piped_output_has_no_colour_and_ten_valued_cards_keep_their_columns() {
    let dir = fresh_dir("play-plain");
    // Dealing the stock until it is empty turns up every card, tens among them.
    let screen = play(&dir, &["--deal", "5"], &"s\n".repeat(10));
    assert!(!screen.contains('\x1b'), "{screen}");
    assert!(screen.contains(" 10"), "{screen}");
    for glued in ["#10", "♠10", "♥10", "♦10", "♣10"] {
        assert!(!screen.contains(glued), "{glued} in {screen}");
    }
}

#[test]
fn new_winnable_and_restart_ask_before_giving_up_a_game_with_moves() {
    let dir = fresh_dir("play-ask");
    let question = "Give up this game (1 move made) for deal 7? It counts as lost.";

    let screen = play(&dir, &["--deal", "5"], "new 8\ns\nnew 7\nn\nq\n");
    assert!(screen.contains("Deal 8 started."), "no moves yet, so no question: {screen}");
    assert!(screen.contains(question) && screen.contains("You kept your game."), "{screen}");
    assert!(last_header(&screen).starts_with("Dnieper — deal 8    moves 1"), "{screen}");

    let screen = play(&dir, &[], "new 7\ny\ns\nwinnable\nyes\nstats\nq\n");
    assert!(screen.contains(question) && screen.contains("Deal 7 started."), "{screen}");
    assert!(screen.contains("for a deal proved winnable?"), "{screen}");
    assert!(screen.contains("started: the solver proved it winnable."), "{screen}");
    assert!(screen.contains("Dnieper: played 2, won 0"), "both given-up games count: {screen}");

    let screen = play(&dir, &[], "s\nrestart\nn\nrestart\ny\nq\n");
    assert!(screen.contains("for a fresh start?") && screen.contains("restarted."), "{screen}");
    assert!(last_header(&screen).contains("moves 0"), "{screen}");
}

#[test]
fn asking_for_another_deal_at_the_start_keeps_the_saved_game_unless_the_player_agrees() {
    let dir = fresh_dir("play-ask-at-start");
    play(&dir, &["--deal", "5"], "s\nq\n");
    let screen = play(&dir, &["--deal", "9"], "n\nq\n");
    assert!(screen.contains("Give up this game (1 move made) for deal 9?"), "{screen}");
    assert!(last_header(&screen).starts_with("Dnieper — deal 5    moves 1"), "{screen}");
    // End of input at the question keeps the game too.
    let screen = play(&dir, &["--deal", "9"], "");
    assert!(last_header(&screen).starts_with("Dnieper — deal 5    moves 1"), "{screen}");
    let screen = play(&dir, &["--deal", "9"], "y\nq\n");
    assert!(last_header(&screen).starts_with("Dnieper — deal 9    moves 0"), "{screen}");
}

/// Starts a game of deal 5, makes one move, waits until the program has shown it, then lets
/// `pause` of time pass at the prompt.
fn play_then_idle(dir: &Path, pause: Duration) -> Child {
    let child = one_move_shown(spawn(&["play", "dnieper", "--deal", "5", "--data-dir", dir.to_str().unwrap()]));
    std::thread::sleep(pause);
    child
}

/// Makes one move in `child`'s game and waits until the program has shown it.
fn one_move_shown(mut child: Child) -> Child {
    child.stdin.as_mut().unwrap().write_all(b"s\n").unwrap();
    let mut screen = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.contains("moves 1") {
        line.clear();
        assert_ne!(screen.read_line(&mut line).unwrap(), 0, "the program ended early");
    }
    // Keep reading, so that the program never waits on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut screen, &mut std::io::sink()));
    child
}

/// Ctrl-Z stops the clock with the program: a game left suspended in the shell came back with
/// that time played (the clock read the time since the program started).
#[cfg(target_os = "linux")]
#[test]
fn time_stopped_with_ctrl_z_is_not_played() {
    use std::os::unix::process::CommandExt;
    const STOPPED: Duration = Duration::from_millis(2500);
    let dir = fresh_dir("play-clock-ctrl-z");
    // A process group of its own, as a shell gives a job: in an orphaned group SIGTSTP stops nothing.
    let args = ["play", "dnieper", "--deal", "5", "--data-dir", dir.to_str().unwrap()];
    let mut child = one_move_shown(common::command(&args).process_group(0).spawn().unwrap());
    let state = || std::fs::read_to_string(format!("/proc/{}/stat", child.id())).unwrap();
    // The state follows the name in parentheses: T for stopped.
    let stopped = || state().rsplit_once(") ").unwrap().1.starts_with('T');
    send_signal(&child, 20); // SIGTSTP, as Ctrl-Z sends it
    let asked = std::time::Instant::now();
    while !stopped() {
        assert!(asked.elapsed() < Duration::from_secs(20), "Ctrl-Z did not stop the program");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(STOPPED);
    send_signal(&child, 18); // SIGCONT, as `fg` sends it
    child.stdin.as_mut().unwrap().write_all(b"q\n").unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    let save: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("dnieper.json")).unwrap()).unwrap();
    let played = save["elapsed_ms"].as_u64().unwrap();
    assert!(played < STOPPED.as_millis() as u64, "{played} ms played, {} of them stopped", STOPPED.as_millis());
}

#[cfg(unix)]
fn send_signal(child: &Child, signal: i32) {
    extern "C" {
        fn kill(pid: i32, signal: i32) -> i32;
    }
    // SAFETY: kill only sends a signal to our own child.
    assert_eq!(unsafe { kill(child.id() as i32, signal) }, 0);
}

const IDLE: Duration = Duration::from_millis(1100);

#[test]
fn the_clock_counts_until_the_end_of_input() {
    let dir = fresh_dir("play-clock-eof");
    let mut child = play_then_idle(&dir, IDLE);
    drop(child.stdin.take());
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert!(shown_seconds(&play(&dir, &[], "q\n")) >= 1);
}

/// Ctrl-C while "show me" searches stops the search, and the game goes on: it ended the program
/// (a Chequers line of 222 moves, shown over more than a minute, could not be left otherwise).
/// Zerline deal 3 with its stock turned: its search runs for seconds (4.6 s here) before giving up.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_show_me_and_the_game_goes_on() {
    let dir = fresh_dir("play-show-sigint");
    let mut child = spawn(&["play", "zerline", "--deal", "3", "--data-dir", dir.to_str().unwrap()]);
    let mut script = "s\n".repeat(64);
    script.push_str("show\n");
    child.stdin.as_mut().unwrap().write_all(script.as_bytes()).unwrap();
    let mut screen = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.contains("moves 64") {
        line.clear();
        assert_ne!(screen.read_line(&mut line).unwrap(), 0, "the program ended early");
    }
    std::thread::sleep(Duration::from_millis(300));
    send_signal(&child, 2);
    child.stdin.as_mut().unwrap().write_all(b"stats\nq\n").unwrap();
    let mut rest = String::new();
    screen.read_to_string(&mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert!(rest.contains("Your turn.") && rest.contains("Zerline: played 0"), "{rest}");
}

/// On a terminal, a command typed while "show me" plays stops it, and then runs: typed during the
/// show, an undo waited until the show had won the game, then took the winning move back. The
/// program runs on a terminal of its own (util-linux's `script` makes one), which it must be
/// for the show to be paced and watched for typing.
#[cfg(target_os = "linux")]
#[test]
fn a_command_typed_during_show_me_stops_it_and_runs() {
    let dir = fresh_dir("play-show-typed");
    let program =
        format!("{} play chequers --deal 8 --data-dir {}", env!("CARGO_BIN_EXE_solitaire"), dir.to_str().unwrap());
    let mut child = std::process::Command::new("script")
        .args(["-qfec", &program, "/dev/null"])
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("util-linux's script runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut screen = child.stdout.take().unwrap();
    // Read on a thread of its own, so that a program that stops answering fails the test
    // within a minute instead of holding it for ever.
    let (chunks, read) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut chunk = [0; 4096];
        while let Ok(n @ 1..) = screen.read(&mut chunk) {
            if chunks.send(chunk[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    // Reads until one of `ends` shows.
    let read_until = |ends: &[&str], seen: &mut Vec<u8>| {
        while !ends.iter().any(|end| text(seen).contains(end)) {
            match read.recv_timeout(Duration::from_secs(60)) {
                Ok(chunk) => seen.extend_from_slice(&chunk),
                Err(why) => panic!("{why:?} before {ends:?}: {}", text(seen)),
            }
        }
    };
    read_until(&["> "], &mut seen);
    stdin.write_all(b"show\n").unwrap();
    read_until(&["Show me: move 1 of"], &mut seen);
    stdin.write_all(b"u\n").unwrap();
    read_until(&["Your turn.", "Finished by show me"], &mut seen);
    stdin.write_all(b"q\n").unwrap();
    read_until(&["Bye!"], &mut seen);
    assert!(child.wait().unwrap().success());
    let screen = text(&seen);
    assert!(!screen.contains("Finished by show me"), "{screen}");
    // The show's moves less the one undone are saved, the game not finished.
    let moves =
        |header: &str| header.split("moves ").nth(1).and_then(|m| m.split_whitespace().next()?.parse::<u32>().ok());
    let shown = screen.matches("Show me: move ").count() as u32;
    let after = screen.rsplit("Chequers — deal 8").next().and_then(moves);
    assert_eq!(after, Some(shown - 1), "{screen}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_game_with_its_clock() {
    let dir = fresh_dir("play-clock-sigint");
    let mut child = play_then_idle(&dir, IDLE);
    send_signal(&child, 2);
    assert_eq!(child.wait().unwrap().code(), Some(0), "SIGINT ends the game normally");
    let mut errors = String::new();
    child.stderr.take().unwrap().read_to_string(&mut errors).unwrap();
    assert_eq!(errors, "");
    let screen = play(&dir, &[], "q\n");
    assert!(screen.contains("Resumed your game (1 move)."), "{screen}");
    assert!(shown_seconds(&screen) >= 1, "{screen}");
}

#[cfg(unix)]
#[test]
fn a_killed_game_loses_no_more_than_the_time_since_its_last_command() {
    let dir = fresh_dir("play-clock-sigkill");
    let mut child = play_then_idle(&dir, IDLE);
    // A refused command is answered and saved like any other.
    child.stdin.as_mut().unwrap().write_all(b"nonsense\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    send_signal(&child, 9);
    child.wait().unwrap();
    assert!(shown_seconds(&play(&dir, &[], "q\n")) >= 1);
}

fn play_chequers(dir: &Path, extra: &[&str], script: &str) -> String {
    let mut args = vec!["play", "chequers", "--data-dir", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = solitaire(&args, script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn the_daily_deal_is_announced_kept_apart_and_resumed() {
    let dir = fresh_dir("play-daily");
    let day = ["--daily", "--date", "2026-11-30"];
    let screen = play_chequers(&dir, &day, "q\n");
    assert!(screen.contains("The daily deal of November 30, 2026: deal 437, proven winnable."), "{screen}");
    assert!(screen.contains("Chequers — deal 437"), "{screen}");
    play_chequers(&dir, &day, "show 1\nq\n");
    assert!(dir.join("chequers-daily.json").exists() && !dir.join("chequers.json").exists());
    let screen = play_chequers(&dir, &day, "q\n");
    assert!(screen.contains("Resumed your daily deal of November 30, 2026 (1 move)."), "{screen}");

    // The game in progress is never replaced from a daily session.
    play_chequers(&dir, &["--deal", "9"], "show 1\nq\n");
    let regular = std::fs::read(dir.join("chequers.json")).unwrap();
    let screen = play_chequers(&dir, &day, "new\nnew 5\nwinnable\nq\n");
    assert_eq!(screen.matches("this is the daily deal: 'restart' it").count(), 3, "{screen}");
    assert_eq!(std::fs::read(dir.join("chequers.json")).unwrap(), regular);
    // Finished, it does not offer 'new', which a daily game refuses.
    let screen = play_chequers(&dir, &day, "show\nq\n");
    assert!(screen.contains("Finished by show me (it counts as played, not won).\n"), "{screen}");
    assert!(!screen.contains("Type 'new'"), "{screen}");
}

#[test]
fn show_me_plays_the_game_out_and_it_counts_as_played_not_won() {
    let dir = fresh_dir("play-show");
    let screen = play_chequers(&dir, &["--deal", "8"], "show 2\nshow\nstats\nhint\nq\n");
    assert!(screen.contains("Show me: move 2 of 2.") && screen.contains("Your turn."), "{screen}");
    // The screen after the show's last move says the end once (it said it twice, the second
    // time as "Show me: the game is finished.").
    let ended = screen.rsplit("Chequers — deal 8").nth(2).unwrap();
    assert_eq!(ended.matches("Finished by show me (it counts as played, not won).").count(), 1, "{ended}");
    assert!(!ended.contains("Show me"), "{ended}");
    assert!(screen.contains("played 1, won 0, finished by show me 1"), "{screen}");
    // Not "no move left".
    assert!(screen.contains("Nothing to hint: the game is won."), "{screen}");
}

/// At the give-up question only yes gives the game up, and no or Enter alone keeps it; anything
/// else is asked again ("show 2" or "maybe" typed there kept the game without a word).
#[test]
fn the_give_up_question_is_asked_again_until_it_is_answered() {
    let dir = fresh_dir("play-ask-again");
    let question = "Give up this game (1 move made) for deal 7? It counts as lost.";
    let screen = play(&dir, &["--deal", "5"], "s\nnew 7\nmaybe\nshow 2\ny\nq\n");
    assert_eq!(screen.matches(question).count(), 3, "{screen}");
    assert_eq!(screen.matches("Please answer y or n.").count(), 2, "{screen}");
    assert!(screen.contains("Deal 7 started."), "{screen}");
    let screen = play(&dir, &[], "s\nnew 7\n\nq\n");
    assert_eq!(screen.matches(question).count(), 1, "{screen}");
    assert!(screen.contains("You kept your game."), "{screen}");
}

/// Show me in a lost game says so, and points to undo only where there is a move to take back
/// and an earlier position that can still be won; in a deal lost as dealt, to another deal (it
/// said "Undo to go back" after a move of Dnieper deal 10, lost from the deal).
#[test]
fn show_me_in_a_lost_game_points_to_undo_only_where_it_leads_to_a_win() {
    let dir = fresh_dir("play-show-lost");
    // Dnieper deal 10 is proved unwinnable (it is missing from the proven list).
    let screen = play(&dir, &["--deal", "10"], "show\ns\nshow\nq\n");
    // Said before the search, which may take seconds.
    assert!(screen.contains("Show me: looking for a win… (Ctrl-C stops the search)"), "{screen}");
    let lost = "Show me: this deal cannot be won (proved). Type new for another deal.";
    assert_eq!(screen.split_whitespace().collect::<Vec<_>>().join(" ").matches(lost).count(), 2, "{screen}");
    assert!(!screen.contains("Undo"), "{screen}");
    // Dnieper deal 1 is won from the deal, and lost after four deals from the stock, two of
    // them too many.
    let dir = fresh_dir("play-show-way-back");
    let screen = play(&dir, &["--deal", "1"], "s\ns\ns\ns\nshow\nq\n");
    let back = "Show me: no win is possible from here (proved), but the game could still be won 2 moves ago: undo them to go back.";
    assert!(screen.split_whitespace().collect::<Vec<_>>().join(" ").contains(back), "{screen}");
    // Yakutat Bay deal 24 is lost from the deal, where auto-play makes a move of its own (which
    // undo would take back, to no avail).
    let args = ["play", "yakutat-bay", "--deal", "24", "--data-dir", dir.to_str().unwrap()];
    let screen = text(&solitaire(&args, "auto\nshow\nq\n").stdout);
    assert!(screen.contains("Show me: this deal cannot be won (proved)."), "{screen}");
}

/// Another day's daily deal asked for while one day's is in progress: that game is kept unless
/// the player agrees to give it up (it was given up without a word), whichever day comes first.
#[test]
fn another_day_s_daily_deal_asks_before_giving_up_the_one_in_progress() {
    let dir = fresh_dir("play-daily-earlier");
    let (today, earlier) = (["--daily", "--date", "2026-12-07"], ["--daily", "--date", "2026-12-01"]);
    play_chequers(&dir, &today, "show 2\nq\n");
    let screen = play_chequers(&dir, &earlier, "n\nq\n");
    assert!(screen.contains("Give up this game (2 moves made) for the daily deal of December 1, 2026?"), "{screen}");
    let screen = play_chequers(&dir, &today, "q\n");
    assert!(screen.contains("Resumed your daily deal of December 7, 2026 (2 moves)."), "{screen}");
    let screen = play_chequers(&dir, &earlier, "y\nstats\nshow 1\nq\n");
    assert!(screen.contains("The daily deal of December 1, 2026: deal "), "{screen}");
    assert!(screen.contains("played 1, won 0"), "the later day's game counts as given up:\n{screen}");
    // And the other way round.
    let screen = play_chequers(&dir, &today, "n\nq\n");
    assert!(screen.contains("Give up this game (1 move made) for the daily deal of December 7, 2026?"), "{screen}");
    let screen = play_chequers(&dir, &earlier, "q\n");
    assert!(screen.contains("Resumed your daily deal of December 1, 2026 (1 move)."), "{screen}");
}

#[test]
fn daily_options_that_do_not_fit_are_refused() {
    let dir = fresh_dir("play-daily-bad");
    let dir = dir.to_str().unwrap();
    for args in [
        vec!["play", "chequers", "--date", "2026-11-30"],
        vec!["play", "chequers", "--daily", "--deal", "3"],
        vec!["play", "chequers", "--daily", "--date", "2026-02-30"],
        vec!["play", "chequers", "--daily", "--daily"],
        vec!["play", "chequers", "--daily", "--date", "9999-12-31"],
        vec!["play", "chequers", "--lang", "--daily"],
    ] {
        let mut args = args.clone();
        args.extend(["--data-dir", dir]);
        let out = solitaire(&args, "q\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "{args:?}: {}", text(&out.stderr));
    }
    // A day to come has no deal yet (its win would count ahead of time).
    let out = solitaire(&["play", "chequers", "--daily", "--date", "9999-12-31", "--data-dir", dir], "q\n");
    assert!(text(&out.stderr).contains("There is no daily deal for \"9999-12-31\" yet"), "{}", text(&out.stderr));
}

/// A save that does not load, or what is no file in its place, is put aside and a new deal
/// starts, said in the player's words (not the file's path and the parser's English); a daily
/// save too. (One the disk cannot read for now stops the game, so that playing on does not
/// write over it: `open`'s `StoreError::Io`, which no file set up here produces.)
#[test]
fn a_damaged_save_or_what_is_no_file_is_put_aside() {
    let dir = fresh_dir("play-damaged");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("dnieper.json"), "{ not a save").unwrap();
    // Read as one line: long messages are broken between words to fit the screen.
    let screen = play(&dir, &["--lang", "fr"], "q\n").replace('\n', " ");
    assert!(screen.contains("n’a pas pu être lue") && screen.contains("Voici une nouvelle donne."), "{screen}");
    assert!(!screen.contains("dnieper.json") && !screen.contains("could not"), "{screen}");
    let kept: Vec<_> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert!(kept.iter().any(|name| name.starts_with("dnieper.corrupt-")), "{kept:?}");

    // A folder where the save should be is put aside too: it was left there, and the game
    // refused to start for good ("Please try again").
    let blocked = fresh_dir("play-unreadable");
    std::fs::create_dir_all(blocked.join("dnieper.json")).unwrap();
    let out = solitaire(&["play", "dnieper", "--data-dir", blocked.to_str().unwrap(), "--lang", "en"], "q\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Your saved game could not be read, so it was put aside."));
    assert!(blocked.join("dnieper.corrupt-1.json").is_dir(), "kept, renamed");

    // A damaged daily save: said, and the day's deal afresh (it was replaced without a word).
    let day = ["--daily", "--date", "2026-11-30"];
    play(&dir, &day, "s\nq\n");
    let daily = dir.join("dnieper-daily.json");
    let saved = std::fs::read(&daily).unwrap();
    std::fs::write(&daily, &saved[..saved.len() / 2]).unwrap();
    let screen = play(&dir, &day, "q\n").replace('\n', " ");
    assert!(screen.contains("Your daily game could not be read, so it was put aside. Here it is afresh."), "{screen}");
}

/// Past a file size limit (`ulimit -f`), a save fails and the game says so, as on a full disk:
/// SIGXFSZ killed it mid-save, with no word.
#[cfg(unix)]
#[test]
fn a_file_size_limit_fails_the_save_and_the_game_goes_on() {
    let dir = fresh_dir("play-file-size");
    let mut child = std::process::Command::new("sh")
        .args(["-c", "ulimit -f 0 && exec \"$0\" play dnieper --deal 1 --data-dir \"$1\""])
        .arg(env!("CARGO_BIN_EXE_solitaire"))
        .arg(&dir)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"s\nq\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Could not save this game"), "{}", text(&out.stdout));
}

/// Two copies on one folder (the terminal game and the desktop window, or two of either): the
/// second is refused the game the first has open, where each saved over the other's moves and a
/// game given up in both counted twice; another game is free, and so is this one once the first
/// has gone, however it went.
#[test]
fn a_game_open_in_another_copy_is_refused_until_it_closes() {
    let dir = fresh_dir("play-two-copies");
    let dir_text = dir.to_str().unwrap();
    let mut first = spawn(&["play", "dnieper", "--deal", "1", "--data-dir", dir_text]);
    let mut screen = BufReader::new(first.stdout.take().unwrap());
    let mut line = String::new();
    while !line.contains("Type help") {
        line.clear();
        assert_ne!(screen.read_line(&mut line).unwrap(), 0, "the first copy ended early");
    }
    let second = solitaire(&["play", "dnieper", "--data-dir", dir_text], "q\n");
    assert_eq!(second.status.code(), Some(2));
    assert_eq!(
        text(&second.stderr),
        "solitaire: This game is open in another window or terminal: close it there to play it here.\n"
    );
    let other = solitaire(&["play", "zerline", "--data-dir", dir_text], "q\n");
    assert_eq!(other.status.code(), Some(0), "{}", text(&other.stderr));
    first.kill().unwrap();
    first.wait().unwrap();
    let again = solitaire(&["play", "dnieper", "--data-dir", dir_text], "q\n");
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
}
