//! What a sequence of collectives costs: each collective's bytes and time, from the
//! sharding states the symbolic simulator walks through.
//!
//! Bytes are per device, padded as the shards are (a dimension that does not divide
//! its shard count is rounded up). The group of a collective is the set of axes it
//! communicates over: the gathered, moved, reduced or scattered axes; for a
//! collective-permute the axes that change place (all the mesh's axes when the device
//! order changes). An `sdy.reshard` between unrelated meshes is priced as gathering
//! the source and sending every device its target shard over the slowest link.
//! Local collectives communicate nothing; they cost a local copy of their result
//! when the device has a measured kernel model, and nothing under the roofline.

use crate::collective::{Group, collective_time};
use crate::error::Result;
use crate::hardware::HardwareSpec;
use crate::kernel::{KernelClass, KernelWork};
use autoshard_model::reshard::{self, Collective, CollectiveKind, ShardingState, simulate};
use autoshard_model::{AxisRef, Bytes, DType, Flops, Mesh, Meshes, PlannedCollective, Seconds, TensorSharding};

/// A collective with its price.
#[derive(Debug, Clone, PartialEq)]
pub struct PricedCollective {
    /// The collective.
    pub collective: Collective,
    /// The bytes the formula counts (per device).
    pub bytes: Bytes,
    /// The time it takes.
    pub time: Seconds,
    /// The size of one device's shard after it.
    pub result_bytes: Bytes,
}

impl PricedCollective {
    /// The size of its result on one device, and whether it may overwrite its input
    /// (an all-reduce or a collective-permute: XLA runs them in place).
    pub fn written(&self) -> (Bytes, bool) {
        let kind = self.collective.kind();
        (self.result_bytes, matches!(kind, CollectiveKind::AllReduce | CollectiveKind::CollectivePermute))
    }

    /// This collective as a plan states it: applied to the value named `value`, for
    /// the op named `op` (`None` for a program output), at its price.
    pub fn planned(self, value: &str, op: Option<&str>) -> PlannedCollective {
        PlannedCollective {
            kind: self.collective.kind(),
            text: self.collective,
            value: value.to_string(),
            op: op.map(str::to_string),
            bytes: self.bytes,
            time_s: self.time,
        }
    }
}

/// A tensor to reshard: its shape, element type and the meshes its shardings name.
#[derive(Debug, Clone, Copy)]
pub struct Tensor<'a> {
    /// The named meshes.
    pub meshes: &'a Meshes,
    /// The global shape.
    pub shape: &'a [i64],
    /// The element type.
    pub dtype: DType,
}

impl Tensor<'_> {
    /// The bytes of one device's shard under `sharding` (saturating).
    pub fn local_bytes(&self, sharding: &TensorSharding) -> Result<Bytes> {
        let mesh = self.meshes.resolve(sharding)?;
        let elements = sharding.local_dims(mesh, self.shape).fold(1u64, |acc, d| acc.saturating_mul(d.max(0) as u64));
        Ok(Bytes(elements.saturating_mul(self.dtype.size_bytes())))
    }
}

