//! Nothing lost under faults: a process killed (SIGKILL) at random moments in a burst of saves,
//! wins and losses, and writes that fail half way (a full disk: a child process whose file size
//! limit, `RLIMIT_FSIZE`, stops each write after so many bytes, as a full disk does). The store must always hold the
//! last or the previous complete save, and the statistics must count every finished win and loss
//! once, and an interrupted one at most once.
//!
//! The child processes are this test binary run again with `CRASH_CHILD` set (see `child`).

#![cfg(unix)]

mod common;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::*;
use solitaire_core::{save, Game, GameKind, Stats, Store};

/// A fresh directory under the target dir, removed first if a previous run left it.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("crash").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fingerprint(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// The child's side: a burst of saves that never ends until the process is killed. It says on
/// stdout what it is about to do and what it has done, line by line, so the parent knows what
/// the store may hold at the kill:
/// `save <fingerprint> <position>` / `saved`: a Dnieper save (the fingerprints of its exact text
/// and of its position), then done;
/// `win` / `won`, `loss` / `lost`: recording a Yakutat Bay win, a Dnieper loss.
/// It carries on the Dnieper game a previous child left, as a restarted app would.
fn child(dir: &Path) {
    let store = Store::open(dir).unwrap();
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| {
        writeln!(out, "{MARK}{line}").unwrap();
        out.flush().unwrap();
    };
    let mut deal = 1;
    loop {
        // Each game played for a time of its own, as on a real clock: two games with the same
        // moves and the same time to the millisecond would be the same save.
        let unique = u64::from(std::process::id()) * 1_000 + deal;
        let mut game = store.load(GameKind::Dnieper).unwrap().unwrap_or_else(|| {
            let mut game = Game::new(GameKind::Dnieper, deal);
            game.resume(0);
            game.touch(unique);
            game
        });
        for _ in 0..12 {
            let moves = game.state().legal_move_list();
            let Some(&mv) = moves.get(deal as usize % moves.len().max(1)) else { break };
            game.play(mv).unwrap();
            let position = fingerprint(&solitaire_core::notation::format_position(game.state()));
            say(format!("save {} {position}", fingerprint(&save::to_json(&game))));
            store.save(&mut game).unwrap();
            say("saved".into());
        }
        // A win: the position before it is saved (as an app saves after every move), then won.
        // A game a killed child had won but not counted comes back won: saving it counts it.
        let mut winning = store.load(GameKind::YakutatBay).unwrap().unwrap_or_else(one_move_from_winning);
        if !winning.state().is_won() {
            winning.resume(0);
            winning.touch(unique);
            store.save(&mut winning).unwrap();
            let mv = m(winning.state(), "tableau:0 1 foundation:3");
            winning.play(mv).unwrap();
        }
        say("win".into());
        store.save(&mut winning).unwrap();
        say("won".into());
        say("loss".into());
        store.abandon(&mut game).unwrap();
        say("lost".into());
        deal += 1;
    }
}

/// Starts each line the child says, to tell it from the test harness's lines.
const MARK: &str = "crash-child: ";

/// Runs as the full-disk test's child when `FULL_DISK_CHILD` is set to `<dir>:<bytes>`.
#[test]
#[ignore = "the child process of the full-disk test; started by it with FULL_DISK_CHILD set"]
fn full_disk_child() {
    if let Ok(setting) = std::env::var("FULL_DISK_CHILD") {
        let (dir, limit) = setting.rsplit_once(':').unwrap();
        full_disk(Path::new(dir), limit.parse().unwrap());
    }
}

/// Limits the size of any file this process writes to `bytes` (`None`: no limit). A write past
/// it fails with `EFBIG` after writing what fits, as on a full disk (the signal that would also
/// come is ignored).
fn limit_file_size(bytes: Option<u64>) {
    let limit = bytes.unwrap_or(libc::RLIM_INFINITY);
    let rlimit = libc::rlimit { rlim_cur: limit, rlim_max: libc::RLIM_INFINITY };
    // SAFETY: plain system calls on this process, with valid arguments.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &rlimit), 0, "setrlimit");
    }
}

