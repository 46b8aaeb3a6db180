//! Solve time of a GPT-style stack of L transformer blocks (layer norms, q/k/v/o
//! einsums, attention, softmax, MLP, residuals: 14 ops a block) on a 2×4
//! data × model mesh, for L = 1, 4, 16, 64, split into phases: formulation (factor
//! graph, candidates, constraints, every cost), the core engine (presolve and ILP),
//! and the whole solve (the rest is extracting and pricing the plan).
//!
//! `cargo bench -p autoshard-solver --bench solve`.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

use autoshard_config::Config;
use autoshard_solver::{Limits, MicroLp, Solver, formulate, solve_problem};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::fmt::Write as _;
use std::time::Duration;

/// The config of an L-block stack.
fn gpt_stack(layers: usize) -> String {
    let mut y = String::from(
        "name: gpt-stack\nmesh: {axes: {data: 2, model: 4}}\ncost: {preset: h100-sxm}\nprogram:\n  inputs:\n",
    );
    y.push_str("    x: {shape: [8, 1024, 1024], dtype: bf16, sharding: '[{\"data\"}, {}, {}]'}\n");
    let params = [
        ("ln1_g", "[1024]"),
        ("ln1_b", "[1024]"),
        ("wq", "[1024, 16, 64]"),
        ("wk", "[1024, 16, 64]"),
        ("wv", "[1024, 16, 64]"),
        ("wo", "[16, 64, 1024]"),
        ("ln2_g", "[1024]"),
        ("ln2_b", "[1024]"),
        ("w1", "[1024, 4096]"),
        ("w2", "[4096, 1024]"),
    ];
    for l in 0..layers {
        for (name, shape) in params {
            let _ = writeln!(y, "    {name}_{l}: {{shape: {shape}, dtype: bf16, parameter: true}}");
        }
    }
    y.push_str("  ops:\n");
    let mut prev = "x".to_string();
    for l in 0..layers {
        let ops = [
            ("h1", "layer_norm", vec![prev.clone(), format!("ln1_g_{l}"), format!("ln1_b_{l}")], "dimensions: [2]"),
            ("q", "einsum", vec![format!("h1_{l}"), format!("wq_{l}")], "equation: \"bsd,dhk->bshk\""),
            ("k", "einsum", vec![format!("h1_{l}"), format!("wk_{l}")], "equation: \"bsd,dhk->bshk\""),
            ("v", "einsum", vec![format!("h1_{l}"), format!("wv_{l}")], "equation: \"bsd,dhk->bshk\""),
            ("logits", "einsum", vec![format!("q_{l}"), format!("k_{l}")], "equation: \"bshk,bthk->bhst\""),
            ("probs", "softmax", vec![format!("logits_{l}")], "dimension: 3"),
            ("ctx", "einsum", vec![format!("probs_{l}"), format!("v_{l}")], "equation: \"bhst,bthk->bshk\""),
            ("attn", "einsum", vec![format!("ctx_{l}"), format!("wo_{l}")], "equation: \"bshk,hkd->bsd\""),
            ("r1", "add", vec![prev.clone(), format!("attn_{l}")], ""),
            (
                "h2",
                "layer_norm",
                vec![format!("r1_{l}"), format!("ln2_g_{l}"), format!("ln2_b_{l}")],
                "dimensions: [2]",
            ),
            ("f1", "einsum", vec![format!("h2_{l}"), format!("w1_{l}")], "equation: \"bsd,df->bsf\""),
            ("f2", "gelu", vec![format!("f1_{l}")], ""),
            ("f3", "einsum", vec![format!("f2_{l}"), format!("w2_{l}")], "equation: \"bsf,fd->bsd\""),
            ("y", "add", vec![format!("r1_{l}"), format!("f3_{l}")], ""),
        ];
        for (name, op, operands, extra) in ops {
            let extra = if extra.is_empty() { String::new() } else { format!(", {extra}") };
            let _ = writeln!(y, "    - {{name: {name}_{l}, op: {op}, operands: [{}]{extra}}}", operands.join(", "));
        }
        prev = format!("y_{l}");
    }
    let _ = writeln!(y, "  outputs:\n    {prev}: {{sharding: '[{{\"data\"}}, {{}}, {{}}]'}}");
    y
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_gpt_stack");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for layers in [1usize, 4, 16, 64] {
        let config = Config::from_source("gpt_stack.yaml", &gpt_stack(layers)).unwrap();
        let (program, hardware) = (&config.program, &config.hardware);
        let formulation = formulate(program, hardware).unwrap();
        let limits = Limits { time: Duration::from_secs(60), gap: 0.0 };
        let solution = solve_problem(formulation.problem(), &MicroLp, limits).unwrap();
        eprintln!(
            "L={layers}: {} ops, {} nodes, {} edges; after presolve {} nodes, ILP {} variables, {} constraints",
            program.ops().len(),
            formulation.problem().nodes.len(),
            formulation.problem().edges.len(),
            solution.remaining_nodes,
            solution.variables,
            solution.constraints
        );
        group.bench_with_input(BenchmarkId::new("formulate", layers), &layers, |b, _| {
            b.iter(|| formulate(program, hardware))
        });
        group.bench_with_input(BenchmarkId::new("engine", layers), &layers, |b, _| {
            b.iter(|| solve_problem(formulation.problem(), &MicroLp, limits))
        });
        let solver = Solver::new(config.solver);
        group.bench_with_input(BenchmarkId::new("total", layers), &layers, |b, _| {
            b.iter(|| solver.solve(program, hardware))
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
