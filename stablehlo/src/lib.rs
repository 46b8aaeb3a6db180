//! StableHLO text with Shardy's `sdy` dialect, as JAX emits it
//! (`jax.jit(f).lower(*args).as_text()`) and as Shardy's tests are written: a
//! reader on the MLIR text layer's `Syntax` (`cursor.rs` and `parser.rs` → the
//! generic structure with StableHLO's op of `ast.rs` → `module.rs`) and
//! the import into the model's program (`import.rs`, op by op in `ops.rs`,
//! collectives in `collective.rs`, custom calls in `custom_call.rs`, loops and
//! branches in `import/control.rs` with the trip counts of `loops.rs`, donated
//! arguments in `donation.rs`, attribute values in `attrs.rs`, the reductions of
//! combiner regions in `combiner.rs`).
//!
//! [`import`] reads a module as a program: its main function (`@main`, else its first
//! public function) on its first `sdy.mesh` (the config crate's `Config::load` gives it
//! the default hardware preset and solver options). Errors are
//! `FILE:LINE:COL: error: MESSAGE`, and anything outside the op set is an error naming
//! the op, never skipped.
//!
//! The other way, [`export`] writes a program and its plan as a StableHLO module
//! whose Shardy shardings fix the plan (`export/`), and [`jax`] writes the plan as the
//! JAX `PartitionSpec`s that reproduce it.
//!
//! # Design
#![doc = include_str!("../../docs/interop.md")]

mod ast;
mod attrs;
mod collective;
mod combiner;
mod cursor;
mod custom_call;
mod declared;
mod donation;
mod export;
mod import;
pub mod jax;
mod location;
mod loops;
mod module;
mod ops;
mod parser;
mod print;

pub use export::{ExportError, render as export, render_mesh as export_mesh, ssa_name};

use autoshard_model::pipeline::Topology;
use autoshard_model::{Diagnostic, DiagnosticList, Location, Mesh, Program};
use std::sync::Arc;

