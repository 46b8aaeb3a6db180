//! autoshard: a declarative, solver-based auto-sharder.
//!
//! A program (tensor ops, their shapes and a device mesh) is read from a YAML config
//! or a StableHLO module, or built in code; autoshard decides how every tensor is
//! split across the mesh by minimising a communication + compute cost model, proves
//! the plan on a CPU mesh against the unsharded reference, and writes it back out as
//! StableHLO with Shardy shardings or as JAX `PartitionSpec`s.
//!
//! This crate is the library facade: the pipeline's functions ([`solve`], [`price`],
//! [`run()`], [`export_stablehlo`], [`export_mesh`], [`export_jax`]; for pipelines across meshes
//! [`solve_pipeline`], [`run_pipeline`], [`export_mpmd`], [`read_mpmd`]; for
//! hand-partitioned programs [`read_spmd`], [`run_spmd`]; for `autoshard check`
//! [`check()`], which reads a config, a StableHLO module or a module in Shardy's `mpmd`
//! dialect, [`check_mpmd`]), the types they pass along
//! ([`Config`], [`Solution`], [`Run`]) and one error type ([`Error`]); each layer is
//! also reachable whole, as [`model`] (Shardy's vocabulary and the program IR),
//! [`cost`], [`solver`], [`executor`], [`stablehlo`], [`mpmd`] and [`config`], and [`view`]
//! renders a plan as text (the report `autoshard solve` prints). `docs/` in the
//! repository describes each layer; `docs/spec.md` is the contract.
//!
//! # Load, solve, inspect, run, export
//!
//! ```
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/mlp.yaml");
//! // A config (`.yaml`) or a StableHLO module from JAX (`.mlir`) alike.
//! let config = autoshard::Config::load(path)?;
//! assert_eq!(config.program.mesh().to_string(), r#"<["data"=2, "model"=4]>"#);
//! // The same config at the small sizes its `ci_sizes:` gives, for a quick run.
//! let config = autoshard::Config::load_with_sizes(path, &config.ci_sizes)?;
//!
//! // The cheapest plan, proven optimal, with the decisions it is made of.
//! let solution = autoshard::solve(&config)?;
//! let plan = &solution.plan;
//! assert_eq!(plan.solver.as_ref().map(|s| s.status.as_str()), Some("optimal"));
//! // Every value's sharding in Shardy's text form; every collective the plan runs.
//! let w1 = plan.value("w1").expect("w1 is planned");
//! assert!(w1.to_string().starts_with("#sdy.sharding<@mesh, "));
//! for c in &plan.collectives {
//!     println!("{} at {:?}: {}", c.value, c.op, c.text);
//! }
//! assert!(plan.objective.total_s.0 > 0.0);
//! // The report `autoshard solve` prints: its summary, and in detail per-op costs,
//! // shardings and device grids; values named as the program names them.
//! let names = autoshard::view::Names::default();
//! let report = autoshard::view::report::render(&config, plan, &names, true);
//! assert!(report.contains("solver: optimal") && report.contains("collectives per step"));
//!
//! // Run it on the CPU mesh (one thread per device) and check it against the
//! // unsharded reference on seeded random inputs.
//! let run = autoshard::run(&config, &solution, 1)?.verified()?;
//! assert!(run.verification.max_rel_error <= run.verification.tolerance);
//!
//! // Write it back: a StableHLO module whose Shardy shardings fix the plan, the
//! // same in MLIR's mesh dialect, and the JAX `NamedSharding`s that reproduce it.
//! let module = autoshard::export_stablehlo(&config, &solution)?;
//! assert!(module.contains("sdy.mesh @mesh"));
//! let module = autoshard::export_mesh(&config, &solution)?;
//! assert!(module.contains("mesh.mesh @mesh(shape = 2x4)"));
//! let jax = autoshard::export_jax(&config, &solution)?;
//! assert!(jax.contains("in_shardings = ("));
//! # Ok::<(), autoshard::Error>(())
//! ```
//!
//! # Price annotations, or a plan file
//!
//! [`price`] prices the config's annotations (or a plan, as `solve --format json`
//! writes it) with every open choice made the cheapest local way: what the sharding
//! a user wrote by hand costs.
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
//! let y = config.program.value_named("y").expect("y is defined");
//! assert_eq!(config.program.value(y).ty.to_string(), "tensor<64x1024xf32>");
//!
//! // The matmul follows x along "data" (w1 replicated), and gelu's result must be
//! // split along "model" too, which a local slice (an all_slice) gives for free.
//! let annotated = autoshard::price(&config, None)?.plan;
//! assert_eq!(annotated.value("y").unwrap().to_string(), r#"#sdy.sharding<@mesh, [{"data"}, {"model"}]>"#);
//! let kinds: Vec<String> = annotated.collectives.iter().map(|c| c.kind.to_string()).collect();
//! assert_eq!(kinds, ["all_slice"]);
//! assert_eq!(annotated.objective.communication_s.0, 0.0);
//!
//! // The solver may reshard x and split the work along "model" too: never worse.
//! let best = autoshard::solve(&config)?.plan;
//! assert!(best.objective.total_s.0 <= annotated.objective.total_s.0);
//!
//! // A plan given back (here the solver's own) prices to the same total.
//! let again = autoshard::price(&config, Some(&best))?.plan;
//! assert!((again.objective.total_s.0 - best.objective.total_s.0).abs() <= 1e-12);
//! # Ok::<(), autoshard::Error>(())
//! ```
//!
//! # A pipeline across meshes
//!
//! A config with `topology:` and `pipeline:` sections is a training step to cut
//! into stages on several meshes (docs/pipelines.md): [`solve_pipeline`] chooses
//! each unit's mesh, each mesh's SPMD plan and the schedule, [`run_pipeline`] runs
//! the step across the meshes and checks it against the reference, and
//! [`export_mpmd`] writes it as an MPMD module, which [`read_mpmd`] reads back. A
//! partitioned MPMD module (the exported one, or Shardy's) is read as the pipeline it
//! states by [`import_mpmd`], and [`run_mpmd`] runs it on the CPU mesh and checks it
//! against its fragments inlined; [`replan_mpmd`] gives such a module back to the
//! pipeline solver and writes the improved module (`autoshard solve FILE.mlir`).
//!
//! ```
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/pipeline_pinned.yaml");
//! let config = autoshard::Config::load(path)?;
//! let config = autoshard::Config::load_with_sizes(path, &config.ci_sizes)?;
//! let pipeline = config.pipeline.as_ref().expect("a pipelined config");
//! assert_eq!(pipeline.topology.to_string(), r#"#mpmd.topology<<"stage0": <["x"=2]>>, <"stage1": <["x"=2]>>>"#);
//!
//! let plan = autoshard::solve_pipeline(&config)?;
//! // The pins hold: the first three blocks on stage0, the rest on stage1.
//! assert_eq!(plan.stages.len(), 2);
//! assert_eq!((plan.stages[0].first, plan.stages[0].end), (0, 3));
//! assert!(plan.bound.0 <= plan.step().0);
//! // The report `autoshard solve` prints, with the schedule's timeline.
//! let report = autoshard::view::pipeline::render(&config, &plan);
//! assert!(report.contains("timeline"));
//!
//! // The step on the CPU mesh: one thread per mesh, each fragment on its devices.
//! let check = autoshard::run_pipeline(&config, &plan, 1)?.verified()?;
//! assert_eq!(check.run.outputs.len(), config.program.outputs().len());
//!
//! // The MPMD module reads back to the same stages and schedule.
//! let module = autoshard::export_mpmd(&config, &plan)?;
//! assert!(module.contains("mpmd.fragment_call"));
//! let read = autoshard::read_mpmd(&module)?;
//! assert_eq!(read.schedule, Some(plan.schedule));
//! assert_eq!(read.stages[1].units, ["layer3", "head"]);
//!
//! // The module as a partitioned program: run fragment by fragment, checked.
//! let imported = autoshard::import_mpmd("pinned.mlir", &module, &Default::default())?;
//! let check = autoshard::run_mpmd(&imported, 1)?.verified()?;
//! assert_eq!(check.run.outputs.len(), imported.reference.outputs().len());
//! # Ok::<(), autoshard::Error>(())
//! ```
//!
//! # A hand-partitioned (SPMD) program checked
//!
//! [`read_spmd`] reads a partitioned mesh-dialect program (the function each device
//! runs, with explicit collectives) against the global program it partitions, and
//! [`run_spmd`] runs it on the CPU mesh and the global program whole on the same
//! inputs and compares them
//! (`docs/mesh-dialect.md`, "SPMD programs"; `autoshard run GLOBAL --spmd FILE`).
//!
//! ```
//! # let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../stablehlo/tests/data/mlir/spmd");
//! // The global program, its shardings written as `mesh.shard`s.
//! let global = autoshard::Config::load(format!("{dir}/mlp.global.mlir"))?;
//! let source = std::fs::read_to_string(format!("{dir}/mlp.spmd.mlir"))?;
//! let spmd = autoshard::read_spmd(&global, "mlp.spmd.mlir", &source)?;
//! let checked = autoshard::run_spmd(&global, &spmd, 0)?;
//! // On the CPU mesh (a thread per device) as the lock-step interpretation, and
//! // equal to the global program.
//! assert!(checked.run.verification.passed && checked.verification.passed, "{checked:?}");
//! # Ok::<(), autoshard::Error>(())
//! ```
//!
//! # A program built in code
//!
//! No file is needed: [`ProgramBuilder`] checks every op's types and annotations as
//! it is added (errors are [`model::Error`]s), and [`Config::from_program`] prices it
//! with the default hardware.
//!
//! ```
//! use autoshard::model::ir::{InputSpec, OpSpec};
//! use autoshard::model::{DType, Mesh, OpKind, ProgramBuilder, TensorType};
//!
//! let mesh: Mesh = r#"<["x"=4]>"#.parse()?;
//! let mut b = ProgramBuilder::new("matmul", "mesh", mesh);
//! let ty = TensorType { shape: vec![1024, 1024], dtype: DType::BF16 };
//! let input = |name: &str, parameter| InputSpec { name: name.into(), ty: ty.clone(), parameter, sharding: None, loc: None };
//! let a = b.add_input(input("a", false))?;
//! let w = b.add_input(input("w", true))?;
//! let spec = OpSpec { result_names: vec!["c".into()], kind: OpKind::Dot, operands: vec![a, w], result_shardings: vec![], loc: None };
//! let c = b.add_op(spec)?[0];
//! b.add_output(c, None, None)?;
//! let config = autoshard::Config::from_program(b.finish()?);
//!
//! let solution = autoshard::solve(&config)?;
//! assert!(solution.plan.value("c").is_some());
//! assert!(autoshard::run(&config, &solution, 0)?.verification.passed);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
mod error;
mod pipeline;
mod run;
mod spmd;
pub mod view;

