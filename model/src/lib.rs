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

pub mod axis;
pub mod dim_sharding;
pub mod dtype;
pub mod error;
pub mod ir;
pub mod mesh;
pub mod ops;
pub mod plan;
pub mod projection;
pub mod reshard;
pub mod rule;
pub mod rules;
pub mod sharding;
pub mod strategy;
mod text;
pub mod units;
mod verify;

pub use axis::{AxisRef, SubAxis};
pub use dim_sharding::DimSharding;
pub use dtype::DType;
pub use error::{Error, Result};
pub use ir::{Diagnostic, Location, OpId, Program, ProgramBuilder, TensorType, ValueId};
pub use mesh::{Mesh, MeshAxis, Meshes};
pub use ops::OpKind;
pub use plan::Plan;
pub use projection::{FactorSharding, ShardingProjection, TensorFactorShardings};
pub use rule::{DimMapping, FactorId, FactorKind, OpShardingRule, TensorMapping};
pub use sharding::{MeshRef, ReductionKind, TensorSharding, TensorShardingPerValue};
pub use units::{Bytes, BytesPerSecond, Flops, FlopsPerSecond, Seconds};
