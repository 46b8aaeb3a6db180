//! Prices a complete set of decisions for a program: every op's compute, every
//! collective, the peak memory and the totals, as a [`Plan`].
//!
//! What each op costs and needs:
//! - an op with a rule runs on the operand shardings its factor axes project to; each
//!   operand is resharded from its value's sharding to that (collectives priced by
//!   [`cheapest_plan`]); its results come out as the factors project, unreduced along
//!   the axes of sharded reduction factors, and are resharded to their values'
//!   shardings (an all-reduce or reduce-scatter, or nothing); a sharded permutation
//!   factor costs a collective-permute of the result; compute is the roofline of
//!   `compute.rs`;
//! - `reshard` and `propagation_barrier` reshard their operand to their result;
//! - `named_computation` reshards operands to its body's arguments and its body's
//!   results to its results; `manual_computation` likewise, its body working on
//!   per-device shapes along the manual axes;
//! - `constant` and `iota` write their result; a `custom` op's body is its reference
//!   decomposition and is not priced (the op's own FLOPs are);
//! - an output annotated differently from its value is resharded at the end.

use crate::collective::{Group, collective_time};
use crate::compute::{LocalWork, Share};
use crate::error::{Error, Result};
use crate::hardware::HardwareSpec;
use crate::memory::{Buffer, peak};
use crate::reshard::{PricedCollective, Tensor, cheapest_plan, transient_bytes};
use autoshard_model::ir::{Op, ValueDef};
use autoshard_model::ops::{OpKind, ReduceKind};
use autoshard_model::plan::{Objective, OpPlan, PlannedCollective, ValuePlan};
use autoshard_model::reshard::{Collective, CollectiveKind};
use autoshard_model::rules::{OpShapes, counts_for, sharding_rule};
use autoshard_model::{
    AxisRef, Bytes, FactorKind, Meshes, OpId, OpShardingRule, Plan, Program, ReductionKind, Seconds,
    ShardingProjection, TensorSharding, ValueId,
};

/// Every decision of a plan, by id.
#[derive(Debug, Clone, PartialEq)]
pub struct Decisions {
    /// The sharding of every value, indexed by [`ValueId`].
    pub values: Vec<TensorSharding>,
    /// The axes of every factor of every op's rule, indexed by [`OpId`] (empty for ops
    /// without a rule).
    pub factors: Vec<Vec<Vec<AxisRef>>>,
}

/// The ops that run, in program order: top-level ops and the bodies of named and
/// manual computations (a custom op's body only defines its semantics).
pub fn costed_ops(program: &Program) -> Vec<OpId> {
    fn visit(program: &Program, ops: &[OpId], out: &mut Vec<OpId>) {
        for &id in ops {
            out.push(id);
            let op = program.op(id);
            if let (Some(body), OpKind::NamedComputation(_) | OpKind::ManualComputation(_)) = (&op.body, &op.kind) {
                visit(program, &body.ops, out);
            }
        }
    }
    let mut out = Vec::new();
    visit(program, program.top_level(), &mut out);
    out
}

/// The shardings an op with `rule` runs on when its factors are sharded along
/// `factors`: one per operand, and one per result with the unreduced axes of its
/// sharded reduction factors.
pub fn op_shardings(
    program: &Program,
    op: &Op,
    rule: &OpShardingRule,
    factors: &[Vec<AxisRef>],
) -> Result<(Vec<TensorSharding>, Vec<TensorSharding>)> {
    let mesh = program.mesh();
    let mesh_ref = autoshard_model::MeshRef::Symbol(program.mesh_name().to_string());
    let projection = ShardingProjection::from_factor_axes(factors, rule);
    let (operands, mut results) = projection.to_shardings(rule, &mesh_ref, mesh);
    let mut unreduced: Vec<AxisRef> = rule
        .factors()
        .filter(|&f| rule.kind(f) == FactorKind::Reduction)
        .flat_map(|f| factors.get(f.0).cloned().unwrap_or_default())
        .collect();
    if !unreduced.is_empty() {
        let reduction = match &op.kind {
            OpKind::Reduce(r) => match r.kind {
                ReduceKind::Add => ReductionKind::Sum,
                ReduceKind::Max => ReductionKind::Max,
                ReduceKind::Min => ReductionKind::Min,
                ReduceKind::Mul => {
                    return Err(Error::Plan(format!(
                        "op \"{}\": a product reduction cannot be sharded (partial products have no sdy reduction)",
                        op.name
                    )));
                }
            },
            _ => ReductionKind::Sum,
        };
        unreduced.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
        for result in &mut results {
            result.unreduced = unreduced.clone();
            result.reduction = reduction;
        }
    }
    Ok((operands, results))
}

