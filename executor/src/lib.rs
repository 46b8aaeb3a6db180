//! autoshard's CPU mesh executor: runs programs on the CPU and, with sharding plans,
//! on simulated devices, and proves that a sharded run computes what the unsharded
//! program computes.
//!
//! Today it owns the dense host tensor (`tensor.rs`) and the reference interpreter
//! (`reference/`), the single-device oracle every sharded execution is checked against.

pub mod error;
pub mod reference;
pub mod tensor;

pub use error::{Error, Result};
pub use reference::{Evaluation, evaluate};
pub use tensor::Tensor;
