//! A symbolic simulator of sharding states: applies collectives to a sharding by their
//! semantics alone, independently of how they were planned.
//!
//! Each collective is checked against the state it applies to (an all-gather removes a
//! suffix of a dimension's axes, an all-slice appends axes no one uses, an all-to-all
//! moves a suffix between two dimensions, a collective-permute keeps every
//! dimension's shard count, an all-reduce or reduce-scatter consumes unreduced axes,
//! replicated-to-unreduced and sharded-to-unreduced create them from axes the tensor
//! is replicated along or from a suffix of a dimension's axes)
//! and its declared `out_sharding` must be the state it produces. Uneven dimensions
//! (cut at offsets) keep their cuts through a collective that keeps their axes; one
//! that changes a dimension's axes, or a collective-permute, may cut it anywhere.
//! Sub-axes are compared
//! after splitting both sides at each other's boundaries, so `{"w"}` ends with
//! `{"w":(2)2}`. Two states are the same placement when their meshes agree (a fully
//! replicated tensor only needs the same devices) and their merged axes are equal.

use super::align::{align_both, all_whole};
use super::closed;
use super::collective::Collective;
use super::uneven::{canonical, canonicalize};
use crate::axis::{AxisRef, axes_size, format_axis_list, push_or_merge};
use crate::error::{Error, Result};
use crate::mesh::{Mesh, Meshes};
use crate::sharding::TensorSharding;

/// A tensor's sharding between two collectives: closed dimensions, no replicated
/// axes, merged sub-axes.
pub type ShardingState = TensorSharding;

/// Applies `collectives` to a tensor of `shape` sharded as `from` and checks that the
/// result is `to`. Returns the state after each collective.
pub fn simulate(
    meshes: &Meshes,
    shape: &[i64],
    from: &TensorSharding,
    collectives: &[Collective],
    to: &TensorSharding,
) -> Result<Vec<ShardingState>> {
    let mut states: Vec<ShardingState> = Vec::with_capacity(collectives.len());
    let initial = normalized(&canonical(meshes.resolve(from)?, shape, from), meshes.resolve(from)?);
    for (i, collective) in collectives.iter().enumerate() {
        let in_context = |e: Error| Error::Reshard(format!("collective {} ({collective}): {e}", i + 1));
        let state = states.last().unwrap_or(&initial);
        let next = apply(meshes, shape, state, collective).map_err(in_context)?;
        let declared = collective.out_sharding();
        let declared_mesh = meshes.resolve(declared)?;
        let declared = normalized(&canonical(declared_mesh, shape, declared), declared_mesh);
        // `next` is already normalized (and verified, so normalizing it again would
        // not change it).
        if !same_normalized_placement(meshes.resolve(&next)?, &next, declared_mesh, &declared) {
            return Err(in_context(Error::Reshard(format!(
                "the result is {}, not the declared out_sharding",
                next.stripped()
            ))));
        }
        states.push(declared);
    }
    let state = states.last().unwrap_or(&initial);
    if !same_placement(meshes, state, &canonical(meshes.resolve(to)?, shape, to))? {
        return Err(Error::Reshard(format!(
            "the collectives end at {}, not at the target {}",
            state.stripped(),
            to.stripped()
        )));
    }
    Ok(states)
}

