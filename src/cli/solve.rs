//! `autoshard solve FILE [--format text|json|yaml|jax|mlir] [--time-limit S]`: the cheapest
//! plan for a config. Text prints the `cost` table plus the dropped preferences and
//! the solver's statistics; JSON and YAML print the plan (SPEC §8). An infeasible
//! problem fails (exit 1) with the constraints that conflict.

use super::{Failure, load};
use autoshard::model::Seconds;
use autoshard::solver::SolveError;
use std::fmt::Write as _;
use std::path::PathBuf;

/// How to print the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A report for people.
    Text,
    /// The plan's JSON (SPEC §8), readable by `cost --plan`.
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
}

/// The `solve` command's arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The config file (.yaml) or StableHLO module (.mlir).
    file: PathBuf,
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Wall-clock budget in seconds (overrides the config's `solver.time_limit`).
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
}

/// Runs `solve`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let mut config = load(&args.file)?;
    let shown = args.file.display().to_string();
    if let Some(limit) = args.time_limit {
        if !(limit.is_finite() && limit > 0.0) {
            return Err(Failure::BadInput(format!("--time-limit: expected a positive number of seconds, got {limit}")));
        }
        config.solver.time_limit = Seconds(limit);
    }
    let plan = solved(&config, &shown)?;
    let text = match args.format {
        Format::Text => report(&config, &plan),
        Format::Json => serde_json::to_string_pretty(&plan).map_err(|e| Failure::BadInput(e.to_string()))? + "\n",
        Format::Yaml => serde_saphyr::to_string(&plan).map_err(|e| Failure::BadInput(e.to_string()))?,
        Format::Jax => autoshard::jax::render(&config.program, &plan)
            .map_err(|e| Failure::Failed(format!("{shown}: error: the plan has no JAX form: {e}")))?,
        Format::Mlir => autoshard::mlir::export(&config.program, &plan)
            .map_err(|e| Failure::Failed(format!("{shown}: error: the plan has no StableHLO form: {e}")))?,
    };
    print!("{text}");
    Ok(())
}

/// `config` solved; an infeasible problem is a failed run (exit 1), anything else
/// wrong with it bad input (exit 2). `shown` names the config in messages.
pub(super) fn solved(config: &autoshard::Config, shown: &str) -> Result<autoshard::model::Plan, Failure> {
    autoshard::solve(config).map_err(|e| match e {
        SolveError::Infeasible(_) => Failure::Failed(format!("{shown}: error: {e}")),
        e => Failure::BadInput(format!("{shown}: error: {e}")),
    })
}

/// The `cost` table, then dropped preferences and solver statistics.
fn report(config: &autoshard::Config, plan: &autoshard::model::Plan) -> String {
    let mut out = super::cost::render(config, plan);
    let _ = writeln!(out, "\nvalues");
    for v in &plan.values {
        let _ = writeln!(out, "  {:<16} {}", v.name, v.sharding.stripped());
    }
    if !plan.dropped_preferences.is_empty() {
        let _ = writeln!(out, "\ndropped preferences");
        for d in &plan.dropped_preferences {
            let _ = writeln!(out, "  {} {}: {}", d.value, d.sharding.stripped(), d.reason);
        }
    }
    if let Some(s) = &plan.solver {
        let bound = s.bound.map_or("-".to_string(), |b| Seconds(b).to_string());
        let gap = s.gap.map_or("-".to_string(), |g| format!("{:.2}%", g * 100.0));
        let _ = writeln!(
            out,
            "\nsolver: {} (bound {bound}, gap {gap}) in {}; {} variables, {} constraints, {} branch-and-bound nodes",
            s.status, s.time_s, s.variables, s.constraints, s.nodes
        );
    }
    out
}
