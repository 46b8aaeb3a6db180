//! Ops that cut, pad, join or flip tensors: `slice`, `pad`, `dynamic_slice`,
//! `dynamic_update_slice`, `concatenate` and `reverse`.

use super::{Operand, check_dims, check_len};
use crate::dtype::DTypeClass;
use crate::ir::TensorType;

/// `slice`: elements `start, start + stride, ...` below `limit` in every dimension.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slice {
    /// First index per dimension.
    pub start_indices: Vec<i64>,
    /// One past the last index per dimension.
    pub limit_indices: Vec<i64>,
    /// Step per dimension (1 when omitted).
    pub strides: Vec<i64>,
}

impl Slice {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        let rank = x.ty.rank();
        check_len("start_indices", &self.start_indices, rank, x)?;
        check_len("limit_indices", &self.limit_indices, rank, x)?;
        check_len("strides", &self.strides, rank, x)?;
        let mut shape = Vec::with_capacity(rank);
        for d in 0..rank {
            let (start, limit, stride, size) =
                (self.start_indices[d], self.limit_indices[d], self.strides[d], x.ty.shape[d]);
            if !(0 <= start && start <= limit && limit <= size) {
                return Err(format!(
                    "dim {d}: slice {start}:{limit} is outside 0:{size} (need 0 <= start <= limit <= size)"
                ));
            }
            if stride < 1 {
                return Err(format!("dim {d}: stride {stride} must be at least 1"));
            }
            shape.push((limit - start + stride - 1) / stride);
        }
        Ok(vec![TensorType::new(shape, x.ty.dtype)])
    }
}

/// `pad`: `low` and `high` elements at the edges (negative values cut), `interior`
/// elements between neighbours. The padding value is `value`, or the optional second
/// operand (a scalar of the operand's element type) when one is given.
#[derive(Debug, Clone, PartialEq)]
pub struct Pad {
    /// Padding before the first element, per dimension.
    pub edge_padding_low: Vec<i64>,
    /// Padding after the last element, per dimension.
    pub edge_padding_high: Vec<i64>,
    /// Padding between elements, per dimension (0 when omitted).
    pub interior_padding: Vec<i64>,
    /// The padding value (unused when the op has a padding-value operand).
    pub value: f64,
}

impl Pad {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        let rank = x.ty.rank();
        if let Some(v) = operands.get(1).filter(|v| v.ty.rank() != 0 || v.ty.dtype != x.ty.dtype) {
            return Err(format!("padding value {} is {} but must be a {} scalar", v.name, v.ty, x.ty.dtype));
        }
        if operands.len() == 2 && self.value != 0.0 {
            return Err(format!(
                "the padding value is given twice: value {} and operand {}",
                self.value, operands[1].name
            ));
        }
        check_len("edge_padding_low", &self.edge_padding_low, rank, x)?;
        check_len("edge_padding_high", &self.edge_padding_high, rank, x)?;
        check_len("interior_padding", &self.interior_padding, rank, x)?;
        let mut shape = Vec::with_capacity(rank);
        for d in 0..rank {
            let interior = self.interior_padding[d];
            if interior < 0 {
                return Err(format!("dim {d}: interior padding {interior} must not be negative"));
            }
            let size = x.ty.shape[d];
            let padded = self.edge_padding_low[d] + self.edge_padding_high[d] + size + (size - 1).max(0) * interior;
            if padded < 0 {
                return Err(format!("dim {d}: padding gives a negative size {padded}"));
            }
            shape.push(padded);
        }
        Ok(vec![TensorType::new(shape, x.ty.dtype)])
    }
}

/// `dynamic_slice`: a `slice_sizes` window at run-time start indices (one scalar
/// integer operand per dimension, clamped into range).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DynamicSlice {
    /// The size of the window per dimension.
    pub slice_sizes: Vec<i64>,
}

impl DynamicSlice {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        let indices = &operands[1..];
        if indices.len() != x.ty.rank() {
            return Err(format!("{} has rank {} but {} start indices are given", x.name, x.ty.rank(), indices.len()));
        }
        if let Some(i) = indices.iter().find(|i| i.ty.rank() != 0 || i.ty.dtype.class() != DTypeClass::Integer) {
            return Err(format!("start index {} is {} but must be a scalar integer", i.name, i.ty));
        }
        check_len("slice_sizes", &self.slice_sizes, x.ty.rank(), x)?;
        for (d, (&s, &size)) in self.slice_sizes.iter().zip(&x.ty.shape).enumerate() {
            if s < 0 || s > size {
                return Err(format!("dim {d}: slice size {s} is outside 0..={size}"));
            }
        }
        Ok(vec![TensorType::new(self.slice_sizes.clone(), x.ty.dtype)])
    }
}

/// `dynamic_update_slice(operand, update, start indices...)`: `operand` with `update`
/// written at run-time start indices (one scalar integer operand per dimension,
/// clamped so the update fits). It has no attributes.
pub(crate) fn infer_dynamic_update_slice(operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
    let (x, update, indices) = (&operands[0], &operands[1], &operands[2..]);
    if update.ty.rank() != x.ty.rank() || update.ty.dtype != x.ty.dtype {
        return Err(format!(
            "update {} is {} but must have the rank and element type of {} ({})",
            update.name, update.ty, x.name, x.ty
        ));
    }
    if indices.len() != x.ty.rank() {
        return Err(format!("{} has rank {} but {} start indices are given", x.name, x.ty.rank(), indices.len()));
    }
    if let Some(i) = indices.iter().find(|i| i.ty.rank() != 0 || i.ty.dtype.class() != DTypeClass::Integer) {
        return Err(format!("start index {} is {} but must be a scalar integer", i.name, i.ty));
    }
    for (d, (&u, &size)) in update.ty.shape.iter().zip(&x.ty.shape).enumerate() {
        if u > size {
            return Err(format!("dim {d}: update size {u} exceeds {}'s size {size}", x.name));
        }
    }
    Ok(vec![x.ty.clone()])
}

/// `concatenate` along `dimension`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Concatenate {
    /// The dimension the operands are joined along.
    pub dimension: i64,
}

impl Concatenate {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let first = &operands[0];
        check_dims("dimension", &[self.dimension], first.ty.rank())?;
        let dim = self.dimension as usize;
        let mut shape = first.ty.shape.clone();
        for x in &operands[1..] {
            let same_elsewhere = x.ty.rank() == first.ty.rank()
                && (0..x.ty.rank()).all(|d| d == dim || x.ty.shape[d] == first.ty.shape[d]);
            if !same_elsewhere || x.ty.dtype != first.ty.dtype {
                return Err(format!(
                    "{} is {} but {} is {}; they may differ only in dim {dim}",
                    x.name, x.ty, first.name, first.ty
                ));
            }
            shape[dim] += x.ty.shape[dim];
        }
        Ok(vec![TensorType::new(shape, first.ty.dtype)])
    }
}

/// `reverse` the order of elements along `dimensions`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reverse {
    /// The reversed dimensions.
    pub dimensions: Vec<i64>,
}

impl Reverse {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        check_dims("dimensions", &self.dimensions, operands[0].ty.rank())?;
        Ok(vec![operands[0].ty.clone()])
    }
}
