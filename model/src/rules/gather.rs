//! Rules and counts of indexed access: `gather`, `scatter` and `take`.
//!
//! Rules (Shardy's `addGatherScatterFactors`), walking the slices' dimensions (the
//! result of a gather, the updates of a scatter):
//! - an offset dimension shares a factor with its input dimension when unsliced;
//!   when sliced, a gather gets a reduction factor on the input plus a
//!   need-replication factor on the slices if the slice has size 1, else one blocked
//!   need-replication factor on both; a scatter gets two need-replication factors;
//! - a batch dimension shares a factor with its index dimension (and the input's
//!   batching dimension, if explicit); for a scatter whose updates combine (add, max,
//!   min, mul) an implicit batch dimension is a reduction, for `replace` it needs
//!   replication;
//! - then a factor per collapsed (inserted) input dimension: a gather reduces over it
//!   (or needs replication when its size is 1), a scatter passes it through;
//! - then a need-replication factor for the index-vector dimension, if present.
//!
//! `take(table, indices, axis)` is the gather with `collapsed_slice_dims = [axis]`,
//! `start_index_map = [axis]`, an implicit index vector and the table's other
//! dimensions as offsets, and gets that rule.
//!
//! A scatter of `n` inputs maps each factor to its dimension of every input, of
//! every update and of every result.
//!
//! Counts: gather and take move the gathered elements (no FLOPs); scatter does one
//! FLOP per update element when updates combine.

use super::{OpCounts, OpShapes, RuleBuilder};
use crate::ops::{Gather, Scatter, ScatterKind, Take};
use crate::rule::{FactorKind, OpShardingRule};
use crate::units::Bytes;

/// The dimension numbers both ops share, in the scatter's naming of the slices.
struct IndexedAccess<'a> {
    input: &'a [i64],
    slices: &'a [i64],
    indices: &'a [i64],
    index_vector_dim: i64,
    offset_dims: &'a [i64],
    collapsed_dims: &'a [i64],
    input_batching_dims: &'a [i64],
    indices_batching_dims: &'a [i64],
}

/// Where one factor goes: input, indices and slices dimensions.
type Place = (Option<usize>, Option<usize>, Option<usize>);

/// Shardy's factor walk; `combining` is `None` for a gather, else whether the
/// scatter's updates combine.
fn add_factors(a: &IndexedAccess<'_>, combining: Option<bool>, mut add: impl FnMut(Place, i64, FactorKind, bool)) {
    let is_scatter = combining.is_some();
    let contains = |dims: &[i64], d: usize| dims.contains(&(d as i64));
    let (mut input_dim, mut batch_pos) = (0usize, 0usize);
    for (slices_dim, &slices_size) in a.slices.iter().enumerate() {
        if contains(a.offset_dims, slices_dim) {
            while contains(a.collapsed_dims, input_dim) || contains(a.input_batching_dims, input_dim) {
                input_dim += 1;
            }
            let input_size = a.input.get(input_dim).copied().unwrap_or(1);
            if input_size == slices_size {
                add((Some(input_dim), None, Some(slices_dim)), input_size, FactorKind::PassThrough, false);
            } else if is_scatter {
                add((Some(input_dim), None, None), input_size, FactorKind::NeedReplication, false);
                add((None, None, Some(slices_dim)), slices_size, FactorKind::NeedReplication, false);
            } else if slices_size == 1 {
                add((Some(input_dim), None, None), input_size, FactorKind::Reduction, false);
                add((None, None, Some(slices_dim)), slices_size, FactorKind::NeedReplication, false);
            } else {
                add((Some(input_dim), None, Some(slices_dim)), input_size, FactorKind::NeedReplication, true);
            }
            input_dim += 1;
        } else {
            let indices_dim = if (batch_pos as i64) < a.index_vector_dim { batch_pos } else { batch_pos + 1 };
            let explicit = a.indices_batching_dims.iter().position(|&d| d == indices_dim as i64);
            let input_batch = explicit.map(|i| a.input_batching_dims[i] as usize);
            let kind = match combining {
                Some(true) if explicit.is_none() => FactorKind::Reduction,
                Some(false) if explicit.is_none() => FactorKind::NeedReplication,
                _ => FactorKind::PassThrough,
            };
            add((input_batch, Some(indices_dim), Some(slices_dim)), slices_size, kind, false);
            batch_pos += 1;
        }
    }
    for &collapsed in a.collapsed_dims {
        let size = a.input.get(collapsed as usize).copied().unwrap_or(1);
        let kind = match (is_scatter, size) {
            (true, _) => FactorKind::PassThrough,
            (false, 1) => FactorKind::NeedReplication,
            (false, _) => FactorKind::Reduction,
        };
        add((Some(collapsed as usize), None, None), size, kind, false);
    }
    if (a.index_vector_dim as usize) < a.indices.len() {
        let size = a.indices[a.index_vector_dim as usize];
        add((None, Some(a.index_vector_dim as usize), None), size, FactorKind::NeedReplication, false);
    }
}

