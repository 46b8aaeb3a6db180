//! A plan as JAX code to paste: the mesh, a `PartitionSpec` per program input and
//! output (for `jax.jit`'s `in_shardings` / `out_shardings`), and a
//! `with_sharding_constraint` line per intermediate value.
//!
//! A dimension split over one axis is `"x"`, over several `("x", "y")` (major to
//! minor), unsplit `None`. What a `PartitionSpec` cannot say is an error naming the
//! value: sub-axes (`"x":(1)2`) and unreduced axes.

use crate::ExportError;
use autoshard_model::{Plan, Program, TensorSharding, ValueId};
use std::fmt::Write as _;

/// The `PartitionSpec` of `sharding` (`P("data", None)`), or why there is none.
fn partition_spec(sharding: &TensorSharding) -> Result<String, String> {
    if !sharding.unreduced.is_empty() {
        return Err(format!("{sharding} has unreduced axes, which a PartitionSpec cannot express"));
    }
    let mut dims = Vec::with_capacity(sharding.dims.len());
    for dim in &sharding.dims {
        if let Some(sub) = dim.axes.iter().find(|a| a.sub.is_some()) {
            return Err(format!("{sharding} splits along the sub-axis {sub}, which a PartitionSpec cannot express"));
        }
        let names: Vec<String> = dim.axes.iter().map(|a| format!("{:?}", a.name)).collect();
        dims.push(match names.as_slice() {
            [] => "None".to_string(),
            [one] => one.clone(),
            many => format!("({})", many.join(", ")),
        });
    }
    Ok(format!("P({})", dims.join(", ")))
}

/// The sharding of value `name` as a `PartitionSpec`, or an error naming it.
fn spec_of(name: &str, sharding: &TensorSharding) -> Result<String, ExportError> {
    partition_spec(sharding).map_err(|reason| ExportError::NoPartitionSpec { value: name.to_string(), reason })
}

/// The plan of `program` as JAX code.
pub fn render(program: &Program, plan: &Plan) -> Result<String, ExportError> {
    // `NamedSharding(mesh, P(…))` of a program value, with its name.
    let named = |v: ValueId| -> Result<(String, &str), ExportError> {
        let name = program.value(v).name.as_str();
        let sharding = plan.value(name).ok_or_else(|| ExportError::Unplanned(name.to_string()))?;
        let spec = spec_of(name, sharding)?;
        Ok((format!("NamedSharding(mesh, {spec})"), name))
    };
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
    let inputs: Vec<(String, &str)> = program.inputs().iter().map(|i| named(i.value)).collect::<Result<_, _>>()?;
    let outputs: Vec<(String, &str)> = program.outputs().iter().map(|o| named(o.value)).collect::<Result<_, _>>()?;
    let tuple = |items: &[(String, &str)]| -> String {
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
        let spec = spec_of(&value.name, &value.sharding)?;
        let _ = writeln!(
            out,
            "# {0} = jax.lax.with_sharding_constraint({0}, NamedSharding(mesh, {spec}))",
            python_name(&value.name)
        );
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
        let spec = |s: &str| partition_spec(&s.parse().unwrap());
        assert_eq!(spec(r#"<@mesh, [{"data"}, {}]>"#).unwrap(), r#"P("data", None)"#);
        assert_eq!(spec(r#"<@mesh, [{"data", "model"}, {}, {"x"}]>"#).unwrap(), r#"P(("data", "model"), None, "x")"#);
        assert_eq!(spec(r#"<@mesh, []>"#).unwrap(), "P()");
        assert!(spec(r#"<@mesh, [{"x":(1)2}]>"#).unwrap_err().contains("sub-axis"));
        assert_eq!(python_name("%relu.0"), "relu_0");
        assert_eq!(python_name("%12"), "v12");
    }
}
