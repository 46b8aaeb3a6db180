//! `mesh.update_halo` run on concrete data: the halo exchange. Each device holds its
//! shard's core with halos around it along the split dimensions; the result is the
//! destination buffer with the source's core and every halo refilled from the
//! neighbouring shards' cores (the previous shard's end before the core, the next
//! shard's start after it). Shards at the tensor's edges keep their outer halos as
//! the destination had them (padding). Dimensions are exchanged one after another,
//! each slab spanning the halos already refilled, so corners come from the diagonal
//! neighbours as in MLIR's lowering of the op.

use crate::error::{Error, Result};
use crate::interpret::LocalTensor;
use crate::mesh_op::{MeshOp, coordinates};
use crate::ops::UpdateHalo;

/// Runs `op` on `mesh`: `sources[d]` and `destinations[d]` are device `d`'s buffers.
pub fn run_update_halo(
    op: &UpdateHalo,
    mesh: &MeshOp,
    sources: &[LocalTensor],
    destinations: &[LocalTensor],
) -> Result<Vec<LocalTensor>> {
    let sizes = mesh.static_shape().ok_or_else(|| Error::Verify(format!("mesh \"{}\" is dynamic", mesh.name)))?;
    let devices = sizes.iter().product::<i64>() as usize;
    if sources.len() != devices || destinations.len() != devices {
        return Err(Error::Verify(format!("update_halo on {devices} devices needs a source and a destination each")));
    }
    let split: Vec<(usize, &[i64])> =
        op.split_axes.iter().enumerate().filter(|(_, a)| !a.is_empty()).map(|(d, a)| (d, a.as_slice())).collect();
    let halos = |list: &[i64]| -> Result<Vec<(i64, i64)>> {
        match list.len() {
            0 => Ok(vec![(0, 0); split.len()]),
            n if n == 2 * split.len() => Ok(list.chunks(2).map(|c| (c[0], c[1])).collect()),
            _ => Err(Error::Verify("halo sizes must be specified for all split axes.".into())),
        }
    };
    let (src_halo, dst_halo) = (halos(&op.source_halo_sizes)?, halos(&op.destination_halo_sizes)?);
    // Each result starts as the destination with the source's core copied in.
    let mut out: Vec<LocalTensor> = destinations.to_vec();
    for (d, (src, dst)) in sources.iter().zip(out.iter_mut()).enumerate() {
        let core = core_of(src, &split, &src_halo)?;
        let origin = offsets(dst.shape.len(), &split, &dst_halo);
        copy_region(src, &offsets(src.shape.len(), &split, &src_halo), dst, &origin, &core)
            .map_err(|m| Error::Verify(format!("device {d}: {m}")))?;
    }
    for (nth, &(dim, axes)) in split.iter().enumerate() {
        let (low, high) = dst_halo[nth];
        let before = out.clone();
        for (device, buffer) in out.iter_mut().enumerate() {
            let coords = coordinates(device as i64, &sizes);
            for (step, width, at_start) in [(-1i64, low, true), (1, high, false)] {
                let Some(neighbour) = neighbour(&coords, axes, &sizes, step) else { continue };
                if width == 0 {
                    continue;
                }
                let from = &before[neighbour];
                let to_shape = buffer.shape.clone();
                let core = to_shape[dim] - low - high;
                let from_core_end = from.shape[dim] - high;
                if width > core {
                    let message =
                        format!("a halo of {width} along dimension {dim} is wider than a shard's core of {core}");
                    return Err(Error::Verify(message));
                }
                // Slabs span the whole buffer in the other dimensions.
                let mut extent = to_shape.clone();
                extent[dim] = width;
                let mut src_at = vec![0; to_shape.len()];
                let mut dst_at = vec![0; to_shape.len()];
                src_at[dim] = if at_start { from_core_end - width } else { low };
                dst_at[dim] = if at_start { 0 } else { low + core };
                copy_region(from, &src_at, buffer, &dst_at, &extent)
                    .map_err(|m| Error::Verify(format!("device {device}: {m}")))?;
            }
        }
    }
    Ok(out)
}

/// The shape of a buffer's core: its shape less the halos of the split dimensions.
fn core_of(t: &LocalTensor, split: &[(usize, &[i64])], halo: &[(i64, i64)]) -> Result<Vec<i64>> {
    let mut core = t.shape.clone();
    for (&(dim, _), &(low, high)) in split.iter().zip(halo) {
        core[dim] -= low + high;
        if core[dim] < 0 {
            return Err(Error::Verify(format!("dimension {dim} of size {} is smaller than its halos", t.shape[dim])));
        }
    }
    Ok(core)
}

/// Where the core starts in a buffer of rank `rank` with these halos.
fn offsets(rank: usize, split: &[(usize, &[i64])], halo: &[(i64, i64)]) -> Vec<i64> {
    let mut at = vec![0; rank];
    for (&(dim, _), &(low, _)) in split.iter().zip(halo) {
        at[dim] = low;
    }
    at
}

/// The device whose shard along a dimension split over `axes` is `step` away from
/// the one at `coords` (the other coordinates equal), if there is one.
fn neighbour(coords: &[i64], axes: &[i64], sizes: &[i64], step: i64) -> Option<usize> {
    let index = axes.iter().fold(0, |i, &a| i * sizes[a as usize] + coords[a as usize]) + step;
    let count: i64 = axes.iter().map(|&a| sizes[a as usize]).product();
    if !(0..count).contains(&index) {
        return None;
    }
    let mut c = coords.to_vec();
    let mut rest = index;
    for &a in axes.iter().rev() {
        c[a as usize] = rest % sizes[a as usize];
        rest /= sizes[a as usize];
    }
    Some(c.iter().zip(sizes).fold(0, |l, (&x, &n)| l * n + x) as usize)
}

/// Copies the block of `extent` at `from_at` in `from` to `to_at` in `to`.
fn copy_region(
    from: &LocalTensor,
    from_at: &[i64],
    to: &mut LocalTensor,
    to_at: &[i64],
    extent: &[i64],
) -> std::result::Result<(), String> {
    let fits = |t: &LocalTensor, at: &[i64]| (0..extent.len()).all(|k| at[k] >= 0 && at[k] + extent[k] <= t.shape[k]);
    if !fits(from, from_at) || !fits(to, to_at) {
        return Err(format!("a block of {extent:?} does not fit buffers of {:?} and {:?}", from.shape, to.shape));
    }
    let count: i64 = extent.iter().product();
    let strides = |shape: &[i64]| {
        let mut s = vec![1i64; shape.len()];
        for k in (0..shape.len().saturating_sub(1)).rev() {
            s[k] = s[k + 1] * shape[k + 1];
        }
        s
    };
    let (fs, ts) = (strides(&from.shape), strides(&to.shape));
    let mut index = vec![0i64; extent.len()];
    for _ in 0..count {
        let f: i64 = (0..index.len()).map(|k| (from_at[k] + index[k]) * fs[k]).sum();
        let t: i64 = (0..index.len()).map(|k| (to_at[k] + index[k]) * ts[k]).sum();
        to.data[t as usize] = from.data[f as usize];
        for k in (0..index.len()).rev() {
            index[k] += 1;
            if index[k] < extent[k] {
                break;
            }
            index[k] = 0;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
