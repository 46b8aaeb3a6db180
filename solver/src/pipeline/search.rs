//! The pipeline solve: every shape (schedule, meshes used), its best split from
//! units solved alone, the most promising splits solved stage by stage, and the
//! pure-SPMD plan of the whole step beside them.

use super::Pipeline;
use super::plan::{Candidate, PipelinePlan, StagePlan};
use super::split::{Shape, Split, best_split_from, simulate_stages, start_split};
use super::stages::{SolvedStage, UnitPrices, mesh_classes, solve_stage, structure_key};
use crate::{Solver, SolverOptions};
use autoshard_cost::{HardwareSpec, Timeline};
use autoshard_model::pipeline::{MeshId, Schedule};
use autoshard_model::{Bytes, Decisions, Program, Seconds};
use std::collections::BTreeMap;
use std::time::Instant;

/// How the pipeline solve runs.
#[derive(Debug, Clone, Copy)]
pub struct PipelineOptions {
    /// Options of each SPMD solve (a unit, a stage, the pure-SPMD plan).
    pub solver: SolverOptions,
    /// How many of the best estimated splits are solved stage by stage.
    pub finalists: usize,
    /// Whether to solve the pure-SPMD plan of the whole step for comparison.
    pub compare_spmd: bool,
}

impl PipelineOptions {
    /// Each SPMD solve limited to a tenth of `solver`'s time (at least a second).
    pub fn new(solver: SolverOptions) -> Self {
        let mut each = solver;
        each.time_limit = Seconds((solver.time_limit.0 / 10.0).max(1.0));
        PipelineOptions { solver: each, finalists: 3, compare_spmd: true }
    }
}

/// Plans `pipeline`; `full` on `hardware` is the step at its whole batch on all
/// devices (the pure-SPMD alternative).
pub fn solve_pipeline(
    pipeline: &Pipeline,
    full: &Program,
    hardware: &HardwareSpec,
    options: PipelineOptions,
) -> crate::Result<PipelinePlan> {
    let started = Instant::now();
    let units = pipeline.chain.len();
    let prices = UnitPrices::new(pipeline, options.solver);
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut bound = f64::INFINITY;
    // Every shape's first split, then the exact search of each, best first: a shape
    // only has to be searched below the best step found so far.
    let mut starts: Vec<(Shape, Split)> = shapes(pipeline, units)
        .into_iter()
        .filter_map(|shape| start_split(&prices.for_shape(shape), units, shape).map(|s| (shape, s)))
        .collect();
    starts.sort_by(|a, b| a.1.timeline.step.0.total_cmp(&b.1.timeline.step.0));
    let mut cutoff = Seconds(f64::INFINITY);
    for (shape, start) in starts {
        let Some(found) = best_split_from(&prices.for_shape(shape), units, shape, start, cutoff) else { continue };
        bound = bound.min(found.bound.0);
        cutoff = Seconds(cutoff.0.min(found.split.timeline.step.0));
        let (bounds, estimate) = (found.split.bounds, found.split.timeline.step);
        candidates.push(Candidate { shape, bounds, estimate, bound: found.bound, step: None });
    }
    candidates.sort_by(|a, b| a.estimate.0.total_cmp(&b.estimate.0));
    if candidates.is_empty() {
        let reason = match shapes(pipeline, units).is_empty() {
            true => format!(
                "the chain has {units} units, too few for the schedule's stages ({} meshes, {} rounds for circular)",
                pipeline.topology.len(),
                pipeline.rounds
            ),
            false => "no split of the chain into stages fits the meshes' memory and the assignments".into(),
        };
        return Err(crate::SolveError::Infeasible(reason));
    }
    let mut solved = StageMemo::default();
    let mut best: Option<(usize, Vec<StagePlan>, Timeline)> = None;
    for (i, candidate) in candidates.iter_mut().enumerate().take(options.finalists) {
        let Ok((stages, timeline)) = realise(pipeline, &prices, candidate, options.solver, &mut solved) else {
            continue;
        };
        if best.as_ref().is_none_or(|(_, _, t)| timeline.step.0 < t.step.0) {
            best = Some((i, stages, timeline));
        }
    }
    let Some((chosen, stages, timeline)) = best else {
        return Err(crate::SolveError::Infeasible("no stage of the best splits could be solved whole".into()));
    };
    let shape = candidates[chosen].shape;
    let spmd = match options.compare_spmd {
        true => Solver::new(options.solver).solve(full, hardware).ok(),
        false => None,
    };
    Ok(PipelinePlan {
        schedule: shape.schedule,
        rounds: shape.rounds as u32,
        microbatches: pipeline.microbatches,
        transfers: transfers(pipeline, &candidates[chosen].bounds),
        stages,
        timeline,
        bound: Seconds(bound),
        candidates,
        spmd,
        solve_time: Seconds(started.elapsed().as_secs_f64()),
    })
}

