//! A plan as JAX code to paste: the mesh, a `PartitionSpec` per program input and
//! output (for `jax.jit`'s `in_shardings` / `out_shardings`), and a
//! `with_sharding_constraint` line per intermediate value.
//!
//! A dimension split over one axis is `"x"`, over several `("x", "y")` (major to
//! minor), unsplit `None`. What a `PartitionSpec` cannot say is an error naming the
//! value: sub-axes (`"x":(1)2`) and unreduced axes; an intermediate value holding
//! partial sums gets a comment saying so instead of a constraint, and an output is
//! written as it is returned, reduced. [`boundary`] gives the inputs' and outputs'
//! `PartitionSpec`s as data, for the Python package's `NamedSharding`s.

use crate::ExportError;
use autoshard_model::{Plan, Program, TensorSharding, ValueId, format_axis_list};
use std::fmt::Write as _;

/// A JAX `PartitionSpec`: per dimension, the mesh axes splitting it, major to minor
/// (none: the dimension is whole). Written as JAX writes it: `P("data", None)`,
/// several axes as a tuple, `P(("data", "model"))`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartitionSpec {
    /// Per dimension, the axis names splitting it.
    pub dims: Vec<Vec<String>>,
}

impl PartitionSpec {
    /// The `PartitionSpec` of `sharding` (of value `name`, for the error), or why
    /// there is none: sub-axes (`"x":(1)2`) and unreduced axes have no such form.
    pub fn of(name: &str, sharding: &TensorSharding) -> Result<PartitionSpec, ExportError> {
        let refuse = |reason: String| ExportError::NoPartitionSpec { value: name.to_string(), reason };
        if !sharding.unreduced.is_empty() {
            return Err(refuse(format!("{sharding} has unreduced axes, which a PartitionSpec cannot express")));
        }
        let mut dims = Vec::with_capacity(sharding.dims.len());
        for dim in &sharding.dims {
            if let Some(sub) = dim.axes.iter().find(|a| a.sub.is_some()) {
                return Err(refuse(format!(
                    "{sharding} splits along the sub-axis {sub}, which a PartitionSpec cannot express"
                )));
            }
            dims.push(dim.axes.iter().map(|a| a.name.clone()).collect());
        }
        Ok(PartitionSpec { dims })
    }
}

impl std::fmt::Display for PartitionSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dims: Vec<String> = (self.dims.iter())
            .map(|axes| match axes.as_slice() {
                [] => "None".to_string(),
                [one] => format!("{one:?}"),
                many => format!("({})", many.iter().map(|a| format!("{a:?}")).collect::<Vec<_>>().join(", ")),
            })
            .collect();
        write!(f, "P({})", dims.join(", "))
    }
}

/// The shardings a plan gives a program's boundary, as `jax.jit` takes them: one
/// `PartitionSpec` per input and per output, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Boundary {
    /// Each input's sharding, as the exported module's argument has it.
    pub inputs: Vec<PartitionSpec>,
    /// Each output's sharding as it is returned: its annotation, else its value's
    /// with partial sums reduced (an output is reduced at the end), as the exported
    /// module's result has it.
    pub outputs: Vec<PartitionSpec>,
}

/// The boundary shardings of `plan` for `program`, or the first one without a
/// `PartitionSpec`.
pub fn boundary(program: &Program, plan: &Plan) -> Result<Boundary, ExportError> {
    specs_of(program, &held_at_boundary(program, plan)?)
}

/// The `PartitionSpec`s of `held` ([`held_at_boundary`]), inputs then outputs.
fn specs_of(program: &Program, held: &[(ValueId, TensorSharding)]) -> Result<Boundary, ExportError> {
    let mut specs = held.iter().map(|(v, s)| PartitionSpec::of(&program.value(*v).name, s));
    let inputs = specs.by_ref().take(program.inputs().len()).collect::<Result<_, _>>()?;
    let outputs = specs.collect::<Result<_, _>>()?;
    Ok(Boundary { inputs, outputs })
}

/// Each input's planned sharding, then each output's as it is returned: its
/// annotation, else its value's with partial sums reduced.
fn held_at_boundary(program: &Program, plan: &Plan) -> Result<Vec<(ValueId, TensorSharding)>, ExportError> {
    let held = |v: ValueId| {
        let name = program.value(v).name.as_str();
        plan.value(name).ok_or_else(|| ExportError::Unplanned(name.to_string()))
    };
    let inputs = program.inputs().iter().map(|i| held(i.value).map(|s| (i.value, s.clone())));
    let outputs =
        program.outputs().iter().map(|o| held(o.value).map(|s| (o.value, o.target(s).unwrap_or_else(|| s.clone()))));
    inputs.chain(outputs).collect()
}

