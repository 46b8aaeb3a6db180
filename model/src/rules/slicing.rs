//! Rules of the ops that cut, pad, join or flip: `slice`, `pad`, `dynamic_slice`,
//! `dynamic_update_slice`, `concatenate`, `reverse`. They do no arithmetic; counts are bytes moved.
//!
//! - `slice` and `pad` (Shardy's rules): pointwise, but a dimension whose size changes
//!   is a permutation factor (sharding it needs data shifted between devices). `pad`'s
//!   padding value is an attribute (no entry) or a scalar operand (`[]`).
//! - `dynamic_slice`: pointwise, a sliced dimension needs replication and blocks
//!   propagation (the start index is only known at run time); the scalar start
//!   indices have no factor.
//! - `dynamic_update_slice` (Shardy's rule): a dimension the update fills whole is
//!   one factor of operand, update and result; otherwise the operand and result
//!   share a pass-through factor and the update has its own, which needs
//!   replication unless every start index is a constant.
//! - `reverse`: pointwise, reversed dimensions are permutation factors.
//! - `concatenate`: pointwise over the result; the concatenated dimension is a
//!   permutation factor when every operand is a slice, or when all operands are one
//!   tensor or slices of it (at least one a slice); otherwise it needs replication.
//!
//! Counts: `slice`/`dynamic_slice` read only the elements they keep; the others read
//! their operands; all write their result.

use super::{OpCounts, OpShapes};
use crate::ops::Reverse;
use crate::rule::{FactorKind, OpShardingRule};

/// What the operands of a `concatenate` are made of (found in the program).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConcatSources {
    /// Every operand is the result of a `slice`.
    pub all_slices: bool,
    /// Every operand is one tensor or a slice of it, and at least one is a slice.
    pub one_tensor_with_slices: bool,
}

/// The rule of `slice` and `pad`: size-changing dimensions are permutation factors.
pub fn slice_or_pad_rule(shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    b.add_pointwise_with_mismatch(&shapes.operands[0].shape, &shapes.results[0].shape, FactorKind::Permutation, false);
    b.build()
}

/// The rule of `dynamic_slice`: sliced dimensions need replication and are blocked.
pub fn dynamic_slice_rule(shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    b.add_pointwise_with_mismatch(
        &shapes.operands[0].shape,
        &shapes.results[0].shape,
        FactorKind::NeedReplication,
        true,
    );
    b.build()
}

/// Where the start indices of a `dynamic_update_slice` come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartIndices {
    /// Every start index is a constant.
    Constant,
    /// Some start index is known only at run time.
    Dynamic,
}

/// The rule of `dynamic_update_slice(operand, update, indices...)`.
pub fn dynamic_update_slice_rule(indices: StartIndices, shapes: &OpShapes<'_>) -> OpShardingRule {
    let (operand, update) = (&shapes.operands[0].shape, &shapes.operands[1].shape);
    let update_kind =
        if indices == StartIndices::Constant { FactorKind::PassThrough } else { FactorKind::NeedReplication };
    let mut b = shapes.builder();
    for (dim, (&size, &update_size)) in operand.iter().zip(update).enumerate() {
        if size == update_size {
            b.add_factor_everywhere(dim, size, FactorKind::PassThrough, false);
        } else {
            b.add_factor(&[Some(dim)], &[Some(dim)], size, FactorKind::PassThrough);
            b.add_factor(&[None, Some(dim)], &[], update_size, update_kind);
        }
    }
    b.build()
}

/// The rule of `reverse`: reversed dimensions are permutation factors.
pub fn reverse_rule(attrs: &Reverse, shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    b.add_pointwise(&shapes.results[0].shape, |d| {
        if attrs.dimensions.contains(&(d as i64)) { FactorKind::Permutation } else { FactorKind::PassThrough }
    });
    b.build()
}

/// The rule of `concatenate` along `dimension`.
pub fn concatenate_rule(dimension: i64, sources: ConcatSources, shapes: &OpShapes<'_>) -> OpShardingRule {
    let concat_kind = if sources.all_slices || sources.one_tensor_with_slices {
        FactorKind::Permutation
    } else {
        FactorKind::NeedReplication
    };
    let mut b = shapes.builder();
    b.add_pointwise(&shapes.results[0].shape, |d| {
        if d as i64 == dimension { concat_kind } else { FactorKind::PassThrough }
    });
    b.build()
}

/// Counts of an op that keeps only its result's elements of its first operand.
pub fn slicing_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let mut counts = OpCounts::moving(shapes);
    counts.bytes_read = shapes.results[0].size();
    counts
}

/// Counts of a `dynamic_update_slice`, which XLA performs in place (the operand's
/// buffer becomes the result's): the update and the start indices read, the
/// update's elements written, the rest of the operand untouched.
pub fn dynamic_update_slice_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let read = shapes.operands.iter().skip(1).map(|t| t.size()).sum();
    let written = shapes.operands.get(1).map_or(crate::Bytes(0), |u| u.size());
    OpCounts { bytes_read: read, bytes_written: written, ..OpCounts::default() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ir::TensorType;

    #[test]
    fn update_slice_replicates_the_update_unless_indices_are_constant() {
        let (x, u, i) = (
            TensorType::new([32, 4], DType::F32),
            TensorType::new([32, 1], DType::F32),
            TensorType::new([], DType::I32),
        );
        let shapes = OpShapes { operands: vec![&x, &u, &i, &i], results: vec![&x] };
        let dynamic = "#sdy.op_sharding_rule<([i, j], [i, k], [], [])->([i, j]) {i=32, j=4, k=1} need_replication={k}>";
        assert_eq!(dynamic_update_slice_rule(StartIndices::Dynamic, &shapes).to_string(), dynamic);
        let constant = "#sdy.op_sharding_rule<([i, j], [i, k], [], [])->([i, j]) {i=32, j=4, k=1}>";
        assert_eq!(dynamic_update_slice_rule(StartIndices::Constant, &shapes).to_string(), constant);
    }

    #[test]
    fn an_update_in_place_moves_only_the_update() {
        let (x, u, i) = (
            TensorType::new([128, 64], DType::F32),
            TensorType::new([1, 64], DType::F32),
            TensorType::new([], DType::I32),
        );
        let shapes = OpShapes { operands: vec![&x, &u, &i, &i], results: vec![&x] };
        let counts = dynamic_update_slice_counts(&shapes);
        assert_eq!(counts.bytes_read.0, 64 * 4 + 2 * 4);
        assert_eq!(counts.bytes_written.0, 64 * 4);
    }
}
