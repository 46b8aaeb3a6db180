//! A windowed op (a convolution, a `reduce_window`, a `pad` or a `slice`) split
//! along its windowed dimensions, run with halo exchange
//! ([`Mode::Halo`](crate::schedule::Mode::Halo)).
//!
//! Along each split dimension, a device's output block reads the input rows
//! `HaloDim::shards` gives: its own input block and the ends of its neighbours'
//! (its halo), plus padding where the range runs off the tensor. For each windowed
//! input, each device sends every other member of its group along the dimension's
//! axes the rows of its block that member reads (one collective-permute per
//! distance, in each direction, for as far as any window reaches: the next block,
//! unless blocks are smaller than a window), joins what it receives with its own
//! rows in order, and runs the op with the padding that remains at the tensor's
//! edges. Split dimensions are extended one after another, each exchange carrying
//! the rows already fetched, so windows that straddle two split dimensions get
//! their corners. A device with no real output rows still takes part in the
//! exchanges and returns zeros (padding). A `select_and_scatter`, whose result rows
//! are its operand's, fetches the rows of every window touching its block (none
//! when the windows tile the blocks) and scatters those windows' share of the
//! source into its own rows.

use super::DeviceRun;
use super::compute::fill_masked;
use crate::error::{Error, Result};
use crate::reference::apply;
use crate::schedule::Kernel;
use crate::tensor::{Tensor, dims};
use autoshard_model::ops::{HaloDim, HaloShard};
use autoshard_model::{AxisRef, DType, OpId, OpKind, TensorType};

/// One split windowed dimension of the op: its geometry, its axes, and each
/// shard's rows along it, by position along the axes.
struct Split<'s> {
    dim: HaloDim,
    axes: &'s [AxisRef],
    shards: Vec<HaloShard>,
}

impl DeviceRun<'_, '_> {
    /// Runs windowed op `id` under `kernel` ([`Mode::Halo`](crate::schedule::Mode::Halo))
    /// on this device's `operands` (its blocks): its result blocks and the elements
    /// received.
    pub(super) fn halo_op(
        &mut self,
        id: OpId,
        kernel: &Kernel,
        mut operands: Vec<Tensor>,
    ) -> Result<(Vec<Tensor>, usize)> {
        let program = self.program;
        let op = program.op(id);
        let unsupported = |reason: String| Error::unsupported(op, reason);
        let types: Vec<&TensorType> = op.operands.iter().map(|&v| &program.value(v).ty).collect();
        let halo = op.kind.halo(&types).ok_or_else(|| unsupported("halo exchange is for windowed ops".into()))?;
        let (input, output) = (&types[0].shape, &program.value(op.results[0]).ty.shape);
        // Each split windowed dimension with its shards (by position along its axes).
        let (placement, device) = (self.site.placement, self.site.device.index());
        let mut splits = Vec::new();
        for dim in halo.dims {
            let axes = kernel.operands[0].dims.get(dim.input_dim).map_or(&[][..], |d| d.axes.as_slice());
            if !axes.is_empty() {
                let shards = dim.shards((input[dim.input_dim], output[dim.output_dim]), placement.count(axes) as i64);
                splits.push(Split { dim, axes, shards });
            }
        }
        let dtypes: Vec<DType> = types.iter().map(|t| t.dtype).collect();
        if matches!(op.kind, OpKind::SelectAndScatter(_)) {
            return self.halo_select_and_scatter(id, kernel, (operands, &dtypes), &splits);
        }
        fill_masked(program, id, kernel, placement, device, &mut operands)?;
        let mut local = op.kind.clone();
        let (mut received, mut reads) = (0, true);
        for split in &splits {
            let mine = split.shards[placement.index(device, split.axes)?];
            for x in operands.iter_mut().take(halo.inputs) {
                let (got, extended) = self.fetch_rows(x, split, input[split.dim.input_dim])?;
                (*x, received) = (extended, received + got);
            }
            local.set_window_padding(split.dim.k, mine.padding(input[split.dim.input_dim]));
            reads &= mine.reads();
        }
        let mut results = Vec::with_capacity(op.results.len());
        for (&r, sharding) in op.results.iter().zip(&kernel.results) {
            let ty = &program.value(r).ty;
            let shape = placement.local_shape(&dims(&ty.shape), sharding);
            // The real output rows along the split dimensions, then padded to the block.
            let block = placement.block(device, &dims(&ty.shape), sharding)?;
            let mut real: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
            for split in &splits {
                real[split.dim.output_dim] = block.real[split.dim.output_dim] as i64;
            }
            results.push((shape, TensorType::new(real, ty.dtype)));
        }
        if !reads {
            return Ok((results.iter().map(|(shape, _)| Tensor::full(shape, 0.0)).collect(), received));
        }
        let xs: Vec<&Tensor> = operands.iter().collect();
        let tys: Vec<TensorType> = results.iter().map(|(_, ty)| ty.clone()).collect();
        let ys = apply(&local, (&xs, &dtypes), &tys).map_err(unsupported)?;
        if ys.len() != results.len() {
            return Err(unsupported(format!("the kernel made {} results, not {}", ys.len(), results.len())));
        }
        Ok((ys.into_iter().zip(&results).map(|(y, (shape, _))| y.zero_padded(shape)).collect(), received))
    }

