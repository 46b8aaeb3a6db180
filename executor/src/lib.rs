//! autoshard's CPU mesh executor: runs a sharded program on simulated devices and
//! proves that it computes what the unsharded program computes.
//!
//! Today it owns the dense host tensor the reference interpreter and the per-device
//! programs will exchange (`tensor.rs`).

pub mod tensor;

pub use tensor::Tensor;
