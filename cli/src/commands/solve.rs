//! `autoshard solve FILE [--format text|json|yaml|jax|mlir] [--detail] [--time-limit S] [--svg FILE]`:
//! the cheapest plan for a config. Text prints the report of [`autoshard::view::report`]
//! (the summary: inputs and outputs with their shardings, collectives per step, step
//! time, peak memory, the solver; with `--detail` also the `cost` table and every
//! value's sharding with its device grid); JSON and YAML print the plan (docs/spec.md §8).
//! `--svg` also writes a chart of compute and communication per op. On a terminal,
//! stderr shows a spinner with the solver's phase while it works. An infeasible
//! problem fails (exit 1) with the constraints that conflict. A partitioned MPMD
//! module is re-planned instead (`partitioned::solve`, `autoshard::replan_mpmd`).

use super::{ConfigArgs, Failure};
use crate::progress::Progress;
use autoshard::model::Seconds;
use autoshard::view::Names;
use std::path::{Path, PathBuf};

/// How to print the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A report for people.
    Text,
    /// The plan's JSON (docs/spec.md §8), readable by `cost --plan`.
    Json,
    /// The same plan as YAML.
    Yaml,
    /// JAX code: the mesh, `PartitionSpec`s of the inputs and outputs and
    /// `with_sharding_constraint` lines for the intermediates.
    Jax,
    /// A StableHLO module: `sdy.sharding` on every argument and result and an
    /// `sdy.sharding_constraint` on every intermediate value, for XLA's Shardy
    /// partitioner.
    Mlir,
    /// The same module annotated in MLIR's `mesh` dialect: `mesh.mesh`, and a
    /// `mesh.sharding` with a `mesh.shard` on every argument and value.
    Mesh,
}

/// The `solve` command's arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    config: ConfigArgs,
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// In the text report, after the summary: every op's cost and strategy, every
    /// collective and every value's sharding with its device grid.
    #[arg(long)]
    detail: bool,
    /// Wall-clock budget in seconds (overrides the config's `solver.time_limit`).
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Searches run in parallel on large problems (overrides the config's
    /// `solver.threads`; default: every core). The plan is the same for the same
    /// count.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Also write an SVG chart of each op's compute and communication time to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Tie input IN to output OUT (value names, or positions among the inputs and
    /// outputs): the next step reads this output as that input, so both get one
    /// sharding. For modules lowered without donation (repeatable).
    #[arg(long, value_name = "IN=OUT")]
    carry: Vec<String>,
    #[command(flatten)]
    hardware: super::partitioned::HardwareArgs,
    /// A partitioned MPMD module: let the solver choose each stage's mesh instead
    /// of keeping the module's fragment-to-mesh assignment.
    #[arg(long)]
    free_assignment: bool,
}

/// Runs `solve`.
pub fn run(args: &Args) -> Result<(), Failure> {
    if let Some(source) = super::partitioned::source(&args.config.file) {
        let format = match args.format {
            Format::Text => false,
            Format::Mlir => true,
            other => {
                return Err(Failure::BadInput(format!(
                    "{}: error: a re-planned MPMD module is written as text or mlir, not {other:?}",
                    args.config.shown()
                )));
            }
        };
        let free = args.free_assignment;
        return super::partitioned::solve(
            &args.config.shown(),
            &source,
            &args.hardware,
            (free, args.time_limit),
            format,
        );
    }
    if args.hardware.given() || args.free_assignment {
        return Err(Failure::BadInput(format!(
            "{}: error: --preset, --link and --free-assignment re-plan a partitioned MPMD module; a config states its own hardware and pins",
            args.config.shown()
        )));
    }
    let started = std::time::Instant::now();
    let mut config = args.config.load()?;
    let shown = args.config.shown();
    for pair in &args.carry {
        let (input, output) =
            pair.split_once('=').ok_or_else(|| Failure::BadInput(format!("--carry: expected IN=OUT, got '{pair}'")))?;
        config.program.carry(input.trim(), output.trim()).map_err(|e| Failure::BadInput(e.to_string()))?;
    }
    if let Some(limit) = args.time_limit {
        config.solver.set_time_limit(limit).map_err(|e| Failure::BadInput(format!("--time-limit: {e}")))?;
    }
    // The limit is the command's: reading the input counts against it.
    let read = started.elapsed().as_secs_f64();
    config.solver.time_limit = Seconds((config.solver.time_limit.0 - read).max(0.01));
    if let Some(threads) = args.threads {
        config.solver.set_threads(threads).map_err(|e| Failure::BadInput(format!("--threads: {e}")))?;
    }
    if config.pipeline.is_some() {
        return pipeline(args, &config, &shown);
    }
    let plan = solved(&config, &shown)?.plan;
    if let Some(path) = &args.svg {
        write_svg(path, &plan)?;
    }
    let text = match args.format {
        Format::Text => autoshard::view::report::render(&config, &plan, &Names::default(), args.detail),
        Format::Json => serde_json::to_string_pretty(&plan).map_err(|e| Failure::BadInput(e.to_string()))? + "\n",
        Format::Yaml => serde_saphyr::to_string(&plan).map_err(|e| Failure::BadInput(e.to_string()))?,
        Format::Jax => autoshard::stablehlo::jax::render(&config.program, &plan)
            .map_err(|e| Failure::Failed(format!("{shown}: error: the plan has no JAX form: {e}")))?,
        Format::Mlir => autoshard::stablehlo::export(&config.program, &plan)
            .map_err(|e| Failure::Failed(format!("{shown}: error: the plan has no StableHLO form: {e}")))?,
        Format::Mesh => autoshard::stablehlo::export_mesh(&config.program, &plan)
            .map_err(|e| Failure::Failed(format!("{shown}: error: the plan has no mesh-dialect form: {e}")))?,
    };
    print!("{text}");
    Ok(())
}