/// The state `collective` turns `state` into, or why it does not apply.
pub fn apply(meshes: &Meshes, shape: &[i64], state: &ShardingState, collective: &Collective) -> Result<ShardingState> {
    let mesh = meshes.resolve(state)?;
    let mut next = state.clone();
    let rank = state.rank();
    let check_rank = |n: usize| {
        if n == rank { Ok(()) } else { Err(Error::Reshard(format!("expected axes for {rank} dimensions, got {n}"))) }
    };
    match collective {
        Collective::AllGather { axes, .. } => {
            check_rank(axes.len())?;
            for (d, gathered) in axes.iter().enumerate() {
                next.dims[d].axes = without_suffix(&state.dims[d].axes, gathered, mesh, d)?;
            }
        }
        Collective::AllSlice { axes, out } => {
            check_rank(axes.len())?;
            for (d, sliced) in axes.iter().enumerate() {
                for axis in sliced {
                    push_or_merge(&mut next.dims[d].axes, axis.clone(), mesh);
                }
            }
            let out_mesh = meshes.resolve(out)?;
            // Partial results stay on their devices: only an identical mesh keeps the
            // groups along the unreduced axes.
            let movable = state.unreduced.is_empty() || (mesh.same_axes(out_mesh) && mesh.same_device_order(out_mesh));
            if state.dims_replicated() && movable && out.mesh != state.mesh && same_devices(mesh, out_mesh) {
                next.mesh = out.mesh.clone();
            }
        }
        Collective::AllToAll { params, .. } => {
            for (i, param) in params.iter().enumerate() {
                if param.src_dim >= rank || param.tgt_dim >= rank || param.src_dim == param.tgt_dim {
                    return Err(Error::Reshard(format!("invalid move {param} of a rank-{rank} tensor")));
                }
                if params[..i]
                    .iter()
                    .any(|p| [p.src_dim, p.tgt_dim].iter().any(|d| [param.src_dim, param.tgt_dim].contains(d)))
                {
                    return Err(Error::Reshard(format!("move {param} reuses a dimension of an earlier move")));
                }
                next.dims[param.src_dim].axes =
                    without_suffix(&next.dims[param.src_dim].axes, &param.axes, mesh, param.src_dim)?;
                for axis in &param.axes {
                    push_or_merge(&mut next.dims[param.tgt_dim].axes, axis.clone(), mesh);
                }
            }
        }
        Collective::CollectivePermute { out } => {
            let out_mesh = meshes.resolve(out)?;
            if !mesh.same_axes(out_mesh) {
                return Err(Error::Reshard(format!("cannot permute from mesh {mesh} to mesh {out_mesh}")));
            }
            check_rank(out.rank())?;
            for (d, (before, after)) in state.dims.iter().zip(&out.dims).enumerate() {
                let (b, a) = (axes_size(&before.axes, mesh), axes_size(&after.axes, mesh));
                if b != a {
                    return Err(Error::Reshard(format!("dim {d} has {b} shards before and {a} after")));
                }
            }
            next = TensorSharding { mesh: out.mesh.clone(), unreduced: state.unreduced.clone(), ..closed(out) };
        }
        Collective::AllReduce { axes, reduction, .. } => {
            check_reduction(state, *reduction)?;
            next.unreduced = without(&state.unreduced, axes, mesh)?;
        }
        Collective::ReduceScatter { axes, reduction, .. } => {
            check_rank(axes.len())?;
            check_reduction(state, *reduction)?;
            next.unreduced = without(&state.unreduced, &axes.concat(), mesh)?;
            for (d, scattered) in axes.iter().enumerate() {
                for axis in scattered {
                    push_or_merge(&mut next.dims[d].axes, axis.clone(), mesh);
                }
            }
        }
        Collective::ReplicatedToUnreduced { axes, out } => {
            // The verifier below rejects an axis that already shards the tensor or
            // is unreduced.
            check_reduction(state, out.reduction)?;
            // A replicated tensor is the same on any mesh over the same devices.
            let out_mesh = meshes.resolve(out)?;
            if state.is_fully_replicated() && out.mesh != state.mesh && same_devices(mesh, out_mesh) {
                next.mesh = out.mesh.clone();
            }
            next.reduction = out.reduction;
            next.unreduced.extend(axes.iter().cloned());
            normalize(&mut next, mesh);
        }
        Collective::ShardedToUnreduced { axes, out } => {
            check_rank(axes.len())?;
            check_reduction(state, out.reduction)?;
            next.reduction = out.reduction;
            for (d, moved) in axes.iter().enumerate() {
                next.dims[d].axes = without_suffix(&state.dims[d].axes, moved, mesh, d)?;
                next.unreduced.extend(moved.iter().cloned());
            }
            normalize(&mut next, mesh);
        }
        Collective::Reshard { out } => next = closed(out),
    }
    // A collective that changes a dimension's axes may cut it where it declares (it
    // moves each device's elements anyway); one that keeps them keeps its cuts.
    let declared = collective.out_sharding();
    for (d, dim) in next.dims.iter_mut().enumerate() {
        if state.dims.get(d).is_some_and(|s| s.axes != dim.axes) {
            dim.offsets = declared.dims.get(d).and_then(|o| o.offsets.clone());
        }
    }
    if next.is_uneven() {
        let mesh = meshes.resolve(&next)?.clone();
        canonicalize(&mesh, shape, &mut next);
    }
    let next_mesh = meshes.resolve(&next)?;
    next.verify(next_mesh, shape)?;
    check_coexistence(&next)?;
    let renormalized = (!is_normalized(&next, next_mesh)).then(|| normalized(&next, next_mesh));
    Ok(renormalized.unwrap_or(next))
}