/// The plan of one given split (`bounds`: each stage's first unit, then the number
/// of units) under `shape`, each stage solved whole: what [`solve_pipeline`] does
/// for the split it chose, for a split chosen by hand (or at random, in tests).
pub fn plan_split(
    pipeline: &Pipeline,
    bounds: &[usize],
    shape: Shape,
    options: PipelineOptions,
) -> crate::Result<PipelinePlan> {
    let started = Instant::now();
    let units = pipeline.chain.len();
    let valid = bounds.len() == shape.stages() + 1
        && bounds.first() == Some(&0)
        && bounds.last() == Some(&units)
        && bounds.windows(2).all(|w| w[0] < w[1]);
    if !valid {
        return Err(crate::SolveError::Input(format!(
            "a split of {units} units into {} stages needs increasing bounds from 0 to {units}, got {bounds:?}",
            shape.stages()
        )));
    }
    let prices = UnitPrices::new(pipeline, options.solver);
    let estimate =
        super::split::simulate(&prices.for_shape(shape), shape, bounds).map_or(Seconds(f64::NAN), |s| s.timeline.step);
    let mut candidate = Candidate { shape, bounds: bounds.to_vec(), estimate, bound: Seconds(0.0), step: None };
    let (stages, timeline) = realise(pipeline, &prices, &mut candidate, options.solver, &mut StageMemo::default())?;
    Ok(PipelinePlan {
        schedule: shape.schedule,
        rounds: shape.rounds as u32,
        microbatches: pipeline.microbatches,
        transfers: transfers(pipeline, bounds),
        stages,
        timeline,
        bound: Seconds(0.0),
        candidates: vec![candidate],
        spmd: None,
        solve_time: Seconds(started.elapsed().as_secs_f64()),
    })
}

/// The transfers between consecutive stages of the split `bounds`.
fn transfers(pipeline: &Pipeline, bounds: &[usize]) -> Vec<super::stages::Transfer> {
    bounds[1..bounds.len() - 1].iter().map(|&b| super::stages::crossing(pipeline, b - 1)).collect()
}

/// The shapes to search: each schedule allowed, on 1 to all meshes (at least two
/// for the circular schedule), with no more stages than units.
fn shapes(pipeline: &Pipeline, units: usize) -> Vec<Shape> {
    let schedules: Vec<Schedule> = match pipeline.schedule {
        Some(s) => vec![s],
        None => Schedule::ALL.to_vec(),
    };
    let mut out = Vec::new();
    for schedule in schedules {
        for meshes in 1..=pipeline.topology.len() {
            let rounds = if schedule == Schedule::Circular { pipeline.rounds as usize } else { 1 };
            if (schedule == Schedule::Circular && (meshes < 2 || rounds < 2)) || meshes * rounds > units {
                continue;
            }
            out.push(Shape { schedule, meshes, rounds, microbatches: pipeline.microbatches });
        }
    }
    out
}

/// `candidate` with every stage solved whole and its timeline simulated with their
/// costs (recorded as the candidate's step).
fn realise(
    pipeline: &Pipeline,
    prices: &UnitPrices<'_>,
    candidate: &mut Candidate,
    options: SolverOptions,
    solved: &mut StageMemo,
) -> crate::Result<(Vec<StagePlan>, Timeline)> {
    let stages = solve_stages(pipeline, prices, candidate, options, solved)?;
    let costs: Vec<_> = stages.iter().map(|s| s.solved.cost).collect();
    let bounds = &candidate.bounds;
    let hops: Vec<Seconds> = (1..bounds.len() - 1).map(|k| prices.hop(bounds[k] - 1)).collect();
    let timeline = simulate_stages(&costs, &hops, candidate.shape)
        .map_err(|e| crate::SolveError::Input(format!("the split {bounds:?} cannot run: {e}")))?;
    candidate.step = Some(timeline.step);
    Ok((stages, timeline))
}

/// Solves each stage of `candidate` whole, with the bytes its other microbatches in
/// flight keep set aside.
fn solve_stages(
    pipeline: &Pipeline,
    prices: &UnitPrices<'_>,
    candidate: &Candidate,
    options: SolverOptions,
    solved: &mut StageMemo,
) -> crate::Result<Vec<StagePlan>> {
    let shape = candidate.shape;
    let classes = mesh_classes(pipeline);
    let mut stages = Vec::new();
    for k in 0..candidate.bounds.len() - 1 {
        let (first, end) = (candidate.bounds[k], candidate.bounds[k + 1]);
        let mesh = MeshId((k % shape.meshes) as u32);
        let in_flight =
            |k: usize| u64::from(shape.schedule.in_flight(k as u32, shape.stages() as u32, shape.microbatches));
        // The other microbatches in flight, and the mesh's other stages (circular).
        let mut reserve = prices.stash(first, end, mesh).0 * in_flight(k).saturating_sub(1);
        for j in (0..candidate.bounds.len() - 1).filter(|&j| j != k && j % shape.meshes == k % shape.meshes) {
            let (f, e) = (candidate.bounds[j], candidate.bounds[j + 1]);
            reserve += prices.persistent(f, e, mesh).0 + prices.stash(f, e, mesh).0 * in_flight(j);
        }
        let reserve = Bytes(reserve);
        let key = (first, end, mesh, reserve.0);
        let stage = match solved.stages.get(&key) {
            Some(stage) => stage.clone(),
            None => {
                // A stage of the same structure on an equal mesh takes its decisions.
                let shape_key = (structure_key(pipeline, first, end), classes[mesh.index()], reserve.0);
                let like = solved.decisions.get(&shape_key);
                let stage = solve_stage(pipeline, first, end, mesh, reserve, options, like)?;
                solved.decisions.entry(shape_key).or_insert_with(|| stage.solution.decisions.clone());
                solved.stages.insert(key, stage.clone());
                stage
            }
        };
        stages.push(StagePlan { index: k, first, end, mesh, solved: stage });
    }
    Ok(stages)
}

/// Stages solved so far: by units, mesh and reserve; and their decisions by
/// structure, mesh class and reserve.
#[derive(Default)]
struct StageMemo {
    stages: BTreeMap<(usize, usize, MeshId, u64), SolvedStage>,
    decisions: BTreeMap<(String, usize, u64), Decisions>,
}
