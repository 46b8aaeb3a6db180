//! StableHLO's cross-replica collectives (`all_gather`, `all_to_all`,
//! `reduce_scatter`, `all_reduce`, `collective_permute`) on the tensors of one
//! group: what one replica gets, given what every member of its group holds.
//!
//! A replica is a device (its id is the mesh's device id at its position); inside
//! a manual computation each device runs the body on its blocks, so the reference
//! interpreter runs the body's instances in lock step and hands each collective the
//! instances' operands, and the sharded executor posts each device's blocks and
//! reads its group's. Both compute the result here, so they agree by construction.

use crate::tensor::Tensor;
use autoshard_model::OpKind;
use autoshard_model::ops::{ReduceKind, ReplicaGroups};

/// The replicas whose operands replica `me` needs for collective `kind`, in the
/// order [`replica_result`] takes them: its group (in group order), or for
/// `collective_permute` its source (none when no pair targets it).
pub fn peers(kind: &OpKind, me: i64) -> Result<Vec<i64>, String> {
    let groups = match kind {
        OpKind::AllGather(a) => &a.replica_groups,
        OpKind::AllToAll(a) => &a.replica_groups,
        OpKind::ReduceScatter(r) => &r.replica_groups,
        OpKind::AllReduce(a) => &a.replica_groups,
        OpKind::CollectivePermute(c) => {
            return Ok(c.source_target_pairs.iter().filter(|p| p.1 == me).map(|p| p.0).collect());
        }
        other => return Err(format!("{} is not a collective over replicas", other.name())),
    };
    group_of(groups, me).map(<[i64]>::to_vec)
}

/// The group of replica `me`.
fn group_of(groups: &ReplicaGroups, me: i64) -> Result<&[i64], String> {
    let group = groups.0.iter().find(|g| g.contains(&me));
    group.map(Vec::as_slice).ok_or_else(|| format!("replica {me} is in none of the replica groups {:?}", groups.0))
}

/// What replica `me` gets from collective `kind` for its operand `x`, given
/// `parts`: that operand of each of its [`peers`], in order.
pub fn replica_result(kind: &OpKind, me: i64, x: &Tensor, parts: &[&Tensor]) -> Result<Tensor, String> {
    let position = || -> Result<usize, String> {
        let group = peers(kind, me)?;
        group.iter().position(|&r| r == me).ok_or_else(|| format!("replica {me} is not in its group"))
    };
    let joined = |axis: i64| {
        Tensor::concat(parts, axis as usize).ok_or_else(|| format!("the group's tensors do not join along {axis}"))
    };
    match kind {
        OpKind::AllGather(a) => joined(a.all_gather_dim),
        OpKind::AllReduce(a) => combine(a.kind, parts),
        OpKind::ReduceScatter(r) => {
            let reduced = combine(r.kind, parts)?;
            let piece = reduced.piece(r.scatter_dimension as usize, parts.len(), position()?);
            piece.ok_or_else(|| format!("dimension {} does not split into {}", r.scatter_dimension, parts.len()))
        }
        OpKind::AllToAll(a) => {
            let (n, me) = (parts.len(), position()?);
            let chunks: Option<Vec<Tensor>> =
                parts.iter().map(|p| p.piece(a.split_dimension as usize, n, me)).collect();
            let chunks = chunks.ok_or_else(|| format!("dimension {} does not split into {n}", a.split_dimension))?;
            let refs: Vec<&Tensor> = chunks.iter().collect();
            Tensor::concat(&refs, a.concat_dimension as usize)
                .ok_or_else(|| format!("the chunks do not join along {}", a.concat_dimension))
        }
        OpKind::CollectivePermute(_) => Ok(parts.first().map_or_else(|| Tensor::full(x.shape(), 0.0), |&p| p.clone())),
        other => Err(format!("{} is not a collective over replicas", other.name())),
    }
}

/// `parts` combined element by element by `kind`, in order.
fn combine(kind: ReduceKind, parts: &[&Tensor]) -> Result<Tensor, String> {
    let Some((first, rest)) = parts.split_first() else { return Err("an empty group".into()) };
    let mut out = (*first).clone();
    for part in rest {
        if part.shape() != out.shape() {
            return Err(format!("tensors of shapes {:?} and {:?} in one reduction", out.shape(), part.shape()));
        }
        for (acc, &x) in out.data_mut().iter_mut().zip(part.data()) {
            *acc = kind.combine(f64::from(*acc), f64::from(x)) as f32;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::ops::{AllReduce, AllToAll, CollectivePermute};

    fn t(values: &[f32]) -> Tensor {
        Tensor::from_vec(&[values.len()], values.to_vec()).expect("a tensor")
    }

    #[test]
    fn each_replica_gets_its_groups_result() {
        let groups = ReplicaGroups(vec![vec![0, 1], vec![2, 3]]);
        let sum = OpKind::AllReduce(AllReduce {
            kind: ReduceKind::Add,
            replica_groups: groups.clone(),
            channel_id: 1,
            use_global_device_ids: true,
        });
        assert_eq!(peers(&sum, 3), Ok(vec![2, 3]));
        let (a, b) = (t(&[1.0, 2.0]), t(&[10.0, 20.0]));
        assert_eq!(replica_result(&sum, 3, &b, &[&a, &b]).map(|r| r.data().to_vec()), Ok(vec![11.0, 22.0]));
        let exchange = OpKind::AllToAll(AllToAll {
            split_dimension: 0,
            concat_dimension: 0,
            split_count: 2,
            replica_groups: groups,
            channel_id: 1,
        });
        // Replica 3 is second in its group: it gets the second half of each.
        assert_eq!(replica_result(&exchange, 3, &b, &[&a, &b]).map(|r| r.data().to_vec()), Ok(vec![2.0, 20.0]));
        let shift =
            OpKind::CollectivePermute(CollectivePermute { source_target_pairs: vec![(0, 1), (1, 0)], channel_id: 1 });
        assert_eq!(peers(&shift, 1), Ok(vec![0]));
        assert_eq!(peers(&shift, 2), Ok(vec![]));
        assert_eq!(replica_result(&shift, 2, &a, &[]).map(|r| r.data().to_vec()), Ok(vec![0.0, 0.0]));
        assert!(peers(&sum, 7).unwrap_err().contains("in none of the replica groups"));
    }
}
