//! Reshard planning: from any sharding of a tensor to any other, as a short sequence
//! of Shardy's collectives.
//!
//! [`plan`] follows Shardy's `-sdy-reshard-to-collectives` pass: equal shardings need
//! nothing; a fully replicated target becomes "gather what is sharded"; shardings on
//! meshes with the same axes are connected by the collective inserter
//! (`inserter.rs`), a collective-permute switching the device order when the meshes
//! differ in it; a reshard to or from a single device, or between meshes with
//! different axes, stays an `sdy.reshard`. Partial results: unreduced axes the target
//! does not keep are all-reduced first, fused with a following all-slice into a
//! reduce-scatter as Shardy's canonicalizer does; unreduced axes the target has and
//! the source lacks are created locally, by `sharded_to_unreduced` where they end a
//! dimension of the source and by `replicated_to_unreduced` at the end otherwise
//! (Shardy runs the latter first; the result and the cost are the same).
//!
//! [`plan_and_gather_slice`] also gives the simple alternative (reduce, gather what
//! differs, slice the target): fewer collectives, so cheaper when latency dominates;
//! the cost crate picks between the two. [`naive_plan`] (gather everything) is the baseline neither
//! may exceed. [`simulate`](simulate::simulate) checks any sequence symbolically.

mod align;
pub mod collective;
mod inserter;
pub mod simulate;
mod uneven;

pub use collective::{AllToAllParam, Collective, CollectiveKind};
pub use simulate::{ShardingState, simulate};

use crate::axis::{AxisRef, push_or_merge};
use crate::dim_sharding::DimSharding;
use crate::error::{Error, Result};
use crate::ir::ValueId;
use crate::mesh::{Mesh, Meshes};
use crate::plan::PlannedCollective;
use crate::sharding::TensorSharding;

/// Chooses the collectives of each reshard of a program's values. The cost model's
/// choice (`autoshard_cost::Pricing`) is the one a plan is priced with; the executor
/// schedules a plan with the same planner, so a run executes exactly the collectives
/// the plan was priced with.
pub trait Planner: Sync {
    /// The collectives that take `value` from `from` to `to`, in order; an
    /// [`Error::Reshard`] when there are none that do.
    fn collectives(&self, value: ValueId, from: &TensorSharding, to: &TensorSharding)
    -> Result<Vec<PlannedCollective>>;
}

/// The collectives that turn a tensor of `shape` sharded as `from` into `to`.
///
/// Fails when a sharding does not verify against its mesh and `shape`, or when the
/// target keeps unreduced axes combined differently from the source's.
pub fn plan(meshes: &Meshes, shape: &[i64], from: &TensorSharding, to: &TensorSharding) -> Result<Vec<Collective>> {
    uneven::around(meshes, shape, (from, to), |from, to| even_plan(meshes, shape, from, to))
}

/// [`plan`] between shardings without uneven dimensions.
fn even_plan(meshes: &Meshes, shape: &[i64], from: &TensorSharding, to: &TensorSharding) -> Result<Vec<Collective>> {
    let checked = checked_meshes(meshes, shape, from, to)?;
    let partials = Partials::of(checked.0, from, to)?;
    let inner = plan_checked(meshes, shape, &partials.from, &partials.to, checked)?;
    Ok(partials.around(inner))
}

/// [`plan`] and the plan that keeps what `from` and `to` share of the same reshard,
/// checking the shardings once: the two plans the cost model chooses between. The
/// second all-reduces what the target does not keep unreduced, all-gathers each
/// dimension's axes after its common prefix with the target, then all-slices the
/// target's remaining axes. It is never costlier than [`naive_plan`] (it gathers a
/// subset of the axes into smaller shards), and it has the fewest collectives, which
/// wins when latency dominates. Where it does not apply (a single device, meshes with
/// different axes) both are [`plan`].
pub fn plan_and_gather_slice(
    meshes: &Meshes,
    shape: &[i64],
    from: &TensorSharding,
    to: &TensorSharding,
) -> Result<(Vec<Collective>, Vec<Collective>)> {
    if !from.is_uneven() && !to.is_uneven() {
        return even_plan_and_gather_slice(meshes, shape, from, to);
    }
    let shardy = uneven::around(meshes, shape, (from, to), |f, t| even_plan(meshes, shape, f, t))?;
    let simple =
        uneven::around(meshes, shape, (from, to), |f, t| Ok(even_plan_and_gather_slice(meshes, shape, f, t)?.1))?;
    Ok((shardy, simple))
}

