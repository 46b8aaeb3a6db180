//! autoshard: a declarative, solver-based auto-sharder.
//!
//! A program (tensor ops, their shapes and a device mesh) is described in YAML or built
//! in code; autoshard decides how every tensor is split across the mesh. This crate is
//! the facade over the workspace: the vocabulary and IR ([`model`]), the cost model
//! ([`cost`]), the solver ([`solver`]) and the CPU mesh executor ([`executor`]), plus the
//! config language ([`config`]), cost-model benchmarking ([`bench`](mod@bench)) and the `autoshard`
//! command line.
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
//!
//! // Price the annotations as they stand, every open choice made the cheapest local
//! // way: the matmul follows x along "data" (w1 replicated), and gelu's result must be
//! // split along "model" too, which a local slice (an all_slice) gives for free.
//! let plan = autoshard::price(&config, None)?;
//! assert_eq!(plan.value("y").unwrap().to_string(), r#"#sdy.sharding<@mesh, [{"data"}, {"model"}]>"#);
//! let kinds: Vec<String> = plan.collectives.iter().map(|c| c.kind.to_string()).collect();
//! assert_eq!(kinds, ["all_slice"]);
//! assert_eq!(plan.objective.communication_s.0, 0.0);
//! assert!(plan.objective.compute_s.0 > 0.0);
//!
//! // Solve instead: the solver may reshard x and split the work along "model" too;
//! // its plan is proven optimal and never worse than the annotations' own price.
//! let best = autoshard::solve(&config)?;
//! assert_eq!(best.solver.as_ref().unwrap().status, "optimal");
//! assert!(best.objective.total_s.0 <= plan.objective.total_s.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod run;

pub use autoshard_config as config;
pub use autoshard_config::{Config, ConfigError, LoadError};
pub use autoshard_cost as cost;
pub use autoshard_executor as executor;
pub use autoshard_model as model;
pub use autoshard_solver as solver;
pub use autoshard_stablehlo as stablehlo;

use autoshard_cost::evaluate::{Decisions, evaluate};
use autoshard_cost::greedy::{Fixed, complete};
use autoshard_model::Plan;

/// Solves `config`'s program: the cheapest plan under its annotations, groups,
/// barriers and memory budget, proven optimal unless the config's `solver.time_limit`
/// runs out first (then the best plan found, with its bound).
pub fn solve(config: &Config) -> Result<Plan, solver::SolveError> {
    solver::Solver::new(config.solver).solve(&config.program, &config.hardware)
}

/// [`solve`], reporting the solver's progress (its phases, and the search's best
/// cost and bound) to `report` as it goes.
pub fn solve_with_progress(
    config: &Config,
    report: impl Fn(solver::search::Progress) + Send + Sync + 'static,
) -> Result<Plan, solver::SolveError> {
    solver::Solver::new(config.solver).with_progress(report).solve(&config.program, &config.hardware)
}

/// Prices a plan for `config`'s program on its hardware: the decisions of `plan` (its
/// values' shardings and ops' factor shardings) over the config's annotations, with
/// every choice both leave open made the cheapest local way.
pub fn price(config: &Config, plan: Option<&Plan>) -> Result<Plan, cost::Error> {
    evaluate(&config.program, &config.hardware, &decisions(config, plan)?)
}

/// The decisions of `plan` over `config`'s annotations, every choice both leave open
/// made the cheapest local way: what [`price`] prices and [`run::run`] runs.
pub fn decisions(config: &Config, plan: Option<&Plan>) -> Result<Decisions, cost::Error> {
    let program = &config.program;
    let mut fixed = Fixed::from_annotations(program);
    if let Some(plan) = plan {
        fixed.apply_plan(program, plan)?;
    }
    complete(program, &config.hardware, &fixed)
}
