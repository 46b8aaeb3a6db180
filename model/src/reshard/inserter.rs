//! The collective inserter: Shardy's algorithm (`reshard_to_collectives.cc`,
//! `CollectiveInserter`) that turns one sharding into another on the same mesh axes by
//! a short sequence of all-slices, collective-permutes, all-to-alls and all-gathers.
//!
//! State, as in Shardy: `in_axes[d]` and `out_axes[d]` are the axes of the current and
//! the target sharding of dimension `d` with their common prefix removed (the *diff*;
//! both empty means done), sub-axes aligned so overlapping sub-axes are equal;
//! `current[d]` is the whole current sharding (merged axes), which each collective's
//! `out_sharding` prints. `in_set` holds every axis of `in_axes`; `out_index` maps an
//! axis of `out_axes` to its dimension and position. Each step keeps these invariants
//! and brings the diff closer to empty. One iteration of slice → permute → all-to-alls
//! → gather finishes when every axis size is a power of two; two suffice otherwise in
//! Shardy's tests, and a gather-then-slice fallback guarantees termination.

use super::align::{align_both, align_per_dim, divisible, pop_back, within_capacity};
use super::collective::{AllToAllParam, Collective};
use crate::axis::{AxisRef, axes_size, gcd, push_or_merge};
use crate::dim_sharding::DimSharding;
use crate::mesh::Mesh;
use crate::sharding::{MeshRef, ReductionKind, TensorSharding};

/// Shardy's iteration bound, then extra rounds before the fallback.
const SHARDY_ITERATIONS: usize = 2;
const EXTRA_ITERATIONS: usize = 2;

/// The inserter's state for one reshard.
pub(crate) struct Inserter<'a> {
    mesh: &'a Mesh,
    shape: &'a [i64],
    cur_mesh: MeshRef,
    out_mesh: MeshRef,
    unreduced: Vec<AxisRef>,
    reduction: ReductionKind,
    target: Vec<Vec<AxisRef>>,
    state: State,
    collectives: Vec<Collective>,
}

/// What the inserter's steps change (cloned to undo a step).
#[derive(Clone)]
struct State {
    in_axes: Vec<Vec<AxisRef>>,
    out_axes: Vec<Vec<AxisRef>>,
    current: Vec<Vec<AxisRef>>,
    capacity: Vec<i64>,
    in_set: AxisSet,
    out_index: AxisIndex,
}

/// A set of axes: a handful at most, so a list beats hashing their names.
#[derive(Clone, Default)]
struct AxisSet(Vec<AxisRef>);

impl AxisSet {
    fn contains(&self, axis: &AxisRef) -> bool {
        self.0.contains(axis)
    }

    fn insert(&mut self, axis: AxisRef) {
        if !self.contains(&axis) {
            self.0.push(axis);
        }
    }

    fn remove(&mut self, axis: &AxisRef) {
        if let Some(i) = self.0.iter().position(|a| a == axis) {
            self.0.swap_remove(i);
        }
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}

/// Each axis of the target's diff with its dimension and position (the first one
/// when an axis repeats).
#[derive(Clone)]
struct AxisIndex(Vec<(AxisRef, (usize, usize))>);

impl AxisIndex {
    fn get(&self, axis: &AxisRef) -> Option<&(usize, usize)> {
        self.0.iter().find(|(a, _)| a == axis).map(|(_, at)| at)
    }

    fn contains_key(&self, axis: &AxisRef) -> bool {
        self.get(axis).is_some()
    }
}

fn dim_axes(sharding: &TensorSharding) -> Vec<Vec<AxisRef>> {
    sharding.dims.iter().map(|d| d.axes.clone()).collect()
}

fn index_of(axes_per_dim: &[Vec<AxisRef>]) -> AxisIndex {
    let mut index = AxisIndex(Vec::new());
    for (dim, axes) in axes_per_dim.iter().enumerate() {
        for (i, axis) in axes.iter().enumerate() {
            if !index.contains_key(axis) {
                index.0.push((axis.clone(), (dim, i)));
            }
        }
    }
    index
}

impl<'a> Inserter<'a> {
    /// Prepares a reshard of a tensor of `shape` from `from` to `to`, both on `mesh`'s
    /// axes (possibly with different device orders) and with the same unreduced axes.
    pub(crate) fn new(mesh: &'a Mesh, shape: &'a [i64], from: &TensorSharding, to: &TensorSharding) -> Self {
        let mut in_axes = dim_axes(from);
        let mut out_axes = dim_axes(to);
        align_both(&mut in_axes, &mut out_axes, mesh);
        for (ins, outs) in in_axes.iter_mut().zip(out_axes.iter_mut()) {
            let common = ins.iter().zip(outs.iter()).take_while(|(a, b)| a == b).count();
            ins.drain(..common);
            outs.drain(..common);
        }
        let mut in_set = AxisSet::default();
        for axis in in_axes.iter().flatten() {
            in_set.insert(axis.clone());
        }
        let out_index = index_of(&out_axes);
        Inserter {
            mesh,
            shape,
            cur_mesh: from.mesh.clone(),
            out_mesh: to.mesh.clone(),
            unreduced: to.unreduced.clone(),
            reduction: to.reduction,
            target: dim_axes(to),
            state: State {
                capacity: vec![1; in_axes.len()],
                current: dim_axes(from),
                in_axes,
                out_axes,
                in_set,
                out_index,
            },
            collectives: Vec::new(),
        }
    }