/// Refuses a boundary sharding `jax.jit` does not take: a dimension its shards do
/// not divide into equal blocks (the Python package checks the same, naming the
/// pytree leaf).
fn check_divides(program: &Program, v: ValueId, sharding: &TensorSharding) -> Result<(), ExportError> {
    let (shape, mesh) = (&program.value(v).ty.shape, program.mesh());
    if sharding.divides(shape, mesh) {
        return Ok(());
    }
    let reason = match shape.iter().enumerate().find(|&(d, &n)| n % sharding.shards(d, mesh) != 0) {
        Some((d, n)) => format!("splits dimension {d} ({n}) into {} shards", sharding.shards(d, mesh)),
        None => "cuts uneven blocks".to_string(),
    };
    let reason = format!("{sharding} {reason}; jax.jit takes only equal blocks");
    Err(ExportError::NoPartitionSpec { value: program.value(v).name.clone(), reason })
}

/// The plan of `program` as JAX code.
pub fn render(program: &Program, plan: &Plan) -> Result<String, ExportError> {
    let held = held_at_boundary(program, plan)?;
    let boundary = specs_of(program, &held)?;
    for (v, sharding) in &held {
        check_divides(program, *v, sharding)?;
    }
    let mesh = program.mesh();
    let shape: Vec<String> = mesh.axes().iter().map(|a| a.size.to_string()).collect();
    let names: Vec<String> = mesh.axes().iter().map(|a| format!("{:?}", a.name)).collect();
    let ids: Vec<String> = mesh.device_ids().iter().map(i64::to_string).collect();
    let mut out = String::new();
    let _ = writeln!(out, "# autoshard plan for {} ({} devices)", program.name(), mesh.total_size());
    let _ = writeln!(out, "import jax");
    let _ = writeln!(out, "import numpy as np");
    let _ = writeln!(out, "from jax.sharding import Mesh, NamedSharding, PartitionSpec as P");
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "mesh = Mesh(np.array(jax.devices())[[{}]].reshape({}), ({},))",
        ids.join(", "),
        shape.join(", "),
        names.join(", ")
    );
    let named = |specs: &[PartitionSpec], values: Vec<ValueId>| -> Vec<(String, String)> {
        let name = |v: ValueId| program.value(v).name.clone();
        specs.iter().zip(values).map(|(spec, v)| (format!("NamedSharding(mesh, {spec})"), name(v))).collect()
    };
    let inputs = named(&boundary.inputs, program.inputs().iter().map(|i| i.value).collect());
    let outputs = named(&boundary.outputs, program.outputs().iter().map(|o| o.value).collect());
    let tuple = |items: &[(String, String)]| -> String {
        items.iter().map(|(sharding, name)| format!("    {sharding},  # {name}\n")).collect()
    };
    let _ = writeln!(out, "in_shardings = (\n{})", tuple(&inputs));
    match outputs.as_slice() {
        // One output is one array, not a tuple of one, in JAX's pytrees.
        [(sharding, name)] => {
            let _ = writeln!(out, "out_shardings = {sharding}  # {name}");
        }
        _ => {
            let _ = writeln!(out, "out_shardings = (\n{})", tuple(&outputs));
        }
    }
    let _ = writeln!(out, "\n# Inside the function, after each value is computed:");
    let boundary: Vec<&str> = (program.inputs().iter().map(|i| i.value))
        .chain(program.outputs().iter().map(|o| o.value))
        .map(|v| program.value(v).name.as_str())
        .collect();
    for value in plan.values.iter().filter(|v| !boundary.contains(&v.name.as_str())) {
        let name = python_name(&value.name);
        if !value.sharding.unreduced.is_empty() {
            // Partial sums (a training step's gradients): the plan reduces them later.
            let axes = format_axis_list(&value.sharding.unreduced);
            let _ = writeln!(out, "# {name} holds partial sums over {axes} here; the plan reduces them later");
            continue;
        }
        let spec = PartitionSpec::of(&value.name, &value.sharding)?;
        let _ = writeln!(out, "# {name} = jax.lax.with_sharding_constraint({name}, NamedSharding(mesh, {spec}))");
    }
    Ok(out)
}

/// A Python identifier for a value name (`%relu.0` → `relu_0`).
fn python_name(name: &str) -> String {
    let cleaned: String =
        name.trim_start_matches('%').chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if cleaned.starts_with(|c: char| c.is_ascii_digit()) { format!("v{cleaned}") } else { cleaned }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_specs_follow_the_dims() {
        let spec = |s: &str| PartitionSpec::of("v", &s.parse().unwrap()).map(|p| p.to_string());
        assert_eq!(spec(r#"<@mesh, [{"data"}, {}]>"#).unwrap(), r#"P("data", None)"#);
        assert_eq!(spec(r#"<@mesh, [{"data", "model"}, {}, {"x"}]>"#).unwrap(), r#"P(("data", "model"), None, "x")"#);
        assert_eq!(spec(r#"<@mesh, []>"#).unwrap(), "P()");
        assert!(spec(r#"<@mesh, [{"x":(1)2}]>"#).unwrap_err().to_string().contains("sub-axis"));
        assert!(spec(r#"<@mesh, [{}], unreduced={"x"}>"#).unwrap_err().to_string().contains("unreduced"));
        assert_eq!(python_name("%relu.0"), "relu_0");
        assert_eq!(python_name("%12"), "v12");
    }
}
