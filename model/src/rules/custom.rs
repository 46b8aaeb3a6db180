//! Rule and counts of `custom`: the rule it carries and its FLOP count; bytes are
//! operands read, results written. A config's rule is the user's and is marked
//! `custom`, as Shardy marks user rules; a custom call's is printed as its
//! `sdy.sharding_rule` or the registry gives it.

use super::{OpCounts, OpShapes};
use crate::ops::Custom;
use crate::rule::OpShardingRule;

/// The op's rule.
pub fn rule(custom: &Custom) -> OpShardingRule {
    let from_config = custom.target.is_none();
    OpShardingRule { custom: custom.rule.custom || from_config, ..custom.rule.clone() }
}

/// The op's FLOPs.
pub fn counts(custom: &Custom, shapes: &OpShapes<'_>) -> OpCounts {
    OpCounts::moving(shapes).with_flops(custom.flops.0)
}
