//! Completes partial decisions the cheapest local way: what `autoshard cost` prices
//! when the config's annotations (or a partial plan) leave choices open.
//!
//! Ops are visited in program order; each op decides alone, given what is decided
//! before it:
//! - an op with a rule tries a few strategies (the factor shardings its decided
//!   operands project to, merged and one by one; what its fixed results project to;
//!   fully replicated), prices each (operand reshards, compute, reducing and
//!   resharding its results to their fixed shardings) and keeps the cheapest, the
//!   first on ties. Operands nobody decided yet (unannotated inputs, constants) take
//!   what the op needs for free; results take their fixed sharding, or what the op
//!   produces with unreduced axes all-reduced;
//! - a linear op whose fixed result is unreduced along axes its factors do not
//!   shard carries those partial sums (`Carried`): in every operand for a jointly
//!   linear op, else in the first operand that holds them (or the first that may);
//!   without such a target it never carries: deferring a reduction pays off only
//!   downstream, which a local choice cannot see;
//! - `reshard` fixes its result; an undecided operand takes that sharding;
//! - a `propagation_barrier` passes its operand's sharding (replicated when
//!   undecided: nothing flows back across a barrier); a named computation passes its
//!   operands' shardings to its body and its body's results' to its results; a
//!   loop likewise, and fixes its condition's arguments and its body's results to
//!   its operands' (one sharding per carried value); a `case` passes its operands'
//!   to every branch and its first branch's results' to its results and to the
//!   other branches' results; a manual computation's shardings are all given;
//! - members of a sharding group take the sharding of the first member decided.
//!
//! Whatever is still undecided at the end is replicated.

use crate::error::{Error, Result};
use crate::hardware::HardwareSpec;
use crate::op_cost::{Pricing, RuledOpCost};
use crate::plan_cost::{Decisions, runs_regions};
use autoshard_model::check_factors;
use autoshard_model::ir::Op;
use autoshard_model::ops::{Linearity, OpKind};
use autoshard_model::rules::sharding_rule;
use autoshard_model::{AxisRef, OpId, OpShardingRule, Plan, Program, TensorFactorShardings, TensorSharding, ValueId};
use autoshard_model::{Carried, OpStrategy};
use autoshard_model::{ReductionKind, axes_size, balanced_cut};

/// Decisions given before completion; `None` is open.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fixed {
    /// A sharding per value, indexed by [`ValueId`].
    pub values: Vec<Option<TensorSharding>>,
    /// A strategy per op, indexed by [`OpId`]; one that carries nothing carries what
    /// its fixed result asks for (see the module docs).
    pub strategies: Vec<Option<OpStrategy>>,
    /// Whether an open op may be cut into balanced uneven shards (default true).
    pub uneven: bool,
}

impl Fixed {
    /// The annotations of `program` ([`Program::annotations`]) as exact shardings
    /// (open dimensions taken as they are), and a manual computation's body results
    /// not annotated otherwise fixed to the free part of its `out_shardings`.
    pub fn from_annotations(program: &Program) -> Self {
        let mut fixed = Fixed {
            values: vec![None; program.values().len()],
            strategies: vec![None; program.ops().len()],
            uneven: true,
        };
        for a in program.annotations() {
            fixed.values[a.value.index()] = Some(a.sharding.closed());
        }
        for op in program.ops() {
            if let (OpKind::ManualComputation(m), Some(body)) = (&op.kind, op.body()) {
                for (s, &b) in m.out_shardings.iter().zip(&body.results) {
                    fixed.values[b.index()].get_or_insert_with(|| m.local(s).closed());
                }
            }
        }
        fixed
    }