    /// Runs the algorithm and returns the collectives, in order.
    pub(crate) fn run(mut self) -> Vec<Collective> {
        for _ in 0..SHARDY_ITERATIONS + EXTRA_ITERATIONS {
            if self.is_done() {
                break;
            }
            self.try_all_slice();
            self.try_collective_permute();
            self.try_all_to_alls(false);
            self.try_all_to_alls(true);
            self.try_all_gather();
        }
        if !self.is_done() {
            self.gather_then_slice();
        }
        self.collectives
    }

    fn is_done(&self) -> bool {
        self.cur_mesh == self.out_mesh
            && self.state.in_axes.iter().all(Vec::is_empty)
            && self.state.out_axes.iter().all(Vec::is_empty)
    }

    fn rank(&self) -> usize {
        self.state.in_axes.len()
    }

    fn size(&self, axis: &AxisRef) -> i64 {
        axis.size(self.mesh)
    }

    fn current_sharding(&self) -> TensorSharding {
        TensorSharding {
            mesh: self.cur_mesh.clone(),
            dims: self.state.current.iter().map(|axes| DimSharding::closed(axes.clone())).collect(),
            replicated: Vec::new(),
            unreduced: self.unreduced.clone(),
            reduction: self.reduction,
        }
    }

    /// The fallback when the algorithm has not converged: gather everything that
    /// differs, then slice the target's axes.
    fn gather_then_slice(&mut self) {
        if self.cur_mesh != self.out_mesh {
            self.cur_mesh = self.out_mesh.clone();
            self.collectives.push(Collective::CollectivePermute { out: self.current_sharding() });
        }
        let mut gathered = vec![Vec::new(); self.rank()];
        let mut sliced = vec![Vec::new(); self.rank()];
        for d in 0..self.rank() {
            let common = self.state.current[d].iter().zip(&self.target[d]).take_while(|(a, b)| a == b).count();
            gathered[d] = self.state.current[d].split_off(common);
            sliced[d] = self.target[d][common..].to_vec();
        }
        if gathered.iter().any(|g| !g.is_empty()) {
            self.collectives.push(Collective::AllGather { axes: gathered, out: self.current_sharding() });
        }
        self.state.current = self.target.clone();
        if sliced.iter().any(|s| !s.is_empty()) {
            self.collectives.push(Collective::AllSlice { axes: sliced, out: self.current_sharding() });
        }
        self.state.in_axes.iter_mut().chain(self.state.out_axes.iter_mut()).for_each(Vec::clear);
    }

    // ---- all-gather ----------------------------------------------------------------

    /// The suffix of `in_axes[dim]` absent from the target, removed from the state.
    fn gathering_axes(&mut self, dim: usize) -> Vec<AxisRef> {
        let ins = &self.state.in_axes[dim];
        let start = ins.iter().rposition(|a| self.state.out_index.contains_key(a)).map_or(0, |i| i + 1);
        let gathered: Vec<AxisRef> = self.state.in_axes[dim].split_off(start);
        pop_back(&mut self.state.current[dim], &gathered);
        let mut merged = Vec::new();
        for axis in gathered {
            self.state.in_set.remove(&axis);
            push_or_merge(&mut merged, axis, self.mesh);
        }
        merged
    }

    fn try_all_gather(&mut self) {
        let axes: Vec<Vec<AxisRef>> = (0..self.rank()).map(|d| self.gathering_axes(d)).collect();
        if axes.iter().any(|a| !a.is_empty()) {
            self.collectives.push(Collective::AllGather { axes, out: self.current_sharding() });
        }
    }

