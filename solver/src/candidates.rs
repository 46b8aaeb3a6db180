//! Candidate strategies of an op and candidate shardings of a value.
//!
//! An op's strategies assign each usable mesh axis to at most one factor of its rule
//! (axes join a factor in mesh order, major to minor), never to a need-replication
//! factor, and only while the factor has at least one element per shard (the product
//! of its axes); a factor that does not divide is padded to the next multiple, which
//! the cost model charges (padded compute and bytes). A value's candidate shardings
//! assign each usable axis to at most one dimension the same way (closed, no
//! unreduced axes); the lowering adds the value's
//! annotations themselves (which may order axes differently or use sub-axes).
//! An op may also split an axis across a compound dimension (a reshape's merged
//! dimension, whose factors are smaller than the axis) into sub-axes: such
//! strategies come from projecting a neighbouring value's candidate onto the rule
//! ([`split_strategy`]), and the lowering adds the shardings they project to as
//! candidates of the op's other values.
//! "Usable" axes are the mesh's axes minus the manual axes of enclosing manual
//! computations. Enumeration order is deterministic: the all-replicated candidate
//! first, then by axis choices in mesh order.

use autoshard_model::{
    AxisRef, DimSharding, Mesh, OpShardingRule, TensorFactorShardings, TensorMapping, TensorSharding,
};

/// A mesh axis that may be used, with its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsableAxis {
    /// The axis name.
    pub name: String,
    /// Its size.
    pub size: i64,
}

/// The usable axes of `mesh` outside the `manual` ones, in mesh order.
pub fn usable_axes(mesh: &Mesh, manual: &[String]) -> Vec<UsableAxis> {
    mesh.axes()
        .iter()
        .filter(|a| a.size > 1 && !manual.contains(&a.name))
        .map(|a| UsableAxis { name: a.name.clone(), size: a.size })
        .collect()
}

/// Every assignment of `axes` to `slots` (or to none), where slot `i` has `sizes[i]`
/// elements and `open[i]` says whether it may be sharded; each slot's axes in mesh
/// order, their product at most its size.
fn assignments(axes: &[UsableAxis], sizes: &[i64], open: &[bool]) -> Vec<Vec<Vec<AxisRef>>> {
    let mut out = Vec::new();
    let mut current = vec![Vec::new(); sizes.len()];
    let mut used = vec![1i64; sizes.len()];
    walk(axes, sizes, open, &mut current, &mut used, &mut out);
    out
}

fn walk(
    axes: &[UsableAxis],
    sizes: &[i64],
    open: &[bool],
    current: &mut Vec<Vec<AxisRef>>,
    used: &mut Vec<i64>,
    out: &mut Vec<Vec<Vec<AxisRef>>>,
) {
    let Some((axis, rest)) = axes.split_first() else {
        out.push(current.clone());
        return;
    };
    walk(rest, sizes, open, current, used, out);
    for slot in 0..sizes.len() {
        let product = used[slot] * axis.size;
        if !open[slot] || sizes[slot] < product {
            continue;
        }
        current[slot].push(AxisRef::full(axis.name.clone()));
        used[slot] = product;
        walk(rest, sizes, open, current, used, out);
        used[slot] /= axis.size;
        current[slot].pop();
    }
}

/// The factor assignment that `sharding` of one of an op's tensors (with `mapping`)
/// projects to, if it splits an axis into sub-axes (across a compound dimension, or
/// because the sharding already has sub-axes) and is a strategy the op may take
/// (nothing left over, no need-replication factor sharded, a reduction factor only
/// if `shardable_reduction`).
pub fn split_strategy(
    rule: &OpShardingRule,
    mapping: &TensorMapping,
    sharding: &TensorSharding,
    mesh: &Mesh,
    shardable_reduction: bool,
) -> Option<Vec<Vec<AxisRef>>> {
    let compound = mapping.dims.iter().zip(&sharding.dims).any(|(m, d)| m.factors.len() > 1 && !d.axes.is_empty());
    let split = sharding.dims.iter().flat_map(|d| &d.axes).any(|a| a.sub.is_some());
    if !compound && !split {
        return None;
    }
    let projected = TensorFactorShardings::project(mapping, Some(sharding), &rule.factor_sizes, mesh, true).ok()?;
    let mut factors = vec![Vec::new(); rule.factor_sizes.len()];
    for (f, s) in &projected.factors {
        if !s.overflow.is_empty() {
            return None;
        }
        factors[f.0] = s.axes.clone();
    }
    let allowed = rule.factors().all(|f| factors[f.0].is_empty() || rule.may_shard(f, shardable_reduction));
    let sub = factors.iter().flatten().any(|a| a.sub.is_some());
    (allowed && sub).then_some(factors)
}

/// The factor assignments an op with `rule` may take; `shardable_reduction` is false
/// for reductions whose partial results cannot be combined (a product).
pub fn op_strategies(rule: &OpShardingRule, axes: &[UsableAxis], shardable_reduction: bool) -> Vec<Vec<Vec<AxisRef>>> {
    let open: Vec<bool> = rule.factors().map(|f| rule.may_shard(f, shardable_reduction)).collect();
    assignments(axes, &rule.factor_sizes, &open)
}

/// The closed shardings of a tensor of `shape` on mesh `mesh_name` over `axes`.
pub fn value_shardings(mesh_name: &str, shape: &[i64], axes: &[UsableAxis]) -> Vec<TensorSharding> {
    let open = vec![true; shape.len()];
    assignments(axes, shape, &open)
        .into_iter()
        .map(|dims| TensorSharding::new(mesh_name, dims.into_iter().map(DimSharding::closed).collect()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axes(sizes: &[(&str, i64)]) -> Vec<UsableAxis> {
        sizes.iter().map(|&(n, s)| UsableAxis { name: n.into(), size: s }).collect()
    }

    #[test]
    fn value_shardings_need_an_element_per_shard_and_keep_mesh_order() {
        let all = value_shardings("mesh", &[4, 3], &axes(&[("x", 2), ("y", 4)]));
        let text: Vec<String> = all.iter().map(|s| s.stripped().to_string()).collect();
        assert_eq!(
            text,
            [
                r#"<@mesh, [{}, {}]>"#,
                r#"<@mesh, [{"y"}, {}]>"#,
                r#"<@mesh, [{"x"}, {}]>"#,
                r#"<@mesh, [{}, {"x"}]>"#,
                r#"<@mesh, [{"y"}, {"x"}]>"#,
            ]
        );
    }
}
