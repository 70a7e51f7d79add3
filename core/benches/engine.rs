//! Engine speed per game: legal-move generation, apply + undo, and save + restore of a
//! 300-move game. Run: `cargo bench -p solitaire-core --bench engine`.

use criterion::{criterion_group, criterion_main, Criterion};
use solitaire_core::{save, Game, GameKind, State};
use std::hint::black_box;

/// A deterministic pseudo-random choice, so every run measures the same positions.
fn pick(seed: &mut u64, n: usize) -> usize {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (*seed >> 33) as usize % n
}

/// A game `moves` player moves long, played by random legal moves that change something; a
/// deal whose random play gets stuck first is replaced by the next deal.
fn random_game(kind: GameKind, first_deal: u64, moves: usize) -> Game {
    let mut seed = 7 + first_deal;
    let mut deal = first_deal;
    let mut game = Game::new(kind, deal);
    while (game.moves_made() as usize) < moves {
        let state = game.state();
        let mut legal: Vec<_> = state.legal_move_list().into_iter().filter(|&m| !state.is_null_move(m)).collect();
        // Positions must not depend on the generator's order, which may change.
        legal.sort_by_key(|mv| format!("{mv:?}"));
        if legal.is_empty() {
            deal += 1_000;
            game = Game::new(kind, deal);
            continue;
        }
        game.play(legal[pick(&mut seed, legal.len())]).unwrap();
    }
    game
}

/// 32 positions a game passes through: 8 deals, after 10, 20, 30 and 40 moves.
fn positions(kind: GameKind) -> Vec<State> {
    (1..=8).flat_map(|deal| [10, 20, 30, 40].map(|moves| random_game(kind, deal, moves).state().clone())).collect()
}

/// Times are for all 32 positions: divide by 32 for one.
fn engine(c: &mut Criterion) {
    for kind in GameKind::ALL {
        let slug = kind.slug();
        let states = positions(kind);
        let counts: usize = states.iter().map(|s| s.legal_move_list().len()).sum();
        eprintln!("{slug}: 32 positions with {counts} legal moves in all");
        let mut moves = Vec::with_capacity(256);
        c.bench_function(&format!("{slug}/legal_moves_x32"), |b| {
            b.iter(|| {
                let mut total = 0;
                for state in &states {
                    moves.clear();
                    black_box(state).legal_moves(&mut moves);
                    total += moves.len();
                }
                total
            })
        });

        let mut playable: Vec<(State, solitaire_core::Move)> =
            states.iter().filter_map(|s| s.legal_move_list().first().map(|&mv| (s.clone(), mv))).collect();
        let mut effects = Vec::with_capacity(64);
        c.bench_function(&format!("{slug}/apply_undo_x{}", playable.len()), |b| {
            b.iter(|| {
                for (state, mv) in playable.iter_mut() {
                    effects.clear();
                    state.apply_unchecked(black_box(*mv), &mut effects);
                    state.undo(&effects);
                }
            })
        });

        let game = random_game(kind, 1, 300);
        c.bench_function(&format!("{slug}/save_restore_300_moves"), |b| {
            b.iter(|| save::from_json(&save::to_json(black_box(&game))).unwrap())
        });
    }
}

criterion_group!(benches, engine);
criterion_main!(benches);
