//! Cost-model benchmarking: the library side of `autoshard bench`.
//!
//! - [`collectives`]: the CPU mesh executor's collectives measured over sizes and
//!   group sizes as sharded runs run them, and SPEC §4's formulas plus a fixed
//!   overhead fitted to them (overhead, α and B per kind).
//! - [`kernels`]: the executor's kernels timed over a suite of ops and the cost
//!   model's kernel model (overhead, FLOP and byte rates per kernel class) fitted.
//! - [`calibrate`]: those fits plus the executor's GEMM and memory-bound rates,
//!   written as a cost profile (the shipped `cpu` preset is one).
//! - [`plans`]: a config's best distinct plans, predicted with the calibrated
//!   hardware and measured on the CPU mesh, and their rank correlation.
//! - [`stats`]: medians, least-squares fits, Spearman's ρ.
//!
//! Collectives and kernels are timed the same way ([`time_on_mesh`], and
//! `time_reshard` for the collectives): every device in one run (at most
//! [`MEASURING_CORES`] computing at a time, pinned to one CPU), an untimed warm-up,
//! a barrier before each repetition, the slowest device's time per repetition and the
//! median of those. Times are the executor's
//! device clock (CPU time per device, synchronised at collectives), so a machine
//! with fewer cores than devices measures what each device would take on its own
//! core, not how the OS shares the cores out.
//!
//! Everything but the measurements is deterministic.

pub mod calibrate;
pub mod collectives;
pub mod kernels;
pub mod plans;
pub mod stats;

use autoshard_executor::{Device, Grid, Runtime, Tensor};
use thiserror::Error;

/// Why a benchmark did not produce a result.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BenchError {
    /// The request makes no sense (a group size that does not divide the devices).
    #[error("{0}")]
    Usage(String),
    /// The solver failed.
    #[error("solve failed: {0}")]
    Solve(String),
    /// A run on the CPU mesh failed.
    #[error("execution failed: {0}")]
    Execution(String),
}

impl From<autoshard_executor::Error> for BenchError {
    fn from(e: autoshard_executor::Error) -> Self {
        BenchError::Execution(e.to_string())
    }
}

/// How many devices compute at once while the benchmarks measure.
pub const MEASURING_CORES: usize = 1;

/// Times `work` on every device of `grid` (at most [`MEASURING_CORES`] computing at
/// a time), `repetitions` times (at least once) after one untimed warm-up; before
/// each run a barrier (a broadcast over the whole grid) makes every device start
/// together. Returns the median over the repetitions of the slowest device's
/// device-clock time, in seconds. `work`'s result is dropped after the clock stops.
pub fn time_on_mesh<T>(
    grid: &Grid,
    repetitions: usize,
    work: impl Fn(&Device<'_>) -> autoshard_executor::Result<T> + Sync,
) -> Result<f64, BenchError> {
    let repetitions = repetitions.max(1);
    let runtime = Runtime::new(grid.clone()).with_cores(MEASURING_CORES);
    let axes: Vec<usize> = (0..grid.shape().len()).collect();
    let root = vec![0; axes.len()];
    let token = Tensor::full(&[1], 0.0);
    let per_device = runtime.run(|device| {
        let mut times = Vec::with_capacity(repetitions);
        for rep in 0..=repetitions {
            device.broadcast(&token, &axes, &root)?;
            let started = device.clock();
            let out = work(device)?;
            let elapsed = device.clock().saturating_sub(started).as_secs_f64();
            std::hint::black_box(out);
            if rep > 0 {
                times.push(elapsed);
            }
        }
        Ok(times)
    })?;
    let slowest: Vec<f64> = (0..repetitions)
        .map(|r| per_device.iter().filter_map(|t| t.get(r)).fold(0.0, |a, &b| f64::max(a, b)))
        .collect();
    stats::median(&slowest).ok_or_else(|| BenchError::Execution("no time measured".into()))
}