/// Why a module could not be imported: its errors, each at its place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", DiagnosticList(&self.diagnostics))]
pub struct ImportError {
    /// The errors, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// A module's main function as a program, and the module's name.
#[derive(Debug, Clone)]
pub struct Module {
    /// The module's name (`module @NAME`), else the file's stem.
    pub name: String,
    /// The main function's program on the module's mesh.
    pub program: Program,
    /// The meshes of an MPMD program: the `topology = #mpmd.topology<…>` attribute
    /// of its main function, if it has one.
    pub topology: Option<Topology>,
    /// True when the module states its shardings in Shardy's `sdy` dialect, which
    /// has no uneven shards (its plans go back to Shardy, XLA or JAX padded); false
    /// for the `mesh` dialect's `mesh.mesh`.
    pub shardy: bool,
}

/// A function's name and its program, or why it could not be imported.
pub type Function = (String, Result<Program, ImportError>);

/// The program of each function of the module in `source`, in source order, by
/// name; a syntax error fails the whole file.
pub fn functions(file: &str, source: &str) -> Result<Vec<Function>, ImportError> {
    let file: Arc<str> = Arc::from(file);
    let module = parse(&file, source)?;
    let mesh = import::mesh(&file, &module);
    let program =
        |f: &ast::Func| mesh.as_ref().map_err(Clone::clone).and_then(|mesh| import::function(&file, &module, mesh, f));
    Ok(module.funcs.iter().map(|f| (f.name.clone(), program(f).map_err(one))).collect())
}

/// The module in `source`: its main function on its mesh.
pub fn import(file: &str, source: &str) -> Result<Module, ImportError> {
    import_on(file, source, None)
}

/// The module in `source` on `mesh` (a name and a mesh), for a module written for a
/// known mesh (as `jax.jit` lowers a function for a `jax.sharding.Mesh`): a module
/// that declares no mesh with axes (it pins no sharding) runs on `mesh`, and one that
/// declares a mesh with axes must declare `mesh`'s axes, or it is an error at the
/// declaration. `None` is [`import`].
pub fn import_on(file: &str, source: &str, mesh: Option<(&str, &Mesh)>) -> Result<Module, ImportError> {
    let path: Arc<str> = Arc::from(file);
    let module = parse(&path, source)?;
    let main = main_function(&path, &module)?;
    let declared = import::mesh(&path, &module).map_err(one)?;
    let mesh = match mesh {
        None => declared,
        Some((name, given)) => on_mesh(&path, &module, declared, name, given).map_err(one)?,
    };
    let program = import::function(&path, &module, &mesh, main).map_err(one)?;
    let topology = topology(&path, main).map_err(one)?;
    let stem = std::path::Path::new(file).file_stem().map_or_else(|| "program".into(), |s| s.to_string_lossy().into());
    let name = module.name.clone().unwrap_or(stem);
    let shardy = !module.meshes.iter().any(|m| m.mesh_dialect);
    Ok(Module { name, program, topology, shardy })
}

/// The partitioned (SPMD) mesh-dialect program in `source`, the function every
/// device runs on its shards with explicit collectives (`mesh.all_gather`, …), as a
/// program with the inputs and outputs of `global`, the program it partitions: one
/// manual computation over every mesh axis, its operands split and its results
/// assembled by `global`'s argument and result shardings (docs/mesh-dialect.md,
/// "SPMD programs"). Run by the reference interpreter, it computes what the devices
/// would, for comparison with `global`.
pub fn import_spmd(file: &str, source: &str, global: &Program) -> Result<Program, ImportError> {
    let path: Arc<str> = Arc::from(file);
    let module = parse(&path, source)?;
    let main = main_function(&path, &module)?;
    let mesh = import::mesh(&path, &module).map_err(one)?;
    import::spmd_function(&path, &module, &mesh, main, global).map_err(one)
}

/// The module's main function: `@main`, else its first public function.
fn main_function<'m>(path: &Arc<str>, module: &'m ast::Module) -> Result<&'m ast::Func, ImportError> {
    (module.funcs.iter().find(|f| f.name == "main"))
        .or_else(|| module.funcs.iter().find(|f| f.is_public()))
        .ok_or_else(|| one(error(path, Location::new("", 1, 1), "the module has no function")))
}

/// The `topology` attribute of `main`, if it has one.
fn topology(file: &Arc<str>, main: &ast::Func) -> Result<Option<Topology>, Diagnostic> {
    let Some((_, attr)) = main.attrs.iter().find(|(k, _)| k == "topology") else { return Ok(None) };
    attr.text.parse().map(Some).map_err(|e| error(file, attr.pos.clone(), format!("@{}'s topology: {e}", main.name)))
}

/// The mesh a module runs on when the caller gives `(name, given)`: `given`, unless
/// the module declares another mesh with axes.
fn on_mesh(
    file: &Arc<str>,
    module: &ast::Module,
    declared: (String, Mesh),
    name: &str,
    given: &Mesh,
) -> Result<(String, Mesh), Diagnostic> {
    let Some(decl) = module.meshes.iter().find(|d| d.name == declared.0 && !declared.1.axes().is_empty()) else {
        return Ok((name.to_string(), given.clone()));
    };
    if declared.1.axes() != given.axes() {
        let message = format!("the module's mesh @{} is {}, but the mesh given is {given}", decl.name, declared.1);
        return Err(error(file, decl.mesh.pos.clone(), message));
    }
    Ok(declared)
}

fn parse(file: &Arc<str>, source: &str) -> Result<ast::Module, ImportError> {
    parser::parse(source).map_err(|e| one(error(file, e.pos.clone(), e.message)))
}

/// Where `pos` is in `file`.
fn at(file: &Arc<str>, pos: &Location) -> Location {
    Location { file: file.clone(), line: pos.line, column: pos.column }
}

/// An error at `pos` in `file`.
fn error(file: &Arc<str>, pos: Location, message: impl Into<String>) -> Diagnostic {
    Diagnostic { location: at(file, &pos), message: message.into(), hint: None }
}

fn one(diagnostic: Diagnostic) -> ImportError {
    ImportError { diagnostics: vec![diagnostic] }
}
