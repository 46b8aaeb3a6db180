//! Predicted against measured: a config's best distinct plans, each priced with the
//! calibrated `cpu` hardware and run on the CPU mesh, and the Spearman rank
//! correlation of the two.
//!
//! The plans are the best plan per forced choice of one key value: for each of the
//! program's largest values (inputs or intermediates, where a different choice moves
//! the most bytes) and each of its candidate shardings, the cheapest plan with that
//! value held so ([`Solver::forced_plans`]), plus the unforced optimum. Each such
//! plan is the best of its kind (data- vs model-parallel, which weights are split),
//! so the set spans real alternatives rather than near-copies of the optimum. Plans with the same shardings and op strategies are
//! one; so are plans whose predicted times differ by less than `separation`
//! (relative): the model calls them equal, and measurement noise alone would order
//! them. The K cheapest that remain are run, each `repetitions` times after a
//! warm-up; measured is the median wall time of the sharded run. Each plan is priced,
//! lowered and given its inputs and reference results once
//! ([`prepare`](crate::run::prepare)); only the sharded runs repeat, and the warm-up
//! run's outputs are the ones checked against the reference.

use super::BenchError;
use super::stats::{median, spearman};
use crate::Config;
use autoshard_cost::{HardwareSpec, Preset};
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
    /// Timed runs per plan (after one warm-up).
    pub repetitions: usize,
    /// Seed of the inputs.
    pub seed: u64,
    /// Plans whose predicted times are closer than this (relative) count as one.
    pub separation: f64,
}

/// One plan's prediction and measurement.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanResult {
    /// Predicted total (cpu hardware), seconds.
    pub predicted_s: f64,
    /// Predicted compute, seconds.
    pub predicted_compute_s: f64,
    /// Predicted communication, seconds.
    pub predicted_communication_s: f64,
    /// Median wall time of the sharded run, seconds.
    pub measured_s: f64,
    /// Median over runs of the ops' summed wall times (slowest device per op).
    pub measured_compute_s: f64,
    /// Median over runs of the collectives' summed wall times.
    pub measured_communication_s: f64,
    /// The sharded result matched the reference.
    pub verified: bool,
    /// The inputs' shardings, `name: sharding`.
    pub values: Vec<String>,
    /// A one-line summary: input shardings and the collectives by kind.
    pub summary: String,
}

/// The report of `bench plans`.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
/// with; see [`on_cpu`]) and correlates predicted with measured.
pub fn bench_plans(
    config: &Config,
    bench: &PlanBench,
    mut progress: impl FnMut(usize, usize),
) -> Result<PlansReport, BenchError> {
    let (candidates, plans) = distinct_plans(config, bench)?;
    let mut results = Vec::new();
    for (k, plan) in plans.iter().enumerate() {
        progress(k, plans.len());
        results.push(measure_plan(config, plan, bench)?);
    }
    let predicted: Vec<f64> = results.iter().map(|r| r.predicted_s).collect();
    let measured: Vec<f64> = results.iter().map(|r| r.measured_s).collect();
    let spearman = spearman(&predicted, &measured);
    Ok(PlansReport { config: config.name.clone(), candidates, plans: results, spearman })
}

fn measure_plan(config: &Config, plan: &Plan, bench: &PlanBench) -> Result<PlanResult, BenchError> {
    let failed = |e: crate::run::RunError| BenchError::Execution(e.to_string());
    let prepared = crate::run::prepare(config, plan, bench.seed).map_err(failed)?;
    let (mut walls, mut computes, mut comms) = (Vec::new(), Vec::new(), Vec::new());
    // The warm-up run is the one verified (every run computes the same outputs).
    let (warm_up, _) = prepared.execute().map_err(failed)?;
    let verified = prepared.verify(&warm_up).passed;
    drop(warm_up);
    for _ in 0..bench.repetitions.max(1) {
        let (sharded, wall) = prepared.execute().map_err(failed)?;
        let (mut compute, mut comm) = (Duration::ZERO, Duration::ZERO);
        for event in &sharded.events {
            match event.kind {
                autoshard_executor::sharded::EventKind::Op(_) => compute += event.wall,
                autoshard_executor::sharded::EventKind::Collective { .. } => comm += event.wall,
            }
        }
        walls.push(wall.as_secs_f64());
        computes.push(compute.as_secs_f64());
        comms.push(comm.as_secs_f64());
    }
    let priced = prepared.plan();
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
        measured_s: median(&walls).unwrap_or(0.0),
        measured_compute_s: median(&computes).unwrap_or(0.0),
        measured_communication_s: median(&comms).unwrap_or(0.0),
        verified,
        values,
        summary,
    })
}

/// The dimension list of a sharding's text (`#sdy.sharding<@mesh, [{"x"}, {}]>` →
/// `[{"x"}, {}]`).
fn dims(text: &str) -> &str {
    text.find('[').and_then(|s| text.rfind(']').map(|e| &text[s..=e])).unwrap_or(text)
}
