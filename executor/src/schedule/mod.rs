//! Scheduling: a program and its plan become one SPMD schedule every device runs.
//!
//! The schedule follows the program order the cost model prices (`cost::price_plan`),
//! so each collective runs exactly where the plan put it:
//! - an input starts as its block under its sharding;
//! - an op with a rule reshards each operand to the sharding its strategy needs
//!   (the planner's collectives), runs its kernel on local blocks ([`Kernel`]), and
//!   reshards each result from the sharding it produces (unreduced along sharded
//!   reduction factors and carried sums) to its value's;
//! - `reshard` and `propagation_barrier` move their operand to their result;
//! - a named computation moves operands to its body's arguments, runs the body and
//!   moves its results out; a manual computation does the same with its operands
//!   seen per device along the manual axes (its body works on those blocks);
//! - a `while` runs its condition's steps and, while the (replicated) predicate is
//!   true, its body's, on the carried blocks; a `case` runs the steps of the branch
//!   its (replicated) selector picks: the plan holds each value in one sharding
//!   across the region boundaries, which scheduling checks;
//! - `constant`, `iota` and other ops without a rule compute their result and keep
//!   the device's block;
//! - an output is moved to its annotation, and with none, all-reduced if partial.
//!
//! Scheduling validates the plan first — every sharding against the mesh and its
//! value's shape, every strategy against its op's rule — so a corrupt plan never
//! runs. The collectives come from a [`Planner`], the same one that priced the plan.

mod body;
mod kernel;
mod local;

pub use kernel::{Kernel, Mode};
pub(crate) use local::{local_types, localize};

use crate::error::{Error, Result};
use crate::placement::Placement;
use crate::reference::region_values;
use crate::tensor::HalfFloat;
use autoshard_model::PlannedCollective;
use autoshard_model::ir::Body;
use autoshard_model::ops::{ManualComputation, OpFamily};
pub use autoshard_model::reshard::Planner;
use autoshard_model::rules::sharding_rule;
use autoshard_model::{Decisions, op_shardings};
use autoshard_model::{OpId, OpKind, Program, TensorSharding, ValueId};

/// A move of a tensor from one sharding to another through planned collectives.
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    /// The sharding it starts in.
    pub from: TensorSharding,
    /// The sharding it ends in.
    pub to: TensorSharding,
    /// The collectives, in order (none when the placements agree).
    pub collectives: Vec<PlannedCollective>,
}

/// One operand or result of an op with a rule and its move: an operand's from
/// the value's sharding to the one the strategy needs, a result's from the one the
/// op produces to the value's.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueStep {
    /// The operand's or result's value.
    pub value: ValueId,
    /// Its move.
    pub moved: Move,
}

/// One step of the schedule.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A program input arrives as its block.
    Input {
        /// The input's position among the program's inputs.
        index: usize,
        /// Its value.
        value: ValueId,
    },
    /// An op without a rule computes its results and keeps the device's blocks.
    Source {
        /// The op.
        op: OpId,
    },
    /// `value` moves to `target` (itself, a region's argument or result).
    Move {
        /// The value moved (its shape is the move's).
        value: ValueId,
        /// Where it lands.
        target: ValueId,
        /// The move.
        moved: Move,
    },
    /// An op with a rule.
    Ruled {
        /// The op.
        op: OpId,
        /// Its operands, each moved to the sharding the strategy needs.
        operands: Vec<ValueStep>,
        /// How it computes on local blocks.
        kernel: Kernel,
        /// Its results, each moved from the sharding the op produces to its value's.
        results: Vec<ValueStep>,
    },
    /// A `while` loop on the carried blocks.
    Loop {
        /// The op.
        op: OpId,
        /// The condition's steps.
        cond: Vec<Step>,
        /// The body's steps.
        body: Vec<Step>,
        /// The values the regions define (arguments and op results, nested loops'
        /// included): their reads are counted afresh at each iteration.
        defined: Vec<ValueId>,
    },
    /// A `case`: the branch its selector picks.
    Case {
        /// The op.
        op: OpId,
        /// Each branch's steps.
        branches: Vec<Vec<Step>>,
    },
    /// Program output `index` moves to its final sharding.
    Output {
        /// The output's position.
        index: usize,
        /// Its value.
        value: ValueId,
        /// The move to its annotation (or to reduced).
        moved: Move,
    },
}

