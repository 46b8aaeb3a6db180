//! StableHLO's collectives as ops of the program (`all_gather`, `all_to_all`,
//! `reduce_scatter`, `all_reduce`, `collective_permute`, as shard_map bodies use
//! them): replica groups, source-target pairs, channel handles and the combining
//! regions in StableHLO's syntax.

use super::reductions::combining;
use super::{Emitter, Ssa, list};
use autoshard_model::TensorType;
use autoshard_model::ops::{AllGather, AllReduce, AllToAll, CollectivePermute, ReduceScatter, ReplicaGroups};

/// `replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`, plus the channel
/// handle when there is a channel and the unit `use_global_device_ids` when set.
fn groups(g: &ReplicaGroups, channel_id: i64, global_ids: bool) -> String {
    let rows: Vec<String> = g.0.iter().map(|r| format!("[{}]", list(r))).collect();
    let width = g.0.first().map_or(0, Vec::len);
    let mut attrs = format!("replica_groups = dense<[{}]> : tensor<{}x{width}xi64>", rows.join(", "), g.0.len());
    if channel_id > 0 {
        attrs = format!("channel_handle = #stablehlo.channel_handle<handle = {channel_id}, type = 1>, {attrs}");
    }
    if global_ids {
        attrs.push_str(", use_global_device_ids");
    }
    attrs
}

pub(super) fn all_gather(e: &mut Emitter<'_>, args: &[Ssa], a: &AllGather, results: &[TensorType]) -> Vec<Ssa> {
    let attrs = format!(
        "all_gather_dim = {} : i64, {}",
        a.all_gather_dim,
        groups(&a.replica_groups, a.channel_id, a.use_global_device_ids)
    );
    e.stablehlo("all_gather", args, &attrs, results)
}

pub(super) fn all_to_all(e: &mut Emitter<'_>, args: &[Ssa], a: &AllToAll, results: &[TensorType]) -> Vec<Ssa> {
    let attrs = format!(
        "concat_dimension = {} : i64, {}, split_count = {} : i64, split_dimension = {} : i64",
        a.concat_dimension,
        groups(&a.replica_groups, a.channel_id, false),
        a.split_count,
        a.split_dimension
    );
    e.stablehlo("all_to_all", args, &attrs, results)
}

pub(super) fn reduce_scatter(e: &mut Emitter<'_>, args: &[Ssa], r: &ReduceScatter, results: &[TensorType]) -> Vec<Ssa> {
    let attrs = format!(
        "{}, scatter_dimension = {} : i64",
        groups(&r.replica_groups, r.channel_id, r.use_global_device_ids),
        r.scatter_dimension
    );
    let scalar = TensorType::new(vec![], args[0].ty.dtype);
    combining(e, "reduce_scatter", args, &attrs, results, Some(r.kind), &[scalar])
}

pub(super) fn all_reduce(e: &mut Emitter<'_>, args: &[Ssa], a: &AllReduce, results: &[TensorType]) -> Vec<Ssa> {
    let attrs = groups(&a.replica_groups, a.channel_id, a.use_global_device_ids);
    let scalar = TensorType::new(vec![], args[0].ty.dtype);
    combining(e, "all_reduce", args, &attrs, results, Some(a.kind), &[scalar])
}

pub(super) fn collective_permute(
    e: &mut Emitter<'_>,
    args: &[Ssa],
    c: &CollectivePermute,
    results: &[TensorType],
) -> Vec<Ssa> {
    let rows: Vec<String> = c.source_target_pairs.iter().map(|(s, t)| format!("[{s}, {t}]")).collect();
    let mut attrs =
        format!("source_target_pairs = dense<[{}]> : tensor<{}x2xi64>", rows.join(", "), c.source_target_pairs.len());
    if c.channel_id > 0 {
        attrs = format!("channel_handle = #stablehlo.channel_handle<handle = {}, type = 1>, {attrs}", c.channel_id);
    }
    e.stablehlo("collective_permute", args, &attrs, results)
}
