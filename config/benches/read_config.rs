//! Benchmarks of reading a config.
//!
//! `cargo bench -p autoshard-config --bench read_config`. Reading a config (YAML, type
//! inference, sharding verification) is the fixed cost of every command.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

use autoshard_config::Config;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn config(c: &mut Criterion) {
    let source = include_str!("../../configs/transformer_block.yaml");
    c.bench_function("read_transformer_block_config", |b| {
        b.iter(|| Config::from_source("transformer_block.yaml", black_box(source)).map(|c| c.program.ops().len()))
    });
}

criterion_group!(benches, config);
criterion_main!(benches);