pub use autoshard_config as config;
pub use autoshard_config::{Config, ConfigError, LoadError};
pub use autoshard_cost as cost;
pub use autoshard_executor as executor;
pub use autoshard_model as model;
pub use autoshard_model::{Plan, Program, ProgramBuilder};
pub use autoshard_mpmd as mpmd;
pub use autoshard_solver as solver;
pub use autoshard_solver::Solution;
pub use autoshard_stablehlo as stablehlo;
pub use check::{Checked, check, check_mpmd, is_mpmd};
pub use error::{Error, Result};
pub use pipeline::{
    FragmentProgram, FragmentTime, ImportOptions, ImportedFragment, ImportedPipeline, ImportedReduce, ImportedStage,
    ImportedTransfer, ModuleStage, PipelineCheck, PipelineModule, ReplanOptions, Replanned, StageChange, export_mpmd,
    import_mpmd, is_partitioned_mpmd, read_mpmd, replan_mpmd, run_mpmd, run_pipeline,
};
pub use run::{Prepared, Run, RunError, prepare, run};
pub use spmd::{SpmdRun, read_spmd, run_spmd};

use autoshard_cost::{Decisions, Fixed, complete};

/// Solves `config`'s program: the cheapest plan under its annotations, groups,
/// barriers and memory budget, proven optimal unless the config's `solver.time_limit`
/// runs out first (then the best plan found, with its bound), with its decisions.
pub fn solve(config: &Config) -> Result<Solution> {
    Ok(solver::Solver::new(config.solver).solve(&config.program, &config.hardware)?)
}