/// Checks that `factors` is a valid strategy for `rule`: one entry per factor, no axis
/// shared by two factors, no sharded need-replication factor.
pub fn check_factors(program: &Program, op: &Op, rule: &OpShardingRule, factors: &[Vec<AxisRef>]) -> Result<()> {
    let fail = |m: String| Err(Error::Plan(format!("op \"{}\": {m}", op.name)));
    if factors.len() != rule.num_factors() {
        return fail(format!("expected axes for {} factors of {rule}, got {}", rule.num_factors(), factors.len()));
    }
    let mut used: Vec<(&AxisRef, usize)> = Vec::new();
    for (f, axes) in factors.iter().enumerate() {
        let factor = autoshard_model::FactorId(f);
        if !axes.is_empty() && rule.kind(factor) == FactorKind::NeedReplication {
            return fail(format!("factor {factor} needs replication but is sharded"));
        }
        for axis in axes {
            if program.mesh().axis_size(&axis.name).is_none() {
                return fail(format!("factor {factor} uses unknown axis {axis}"));
            }
            if let Some((_, other)) = used.iter().find(|(a, _)| a.overlaps(axis)) {
                return fail(format!("axis {axis} shards factors {} and {factor}", autoshard_model::FactorId(*other)));
            }
            used.push((axis, f));
        }
    }
    Ok(())
}

/// Prices `decisions` for `program` on `hardware`.
pub fn evaluate(program: &Program, hardware: &HardwareSpec, decisions: &Decisions) -> Result<Plan> {
    Evaluation::new(program, hardware, decisions).run()
}

struct Evaluation<'a> {
    program: &'a Program,
    hardware: &'a HardwareSpec,
    decisions: &'a Decisions,
    meshes: Meshes,
    plan: Plan,
    buffers: Vec<Buffer>,
    live: Liveness,
}

/// Where each value is defined and last used, and which values are the same buffer
/// as an earlier one (a reshard that moved nothing).
struct Liveness {
    defined: Vec<usize>,
    last_use: Vec<usize>,
    alias: Vec<Option<ValueId>>,
}

impl Liveness {
    fn new(values: usize) -> Self {
        Liveness { defined: vec![0; values], last_use: vec![0; values], alias: vec![None; values] }
    }

    fn define(&mut self, value: ValueId, position: usize) {
        self.defined[value.index()] = position;
    }

    fn use_at(&mut self, value: ValueId, position: usize) {
        let v = self.root(value).index();
        self.last_use[v] = self.last_use[v].max(position);
    }

    /// The buffer `value` lives in.
    fn root(&self, value: ValueId) -> ValueId {
        self.alias[value.index()].unwrap_or(value)
    }

    /// Makes `value` the same buffer as `source`.
    fn alias(&mut self, value: ValueId, source: ValueId) {
        let root = self.root(source);
        self.alias[value.index()] = Some(root);
        let last = self.last_use[value.index()];
        self.use_at(root, last);
    }

    /// The live range of `value`'s own buffer, `None` when it aliases another.
    fn range(&self, value: ValueId) -> Option<(usize, usize)> {
        let i = value.index();
        self.alias[i].is_none().then(|| (self.defined[i], self.last_use[i].max(self.defined[i])))
    }
}

