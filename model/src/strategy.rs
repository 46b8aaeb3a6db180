//! What a plan decides, by id, and what an op's strategy implies.
//!
//! [`Decisions`] is a plan in id form: a sharding per value and an [`OpStrategy`] per
//! op. [`op_shardings`] derives from a strategy the shardings an op runs on and
//! produces: the factor axes projected through the op's rule, carrying operands
//! unreduced along the carried axes, results unreduced along the axes of sharded
//! reduction factors and the carried ones (combined by the op's partial reduction).
//! Every consumer — pricing, the solver, the executor — derives them here, so they
//! cannot disagree. Invariant: a strategy that passes [`check_factors`] shards no
//! axis twice and no need-replication factor.

use crate::Program;
use crate::axis::{AxisRef, format_axis_list};
use crate::dim_sharding::balanced_cut;
use crate::error::{Error, Result};
use crate::ir::Op;
use crate::ops::{Linearity, OpKind};
use crate::plan::{Carried, OpStrategy};
use crate::projection::ShardingProjection;
use crate::rule::{FactorId, FactorKind, OpShardingRule, TensorMapping};
use crate::sharding::{MeshRef, ReductionKind, TensorSharding};

/// Cuts every split dimension of `sharding` (a tensor of `shape` mapped by
/// `mapping`) that does not divide into balanced uneven shards. Such a dimension
/// must be one factor (its others of size 1), so every tensor of the op that holds
/// the factor is cut alike, and the op must not exchange halos along it (halos
/// assume equal blocks).
fn cut_balanced(
    op: &Op,
    rule: &OpShardingRule,
    mapping: &TensorMapping,
    sharding: &mut TensorSharding,
    (shape, mesh): (&[i64], &crate::Mesh),
) -> Result<()> {
    for ((d, dim), map) in sharding.dims.iter_mut().enumerate().zip(&mapping.dims) {
        let (size, shards) = (shape[d], dim.sharded_size(mesh).max(1));
        let Some(cut) = balanced_cut(size, shards).filter(|_| !dim.axes.is_empty()) else { continue };
        let factors = map.factors.iter().filter(|&&f| rule.factor_size(f) > 1).count();
        let windowed =
            matches!(op.kind, OpKind::Convolution(_) | OpKind::ReduceWindow(_) | OpKind::SelectAndScatter(_));
        if factors > 1 || windowed || op.body().is_some() {
            let why = if factors > 1 { "it is several factors" } else { "the op's kernel assumes equal blocks" };
            return Err(Error::Strategy(format!(
                "op \"{}\": dimension {d} of size {size} cannot be cut into balanced shards ({why})",
                op.name
            )));
        }
        dim.offsets = Some(cut);
    }
    Ok(())
}

/// The dimensions of a tensor of `shape` (mapped by `mapping`, held as `sharding`)
/// that a reduction factor of `rule` splits into blocks a reduction must not read
/// past: those that do not divide into equal blocks, each with whether it is cut
/// into uneven shards (whose blocks a runtime holds at their own sizes, so only
/// padded ones need their padding masked with the reduction's identity).
pub fn reduced_blocks(
    rule: &OpShardingRule,
    mapping: &TensorMapping,
    sharding: &TensorSharding,
    (shape, mesh): (&[i64], &crate::Mesh),
) -> Vec<(usize, bool)> {
    let reduces = |d: usize| mapping.dims[d].factors.iter().any(|&f| rule.kind(f) == FactorKind::Reduction);
    (0..mapping.dims.len())
        .filter(|&d| reduces(d))
        .filter_map(|d| {
            let uneven = sharding.dims.get(d).is_some_and(crate::DimSharding::is_uneven);
            let padded = shape.get(d).is_some_and(|&n| n % sharding.shards(d, mesh) != 0);
            (uneven || padded).then_some((d, uneven))
        })
        .collect()
}

/// Every decision of a plan, by id.
#[derive(Debug, Clone, PartialEq)]
pub struct Decisions {
    /// The sharding of every value, indexed by `ValueId`.
    pub values: Vec<TensorSharding>,
    /// The strategy of every op, indexed by `OpId` (empty for ops without a rule).
    pub strategies: Vec<OpStrategy>,
}

