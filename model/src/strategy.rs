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
use crate::error::{Error, Result};
use crate::ir::Op;
use crate::ops::Linearity;
use crate::plan::{Carried, OpStrategy};
use crate::projection::ShardingProjection;
use crate::rule::{FactorId, FactorKind, OpShardingRule};
use crate::sharding::{MeshRef, ReductionKind, TensorSharding};

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
    let mut unreduced = factor_axes(rule, factors, FactorKind::Reduction);
    let carried = strategy.carried.as_ref();
    if let Some(carried) = carried {
        check_carried(op, factors, carried)?;
        for &k in &carried.operands {
            operands[k].unreduced = carried.axes.clone();
        }
        unreduced.extend(carried.axes.iter().cloned());
    }
    if !unreduced.is_empty() {
        let Some(reduction) = op.kind.partial_reduction() else {
            return Err(Error::Strategy(format!(
                "op \"{}\": a product reduction cannot be sharded (partial products have no sdy reduction)",
                op.name
            )));
        };
        if carried.is_some() && reduction != ReductionKind::Sum {
            return Err(Error::Strategy(format!(
                "op \"{}\": carried partial sums cannot meet partial results combined by {}",
                op.name,
                reduction.keyword()
            )));
        }
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
        return fail(format!("{} cannot carry partial sums in these operands", op.kind.name()));
    }
    if carried.axes.is_empty() {
        return fail("no axes".to_string());
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
/// shared by two factors, no sharded need-replication factor.
pub fn check_factors(program: &Program, op: &Op, rule: &OpShardingRule, factors: &[Vec<AxisRef>]) -> Result<()> {
    let fail = |m: String| Err(Error::Strategy(format!("op \"{}\": {m}", op.name)));
    if factors.len() != rule.num_factors() {
        return fail(format!("expected axes for {} factors of {rule}, got {}", rule.num_factors(), factors.len()));
    }
    let mut used: Vec<(&AxisRef, usize)> = Vec::new();
    for (f, axes) in factors.iter().enumerate() {
        let factor = FactorId(f);
        if !axes.is_empty() && rule.kind(factor) == FactorKind::NeedReplication {
            return fail(format!("factor {factor} needs replication but is sharded"));
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