    /// Fixes what `plan` decides: its values' shardings and its ops' factor shardings.
    pub fn apply_plan(&mut self, program: &Program, plan: &Plan) -> Result<()> {
        for value in &plan.values {
            let id = program.value_named(&value.name).ok_or_else(|| {
                Error::Plan(format!("the plan shards \"{}\", which the program does not have", value.name))
            })?;
            let ty = &program.value(id).ty;
            value.sharding.verify(program.mesh(), &ty.shape).map_err(|e| {
                Error::Plan(format!("the plan's sharding {} of \"{}\": {e}", value.sharding.stripped(), value.name))
            })?;
            self.values[id.index()] = Some(value.sharding.closed());
        }
        for op_plan in plan.ops.iter().filter(|o| !o.factor_shardings.is_empty()) {
            let id = program.op_named(&op_plan.name).ok_or_else(|| {
                Error::Plan(format!("the plan has op \"{}\", which the program does not have", op_plan.name))
            })?;
            let rule = sharding_rule(program, id)
                .ok_or_else(|| Error::Plan(format!("op \"{}\" has no sharding rule to shard", op_plan.name)))?;
            let mut factors = op_plan.factor_shardings.clone();
            if factors.len() > rule.num_factors() {
                return Err(Error::Plan(format!(
                    "the plan shards factor {} of op \"{}\", whose rule {rule} has {} factors",
                    autoshard_model::FactorId(factors.len() - 1),
                    op_plan.name,
                    rule.num_factors()
                )));
            }
            factors.resize(rule.num_factors(), Vec::new());
            check_factors(program, program.op(id), &rule, &factors)?;
            let (carried, balanced) = (op_plan.carried.clone(), op_plan.balanced);
            self.strategies[id.index()] = Some(OpStrategy { factors, carried, balanced });
        }
        Ok(())
    }
}

/// Completes `fixed` for `program` on `hardware` (see the module docs).
pub fn complete(program: &Program, hardware: &HardwareSpec, fixed: &Fixed) -> Result<Decisions> {
    let mut greedy = Greedy {
        program,
        pricing: Pricing::new(program, hardware),
        values: fixed.values.clone(),
        strategies: vec![OpStrategy::default(); program.ops().len()],
        fixed,
        group_of: group_of(program),
    };
    greedy.values.resize(program.values().len(), None);
    greedy.visit(program.top_level())?;
    let replicated = |v: ValueId| TensorSharding::replicated(program.mesh_name(), program.value(v).ty.rank());
    let values =
        program.value_ids().map(|v| greedy.values[v.index()].clone().unwrap_or_else(|| replicated(v))).collect();
    Ok(Decisions { values, strategies: greedy.strategies })
}

struct Greedy<'a> {
    program: &'a Program,
    pricing: Pricing<'a>,
    values: Vec<Option<TensorSharding>>,
    strategies: Vec<OpStrategy>,
    fixed: &'a Fixed,
    /// Each value's sharding group (the first that lists it), if any.
    group_of: Vec<Option<usize>>,
}

/// Each value's sharding group in `program` (the first that lists it), if any.
fn group_of(program: &Program) -> Vec<Option<usize>> {
    let mut group_of = vec![None; program.values().len()];
    for (g, group) in program.sharding_groups().iter().enumerate() {
        for m in &group.members {
            group_of[m.index()].get_or_insert(g);
        }
    }
    group_of
}

