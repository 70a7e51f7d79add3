//! Drawing the table as text, and the short pile names people type (`t3`, `f1`, `c2`, `r`, `s`, `w`).

use solitaire_core::describe;
use solitaire_core::engine::Status;
use solitaire_core::spec::EmptyMark;
use solitaire_core::spec::{PileId, PileKind, PileMap};
use solitaire_core::{Card, Game, Suit};

use crate::words::{words, Words};

/// `t3` for tableau pile 3 (1-based, as shown), `f1`, `c2`, `r`, `s`, `w`.
pub fn short_name(map: &PileMap, pile: PileId) -> String {
    match map.kind(pile) {
        Some((PileKind::Tableau, i)) => format!("t{}", i + 1),
        Some((PileKind::Foundation, i)) => format!("f{}", i + 1),
        Some((PileKind::Cell, i)) => format!("c{}", i + 1),
        Some((PileKind::Reserve, _)) => "r".into(),
        Some((PileKind::Stock, _)) => "s".into(),
        Some((PileKind::Waste, _)) => "w".into(),
        None => "?".into(),
    }
}

/// A pile's short name as typed: `t3`, `f1`, `r`, upper case too (commands are).
pub fn parse_short(map: &PileMap, text: &str) -> Option<PileId> {
    let text = text.to_ascii_lowercase();
    let (kind, index) = match text.split_at_checked(1)? {
        ("r", "") => (PileKind::Reserve, 0),
        ("s", "") => (PileKind::Stock, 0),
        ("w", "") => (PileKind::Waste, 0),
        (letter, number) => {
            let kind = match letter {
                "t" => PileKind::Tableau,
                "f" => PileKind::Foundation,
                "c" => PileKind::Cell,
                _ => return None,
            };
            (kind, number.parse::<u8>().ok()?.checked_sub(1)?)
        }
    };
    map.id(kind, index)
}

/// Red for hearts and diamonds.
const RED: &str = "\x1b[31m";
/// Reverse video marks the cards the last move carried.
const MARKED: &str = "\x1b[7m";
const RESET: &str = "\x1b[0m";

/// Three columns for every card (` 9♥`, `10♠`, ` ##`), so that piles line up; in colour, red
/// suits are red and `marked` cards (the last move's) stand out.
fn card_text(card: Card, colour: bool, marked: bool) -> String {
    if !card.face_up() {
        return " ##".into();
    }
    let rank = words().text(&format!("rank_short_{}", card.rank()));
    let suit = match card.suit() {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    };
    let text = format!("{rank:>2}{suit}");
    if !colour {
        return text;
    }
    let red = if card.is_red() { RED } else { "" };
    let mark = if marked { MARKED } else { "" };
    if red.is_empty() && mark.is_empty() {
        text
    } else {
        format!("{red}{mark}{text}{RESET}")
    }
}

/// What an empty pile shows (`K↓`, `A↑`, `K–A`, `✕`), in the language's letters (« R↓ »).
fn empty_symbol(words: &Words, empty: EmptyMark) -> String {
    let rank = |rank| words.text(&format!("rank_short_{rank}"));
    describe::empty_symbol_in(empty, rank, &words.text("mark_whole_suit"))
}

/// Tableaux taller than this take two piles a line where they fit (Chequers' 25 piles scrolled
/// its foundations off a 24-line terminal).
const TALL: usize = 12;
/// A standard terminal's width, less one column (a full line wraps on some terminals): the
/// widest the screen is laid out, however wide the terminal.
pub const WIDTH: usize = 79;
/// The narrowest: a tall tableau's two columns still hold three cards a line.
pub const NARROWEST: usize = 40;