    // ---- capacity-based distribution ----------------------------------------------

    /// Adds axes from `available(dim)` to `in_axes[dim]` (at the front or the back)
    /// while the dimension has capacity, splitting an axis that is too big; calls
    /// `consume(axis, dim)` for each axis added. Realigns the target afterwards if an
    /// axis was split.
    fn distribute(
        &mut self,
        to_front: bool,
        available: &mut [Vec<AxisRef>],
        shared: bool,
        mut consume: impl FnMut(&mut Self, &AxisRef, usize),
    ) {
        let mut split = Vec::new();
        for dim in 0..self.rank() {
            let list = if shared { 0 } else { dim };
            let mut insert_at = if to_front { 0 } else { self.state.in_axes[dim].len() };
            let mut i = 0;
            while i < available[list].len() && self.state.capacity[dim] > 1 {
                let Some((within, remainder)) =
                    within_capacity(&available[list][i], &mut self.state.capacity[dim], self.mesh)
                else {
                    i += 1;
                    continue;
                };
                available[list].remove(i);
                self.state.in_axes[dim].insert(insert_at, within.clone());
                insert_at += 1;
                self.state.in_set.insert(within.clone());
                consume(self, &within, dim);
                if let Some(remainder) = remainder {
                    split.push(within);
                    available[list].insert(0, remainder);
                    i += 1;
                }
            }
        }
        split.sort_by(AxisRef::cmp_by_name);
        align_per_dim(&mut self.state.out_axes, &split, self.mesh);
    }

    // ---- all-slice -----------------------------------------------------------------

    /// For a later all-to-all from `src` to some dimension `tgt`, the range of
    /// `out_axes[tgt]` to slice at `src` now (which saves a collective-permute), when
    /// Shardy's conditions hold; borrows `tgt`'s capacity.
    fn axes_to_slice_for_all_to_all(&mut self, src: usize) -> Option<(usize, usize, usize)> {
        let src_in = &self.state.in_axes[src];
        let last = src_in.last()?;
        if !self.state.out_axes[src].is_empty() {
            return None;
        }
        let &(tgt, _) = self.state.out_index.get(last)?;
        if !self.state.in_axes[tgt].is_empty() {
            return None;
        }
        let tgt_out = &self.state.out_axes[tgt];
        let start = tgt_out.iter().position(|a| a == last)? + 1;
        if start == tgt_out.len() || self.state.in_set.contains(&tgt_out[start]) {
            return None;
        }
        let common = src_in.iter().rev().zip(tgt_out[..start].iter().rev()).take_while(|(a, b)| a == b).count();
        let common_size = axes_size(&src_in[src_in.len() - common..], self.mesh);
        if src_in[..src_in.len() - common].iter().any(|a| self.state.out_index.get(a).is_some_and(|&(d, _)| d == tgt)) {
            return None;
        }
        let end = start + tgt_out[start..].iter().take_while(|a| !self.state.in_set.contains(a)).count();
        let added_size = axes_size(&tgt_out[start..end], self.mesh);
        let new_size = axes_size(&self.state.current[src], self.mesh).saturating_mul(added_size);
        if new_size == 0 || self.shape[src] % new_size != 0 {
            return None;
        }
        self.state.capacity[tgt] /= common_size.saturating_mul(added_size).max(1);
        Some((tgt, start, end))
    }