/// The child's side of the full-disk test: a save, a win and a loss while writes stop after
/// `limit` bytes, then the same once the disk has room again.
fn full_disk(dir: &Path, limit: u64) {
    let store = Store::open(dir).unwrap();
    let path = dir.join("dnieper.json");
    let previous = std::fs::read_to_string(&path).unwrap();
    let (wins, losses) =
        (store.stats(GameKind::YakutatBay).unwrap().won, store.stats(GameKind::HowTheyRun).unwrap().played);
    let mut game = store.load(GameKind::Dnieper).unwrap().unwrap();
    let mut winning = one_move_from_winning();
    winning.resume(0);
    winning.touch(limit + 1);
    store.save(&mut winning).unwrap();
    let mv = m(winning.state(), "tableau:0 1 foundation:3");
    winning.play(mv).unwrap();
    let mut given_up = Game::new(GameKind::HowTheyRun, limit);
    let mv = given_up.state().legal_move_list()[0];
    given_up.play(mv).unwrap();
    for _ in 0..10 {
        let mv = game.state().legal_move_list()[0];
        game.play(mv).unwrap();
    }

    limit_file_size(Some(limit));
    let saved = store.save(&mut game);
    let won = store.save(&mut winning);
    let lost = store.abandon(&mut given_up);
    let stats = (store.stats(GameKind::YakutatBay).unwrap(), store.stats(GameKind::HowTheyRun).unwrap());
    limit_file_size(None);
    for (what, outcome) in [("save", saved.is_ok()), ("win", won.is_ok()), ("loss", lost.is_ok())] {
        println!("{MARK}{what} {}", if outcome { "written" } else { "failed" });
    }
    let counted = (stats.0.won > wins, stats.1.played > losses);
    println!(
        "{MARK}final saves: won {} bytes, given up {} bytes; counted: {counted:?}",
        save::to_json(&winning).len(),
        save::to_json(&given_up).len()
    );

    let now = std::fs::read_to_string(&path).unwrap();
    match saved {
        Ok(()) => assert_eq!(now, save::to_json(&game), "limit {limit}: the save that succeeded"),
        Err(_) => assert_eq!(now, previous, "limit {limit}: a failed save left the previous one"),
    }
    // Either the store counted the win, or the game will count it at its next save.
    assert_eq!(stats.0.won == wins + 1, winning.stats_recorded(), "limit {limit}: {won:?} {stats:?}");
    assert_eq!(stats.1.played == losses + 1, given_up.stats_recorded(), "limit {limit}: {lost:?} {stats:?}");
    assert!(stats.0.won <= wins + 1 && stats.1.played <= losses + 1);

    // The disk has room again: the app saves, the player gives up again; each counted once.
    store.save(&mut game).unwrap();
    store.save(&mut winning).unwrap();
    store.abandon(&mut given_up).unwrap();
    assert_eq!(store.load(GameKind::Dnieper).unwrap(), Some(game));
    assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, wins + 1, "limit {limit}");
    assert_eq!(store.stats(GameKind::HowTheyRun).unwrap().played, losses + 1, "limit {limit}");
    assert!(store.load(GameKind::YakutatBay).unwrap().is_none());
    assert!(store.load(GameKind::HowTheyRun).unwrap().is_none());
    let kept: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(kept.iter().all(|name| !name.to_string_lossy().contains("corrupt")), "nothing was damaged: {kept:?}");
}

const LIMITS: [u64; 16] = [0, 1, 100, 300, 512, 600, 700, 800, 900, 1_000, 1_200, 1_500, 2_000, 4_096, 8_192, 16_384];