/// The schedule of a plan, and where it places blocks.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The sharding each value is held in, by value.
    pub shardings: Vec<TensorSharding>,
    /// How many times the steps read each value, by value: a device drops a block
    /// at its last read (and never keeps one nobody reads).
    pub reads: Vec<usize>,
    /// The mesh, refined for every axis the schedule uses.
    pub placement: Placement,
    /// The 2-byte float type a device stores each value's block in, by value:
    /// bf16 and f16 inputs and what moves them (their elements are values of their
    /// type); `None` for f32 storage (computed values: kernels compute in f32 and
    /// do not round).
    pub(crate) packed: Vec<Option<HalfFloat>>,
}

impl Schedule {
    /// The bytes a device stores per element of value `v`'s block: 2 for a bf16 or
    /// f16 value stored in its type, else [`STORAGE`](crate::STORAGE)'s 4.
    pub fn storage_bytes(&self, v: ValueId) -> u64 {
        match self.packed.get(v.index()) {
            Some(Some(_)) => 2,
            _ => crate::tensor::STORAGE.size_bytes(),
        }
    }
}

/// The schedule of `program` under `decisions`, validating the plan.
pub fn schedule(program: &Program, decisions: &Decisions, planner: &dyn Planner) -> Result<Schedule> {
    check(program, decisions)?;
    let mut scheduler = Scheduler { program, decisions, planner, steps: Vec::new() };
    for (index, input) in program.inputs().iter().enumerate() {
        scheduler.steps.push(Step::Input { index, value: input.value });
    }
    scheduler.block(program.top_level())?;
    for (index, output) in program.outputs().iter().enumerate() {
        let from = decisions.values[output.value.index()].clone();
        let to = output.target(&from).unwrap_or_else(|| from.clone());
        let moved = scheduler.moved(output.value, from, to, None)?;
        scheduler.steps.push(Step::Output { index, value: output.value, moved });
    }
    let steps = scheduler.steps;
    let placement = Placement::new(program.mesh(), axes_of(&steps, decisions))?;
    let reads = read_counts(program, &steps);
    let packed = packed_values(program, &steps);
    Ok(Schedule { steps, shardings: decisions.values.clone(), reads, placement, packed })
}

/// Checks every value's sharding against its mesh (the program's, or a maximal one)
/// and its shape.
fn check(program: &Program, decisions: &Decisions) -> Result<()> {
    if decisions.values.len() != program.values().len() || decisions.strategies.len() != program.ops().len() {
        return Err(Error::Plan(format!(
            "the plan has {} value shardings and {} op strategies for a program of {} values and {} ops",
            decisions.values.len(),
            decisions.strategies.len(),
            program.values().len(),
            program.ops().len()
        )));
    }
    let meshes = program.meshes();
    for (v, sharding) in program.values().iter().zip(&decisions.values) {
        meshes
            .resolve(sharding)
            .and_then(|mesh| sharding.verify(mesh, &v.ty.shape))
            .map_err(|e| Error::Plan(format!("value \"{}\" sharded {sharding}: {e}", v.name)))?;
    }
    Ok(())
}

struct Scheduler<'a> {
    program: &'a Program,
    decisions: &'a Decisions,
    planner: &'a dyn Planner,
    steps: Vec<Step>,
}