/// [`plan_and_gather_slice`] between shardings without uneven dimensions.
fn even_plan_and_gather_slice(
    meshes: &Meshes,
    shape: &[i64],
    from: &TensorSharding,
    to: &TensorSharding,
) -> Result<(Vec<Collective>, Vec<Collective>)> {
    let checked = checked_meshes(meshes, shape, from, to)?;
    let partials = Partials::of(checked.0, from, to)?;
    let (from, to) = (&partials.from, &partials.to);
    let shardy = plan_checked(meshes, shape, from, to, checked)?;
    if !gathers_and_slices(checked) {
        let shardy = partials.around(shardy);
        return Ok((shardy.clone(), shardy));
    }
    let simple = gather_slice_checked(from, to, checked, true)?;
    Ok((partials.around(shardy), partials.around(simple)))
}

/// [`plan`] once `checked_meshes` has passed and returned `(in_mesh, out_mesh)`.
fn plan_checked(
    meshes: &Meshes,
    shape: &[i64],
    from: &TensorSharding,
    to: &TensorSharding,
    (in_mesh, out_mesh): (&Mesh, &Mesh),
) -> Result<Vec<Collective>> {
    if in_mesh.is_maximal() || out_mesh.is_maximal() {
        let same = from.mesh == to.mesh && closed_axes(from) == closed_axes(to);
        return Ok(if same { Vec::new() } else { vec![Collective::Reshard { out: to.clone() }] });
    }
    let (mut from, mut collectives) = reduced_first(in_mesh, from, to)?;
    let mut to = closed(to);
    let same_devices = in_mesh.same_device_order(out_mesh);
    let same_groups = same_devices && in_mesh.same_axes(out_mesh);
    if to.dims_replicated() && (from.unreduced.is_empty() || same_groups) {
        // Any mesh over the same devices holds a replicated tensor: gather on the
        // source's mesh, as Shardy does.
        if from.dims_replicated() {
            return Ok(collectives);
        }
        to = TensorSharding { dims: vec![DimSharding::closed(Vec::new()); from.rank()], ..from.clone() };
    } else if !in_mesh.same_axes(out_mesh) {
        collectives.push(Collective::Reshard { out: to });
        return Ok(fuse_reduce_scatter(collectives, in_mesh));
    }
    if same_devices {
        from.mesh = to.mesh.clone();
    }
    let mut inserted = inserter::Inserter::new(in_mesh, shape, &from, &to).run();
    if has_conflicts(&from, &to) && simulate(meshes, shape, &from, &inserted, &to).is_err() {
        let (gather, gathered) = gather_conflicts(&from, &to);
        inserted = inserter::Inserter::new(in_mesh, shape, &gathered, &to).run();
        inserted.insert(0, gather);
    }
    collectives.extend(inserted);
    Ok(fuse_reduce_scatter(collectives, in_mesh))
}

/// Checks that a reshard of a tensor of `shape` from `from` to `to` is well posed:
/// both shardings verify against their meshes and `shape`, and the target's unreduced
/// axes combine as the source's do. [`plan`] fails on nothing else.
pub fn check(meshes: &Meshes, shape: &[i64], from: &TensorSharding, to: &TensorSharding) -> Result<()> {
    let (in_mesh, _) = checked_meshes(meshes, shape, from, to)?;
    let partials = Partials::of(in_mesh, from, to)?;
    reduced_axes(in_mesh, &partials.from, &partials.to).map(|_| ())
}

/// How a reshard creates the partial results its target has and its source lacks
/// (Shardy's `-sdy-insert-explicit-reshards`): axes that end a dimension of the source
/// and are unreduced in the target become unreduced first (`sharded_to_unreduced`,
/// local: cheaper than gathering them), the rest of the reshard runs from `from` to
/// `to`, and the target's remaining new unreduced axes are made so last
/// (`replicated_to_unreduced`, local).
struct Partials {
    before: Option<Collective>,
    /// The source after `before`.
    from: TensorSharding,
    /// The target without the axes `after` makes unreduced.
    to: TensorSharding,
    after: Option<Collective>,
}

