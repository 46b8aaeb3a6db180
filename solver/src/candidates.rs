//! Candidate strategies of an op and candidate shardings of a value.
//!
//! An op's strategies assign each usable mesh axis to at most one factor of its rule
//! (axes join a factor in mesh order, major to minor), never to a need-replication
//! factor, and only while the factor has at least one element per shard (the product
//! of its axes); a factor that does not divide is padded to the next multiple, which
//! the cost model charges (padded compute and bytes, masks before a reduction), and
//! the same assignment is offered once more cut into balanced uneven shards
//! (`OpStrategy::balanced`) where those differ from the padded blocks. A value's
//! candidate shardings assign each usable axis to at most one dimension the same way
//! (closed), each padded one also cut into balanced shards.
//! Partial values: a value that may hold partial sums or averages ([`partials`]: a
//! summing op's result, a value annotated as holding them, or a linear op's result
//! whose operand may) also has candidates unreduced along any of the axes left
//! free, and a linear op has strategies that carry them from its operands
//! ([`carriers`]) along axes its factors leave free, so that a reduction can wait
//! for a later, cheaper place (`dot → add → dot` all-reduces once, after the second
//! dot; an input of partial gradients is updated before it is reduced). The
//! formulation adds the value's annotations themselves (which may order axes
//! differently or use sub-axes).
//! An op may also split an axis across a compound dimension (a reshape's merged
//! dimension, whose factors are smaller than the axis) into sub-axes: such
//! strategies come from projecting a neighbouring value's candidate onto the rule
//! ([`split_strategy`]), and the formulation adds the shardings they project to as
//! candidates of the op's other values.
//! "Usable" axes are the mesh's axes minus the manual axes of enclosing manual
//! computations. Enumeration order is deterministic: the all-replicated candidate
//! first, then by axis choices in mesh order.

use autoshard_model::ir::Op;
use autoshard_model::ops::Linearity;
use autoshard_model::rules::sharding_rule;
use autoshard_model::{
    AxisRef, DimSharding, FactorKind, Mesh, OpId, OpShardingRule, Program, ReductionKind, TensorFactorShardings,
    TensorMapping, TensorSharding, balanced_cut,
};
use autoshard_model::{Carried, OpStrategy};

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

/// The strategies an op with `rule` may take: its factor assignments and, for each
/// operand set in `carriers` (see [`carriers`]), the same assignments carrying
/// partial sums along any of the remaining axes; `shardable_reduction` is false for
/// reductions whose partial results cannot be combined (a product). A
/// `blocked_propagation` factor is left unsharded here: Shardy never propagates a
/// sharding along it, so the solver does not choose one for it either; it is
/// sharded only as one of its operands' or results' candidate shardings already
/// shards it (a split strategy, `split_strategy`), as a user's annotation does.
pub fn op_strategies(
    rule: &OpShardingRule,
    axes: &[UsableAxis],
    shardable_reduction: bool,
    carriers: &[(Vec<usize>, ReductionKind)],
) -> Vec<OpStrategy> {
    let open: Vec<bool> =
        rule.factors().map(|f| rule.may_shard(f, shardable_reduction) && !rule.is_blocked(f)).collect();
    let mut out = Vec::new();
    for (factors, rest) in assignments_and_rest(axes, &rule.factor_sizes, &open, !carriers.is_empty()) {
        // A factor that does not divide may also be cut into balanced shards.
        let uneven =
            factors.iter().zip(&rule.factor_sizes).any(|(f, &n)| balanced_cut(n, shard_count(f, axes)).is_some());
        for balanced in [false, true].into_iter().take(1 + usize::from(uneven)) {
            if rest.is_empty() {
                out.push(OpStrategy { factors: factors.clone(), carried: None, balanced });
                continue;
            }
            for (operands, reduction) in carriers {
                let carried = Carried { axes: rest.clone(), operands: operands.clone(), reduction: *reduction };
                out.push(OpStrategy { factors: factors.clone(), carried: Some(carried), balanced });
            }
        }
    }
    out
}

