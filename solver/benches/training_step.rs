//! Solve time of a full training step (forward, backward, an Adam update of every
//! parameter; `programs/training_step.rs`) of an L-layer GPT-style stack on a 2×4
//! mesh, L = 1, 4, 16, split into phases: formulation (factor graph, candidates,
//! constraints, every cost), the core engine (presolve, then the ILP or the search
//! on one thread), and the whole solve (the rest is pricing the plan), each with a
//! limit of 10 s and a gap of 1%. The curve at larger L (up to 768 layers, about
//! 90k ops) is measured by the CLI and reported in docs/benchmarks.md.
//!
//! `cargo bench -p autoshard-solver --bench training_step`.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

#[path = "programs/training_step.rs"]
mod training_step;

use autoshard_config::Config;
use autoshard_model::Seconds;
use autoshard_solver::{Limits, MicroLp, Settings, Solver, SolverOptions, formulate, solve_problem_with};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::time::Duration;

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("training_step");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    let limits = Limits { time: Duration::from_secs(10), gap: 0.01 };
    for layers in [1usize, 4, 16] {
        let config = Config::from_source("training_step.yaml", &training_step::training_step(layers, None)).unwrap();
        let (program, hardware) = (&config.program, &config.hardware);
        let formulation = formulate(program, hardware).unwrap();
        eprintln!(
            "L={layers}: {} ops, {} nodes, {} edges",
            program.ops().len(),
            formulation.problem().nodes.len(),
            formulation.problem().edges.len(),
        );
        group.bench_with_input(BenchmarkId::new("formulate", layers), &layers, |b, _| {
            b.iter(|| formulate(program, hardware))
        });
        group.bench_with_input(BenchmarkId::new("engine", layers), &layers, |b, _| {
            b.iter(|| solve_problem_with(formulation.problem(), &MicroLp, Settings::new(limits)))
        });
        let options = SolverOptions { time_limit: Seconds(10.0), gap: 0.01, threads: 1, ..SolverOptions::default() };
        let solver = Solver::new(options);
        group.bench_with_input(BenchmarkId::new("total", layers), &layers, |b, _| {
            b.iter(|| solver.solve(program, hardware))
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
