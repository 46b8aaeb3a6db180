//! The exceptions of the package and how each library error becomes one.
//!
//! `AutoshardError` is the base of all of them; `InputError` (a config or module
//! that is not valid, or options that are not) carries `file`, `line`, `column` of
//! its first error and `diagnostics`, every error as `(file, line, column,
//! message)`; `InfeasibleError` (no plan satisfies the pins, groups and memory
//! budget), `SolverError` (the solver stopped without a plan), `PlanError` (a plan
//! that does not fit its program, or has no form for JAX or StableHLO: the message
//! says why), `RunError` and `VerificationError` (a sharded run that failed, or
//! differs from the reference).

use autoshard::model::Diagnostic;
use pyo3::exceptions::{PyException, PyOSError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

pyo3::create_exception!(autoshard, AutoshardError, PyException, "Every error of autoshard.");
pyo3::create_exception!(
    autoshard,
    InputError,
    AutoshardError,
    "A config, module or option that is not valid: `file`, `line`, `column` of the first error, `diagnostics` all of them."
);
pyo3::create_exception!(
    autoshard,
    InfeasibleError,
    AutoshardError,
    "No plan satisfies the pins, sharding groups and memory budget; the message says which conflict."
);
pyo3::create_exception!(autoshard, SolverError, AutoshardError, "The solver stopped without a plan.");
pyo3::create_exception!(
    autoshard,
    PlanError,
    AutoshardError,
    "A plan that does not fit its program, or that JAX or StableHLO cannot express; the message says why."
);
pyo3::create_exception!(autoshard, RunError, AutoshardError, "A run on the CPU mesh that failed.");
pyo3::create_exception!(
    autoshard,
    VerificationError,
    AutoshardError,
    "A run on the CPU mesh whose outputs differ from the unsharded reference."
);

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("AutoshardError", py.get_type::<AutoshardError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("InfeasibleError", py.get_type::<InfeasibleError>())?;
    m.add("SolverError", py.get_type::<SolverError>())?;
    m.add("PlanError", py.get_type::<PlanError>())?;
    m.add("RunError", py.get_type::<RunError>())?;
    m.add("VerificationError", py.get_type::<VerificationError>())?;
    Ok(())
}

/// An `InputError` of `diagnostics` (the first is where it points), with their places.
pub fn input_error(message: String, diagnostics: &[Diagnostic]) -> PyErr {
    let err = InputError::new_err(message);
    Python::attach(|py| match places(py, &err, diagnostics) {
        Ok(()) => err,
        Err(e) => e,
    })
}

/// Sets `file`, `line`, `column` (of the first diagnostic, else `None`) and
/// `diagnostics` on `err`'s exception.
fn places(py: Python<'_>, err: &PyErr, diagnostics: &[Diagnostic]) -> PyResult<()> {
    let value = err.value(py);
    let first = diagnostics.first();
    value.setattr("file", first.map(|d| d.location.file.to_string()))?;
    value.setattr("line", first.map(|d| d.location.line))?;
    value.setattr("column", first.map(|d| d.location.column))?;
    let all: Vec<(String, u32, u32, String)> = (diagnostics.iter())
        .map(|d| (d.location.file.to_string(), d.location.line, d.location.column, d.message.clone()))
        .collect();
    value.setattr("diagnostics", PyTuple::new(py, all)?)
}

/// An `InputError` without a place (an option's value, say).
pub fn bad_option(message: impl Into<String>) -> PyErr {
    input_error(message.into(), &[])
}

/// The exception of a library error.
pub fn to_py(e: autoshard::Error) -> PyErr {
    use autoshard::solver::SolveError;
    use autoshard::{Error, LoadError};
    let message = e.to_string();
    match e {
        Error::Config(c) | Error::Load(LoadError::Invalid(c)) => input_error(message, &c.diagnostics),
        Error::Load(LoadError::Read { .. }) | Error::Io(_) => PyOSError::new_err(message),
        Error::Load(_) | Error::Cost(_) | Error::Solve(SolveError::Input(_) | SolveError::Cost(_)) => {
            input_error(message, &[])
        }
        Error::Mpmd(e) => {
            let diagnostic =
                Diagnostic { location: e.location().clone(), message: e.message().to_string(), hint: None };
            input_error(message, &[diagnostic])
        }
        Error::Infeasible(_) => InfeasibleError::new_err(message),
        Error::Solve(_) => SolverError::new_err(message),
        Error::InvalidPlan(_) | Error::Export(_) | Error::Pipeline(_) => PlanError::new_err(message),
        Error::Mismatch(_) => VerificationError::new_err(message),
        _ => RunError::new_err(message),
    }
}

/// The exception of an error reading the partitioned MPMD module `file`
/// (`autoshard::import_mpmd`): as [`to_py`], except that a module whose pipeline does
/// not read (`Error::Pipeline`: a fragment on no mesh of the topology, a transfer
/// that does not fit, an order that cannot run) is an `InputError` too, at the line
/// its message names (`FILE:LINE: …`; its column is not known: `column` is `None`
/// and the diagnostic's column 0), else at no line.
pub fn import_error(e: autoshard::Error, file: &str) -> PyErr {
    let autoshard::Error::Pipeline(message) = e else { return to_py(e) };
    let line = (message.strip_prefix(file))
        .and_then(|rest| rest.strip_prefix(':'))
        .and_then(|rest| rest.split_once(':'))
        .and_then(|(line, _)| line.parse::<u32>().ok());
    let err = InputError::new_err(message.clone());
    Python::attach(|py| {
        let set = || -> PyResult<()> {
            let value = err.value(py);
            value.setattr("file", file)?;
            value.setattr("line", line)?;
            value.setattr("column", None::<u32>)?;
            let all: Vec<(String, u32, u32, String)> =
                line.map(|l| (file.to_string(), l, 0, message.clone())).into_iter().collect();
            value.setattr("diagnostics", PyTuple::new(py, all)?)
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    })
}
