//! The report `solve --format text` prints: the summary ([`super::summary`]) and the
//! dropped preferences, then, in detail, the cost table ([`super::table`]) and every
//! value's sharding with a grid of which device holds which block ([`super::grid`]).
//! A grid is drawn once: a later value whose blocks sit on the same devices says
//! `blocks as NAME`.
//!
//! ```text
//! values  (each cell: the devices holding that block)
//!   x    <@mesh, [{}, {}]>         tensor<2048x2048xbf16>, replicated
//!   w1   <@mesh, [{}, {"model"}]>  tensor<2048x8192xbf16>, 2048x2048 per device
//!        ┌───┬───┬───┬───┐
//!        │ 0 │ 1 │ 2 │ 3 │
//!        └───┴───┴───┴───┘
//! ```

use super::{Names, grid, summary, table};
use crate::Config;
use crate::model::ir::write_shape;
use crate::model::{Plan, TensorSharding};
use std::fmt::Write as _;

/// The text report of a solved (or priced) plan for `config`, its values named by
/// `names`: the summary and the dropped preferences, and with `detail` every op's
/// cost and strategy, every collective and every value's sharding and grid.
pub fn render(config: &Config, plan: &Plan, names: &Names, detail: bool) -> String {
    let mut out = summary::render(config, plan, names);
    out += &dropped(plan, names);
    if detail {
        // The table without its first line, the summary's header.
        let table = table::render(config, plan);
        out += table.strip_prefix(&summary::header(config, plan)).unwrap_or(&table);
        out += &values(config, plan, names);
    }
    out
}

/// The values section: per value its sharding, type and per-device block, and the
/// grid of blocks unless it is replicated.
pub fn values(config: &Config, plan: &Plan, names: &Names) -> String {
    let program = &config.program;
    let mesh = program.mesh();
    let mut out = String::from("\nvalues  (each cell: the devices holding that block)\n");
    let shardings: Vec<String> = plan.values.iter().map(|v| v.sharding.stripped().to_string()).collect();
    let name_w = plan.values.iter().map(|v| names.of(&v.name).chars().count()).max().unwrap_or(0);
    let sharding_w = shardings.iter().map(String::len).max().unwrap_or(0);
    // Each grid drawn once: a later value with the same one refers to the first.
    let mut drawn: Vec<(Vec<String>, &str)> = Vec::new();
    for (v, sharding) in plan.values.iter().zip(&shardings) {
        let value = program.value_named(&v.name).map(|id| program.value(id));
        let held = |value: &crate::model::ir::Value| match program.maximal_device(&v.sharding) {
            Some(device) => format!("whole on device {device}"),
            None => blocks(&v.sharding, mesh, &value.ty.shape),
        };
        let mut what = value.map_or(String::new(), |value| format!("{}, {}", value.ty, held(value)));
        let grid = value.map_or(Vec::new(), |value| grid::render(mesh, &v.sharding, value.ty.shape.len()));
        let earlier = drawn.iter().find(|(lines, _)| !grid.is_empty() && *lines == grid).map(|(_, name)| *name);
        if let Some(name) = earlier {
            what += &format!(", blocks as {name}");
        }
        let line = format!("  {:<name_w$}  {sharding:<sharding_w$}  {what}", names.of(&v.name));
        let _ = writeln!(out, "{}", line.trim_end());
        if earlier.is_none() && !grid.is_empty() {
            for row in &grid {
                let _ = writeln!(out, "  {:name_w$}  {row}", "");
            }
            drawn.push((grid, names.of(&v.name)));
        }
    }
    out
}

/// What one device holds of a value of `shape`: `replicated`, or its block shape,
/// and whether it holds partial values (`partial sums`, `partial max`, …).
fn blocks(sharding: &TensorSharding, mesh: &crate::model::Mesh, shape: &[i64]) -> String {
    let mut text = if sharding.dims_replicated() {
        "replicated".to_string()
    } else {
        let local: Vec<i64> = sharding.local_dims(mesh, shape).collect();
        let mut text = String::new();
        let _ = write_shape(&mut text, &local);
        text + " per device"
    };
    match sharding.reduction {
        _ if sharding.unreduced.is_empty() => {}
        crate::model::ReductionKind::Sum => text += ", partial sums",
        other => text = format!("{text}, partial {}", other.keyword()),
    }
    text
}

/// The dropped preferences, each with its reason (empty when none was dropped).
pub fn dropped(plan: &Plan, names: &Names) -> String {
    let mut out = String::new();
    if !plan.dropped_preferences.is_empty() {
        let _ = writeln!(out, "\ndropped preferences");
        for d in &plan.dropped_preferences {
            let _ = writeln!(out, "  {} {}: {}", names.of(&d.value), d.sharding.stripped(), d.reason);
        }
    }
    out
}
