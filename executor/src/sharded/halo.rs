//! A convolution split along its spatial dimensions, run with halo exchange
//! ([`Mode::Halo`](crate::schedule::Mode::Halo)).
//!
//! Along each split spatial dimension, a device's output block reads the input rows
//! `Convolution::window_rows` gives: its own input block and the ends of its
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
use autoshard_model::{AxisRef, DType, OpId, OpKind, TensorType};

/// One split spatial dimension of the convolution: its axes and sizes.
struct Split<'s> {
    /// The spatial dimension's index among the spatial dimensions.
    k: usize,
    input_dim: usize,
    output_dim: usize,
    axes: &'s [AxisRef],
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
        let device = self.site.device.index();
        fill_masked(program, id, kernel, self.site.placement, device, &mut operands)?;
        let dn = &conv.dimension_numbers;
        let splits: Vec<Split<'_>> = (dn.input_spatial.iter().zip(&dn.output_spatial).enumerate())
            .map(|(k, (&input_dim, &output_dim))| Split {
                k,
                input_dim,
                output_dim,
                axes: kernel.operands[0].dims.get(input_dim).map_or(&[][..], |d| d.axes.as_slice()),
            })
            .filter(|s| !s.axes.is_empty())
            .collect();
        let (input_shape, output_shape) = (dims(&program.value(op.operands[0]).ty.shape), self.shape(op.results[0]));
        let window = dims(&program.value(op.operands[1]).ty.shape);
        let mut local = conv.clone();
        let mut x = operands[0].clone();
        let (mut received, mut rows) = (0, Vec::new());
        for split in &splits {
            let reach = |dv: usize| -> Result<(i64, i64)> {
                let block = self.site.placement.block(dv, &output_shape, &kernel.results[0])?;
                let (o0, o1) = (
                    block.starts[split.output_dim] as i64,
                    (block.starts[split.output_dim] + block.real[split.output_dim]) as i64,
                );
                Ok(conv.window_rows(split.k, window[dn.kernel_spatial[split.k]] as i64, (o0, o1)))
            };
            let (start, end) = reach(device)?;
            let n = input_shape[split.input_dim] as i64;
            let (got, extended) = self.fetch_rows(&x, split, &input_shape, kernel, &reach)?;
            received += got;
            x = extended;
            local.padding[split.k] = if end > start { ((-start).max(0), (end - n).max(0)) } else { (0, 0) };
            rows.push(end > start);
        }
        let results = self.site.placement.local_shape(&output_shape, &kernel.results[0]);
        if rows.iter().any(|&has| !has) {
            return Ok((vec![Tensor::full(&results, 0.0)], received));
        }
        // The real output rows along the split dimensions, then padded to the block.
        let mut real = results.clone();
        let block = self.site.placement.block(device, &output_shape, &kernel.results[0])?;
        for split in &splits {
            real[split.output_dim] = block.real[split.output_dim];
        }
        let ty =
            TensorType::new(real.iter().map(|&d| d as i64).collect::<Vec<_>>(), program.value(op.results[0]).ty.dtype);
        let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
        let y = apply(&OpKind::Convolution(local), (&[&x, &operands[1]], &dtypes), &[ty]).map_err(unsupported)?;
        let y = y.into_iter().next().ok_or_else(|| unsupported("the kernel made no result".into()))?;
        Ok((vec![y.zero_padded(&results)], received))
    }

    /// `x` (this device's input block, extended along the dimensions before
    /// `split`) extended along `split`'s input dimension to the rows its windows
    /// `reach` (unclipped, per device), fetched from the members of its group; and
    /// the elements received.
    fn fetch_rows(
        &mut self,
        x: &Tensor,
        split: &Split<'_>,
        input_shape: &[usize],
        kernel: &Kernel,
        reach: &dyn Fn(usize) -> Result<(i64, i64)>,
    ) -> Result<(usize, Tensor)> {
        let placement = self.site.placement;
        let (me, axes, d) = (self.site.device.index(), split.axes, split.input_dim);
        let members = placement.count(axes);
        let n = input_shape[d] as i64;
        // The input rows member `p` of `dv`'s group holds, and the ones `dv` reads.
        let held = |dv: usize, p: usize| -> Result<(i64, i64)> {
            let at = placement.with_index(dv, axes, p)?;
            let block = placement.block(at, input_shape, &kernel.operands[0])?;
            Ok((block.starts[d] as i64, (block.starts[d] + block.real[d]) as i64))
        };
        let wants = |dv: usize| -> Result<(i64, i64)> {
            let (start, end) = reach(dv)?;
            Ok((start.max(0), end.min(n)))
        };
        let overlap = |a: (i64, i64), b: (i64, i64)| (a.0.max(b.0), a.1.min(b.1));
        // How far, in members, any device's windows reach.
        let mut distance = 0;
        for dv in 0..placement.devices() {
            let p = placement.index(dv, axes)?;
            for q in 0..members {
                let (lo, hi) = overlap(wants(dv)?, held(dv, q)?);
                if lo < hi {
                    distance = distance.max(p.abs_diff(q));
                }
            }
        }
        let position = placement.index(me, axes)?;
        let mine = held(me, position)?;
        let cut = |rows: (i64, i64)| -> Tensor {
            let mut starts = vec![0; x.rank()];
            let mut sizes = x.shape().to_vec();
            (starts[d], sizes[d]) = ((rows.0 - mine.0).max(0) as usize, (rows.1 - rows.0).max(0) as usize);
            x.block(&starts, &sizes)
        };
        let mut pieces: Vec<(usize, Tensor)> = vec![(position, cut(overlap(wants(me)?, mine)))];
        let mut received = 0;
        for step in 1..=distance {
            for forward in [true, false] {
                let shifted = |p: usize| if forward { p.checked_add(step) } else { p.checked_sub(step) };
                let mut pairs = Vec::new();
                for dv in 0..placement.devices() {
                    if let Some(q) = shifted(placement.index(dv, axes)?).filter(|&q| q < members) {
                        pairs.push((dv, placement.with_index(dv, axes, q)?));
                    }
                }
                // What the member `step` away in this direction reads of my rows.
                let target = shifted(position).filter(|&q| q < members);
                let sent = match target {
                    Some(q) => cut(overlap(wants(placement.with_index(me, axes, q)?)?, mine)),
                    None => cut((mine.0, mine.0)),
                };
                let got = self.site.device.collective_permute(&sent, &pairs)?;
                let source = if forward { position.checked_sub(step) } else { position.checked_add(step) };
                if let Some(q) = source.filter(|&q| q < members) {
                    let (lo, hi) = overlap(wants(me)?, held(me, q)?);
                    if lo < hi {
                        received += got.len();
                        pieces.push((q, got));
                    }
                }
            }
        }
        pieces.sort_by_key(|(p, _)| *p);
        let parts: Vec<&Tensor> = pieces.iter().map(|(_, t)| t).filter(|t| t.shape()[d] > 0).collect();
        let joined = if parts.is_empty() {
            cut((mine.0, mine.0))
        } else {
            Tensor::concat(&parts, d).ok_or_else(|| Error::Collective("halo pieces of different shapes".into()))?
        };
        Ok((received, joined))
    }
}
