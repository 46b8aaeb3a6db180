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
//! "Usable" axes are the mesh's axes minus the manual axes of enclosing manual
//! computations. Enumeration order is deterministic: the all-replicated candidate
//! first, then by axis choices in mesh order.

use autoshard_model::{AxisRef, DimSharding, FactorKind, Mesh, OpShardingRule, TensorSharding};

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

/// The factor assignments an op with `rule` may take; `shardable_reduction` is false
/// for reductions whose partial results cannot be combined (a product).
pub fn op_strategies(rule: &OpShardingRule, axes: &[UsableAxis], shardable_reduction: bool) -> Vec<Vec<Vec<AxisRef>>> {
    let open: Vec<bool> = rule
        .factors()
        .map(|f| match rule.kind(f) {
            FactorKind::NeedReplication => false,
            FactorKind::Reduction => shardable_reduction,
            _ => true,
        })
        .collect();
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