impl Scheduler<'_> {
    fn sharding(&self, value: ValueId) -> &TensorSharding {
        &self.decisions.values[value.index()]
    }

    /// The move of `value` from `from` to `to` for op `op` (none for an output).
    fn moved(&self, value: ValueId, from: TensorSharding, to: TensorSharding, op: Option<OpId>) -> Result<Move> {
        let mut collectives = if from == to {
            Vec::new()
        } else {
            self.planner.collectives(value, &from, &to).map_err(|e| Error::Plan(e.to_string()))?
        };
        for c in &mut collectives {
            c.op = op.map(|id| self.program.op(id).name.clone());
        }
        Ok(Move { from, to, collectives })
    }

    fn block(&mut self, ops: &[OpId]) -> Result<()> {
        ops.iter().try_for_each(|&id| self.op(id))
    }

    /// The steps of `ops` alone (a loop's or a branch's region).
    fn steps_of(&mut self, ops: &[OpId]) -> Result<Vec<Step>> {
        let outer = std::mem::take(&mut self.steps);
        let built = self.block(ops);
        let steps = std::mem::replace(&mut self.steps, outer);
        built.map(|()| steps)
    }

    fn op(&mut self, id: OpId) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        if let Some(rule) = sharding_rule(program, id) {
            let strategy = &self.decisions.strategies[id.index()];
            let shardings = op_shardings(program, op, &rule, strategy).map_err(|e| Error::Plan(e.to_string()))?;
            let kernel = Kernel::new(program, id, &rule, strategy, &shardings);
            let mut operands = Vec::with_capacity(op.operands.len());
            for (&value, required) in op.operands.iter().zip(shardings.operands) {
                operands.push(ValueStep {
                    value,
                    moved: self.moved(value, self.sharding(value).clone(), required, Some(id))?,
                });
            }
            let mut results = Vec::with_capacity(op.results.len());
            for (&value, produced) in op.results.iter().zip(shardings.results) {
                results.push(ValueStep {
                    value,
                    moved: self.moved(value, produced, self.sharding(value).clone(), Some(id))?,
                });
            }
            self.steps.push(Step::Ruled { op: id, operands, kernel, results });
            return Ok(());
        }
        match (&op.kind, op.body()) {
            (kind, _) if kind.family() == OpFamily::Boundary => {
                let (value, target) = (op.operands[0], op.results[0]);
                let moved = self.moved(value, self.sharding(value).clone(), self.sharding(target).clone(), Some(id))?;
                self.steps.push(Step::Move { value, target, moved });
            }
            (OpKind::NamedComputation(_), Some(body)) => self.region(id, body, None)?,
            (OpKind::ManualComputation(m), Some(body)) => self.region(id, body, Some(m))?,
            (OpKind::While(_), Some(body)) => self.while_loop(id, body)?,
            (OpKind::Case(_), _) => {
                self.check_boundaries(id)?;
                let branches = op.branches().iter().map(|b| self.steps_of(&b.ops)).collect::<Result<_>>()?;
                self.steps.push(Step::Case { op: id, branches });
            }
            _ => self.steps.push(Step::Source { op: id }),
        }
        Ok(())
    }

    /// A named or manual computation: operands into the body's arguments, the body,
    /// the body's results out (as `cost::price_plan` prices them).
    fn region(&mut self, id: OpId, body: &Body, manual: Option<&ManualComputation>) -> Result<()> {
        let op = self.program.op(id);
        for (i, (&value, &arg)) in op.operands.iter().zip(&body.args).enumerate() {
            let target = match manual.and_then(|m| m.in_shardings.get(i).map(|s| (m, s))) {
                Some((m, global)) => {
                    self.check_manual(m, value, arg, global)?;
                    m.global(global, self.sharding(arg))
                }
                None => self.sharding(arg).clone(),
            };
            let moved = self.moved(value, self.sharding(value).clone(), target, Some(id))?;
            self.steps.push(Step::Move { value, target: arg, moved });
        }
        self.block(&body.ops)?;
        for (i, (&result, &body_result)) in op.results.iter().zip(&body.results).enumerate() {
            let (from, to) = (self.sharding(body_result).clone(), self.sharding(result).clone());
            match manual.and_then(|m| m.result_path(i, &to).map(|p| (m, p))) {
                Some((m, (local, produced))) => {
                    let global = m.out_shardings.get(i).cloned().unwrap_or_else(|| produced.clone());
                    self.check_manual(m, result, body_result, &global)?;
                    let inside = self.moved(body_result, from, local, Some(id))?;
                    self.steps.push(Step::Move { value: body_result, target: result, moved: inside });
                    let outside = self.moved(result, produced, to, Some(id))?;
                    self.steps.push(Step::Move { value: result, target: result, moved: outside });
                }
                None => {
                    let moved = self.moved(body_result, from, to, Some(id))?;
                    self.steps.push(Step::Move { value: body_result, target: result, moved });
                }
            }
        }
        Ok(())
    }

    /// A `while`: each carried value holds one sharding through the loop (operand,
    /// arguments, body result, result), and the predicate is replicated, so every
    /// device decides alike.
    fn while_loop(&mut self, id: OpId, body: &Body) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let cond = op.cond().ok_or_else(|| Error::Plan(format!("loop \"{}\" has no condition", op.name)))?;
        self.check_boundaries(id)?;
        let (cond_steps, body_steps) = (self.steps_of(&cond.ops)?, self.steps_of(&body.ops)?);
        let mut defined = Vec::new();
        region_values(program, &op.regions, &mut defined);
        self.steps.push(Step::Loop { op: id, cond: cond_steps, body: body_steps, defined });
        Ok(())
    }

    /// A loop or `case` holds each value in one sharding across its region
    /// boundaries (operand and region argument, region result and op result, and a
    /// loop's body result and body argument), and its predicate or selector is
    /// replicated, so every device decides alike.
    fn check_boundaries(&self, id: OpId) -> Result<()> {
        let program = self.program;
        let op = program.op(id);
        let entries = op.region_entries().into_iter().map(|(_, a, b)| (a, b));
        let exits = op.region_exits().into_iter().map(|(_, a, b)| (a, b));
        let back = op.cond().and(op.body()).map(|b| b.results.iter().copied().zip(b.args.iter().copied()));
        for (a, b) in entries.chain(exits).chain(back.into_iter().flatten()) {
            if self.sharding(a) != self.sharding(b) {
                return Err(Error::Plan(format!(
                    "\"{}\" holds \"{}\" as {} but \"{}\" as {}: values cross its region boundaries in one sharding",
                    op.name,
                    program.value(a).name,
                    self.sharding(a),
                    program.value(b).name,
                    self.sharding(b)
                )));
            }
        }
        let decider = match &op.kind {
            OpKind::Case(_) => op.operands.first(),
            _ => op.cond().and_then(|c| c.results.first()),
        };
        if let Some(&d) = decider
            && !self.sharding(d).unreduced.is_empty()
        {
            return Err(Error::Plan(format!("\"{}\": what decides its branch holds partial results", op.name)));
        }
        Ok(())
    }

    /// A manual computation's body sees each device's block along the manual axes;
    /// its free axes must cut that block evenly, or the body's blocks and the
    /// global ones would be padded differently.
    fn check_manual(
        &self,
        m: &ManualComputation,
        global: ValueId,
        local: ValueId,
        sharding: &TensorSharding,
    ) -> Result<()> {
        let mesh = self.program.mesh();
        let (outer, inner) = (&self.program.value(global).ty.shape, &self.program.value(local).ty.shape);
        let free = self.sharding(local);
        for (d, (&n, &k)) in outer.iter().zip(inner).enumerate() {
            let manual: i64 = sharding.dims.get(d).map_or(1, |dim| {
                dim.axes.iter().filter(|a| m.manual_axes.contains(&a.name)).map(|a| a.size(mesh)).product()
            });
            let shards = free.shards(d, mesh);
            if n % manual.max(1) != 0 || (manual > 1 && k % shards != 0) {
                return Err(Error::Unsupported {
                    op: self.program.value(global).name.clone(),
                    kind: "manual_computation".into(),
                    reason: format!("dimension {d} does not divide evenly into its manual and free shards"),
                });
            }
        }
        Ok(())
    }
}

