//! Partitioned MPMD modules across the language line: a module of Shardy's `mpmd`
//! dialect after MPMD partitioning (fragments on the meshes of a topology, transfers
//! between them) read and priced as the pipeline it states (`autoshard::import_mpmd`,
//! what `autoshard cost FILE.mlir` prints) and run on the CPU mesh against its
//! fragments inlined (`autoshard::run_mpmd`, `autoshard run FILE.mlir`), and
//! re-planned (`autoshard::replan_mpmd`, `autoshard solve FILE.mlir`), the GIL
//! released while they work.

use crate::errors::{bad_option, import_error, to_py};
use crate::pipeline::PyPipelineRun;
use autoshard::cost::Preset;
use autoshard::{ImportedPipeline, Replanned};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// A partitioned MPMD module read as a pipeline: its stages, microbatches and order
/// as the module states them, each fragment priced under the module's shardings on
/// its mesh, the transfers, the predicted step, bubble and peak memory per mesh.
#[pyclass(frozen, module = "autoshard._native", name = "PartitionedModule")]
pub struct PyPartitionedModule {
    file: String,
    preset: Preset,
    pipeline: Arc<ImportedPipeline>,
    /// The module's text (what a re-plan reads).
    text: Arc<str>,
}

#[pymethods]
impl PyPartitionedModule {
    /// The module's name (`module @name`), or `main`.
    #[getter]
    fn name(&self) -> String {
        self.pipeline.name.clone()
    }

    /// The file the module was read from (or the name given to its text).
    #[getter]
    fn file(&self) -> String {
        self.file.clone()
    }

    /// The hardware preset every mesh is priced on.
    #[getter]
    fn hardware(&self) -> &'static str {
        self.preset.name()
    }

    /// The meshes of `@main`'s topology in order: each name and its mesh in Shardy's
    /// text form (`<["x"=2]>`).
    #[getter]
    fn meshes(&self) -> Vec<(String, String)> {
        self.pipeline.topology.meshes().iter().map(|m| (m.name.clone(), m.mesh.to_string())).collect()
    }

    /// Each stage in order of its first fragment: its mesh's name and its units (the
    /// origin names of its fragments).
    #[getter]
    fn stages(&self) -> Vec<(String, Vec<String>)> {
        let names = self.pipeline.mesh_names();
        self.pipeline.stages.iter().map(|s| (names[s.mesh].clone(), s.units.clone())).collect()
    }

    /// Microbatches per step: the most forward fragments of a stage.
    #[getter]
    fn microbatches(&self) -> u32 {
        self.pipeline.microbatches
    }

    /// The named schedule whose order every mesh follows (`gpipe`, `1f1b`,
    /// `circular`), or `None` when the module's order is none of them.
    #[getter]
    fn schedule(&self) -> Option<String> {
        self.pipeline.schedule.map(|s| s.to_string())
    }

    /// The number of fragments of `@main` (every microbatch's and task's).
    #[getter]
    fn fragment_count(&self) -> usize {
        self.pipeline.fragments.len()
    }

    /// Every `mpmd.transfer` of `@main` in order: the value, the mesh it leaves, the
    /// mesh it arrives on, the global tensor's bytes and its predicted time in seconds.
    #[getter]
    fn transfers(&self) -> Vec<(String, String, String, u64, f64)> {
        let names = self.pipeline.mesh_names();
        (self.pipeline.transfers.iter())
            .map(|t| (t.value.clone(), names[t.from].clone(), names[t.to].clone(), t.bytes.0, t.time.0))
            .collect()
    }

    /// The predicted step time of the module's order, in seconds.
    #[getter]
    fn step_s(&self) -> f64 {
        self.pipeline.step().0
    }

    /// The predicted idle share of the meshes' time within the step.
    #[getter]
    fn bubble(&self) -> f64 {
        self.pipeline.bubble()
    }

    /// Each mesh's predicted peak memory per device in bytes, by mesh name in the
    /// topology's order.
    #[getter]
    fn peak_memory<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, bytes) in self.pipeline.mesh_names().into_iter().zip(&self.pipeline.peak_memory) {
            dict.set_item(name, bytes.0)?;
        }
        Ok(dict)
    }

    /// The report `autoshard cost FILE.mlir` prints for a partitioned module: its
    /// stages, fragments, transfers, the timeline of its order, the step, the bubble
    /// and each mesh's peak memory.
    fn report(&self) -> String {
        autoshard::view::pipeline::render_imported(&self.pipeline)
    }

    fn __repr__(&self) -> String {
        let p = &self.pipeline;
        let schedule = p.schedule.map_or_else(|| "its own".to_string(), |s| s.to_string());
        format!(
            "<autoshard.PartitionedModule {:?}: {} stage(s) on {} mesh(es), {} microbatches, {schedule} order, step {}>",
            p.name,
            p.stages.len(),
            p.topology.meshes().len(),
            p.microbatches,
            p.step()
        )
    }
}

/// Whether `text` is a partitioned MPMD module: an `mpmd` module whose `@main`
/// holds fragments or transfers (a module before partitioning is a program that
/// `parse` reads instead).
#[pyfunction]
pub fn is_partitioned_mpmd(text: &str) -> bool {
    autoshard::is_partitioned_mpmd(text)
}

/// Reads the partitioned MPMD module `text`, naming it `file` in errors, and prices
/// it as the pipeline it states, every mesh on the hardware preset `hardware` (the
/// default preset if `None`).
#[pyfunction]
#[pyo3(signature = (text, file, hardware=None))]
pub fn parse_mpmd(py: Python<'_>, text: &str, file: &str, hardware: Option<&str>) -> PyResult<PyPartitionedModule> {
    let mut options = autoshard::ImportOptions::default();
    if let Some(name) = hardware {
        options.preset = name.parse().map_err(|e| bad_option(format!("hardware: {e}")))?;
    }
    let pipeline = py.detach(|| autoshard::import_mpmd(file, text, &options)).map_err(|e| import_error(e, file))?;
    Ok(PyPartitionedModule {
        file: file.to_string(),
        preset: options.preset,
        pipeline: Arc::new(pipeline),
        text: Arc::from(text),
    })
}

