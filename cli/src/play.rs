//! `solitaire play <game> [--deal N | --daily [--date YYYY-MM-DD]] [--data-dir DIR]`: play in
//! the terminal. The game is saved,
//! with its clock, after every command and on every way out (quit, end of input, Ctrl-C, a closed
//! terminal), and resumed on the next start. Giving up a game with moves in it asks first.
//!
//! The clock runs while the program waits at the prompt, as the apps' runs while the game is on
//! screen: the table is in front of the player.

use std::ffi::OsStr;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use solitaire_core::assist::{NoWayBack, Solution};
use solitaire_core::daily::Date;
use solitaire_core::deal::RANDOM_DEALS;
use solitaire_core::describe::Phrase;
use solitaire_core::engine::Status;
use solitaire_core::spec::{MoveUnit, PileId};
use solitaire_core::{
    assist, describe, refusal, Game, GameKind, Move, OnScreen, PileKind, State, Store, StoreError, TapOutcome,
};

use crate::args;
use crate::board::{parse_short, render, short_name, wrap, WIDTH};
use crate::input::{self, Typed};
use crate::today::today;
use crate::words::{self, words, Lang, Value};

/// How long "show me" searches for a win.
const SHOW_BUDGET: Duration = Duration::from_secs(10);
/// Time between the moves "show me" plays on a terminal, so a person can follow them.
const SHOW_PACE: Duration = Duration::from_millis(400);

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

/// Whether the terminal takes escape sequences (to clear the screen, for colour): not one that
/// says it is dumb (Emacs' shell, some editors' consoles), which shows them as text.
fn escapes_understood(terminal: bool, term: Option<&OsStr>) -> bool {
    terminal && term != Some(OsStr::new("dumb"))
}

/// The terminal's width in columns, where standard output is one that says (a line that
/// reaches its edge breaks wherever it is, mid-word: the screen is laid out narrower instead).
#[cfg(unix)]
fn terminal_columns() -> Option<usize> {
    use std::ffi::{c_int, c_ulong, c_ushort};
    #[repr(C)]
    struct Winsize {
        rows: c_ushort,
        columns: c_ushort,
        x_pixels: c_ushort,
        y_pixels: c_ushort,
    }
    #[cfg(target_os = "linux")]
    const TIOCGWINSZ: c_ulong = 0x5413;
    #[cfg(not(target_os = "linux"))]
    const TIOCGWINSZ: c_ulong = 0x4008_7468; // macOS and the BSDs
    extern "C" {
        fn ioctl(fd: c_int, request: c_ulong, ...) -> c_int;
    }
    let mut size = Winsize { rows: 0, columns: 0, x_pixels: 0, y_pixels: 0 };
    // SAFETY: TIOCGWINSZ writes one `winsize` into the one passed, alive for the call.
    let asked = unsafe { ioctl(1, TIOCGWINSZ, &mut size as *mut Winsize) };
    (asked == 0 && size.columns > 0).then_some(usize::from(size.columns))
}

#[cfg(not(unix))]
fn terminal_columns() -> Option<usize> {
    None
}

/// Colour only where escapes are understood, and not when `NO_COLOR` is set to anything
/// (<https://no-color.org>).
fn colour_wanted(escapes: bool, no_color: Option<&OsStr>) -> bool {
    escapes && no_color.is_none_or(OsStr::is_empty)
}

/// A game to switch to, what to call it in the question, and the words that announce it.
struct Switch {
    game: Game,
    instead: String,
    started: String,
}

/// The words a player types for something other than a pile, each listed by its catalogue key
/// in the player's language (and English).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Quit,
    Help,
    Undo,
    Redo,
    Auto,
    Hint,
    Restart,
    New,
    Winnable,
    Show,
    Stats,
    Look,
    Rules,
}

impl Command {
    const KEYS: [(Command, &'static str); 13] = [
        (Command::Quit, "cli_cmd_quit"),
        (Command::Help, "cli_cmd_help"),
        (Command::Undo, "cli_cmd_undo"),
        (Command::Redo, "cli_cmd_redo"),
        (Command::Auto, "cli_cmd_auto"),
        (Command::Hint, "cli_cmd_hint"),
        (Command::Restart, "cli_cmd_restart"),
        (Command::New, "cli_cmd_new"),
        (Command::Winnable, "cli_cmd_winnable"),
        (Command::Show, "cli_cmd_show"),
        (Command::Stats, "cli_cmd_stats"),
        (Command::Look, "cli_cmd_look"),
        (Command::Rules, "cli_cmd_rules"),
    ];

    /// The command `typed` names, if any (else it is a pile's name).
    fn named(words: &words::Words, typed: &str) -> Option<Command> {
        Command::KEYS.iter().find(|(_, key)| words.means(key, typed)).map(|&(command, _)| command)
    }
}

/// What the loop does after a command.
enum Reply {
    Show(String),
    /// Asks whether to give up the game in progress for another.
    Confirm(Box<Switch>),
    /// "Show me" searches for a win (saying so first: it may take seconds), to play at most
    /// this many of its moves.
    Search(usize),
    /// "Show me" plays these moves, one at a time.
    Demonstrate(Vec<Move>),
    Quit,
}

struct Session {
    store: Store,
    game: Game,
    /// What the hints follow (`assist::HintLine`): for the game it was found in only.
    hint_line: assist::HintLine,
    clock: Instant,
}

impl Session {
    /// The session's time, less the time it spent stopped (Ctrl-Z), which is no play.
    fn now(&self) -> u64 {
        (self.clock.elapsed().as_millis() as u64).saturating_sub(input::suspended_ms())
    }

