//! An op's kernel on one device's blocks.
//!
//! Local and gathered kernels run the reference interpreter's kernel (`apply`) on
//! the blocks with the attributes that name sizes rewritten to local sizes (the
//! result shape of `reshape` and `broadcast_in_dim`, the limits of a `slice` and the
//! window of a `dynamic_slice` along sharded dimensions; a `take` looks up the rows
//! its table block holds, zeros elsewhere); a custom op whose body
//! runs locally runs it on the blocks (`LocalBody`);
//! global kernels run the op whole (`reference::run_op`, bodies included). Every result's shape is checked
//! against the block the plan expects.

use crate::error::{Error, Result};
use crate::placement::Placement;
use crate::reference::{apply, run_op, take_held};
use crate::schedule::{Kernel, Mode, local_types, localize};
use crate::tensor::{Tensor, dims};
use autoshard_model::{DType, OpId, OpKind, Program};

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
    let unsupported = |reason: String| Error::unsupported(op, reason);
    let shape_of = |v| dims(&program.value(v).ty.shape);
    let expected: Vec<Vec<usize>> =
        op.results.iter().zip(&kernel.results).map(|(&r, s)| placement.local_shape(&shape_of(r), s)).collect();
    let results = if kernel.mode == Mode::Global {
        run_op(program, id, operands)?
    } else if let Some(body) = &kernel.body {
        body.run(program, op, (placement, device), operands).map_err(unsupported)?
    } else {
        fill_masked(program, id, kernel, placement, device, &mut operands)?;
        if let OpKind::Take(t) = &op.kind {
            // The rows of the whole table this device's block holds along the axis.
            let (axis, table) = (t.axis as usize, shape_of(op.operands[0]));
            let block = placement.block(device, &table, &kernel.operands[0])?;
            let held = block.starts[axis]..block.starts[axis] + block.real[axis];
            vec![take_held(&operands[0], &operands[1], t, held, table[axis])]
        } else {
            let global: Vec<Vec<usize>> = op.operands.iter().map(|&v| shape_of(v)).collect();
            let local: Vec<&[usize]> = operands.iter().map(Tensor::shape).collect();
            let kind = localize(&op.kind, &global, &local, &expected).map_err(unsupported)?;
            let types = local_types(program, &op.results, &expected);
            let refs: Vec<&Tensor> = operands.iter().collect();
            let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
            apply(&kind, (&refs, &dtypes), &types).map_err(unsupported)?
        }
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

/// Fills the padding of the operands' masked dimensions (sharded reduction
/// dimensions that do not divide) with the kernel's identity, so padding never
/// reaches a real element.
pub(crate) fn fill_masked(
    program: &Program,
    id: OpId,
    kernel: &Kernel,
    placement: &Placement,
    device: usize,
    operands: &mut [Tensor],
) -> Result<()> {
    let op = program.op(id);
    for ((x, masked), (&v, sharding)) in
        operands.iter_mut().zip(&kernel.masked).zip(op.operands.iter().zip(&kernel.operands))
    {
        if !masked.is_empty() {
            let block = placement.block(device, &dims(&program.value(v).ty.shape), sharding)?;
            let bounds: Vec<usize> =
                (0..x.rank()).map(|d| if masked.contains(&d) { block.real[d] } else { usize::MAX }).collect();
            x.fill_past(&bounds, kernel.identity);
        }
    }
    Ok(())
}
