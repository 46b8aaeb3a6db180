//! Configs across the language line: read from a file, from YAML or StableHLO text
//! (a module lowered by `jax.jit` on the caller's mesh), and copies with other
//! options (hardware preset, memory budget, solver limits, donation).

use crate::errors::{bad_option, to_py};
use autoshard::Config;
use autoshard::cost::{HardwareSpec, Preset};
use autoshard::model::{Bytes, Mesh};
use pyo3::prelude::*;
use std::sync::Arc;

/// A validated config: a program on a mesh, the hardware that prices it and the
/// solver's options.
#[pyclass(frozen, module = "autoshard._native", name = "Config")]
#[derive(Clone)]
pub struct PyConfig {
    pub(crate) inner: Arc<Config>,
}

impl PyConfig {
    fn new(config: Config) -> Self {
        PyConfig { inner: Arc::new(config) }
    }

    /// A copy with `change` applied.
    fn changed(&self, change: impl FnOnce(&mut Config) -> PyResult<()>) -> PyResult<PyConfig> {
        let mut config = (*self.inner).clone();
        change(&mut config)?;
        Ok(PyConfig::new(config))
    }
}

#[pymethods]
impl PyConfig {
    /// The config's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name.clone()
    }

    /// The mesh in Shardy's text form, `<["data"=2, "model"=4]>`.
    #[getter]
    fn mesh(&self) -> String {
        self.inner.program.mesh().to_string()
    }

    /// The mesh's axes, as `(name, size)` pairs in order.
    #[getter]
    fn mesh_axes(&self) -> Vec<(String, i64)> {
        self.inner.program.mesh().axes().iter().map(|a| (a.name.clone(), a.size)).collect()
    }

    /// The program's input names, in order.
    #[getter]
    fn inputs(&self) -> Vec<String> {
        let program = &self.inner.program;
        program.inputs().iter().map(|i| program.value(i.value).name.clone()).collect()
    }

    /// The program's output value names, in order.
    #[getter]
    fn outputs(&self) -> Vec<String> {
        let program = &self.inner.program;
        program.outputs().iter().map(|o| program.value(o.value).name.clone()).collect()
    }

    /// The number of ops (those inside loop bodies and branches included).
    #[getter]
    fn op_count(&self) -> usize {
        self.inner.program.ops().len()
    }

    /// The hardware preset's name.
    #[getter]
    fn hardware(&self) -> &'static str {
        self.inner.hardware.preset.name()
    }

    /// Device memory in bytes: the budget of a plan's peak per device.
    #[getter]
    fn memory(&self) -> u64 {
        self.inner.hardware.device.memory.0
    }

    /// The solver's wall-clock limit in seconds.
    #[getter]
    fn time_limit(&self) -> f64 {
        self.inner.solver.time_limit.0
    }

    /// A copy with other options; each `None` keeps the config's. `hardware` is a
    /// preset name (its figures replace the config's), `memory` the budget per
    /// device (bytes, or a size such as `"16GiB"`), `time_limit` seconds, `threads`
    /// the solver's parallel searches, `gap` the relative gap to stop at.
    #[pyo3(signature = (*, hardware=None, memory=None, time_limit=None, threads=None, gap=None))]
    fn with_options(
        &self,
        hardware: Option<&str>,
        memory: Option<&Bound<'_, PyAny>>,
        time_limit: Option<f64>,
        threads: Option<usize>,
        gap: Option<f64>,
    ) -> PyResult<PyConfig> {
        let memory = memory.map(bytes).transpose()?;
        self.changed(|config| {
            if let Some(name) = hardware {
                let preset: Preset = name.parse().map_err(|e| bad_option(format!("hardware: {e}")))?;
                config.hardware = HardwareSpec::from_preset(preset, config.program.mesh());
            }
            if let Some(memory) = memory {
                config.hardware.device.memory = memory;
            }
            let solver = &mut config.solver;
            let set = |what: &str, result: autoshard::cost::Result<()>| {
                result.map_err(|e| bad_option(format!("{what}: {e}")))
            };
            if let Some(limit) = time_limit {
                set("time_limit", solver.set_time_limit(limit))?;
            }
            if let Some(threads) = threads {
                set("threads", solver.set_threads(threads))?;
            }
            if let Some(gap) = gap {
                set("gap", solver.set_gap(gap))?;
            }
            Ok(())
        })
    }

    /// A copy where input `input` is donated to output `output` (positions): the
    /// output reuses the input's buffer and both get one sharding.
    fn donate(&self, input: usize, output: usize) -> PyResult<PyConfig> {
        self.changed(|config| config.program.donate(input, output, None).map_err(|e| bad_option(e.to_string())))
    }

    /// A copy where input `input` is carried to output `output` (value names, or
    /// positions as text): `solve --carry IN=OUT`.
    fn carry(&self, input: &str, output: &str) -> PyResult<PyConfig> {
        self.changed(|config| config.program.carry(input, output).map_err(|e| bad_option(e.to_string())))
    }

    fn __repr__(&self) -> String {
        let c = &self.inner;
        format!("<autoshard.Config {:?}: {} ops on {}>", c.name, c.program.ops().len(), c.program.mesh())
    }
}

/// Bytes from an int or a size text (`"16GiB"`).
fn bytes(value: &Bound<'_, PyAny>) -> PyResult<Bytes> {
    if let Ok(n) = value.extract::<u64>() {
        return Ok(Bytes(n));
    }
    let text: String =
        value.extract().map_err(|_| bad_option("memory: expected bytes (an int) or a size such as \"16GiB\""))?;
    text.parse().map_err(|e| bad_option(format!("memory: {e}")))
}

/// Reads the config or StableHLO module (`.mlir`) at `path`; `sizes` overrides
/// some of a config's `sizes:`.
#[pyfunction]
#[pyo3(signature = (path, sizes=None))]
pub fn load(py: Python<'_>, path: &str, sizes: Option<Vec<(String, i64)>>) -> PyResult<PyConfig> {
    let sizes = sizes.unwrap_or_default();
    let config = py.detach(|| Config::load_with_sizes(path, &sizes)).map_err(|e| to_py(e.into()))?;
    Ok(PyConfig::new(config))
}

/// Reads config text (YAML) or, when `file` ends in `.mlir`, a StableHLO module,
/// naming it `file` in errors. A module may be given a mesh as `(name, text)`
/// (`("mesh", '<["data"=2]>')`): it runs there unless it declares another.
#[pyfunction]
#[pyo3(signature = (text, file, mesh=None))]
pub fn parse(py: Python<'_>, text: &str, file: &str, mesh: Option<(String, String)>) -> PyResult<PyConfig> {
    let mesh = match mesh {
        Some((name, text)) => {
            let parsed: Mesh = text.parse().map_err(|e| bad_option(format!("mesh {text}: {e}")))?;
            Some((name, parsed))
        }
        None => None,
    };
    let module = autoshard::config::is_module(std::path::Path::new(file));
    let config = py.detach(|| {
        if module {
            Config::from_mlir_on(file, text, mesh.as_ref().map(|(n, m)| (n.as_str(), m)))
        } else {
            Config::from_source(file, text)
        }
    });
    Ok(PyConfig::new(config.map_err(|e| to_py(e.into()))?))
}

/// The hardware presets' names.
#[pyfunction]
pub fn presets() -> Vec<&'static str> {
    Preset::ALL.iter().map(|p| p.name()).collect()
}
