//! Running a plan on the CPU mesh and checking it: the library side of
//! `autoshard run`.
//!
//! A [`Solution`] (a solve's, or a plan file's as [`price`](crate::price) completes
//! it) is scheduled from its decisions as one SPMD schedule whose reshards are the
//! cost model's own choices (`cost::Pricing`, the executor's `Planner`), run on one thread per device on
//! seeded random inputs, and compared output by output with the reference
//! interpreter. The plan is not priced again. A plan that does not fit the program
//! is rejected before anything runs.
//!
//! [`prepare`] does everything but the sharded run (scheduling, inputs, the
//! reference), so a benchmark can time [`Prepared::execute`] alone, repeatedly.

use crate::{Config, Error};
use autoshard_cost::Pricing;
use autoshard_executor::{Interpretation, Schedule, ShardedRun, Tensor, Verification, random_inputs};
use autoshard_model::Plan;
use autoshard_solver::Solution;
use std::time::{Duration, Instant};

/// Why a run did not produce a verdict.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The plan does not fit the program (an axis used twice, a sharding of the
    /// wrong rank, a strategy its op's rule rejects): nothing ran.
    #[error("{0}")]
    InvalidPlan(#[source] autoshard_executor::Error),
    /// The sharded run or the reference run failed.
    #[error("{0}")]
    Execution(#[source] autoshard_executor::Error),
}

/// A sharded run and its check.
#[derive(Debug, Clone)]
pub struct Run {
    /// The plan that ran, priced.
    pub plan: Plan,
    /// How the outputs compare with the reference.
    pub verification: Verification,
    /// The sharded run: outputs, per-op and per-collective events, peak per device.
    pub sharded: ShardedRun,
    /// Wall time of the sharded run (scheduling excluded).
    pub sharded_wall: Duration,
    /// Wall time of the reference run.
    pub reference_wall: Duration,
    /// The seed of the inputs.
    pub seed: u64,
}

/// Runs `solution` for `config` on the CPU mesh on inputs drawn from `seed`, and the
/// reference on the same inputs; compares every output (a mismatch is reported in
/// [`Run::verification`]; [`Run::verified`] makes it an error).
pub fn run(config: &Config, solution: &Solution, seed: u64) -> Result<Run, Error> {
    prepare(config, solution, seed)?.run()
}

/// A plan ready to run: scheduled, with its seeded inputs and the
/// reference's results on them. [`Prepared::execute`] runs the sharded program (as
/// often as wanted, e.g. to time it); [`Prepared::verify`] checks a run.
#[derive(Debug)]
pub struct Prepared<'c> {
    config: &'c Config,
    plan: Plan,
    schedule: Schedule,
    inputs: Vec<Tensor>,
    reference: Interpretation,
    reference_wall: Duration,
    seed: u64,
}

/// Everything of [`run`] but the sharded run: `solution`'s decisions scheduled, the
/// inputs drawn from `seed` and the reference run on them.
pub fn prepare<'c>(config: &'c Config, solution: &Solution, seed: u64) -> Result<Prepared<'c>, Error> {
    let program = &config.program;
    let schedule =
        autoshard_executor::schedule(program, &solution.decisions, &Pricing::new(&config.program, &config.hardware))
            .map_err(|e| match e {
                e @ autoshard_executor::Error::Plan(_) => RunError::InvalidPlan(e),
                e => RunError::Execution(e),
            })?;
    let inputs = random_inputs(program, seed);
    let started = Instant::now();
    let reference = autoshard_executor::interpret(program, &inputs).map_err(RunError::Execution)?;
    let reference_wall = started.elapsed();
    let plan = solution.plan.clone();
    Ok(Prepared { config, plan, schedule, inputs, reference, reference_wall, seed })
}

impl Prepared<'_> {
    /// Runs the sharded program once on the prepared inputs, every device computing
    /// at once: the run and its wall time (scheduling excluded).
    pub fn execute(&self) -> Result<(ShardedRun, Duration), Error> {
        self.execute_on(None)
    }

    /// [`execute`](Self::execute) with at most `cores` devices computing at once
    /// (`None`: all of them).
    pub fn execute_on(&self, cores: Option<usize>) -> Result<(ShardedRun, Duration), Error> {
        let started = Instant::now();
        let limits = autoshard_executor::Limits { cores, ..Default::default() };
        let sharded = autoshard_executor::run(&self.config.program, &self.schedule, &self.inputs, limits)
            .map_err(RunError::Execution)?;
        Ok((sharded, started.elapsed()))
    }

    /// How the outputs of `sharded` compare with the reference.
    pub fn verify(&self, sharded: &ShardedRun) -> Verification {
        self.reference.compare(&self.config.program, &sharded.outputs)
    }

    /// Runs the sharded program once and checks it.
    pub fn run(self) -> Result<Run, Error> {
        let (sharded, sharded_wall) = self.execute()?;
        Ok(self.finish(sharded, sharded_wall))
    }

    /// The [`Run`] of `sharded`, one of this plan's runs (taking `sharded_wall`),
    /// checked.
    pub fn finish(self, sharded: ShardedRun, sharded_wall: Duration) -> Run {
        let verification = self.verify(&sharded);
        let Prepared { plan, reference_wall, seed, .. } = self;
        Run { plan, verification, sharded, sharded_wall, reference_wall, seed }
    }
}

impl Run {
    /// This run, or [`Error::Mismatch`] if an output differs from the reference.
    pub fn verified(self) -> Result<Run, Error> {
        if self.verification.passed { Ok(self) } else { Err(Error::Mismatch(Box::new(self.verification))) }
    }
}
