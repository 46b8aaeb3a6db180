//! autoshard's CPU mesh executor: runs programs on the CPU and, with sharding plans,
//! on simulated devices, and proves that a sharded run computes what the unsharded
//! program computes.
//!
//! It owns the dense host tensor (`tensor.rs`), the reference interpreter
//! (`reference/`, the single-device oracle every sharded execution is checked
//! against), the mesh dialect's device groups (`groups.rs`), the SPMD runtime of
//! one thread per simulated device (`runtime.rs`) and every collective of the mesh
//! dialect on it (`collectives/`).

pub mod collectives;
pub mod error;
pub mod groups;
pub mod reference;
pub mod runtime;
pub mod tensor;

pub use collectives::{Halo, MeshReduction};
pub use error::{Error, Result};
pub use groups::Grid;
pub use reference::{Evaluation, evaluate};
pub use runtime::{Device, Runtime};
pub use tensor::Tensor;