/// `solve` of a pipelined config: the pipeline plan's report, its timeline as SVG,
/// or its MPMD module.
fn pipeline(args: &Args, config: &autoshard::Config, shown: &str) -> Result<(), Failure> {
    let each = autoshard::solver::pipeline::PipelineOptions::new(config.solver).solver.time_limit;
    let progress = Progress::spinner("planning the pipeline", &format!("(each SPMD solve limited to {each})"));
    let plan = autoshard::solve_pipeline(config).map_err(|e| solve_failure(shown, e));
    progress.finish();
    let plan = plan?;
    if let Some(path) = &args.svg {
        let svg = crate::view::timeline::render(config, &plan);
        std::fs::write(path, svg)
            .map_err(|e| Failure::BadInput(format!("{}: error: cannot write the chart: {e}", path.display())))?;
    }
    let text = match args.format {
        Format::Text => autoshard::view::pipeline::render(config, &plan),
        Format::Mlir => autoshard::export_mpmd(config, &plan)
            .map_err(|e| Failure::Failed(format!("{shown}: error: the plan has no MPMD form: {e}")))?,
        other => {
            return Err(Failure::BadInput(format!(
                "{shown}: error: a pipeline plan is written as text or mlir, not {other:?}"
            )));
        }
    };
    print!("{text}");
    Ok(())
}

/// `config` solved, with a spinner on a terminal; no plan (infeasible, or the solver
/// out of time without one) is a failed run (exit 1), anything else wrong with it bad
/// input (exit 2) ([`solve_failure`]). `shown` names the config in messages.
pub(super) fn solved(config: &autoshard::Config, shown: &str) -> Result<autoshard::Solution, Failure> {
    let progress = Progress::spinner("solving", &format!("(limit {})", config.solver.time_limit));
    let handle = progress.handle();
    let report = move |p: autoshard::solver::Progress| {
        let mut message = p.phase.to_string();
        if p.cost.is_finite() {
            message += &format!("  best {}", Seconds(p.cost));
        }
        if p.bound.is_finite() {
            message += &format!("  bound {}", Seconds(p.bound));
        }
        handle.message(message);
    };
    let solution = autoshard::solve_with_progress(config, report).map_err(|e| solve_failure(shown, e));
    progress.finish();
    solution
}

/// How a failed solve ends: exit 1 when the solver gives no plan (the constraints
/// conflict, or its backend stopped without one, out of time), exit 2 when the input
/// cannot be solved as given.
pub(super) fn solve_failure(shown: impl std::fmt::Display, e: autoshard::Error) -> Failure {
    let message = format!("{shown}: error: {e}");
    match e {
        autoshard::Error::Infeasible(_) | autoshard::Error::Solve(autoshard::solver::SolveError::Backend(_)) => {
            Failure::Failed(message)
        }
        _ => Failure::BadInput(message),
    }
}

/// Writes the chart of [`crate::view::svg`] for `plan` to `path`.
pub(super) fn write_svg(path: &Path, plan: &autoshard::model::Plan) -> Result<(), Failure> {
    let title = format!("{}: compute and communication per op (total {})", plan.program, plan.objective.total_s);
    let svg = crate::view::svg::render(plan, &title).map_err(|e| Failure::Failed(format!("error: {e}")))?;
    std::fs::write(path, svg)
        .map_err(|e| Failure::BadInput(format!("{}: error: cannot write the chart: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard::solver::SolveError;

    #[test]
    fn a_solver_without_a_plan_fails_and_bad_input_is_refused() {
        let out_of_time = SolveError::Backend("microlp: Time limit reached before finding a feasible solution".into());
        let failure = solve_failure("m.yaml", autoshard::Error::Solve(out_of_time));
        assert!(matches!(&failure, Failure::Failed(m) if m.starts_with("m.yaml: error: solver backend: microlp")));
        let input = solve_failure("m.yaml", autoshard::Error::Solve(SolveError::Input("no rule".into())));
        assert!(matches!(input, Failure::BadInput(_)));
    }
}