impl Partials {
    fn of(mesh: &Mesh, from: &TensorSharding, to: &TensorSharding) -> Result<Partials> {
        let mut partials = Partials { before: None, from: from.clone(), to: to.clone(), after: None };
        if !from.unreduced.is_empty() && !to.unreduced.is_empty() && to.reduction != from.reduction {
            return Err(Error::Reshard(format!(
                "the target combines unreduced axes by {}, the source by {}",
                to.reduction.keyword(),
                from.reduction.keyword()
            )));
        }
        for axis in &from.unreduced {
            if let Some(a) = to.unreduced.iter().find(|a| a.overlaps(axis) && !a.contains(axis) && !axis.contains(a)) {
                return Err(Error::Reshard(format!(
                    "target unreduced axis {a} overlaps source unreduced axis {axis} without either containing the other"
                )));
            }
        }
        let new: Vec<AxisRef> =
            to.unreduced.iter().filter(|a| !from.unreduced.iter().any(|f| f.contains(a))).cloned().collect();
        let mut created = uncovered(mesh, &new, &from.unreduced);
        if created.is_empty() {
            return Ok(partials);
        }
        let mut current = closed(from);
        let moved: Vec<Vec<AxisRef>> =
            current.dims.iter_mut().map(|dim| take_suffix(mesh, &mut dim.axes, &mut created)).collect();
        if moved.iter().any(|m| !m.is_empty()) {
            let mut unreduced = std::mem::take(&mut current.unreduced);
            unreduced.extend(moved.iter().flatten().cloned());
            unreduced.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
            for axis in unreduced {
                push_or_merge(&mut current.unreduced, axis, mesh);
            }
            current.reduction = to.reduction;
            partials.before = Some(Collective::ShardedToUnreduced { axes: moved, out: current.clone() });
        }
        partials.from = current;
        if !created.is_empty() {
            let kept = |a: &AxisRef| to.unreduced.iter().any(|t| t.contains(a));
            partials.to.unreduced = partials.from.unreduced.iter().filter(|a| kept(a)).cloned().collect();
            partials.after = Some(Collective::ReplicatedToUnreduced { axes: created, out: closed(to) });
        }
        Ok(partials)
    }

    /// `inner` (the reshard from `self.from` to `self.to`) with the collectives that
    /// create partial results around it.
    fn around(&self, inner: Vec<Collective>) -> Vec<Collective> {
        self.before.iter().cloned().chain(inner).chain(self.after.iter().cloned()).collect()
    }
}

/// Removes from the end of `axes` (a dimension's) the longest suffix made of axes in
/// `created`, or ending with the minor part of an axis that is in `created`, and
/// returns it; what it takes leaves `created`.
fn take_suffix(mesh: &Mesh, axes: &mut Vec<AxisRef>, created: &mut Vec<AxisRef>) -> Vec<AxisRef> {
    let mut taken = Vec::new();
    while let Some(last) = axes.last() {
        if let Some(i) = created.iter().position(|c| c == last) {
            taken.insert(0, created.remove(i));
            axes.pop();
            continue;
        }
        let minor = |c: &AxisRef| last.contains(c) && c.next_pre_size(mesh) == last.next_pre_size(mesh);
        if let Some(i) = created.iter().position(minor) {
            let part = created.remove(i);
            let rest = uncovered(mesh, std::slice::from_ref(last), std::slice::from_ref(&part));
            axes.pop();
            axes.extend(rest);
            taken.insert(0, part);
        }
        break;
    }
    taken
}

/// True when an axis of `from` and one of `to` are sub-axes of one axis that cannot
/// both be used at once (such as `"x":(1)2` and `"x":(1)3` of an axis of 6).
fn has_conflicts(from: &TensorSharding, to: &TensorSharding) -> bool {
    from.dims.iter().flat_map(|d| &d.axes).any(|a| conflicts(a, to))
}

fn conflicts(axis: &AxisRef, to: &TensorSharding) -> bool {
    to.dims.iter().flat_map(|d| &d.axes).any(|b| !axis.can_coexist(b))
}

/// Gathers, in each dimension of `from`, every axis from the first one that conflicts
/// with `to` onwards (what Shardy's TODO cases expect); returns the all-gather and
/// the sharding after it.
fn gather_conflicts(from: &TensorSharding, to: &TensorSharding) -> (Collective, TensorSharding) {
    let mut gathered = from.clone();
    let mut axes = Vec::with_capacity(from.rank());
    for dim in &mut gathered.dims {
        let first = dim.axes.iter().position(|a| conflicts(a, to)).unwrap_or(dim.axes.len());
        axes.push(dim.axes.split_off(first));
    }
    (Collective::AllGather { axes, out: gathered.clone() }, gathered)
}

