//! autoshard's cost model: what a sharding costs on given hardware.
//!
//! The pipeline, one module per step: the hardware (`hardware.rs`: per-device compute,
//! memory bandwidth and memory; per mesh-axis link bandwidth and latency, the figures
//! of `specs.rs`; named presets with published figures; cost profiles in
//! `profile.rs`, the calibrated `cpu` preset among them; measured kernel models in
//! `kernel.rs`), the compute time of one op (`compute.rs`), the time of one
//! collective (`collective.rs`, the formulas of SPEC §4 with the bottleneck rule), the
//! price of a reshard's collectives (`reshard.rs`, on the states the model's symbolic
//! simulator walks through) and the choice of the cheapest reshard plan, one op under
//! one strategy (`op_cost.rs`), peak memory (`memory.rs`), a whole plan
//! (`evaluate.rs`) and the local choice of the open decisions (`greedy.rs`).

pub mod collective;
pub mod compute;
pub mod error;
pub mod evaluate;
pub mod greedy;
pub mod hardware;
pub mod kernel;
pub mod memory;
pub mod op_cost;
pub mod profile;
pub mod reshard;
pub mod specs;

pub use collective::{Group, coefficients, collective_time};
pub use error::{Error, Result};
pub use hardware::{HardwareSpec, Preset};
pub use kernel::{KernelClass, KernelModel, KernelRates};
pub use profile::Profile;
pub use reshard::{PricedCollective, Tensor, cheapest_plan, price, total_time};
pub use specs::{CollectiveSpec, DeviceSpec, LinkSpec};
