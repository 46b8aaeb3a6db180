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
use crate::runtime::{Device, posted};
use crate::tensor::Tensor;

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
            let (board, members) = self.exchange(source, axes)?;
            let me = self.position(axes);
            let core = source.shape()[d] - src[d].lo - src[d].hi;
            let (from_lo, from_hi) = (me.checked_sub(1), (me + 1 < members.len()).then_some(me + 1));
            let neighbours =
                [(from_lo, dst[d].lo, 0, src[d].lo + core), (from_hi, dst[d].hi, dst[d].lo + core, src[d].lo)];
            for (neighbour, size, at, start) in neighbours {
                let Some(n) = neighbour.filter(|_| size > 0) else { continue };
                if size > core {
                    return fail(format!("dimension {d}: a halo of {size} exceeds the core of {core}"));
                }
                // The lo halo takes the neighbour's last `size` core elements.
                let start = if at == 0 { start - size } else { start };
                copy_slab(posted(&board, members[n])?, &mut out, (d, at, start, size), (&src, &dst));
            }
        }
        Ok(out)
    }
}

/// Copies along dimension `d` elements `[start, start + size)` of `from` to
/// `[at, at + size)` of `to`, matching other dimensions core to core: index `i` of
/// `to` takes index `i + src.lo - dst.lo` of `from`, wherever both exist (one block).
fn copy_slab(
    from: &Tensor,
    to: &mut Tensor,
    (d, at, start, size): (usize, usize, usize, usize),
    (src, dst): (&[Halo], &[Halo]),
) {
    let rank = to.rank();
    let (mut to_at, mut from_at, mut sizes) = (vec![0; rank], vec![0; rank], vec![0; rank]);
    for e in 0..rank {
        let (from_size, to_size) = (from.shape()[e], to.shape()[e]);
        if e == d {
            (to_at[e], from_at[e], sizes[e]) = (at, start, size.min(from_size.saturating_sub(start)));
        } else {
            to_at[e] = dst[e].lo.saturating_sub(src[e].lo);
            from_at[e] = src[e].lo.saturating_sub(dst[e].lo);
            let end = (from_size + dst[e].lo).saturating_sub(src[e].lo).min(to_size);
            sizes[e] = end.saturating_sub(to_at[e]);
        }
    }
    to.copy_block(&to_at, from, &from_at, &sizes);
}