/// The shardings an op runs on and produces under one strategy.
#[derive(Debug, Clone, PartialEq)]
pub struct OpShardings {
    /// One per operand (carrying operands unreduced along the carried axes).
    pub operands: Vec<TensorSharding>,
    /// One per result, unreduced along sharded reduction factors and carried axes.
    pub results: Vec<TensorSharding>,
}

/// The shardings op `op` (with `rule`) runs on and produces under `strategy`, after
/// checking the strategy against the rule.
pub fn op_shardings(program: &Program, op: &Op, rule: &OpShardingRule, strategy: &OpStrategy) -> Result<OpShardings> {
    let factors = &strategy.factors;
    check_factors(program, op, rule, factors)?;
    let mesh = program.mesh();
    let mesh_ref = MeshRef::Symbol(program.mesh_name().to_string());
    let projection = ShardingProjection::from_factor_axes(factors, rule);
    let (mut operands, mut results) = projection.to_shardings(rule, &mesh_ref, mesh);
    if strategy.balanced {
        let values = op.operands.iter().chain(&op.results);
        let mappings = rule.operands.iter().chain(&rule.results);
        for ((sharding, &v), mapping) in operands.iter_mut().chain(&mut results).zip(values).zip(mappings) {
            cut_balanced(op, rule, mapping, sharding, (&program.value(v).ty.shape, mesh))?;
        }
    }
    let mut unreduced = factor_axes(rule, factors, FactorKind::Reduction);
    let carried = strategy.carried.as_ref();
    if let Some(carried) = carried {
        check_carried(op, factors, carried)?;
        for &k in &carried.operands {
            operands[k].unreduced = carried.axes.clone();
            operands[k].reduction = carried.reduction;
        }
        if carried.reduction != ReductionKind::Sum && !unreduced.is_empty() {
            return Err(Error::Strategy(format!(
                "op \"{}\": carried partial {} values cannot meet the partial sums of its sharded reduction",
                op.name,
                carried.reduction.keyword()
            )));
        }
        unreduced.extend(carried.axes.iter().cloned());
    }
    if !unreduced.is_empty() {
        let Some(own) = op.kind.partial_reduction() else {
            return Err(Error::Strategy(format!(
                "op \"{}\": a product reduction cannot be sharded (partial products have no sdy reduction)",
                op.name
            )));
        };
        if carried.is_some() && own != ReductionKind::Sum {
            return Err(Error::Strategy(format!(
                "op \"{}\": carried partial sums cannot meet partial results combined by {}",
                op.name,
                own.keyword()
            )));
        }
        let reduction = carried.map_or(own, |c| c.reduction);
        unreduced.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
        for result in &mut results {
            result.unreduced = unreduced.clone();
            result.reduction = reduction;
        }
    }
    Ok(OpShardings { operands, results })
}

/// Checks that op `op` may carry `carried` under `factors`: it is linear in the
/// carrying operands (all of them jointly, or exactly one), and the carried axes are
/// some and shard no factor.
fn check_carried(op: &Op, factors: &[Vec<AxisRef>], carried: &Carried) -> Result<()> {
    let describe = format!("{} in operands {:?}", format_axis_list(&carried.axes), carried.operands);
    let fail = |m: String| Err(Error::Strategy(format!("op \"{}\" carries {describe}: {m}", op.name)));
    let n = op.operands.len();
    let carriers_ok = match op.kind.linearity() {
        None => return fail(format!("{} is not linear", op.kind.name())),
        Some(Linearity::Joint) => carried.operands == (0..n).collect::<Vec<_>>(),
        Some(Linearity::InOne(allowed)) => {
            matches!(carried.operands[..], [k] if allowed.contains(&k) && k < n)
        }
    };
    if !carriers_ok {
        return fail(format!("{} cannot carry partial values in these operands", op.kind.name()));
    }
    if carried.axes.is_empty() {
        return fail("no axes".to_string());
    }
    if !matches!(carried.reduction, ReductionKind::Sum | ReductionKind::Average) {
        return fail(format!("partial values combined by {} are not linear", carried.reduction.keyword()));
    }
    if let Some(a) = carried.axes.iter().find(|a| factors.iter().flatten().any(|f| f.overlaps(a))) {
        return fail(format!("axis {a} also shards a factor"));
    }
    Ok(())
}

