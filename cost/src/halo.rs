//! The price of a windowed op's halo exchange (`autoshard_model::rules::halo_exchange`:
//! a convolution, `reduce_window`, `pad` or `slice` split along its windowed
//! dimensions): along each split dimension, every device receives the input rows
//! its output block's windows reach beyond its own input block, from the previous
//! members of its group and from the next. Priced as two collective-permutes per
//! split dimension and windowed input (one per direction; one per block of distance
//! where rows come from beyond the next block), each of the most rows any device
//! receives that way times the rest of its input block; the rows are
//! `HaloDim::shards`', the ones the executor moves (`executor/src/sharded/halo.rs`),
//! so the plan's prediction and its run agree.

use crate::collective::{Group, collective_time};
use crate::error::Result;
use crate::op_cost::Pricing;
use crate::reshard::PricedCollective;
use autoshard_model::ops::Halo;
use autoshard_model::reshard::{Collective, CollectiveKind};
use autoshard_model::{Bytes, OpId, Seconds, TensorSharding};

impl Pricing<'_> {
    /// The halo exchange of windowed op `id` (its windows `halo`) reading its
    /// operands as `operands` and producing `produced`: the rows moved, priced as
    /// collective-permutes (one entry, its time the sum over dimensions, inputs and
    /// directions); `None` when no window reaches beyond its block (a 1x1 kernel).
    pub(crate) fn halo(
        &self,
        id: OpId,
        halo: &Halo,
        operands: &[TensorSharding],
        produced: &TensorSharding,
    ) -> Result<Option<PricedCollective>> {
        let program = self.program;
        let op = program.op(id);
        let output = &program.value(op.results[0]).ty.shape;
        let mesh = program.mesh();
        let (mut bytes, mut time) = (0u64, 0.0);
        for (&v, input) in op.operands.iter().zip(operands).take(halo.inputs) {
            let x = &program.value(v).ty;
            let local: Vec<i64> = input.local_dims(mesh, &x.shape).collect();
            for dim in &halo.dims {
                let d = dim.input_dim;
                let Some(axes) = input.dims.get(d).map(|s| &s.axes).filter(|axes| !axes.is_empty()) else { continue };
                let shards = input.dims[d].sharded_size(mesh).max(1);
                let n = x.shape[d];
                // The most rows any device takes from before and from after its block.
                let (mut before, mut after) = (0i64, 0i64);
                for shard in dim.shards((n, output[dim.output_dim]), shards).iter().filter(|s| s.reads()) {
                    let read = shard.read(n);
                    before = before.max(shard.held.0 - read.0);
                    after = after.max(read.1 - shard.held.1);
                }
                let row: i64 = local.iter().enumerate().filter(|&(e, _)| e != d).map(|(_, &s)| s).product();
                let group = Group::for_kind(CollectiveKind::CollectivePermute, axes, mesh, self.hardware);
                // Rows from beyond the next block come by one permute per block of
                // distance (a slice that keeps half the rows, say).
                let block = ((n + shards - 1) / shards).max(1);
                for rows in [before, after].into_iter().filter(|&r| r > 0) {
                    let moved = Bytes((rows * row).max(0) as u64 * x.dtype.size_bytes());
                    let distances = (rows + block - 1) / block;
                    bytes += moved.0;
                    let each = Bytes(moved.0 / distances as u64);
                    time += distances as f64 * collective_time(CollectiveKind::CollectivePermute, group, each).0;
                }
            }
        }
        if bytes == 0 {
            return Ok(None);
        }
        let collective = Collective::CollectivePermute { out: produced.clone() };
        Ok(Some(PricedCollective { collective, bytes: Bytes(bytes), time: Seconds(time), result_bytes: Bytes(bytes) }))
    }
}