/// The number of shards `factor_axes` (whole usable axes) cut a factor into.
fn shard_count(factor_axes: &[AxisRef], axes: &[UsableAxis]) -> i64 {
    let size = |a: &AxisRef| axes.iter().find(|u| u.name == a.name).map_or(1, |u| u.size);
    factor_axes.iter().map(size).product::<i64>().max(1)
}

/// [`assignments`], and with `rest` also every way of keeping some of the axes left
/// over aside (for partial sums): each assignment with the axes kept aside, in mesh
/// order (none without `rest`).
fn assignments_and_rest(
    axes: &[UsableAxis],
    sizes: &[i64],
    open: &[bool],
    rest: bool,
) -> Vec<(Vec<Vec<AxisRef>>, Vec<AxisRef>)> {
    if !rest {
        return assignments(axes, sizes, open).into_iter().map(|a| (a, Vec::new())).collect();
    }
    // One more slot, as large as needed and always open: the axes kept aside.
    let sizes: Vec<i64> = sizes.iter().copied().chain([i64::MAX]).collect();
    let open: Vec<bool> = open.iter().copied().chain([true]).collect();
    assignments(axes, &sizes, &open)
        .into_iter()
        .map(|mut a| {
            let aside = a.pop().unwrap_or_default();
            (a, aside)
        })
        .collect()
}

/// The operand sets through which `op` may carry partial values, each with how
/// they combine, given the kind of partial values each value may hold (`partial`,
/// by value index): all operands of a jointly linear op when one of them may and
/// those that may agree on the kind, each operand that may of an op linear in one
/// operand; nothing for an op whose own partial results do not combine by sum.
pub fn carriers(op: &Op, partial: &[Option<ReductionKind>]) -> Vec<(Vec<usize>, ReductionKind)> {
    if op.kind.partial_reduction() != Some(ReductionKind::Sum) {
        return Vec::new();
    }
    let kind = |k: usize| op.operands.get(k).and_then(|v| partial[v.index()]);
    match op.kind.linearity() {
        Some(Linearity::Joint) => {
            let mut kinds: Vec<ReductionKind> = (0..op.operands.len()).filter_map(kind).collect();
            kinds.dedup();
            match kinds[..] {
                [one] => vec![((0..op.operands.len()).collect(), one)],
                _ => Vec::new(),
            }
        }
        Some(Linearity::InOne(allowed)) => allowed.iter().filter_map(|&k| Some((vec![k], kind(k)?))).collect(),
        _ => Vec::new(),
    }
}

/// The kind of partial values each value may hold (`unreduced` axes), by value
/// index: sums for the results of ops that sum over a reduction factor they may
/// shard; the kind of a value's annotation, if it holds sums or averages; and for a
/// linear op's results, what its [`carriers`] carry. `ops` in program order.
pub fn partials(program: &Program, ops: &[OpId]) -> Vec<Option<ReductionKind>> {
    let mut partial = vec![None; program.values().len()];
    for a in program.annotations() {
        let linear = matches!(a.sharding.reduction, ReductionKind::Sum | ReductionKind::Average);
        if !a.sharding.unreduced.is_empty() && linear {
            partial[a.value.index()] = Some(a.sharding.reduction);
        }
    }
    for &id in ops {
        let op = program.op(id);
        let Some(rule) = sharding_rule(program, id) else { continue };
        let sums = op.kind.partial_reduction() == Some(ReductionKind::Sum)
            && rule.factors().any(|f| rule.kind(f) == FactorKind::Reduction && rule.may_shard(f, true));
        let carried = carriers(op, &partial).first().map(|c| c.1);
        let kind = if sums { Some(ReductionKind::Sum) } else { carried };
        for r in &op.results {
            partial[r.index()] = partial[r.index()].or(kind);
        }
    }
    partial
}

