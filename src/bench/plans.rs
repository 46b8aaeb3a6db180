//! Predicted against measured: a config's best distinct plans, each priced with the
//! calibrated `cpu` hardware and run on the CPU mesh, and the Spearman rank
//! correlation of the two.
//!
//! The plans are the best plan per forced choice of one key value: for each of the
//! program's largest values (inputs or intermediates, where a different choice moves
//! the most bytes) and each of its candidate shardings, the cheapest plan with that
//! value held so ([`Solver::forced_plans`]), plus the unforced optimum. Each such
//! plan is the best of its kind (data- vs model-parallel, which weights are split),
//! so the set spans real alternatives rather than near-copies of the optimum. Plans
//! with the same shardings and op strategies are one; so are plans whose predicted
//! times differ by less than `separation` (relative): the model calls them equal,
//! and measurement noise alone would order them.
//!
//! The K cheapest that remain are each priced, lowered and given their inputs and
//! reference results once ([`prepare`](crate::run::prepare)), run once as a
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
use crate::Config;
use crate::run::Run;
use autoshard_cost::{HardwareSpec, Preset};
use autoshard_executor::sharded::{EventKind, ShardedRun};
use autoshard_model::{Plan, ValueId};
use autoshard_solver::Solver;
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

/// The K best distinct plans of `config` (see the module docs), cheapest first.
pub fn distinct_plans(config: &Config, bench: &PlanBench) -> Result<(usize, Vec<Plan>), BenchError> {
    let program = &config.program;
    let solver = Solver::new(config.solver);
    let mut plans = vec![solver.solve(program, &config.hardware).map_err(|e| BenchError::Solve(e.to_string()))?];
    let keys = key_values(program);
    plans.extend(solver.forced_plans(program, &config.hardware, &keys).map_err(|e| BenchError::Solve(e.to_string()))?);
    plans.sort_by(|a, b| a.objective.total_s.0.total_cmp(&b.objective.total_s.0));
    let mut seen = BTreeSet::new();
    let mut kept: Vec<Plan> = Vec::new();
    for plan in plans {
        if !seen.insert(identity(&plan)) {
            continue;
        }
        let t = plan.objective.total_s.0;
        if kept.iter().any(|k| (t - k.objective.total_s.0).abs() <= bench.separation * t.abs().max(1e-300)) {
            continue;
        }
        kept.push(plan);
    }
    let candidates = kept.len();
    kept.truncate(bench.top);
    Ok((candidates, kept))
}

/// The values whose forced shardings give the alternative plans: the
/// [`KEY_VALUES`] largest of the program (ties in program order), where a
/// different choice moves the most bytes.
fn key_values(program: &autoshard_model::Program) -> Vec<ValueId> {
    let mut values: Vec<ValueId> = program.value_ids().collect();
    values.sort_by_key(|&v| std::cmp::Reverse(program.value(v).ty.size().0));
    values.truncate(KEY_VALUES);
    values
}

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
    for plan in &plans {
        measuring.push(Measuring::new(config, plan, bench.seed)?);
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
    prepared: crate::run::Prepared<'c>,
    fastest: Option<(ShardedRun, Duration)>,
    times: Vec<f64>,
    walls: Vec<f64>,
    computes: Vec<f64>,
    comms: Vec<f64>,
}

fn failed(e: crate::run::RunError) -> BenchError {
    BenchError::Execution(e.to_string())
}

impl<'c> Measuring<'c> {
    fn new(config: &'c Config, plan: &Plan, seed: u64) -> Result<Self, BenchError> {
        let prepared = crate::run::prepare(config, plan, seed).map_err(failed)?;
        // The warm-up run is not timed (the fastest timed round is the one verified).
        prepared.execute_on(Some(super::MEASURING_CORES)).map_err(failed)?;
        let (times, walls, computes, comms) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        Ok(Measuring { prepared, fastest: None, times, walls, computes, comms })
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