/// The axes of the factors of `kind` under `factors`, in factor order.
pub fn factor_axes(rule: &OpShardingRule, factors: &[Vec<AxisRef>], kind: FactorKind) -> Vec<AxisRef> {
    rule.factors()
        .filter(|&f| rule.kind(f) == kind)
        .flat_map(|f| factors.get(f.0).cloned().unwrap_or_default())
        .collect()
}

/// Checks that `factors` is a valid strategy for `rule`: one entry per factor, no axis
/// shared by two factors, no sharded need-replication factor, and no sharded factor
/// missing from a result unless it is a reduction factor.
pub fn check_factors(program: &Program, op: &Op, rule: &OpShardingRule, factors: &[Vec<AxisRef>]) -> Result<()> {
    let fail = |m: String| Err(Error::Strategy(format!("op \"{}\": {m}", op.name)));
    if factors.len() != rule.num_factors() {
        return fail(format!("expected axes for {} factors of {rule}, got {}", rule.num_factors(), factors.len()));
    }
    let mut used: Vec<(&AxisRef, usize)> = Vec::new();
    for (f, axes) in factors.iter().enumerate() {
        let factor = FactorId(f);
        // Whether partial results combine is checked once the unreduced axes are known.
        if !axes.is_empty() && !rule.may_shard(factor, true) {
            let why = match rule.kind(factor) {
                FactorKind::NeedReplication => "needs replication",
                _ => "is missing from a result",
            };
            return fail(format!("factor {factor} {why} but is sharded"));
        }
        for axis in axes {
            if program.mesh().axis_size(&axis.name).is_none() {
                return fail(format!("factor {factor} uses unknown axis {axis}"));
            }
            if let Some((_, other)) = used.iter().find(|(a, _)| a.overlaps(axis)) {
                return fail(format!("axis {axis} shards factors {} and {factor}", FactorId(*other)));
            }
            used.push((axis, f));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
    use crate::ops::{OpKind, ReduceKind, Reshape};
    use crate::rules::sharding_rule;
    use crate::{DType, Mesh, MeshAxis};

    /// A program of one op of `kind` on an input of shape `input`, on a mesh `x=2`,
    /// and the op's rule.
    fn single_op(input: Vec<i64>, kind: OpKind) -> (Program, OpShardingRule) {
        let mesh = Mesh::new(vec![MeshAxis::new("x", 2)], vec![]).unwrap();
        let mut b = ProgramBuilder::new("p", "mesh", mesh);
        let ty = TensorType { shape: input, dtype: DType::F32 };
        let a = b.add_input(InputSpec { name: "a".into(), ty, parameter: false, sharding: None, loc: None }).unwrap();
        let spec =
            OpSpec { result_names: vec!["r".into()], kind, operands: vec![a], result_shardings: vec![], loc: None };
        let r = b.add_op(spec).unwrap()[0];
        b.add_output(r, None, None).unwrap();
        let program = b.finish().unwrap();
        let rule = sharding_rule(&program, program.op_ids().next().unwrap()).unwrap();
        (program, rule)
    }

    #[test]
    fn a_factor_a_result_lacks_is_sharded_only_as_a_reduction() {
        let x = || vec![AxisRef::full("x")];
        // A reshape dropping a size-1 dimension: ([i, j])->([i]) {i=2, j=1}. Sharding
        // j leaves the real element on one device of "x" and padding on the other,
        // while the result would claim it on both.
        let (program, rule) = single_op(vec![2, 1], OpKind::Reshape(Reshape { shape: vec![2] }));
        let op = program.op(program.op_ids().next().unwrap());
        assert!(op_shardings(&program, op, &rule, &OpStrategy::of(vec![x(), vec![]])).is_ok());
        let refused = op_shardings(&program, op, &rule, &OpStrategy::of(vec![vec![], x()])).unwrap_err();
        assert!(refused.to_string().contains("factor j is missing from a result but is sharded"), "{refused}");
        // A reduced dimension is missing from the result too, and leaves partial sums.
        let sum = OpKind::Reduce(crate::ops::Reduce { dimensions: vec![1], kind: ReduceKind::Add });
        let (program, rule) = single_op(vec![2, 4], sum);
        let op = program.op(program.op_ids().next().unwrap());
        let partial = op_shardings(&program, op, &rule, &OpStrategy::of(vec![vec![], x()])).unwrap();
        assert_eq!(partial.results[0].unreduced, x());
    }
}
