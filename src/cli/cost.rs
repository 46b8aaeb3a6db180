//! `autoshard cost FILE [--plan PLAN.json] [--format text|json]`: the cost of a plan —
//! of the plan file, or of the config's own annotations — with every choice they leave
//! open made the cheapest local way. Prints per-op compute, per-collective bytes and
//! time, peak memory and totals, or the plan as JSON (SPEC §8). A peak above the
//! device memory fails the command (exit 1) after printing.

use super::{Failure, Format, load};
use autoshard::model::axis::format_axis_list;
use autoshard::model::plan::OpPlan;
use autoshard::model::{FactorId, Plan};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The config file (.yaml) or StableHLO module (.mlir).
    file: PathBuf,
    /// A plan (JSON, as `solve --format json` or `cost --format json` write it) whose
    /// values' and ops' shardings override the config's annotations.
    #[arg(long)]
    plan: Option<PathBuf>,
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

/// Runs `cost`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let config = load(&args.file)?;
    let plan = match &args.plan {
        Some(path) => Some(read_plan(path)?),
        None => None,
    };
    let shown = args.file.display().to_string();
    let plan = autoshard::price(&config, plan.as_ref()).map_err(|e| match (&args.plan, e) {
        (Some(path), e @ autoshard::cost::Error::Plan(_)) => {
            Failure::BadInput(format!("{}: error: {e}", path.display()))
        }
        (_, e) => Failure::BadInput(format!("{shown}: error: {e}")),
    })?;
    match args.format {
        Format::Text => print!("{}", render(&config, &plan)),
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

/// An op's strategy: its factor shardings and the partial sums it carries, e.g.
/// `i={}, j={}; carries {"model"} in operand 0`.
fn strategy_text(op: &OpPlan) -> String {
    let parts: Vec<String> = op
        .factor_shardings
        .iter()
        .enumerate()
        .map(|(f, axes)| format!("{}={}", FactorId(f), format_axis_list(axes)))
        .collect();
    let mut text = parts.join(", ");
    if let Some(carried) = &op.carried {
        let operands: Vec<String> = carried.operands.iter().map(ToString::to_string).collect();
        let noun = if operands.len() == 1 { "operand" } else { "operands" };
        text += &format!("; carries {} in {noun} {}", format_axis_list(&carried.axes), operands.join(", "));
    }
    text
}

/// The table `cost` prints.
pub fn render(config: &autoshard::Config, plan: &Plan) -> String {
    let program = &config.program;
    let hw = &config.hardware;
    let mut out = String::new();
    let mesh = program.mesh();
    let _ = writeln!(
        out,
        "{} on @{} = {mesh} ({} devices, {})",
        plan.program,
        program.mesh_name(),
        mesh.total_size(),
        hw.preset
    );
    let w = plan.ops.iter().map(|o| o.name.len()).chain(plan.collectives.iter().map(|c| c.value.len())).max();
    let w = w.unwrap_or(0).max(5);
    let row = |out: &mut String, cells: [&str; 5]| {
        let line = format!("  {:<w$}  {:<20} {:>14} {:>12}  {}", cells[0], cells[1], cells[2], cells[3], cells[4]);
        let _ = writeln!(out, "{}", line.trim_end());
    };
    let _ = writeln!(out, "\nops");
    row(&mut out, ["name", "op", "FLOPs/device", "compute", "factor shardings"]);
    for op in &plan.ops {
        let (flops, compute) = (op.flops.to_string(), op.compute_s.to_string());
        row(&mut out, [&op.name, &op.op, &flops, &compute, &strategy_text(op)]);
    }
    let _ = writeln!(out, "\ncollectives");
    if plan.collectives.is_empty() {
        let _ = writeln!(out, "  none");
    } else {
        row(&mut out, ["value", "at", "bytes", "time", "collective"]);
    }
    for c in &plan.collectives {
        let at = c.op.clone().unwrap_or_else(|| "(output)".to_string());
        let (bytes, time, text) = (c.bytes.to_string(), c.time_s.to_string(), c.text.to_string());
        row(&mut out, [&c.value, &at, &bytes, &time, &text]);
    }
    let o = &plan.objective;
    let _ = writeln!(out);
    let _ = writeln!(out, "peak memory    {} per device (budget {})", o.peak_memory_bytes, hw.device.memory);
    let _ = writeln!(out, "compute        {}", o.compute_s);
    let _ = writeln!(out, "communication  {}", o.communication_s);
    let _ = writeln!(out, "total          {}", o.total_s);
    out
}
