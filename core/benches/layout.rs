//! The table is described again after every tap: how long `layout` takes per game, on a phone.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use solitaire_core::deal;
use solitaire_core::layout::{layout, Insets, Viewport};
use solitaire_core::GameKind;

fn bench_layout(c: &mut Criterion) {
    let phone =
        Viewport { width: 390.0, height: 844.0, insets: Insets { top: 47.0, left: 0.0, bottom: 34.0, right: 0.0 } };
    for kind in GameKind::ALL {
        let state = deal(kind, 1);
        c.bench_function(&format!("layout {}", kind.slug()), |b| {
            b.iter(|| layout(black_box(&state), black_box(&phone)))
        });
    }
}

criterion_group!(benches, bench_layout);
criterion_main!(benches);
