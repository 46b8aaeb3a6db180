//! StableHLO's collectives as ops of the program (`all_gather`, `all_to_all`,
//! `reduce_scatter`, `all_reduce`, `collective_permute`, as shard_map bodies use
//! them): replica groups, source-target pairs, channel handles and the combining
//! regions in StableHLO's syntax.

use super::build::dict;
use super::reductions::combining;
use super::{Emitter, Ssa, list};
use crate::ast::Dict;
use autoshard_model::TensorType;
use autoshard_model::ops::{AllGather, AllReduce, AllToAll, CollectivePermute, ReduceScatter, ReplicaGroups};

/// The properties: `prefix`, the channel handle when there is a channel,
/// `replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`, the unit
/// `use_global_device_ids` when set, then `suffix`.
fn groups(
    prefix: Option<(&'static str, String)>,
    g: &ReplicaGroups,
    channel_id: i64,
    global_ids: bool,
    suffix: impl IntoIterator<Item = (&'static str, String)>,
) -> Dict {
    let rows: Vec<String> = g.0.iter().map(|r| format!("[{}]", list(r))).collect();
    let width = g.0.first().map_or(0, Vec::len);
    let groups = ("replica_groups", format!("dense<[{}]> : tensor<{}x{width}xi64>", rows.join(", "), g.0.len()));
    let global_ids = global_ids.then(|| ("use_global_device_ids", "unit".to_string()));
    dict(prefix.into_iter().chain(channel(channel_id)).chain([groups]).chain(global_ids).chain(suffix))
}

/// The `channel_handle` property of a collective on channel `id`, if it has one.
fn channel(id: i64) -> Option<(&'static str, String)> {
    (id > 0).then(|| ("channel_handle", format!("#stablehlo.channel_handle<handle = {id}, type = 1>")))
}

pub(super) fn all_gather(e: &mut Emitter<'_>, args: &[Ssa], a: &AllGather, results: &[TensorType]) -> Vec<Ssa> {
    let dim = ("all_gather_dim", format!("{} : i64", a.all_gather_dim));
    let properties = groups(Some(dim), &a.replica_groups, a.channel_id, a.use_global_device_ids, []);
    e.stablehlo("all_gather", args, properties, results)
}

pub(super) fn all_to_all(e: &mut Emitter<'_>, args: &[Ssa], a: &AllToAll, results: &[TensorType]) -> Vec<Ssa> {
    let concat = ("concat_dimension", format!("{} : i64", a.concat_dimension));
    let split = [
        ("split_count", format!("{} : i64", a.split_count)),
        ("split_dimension", format!("{} : i64", a.split_dimension)),
    ];
    let properties = groups(Some(concat), &a.replica_groups, a.channel_id, false, split);
    e.stablehlo("all_to_all", args, properties, results)
}

pub(super) fn reduce_scatter(e: &mut Emitter<'_>, args: &[Ssa], r: &ReduceScatter, results: &[TensorType]) -> Vec<Ssa> {
    let dim = [("scatter_dimension", format!("{} : i64", r.scatter_dimension))];
    let properties = groups(None, &r.replica_groups, r.channel_id, r.use_global_device_ids, dim);
    let scalar = TensorType::new(vec![], args[0].ty.dtype);
    combining(e, "reduce_scatter", args, properties, results, Some(r.kind), &[scalar])
}

pub(super) fn all_reduce(e: &mut Emitter<'_>, args: &[Ssa], a: &AllReduce, results: &[TensorType]) -> Vec<Ssa> {
    let properties = groups(None, &a.replica_groups, a.channel_id, a.use_global_device_ids, []);
    let scalar = TensorType::new(vec![], args[0].ty.dtype);
    combining(e, "all_reduce", args, properties, results, Some(a.kind), &[scalar])
}

pub(super) fn collective_permute(
    e: &mut Emitter<'_>,
    args: &[Ssa],
    c: &CollectivePermute,
    results: &[TensorType],
) -> Vec<Ssa> {
    let rows: Vec<String> = c.source_target_pairs.iter().map(|(s, t)| format!("[{s}, {t}]")).collect();
    let pairs = format!("dense<[{}]> : tensor<{}x2xi64>", rows.join(", "), c.source_target_pairs.len());
    let properties = dict(channel(c.channel_id).into_iter().chain([("source_target_pairs", pairs)]));
    e.stablehlo("collective_permute", args, properties, results)
}
