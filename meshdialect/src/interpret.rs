//! The collectives' meaning, run on concrete data: every device's local tensor in,
//! every device's result out (`None` where the dialect leaves it undefined: a gather
//! or reduce off its root, a shift with no source). Devices are numbered by their
//! linear index (row-major over the mesh); a group is the devices that share their
//! coordinates outside the op's `mesh_axes`, ordered by their coordinates on those
//! axes, the first outermost. `shift` sends each device's value `offset` places on
//! along its axis. `send` and `recv` pair up across ops and are not run alone.

use crate::collective::{Collective, CollectiveKind};
use crate::error::{Error, Result};
use crate::mesh_op::{MeshOp, coordinates, groups};
use crate::reduction::ReductionKind;

/// A device's local tensor: its shape and its elements in row-major order.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalTensor {
    /// The dimensions.
    pub shape: Vec<i64>,
    /// The elements, row-major.
    pub data: Vec<f64>,
}

impl LocalTensor {
    /// A tensor of `shape` holding `data`.
    pub fn new(shape: Vec<i64>, data: Vec<f64>) -> LocalTensor {
        LocalTensor { shape, data }
    }

    /// The tensor cut into `parts` equal pieces along `axis`.
    fn split(&self, axis: usize, parts: usize) -> Result<Vec<LocalTensor>> {
        let size = self.shape[axis] as usize;
        if parts == 0 || !size.is_multiple_of(parts) {
            return Err(Error::Verify(format!("axis {axis} of size {size} does not split into {parts} equal parts")));
        }
        let (outer, inner) = self.around(axis);
        let piece = size / parts;
        Ok((0..parts)
            .map(|p| {
                let mut shape = self.shape.clone();
                shape[axis] = piece as i64;
                let mut data = Vec::with_capacity(outer * piece * inner);
                for o in 0..outer {
                    let start = (o * size + p * piece) * inner;
                    data.extend_from_slice(&self.data[start..start + piece * inner]);
                }
                LocalTensor { shape, data }
            })
            .collect())
    }

    /// `parts` joined along `axis`.
    fn concat(parts: &[&LocalTensor], axis: usize) -> LocalTensor {
        let (outer, inner) = parts[0].around(axis);
        let mut shape = parts[0].shape.clone();
        shape[axis] = parts.iter().map(|p| p.shape[axis]).sum();
        let mut data = Vec::with_capacity(parts.iter().map(|p| p.data.len()).sum());
        for o in 0..outer {
            for p in parts {
                let block = p.shape[axis] as usize * inner;
                data.extend_from_slice(&p.data[o * block..(o + 1) * block]);
            }
        }
        LocalTensor { shape, data }
    }

    /// The element counts before and after `axis`.
    fn around(&self, axis: usize) -> (usize, usize) {
        let count = |dims: &[i64]| dims.iter().product::<i64>() as usize;
        (count(&self.shape[..axis]), count(&self.shape[axis + 1..]))
    }
}

/// Runs `op` on `mesh`, `inputs[d]` being device `d`'s operand (`None` where it is
/// not needed, as off a scatter's root). Fails on a dynamic mesh, a wrong number of
/// inputs, a reduction that has no fixed meaning (`generic`), or `send`/`recv`.
pub fn run_collective(
    op: &Collective,
    mesh: &MeshOp,
    inputs: &[Option<LocalTensor>],
) -> Result<Vec<Option<LocalTensor>>> {
    op.verify(std::slice::from_ref(mesh))?;
    let Some(sizes) = mesh.static_shape() else {
        return Err(Error::Verify(format!("mesh \"{}\" has a dynamic shape", mesh.name)));
    };
    let devices = sizes.iter().product::<i64>() as usize;
    if inputs.len() != devices {
        return Err(Error::Verify(format!("{} inputs for the {devices} devices of \"{}\"", inputs.len(), mesh.name)));
    }
    let mut out = vec![None; devices];
    for group in groups(&sizes, &op.mesh_axes) {
        let group: Vec<usize> = group.into_iter().map(|d| d as usize).collect();
        let results = run_group(op, &sizes, &group, inputs)?;
        for (&device, result) in group.iter().zip(results) {
            out[device] = result;
        }
    }
    Ok(out)
}

/// The in-group index of `coords` (one per group axis, the first outermost).
fn in_group(sizes: &[i64], axes: &[i64], coords: &[i64]) -> usize {
    axes.iter().zip(coords).fold(0, |i, (&a, &c)| i * sizes[a as usize] as usize + c as usize)
}

