//! autoshard's solver: which sharding plan to pick.
//!
//! Two layers. The solver core (`problem.rs`, `presolve.rs`, `ilp.rs`, `backend.rs`,
//! `search/`, `engine.rs`) solves a generic problem — one strategy per node, node and
//! pairwise edge costs, a usage limit over time: exact presolve, then an ILP in the
//! marginal form through a [`Backend`] (microlp by default) when the rest is small,
//! or an anytime large-neighbourhood search with a Lagrangian bound otherwise. Two
//! front ends formulate that problem: the IOPDDL contest format (`iopddl.rs`, with
//! its exact evaluator) and the sharding solve, which formulates a program through
//! the factor graph (`graph.rs`), the candidate strategies of ops and shardings of
//! values (`candidates.rs`), the constraints of docs/spec.md §5 (`constraints.rs`)
//! and the costs (`formulation.rs`, with reshard prices memoised in `prices.rs`);
//! then the staged solve returns the [`Solution`] — the plan and its decisions
//! (`solve.rs`, `solution.rs`) — and `forced.rs` the cheapest plans under forced
//! choices.
//!
//! # Design
#![doc = include_str!("../../docs/solver.md")]

mod backend;
mod branches;
mod candidates;
mod constraints;
mod engine;
mod error;
mod forced;
mod formulation;
mod graph;
mod ilp;
mod infeasible;
mod intervals;
mod iopddl;
pub mod pipeline;
mod portfolio;
mod presolve;
mod prices;
mod problem;
mod repeats;
mod search;
mod solution;
mod solve;
mod table;

// The sharding solve: a program's cheapest plan, and plans under forced choices.
pub use forced::{ForcedPlan, Forcing};
pub use formulation::{Formulation, formulate};
pub use search::Progress;
pub use solution::Solution;
pub use solve::Solver;
// The strategy space the solve searches: each op's strategies, each value's shardings.
pub use candidates::{UsableAxis, carriers, op_strategies, partials, usable_axes, value_shardings};
// The solver core: a generic problem, its engine and the ILP backend.
pub use backend::{Backend, Comparison, Constraint, Domain, Limits, MicroLp, Model, Outcome, Status};
pub use engine::{Method, ProblemSolution, Settings, solve_problem, solve_problem_with};
pub use problem::{Edge, Node, NodeId, Problem};
// The IOPDDL contest's instances, solved by the same core.
pub use iopddl::{Evaluation, Instance};
// Errors.
pub use error::{Result, SolveError};

// How the solver may work: the options live in `autoshard_cost`, below the config
// language that reads them; here at their old path.
pub use autoshard_cost::{SolverOptions, all_cores};