/// The tableau's lines, from each pile's name (`  t5:`, five columns) and cards (four columns
/// each): one pile a line, its cards going on under it past the width; or, for a tall tableau,
/// two piles a line, the first half down the left, each pile's cards going on under it past
/// its column's share, so that Chequers' 25 piles stay two a line however long they grow (one
/// a line, where two did not fit, they took up to 32 lines).
fn tableau_lines(piles: &[(String, Vec<String>)], width: usize) -> String {
    // Each line of a pile, with the columns it takes.
    let lines_of = |(name, cards): &(String, Vec<String>), per_line: usize| -> Vec<(String, usize)> {
        cards
            .chunks(per_line)
            .enumerate()
            .map(|(i, chunk)| {
                let lead = if i == 0 { name.clone() } else { " ".repeat(5) };
                (format!("{lead}{}", chunk.concat()), 5 + 4 * chunk.len())
            })
            .collect()
    };
    let mut out = String::new();
    if piles.len() <= TALL {
        // The cards a line holds after the pile's name, four columns each.
        let per_line = (width - 5) / 4;
        for pile in piles {
            for (line, _) in lines_of(pile, per_line) {
                out += &line;
                out.push('\n');
            }
        }
        return out;
    }
    let per_line = ((width - 3) / 2 - 5) / 4;
    let rows = piles.len().div_ceil(2);
    let (left, right) = piles.split_at(rows);
    let left: Vec<_> = left.iter().map(|pile| lines_of(pile, per_line)).collect();
    let right: Vec<_> = right.iter().map(|pile| lines_of(pile, per_line)).collect();
    let left_width = left.iter().flatten().map(|(_, width)| *width).max().unwrap_or(0);
    for (i, pile) in left.iter().enumerate() {
        let other = right.get(i).map_or(&[][..], Vec::as_slice);
        for j in 0..pile.len().max(other.len()) {
            let (text, width) = pile.get(j).map_or(("", 0), |(text, width)| (text.as_str(), *width));
            out += text;
            if let Some((other, _)) = other.get(j) {
                out += &" ".repeat(left_width - width + 3);
                out += other;
            }
            out.push('\n');
        }
    }
    out
}

