//! A partitioned (SPMD) mesh-dialect program checked against the global program it
//! partitions: the library side of `autoshard run GLOBAL --spmd FILE`
//! (docs/mesh-dialect.md, "SPMD programs").

use crate::{Config, Error, Result, Run, RunError};
use autoshard_executor::{Verification, interpret, random_inputs};
use autoshard_model::Program;

/// The SPMD program in `source` (named `file` in errors), as the program of
/// `global`'s inputs and outputs whose one manual computation runs it on every
/// device (`autoshard_stablehlo::import_spmd`).
pub fn read_spmd(global: &Config, file: &str, source: &str) -> Result<Program> {
    Ok(autoshard_stablehlo::import_spmd(file, source, &global.program)?)
}

/// An SPMD program's run (see [`run_spmd`]).
#[derive(Debug)]
pub struct SpmdRun {
    /// The run on the CPU mesh, one thread per device, the program's collectives
    /// exchanged between them: its outputs against the reference interpreter's
    /// lock-step run of the same program, its events, its peak per device.
    pub run: Run,
    /// Its outputs against the global program's on the same inputs.
    pub verification: Verification,
}

/// Runs `spmd` (from [`read_spmd`]) on the CPU mesh, one thread per device, on
/// inputs drawn from `seed`, and `global`'s program whole on the same inputs, and
/// compares their outputs. The run also checks itself against the reference
/// interpreter's lock-step run of the devices' instances (in [`SpmdRun::run`]).
pub fn run_spmd(global: &Config, spmd: &Program, seed: u64) -> Result<SpmdRun> {
    // The SPMD program on the global program's hardware and solver options.
    let mut config = Config::from_program(spmd.clone());
    (config.hardware, config.solver) = (global.hardware.clone(), global.solver);
    let run = crate::run(&config, &crate::solve(&config)?, seed)?;
    // The same inputs: one per input, of the same types, in the same order.
    let inputs = random_inputs(&global.program, seed);
    let whole = interpret(&global.program, &inputs).map_err(|e| Error::Run(RunError::Execution(e)))?;
    let verification = whole.compare(&global.program, &run.sharded.outputs);
    Ok(SpmdRun { run, verification })
}
