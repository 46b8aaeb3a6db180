//! Shardy's collectives on the simulated devices: each takes a device's block of a
//! tensor under one sharding to its block under the collective's result sharding.
//!
//! Where every dimension involved divides evenly and its mesh axes are a group of
//! the device grid, a collective is the mesh dialect's collective over their grid
//! axes (`all_gather`, `all_to_all`, `all_reduce`, `reduce_scatter`,
//! `collective_permute`; `all_slice` is a local piece). With padding or uneven
//! shards (a `collective_permute` between two cuts of the same axes included) the
//! blocks of the two shardings do not line up, and sub-axes that do not nest with
//! others the program uses are no grid group; then the data moves by [`redistribute`]: every
//! device posts its block and copies, from the devices that hold them, exactly the
//! elements of its new block (the sources agree with it outside the source
//! sharding's dimension axes, so partial sums stay with their group). An
//! `all_reduce` off the grid combines the group's posts directly, and a
//! `reduce_scatter` off the grid is an all-reduce and a local slice.
//! `replicated_to_unreduced` and `sharded_to_unreduced` are local. Each returns the
//! tensor and the number of elements it received.

use crate::collectives::combine;
use crate::error::{Error, Result};
use crate::placement::{Block, Placement};
use crate::runtime::{Device, Post, posted, posted_all};
use crate::tensor::Tensor;
use autoshard_model::reshard::Collective;
use autoshard_model::{AxisRef, ReductionKind, TensorSharding};

/// One device's view of the mesh inside a run.
pub(crate) struct Site<'a, 'd> {
    pub(crate) device: &'a Device<'d>,
    pub(crate) placement: &'a Placement,
}

/// A block moved: the new tensor and how many elements arrived from other devices.
pub(crate) type Moved = (Tensor, usize);

impl Site<'_, '_> {
    fn index(&self) -> usize {
        self.device.index()
    }

    fn axes(&self, axes: &[AxisRef]) -> Result<Vec<usize>> {
        self.placement.grid_axes(axes)
    }

    /// True when dimension `d` of `shape` divides evenly under both shardings, into
    /// equal blocks (neither cuts it at offsets).
    fn even(&self, shape: &[usize], d: usize, (a, b): (&TensorSharding, &TensorSharding)) -> bool {
        let equal = |s: &TensorSharding| shape[d].is_multiple_of(self.placement.shards(s, d)) && !uneven(s, d);
        equal(a) && equal(b)
    }