/// [`solve`], reporting the solver's progress (its phases, and the search's best
/// cost and bound) to `report` as it goes.
pub fn solve_with_progress(
    config: &Config,
    report: impl Fn(solver::Progress) + Send + Sync + 'static,
) -> Result<Solution> {
    Ok(solver::Solver::new(config.solver).with_progress(report).solve(&config.program, &config.hardware)?)
}

/// Prices a plan for `config`'s program on its hardware: the decisions of `plan` (its
/// values' shardings and ops' factor shardings, by name, as a plan file has them)
/// over the config's annotations, with every choice both leave open made the
/// cheapest local way; `None` prices the annotations alone.
pub fn price(config: &Config, plan: Option<&Plan>) -> Result<Solution> {
    price_decisions(config, decisions(config, plan)?)
}

/// Prices `decisions` (every value's sharding and every op's strategy, by id) for
/// `config`'s program on its hardware.
pub fn price_decisions(config: &Config, decisions: Decisions) -> Result<Solution> {
    Ok(Solution::priced(&config.program, &config.hardware, decisions)?)
}

/// The decisions of `plan` over `config`'s annotations, every choice both leave open
/// made the cheapest local way: what [`price`] prices.
fn decisions(config: &Config, plan: Option<&Plan>) -> Result<Decisions> {
    let program = &config.program;
    let mut fixed = Fixed { uneven: config.solver.uneven, ..Fixed::from_annotations(program) };
    if let Some(plan) = plan {
        fixed.apply_plan(program, plan)?;
    }
    Ok(complete(program, &config.hardware, &fixed)?)
}

