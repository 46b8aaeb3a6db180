//! autoshard's cost model: what a sharding costs on given hardware.
//!
//! The pipeline, one module per step: the hardware (`hardware.rs`: per-device compute,
//! memory bandwidth and memory; per mesh-axis link bandwidth and latency, the figures
//! of `specs.rs`; named presets with published figures; cost profiles in
//! `profile.rs`, the calibrated `cpu` preset among them; measured kernel models in
//! `kernel.rs`), the compute time of one op (`compute.rs`), the time of one
//! collective (`collective.rs`, the formulas of docs/spec.md §4 with the bottleneck rule), the
//! price of a reshard's collectives (`reshard.rs`, on the states the model's symbolic
//! simulator walks through) and the choice of the cheapest reshard plan, one op under
//! one strategy (`op_cost.rs`), peak memory (`memory.rs`), a whole plan
//! (`plan_cost.rs`, a `case` at its most expensive branch: `branches.rs`) and the local choice of the open decisions (`greedy.rs`); the timeline of a
//! pipelined step across meshes (`timeline.rs`). Two data types of the solve live
//! here too, below the solver, so that the config language need not depend on it:
//! the solver's options (`options.rs`) and a pipelined step to plan (`pipeline.rs`).
//!
//! # Design
#![doc = include_str!("../../docs/cost-model.md")]

mod branches;
mod collective;
mod compute;
mod error;
mod greedy;
mod halo;
mod hardware;
mod kernel;
mod memory;
mod op_cost;
mod options;
mod pipeline;
mod plan_cost;
mod profile;
mod reshard;
mod specs;
mod timeline;

// The hardware a plan is priced on.
pub use hardware::{HardwareSpec, Preset};
pub use kernel::{KernelClass, KernelModel, KernelRates, elementwise_ops};
pub use profile::{PRICED_KINDS, Profile};
pub use specs::{CollectiveSpec, DeviceSpec, LinkSpec};
// What one collective, one reshard and one op under one strategy cost.
pub use collective::{Group, coefficients, collective_time};
pub use op_cost::{Pricing, StrategyCost};
pub use reshard::{PricedCollective, Tensor, cheapest_plan, price, total_time, transient_bytes};
// A whole plan: its decisions priced (a `case` costing its most expensive branch,
// which the solver's weights bound), and the open ones chosen locally.
pub use branches::BranchWeights;
pub use greedy::{Fixed, complete};
pub use memory::{fused_away, fused_reads, op_position, result_position};
pub use plan_cost::{Decisions, costed_ops, price_plan, runs_body, runs_regions};
// Errors.
pub use error::{Error, Result};
// What a solve is asked, as the config language reads it: how the solver may work,
// and a pipelined step to plan.
pub use options::{SolverOptions, all_cores};
pub use pipeline::Pipeline;
// A pipelined step's timeline across meshes, with the model evaluator's timed
// task and its error when an order cannot run.
pub use autoshard_model::pipeline::{Deadlock, TimedTask};
pub use timeline::{Timeline, simulate_schedule};
