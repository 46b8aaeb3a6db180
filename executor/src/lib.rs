//! autoshard's CPU mesh executor: runs programs on the CPU and, with sharding plans,
//! on simulated devices, and proves that a sharded run computes what the unsharded
//! program computes.
//!
//! It owns the dense host tensor (`tensor.rs`), the reference interpreter
//! (`reference/`, the single-device oracle every sharded execution is checked
//! against), the mesh dialect's device groups (`groups.rs`), the SPMD runtime of
//! one thread per simulated device (`runtime.rs`) and every collective of the mesh
//! dialect on it (`collectives/`), and the sharded execution of a plan: where blocks
//! live (`placement.rs`), the scheduling of a plan as one SPMD schedule
//! (`schedule/`), its run on the devices (`sharded/`), the comparison with the
//! reference (`comparison.rs`), what a run takes in memory before it runs
//! (`memory.rs`), and a pipelined step's fragments run across meshes
//! (`pipeline.rs`).
//!
//! # Design
#![doc = include_str!("../../docs/executor.md")]

mod collectives;
mod comparison;
mod error;
mod groups;
mod memory;
mod pipeline;
mod placement;
mod reference;
mod runtime;
mod schedule;
mod sharded;
mod tensor;

// Host tensors and the reference interpreter: the oracle of every sharded run.
pub use reference::{Interpretation, interpret, run_kernel};
pub use tensor::{STORAGE, Tensor, for_each_index};
// The mesh of simulated devices and its collectives.
pub use collectives::Halo;
pub use groups::Grid;
pub use runtime::{Device, Runtime};
// A plan scheduled, run on the devices and compared with the reference.
pub use comparison::{Verification, compare_outputs, random_inputs, run_and_compare};
pub use memory::{MemoryEstimate, estimate_memory};
pub use placement::Placement;
pub use schedule::{Planner, Schedule, schedule};
pub use sharded::{Event, EventKind, Limits, ShardedRun, reshard_on_mesh, reshard_placement, run, time_reshard};
// A pipelined step across meshes.
pub use pipeline::{FragmentIo, FragmentRunner, MeasuredTask, PipelineLayout, PipelineRun, run_pipeline};
// Errors.
pub use error::{Error, KernelError, Result};