    /// The axes to slice per dimension, updating the state (Shardy's
    /// `getSlicingAxesPerDim`), or `None` when nothing is to be sliced.
    fn slicing_axes(&mut self) -> Option<Vec<Vec<AxisRef>>> {
        let rank = self.rank();
        let mut slicing = vec![Vec::new(); rank];
        let mut any = false;
        for d in 0..rank {
            let in_size = axes_size(&self.state.in_axes[d], self.mesh);
            let out_size = axes_size(&self.state.out_axes[d], self.mesh);
            self.state.capacity[d] = out_size / gcd(in_size, out_size).max(1);
        }
        // 1. Slice at a source dimension the axes a later all-to-all needs beside it.
        for (src, slice) in slicing.iter_mut().enumerate() {
            let Some((tgt, start, end)) = self.axes_to_slice_for_all_to_all(src) else { continue };
            any = true;
            for axis in self.state.out_axes[tgt][start..end].iter().cloned() {
                self.state.in_axes[src].push(axis.clone());
                self.state.in_set.insert(axis.clone());
                push_or_merge(slice, axis.clone(), self.mesh);
                push_or_merge(&mut self.state.current[src], axis, self.mesh);
            }
        }
        // 2. Slice target axes in their own dimension while capacity allows.
        let mut available = Vec::new();
        for (d, slice) in slicing.iter_mut().enumerate() {
            let mut i = 0;
            while i < self.state.out_axes[d].len() {
                let axis = self.state.out_axes[d][i].clone();
                if self.state.in_set.contains(&axis) {
                    i += 1;
                    continue;
                }
                let Some((within, remainder)) = within_capacity(&axis, &mut self.state.capacity[d], self.mesh) else {
                    available.push(axis);
                    i += 1;
                    continue;
                };
                any = true;
                push_or_merge(slice, within.clone(), self.mesh);
                push_or_merge(&mut self.state.current[d], within.clone(), self.mesh);
                if self.state.in_axes[d].is_empty() && i == 0 {
                    self.state.out_axes[d].remove(0);
                } else {
                    self.state.in_set.insert(within.clone());
                    self.state.in_axes[d].push(within.clone());
                    self.state.out_axes[d][i] = within;
                    i += 1;
                }
                if let Some(remainder) = remainder {
                    self.state.out_axes[d].insert(i, remainder.clone());
                    available.push(remainder);
                    i += 1;
                }
            }
        }
        // 3. Slice the rest in the first dimension with capacity.
        let mut shared = [available];
        self.distribute(false, &mut shared, true, |this, axis, dim| {
            any = true;
            push_or_merge(&mut slicing[dim], axis.clone(), this.mesh);
            push_or_merge(&mut this.state.current[dim], axis.clone(), this.mesh);
        });
        self.state.out_index = index_of(&self.state.out_axes);
        any.then_some(slicing)
    }

    fn try_all_slice(&mut self) {
        if let Some(axes) = self.slicing_axes() {
            self.collectives.push(Collective::AllSlice { axes, out: self.current_sharding() });
        }
    }

    // ---- collective-permute --------------------------------------------------------

    /// Shardy's five conditions under which a collective-permute helps.
    fn should_collective_permute(&self) -> bool {
        let mut available_in = None;
        let mut available_out = None;
        for (dim, (ins, outs)) in self.state.in_axes.iter().zip(&self.state.out_axes).enumerate() {
            if let (Some(i), Some(o)) = (ins.first(), outs.first())
                && divisible(self.size(i), self.size(o))
            {
                return true;
            }
            if let Some(o) = outs.iter().rev().find(|o| !self.state.in_set.contains(o)) {
                available_out = Some(o);
            }
            let mut last_out_dim = None;
            let mut last_out_index = 0;
            let mut seen = vec![false; self.rank()];
            for axis in ins {
                let mut cur_out_dim = None;
                if let Some(&(out_dim, out_index)) = self.state.out_index.get(axis) {
                    cur_out_dim = Some(out_dim);
                    if (out_dim == dim || seen[out_dim])
                        && (last_out_dim != Some(out_dim) || out_index != last_out_index + 1)
                    {
                        return true;
                    }
                    seen[out_dim] = true;
                    last_out_index = out_index;
                } else if last_out_dim.is_some() && outs.is_empty() {
                    return true;
                } else {
                    available_in = Some(axis);
                }
                last_out_dim = cur_out_dim;
            }
        }
        matches!((available_out, available_in), (Some(o), Some(i)) if divisible(self.size(o), self.size(i)))
    }

    /// Rebuilds the current axes with each dimension's shard count kept (Shardy's
    /// `performCollectivePermute`): target axes first in place, then target axes
    /// anywhere with capacity, then axes to gather back where they were, then anywhere.
    fn perform_collective_permute(&mut self) {
        let rank = self.rank();
        let mut available_out = Vec::new();
        let mut available_in = vec![Vec::new(); rank];
        self.state.in_set.clear();
        for (d, available) in available_in.iter_mut().enumerate() {
            self.state.capacity[d] = axes_size(&self.state.in_axes[d], self.mesh);
            let mut used = self.state.capacity[d];
            let ins = std::mem::take(&mut self.state.in_axes[d]);
            pop_back(&mut self.state.current[d], &ins);
            for within in take_within(&mut self.state.out_axes[d], &mut self.state.capacity[d], self.mesh) {
                push_or_merge(&mut self.state.current[d], within, self.mesh);
            }
            available_out.extend(self.state.out_axes[d].iter().cloned());
            used /= self.state.capacity[d].max(1);
            let mut ins: Vec<AxisRef> = ins.into_iter().filter(|a| !self.state.out_index.contains_key(a)).collect();
            let kept = take_within(&mut ins, &mut used, self.mesh);
            ins.extend(kept);
            *available = ins;
        }
        let mut shared = [available_out];
        self.distribute(false, &mut shared, true, |_, _, _| {});
        self.distribute(true, &mut available_in, false, |_, _, _| {});
        let mut rest = [available_in.concat()];
        self.distribute(true, &mut rest, true, |_, _, _| {});
        self.state.out_index = index_of(&self.state.out_axes);
        for d in 0..rank {
            for axis in self.state.in_axes[d].clone() {
                push_or_merge(&mut self.state.current[d], axis, self.mesh);
            }
        }
    }

