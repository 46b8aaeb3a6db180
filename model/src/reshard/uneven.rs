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

use super::collective::Collective;
use super::simulate::{same_placement, simulate};
use super::{checked_meshes, closed};
use crate::error::Result;
use crate::mesh::{Mesh, Meshes};
use crate::sharding::TensorSharding;
use std::borrow::Cow;

/// The reshard of a tensor of `shape` from `from` to `to`, given `inner`, the
/// planner of reshards between shardings without offsets.
pub(super) fn around(
    meshes: &Meshes,
    shape: &[i64],
    (from, to): (&TensorSharding, &TensorSharding),
    inner: impl Fn(&TensorSharding, &TensorSharding) -> Result<Vec<Collective>>,
) -> Result<Vec<Collective>> {
    if !from.is_uneven() && !to.is_uneven() {
        return inner(from, to);
    }
    // The inner planner sees the shardings without offsets: check them here.
    checked_meshes(meshes, shape, from, to)?;
    let (from_cut, to_cut) = (canonical(meshes.resolve(from)?, shape, from), canonical(meshes.resolve(to)?, shape, to));
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
/// padded blocks do removed (they are the same placement); borrowed when it has no
/// offsets at all.
pub(crate) fn canonical<'s>(mesh: &Mesh, shape: &[i64], sharding: &'s TensorSharding) -> Cow<'s, TensorSharding> {
    if !sharding.is_uneven() {
        return Cow::Borrowed(sharding);
    }
    let mut out = sharding.clone();
    canonicalize(mesh, shape, &mut out);
    Cow::Owned(out)
}

/// [`canonical`] in place.
pub(crate) fn canonicalize(mesh: &Mesh, shape: &[i64], sharding: &mut TensorSharding) {
    for (d, dim) in sharding.dims.iter_mut().enumerate() {
        let (Some(offsets), Some(&size)) = (&dim.offsets, shape.get(d)) else { continue };
        if *offsets == crate::dim_sharding::padded_bounds(size, dim.sharded_size(mesh).max(1)) {
            dim.offsets = None;
        }
    }
}
