//! The summary a `solve` report leads with, one screen for a person: the program's
//! inputs and outputs with their shardings — grouped where names differ only by a
//! layer index (`24 × params['layers'][*]['wq']`) — the collectives of one step by
//! kind with their bytes and time and the costliest of them with the source line
//! behind them, the step's time and peak memory against the budget, and how the
//! solver found the plan. Values are shown by the names a front end gives them
//! ([`Names`]: a JAX argument's pytree path) where it gives one.
//!
//! ```text
//! inputs   (4, 3 shown)
//!   x           [{}, {}]            2048x2048 bf16 per device
//!   w1          [{}, {"model"}]     2048x2048 bf16 per device
//! ```

use super::Names;
use crate::Config;
use crate::model::ir::{Program, ValueId, write_shape};
use crate::model::{Bytes, Plan, Seconds, TensorSharding};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Rows shown per section before the rest is counted (`--detail` has every value).
const MAX_ROWS: usize = 40;
/// How many of the costliest collectives are named with their source line.
const COSTLIEST: usize = 5;

/// The line a report opens with: the program, its mesh and the hardware preset.
pub fn header(config: &Config, plan: &Plan) -> String {
    let program = &config.program;
    let mesh = program.mesh();
    let devices = u64::try_from(mesh.total_size()).unwrap_or(0);
    let (mesh_ref, preset) = (program.mesh_ref(), &config.hardware.preset);
    format!("{} on {mesh_ref} = {mesh} ({devices} {}, {preset})\n", plan.program, plural(devices, "device"))
}

/// The summary of `plan` for `config`, its values named by `names`.
pub fn render(config: &Config, plan: &Plan, names: &Names) -> String {
    let program = &config.program;
    let mut out = header(config, plan);
    let inputs: Vec<ValueId> = program.inputs().iter().map(|i| i.value).collect();
    let outputs: Vec<ValueId> = program.outputs().iter().map(|o| o.value).collect();
    out += &values("inputs", program, plan, names, &inputs);
    out += &values("outputs", program, plan, names, &outputs);
    out += &collectives(program, plan, names);
    let o = &plan.objective;
    let _ = writeln!(
        out,
        "\nstep         {} (compute {}, communication {})\npeak memory  {} per device (budget {})",
        o.total_s, o.compute_s, o.communication_s, o.peak_memory_bytes, config.hardware.device.memory
    );
    out += &solver(plan);
    out
}

/// One section of values: each group of values whose names differ only by an index
/// and that share sharding and block on one line.
fn values(title: &str, program: &Program, plan: &Plan, names: &Names, ids: &[ValueId]) -> String {
    // (pattern, sharding, block) → the names in it, in program order.
    type Group<'n> = ((String, String, String), Vec<&'n str>);
    let mut groups: Vec<Group> = Vec::new();
    let mut seen = BTreeMap::new();
    for &id in ids {
        let value = program.value(id);
        let name = names.of(&value.name);
        let Some(sharding) = plan.value(&value.name) else { continue };
        let key = (pattern(name), dims(sharding), block(program, sharding, id));
        let at = *seen.entry(key.clone()).or_insert_with(|| {
            groups.push((key, Vec::new()));
            groups.len() - 1
        });
        groups[at].1.push(name);
    }
    let rows: Vec<[String; 3]> = groups
        .iter()
        .map(|((pattern, sharding, block), members)| match members.as_slice() {
            [one] => [one.to_string(), sharding.clone(), block.clone()],
            many => [format!("{} × {pattern}", many.len()), sharding.clone(), block.clone()],
        })
        .collect();
    let mut out = format!("\n{title}  ({})\n", ids.len());
    out += &table(&rows);
    out
}

