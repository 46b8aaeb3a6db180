//! Predicted against measured: a config's best distinct plans, each priced with the
//! calibrated `cpu` hardware and run on the CPU mesh, and the Spearman rank
//! correlation of the two.
//!
//! The plans are the best plans under forced choices ([`Solver::forced_plans`]),
//! plus the unforced optimum: for every proper subset of the mesh's axes, the
//! cheapest plan that uses only those axes (none: everything replicated; one axis:
//! data- or model-parallel alone), and for each of the program's largest values
//! (where a different choice moves the most bytes) and each of its candidate
//! shardings, the cheapest plan with that value held so. Each such plan is the best
//! of its kind, so the set spans real alternatives rather than near-copies of the
//! optimum; each plan reports what was forced to find it. Plans with the same
//! shardings and op strategies are one; so are plans whose predicted times differ by
//! less than `separation` (relative): the model calls them equal, and measurement
//! noise alone would order them.
//!
//! The K cheapest that remain are each priced, lowered and given their inputs and
//! reference results once ([`prepare`](autoshard::prepare)), run once as a
//! warm-up, then timed in `repetitions` interleaved rounds, every plan once per
//! round, so a drift of the machine touches every plan alike. A run is timed by the
//! executor's device clock (each device's CPU time, synchronised at every
//! collective, with at most [`MEASURING_CORES`](super::MEASURING_CORES) devices
//! computing at once): what each device computes and waits for at collectives, not
//! the time it waits for one of the machine's cores. Measured is the least device
//! time over the rounds (a shared machine mostly adds time); that round's outputs
//! are checked against the reference, and the median and the wall time are reported
//! beside it.

use super::BenchError;
use super::stats::{median, spearman};
use autoshard::Config;
use autoshard::Run;
use autoshard::cost::{HardwareSpec, Preset};
use autoshard::executor::{EventKind, ShardedRun};
use autoshard::model::{Plan, Program, Seconds, ValueId};
use autoshard::solver::{ForcedPlan, Forcing, Solver, SolverOptions};
use serde::Serialize;
use std::collections::BTreeSet;
use std::time::Duration;

/// How `bench plans` runs.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanBench {
    /// Plans to run.
    pub top: usize,
    /// Timed rounds (each runs every plan once, after one warm-up run per plan).
    pub repetitions: usize,
    /// Seed of the inputs.
    pub seed: u64,
    /// Plans whose predicted times are closer than this (relative) count as one.
    pub separation: f64,
}

/// One plan's prediction and measurement.
#[derive(Debug, Clone, Serialize)]
pub struct PlanResult {
    /// Predicted total (cpu hardware), seconds.
    pub predicted_s: f64,
    /// Predicted compute, seconds.
    pub predicted_compute_s: f64,
    /// Predicted communication, seconds.
    pub predicted_communication_s: f64,
    /// The sharded run's least device time over the rounds (the executor's device
    /// clock: CPU time per device, synchronised at collectives), seconds. Noise on a
    /// busy machine mostly adds time; the median is reported beside it.
    pub measured_s: f64,
    /// The median device time over the rounds, seconds.
    pub measured_median_s: f64,
    /// Median over rounds of the ops' summed device times (slowest device per op).
    pub measured_compute_s: f64,
    /// Median over rounds of the collectives' summed device times, waits included.
    pub measured_communication_s: f64,
    /// Median wall time of the sharded run, seconds (on fewer cores than devices,
    /// it also counts the time devices wait for a core).
    pub measured_wall_s: f64,
    /// The fastest round's result matched the reference.
    pub verified: bool,
    /// What was forced to find the plan (`nothing (the optimum)`, `axes {"data"}`,
    /// `name: sharding`).
    pub forced: String,
    /// The inputs' shardings, `name: sharding`.
    pub values: Vec<String>,
    /// A one-line summary: input shardings and the collectives by kind.
    pub summary: String,
    /// The plan's fastest round (least device time), with the plan priced (not in
    /// the report's JSON; `bench plans --save` writes both).
    #[serde(skip)]
    pub run: Run,
}

/// The report of `bench plans`.
#[derive(Debug, Clone, Serialize)]
pub struct PlansReport {
    /// The config's name.
    pub config: String,
    /// Distinct plans found before taking the top K.
    pub candidates: usize,
    /// The plans run, cheapest predicted first.
    pub plans: Vec<PlanResult>,
    /// Spearman's ρ of predicted and measured (`None` for fewer than two plans or
    /// all-equal predictions).
    pub spearman: Option<f64>,
}

