//! `sort` along one dimension. With several operands, the first is the key and the
//! others are permuted the same way (as StableHLO's comparator on operand 0 does).

use super::{Operand, check_dims};
use crate::ir::TensorType;

/// `sort`'s attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sort {
    /// The sorted dimension.
    pub dimension: i64,
    /// Largest first instead of smallest first.
    pub descending: bool,
    /// Keep the order of equal keys.
    pub is_stable: bool,
}

impl Sort {
    /// Comparisons of sorting `elements` elements in rows of `n`: `⌈log₂ n⌉` each,
    /// at least one.
    pub fn comparisons(elements: f64, n: i64) -> f64 {
        elements * (n.max(1) as f64).log2().ceil().max(1.0)
    }

    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let first = &operands[0];
        check_dims("dimension", &[self.dimension], first.ty.rank())?;
        if let Some(x) = operands.iter().find(|x| x.ty.shape != first.ty.shape) {
            return Err(format!(
                "{} is {} but {} is {}; sorted operands share a shape",
                x.name, x.ty, first.name, first.ty
            ));
        }
        Ok(operands.iter().map(|x| x.ty.clone()).collect())
    }
}