/// The baseline plan: all-reduce what the target does not keep unreduced, all-gather
/// every sharded axis, then all-slice the target's axes (on the target's mesh).
pub fn naive_plan(
    meshes: &Meshes,
    shape: &[i64],
    from: &TensorSharding,
    to: &TensorSharding,
) -> Result<Vec<Collective>> {
    uneven::around(meshes, shape, (from, to), |from, to| even_naive_plan(meshes, shape, from, to))
}

/// [`naive_plan`] between shardings without uneven dimensions.
fn even_naive_plan(
    meshes: &Meshes,
    shape: &[i64],
    from: &TensorSharding,
    to: &TensorSharding,
) -> Result<Vec<Collective>> {
    let checked = checked_meshes(meshes, shape, from, to)?;
    let partials = Partials::of(checked.0, from, to)?;
    let (from, to) = (&partials.from, &partials.to);
    let inner = if gathers_and_slices(checked) {
        gather_slice_checked(from, to, checked, false)?
    } else {
        plan_checked(meshes, shape, from, to, checked)?
    };
    Ok(partials.around(inner))
}

/// True when a reshard between these meshes can gather and slice (neither is a
/// single device, and they have the same axes); otherwise it is [`plan`]'s.
fn gathers_and_slices((in_mesh, out_mesh): (&Mesh, &Mesh)) -> bool {
    !in_mesh.is_maximal() && !out_mesh.is_maximal() && in_mesh.same_axes(out_mesh)
}

/// `from` closed, with what `to` does not keep unreduced all-reduced: the state and
/// the all-reduce (if any) every plan starts with.
fn reduced_first(
    in_mesh: &Mesh,
    from: &TensorSharding,
    to: &TensorSharding,
) -> Result<(TensorSharding, Vec<Collective>)> {
    let mut from = closed(from);
    let reduced = reduced_axes(in_mesh, &from, to)?;
    let mut collectives = Vec::new();
    if !reduced.is_empty() {
        from.unreduced = to.unreduced.clone();
        collectives.push(Collective::AllReduce { axes: reduced, reduction: from.reduction, out: from.clone() });
    }
    Ok((from, collectives))
}

/// The gather-then-slice plan between meshes where [`gathers_and_slices`] holds,
/// keeping each dimension's common prefix with the target if `keep_common`.
fn gather_slice_checked(
    from: &TensorSharding,
    to: &TensorSharding,
    (in_mesh, out_mesh): (&Mesh, &Mesh),
    keep_common: bool,
) -> Result<Vec<Collective>> {
    let same_devices = in_mesh.same_device_order(out_mesh);
    let (mut current, mut collectives) = reduced_first(in_mesh, from, to)?;
    let target = closed(to);
    let mut gathered = Vec::with_capacity(current.rank());
    let mut sliced = Vec::with_capacity(current.rank());
    for (dim, want) in current.dims.iter_mut().zip(&target.dims) {
        let common = if keep_common && same_devices {
            dim.axes.iter().zip(&want.axes).take_while(|(a, b)| a == b).count()
        } else {
            0
        };
        gathered.push(dim.axes.split_off(common));
        sliced.push(want.axes[common..].to_vec());
    }
    if gathered.iter().any(|axes| !axes.is_empty()) {
        collectives.push(Collective::AllGather { axes: gathered, out: current.clone() });
    }
    if !same_devices && !current.unreduced.is_empty() {
        current.mesh = to.mesh.clone();
        collectives.push(Collective::CollectivePermute { out: current.clone() });
    }
    if sliced.iter().any(|axes| !axes.is_empty()) {
        collectives.push(Collective::AllSlice { axes: sliced, out: target });
    }
    Ok(fuse_reduce_scatter(collectives, in_mesh))
}

/// Resolves and verifies both shardings against their meshes and `shape`, and checks
/// that their sub-axes can be used together (Shardy's verifier does not: `"x":(1)2`
/// and `"x":(3)2` of an axis of 6 pass it but do not split the devices into a grid).
fn checked_meshes<'m>(
    meshes: &'m Meshes,
    shape: &[i64],
    from: &'m TensorSharding,
    to: &'m TensorSharding,
) -> Result<(&'m Mesh, &'m Mesh)> {
    let check = |which: &str, sharding: &'m TensorSharding| -> Result<&'m Mesh> {
        let in_context = |e: Error| Error::Reshard(format!("{which} sharding {}: {e}", sharding.stripped()));
        let mesh = meshes.resolve(sharding).map_err(in_context)?;
        sharding.verify(mesh, shape).map_err(in_context)?;
        simulate::check_coexistence(sharding).map_err(in_context)?;
        Ok(mesh)
    };
    Ok((check("source", from)?, check("target", to)?))
}

