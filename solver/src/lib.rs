//! autoshard's solver: which sharding plan to pick.
//!
//! Two layers. The solver core (`problem.rs`, `presolve.rs`, `ilp.rs`, `backend.rs`,
//! `search/`, `engine.rs`) solves a generic problem — one strategy per node, node and
//! pairwise edge costs, a usage limit over time: exact presolve, then an ILP in the
//! marginal form through a [`Backend`] (microlp by default) when the rest is small,
//! or an anytime large-neighbourhood search with a Lagrangian bound otherwise. Two
//! front ends lower to that problem: the IOPDDL contest format (`iopddl.rs`, with its
//! exact evaluator) and the sharding solve, which lowers a program through the factor
//! graph (`graph.rs`), the candidate
//! strategies of ops and shardings of values (`candidates.rs`), the constraints of
//! SPEC §5 (`constraints.rs`), the costs (`lower.rs`, with reshard prices memoised
//! in `prices.rs`), the staged solve with the plan it returns (`solve.rs`) and the
//! cheapest plans under forced choices (`forced.rs`).

pub mod backend;
pub mod candidates;
pub mod constraints;
pub mod engine;
pub mod error;
pub mod forced;
pub mod graph;
pub mod ilp;
pub mod iopddl;
pub mod formulation;
pub mod presolve;
pub mod prices;
pub mod problem;
pub mod search;
pub mod solution;
pub mod solve;

pub use backend::{Backend, MicroLp};
pub use error::{Result, SolveError};
pub use forced::{ForcedPlan, Forcing};
pub use problem::{Edge, Node, NodeId, Problem};
pub use solution::Solution;
pub use solve::Solver;

use autoshard_model::Seconds;

/// How the solver may work.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverOptions {
    /// Wall-clock budget of one solve. Default: 60 s.
    pub time_limit: Seconds,
    /// Stop once the relative gap between the plan and the bound is at most this.
    /// Default: 0 (proven optimal).
    pub gap: f64,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions { time_limit: Seconds(60.0), gap: 0.0 }
    }
}