impl Greedy<'_> {
    /// The sharding a value must take because a member of its group has one.
    fn group_sharding(&self, v: ValueId) -> Option<TensorSharding> {
        let group = &self.program.sharding_groups()[self.group_of[v.index()]?];
        group.members.iter().find_map(|m| self.values[m.index()].clone())
    }

    /// The value's fixed or group-imposed sharding, if any.
    fn target(&self, v: ValueId) -> Option<TensorSharding> {
        self.values[v.index()].clone().or_else(|| self.group_sharding(v))
    }

    /// Decides `v` as `sharding` (or as its group) unless it is decided already.
    fn decide(&mut self, v: ValueId, sharding: TensorSharding) {
        if self.values[v.index()].is_none() {
            let sharding = self.group_sharding(v).unwrap_or(sharding);
            self.values[v.index()] = Some(sharding);
        }
    }

    /// `v`'s sharding, deciding it replicated (or as its group) if it is still open.
    fn decided(&mut self, v: ValueId) -> TensorSharding {
        if let Some(sharding) = &self.values[v.index()] {
            return sharding.clone();
        }
        let rank = self.program.value(v).ty.rank();
        let sharding =
            self.group_sharding(v).unwrap_or_else(|| TensorSharding::replicated(self.program.mesh_name(), rank));
        self.values[v.index()] = Some(sharding.clone());
        sharding
    }

    fn visit(&mut self, ops: &[OpId]) -> Result<()> {
        for &id in ops {
            self.op(id)?;
        }
        Ok(())
    }

    fn op(&mut self, id: OpId) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        if let Some(rule) = sharding_rule(program, id) {
            return self.ruled_op(id, &rule);
        }
        match &op.kind {
            OpKind::Reshard(_) => {
                let result = self.decided(op.results[0]);
                self.decide(op.operands[0], result);
            }
            OpKind::PropagationBarrier(_) => {
                let through = self.decided(op.operands[0]);
                self.decide(op.results[0], through);
            }
            _ => self.region(op)?,
        }
        Ok(())
    }

    /// A region op: operands through to the regions' arguments, the regions, their
    /// results through to the op's; a loop's body returns each carried value in its
    /// operand's sharding, and a `case` branch after the first returns the first's.
    fn region(&mut self, op: &Op) -> Result<()> {
        if runs_regions(op).is_empty() {
            return Ok(());
        }
        for (i, operand, arg) in op.region_entries() {
            if let OpKind::ManualComputation(m) = &op.kind {
                self.decide(operand, m.in_shardings[i].closed());
                continue;
            }
            if let Some(arg_sharding) = self.values[arg.index()].clone() {
                self.decide(operand, arg_sharding);
            }
            let through = self.decided(operand);
            self.decide(arg, through);
        }
        if let (Some(_), Some(body)) = (op.cond(), op.body()) {
            for (&operand, &next) in op.operands.iter().zip(&body.results) {
                let carried = self.decided(operand);
                self.decide(next, carried);
            }
        }
        let case = matches!(op.kind, OpKind::Case(_));
        for (k, region) in runs_regions(op).iter().enumerate() {
            if case && k > 0 {
                for (&result, &returned) in op.results.iter().zip(&region.results) {
                    let first = self.decided(result);
                    self.decide(returned, first);
                }
            }
            self.visit(&region.ops)?;
            let gives_results = if case { k == 0 } else { op.body().is_some_and(|b| std::ptr::eq(b, region)) };
            if gives_results {
                for (&result, &returned) in op.results.iter().zip(&region.results) {
                    let through = self.decided(returned);
                    self.decide(result, through);
                }
            }
        }
        Ok(())
    }

    fn ruled_op(&mut self, id: OpId, rule: &OpShardingRule) -> Result<()> {
        let op = self.program.op(id);
        let operands: Vec<Option<&TensorSharding>> =
            op.operands.iter().map(|v| self.values[v.index()].as_ref()).collect();
        let targets: Vec<Option<TensorSharding>> = op.results.iter().map(|&v| self.target(v)).collect();
        let (strategy, cost) = match self.fixed.strategies.get(id.index()).cloned().flatten() {
            Some(mut strategy) => {
                if strategy.carried.is_none() {
                    strategy.carried = carried_to(op, &strategy.factors, &operands, &targets);
                }
                let cost = self.pricing.ruled_op(id, rule, &strategy, &operands, &targets)?;
                (strategy, cost)
            }
            None => self.choose(id, rule, &operands, &targets)?,
        };
        for (&v, required) in op.operands.iter().zip(cost.operands) {
            self.decide(v, required);
        }
        for (&v, produced) in op.results.iter().zip(cost.results) {
            self.decide(v, produced.reduced());
        }
        self.strategies[id.index()] = strategy;
        Ok(())
    }

    /// The cheapest of the candidate strategies for op `id` and its price, the first
    /// on ties.
    fn choose(
        &self,
        id: OpId,
        rule: &OpShardingRule,
        operands: &[Option<&TensorSharding>],
        targets: &[Option<TensorSharding>],
    ) -> Result<(OpStrategy, RuledOpCost)> {
        let op = self.program.op(id);
        let mut best: Option<(f64, OpStrategy, RuledOpCost)> = None;
        let mesh = self.program.mesh();
        for factors in self.candidates(id, rule, operands, targets) {
            let carried = carried_to(op, &factors, operands, targets);
            // Factors that do not divide may also be cut into balanced shards.
            let uneven =
                factors.iter().zip(&rule.factor_sizes).any(|(f, &n)| balanced_cut(n, axes_size(f, mesh)).is_some());
            for balanced in [false, true].into_iter().take(1 + usize::from(uneven && self.fixed.uneven)) {
                let strategy = OpStrategy { factors: factors.clone(), carried: carried.clone(), balanced };
                let Ok(cost) = self.pricing.ruled_op(id, rule, &strategy, operands, targets) else { continue };
                let total = cost.total(self.pricing.hardware).0;
                if best.as_ref().is_none_or(|(b, ..)| total < *b) {
                    best = Some((total, strategy, cost));
                }
            }
        }
        let name = &op.name;
        best.map(|(_, strategy, cost)| (strategy, cost))
            .ok_or_else(|| Error::Plan(format!("op \"{name}\": no strategy fits its operands and results")))
    }

    /// Candidate strategies, deduplicated, in preference order.
    fn candidates(
        &self,
        id: OpId,
        rule: &OpShardingRule,
        operands: &[Option<&TensorSharding>],
        targets: &[Option<TensorSharding>],
    ) -> Vec<Vec<Vec<AxisRef>>> {
        let mesh = self.program.mesh();
        let project = |mapping, sharding: &TensorSharding| -> Option<Vec<Vec<AxisRef>>> {
            let t = TensorFactorShardings::project(mapping, Some(sharding), &rule.factor_sizes, mesh, true).ok()?;
            let mut factors = vec![Vec::new(); rule.num_factors()];
            for (f, fs) in &t.factors {
                factors[f.0] = fs.axes.iter().chain(&fs.overflow).cloned().collect();
            }
            Some(factors)
        };
        let from_operands: Vec<Vec<Vec<AxisRef>>> =
            rule.operands.iter().zip(operands).filter_map(|(m, s)| s.and_then(|s| project(m, s))).collect();
        let mut merged = vec![Vec::new(); rule.num_factors()];
        for factors in &from_operands {
            for (f, axes) in factors.iter().enumerate() {
                if merged[f].is_empty() {
                    merged[f] = axes.clone();
                }
            }
        }
        let from_results = rule.results.iter().zip(targets).filter_map(|(m, s)| s.as_ref().and_then(|s| project(m, s)));
        let mut candidates: Vec<Vec<Vec<AxisRef>>> = Vec::new();
        let all = std::iter::once(merged)
            .chain(from_operands)
            .chain(from_results)
            .chain(std::iter::once(vec![Vec::new(); rule.num_factors()]));
        for candidate in all {
            let candidate = self.sanitized(id, rule, candidate);
            if !candidates.contains(&candidate) {
                candidates.push(candidate);
            }
        }
        candidates
    }

    /// `factors` made valid: need-replication factors and a product reduction's
    /// factors unsharded, and an axis that overlaps one an earlier factor uses
    /// removed with the axes after it.
    fn sanitized(&self, id: OpId, rule: &OpShardingRule, mut factors: Vec<Vec<AxisRef>>) -> Vec<Vec<AxisRef>> {
        let combine = self.program.op(id).kind.partial_reduction().is_some();
        let mut used: Vec<AxisRef> = Vec::new();
        for factor in rule.factors() {
            let axes = &mut factors[factor.0];
            if !rule.may_shard(factor, combine) {
                axes.clear();
            }
            if let Some(cut) = axes.iter().position(|a| used.iter().any(|u| u.overlaps(a))) {
                axes.truncate(cut);
            }
            used.extend(axes.iter().cloned());
        }
        factors
    }
}