impl<'a> Evaluation<'a> {
    fn new(program: &'a Program, hardware: &'a HardwareSpec, decisions: &'a Decisions) -> Self {
        let meshes = Meshes::single(program.mesh_name(), program.mesh().clone());
        let plan = Plan { program: program.name().to_string(), ..Plan::default() };
        let live = Liveness::new(program.values().len());
        Evaluation { program, hardware, decisions, meshes, plan, buffers: Vec::new(), live }
    }

    fn sharding(&self, value: ValueId) -> &TensorSharding {
        &self.decisions.values[value.index()]
    }

    fn name(&self, value: ValueId) -> &str {
        &self.program.value(value).name
    }

    fn local_bytes(&self, value: ValueId, sharding: &TensorSharding) -> Result<Bytes> {
        let ty = &self.program.value(value).ty;
        Tensor { meshes: &self.meshes, shape: &ty.shape, dtype: ty.dtype }.local_bytes(sharding)
    }

    /// Reshards `value` from `from` to `to`, recording the collectives (attributed to
    /// `op`) and the memory they need at `position`; `counted` says whether the source
    /// and the final state are program values (live anyway).
    fn reshard(
        &mut self,
        value: ValueId,
        (from, to): (&TensorSharding, &TensorSharding),
        op: Option<&str>,
        position: usize,
        counted: (bool, bool),
    ) -> Result<bool> {
        let ty = &self.program.value(value).ty;
        let tensor = Tensor { meshes: &self.meshes, shape: &ty.shape, dtype: ty.dtype };
        let priced = cheapest_plan(tensor, from, to, self.hardware)
            .map_err(|e| Error::Plan(format!("resharding \"{}\": {e}", self.name(value))))?;
        self.buffer(value, from, &priced, counted, position)?;
        let moved = !priced.is_empty();
        self.record(value, op, priced);
        Ok(moved)
    }

    /// The memory `priced` (a reshard of `value` from `from`) needs at `position`.
    fn buffer(
        &mut self,
        value: ValueId,
        from: &TensorSharding,
        priced: &[PricedCollective],
        (source_counted, final_counted): (bool, bool),
        position: usize,
    ) -> Result<()> {
        if !priced.is_empty() {
            let source = self.local_bytes(value, from)?;
            let bytes = transient_bytes(source, priced, source_counted, final_counted);
            self.buffers.push(Buffer { from: position, to: position, bytes });
        }
        Ok(())
    }

    fn record(&mut self, value: ValueId, op: Option<&str>, priced: Vec<PricedCollective>) {
        for p in priced {
            self.plan.collectives.push(PlannedCollective {
                kind: p.collective.kind(),
                text: p.collective,
                value: self.name(value).to_string(),
                op: op.map(str::to_string),
                bytes: p.bytes,
                time_s: p.time,
            });
        }
    }

    fn run(mut self) -> Result<Plan> {
        let program = self.program;
        let ops = costed_ops(program);
        let mut costed = vec![false; program.ops().len()];
        ops.iter().for_each(|op| costed[op.index()] = true);
        for (position, &id) in ops.iter().enumerate() {
            for &v in &program.op(id).operands {
                self.live.use_at(v, position);
            }
            self.op(id, position)?;
        }
        let end = ops.len();
        for output in program.outputs() {
            self.live.use_at(output.value, end);
            if let Some(annotation) = &output.sharding {
                let from = self.sharding(output.value).clone();
                self.reshard(output.value, (&from, annotation), None, end, (true, false))?;
            }
        }
        for input in program.inputs().iter().filter(|i| i.parameter) {
            self.live.use_at(input.value, end);
        }
        for id in program.value_ids().filter(|&v| is_costed_value(program, v, &costed)) {
            let sharding = self.sharding(id).clone();
            if let Some((from, to)) = self.live.range(id) {
                let bytes = self.local_bytes(id, &sharding)?;
                self.buffers.push(Buffer { from, to, bytes });
            }
            self.plan.values.push(ValuePlan { name: self.name(id).to_string(), sharding });
        }
        let (peak_bytes, _) = peak(&self.buffers, end);
        let compute: Seconds = self.plan.ops.iter().map(|o| o.compute_s).sum();
        let communication: Seconds = self.plan.collectives.iter().map(|c| c.time_s).sum();
        self.plan.objective = Objective {
            total_s: compute + communication,
            compute_s: compute,
            communication_s: communication,
            peak_memory_bytes: peak_bytes,
        };
        Ok(self.plan)
    }

