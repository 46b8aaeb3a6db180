//! A convolution split along its spatial dimensions, run with halo exchange
//! ([`Mode::Halo`](crate::schedule::Mode::Halo)).
//!
//! Along each split spatial dimension, a device's output block reads the input rows
//! `Convolution::halo_shards` gives: its own input block and the ends of its
//! neighbours' (its halo), plus padding where the range runs off the tensor. Each
//! device sends every other member of its group along the dimension's axes the rows
//! of its block that member reads (one collective-permute per distance, in each
//! direction, for as far as any window reaches: the next block, unless blocks are
//! smaller than a window), joins what it receives with its own rows in order, and
//! runs the kernel with the padding that remains at the tensor's edges. Split
//! dimensions are extended one after another, each exchange carrying the rows
//! already fetched, so windows that straddle two split dimensions get their corners.
//! A device with no real output rows still takes part in the exchanges and returns
//! zeros (padding).

use super::DeviceRun;
use super::compute::fill_masked;
use crate::error::{Error, Result};
use crate::reference::apply;
use crate::schedule::Kernel;
use crate::tensor::{Tensor, dims};
use autoshard_model::ops::HaloShard;
use autoshard_model::{AxisRef, DType, OpId, OpKind, TensorType, ValueId};

/// One split spatial dimension of the convolution: where it is, its axes, and each
/// shard's rows along it, by position along the axes.
struct Split<'s> {
    /// The spatial dimension's index among the spatial dimensions.
    k: usize,
    input_dim: usize,
    output_dim: usize,
    axes: &'s [AxisRef],
    shards: Vec<HaloShard>,
}

impl DeviceRun<'_, '_> {
    /// Runs convolution `id` under `kernel` ([`Mode::Halo`](crate::schedule::Mode::Halo))
    /// on this device's `operands` (input block, kernel block): its result block and
    /// the elements received.
    pub(super) fn halo_convolution(
        &mut self,
        id: OpId,
        kernel: &Kernel,
        mut operands: Vec<Tensor>,
    ) -> Result<(Vec<Tensor>, usize)> {
        let program = self.program;
        let op = program.op(id);
        let unsupported =
            |reason: String| Error::Unsupported { op: op.name.clone(), kind: op.kind.name().into(), reason };
        let OpKind::Convolution(conv) = &op.kind else {
            return Err(unsupported("halo exchange is for convolutions".into()));
        };
        let (placement, device) = (self.site.placement, self.site.device.index());
        fill_masked(program, id, kernel, placement, device, &mut operands)?;
        let shape = |v: ValueId| &program.value(v).ty.shape;
        let (input, window, output) = (shape(op.operands[0]), shape(op.operands[1]), shape(op.results[0]));
        let dn = &conv.dimension_numbers;
        let mut splits = Vec::new();
        for (k, (&input_dim, &output_dim)) in dn.input_spatial.iter().zip(&dn.output_spatial).enumerate() {
            let axes = kernel.operands[0].dims.get(input_dim).map_or(&[][..], |d| d.axes.as_slice());
            if !axes.is_empty() {
                let (sizes, count) = ((input[input_dim], output[output_dim]), placement.count(axes) as i64);
                let shards = conv.halo_shards(k, window[dn.kernel_spatial[k]], sizes, count);
                splits.push(Split { k, input_dim, output_dim, axes, shards });
            }
        }
        let mut local = conv.clone();
        let (mut x, mut received, mut reads) = (operands[0].clone(), 0, true);
        for split in &splits {
            let mine = split.shards[placement.index(device, split.axes)?];
            let (got, extended) = self.fetch_rows(&x, split, input[split.input_dim])?;
            (x, received) = (extended, received + got);
            let (start, end, n) = (mine.window.0, mine.window.1, input[split.input_dim]);
            local.padding[split.k] = if mine.reads() { ((-start).max(0), (end - n).max(0)) } else { (0, 0) };
            reads &= mine.reads();
        }
        let results = placement.local_shape(&dims(output), &kernel.results[0]);
        if !reads {
            return Ok((vec![Tensor::full(&results, 0.0)], received));
        }
        // The real output rows along the split dimensions, then padded to the block.
        let block = placement.block(device, &dims(output), &kernel.results[0])?;
        let mut real: Vec<i64> = results.iter().map(|&d| d as i64).collect();
        for split in &splits {
            real[split.output_dim] = block.real[split.output_dim] as i64;
        }
        let ty = TensorType::new(real, program.value(op.results[0]).ty.dtype);
        let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
        let y = apply(&OpKind::Convolution(local), (&[&x, &operands[1]], &dtypes), &[ty]).map_err(unsupported)?;
        let y = y.into_iter().next().ok_or_else(|| unsupported("the kernel made no result".into()))?;
        Ok((vec![y.zero_padded(&results)], received))
    }

