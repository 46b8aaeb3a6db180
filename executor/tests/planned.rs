//! Plans made and run as the facade makes and runs them (`autoshard::solve`,
//! `autoshard::run`), from the crates below it: the solver's plan on the default
//! hardware preset, scheduled with the reshards the cost model prices (so the run
//! executes exactly the collectives the plan was priced with) and run on the CPU mesh
//! on seeded random inputs against the reference interpreter.

use autoshard_cost::{HardwareSpec, Pricing};
use autoshard_executor::{Limits, Planner, Schedule, ShardedRun, Tensor, Verification};
use autoshard_model::{PlannedCollective, Program, TensorSharding, ValueId};
use autoshard_solver::{Solution, SolveError, Solver, SolverOptions};
use std::time::Duration;

/// The reshards the cost model prices, as the executor's planner.
pub struct CostPlanner<'a>(Pricing<'a>);

impl<'a> CostPlanner<'a> {
    /// The planner of `program` on `hardware`.
    pub fn new(program: &'a Program, hardware: &'a HardwareSpec) -> Self {
        CostPlanner(Pricing::new(program, hardware))
    }
}

impl Planner for CostPlanner<'_> {
    fn reshard(
        &self,
        value: ValueId,
        from: &TensorSharding,
        to: &TensorSharding,
    ) -> autoshard_executor::Result<Vec<PlannedCollective>> {
        let priced = self.0.reshard(value, from, to).map_err(|e| autoshard_executor::Error::Plan(e.to_string()))?;
        let name = &self.0.program.value(value).name;
        let planned = |p: autoshard_cost::PricedCollective| PlannedCollective {
            kind: p.collective.kind(),
            text: p.collective,
            value: name.clone(),
            op: None,
            bytes: p.bytes,
            time_s: p.time,
        };
        Ok(priced.into_iter().map(planned).collect())
    }
}

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
    autoshard_executor::schedule(program, &solution.decisions, &CostPlanner::new(program, &hardware))
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
    let inputs = autoshard_executor::random_inputs(program, seed);
    let reference = autoshard_executor::interpret(program, &inputs).unwrap_or_else(|e| panic!("{e}"));
    let limits = Limits { timeout: Duration::from_secs(300), cores: None };
    let sharded = autoshard_executor::run(program, &schedule, &inputs, limits).unwrap_or_else(|e| panic!("{e}"));
    let expected: Vec<&Tensor> = reference.outputs(program).into_iter().flatten().collect();
    let verification = autoshard_executor::compare_outputs(program, &expected, &sharded.outputs);
    Run { verification, sharded }
}
