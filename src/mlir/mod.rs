//! StableHLO text with Shardy's `sdy` dialect, as JAX emits it
//! (`jax.jit(f).lower(*args).as_text()`) and as Shardy's tests are written: a
//! hand-written reader (`cursor.rs` → `parser.rs` → the syntax tree of `ast.rs`) and
//! the import into the model's program (`import.rs`, op by op in `ops.rs`, custom
//! calls in `custom_call.rs`, attribute values in `attrs.rs`).
//!
//! Every command accepts a `.mlir` file where it accepts a config: the module's main
//! function (`@main`, else its first public function) is the program, its first
//! `sdy.mesh` the mesh, priced with the default hardware preset and solved with the
//! default solver options. Errors are `FILE:LINE:COL: error: MESSAGE`, and anything
//! outside the op set is an error naming the op, never skipped.
//!
//! The other way, [`export`] writes a program and its plan as a StableHLO module
//! whose Shardy shardings fix the plan (`export/`).

mod ast;
mod attrs;
mod collective;
mod cursor;
mod custom_call;
mod export;
mod import;
mod ops;
mod parser;

pub use export::{ExportError, render as export};

use crate::config::{Config, ConfigError, Diagnostic};
use ast::Pos;
use autoshard_cost::HardwareSpec;
use autoshard_model::{Location, Program};
use autoshard_solver::SolverOptions;
use std::sync::Arc;

/// A function's name and its program, or why it could not be imported.
pub type Function = (String, Result<Program, ConfigError>);

/// The program of each function of the module in `source`, in source order, by
/// name; a syntax error fails the whole file.
pub fn functions(file: &str, source: &str) -> Result<Vec<Function>, ConfigError> {
    let file: Arc<str> = Arc::from(file);
    let module = parse(&file, source)?;
    let mesh = import::mesh(&file, &module);
    let program =
        |f: &ast::Func| mesh.as_ref().map_err(Clone::clone).and_then(|mesh| import::function(&file, &module, mesh, f));
    Ok(module.funcs.iter().map(|f| (f.name.clone(), program(f).map_err(one))).collect())
}

/// The module in `source` as a config: its main function on its mesh.
pub fn config(file: &str, source: &str) -> Result<Config, ConfigError> {
    let path: Arc<str> = Arc::from(file);
    let module = parse(&path, source)?;
    let main = (module.funcs.iter().find(|f| f.name == "main"))
        .or_else(|| module.funcs.iter().find(|f| f.public))
        .ok_or_else(|| one(error(&path, Pos { line: 1, column: 1 }, "the module has no function")))?;
    let mesh = import::mesh(&path, &module).map_err(one)?;
    let program = import::function(&path, &module, &mesh, main).map_err(one)?;
    let hardware = HardwareSpec::from_preset(HardwareSpec::DEFAULT_PRESET, program.mesh());
    let stem = std::path::Path::new(file).file_stem().map_or_else(|| "program".into(), |s| s.to_string_lossy().into());
    let name = module.name.clone().unwrap_or(stem);
    Ok(Config { name, program, hardware, solver: SolverOptions::default(), sizes: Vec::new(), ci_sizes: Vec::new() })
}

fn parse(file: &Arc<str>, source: &str) -> Result<ast::Module, ConfigError> {
    parser::parse(source).map_err(|e| one(error(file, e.pos, e.message)))
}

/// Where `pos` is in `file`.
fn at(file: &Arc<str>, pos: Pos) -> Location {
    Location { file: file.clone(), line: pos.line, column: pos.column }
}

/// An error at `pos` in `file`.
fn error(file: &Arc<str>, pos: Pos, message: impl Into<String>) -> Diagnostic {
    Diagnostic { location: at(file, pos), message: message.into(), hint: None }
}

fn one(diagnostic: Diagnostic) -> ConfigError {
    ConfigError { diagnostics: vec![diagnostic] }
}
