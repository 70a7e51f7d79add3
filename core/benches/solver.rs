//! Solver throughput: a few fixed deals per game, each searched to a fixed node budget (or
//! to its verdict, if sooner); criterion reports nodes per second as its throughput. And what a
//! search costs before its first node.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use solitaire_core::solver::{decide_with_report, solve_with_report, Limits};
use solitaire_core::{deal, GameKind};
use std::hint::black_box;

const DEALS: [u64; 3] = [1, 2, 3];
const LIMITS: Limits = Limits { max_nodes: 200_000, max_memory_bytes: 256 << 20 };

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for kind in GameKind::ALL {
        let starts: Vec<_> = DEALS.iter().map(|&n| deal(kind, n)).collect();
        // Deterministic: the same nodes every run, so they can serve as the throughput.
        let nodes: u64 = starts.iter().map(|s| solve_with_report(s, &LIMITS, &|| false).nodes).sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(kind.slug(), |b| {
            b.iter(|| {
                for s in &starts {
                    black_box(solve_with_report(s, &LIMITS, &|| false));
                }
            })
        });
    }
    group.finish();
}

/// What a search costs before its first node, its root's relaxations (`park.rs` among them in
/// How They Run): deal 819 is proved dead there, deal 877 is not.
fn root(c: &mut Criterion) {
    let mut group = c.benchmark_group("root");
    let limits = Limits { max_nodes: 1, max_memory_bytes: 64 << 20 };
    for n in [819, 877] {
        let start = deal(GameKind::HowTheyRun, n);
        group.bench_function(format!("how-they-run-{n}"), |b| {
            b.iter(|| black_box(decide_with_report(&start, &limits, &|| false)))
        });
    }
    group.finish();
}

criterion_group!(benches, solver, root);
criterion_main!(benches);