    /// `select_and_scatter` `id` along its `splits`: along each, this device
    /// fetches the operand rows of the windows touching its block, takes those
    /// windows' rows of the source (replicated along the dimension), runs the op on
    /// them with its padding set so its windows are exactly those, and keeps its
    /// own rows of the result.
    fn halo_select_and_scatter(
        &mut self,
        id: OpId,
        kernel: &Kernel,
        (mut operands, dtypes): (Vec<Tensor>, &[DType]),
        splits: &[Split<'_>],
    ) -> Result<(Vec<Tensor>, usize)> {
        let program = self.program;
        let op = program.op(id);
        let unsupported = |reason: String| Error::unsupported(op, reason);
        if operands.len() < 2 {
            return Err(unsupported(format!("{} operands, not 2 or 3", operands.len())));
        }
        let (placement, device) = (self.site.placement, self.site.device.index());
        let shape = &program.value(op.operands[0]).ty.shape;
        let (mut local, mut received, mut empty) = (op.kind.clone(), 0, false);
        let mut crops = Vec::new();
        for split in splits {
            let (dim, n) = (&split.dim, shape[split.dim.input_dim]);
            let Some(windows) = dim.scatter_windows else { continue };
            let mine = split.shards[placement.index(device, split.axes)?];
            let (got, extended) = self.fetch_rows(&operands[0], split, n)?;
            (operands[0], received) = (extended, received + got);
            let (read, touching) = (mine.read(n), dim.touching(mine.held, windows));
            empty |= touching.1 <= touching.0;
            local.set_window_padding(dim.k, dim.scatter_padding(read, touching));
            let (first, count) = (touching.0 as usize, (touching.1 - touching.0).max(0) as usize);
            operands[1] = operands[1].slab(dim.input_dim, first, count);
            crops.push((dim.input_dim, (mine.held.0 - read.0) as usize, (mine.held.1 - mine.held.0) as usize));
        }
        let block = placement.local_shape(&dims(shape), &kernel.results[0]);
        if empty {
            // No window touches the block: it holds the init value (0 without one).
            let init = operands.get(2).and_then(|t| t.data().first().copied()).unwrap_or(0.0);
            return Ok((vec![Tensor::full(&block, init)], received));
        }
        let extended: Vec<i64> = operands[0].shape().iter().map(|&n| n as i64).collect();
        let ty = TensorType::new(extended, program.value(op.results[0]).ty.dtype);
        let xs: Vec<&Tensor> = operands.iter().collect();
        let y = apply(&local, (&xs, dtypes), &[ty]).map_err(unsupported)?;
        let mut y = y.into_iter().next().ok_or_else(|| unsupported("the kernel made no result".into()))?;
        for (d, start, size) in crops {
            y = y.slab(d, start, size);
        }
        Ok((vec![y.zero_padded(&block)], received))
    }

    /// `x` (this device's input block, extended along the dimensions before
    /// `split`) extended along `split`'s input dimension (of `n` rows) to the rows its
    /// windows read, fetched from the members of its group; and the elements
    /// received.
    fn fetch_rows(&mut self, x: &Tensor, split: &Split<'_>, n: i64) -> Result<(usize, Tensor)> {
        let placement = self.site.placement;
        let (me, axes, d) = (self.site.device.index(), split.axes, split.dim.input_dim);
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
        let cut = |rows: (i64, i64)| x.slab(d, (rows.0 - mine.0).max(0) as usize, (rows.1 - rows.0).max(0) as usize);
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
