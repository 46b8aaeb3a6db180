//! What a stage costs: its ops cut out as a program on a mesh, solved by the SPMD
//! solver, and its forward, backward and update fragments priced under that plan.
//!
//! The search needs every run of units on every mesh; it reads them as sums over
//! units, each unit solved alone ([`UnitPrices`]: memoised by the unit program's
//! structure, so a stack of identical layers is solved once per mesh). The stages
//! of a chosen split are then solved whole ([`solve_stage`]), under the mesh's
//! memory less what the microbatches in flight keep for their backward.

use super::Pipeline;
use super::split::{Shape, SplitCosts, StageCost};
use crate::{Solution, Solver, SolverOptions};
use autoshard_cost::{Fixed, HardwareSpec, complete};
use autoshard_model::ir::ValueDef;
use autoshard_model::pipeline::{Fragment, MeshId, Phase};
use autoshard_model::{Bytes, Decisions, OpId, Plan, Program, Seconds, TensorSharding, ValueId};
use std::collections::{BTreeMap, BTreeSet};

/// The ops of units `[first, end)`, by the task that runs them (forward, backward,
/// update), each in program order.
pub fn stage_ops(pipeline: &Pipeline, first: usize, end: usize) -> [Vec<OpId>; 3] {
    let (program, chain) = (&pipeline.microbatch, &pipeline.chain);
    let mut out: [Vec<OpId>; 3] = Default::default();
    for &op in program.top_level() {
        let Some(unit) = chain.unit_of[op.index()] else { continue };
        if unit.index() < first || unit.index() >= end {
            continue;
        }
        let part = match chain.phase_of[op.index()] {
            Some(Phase::Step) => 2,
            _ if chain.reaches[op.index()].is_some_and(|r| r.index() >= end) => 1,
            _ => 0,
        };
        out[part].push(op);
    }
    out
}

/// A stage solved: its plan, its fragments priced under it, its memory.
#[derive(Debug, Clone)]
pub struct SolvedStage {
    /// The stage's ops as one program.
    pub program: Program,
    /// Its plan.
    pub solution: Solution,
    /// The forward, backward and update fragments, each priced under the plan
    /// (`None` where the stage has no such ops).
    pub fragments: [Option<(Fragment, Solution)>; 3],
    /// The stage's cost.
    pub cost: StageCost,
    /// Bytes per device kept for the whole step: parameters and accumulators.
    pub persistent: Bytes,
    /// Bytes per device one microbatch keeps from its forward for its backward.
    pub stash: Bytes,
}

/// Solves units `[first, end)` on mesh `mesh` with `reserve` bytes per device set
/// aside (for the other microbatches in flight) — or, given `like`, the decisions
/// of a stage of the same structure (equal [`structure_key`]s: the cut programs
/// then number their values and ops alike), priced instead of solving.
pub fn solve_stage(
    pipeline: &Pipeline,
    first: usize,
    end: usize,
    mesh: MeshId,
    reserve: Bytes,
    options: SolverOptions,
    like: Option<&Decisions>,
) -> crate::Result<SolvedStage> {
    let parts = stage_ops(pipeline, first, end);
    let all: Vec<OpId> = {
        let mut all: Vec<OpId> = parts.iter().flatten().copied().collect();
        all.sort();
        all
    };
    let named = pipeline.topology.mesh(mesh);
    let keep: Vec<ValueId> = pipeline.chain.accumulated.iter().map(|(v, _)| *v).collect();
    let label = |what: &str| format!("{}.{}-{}.{what}", pipeline.microbatch.name(), first, end);
    let cut = |ops: &[OpId], what: &str| Fragment::cut(&pipeline.microbatch, &label(what), &named.mesh, ops, &keep);
    // Values that pass from one of the stage's fragments to another do so whole (the
    // executor hands over global tensors): the stage's plan may not keep them as
    // partial sums across the cut.
    let source = &pipeline.microbatch;
    let part_of = |op: OpId| parts.iter().position(|p| p.contains(&op));
    let mut handed: Vec<ValueId> = Vec::new();
    for (i, list) in parts.iter().enumerate() {
        for &op in list {
            for &v in &source.op(op).operands {
                if let ValueDef::OpResult { op: from, .. } = source.value(v).def
                    && part_of(from).is_some_and(|p| p != i)
                    && !handed.contains(&v)
                {
                    handed.push(v);
                }
            }
        }
    }
    let mut whole = Fragment::cut_whole(source, &label("stage"), &named.mesh, &all, &keep, &handed)
        .map_err(|e| crate::SolveError::Input(e.to_string()))?;
    // The forward and backward run once per microbatch, the update once: the
    // stage's plan minimises M·(forward + backward) + update.
    let per_step = &parts[2];
    let ops: Vec<(OpId, OpId)> = all.iter().copied().zip(whole.program.top_level().to_vec()).collect();
    for (source, op) in ops {
        if !per_step.contains(&source) {
            whole
                .program
                .repeat(op, u64::from(pipeline.microbatches))
                .map_err(|e| crate::SolveError::Input(e.to_string()))?;
        }
    }
    let mut hardware = pipeline.hardware[mesh.index()].clone();
    hardware.device.memory = Bytes(hardware.device.memory.0.saturating_sub(reserve.0).max(1));
    let copied = like.and_then(|decisions| Solution::priced(&whole.program, &hardware, decisions.clone()).ok());
    let solution = match copied {
        Some(solution) => solution,
        None => Solver::new(options).solve(&whole.program, &hardware)?,
    };
    let mut fragments: [Option<(Fragment, Solution)>; 3] = Default::default();
    let mut times = [Seconds(0.0); 3];
    for (i, (ops, what)) in parts.iter().zip(["forward", "backward", "update"]).enumerate() {
        if ops.is_empty() {
            continue;
        }
        let fragment = cut(ops, what).map_err(|e| crate::SolveError::Input(e.to_string()))?;
        let priced = price_under(&fragment.program, &hardware, &solution.plan)?;
        times[i] = priced.plan.objective.total_s;
        fragments[i] = Some((fragment, priced));
    }
    let (persistent, stash) = memory(pipeline, &whole, &parts, &solution.plan, &named.mesh);
    let mut cost = StageCost { forward: times[0], backward: times[1], update: times[2] };
    if end == pipeline.chain.len() {
        cost.forward = Seconds(cost.forward.0 + cost.backward.0);
        cost.backward = Seconds(0.0);
    }
    Ok(SolvedStage { program: whole.program, solution, fragments, cost, persistent, stash })
}