/// The steps in order, a loop's regions' steps after the loop's.
fn flattened(steps: &[Step]) -> Vec<&Step> {
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        out.push(step);
        match step {
            Step::Loop { cond, body, .. } => {
                out.extend(flattened(cond));
                out.extend(flattened(body));
            }
            Step::Case { branches, .. } => branches.iter().for_each(|b| out.extend(flattened(b))),
            _ => {}
        }
    }
    out
}

/// Every axis the schedule's shardings and collectives name.
fn axes_of<'a>(steps: &'a [Step], decisions: &'a Decisions) -> Vec<&'a autoshard_model::AxisRef> {
    let mut shardings: Vec<&TensorSharding> = decisions.values.iter().collect();
    let mut moves: Vec<&Move> = Vec::new();
    for step in flattened(steps) {
        match step {
            Step::Ruled { operands, results, kernel, .. } => {
                moves.extend(operands.iter().map(|o| &o.moved).chain(results.iter().map(|r| &r.moved)));
                shardings.extend(kernel.operands.iter().chain(&kernel.results));
            }
            Step::Move { moved, .. } | Step::Output { moved, .. } => moves.push(moved),
            Step::Input { .. } | Step::Source { .. } | Step::Loop { .. } | Step::Case { .. } => {}
        }
    }
    for m in moves {
        shardings.extend([&m.from, &m.to]);
        shardings.extend(m.collectives.iter().map(|c| c.text.out_sharding()));
    }
    shardings.into_iter().flat_map(TensorSharding::all_axes).collect()
}

