//! `autoshard._native`: the Rust library inside the Python package `autoshard`.
//!
//! The package's Python layer (`python/autoshard/`) is the public API; this module
//! owns what crosses the language line: configs read from files, YAML text or a
//! lowered JAX module on a given mesh ([`config`]), the solve, the pricing and the
//! CPU-mesh run with the GIL released ([`plan`], [`run`]), pipelines across meshes
//! ([`pipeline`]), partitioned MPMD modules priced and run ([`mpmd`]), and the
//! exceptions every failure becomes, with its file, line and column ([`errors`]).
//! Everything runs in this process; nothing calls the command line. With `AUTOSHARD_LOG` set (e.g.
//! `debug`), the library's logs go to stderr as the command line's do.

mod config;
mod errors;
mod mpmd;
mod pipeline;
mod plan;
mod run;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    if let Ok(filter) = tracing_subscriber::EnvFilter::try_from_env("AUTOSHARD_LOG") {
        let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
    }
    errors::register(m)?;
    m.add_class::<config::PyConfig>()?;
    m.add_class::<plan::PyPlan>()?;
    m.add_class::<run::PyRun>()?;
    m.add_class::<pipeline::PyPipelinePlan>()?;
    m.add_class::<pipeline::PyPipelineRun>()?;
    m.add_class::<mpmd::PyPartitionedModule>()?;
    m.add_class::<mpmd::PyReplannedModule>()?;
    m.add_function(wrap_pyfunction!(config::load, m)?)?;
    m.add_function(wrap_pyfunction!(config::parse, m)?)?;
    m.add_function(wrap_pyfunction!(plan::solve, m)?)?;
    m.add_function(wrap_pyfunction!(plan::cost, m)?)?;
    m.add_function(wrap_pyfunction!(run::run, m)?)?;
    m.add_function(wrap_pyfunction!(pipeline::solve_pipeline, m)?)?;
    m.add_function(wrap_pyfunction!(pipeline::run_pipeline, m)?)?;
    m.add_function(wrap_pyfunction!(mpmd::is_partitioned_mpmd, m)?)?;
    m.add_function(wrap_pyfunction!(mpmd::parse_mpmd, m)?)?;
    m.add_function(wrap_pyfunction!(mpmd::run_mpmd, m)?)?;
    m.add_function(wrap_pyfunction!(mpmd::replan_mpmd, m)?)?;
    m.add_function(wrap_pyfunction!(config::presets, m)?)?;
    Ok(())
}