/// Writes that stop after 0 bytes to 16 KiB (every step of a save, a win and a loss fails at
/// one limit or another): the previous save stays whole, no win or loss is counted twice or
/// lost, and everything works once there is room.
#[test]
fn a_full_disk_keeps_the_previous_save_and_loses_no_statistic() {
    let mut failed = [0usize; 3];
    for limit in LIMITS {
        let dir = temp_dir(&format!("full-{limit}"));
        let store = Store::open(&dir).unwrap();
        // Statistics for every game, so that their file outgrows a won game's final save: some
        // limits let that save through and stop the statistics.
        for kind in GameKind::ALL {
            let mut game = Game::new(kind, 1);
            game.play(game.state().legal_move_list()[0]).unwrap();
            store.abandon(&mut game).unwrap();
        }
        let mut game = Game::new(GameKind::Dnieper, 8);
        store.save(&mut game).unwrap();
        let run = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "full_disk_child", "--ignored", "--nocapture", "--test-threads=1"])
            .env("FULL_DISK_CHILD", format!("{}:{limit}", dir.display()))
            .output()
            .expect("the test binary starts again");
        assert!(run.status.success(), "limit {limit}: {}", String::from_utf8_lossy(&run.stdout));
        let said = String::from_utf8_lossy(&run.stdout);
        assert!(said.contains("1 passed"), "the child ran its test");
        println!(
            "limit {limit}: {}",
            said.lines().filter_map(|l| l.split_once(MARK)).map(|(_, l)| l).collect::<Vec<_>>().join("; ")
        );
        for (i, what) in ["save", "win", "loss"].iter().enumerate() {
            failed[i] += usize::from(said.contains(&format!("{MARK}{what} failed")));
        }
    }
    println!("limits at which the save, the win, the loss failed: {failed:?} of {}", LIMITS.len());
    assert!(failed.iter().all(|&n| n > 0 && n < LIMITS.len()), "each write failed at some limits, not all: {failed:?}");
}

/// Runs as the child when this binary was started by `a_killed_burst_keeps_...`; otherwise
/// there is nothing to do.
#[test]
#[ignore = "the child process of the crash test; started by it with CRASH_CHILD set"]
fn crash_child() {
    if let Ok(dir) = std::env::var("CRASH_CHILD") {
        child(Path::new(&dir));
    }
}

/// What a killed child had done and was doing, from its lines.
#[derive(Default, Debug)]
struct Told {
    /// What the Dnieper file holds after the last finished step (a save's fingerprint, or
    /// nothing after a loss), and what the step under way would leave.
    file: Option<u64>,
    file_under_way: Option<Option<u64>>,
    /// The position of the last finished save.
    position: Option<u64>,
    position_under_way: Option<u64>,
    wins: u32,
    win_under_way: bool,
    losses: u32,
    loss_under_way: bool,
    saves: u32,
}

impl Told {
    /// Takes in a line of the child's stdout (the test harness writes there too: its lines
    /// carry no `MARK`).
    fn hear(&mut self, line: &str) {
        let Some((_, line)) = line.split_once(MARK) else { return };
        match line.split_once(' ') {
            Some(("save", prints)) => {
                let (text, position) = prints.split_once(' ').unwrap();
                self.file_under_way = Some(Some(text.parse().unwrap()));
                self.position_under_way = Some(position.parse().unwrap());
            }
            _ => match line {
                "saved" => {
                    self.file = self.file_under_way.take().unwrap();
                    self.position = self.position_under_way.take();
                    self.saves += 1;
                }
                "win" => self.win_under_way = true,
                "won" => (self.wins, self.win_under_way) = (self.wins + 1, false),
                "loss" => (self.loss_under_way, self.file_under_way) = (true, Some(None)),
                "lost" => {
                    (self.losses, self.loss_under_way, self.file, self.file_under_way) =
                        (self.losses + 1, false, None, None)
                }
                other => panic!("the child said {other:?}"),
            },
        }
    }
}

