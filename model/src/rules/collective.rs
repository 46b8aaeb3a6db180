//! Rules and counts of StableHLO's collectives as ops: `all_gather`, `all_to_all`,
//! `reduce_scatter`, `all_reduce`, `collective_permute`.
//!
//! Rules (Shardy's): every dimension the collective does not touch is one factor
//! shared by all operands and results; each touched dimension (gathered, split,
//! concatenated, scattered) gets a need-replication factor shared by the operands
//! and another, of the result's size, shared by the results (a dimension both split
//! and concatenated gets one pair). `all_reduce` and `collective_permute` touch no
//! dimension: each operand's dimension is one factor with its result's.
//!
//! Counts: bytes read and written; `reduce_scatter` and `all_reduce` do one FLOP
//! per (first) operand element. The communication itself is the op's, not a reshard the plan adds.

use super::{OpCounts, OpShapes};
use crate::ir::TensorType;
use crate::ops::{AllGather, AllToAll, ReduceScatter};
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's rule of a collective that touches dimensions `touched` (in order; a
/// dimension listed twice counts once): one pass-through factor per untouched
/// dimension of the first operand, everywhere, then per touched dimension a
/// need-replication factor at it in every operand and one in every result.
fn collective_rule(shapes: &OpShapes<'_>, touched: &[usize]) -> OpShardingRule {
    let mut b = shapes.builder();
    for (dim, &size) in shapes.operands[0].shape.iter().enumerate().filter(|(d, _)| !touched.contains(d)) {
        b.add_factor_everywhere(dim, size, FactorKind::PassThrough, false);
    }
    let size = |t: &[&TensorType], dim: usize| t.first().and_then(|t| t.shape.get(dim)).copied().unwrap_or(1);
    for (i, &dim) in touched.iter().enumerate() {
        if touched[..i].contains(&dim) {
            continue;
        }
        let (operands, results) = (shapes.operands.len(), shapes.results.len());
        b.add_factor(&vec![Some(dim); operands], &[], size(&shapes.operands, dim), FactorKind::NeedReplication);
        b.add_factor(&[], &vec![Some(dim); results], size(&shapes.results, dim), FactorKind::NeedReplication);
    }
    b.build()
}

/// Shardy's `all_gather` rule.
pub fn all_gather_rule(a: &AllGather, shapes: &OpShapes<'_>) -> OpShardingRule {
    collective_rule(shapes, &[a.all_gather_dim as usize])
}

/// Shardy's `all_to_all` rule.
pub fn all_to_all_rule(a: &AllToAll, shapes: &OpShapes<'_>) -> OpShardingRule {
    collective_rule(shapes, &[a.split_dimension as usize, a.concat_dimension as usize])
}

/// Shardy's `reduce_scatter` rule.
pub fn reduce_scatter_rule(r: &ReduceScatter, shapes: &OpShapes<'_>) -> OpShardingRule {
    collective_rule(shapes, &[r.scatter_dimension as usize])
}

/// Shardy's rule of `all_reduce` and `collective_permute`: operand `k`'s dimension
/// `d` and result `k`'s are one pass-through factor.
pub fn identity_rule(shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    let (operands, results) = (shapes.operands.len(), shapes.results.len());
    for (k, ty) in shapes.operands.iter().enumerate() {
        for (dim, &size) in ty.shape.iter().enumerate() {
            let at = |n: usize| (0..n).map(|i| (i == k).then_some(dim)).collect::<Vec<_>>();
            b.add_factor(&at(operands), &at(results), size, FactorKind::PassThrough);
        }
    }
    b.build()
}

/// `reduce_scatter` and `all_reduce`: one FLOP per operand element.
pub fn reduce_scatter_counts(shapes: &OpShapes<'_>) -> OpCounts {
    OpCounts::moving(shapes).with_flops(shapes.operands[0].num_elements() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ir::TensorType;
    use crate::ops::ReplicaGroups;

    fn ty(shape: &[i64]) -> TensorType {
        TensorType::new(shape, DType::I64)
    }

    #[test]
    fn all_to_all_splits_and_concatenates() {
        let a = AllToAll {
            split_dimension: 1,
            concat_dimension: 0,
            split_count: 2,
            replica_groups: ReplicaGroups(vec![vec![0, 1]]),
            channel_id: 0,
        };
        let (x, y) = (ty(&[2, 4]), ty(&[4, 2]));
        let shapes = OpShapes { operands: vec![&x, &x], results: vec![&y, &y] };
        assert_eq!(
            all_to_all_rule(&a, &shapes).to_string(),
            "#sdy.op_sharding_rule<([k, i], [k, i])->([l, j], [l, j]) {i=4, j=2, k=2, l=4} need_replication={i, j, k, l}>"
        );
        // Splitting and concatenating one dimension touches it once: one pair.
        let same = AllToAll { concat_dimension: 1, ..a };
        let shapes = OpShapes { operands: vec![&x], results: vec![&x] };
        assert_eq!(
            all_to_all_rule(&same, &shapes).to_string(),
            "#sdy.op_sharding_rule<([i, j])->([i, k]) {i=2, j=4, k=4} need_replication={j, k}>"
        );
    }
}
