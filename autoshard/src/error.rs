//! The one error type of the library facade: every failure of loading, solving,
//! pricing, running and exporting, each with its source.

use crate::run::RunError;
use thiserror::Error;

/// Everything the facade's functions can fail with.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// A config or module file could not be read, or is not a valid config: every
    /// error at its `FILE:LINE:COL`.
    #[error(transparent)]
    Load(#[from] autoshard_config::LoadError),
    /// A config or module text is not valid: every error at its `FILE:LINE:COL`.
    #[error(transparent)]
    Config(#[from] autoshard_config::ConfigError),
    /// No plan satisfies the constraints; the message says which conflict.
    #[error("{0}")]
    Infeasible(#[source] autoshard_solver::SolveError),
    /// The solve failed for another reason (the input, the backend, pricing).
    #[error(transparent)]
    Solve(autoshard_solver::SolveError),
    /// A plan does not fit the program it is priced with (a value or op it names
    /// that the program lacks, a sharding or strategy that does not fit).
    #[error("{0}")]
    InvalidPlan(#[source] autoshard_cost::Error),
    /// Pricing failed for another reason (the program's own annotations).
    #[error(transparent)]
    Cost(autoshard_cost::Error),
    /// A sharded run did not produce a verdict (the plan is invalid, or an op or a
    /// collective failed).
    #[error(transparent)]
    Run(#[from] RunError),
    /// A run's outputs differ from the unsharded reference ([`Run::verified`](crate::Run::verified)).
    #[error(
        "the sharded run differs from the reference: max rel error {:.3e} exceeds the tolerance {:.1e}",
        .0.max_rel_error,
        .0.tolerance
    )]
    Mismatch(Box<autoshard_executor::Verification>),
    /// A module does not read (an SPMD program, [`read_spmd`](crate::read_spmd)).
    #[error(transparent)]
    Import(#[from] autoshard_stablehlo::ImportError),
    /// A module in Shardy's `mpmd` dialect does not read or breaks one of its rules
    /// ([`check_mpmd`](crate::check_mpmd)): the first error at its `FILE:LINE:COL`,
    /// in Shardy's wording.
    #[error("{}: error: {}", .0.location(), .0.message())]
    Mpmd(#[from] autoshard_mpmd::Error),
    /// A plan has no StableHLO or JAX form.
    #[error(transparent)]
    Export(#[from] autoshard_stablehlo::ExportError),
    /// Reading or writing a file failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A pipeline operation on a config without `pipeline:`, or a pipelined config
    /// given to an operation of one mesh.
    #[error("{0}")]
    Pipeline(String),
}

impl From<autoshard_solver::SolveError> for Error {
    fn from(e: autoshard_solver::SolveError) -> Self {
        match e {
            e @ autoshard_solver::SolveError::Infeasible(_) => Error::Infeasible(e),
            e => Error::Solve(e),
        }
    }
}

impl From<autoshard_cost::Error> for Error {
    fn from(e: autoshard_cost::Error) -> Self {
        match e {
            e @ autoshard_cost::Error::Plan(_) => Error::InvalidPlan(e),
            e => Error::Cost(e),
        }
    }
}

/// The facade's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