    fn save(&mut self) -> String {
        match self.store.save(&mut self.game) {
            Ok(()) => String::new(),
            Err(e) => words().phrase(&e.not_saved()),
        }
    }

    /// Switches now if nothing would be lost, otherwise asks (as the apps do).
    fn offer(&mut self, switch: Switch) -> Reply {
        if self.game.abandon_counts_as_loss() {
            Reply::Confirm(Box::new(switch))
        } else {
            Reply::Show(self.switch(switch))
        }
    }

    /// Gives up the current game (it counts as lost if moves were made) for the switch's game.
    fn switch(&mut self, switch: Switch) -> String {
        let note = self
            .store
            .abandon(&mut self.game)
            .err()
            .map(|e| stats_trouble(&e, "msg_stats_not_updated"))
            .unwrap_or_default();
        self.game = switch.game;
        self.game.resume(self.now());
        let saved = self.save();
        sentence([switch.started, saved, note])
    }

    /// Goes on with the saved game, now in play; if another game was asked for (`instead`), offers it.
    fn resume(&mut self, instead: Option<Switch>, damage: String) -> Reply {
        self.game.resume(self.now());
        match instead {
            None => {
                let note = self.save();
                let (said, moves) = (words::words(), Value::from(self.game.moves_made()));
                let what = match (self.game.daily(), self.game.deal_number()) {
                    (Some(date), Some(n)) if self.game.moves_made() == 0 => {
                        said.say("cli_daily_fresh", &[said.date(date).into(), n.into()])
                    }
                    (Some(date), _) => said.say("cli_resumed_daily", &[moves, said.date(date).into()]),
                    (None, _) => said.say("cli_resumed", &[moves]),
                };
                Reply::Show(sentence([damage, what, said.text("cli_type_help"), note]))
            }
            // The saved game stays in play until the player agrees to give it up.
            Some(switch) => self.offer(switch),
        }
    }

    /// "Show me": plays `line` a move at a time, saving and showing each (paced on a
    /// terminal); `None` when a stop signal ends the program meanwhile.
    fn demonstrate(&mut self, line: Vec<Move>, show: impl Fn(&Game, &str, &str), terminal: bool) -> Option<Reply> {
        let (said, total) = (words::words(), line.len() as u64);
        let mut message = String::new();
        for (done, mv) in line.into_iter().enumerate() {
            if input::interrupted() {
                break;
            }
            self.game.touch(self.now());
            if let Err(e) = self.game.play_assisted(mv) {
                message = said.say("cli_show_stopped", &[e.to_string().into()]);
                break;
            }
            let note = self.save();
            let progress = said.say("cli_show_move", &[(done as u64 + 1).into(), total.into()]);
            show(&self.game, &sentence([progress, note]), "");
            if terminal && input::typed_within(SHOW_PACE) {
                break;
            }
        }
        if input::stop_requested() {
            return None;
        }
        // A game won says so itself (`board::render`): the show ends with that alone.
        if message.is_empty() && self.game.status() != Status::Won {
            message = said.text("cli_your_turn");
        }
        Some(Reply::Show(message))
    }

    /// The daily deal of `date` of this game.
    fn daily(&self, date: Date) -> Switch {
        let game = Game::new_daily(self.game.kind(), date);
        let said = words();
        let day = said.date(date);
        let started = said.say("cli_daily_fresh", &[day.clone().into(), game.deal_number().unwrap_or_default().into()]);
        Switch { game, instead: said.say("cli_instead_daily", &[day.into()]), started }
    }

    /// Deal `number` of this game.
    fn deal(&self, number: u64) -> Switch {
        Switch {
            game: self.fresh(number),
            instead: words().say("cli_instead_deal", &[number.into()]),
            started: words().say("cli_started", &[number.into()]),
        }
    }

    /// Deal `number` of this game, auto-play as the player has it now (as the apps carry it
    /// over to a new deal; it went off).
    fn fresh(&self, number: u64) -> Game {
        let mut game = Game::new(self.game.kind(), number);
        game.set_auto_play(self.game.auto_play());
        game
    }