    fn op(&mut self, id: OpId, position: usize) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        for &r in &op.results {
            self.live.define(r, position);
        }
        let mut plan = OpPlan {
            name: op.name.clone(),
            op: op.kind.name().to_string(),
            rule: None,
            factor_shardings: Vec::new(),
            flops: Default::default(),
            compute_s: Seconds(0.0),
        };
        if let Some(rule) = sharding_rule(program, id) {
            self.ruled_op(id, &rule, position, &mut plan)?;
            plan.rule = Some(rule);
            self.plan.ops.push(plan);
            return Ok(());
        }
        match &op.kind {
            OpKind::Reshard(_) | OpKind::PropagationBarrier(_) => {
                let (operand, result) = (op.operands[0], op.results[0]);
                let (from, to) = (self.sharding(operand).clone(), self.sharding(result).clone());
                if !self.reshard(operand, (&from, &to), Some(&op.name), position, (true, true))? {
                    self.live.alias(result, operand);
                }
            }
            OpKind::NamedComputation(_) | OpKind::ManualComputation(_) => self.region(id, position)?,
            _ => {
                let counts = counts_for(&op.kind, &OpShapes::of(program, op));
                let results = self.share(&op.results)?;
                let work = LocalWork::of(counts, 1, results, results);
                plan.flops = work.flops;
                plan.compute_s = work.time(&self.hardware.device);
            }
        }
        self.plan.ops.push(plan);
        Ok(())
    }

    /// A named or manual computation: operands to the body's arguments (a manual
    /// computation's `in_shardings`), the body's results to the op's results (through
    /// a manual computation's `out_shardings`, per device inside the body). What moves
    /// nothing keeps its buffer.
    fn region(&mut self, id: OpId, position: usize) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let Some(body) = &op.body else { return Ok(()) };
        let manual = match &op.kind {
            OpKind::ManualComputation(m) => Some(m),
            _ => None,
        };
        for (i, (&operand, &arg)) in op.operands.iter().zip(&body.args).enumerate() {
            self.live.define(arg, position);
            let target = manual.and_then(|m| m.in_shardings.get(i)).unwrap_or(self.sharding(arg)).clone();
            let from = self.sharding(operand).clone();
            if !self.reshard(operand, (&from, &target), Some(&op.name), position, (true, true))? {
                self.live.alias(arg, operand);
            }
        }
        let end = position + count_body_ops(program, id);
        for (i, (&result, &body_result)) in op.results.iter().zip(&body.results).enumerate() {
            self.live.define(result, end);
            self.live.use_at(body_result, end);
            let from = self.sharding(body_result).clone();
            let to = self.sharding(result).clone();
            let moved = match manual.and_then(|m| m.out_shardings.get(i).map(|s| (m, s))) {
                Some((m, out)) => {
                    let local = without_axes(out, &m.manual_axes);
                    let inside = self.reshard(body_result, (&from, &local), Some(&op.name), end, (true, true))?;
                    self.reshard(result, (out, &to), Some(&op.name), end, (false, true))? || inside
                }
                None => self.reshard(body_result, (&from, &to), Some(&op.name), end, (true, true))?,
            };
            if !moved {
                self.live.alias(result, body_result);
            }
        }
        Ok(())
    }

    /// The bytes one device holds of `values`, and of the whole values.
    fn share(&self, values: &[ValueId]) -> Result<Share> {
        let (mut local, mut global) = (0u64, 0u64);
        for &v in values {
            local += self.local_bytes(v, self.sharding(v))?.0;
            global += self.program.value(v).ty.size().0;
        }
        Ok(Share { local: Bytes(local), global: Bytes(global) })
    }

    fn ruled_op(&mut self, id: OpId, rule: &OpShardingRule, position: usize, plan: &mut OpPlan) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let factors = &self.decisions.factors[id.index()];
        let operands: Vec<Option<&TensorSharding>> = op.operands.iter().map(|&v| Some(self.sharding(v))).collect();
        let targets: Vec<Option<TensorSharding>> = op.results.iter().map(|&v| Some(self.sharding(v).clone())).collect();
        let cost = price_ruled_op(program, self.hardware, &self.meshes, id, rule, factors, &operands, &targets)?;
        plan.flops = cost.work.flops;
        plan.compute_s = cost.work.time(&self.hardware.device);
        plan.factor_shardings = factors.clone();
        for (&v, priced) in op.operands.iter().zip(cost.operand_reshards) {
            let from = self.sharding(v).clone();
            self.buffer(v, &from, &priced, (true, false), position)?;
            self.record(v, Some(&op.name), priced);
        }
        for ((&v, priced), produced) in op.results.iter().zip(cost.result_reshards).zip(&cost.results) {
            self.buffer(v, produced, &priced, (false, true), position)?;
            self.record(v, Some(&op.name), priced);
        }
        Ok(())
    }
}

