//! Pipelines across meshes (MPMD): choosing each unit's mesh, each mesh's SPMD plan
//! and the schedule together, minimising the step time of the schedule.
//!
//! The problem ([`Pipeline`], defined in `autoshard_cost`) is a training step cut into units (its named
//! computations, `autoshard_model::pipeline::Chain`), a topology of meshes, each
//! with its hardware, the link between meshes and a number of microbatches. The
//! solve ([`solve_pipeline`], docs/solver.md "Pipelines") prices every unit on every
//! mesh shape with the SPMD solver (memoised by the unit's structure), finds the best
//! contiguous split of the chain for every schedule and number of stages, solves
//! each chosen stage whole, simulates its timeline, and compares it with the best
//! pure-SPMD plan of the whole program on all devices.

mod plan;
mod search;
mod split;
mod stages;

pub use plan::{Candidate, PipelinePlan, StagePlan};
pub use search::{PipelineOptions, plan_split, solve_pipeline};
pub use split::{Shape, Split, SplitCosts, SplitSearch, StageCost, best_split, simulate_stages};
pub use stages::{SolvedStage, Transfer, crossing, device_bytes, price_under, solve_stage, stage_ops, structure_key};

// The problem: defined in `autoshard_cost`, below the config language that reads
// it; here at its old path.
pub use autoshard_cost::Pipeline;
