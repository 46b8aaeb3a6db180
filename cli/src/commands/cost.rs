//! `autoshard cost FILE [--plan PLAN.json] [--format text|json]`: the cost of a plan —
//! of the plan file, or of the config's own annotations — with every choice they leave
//! open made the cheapest local way. Prints per-op compute, per-collective bytes and
//! time, peak memory and totals, or the plan as JSON (docs/spec.md §8). A peak above the
//! device memory fails the command (exit 1) after printing. `--svg FILE` also writes
//! the chart of compute and communication per op. A partitioned MPMD module (fragments
//! on meshes, transfers) is priced as the pipeline its order states instead
//! (`partitioned.rs`; `--preset` and `--link` give its hardware).

use super::{ConfigArgs, Failure, Format};
use autoshard::model::Plan;
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    config: ConfigArgs,
    /// A plan (JSON, as `solve --format json` or `cost --format json` write it) whose
    /// values' and ops' shardings override the config's annotations.
    #[arg(long)]
    plan: Option<PathBuf>,
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Also write an SVG chart of each op's compute and communication time to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    hardware: super::partitioned::HardwareArgs,
}

/// Runs `cost`.
pub fn run(args: &Args) -> Result<(), Failure> {
    if args.config.sizes.is_empty()
        && args.plan.is_none()
        && let Some(source) = super::partitioned::source(&args.config.file)
    {
        return super::partitioned::cost(&args.config.shown(), &source, &args.hardware, args.format, args.svg.as_ref());
    }
    if args.hardware.given() {
        return Err(Failure::BadInput(format!(
            "{}: error: --preset and --link price a partitioned MPMD module; a config states its own hardware",
            args.config.shown()
        )));
    }
    let config = args.config.load()?;
    let plan = match &args.plan {
        Some(path) => Some(read_plan(path)?),
        None => None,
    };
    let shown = args.config.shown();
    let plan = autoshard::price(&config, plan.as_ref())
        .map_err(|e| match (&args.plan, e) {
            (Some(path), e @ autoshard::Error::InvalidPlan(_)) => {
                Failure::BadInput(format!("{}: error: {e}", path.display()))
            }
            (_, e) => Failure::BadInput(format!("{shown}: error: {e}")),
        })?
        .plan;
    if let Some(path) = &args.svg {
        super::solve::write_svg(path, &plan)?;
    }
    match args.format {
        Format::Text => print!("{}", autoshard::view::table::render(&config, &plan)),
        Format::Json => {
            let json = serde_json::to_string_pretty(&plan).map_err(|e| Failure::BadInput(e.to_string()))?;
            println!("{json}");
        }
    }
    let budget = config.hardware.device.memory;
    if plan.objective.peak_memory_bytes > budget {
        return Err(Failure::Failed(format!(
            "{shown}: error: the plan needs {} per device at its peak; the budget is {budget}",
            plan.objective.peak_memory_bytes
        )));
    }
    Ok(())
}

pub(super) fn read_plan(path: &Path) -> Result<Plan, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::BadInput(format!("{}: error: cannot read the plan: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| {
        Failure::BadInput(format!("{}:{}:{}: error: invalid plan: {e}", path.display(), e.line(), e.column()))
    })
}
