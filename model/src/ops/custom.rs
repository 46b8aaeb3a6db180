//! `custom`: any op, described by its sharding rule, result types and FLOP count — a
//! user's op from a config, or a `stablehlo.custom_call` (whose rule comes from its
//! `sdy.sharding_rule` or from the registry of known targets, [`super::CallTarget`]).
//! It may carry a body (its decomposition into other ops), which is what executes it;
//! the solver uses only the rule and the counts.

use super::Operand;
use crate::ir::TensorType;
use crate::rule::OpShardingRule;
use crate::units::Flops;

/// A custom op.
#[derive(Debug, Clone, PartialEq)]
pub struct Custom {
    /// Its sharding rule (Shardy's text form), as written or as the registry builds it.
    pub rule: OpShardingRule,
    /// The result types (at least one).
    pub results: Vec<TensorType>,
    /// Floating-point operations of one unsharded execution.
    pub flops: Flops,
    /// The `stablehlo.custom_call` target it was imported from (`Eigh`); `None` for a
    /// config's op, whose rule is the user's (printed with `, custom`).
    pub target: Option<String>,
}

impl Custom {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let shapes: Vec<&[i64]> = operands.iter().map(|o| o.ty.shape.as_slice()).collect();
        let results: Vec<&[i64]> = self.results.iter().map(|r| r.shape.as_slice()).collect();
        self.rule.verify(&shapes, &results).map_err(|e| format!("rule {}: {e}", self.rule))?;
        Ok(self.results.clone())
    }

    /// Checks that a body returning `body_types` computes the declared results.
    pub(crate) fn check_body(&self, body_types: &[TensorType]) -> Result<(), String> {
        if body_types == self.results.as_slice() {
            return Ok(());
        }
        let list = |types: &[TensorType]| types.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        let declared = match self.results.as_slice() {
            [one] => format!("the result is {one}"),
            all => format!("the results are ({})", list(all)),
        };
        Err(format!("the body returns ({}) but {declared}", list(body_types)))
    }
}
