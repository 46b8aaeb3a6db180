//! Plans made and run as the facade makes and runs them (`autoshard::solve`,
//! `autoshard::run`), from the crates below it: the solver's plan on the default
//! hardware preset, scheduled with the reshards the cost model prices (so the run
//! executes exactly the collectives the plan was priced with) and run on the CPU mesh
//! on seeded random inputs against the reference interpreter.

use autoshard_cost::{HardwareSpec, Pricing};
use autoshard_executor::{Limits, Schedule, ShardedRun, Verification};
use autoshard_model::Program;
use autoshard_solver::{Solution, SolveError, Solver, SolverOptions};

/// The hardware a program built in code is priced on: the default preset.
pub fn hardware(program: &Program) -> HardwareSpec {
    HardwareSpec::from_preset(HardwareSpec::DEFAULT_PRESET, program.mesh())
}

/// The cheapest plan of `program` under its annotations, with the default options.
pub fn solve(program: &Program) -> Result<Solution, SolveError> {
    Solver::new(SolverOptions::default()).solve(program, &hardware(program))
}

/// `solution`'s decisions scheduled with the cost model's reshards.
pub fn schedule(program: &Program, solution: &Solution) -> Schedule {
    let hardware = hardware(program);
    autoshard_executor::schedule(program, &solution.decisions, &Pricing::new(program, &hardware))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A sharded run and its check against the reference.
pub struct Run {
    /// How the outputs compare with the reference's.
    pub verification: Verification,
    /// The sharded run: outputs, events, peak per device.
    pub sharded: ShardedRun,
}

/// Runs `solution` for `program` on the CPU mesh on inputs drawn from `seed`, and the
/// reference on the same inputs.
pub fn run(program: &Program, solution: &Solution, seed: u64) -> Run {
    let schedule = schedule(program, solution);
    let (sharded, verification) = autoshard_executor::run_and_compare(program, &schedule, seed, Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    Run { verification, sharded }
}
