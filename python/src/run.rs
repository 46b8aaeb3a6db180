//! A plan run on the CPU mesh (one thread per device) against the unsharded
//! reference: `autoshard run`, in process.

use crate::config::PyConfig;
use crate::errors::to_py;
use crate::plan::PyPlan;
use pyo3::prelude::*;

/// A sharded run and how its outputs compare with the reference.
#[pyclass(frozen, module = "autoshard._native", name = "Run")]
pub struct PyRun {
    /// Whether every output is within the tolerance.
    #[pyo3(get)]
    passed: bool,
    /// The relative tolerance applied.
    #[pyo3(get)]
    tolerance: f64,
    /// The largest relative error over the outputs.
    #[pyo3(get)]
    max_rel_error: f64,
    /// The largest absolute error over the outputs.
    #[pyo3(get)]
    max_abs_error: f64,
    /// Per output: its name and its largest relative error.
    #[pyo3(get)]
    outputs: Vec<(String, f64)>,
    /// Wall time of the sharded run, in seconds.
    #[pyo3(get)]
    sharded_s: f64,
    /// Wall time of the reference run, in seconds.
    #[pyo3(get)]
    reference_s: f64,
    /// The most elements live on any device at once during the run.
    #[pyo3(get)]
    peak_elements: usize,
    /// The seed of the inputs.
    #[pyo3(get)]
    seed: u64,
}

#[pymethods]
impl PyRun {
    fn __repr__(&self) -> String {
        let verdict = if self.passed { "passed" } else { "FAILED" };
        format!(
            "<autoshard.Run {verdict}: max rel error {:.3e} (tolerance {:.1e}), sharded {:.3}s, reference {:.3}s>",
            self.max_rel_error, self.tolerance, self.sharded_s, self.reference_s
        )
    }
}

/// Runs `plan` for `config` on the CPU mesh on inputs drawn from `seed`, and the
/// reference on the same inputs; `verify` makes a mismatch a `VerificationError`.
#[pyfunction]
#[pyo3(signature = (config, plan, seed=0, verify=true))]
pub fn run(py: Python<'_>, config: PyRef<'_, PyConfig>, plan: &PyPlan, seed: u64, verify: bool) -> PyResult<PyRun> {
    let (config, solution) = (config.inner.clone(), &plan.solution);
    let run = py.detach(|| {
        let run = autoshard::run(&config, solution, seed)?;
        if verify { run.verified() } else { Ok(run) }
    });
    let run = run.map_err(to_py)?;
    let v = &run.verification;
    Ok(PyRun {
        passed: v.passed,
        tolerance: v.tolerance,
        max_rel_error: v.max_rel_error,
        max_abs_error: v.max_abs_error,
        outputs: v.outputs.iter().map(|o| (o.name.clone(), o.max_rel_error)).collect(),
        sharded_s: run.sharded_wall.as_secs_f64(),
        reference_s: run.reference_wall.as_secs_f64(),
        peak_elements: run.sharded.peak_elements,
        seed: run.seed,
    })
}
