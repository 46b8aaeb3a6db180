//! Rule and counts of `sort`.
//!
//! Rule (Shardy's): one factor per dimension, shared by every operand and result; the
//! sorted dimension needs replication, and propagation along it is blocked when every
//! other dimension has size 1 (nothing else could carry the sharding).
//!
//! Counts: `ceil(log2 n)` comparisons per element for a sorted dimension of size `n`
//! (a merge sort's depth), counted as FLOPs. Bytes: operands read, results written.

use super::{OpCounts, OpShapes};
use crate::ops::Sort;
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `sort` rule.
pub fn rule(sort: &Sort, shapes: &OpShapes<'_>) -> OpShardingRule {
    let shape = &shapes.operands[0].shape;
    let dim = sort.dimension as usize;
    let blocked = shape.iter().enumerate().all(|(d, &s)| d == dim || s == 1);
    let mut b = shapes.builder();
    for (d, &size) in shape.iter().enumerate() {
        if d == dim {
            b.add_factor_everywhere(d, size, FactorKind::NeedReplication, blocked);
        } else {
            b.add_factor_everywhere(d, size, FactorKind::PassThrough, false);
        }
    }
    b.build()
}

/// `ceil(log2 n)` comparisons per element of the first operand.
pub fn counts(sort: &Sort, shapes: &OpShapes<'_>) -> OpCounts {
    let n = shapes.operands[0].shape.get(sort.dimension as usize).copied().unwrap_or(1);
    OpCounts::moving(shapes).with_flops(Sort::comparisons(shapes.operands[0].num_elements() as f64, n))
}
