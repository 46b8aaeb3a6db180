//! The `mesh` dialect's collectives in an SPMD program (`import/spmd.rs`), each as
//! the StableHLO collectives (and slices) that do the same on every device, over the
//! device groups of its mesh axes (the dialect's "Device groups").
//!
//! - `all_gather`, `all_reduce`, `reduce_scatter`, `all_to_all`: StableHLO's own;
//! - `shift`: a `collective_permute` along its axis (wrapping with `rotate`; a
//!   device with no source gets zeros where the dialect leaves the value undefined);
//! - `broadcast`: an `all_gather` along dimension 0 and the root's block sliced out;
//! - `gather` and `reduce`: `all_gather` and `all_reduce` (the dialect defines the
//!   result on the root only; every device gets it);
//! - `scatter`: the root's tensor broadcast, then an `all_to_all` that splits and
//!   joins the scattered dimension, each device receiving its own block from every
//!   member, of which it keeps the first;
//! - `all_slice`: the same `all_to_all` and slice on the tensor every device holds
//!   (each keeps its own block without knowing its index in the group).
//!
//! An `average` reduction is the sum and a divide by the group's size. `send`/`recv`
//! (point to point, defined on one device of each group only) and the `generic`
//! reduction (no combining function) are refused with an error that says why.

use super::Importer;
use crate::ast::Operation;
use autoshard_mesh::{Collective, CollectiveKind, MeshOp, Reduction, mesh_op};
use autoshard_model::ir::OpSpec;
use autoshard_model::ops::{AllGather, AllReduce, AllToAll, CollectivePermute, OpKind, ReduceKind, ReduceScatter};
use autoshard_model::ops::{BinaryOp, Constant, ReplicaGroups, Slice};
use autoshard_model::{Diagnostic, ValueId};
use std::str::FromStr;

impl Importer<'_> {
    /// A collective of an SPMD program: its ops (see the module docs), the last one's
    /// result the collective's.
    pub(super) fn spmd_collective(&mut self, op: &Operation, text: &str) -> Result<(), Diagnostic> {
        let file = self.file.clone();
        let fail = |m: String| crate::error(&file, op.loc.clone(), format!("{m} (in '{text}')"));
        let result = op.result_ids().into_iter().next().unwrap_or_default();
        let collective: Collective = self.parse_spmd_op(op, text)?;
        let mesh = mesh_op(&collective.mesh, &self.dialect_mesh(op, &collective.mesh)?);
        collective.verify(std::slice::from_ref(&mesh)).map_err(|e| fail(format!("{e}")))?;
        let sizes = mesh.static_shape().unwrap_or_default();
        let groups = self.device_groups(&mesh, &collective.mesh_axes);
        let mut value = self.value_named(&collective.input, op.loc.clone())?;
        let group = Group { groups, sizes: &sizes, axes: &collective.mesh_axes };
        let steps = steps(&collective.kind, &group, &self.builder.type_of(value).shape).map_err(fail)?;
        // An average is the sum divided by the group's size.
        let average = reduction(&collective.kind).and_then(|r| r.0) == Some(autoshard_model::ReductionKind::Average);
        let last = if average { steps.len() } else { steps.len() - 1 };
        for (k, kind) in steps.into_iter().enumerate() {
            let name = if k < last { format!("{result}.{k}") } else { result.to_string() };
            value = self.add_step(op, &name, kind, vec![value])?;
        }
        if average {
            let ty = self.builder.type_of(value).clone();
            let count = OpKind::Constant(Constant { ty, values: vec![group.size() as f64] });
            let count = self.add_step(op, &format!("{result}.count"), count, Vec::new())?;
            value = self.add_step(op, &result, OpKind::Binary(BinaryOp::Divide), vec![value, count])?;
        }
        self.bind_spmd_result(op, &result, value, &collective.result_type)
    }

    /// Op `text` of an SPMD program (its results named as `op`'s: `%r`, or `%r:N`
    /// for `N` results `r#0`…) read as the dialect's `T`, or an error at the op.
    pub(super) fn parse_spmd_op<T: FromStr<Err = autoshard_mesh::Error>>(
        &self,
        op: &Operation,
        text: &str,
    ) -> Result<T, Diagnostic> {
        let result = match op.result_ids().len() {
            0 | 1 => op.result_ids().first().cloned().unwrap_or_default(),
            n => format!("{}:{n}", result_base(op)),
        };
        format!("%{result} = {text}")
            .parse()
            .map_err(|e| crate::error(&self.file, op.loc.clone(), format!("{e} (in '{text}')")))
    }

    /// The device groups of `mesh`'s `axes` (each group's device ids, in its
    /// in-group order), on the program's mesh.
    pub(super) fn device_groups(&self, mesh: &MeshOp, axes: &[i64]) -> Vec<Vec<i64>> {
        let device_ids = self.builder.mesh().device_ids();
        let groups = mesh.device_groups(axes).unwrap_or_default();
        groups.iter().map(|g| g.iter().map(|&d| device_ids[d as usize]).collect()).collect()
    }

    /// One of the ops an SPMD op becomes: `kind` on `operands`, its result named
    /// `name` (`%name`), located at `op`.
    pub(super) fn add_step(
        &mut self,
        op: &Operation,
        name: &str,
        kind: OpKind,
        operands: Vec<ValueId>,
    ) -> Result<ValueId, Diagnostic> {
        let spec = OpSpec {
            result_names: vec![self.key(name)],
            kind,
            operands,
            result_shardings: Vec::new(),
            loc: Some(self.loc(op.loc.clone())),
        };
        let values = self.builder.add_op(spec).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        values.first().copied().ok_or_else(|| self.err(op.loc.clone(), format!("{} made no value", op.name)))
    }

    /// Binds `value` as SPMD op `op`'s result `name`, checking the type the op
    /// states.
    pub(super) fn bind_spmd_result(
        &mut self,
        op: &Operation,
        name: &str,
        value: ValueId,
        stated: &autoshard_mesh::TensorType,
    ) -> Result<(), Diagnostic> {
        let inferred = self.builder.type_of(value);
        if autoshard_model::TensorType::try_from(stated).ok().as_ref() != Some(inferred) {
            let message = format!("{}: the module says result 0 is {stated}, autoshard infers {inferred}", op.name);
            return Err(self.err(op.loc.clone(), message));
        }
        self.env.insert(self.key(name), value);
        Ok(())
    }
}

