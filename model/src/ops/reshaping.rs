//! Ops that rearrange a tensor without touching its values: `broadcast_in_dim`,
//! `reshape` and `transpose`.

use super::{Operand, check_dims, check_shape};
use crate::ir::TensorType;

/// `broadcast_in_dim`: operand dimension `i` becomes result dimension
/// `broadcast_dimensions[i]`; it must have size 1 or the result's size there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BroadcastInDim {
    /// The result shape.
    pub shape: Vec<i64>,
    /// Where each operand dimension goes.
    pub broadcast_dimensions: Vec<i64>,
}

impl BroadcastInDim {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        check_shape("shape", &self.shape)?;
        if self.broadcast_dimensions.len() != x.ty.rank() {
            return Err(format!(
                "broadcast_dimensions has {} entries but {} has rank {}",
                self.broadcast_dimensions.len(),
                x.name,
                x.ty.rank()
            ));
        }
        check_dims("broadcast_dimensions", &self.broadcast_dimensions, self.shape.len())?;
        for (i, &d) in self.broadcast_dimensions.iter().enumerate() {
            let (from, to) = (x.ty.shape[i], self.shape[d as usize]);
            if from != 1 && from != to {
                return Err(format!(
                    "dim {i} of {} has size {from} but result dim {d} has size {to} (expected 1 or {to})",
                    x.name
                ));
            }
        }
        Ok(vec![TensorType::new(self.shape.clone(), x.ty.dtype)])
    }
}

/// `reshape` to `shape` (same number of elements, row-major order).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reshape {
    /// The result shape.
    pub shape: Vec<i64>,
}

impl Reshape {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        check_shape("shape", &self.shape)?;
        let result = TensorType::new(self.shape.clone(), x.ty.dtype);
        if result.num_elements() != x.ty.num_elements() {
            return Err(format!(
                "{} has {} elements but shape {:?} has {}",
                x.name,
                x.ty.num_elements(),
                self.shape,
                result.num_elements()
            ));
        }
        Ok(vec![result])
    }
}

/// `transpose`: result dimension `i` is operand dimension `permutation[i]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Transpose {
    /// A permutation of the operand's dimensions.
    pub permutation: Vec<i64>,
}

impl Transpose {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        if self.permutation.len() != x.ty.rank() {
            return Err(format!(
                "permutation has {} entries but {} has rank {}",
                self.permutation.len(),
                x.name,
                x.ty.rank()
            ));
        }
        check_dims("permutation", &self.permutation, x.ty.rank())?;
        let shape = self.permutation.iter().map(|&d| x.ty.shape[d as usize]).collect::<Vec<_>>();
        Ok(vec![TensorType::new(shape, x.ty.dtype)])
    }
}