/// `config` with `hardware` (the calibrated `cpu` preset for its mesh when `None`).
pub fn on_cpu(config: &Config, hardware: Option<HardwareSpec>) -> Config {
    let hardware = hardware.unwrap_or_else(|| HardwareSpec::from_preset(Preset::Cpu, config.program.mesh()));
    Config { hardware, ..config.clone() }
}

/// The K best distinct plans of `config` (see the module docs), cheapest first,
/// each with what was forced to find it.
pub fn distinct_plans(config: &Config, bench: &PlanBench) -> Result<(usize, Vec<ForcedPlan>), BenchError> {
    let program = &config.program;
    let solver = Solver::new(config.solver);
    let solve_failed = |e: autoshard::solver::SolveError| BenchError::Solve(e.to_string());
    let optimum = solver.solve(program, &config.hardware).map_err(solve_failed)?;
    let mut plans = vec![ForcedPlan { forced: "nothing (the optimum)".into(), solution: optimum }];
    let forcings: Vec<Forcing> = axis_subsets(program).chain(key_values(program).map(Forcing::Value)).collect();
    let limit = Seconds(config.solver.time_limit.0.min(FORCED_TIME_LIMIT.0));
    let forced = Solver::new(SolverOptions { time_limit: limit, ..config.solver });
    plans.extend(forced.forced_plans(program, &config.hardware, &forcings).map_err(solve_failed)?);
    plans.sort_by(|a, b| a.solution.plan.objective.total_s.0.total_cmp(&b.solution.plan.objective.total_s.0));
    let mut seen = BTreeSet::new();
    let mut kept: Vec<ForcedPlan> = Vec::new();
    for forced in plans {
        if !seen.insert(identity(&forced.solution.plan)) {
            continue;
        }
        let t = forced.solution.plan.objective.total_s.0;
        let close =
            |k: &ForcedPlan| (t - k.solution.plan.objective.total_s.0).abs() <= bench.separation * t.abs().max(1e-300);
        if !kept.iter().any(close) {
            kept.push(forced);
        }
    }
    let candidates = kept.len();
    kept.truncate(bench.top);
    Ok((candidates, kept))
}

/// Every proper subset of the mesh's axes (of size above 1) as the only axes to
/// use, fewest axes first: the plans of each kind of parallelism (none, along one
/// axis, along another, ...).
fn axis_subsets(program: &Program) -> impl Iterator<Item = Forcing> {
    let axes: Vec<String> = program.mesh().axes().iter().filter(|a| a.size > 1).map(|a| a.name.clone()).collect();
    let mut subsets: Vec<Vec<String>> = (0..(1usize << axes.len()) - 1)
        .map(|mask| axes.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, a)| a.clone()).collect())
        .collect();
    subsets.sort_by_key(Vec::len);
    subsets.into_iter().map(Forcing::Axes)
}

/// The values whose forced shardings give the alternative plans: the
/// [`KEY_VALUES`] largest of the program (ties in program order), where a
/// different choice moves the most bytes.
fn key_values(program: &Program) -> impl Iterator<Item = ValueId> {
    let mut values: Vec<ValueId> = program.value_ids().collect();
    values.sort_by_key(|&v| std::cmp::Reverse(program.value(v).ty.size().0));
    values.truncate(KEY_VALUES);
    values.into_iter()
}

/// The time limit of each solve under a forcing (the config's, if shorter): an
/// alternative plan is measured whether or not it is proven the best of its kind,
/// and a program has dozens of forced choices.
const FORCED_TIME_LIMIT: Seconds = Seconds(5.0);

/// How many values [`key_values`] forces, one at a time.
const KEY_VALUES: usize = 8;

/// What makes two plans the same: every value's sharding and op's factor shardings.
fn identity(plan: &Plan) -> String {
    let values = plan.values.iter().map(|v| format!("{}={}", v.name, v.sharding));
    let ops = plan.ops.iter().map(|o| format!("{}={:?}", o.name, o.factor_shardings));
    values.chain(ops).collect::<Vec<_>>().join(";")
}