    /// Runs one typed command.
    fn command(&mut self, line: &str) -> Reply {
        let now = self.now();
        self.game.touch(now);
        let typed: Vec<&str> = line.split_whitespace().collect();
        let map = *self.game.state().map();
        let kind = self.game.kind();
        let words = words();
        let played = |result: Result<(), solitaire_core::GameError>| {
            result.map(|()| String::new()).map_err(|e| match e {
                solitaire_core::GameError::NothingToUndo => words.text("cli_nothing_to_undo"),
                solitaire_core::GameError::NothingToRedo => words.text("cli_nothing_to_redo"),
                other => other.to_string(),
            })
        };
        let command = typed.first().and_then(|first| Command::named(words, first));
        let outcome: Result<String, String> = match (command, typed.as_slice()) {
            (_, []) => Ok(String::new()),
            // Arrow keys send escape sequences, which this line reader does not edit with.
            _ if line.contains('\u{1b}') => Err(words.text("cli_arrow_keys")),
            (Some(Command::Quit), [_]) => return Reply::Quit,
            (Some(Command::Help), [_]) => Ok(help(words, kind)),
            (Some(Command::Undo), [_]) => played(self.game.undo()),
            (Some(Command::Redo), [_]) => played(self.game.redo()),
            (Some(Command::Auto), [_]) => {
                let on = !self.game.auto_play();
                self.game.set_auto_play(on);
                Ok(words.text(if on { "cli_auto_on" } else { "cli_auto_off" }))
            }
            (Some(Command::Hint), [_]) => {
                Ok(match assist::hint(&self.game, &mut self.hint_line, &input::stop_requested) {
                    Ok(hint) => {
                        let key = if hint.leads_to_win { "cli_hint_winning" } else { "cli_hint" };
                        let state = self.game.state();
                        let what = words.phrase(&describe::move_description(state, hint.mv));
                        words.say(key, &[what.into(), as_typed(state, hint.mv).into()])
                    }
                    Err(assist::NoHint::Lost) => words.text("cli_hint_lost"),
                    Err(assist::NoHint::NoMove) if self.game.status() == Status::Won => words.text("cli_hint_won"),
                    Err(assist::NoHint::NoMove) => words.text("cli_no_move_left"),
                    Err(assist::NoHint::Stopped) => String::new(),
                })
            }
            (Some(Command::Restart), [_]) => {
                let mut again = self.game.clone();
                again.restart();
                let started = match again.deal_number() {
                    Some(n) => words.say("cli_restarted_deal", &[n.into()]),
                    None => words.text("cli_restarted"),
                };
                return self.offer(Switch { game: again, instead: words.text("cli_instead_restart"), started });
            }
            // The daily game has a save of its own; another deal would go over the game in
            // progress, which this session does not show.
            (Some(Command::New), _) | (Some(Command::Winnable), [_]) if self.game.daily().is_some() => {
                Err(words.text("cli_daily_no_new"))
            }
            (Some(Command::New), [_]) => return self.offer(self.deal(rand::random_range(RANDOM_DEALS))),
            (Some(Command::New), [_, n]) => match n.parse::<u64>() {
                Ok(n) => return self.offer(self.deal(n)),
                Err(_) if args::too_large(n) => {
                    Err(words.say("cli_deal_too_large", &[u64::MAX.into(), Value::quoted(n)]))
                }
                Err(_) => Err(words.say("cli_not_deal", &[Value::quoted(n)])),
            },
            (Some(Command::Winnable), [_]) => {
                let number = assist::winnable_deal(kind, rand::random());
                let started = words.say("cli_started_winnable", &[number.into()]);
                let instead = words.text("cli_instead_winnable");
                return self.offer(Switch { game: self.fresh(number), instead, started });
            }
            (Some(Command::Show), [_]) => return Reply::Search(usize::MAX),
            // "show t7" means look at it: French players read "show" as « voir » (look).
            (Some(Command::Show), [_, name]) if parse_short(&map, name).is_some() => self.look(&map, name),
            (Some(Command::Show), [_, n]) => match n.parse::<usize>() {
                Ok(n) if n > 0 => return Reply::Search(n),
                _ => Err(words.say("cli_not_moves", &[Value::quoted(n)])),
            },
            (Some(Command::Stats), [_]) => Ok(self.stats()),
            (Some(Command::Rules), [_]) => Ok(rules(words, kind)),
            (Some(Command::Look), [_]) => Err(words.text("cli_look_which")),
            (Some(Command::Look), [_, name]) => self.look(&map, name),
            (None, [word]) if !looks_like_a_pile(word) => Err(words.say("cli_unknown_word", &[Value::quoted(word)])),
            (None, [pile]) => self.tap(&map, pile),
            (None, [from, to]) => self.transfer(&map, from, to, None),
            (None, [from, to, count]) => match count.parse::<u8>() {
                Ok(count) => self.transfer(&map, from, to, Some(count)),
                Err(_) => Err(words.say("cli_not_cards", &[Value::quoted(count)])),
            },
            _ => Err(words.text("cli_unknown_command")),
        };
        // Every answered command saves, so the saved clock is never older than the last command.
        let saved = self.save();
        Reply::Show(sentence([outcome.unwrap_or_else(|refused| refused), saved]))
    }

