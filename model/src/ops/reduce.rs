//! `reduce`: combine elements along some dimensions with `add`, `max`, `min` or `mul`.
//!
//! Variadic as in StableHLO: every operand has the same shape and is reduced along the
//! same dimensions; each result is its operand's type without those dimensions.

use super::{Operand, check_dims};
use crate::ir::TensorType;

/// The combining function of a reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReduceKind {
    /// Sum.
    Add,
    /// Maximum.
    Max,
    /// Minimum.
    Min,
    /// Product.
    Mul,
}

impl ReduceKind {
    /// Every kind.
    pub const ALL: [ReduceKind; 4] = [ReduceKind::Add, ReduceKind::Max, ReduceKind::Min, ReduceKind::Mul];

    /// The value that leaves the reduction unchanged (the init StableHLO pairs with
    /// it, the padding of a partial block).
    pub fn identity(self) -> f64 {
        match self {
            ReduceKind::Add => 0.0,
            ReduceKind::Mul => 1.0,
            ReduceKind::Max => f64::NEG_INFINITY,
            ReduceKind::Min => f64::INFINITY,
        }
    }

    /// The kind's name in configs.
    pub fn name(self) -> &'static str {
        match self {
            ReduceKind::Add => "add",
            ReduceKind::Max => "max",
            ReduceKind::Min => "min",
            ReduceKind::Mul => "mul",
        }
    }
}

/// `reduce`'s attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reduce {
    /// The reduced dimensions.
    pub dimensions: Vec<i64>,
    /// The combining function.
    pub kind: ReduceKind,
}

impl Reduce {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let first = &operands[0];
        if let Some(x) = operands.iter().find(|x| x.ty.shape != first.ty.shape) {
            return Err(format!(
                "{} is {} but {} is {}; reduced operands share a shape",
                x.name, x.ty, first.name, first.ty
            ));
        }
        check_dims("dimensions", &self.dimensions, first.ty.rank())?;
        Ok(operands
            .iter()
            .map(|x| {
                let shape = (0..x.ty.rank())
                    .filter(|d| !self.dimensions.contains(&(*d as i64)))
                    .map(|d| x.ty.shape[d])
                    .collect::<Vec<_>>();
                TensorType::new(shape, x.ty.dtype)
            })
            .collect())
    }
}
