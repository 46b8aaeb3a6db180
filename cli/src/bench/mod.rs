//! Cost-model benchmarking: the library side of `autoshard bench`.
//!
//! - [`collectives`]: the CPU mesh executor's collectives measured over sizes and
//!   group sizes as sharded runs run them, and docs/spec.md §4's formulas plus a fixed
//!   overhead fitted to them (overhead, α and B per kind).
//! - [`kernels`]: the executor's kernels timed over a suite of ops and the cost
//!   model's kernel model (overhead, FLOP and byte rates per kernel class) fitted.
//! - [`calibrate`]: those fits plus the executor's GEMM and memory-bound rates,
//!   written as a cost profile (the shipped `cpu` preset is one).
//! - [`measured`]: the same fits of measurements taken elsewhere (XLA's kernels and
//!   collectives, as `scripts/jax/calibrate_xla.py` times them), for the `xla-cpu` preset
//!   or another machine's profile.
//! - [`plans`]: a config's best distinct plans, predicted with the calibrated
//!   hardware and measured on the CPU mesh, and their rank correlation.
//! - [`stats`]: medians, least-squares fits, Spearman's ρ.
//!
//! Collectives and kernels are timed the same way (`Runtime::time`, through
//! [`time_on_mesh`] or, for the collectives, `sharded::time_reshard`): every device
//! in one run (at most [`MEASURING_CORES`] computing at a time, pinned to one CPU),
//! an untimed warm-up, a barrier before each repetition, the slowest device's time
//! per repetition and the median of those. Times are the executor's device clock
//! (CPU time per device, synchronised at collectives), so a machine with fewer
//! cores than devices measures what each device would take on its own core, not
//! how the OS shares the cores out.
//!
//! Everything but the measurements is deterministic.

pub mod calibrate;
pub mod collectives;
pub mod kernels;
pub mod measured;
pub mod plans;
pub mod stats;

use autoshard::executor::{Device, Grid, Runtime};
use std::time::Duration;
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

impl From<autoshard::executor::Error> for BenchError {
    fn from(e: autoshard::executor::Error) -> Self {
        BenchError::Execution(e.to_string())
    }
}

/// How many devices compute at once while the benchmarks measure.
pub const MEASURING_CORES: usize = 1;

/// Times `work` on every device of `grid` (at most [`MEASURING_CORES`] computing at
/// a time), `repetitions` times after a warm-up, each behind a barrier
/// ([`Runtime::time`]). Returns the median over the repetitions of the slowest
/// device's device-clock time, in seconds.
pub fn time_on_mesh<T>(
    grid: &Grid,
    repetitions: usize,
    work: impl Fn(&Device<'_>) -> autoshard::executor::Result<T> + Sync,
) -> Result<f64, BenchError> {
    median_seconds(&Runtime::new(grid.clone()).with_cores(MEASURING_CORES).time(repetitions, work)?)
}

/// The median of `times`, in seconds; an error when there is none.
fn median_seconds(times: &[Duration]) -> Result<f64, BenchError> {
    let seconds: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
    stats::median(&seconds).ok_or_else(|| BenchError::Execution("no time measured".into()))
}