/// `sharding` with every dimension closed and without priorities or replicated axes:
/// what a reshard's result is.
fn closed(sharding: &TensorSharding) -> TensorSharding {
    TensorSharding { replicated: Vec::new(), ..sharding.closed() }
}

fn closed_axes(sharding: &TensorSharding) -> Vec<&[AxisRef]> {
    sharding.dims.iter().map(|d| d.axes.as_slice()).collect()
}

/// The unreduced axes of `from` that `to` does not keep, in mesh order; an error if
/// `to` has unreduced axes `from` lacks (see [`Partials`], which removes them).
fn reduced_axes(mesh: &Mesh, from: &TensorSharding, to: &TensorSharding) -> Result<Vec<AxisRef>> {
    for kept in &to.unreduced {
        if !from.unreduced.iter().any(|a| a.contains(kept)) {
            return Err(Error::Reshard(format!("target unreduced axis {kept} is not unreduced in the source")));
        }
    }
    Ok(uncovered(mesh, &from.unreduced, &to.unreduced))
}

/// The parts of the axes `outer` that none of the axes `inner` inside them cover, in
/// mesh order (`{"x"}` less `{"x":(1)2}` is `{"x":(2)2}` on an axis of 4).
fn uncovered(mesh: &Mesh, outer: &[AxisRef], inner: &[AxisRef]) -> Vec<AxisRef> {
    let mut parts = Vec::new();
    for axis in outer {
        let mut inside: Vec<&AxisRef> = inner.iter().filter(|k| axis.contains(k)).collect();
        if inside.is_empty() {
            // Whole (even of size 1, which has no parts to count).
            parts.push(axis.clone());
            continue;
        }
        inside.sort_by_key(|k| k.pre_size());
        let full_size = mesh.axis_size(&axis.name).unwrap_or_default();
        let mut cursor = axis.pre_size();
        for kept in inside {
            if kept.pre_size() > cursor {
                parts.push(AxisRef::part(&axis.name, cursor, kept.pre_size() / cursor, full_size));
            }
            cursor = kept.next_pre_size(mesh);
        }
        let end = axis.next_pre_size(mesh);
        if end > cursor {
            parts.push(AxisRef::part(&axis.name, cursor, end / cursor, full_size));
        }
    }
    parts.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
    parts
}

