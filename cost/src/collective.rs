//! The time of one collective (docs/spec.md §4): a ring-style α–β model over the mesh axes the
//! collective's device groups span.
//!
//! For a group over axes A with p = ∏|a| devices, latency α_A is the largest and
//! bandwidth B_A the smallest of the axes' links (the bottleneck rule), and n is the
//! per-device byte count the formula names:
//!
//! | collective | time |
//! |---|---|
//! | all_gather (n = gathered result bytes per device) | (p−1)·α + (p−1)/p · n/B |
//! | reduce_scatter (n = input bytes per device) | (p−1)·α + (p−1)/p · n/B |
//! | all_reduce (n = bytes per device) | 2(p−1)·α + 2(p−1)/p · n/B |
//! | all_to_all (n = bytes per device) | (p−1)·α + (p−1)/p · n/B |
//! | collective_permute (n = bytes sent) | α + n/B |
//! | all_slice, replicated_to_unreduced, sharded_to_unreduced (local) | 0 |
//!
//! A hardware spec may override the link per collective kind and add a fixed
//! overhead to each collective of the kind that communicates (a calibrated
//! profile's figures, an extension of docs/spec.md §4 that is zero unless a profile sets
//! it); [`Group::for_kind`] applies that.
//!
//! Invariant: a group of one device, or no axes, costs nothing.

use crate::hardware::HardwareSpec;
use crate::specs::LinkSpec;
use autoshard_model::axes_size;
use autoshard_model::reshard::CollectiveKind;
use autoshard_model::{AxisRef, Bytes, BytesPerSecond, Mesh, OpKind, Seconds};

/// The devices a collective's groups span: their count and the bottleneck link.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Group {
    /// Devices per group (p).
    pub size: i64,
    /// The slowest latency and bandwidth among the group's axes.
    pub link: LinkSpec,
    /// The fixed time each collective over the group costs beyond its formula.
    pub overhead: Seconds,
}

impl Group {
    /// The group spanning `axes` of `mesh`; a group over no axes has size 1.
    pub fn over(axes: &[AxisRef], mesh: &Mesh, hardware: &HardwareSpec) -> Group {
        let size = axes_size(axes, mesh).max(1);
        let mut link = LinkSpec { bandwidth: BytesPerSecond(f64::INFINITY), latency: Seconds(0.0) };
        for axis in axes {
            let l = hardware.link(&axis.name);
            link.latency = Seconds(link.latency.0.max(l.latency.0));
            link.bandwidth = BytesPerSecond(link.bandwidth.0.min(l.bandwidth.0));
        }
        Group { size, link, overhead: Seconds(0.0) }
    }

    /// [`Group::over`] for a collective of `kind`: the link and overhead are the
    /// kind's if `hardware` has them ([`HardwareSpec::collective_spec`]).
    pub fn for_kind(kind: CollectiveKind, axes: &[AxisRef], mesh: &Mesh, hardware: &HardwareSpec) -> Group {
        Group::over(axes, mesh, hardware).for_kind_of(kind, hardware)
    }

    /// This group with the figures of `kind` on `hardware`.
    pub fn for_kind_of(self, kind: CollectiveKind, hardware: &HardwareSpec) -> Group {
        let spec = hardware.collective_spec(kind, self.link);
        Group { link: spec.link, overhead: spec.overhead, ..self }
    }
}

/// The coefficients `(k_α, k_n)` of a collective of `kind` over `p` devices in
/// the table of the module docs: its time is `k_α·α + k_n·n/B` (both 0 for a
/// local collective or a group of one).
pub fn coefficients(kind: CollectiveKind, p: i64) -> (f64, f64) {
    if p <= 1 || kind.is_local() {
        return (0.0, 0.0);
    }
    let (p, steps) = (p as f64, (p - 1) as f64);
    match kind {
        CollectiveKind::AllGather | CollectiveKind::ReduceScatter | CollectiveKind::AllToAll => (steps, steps / p),
        CollectiveKind::AllReduce => (2.0 * steps, 2.0 * steps / p),
        CollectiveKind::CollectivePermute | CollectiveKind::Reshard => (1.0, 1.0),
        CollectiveKind::AllSlice | CollectiveKind::ReplicatedToUnreduced | CollectiveKind::ShardedToUnreduced => {
            (0.0, 0.0)
        }
    }
}