/// Fails when two sub-axes of the state cannot both be used at once (such as
/// `"x":(1)2` and `"x":(3)2` of an axis of 6): their device groups would not split
/// the devices into equal tiles, so the state places no well-defined data.
pub(crate) fn check_coexistence(state: &TensorSharding) -> Result<()> {
    let axes: Vec<&AxisRef> = state.dims.iter().flat_map(|d| &d.axes).chain(&state.unreduced).collect();
    for (i, a) in axes.iter().enumerate() {
        if let Some(b) = axes[i + 1..].iter().find(|b| !a.can_coexist(b)) {
            return Err(Error::Reshard(format!("sub-axes {a} and {b} cannot be used together")));
        }
    }
    Ok(())
}

/// True when `a` and `b` put the same data on the same devices.
pub fn same_placement(meshes: &Meshes, a: &TensorSharding, b: &TensorSharding) -> Result<bool> {
    let (mesh_a, mesh_b) = (meshes.resolve(a)?, meshes.resolve(b)?);
    Ok(same_normalized_placement(mesh_a, &normalized(a, mesh_a), mesh_b, &normalized(b, mesh_b)))
}

/// [`same_placement`] of two normalized states on their meshes.
fn same_normalized_placement(mesh_a: &Mesh, a: &ShardingState, mesh_b: &Mesh, b: &ShardingState) -> bool {
    if a.unreduced != b.unreduced || (!a.unreduced.is_empty() && a.reduction != b.reduction) {
        return false;
    }
    if a.dims_replicated() && b.dims_replicated() && a.unreduced.is_empty() {
        return mesh_a.is_empty() || mesh_b.is_empty() || same_devices(mesh_a, mesh_b);
    }
    mesh_a.same_axes(mesh_b)
        && mesh_a.same_device_order(mesh_b)
        && a.dims.len() == b.dims.len()
        && a.dims.iter().zip(&b.dims).all(|(x, y)| x.axes == y.axes && x.offsets == y.offsets)
}

fn same_devices(a: &Mesh, b: &Mesh) -> bool {
    if a.same_device_order(b) {
        return true;
    }
    let sorted = |m: &Mesh| {
        let mut ids = m.device_ids();
        ids.sort_unstable();
        ids
    };
    sorted(a) == sorted(b)
}

fn check_reduction(state: &TensorSharding, reduction: crate::sharding::ReductionKind) -> Result<()> {
    if state.reduction == reduction || state.unreduced.is_empty() {
        return Ok(());
    }
    Err(Error::Reshard(format!(
        "reduces by {} partial results that combine by {}",
        reduction.keyword(),
        state.reduction.keyword()
    )))
}

/// `sharding` closed, without replicated axes, with adjacent sub-axes merged and
/// unreduced axes merged and in mesh order.
fn normalized(sharding: &TensorSharding, mesh: &Mesh) -> ShardingState {
    let mut state = closed(sharding);
    normalize(&mut state, mesh);
    state
}

/// [`normalized`] in place, for a sharding that is already closed and has no
/// replicated axes.
fn normalize(state: &mut ShardingState, mesh: &Mesh) {
    for dim in &mut state.dims {
        merge_in_place(&mut dim.axes, mesh);
    }
    state.unreduced.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
    merge_in_place(&mut state.unreduced, mesh);
}

/// True when [`normalized`] would return `state` unchanged.
fn is_normalized(state: &TensorSharding, mesh: &Mesh) -> bool {
    let merged = |axes: &[AxisRef]| !axes.windows(2).any(|w| w[0].can_merge(&w[1]));
    state.replicated.is_empty()
        && state.dims.iter().all(|d| d.closed && d.priority.is_none() && merged(&d.axes))
        && state.unreduced.is_sorted_by(|a, b| a.cmp_in_mesh(b, mesh).is_le())
        && merged(&state.unreduced)
}

/// `axes` with adjacent sub-axes merged (as [`push_or_merge`] does one by one).
fn merge_in_place(axes: &mut Vec<AxisRef>, mesh: &Mesh) {
    // `push_or_merge` only merges pairs that `can_merge`: without one, nothing changes.
    if !axes.windows(2).any(|w| w[0].can_merge(&w[1])) {
        return;
    }
    let mut merged = Vec::with_capacity(axes.len());
    for axis in std::mem::take(axes) {
        push_or_merge(&mut merged, axis, mesh);
    }
    *axes = merged;
}