/// The cheapest reshard autoshard plans from `from` to `to`: Shardy's sequence
/// ([`reshard::plan`]) unless the plan that gathers the differing axes and slices the
/// target's (the second of [`reshard::plan_and_gather_slice`]) is strictly cheaper on
/// `hardware`, which happens when latency dominates (small tensors, where fewer
/// collectives win); with uneven shards, also [`reshard::naive_plan`]'s. Never
/// costlier than gathering everything and slicing.
pub fn cheapest_plan(
    tensor: Tensor<'_>,
    from: &TensorSharding,
    to: &TensorSharding,
    hardware: &HardwareSpec,
) -> Result<Vec<PricedCollective>> {
    let (shardy, simple) = reshard::plan_and_gather_slice(tensor.meshes, tensor.shape, from, to)?;
    let mut candidates = vec![shardy];
    // The same collectives price the same: Shardy's plan is kept on a tie.
    if simple != candidates[0] {
        candidates.push(simple);
    }
    if from.is_uneven() || to.is_uneven() {
        // A recut moves what each block lacks by a permute; gathering everything
        // and slicing can be cheaper (a block that was empty gets all of its rows).
        let naive = reshard::naive_plan(tensor.meshes, tensor.shape, from, to)?;
        if !candidates.contains(&naive) {
            candidates.push(naive);
        }
    }
    let total = |steps: &[Step]| steps.iter().map(|s| s.time).sum::<Seconds>().0;
    let mut best: Option<(Vec<Collective>, Vec<Step>)> = None;
    for plan in candidates {
        let steps = price_steps(tensor, from, &plan, to, hardware)?;
        if best.as_ref().is_none_or(|(_, b)| total(&steps) < total(b) * (1.0 - 1e-12)) {
            best = Some((plan, steps));
        }
    }
    Ok(best.map(|(plan, steps)| priced(plan, steps)).unwrap_or_default())
}

/// Checks that `collectives` turn `from` into `to` and prices each one.
pub fn price(
    tensor: Tensor<'_>,
    from: &TensorSharding,
    collectives: &[Collective],
    to: &TensorSharding,
    hardware: &HardwareSpec,
) -> Result<Vec<PricedCollective>> {
    let steps = price_steps(tensor, from, collectives, to, hardware)?;
    Ok(priced(collectives.to_vec(), steps))
}

/// The price of one collective of a sequence.
struct Step {
    bytes: Bytes,
    time: Seconds,
    result_bytes: Bytes,
}

/// `collectives` with their prices.
fn priced(collectives: Vec<Collective>, steps: Vec<Step>) -> Vec<PricedCollective> {
    collectives
        .into_iter()
        .zip(steps)
        .map(|(collective, Step { bytes, time, result_bytes })| PricedCollective {
            collective,
            bytes,
            time,
            result_bytes,
        })
        .collect()
}

/// [`price`] without the collectives themselves.
fn price_steps(
    tensor: Tensor<'_>,
    from: &TensorSharding,
    collectives: &[Collective],
    to: &TensorSharding,
    hardware: &HardwareSpec,
) -> Result<Vec<Step>> {
    let states = simulate(tensor.meshes, tensor.shape, from, collectives, to)?;
    let mut steps = Vec::with_capacity(collectives.len());
    let mut bytes_before = None;
    for (i, (collective, after)) in collectives.iter().zip(&states).enumerate() {
        let before = if i == 0 { from } else { &states[i - 1] };
        let bytes_in = match bytes_before {
            Some(bytes) => bytes,
            None => tensor.local_bytes(before)?,
        };
        let result_bytes = tensor.local_bytes(after)?;
        let (bytes, time) = price_one(tensor, before, collective, after, (bytes_in, result_bytes), hardware)?;
        steps.push(Step { bytes, time, result_bytes });
        bytes_before = Some(result_bytes);
    }
    Ok(steps)
}

/// The extra memory a reshard needs on one device: while each collective runs, its
/// input and its result are both live, except that an all-reduce or a
/// collective-permute of a buffer nothing else reads writes its result in place (as
/// XLA runs them: [`PricedCollective::written`]); of those, the source and the final
/// state are not counted when they are program values (`source_counted`,
/// `final_counted`), which are live anyway, and a program value is never
/// overwritten. The largest such sum over the sequence of collectives, given by the
/// size of each one's result and whether it runs in place.
pub fn transient_bytes(
    source: Bytes,
    written: impl IntoIterator<Item = (Bytes, bool)>,
    source_counted: bool,
    final_counted: bool,
) -> Bytes {
    let mut written = written.into_iter().peekable();
    let (mut input, mut input_counted) = (source.0, source_counted);
    let mut peak = 0u64;
    while let Some((result, in_place)) = written.next() {
        let output_counted = written.peek().is_none() && final_counted;
        let live = if in_place && !input_counted { input.max(result.0) } else { input.saturating_add(result.0) };
        let counted = [(input, input_counted), (result.0, output_counted)].iter().filter(|c| c.1).map(|c| c.0).sum();
        peak = peak.max(live.saturating_sub(counted));
        (input, input_counted) = (result.0, false);
    }
    Bytes(peak)
}

