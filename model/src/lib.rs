//! autoshard's vocabulary: what a sharding *is*.
//!
//! Meshes, axis references, dimension and tensor shardings, op sharding rules, the
//! projection of shardings onto rule factors, physical units, and the program IR —
//! with no solver or graph dependencies. Every vocabulary type has Shardy's text form:
//! `Display` prints it and `FromStr` parses it back to an equal value, so plans, logs,
//! errors and golden files all read like `sdy` attributes.
//!
//! ```
//! use autoshard_model::{Mesh, OpShardingRule, TensorSharding};
//!
//! let mesh: Mesh = r#"<["data"=2, "model"=4]>"#.parse()?;
//! let sharding: TensorSharding = r#"#sdy.sharding<@mesh, [{"data"}, {"model", ?}]>"#.parse()?;
//! sharding.verify(&mesh, &[1024, 4096])?;
//! let rule: OpShardingRule = "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>".parse()?;
//! assert_eq!(rule.to_string(), "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>");
//! # Ok::<(), autoshard_model::Error>(())
//! ```

// Namespaces: the program IR, the op set, the sharding rules and the reshard
// planner each keep their own curated list (their `mod.rs`).
pub mod ir;
pub mod ops;
pub mod pipeline;
pub mod reshard;
pub mod rules;

mod axis;
mod dim_sharding;
mod dtype;
mod error;
mod mesh;
mod plan;
mod projection;
mod rule;
mod sharding;
mod strategy;
mod text;
mod units;
mod verify;

// Shardy's vocabulary, each with its text form: meshes, axes, shardings, rules.
pub use axis::{AxisRef, SubAxis, axes_size, format_axis_list, push_or_merge};
pub use dim_sharding::{DimSharding, balanced_cut, balanced_offsets, padded_bounds};
pub use mesh::{Mesh, MeshAxis, Meshes};
pub use projection::{FactorSharding, ShardingProjection, TensorFactorShardings};
pub use rule::{DimMapping, FactorId, FactorKind, OpShardingRule, TensorMapping};
pub use sharding::{MeshRef, ReductionKind, TensorSharding, TensorShardingPerValue};
// The program and its types.
pub use dtype::{DType, DTypeClass};
pub use ir::{Diagnostic, DiagnosticList, Location, OpId, Program, ProgramBuilder, TensorType, ValueId};
pub use ops::OpKind;
// A plan: decisions by id, and the priced plan by name (docs/spec.md §8).
pub use plan::{
    Carried, CasePlan, DroppedPreference, Held, LiveBuffer, Objective, OpPlan, OpStrategy, PeakMemory, Plan,
    PlannedCollective, SolverStats, ValuePlan,
};
pub use strategy::{Decisions, OpShardings, check_factors, factor_axes, op_shardings, reduced_blocks};
// Physical units, and errors.
pub use error::{Error, Result};
// MLIR string literals and lists, as every text front end writes and reads them.
pub use text::{unescape_string, write_comma_separated, write_string};
pub use units::{Bytes, BytesPerSecond, Flops, FlopsPerSecond, Seconds};