/// The partial sums or averages op `op` carries under `factors` to meet `targets`
/// (see the module docs), if any.
fn carried_to(
    op: &Op,
    factors: &[Vec<AxisRef>],
    operands: &[Option<&TensorSharding>],
    targets: &[Option<TensorSharding>],
) -> Option<Carried> {
    let linearity = op.kind.linearity()?;
    let target = targets.first()?.as_ref()?;
    let reduction = target.reduction;
    if !matches!(reduction, ReductionKind::Sum | ReductionKind::Average) {
        return None;
    }
    let axes: Vec<AxisRef> =
        target.unreduced.iter().filter(|a| !factors.iter().flatten().any(|f| f.overlaps(a))).cloned().collect();
    if axes.is_empty() {
        return None;
    }
    let n = op.operands.len();
    let operands = match linearity {
        Linearity::Joint => (0..n).collect(),
        Linearity::InOne(allowed) => {
            let holds = |k: &usize| {
                operands[*k].is_some_and(|s| {
                    s.reduction == reduction && axes.iter().all(|a| s.unreduced.iter().any(|u| u.contains(a)))
                })
            };
            let eligible = allowed.iter().copied().filter(|&k| k < n);
            vec![eligible.clone().find(holds).or_else(|| eligible.clone().next())?]
        }
    };
    Some(Carried { axes, operands, reduction })
}