/// Shardy's canonicalization: an all-reduce followed by an all-slice whose per-dim
/// slicing prefixes use up every reduced axis becomes a reduce-scatter, followed by an
/// all-slice of the residual axes if any.
fn fuse_reduce_scatter(collectives: Vec<Collective>, mesh: &Mesh) -> Vec<Collective> {
    let mut fused = Vec::with_capacity(collectives.len());
    let mut iter = collectives.into_iter().peekable();
    while let Some(collective) = iter.next() {
        let Collective::AllReduce { axes: reduced, reduction, out: reduced_out } = &collective else {
            fused.push(collective);
            continue;
        };
        let Some(Collective::AllSlice { axes: sliced, out: sliced_out }) =
            iter.peek().filter(|next| next.out_sharding().mesh == reduced_out.mesh)
        else {
            fused.push(collective);
            continue;
        };
        let mut remaining: Vec<&AxisRef> = reduced.iter().collect();
        let mut scattered = Vec::new();
        let mut residual = Vec::new();
        for axes in sliced {
            let mut prefix = 0;
            while let Some(i) = axes.get(prefix).and_then(|a| remaining.iter().position(|r| *r == a)) {
                remaining.remove(i);
                prefix += 1;
            }
            scattered.push(axes[..prefix].to_vec());
            residual.push(axes[prefix..].to_vec());
        }
        if !remaining.is_empty() {
            fused.push(collective);
            continue;
        }
        let mut out = sliced_out.clone();
        for ((dim, before), axes) in out.dims.iter_mut().zip(&reduced_out.dims).zip(&scattered) {
            let mut merged = before.axes.clone();
            for axis in axes {
                push_or_merge(&mut merged, axis.clone(), mesh);
            }
            *dim = DimSharding::closed(merged);
        }
        let has_residual = residual.iter().any(|r| !r.is_empty());
        fused.push(Collective::ReduceScatter { axes: scattered, reduction: *reduction, out: out.clone() });
        let next = iter.next();
        if has_residual && let Some(Collective::AllSlice { out, .. }) = next {
            fused.push(Collective::AllSlice { axes: residual, out });
        }
    }
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shardy's expected collectives for reshards that create partial results
    /// (`insert_explicit_reshards/unreduced.mlir`).
    #[test]
    fn creates_partial_results_as_shardy_does() {
        let mut meshes = Meshes::single("mesh", r#"<["x"=4, "y"=2, "z"=4]>"#.parse().unwrap());
        meshes.insert("mesh_x16", r#"<["x"=16]>"#.parse().unwrap());
        for (from, to, expected) in [
            (
                r#"<@mesh, [{}, {}]>"#,
                r#"<@mesh, [{}, {}], unreduced={"x"}>"#,
                vec![r#"sdy.replicated_to_unreduced {"x"} out_sharding=<@mesh, [{}, {}], unreduced={"x"}>"#],
            ),
            (
                r#"<@mesh, [{"x"}, {}]>"#,
                r#"<@mesh, [{}, {}], unreduced={"x"}>"#,
                vec![r#"sdy.sharded_to_unreduced [{"x"}, {}] out_sharding=<@mesh, [{}, {}], unreduced={"x"}>"#],
            ),
            (
                r#"<@mesh, [{"x", "z", "y"}, {}]>"#,
                r#"<@mesh, [{"x"}, {}], unreduced={"y", "z"}>"#,
                vec![
                    r#"sdy.sharded_to_unreduced [{"z", "y"}, {}] out_sharding=<@mesh, [{"x"}, {}], unreduced={"y", "z"}>"#,
                ],
            ),
            (
                r#"<@mesh, [{"z"}, {"x"}]>"#,
                r#"<@mesh, [{"z":(1)2}, {"x"}], unreduced={"z":(2)2}>"#,
                vec![
                    r#"sdy.sharded_to_unreduced [{"z":(2)2}, {}] out_sharding=<@mesh, [{"z":(1)2}, {"x"}], unreduced={"z":(2)2}>"#,
                ],
            ),
            (
                r#"<@mesh, [{"y"}, {}], unreduced={"x":(1)2}>"#,
                r#"<@mesh, [{"y"}, {}], unreduced={"x"}>"#,
                vec![r#"sdy.replicated_to_unreduced {"x":(2)2} out_sharding=<@mesh, [{"y"}, {}], unreduced={"x"}>"#],
            ),
            (
                r#"<@mesh_x16, [{"x":(1)2}, {}], replicated={"x":(8)2}, unreduced={"x":(4)2}>"#,
                r#"<@mesh_x16, [{"x":(1)2}, {}], unreduced={"x":(2)8}>"#,
                vec![
                    r#"sdy.replicated_to_unreduced {"x":(2)2, "x":(8)2} out_sharding=<@mesh_x16, [{"x":(1)2}, {}], unreduced={"x":(2)8}>"#,
                ],
            ),
            (
                r#"<@mesh, [{"x"}, {}], unreduced={"y"}>"#,
                r#"<@mesh, [{}, {}], unreduced={"x", "y", "z"}>"#,
                vec![
                    r#"sdy.sharded_to_unreduced [{"x"}, {}] out_sharding=<@mesh, [{}, {}], unreduced={"x", "y"}>"#,
                    r#"sdy.replicated_to_unreduced {"z"} out_sharding=<@mesh, [{}, {}], unreduced={"x", "y", "z"}>"#,
                ],
            ),
        ] {
            let (from, to): (TensorSharding, TensorSharding) = (from.parse().unwrap(), to.parse().unwrap());
            let planned = plan(&meshes, &[32, 32], &from, &to).unwrap();
            let text: Vec<String> = planned.iter().map(ToString::to_string).collect();
            assert_eq!(text, expected, "{from} -> {to}");
            simulate(&meshes, &[32, 32], &from, &planned, &to).unwrap();
        }
    }

    #[test]
    fn rejects_partial_results_that_combine_differently() {
        let meshes = Meshes::single("m", r#"<["x"=4, "y"=2]>"#.parse().unwrap());
        let from: TensorSharding = r#"<@m, [{}], unreduced=max{"x"}>"#.parse().unwrap();
        let to: TensorSharding = r#"<@m, [{}], unreduced={"x", "y"}>"#.parse().unwrap();
        let error = plan(&meshes, &[8], &from, &to).unwrap_err().to_string();
        assert!(error.contains("combines unreduced axes by sum, the source by max"), "{error}");
    }
}