/// Runs the partitioned `module` on the CPU mesh (one thread per mesh, its fragments
/// in the module's order) on inputs drawn from `seed`, and its fragments inlined as
/// the reference on the same inputs; `verify` makes a mismatch a
/// `VerificationError`.
#[pyfunction]
#[pyo3(signature = (module, seed=0, verify=true))]
pub fn run_mpmd(py: Python<'_>, module: &PyPartitionedModule, seed: u64, verify: bool) -> PyResult<PyPipelineRun> {
    let pipeline = module.pipeline.clone();
    let check = py.detach(|| {
        let check = autoshard::run_mpmd(&pipeline, seed)?;
        if verify { check.verified() } else { Ok(check) }
    });
    let check = check.map_err(to_py)?;
    Ok(PyPipelineRun::new(&check, pipeline.timeline.meshes as usize))
}

/// A partitioned MPMD module re-planned (`autoshard::replan_mpmd`): the module as
/// given and the module written, both priced, and what the pipeline solver changed.
#[pyclass(frozen, module = "autoshard._native", name = "ReplannedModule")]
pub struct PyReplannedModule {
    before: Py<PyPartitionedModule>,
    after: Py<PyPartitionedModule>,
    replanned: Replanned,
}

#[pymethods]
impl PyReplannedModule {
    /// The module as given, priced.
    #[getter]
    fn before(&self, py: Python<'_>) -> Py<PyPartitionedModule> {
        self.before.clone_ref(py)
    }

    /// The module written (`module`) read back and priced as the before is: the
    /// before itself when it was kept.
    #[getter]
    fn after(&self, py: Python<'_>) -> Py<PyPartitionedModule> {
        self.after.clone_ref(py)
    }

    /// The module written, as MLIR text: the plan's, or the given module's text when
    /// it was kept.
    #[getter]
    fn module(&self) -> String {
        self.replanned.module.clone()
    }

    /// Whether the given module was kept: the plan's module, read back, predicts a
    /// step no shorter than the given one's (a re-plan never makes the step worse).
    #[getter]
    fn kept(&self) -> bool {
        self.replanned.kept
    }

    /// The predicted step of the plan's module read back, in seconds (the after's
    /// when it was not kept).
    #[getter]
    fn planned_step_s(&self) -> f64 {
        self.replanned.planned_step.0
    }

    /// The pipeline solver's schedule (`gpipe`, `1f1b`, `circular`).
    #[getter]
    fn schedule(&self) -> String {
        self.replanned.plan.schedule.to_string()
    }

    /// Per stage of the written module: its units (the given stage's joined with
    /// `+`), its mesh before (`None` if no stage of the given module had those units)
    /// and after, and how many of its forward fragment's argument and result
    /// shardings changed, of how many.
    #[getter]
    fn stage_changes(&self) -> Vec<(String, Option<String>, String, usize, usize)> {
        let names = self.replanned.before.mesh_names();
        let mesh = |m: usize| names.get(m).cloned().unwrap_or_else(|| m.to_string());
        (self.replanned.stage_changes().into_iter())
            .map(|c| (c.units, c.mesh_before.map(mesh), mesh(c.mesh_after), c.shardings_changed, c.shardings))
            .collect()
    }

    /// The report `autoshard solve FILE.mlir` prints for a partitioned module: each
    /// stage's mesh and shardings changed, the schedule, transfers, step and bubble
    /// before and after.
    fn report(&self) -> String {
        autoshard::view::pipeline::render_replanned(&self.replanned, false)
    }

    fn __repr__(&self) -> String {
        let r = &self.replanned;
        format!(
            "<autoshard.ReplannedModule {:?}: step {} -> {}{}>",
            r.before.name,
            r.before.step(),
            r.after.step(),
            if r.kept { " (kept)" } else { "" }
        )
    }
}

/// Re-plans the partitioned `module`: each fragment's shardings, the transfers' and
/// the schedule, each stage kept on its mesh, priced on the hardware preset
/// `hardware` (the module's if `None`), the solve limited to `time_limit` seconds.
#[pyfunction]
#[pyo3(signature = (module, hardware=None, time_limit=None))]
pub fn replan_mpmd(
    py: Python<'_>,
    module: &PyPartitionedModule,
    hardware: Option<&str>,
    time_limit: Option<f64>,
) -> PyResult<PyReplannedModule> {
    let mut options = autoshard::ReplanOptions { time_limit, ..Default::default() };
    options.import.preset = match hardware {
        Some(name) => name.parse().map_err(|e| bad_option(format!("hardware: {e}")))?,
        None => module.preset,
    };
    let (file, text) = (module.file.clone(), module.text.clone());
    let r = py.detach(|| autoshard::replan_mpmd(&file, &text, &options)).map_err(to_py)?;
    let preset = options.import.preset;
    let before =
        PyPartitionedModule { file: file.clone(), preset, pipeline: Arc::new(r.before.clone()), text: text.clone() };
    let after = PyPartitionedModule {
        file: if r.kept { file } else { format!("{file} (re-planned)") },
        preset,
        pipeline: Arc::new(r.after.clone()),
        text: Arc::from(r.module.as_str()),
    };
    Ok(PyReplannedModule { before: Py::new(py, before)?, after: Py::new(py, after)?, replanned: r })
}
