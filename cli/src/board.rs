//! Drawing the table as text, and the short pile names people type (`t3`, `f1`, `c2`, `r`, `s`, `w`).

use solitaire_core::engine::Status;
use solitaire_core::spec::{PileId, PileKind, PileMap};
use solitaire_core::{Card, Game, Suit};

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

pub fn parse_short(map: &PileMap, text: &str) -> Option<PileId> {
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

fn card_text(card: Card, colour: bool) -> String {
    if !card.face_up() {
        return " ##".into();
    }
    let rank = match card.rank() {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        n => n.to_string(),
    };
    let suit = match card.suit() {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    };
    let text = format!("{rank:>2}{suit}");
    if colour && card.is_red() {
        format!("\x1b[31m{text}\x1b[0m")
    } else {
        text
    }
}

fn minutes(ms: u64) -> String {
    format!("{}:{:02}", ms / 60_000, ms / 1000 % 60)
}

/// The whole screen for `game`, with `message` under it.
pub fn render(game: &Game, colour: bool, message: &str) -> String {
    let state = game.state();
    let map = state.map();
    let spec = state.spec();
    let deal = game.deal_number().map_or("a given position".to_string(), |n| format!("deal {n}"));
    let mut out = format!(
        "{} — {deal}    moves {}    time {}    auto-play {}\n",
        spec.name,
        game.moves_made(),
        minutes(game.elapsed_ms()),
        if game.auto_play() { "on" } else { "off" }
    );
    let row = |piles: &mut dyn Iterator<Item = PileId>| -> String {
        piles
            .map(|p| {
                let top = state.top(p).map_or("  —".to_string(), |c| card_text(c, colour));
                let count = state.pile(p).len();
                let extra = if count > 1 { format!(" ({count})") } else { String::new() };
                format!("{}:{top}{extra}", short_name(map, p))
            })
            .collect::<Vec<_>>()
            .join("   ")
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
        let cards: Vec<String> = state.pile(reserve).iter().map(|&c| card_text(c, colour)).collect();
        out += &format!("reserve, bottom to top:{}\n", cards.join(""));
    }
    out.push('\n');
    for pile in map.tableau() {
        let cards: Vec<String> = state.pile(pile).iter().map(|&c| card_text(c, colour)).collect();
        out += &format!("{:>4}:{}\n", short_name(map, pile), cards.join(""));
    }
    out.push('\n');
    match game.status() {
        Status::Won => out += "You won! Type 'new' for another deal.\n",
        Status::Lost => out += "No more moves: 'undo' or 'new'.\n",
        Status::Playing => {}
    }
    if !message.is_empty() {
        out += message;
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_core::GameKind;

    #[test]
    fn short_names_round_trip() {
        for kind in GameKind::ALL {
            let map = kind.spec().piles();
            for pile in 0..map.len {
                assert_eq!(parse_short(&map, &short_name(&map, pile)), Some(pile));
            }
            for bad in ["t0", "t99", "x1", "", "f", "s1", "tt"] {
                assert_eq!(parse_short(&map, bad), None, "{bad}");
            }
        }
    }

    #[test]
    fn the_board_shows_every_tableau_pile_and_hides_face_down_cards() {
        let game = Game::new(GameKind::Dnieper, 1);
        let board = render(&game, false, "");
        assert!(board.starts_with("Dnieper — deal 1"));
        for n in 1..=7 {
            assert!(board.contains(&format!("  t{n}: ## ## ##")), "{board}");
        }
        assert!(board.contains("s: ##"), "{board}");
    }
}
