//! `mesh.update_halo`: refreshes the halo regions of each device's shard from its
//! neighbours' data.
//!
//! Along each tensor dimension `d` split over mesh axes `split_axes[d]`, a shard is
//! laid out as `[lo halo | core | hi halo]`. The destination's lo halo receives the
//! last elements of the previous group member's core, its hi halo the first elements
//! of the next member's core (taken from the members' *source* shards, whose halos
//! may differ in size); the first and last members keep their outer halos. Other
//! dimensions are matched core to core; corners (halo by halo) are left as they are.
//! One exchange round per split dimension.

use super::fail;
use crate::error::Result;
use crate::runtime::{Device, Post};
use crate::tensor::{Tensor, for_each_index, offset};

/// The halo sizes of one split dimension: before and after the core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Halo {
    /// Elements before the core.
    pub lo: usize,
    /// Elements after the core.
    pub hi: usize,
}

impl Device<'_> {
    /// `mesh.update_halo`: `destination` with its halos refreshed from the
    /// neighbours' `source` cores; `source_halos` and `destination_halos` hold one
    /// entry per dimension with split axes, in dimension order.
    pub fn update_halo(
        &self,
        source: &Tensor,
        destination: &Tensor,
        split_axes: &[Vec<usize>],
        (source_halos, destination_halos): (&[Halo], &[Halo]),
    ) -> Result<Tensor> {
        let rank = destination.rank();
        if source.rank() != rank || split_axes.len() > rank {
            return fail(format!("update_halo of a rank-{} source into a rank-{rank} destination", source.rank()));
        }
        let split: Vec<usize> = (0..split_axes.len()).filter(|&d| !split_axes[d].is_empty()).collect();
        if source_halos.len() != split.len() || destination_halos.len() != split.len() {
            return fail(format!("update_halo needs halo sizes for the {} split dimensions", split.len()));
        }
        let mut src = vec![Halo::default(); rank];
        let mut dst = vec![Halo::default(); rank];
        for (k, &d) in split.iter().enumerate() {
            (src[d], dst[d]) = (source_halos[k], destination_halos[k]);
            let core = |t: &Tensor, h: Halo| t.shape()[d].checked_sub(h.lo + h.hi);
            if core(source, src[d]).is_none() || core(source, src[d]) != core(destination, dst[d]) {
                return fail(format!("dimension {d}: the source and destination cores differ"));
            }
        }
        let mut out = destination.clone();
        for &d in &split {
            let axes = &split_axes[d];
            self.grid().check_axes(axes)?;
            let board = self.round(Some(Post { tensor: source.clone(), to: None }))?;
            let members = self.grid().group(self.index(), axes);
            let me = self.grid().position(self.index(), axes);
            let core = source.shape()[d] - src[d].lo - src[d].hi;
            let (from_lo, from_hi) = (me.checked_sub(1), (me + 1 < members.len()).then_some(me + 1));
            let neighbours =
                [(from_lo, dst[d].lo, 0, src[d].lo + core), (from_hi, dst[d].hi, dst[d].lo + core, src[d].lo)];
            for (neighbour, size, at, start) in neighbours {
                let Some(n) = neighbour.filter(|_| size > 0) else { continue };
                if size > core {
                    return fail(format!("dimension {d}: a halo of {size} exceeds the core of {core}"));
                }
                let Some(post) = board.get(members[n]).and_then(Option::as_ref) else {
                    return fail(format!("device {} posted nothing", members[n]));
                };
                // The lo halo takes the neighbour's last `size` core elements.
                let start = if at == 0 { start - size } else { start };
                copy_slab(&post.tensor, &mut out, (d, at, start, size), (&src, &dst));
            }
        }
        Ok(out)
    }
}

/// Copies along dimension `d` elements `[start, start + size)` of `from` to
/// `[at, at + size)` of `to`, matching other dimensions core to core.
fn copy_slab(
    from: &Tensor,
    to: &mut Tensor,
    (d, at, start, size): (usize, usize, usize, usize),
    halos: (&[Halo], &[Halo]),
) {
    let (src, dst) = halos;
    let mut slab = to.shape().to_vec();
    slab[d] = size;
    let (to_shape, from_shape) = (to.shape().to_vec(), from.shape().to_vec());
    let mut target = vec![0; slab.len()];
    let mut source = vec![0; slab.len()];
    for_each_index(&slab, |index| {
        for e in 0..index.len() {
            target[e] = if e == d { at + index[e] } else { index[e] };
            let shifted = if e == d { Some(start + index[e]) } else { (index[e] + src[e].lo).checked_sub(dst[e].lo) };
            source[e] = shifted.filter(|&s| s < from_shape[e]).unwrap_or(usize::MAX);
        }
        if source.contains(&usize::MAX) {
            return;
        }
        to.data_mut()[offset(&to_shape, &target)] = from.data()[offset(&from_shape, &source)];
    });
}
