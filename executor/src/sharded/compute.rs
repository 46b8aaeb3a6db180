//! An op's kernel on one device's blocks.
//!
//! Local and gathered kernels run the reference interpreter's kernel (`apply`) on
//! the blocks with the attributes that name sizes rewritten to local sizes (the
//! result shape of `reshape` and `broadcast_in_dim`, the limits of a `slice` and the
//! window of a `dynamic_slice` along sharded dimensions); global kernels run the op
//! whole (`reference::run_op`, bodies included). Every result's shape is checked
//! against the block the plan expects.

use crate::error::{Error, Result};
use crate::lowering::{Kernel, Mode};
use crate::placement::Placement;
use crate::reference::{apply, run_op};
use crate::tensor::{Tensor, dims};
use autoshard_model::ops::{BroadcastInDim, DynamicSlice, Reshape, Slice};
use autoshard_model::{DType, OpId, OpKind, Program, TensorType};

/// Runs op `id`'s `kernel` on device `device`'s `operands` (held as the kernel's
/// operand shardings).
pub(crate) fn compute(
    program: &Program,
    id: OpId,
    kernel: &Kernel,
    placement: &Placement,
    device: usize,
    mut operands: Vec<Tensor>,
) -> Result<Vec<Tensor>> {
    let op = program.op(id);
    let unsupported = |reason: String| Error::Unsupported { op: op.name.clone(), kind: op.kind.name().into(), reason };
    let shape_of = |v| dims(&program.value(v).ty.shape);
    let expected: Vec<Vec<usize>> =
        op.results.iter().zip(&kernel.results).map(|(&r, s)| placement.local_shape(&shape_of(r), s)).collect();
    let results = if kernel.mode == Mode::Global {
        run_op(program, id, operands)?
    } else {
        for ((x, masked), (&v, sharding)) in
            operands.iter_mut().zip(&kernel.masked).zip(op.operands.iter().zip(&kernel.operands))
        {
            if !masked.is_empty() {
                let block = placement.block(device, &shape_of(v), sharding)?;
                let bounds: Vec<usize> =
                    (0..x.rank()).map(|d| if masked.contains(&d) { block.real[d] } else { usize::MAX }).collect();
                x.fill_past(&bounds, kernel.identity);
            }
        }
        let global: Vec<Vec<usize>> = op.operands.iter().map(|&v| shape_of(v)).collect();
        let local: Vec<&[usize]> = operands.iter().map(Tensor::shape).collect();
        let kind = localize(&op.kind, &global, &local, &expected).map_err(unsupported)?;
        let types: Vec<TensorType> = op
            .results
            .iter()
            .zip(&expected)
            .map(|(&r, shape)| {
                TensorType::new(shape.iter().map(|&n| n as i64).collect::<Vec<i64>>(), program.value(r).ty.dtype)
            })
            .collect();
        let refs: Vec<&Tensor> = operands.iter().collect();
        let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
        apply(&kind, (&refs, &dtypes), &types).map_err(unsupported)?
    };
    for (result, shape) in results.iter().zip(&expected) {
        if result.shape() != shape.as_slice() {
            return Err(unsupported(format!(
                "its kernel produced a block of shape {:?} where the plan expects {shape:?}",
                result.shape()
            )));
        }
    }
    Ok(results)
}

/// `kind` with the attributes that name sizes rewritten for operands of `local`
/// shapes (globally `global`) producing `results`.
fn localize(
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