/// The total time of priced collectives.
pub fn total_time(priced: &[PricedCollective]) -> Seconds {
    priced.iter().map(|p| p.time).sum()
}

fn price_one(
    tensor: Tensor<'_>,
    before: &TensorSharding,
    collective: &Collective,
    after: &ShardingState,
    (bytes_in, bytes_out): (Bytes, Bytes),
    hardware: &HardwareSpec,
) -> Result<(Bytes, Seconds)> {
    let mesh = tensor.meshes.resolve(before)?;
    let kind = collective.kind();
    let (axes, bytes) = match collective {
        Collective::AllSlice { .. }
        | Collective::ReplicatedToUnreduced { .. }
        | Collective::ShardedToUnreduced { .. } => return Ok((Bytes(0), local_time(bytes_out, hardware))),
        Collective::AllGather { axes, .. } => (axes.concat(), bytes_out),
        Collective::AllToAll { params, .. } => (params.iter().flat_map(|p| p.axes.clone()).collect(), bytes_in),
        Collective::AllReduce { axes, .. } => (axes.clone(), bytes_in),
        Collective::ReduceScatter { axes, .. } => (axes.concat(), bytes_in),
        Collective::CollectivePermute { .. } => match recut(tensor, before, after)? {
            Some((axes, moved)) => (axes, moved),
            None => (permuted_axes(tensor.meshes, before, after)?, bytes_in),
        },
        Collective::Reshard { .. } => return reshard_price(tensor, before, after, hardware),
    };
    Ok((bytes, collective_time(kind, Group::for_kind(kind, &axes, mesh, hardware), bytes)))
}

/// The time of a local collective (`all_slice` and the moves to unreduced) whose
/// result is `result` bytes: it communicates nothing, but copies its result on the
/// device. Free under the roofline (docs/spec.md §4); under a measured kernel model, a
/// movement kernel reading and writing the result.
fn local_time(result: Bytes, hardware: &HardwareSpec) -> Seconds {
    let copy = KernelWork {
        class: KernelClass::Movement,
        op: "copy",
        flops: Flops(0.0),
        bytes: Bytes(2 * result.0),
        elements: 0.0,
    };
    hardware.device.kernels.as_ref().map_or(Seconds(0.0), |k| k.time(&copy))
}

/// The axes a collective-permute moves data across: a device receives its new shard
/// from a device that holds it and differs from it only in the coordinates of the
/// source's axes that change place (the source is replicated along every other axis),
/// so those axes' links carry the traffic; all of the mesh's when the device order
/// changes.
fn permuted_axes(meshes: &Meshes, before: &TensorSharding, after: &TensorSharding) -> Result<Vec<AxisRef>> {
    let (mesh_before, mesh_after) = (meshes.resolve(before)?, meshes.resolve(after)?);
    if !mesh_before.same_device_order(mesh_after) {
        return Ok(all_axes(mesh_before));
    }
    let mut axes = Vec::new();
    for (b, a) in before.dims.iter().zip(&after.dims) {
        let common = b.axes.iter().zip(&a.axes).take_while(|(x, y)| x == y).count();
        for axis in &b.axes[common..] {
            if !axes.iter().any(|seen: &AxisRef| seen.name == axis.name) {
                axes.push(AxisRef::full(axis.name.clone()));
            }
        }
    }
    Ok(if axes.is_empty() { all_axes(mesh_before) } else { axes })
}

fn all_axes(mesh: &Mesh) -> Vec<AxisRef> {
    mesh.axes().iter().map(|a| AxisRef::full(a.name.clone())).collect()
}