/// The 2-byte float type each value's blocks are stored in: a bf16 or f16 input's,
/// and that of every value a move makes from such a value (no arithmetic, so its
/// elements stay values of the type) unless the move sums partial values.
fn packed_values(program: &Program, steps: &[Step]) -> Vec<Option<HalfFloat>> {
    let mut packed = vec![None; program.values().len()];
    let dtype = |v: ValueId| program.value(v).ty.dtype;
    for step in flattened(steps) {
        match step {
            Step::Input { value, .. } => packed[value.index()] = HalfFloat::of(dtype(*value)),
            Step::Move { value, target, moved }
                if packed[value.index()].is_some()
                    && moved.from.unreduced.is_empty()
                    && dtype(*value) == dtype(*target) =>
            {
                packed[target.index()] = HalfFloat::of(dtype(*target));
            }
            _ => {}
        }
    }
    packed
}

/// How many times the steps read each value (an op reading a value twice counts
/// twice); a loop's regions' steps are counted once, for one iteration, and the loop
/// reads its operands, its predicate and its body's results; a `case` reads its
/// operands and the results of the branch it runs.
fn read_counts(program: &Program, steps: &[Step]) -> Vec<usize> {
    let mut reads = vec![0; program.values().len()];
    let mut read = |v: ValueId| reads[v.index()] += 1;
    for step in flattened(steps) {
        match step {
            Step::Ruled { operands, .. } => operands.iter().for_each(|o| read(o.value)),
            Step::Move { value, .. } | Step::Output { value, .. } => read(*value),
            Step::Source { op } => program.op(*op).operands.iter().for_each(|&v| read(v)),
            Step::Loop { op, .. } => {
                let op = program.op(*op);
                let (cond, body) = (op.cond().map(|c| &c.results[..]), op.body().map(|b| &b.results[..]));
                let regions = cond.unwrap_or_default().iter().chain(body.unwrap_or_default());
                op.operands.iter().chain(regions).for_each(|&v| read(v));
            }
            Step::Case { op, .. } => {
                let op = program.op(*op);
                let returned = op.branches().iter().flat_map(|b| &b.results);
                op.operands.iter().chain(returned).for_each(|&v| read(v));
            }
            Step::Input { .. } => {}
        }
    }
    reads
}
