//! autoshard: a declarative, solver-based auto-sharder.
//!
//! A program (tensor ops, their shapes and a device mesh) is described in YAML or built
//! in code; autoshard decides how every tensor is split across the mesh. This crate is
//! the facade over the workspace: the vocabulary and IR ([`model`]), the cost model
//! ([`cost`]), the solver ([`solver`]) and the CPU mesh executor ([`executor`]), plus the
//! config language ([`config`]) and the `autoshard` command line.
//!
//! ```
//! let source = r#"
//! mesh: {axes: {data: 2, model: 4}}
//! program:
//!   inputs:
//!     x:  {shape: [64, 256], dtype: f32, sharding: '[{"data"}, {}]'}
//!     w1: {shape: [256, 1024], dtype: f32, parameter: true}
//!   ops:
//!     - {name: h, op: dot_general, operands: [x, w1], contracting_dims: [[1], [0]]}
//!     - {name: y, op: gelu, operands: [h]}
//!   outputs:
//!     y: {sharding: '[{"data"}, {"model"}]'}
//! "#;
//! let config = autoshard::Config::from_source("quickstart.yaml", source)?;
//! let program = &config.program;
//! assert_eq!(program.mesh().total_size(), 8);
//! let y = program.value_named("y").expect("y is defined");
//! assert_eq!(program.value(y).ty.to_string(), "tensor<64x1024xf32>");
//! # Ok::<(), autoshard::config::ConfigError>(())
//! ```

pub mod config;

pub use autoshard_cost as cost;
pub use autoshard_executor as executor;
pub use autoshard_model as model;
pub use autoshard_solver as solver;
pub use config::{Config, ConfigError};
