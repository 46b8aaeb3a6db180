//! The price of a convolution's halo exchange (`autoshard_model::rules::halo_exchange`):
//! along each split spatial dimension, every device receives the input rows its
//! output block's windows reach beyond its own input block, from the previous
//! members of its group and from the next. Priced as two collective-permutes per
//! split dimension (one per direction), each of the most rows any device receives
//! that way times the rest of its input block; the result is exactly the executor's
//! (`executor/src/sharded/halo.rs`), so the plan's prediction and its run move the
//! same rows.

use crate::collective::{Group, collective_time};
use crate::error::Result;
use crate::op_cost::Pricing;
use crate::reshard::PricedCollective;
use autoshard_model::ops::Convolution;
use autoshard_model::reshard::{Collective, CollectiveKind};
use autoshard_model::{Bytes, OpId, Seconds, TensorSharding};

impl Pricing<'_> {
    /// The halo exchange of convolution `id` reading its input as `input` and
    /// producing `produced`: the rows moved, priced as collective-permutes (one
    /// entry, its time the sum over dimensions and directions); `None` when no
    /// window reaches beyond its block (a 1x1 kernel).
    pub(crate) fn halo(
        &self,
        id: OpId,
        conv: &Convolution,
        input: &TensorSharding,
        produced: &TensorSharding,
    ) -> Result<Option<PricedCollective>> {
        let program = self.program;
        let op = program.op(id);
        let x = &program.value(op.operands[0]).ty;
        let (kernel, output) = (&program.value(op.operands[1]).ty.shape, &program.value(op.results[0]).ty.shape);
        let mesh = program.mesh();
        let local: Vec<i64> = input.local_dims(mesh, &x.shape).collect();
        let dn = &conv.dimension_numbers;
        let (mut bytes, mut time) = (0u64, 0.0);
        for (k, (&d, &o)) in dn.input_spatial.iter().zip(&dn.output_spatial).enumerate() {
            let Some(axes) = input.dims.get(d).map(|dim| &dim.axes).filter(|axes| !axes.is_empty()) else { continue };
            let shards = input.dims[d].sharded_size(mesh).max(1);
            let (n, m, size) = (x.shape[d], output[o], kernel[dn.kernel_spatial[k]]);
            // The most rows any device takes from before and from after its block.
            let (mut before, mut after) = (0i64, 0i64);
            for shard in conv.halo_shards(k, size, (n, m), shards).iter().filter(|s| s.reads()) {
                let read = shard.read(n);
                before = before.max(shard.held.0 - read.0);
                after = after.max(read.1 - shard.held.1);
            }
            let row: i64 = local.iter().enumerate().filter(|&(e, _)| e != d).map(|(_, &s)| s).product();
            let group = Group::for_kind(CollectiveKind::CollectivePermute, axes, mesh, self.hardware);
            for rows in [before, after].into_iter().filter(|&r| r > 0) {
                let moved = Bytes((rows * row).max(0) as u64 * x.dtype.size_bytes());
                bytes += moved.0;
                time += collective_time(CollectiveKind::CollectivePermute, group, moved).0;
            }
        }
        if bytes == 0 {
            return Ok(None);
        }
        let collective = Collective::CollectivePermute { out: produced.clone() };
        Ok(Some(PricedCollective { collective, bytes: Bytes(bytes), time: Seconds(time), result_bytes: Bytes(bytes) }))
    }
}
