//! Indexed access: `gather`, `scatter` (StableHLO dimension numbers) and the
//! embedding-lookup convenience `take` (`jnp.take(table, indices, axis)`).

use super::ReduceKind;
use super::{Operand, check_dims};
use crate::dtype::DTypeClass;
use crate::ir::TensorType;

/// `gather`'s dimension numbers and slice sizes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Gather {
    /// Result dimensions that hold the slice's (non-collapsed) dimensions.
    pub offset_dims: Vec<i64>,
    /// Operand dimensions whose slice size is 1 and that are dropped.
    pub collapsed_slice_dims: Vec<i64>,
    /// Operand dimensions that are batch dimensions (slice size 1).
    pub operand_batching_dims: Vec<i64>,
    /// Index dimensions paired with `operand_batching_dims`.
    pub start_indices_batching_dims: Vec<i64>,
    /// Operand dimension of each component of an index vector.
    pub start_index_map: Vec<i64>,
    /// The index dimension that holds index vectors (the rank for implicit 1-vectors).
    pub index_vector_dim: i64,
    /// Slice size per operand dimension.
    pub slice_sizes: Vec<i64>,
    /// Whether the indices are sorted (a hint).
    pub indices_are_sorted: bool,
}

/// The sizes of the index tensor's batch dimensions (all but `index_vector_dim`) and
/// the length of an index vector.
fn index_batch(indices: &Operand<'_>, index_vector_dim: i64) -> Result<(Vec<i64>, i64), String> {
    let rank = indices.ty.rank() as i64;
    if indices.ty.dtype.class() != DTypeClass::Integer {
        return Err(format!("indices {} are {} but must be integers", indices.name, indices.ty));
    }
    if !(0..=rank).contains(&index_vector_dim) {
        return Err(format!("index_vector_dim {index_vector_dim} is outside 0..={rank}"));
    }
    let batch = (0..rank).filter(|&d| d != index_vector_dim).map(|d| indices.ty.shape[d as usize]).collect();
    let vector = if index_vector_dim < rank { indices.ty.shape[index_vector_dim as usize] } else { 1 };
    Ok((batch, vector))
}

impl Gather {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (x, indices) = (&operands[0], &operands[1]);
        let (batch, vector) = index_batch(indices, self.index_vector_dim)?;
        if self.slice_sizes.len() != x.ty.rank() {
            return Err(format!(
                "slice_sizes has {} entries but {} has rank {}",
                self.slice_sizes.len(),
                x.name,
                x.ty.rank()
            ));
        }
        check_dims("collapsed_slice_dims", &self.collapsed_slice_dims, x.ty.rank())?;
        check_dims("operand_batching_dims", &self.operand_batching_dims, x.ty.rank())?;
        check_dims("start_index_map", &self.start_index_map, x.ty.rank())?;
        if self.start_index_map.len() as i64 != vector {
            return Err(format!(
                "start_index_map has {} entries but index vectors have {vector}",
                self.start_index_map.len()
            ));
        }
        if self.start_indices_batching_dims.len() != self.operand_batching_dims.len() {
            return Err("operand_batching_dims and start_indices_batching_dims differ in length".into());
        }
        for (d, (&s, &size)) in self.slice_sizes.iter().zip(&x.ty.shape).enumerate() {
            let dropped =
                self.collapsed_slice_dims.contains(&(d as i64)) || self.operand_batching_dims.contains(&(d as i64));
            if s < 0 || s > size || (dropped && s > 1) {
                return Err(format!(
                    "slice size {s} of dim {d} is invalid (0..={size}, at most 1 for a collapsed or batching dim)"
                ));
            }
        }
        let offsets: Vec<i64> = (0..x.ty.rank())
            .filter(|&d| {
                !self.collapsed_slice_dims.contains(&(d as i64)) && !self.operand_batching_dims.contains(&(d as i64))
            })
            .map(|d| self.slice_sizes[d])
            .collect();
        if offsets.len() != self.offset_dims.len() {
            return Err(format!(
                "offset_dims has {} entries but the slice keeps {} dims",
                self.offset_dims.len(),
                offsets.len()
            ));
        }
        let rank = batch.len() + offsets.len();
        check_dims("offset_dims", &self.offset_dims, rank)?;
        if !self.offset_dims.is_sorted() {
            return Err("offset_dims must be sorted".into());
        }
        let (mut batch_sizes, mut offset_sizes) = (batch.into_iter(), offsets.into_iter());
        let shape = (0..rank as i64)
            .map(|d| if self.offset_dims.contains(&d) { offset_sizes.next() } else { batch_sizes.next() })
            .collect::<Option<Vec<_>>>()
            .ok_or("offset_dims do not fit the result")?;
        Ok(vec![TensorType::new(shape, x.ty.dtype)])
    }
}