    /// The grid axes of each list of mesh axes in `groups`, if every dimension in
    /// `dims` divides evenly under both shardings and every list is a group of the
    /// device grid: then a mesh-dialect collective moves the blocks. `None`
    /// otherwise (padding, or sub-axes that do not nest with others of the program).
    fn grid_groups<'g>(
        &self,
        shape: &[usize],
        shardings: (&TensorSharding, &TensorSharding),
        dims: impl IntoIterator<Item = usize>,
        groups: impl IntoIterator<Item = &'g [AxisRef]>,
    ) -> Option<Vec<Vec<usize>>> {
        if !dims.into_iter().all(|d| self.even(shape, d, shardings)) {
            return None;
        }
        groups.into_iter().map(|axes| self.axes(axes).ok()).collect()
    }

    /// Runs `collective` on this device's block `x` of a tensor of `shape` held as
    /// `from`.
    pub(crate) fn collective(
        &self,
        x: Tensor,
        shape: &[usize],
        from: &TensorSharding,
        c: &Collective,
    ) -> Result<Moved> {
        let out = c.out_sharding();
        let expected = self.placement.local_shape(shape, from);
        if x.shape() != expected.as_slice() {
            return Err(Error::Collective(format!(
                "{c} on device {}: a block of {from} of a {shape:?} tensor has shape {expected:?}, got {:?}",
                self.index(),
                x.shape()
            )));
        }
        match c {
            Collective::AllGather { axes, .. } => {
                let dims: Vec<usize> = (0..axes.len()).filter(|&d| !axes[d].is_empty()).collect();
                let lists = dims.iter().map(|&d| axes[d].as_slice());
                let Some(groups) = self.grid_groups(shape, (from, out), dims.iter().copied(), lists) else {
                    return self.redistribute(x, shape, from, out);
                };
                let mut x = x;
                let mut received = 0;
                for (&d, grid_axes) in dims.iter().zip(&groups) {
                    let group = self.placement.count(&axes[d]);
                    x = self.device.all_gather(&x, grid_axes, d)?;
                    received += x.len() - x.len() / group;
                }
                Ok((x, received))
            }
            Collective::AllSlice { .. } => self.slice(x, shape, from, out),
            Collective::AllToAll { params, .. } => {
                let dims = params.iter().flat_map(|p| [p.src_dim, p.tgt_dim]);
                let lists = params.iter().map(|p| p.axes.as_slice());
                let Some(groups) = self.grid_groups(shape, (from, out), dims, lists) else {
                    return self.redistribute(x, shape, from, out);
                };
                let mut x = x;
                let mut received = 0;
                for (p, grid_axes) in params.iter().zip(&groups) {
                    let group = self.placement.count(&p.axes);
                    x = self.device.all_to_all(&x, grid_axes, p.tgt_dim, p.src_dim)?;
                    received += x.len() - x.len() / group;
                }
                Ok((x, received))
            }
            // Blocks cut elsewhere (uneven shards rebalanced) move element by element.
            Collective::CollectivePermute { .. }
                if (0..shape.len()).any(|d| self.cut_differently(shape, d, from, out)) =>
            {
                self.redistribute(x, shape, from, out)
            }
            Collective::CollectivePermute { .. } => self.permute(&x, from, out),
            Collective::AllReduce { axes, reduction, .. } => self.all_reduce(&x, axes, *reduction),
            Collective::ReduceScatter { axes, reduction, .. } => {
                let dims: Vec<usize> = (0..axes.len()).filter(|&d| !axes[d].is_empty()).collect();
                // One dimension on a grid group: the mesh dialect's reduce-scatter;
                // otherwise an all-reduce and a local slice (the unreduced axes
                // change, so the blocks cannot be redistributed).
                if let [d] = dims[..]
                    && let Some(groups) = self.grid_groups(shape, (from, out), [d], [axes[d].as_slice()])
                {
                    let group = self.placement.count(&axes[d]);
                    let y = self.device.reduce_scatter(&x, &groups[0], *reduction, d)?;
                    let received = y.len() * (group - 1);
                    return Ok((y, received));
                }
                let all: Vec<AxisRef> = axes.iter().flatten().cloned().collect();
                let (reduced, received) = self.all_reduce(&x, &all, *reduction)?;
                let (y, more) = self.slice(reduced, shape, &from.reduced(), out)?;
                Ok((y, received + more))
            }
            Collective::ReplicatedToUnreduced { axes, out } => Ok((self.unreduce(x, axes, out.reduction)?, 0)),
            Collective::ShardedToUnreduced { axes, out } => self.spread(x, shape, from, (axes, out)),
            Collective::Reshard { .. } => self.redistribute(x, shape, from, out),
        }
    }

    /// True when dimension `d` of `shape` is cut at different places under `a` and
    /// `b`.
    fn cut_differently(&self, shape: &[usize], d: usize, a: &TensorSharding, b: &TensorSharding) -> bool {
        self.placement.bounds(a, d, shape[d]) != self.placement.bounds(b, d, shape[d])
    }

    /// Runs `collectives` in order on this device's block `y` of a tensor of `shape`
    /// held as `from`: the block they leave and the sharding it is held as.
    pub(crate) fn through<'c>(
        &self,
        mut y: Tensor,
        shape: &[usize],
        from: &'c TensorSharding,
        collectives: &'c [Collective],
    ) -> Result<(Tensor, &'c TensorSharding)> {
        let mut current = from;
        for c in collectives {
            y = self.collective(y, shape, current, c)?.0;
            current = c.out_sharding();
        }
        Ok((y, current))
    }

    /// This device's block of the whole tensor `x` under `sharding` (with partial
    /// results as `unreduce` makes them).
    pub(crate) fn take_block(&self, x: &Tensor, shape: &[usize], sharding: &TensorSharding) -> Result<Tensor> {
        let block = self.placement.block(self.index(), shape, sharding)?;
        self.padded_block(x.block(&block.starts, &block.real), &block, sharding)
    }

    /// This device's block under `sharding` from `real`, its elements inside the
    /// tensor: zero-padded to the block's shape, partial as `unreduce` makes it.
    pub(crate) fn padded_block(&self, real: Tensor, block: &Block, sharding: &TensorSharding) -> Result<Tensor> {
        self.unreduce(real.zero_padded(&block.local), &sharding.unreduced, sharding.reduction)
    }

    fn all_reduce(&self, x: &Tensor, axes: &[AxisRef], reduction: ReductionKind) -> Result<Moved> {
        let group = self.placement.count(axes);
        let Ok(grid_axes) = self.axes(axes) else {
            // Sub-axes that are no grid group: combine the group's posts directly.
            let board = self.device.round(Some(Post { tensor: x.clone(), to: None }))?;
            let members =
                (0..group).map(|k| self.placement.with_index(self.index(), axes, k)).collect::<Result<Vec<_>>>()?;
            let y = combine(reduction, &posted_all(&board, &members)?)?;
            return Ok((y, x.len() * (group - 1)));
        };
        let y = self.device.all_reduce(x, &grid_axes, reduction)?;
        // Two rounds: a reduce-scatter and an all-gather of 1/group of the tensor each.
        let received = 2 * (x.len() - x.len() / group.max(1));
        Ok((y, received))
    }

    /// The block under `to` of a tensor held as `from`, where `to` only adds axes:
    /// a sub-block of this device's block, cut locally — unless padding makes the
    /// blocks of the two shardings straddle each other, when it moves like any
    /// other reshard.
    pub(crate) fn slice(
        &self,
        x: Tensor,
        shape: &[usize],
        from: &TensorSharding,
        to: &TensorSharding,
    ) -> Result<Moved> {
        // Every device must take part in the same rounds: all agree to move or not.
        if !self.refines_evenly(shape, from, to) && !self.all_inside(shape, from, to)? {
            return self.redistribute(x, shape, from, to);
        }
        let old = self.placement.block(self.index(), shape, from)?;
        let new = self.placement.block(self.index(), shape, to)?;
        let mut y = Tensor::full(&new.local, 0.0);
        let offset: Vec<usize> = new.starts.iter().zip(&old.starts).map(|(n, o)| n.saturating_sub(*o)).collect();
        y.copy_block(&vec![0; shape.len()], &x, &offset, &new.real);
        Ok((y, 0))
    }

    /// True when every dimension's axes under `to` extend those under `from` and
    /// split it evenly: `to`'s blocks then tile each of `from`'s exactly, so every
    /// device's new block lies inside its old one without computing any block.
    fn refines_evenly(&self, shape: &[usize], from: &TensorSharding, to: &TensorSharding) -> bool {
        fn axes(s: &TensorSharding, d: usize) -> &[AxisRef] {
            s.dims.get(d).map_or(&[], |dim| dim.axes.as_slice())
        }
        (0..shape.len()).all(|d| {
            axes(to, d).starts_with(axes(from, d))
                && shape[d].is_multiple_of(self.placement.shards(to, d))
                && !uneven(from, d)
                && !uneven(to, d)
        })
    }

    /// True when on every device the real part of the block under `to` lies inside
    /// the block under `from`.
    fn all_inside(&self, shape: &[usize], from: &TensorSharding, to: &TensorSharding) -> Result<bool> {
        for device in 0..self.placement.devices() {
            let old = self.placement.block(device, shape, from)?;
            let new = self.placement.block(device, shape, to)?;
            let inside = (0..shape.len()).all(|d| {
                new.real[d] == 0
                    || (new.starts[d] >= old.starts[d] && new.starts[d] + new.real[d] <= old.starts[d] + old.real[d])
            });
            if !inside {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Partial values along `axes` of a replicated value: one device of each group
    /// keeps it, the others hold the reduction's identity (an idempotent reduction,
    /// max, min, and, or, keeps it everywhere).
    pub(crate) fn unreduce(&self, x: Tensor, axes: &[AxisRef], reduction: ReductionKind) -> Result<Tensor> {
        if !reduction.idempotent() && !self.placement.leads(self.index(), axes)? {
            return Ok(Tensor::full(x.shape(), reduction.identity() as f32));
        }
        Ok(x)
    }

    /// `sharded_to_unreduced`: this device's block placed in its larger block under
    /// `to`, the rest the reduction's identity (for an average, the block times the
    /// group's size, as the group's mean divides by it). Where padding makes a block
    /// straddle two larger ones, the blocks move (as an all-gather) and then become
    /// partial.
    fn spread(
        &self,
        x: Tensor,
        shape: &[usize],
        from: &TensorSharding,
        (axes, to): (&[Vec<AxisRef>], &TensorSharding),
    ) -> Result<Moved> {
        if !self.all_inside(shape, to, from)? {
            let gathered = TensorSharding { unreduced: from.unreduced.clone(), ..to.clone() };
            let (y, received) = self.redistribute(x, shape, from, &gathered)?;
            let moved: Vec<AxisRef> = axes.iter().flatten().cloned().collect();
            return Ok((self.unreduce(y, &moved, to.reduction)?, received));
        }
        let old = self.placement.block(self.index(), shape, from)?;
        let new = self.placement.block(self.index(), shape, to)?;
        let mut y = Tensor::full(&new.local, to.reduction.identity() as f32);
        let at: Vec<usize> = old.starts.iter().zip(&new.starts).map(|(o, n)| o.saturating_sub(*n)).collect();
        let x = match to.reduction {
            ReductionKind::Average => {
                let n = self.placement.count(&axes.iter().flatten().cloned().collect::<Vec<_>>()) as f32;
                x.map(|v| v * n)
            }
            _ => x,
        };
        y.copy_block(&at, &x, &vec![0; shape.len()], &old.real);
        Ok((y, 0))
    }

    /// `collective_permute`: this device's new block comes whole from the device
    /// that holds it under `from` (same shard counts, so the same block shapes).
    fn permute(&self, x: &Tensor, from: &TensorSharding, to: &TensorSharding) -> Result<Moved> {
        let mut pairs = Vec::with_capacity(self.placement.devices());
        for target in 0..self.placement.devices() {
            pairs.push((self.holder(target, from, to)?, target));
        }
        let source = pairs[self.index()].0;
        let y = self.device.collective_permute(x, &pairs)?;
        let received = if source == self.index() { 0 } else { y.len() };
        Ok((y, received))
    }

    /// The device that holds `target`'s block under `to` when the tensor is held as
    /// `from` (with equal shard counts per dimension): `target` with its coordinates
    /// along `from`'s axes set to the block's indices.
    fn holder(&self, target: usize, from: &TensorSharding, to: &TensorSharding) -> Result<usize> {
        let mut indices = Vec::with_capacity(to.dims.len());
        for dim in &to.dims {
            indices.push(self.placement.index(target, &dim.axes)?);
        }
        let mut source = target;
        for (dim, index) in from.dims.iter().zip(indices) {
            source = self.placement.with_index(source, &dim.axes, index)?;
        }
        Ok(source)
    }

    /// Moves a tensor from `from` to `to` (same unreduced axes) by copying, from
    /// the devices that hold them, exactly the elements of this device's new block.
    pub(crate) fn redistribute(
        &self,
        x: Tensor,
        shape: &[usize],
        from: &TensorSharding,
        to: &TensorSharding,
    ) -> Result<Moved> {
        let me = self.index();
        let board = self.device.round(Some(Post { tensor: x, to: None }))?;
        let new = self.placement.block(me, shape, to)?;
        let mut y = Tensor::full(&new.local, 0.0);
        // Per dimension, where the source blocks start and the source blocks that
        // overlap the new block.
        let bounds: Vec<Vec<usize>> = (0..shape.len()).map(|d| self.placement.bounds(from, d, shape[d])).collect();
        let ranges: Vec<Vec<usize>> = (0..shape.len())
            .map(|d| {
                let (lo, hi) = (new.starts[d], new.starts[d] + new.real[d]);
                (0..bounds[d].len() - 1).filter(|&b| bounds[d][b] < hi && bounds[d][b + 1] > lo).collect()
            })
            .collect();
        let counts: Vec<usize> = ranges.iter().map(Vec::len).collect();
        let mut received = 0;
        let mut failure = None;
        crate::tensor::for_each_index(&counts, |pick| {
            if failure.is_some() {
                return;
            }
            let blocks: Vec<usize> = pick.iter().zip(&ranges).map(|(&i, r)| r[i]).collect();
            let mut source = me;
            for (dim, &b) in from.dims.iter().zip(&blocks) {
                match self.placement.with_index(source, &dim.axes, b) {
                    Ok(s) => source = s,
                    Err(e) => failure = Some(e),
                }
            }
            let post = match posted(&board, source) {
                Ok(post) => post,
                Err(e) => {
                    failure = Some(e);
                    return;
                }
            };
            let (mut to_at, mut from_at, mut extent) = (Vec::new(), Vec::new(), Vec::new());
            for (d, &b) in blocks.iter().enumerate() {
                let (start, end) = (bounds[d][b], bounds[d][b + 1]);
                let lo = new.starts[d].max(start);
                let hi = (new.starts[d] + new.real[d]).min(end);
                to_at.push(lo - new.starts[d]);
                from_at.push(lo - start);
                extent.push(hi.saturating_sub(lo));
            }
            y.copy_block(&to_at, post, &from_at, &extent);
            if source != me {
                received += extent.iter().product::<usize>();
            }
        });
        failure.map_or(Ok((y, received)), Err)
    }
}

/// True when dimension `d` of `sharding` is cut at explicit offsets.
fn uneven(sharding: &TensorSharding, d: usize) -> bool {
    sharding.dims.get(d).is_some_and(|dim| dim.is_uneven())
}
