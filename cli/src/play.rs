//! `solitaire play <game> [--deal N] [--data-dir DIR]`: play in the terminal. The game is saved
//! after every move and resumed on the next start.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use solitaire_core::engine::Status;
use solitaire_core::notation::format_move;
use solitaire_core::{assist, describe, Game, GameKind, Move, Store, TapOutcome};

use crate::args;
use crate::board::{count, parse_short, render};

const HELP: &str = "\
Piles: t1 t2 … tableau, f1 … foundations, c1 c2 cells, r reserve, s stock, w waste.
  t3 t5       move from t3 to t5 (as many cards as fit); add a number to choose: t3 t5 2
  t3          tap t3's top card: it goes to its best place; again for the next place
  t3:2        tap the 2nd card from the bottom of t3 (with the cards on it)
  s           the stock: deal (Dnieper) or turn a card (Zerline)
  undo (u)  redo (y)  hint (h)  auto (auto-play on/off)
  restart  new [N] (a new deal, or deal N)  winnable (a deal proved winnable)
  stats  help (?)  quit (q)";

/// The user's data directory for the store: `$XDG_DATA_HOME/solitaire` or
/// `~/.local/share/solitaire` (`~/Library/Application Support/solitaire` on macOS).
fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("solitaire");
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    if cfg!(target_os = "macos") {
        home.join("Library/Application Support/solitaire")
    } else {
        home.join(".local/share/solitaire")
    }
}

struct Session {
    store: Store,
    game: Game,
    clock: Instant,
    colour: bool,
}

impl Session {
    fn now(&self) -> u64 {
        self.clock.elapsed().as_millis() as u64
    }

    fn save(&mut self) -> String {
        match self.store.save(&mut self.game) {
            Ok(()) => String::new(),
            Err(e) => format!("(not saved: {e})"),
        }
    }

    /// Gives up the current game (it counts as lost if moves were made) for `next`.
    fn replace(&mut self, next: Game) -> String {
        let note = self.store.abandon(&mut self.game).err().map(|e| format!(" ({e})")).unwrap_or_default();
        self.game = next;
        self.game.resume(self.now());
        format!("{}{note}", self.save())
    }

    /// Runs one typed command; returns the message to show, or `None` to quit.
    fn command(&mut self, line: &str) -> Option<String> {
        let now = self.now();
        self.game.touch(now);
        let words: Vec<&str> = line.split_whitespace().collect();
        let map = *self.game.state().map();
        let kind = self.game.kind();
        let played =
            |result: Result<(), solitaire_core::GameError>| result.map(|()| String::new()).map_err(|e| e.to_string());
        let outcome: Result<String, String> = match words.as_slice() {
            [] => Ok(String::new()),
            ["q" | "quit" | "exit"] => return None,
            ["?" | "help"] => Ok(HELP.to_string()),
            ["u" | "undo"] => played(self.game.undo()),
            ["y" | "redo"] => played(self.game.redo()),
            ["auto"] => {
                let on = !self.game.auto_play();
                self.game.set_auto_play(on);
                Ok(format!("auto-play {}", if on { "on" } else { "off" }))
            }
            ["h" | "hint"] => Ok(match assist::hint(&self.game, &|| false) {
                Some(hint) => {
                    let why = if hint.leads_to_win { " (a winning line starts so)" } else { "" };
                    format!("hint: {}{why}", describe::move_description(self.game.state(), hint.mv))
                }
                None => "no move left".to_string(),
            }),
            ["restart"] => {
                let mut again = self.game.clone();
                again.restart();
                Ok(self.replace(again))
            }
            ["new"] => Ok(self.replace(Game::new(kind, rand::random_range(1..=1_000_000)))),
            ["new", n] => match args::number(n, "the deal") {
                Ok(n) => Ok(self.replace(Game::new(kind, n))),
                Err(e) => Err(e),
            },
            ["winnable"] => Ok(self.replace(Game::new(kind, assist::winnable_deal(kind, rand::random())))),
            ["stats"] => Ok(match self.store.stats(kind) {
                Ok(s) => format!(
                    "{}: played {}, won {}, streak {} (best {}), best time {}, fewest moves {}",
                    kind.spec().name,
                    s.played,
                    s.won,
                    s.current_streak,
                    s.best_streak,
                    s.best_time_ms.map_or("—".into(), |t| format!("{}:{:02}", t / 60_000, t / 1000 % 60)),
                    s.fewest_moves.map_or("—".into(), |m| m.to_string())
                ),
                Err(e) => e.to_string(),
            }),
            [pile] => self.tap(&map, pile),
            [from, to] => self.transfer(&map, from, to, None),
            [from, to, count] => match count.parse::<u8>() {
                Ok(count) => self.transfer(&map, from, to, Some(count)),
                Err(_) => Err(format!("{count:?} is not a number of cards")),
            },
            _ => Err("unknown command; type help".into()),
        };
        let before_save = match outcome {
            Ok(message) => message,
            Err(message) => return Some(message),
        };
        let saved = self.save();
        Some([before_save, saved].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" "))
    }

    fn tap(&mut self, map: &solitaire_core::spec::PileMap, text: &str) -> Result<String, String> {
        let (name, position) = match text.split_once(':') {
            Some((name, k)) => (name, Some(k.parse::<usize>().map_err(|_| format!("{k:?} is not a card position"))?)),
            None => (text, None),
        };
        let pile = parse_short(map, name).ok_or_else(|| format!("no pile {name:?}; type help"))?;
        let len = self.game.state().pile(pile).len();
        let index = match position {
            Some(k) if k >= 1 && k <= len => k - 1,
            Some(k) => return Err(format!("{name} has no card {k}")),
            None => len.saturating_sub(1),
        };
        match self.game.tap(pile, index).map_err(|e| e.to_string())? {
            TapOutcome::NoMove => Err("that card has nowhere to go".into()),
            TapOutcome::Returned => Ok("back where it was".into()),
            TapOutcome::Played(_) => Ok(String::new()),
        }
    }

    fn transfer(
        &mut self,
        map: &solitaire_core::spec::PileMap,
        from: &str,
        to: &str,
        count: Option<u8>,
    ) -> Result<String, String> {
        let from = parse_short(map, from).ok_or_else(|| format!("no pile {from:?}; type help"))?;
        let to = parse_short(map, to).ok_or_else(|| format!("no pile {to:?}; type help"))?;
        let state = self.game.state();
        let count = match count {
            Some(count) => count,
            // The largest group that fits: on a built pile only one can, on an empty pile the
            // player most often means everything movable.
            None => (1..=state.pile(from).len() as u8)
                .rev()
                .find(|&n| state.is_legal(Move::Transfer { from, count: n, to }))
                .ok_or_else(|| "no card from there fits there".to_string())?,
        };
        let mv = Move::Transfer { from, count, to };
        self.game.play(mv).map(|()| String::new()).map_err(|_| format!("illegal: {}", format_move(map, mv)))
    }
}