    /// The pile `name` in words: its cards, its top card, or what it takes when empty.
    fn look(&self, map: &solitaire_core::spec::PileMap, name: &str) -> Result<String, String> {
        let pile = parse_short(map, name).ok_or_else(|| no_pile(name))?;
        let (kind, index) = map.kind(pile).ok_or_else(|| no_pile(name))?;
        let state = self.game.state();
        let empty = state.spec().empty_mark(kind, index);
        Ok(words().phrases(&describe::pile_description(state.pile(pile), kind, index, empty)))
    }

    /// "Show me": a winning line from here, of which the loop then plays `at_most` moves.
    fn show(&mut self, at_most: usize) -> Reply {
        let started = Instant::now();
        let stop = || input::interrupted() || started.elapsed() >= SHOW_BUDGET;
        let words = words();
        let solution = input::while_busy(|| assist::solution(self.game.state(), &stop));
        if input::interrupted() {
            return Reply::Show(words.text("cli_your_turn"));
        }
        if solution == Solution::Unwinnable {
            // The next hint here says so too, where its smaller search may prove nothing.
            self.hint_line.proved_lost(self.game.state());
        }
        let message = match solution {
            Solution::Won(line) if line.is_empty() => words.text("cli_show_nothing"),
            Solution::Won(line) => return Reply::Demonstrate(line.into_iter().take(at_most).collect()),
            // Undo is the way back only where the player made a move (auto-play's at the deal
            // can be undone, to no avail), and only to a position that can still be won: in the
            // time left, how far back that is, or that the deal itself is lost.
            Solution::Unwinnable if self.game.moves_made() == 0 => words.text("cli_show_unwinnable_deal"),
            Solution::Unwinnable => match input::while_busy(|| assist::moves_back_to_winnable(&self.game, &stop)) {
                Ok(back) => words.say("cli_show_unwinnable_back", &[u64::from(back).into()]),
                Err(NoWayBack::DealLost) => words.text("cli_show_unwinnable_deal"),
                Err(NoWayBack::NotFound) => words.text("cli_show_unwinnable"),
            },
            // The search may end before the budget, at its node or memory limit: the time it took.
            Solution::Unknown => {
                words.say("cli_show_unknown", &[started.elapsed().as_secs().clamp(1, SHOW_BUDGET.as_secs()).into()])
            }
        };
        Reply::Show(message)
    }

    fn stats(&self) -> String {
        let (words, kind) = (words(), self.game.kind());
        let none = || words.text("cli_none");
        let mut text = match self.store.stats(kind) {
            Ok(s) => words.say(
                "cli_stats",
                &[
                    words.text(describe::game_keys(kind)[0]).into(),
                    s.played.into(),
                    s.won.into(),
                    s.assisted.into(),
                    s.current_streak.into(),
                    s.best_streak.into(),
                    s.best_time_ms.map_or_else(none, describe::clock).into(),
                    s.fewest_moves.map_or_else(none, |m| m.to_string()).into(),
                ],
            ),
            Err(e) => stats_trouble(&e, "msg_stats_unreadable"),
        };
        if let Ok(streak) = self.store.daily_streak(today()) {
            text.push('\n');
            text.push_str(&words.say("cli_daily_streak", &[streak.current.into(), streak.best.into()]));
        }
        text
    }

