//! The mesh dialect's reduction kinds and how contributions combine: elementwise, in
//! group order, so a run's results are the same bit for bit every time.

use crate::error::{Error, Result};
use crate::tensor::Tensor;
use autoshard_model::ReductionKind;

/// How `all_reduce`, `reduce` and `reduce_scatter` combine the group's tensors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshReduction {
    /// Sum.
    Sum,
    /// Maximum.
    Max,
    /// Minimum.
    Min,
    /// Product.
    Product,
    /// The sum divided by the group size.
    Average,
    /// Bitwise and of integer values.
    BitwiseAnd,
    /// Bitwise or of integer values.
    BitwiseOr,
    /// Bitwise xor of integer values.
    BitwiseXor,
}

impl MeshReduction {
    /// Every kind.
    pub const ALL: [MeshReduction; 8] = [
        MeshReduction::Sum,
        MeshReduction::Max,
        MeshReduction::Min,
        MeshReduction::Product,
        MeshReduction::Average,
        MeshReduction::BitwiseAnd,
        MeshReduction::BitwiseOr,
        MeshReduction::BitwiseXor,
    ];

    /// Combines `parts` (one per group member, in group order, of one shape).
    pub fn combine(self, parts: &[&Tensor]) -> Result<Tensor> {
        let Some((first, rest)) = parts.split_first() else {
            return Err(Error::Collective("a reduction over no tensors".to_string()));
        };
        if let Some(other) = rest.iter().find(|t| t.shape() != first.shape()) {
            return Err(Error::Collective(format!(
                "{self:?} of tensors of shapes {:?} and {:?}",
                first.shape(),
                other.shape()
            )));
        }
        let mut out = (*first).clone();
        for part in rest {
            for (a, &b) in out.data_mut().iter_mut().zip(part.data()) {
                *a = self.apply(*a, b);
            }
        }
        if self == MeshReduction::Average {
            let n = parts.len() as f32;
            out.data_mut().iter_mut().for_each(|a| *a /= n);
        }
        Ok(out)
    }

    fn apply(self, a: f32, b: f32) -> f32 {
        // Integer kinds work on the integer values the f32 holds exactly.
        let bits = |f: fn(i64, i64) -> i64| f(a as i64, b as i64) as f32;
        match self {
            MeshReduction::Sum | MeshReduction::Average => a + b,
            MeshReduction::Max => a.max(b),
            MeshReduction::Min => a.min(b),
            MeshReduction::Product => a * b,
            MeshReduction::BitwiseAnd => bits(|x, y| x & y),
            MeshReduction::BitwiseOr => bits(|x, y| x | y),
            MeshReduction::BitwiseXor => bits(|x, y| x ^ y),
        }
    }
}

/// The mesh dialect's reduction for Shardy's.
impl From<ReductionKind> for MeshReduction {
    fn from(reduction: ReductionKind) -> Self {
        match reduction {
            ReductionKind::Sum => MeshReduction::Sum,
            ReductionKind::Max => MeshReduction::Max,
            ReductionKind::Min => MeshReduction::Min,
            ReductionKind::Product => MeshReduction::Product,
            ReductionKind::Average => MeshReduction::Average,
            ReductionKind::BitwiseAnd => MeshReduction::BitwiseAnd,
            ReductionKind::BitwiseOr => MeshReduction::BitwiseOr,
            ReductionKind::BitwiseXor => MeshReduction::BitwiseXor,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_leave_values_unchanged() {
        let x = Tensor::from_vec(&[4], vec![-3.0, 0.0, 5.0, 12.0]).unwrap();
        // An average halves a value met with its identity: its partial values are
        // scaled where they are placed (`spread`).
        for kind in ReductionKind::ALL.into_iter().filter(|&k| k != ReductionKind::Average) {
            let identity = Tensor::full(&[4], kind.identity() as f32);
            let mesh = MeshReduction::from(kind);
            assert_eq!(mesh.combine(&[&x, &identity]).unwrap(), x, "{kind:?}");
            assert_eq!(mesh.combine(&[&identity, &x]).unwrap(), x, "{kind:?}");
        }
    }
}