/// The time of a collective of `kind` over `group` moving `bytes` as the table in
/// the module docs defines it.
pub fn collective_time(kind: CollectiveKind, group: Group, bytes: Bytes) -> Seconds {
    let (k_alpha, k_n) = coefficients(kind, group.size);
    if k_alpha == 0.0 && k_n == 0.0 {
        return Seconds(0.0);
    }
    Seconds(group.overhead.0 + k_alpha * group.link.latency.0 + k_n * bytes.0 as f64 / group.link.bandwidth.0)
}

/// The time on the links of StableHLO collective `kind` over replica groups, as a
/// manual computation's body runs it (`psum`, `ppermute`, `all_gather`…), one
/// device sending `sent` and receiving `received` bytes: the formula of its kind
/// over the mesh axes its groups span (where two members' coordinates differ), with
/// its groups' size. Zero for any other op.
pub fn replica_time(kind: &OpKind, mesh: &Mesh, hardware: &HardwareSpec, sent: Bytes, received: Bytes) -> Seconds {
    let pairs;
    let (collective, groups, bytes) = match kind {
        OpKind::AllGather(a) => (CollectiveKind::AllGather, &a.replica_groups.0, received),
        OpKind::AllReduce(a) => (CollectiveKind::AllReduce, &a.replica_groups.0, sent),
        OpKind::ReduceScatter(r) => (CollectiveKind::ReduceScatter, &r.replica_groups.0, sent),
        OpKind::AllToAll(a) => (CollectiveKind::AllToAll, &a.replica_groups.0, sent),
        OpKind::CollectivePermute(c) => {
            pairs = c.source_target_pairs.iter().map(|&(s, t)| vec![s, t]).collect::<Vec<_>>();
            (CollectiveKind::CollectivePermute, &pairs, sent)
        }
        _ => return Seconds(0.0),
    };
    let axes = spanned_axes(mesh, groups);
    let size = groups.iter().map(Vec::len).max().unwrap_or(1) as i64;
    let group = Group { size, ..Group::for_kind(collective, &axes, mesh, hardware) };
    collective_time(collective, group, bytes)
}

