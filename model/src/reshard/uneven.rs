//! Uneven shards in reshard planning.
//!
//! A dimension cut at explicit offsets (`{"x"}[0, 3, 5, 7, 9]`) holds other elements
//! on each device than the same axes cut into equal, padded blocks, so a reshard
//! must move them even when the axes agree. [`around`] plans the reshard between
//! the two shardings without offsets and then, in order of preference:
//! - runs those collectives straight from the source, the last one declaring the
//!   target's cuts (an all-gather of an uneven dimension or an all-slice into one
//!   moves exactly the elements each device needs; the simulator accepts any cuts
//!   on a dimension whose axes a collective changes);
//! - otherwise a `collective_permute` first rebalances the source into equal
//!   blocks, and another one last cuts the target's offsets.
//!
//! Two shardings with the same axes and different cuts are one `collective_permute`.
//! Offsets equal to the padded blocks' bounds are the padded geometry
//! ([`canonical`]), so they never cost a collective.

use super::closed;
use super::collective::Collective;
use super::simulate::{same_placement, simulate};
use crate::error::Result;
use crate::mesh::{Mesh, Meshes};
use crate::sharding::TensorSharding;

/// The reshard of a tensor of `shape` from `from` to `to`, given `inner`, the
/// planner of reshards between shardings without offsets.
pub(super) fn around(
    meshes: &Meshes,
    shape: &[i64],
    (from, to): (&TensorSharding, &TensorSharding),
    inner: impl Fn(&TensorSharding, &TensorSharding) -> Result<Vec<Collective>>,
) -> Result<Vec<Collective>> {
    let from_cut = canonical(meshes.resolve(from)?, shape, from);
    let to_cut = canonical(meshes.resolve(to)?, shape, to);
    if !from_cut.is_uneven() && !to_cut.is_uneven() {
        return inner(&from_cut, &to_cut);
    }
    let (even_from, even_to) = (from_cut.without_offsets(), to_cut.without_offsets());
    let middle = inner(&even_from, &even_to)?;
    let mut direct = middle.clone();
    match direct.last_mut() {
        Some(last) => {
            let out = last.out_sharding_mut();
            for (dim, target) in out.dims.iter_mut().zip(&to_cut.dims) {
                dim.offsets = target.offsets.clone();
            }
        }
        // The same axes: nothing moves when the cuts agree too.
        None if same_placement(meshes, &from_cut, &to_cut)? => return Ok(direct),
        None => direct.push(Collective::CollectivePermute { out: closed(&to_cut) }),
    }
    if simulate(meshes, shape, from, &direct, to).is_ok() {
        return Ok(direct);
    }
    let mut full = Vec::with_capacity(middle.len() + 2);
    if from_cut.is_uneven() {
        full.push(Collective::CollectivePermute { out: closed(&even_from) });
    }
    full.extend(middle);
    if to_cut.is_uneven() {
        full.push(Collective::CollectivePermute { out: closed(&to_cut) });
    }
    simulate(meshes, shape, from, &full, to)?;
    Ok(full)
}

/// `sharding` with the offsets that cut a dimension of `shape` exactly as equal,
/// padded blocks do removed (they are the same placement).
pub(crate) fn canonical(mesh: &Mesh, shape: &[i64], sharding: &TensorSharding) -> TensorSharding {
    let mut out = sharding.clone();
    for (d, dim) in out.dims.iter_mut().enumerate() {
        let (Some(offsets), Some(&size)) = (&dim.offsets, shape.get(d)) else { continue };
        if *offsets == crate::dim_sharding::padded_bounds(size, dim.sharded_size(mesh).max(1)) {
            dim.offsets = None;
        }
    }
    out
}