/// The whole screen for `game`, with `message` under it, in lines of at most `width` columns
/// (`NARROWEST` to `WIDTH`; a word or a pile's name and card longer than that aside).
pub fn render(game: &Game, colour: bool, message: &str, width: usize) -> String {
    let width = width.clamp(NARROWEST, WIDTH);
    let state = game.state();
    let map = state.map();
    let spec = state.spec();
    let words = words();
    let deal = game.deal_number().map_or(words.text("cli_given_position"), |n| words.say("cli_deal", &[n.into()]));
    // Only a terminal shows the mark, so only then is it worth working out.
    let marked = if colour { game.last_moved_cards() } else { Vec::new() };
    let card = |c: Card| card_text(c, colour, marked.contains(&c.id()));
    // Each card of a pile with the space before it: four columns.
    let cells = |pile: PileId| state.pile(pile).iter().map(|&c| format!(" {}", card(c))).collect::<Vec<_>>();
    let name = words.text(describe::game_keys(game.kind())[0]);
    let on = words.text(if game.auto_play() { "cli_on" } else { "cli_off" });
    let header = words.say(
        "cli_header",
        &[name.into(), deal.into(), game.moves_made().into(), describe::clock(game.elapsed_ms()).into(), on.into()],
    );
    let mut out = wrap(&header, width);
    out.push('\n');
    // An empty pile shows what it takes (`A↑`, `K`), or `—` where anything goes.
    let empty = |p: PileId| {
        let symbol =
            map.kind(p).map(|(kind, index)| empty_symbol(words, spec.empty_mark(kind, index))).unwrap_or_default();
        format!("{:>3}", if symbol.is_empty() { "—" } else { &symbol })
    };
    // Piles side by side, three columns apart, on as many lines as `width` needs (eight
    // foundations with their counts ran to 117 columns).
    let row = |piles: &mut dyn Iterator<Item = PileId>| -> String {
        let mut lines: Vec<(String, usize)> = Vec::new();
        for p in piles {
            let top = state.top(p).map_or_else(|| empty(p), card);
            let count = state.pile(p).len();
            let extra = if count > 1 { format!(" ({count})") } else { String::new() };
            let name = short_name(map, p);
            // What shows: the name, ": ", three columns of card, the count.
            let columns = name.chars().count() + 2 + 3 + extra.chars().count();
            let item = format!("{name}: {top}{extra}");
            match lines.last_mut() {
                Some((line, used)) if *used + 3 + columns <= width => {
                    line.push_str("   ");
                    line.push_str(&item);
                    *used += 3 + columns;
                }
                _ => lines.push((item, columns)),
            }
        }
        lines.into_iter().map(|(line, _)| line).collect::<Vec<_>>().join("\n")
    };
    let mut top_row: Vec<PileId> = map.stock.into_iter().chain(map.waste).chain(map.reserve).collect();
    top_row.extend(map.cells());
    if !top_row.is_empty() {
        out += &row(&mut top_row.into_iter());
        out.push('\n');
    }
    out += &row(&mut map.foundations());
    out.push('\n');
    if let Some(reserve) = map.reserve.filter(|&r| state.pile(r).len() > 1) {
        out += &format!("{}{}\n", words.text("cli_reserve_cards"), cells(reserve).concat());
    }
    out.push('\n');
    let piles: Vec<(String, Vec<String>)> = map
        .tableau()
        .map(|pile| {
            let name = format!("{:>4}:", short_name(map, pile));
            if state.pile(pile).is_empty() {
                return (name, vec![format!(" {}", empty(pile))]);
            }
            (name, cells(pile))
        })
        .collect();
    out += &tableau_lines(&piles, width);
    out.push('\n');
    match game.status() {
        // A daily game is not replaced by `new`: its messages do not offer it.
        Status::Won => {
            let key = match (game.assisted(), game.daily().is_some()) {
                (true, false) => "cli_won_assisted",
                (true, true) => "cli_won_assisted_daily",
                (false, false) => "cli_won",
                (false, true) => "cli_won_daily",
            };
            out += &wrap(&words.text(key), width);
        }
        Status::Lost => out += &wrap(&words.text("cli_lost"), width),
        Status::Playing => {}
    }
    if game.status() != Status::Playing {
        out.push('\n');
    }
    if !message.is_empty() {
        out += &wrap(message, width);
        out.push('\n');
    }
    out
}

