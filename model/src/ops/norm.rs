//! Normalisations, composites of reductions and pointwise ops: `softmax`, `layer_norm`
//! and `rms_norm`. The normalised dimensions need the whole row on one device.
//! `batch_norm_inference` normalises with given statistics and is pointwise.
//!
//! `layer_norm` takes optional `scale` and `bias` operands, `rms_norm` an optional
//! `scale`; their shape is the normalised dimensions of the input, in order.

use super::{Operand, check_dims};
use crate::ir::TensorType;

/// `softmax` along `dimension`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Softmax {
    /// The normalised dimension.
    pub dimension: i64,
}

impl Softmax {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        check_float(&operands[0])?;
        check_dims("dimension", &[self.dimension], operands[0].ty.rank())?;
        Ok(vec![operands[0].ty.clone()])
    }
}

/// `layer_norm` / `rms_norm` over `dimensions`.
#[derive(Debug, Clone, PartialEq)]
pub struct Norm {
    /// The normalised dimensions.
    pub dimensions: Vec<i64>,
    /// Added to the variance before the square root.
    pub epsilon: f64,
}

impl Norm {
    /// The default epsilon, 1e-6.
    pub const DEFAULT_EPSILON: f64 = 1e-6;

    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        check_float(x)?;
        check_dims("dimensions", &self.dimensions, x.ty.rank())?;
        let param_shape: Vec<i64> = self.dimensions.iter().map(|&d| x.ty.shape[d as usize]).collect();
        for p in &operands[1..] {
            if p.ty.shape != param_shape || p.ty.dtype != x.ty.dtype {
                let expected = TensorType::new(param_shape, x.ty.dtype);
                return Err(format!(
                    "{} is {} but must be {expected} (the normalised dims of {})",
                    p.name, p.ty, x.name
                ));
            }
        }
        Ok(vec![x.ty.clone()])
    }
}

/// `batch_norm_inference(operand, scale, offset, mean, variance)`:
/// `(x - mean) / sqrt(variance + epsilon) * scale + offset`, the four parameters
/// being 1-d along `feature_index`.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchNormInference {
    /// Added to the variance before the square root.
    pub epsilon: f64,
    /// The operand's feature dimension.
    pub feature_index: i64,
}

impl BatchNormInference {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        check_float(x)?;
        check_dims("feature_index", &[self.feature_index], x.ty.rank())?;
        let param = TensorType::new(vec![x.ty.shape[self.feature_index as usize]], x.ty.dtype);
        if let Some(p) = operands[1..].iter().find(|p| *p.ty != param) {
            return Err(format!(
                "{} is {} but must be {param} (dim {} of {})",
                p.name, p.ty, self.feature_index, x.name
            ));
        }
        Ok(vec![x.ty.clone()])
    }
}

fn check_float(x: &Operand<'_>) -> Result<(), String> {
    if x.ty.dtype.is_float() { Ok(()) } else { Err(super::dtype_error(x, "a floating-point")) }
}