    fn tap(&mut self, map: &solitaire_core::spec::PileMap, text: &str) -> Result<String, String> {
        let (name, position) = split_position(text)?;
        let pile = parse_short(map, name).ok_or_else(|| no_pile(name))?;
        let len = self.game.state().pile(pile).len();
        if len == 0 && position.is_none() {
            // As a tap on the empty place: the stock's action, where it has one left.
            let spent_stock = map.stock == Some(pile);
            return match self.game.tap_pile(pile) {
                Ok(TapOutcome::Played(_)) => Ok(String::new()),
                _ if spent_stock => Err(refused(refusal::refusal(self.game.state(), Move::Stock))),
                _ => Err(words().say("cli_pile_empty", &[name.into()])),
            };
        }
        let index = match position {
            Some(k) => card_index(name, k, len)?,
            None => len.saturating_sub(1),
        };
        // (The stock's cards lie face down: a tap there deals.)
        let state = self.game.state();
        if state.pile_kind(pile) != Some(PileKind::Stock) && !state.pile(pile)[index].face_up() {
            return Err(words().text("cli_face_down"));
        }
        match self.game.tap(pile, index).map_err(|e| e.to_string())? {
            // Where only single cards move, a card with others on it is not going anywhere.
            TapOutcome::NoMove if index + 1 < len && self.game.kind().spec().tableau.unit == MoveUnit::Single => {
                Err(words().text("cli_top_card_only"))
            }
            TapOutcome::NoMove => Err(words().text("cli_nowhere")),
            TapOutcome::Returned => Ok(words().text("cli_returned")),
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
        // "t3:4 t1": from the 4th card of t3 up, as its tap names it.
        let (name, position) = split_position(from)?;
        let from = parse_short(map, name).ok_or_else(|| no_pile(name))?;
        let to = parse_short(map, to).ok_or_else(|| no_pile(to))?;
        let state = self.game.state();
        let len = state.pile(from).len();
        let count = match (position, count) {
            (Some(k), None) => Some((len - card_index(name, k, len)?) as u8),
            // "t3:4 t1 2" says the cards twice: which counts?
            (Some(_), Some(_)) => return Err(words().text("cli_card_and_count")),
            (None, count) => count,
        };
        let count = match count {
            Some(count) => count,
            None => {
                largest_fitting(state, from, to).ok_or_else(|| refused(refusal::refusal_of_any(state, from, to)))?
            }
        };
        let mv = Move::Transfer { from, count, to };
        // Refused, the position is as it was: the reason is asked of it then, not of every move.
        self.game.play(mv).map(|()| String::new()).map_err(|_| refused(refusal::refusal(self.game.state(), mv)))
    }
}

/// How many cards `t3 t5` moves when no count is typed: the largest group that fits. On a built
/// pile only one can; onto an empty pile the player most often means everything movable.
fn largest_fitting(state: &State, from: PileId, to: PileId) -> Option<u8> {
    (1..=state.pile(from).len() as u8).rev().find(|&count| state.is_legal(Move::Transfer { from, count, to }))
}

/// `mv` as the player types it: `t3 t5`, with the count only where that alone would move
/// another number of cards; `s` for the stock.
fn as_typed(state: &State, mv: Move) -> String {
    let map = state.map();
    match mv {
        Move::Stock => short_name(map, map.stock.unwrap_or_default()),
        Move::Transfer { from, count, to } => {
            let named = format!("{} {}", short_name(map, from), short_name(map, to));
            if largest_fitting(state, from, to) == Some(count) {
                named
            } else {
                format!("{named} {count}")
            }
        }
    }
}

/// The help for `kind`'s game: its own piles, its moves (a group, or only a top card), and what
/// the stock does where there is one.
fn help(words: &words::Words, kind: GameKind) -> String {
    let piles = match kind {
        GameKind::Dnieper => "cli_help_piles_dnieper",
        GameKind::YakutatBay => "cli_help_piles_yakutat_bay",
        GameKind::Chequers => "cli_help_piles_chequers",
        GameKind::Zerline => "cli_help_piles_zerline",
        GameKind::HowTheyRun => "cli_help_piles_how_they_run",
    };
    let stock = help_stock_key(kind);
    let moves = if kind.spec().tableau.unit == MoveUnit::Group {
        ["cli_help_move_group", "cli_help_tap", "cli_help_tap_group"].as_slice()
    } else {
        ["cli_help_move_single", "cli_help_tap"].as_slice()
    };
    let keys = std::iter::once(&piles).chain(moves).chain(&stock).chain(&["cli_help_commands"]);
    keys.map(|key| words.text(key)).collect::<Vec<_>>().join("\n")
}

/// Help's line for the stock's command, where the game has a stock.
fn help_stock_key(kind: GameKind) -> Option<&'static str> {
    match kind {
        GameKind::Dnieper => Some("cli_help_stock_dnieper"),
        GameKind::Zerline => Some("cli_help_stock_zerline"),
        GameKind::YakutatBay | GameKind::Chequers | GameKind::HowTheyRun => None,
    }
}

/// The game's rules as the apps show them, and, where they say to tap the stock, how the
/// terminal does it.
fn rules(words: &words::Words, kind: GameKind) -> String {
    let rules = words.text(describe::game_keys(kind)[2]);
    match help_stock_key(kind) {
        Some(key) => format!("{rules}\n\n{}", words.text(key).trim_start()),
        None => rules,
    }
}

/// What to tell when the statistics failed, as the apps do: damaged ones were put aside and
/// start again; otherwise the disk failed (`io`). The system's own text is English and names
/// the folders.
fn stats_trouble(error: &StoreError, io: &str) -> String {
    words().text(if matches!(error, StoreError::Corrupt { .. }) { "msg_stats_reset" } else { io })
}

/// A refused move's rule in the player's words (`None`, no rule named: "not allowed").
fn refused(why: Option<Phrase>) -> String {
    words().phrase(&why.unwrap_or_else(refusal::not_allowed))
}

/// "t3:2" as ("t3", Some(2)), "t3" as ("t3", None).
fn split_position(text: &str) -> Result<(&str, Option<usize>), String> {
    match text.split_once(':') {
        Some((name, k)) => {
            let position = k.parse::<usize>().map_err(|_| words().say("cli_not_position", &[Value::quoted(k)]))?;
            Ok((name, Some(position)))
        }
        None => Ok((text, None)),
    }
}

/// The index of the `k`th card from the bottom of pile `name`, which holds `len`.
fn card_index(name: &str, k: usize, len: usize) -> Result<usize, String> {
    match k {
        1.. if k <= len => Ok(k - 1),
        _ => Err(words().say("cli_no_card", &[name.into(), (k as u64).into()])),
    }
}

/// Whether `word` is written as a pile's name is, a letter and a number (`t3`, `f1`, `t3:4`) or
/// a letter alone (`s`), whether or not this game has that pile (which `no_pile` then says).
fn looks_like_a_pile(word: &str) -> bool {
    let name = word.split_once(':').map_or(word, |(name, _)| name);
    let mut chars = name.chars();
    chars.next().is_some_and(char::is_alphabetic) && chars.all(|c| c.is_ascii_digit())
}

fn no_pile(name: &str) -> String {
    words().say("cli_no_pile", &[Value::quoted(name)])
}

/// The non-empty parts, joined by spaces.
fn sentence<const N: usize>(parts: [String; N]) -> String {
    parts.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The question before giving up a game in progress.
fn question(game: &Game, switch: &Switch) -> String {
    words().say("cli_give_up", &[game.moves_made().into(), switch.instead.as_str().into()])
}

/// Which daily deal `--daily [--date D]` asks for, if any.
fn daily_date(words: &args::Words) -> Result<Option<Date>, String> {
    let said = words::words();
    match (words.switch("--daily"), words.flag("--date")) {
        (false, None) => Ok(None),
        (false, Some(_)) => Err(said.text("cli_arg_date_alone")),
        (true, _) if words.flag("--deal").is_some() => Err(said.text("cli_arg_deal_and_daily")),
        (true, None) => Ok(Some(today())),
        (true, Some(text)) => match Date::parse(text) {
            // A day to come has no daily deal yet: played now, its win would count ahead of time.
            Ok(date) if date > today() => Err(said.say("cli_arg_date_ahead", &[Value::quoted(text)])),
            Ok(date) => Ok(Some(date)),
            Err(e) => Err(said.say("cli_arg_not_date", &[Value::quoted(&e.0)])),
        },
    }
}

/// Chooses `--lang`'s language, looked for before the other arguments are read so that their
/// errors are told in it too; without it the words are the locale's (`words::words`).
pub fn choose_language(rest: &[String]) -> Result<(), String> {
    if let Some(code) = rest.iter().position(|word| word == "--lang").and_then(|at| rest.get(at + 1)) {
        let lang = Lang::from_code(code).ok_or_else(|| words::words().say("cli_arg_lang", &[Value::quoted(code)]))?;
        words::choose(lang);
    }
    Ok(())
}

pub fn run(rest: &[String]) -> Result<(), String> {
    // Before the first write (`open` notes the game on screen).
    input::catch_stop_signals();
    choose_language(rest)?;
    let (mut session, mut reply) = open(rest)?;
    let terminal = std::io::stdout().is_terminal();
    let escapes = escapes_understood(terminal, std::env::var_os("TERM").as_deref());
    let colour = colour_wanted(escapes, std::env::var_os("NO_COLOR").as_deref());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // Output errors are ignored: a closed terminal must not stop the game from being saved.
    let show = |game: &Game, message: &str, prompt: &str| {
        // Asked at each screen: the window may have been resized since.
        let width =
            if terminal { terminal_columns().map_or(WIDTH, |columns| columns.saturating_sub(1)) } else { WIDTH };
        let mut out = std::io::stdout().lock();
        // A terminal starts each screen afresh; elsewhere the typed line is not echoed, so a
        // newline ends the prompt's line.
        write!(out, "{}", if escapes { "\x1b[2J\x1b[H" } else { "\n" }).ok();
        write!(out, "{}{}", render(game, colour, message, width), wrap(prompt, width)).ok();
        out.flush().ok();
    };
    loop {
        reply = match reply {
            Reply::Quit => break,
            Reply::Show(message) => {
                show(&session.game, &message, "> ");
                match input::next_line(&mut input) {
                    Typed::Line(line) => session.command(&line),
                    Typed::End | Typed::Stop => break,
                }
            }
            Reply::Confirm(switch) => {
                let mut note = String::new();
                loop {
                    show(&session.game, &note, &question(&session.game, &switch));
                    match input::next_line(&mut input) {
                        Typed::Line(answer) if words::words().yes(&answer) => {
                            break Reply::Show(session.switch(*switch))
                        }
                        // Enter alone keeps the game too; anything else (a command typed in the
                        // wrong place, "maybe") is asked again, not taken for a no.
                        Typed::Line(answer) if answer.trim().is_empty() || words::words().no(&answer) => {
                            break Reply::Show(words::words().text("cli_kept"))
                        }
                        Typed::Line(_) => note = words::words().text("cli_answer_yes_no"),
                        Typed::End | Typed::Stop => break Reply::Quit,
                    }
                }
            }
            Reply::Search(at_most) => {
                show(&session.game, &words::words().text("cli_show_searching"), "");
                session.show(at_most)
            }
            Reply::Demonstrate(line) => match input::while_busy(|| session.demonstrate(line, show, terminal)) {
                Some(reply) => reply,
                None => break,
            },
        };
    }
    // Every way out (quit, end of input, a stop signal) saves the clock's reading.
    session.game.pause(session.now());
    let note = session.save();
    let bye = if note.is_empty() { words::words().text("cli_bye") } else { note };
    writeln!(std::io::stdout().lock(), "\n{bye}").ok();
    Ok(())
}

/// The session the arguments ask for: their store, and in it the saved game, resumed, or a
/// new deal; with the words that greet the player.
fn open(rest: &[String]) -> Result<(Session, Reply), String> {
    let words = args::parse_with_switches(rest, 1, &["--deal", "--data-dir", "--date", "--lang"], &["--daily"])?;
    let kind: GameKind = args::game(words.positional(0))?;
    let daily = daily_date(&words)?;
    let dir = match words.flag("--data-dir") {
        Some(dir) if dir.is_empty() => return Err(words::words().text("cli_arg_no_dir")),
        Some(dir) => PathBuf::from(dir),
        None => default_data_dir(),
    };
    let requested = words.number("--deal")?;
    let store =
        Store::open(&dir).map_err(|_| words::words().say("cli_no_saves_here", &[dir.display().to_string().into()]))?;
    let loaded = match daily {
        // The day's daily game as saved; another day's in progress stays until the player
        // agrees to give it up (`resume`); otherwise the store gives it up for a new one.
        Some(date) => match store.saved_daily(kind) {
            Ok(Some(saved)) if saved.daily() == Some(date) || saved.abandon_counts_as_loss() => Ok(Some(saved)),
            // Put aside, or not to be opened: said below (it was replaced without a word).
            Err(damage) => Err(damage),
            Ok(_) => store.load_daily(kind, date).map(Some),
        },
        None => store.load(kind),
    };
    let (saved, damage) = match loaded {
        Ok(game) => (game, String::new()),
        // Put aside by the store: a new deal in its place, as in the apps.
        Err(StoreError::Corrupt { .. }) => match daily {
            Some(date) => (Some(Game::new_daily(kind, date)), words::words().text("msg_daily_unreadable")),
            None => (None, words::words().text("msg_saved_unreadable")),
        },
        // Unreadable for now (the disk): playing on would write over it, so stop, as the apps do.
        Err(StoreError::Io { .. }) => return Err(words::words().text("msg_saved_unopenable")),
        Err(StoreError::InUse { .. }) => return Err(words::words().text("msg_game_in_use")),
    };
    // The game on screen is this one, for the window's next start as for the apps' (once it
    // opened: not one another process has open); a failure costs only that (the window then
    // shows the list of games).
    let _ = store.set_on_screen(Some(OnScreen { kind, daily }));
    // Set by ./play where it found no display to open the window on: said first, in the player's words.
    let no_display = std::env::var_os("SOLITAIRE_NO_DISPLAY").map(|_| words::words().text("cli_no_display"));
    let damage = sentence([no_display.unwrap_or_default(), damage]);
    let mut session =
        Session { store, game: Game::new(kind, 0), hint_line: assist::HintLine::default(), clock: Instant::now() };
    let reply = match saved {
        Some(game) => {
            // The saved game first: another deal asked for takes its settings (auto-play).
            session.game = game;
            let saved = &session.game;
            let instead = match daily {
                Some(date) => (saved.daily() != Some(date)).then(|| session.daily(date)),
                None => requested.filter(|&n| Some(n) != saved.deal_number()).map(|n| session.deal(n)),
            };
            session.resume(instead, damage)
        }
        None => {
            let number = requested.unwrap_or_else(|| rand::random_range(RANDOM_DEALS));
            let started = session.switch(session.deal(number));
            Reply::Show(sentence([damage, started, words::words().text("cli_type_help")]))
        }
    };
    Ok((session, reply))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour_wanted(true, None));
        assert!(colour_wanted(true, Some(OsStr::new(""))), "an empty NO_COLOR does not count");
        assert!(!colour_wanted(true, Some(OsStr::new("1"))));
        assert!(!colour_wanted(false, None));
    }