/// `a` and `b` split at each other's sub-axis boundaries.
fn refined(a: &[AxisRef], b: &[AxisRef], mesh: &Mesh) -> (Vec<AxisRef>, Vec<AxisRef>) {
    if all_whole(a) && all_whole(b) {
        // Whole axes either are equal or do not overlap: nothing to split.
        return (a.to_vec(), b.to_vec());
    }
    let (mut a, mut b) = ([a.to_vec()], [b.to_vec()]);
    align_both(&mut a, &mut b, mesh);
    let [a] = a;
    let [b] = b;
    (a, b)
}

/// `axes` without the suffix `suffix` of dimension `dim`, merged.
fn without_suffix(axes: &[AxisRef], suffix: &[AxisRef], mesh: &Mesh, dim: usize) -> Result<Vec<AxisRef>> {
    let (fine, fine_suffix) = refined(axes, suffix, mesh);
    if !fine.ends_with(&fine_suffix) {
        return Err(Error::Reshard(format!(
            "dim {dim} is sharded by {}, which does not end with {}",
            format_axis_list(axes),
            format_axis_list(suffix)
        )));
    }
    let mut kept = fine[..fine.len() - fine_suffix.len()].to_vec();
    merge_in_place(&mut kept, mesh);
    Ok(kept)
}