/// Runs the K best distinct plans of `config` (already on the hardware to predict
/// with; see [`on_cpu`]) and correlates predicted with measured. The plans are
/// measured in interleaved rounds (every plan once per round), so a slow drift of
/// the machine affects every plan alike.
pub fn bench_plans(
    config: &Config,
    bench: &PlanBench,
    mut progress: impl FnMut(usize, usize),
) -> Result<PlansReport, BenchError> {
    let (candidates, plans) = distinct_plans(config, bench)?;
    let rounds = bench.repetitions.max(1);
    let mut measuring = Vec::with_capacity(plans.len());
    for forced in plans {
        measuring.push(Measuring::new(config, forced, bench.seed)?);
    }
    for round in 0..rounds {
        progress(round, rounds);
        for m in &mut measuring {
            m.time_once()?;
        }
    }
    let results = measuring.into_iter().map(|m| m.result(config)).collect::<Result<Vec<_>, _>>()?;
    let predicted: Vec<f64> = results.iter().map(|r| r.predicted_s).collect();
    let measured: Vec<f64> = results.iter().map(|r| r.measured_s).collect();
    let spearman = spearman(&predicted, &measured);
    Ok(PlansReport { config: config.name.clone(), candidates, plans: results, spearman })
}

/// One plan under measurement: prepared once, warmed up, timed once per round;
/// its fastest round is kept and verified.
struct Measuring<'c> {
    forced: String,
    prepared: autoshard::Prepared<'c>,
    fastest: Option<(ShardedRun, Duration)>,
    times: Vec<f64>,
    walls: Vec<f64>,
    computes: Vec<f64>,
    comms: Vec<f64>,
}

fn failed(e: autoshard::Error) -> BenchError {
    BenchError::Execution(e.to_string())
}

impl<'c> Measuring<'c> {
    fn new(config: &'c Config, forced: ForcedPlan, seed: u64) -> Result<Self, BenchError> {
        let prepared = autoshard::prepare(config, &forced.solution, seed).map_err(failed)?;
        // The warm-up run is not timed (the fastest timed round is the one verified).
        prepared.execute_on(Some(super::MEASURING_CORES)).map_err(failed)?;
        let (times, walls, computes, comms) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        Ok(Measuring { forced: forced.forced, prepared, fastest: None, times, walls, computes, comms })
    }

    fn time_once(&mut self) -> Result<(), BenchError> {
        let (sharded, wall) = self.prepared.execute_on(Some(super::MEASURING_CORES)).map_err(failed)?;
        let (mut compute, mut comm) = (Duration::ZERO, Duration::ZERO);
        for event in &sharded.events {
            match event.kind {
                EventKind::Op(_) => compute += event.time,
                EventKind::Collective { .. } => comm += event.time,
            }
        }
        self.times.push(sharded.device_time.as_secs_f64());
        self.walls.push(wall.as_secs_f64());
        self.computes.push(compute.as_secs_f64());
        self.comms.push(comm.as_secs_f64());
        if self.fastest.as_ref().is_none_or(|(f, _)| sharded.device_time < f.device_time) {
            self.fastest = Some((sharded, wall));
        }
        Ok(())
    }

    fn result(self, config: &Config) -> Result<PlanResult, BenchError> {
        let Some((fastest, wall)) = self.fastest else {
            return Err(BenchError::Execution("no timed round ran".into()));
        };
        let measured = fastest.device_time.as_secs_f64();
        let run = self.prepared.finish(fastest, wall);
        let priced = &run.plan;
        let program = &config.program;
        let values: Vec<String> = program
            .inputs()
            .iter()
            .filter_map(|i| {
                let name = &program.value(i.value).name;
                priced.value(name).map(|s| format!("{name}: {}", dims(&s.to_string())))
            })
            .collect();
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        for c in priced.collectives.iter().filter(|c| c.time_s.0 > 0.0) {
            *kinds.entry(c.kind.to_string()).or_default() += 1;
        }
        let collectives: Vec<String> = kinds.iter().map(|(k, n)| format!("{n}×{k}")).collect();
        let summary = format!(
            "{} | {}",
            values.join(", "),
            if collectives.is_empty() { "no communication".to_string() } else { collectives.join(" ") }
        );
        let o = &priced.objective;
        Ok(PlanResult {
            predicted_s: o.total_s.0,
            predicted_compute_s: o.compute_s.0,
            predicted_communication_s: o.communication_s.0,
            measured_s: measured,
            measured_median_s: median(&self.times).unwrap_or(0.0),
            measured_compute_s: median(&self.computes).unwrap_or(0.0),
            measured_communication_s: median(&self.comms).unwrap_or(0.0),
            measured_wall_s: median(&self.walls).unwrap_or(0.0),
            verified: run.verification.passed,
            forced: self.forced,
            values,
            summary,
            run,
        })
    }
}

/// The dimension list of a sharding's text (`#sdy.sharding<@mesh, [{"x"}, {}]>` →
/// `[{"x"}, {}]`).
fn dims(text: &str) -> &str {
    text.find('[').and_then(|s| text.rfind(']').map(|e| &text[s..=e])).unwrap_or(text)
}