/// A collective-permute that only moves the cuts of uneven dimensions (the same
/// axes, the same mesh): its axes are those of the recut dimensions, and a device
/// receives the part of its new block its old one lacks. With one recut dimension
/// that is exact (the most any block gains, times the other dimensions' blocks);
/// with several, a bound (the largest block less, per recut dimension, the least
/// overlap of a block with its old self). `None` for any other permute.
fn recut(tensor: Tensor<'_>, before: &TensorSharding, after: &TensorSharding) -> Result<Option<(Vec<AxisRef>, Bytes)>> {
    let mesh = tensor.meshes.resolve(before)?;
    let same_axes = before.dims.len() == after.dims.len()
        && before.mesh == after.mesh
        && before.dims.iter().zip(&after.dims).all(|(b, a)| b.axes == a.axes);
    if !same_axes {
        return Ok(None);
    }
    let local: Vec<u64> = after.local_dims(mesh, tensor.shape).map(|n| n.max(0) as u64).collect();
    // Per recut dimension: each block's new length and its overlap with its old self.
    let mut recuts: Vec<(usize, Vec<(u64, u64)>)> = Vec::new();
    let mut axes = Vec::new();
    for (d, (b, a)) in before.dims.iter().zip(&after.dims).enumerate() {
        let (n, k) = (tensor.shape[d], b.sharded_size(mesh).max(1) as usize);
        let (old, new) = (b.bounds(n, k as i64), a.bounds(n, k as i64));
        if old != new {
            axes.extend(a.axes.iter().cloned());
            let blocks = (0..k).map(|i| {
                let overlap = (old[i + 1].min(new[i + 1]) - old[i].max(new[i])).max(0);
                ((new[i + 1] - new[i]).max(0) as u64, overlap as u64)
            });
            recuts.push((d, blocks.collect()));
        }
    }
    let rest = |skip: &[usize]| -> u64 {
        local.iter().enumerate().filter(|(d, _)| !skip.contains(d)).map(|(_, &n)| n).product()
    };
    let elements = match &recuts[..] {
        [(d, blocks)] => blocks.iter().map(|&(len, kept)| len - kept.min(len)).max().unwrap_or(0) * rest(&[*d]),
        _ => {
            let recut: Vec<usize> = recuts.iter().map(|(d, _)| *d).collect();
            let kept: u64 = recuts.iter().map(|(_, b)| b.iter().map(|&(_, kept)| kept).min().unwrap_or(0)).product();
            rest(&[]).saturating_sub(kept * rest(&recut))
        }
    };
    Ok(Some((axes, Bytes(elements.saturating_mul(tensor.dtype.size_bytes())))))
}

