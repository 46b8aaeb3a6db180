//! Pipelines across meshes at the facade: running a pipeline plan on the CPU mesh
//! and checking it ([`run`]), writing it as an MPMD module and reading it back
//! ([`mlir`]), and a partitioned MPMD module read as a pipeline to price
//! ([`import`]) and run ([`run_imported`]).

mod import;
mod mlir;
mod replan;
mod run;
mod run_imported;

pub use import::{
    FragmentProgram, ImportOptions, ImportedFragment, ImportedPipeline, ImportedReduce, ImportedStage,
    ImportedTransfer, import_mpmd, is_partitioned_mpmd,
};
pub use mlir::{ModuleStage, PipelineModule, export_mpmd, read_mpmd};
pub use replan::{ReplanOptions, Replanned, StageChange, replan_mpmd};
pub use run::{FragmentTime, PipelineCheck, run_pipeline};
pub use run_imported::run_mpmd;

/// `name` as an MLIR identifier: every character but ASCII letters, digits and `_`
/// becomes `_` (a symbol or value name built from a user's name).
pub(crate) fn identifier(name: &str) -> String {
    name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_")
}