fn start_child(dir: &Path) -> std::process::Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "crash_child", "--ignored", "--nocapture", "--test-threads=1"])
        .env("CRASH_CHILD", dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the test binary starts again")
}

/// Kills a child saving in a burst at random moments, 60 times over the same store, each child
/// carrying on from what the last one left. After each kill: the Dnieper save is the last one
/// finished or the one under way, never damaged; no temporary file is mistaken for a save;
/// statistics count each finished win and loss, the interrupted one at most once; and a win
/// counted is never still waiting in the store to be won again.
#[test]
fn a_killed_burst_of_saves_keeps_the_last_or_previous_save_and_exact_statistics() {
    let dir = temp_dir("burst");
    let store = Store::open(&dir).unwrap();
    let mut stats = (Stats::default(), Stats::default());
    let mut random = 0x2545_F491_4F6C_DD1Du64;
    let mut kills_during = (0, 0, 0);
    let mut file_before = None;
    let mut position_before = None;
    for round in 0..60 {
        // The games this process loaded last round are left for the child to open (`claim`).
        store.set_on_screen(None).unwrap();
        let mut child = start_child(&dir);
        let lines = BufReader::new(child.stdout.take().unwrap());
        let (send, receive) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in lines.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        // Killed between 1 and 40 ms after its first line: anywhere in a round of its work.
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        let first = receive.recv_timeout(Duration::from_secs(30)).expect("the child starts saving");
        let until = Instant::now() + Duration::from_micros(1_000 + random % 39_000);
        let mut told = Told { file: file_before, position: position_before, ..Told::default() };
        told.hear(&first);
        while Instant::now() < until {
            if let Ok(line) = receive.recv_timeout(Duration::from_micros(100)) {
                told.hear(&line);
            }
        }
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        for line in receive.try_iter() {
            told.hear(&line);
        }
        kills_during.0 += u32::from(matches!(told.file_under_way, Some(Some(_))));
        kills_during.1 += u32::from(told.win_under_way);
        kills_during.2 += u32::from(told.loss_under_way);

        let text = std::fs::read_to_string(dir.join("dnieper.json")).ok();
        let file = text.as_deref().map(fingerprint);
        // Giving up first writes the game's final save (the same position), then removes it.
        let final_save = told.loss_under_way
            && text.as_deref().and_then(|t| save::from_json(t).ok()).is_some_and(|game| {
                Some(fingerprint(&solitaire_core::notation::format_position(game.state()))) == told.position
            });
        assert!(
            file == told.file || Some(file) == told.file_under_way || final_save,
            "round {round}: the store holds neither the last save nor the one under way ({file:?}, {told:?})"
        );
        let loaded = store.load(GameKind::Dnieper).unwrap_or_else(|e| panic!("round {round}: {e}"));
        let lost = store.stats(GameKind::Dnieper).unwrap();
        if lost.played > stats.1.played + told.losses {
            assert!(loaded.is_none(), "round {round}: the loss was counted and its game is still offered");
        } else {
            assert_eq!(loaded.is_some(), file.is_some(), "round {round}");
        }
        file_before = std::fs::read_to_string(dir.join("dnieper.json")).ok().map(|text| fingerprint(&text));
        position_before = if loaded.is_some() { told.position } else { None };

        let won = store.stats(GameKind::YakutatBay).unwrap();
        let least = (stats.0.won + told.wins, stats.1.played + told.losses);
        let most = (least.0 + u32::from(told.win_under_way), least.1 + u32::from(told.loss_under_way));
        assert!((least.0..=most.0).contains(&won.won), "round {round}: {} wins counted, {least:?}..{most:?}", won.won);
        assert!((least.1..=most.1).contains(&lost.played), "round {round}: {} losses counted", lost.played);
        assert_eq!(won.played, won.won, "round {round}: wins only in Yakutat Bay");
        // A win counted must not wait in the store to be won (and counted) again.
        if won.won > stats.0.won + told.wins {
            let waiting = store.load(GameKind::YakutatBay).unwrap();
            assert!(waiting.is_none(), "round {round}: the win was counted and its game is still saved");
        }
        stats = (won, lost);
    }
    println!(
        "kills during a save: {}, during a win: {}, during a loss: {}",
        kills_during.0, kills_during.1, kills_during.2
    );
    assert!(kills_during.0 > 0, "no kill landed during a save: the test proved nothing");
    assert!(stats.0.won > 0 && stats.1.played > 0, "the children won and lost games");
}

