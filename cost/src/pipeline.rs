//! A pipelined training step to plan ([`Pipeline`]): the meshes, each one's
//! hardware, the link between them, the microbatches, the schedule and the program
//! cut into units. The problem of the solver's pipeline solve (docs/pipelines.md,
//! "The solve"), kept here, with the hardware it names, so that the config language
//! that reads it need not depend on the solver.

use crate::{HardwareSpec, LinkSpec};
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
