//! Rule and counts of `reduce`.
//!
//! Rule (Shardy's): one factor per input dimension, mapped to that dimension of every
//! input; a reduced dimension is a reduction factor, any other also maps to the next
//! result dimension of every result. StableHLO's init values are not operands in the
//! config language, so the rule has no entry for them.
//!
//! Counts: one FLOP per input element per input (one combine each). Bytes: inputs
//! read, results written.

use super::{OpCounts, OpShapes};
use crate::ops::Reduce;
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `reduce` rule.
pub fn rule(reduce: &Reduce, shapes: &OpShapes<'_>) -> OpShardingRule {
    let inputs = shapes.operands.len();
    let mut b = shapes.builder();
    let mut out = 0;
    for (dim, &size) in shapes.operands[0].shape.iter().enumerate() {
        let operand_dims = vec![Some(dim); inputs];
        if reduce.dimensions.contains(&(dim as i64)) {
            b.add_factor(&operand_dims, &[], size, FactorKind::Reduction);
        } else {
            b.add_factor(&operand_dims, &vec![Some(out); shapes.results.len()], size, FactorKind::PassThrough);
            out += 1;
        }
    }
    b.build()
}

/// One FLOP per input element.
pub fn counts(shapes: &OpShapes<'_>) -> OpCounts {
    let elements: u64 = shapes.operands.iter().map(|t| t.num_elements()).sum();
    OpCounts::moving(shapes).with_flops(elements as f64)
}
