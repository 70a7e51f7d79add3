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
fn random_game(kind: GameKind, moves: usize) -> Game {
    let mut seed = 7;
    let mut deal = 1;
    let mut game = Game::new(kind, deal);
    while (game.moves_made() as usize) < moves {
        let state = game.state();
        let mut legal: Vec<_> = state.legal_move_list().into_iter().filter(|&m| !state.is_null_move(m)).collect();
        // Positions must not depend on the generator's order, which may change.
        legal.sort_by_key(|mv| format!("{mv:?}"));
        if legal.is_empty() {
            deal += 1;
            game = Game::new(kind, deal);
            continue;
        }
        game.play(legal[pick(&mut seed, legal.len())]).unwrap();
    }
    game
}

fn mid_game(kind: GameKind) -> State {
    random_game(kind, 30).state().clone()
}

fn engine(c: &mut Criterion) {
    for kind in GameKind::ALL {
        let slug = kind.slug();
        let state = mid_game(kind);
        eprintln!("{slug}: the mid-game position has {} legal moves", state.legal_move_list().len());
        let mut moves = Vec::with_capacity(256);
        c.bench_function(&format!("{slug}/legal_moves"), |b| {
            b.iter(|| {
                moves.clear();
                black_box(&state).legal_moves(&mut moves);
                black_box(moves.len())
            })
        });

        let legal = state.legal_move_list();
        let mut state = state.clone();
        let mut effects = Vec::with_capacity(64);
        let mut i = 0;
        c.bench_function(&format!("{slug}/apply_undo"), |b| {
            b.iter(|| {
                let mv = legal[i % legal.len()];
                i += 1;
                effects.clear();
                state.apply_unchecked(black_box(mv), &mut effects);
                state.undo(&effects);
            })
        });

        let game = random_game(kind, 300);
        c.bench_function(&format!("{slug}/save_restore_300"), |b| {
            b.iter(|| save::from_json(&save::to_json(black_box(&game))).unwrap())
        });
    }
}

criterion_group!(benches, engine);
criterion_main!(benches);