/// `program` priced under the decisions of `plan` for the values and ops it shares
/// with it, the rest chosen the cheapest local way.
pub fn price_under(program: &Program, hardware: &HardwareSpec, plan: &Plan) -> crate::Result<Solution> {
    let mut own = plan.clone();
    own.values.retain(|v| program.value_named(&v.name).is_some());
    own.ops.retain(|o| program.op_named(&o.name).is_some());
    let mut fixed = Fixed::from_annotations(program);
    fixed.apply_plan(program, &own)?;
    let decisions = complete(program, hardware, &fixed)?;
    Ok(Solution::priced(program, hardware, decisions)?)
}

/// Per-device bytes of `value` of `program` under `plan`.
pub fn device_bytes(program: &Program, plan: &Plan, value: ValueId, mesh: &autoshard_model::Mesh) -> Bytes {
    let v = program.value(value);
    let shards = plan
        .value(&v.name)
        .map_or(1, |s: &TensorSharding| (0..v.ty.rank()).map(|d| s.shards(d, mesh)).product::<i64>().max(1));
    Bytes(v.ty.size().0 / shards as u64)
}

/// The stage's persistent bytes (parameters it reads, accumulators it fills) and
/// stashed bytes (forward results its backward reads) per device.
fn memory(
    pipeline: &Pipeline,
    whole: &Fragment,
    parts: &[Vec<OpId>; 3],
    plan: &Plan,
    mesh: &autoshard_model::Mesh,
) -> (Bytes, Bytes) {
    let source = &pipeline.microbatch;
    let local = |v: ValueId| whole.program.value_named(&source.value(v).name);
    let bytes = |v: ValueId| local(v).map_or(Bytes(0), |l| device_bytes(&whole.program, plan, l, mesh));
    let mut persistent = Bytes(0);
    for &v in &whole.inputs {
        if matches!(source.value(v).def, ValueDef::Input(i) if source.inputs()[i].parameter) {
            persistent = Bytes(persistent.0 + bytes(v).0);
        }
    }
    for (v, _) in &pipeline.chain.accumulated {
        if whole.outputs.contains(v) {
            persistent = Bytes(persistent.0 + bytes(*v).0);
        }
    }
    let forward: BTreeSet<ValueId> = parts[0].iter().flat_map(|&op| source.op(op).results.iter().copied()).collect();
    let read_back: BTreeSet<ValueId> = parts[1]
        .iter()
        .flat_map(|&op| source.op(op).operands.iter().copied())
        .filter(|v| forward.contains(v))
        .collect();
    let stash = Bytes(read_back.iter().map(|&v| bytes(v).0).sum());
    (persistent, stash)
}

/// Every unit solved alone on every mesh: the costs of runs of units for the
/// search are sums of these ([`UnitPrices::for_shape`]).
pub struct UnitPrices<'a> {
    pipeline: &'a Pipeline,
    /// Per unit, per mesh: the unit solved alone (`None`: infeasible on that mesh).
    units: Vec<Vec<Option<SolvedStage>>>,
    /// Per unit boundary: the delay of one microbatch's transfers across it.
    hops: Vec<Seconds>,
}

