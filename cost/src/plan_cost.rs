//! Prices a complete set of decisions for a program: every op's compute, every
//! collective, the peak memory and the totals, as a [`Plan`].
//!
//! What each op costs and needs:
//! - an op with a rule: as `op_cost.rs` prices it, its results resharded to their
//!   values' shardings;
//! - `reshard` and `propagation_barrier` reshard their operand to their result;
//! - `named_computation` reshards operands to its body's arguments and its body's
//!   results to its results; `manual_computation` likewise, its body working on
//!   per-device shapes along the manual axes; `while` likewise for its condition's
//!   and body's arguments, and every op of its regions costs its trip count times
//!   its own price (a collective in a loop is listed once, with the time of all its
//!   runs; [`Program::repeats`]); `case` likewise for each branch, and costs its
//!   most expensive branch, entries and exits included (only one runs; every
//!   branch's ops and collectives are still listed, and [`Plan::cases`] gives
//!   each branch's time);
//! - `constant` and `iota` write their result; a `custom` op's body is its reference
//!   decomposition and is not priced (the op's own FLOPs are);
//! - an output annotated differently from its value is resharded at the end.

use crate::error::Result;
use crate::hardware::HardwareSpec;
use crate::memory::{Buffer, Liveness, fused_away, fused_reads, op_position, peak, result_position};
use crate::op_cost::Pricing;
use crate::reshard::{PricedCollective, transient_bytes};
use autoshard_model::ir::{Body, Op, ValueDef};
use autoshard_model::ops::OpKind;
use autoshard_model::rules::sharding_rule;
use autoshard_model::{CasePlan, Held, LiveBuffer, Objective, OpPlan, PeakMemory, PlannedCollective, ValuePlan};
use autoshard_model::{Flops, OpId, OpShardingRule, Plan, Program, Seconds, TensorSharding, ValueId};
use std::collections::BTreeMap;

pub use autoshard_model::Decisions;

/// The ops that run, in program order: top-level ops and the regions of named and
/// manual computations and loops (a custom op's body only defines its semantics).
pub fn costed_ops(program: &Program) -> Vec<OpId> {
    fn visit(program: &Program, ops: &[OpId], out: &mut Vec<OpId>) {
        for &id in ops {
            out.push(id);
            for region in runs_regions(program.op(id)) {
                visit(program, &region.ops, out);
            }
        }
    }
    let mut out = Vec::new();
    visit(program, program.top_level(), &mut out);
    out
}

/// The body of a named or manual computation or of a loop, which runs as part of
/// the program (a custom op's body only defines its semantics).
pub fn runs_body(op: &Op) -> Option<&Body> {
    match op.kind {
        OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) => op.body(),
        _ => None,
    }
}

/// The regions of `op` that run as part of the program, in order: a loop's
/// condition and body, the body of a named or manual computation.
pub fn runs_regions(op: &Op) -> &[Body] {
    match op.kind {
        OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) | OpKind::Case(_) => &op.regions,
        _ => &[],
    }
}

/// Prices `decisions` for `program` on `hardware`.
pub fn price_plan(program: &Program, hardware: &HardwareSpec, decisions: &Decisions) -> Result<Plan> {
    PlanPricing::new(program, hardware, decisions).run()
}

struct PlanPricing<'a> {
    program: &'a Program,
    pricing: Pricing<'a>,
    decisions: &'a Decisions,
    plan: Plan,
    buffers: Vec<Buffer>,
    live: Liveness,
    /// How many times the op being priced runs: its compute and collectives count
    /// that many times.
    times: f64,
    /// The innermost `case` branch of each op ([`Program::branch_of`]).
    within: Vec<Option<(OpId, usize)>>,
    /// The branch what is being priced belongs to.
    attribute: Option<(OpId, usize)>,
    /// Each branch's (compute, communication) seconds so far.
    branch_times: BTreeMap<(OpId, usize), (f64, f64)>,
}

impl<'a> PlanPricing<'a> {
    fn new(program: &'a Program, hardware: &'a HardwareSpec, decisions: &'a Decisions) -> Self {
        let plan = Plan { program: program.name().to_string(), ..Plan::default() };
        let live = Liveness::new(program.values().len());
        let pricing = Pricing::new(program, hardware);
        PlanPricing {
            program,
            pricing,
            decisions,
            plan,
            buffers: Vec::new(),
            live,
            times: 1.0,
            within: program.branch_of(),
            attribute: None,
            branch_times: BTreeMap::new(),
        }
    }

