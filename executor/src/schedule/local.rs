//! What an op's kernel needs to run on local blocks: whether a sharded factor lets
//! it run on them unchanged ([`runs_locally`]), its attributes that name sizes
//! rewritten for the blocks' shapes ([`localize`]) and its result types as blocks
//! ([`local_types`]) — shared by the kernels of `kernel.rs`, the bodies of `body.rs`
//! and the sharded run.

use autoshard_model::ir::Op;
use autoshard_model::ops::{BroadcastInDim, DynamicSlice, Reshape, Slice, Window};
use autoshard_model::{FactorId, FactorKind, OpKind, OpShardingRule, Program, TensorType, ValueId};

/// True when factor `f` of `op` may be sharded while the op's kernel runs on local
/// blocks unchanged (apart from its result shapes). `f` is sharded under a strategy
/// `op_shardings` accepted, so it never needs replication.
pub(super) fn runs_locally(op: &Op, rule: &OpShardingRule, f: FactorId) -> bool {
    let on_operand_dim = |k: usize, dims: &[usize]| {
        rule.operands
            .get(k)
            .is_some_and(|m| dims.iter().any(|&d| m.dims.get(d).is_some_and(|dm| dm.factors.contains(&f))))
    };
    match &op.kind {
        OpKind::Gather(_) | OpKind::Scatter(_) => false,
        // A dimension the update fills whole: the start index clamps to 0 on every
        // block. Elsewhere the start index is global.
        OpKind::DynamicUpdateSlice => {
            let on = |k: usize| rule.operands.get(k).and_then(|m| m.dims.iter().position(|d| d.factors.contains(&f)));
            on(0).is_some() && on(0) == on(1)
        }
        OpKind::Convolution(c) => {
            c.feature_group_count == 1
                && c.batch_group_count == 1
                && !on_operand_dim(0, &c.dimension_numbers.input_spatial)
                && !on_operand_dim(1, &c.dimension_numbers.kernel_spatial)
        }
        OpKind::ReduceWindow(r) => !on_operand_dim(0, &windowed(&r.window)),
        OpKind::Pad(p) => {
            rule.kind(f) != FactorKind::Permutation
                && !(0..p.edge_padding_low.len()).any(|d| {
                    let pads = p.edge_padding_low[d] != 0
                        || p.edge_padding_high[d] != 0
                        || p.interior_padding.get(d).is_some_and(|&i| i != 0);
                    pads && on_operand_dim(0, &[d])
                })
        }
        _ => rule.kind(f) != FactorKind::Permutation,
    }
}

/// The dimensions of `window` that are not pass-through (sharding them needs
/// neighbours' data).
fn windowed(window: &Window) -> Vec<usize> {
    (0..window.dimensions.len()).filter(|&d| !window.is_pass_through(d)).collect()
}

/// `kind` with the attributes that name sizes rewritten for operands of `local`
/// shapes (globally `global`) producing `results`.
pub(crate) fn localize(
    kind: &OpKind,
    global: &[Vec<usize>],
    local: &[&[usize]],
    results: &[Vec<usize>],
) -> Result<OpKind, String> {
    let as_i64 = |s: &[usize]| s.iter().map(|&n| n as i64).collect::<Vec<_>>();
    let sharded = |d: usize| local.first().is_some_and(|l| global.first().is_some_and(|g| l.get(d) != g.get(d)));
    Ok(match kind {
        OpKind::Reshape(_) => OpKind::Reshape(Reshape { shape: as_i64(&results[0]) }),
        OpKind::BroadcastInDim(b) => OpKind::BroadcastInDim(BroadcastInDim { shape: as_i64(&results[0]), ..b.clone() }),
        OpKind::Slice(s) => {
            let mut limits = s.limit_indices.clone();
            for (d, limit) in limits.iter_mut().enumerate().filter(|(d, _)| sharded(*d)) {
                let whole = s.start_indices[d] == 0 && s.strides.get(d).is_none_or(|&k| k == 1);
                if !whole || *limit != global[0][d] as i64 {
                    return Err(format!("dimension {d} is sliced and sharded"));
                }
                *limit = local[0][d] as i64;
            }
            OpKind::Slice(Slice { limit_indices: limits, ..s.clone() })
        }
        OpKind::DynamicSlice(ds) => {
            let mut sizes = ds.slice_sizes.clone();
            for (d, size) in sizes.iter_mut().enumerate().filter(|(d, _)| sharded(*d)) {
                *size = local[0][d] as i64;
            }
            OpKind::DynamicSlice(DynamicSlice { slice_sizes: sizes })
        }
        other => other.clone(),
    })
}

/// The types of `results` (values of `program`) as blocks of `shapes`.
pub(crate) fn local_types(program: &Program, results: &[ValueId], shapes: &[Vec<usize>]) -> Vec<TensorType> {
    results
        .iter()
        .zip(shapes)
        .map(|(&r, shape)| {
            TensorType::new(shape.iter().map(|&n| n as i64).collect::<Vec<i64>>(), program.value(r).ty.dtype)
        })
        .collect()
}