/// What an op with a rule costs under one strategy.
pub struct RuledOpCost {
    /// The operand shardings the strategy runs on.
    pub operands: Vec<TensorSharding>,
    /// The result shardings it produces (with unreduced axes).
    pub results: Vec<TensorSharding>,
    /// Per operand, the collectives from its sharding to the one the op runs on.
    pub operand_reshards: Vec<Vec<PricedCollective>>,
    /// Per result, a collective-permute for sharded permutation factors, then the
    /// collectives from the produced sharding to the result's target.
    pub result_reshards: Vec<Vec<PricedCollective>>,
    /// One device's work.
    pub work: LocalWork,
}

impl RuledOpCost {
    /// Compute plus communication.
    pub fn total(&self, hardware: &HardwareSpec) -> Seconds {
        let communication: Seconds =
            self.operand_reshards.iter().chain(&self.result_reshards).flatten().map(|p| p.time).sum();
        self.work.time(&hardware.device) + communication
    }
}

/// Prices op `id` (with `rule`) when its factors are sharded along `factors`; an
/// operand whose sharding is `None` costs no reshard (it takes what the op needs),
/// and a result whose target is `None` is only reduced (its unreduced axes
/// all-reduced).
#[allow(clippy::too_many_arguments, reason = "one op's full pricing context")]
pub fn price_ruled_op(
    program: &Program,
    hardware: &HardwareSpec,
    meshes: &Meshes,
    id: OpId,
    rule: &OpShardingRule,
    factors: &[Vec<AxisRef>],
    operand_shardings: &[Option<&TensorSharding>],
    result_targets: &[Option<TensorSharding>],
) -> Result<RuledOpCost> {
    let op = program.op(id);
    check_factors(program, op, rule, factors)?;
    let (operands, results) = op_shardings(program, op, rule, factors)?;
    let reshard = |value: ValueId, from: &TensorSharding, to: &TensorSharding| {
        let ty = &program.value(value).ty;
        let tensor = Tensor { meshes, shape: &ty.shape, dtype: ty.dtype };
        cheapest_plan(tensor, from, to, hardware)
            .map_err(|e| Error::Plan(format!("op \"{}\": resharding \"{}\": {e}", op.name, program.value(value).name)))
    };
    let mut operand_reshards = Vec::with_capacity(operands.len());
    for (i, ((&v, from), required)) in op.operands.iter().zip(operand_shardings).zip(&operands).enumerate() {
        // An operand used twice in the same sharding is resharded once.
        let repeated = op.operands[..i].iter().zip(&operands).any(|(&w, r)| w == v && r == required);
        operand_reshards.push(match from {
            Some(from) if !repeated => reshard(v, from, required)?,
            _ => Vec::new(),
        });
    }
    let permuted_axes: Vec<AxisRef> = rule
        .factors()
        .filter(|&f| rule.kind(f) == FactorKind::Permutation)
        .flat_map(|f| factors.get(f.0).cloned().unwrap_or_default())
        .collect();
    let mut result_reshards = Vec::with_capacity(results.len());
    for ((&v, produced), target) in op.results.iter().zip(&results).zip(result_targets) {
        let mut priced = Vec::new();
        if !permuted_axes.is_empty() {
            priced.push(permutation(program, hardware, meshes, v, produced, &permuted_axes)?);
        }
        let reduced = TensorSharding { unreduced: Vec::new(), ..produced.clone() };
        priced.extend(reshard(v, produced, target.as_ref().unwrap_or(&reduced))?);
        result_reshards.push(priced);
    }
    let shards: i64 = factors.iter().flatten().map(|a| a.size(program.mesh()).max(1)).product();
    let counts = counts_for(&op.kind, &OpShapes::of(program, op));
    let share = |values: &[ValueId], shardings: &[TensorSharding]| -> Result<Share> {
        let (mut local, mut global) = (0u64, 0u64);
        for (&v, sharding) in values.iter().zip(shardings) {
            let ty = &program.value(v).ty;
            local += Tensor { meshes, shape: &ty.shape, dtype: ty.dtype }.local_bytes(sharding)?.0;
            global += ty.size().0;
        }
        Ok(Share { local: Bytes(local), global: Bytes(global) })
    };
    let work = LocalWork::of(counts, shards, share(&op.operands, &operands)?, share(&op.results, &results)?);
    Ok(RuledOpCost { operands, results, operand_reshards, result_reshards, work })
}

