//! `custom`: any op, described by the user's sharding rule, result type and FLOP count.
//! It may carry a body (its decomposition into other ops), which is what executes it;
//! the solver uses only the rule and the counts.

use super::Operand;
use crate::ir::TensorType;
use crate::rule::OpShardingRule;
use crate::units::Flops;

/// A user-defined op.
#[derive(Debug, Clone, PartialEq)]
pub struct Custom {
    /// The user's sharding rule (Shardy's text form).
    pub rule: OpShardingRule,
    /// The result type.
    pub result: TensorType,
    /// Floating-point operations of one unsharded execution.
    pub flops: Flops,
}

impl Custom {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let shapes: Vec<&[i64]> = operands.iter().map(|o| o.ty.shape.as_slice()).collect();
        self.rule.verify(&shapes, &[&self.result.shape]).map_err(|e| format!("rule {}: {e}", self.rule))?;
        Ok(vec![self.result.clone()])
    }

    /// Checks that a body returning `body_types` computes the declared result.
    pub(crate) fn check_body(&self, body_types: &[TensorType]) -> Result<(), String> {
        match body_types {
            [ty] if *ty == self.result => Ok(()),
            _ => {
                let got: Vec<String> = body_types.iter().map(ToString::to_string).collect();
                Err(format!("the body returns ({}) but the result is {}", got.join(", "), self.result))
            }
        }
    }
}