    /// `x` (this device's input block, extended along the dimensions before
    /// `split`) extended along `split`'s input dimension (of `n` rows) to the rows its
    /// windows read, fetched from the members of its group; and the elements
    /// received.
    fn fetch_rows(&mut self, x: &Tensor, split: &Split<'_>, n: i64) -> Result<(usize, Tensor)> {
        let placement = self.site.placement;
        let (me, axes, d) = (self.site.device.index(), split.axes, split.input_dim);
        let members = split.shards.len();
        let overlap = |a: (i64, i64), b: (i64, i64)| (a.0.max(b.0), a.1.min(b.1));
        // The rows member `p` reads of member `q`'s block.
        let share = |p: usize, q: usize| overlap(split.shards[p].read(n), split.shards[q].held);
        // How far, in members, any member's windows reach (the same in every group).
        let distance = (0..members)
            .flat_map(|p| (0..members).map(move |q| (p, q)))
            .filter(|&(p, q)| share(p, q).0 < share(p, q).1)
            .map(|(p, q)| p.abs_diff(q))
            .max()
            .unwrap_or(0);
        let position = placement.index(me, axes)?;
        let mine = split.shards[position].held;
        let cut = |rows: (i64, i64)| -> Tensor {
            let mut starts = vec![0; x.rank()];
            let mut sizes = x.shape().to_vec();
            (starts[d], sizes[d]) = ((rows.0 - mine.0).max(0) as usize, (rows.1 - rows.0).max(0) as usize);
            x.block(&starts, &sizes)
        };
        let mut pieces: Vec<(usize, Tensor)> = vec![(position, cut(share(position, position)))];
        let mut received = 0;
        for step in 1..=distance {
            for forward in [true, false] {
                let shifted = |p: usize| {
                    let q = if forward { p.checked_add(step) } else { p.checked_sub(step) };
                    q.filter(|&q| q < members)
                };
                let mut pairs = Vec::new();
                for dv in 0..placement.devices() {
                    if let Some(q) = shifted(placement.index(dv, axes)?) {
                        pairs.push((dv, placement.with_index(dv, axes, q)?));
                    }
                }
                // What the member `step` away in this direction reads of my rows.
                let sent = cut(shifted(position).map_or((mine.0, mine.0), |q| share(q, position)));
                let got = self.site.device.collective_permute(&sent, &pairs)?;
                // And what I read of the member `step` away in the other direction.
                let source = if forward { position.checked_sub(step) } else { position.checked_add(step) };
                if let Some(q) = source.filter(|&q| q < members && share(position, q).0 < share(position, q).1) {
                    received += got.len();
                    pieces.push((q, got));
                }
            }
        }
        pieces.sort_by_key(|(p, _)| *p);
        let parts: Vec<&Tensor> = pieces.iter().map(|(_, t)| t).filter(|t| t.shape()[d] > 0).collect();
        if parts.is_empty() {
            return Ok((received, cut((mine.0, mine.0))));
        }
        let joined =
            Tensor::concat(&parts, d).ok_or_else(|| Error::Collective("halo pieces of different shapes".into()))?;
        Ok((received, joined))
    }
}