/// Shardy's `gather` rule.
pub fn gather_rule(g: &Gather, shapes: &OpShapes<'_>) -> OpShardingRule {
    let access = IndexedAccess {
        input: &shapes.operands[0].shape,
        slices: &shapes.results[0].shape,
        indices: &shapes.operands[1].shape,
        index_vector_dim: g.index_vector_dim,
        offset_dims: &g.offset_dims,
        collapsed_dims: &g.collapsed_slice_dims,
        input_batching_dims: &g.operand_batching_dims,
        indices_batching_dims: &g.start_indices_batching_dims,
    };
    let mut b: RuleBuilder = shapes.builder();
    add_factors(&access, None, |(input, indices, slices), size, kind, blocked| {
        b.add_factor_blocked(&[input, indices], &[slices], size, kind, blocked);
    });
    b.build()
}

/// Shardy's `scatter` rule (operands: `n` inputs, indices, `n` updates).
pub fn scatter_rule(s: &Scatter, shapes: &OpShapes<'_>) -> OpShardingRule {
    let (inputs, indices, updates) = Scatter::split(&shapes.operands);
    let n = inputs.len();
    let access = IndexedAccess {
        input: &inputs[0].shape,
        slices: &updates[0].shape,
        indices: &indices.shape,
        index_vector_dim: s.index_vector_dim,
        offset_dims: &s.update_window_dims,
        collapsed_dims: &s.inserted_window_dims,
        input_batching_dims: &s.input_batching_dims,
        indices_batching_dims: &s.scatter_indices_batching_dims,
    };
    let combining = s.kind != ScatterKind::Replace;
    let mut b = shapes.builder();
    add_factors(&access, Some(combining), |(input, indices, updates), size, kind, blocked| {
        let operands: Vec<_> =
            std::iter::repeat_n(input, n).chain([indices]).chain(std::iter::repeat_n(updates, n)).collect();
        b.add_factor_blocked(&operands, &vec![input; n], size, kind, blocked);
    });
    b.build()
}

/// The gather `take(table, indices, axis)` stands for.
pub fn take_as_gather(take: &Take, table_shape: &[i64], indices_rank: usize) -> Gather {
    let axis = take.axis as usize;
    let rank = table_shape.len();
    let offset_dims = (0..axis).chain(axis + indices_rank..rank - 1 + indices_rank).map(|d| d as i64).collect();
    let mut slice_sizes = table_shape.to_vec();
    if let Some(s) = slice_sizes.get_mut(axis) {
        *s = 1;
    }
    Gather {
        offset_dims,
        collapsed_slice_dims: vec![take.axis],
        start_index_map: vec![take.axis],
        index_vector_dim: indices_rank as i64,
        slice_sizes,
        ..Gather::default()
    }
}

/// Gather and take: the gathered elements and the indices are read, the result written.
pub fn gather_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let mut counts = OpCounts::moving(shapes);
    counts.bytes_read = Bytes(shapes.results[0].size().0 + shapes.operands[1].size().0);
    counts
}

/// Scatter: one FLOP per update element when updates combine.
pub fn scatter_counts(s: &Scatter, shapes: &OpShapes<'_>) -> OpCounts {
    let (_, _, updates) = Scatter::split(&shapes.operands);
    let elements: u64 = updates.iter().map(|t| t.num_elements()).sum();
    let flops = if s.kind == ScatterKind::Replace { 0.0 } else { elements as f64 };
    OpCounts::moving(shapes).with_flops(flops)
}