fn run_group(
    op: &Collective,
    sizes: &[i64],
    group: &[usize],
    inputs: &[Option<LocalTensor>],
) -> Result<Vec<Option<LocalTensor>>> {
    let n = group.len();
    let input =
        |i: usize| inputs[group[i]].as_ref().ok_or_else(|| Error::Verify(format!("device {} has no input", group[i])));
    let all = || (0..n).map(input).collect::<Result<Vec<&LocalTensor>>>();
    let root = |coords: &[i64]| in_group(sizes, &op.mesh_axes, coords);
    let only = |at: usize, t: LocalTensor| (0..n).map(|i| (i == at).then(|| t.clone())).collect();
    Ok(match &op.kind {
        CollectiveKind::AllGather { gather_axis } => {
            let joined = LocalTensor::concat(&all()?, *gather_axis as usize);
            vec![Some(joined); n]
        }
        CollectiveKind::AllReduce { reduction } => vec![Some(reduce(&all()?, *reduction)?); n],
        CollectiveKind::AllSlice { slice_axis } => {
            (0..n).map(|i| Ok(Some(input(i)?.split(*slice_axis as usize, n)?.swap_remove(i)))).collect::<Result<_>>()?
        }
        CollectiveKind::AllToAll { split_axis, concat_axis } => {
            let pieces: Vec<Vec<LocalTensor>> =
                all()?.iter().map(|t| t.split(*split_axis as usize, n)).collect::<Result<_>>()?;
            (0..n)
                .map(|i| {
                    Some(LocalTensor::concat(&pieces.iter().map(|p| &p[i]).collect::<Vec<_>>(), *concat_axis as usize))
                })
                .collect()
        }
        CollectiveKind::Broadcast { root: r } => vec![Some(input(root(r))?.clone()); n],
        CollectiveKind::Gather { gather_axis, root: r } => {
            only(root(r), LocalTensor::concat(&all()?, *gather_axis as usize))
        }
        CollectiveKind::Reduce { reduction, root: r } => only(root(r), reduce(&all()?, *reduction)?),
        CollectiveKind::ReduceScatter { reduction, scatter_axis } => {
            let pieces = reduce(&all()?, *reduction)?.split(*scatter_axis as usize, n)?;
            pieces.into_iter().map(Some).collect()
        }
        CollectiveKind::Scatter { scatter_axis, root: r } => {
            input(root(r))?.split(*scatter_axis as usize, n)?.into_iter().map(Some).collect()
        }
        CollectiveKind::Shift { shift_axis, offset, rotate } => {
            shift(op, sizes, *shift_axis, *offset, *rotate, n, &all()?)
        }
        CollectiveKind::Send { .. } | CollectiveKind::Recv { .. } => {
            return Err(Error::Verify(format!("'mesh.{}' pairs with another op and is not run alone", op.kind.name())));
        }
    })
}

/// Each member's value moves `offset` places along `axis` (within the group's
/// order, the other group axes fixed); off the end it is lost, or wraps if `rotate`.
fn shift(
    op: &Collective,
    sizes: &[i64],
    axis: i64,
    offset: i64,
    rotate: bool,
    n: usize,
    all: &[&LocalTensor],
) -> Vec<Option<LocalTensor>> {
    let at = op.mesh_axes.iter().position(|&a| a == axis).unwrap_or(0);
    let dims: Vec<i64> = op.mesh_axes.iter().map(|&a| sizes[a as usize]).collect();
    let mut out = vec![None; n];
    for (i, value) in all.iter().enumerate() {
        let mut c = coordinates(i as i64, &dims);
        let moved = c[at] + offset;
        let size = dims[at];
        c[at] = match (rotate, (0..size).contains(&moved)) {
            (_, true) => moved,
            (true, false) => moved.rem_euclid(size),
            (false, false) => continue,
        };
        out[in_group(sizes, &op.mesh_axes, &c)] = Some((*value).clone());
    }
    out
}

/// The elementwise reduction of `parts`.
fn reduce(parts: &[&LocalTensor], kind: ReductionKind) -> Result<LocalTensor> {
    let combine: fn(f64, f64) -> f64 = match kind {
        ReductionKind::Sum | ReductionKind::Average => |a, b| a + b,
        ReductionKind::Max => f64::max,
        ReductionKind::Min => f64::min,
        ReductionKind::Product => |a, b| a * b,
        ReductionKind::BitwiseAnd => |a, b| ((a as i64) & (b as i64)) as f64,
        ReductionKind::BitwiseOr => |a, b| ((a as i64) | (b as i64)) as f64,
        ReductionKind::BitwiseXor => |a, b| ((a as i64) ^ (b as i64)) as f64,
        ReductionKind::Generic => {
            return Err(Error::Verify("a 'generic' reduction has no fixed meaning to run".into()));
        }
    };
    let mut out = parts[0].clone();
    for p in &parts[1..] {
        for (o, &x) in out.data.iter_mut().zip(&p.data) {
            *o = combine(*o, x);
        }
    }
    if kind == ReductionKind::Average {
        out.data.iter_mut().for_each(|o| *o /= parts.len() as f64);
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