/// A sharded permutation factor needs its shards exchanged: a collective-permute of
/// the result over the factor's axes.
fn permutation(
    program: &Program,
    hardware: &HardwareSpec,
    meshes: &Meshes,
    value: ValueId,
    produced: &TensorSharding,
    axes: &[AxisRef],
) -> Result<PricedCollective> {
    let ty = &program.value(value).ty;
    let bytes = Tensor { meshes, shape: &ty.shape, dtype: ty.dtype }.local_bytes(produced)?;
    let group = Group::over(axes, program.mesh(), hardware);
    let time = collective_time(CollectiveKind::CollectivePermute, group, bytes);
    let collective = Collective::CollectivePermute { out: produced.clone() };
    Ok(PricedCollective { collective, bytes, time, result_bytes: bytes })
}

/// True for a value the plan prices: inputs, results of priced ops and arguments of
/// the bodies of named and manual computations.
fn is_costed_value(program: &Program, value: ValueId, costed: &[bool]) -> bool {
    match program.value(value).def {
        ValueDef::Input(_) => true,
        ValueDef::OpResult { op, .. } => costed[op.index()],
        ValueDef::BodyArg { op, .. } => {
            costed[op.index()]
                && matches!(program.op(op).kind, OpKind::NamedComputation(_) | OpKind::ManualComputation(_))
        }
    }
}

/// The number of priced ops in `op`'s body, recursively (its results are produced
/// after them).
fn count_body_ops(program: &Program, op: OpId) -> usize {
    let o = program.op(op);
    match (&o.body, &o.kind) {
        (Some(body), OpKind::NamedComputation(_) | OpKind::ManualComputation(_)) => {
            body.ops.iter().map(|&inner| 1 + count_body_ops(program, inner)).sum()
        }
        _ => 0,
    }
}

/// `sharding` without the axes named in `names` (a manual computation's body sees
/// only the free axes).
pub fn without_axes(sharding: &TensorSharding, names: &[String]) -> TensorSharding {
    let keep = |axes: &Vec<AxisRef>| axes.iter().filter(|a| !names.contains(&a.name)).cloned().collect();
    let mut out = sharding.clone();
    for dim in &mut out.dims {
        dim.axes = keep(&dim.axes);
    }
    out.replicated = keep(&out.replicated);
    out.unreduced = keep(&out.unreduced);
    out
}
