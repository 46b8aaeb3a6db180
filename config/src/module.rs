//! `program: {module: PATH}` and `pipeline.microbatch_module: PATH`: a program read
//! from a StableHLO module (docs/config-language.md "Programs from modules"), the
//! path relative to the config's own directory. A module may hold Shardy's MPMD
//! ops of a program before partitioning (named computations with their user
//! origins, named tensors, calls) and a `topology` on its main function; see
//! `autoshard_stablehlo::import_on`. The config's `mesh:` is the mesh the module's
//! program runs on.

use super::decode::Ctx;
use super::yaml::Node;
use autoshard_model::pipeline::Topology;
use autoshard_model::{Mesh, Program};
use std::path::{Path, PathBuf};

/// A module's main function as read, and the topology its main function declares.
pub struct ModuleProgram {
    pub program: Program,
    pub topology: Option<Topology>,
}

/// Reads the module `path_node` names (a path relative to the config's directory)
/// on the mesh `(mesh_name, mesh)`; its errors are located in the module.
pub fn read(ctx: &mut Ctx<'_>, path_node: &Node, mesh_name: &str, mesh: &Mesh) -> Option<ModuleProgram> {
    let written = ctx.string(path_node, "the path of a StableHLO module")?;
    let path = beside(&ctx.file, &written);
    let shown = path.display().to_string();
    let source = match std::fs::read_to_string(&path) {
        Ok(source) => source,
        Err(e) => {
            ctx.error(path_node, format!("cannot read the module {shown}: {e}"));
            return None;
        }
    };
    match autoshard_stablehlo::import_on(&shown, &source, Some((mesh_name, mesh))) {
        Ok(module) => Some(ModuleProgram { program: module.program, topology: module.topology }),
        Err(e) => {
            ctx.diagnostics.extend(e.diagnostics);
            None
        }
    }
}

/// `written` relative to the directory of the config `config` (itself as written
/// when absolute).
fn beside(config: &str, written: &str) -> PathBuf {
    match Path::new(config).parent() {
        Some(dir) if Path::new(written).is_relative() => dir.join(written),
        _ => PathBuf::from(written),
    }
}