/// [`UnitPrices`] for the search of one shape: a stage's cost is the sum of its
/// units', checked against its mesh's memory under the shape's schedule.
pub struct ShapedPrices<'p, 'a> {
    prices: &'p UnitPrices<'a>,
    shape: Shape,
}

impl<'a> UnitPrices<'a> {
    /// Solves every unit on every mesh (each distinct unit program once per distinct
    /// mesh and hardware).
    pub fn new(pipeline: &'a Pipeline, options: SolverOptions) -> UnitPrices<'a> {
        let n = pipeline.chain.len();
        let mut memo: BTreeMap<(String, usize), Option<SolvedStage>> = BTreeMap::new();
        let class = mesh_classes(pipeline);
        let mut units = Vec::with_capacity(n);
        for u in 0..n {
            let mut per_mesh = Vec::new();
            for mesh in pipeline.topology.ids() {
                let key = (structure_key(pipeline, u, u + 1), class[mesh.index()]);
                let solved = memo
                    .entry(key)
                    .or_insert_with(|| solve_stage(pipeline, u, u + 1, mesh, Bytes(0), options, None).ok())
                    .clone();
                per_mesh.push(solved);
            }
            units.push(per_mesh);
        }
        let hops = (0..n).map(|u| crossing(pipeline, u).time).collect();
        UnitPrices { pipeline, units, hops }
    }

    /// These prices for the search of `shape`.
    pub fn for_shape(&self, shape: Shape) -> ShapedPrices<'_, 'a> {
        ShapedPrices { prices: self, shape }
    }

    /// The delay of one microbatch's transfers across the boundary after `unit`.
    pub fn hop(&self, unit: usize) -> Seconds {
        self.hops[unit]
    }

    /// Unit `u` solved alone on `mesh`.
    pub fn unit(&self, u: usize, mesh: MeshId) -> Option<&SolvedStage> {
        self.units[u][mesh.index()].as_ref()
    }

    /// The units' per-device stash on `mesh`, summed over `[first, end)`.
    pub fn stash(&self, first: usize, end: usize, mesh: MeshId) -> Bytes {
        Bytes((first..end).filter_map(|u| self.unit(u, mesh)).map(|s| s.stash.0).sum())
    }

    /// The units' per-device persistent bytes on `mesh`, summed over `[first, end)`.
    pub fn persistent(&self, first: usize, end: usize, mesh: MeshId) -> Bytes {
        Bytes((first..end).filter_map(|u| self.unit(u, mesh)).map(|s| s.persistent.0).sum())
    }
}

impl SplitCosts for ShapedPrices<'_, '_> {
    fn stage(&self, first: usize, end: usize, stage: usize) -> Option<StageCost> {
        let (pipeline, shape) = (self.prices.pipeline, self.shape);
        let mesh = MeshId((stage % shape.meshes) as u32);
        for u in first..end {
            if let Some((_, pinned)) = pipeline.assign.iter().find(|(l, _)| *l == pipeline.chain.units[u])
                && *pinned != mesh
            {
                return None;
            }
        }
        let solved: Vec<&SolvedStage> = (first..end).map(|u| self.prices.unit(u, mesh)).collect::<Option<_>>()?;
        let sum = |f: fn(&StageCost) -> f64| Seconds(solved.iter().map(|s| f(&s.cost)).sum());
        let mut cost =
            StageCost { forward: sum(|c| c.forward.0), backward: sum(|c| c.backward.0), update: sum(|c| c.update.0) };
        if end == pipeline.chain.len() {
            cost.forward = Seconds(cost.forward.0 + cost.backward.0);
            cost.backward = Seconds(0.0);
        }
        let in_flight = shape.schedule.in_flight(stage as u32, shape.stages() as u32, shape.microbatches);
        let persistent: u64 = solved.iter().map(|s| s.persistent.0).sum();
        let stash: u64 = solved.iter().map(|s| s.stash.0).sum();
        // A mesh holds `rounds` stages (circular): each gets its share of the memory.
        let budget = pipeline.hardware[mesh.index()].device.memory.0 / shape.rounds.max(1) as u64;
        (persistent + u64::from(in_flight) * stash <= budget).then_some(cost)
    }