/// A collective's device groups (device ids, each in its in-group order), the mesh's
/// axis sizes and the group's axes.
struct Group<'a> {
    groups: Vec<Vec<i64>>,
    sizes: &'a [i64],
    axes: &'a [i64],
}

impl Group<'_> {
    fn size(&self) -> i64 {
        self.groups.first().map_or(1, |g| g.len() as i64)
    }

    /// The in-group index of the device at `coords` (one per group axis).
    fn index(&self, coords: &[i64]) -> i64 {
        self.axes.iter().zip(coords).fold(0, |i, (&a, &c)| i * self.sizes[a as usize] + c)
    }

    fn all_to_all(&self, split_dimension: i64, concat_dimension: i64) -> OpKind {
        OpKind::AllToAll(AllToAll {
            split_dimension,
            concat_dimension,
            split_count: self.size(),
            replica_groups: ReplicaGroups(self.groups.clone()),
            channel_id: 1,
        })
    }

    fn gather(&self, dimension: i64) -> OpKind {
        let replica_groups = ReplicaGroups(self.groups.clone());
        OpKind::AllGather(AllGather {
            all_gather_dim: dimension,
            replica_groups,
            channel_id: 1,
            use_global_device_ids: true,
        })
    }
}

/// The ops that do `kind` on an operand of `shape`, in order.
fn steps(kind: &CollectiveKind, group: &Group<'_>, shape: &[i64]) -> Result<Vec<OpKind>, String> {
    let replica_groups = ReplicaGroups(group.groups.clone());
    let size = group.size();
    // The block `k` of `n` along `dimension` of a tensor of `shape`.
    let block = |shape: &[i64], dimension: usize, k: i64, n: i64| {
        let (mut start, mut limit) = (vec![0; shape.len()], shape.to_vec());
        let each = shape[dimension] / n;
        (start[dimension], limit[dimension]) = (k * each, (k + 1) * each);
        OpKind::Slice(Slice { start_indices: start, limit_indices: limit, strides: vec![1; shape.len()] })
    };
    // The root's tensor on every device: gathered along dimension 0, its block kept.
    let broadcast = |root: &[i64]| -> Result<Vec<OpKind>, String> {
        if shape.is_empty() {
            return Err("a broadcast of a scalar is not run yet".into());
        }
        let gathered: Vec<i64> = shape.iter().enumerate().map(|(d, &n)| if d == 0 { n * size } else { n }).collect();
        Ok(vec![group.gather(0), block(&gathered, 0, group.index(root), size)])
    };
    // Every device's own block along `axis` of the tensor all of them hold: each
    // member's block `i` sent to member `i`, and of the `size` copies of its own block
    // it receives, the first kept.
    let own_block = |axis: i64| [group.all_to_all(axis, axis), block(shape, axis as usize, 0, size)];
    Ok(match kind {
        CollectiveKind::AllGather { gather_axis } => vec![group.gather(*gather_axis)],
        CollectiveKind::Gather { gather_axis, .. } => vec![group.gather(*gather_axis)],
        CollectiveKind::AllReduce { reduction } | CollectiveKind::Reduce { reduction, .. } => {
            vec![OpKind::AllReduce(AllReduce {
                kind: reduce_kind(*reduction)?,
                replica_groups,
                channel_id: 1,
                use_global_device_ids: true,
            })]
        }
        CollectiveKind::ReduceScatter { reduction, scatter_axis } => vec![OpKind::ReduceScatter(ReduceScatter {
            scatter_dimension: *scatter_axis,
            kind: reduce_kind(*reduction)?,
            replica_groups,
            channel_id: 1,
            use_global_device_ids: true,
        })],
        CollectiveKind::AllToAll { split_axis, concat_axis } => vec![group.all_to_all(*split_axis, *concat_axis)],
        CollectiveKind::Shift { offset, rotate, .. } => {
            // Along the shift axis: verified to be one of the group's, in its order.
            let mut pairs = Vec::new();
            for members in &group.groups {
                for (i, &source) in members.iter().enumerate() {
                    let to = i as i64 + offset;
                    let to = if *rotate { to.rem_euclid(size) } else { to };
                    if (0..size).contains(&to) {
                        pairs.push((source, members[to as usize]));
                    }
                }
            }
            vec![OpKind::CollectivePermute(CollectivePermute { source_target_pairs: pairs, channel_id: 1 })]
        }
        CollectiveKind::Broadcast { root } => broadcast(root)?,
        CollectiveKind::Scatter { root, scatter_axis } => {
            let mut steps = broadcast(root)?;
            steps.extend(own_block(*scatter_axis));
            steps
        }
        CollectiveKind::AllSlice { slice_axis } => own_block(*slice_axis).to_vec(),
        CollectiveKind::Send { .. } | CollectiveKind::Recv { .. } => {
            return Err(format!(
                "mesh.{} is point to point: with its static in-group device, every device of a group sends to \
                 (receives from) the same one, so only that device's transfer is defined in an SPMD program; \
                 write a transfer every device makes as mesh.shift (or a collective_permute)",
                kind.name()
            ));
        }
    })
}

/// The name of `op`'s results without the `#k` of each (`r` for `%r:2`).
pub(super) fn result_base(op: &Operation) -> &str {
    op.results.first().map_or("", |r| r.name.as_str())
}

/// The reduction of a reducing collective.
fn reduction(kind: &CollectiveKind) -> Option<Reduction> {
    match kind {
        CollectiveKind::AllReduce { reduction }
        | CollectiveKind::Reduce { reduction, .. }
        | CollectiveKind::ReduceScatter { reduction, .. } => Some(*reduction),
        _ => None,
    }
}

/// The combining function of a reduction the StableHLO collectives have: the
/// model's kind's (a sum for `average`, divided after), none for `generic`.
fn reduce_kind(kind: Reduction) -> Result<ReduceKind, String> {
    kind.0
        .map(autoshard_model::ReductionKind::reduce_kind)
        .ok_or_else(|| format!("a reduction of '{}' has no combining function to run", kind.as_str()))
}
