//! Benchmarks of the facade's functions end to end.
//!
//! - `price_transformer_block`: `autoshard::price` of `configs/transformer_block.yaml`
//!   (`autoshard cost`): the local-choice completion of its open decisions plus the
//!   evaluation.
//! - `run`: `autoshard::run` end to end — lowering, the sharded run on one
//!   thread per device and the reference run — for each example config, with the
//!   plan the solver finds at full size and the large dimensions divided by 16
//!   (full-size runs take tens of seconds; see the README for their figures).
//!
//! `cargo bench -p autoshard --bench end_to_end`.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a bench should fail loudly")]

use autoshard::Config;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn price(c: &mut Criterion) {
    let config =
        Config::from_source("transformer_block.yaml", include_str!("../../configs/transformer_block.yaml")).unwrap();
    c.bench_function("price_transformer_block", |b| b.iter(|| autoshard::price(black_box(&config), None)));
}

fn runs(c: &mut Criterion) {
    let mut group = c.benchmark_group("run");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    let mut paths: Vec<_> = std::fs::read_dir("../configs").unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    paths.sort();
    for path in paths {
        let source = std::fs::read_to_string(&path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        // Named by its path: a config may read modules beside it.
        let file = path.display().to_string();
        let full = Config::from_source(&file, &source).unwrap();
        let plan = autoshard::solve(&full).unwrap();
        let small = Config::from_source(&file, &autoshard::config::scaled(&source, 16)).unwrap();
        group.bench_function(format!("{name}_div16"), |b| {
            b.iter(|| assert!(autoshard::run(&small, &plan, 0).unwrap().verification.passed))
        });
    }
    group.finish();
}

criterion_group!(benches, price, runs);
criterion_main!(benches);