/// The closed shardings of a tensor of `shape` on mesh `mesh_name` over `axes`, and
/// with a `partial` kind, each also unreduced (combining by it) along any of the
/// axes it leaves free.
pub fn value_shardings(
    mesh_name: &str,
    shape: &[i64],
    axes: &[UsableAxis],
    partial: Option<ReductionKind>,
) -> Vec<TensorSharding> {
    let open = vec![true; shape.len()];
    let mut out = Vec::new();
    for (dims, unreduced) in assignments_and_rest(axes, shape, &open, partial.is_some()) {
        let padded = TensorSharding {
            reduction: partial.filter(|_| !unreduced.is_empty()).unwrap_or_default(),
            unreduced,
            ..TensorSharding::new(mesh_name, dims.into_iter().map(DimSharding::closed).collect())
        };
        let balanced = balanced(&padded, shape, axes);
        out.push(padded);
        out.extend(balanced);
    }
    out
}

/// Whether XLA's partitioner takes `sharding` of a tensor of `shape`: it aborts on a
/// dimension that does not divide in a sharding with unreduced axes ("Non-divisible
/// sharding with unreduced axes isn't supported"), so a plan that goes back to it
/// holds partial sums only in equal blocks.
pub fn xla_takes(sharding: &TensorSharding, shape: &[i64], mesh: &Mesh) -> bool {
    sharding.unreduced.is_empty() || sharding.divides(shape, mesh)
}

/// Keeps, in the candidate lists of components holding a function argument or
/// result (`component` maps a value to its list in `candidates`), only shardings
/// that divide the value into equal blocks: `jax.jit` refuses a padded argument or
/// result sharding (`IndivisibleError`), so a plan that goes back to JAX pads only
/// inside the program. Replicated always divides, so no list ends empty.
pub fn even_boundaries(
    program: &Program,
    component: &[Option<usize>],
    candidates: &mut [std::sync::Arc<Vec<TensorSharding>>],
) {
    let inputs = program.inputs().iter().map(|i| i.value);
    let boundary = inputs.chain(program.outputs().iter().map(|o| o.value));
    for v in boundary {
        let Some(c) = component[v.index()] else { continue };
        let divides = |s: &TensorSharding| s.divides(&program.value(v).ty.shape, program.mesh());
        // Copied only when something goes: the lists are shared.
        if !candidates[c].iter().all(divides) {
            std::sync::Arc::make_mut(&mut candidates[c]).retain(divides);
        }
    }
}

/// `sharding` with every split dimension of `shape` that does not divide cut into
/// balanced uneven shards, if there is one.
fn balanced(sharding: &TensorSharding, shape: &[i64], axes: &[UsableAxis]) -> Option<TensorSharding> {
    let mut out = sharding.clone();
    let mut uneven = false;
    for (dim, &n) in out.dims.iter_mut().zip(shape) {
        dim.offsets = balanced_cut(n, shard_count(&dim.axes, axes));
        uneven |= dim.offsets.is_some();
    }
    uneven.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axes(sizes: &[(&str, i64)]) -> Vec<UsableAxis> {
        sizes.iter().map(|&(n, s)| UsableAxis { name: n.into(), size: s }).collect()
    }

    #[test]
    fn blocked_factors_are_not_chosen() {
        let rule: OpShardingRule =
            "#sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} blocked_propagation={j}>".parse().unwrap();
        let strategies = op_strategies(&rule, &axes(&[("x", 2), ("y", 2)]), true, &[]);
        assert!(!strategies.is_empty());
        assert!(strategies.iter().all(|s| s.factors[1].is_empty()), "{strategies:?}");
        assert!(strategies.iter().any(|s| !s.factors[0].is_empty()));
    }

    #[test]
    fn value_shardings_need_an_element_per_shard_and_keep_mesh_order() {
        let all = value_shardings("mesh", &[4, 3], &axes(&[("x", 2), ("y", 4)]), None);
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