    fn sharding(&self, value: ValueId) -> &TensorSharding {
        &self.decisions.values[value.index()]
    }

    fn name(&self, value: ValueId) -> &str {
        &self.program.value(value).name
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
        let priced = self.pricing.reshard(value, from, to)?;
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
            let source = self.pricing.local_bytes(value, from)?;
            let results = priced.iter().map(PricedCollective::written);
            let bytes = transient_bytes(source, results, source_counted, final_counted);
            self.buffers.push(Buffer { from: position, to: position, bytes, value, transient: true });
        }
        Ok(())
    }

    fn record(&mut self, value: ValueId, op: Option<&str>, priced: Vec<PricedCollective>) {
        let time: f64 = priced.iter().map(|p| p.time.0 * self.times).sum();
        self.charge(0.0, time);
        for p in priced {
            let time_s = Seconds(p.time.0 * self.times);
            self.plan.collectives.push(PlannedCollective { time_s, ..p.planned(self.name(value), op) });
        }
    }

    fn run(mut self) -> Result<Plan> {
        let program = self.program;
        let ops = costed_ops(program);
        let mut costed = vec![false; program.ops().len()];
        ops.iter().for_each(|op| costed[op.index()] = true);
        for (index, &id) in ops.iter().enumerate() {
            let position = op_position(index);
            for &v in &program.op(id).operands {
                self.live.use_at(v, position);
            }
            self.times = self.pricing.times(id);
            self.attribute = self.within[id.index()];
            self.op(id, position)?;
        }
        self.times = 1.0;
        self.attribute = None;
        let end = op_position(ops.len());
        for output in program.outputs() {
            self.live.use_at(output.value, end);
            // An output is resharded to its annotation, and holds no partial sums
            // without one.
            let from = self.sharding(output.value).clone();
            if let Some(target) = output.target(&from) {
                self.reshard(output.value, (&from, &target), None, end, (true, false))?;
            }
        }
        for input in program.inputs().iter().filter(|i| i.lives_throughout()) {
            self.live.use_at(input.value, end);
        }
        let fused = fused_away(program);
        for (v, read) in fused_reads(program, &fused) {
            let last = self.live.last_use(v);
            self.live.use_at(read, last);
        }
        for id in program.value_ids().filter(|&v| is_costed_value(program, v, &costed)) {
            let sharding = self.sharding(id).clone();
            if let (Some((from, to)), false) = (self.live.range(id), fused[id.index()]) {
                let bytes = self.pricing.local_bytes(id, &sharding)?;
                self.buffers.push(Buffer { from, to, bytes, value: id, transient: false });
            }
            self.plan.values.push(ValuePlan { name: self.name(id).to_string(), sharding });
        }
        let (peak_bytes, at) = peak(&self.buffers, end);
        self.plan.peak = Some(self.peak_memory(at, &ops));
        let (not_run_compute, not_run_communication) = self.cases();
        let compute: Seconds = self.plan.ops.iter().map(|o| o.compute_s).sum();
        let exchanges: Seconds = self.plan.ops.iter().map(|o| o.communication_s).sum();
        let communication = self.plan.collectives.iter().map(|c| c.time_s).sum::<Seconds>() + exchanges;
        let compute = Seconds((compute.0 - not_run_compute).max(0.0));
        let communication = Seconds((communication.0 - not_run_communication).max(0.0));
        self.plan.objective = Objective {
            total_s: compute + communication,
            compute_s: compute,
            communication_s: communication,
            peak_memory_bytes: peak_bytes,
        };
        Ok(self.plan)
    }

    /// What is live at `position` (of `ops`, or the end), largest first.
    fn peak_memory(&self, position: usize, ops: &[OpId]) -> PeakMemory {
        let program = self.program;
        // Per value: `Some(parameter)` for a program input.
        let mut input = vec![None; program.values().len()];
        program.inputs().iter().for_each(|i| input[i.value.index()] = Some(i.lives_throughout()));
        let mut live: Vec<LiveBuffer> = (self.buffers.iter())
            .filter(|b| b.from <= position && position <= b.to && b.bytes.0 > 0)
            .map(|b| {
                let held = match input[b.value.index()] {
                    _ if b.transient => Held::Reshard,
                    Some(true) => Held::Parameter,
                    Some(false) => Held::Input,
                    None => Held::Intermediate,
                };
                LiveBuffer { value: self.name(b.value).to_string(), bytes: b.bytes, held }
            })
            .collect();
        live.sort_by(|a, b| b.bytes.cmp(&a.bytes).then_with(|| a.value.cmp(&b.value)));
        let at = ops.get(position / 2).map(|&id| program.op(id).name.clone());
        PeakMemory { at, live }
    }

    /// Prices op `id`, which runs at `position`; its results' reshards run at
    /// `position + 1`, after the operands whose last use it is are freed
    /// (`memory.rs`).
    fn op(&mut self, id: OpId, position: usize) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let born = result_position(position, &op.kind);
        for &r in &op.results {
            self.live.define(r, born);
        }
        let mut plan = OpPlan {
            name: op.name.clone(),
            op: op.kind.name().to_string(),
            rule: None,
            factor_shardings: Vec::new(),
            carried: None,
            balanced: false,
            flops: Default::default(),
            compute_s: Seconds(0.0),
            communication_s: Seconds(0.0),
        };
        if let Some(rule) = sharding_rule(program, id) {
            self.ruled_op(id, &rule, position, &mut plan)?;
            plan.rule = Some(rule);
            self.push(plan);
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
            OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) | OpKind::Case(_) => {
                self.region(id, position)?
            }
            _ => {
                let work = self.pricing.unruled(id, op.results.iter().map(|&v| (v, self.sharding(v))))?;
                plan.flops = work.flops();
                plan.compute_s = work.compute(&self.pricing.hardware.device);
                plan.communication_s = work.network();
            }
        }
        self.push(plan);
        Ok(())
    }

    /// Records an op's plan, its FLOPs and compute time over all its runs.
    fn push(&mut self, mut plan: OpPlan) {
        plan.flops = Flops(plan.flops.0 * self.times);
        plan.compute_s = Seconds(plan.compute_s.0 * self.times);
        plan.communication_s = Seconds(plan.communication_s.0 * self.times);
        self.charge(plan.compute_s.0, plan.communication_s.0);
        self.plan.ops.push(plan);
    }

    /// Adds seconds of compute and communication to the branch being priced.
    fn charge(&mut self, compute: f64, communication: f64) {
        if let Some(branch) = self.attribute {
            let t = self.branch_times.entry(branch).or_default();
            *t = (t.0 + compute, t.1 + communication);
        }
    }

    /// Lists every `case` with its branches' times ([`Plan::cases`]) and returns the
    /// (compute, communication) seconds of the branches the objective does not count:
    /// all but each `case`'s most expensive. Inner `case`s come first, so a branch
    /// holding one counts only its most expensive branch.
    fn cases(&mut self) -> (f64, f64) {
        let program = self.program;
        let mut not_run = (0.0, 0.0);
        let mut cases = Vec::new();
        for id in program.ops_in_order().into_iter().rev() {
            let n = program.op(id).branches().len();
            if n == 0 {
                continue;
            }
            let times: Vec<(f64, f64)> =
                (0..n).map(|b| self.branch_times.get(&(id, b)).copied().unwrap_or_default()).collect();
            let case = CasePlan {
                name: program.op(id).name.clone(),
                branch_s: times.iter().map(|t| Seconds(t.0 + t.1)).collect(),
            };
            let top = case.heaviest();
            let dropped = times
                .iter()
                .enumerate()
                .filter(|&(b, _)| b != top)
                .fold((0.0, 0.0), |a, (_, t)| (a.0 + t.0, a.1 + t.1));
            not_run = (not_run.0 + dropped.0, not_run.1 + dropped.1);
            if let Some(outer) = self.within[id.index()] {
                let t = self.branch_times.entry(outer).or_default();
                *t = (t.0 - dropped.0, t.1 - dropped.1);
            }
            cases.push(case);
        }
        cases.reverse();
        self.plan.cases = cases;
        not_run
    }

    /// A named or manual computation, a loop or a `case`: operands to the regions'
    /// arguments (a manual computation's `in_shardings`), the regions' results to
    /// the op's results (through a manual computation's `out_shardings`, per device
    /// inside the body). What moves nothing keeps its buffer (a `case`'s result has
    /// its own: which branch's buffer it takes is known only when it runs).
    fn region(&mut self, id: OpId, position: usize) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let manual = match &op.kind {
            OpKind::ManualComputation(m) => Some(m),
            _ => None,
        };
        let branches = matches!(op.kind, OpKind::Case(_));
        let outer = self.attribute;
        for (i, operand, arg) in op.region_entries() {
            if let (true, ValueDef::BodyArg { region, .. }) = (branches, &program.value(arg).def) {
                self.attribute = Some((id, *region));
            }
            self.live.define(arg, position);
            let target = match manual.and_then(|m| m.in_shardings.get(i).map(|s| (m, s))) {
                Some((m, global)) => m.global(global, self.sharding(arg)),
                None => self.sharding(arg).clone(),
            };
            let from = self.sharding(operand).clone();
            if !self.reshard(operand, (&from, &target), Some(&op.name), position, (true, true))? {
                self.live.alias(arg, operand);
            }
        }
        let end = op_position(count_body_ops(program, id)) + position + 1;
        for (k, (i, body_result, result)) in op.region_exits().into_iter().enumerate() {
            if branches {
                self.attribute = Some((id, k / op.results.len()));
            }
            self.live.define(result, end);
            self.live.use_at(body_result, end);
            let from = self.sharding(body_result).clone();
            let to = self.sharding(result).clone();
            let moved = match manual.and_then(|m| m.result_path(i, &to)) {
                Some((local, produced)) => {
                    let inside = self.reshard(body_result, (&from, &local), Some(&op.name), end, (true, true))?;
                    self.reshard(result, (&produced, &to), Some(&op.name), end, (false, true))? || inside
                }
                None => self.reshard(body_result, (&from, &to), Some(&op.name), end, (true, true))?,
            };
            if !moved && !branches {
                self.live.alias(result, body_result);
            }
        }
        self.attribute = outer;
        Ok(())
    }

    fn ruled_op(&mut self, id: OpId, rule: &OpShardingRule, position: usize, plan: &mut OpPlan) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let strategy = &self.decisions.strategies[id.index()];
        let operands: Vec<Option<&TensorSharding>> = op.operands.iter().map(|&v| Some(self.sharding(v))).collect();
        let targets: Vec<Option<TensorSharding>> = op.results.iter().map(|&v| Some(self.sharding(v).clone())).collect();
        let cost = self.pricing.ruled_op(id, rule, strategy, &operands, &targets)?;
        plan.carried = strategy.carried.clone();
        plan.balanced = strategy.balanced;
        plan.flops = cost.work.flops();
        plan.compute_s = cost.work.compute(&self.pricing.hardware.device);
        plan.communication_s = cost.work.network();
        plan.factor_shardings = strategy.factors.clone();
        for (&v, priced) in op.operands.iter().zip(cost.operand_reshards) {
            let from = self.sharding(v).clone();
            self.buffer(v, &from, &priced, (true, false), position)?;
            self.record(v, Some(&op.name), priced);
        }
        for ((&v, priced), produced) in op.results.iter().zip(cost.result_reshards).zip(&cost.results) {
            self.buffer(v, produced, &priced, (false, true), position + 1)?;
            self.record(v, Some(&op.name), priced);
        }
        Ok(())
    }
}

/// True for a value the plan prices: inputs, results of priced ops and arguments of
/// the bodies of named and manual computations.
fn is_costed_value(program: &Program, value: ValueId, costed: &[bool]) -> bool {
    match program.value(value).def {
        ValueDef::Input(_) => true,
        ValueDef::OpResult { op, .. } => costed[op.index()],
        ValueDef::BodyArg { op, .. } => costed[op.index()] && !runs_regions(program.op(op)).is_empty(),
    }
}

/// The number of priced ops in `op`'s body, recursively (its results are produced
/// after them).
fn count_body_ops(program: &Program, op: OpId) -> usize {
    let regions = runs_regions(program.op(op)).iter();
    regions.flat_map(|r| &r.ops).map(|&inner| 1 + count_body_ops(program, inner)).sum()
}