/// `text` with each line longer than `width` columns broken between words (a word longer than
/// that stays whole): a terminal breaks a long line wherever it meets the edge, inside a word
/// ("best tim|e"). No-break spaces, as French puts before a colon, are not places to break.
pub fn wrap(text: &str, width: usize) -> String {
    let lines = text.split('\n').map(|line| {
        if line.chars().count() <= width {
            return line.to_string();
        }
        // An indented line's continuations keep its indent, or, where it is a column of names
        // and their descriptions (the help: "  t3          tap…"), the description's.
        let words = line.trim_start_matches(' ');
        let lead = line.len() - words.len();
        let described = words.find("  ").and_then(|gap| {
            let text = gap + words[gap..].find(|c| c != ' ')?;
            Some(lead + words[..text].chars().count())
        });
        let indent = " ".repeat(if lead > 0 { described.filter(|&d| d <= width / 2).unwrap_or(lead) } else { 0 });
        let mut out = String::with_capacity(line.len() + 8);
        out.push_str(&line[..lead]);
        let mut column = lead;
        for (at, word) in words.split(' ').enumerate() {
            let length = word.chars().count();
            if at > 0 && column + 1 + length > width {
                out.push('\n');
                out.push_str(&indent);
                column = indent.len();
            } else if at > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += length;
        }
        out
    });
    lines.collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_core::GameKind;

    #[test]
    fn empty_places_show_what_they_take_in_the_language_s_letters() {
        use crate::words::Lang;
        use solitaire_core::spec::Direction;
        let (en, fr) = (Words::new(Lang::En), Words::new(Lang::Fr));
        let down_from_king = EmptyMark::Starts { rank: 13, direction: Some(Direction::Down) };
        let queen = EmptyMark::Starts { rank: 12, direction: None };
        let up_from_ace = EmptyMark::Starts { rank: 1, direction: Some(Direction::Up) };
        let holds = EmptyMark::Holds { capacity: 4 };
        let marks =
            [down_from_king, queen, up_from_ace, EmptyMark::WholeSuit, EmptyMark::Plain, EmptyMark::Spent, holds];
        assert_eq!(marks.map(|m| empty_symbol(&en, m)), ["K↓", "Q", "A↑", "K–A", "", "✕", "0/4"]);
        assert_eq!(marks.map(|m| empty_symbol(&fr, m)), ["R↓", "D", "A↑", "R–A", "", "✕", "0/4"]);
    }

    #[test]
    fn short_names_round_trip() {
        for kind in GameKind::ALL {
            let map = kind.spec().piles();
            for pile in 0..map.len {
                assert_eq!(parse_short(&map, &short_name(&map, pile)), Some(pile));
                assert_eq!(parse_short(&map, &short_name(&map, pile).to_uppercase()), Some(pile));
            }
            for bad in ["t0", "t99", "x1", "", "f", "s1", "tt"] {
                assert_eq!(parse_short(&map, bad), None, "{bad}");
            }
        }
    }

    #[test]
    fn the_board_shows_every_tableau_pile_and_hides_face_down_cards() {
        let game = Game::new(GameKind::Dnieper, 1);
        let board = render(&game, false, "", WIDTH);
        assert!(board.starts_with("Dnieper — deal 1"));
        for n in 1..=7 {
            assert!(board.contains(&format!("  t{n}:  ##  ##  ##")), "{board}");
        }
        assert!(board.contains("s:  ##"), "{board}");
    }

    /// Chequers' 25 piles, one a line, scrolled the foundations off a 24-line terminal: two a
    /// line, the board and a message fit it, every line within 80 columns.
    #[test]
    fn a_tall_tableau_fits_a_24_line_terminal() {
        let board = render(&Game::new(GameKind::Chequers, 8), false, "Deal 8 started.", WIDTH);
        assert!(board.lines().count() <= 23, "{board}");
        assert!(board.lines().all(|line| line.chars().count() < 80), "{board}");
        assert!(board.contains("  t1:  A♥  7♣  4♣  6♥    t14:  3♣  K♣  J♠  3♠\n"), "{board}");
    }

    /// Nor once piles grow: with two of 24 and 16 cards (Chequers deal 8's first piles gathered
    /// on the first and the fourteenth), the tableau took a pile a line, 26 lines; two a line,
    /// long piles going on under themselves within their column, it takes 15.
    #[test]
    fn a_tall_tableau_with_long_piles_stays_two_a_line() {
        let state = solitaire_core::deal(GameKind::Chequers, 8);
        let mut position: serde_json::Value =
            serde_json::from_str(&solitaire_core::notation::format_position(&state)).unwrap();
        let tableau = position["tableau"].as_array_mut().unwrap();
        for (to, from) in [(0, 1..6), (13, 14..17)] {
            for pile in from {
                let cards = std::mem::take(tableau[pile].as_array_mut().unwrap());
                tableau[to].as_array_mut().unwrap().extend(cards);
            }
        }
        let state = solitaire_core::notation::parse_position(
            &position.to_string(),
            solitaire_core::notation::Completeness::Partial,
        )
        .unwrap();
        let board = render(&Game::from_position(state), false, "", WIDTH);
        assert!(board.lines().count() <= 23, "{board}");
        assert!(board.lines().all(|line| line.chars().count() <= WIDTH), "{board}");
        let first: Vec<&str> = board.lines().skip_while(|line| !line.starts_with("  t1:")).take(3).collect();
        assert!(first.iter().all(|line| line.contains(" t1") || line.starts_with("     ")), "{board}");
        assert!(first[0].contains(" t14:"), "the first pile and the fourteenth side by side: {board}");
    }

    /// Messages are broken between words to fit 79 columns: the statistics and the question
    /// before giving a game up ran to 99, and the terminal cut them inside a word.
    #[test]
    fn long_messages_break_between_words() {
        let question = "Give up this game (12 moves) for the daily deal of December 1, 2026? It counts as lost. y to give it up, n to keep playing:";
        let wrapped = wrap(question, WIDTH);
        assert!(wrapped.lines().count() > 1 && wrapped.lines().all(|line| line.chars().count() <= WIDTH), "{wrapped}");
        assert_eq!(wrapped.replace('\n', " "), question, "only spaces become line breaks");
        let french = format!("{}\u{a0}: {}", "mot ".repeat(18).trim_end(), "suite");
        assert!(!wrap(&french, 75).contains("\n\u{a0}:"), "no break before a French colon");
        assert_eq!(wrap("short\nlines  stay", WIDTH), "short\nlines  stay");
        let word = "x".repeat(100);
        assert_eq!(wrap(&format!("a {word}"), WIDTH), format!("a\n{word}"), "a long word stays whole");
        let indented = format!("  {}", "word ".repeat(20).trim_end());
        let wrapped = wrap(&indented, WIDTH);
        assert!(wrapped.lines().count() == 2 && wrapped.lines().all(|line| line.starts_with("  word")), "{wrapped}");
        // A name and its description: the description's continuations line up under it.
        let help = "  t3          tap the top card of t3: it goes to its best place; again for the next";
        assert_eq!(
            wrap(help, 50),
            "  t3          tap the top card of t3: it goes to\n              its best place; again for the next"
        );
    }

    /// Long piles and foundation rows with their counts ran past 80 columns (a Dnieper pile of
    /// 22 cards took 93, Zerline's eight foundations 117), and the terminal cut cards in two:
    /// they go on on the next line, whole.
    #[test]
    fn long_piles_and_rows_go_on_under_themselves() {
        let home = |suit: char| r#"["KH","AH","2H","3H","4H","5H","6H","7H"]"#.replace('H', &suit.to_string());
        let foundations = ['S', 'H', 'D', 'C', 'S', 'H', 'D', 'C'].map(home).join(",");
        // 24 cards none of which is on a foundation: 8 to Q of each suit, and four again.
        let cards = ['C', 'D', 'H', 'S']
            .iter()
            .flat_map(|suit| ['8', '9', 'T', 'J', 'Q'].map(|rank| format!(r#""{rank}{suit}""#)));
        let long = cards.clone().chain(cards.take(4)).collect::<Vec<_>>().join(",");
        let json = format!(
            r#"{{"game":"zerline","tableau":[[{long}],[],[],[],[],[],[],[]],"foundations":[{foundations}],"reserve":[],"stock":[],"waste":[]}}"#
        );
        let state =
            solitaire_core::notation::parse_position(&json, solitaire_core::notation::Completeness::Partial).unwrap();
        let board = render(&Game::from_position(state), false, "", WIDTH);
        assert!(board.lines().all(|line| line.chars().count() <= WIDTH), "{board}");
        let pile: Vec<&str> = board.lines().skip_while(|line| !line.starts_with("  t1:")).take(2).collect();
        let cards_in = |line: &str| line.matches(['♣', '♦', '♥', '♠']).count();
        let per_line = (WIDTH - 5) / 4;
        assert_eq!(cards_in(pile[0]), per_line, "{board}");
        assert!(pile[1].starts_with("     ") && cards_in(pile[1]) == 24 - per_line, "{board}");
        assert_eq!(board.matches(" (8)").count(), 8, "every foundation shown, with its count: {board}");
    }

    /// A terminal narrower than 80 columns broke the board's lines and the messages wherever
    /// they met its edge, mid-word ("sa meilleur|e place", "R|↑" in Zerline's foundations): the
    /// screen is laid out to its width instead, the won line and the header too.
    #[test]
    fn a_narrow_terminal_gets_a_narrow_screen() {
        let long = "A message long enough to be wrapped: it goes on and on past the edge of the narrowest terminal.";
        for kind in GameKind::ALL {
            let mut game = Game::new(kind, 3);
            let solved = solitaire_core::assist::solution(game.state(), &|| false);
            if let solitaire_core::assist::Solution::Won(line) = solved {
                // Half the line: long piles on the table.
                for &mv in &line[..line.len() / 2] {
                    game.play(mv).unwrap();
                }
            }
            for width in [NARROWEST, 50, 60, 70] {
                let board = render(&game, false, long, width);
                assert!(board.lines().all(|line| line.chars().count() <= width), "{kind:?} at {width}:\n{board}");
            }
        }
        let mut won = Game::new(GameKind::HowTheyRun, 3);
        let solitaire_core::assist::Solution::Won(line) = solitaire_core::assist::solution(won.state(), &|| false)
        else {
            panic!("How They Run deal 3 is won")
        };
        for mv in line {
            won.play_assisted(mv).unwrap();
        }
        let board = render(&won, false, "", 50);
        assert!(board.lines().all(|line| line.chars().count() <= 50), "{board}");
        assert_eq!(render(&won, false, "", 20), render(&won, false, "", NARROWEST), "no narrower than NARROWEST");
    }

    #[test]
    fn every_card_takes_four_columns_so_piles_line_up() {
        let mut tens = 0;
        for kind in GameKind::ALL {
            for number in 1..=20 {
                let game = Game::new(kind, number);
                let board = render(&game, false, "", WIDTH);
                for pile in game.state().map().tableau() {
                    // A pile's text, at the start of its line or, on a tall tableau, after
                    // the left column's (two piles a line): then three spaces at least.
                    let name = format!("{:>4}:", short_name(game.state().map(), pile));
                    let (line, at) = board
                        .lines()
                        .find_map(|l| {
                            let at = l.find(&name)?;
                            (at == 0 || l[..at].ends_with("   ")).then_some((l, at))
                        })
                        .unwrap();
                    let cards = game.state().pile(pile).len();
                    let text: String = line[at..].chars().take(5 + 4 * cards).collect();
                    let after = line[at + text.len()..].chars().next();
                    assert!(after.is_none() || after == Some(' '), "{kind:?} {number}: {line:?}");
                    assert!(
                        !text.ends_with(' ') && text.chars().count() == 5 + 4 * cards,
                        "{kind:?} {number}: {line:?}"
                    );
                    tens += text.matches(" 10").count();
                }
            }
        }
        assert!(tens > 0, "no ten was face up in these deals: the width of a ten went untested");
    }

    #[test]
    fn colour_marks_red_suits_and_the_last_move_and_plain_text_has_no_escapes() {
        let mut game = Game::new(GameKind::Dnieper, 5);
        game.deal_stock().unwrap();
        let moved = game.last_moved_cards();
        let state = game.state();
        let plain = render(&game, false, "", WIDTH);
        assert!(!plain.contains('\x1b'), "{plain}");
        let coloured = render(&game, true, "", WIDTH);
        for pile in state.map().tableau() {
            for &card in state.pile(pile).iter().filter(|c| c.face_up()) {
                let text = card_text(card, false, false);
                let marked = moved.contains(&card.id());
                let expected = match (card.is_red(), marked) {
                    (true, true) => format!("{RED}{MARKED}{text}{RESET}"),
                    (true, false) => format!("{RED}{text}{RESET}"),
                    (false, true) => format!("{MARKED}{text}{RESET}"),
                    (false, false) => text.clone(),
                };
                assert!(coloured.contains(&expected), "{text} should show as {expected:?}: {coloured}");
            }
        }
        assert!(!moved.is_empty() && coloured.contains(MARKED), "{coloured}");
        assert!(coloured.contains(RED), "{coloured}");
    }
}