    /// Inserts a collective-permute when it helps (or the device order changes). Unlike
    /// Shardy, checks that it keeps every dimension's shard count: with axis sizes
    /// that do not divide each other the capacity-based distribution can leave a
    /// dimension short, and such a permute is dropped.
    fn try_collective_permute(&mut self) {
        let mut permuted = false;
        if self.should_collective_permute() {
            let before = self.state.clone();
            self.perform_collective_permute();
            permuted = self
                .state
                .current
                .iter()
                .zip(&before.current)
                .all(|(a, b)| axes_size(a, self.mesh) == axes_size(b, self.mesh));
            if !permuted {
                self.state = before;
            }
        }
        if !permuted && self.cur_mesh == self.out_mesh {
            return;
        }
        self.cur_mesh = self.out_mesh.clone();
        self.collectives.push(Collective::CollectivePermute { out: self.current_sharding() });
    }

    // ---- all-to-all ----------------------------------------------------------------

    /// The suffix of `in_axes[src]` that all belongs to one other target dimension,
    /// moved there (Shardy's `getAllToAllInfo`). Unless `out_of_order`, only when the
    /// axes land exactly at the front of that dimension's remaining target axes.
    fn all_to_all(&mut self, src: usize, out_of_order: bool) -> Option<AllToAllParam> {
        let src_in = &self.state.in_axes[src];
        let mut tgt = None;
        let mut start = src_in.len();
        while start > 0 {
            let Some(&(out_dim, _)) = self.state.out_index.get(&src_in[start - 1]) else { break };
            if out_dim == src || tgt.is_some_and(|t| t != out_dim) {
                break;
            }
            tgt = Some(out_dim);
            start -= 1;
        }
        let tgt = tgt?;
        let moved_count = src_in.len() - start;
        if !out_of_order && !self.state.out_axes[tgt].starts_with(&src_in[start..]) {
            return None;
        }
        debug_assert!(moved_count > 0);
        let moved = self.state.in_axes[src].split_off(start);
        pop_back(&mut self.state.current[src], &moved);
        let mut axes = Vec::new();
        for axis in moved {
            push_or_merge(&mut axes, axis.clone(), self.mesh);
            push_or_merge(&mut self.state.current[tgt], axis.clone(), self.mesh);
            self.state.in_set.remove(&axis);
            if self.state.in_axes[tgt].is_empty() && self.state.out_axes[tgt].first() == Some(&axis) {
                self.state.out_axes[tgt].remove(0);
            } else {
                self.state.in_axes[tgt].push(axis.clone());
                self.state.in_set.insert(axis);
            }
        }
        Some(AllToAllParam { axes, src_dim: src, tgt_dim: tgt })
    }

    fn try_all_to_alls(&mut self, out_of_order: bool) {
        for src in 0..self.rank() {
            while let Some(param) = self.all_to_all(src, out_of_order) {
                self.collectives.push(Collective::AllToAll { params: vec![param], out: self.current_sharding() });
            }
        }
    }
}
/// Takes axes from the front of `list` while they fit in `capacity` (splitting the
/// first one that fits only in part, its remainder left at the front), dividing
/// `capacity` by what is taken.
fn take_within(list: &mut Vec<AxisRef>, capacity: &mut i64, mesh: &Mesh) -> Vec<AxisRef> {
    let mut taken = Vec::new();
    while *capacity > 1 && !list.is_empty() {
        let Some((within, remainder)) = within_capacity(&list[0], capacity, mesh) else { break };
        list.remove(0);
        taken.push(within);
        if let Some(remainder) = remainder {
            list.insert(0, remainder);
        }
    }
    taken
}