/// `set` without `removed`, which must be part of it.
fn without(set: &[AxisRef], removed: &[AxisRef], mesh: &Mesh) -> Result<Vec<AxisRef>> {
    let (mut fine, fine_removed) = refined(set, removed, mesh);
    for axis in &fine_removed {
        let Some(i) = fine.iter().position(|a| a == axis) else {
            return Err(Error::Reshard(format!(
                "axis {axis} is not among the unreduced axes {}",
                format_axis_list(set)
            )));
        };
        fine.remove(i);
    }
    fine.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
    merge_in_place(&mut fine, mesh);
    Ok(fine)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meshes() -> Meshes {
        let mut meshes = Meshes::single("m", r#"<["x"=2, "y"=4]>"#.parse().unwrap());
        meshes.insert("r", r#"<["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>"#.parse().unwrap());
        meshes.insert("s", r#"<["b"=6]>"#.parse().unwrap());
        meshes.insert("t", r#"<["y"=4, "x"=2]>"#.parse().unwrap());
        meshes
    }

    fn step(from: &str, collective: &str) -> Result<String> {
        let from: TensorSharding = from.parse().unwrap();
        let collective: Collective = collective.parse().unwrap();
        let next = apply(&meshes(), &[16, 8], &from, &collective)?;
        if !same_placement(&meshes(), &next, collective.out_sharding())? {
            return Err(Error::Reshard(format!("{} is not the declared out_sharding", next.stripped())));
        }
        Ok(next.stripped().to_string())
    }

    #[test]
    fn applies_each_collective() {
        for (from, collective, to) in [
            (
                r#"<@m, [{"y"}, {}]>"#,
                r#"sdy.all_gather [{"y":(2)2}, {}] out_sharding=<@m, [{"y":(1)2}, {}]>"#,
                r#"<@m, [{"y":(1)2}, {}]>"#,
            ),
            (
                r#"<@m, [{"x"}, {}]>"#,
                r#"sdy.all_to_all [{"x"}: 0->1] out_sharding=<@m, [{}, {"x"}]>"#,
                r#"<@m, [{}, {"x"}]>"#,
            ),
            (
                r#"<@m, [{}, {}], unreduced={"x", "y"}>"#,
                r#"sdy.reduce_scatter [{"y"}, {}] out_sharding=<@m, [{"y"}, {}], unreduced={"x"}>"#,
                r#"<@m, [{"y"}, {}], unreduced={"x"}>"#,
            ),
            (
                r#"<@m, [{"x"}, {}]>"#,
                r#"sdy.collective_permute out_sharding=<@r, [{"y":(1)2}, {}]>"#,
                r#"<@r, [{"y":(1)2}, {}]>"#,
            ),
            (
                r#"<@m, [{"x"}, {}], unreduced={"y":(1)2}>"#,
                r#"sdy.replicated_to_unreduced {"y":(2)2} out_sharding=<@m, [{"x"}, {}], unreduced={"y"}>"#,
                r#"<@m, [{"x"}, {}], unreduced={"y"}>"#,
            ),
            (
                r#"<@m, [{"x", "y"}, {}]>"#,
                r#"sdy.sharded_to_unreduced [{"y"}, {}] out_sharding=<@m, [{"x"}, {}], unreduced={"y"}>"#,
                r#"<@m, [{"x"}, {}], unreduced={"y"}>"#,
            ),
        ] {
            assert_eq!(step(from, collective).unwrap(), to, "{collective} on {from}");
        }
    }

    #[test]
    fn rejects_collectives_that_do_not_apply() {
        for (from, collective, message) in [
            (
                r#"<@m, [{"x", "y"}, {}]>"#,
                r#"sdy.all_gather [{"x"}, {}] out_sharding=<@m, [{}, {}]>"#,
                "does not end with",
            ),
            (r#"<@m, [{"x"}, {}]>"#, r#"sdy.all_slice [{}, {"x"}] out_sharding=<@m, [{}, {}]>"#, "duplicate axis"),
            (
                r#"<@m, [{"x"}, {}]>"#,
                r#"sdy.collective_permute out_sharding=<@m, [{"y"}, {}]>"#,
                "2 shards before and 4",
            ),
            (
                r#"<@m, [{"x"}, {}]>"#,
                r#"sdy.all_reduce {"y"} out_sharding=<@m, [{"x"}, {}]>"#,
                "not among the unreduced",
            ),
            (r#"<@m, [{}, {}], unreduced={"y"}>"#, r#"sdy.all_reduce max {"y"} out_sharding=<@m, [{}, {}]>"#, "by max"),
            (r#"<@m, [{"x"}, {}]>"#, r#"sdy.all_to_all [{"x"}: 0->0] out_sharding=<@m, [{}, {}]>"#, "invalid move"),
            (
                r#"<@m, [{"x"}, {}]>"#,
                r#"sdy.replicated_to_unreduced {"x"} out_sharding=<@m, [{}, {}], unreduced={"x"}>"#,
                "duplicate axis",
            ),
            (
                r#"<@m, [{"x", "y"}, {}]>"#,
                r#"sdy.sharded_to_unreduced [{"x"}, {}] out_sharding=<@m, [{"y"}, {}], unreduced={"x"}>"#,
                "does not end with",
            ),
            (
                r#"<@m, [{}, {}], unreduced=max{"y"}>"#,
                r#"sdy.replicated_to_unreduced {"x"} out_sharding=<@m, [{}, {}], unreduced={"x", "y"}>"#,
                "combine by max",
            ),
            (
                r#"<@s, [{"b":(3)2}, {}]>"#,
                r#"sdy.all_slice [{}, {"b":(1)2}] out_sharding=<@s, [{}, {}]>"#,
                "cannot be used",
            ),
            (
                r#"<@m, [{}, {}], unreduced={"x"}>"#,
                r#"sdy.all_slice [{"y"}, {}] out_sharding=<@t, [{"y"}, {}], unreduced={"x"}>"#,
                "not the declared",
            ),
        ] {
            let error = step(from, collective).unwrap_err().to_string();
            assert!(error.contains(message), "{collective} on {from}: {error}");
        }
    }

    #[test]
    fn checks_declared_results_and_the_target() {
        let from: TensorSharding = r#"<@m, [{"x"}, {}]>"#.parse().unwrap();
        let to: TensorSharding = r#"<@m, [{}, {}]>"#.parse().unwrap();
        let wrong: Collective = r#"sdy.all_gather [{"x"}, {}] out_sharding=<@m, [{}, {"y"}]>"#.parse().unwrap();
        let e = simulate(&meshes(), &[16, 8], &from, &[wrong], &to).unwrap_err().to_string();
        assert!(e.contains("not the declared out_sharding"), "{e}");
        let e = simulate(&meshes(), &[16, 8], &from, &[], &to).unwrap_err().to_string();
        assert!(e.contains("not at the target"), "{e}");
        // A replicated tensor is the same on any mesh over the same devices.
        let on_r: TensorSharding = r#"<@r, [{}, {}]>"#.parse().unwrap();
        assert!(same_placement(&meshes(), &to, &on_r).unwrap());
    }
}