/// The mesh axes along which two members of one of `groups` (device ids) differ.
fn spanned_axes(mesh: &Mesh, groups: &[Vec<i64>]) -> Vec<AxisRef> {
    let mut spanned = vec![false; mesh.axes().len()];
    for group in groups {
        let coords: Vec<Vec<usize>> = group.iter().filter_map(|&id| mesh.coordinates_of(id)).collect();
        for (k, seen) in spanned.iter_mut().enumerate() {
            *seen |= coords.windows(2).any(|w| w[0][k] != w[1][k]);
        }
    }
    mesh.axes().iter().zip(spanned).filter(|(_, s)| *s).map(|(a, _)| AxisRef::full(a.name.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hardware::Preset;
    use crate::specs::CollectiveSpec;

    fn close(a: Seconds, b: f64) -> bool {
        (a.0 - b).abs() <= 1e-12 * b.abs().max(1e-9)
    }

    #[test]
    fn shard_map_collectives_cost_the_formula_over_the_axes_their_groups_span() {
        use autoshard_model::ops::{AllReduce, CollectivePermute, ReduceKind, ReplicaGroups};
        let mesh = Mesh::from_axes([("data", 2), ("model", 4)]).unwrap();
        let hw = HardwareSpec::from_preset(Preset::H100Sxm, &mesh);
        let n = Bytes(1 << 20);
        let psum = OpKind::AllReduce(AllReduce {
            kind: ReduceKind::Add,
            replica_groups: ReplicaGroups(vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]),
            channel_id: 1,
            use_global_device_ids: true,
        });
        let model = Group::over(&[AxisRef::full("model")], &mesh, &hw);
        assert_eq!(replica_time(&psum, &mesh, &hw, n, n), collective_time(CollectiveKind::AllReduce, model, n));
        // Across "data" (devices 0 and 4): the slower inter-node link.
        let ring =
            OpKind::CollectivePermute(CollectivePermute { source_target_pairs: vec![(0, 4), (4, 0)], channel_id: 1 });
        let data = Group::over(&[AxisRef::full("data")], &mesh, &hw);
        assert_eq!(replica_time(&ring, &mesh, &hw, n, n), collective_time(CollectiveKind::CollectivePermute, data, n));
        assert_eq!(replica_time(&OpKind::Dot, &mesh, &hw, n, n), Seconds(0.0));
    }

    #[test]
    fn formulas_match_the_spec() {
        let mesh = Mesh::from_axes([("data", 2), ("model", 4)]).unwrap();
        let hw = HardwareSpec::from_preset(Preset::H100Sxm, &mesh);
        let model = Group::over(&[AxisRef::full("model")], &mesh, &hw);
        assert_eq!(model.size, 4);
        let n = Bytes(1 << 20);
        let (a, b) = (2e-6, 450e9);
        let nb = (1u64 << 20) as f64 / b;
        assert!(close(collective_time(CollectiveKind::AllGather, model, n), 3.0 * a + 0.75 * nb));
        assert!(close(collective_time(CollectiveKind::AllReduce, model, n), 6.0 * a + 1.5 * nb));
        assert!(close(collective_time(CollectiveKind::CollectivePermute, model, n), a + nb));
        assert_eq!(collective_time(CollectiveKind::AllSlice, model, n), Seconds(0.0));
        // Both axes: 8 devices, the slow inter-node link is the bottleneck.
        let both = Group::over(&[AxisRef::full("data"), AxisRef::full("model")], &mesh, &hw);
        assert_eq!((both.size, both.link.bandwidth, both.link.latency), (8, BytesPerSecond(450e9), Seconds(2e-6)));
        let nothing = Group::over(&[], &mesh, &hw);
        assert_eq!(collective_time(CollectiveKind::AllReduce, nothing, n), Seconds(0.0));
    }

    #[test]
    fn a_kinds_override_replaces_the_bottleneck_link_for_that_kind_only() {
        let mesh = Mesh::from_axes([("data", 2), ("model", 4)]).unwrap();
        let mut hw = HardwareSpec::from_preset(Preset::H100Sxm, &mesh);
        let link =
            |bandwidth: f64, latency: f64| LinkSpec { bandwidth: BytesPerSecond(bandwidth), latency: Seconds(latency) };
        let reduce = CollectiveSpec { link: link(1e9, 1e-5), overhead: Seconds(4e-6) };
        let permute = CollectiveSpec { link: link(2e9, 3e-6), overhead: Seconds(0.0) };
        hw.collectives.insert(CollectiveKind::AllReduce, reduce);
        hw.collectives.insert(CollectiveKind::CollectivePermute, permute);
        let axes = hw.link("data");
        assert_eq!(hw.collective_spec(CollectiveKind::AllReduce, axes), reduce);
        let plain = CollectiveSpec { link: axes, overhead: Seconds(0.0) };
        assert_eq!(hw.collective_spec(CollectiveKind::AllGather, axes), plain);
        // A reshard's sends are priced as collective_permute's.
        assert_eq!(hw.collective_spec(CollectiveKind::Reshard, axes), permute);
        let both = [AxisRef::full("data"), AxisRef::full("model")];
        let over = Group::over(&both, &mesh, &hw);
        assert_eq!(over, Group { size: 8, link: hw.link("data"), overhead: Seconds(0.0) });
        let reducing = Group::for_kind(CollectiveKind::AllReduce, &both, &mesh, &hw);
        assert_eq!(reducing, Group { size: 8, link: reduce.link, overhead: reduce.overhead });
        assert_eq!(Group::for_kind(CollectiveKind::AllToAll, &both, &mesh, &hw), over);
        // The overhead adds to a collective that communicates, once.
        let n = Bytes(1 << 20);
        let formula = 14.0 * 1e-5 + 14.0 / 8.0 * (1u64 << 20) as f64 / 1e9;
        assert!(close(collective_time(CollectiveKind::AllReduce, reducing, n), formula + 4e-6));
        let alone = Group { size: 1, ..reducing };
        assert_eq!(collective_time(CollectiveKind::AllReduce, alone, n), Seconds(0.0));
    }
}