pub fn run(rest: &[String]) -> Result<(), String> {
    let words = args::parse(rest, 1, &["--deal", "--data-dir"])?;
    let kind: GameKind = args::game(words.positional(0))?;
    let dir = match words.flag("--data-dir") {
        Some(dir) if dir.is_empty() => return Err("--data-dir needs a directory, not \"\"".into()),
        Some(dir) => PathBuf::from(dir),
        None => default_data_dir(),
    };
    let store = Store::open(&dir).map_err(|e| e.to_string())?;
    let mut notice = String::new();
    let saved = match store.load(kind) {
        Ok(game) => game,
        Err(e) => {
            notice = format!("{e}; starting a new game");
            None
        }
    };
    let requested = words.number("--deal")?;
    let mut session = Session {
        store,
        game: Game::new(kind, 0),
        clock: Instant::now(),
        colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    match (saved, requested) {
        (Some(game), None) => {
            session.game = game;
            let moves = count(session.game.moves_made(), "move");
            notice = format!("Resumed your game ({moves}). Type help for commands.");
        }
        (Some(game), Some(n)) if game.deal_number() == Some(n) => session.game = game,
        (saved, requested) => {
            if let Some(mut old) = saved {
                let _ = session.store.abandon(&mut old);
            }
            session.game = Game::new(kind, requested.unwrap_or_else(|| rand::random_range(1..=1_000_000)));
            if notice.is_empty() {
                notice = "Type help for commands.".into();
            }
        }
    }
    session.game.resume(session.now());
    let saved_note = session.save();
    notice = [notice, saved_note].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");

    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let mut out = std::io::stdout().lock();
        if session.colour {
            write!(out, "\x1b[2J\x1b[H").ok();
        }
        write!(out, "{}> ", render(&session.game, session.colour, &notice)).ok();
        out.flush().ok();
        drop(out);
        let Some(Ok(line)) = lines.next() else { break };
        match session.command(&line) {
            Some(message) => notice = message,
            None => break,
        }
        if session.game.status() == Status::Won {
            session.game.touch(session.now());
        }
    }
    session.game.pause(session.now());
    let note = session.save();
    writeln!(std::io::stdout().lock(), "\n{}", if note.is_empty() { "Saved. Bye!" } else { &note }).ok();
    Ok(())
}
