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
//! (`schedule/`), its run on the devices (`sharded/`) and the comparison with the
//! reference (`verify.rs`).

pub mod collectives;
pub mod error;
pub mod groups;
pub mod schedule;
pub mod placement;
pub mod reference;
pub mod runtime;
pub mod sharded;
pub mod tensor;
pub mod verify;

pub use collectives::{Halo, MeshReduction};
pub use error::{Error, KernelError, Result};
pub use groups::Grid;
pub use schedule::{Planner, Schedule, schedule};
pub use placement::Placement;
pub use reference::{Evaluation, evaluate};
pub use runtime::{Device, Runtime};
pub use sharded::{Limits, ShardedRun, run};
pub use tensor::{STORAGE, Tensor};
pub use verify::{Verification, random_inputs, verify};
