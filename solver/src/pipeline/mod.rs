//! Pipelines across meshes (MPMD): choosing each unit's mesh, each mesh's SPMD plan
//! and the schedule together, minimising the step time of the schedule.
//!
//! The problem ([`Pipeline`]) is a training step cut into units (its named
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

use autoshard_cost::{HardwareSpec, LinkSpec};
use autoshard_model::Program;
use autoshard_model::pipeline::{Chain, MeshId, Schedule, Topology};

/// A pipelined training step to plan.
#[derive(Debug, Clone)]
pub struct Pipeline {
    /// The meshes.
    pub topology: Topology,
    /// The hardware of each mesh, in topology order.
    pub hardware: Vec<HardwareSpec>,
    /// The link between any two meshes.
    pub link: LinkSpec,
    /// The number of microbatches a step's batch is cut into.
    pub microbatches: u32,
    /// The schedule, or `None` to choose the fastest.
    pub schedule: Option<Schedule>,
    /// How many stages each mesh holds under the circular schedule.
    pub rounds: u32,
    /// Units the user put on a mesh (hard), by label.
    pub assign: Vec<(String, MeshId)>,
    /// The program at one microbatch's size.
    pub microbatch: Program,
    /// Its units and phases.
    pub chain: Chain,
}
