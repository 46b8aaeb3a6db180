//! The `mesh` dialect's ops in a program before partitioning (docs/mesh-dialect.md,
//! "Programs"): `mesh.sharding` makes a sharding value and `mesh.shard` annotates a
//! value with one, a sharding constraint whose result the later ops read (with
//! `annotate_for_users` too: those users read the annotated value). The ops of a
//! partitioned (SPMD) program, the collectives, `update_halo`, the process-index and
//! shard-shape ops, are refused with a message that says so.

use super::Importer;
use crate::ast::Operation;
use crate::ast::Type;
use crate::ops::tensor_type;
use autoshard_mesh::{Collective, CollectiveKind, Dim, ReductionKind, Shard, Sharding, mesh_op, sdy_sharding};
use autoshard_model::ops::ReplicaGroups;
use autoshard_model::ops::{AllGather, AllReduce, AllToAll, CollectivePermute, OpKind, ReduceKind, ReduceScatter};
use autoshard_model::{Diagnostic, Mesh, TensorType};

impl Importer<'_> {
    /// A `mesh.*` op (its text is its first word, see the parser).
    pub(super) fn mesh_dialect_op(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let text = op.words.first().map_or(op.name.as_str(), |w| w.text.as_str());
        let file = self.file.clone();
        let fail = |e: autoshard_mesh::Error| crate::error(&file, op.pos, format!("{e} (in '{text}')"));
        match op.name.as_str() {
            "mesh.sharding" => {
                let sharding: Sharding = text.parse().map_err(fail)?;
                let mesh = self.dialect_mesh(op, &sharding.mesh)?;
                sharding.verify(Some(&mesh_op(&sharding.mesh, &mesh))).map_err(fail)?;
                let [result] = op.results.as_slice() else {
                    return Err(self.err(op.pos, "mesh.sharding has one result"));
                };
                self.mesh_shardings.insert(self.key(result), (sharding, mesh));
                Ok(())
            }
            "mesh.shard" => {
                let result = op.results.first().map_or("", String::as_str);
                let shard: Shard = format!("%{result} = {text}").parse().map_err(fail)?;
                let Some((sharding, mesh)) = self.mesh_shardings.get(&self.key(&shard.sharding)).cloned() else {
                    let message = format!("%{} is not a mesh.sharding defined before this op", shard.sharding);
                    return Err(self.err(op.pos, message));
                };
                let source = self.value(&shard.source, op.pos)?;
                let ty = self.builder.type_of(source).clone();
                if model_type(&shard.ty).as_ref() != Some(&ty) {
                    let message =
                        format!("%{} is {}, but mesh.shard says {}", shard.source, crate::export::ty(&ty), shard.ty);
                    return Err(self.err(op.pos, message));
                }
                let sharding = sdy_sharding(&sharding, &mesh, ty.shape.len()).map_err(fail)?;
                let sharding = self.on_program_mesh(sharding).map_err(|m| self.err(op.pos, m))?;
                self.add(op, OpKind::ShardingConstraint(sharding), vec![source]).map(drop)
            }
            _ if self.spmd => self.spmd_collective(op, text),
            other => Err(self.err(
                op.pos,
                format!(
                    "{other} belongs to a partitioned (SPMD) mesh-dialect program; autoshard plans the program \
                     before partitioning, its shardings written as mesh.sharding and mesh.shard"
                ),
            )),
        }
    }

    /// A collective of an SPMD program, as the StableHLO collective over the device
    /// groups of its mesh axes that does the same on every device. `all_slice`,
    /// the rooted collectives, `send`/`recv`, `update_halo` and the process-index
    /// ops are not run yet (an error naming the op).
    fn spmd_collective(&mut self, op: &Operation, text: &str) -> Result<(), Diagnostic> {
        let file = self.file.clone();
        let fail = |m: String| crate::error(&file, op.pos, format!("{m} (in '{text}')"));
        let result = op.results.first().map_or("", String::as_str);
        let collective: Collective = format!("%{result} = {text}").parse().map_err(|e| fail(format!("{e}")))?;
        let mesh = mesh_op(&collective.mesh, &self.dialect_mesh(op, &collective.mesh)?);
        collective.verify(std::slice::from_ref(&mesh)).map_err(|e| fail(format!("{e}")))?;
        let device_ids = self.builder.mesh().device_ids();
        let groups = mesh.device_groups(&collective.mesh_axes).unwrap_or_default();
        let groups: Vec<Vec<i64>> =
            groups.iter().map(|g| g.iter().map(|&d| device_ids[d as usize]).collect()).collect();
        let kind = stablehlo_collective(&collective.kind, groups).map_err(fail)?;
        let input = self.value(&collective.input, op.pos)?;
        let mut typed = op.clone();
        typed.result_types = model_type(&collective.result_type)
            .map(|t| Type {
                shape: t.shape.iter().map(|&d| d as u64).collect(),
                element: collective.result_type.element.clone(),
            })
            .into_iter()
            .collect();
        self.add(&typed, kind, vec![input]).map(drop)
    }

    /// The mesh `@name` of the module, as Shardy's mesh (axes named by index).
    fn dialect_mesh(&self, op: &Operation, name: &str) -> Result<Mesh, Diagnostic> {
        let decl = self.module.meshes.iter().find(|d| d.name == name);
        let mesh = decl.and_then(|d| d.mesh.text.parse::<Mesh>().ok());
        mesh.ok_or_else(|| self.err(op.pos, format!("mesh @{name} is not declared in the module")))
    }
}

