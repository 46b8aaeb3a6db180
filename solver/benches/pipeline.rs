//! The split search of the pipeline solve (`solver/src/pipeline/split.rs`) on long
//! chains: 96 units on 8 meshes with 16 microbatches, by schedule, with costs that
//! vary along the chain (so the flow-shop DP and the boundary moves have work to
//! do). The whole pipeline solve of the 96-layer stack (unit and stage solves, the
//! pure-SPMD comparison) is measured by the CLI and reported in docs/benchmarks.md.
//!
//! `cargo bench -p autoshard-solver --bench pipeline`.

use autoshard_model::Seconds;
use autoshard_model::pipeline::Schedule;
use autoshard_solver::pipeline::{Shape, SplitCosts, StageCost, best_split};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::time::Duration;

/// Unit `u` costs 1 + (u mod 5)/10 forward and twice that backward; a hop 0.05.
struct Varying;

impl SplitCosts for Varying {
    fn stage(&self, first: usize, end: usize, _stage: usize) -> Option<StageCost> {
        let f: f64 = (first..end).map(|u| 1.0 + (u % 5) as f64 / 10.0).sum();
        Some(StageCost { forward: Seconds(f), backward: Seconds(2.0 * f), update: Seconds(0.1 * f) })
    }
    fn hop(&self, _unit: usize) -> Seconds {
        Seconds(0.05)
    }
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("pipeline_split");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    for (schedule, rounds) in [(Schedule::GPipe, 1), (Schedule::OneFOneB, 1), (Schedule::Circular, 2)] {
        let shape = Shape { schedule, meshes: 8, rounds, microbatches: 16 };
        if let Some(found) = best_split(&Varying, 96, shape) {
            let (split, bound, proven) = (found.split, found.bound, found.proven);
            eprintln!(
                "{schedule}: step {} bound {bound} proven {proven} split {:?}",
                split.timeline.step, split.bounds
            );
        }
        group.bench_with_input(BenchmarkId::new(schedule.as_str(), 96), &shape, |b, shape| {
            b.iter(|| best_split(&Varying, 96, *shape))
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
