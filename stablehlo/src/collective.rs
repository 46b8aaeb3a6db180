//! StableHLO's collectives (`all_gather`, `all_to_all`, `reduce_scatter`,
//! `all_reduce`, `collective_permute`) read into the op set: their dimensions,
//! `replica_groups` (a `dense<[[…], …]> : tensor<GxNxi64>` literal),
//! `source_target_pairs` (likewise, `tensor<Px2xi64>`), `channel_handle`
//! (`#stablehlo.channel_handle<handle = H, type = T>`, or `channel_id`) and, for
//! `reduce_scatter` and `all_reduce`, the combiner of its region.

use super::ast::Operation;
use super::attrs::{self, flag, get, req};
use super::combiner::body_reduction;
use autoshard_model::ops::{AllGather, AllReduce, AllToAll, CollectivePermute, ReduceScatter, ReplicaGroups};

/// The replica groups: the literal's integers cut into rows of the length its type
/// states (one group when no type is given).
fn replica_groups(op: &Operation) -> Result<ReplicaGroups, String> {
    let text = req(op, &["replica_groups"])?;
    let ids = attrs::ints(text)?;
    let row = match text.split_once(" : ") {
        Some((_, ty)) => {
            let ty = super::parser::type_at(ty, autoshard_mlir::Location::default())
                .map_err(|e| format!("bad replica_groups type: {e}"))?;
            match ty.dims().as_slice() {
                &[_, n] => usize::try_from(n).map_err(|_| format!("bad replica_groups type in '{text}'"))?,
                _ => return Err(format!("replica_groups must be a 2-d tensor, found '{text}'")),
            }
        }
        None => ids.len(),
    };
    if row == 0 {
        return Ok(ReplicaGroups::default());
    }
    Ok(ReplicaGroups(ids.chunks(row).map(<[i64]>::to_vec).collect()))
}

/// The channel: `channel_handle`'s handle or `channel_id`, 0 when absent.
fn channel_id(op: &Operation) -> Result<i64, String> {
    match get(op, &["channel_handle"]) {
        Some(text) => attrs::field_int(text, "handle", 0),
        None => get(op, &["channel_id"]).map_or(Ok(0), attrs::int),
    }
}

/// `stablehlo.all_gather`.
pub fn all_gather(op: &Operation) -> Result<AllGather, String> {
    Ok(AllGather {
        all_gather_dim: attrs::int(req(op, &["all_gather_dim"])?)?,
        replica_groups: replica_groups(op)?,
        channel_id: channel_id(op)?,
        use_global_device_ids: flag(op, "use_global_device_ids")?,
    })
}

/// `stablehlo.all_to_all`.
pub fn all_to_all(op: &Operation) -> Result<AllToAll, String> {
    Ok(AllToAll {
        split_dimension: attrs::int(req(op, &["split_dimension"])?)?,
        concat_dimension: attrs::int(req(op, &["concat_dimension"])?)?,
        split_count: attrs::int(req(op, &["split_count"])?)?,
        replica_groups: replica_groups(op)?,
        channel_id: channel_id(op)?,
    })
}

/// `stablehlo.reduce_scatter`: its region must be one add, maximum, minimum or
/// multiply.
pub fn reduce_scatter(op: &Operation) -> Result<ReduceScatter, String> {
    Ok(ReduceScatter {
        scatter_dimension: attrs::int(req(op, &["scatter_dimension"])?)?,
        kind: body_reduction(op, 0, 1)?,
        replica_groups: replica_groups(op)?,
        channel_id: channel_id(op)?,
        use_global_device_ids: flag(op, "use_global_device_ids")?,
    })
}

/// `stablehlo.all_reduce`: its region must be one add, maximum, minimum or
/// multiply (JAX's `psum`, `pmax`, `pmin`).
pub fn all_reduce(op: &Operation) -> Result<AllReduce, String> {
    Ok(AllReduce {
        kind: body_reduction(op, 0, 1)?,
        replica_groups: replica_groups(op)?,
        channel_id: channel_id(op)?,
        use_global_device_ids: flag(op, "use_global_device_ids")?,
    })
}

/// `stablehlo.collective_permute` (JAX's `ppermute`).
pub fn collective_permute(op: &Operation) -> Result<CollectivePermute, String> {
    let ids = attrs::ints(req(op, &["source_target_pairs"])?)?;
    if ids.len() % 2 != 0 {
        return Err(format!("source_target_pairs has {} ids, not pairs", ids.len()));
    }
    Ok(CollectivePermute {
        source_target_pairs: ids.chunks(2).map(|p| (p[0], p[1])).collect(),
        channel_id: channel_id(op)?,
    })
}
