//! `mesh.update_halo`: refreshes the halo regions of each device's shard from its
//! neighbours' data, as MLIR's lowering of the op does.
//!
//! Along each tensor dimension `d` split over mesh axes `split_axes[d]`, a shard is
//! laid out as `[lo halo | core | hi halo]`. The result is the destination with the
//! source's core copied in and every halo refilled: the lo halo from the last
//! elements of the previous group member's core, the hi halo from the first elements
//! of the next member's; the first and last members keep their outer halos (the
//! tensor's edges: padding). Split dimensions are exchanged one after another, in
//! dimension order, each slab spanning the halos already refilled, so corners come
//! from the diagonal neighbours. One exchange round per split dimension.

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
        // The destination with the source's core copied in.
        let mut out = destination.clone();
        let core: Vec<usize> = (0..rank).map(|e| source.shape()[e] - src[e].lo - src[e].hi).collect();
        let (to_at, from_at): (Vec<usize>, Vec<usize>) = (0..rank).map(|e| (dst[e].lo, src[e].lo)).unzip();
        out.copy_block(&to_at, source, &from_at, &core);
        for &d in &split {
            let axes = &split_axes[d];
            let (board, members) = self.exchange(&out, axes)?;
            let me = self.position(axes);
            let Halo { lo, hi } = dst[d];
            if lo.max(hi) > core[d] {
                return fail(format!("dimension {d}: a halo of {} exceeds the core of {}", lo.max(hi), core[d]));
            }
            // The lo halo takes the previous member's last `lo` core elements (its core
            // ends at `lo + core`), the hi halo the next member's first `hi`.
            let previous = me.checked_sub(1).filter(|_| lo > 0);
            let next = (me + 1 < members.len() && hi > 0).then_some(me + 1);
            for (member, from, to, size) in [(previous, core[d], 0, lo), (next, lo, lo + core[d], hi)] {
                let Some(n) = member else { continue };
                let neighbour = posted(&board, members[n])?;
                let mut at = (vec![0; rank], vec![0; rank]);
                (at.0[d], at.1[d]) = (to, from);
                let mut sizes: Vec<usize> = (0..rank).map(|e| out.shape()[e].min(neighbour.shape()[e])).collect();
                sizes[d] = size;
                out.copy_block(&at.0, neighbour, &at.1, &sizes);
            }
        }
        Ok(out)
    }
}
