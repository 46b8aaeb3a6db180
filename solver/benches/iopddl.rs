//! The IOPDDL engine on small instances: the contest's example, and generated
//! grid-shaped instances (every node joined to its right and lower neighbour, so the
//! core keeps its cycles after presolve) of 8×8 and 10×10 nodes with 4 to 8
//! strategies and a usage limit. Each is solved twice, by the large-neighbourhood
//! search (`search/<name>`: presolve, dual bound, search) and by the exact ILP
//! through microlp (`ilp/<name>`: presolve, then branch and bound), each until it
//! proves the optimum or 2 s pass. These instances are below the engine's
//! `ILP_STRATEGIES`, so `Method::Auto` would only ever take the ILP; the methods are
//! forced. Parsing the instance is timed apart.
//!
//! `cargo bench -p autoshard-solver --bench iopddl`.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

use autoshard_solver::{Instance, Limits, Method, MicroLp, Settings, solve_problem_with};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::time::Duration;

/// A `side`×`side` grid instance in the contest's JSON format, from a fixed seed.
fn grid(side: usize) -> String {
    let mut rng = StdRng::seed_from_u64(side as u64);
    let n = side * side;
    let k: Vec<usize> = (0..n).map(|_| rng.random_range(4..9)).collect();
    let (mut intervals, mut costs, mut usages) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &kv) in k.iter().enumerate() {
        let start = i as u64;
        intervals.push([start, start + rng.random_range(1..20)]);
        costs.push((0..kv).map(|_| rng.random_range(0..1000)).collect::<Vec<u64>>());
        usages.push((0..kv).map(|_| rng.random_range(1..100)).collect::<Vec<u64>>());
    }
    let (mut pairs, mut matrices) = (Vec::new(), Vec::new());
    for a in 0..n {
        let neighbours = [(a % side + 1 < side).then_some(a + 1), (a + side < n).then_some(a + side)];
        for b in neighbours.into_iter().flatten() {
            pairs.push([a, b]);
            matrices.push((0..k[a] * k[b]).map(|_| rng.random_range(0..1000)).collect::<Vec<u64>>());
        }
    }
    let nodes = json!({"intervals": intervals, "costs": costs, "usages": usages});
    let edges = json!({"nodes": pairs, "costs": matrices});
    json!({"problem": {"name": format!("grid{side}"), "nodes": nodes, "edges": edges, "usage_limit": 20 * 60}})
        .to_string()
}

fn iopddl(c: &mut Criterion) {
    let example =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/solver/tests/data/iopddl/example.json"))
            .expect("the contest example");
    let instances =
        [("example".to_string(), example), ("grid8".to_string(), grid(8)), ("grid10".to_string(), grid(10))];
    let limits = Limits { time: Duration::from_secs(2), gap: 0.0 };
    let mut group = c.benchmark_group("iopddl");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(4));
    let solve = |instance: &Instance, method: Method| {
        let mut settings = Settings::new(limits);
        settings.method = method;
        solve_problem_with(&instance.problem, &MicroLp, settings).unwrap()
    };
    let methods = [("search", Method::Search), ("ilp", Method::Ilp)];
    for (name, text) in &instances {
        let instance = Instance::parse(text).unwrap();
        for (label, method) in methods {
            let solution = solve(&instance, method);
            eprintln!(
                "{name} ({label}): {} nodes, {} edges; after presolve {} nodes; cost {}, bound {}",
                instance.problem.nodes.len(),
                instance.problem.edges.len(),
                solution.remaining_nodes,
                solution.cost,
                solution.bound
            );
        }
        group.bench_with_input(BenchmarkId::new("parse", name), text, |b, t| b.iter(|| Instance::parse(t)));
        for (label, method) in methods {
            group.bench_with_input(BenchmarkId::new(label, name), &instance, |b, i| b.iter(|| solve(i, method)));
        }
    }
    group.finish();
}

criterion_group!(benches, iopddl);
criterion_main!(benches);
