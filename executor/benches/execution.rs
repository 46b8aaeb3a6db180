//! The executor's kernels.
//!
//! - `gemm_512`: the executor's `dot_general` on 512×512×512 f32 (the kernel every
//!   contraction runs, transposes to GEMM layout included) against ndarray's
//!   `general_mat_mul` (matrixmultiply) alone on the same matrices; criterion
//!   reports elements per second — FLOP/s is 2 × 512³ per iteration.
//!
//! `cargo bench -p autoshard-executor --bench execution`. (Whole runs of the example
//! configs, `autoshard::run` end to end, are the facade's bench `end_to_end`.)

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a bench should fail loudly")]

use autoshard_executor::Tensor;
use autoshard_executor::run_kernel as apply;
use autoshard_model::ops::DotGeneral;
use autoshard_model::{DType, OpKind, TensorType};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ndarray::Array2;
use ndarray::linalg::general_mat_mul;
use std::time::Duration;

const N: usize = 512;

fn gemm(c: &mut Criterion) {
    let mut group = c.benchmark_group("gemm_512");
    group.sample_size(20).measurement_time(Duration::from_secs(4));
    group.throughput(Throughput::Elements(2 * (N * N * N) as u64));
    let ty = TensorType::new([N as i64, N as i64], DType::F32);
    let (a, b) = (Tensor::random(&ty, 1), Tensor::random(&ty, 2));
    let kind = OpKind::DotGeneral(DotGeneral::for_dot(2));
    group.bench_function("executor_dot_general", |bench| {
        bench.iter(|| apply(&kind, (&[&a, &b], &[DType::F32; 2]), std::slice::from_ref(&ty)).unwrap())
    });
    let x = Array2::from_shape_vec((N, N), a.data().to_vec()).unwrap();
    let y = Array2::from_shape_vec((N, N), b.data().to_vec()).unwrap();
    let mut z = Array2::<f32>::zeros((N, N));
    group.bench_function("matrixmultiply_alone", |bench| bench.iter(|| general_mat_mul(1.0, &x, &y, 0.0, &mut z)));
    group.finish();
}

criterion_group!(benches, gemm);
criterion_main!(benches);