/// How `scatter` combines an update with the value already there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScatterKind {
    /// Overwrite.
    Replace,
    /// Add.
    Add,
    /// Keep the maximum.
    Max,
    /// Keep the minimum.
    Min,
    /// Multiply.
    Mul,
}

impl ScatterKind {
    /// Every kind.
    pub const ALL: [ScatterKind; 5] =
        [ScatterKind::Replace, ScatterKind::Add, ScatterKind::Max, ScatterKind::Min, ScatterKind::Mul];

    /// The reduction that combines an update with the value there; `None` for a
    /// replacement.
    pub fn reduction(self) -> Option<ReduceKind> {
        match self {
            ScatterKind::Replace => None,
            ScatterKind::Add => Some(ReduceKind::Add),
            ScatterKind::Max => Some(ReduceKind::Max),
            ScatterKind::Min => Some(ReduceKind::Min),
            ScatterKind::Mul => Some(ReduceKind::Mul),
        }
    }

    /// The kind that combines by `reduction`; `None` for a bitwise or an arg one,
    /// which no scatter here combines by.
    pub fn combining(reduction: ReduceKind) -> Option<ScatterKind> {
        match reduction {
            ReduceKind::Add => Some(ScatterKind::Add),
            ReduceKind::Max => Some(ScatterKind::Max),
            ReduceKind::Min => Some(ScatterKind::Min),
            ReduceKind::Mul => Some(ScatterKind::Mul),
            ReduceKind::And | ReduceKind::Or | ReduceKind::Xor | ReduceKind::ArgMax | ReduceKind::ArgMin => None,
        }
    }

    /// The kind's name in configs.
    pub fn name(self) -> &'static str {
        match self {
            ScatterKind::Replace => "replace",
            ScatterKind::Add => "add",
            ScatterKind::Max => "max",
            ScatterKind::Min => "min",
            ScatterKind::Mul => "mul",
        }
    }
}

/// `scatter`'s dimension numbers. Operands: `n` inputs, the indices, `n` updates (one
/// per input, all updates of one shape); every input is updated with `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scatter {
    /// Update dimensions that are window dimensions.
    pub update_window_dims: Vec<i64>,
    /// Input dimensions with a window of size 1 that updates do not have.
    pub inserted_window_dims: Vec<i64>,
    /// Input dimensions that are batch dimensions.
    pub input_batching_dims: Vec<i64>,
    /// Index dimensions paired with `input_batching_dims`.
    pub scatter_indices_batching_dims: Vec<i64>,
    /// Input dimension of each component of an index vector.
    pub scatter_dims_to_operand_dims: Vec<i64>,
    /// The index dimension that holds index vectors.
    pub index_vector_dim: i64,
    /// Whether the indices are sorted (a hint).
    pub indices_are_sorted: bool,
    /// Whether the indices are unique (a hint).
    pub unique_indices: bool,
    /// How updates combine.
    pub kind: ScatterKind,
}