/// A crash after a win was counted and before its save was removed: the save left behind is
/// recognised, not resumed to be won and counted again. (The burst above found this window.)
#[test]
fn a_counted_win_left_in_the_store_is_not_counted_again() {
    let dir = temp_dir("counted-win");
    let store = Store::open(&dir).unwrap();
    let mut game = one_move_from_winning();
    store.save(&mut game).unwrap();
    game.play(m(game.state(), "tableau:0 1 foundation:3")).unwrap();
    let final_save = save::to_json(&game);
    store.save(&mut game).unwrap();
    assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, 1);
    std::fs::write(dir.join("yakutat-bay.json"), &final_save).unwrap();
    assert!(store.load(GameKind::YakutatBay).unwrap().is_none(), "the counted game is not offered again");
    assert!(!dir.join("yakutat-bay.json").exists());
    assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, 1);
}

/// What a crash after a won game's final save was written and before it was counted leaves:
/// the store, and the game resumed from it, won.
fn a_win_written_but_not_counted(name: &str) -> (Store, Game) {
    let dir = temp_dir(name);
    let store = Store::open(&dir).unwrap();
    let mut game = one_move_from_winning();
    game.play(m(game.state(), "tableau:0 1 foundation:3")).unwrap();
    std::fs::write(dir.join("yakutat-bay.json"), save::to_json(&game)).unwrap();
    let resumed = store.load(GameKind::YakutatBay).unwrap().expect("the won game resumes");
    (store, resumed)
}

/// Such a game's next save counts it, once.
#[test]
fn a_win_written_but_not_counted_is_counted_at_the_next_save() {
    let (store, mut resumed) = a_win_written_but_not_counted("uncounted-win");
    store.save(&mut resumed).unwrap();
    store.save(&mut resumed).unwrap();
    assert_eq!(store.stats(GameKind::YakutatBay).unwrap().won, 1);
    assert!(store.load(GameKind::YakutatBay).unwrap().is_none());
}

/// Given up for a new deal instead of saved again, it is counted too, once, not thrown away
/// with its save.
#[test]
fn a_win_written_but_not_counted_is_counted_when_the_game_is_given_up() {
    let (store, mut resumed) = a_win_written_but_not_counted("uncounted-win-abandoned");
    store.abandon(&mut resumed).unwrap();
    store.abandon(&mut resumed).unwrap();
    let stats = store.stats(GameKind::YakutatBay).unwrap();
    assert_eq!((stats.played, stats.won), (1, 1));
    assert!(store.load(GameKind::YakutatBay).unwrap().is_none());
}

/// The same for a game given up: counted, then its save left behind by a crash.
#[test]
fn a_counted_loss_left_in_the_store_is_not_counted_again() {
    let dir = temp_dir("counted-loss");
    let store = Store::open(&dir).unwrap();
    let mut game = Game::new(GameKind::Zerline, 2);
    game.play(game.state().legal_move_list()[0]).unwrap();
    let final_save = save::to_json(&game);
    store.abandon(&mut game).unwrap();
    std::fs::write(dir.join("zerline.json"), &final_save).unwrap();
    assert!(store.load(GameKind::Zerline).unwrap().is_none());
    assert_eq!(store.stats(GameKind::Zerline).unwrap().played, 1);
}
