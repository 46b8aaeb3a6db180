//! Pipelines across the language line: a pipelined config (`topology:` and
//! `pipeline:`) planned across its meshes and run on the CPU mesh, the GIL released
//! while they work; a plan's views: its stages, the text report with the timeline,
//! and the MPMD module.

use crate::config::PyConfig;
use crate::errors::to_py;
use autoshard::PipelineCheck;
use autoshard::solver::pipeline::PipelinePlan;
use pyo3::prelude::*;

/// A pipeline plan: the schedule, each stage's mesh and units, the predicted step
/// with its bound, and the pure-SPMD plan it was compared with.
#[pyclass(frozen, module = "autoshard._native", name = "PipelinePlan")]
pub struct PyPipelinePlan {
    config: PyConfig,
    plan: PipelinePlan,
}

#[pymethods]
impl PyPipelinePlan {
    /// The config the plan is for.
    #[getter]
    fn config(&self) -> PyConfig {
        self.config.clone()
    }

    /// The schedule: `gpipe`, `1f1b` or `circular`.
    #[getter]
    fn schedule(&self) -> String {
        self.plan.schedule.to_string()
    }

    /// Stages per mesh (the circular schedule's rounds; 1 otherwise).
    #[getter]
    fn rounds(&self) -> u32 {
        self.plan.rounds
    }

    /// Microbatches per step.
    #[getter]
    fn microbatches(&self) -> u32 {
        self.plan.microbatches
    }

    /// Each stage in order: its mesh's name and its units' labels.
    #[getter]
    fn stages(&self) -> Vec<(String, Vec<String>)> {
        let pipeline = self.config.inner.pipeline.as_ref();
        let Some(pipeline) = pipeline else { return Vec::new() };
        let units = &pipeline.chain.units;
        let mesh = |s: &autoshard::solver::pipeline::StagePlan| pipeline.topology.mesh(s.mesh).name.clone();
        self.plan.stages.iter().map(|s| (mesh(s), units[s.first..s.end].to_vec())).collect()
    }

    /// The predicted step time, in seconds.
    #[getter]
    fn step_s(&self) -> f64 {
        self.plan.step().0
    }

    /// The lower bound on the estimated step of every split of every shape searched.
    #[getter]
    fn bound_s(&self) -> f64 {
        self.plan.bound.0
    }

    /// (step − bound) / step, at least 0.
    #[getter]
    fn gap(&self) -> f64 {
        self.plan.gap()
    }

    /// The predicted idle share of the meshes' time within the step.
    #[getter]
    fn bubble(&self) -> f64 {
        self.plan.timeline.bubble()
    }

    /// The pure-SPMD plan's time on all devices, in seconds, if it was solved.
    #[getter]
    fn spmd_step_s(&self) -> Option<f64> {
        self.plan.spmd.as_ref().map(|s| s.plan.objective.total_s.0)
    }

    /// The report `autoshard solve` prints for a pipelined config, with its timeline.
    fn report(&self) -> String {
        autoshard::view::pipeline::render(&self.config.inner, &self.plan)
    }

    /// The plan as a module of Shardy's `mpmd` dialect: `solve --format mlir`.
    fn mpmd(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| autoshard::export_mpmd(&self.config.inner, &self.plan)).map_err(to_py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<autoshard.PipelinePlan {}: {} stage(s), {} microbatches, step {}>",
            self.plan.schedule,
            self.plan.stages.len(),
            self.plan.microbatches,
            self.plan.step()
        )
    }
}

/// A pipelined run on the CPU mesh (one thread per mesh) and how its outputs compare
/// with the reference.
#[pyclass(frozen, module = "autoshard._native", name = "PipelineRun")]
pub struct PyPipelineRun {
    /// Whether every output is within the tolerance.
    #[pyo3(get)]
    passed: bool,
    /// The relative tolerance applied.
    #[pyo3(get)]
    tolerance: f64,
    /// The largest relative error over the outputs.
    #[pyo3(get)]
    max_rel_error: f64,
    /// The measured step, in seconds.
    #[pyo3(get)]
    step_s: f64,
    /// The measured idle share of the meshes' time within the step.
    #[pyo3(get)]
    bubble: f64,
    /// Wall time of the reference run, in seconds.
    #[pyo3(get)]
    reference_s: f64,
}

impl PyPipelineRun {
    /// The run of `check`, its bubble over `meshes` meshes.
    pub(crate) fn new(check: &PipelineCheck, meshes: usize) -> Self {
        let v = &check.verification;
        PyPipelineRun {
            passed: v.passed,
            tolerance: v.tolerance,
            max_rel_error: v.max_rel_error,
            step_s: check.run.wall.as_secs_f64(),
            bubble: check.run.bubble(meshes),
            reference_s: check.reference_wall.as_secs_f64(),
        }
    }
}

#[pymethods]
impl PyPipelineRun {
    fn __repr__(&self) -> String {
        let verdict = if self.passed { "passed" } else { "FAILED" };
        format!(
            "<autoshard.PipelineRun {verdict}: max rel error {:.3e} (tolerance {:.1e}), step {:.3}s, bubble {:.1}%>",
            self.max_rel_error,
            self.tolerance,
            self.step_s,
            100.0 * self.bubble
        )
    }
}

/// Plans the pipelined `config` across its topology's meshes.
#[pyfunction]
pub fn solve_pipeline(py: Python<'_>, config: PyRef<'_, PyConfig>) -> PyResult<PyPipelinePlan> {
    let config = config.clone();
    let plan = py.detach(|| autoshard::solve_pipeline(&config.inner)).map_err(to_py)?;
    Ok(PyPipelinePlan { config, plan })
}

/// Runs `plan` on the CPU mesh on inputs drawn from `seed`, and the reference on the
/// same inputs; `verify` makes a mismatch a `VerificationError`.
#[pyfunction]
#[pyo3(signature = (plan, seed=0, verify=true))]
pub fn run_pipeline(py: Python<'_>, plan: &PyPipelinePlan, seed: u64, verify: bool) -> PyResult<PyPipelineRun> {
    let (config, pipeline) = (plan.config.inner.clone(), &plan.plan);
    let check = py.detach(|| {
        let check = autoshard::run_pipeline(&config, pipeline, seed)?;
        if verify { check.verified() } else { Ok(check) }
    });
    let check = check.map_err(to_py)?;
    let meshes = config.pipeline.as_ref().map_or(1, |p| p.topology.len());
    Ok(PyPipelineRun::new(&check, meshes))
}
