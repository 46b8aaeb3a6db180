//! How an op and the plan's reshards around it are written, so that XLA's
//! partitioner performs each reshard as planned.
//!
//! An op reads each operand the plan reshards for it through a constraint to the
//! sharding it reads (for that op alone: later readers see the value's own), reached
//! through one constraint per step of the plan's reshard; a result the op produces
//! in another sharding than its value's is constrained first to what the op
//! produces, then through the steps to its value's (written by the caller). Left to
//! itself, XLA's partitioner goes straight from one sharding to the other, and where
//! their split dimensions are disjoint and no single all-to-all joins them it
//! gathers the whole tensor on every device (its "involuntary full
//! rematerialization" warning); no step of the plan's reshards asks for that. An op
//! whose result XLA leaves holding partial sums ([`xla_keeps_partial_sums`]) reads
//! and produces them as planned; any other reads and produces complete values.

use super::{Emitter, Ssa, partial_sums, xla_keeps_partial_sums};
use autoshard_model::rules::sharding_rule;
use autoshard_model::{OpId, OpShardings, OpStrategy, Plan, TensorSharding, ValueId, op_shardings};
use std::collections::BTreeMap;

/// The steps of each of `plan`'s reshards, by value and the op it serves: the
/// sharding after each collective, in order.
pub(super) fn steps(plan: &Plan) -> BTreeMap<(&str, &str), Vec<&TensorSharding>> {
    let mut steps: BTreeMap<(&str, &str), Vec<&TensorSharding>> = BTreeMap::new();
    for c in &plan.collectives {
        if let Some(op) = &c.op {
            steps.entry((c.value.as_str(), op.as_str())).or_default().push(c.text.out_sharding());
        }
    }
    steps
}

impl Emitter<'_> {
    /// The shardings op `id` reads and produces under its planned strategy, if it has
    /// a rule and is outside manual computations.
    fn planned(&self, id: OpId) -> Option<OpShardings> {
        let op = self.program.op(id);
        if op.results.first().is_some_and(|r| self.manual[r.index()]) {
            return None;
        }
        let planned = self.ops.get(op.name.as_str())?;
        let rule = sharding_rule(self.program, id)?;
        let strategy = OpStrategy {
            factors: planned.factor_shardings.clone(),
            carried: planned.carried.clone(),
            balanced: planned.balanced,
        };
        op_shardings(self.program, op, &rule, &strategy).ok()
    }

    /// `sharding` as the module states it for op `id`: with partial sums where XLA
    /// keeps them for such an op, reduced elsewhere.
    fn as_written(&self, id: OpId, sharding: &TensorSharding) -> TensorSharding {
        if xla_keeps_partial_sums(&self.program.op(id).kind) { sharding.clone() } else { sharding.reduced() }
    }

    /// The operands of op `id` (`planned`: its shardings) whose values the plan
    /// reshards for it, each with the sharding the op reads it with; a value read
    /// twice, once (the op reads one name per value). (XLA's Shardy also requires an
    /// op's operands to agree on the reduction factors behind unreduced results, and
    /// stops otherwise.)
    fn resharded_operands(&self, id: OpId, planned: &OpShardings) -> Vec<(usize, TensorSharding)> {
        let op = self.program.op(id);
        (op.operands.iter().zip(&planned.operands).enumerate())
            .filter(|&(k, (v, _))| !op.operands[..k].contains(v))
            .map(|(k, (&v, read))| (k, v, self.as_written(id, read)))
            .filter(|(_, v, read)| self.constraint(*v).is_some_and(|held| held != read))
            .map(|(k, _, read)| (k, read))
            .collect()
    }

    /// The steps of the plan's reshard of `value` for op `id` before the first that
    /// reaches `to` (those holding partial sums only if `partial`).
    fn steps_before(&self, value: ValueId, id: OpId, to: &TensorSharding, partial: bool) -> Vec<TensorSharding> {
        let key = (self.program.value(value).name.as_str(), self.program.op(id).name.as_str());
        (self.steps.get(&key).into_iter().flatten())
            .take_while(|&&s| s != to)
            .filter(|s| partial || s.unreduced.is_empty())
            .map(|&s| s.clone())
            .collect()
    }

    /// Writes `ssa`, held as `from`, behind a constraint per sharding of `chain`
    /// (each one that differs from the one before).
    fn through(&mut self, ssa: Ssa, mut from: Option<TensorSharding>, chain: Vec<TensorSharding>) -> Ssa {
        let hint = ssa.value.to_string();
        let mut current = ssa;
        for sharding in chain {
            if from.as_ref() != Some(&sharding) {
                current = self.constrain_to(&current, &sharding, &hint);
                from = Some(sharding);
            }
        }
        current
    }

    /// Writes op `id` (see `ops::emit`): the operands the plan reshards for it
    /// constrained to what it reads ([`Emitter::resharded_operands`]) through the
    /// plan's steps, and each result it produces in another sharding than its
    /// value's constrained to what it produces, then through the steps towards its
    /// value's (whose constraint the caller writes).
    pub(super) fn emit_op(&mut self, id: OpId) -> Result<Vec<Ssa>, String> {
        let op = self.program.op(id);
        let planned = self.planned(id);
        let mut restore = Vec::new();
        for (k, read) in planned.as_ref().map(|p| self.resharded_operands(id, p)).unwrap_or_default() {
            let value = op.operands[k];
            let Ok(ssa) = self.value(value) else { continue };
            let held = self.constraint(value).cloned();
            let partial = held.as_ref().is_some_and(|h| !h.unreduced.is_empty());
            let mut chain = self.steps_before(value, id, &read, partial);
            chain.push(read);
            let read = self.through(ssa, held, chain);
            restore.push((value, self.names[value.index()].replace(read)));
        }
        let results = super::ops::emit(self, id);
        for (value, ssa) in restore.into_iter().rev() {
            self.names[value.index()] = ssa;
        }
        let Some(planned) = planned else { return results };
        let mut out = Vec::new();
        for ((ssa, &v), produced) in results?.into_iter().zip(&op.results).zip(&planned.results) {
            let produced = self.as_written(id, produced);
            match self.constraint(v).cloned().filter(|held| held != &produced) {
                Some(held) => {
                    let mut chain = vec![produced.clone()];
                    chain.extend(self.steps_before(v, id, &held, partial_sums(&produced)));
                    out.push(self.through(ssa, None, chain));
                }
                None => out.push(ssa),
            }
        }
        Ok(out)
    }
}
