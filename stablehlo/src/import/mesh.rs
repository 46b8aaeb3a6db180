//! The `mesh` dialect's ops in a program before partitioning (docs/mesh-dialect.md,
//! "Programs"): `mesh.sharding` makes a sharding value and `mesh.shard` annotates a
//! value with one, a sharding constraint whose result the later ops read (with
//! `annotate_for_users` too: those users read the annotated value). The ops of a
//! partitioned (SPMD) program, the collectives, `update_halo`, the process-index and
//! shard-shape ops, are refused with a message that says so, unless the function is
//! read as one (`import/spmd.rs`), whose collectives `import/spmd_collectives.rs`
//! reads and whose `update_halo` `import/spmd_halo.rs` does.

use super::Importer;
use crate::ast::Operation;
use autoshard_mesh::{Shard, Sharding, mesh_op, sdy_sharding};
use autoshard_model::ops::OpKind;
use autoshard_model::{Diagnostic, Mesh, TensorType};

impl Importer<'_> {
    /// A `mesh.*` op (its text is its first word, see the parser).
    pub(super) fn mesh_dialect_op(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let text = op.words.first().map_or(op.name.as_str(), |w| w.text.as_str());
        let file = self.file.clone();
        let fail = |e: autoshard_mesh::Error| crate::error(&file, op.loc.clone(), format!("{e} (in '{text}')"));
        match op.name.as_str() {
            "mesh.sharding" => {
                let sharding: Sharding = text.parse().map_err(fail)?;
                let mesh = self.dialect_mesh(op, &sharding.mesh)?;
                sharding.verify(Some(&mesh_op(&sharding.mesh, &mesh))).map_err(fail)?;
                let [result] = &op.result_ids()[..] else {
                    return Err(self.err(op.loc.clone(), "mesh.sharding has one result"));
                };
                self.mesh_shardings.insert(self.key(result), (sharding, mesh));
                Ok(())
            }
            "mesh.shard" => {
                let result = op.result_ids().into_iter().next().unwrap_or_default();
                let shard: Shard = format!("%{result} = {text}").parse().map_err(fail)?;
                let Some((sharding, mesh)) = self.mesh_shardings.get(&self.key(&shard.sharding)).cloned() else {
                    let message = format!("%{} is not a mesh.sharding defined before this op", shard.sharding);
                    return Err(self.err(op.loc.clone(), message));
                };
                let source = self.value_named(&shard.source, op.loc.clone())?;
                let ty = self.builder.type_of(source).clone();
                if TensorType::try_from(&shard.ty).ok().as_ref() != Some(&ty) {
                    let message = format!("%{} is {}, but mesh.shard says {}", shard.source, ty, shard.ty);
                    return Err(self.err(op.loc.clone(), message));
                }
                let sharding = sdy_sharding(&sharding, &mesh, ty.shape.len()).map_err(fail)?;
                let sharding = self.on_program_mesh(sharding).map_err(|m| self.err(op.loc.clone(), m))?;
                self.add(op, OpKind::ShardingConstraint(sharding), vec![source]).map(drop)
            }
            "mesh.update_halo" if self.spmd => self.spmd_update_halo(op, text),
            "mesh.process_linear_index" | "mesh.process_multi_index" | "mesh.mesh_shape" if self.spmd => {
                self.spmd_query(op, text)
            }
            "mesh.shard_shape" if self.spmd => self.spmd_shard_shape(op, text),
            _ if self.spmd => self.spmd_collective(op, text),
            other => Err(self.err(
                op.loc.clone(),
                format!(
                    "{other} belongs to a partitioned (SPMD) mesh-dialect program; autoshard plans the program \
                     before partitioning, its shardings written as mesh.sharding and mesh.shard"
                ),
            )),
        }
    }

    /// The mesh `@name` of the module, as Shardy's mesh (axes named by index).
    pub(super) fn dialect_mesh(&self, op: &Operation, name: &str) -> Result<Mesh, Diagnostic> {
        let decl = self.module.meshes.iter().find(|d| d.name == name);
        let mesh = decl.and_then(|d| d.mesh.text.parse::<Mesh>().ok());
        mesh.ok_or_else(|| self.err(op.loc.clone(), format!("mesh @{name} is not declared in the module")))
    }
}
