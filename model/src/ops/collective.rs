//! StableHLO's cross-replica collectives as ops of a program: `all_gather`,
//! `all_to_all`, `reduce_scatter`, `all_reduce` and `collective_permute` (as
//! `shard_map` bodies use them: `all_gather`, `psum`, `ppermute`…).
//!
//! Each runs across the replicas of every group in `replica_groups` (StableHLO's
//! process ids; equal-sized, disjoint groups) on a channel (`channel_id`, 0 for
//! none). Shapes follow from the group size `n`: `all_gather` multiplies its
//! dimension by `n`, `reduce_scatter` divides its dimension by `n`, `all_to_all`
//! splits `split_dimension` into `split_count = n` chunks and concatenates what it
//! receives along `concat_dimension`; `all_reduce` and `collective_permute` keep
//! their operands' shapes.

use super::{Operand, ReduceKind, check_dims};
use crate::ir::TensorType;

/// The replica groups of a collective: every group lists its replicas' ids.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct ReplicaGroups(pub Vec<Vec<i64>>);

impl ReplicaGroups {
    /// The common size of the groups, checked: at least one group, all of one
    /// size, ids non-negative and distinct.
    pub(crate) fn group_size(&self) -> Result<i64, String> {
        let size = self.0.first().map_or(0, Vec::len);
        if size == 0 {
            return Err("replica_groups must list at least one non-empty group".into());
        }
        if let Some(g) = self.0.iter().find(|g| g.len() != size) {
            return Err(format!("replica group {g:?} has {} replicas but the first has {size}", g.len()));
        }
        let mut ids: Vec<i64> = self.0.iter().flatten().copied().collect();
        ids.sort_unstable();
        if let Some(&id) = ids.iter().find(|&&id| id < 0) {
            return Err(format!("replica id {id} is negative"));
        }
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("replica {} appears in two groups", w[0]));
        }
        Ok(size as i64)
    }
}

/// `all_gather` along `all_gather_dim` (variadic: every operand is gathered).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllGather {
    /// The gathered dimension.
    pub all_gather_dim: i64,
    /// The replica groups.
    pub replica_groups: ReplicaGroups,
    /// The channel (0: none).
    pub channel_id: i64,
    /// Whether the ids are global device ids.
    pub use_global_device_ids: bool,
}

impl AllGather {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let n = self.replica_groups.group_size()?;
        operands
            .iter()
            .map(|x| {
                check_dims("all_gather_dim", &[self.all_gather_dim], x.ty.rank())?;
                let mut shape = x.ty.shape.clone();
                shape[self.all_gather_dim as usize] *= n;
                Ok(TensorType::new(shape, x.ty.dtype))
            })
            .collect()
    }
}

/// `all_to_all` (variadic: every operand is exchanged the same way).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllToAll {
    /// The dimension cut into `split_count` chunks, one sent to each replica.
    pub split_dimension: i64,
    /// The dimension the received chunks are joined along.
    pub concat_dimension: i64,
    /// The number of chunks: the group size.
    pub split_count: i64,
    /// The replica groups.
    pub replica_groups: ReplicaGroups,
    /// The channel (0: none).
    pub channel_id: i64,
}

impl AllToAll {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let n = self.replica_groups.group_size()?;
        if self.split_count != n {
            return Err(format!("split_count is {} but the replica groups have {n} replicas", self.split_count));
        }
        operands
            .iter()
            .map(|x| {
                check_dims("split_dimension", &[self.split_dimension], x.ty.rank())?;
                check_dims("concat_dimension", &[self.concat_dimension], x.ty.rank())?;
                let (split, concat) = (self.split_dimension as usize, self.concat_dimension as usize);
                let mut shape = x.ty.shape.clone();
                if shape[split] % n != 0 {
                    return Err(format!("dim {split} of {} ({}) is not divisible by split_count {n}", x.name, x.ty));
                }
                shape[split] /= n;
                shape[concat] *= n;
                Ok(TensorType::new(shape, x.ty.dtype))
            })
            .collect()
    }
}

/// `reduce_scatter`: reduce across the group with `kind`, then keep this replica's
/// chunk of `scatter_dimension`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReduceScatter {
    /// The dimension cut into one chunk per replica.
    pub scatter_dimension: i64,
    /// The combining function.
    pub kind: ReduceKind,
    /// The replica groups.
    pub replica_groups: ReplicaGroups,
    /// The channel (0: none).
    pub channel_id: i64,
    /// Whether the ids are global device ids.
    pub use_global_device_ids: bool,
}

impl ReduceScatter {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let n = self.replica_groups.group_size()?;
        let x = &operands[0];
        check_dims("scatter_dimension", &[self.scatter_dimension], x.ty.rank())?;
        let dim = self.scatter_dimension as usize;
        let mut shape = x.ty.shape.clone();
        if shape[dim] % n != 0 {
            return Err(format!("dim {dim} of {} ({}) is not divisible by the group size {n}", x.name, x.ty));
        }
        shape[dim] /= n;
        Ok(vec![TensorType::new(shape, x.ty.dtype)])
    }
}

/// `all_reduce`: every replica gets its group's operands combined by `kind`
/// (variadic: each operand is reduced on its own).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllReduce {
    /// The combining function.
    pub kind: ReduceKind,
    /// The replica groups.
    pub replica_groups: ReplicaGroups,
    /// The channel (0: none).
    pub channel_id: i64,
    /// Whether the ids are global device ids.
    pub use_global_device_ids: bool,
}

impl AllReduce {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        self.replica_groups.group_size()?;
        Ok(operands.iter().map(|x| x.ty.clone()).collect())
    }
}

/// `collective_permute`: each `(source, target)` pair sends the source's operand
/// to the target; a replica no pair targets gets zeros.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CollectivePermute {
    /// The `(source, target)` pairs.
    pub source_target_pairs: Vec<(i64, i64)>,
    /// The channel (0: none).
    pub channel_id: i64,
}

impl CollectivePermute {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let mut sources: Vec<i64> = self.source_target_pairs.iter().map(|p| p.0).collect();
        let mut targets: Vec<i64> = self.source_target_pairs.iter().map(|p| p.1).collect();
        for (what, ids) in [("source", &mut sources), ("target", &mut targets)] {
            ids.sort_unstable();
            if let Some(&id) = ids.iter().find(|&&id| id < 0) {
                return Err(format!("{what} {id} is negative"));
            }
            if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
                return Err(format!("replica {} is the {what} of two pairs", w[0]));
            }
        }
        Ok(vec![operands[0].ty.clone()])
    }
}
