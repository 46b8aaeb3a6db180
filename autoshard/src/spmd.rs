//! A partitioned (SPMD) mesh-dialect program checked against the global program it
//! partitions: the library side of `autoshard run GLOBAL --spmd FILE`
//! (docs/mesh-dialect.md, "SPMD programs").

use crate::{Config, Error, Result, RunError};
use autoshard_executor::{Tensor, Verification, compare_outputs, interpret, random_inputs};
use autoshard_model::Program;

/// The SPMD program in `source` (named `file` in errors), as the program of
/// `global`'s inputs and outputs whose one manual computation runs it on every
/// device (`autoshard_stablehlo::import_spmd`).
pub fn read_spmd(global: &Config, file: &str, source: &str) -> Result<Program> {
    Ok(autoshard_stablehlo::import_spmd(file, source, &global.program)?)
}

/// Runs `spmd` (from [`read_spmd`]) and `global`'s program on the same inputs drawn
/// from `seed` with the reference interpreter, which runs every device's instance of
/// the SPMD function in lock step, and compares their outputs.
pub fn run_spmd(global: &Config, spmd: &Program, seed: u64) -> Result<Verification> {
    let failed = |e| Error::Run(RunError::Execution(e));
    let inputs = random_inputs(&global.program, seed);
    let expected = interpret(&global.program, &inputs).map_err(failed)?;
    let actual = interpret(spmd, &inputs).map_err(failed)?;
    let expected: Vec<&Tensor> = expected.outputs(&global.program).into_iter().flatten().collect();
    let actual: Vec<Tensor> = actual.outputs(spmd).into_iter().flatten().cloned().collect();
    Ok(compare_outputs(&global.program, &expected, &actual))
}
