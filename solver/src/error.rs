//! The solver's errors: bad input to a solve, an infeasible problem (with the
//! constraints that conflict), or a backend failure.

use thiserror::Error;

/// A solver error.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SolveError {
    /// No plan satisfies the constraints; the message says which conflict.
    #[error("infeasible: {0}")]
    Infeasible(String),
    /// The program or its annotations cannot be solved as given.
    #[error("{0}")]
    Input(String),
    /// The ILP backend failed or ran out of time without a solution.
    #[error("solver backend: {0}")]
    Backend(String),
    /// Pricing a strategy failed.
    #[error(transparent)]
    Cost(#[from] autoshard_cost::Error),
}

/// A result with [`SolveError`].
pub type Result<T, E = SolveError> = std::result::Result<T, E>;