    fn hop(&self, unit: usize) -> Seconds {
        self.prices.hop(unit)
    }
}

/// Meshes that are interchangeable for pricing (same mesh, same hardware) share a
/// class.
pub fn mesh_classes(pipeline: &Pipeline) -> Vec<usize> {
    let mut seen: Vec<String> = Vec::new();
    pipeline
        .topology
        .meshes()
        .iter()
        .zip(&pipeline.hardware)
        .map(|(m, h)| {
            let key = format!("{} {h:?}", m.mesh);
            seen.iter().position(|k| *k == key).unwrap_or_else(|| {
                seen.push(key);
                seen.len() - 1
            })
        })
        .collect()
}

/// The structure of the program of units `[first, end)`, names aside: equal keys,
/// equal programs up to names, and so equal costs.
pub fn structure_key(pipeline: &Pipeline, first: usize, end: usize) -> String {
    let program = &pipeline.microbatch;
    let parts = stage_ops(pipeline, first, end);
    let ops: BTreeSet<OpId> = parts.iter().flatten().copied().collect();
    let mut ids: BTreeMap<ValueId, usize> = BTreeMap::new();
    let mut key = String::new();
    let id = |v: ValueId, ids: &mut BTreeMap<ValueId, usize>, key: &mut String| {
        let next = ids.len();
        let n = *ids.entry(v).or_insert(next);
        key.push_str(&format!("%{n}:{} ", program.value(v).ty));
    };
    // In program order, as `Fragment::cut` copies them, each with its part.
    let mut ordered: Vec<(OpId, usize)> =
        parts.iter().enumerate().flat_map(|(part, list)| list.iter().map(move |&op| (op, part))).collect();
    ordered.sort();
    for (op, part) in ordered {
        key.push_str(&format!("[{part}]"));
        structure(program, op, &mut |v, k: &mut String| id(v, &mut ids, k), &mut key);
    }
    let outside: Vec<bool> = ops
        .iter()
        .flat_map(|&op| program.op(op).results.iter())
        .map(|&r| program.outputs().iter().any(|o| o.value == r) || pipeline.chain.accumulation(r).is_some())
        .collect();
    key.push_str(&format!("{outside:?}"));
    key
}

fn structure(program: &Program, op: OpId, id: &mut dyn FnMut(ValueId, &mut String), key: &mut String) {
    let o = program.op(op);
    match &o.kind {
        autoshard_model::OpKind::NamedComputation(_) => key.push_str("named_computation"),
        kind => key.push_str(&format!("{kind:?}")),
    }
    for &v in o.operands.iter().chain(&o.results) {
        id(v, key);
    }
    for body in &o.regions {
        key.push('{');
        for &v in &body.args {
            id(v, key);
        }
        for &inner in &body.ops {
            structure(program, inner, id, key);
        }
        for &v in &body.results {
            id(v, key);
        }
        key.push('}');
    }
    key.push(';');
}

/// What one microbatch sends across the boundary after unit `u`: the values going
/// forward (activations) and backward (gradients), their bytes, and the delay: the
/// link's latency and the larger direction's bytes, each device of the smallest
/// mesh receiving its share.
pub fn crossing(pipeline: &Pipeline, u: usize) -> Transfer {
    let program = &pipeline.microbatch;
    let chain = &pipeline.chain;
    let mut values: [BTreeSet<ValueId>; 2] = Default::default();
    for &op in program.top_level() {
        let (Some(unit), Some(Phase::Microbatch)) = (chain.unit_of[op.index()], chain.phase_of[op.index()]) else {
            continue;
        };
        for &v in &program.op(op).operands {
            let ValueDef::OpResult { op: from, .. } = program.value(v).def else { continue };
            let Some(src) = chain.unit_of[from.index()] else { continue };
            if src.index() <= u && unit.index() > u {
                values[0].insert(v);
            } else if src.index() > u && unit.index() <= u {
                values[1].insert(v);
            }
        }
    }
    let bytes = values.clone().map(|set| Bytes(set.iter().map(|&v| program.value(v).ty.size().0).sum::<u64>()));
    let devices = pipeline.topology.meshes().iter().map(|m| m.mesh.total_size()).min().unwrap_or(1).max(1);
    let worst = bytes[0].0.max(bytes[1].0);
    let link = pipeline.link;
    let time = if worst == 0 {
        Seconds(0.0)
    } else {
        Seconds(link.latency.0 + worst as f64 / devices as f64 / link.bandwidth.0)
    };
    let names = |set: &BTreeSet<ValueId>| set.iter().map(|&v| program.value(v).name.clone()).collect();
    Transfer { after_unit: u, forward: names(&values[0]), backward: names(&values[1]), bytes, time }
}

/// One microbatch's transfers across a unit boundary.
#[derive(Debug, Clone, PartialEq)]
pub struct Transfer {
    /// The boundary: after this unit.
    pub after_unit: usize,
    /// The values sent forward (to the next stage).
    pub forward: Vec<String>,
    /// The values sent backward (to the previous stage).
    pub backward: Vec<String>,
    /// Bytes forward and backward.
    pub bytes: [Bytes; 2],
    /// The predicted delay, one way.
    pub time: Seconds,
}