/// The model's type of a static mesh-dialect tensor type, if it has one.
fn model_type(ty: &autoshard_mesh::TensorType) -> Option<TensorType> {
    let size = |d: &Dim| match d {
        Dim::Static(size) => u64::try_from(*size).ok(),
        Dim::Dynamic => None,
    };
    let shape = ty.shape.iter().map(size).collect::<Option<Vec<u64>>>()?;
    tensor_type(&Type { shape, element: ty.element.clone() }).ok()
}

/// The StableHLO collective over `groups` (device ids, each in its in-group order)
/// that does what `kind` does.
fn stablehlo_collective(kind: &CollectiveKind, groups: Vec<Vec<i64>>) -> Result<OpKind, String> {
    let size = groups.first().map_or(1, Vec::len) as i64;
    let replica_groups = ReplicaGroups(groups.clone());
    Ok(match kind {
        CollectiveKind::AllGather { gather_axis } => OpKind::AllGather(AllGather {
            all_gather_dim: *gather_axis,
            replica_groups,
            channel_id: 1,
            use_global_device_ids: true,
        }),
        CollectiveKind::AllReduce { reduction } => OpKind::AllReduce(AllReduce {
            kind: reduce_kind(*reduction)?,
            replica_groups,
            channel_id: 1,
            use_global_device_ids: true,
        }),
        CollectiveKind::ReduceScatter { reduction, scatter_axis } => OpKind::ReduceScatter(ReduceScatter {
            scatter_dimension: *scatter_axis,
            kind: reduce_kind(*reduction)?,
            replica_groups,
            channel_id: 1,
            use_global_device_ids: true,
        }),
        CollectiveKind::AllToAll { split_axis, concat_axis } => OpKind::AllToAll(AllToAll {
            split_dimension: *split_axis,
            concat_dimension: *concat_axis,
            split_count: size,
            replica_groups,
            channel_id: 1,
        }),
        CollectiveKind::Shift { offset, rotate, .. } => {
            // Along the shift axis: verified to be the group's only axis, its order.
            let mut pairs = Vec::new();
            for group in &groups {
                for (i, &source) in group.iter().enumerate() {
                    let to = i as i64 + offset;
                    let to = if *rotate { to.rem_euclid(size) } else { to };
                    if (0..size).contains(&to) {
                        pairs.push((source, group[to as usize]));
                    }
                }
            }
            OpKind::CollectivePermute(CollectivePermute { source_target_pairs: pairs, channel_id: 1 })
        }
        other => return Err(format!("mesh.{} in an SPMD program is not run yet", other.name())),
    })
}

/// The combining function of a reduction the StableHLO collectives have.
fn reduce_kind(kind: ReductionKind) -> Result<ReduceKind, String> {
    Ok(match kind {
        ReductionKind::Sum => ReduceKind::Add,
        ReductionKind::Max => ReduceKind::Max,
        ReductionKind::Min => ReduceKind::Min,
        ReductionKind::Product => ReduceKind::Mul,
        ReductionKind::BitwiseAnd => ReduceKind::And,
        ReductionKind::BitwiseOr => ReduceKind::Or,
        ReductionKind::BitwiseXor => ReduceKind::Xor,
        other => return Err(format!("a reduction of '{}' is not run yet", other.as_str())),
    })
}