/// Rows as aligned columns, at most [`MAX_ROWS`] of them.
fn table(rows: &[[String; 3]]) -> String {
    let width = |c: usize| rows.iter().take(MAX_ROWS).map(|r| r[c].chars().count()).max().unwrap_or(0);
    let (w0, w1) = (width(0), width(1));
    let mut out = String::new();
    for row in rows.iter().take(MAX_ROWS) {
        let line = format!("  {:<w0$}  {:<w1$}  {}", row[0], row[1], row[2]);
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if rows.len() > MAX_ROWS {
        let _ = writeln!(out, "  … and {} more (the detail lists every value)", rows.len() - MAX_ROWS);
    }
    out
}

/// A sharding without its mesh: `[{}, {"model"}]` (and any `replicated=`,
/// `unreduced=` parts) for `<@mesh, [{}, {"model"}]>`.
fn dims(sharding: &TensorSharding) -> String {
    let text = sharding.stripped().to_string();
    match text.split_once(", ") {
        Some((_, rest)) if text.starts_with("<@") => rest.strip_suffix('>').unwrap_or(rest).to_string(),
        _ => text,
    }
}

/// What one device holds of value `id`: its block shape and dtype, or `replicated`.
fn block(program: &Program, sharding: &TensorSharding, id: ValueId) -> String {
    let ty = &program.value(id).ty;
    let mut text = String::new();
    let local: Vec<i64> = sharding.local_dims(program.mesh(), &ty.shape).collect();
    if local.is_empty() {
        text += "scalar";
    } else {
        let _ = write_shape(&mut text, &local);
    }
    let _ = write!(text, " {}", ty.dtype);
    if sharding.dims_replicated() && sharding.unreduced.is_empty() {
        text + ", replicated"
    } else {
        text + " per device"
    }
}

/// `name` with every index that is a whole path component (`[3]`, `.3.`, `_3_`) and
/// the number ending a first component followed by more (`l3_wq`, `h3.mlp`) written
/// `*`, so the layers of a stack share one pattern; `w1` and `l0_ln1_g`'s `ln1` stay.
fn pattern(name: &str) -> String {
    let is_separator = |c: char| "[]._/'\"".contains(c);
    let separator = |c: Option<char>| c.is_none_or(is_separator);
    let chars: Vec<char> = name.chars().collect();
    let first_end = chars.iter().position(|&c| is_separator(c));
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let end = (i..chars.len()).find(|&j| !chars[j].is_ascii_digit()).unwrap_or(chars.len());
        let before = i.checked_sub(1).map(|b| chars[b]);
        let whole = separator(before) && separator(chars.get(end).copied());
        if end > i && (whole || Some(end) == first_end) {
            out.push('*');
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The collectives of one step by kind (count, bytes per device, time), then the
/// costliest with the value, and the source line, they serve.
fn collectives(program: &Program, plan: &Plan, names: &Names) -> String {
    let mut out = format!("\ncollectives per step  ({})\n", plan.collectives.len());
    let mut kinds: BTreeMap<String, (usize, Bytes, Seconds)> = BTreeMap::new();
    for c in &plan.collectives {
        let entry = kinds.entry(c.kind.to_string()).or_insert((0, Bytes(0), Seconds(0.0)));
        *entry = (entry.0 + 1, Bytes(entry.1.0 + c.bytes.0), Seconds(entry.2.0 + c.time_s.0));
    }
    let rows: Vec<[String; 3]> = kinds
        .iter()
        .map(|(kind, (n, bytes, time))| [format!("{n} × {kind}"), format!("{bytes} per device"), time.to_string()])
        .collect();
    out += &table(&rows);
    let mut costliest: Vec<_> = plan.collectives.iter().filter(|c| c.time_s.0 > 0.0).collect();
    costliest.sort_by(|a, b| b.time_s.0.total_cmp(&a.time_s.0));
    if !costliest.is_empty() {
        let _ = writeln!(out, "  costliest:");
    }
    for c in costliest.iter().take(COSTLIEST) {
        let at = c.op.as_deref().and_then(|op| program.op_named(op)).and_then(|op| program.op(op).loc.as_ref());
        let at = at.map_or(String::new(), |loc| format!("  ({})", short(&loc.to_string())));
        let _ = writeln!(out, "    {} {} of {}, {}{at}", c.time_s, c.kind, names.of(&c.value), c.bytes);
    }
    out
}

/// A location with its file's directories dropped: `mlp.py:11:20`.
fn short(location: &str) -> &str {
    location.rsplit('/').next().unwrap_or(location)
}

/// The solver's line: its status, bound and gap, time and the ILP's size, or that
/// presolve fixed every choice and no ILP was built.
fn solver(plan: &Plan) -> String {
    let Some(s) = &plan.solver else { return "\npriced, not solved\n".to_string() };
    if s.variables == 0 && s.constraints == 0 {
        return format!(
            "\nsolver: {} (solved by presolve) in {}; no ILP was needed: presolve fixed every choice\n",
            s.status, s.time_s
        );
    }
    let bound = s.bound.map_or("-".to_string(), |b| Seconds(b).to_string());
    let gap = s.gap.map_or("-".to_string(), |g| format!("{:.2}%", g * 100.0));
    format!(
        "\nsolver: {} (bound {bound}, gap {gap}) in {}; {} {}, {} {}, {} branch-and-bound {}\n",
        s.status,
        s.time_s,
        s.variables,
        plural(s.variables as u64, "variable"),
        s.constraints,
        plural(s.constraints as u64, "constraint"),
        s.nodes,
        plural(s.nodes, "node")
    )
}

/// `noun`, or its plural for any count but one.
pub(crate) fn plural(count: u64, noun: &str) -> String {
    if count == 1 { noun.to_string() } else { format!("{noun}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_indices_become_a_pattern_and_other_digits_stay() {
        assert_eq!(pattern("params['layers'][12]['attn']['wq']"), "params['layers'][*]['attn']['wq']");
        assert_eq!(pattern("opt_state[0].mu['w1']"), "opt_state[*].mu['w1']");
        assert_eq!(pattern("layer_3_wq"), "layer_*_wq");
        assert_eq!(pattern("blocks.3.mlp"), "blocks.*.mlp");
        assert_eq!(pattern("l11_ln1_g"), "l*_ln1_g");
        assert_eq!(pattern("h3.mlp.w1"), "h*.mlp.w1");
        for same in ["w1", "arg13", "x", "h100", "", "params['w1']"] {
            assert_eq!(pattern(same), same);
        }
    }
}
