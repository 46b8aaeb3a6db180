//! Cost-model benchmarking: the library side of `autoshard bench`.
//!
//! - [`collectives`]: the CPU mesh executor's collectives measured over sizes and
//!   group sizes, and SPEC §4's formulas fitted to them (α and B per kind).
//! - [`calibrate`]: those fits plus the executor's GEMM and memory-bound rates,
//!   written as a cost profile (the shipped `cpu` preset is one).
//! - [`plans`]: a config's best distinct plans, predicted with the calibrated
//!   hardware and measured on the CPU mesh, and their rank correlation.
//! - [`stats`]: medians, the least-squares fit, Spearman's ρ.
//!
//! Everything but the measurements is deterministic.

pub mod calibrate;
pub mod collectives;
pub mod plans;
pub mod stats;

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