/// Gather the source on its mesh, then send each device its target shard.
fn reshard_price(
    tensor: Tensor<'_>,
    before: &TensorSharding,
    after: &TensorSharding,
    hardware: &HardwareSpec,
) -> Result<(Bytes, Seconds)> {
    use autoshard_model::reshard::CollectiveKind::{AllGather, Reshard};
    let (mesh_before, mesh_after) = (tensor.meshes.resolve(before)?, tensor.meshes.resolve(after)?);
    let sharded: Vec<AxisRef> = before.dims.iter().flat_map(|d| d.axes.clone()).collect();
    let full = tensor.local_bytes(&TensorSharding { dims: Vec::new(), ..before.clone() })?;
    let gather = collective_time(AllGather, Group::for_kind(AllGather, &sharded, mesh_before, hardware), full);
    match (mesh_before.is_maximal(), mesh_after.is_maximal()) {
        // Onto one device: the source gathered there (nothing when it is replicated,
        // the device holds it already).
        (false, true) => return Ok((full, gather)),
        // From one device: the whole value broadcast over the target's mesh (a
        // pipelined broadcast moves about the value over each link, as an all-gather
        // of it does), each device then keeping its block.
        (true, false) => {
            let all = all_axes(mesh_after);
            let broadcast = collective_time(AllGather, Group::for_kind(AllGather, &all, mesh_after, hardware), full);
            return Ok((full, broadcast));
        }
        _ => {}
    }
    let mut links = all_axes(mesh_before);
    links.extend(all_axes(mesh_after));
    let mut send = Group::over(&links, mesh_before, hardware);
    send.size = 2;
    if links.is_empty() {
        send.link = hardware.slowest_link();
    }
    let send = send.for_kind_of(Reshard, hardware);
    let bytes = tensor.local_bytes(after)?;
    let time = collective_time(Reshard, send, bytes);
    Ok((bytes, Seconds(gather.0 + time.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn onto_one_device_costs_the_gather_and_off_it_a_broadcast() {
        use crate::hardware::Preset;
        use autoshard_model::reshard::CollectiveKind::AllGather;
        let mesh: Mesh = r#"<["x"=4]>"#.parse().unwrap();
        let mut meshes = Meshes::single("mesh", mesh.clone());
        meshes.insert("one", Mesh::maximal(0).unwrap());
        let hardware = HardwareSpec::from_preset(Preset::H100Sxm, &mesh);
        let tensor = Tensor { meshes: &meshes, shape: &[1024, 1024], dtype: DType::F32 };
        let s = |text: &str| -> TensorSharding { text.parse().unwrap() };
        let (replicated, rows, one) = (s("<@mesh, [{}, {}]>"), s(r#"<@mesh, [{"x"}, {}]>"#), s("<@one, []>"));
        let full = Bytes(4 << 20);
        // The device holds a replicated value already.
        assert_eq!(reshard_price(tensor, &replicated, &one, &hardware).unwrap(), (full, Seconds(0.0)));
        // From rows: the rows gathered, as an all-gather over "x" of the whole value.
        let x = [AxisRef::full("x")];
        let gather = collective_time(AllGather, Group::for_kind(AllGather, &x, &mesh, &hardware), full);
        assert!(gather.0 > 0.0);
        assert_eq!(reshard_price(tensor, &rows, &one, &hardware).unwrap(), (full, gather));
        // Off the device to rows or replicated alike: a broadcast of the whole value.
        assert_eq!(reshard_price(tensor, &one, &rows, &hardware).unwrap(), (full, gather));
        assert_eq!(reshard_price(tensor, &one, &replicated, &hardware).unwrap(), (full, gather));
    }

    #[test]
    fn transient_memory_is_the_largest_live_pair() {
        let copy = |b: u64| (Bytes(b), false);
        let in_place = |b: u64| (Bytes(b), true);
        // Gather to 8 then slice to 1: the full tensor is the peak, both ends are values.
        assert_eq!(transient_bytes(Bytes(1), [copy(8), copy(1)], true, true), Bytes(8));
        // A resharded operand copy: only the copy is extra.
        assert_eq!(transient_bytes(Bytes(4), [copy(4)], true, false), Bytes(4));
        // A produced partial result reduce-scattered into its value: the partial
        // result is extra.
        assert_eq!(transient_bytes(Bytes(16), [copy(4)], false, true), Bytes(16));
        // All-reduced instead, in place: the partial result becomes the value.
        assert_eq!(transient_bytes(Bytes(16), [in_place(16)], false, true), Bytes(0));
        // A value is never overwritten: its all-reduced copy is extra.
        assert_eq!(transient_bytes(Bytes(16), [in_place(16)], true, false), Bytes(16));
        // In place after a gather: the gathered buffer is reused.
        assert_eq!(transient_bytes(Bytes(1), [copy(8), in_place(8)], true, false), Bytes(8));
        // A value moved into another value in one step needs nothing extra.
        assert_eq!(transient_bytes(Bytes(4), [copy(4)], true, true), Bytes(0));
        assert_eq!(transient_bytes(Bytes(4), [], false, false), Bytes(0));
    }
}
