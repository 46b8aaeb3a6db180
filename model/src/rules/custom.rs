//! Rule and counts of `custom`: the user's rule (marked `custom`, as Shardy marks
//! user rules) and the user's FLOP count; bytes are operands read, result written.

use super::{OpCounts, OpShapes};
use crate::ops::Custom;
use crate::rule::OpShardingRule;

/// The user's rule.
pub fn rule(custom: &Custom) -> OpShardingRule {
    OpShardingRule { custom: true, ..custom.rule.clone() }
}

/// The user's FLOPs.
pub fn counts(custom: &Custom, shapes: &OpShapes<'_>) -> OpCounts {
    OpCounts::moving(shapes).with_flops(custom.flops.0)
}