impl Scatter {
    /// Splits a scatter's operands (or anything listed per operand) into the `n`
    /// inputs, the indices and the `n` updates.
    ///
    /// Panics when `ops` is empty; a scatter has an odd number of operands, which
    /// type inference checks.
    pub fn split<T>(ops: &[T]) -> (&[T], &T, &[T]) {
        let n = ops.len() / 2;
        (&ops[..n], &ops[n], &ops[n + 1..])
    }

    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        if operands.len().is_multiple_of(2) {
            return Err(format!("expected n inputs, the indices and n updates, got {} operands", operands.len()));
        }
        let (inputs, indices, all_updates) = Self::split(operands);
        for (x, updates) in inputs.iter().zip(all_updates) {
            if x.ty.shape != inputs[0].ty.shape || updates.ty.shape != all_updates[0].ty.shape {
                return Err(format!(
                    "{} is {} and {} is {}, but every input has the shape of {} and every update of {}",
                    x.name, x.ty, updates.name, updates.ty, inputs[0].name, all_updates[0].name
                ));
            }
            if updates.ty.dtype != x.ty.dtype {
                return Err(format!("updates {} are {} but {} is {}", updates.name, updates.ty, x.name, x.ty));
            }
        }
        let (x, updates) = (&inputs[0], &all_updates[0]);
        let (batch, vector) = index_batch(indices, self.index_vector_dim)?;
        check_dims("update_window_dims", &self.update_window_dims, updates.ty.rank())?;
        check_dims("inserted_window_dims", &self.inserted_window_dims, x.ty.rank())?;
        check_dims("input_batching_dims", &self.input_batching_dims, x.ty.rank())?;
        check_dims("scatter_dims_to_operand_dims", &self.scatter_dims_to_operand_dims, x.ty.rank())?;
        if self.scatter_dims_to_operand_dims.len() as i64 != vector {
            return Err(format!(
                "scatter_dims_to_operand_dims has {} entries but index vectors have {vector}",
                self.scatter_dims_to_operand_dims.len()
            ));
        }
        let expected_rank = self.update_window_dims.len() + batch.len();
        if updates.ty.rank() != expected_rank {
            return Err(format!("updates {} have rank {} but need {expected_rank}", updates.name, updates.ty.rank()));
        }
        let scatter_dims: Vec<i64> = (0..updates.ty.rank())
            .filter(|d| !self.update_window_dims.contains(&(*d as i64)))
            .map(|d| updates.ty.shape[d])
            .collect();
        if scatter_dims != batch {
            return Err(format!(
                "updates {} scatter dims {scatter_dims:?} don't match the index batch {batch:?}",
                updates.name
            ));
        }
        let window_input_dims = (0..x.ty.rank() as i64)
            .filter(|d| !self.inserted_window_dims.contains(d) && !self.input_batching_dims.contains(d))
            .count();
        if window_input_dims != self.update_window_dims.len() {
            return Err(format!(
                "update_window_dims has {} entries but {} keeps {window_input_dims} window dims",
                self.update_window_dims.len(),
                x.name
            ));
        }
        Ok(inputs.iter().map(|x| x.ty.clone()).collect())
    }
}

/// `take`: rows of a table picked by integer indices along `axis`; the result is the
/// table's shape with `axis` replaced by the indices' shape.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Take {
    /// The table dimension that the indices select along.
    pub axis: i64,
}

impl Take {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (table, indices) = (&operands[0], &operands[1]);
        check_dims("axis", &[self.axis], table.ty.rank())?;
        if indices.ty.dtype.class() != DTypeClass::Integer {
            return Err(format!("indices {} are {} but must be integers", indices.name, indices.ty));
        }
        let axis = self.axis as usize;
        let shape: Vec<i64> = table.ty.shape[..axis]
            .iter()
            .chain(&indices.ty.shape)
            .chain(&table.ty.shape[axis + 1..])
            .copied()
            .collect();
        Ok(vec![TensorType::new(shape, table.ty.dtype)])
    }
}
