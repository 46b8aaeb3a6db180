//! Plans across the language line: the solve and the pricing (the GIL released
//! while they work), and a plan's views: its JSON, the text report, the exported
//! StableHLO module, JAX code, and its boundary as `PartitionSpec` data.

use crate::config::PyConfig;
use crate::errors::{PlanError, bad_option, to_py};
use autoshard::Solution;
use autoshard::model::Plan;
use autoshard::stablehlo::jax::{PartitionSpec, boundary};
use pyo3::prelude::*;

/// A plan for a config: every value's sharding, every op's strategy, the
/// collectives, the objective and the solver's statistics.
#[pyclass(frozen, module = "autoshard._native", name = "Plan")]
pub struct PyPlan {
    pub(crate) config: PyConfig,
    pub(crate) solution: Solution,
}

/// A `PartitionSpec` as data: per dimension, its axis names.
type Spec = Vec<Vec<String>>;

#[pymethods]
impl PyPlan {
    /// The config the plan is for.
    #[getter]
    fn config(&self) -> PyConfig {
        self.config.clone()
    }

    /// The plan as JSON (docs/spec.md §8): what `solve --format json` prints.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.solution.plan).map_err(|e| PlanError::new_err(e.to_string()))
    }

    /// The report `solve` prints: the summary (inputs and outputs with their
    /// shardings, collectives per step, step time, peak memory, the solver) and the
    /// dropped preferences, and with `detail` every op's cost, every collective and
    /// every value's sharding with its device grid. `names` maps a value's name in
    /// the program to the name shown (a JAX argument's pytree path).
    #[pyo3(signature = (names = None, detail = false))]
    fn report(&self, names: Option<std::collections::BTreeMap<String, String>>, detail: bool) -> String {
        let names = autoshard::view::Names::new(names.unwrap_or_default());
        autoshard::view::report::render(&self.config.inner, &self.solution.plan, &names, detail)
    }

    /// The plan as a StableHLO module whose Shardy shardings fix it (every
    /// argument, result and intermediate value): `solve --format mlir`.
    fn stablehlo(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| autoshard::export_stablehlo(&self.config.inner, &self.solution)).map_err(to_py)
    }

    /// The same module with its shardings in MLIR's `mesh` dialect: `solve
    /// --format mesh`.
    fn mesh_dialect(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| autoshard::export_mesh(&self.config.inner, &self.solution)).map_err(to_py)
    }

    /// The plan as JAX code: `solve --format jax`.
    fn jax_code(&self) -> PyResult<String> {
        autoshard::export_jax(&self.config.inner, &self.solution).map_err(to_py)
    }

    /// The sharding of the value `name` in Shardy's text form, or `None`.
    fn value(&self, name: &str) -> Option<String> {
        self.solution.plan.value(name).map(ToString::to_string)
    }

    /// Each input's and each output's sharding as `PartitionSpec` data (per
    /// dimension, its axis names), in order; `PlanError` when one has no
    /// `PartitionSpec` (sub-axes).
    fn boundary(&self) -> PyResult<(Vec<Spec>, Vec<Spec>)> {
        let b = boundary(&self.config.inner.program, &self.solution.plan)
            .map_err(|e| PlanError::new_err(format!("the plan's boundary has no PartitionSpec: {e}")))?;
        let dims = |specs: Vec<PartitionSpec>| specs.into_iter().map(|s| s.dims).collect();
        Ok((dims(b.inputs), dims(b.outputs)))
    }

    fn __repr__(&self) -> String {
        let o = &self.solution.plan.objective;
        format!("<autoshard.Plan {:?}: total {}, peak {}>", self.solution.plan.program, o.total_s, o.peak_memory_bytes)
    }
}

/// Solves `config`: the cheapest plan under its pins, groups, barriers and memory
/// budget, proven optimal unless its time limit runs out first (then the best plan
/// found, with its bound).
#[pyfunction]
pub fn solve(py: Python<'_>, config: PyRef<'_, PyConfig>) -> PyResult<PyPlan> {
    let config = config.clone();
    let solution = py.detach(|| autoshard::solve(&config.inner)).map_err(to_py)?;
    Ok(PyPlan { config, solution })
}

/// Prices `plan` (a `Plan`, or a plan's JSON text) for `config`, every choice it
/// leaves open made the cheapest local way; `None` prices the config's annotations.
#[pyfunction]
#[pyo3(signature = (config, plan=None))]
pub fn cost(py: Python<'_>, config: PyRef<'_, PyConfig>, plan: Option<&Bound<'_, PyAny>>) -> PyResult<PyPlan> {
    let given: Option<Plan> = match plan {
        None => None,
        Some(p) => Some(match p.cast::<PyPlan>() {
            Ok(p) => p.get().solution.plan.clone(),
            Err(_) => {
                let text: String =
                    p.extract().map_err(|_| bad_option("plan: expected a Plan or a plan's JSON text"))?;
                serde_json::from_str(&text).map_err(|e| bad_option(format!("plan: not a plan's JSON: {e}")))?
            }
        }),
    };
    let config = config.clone();
    let solution = py.detach(|| autoshard::price(&config.inner, given.as_ref())).map_err(to_py)?;
    Ok(PyPlan { config, solution })
}
