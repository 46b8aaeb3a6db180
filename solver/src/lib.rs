//! autoshard's solver: which sharding plan to pick.
//!
//! This crate will hold the factor graph, the candidate strategies and the ILP; today it
//! owns the solver's options, which configs set under `solver:`.

use autoshard_model::Seconds;

/// How the solver may work.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverOptions {
    /// Wall-clock budget of one solve. Default: 60 s.
    pub time_limit: Seconds,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions { time_limit: Seconds(60.0) }
    }
}