    #[test]
    fn no_escapes_for_a_dumb_terminal_or_no_terminal() {
        assert!(escapes_understood(true, Some(OsStr::new("xterm-256color"))));
        assert!(escapes_understood(true, None));
        assert!(!escapes_understood(true, Some(OsStr::new("dumb"))));
        assert!(!escapes_understood(false, Some(OsStr::new("xterm"))));
    }

    /// Each game's help names its own piles, each as typed, up to the last of each kind, and
    /// the stock's command only where there is a stock; every line fits 80 columns.
    #[test]
    fn the_help_names_the_game_s_own_piles() {
        for lang in Lang::ALL {
            let words = words::Words::new(lang);
            for kind in GameKind::ALL {
                let map = *solitaire_core::deal(kind, 1).map();
                let text = help(&words, kind);
                for line in text.lines() {
                    assert!(line.chars().count() < 80, "{lang:?}: {line}");
                    assert!(!line.contains("cli_"), "{lang:?}: a key with no words: {line}");
                }
                let first = text.lines().next().unwrap_or_default();
                let mut named: Vec<_> = first
                    .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.'))
                    .filter(|word| word.len() <= 3 && word.starts_with(['t', 'f', 'c', 'r', 's', 'w']))
                    .map(|word| parse_short(&map, word).unwrap_or_else(|| panic!("{lang:?} {kind:?}: {word}")))
                    .collect();
                named.sort_unstable();
                // The first and the last pile of each kind: `t1 … t7`.
                let ends: Vec<_> = (0..map.len)
                    .filter(|&pile| {
                        let (kind, index) = map.kind(pile).expect("a pile");
                        index == 0 || map.id(kind, index + 1).is_none()
                    })
                    .collect();
                assert_eq!(named, ends, "{lang:?} {kind:?}: {first}");
                let stock_line = text.lines().any(|line| line.trim_start().starts_with("s "));
                assert_eq!(stock_line, map.stock.is_some(), "{lang:?} {kind:?}");
                // `t3:2` and `t3 t5 2` only where a group moves.
                let groups = kind.spec().tableau.unit == MoveUnit::Group;
                assert_eq!(text.contains("t3:2"), groups, "{lang:?} {kind:?}");
                assert_eq!(text.contains("t3 t5 2"), groups, "{lang:?} {kind:?}");
            }
        }
    }

