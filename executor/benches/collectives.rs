//! Collective throughput of the CPU mesh executor: all_gather, all_reduce,
//! all_to_all and reduce_scatter over 8 simulated devices (one thread each, on
//! however many cores the machine has), for 1, 8 and 64 MiB. The size is each
//! device's result for all_gather and each device's input otherwise; criterion
//! reports it per second (GB/s = GiB/s × 1.074).
//!
//! `cargo bench -p autoshard-executor --bench collectives`.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a bench should fail loudly")]

use autoshard_executor::{Grid, Runtime, Tensor};
use autoshard_model::ReductionKind;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;

const DEVICES: usize = 8;

fn bench(c: &mut Criterion) {
    let runtime = Runtime::new(Grid::new(&[DEVICES]).unwrap());
    let mut group = c.benchmark_group("collectives_8_devices");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for mib in [1usize, 8, 64] {
        let elements = mib * (1 << 20) / 4;
        group.throughput(Throughput::Bytes((mib << 20) as u64));
        let whole = Tensor::full(&[elements / 1024, 1024], 1.0);
        let shard = Tensor::full(&[elements / 1024 / DEVICES, 1024], 1.0);
        group.bench_function(BenchmarkId::new("all_gather", format!("{mib}MiB")), |b| {
            b.iter(|| runtime.run(|d| d.all_gather(&shard, &[0], 0).map(|t| t.len())).unwrap())
        });
        group.bench_function(BenchmarkId::new("all_reduce", format!("{mib}MiB")), |b| {
            b.iter(|| runtime.run(|d| d.all_reduce(&whole, &[0], ReductionKind::Sum).map(|t| t.len())).unwrap())
        });
        group.bench_function(BenchmarkId::new("all_to_all", format!("{mib}MiB")), |b| {
            b.iter(|| runtime.run(|d| d.all_to_all(&whole, &[0], 0, 0).map(|t| t.len())).unwrap())
        });
        group.bench_function(BenchmarkId::new("reduce_scatter", format!("{mib}MiB")), |b| {
            b.iter(|| runtime.run(|d| d.reduce_scatter(&whole, &[0], ReductionKind::Sum, 0).map(|t| t.len())).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
