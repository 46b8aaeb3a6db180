//! Pipelines across meshes at the facade: running a pipeline plan on the CPU mesh
//! and checking it ([`run`]), and writing it as an MPMD module and reading it back
//! ([`mlir`]).

mod mlir;
mod run;

pub use mlir::{ModuleStage, PipelineModule, export_mpmd, read_mpmd};
pub use run::{FragmentTime, PipelineCheck, run_pipeline};