/// Plans `config`'s pipeline (its `topology:` and `pipeline:` sections): each
/// unit's mesh, each mesh's SPMD plan and the schedule, with the pure-SPMD plan of
/// the whole step on `config`'s mesh beside it (docs/pipelines.md).
pub fn solve_pipeline(config: &Config) -> Result<solver::pipeline::PipelinePlan> {
    let pipeline = config
        .pipeline
        .as_ref()
        .ok_or_else(|| Error::Pipeline(format!("{}: the config has no pipeline: section", config.name)))?;
    let options = solver::pipeline::PipelineOptions::new(config.solver);
    Ok(solver::pipeline::solve_pipeline(pipeline, &config.program, &config.hardware, options)?)
}

/// `solution` written as a StableHLO module whose Shardy shardings fix the plan (for
/// XLA's Shardy partitioner to reproduce): `solve --format mlir`.
pub fn export_stablehlo(config: &Config, solution: &Solution) -> Result<String> {
    Ok(autoshard_stablehlo::export(&config.program, &solution.plan)?)
}

/// `solution` written as a module of StableHLO ops annotated in MLIR's `mesh`
/// dialect (`mesh.mesh`, `mesh.sharding`, `mesh.shard`; docs/mesh-dialect.md):
/// `solve --format mesh`. It reads back as the same plan.
pub fn export_mesh(config: &Config, solution: &Solution) -> Result<String> {
    Ok(autoshard_stablehlo::export_mesh(&config.program, &solution.plan)?)
}

/// `solution` written as JAX code: the mesh, a `NamedSharding` per input and output
/// and a `with_sharding_constraint` per intermediate value: `solve --format jax`.
pub fn export_jax(config: &Config, solution: &Solution) -> Result<String> {
    Ok(autoshard_stablehlo::jax::render(&config.program, &solution.plan)?)
}