    /// A hint says the command that plays it: read back as the terminal reads `t3 t5 [N]`, it
    /// is the hint's move, for every legal move of the first deals of every game.
    #[test]
    fn a_move_as_typed_plays_that_move() {
        for kind in GameKind::ALL {
            for deal in 1..=5 {
                let state = solitaire_core::deal(kind, deal);
                let map = state.map();
                for mv in state.legal_move_list() {
                    let typed = as_typed(&state, mv);
                    let words: Vec<&str> = typed.split(' ').collect();
                    let read = match words.as_slice() {
                        ["s"] => Move::Stock,
                        [from, to, rest @ ..] => {
                            let (from, to) = (parse_short(map, from).unwrap(), parse_short(map, to).unwrap());
                            let count = match rest {
                                [n] => n.parse().unwrap(),
                                _ => largest_fitting(&state, from, to).unwrap(),
                            };
                            Move::Transfer { from, count, to }
                        }
                        _ => panic!("{kind:?} {deal}: {typed}"),
                    };
                    assert_eq!(read, mv, "{kind:?} deal {deal}: {typed}");
                }
            }
        }
    }

    /// Each command answers to its English words in every language, to no other command's
    /// word, and no word of a command names a pile.
    #[test]
    fn commands_answer_to_their_words_and_english_ones_in_every_language() {
        let en = words::Words::new(Lang::En);
        for lang in Lang::ALL {
            let words = words::Words::new(lang);
            let mut seen = std::collections::HashSet::new();
            for (command, key) in Command::KEYS {
                let listed = words.text(key);
                for word in listed.split(',') {
                    assert!(seen.insert(word.to_string()), "{lang:?}: {word:?} twice");
                    assert_eq!(Command::named(&words, &word.to_uppercase()), Some(command), "{lang:?}: {word:?}");
                    for kind in GameKind::ALL {
                        let map = *solitaire_core::deal(kind, 1).map();
                        assert!(parse_short(&map, word).is_none(), "{lang:?}: {word:?} names a pile");
                    }
                }
                for word in en.text(key).split(',') {
                    assert_eq!(Command::named(&words, word), Some(command), "{lang:?} does not take {word:?}");
                }
            }
        }
        let fr = words::Words::new(Lang::Fr);
        assert_eq!(Command::named(&fr, "Rétablir"), Some(Command::Redo));
        assert_eq!(Command::named(&fr, "annuler"), Some(Command::Undo));
        assert_eq!(Command::named(&en, "annuler"), None, "English takes its own words only");
        assert_eq!(Command::named(&fr, "t3"), None);
    }

    #[test]
    fn only_y_or_yes_gives_a_game_up_and_in_french_o_or_oui_too() {
        let (en, fr) = (words::Words::new(Lang::En), words::Words::new(Lang::Fr));
        for answer in ["y", "Y", "yes", " YES "] {
            assert!(en.yes(answer) && fr.yes(answer), "{answer:?}");
        }
        for answer in ["o", "Oui"] {
            assert!(fr.yes(answer) && !en.yes(answer), "{answer:?}");
        }
        for answer in ["", "n", "no", "non", "t3", "yy", "ye s"] {
            assert!(!en.yes(answer) && !fr.yes(answer), "{answer:?}");
        }
    }
}
