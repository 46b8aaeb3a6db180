//! The cost table that `cost` prints and `solve`'s report starts with: the mesh and
//! hardware, per-op FLOPs, compute and factor shardings, per-collective bytes and
//! time (with the op it runs at), peak memory and the totals.

use crate::Config;
use crate::model::OpPlan;
use crate::model::format_axis_list;
use crate::model::{FactorId, Plan, ReductionKind};
use std::fmt::Write as _;

/// An op's strategy: its factor shardings and the partial values it carries, e.g.
/// `i={}, j={}; carries {"model"} in operand 0` (sums), `carries average {"x"} in
/// operand 1`.
pub fn strategy_text(op: &OpPlan) -> String {
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
        let kind = match carried.reduction {
            ReductionKind::Sum => String::new(),
            other => format!("{} ", other.keyword()),
        };
        let axes = format_axis_list(&carried.axes);
        text += &format!("; carries {kind}{axes} in {noun} {}", operands.join(", "));
    }
    text
}

/// The table `cost` prints, ending with the peak memory and the totals.
pub fn render(config: &Config, plan: &Plan) -> String {
    let hw = &config.hardware;
    let mut out = super::summary::header(config, plan);
    let w = plan.ops.iter().map(|o| o.name.len()).chain(plan.collectives.iter().map(|c| c.value.len())).max();
    let w = w.unwrap_or(0).max(5);
    let row = |out: &mut String, cells: [&str; 5]| {
        let line = format!("  {:<w$}  {:<20} {:>14} {:>12}  {}", cells[0], cells[1], cells[2], cells[3], cells[4]);
        let _ = writeln!(out, "{}", line.trim_end());
    };
    let _ = writeln!(out, "\nops");
    row(&mut out, ["name", "op", "FLOPs/device", "compute", "factor shardings"]);
    for op in &plan.ops {
        let (flops, mut compute) = (op.flops.to_string(), op.compute_s.to_string());
        if !op.communication_s.is_zero() {
            compute = format!("{compute} + {} links", op.communication_s);
        }
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
    if !plan.cases.is_empty() {
        let _ = writeln!(out, "\ncases  (each counts its most expensive branch)");
    }
    for case in &plan.cases {
        let top = case.heaviest();
        let branch = |(b, t): (usize, &crate::model::Seconds)| {
            format!("branch {b} {t}{}", if b == top { " (counted)" } else { "" })
        };
        let branches: Vec<String> = case.branch_s.iter().enumerate().map(branch).collect();
        let _ = writeln!(out, "  {:<w$}  {}", case.name, branches.join(", "));
    }
    let o = &plan.objective;
    let _ = writeln!(out);
    let _ = writeln!(out, "peak memory    {} per device (budget {})", o.peak_memory_bytes, hw.device.memory);
    let _ = writeln!(out, "compute        {}", o.compute_s);
    let _ = writeln!(out, "communication  {}", o.communication_s);
    let _ = writeln!(out, "total          {}", o.total_s);
    out
}
