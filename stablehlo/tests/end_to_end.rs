//! Modules read, solved, priced and run end to end as the facade does
//! (`autoshard::Config::from_mlir`, `solve`, `price`, `run`, `read_spmd`, `run_spmd`),
//! from the crates below it: a module's program on the default hardware preset with
//! the default solver options (no uneven shards for a Shardy module), the solver's
//! plan or the annotations' priced, and a plan run on the CPU mesh with the reshards
//! the cost model prices, on seeded random inputs, against the reference interpreter.

use autoshard_cost::{Fixed, HardwareSpec, Pricing, complete};
use autoshard_executor::{Limits, ShardedRun, Verification};
use autoshard_model::Program;
use autoshard_solver::{Solution, Solver, SolverOptions};
use autoshard_stablehlo::ImportError;

/// Any failure of solving, pricing or running, as its message.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// A program to plan: the hardware it is priced on and the solver's options.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The program.
    pub program: Program,
    /// The hardware the cost model prices.
    pub hardware: HardwareSpec,
    /// The solver's options.
    pub solver: SolverOptions,
}

impl Loaded {
    /// `program`, priced with the default hardware preset and solved with the default
    /// options.
    pub fn from_program(program: Program) -> Loaded {
        let hardware = HardwareSpec::from_preset(HardwareSpec::DEFAULT_PRESET, program.mesh());
        Loaded { program, hardware, solver: SolverOptions::default() }
    }

    /// The module in `source` (named `file` in errors), without uneven shards when
    /// it is Shardy's.
    pub fn from_mlir(file: &str, source: &str) -> std::result::Result<Loaded, ImportError> {
        let module = autoshard_stablehlo::import(file, source)?;
        let mut loaded = Loaded::from_program(module.program);
        loaded.solver.uneven = !module.shardy;
        Ok(loaded)
    }
}

/// The cheapest plan of `loaded`'s program under its annotations.
pub fn solve(loaded: &Loaded) -> Result<Solution> {
    Ok(Solver::new(loaded.solver).solve(&loaded.program, &loaded.hardware)?)
}

/// The plan of `loaded`'s annotations, every open choice made the cheapest local way.
pub fn price(loaded: &Loaded) -> Result<Solution> {
    let (program, hardware) = (&loaded.program, &loaded.hardware);
    let fixed = Fixed { uneven: loaded.solver.uneven, ..Fixed::from_annotations(program) };
    Ok(Solution::priced(program, hardware, complete(program, hardware, &fixed)?)?)
}

/// A sharded run and its check against the reference.
#[derive(Debug)]
pub struct Run {
    /// How the outputs compare with the reference's.
    pub verification: Verification,
    /// The sharded run: outputs, events, peak per device.
    pub sharded: ShardedRun,
}

/// Runs `solution` for `loaded` on the CPU mesh on inputs drawn from `seed`, and the
/// reference on the same inputs.
pub fn run(loaded: &Loaded, solution: &Solution, seed: u64) -> Result<Run> {
    let program = &loaded.program;
    let planner = Pricing::new(program, &loaded.hardware);
    let schedule = autoshard_executor::schedule(program, &solution.decisions, &planner)?;
    let (sharded, verification) = autoshard_executor::run_and_compare(program, &schedule, seed, Limits::default())?;
    Ok(Run { verification, sharded })
}

/// An SPMD program's run: on the CPU mesh against the lock-step reference (`run`),
/// and its outputs against the global program's on the same inputs.
#[derive(Debug)]
pub struct SpmdRun {
    /// The run on the CPU mesh against the reference interpreter's.
    pub run: Run,
    /// Its outputs against the global program's.
    pub verification: Verification,
}

/// The SPMD program in `source` (named `file` in errors) read against `global`.
pub fn read_spmd(global: &Loaded, file: &str, source: &str) -> Result<Program> {
    Ok(autoshard_stablehlo::import_spmd(file, source, &global.program)?)
}

/// Runs `spmd` on the CPU mesh on inputs drawn from `seed`, and `global`'s program
/// whole on the same inputs, and compares their outputs.
pub fn run_spmd(global: &Loaded, spmd: &Program, seed: u64) -> Result<SpmdRun> {
    let loaded = Loaded { program: spmd.clone(), hardware: global.hardware.clone(), solver: global.solver };
    let run = run(&loaded, &solve(&loaded)?, seed)?;
    let inputs = autoshard_executor::random_inputs(&global.program, seed);
    let whole = autoshard_executor::interpret(&global.program, &inputs)?;
    let verification = whole.compare(&global.program, &run.sharded.outputs);
    Ok(SpmdRun { run, verification })
}
