//! The Rust side of a player's tap, for counting instructions under callgrind (`bindings/instructions`):
//! `tap_rounds GAME ROUNDS` taps a card that has somewhere to go and undoes it, ROUNDS times,
//! each through `Game::act` with what to draw. The card is one whose tap keeps the card size, as
//! most taps do (one that changes it redraws everything, which `Game::view` costs). Only `rounds` is counted (callgrind's
//! `--toggle-collect`), so setting up the game and the process are not.

use solitaire_ffi::{game_catalog, Action, Game, Outcome, Viewport};

const PHONE: Viewport =
    Viewport { width: 390.0, height: 844.0, inset_top: 47.0, inset_left: 0.0, inset_bottom: 34.0, inset_right: 0.0 };

#[inline(never)]
fn rounds(game: &Game, tap: Action, count: u32) -> usize {
    let mut sent = 0;
    for _ in 0..count {
        sent += game.act(tap).expect("the card moves").cards.len();
        sent += game.act(Action::Undo).expect("the tap undoes").cards.len();
    }
    sent
}

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: tap_rounds GAME-SLUG ROUNDS";
    let slug = args.next().expect(usage);
    let count: u32 = args.next().and_then(|n| n.parse().ok()).expect(usage);
    let info = game_catalog().into_iter().find(|info| info.slug == slug).expect("a game's slug");
    let game = Game::new(info.kind, 1);
    let table = game.view(PHONE);
    let keeps_card_size = |tap: Action| {
        let update = game.act(tap).expect("a card on the table");
        let moved = update.outcome == Outcome::Moved;
        if moved {
            game.act(Action::Undo).expect("the tap undoes");
        }
        moved && !update.full
    };
    let card = table
        .cards
        .iter()
        .find(|c| c.movable && keeps_card_size(Action::Tap { pile: c.pile, index: c.position }))
        .expect("a card that moves and keeps the card size");
    let tap = Action::Tap { pile: card.pile, index: card.position };
    println!("{} cards sent", rounds(&game, tap, count));
}
