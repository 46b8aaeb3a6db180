//! The chain of a pipelined training step: which named computation (unit) each
//! top-level op belongs to, and which ops run once per microbatch.
//!
//! A pipelined program is a training step written for the whole batch, read twice:
//! at its full batch and at one microbatch's (the config's `pipeline.batch` size
//! divided by the number of microbatches). The inputs whose shapes differ are the
//! **split** inputs; an op that depends on one runs once per microbatch, as does an
//! op whose result feeds one (a cast of a weight is recomputed per microbatch). The
//! values listed as **accumulated** (gradients, the loss) are summed, or averaged,
//! over the microbatches; every op that reads one runs once per step (the update).
//!
//! **Units** are the labels of the top-level `named_computation`s in order of first
//! appearance: a layer's forward and backward computations share their label and so
//! their mesh. An op outside every named computation joins the first unit that
//! reads its results (so it runs before it is needed), or, if only outputs do, the
//! last unit it reads from. A microbatch op is part of a stage's **backward** when
//! it depends on a microbatch op of a later stage (a gradient flowing back), and of
//! its **forward** otherwise.

use crate::error::{Error, Result};
use crate::ir::{OpId, Program, ValueDef, ValueId};
use crate::ops::OpKind;
use std::fmt;

/// How an accumulated value combines over microbatches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Accumulation {
    /// The sum (`mpmd.reduce<add>`).
    Add,
    /// The sum divided by the number of microbatches (a mean loss's gradient).
    Mean,
}

impl fmt::Display for Accumulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Accumulation::Add => "add",
            Accumulation::Mean => "mean",
        })
    }
}

/// Which unit of a chain, by position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnitId(pub u32);

impl UnitId {
    /// The position as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// When a top-level op runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Once per microbatch.
    Microbatch,
    /// Once per step, after the microbatches (the update).
    Step,
}

/// A pipelined program's units and phases (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct Chain {
    /// The units' labels, in chain order.
    pub units: Vec<String>,
    /// The unit of each top-level op, by op id (`None` inside regions).
    pub unit_of: Vec<Option<UnitId>>,
    /// The phase of each top-level op, by op id.
    pub phase_of: Vec<Option<Phase>>,
    /// The latest unit each microbatch op depends on (itself included), by op id.
    pub reaches: Vec<Option<UnitId>>,
    /// The split inputs of the microbatch program: input index and split dimension.
    pub split: Vec<(usize, usize)>,
    /// The accumulated values of the microbatch program.
    pub accumulated: Vec<(ValueId, Accumulation)>,
}

impl Chain {
    /// Analyses `microbatch` (the program at one microbatch's size) against `full`
    /// (the same program at the whole batch), with `microbatches` microbatches and
    /// the values `accumulated` names.
    pub fn analyse(
        full: &Program,
        microbatch: &Program,
        microbatches: u32,
        accumulated: &[(String, Accumulation)],
    ) -> Result<Chain> {
        let split = split_inputs(full, microbatch, microbatches)?;
        let accumulated = accumulated
            .iter()
            .map(|(name, how)| {
                microbatch.value_named(name).map(|v| (v, *how)).ok_or_else(|| {
                    Error::Program(format!("pipeline.accumulate names \"{name}\", which is not a value of the program"))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let units = unit_labels(microbatch);
        if units.is_empty() {
            return Err(Error::Program(
                "a pipelined program needs named computations: their labels are the units stages are made of".into(),
            ));
        }
        let mut chain = Chain {
            unit_of: assign_units(microbatch, &units),
            units,
            phase_of: Vec::new(),
            reaches: Vec::new(),
            split,
            accumulated,
        };
        chain.phase_of = chain.phases(microbatch)?;
        chain.reaches = chain.reach(microbatch);
        Ok(chain)
    }

    /// The accumulation of `value`, if it is accumulated.
    pub fn accumulation(&self, value: ValueId) -> Option<Accumulation> {
        self.accumulated.iter().find(|(v, _)| *v == value).map(|(_, a)| *a)
    }

    /// The number of units.
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Whether the chain has no units (never, for an analysed chain).
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    fn phases(&self, program: &Program) -> Result<Vec<Option<Phase>>> {
        let n = program.ops().len();
        let split: Vec<ValueId> = self.split.iter().map(|&(i, _)| program.inputs()[i].value).collect();
        // Forward: depends on a split input, not through an accumulated value.
        let mut depends = vec![false; n];
        let mut after_accumulation = vec![false; n];
        let producer_flag = |flags: &[bool], v: ValueId| match program.value(v).def {
            ValueDef::OpResult { op, .. } => flags[op.index()],
            _ => false,
        };
        for &op in program.top_level() {
            for &v in &program.op(op).operands {
                if self.accumulation(v).is_some() {
                    after_accumulation[op.index()] = true;
                } else if split.contains(&v) || producer_flag(&depends, v) {
                    depends[op.index()] = true;
                }
                after_accumulation[op.index()] |= producer_flag(&after_accumulation, v);
            }
        }
        // Backward: feeds a microbatch op (recomputed per microbatch).
        let consumers = consumers(program);
        let mut microbatch = depends.clone();
        for &op in program.top_level().iter().rev() {
            if !after_accumulation[op.index()]
                && program.op(op).results.iter().any(|r| consumers[r.index()].iter().any(|c| microbatch[c.index()]))
            {
                microbatch[op.index()] = true;
            }
        }
        let mut phases = vec![None; n];
        for &op in program.top_level() {
            let o = program.op(op);
            if microbatch[op.index()] && after_accumulation[op.index()] {
                return Err(Error::Program(format!(
                    "op \"{}\" reads an accumulated value and a value of one microbatch; accumulate the other too",
                    o.name
                )));
            }
            phases[op.index()] = Some(if microbatch[op.index()] { Phase::Microbatch } else { Phase::Step });
            if !microbatch[op.index()] {
                for &v in &o.operands {
                    if producer_flag(&microbatch, v) && self.accumulation(v).is_none() {
                        let reader = format!("op \"{}\", which runs once per step, reads it", o.name);
                        return Err(not_accumulated(program, &microbatch, &split, v, &reader));
                    }
                }
            }
        }
        for (v, _) in &self.accumulated {
            if !producer_flag(&microbatch, *v) {
                let name = &program.value(*v).name;
                return Err(Error::Program(format!(
                    "pipeline.accumulate names \"{name}\", which does not depend on the microbatch"
                )));
            }
        }
        for output in program.outputs() {
            if producer_flag(&microbatch, output.value) && self.accumulation(output.value).is_none() {
                return Err(not_accumulated(program, &microbatch, &split, output.value, "the program returns it"));
            }
        }
        Ok(phases)
    }

    fn reach(&self, program: &Program) -> Vec<Option<UnitId>> {
        let mut reaches: Vec<Option<UnitId>> = vec![None; program.ops().len()];
        for &op in program.top_level() {
            if self.phase_of[op.index()] != Some(Phase::Microbatch) {
                continue;
            }
            let mut latest = self.unit_of[op.index()];
            for &v in &program.op(op).operands {
                if let ValueDef::OpResult { op: p, .. } = program.value(v).def {
                    latest = latest.max(reaches[p.index()]);
                }
            }
            reaches[op.index()] = latest;
        }
        reaches
    }
}

/// The error for `v`, which depends on the microbatch and is read once per step by
/// `reader`. When `v` is made from exactly one such value and otherwise from
/// values of the step (an update: a parameter and its gradient), the message names
/// that value instead, walking back through such ops to where the dependence comes
/// in, or to the first result of a named computation (a backward computation's
/// gradient).
fn not_accumulated(program: &Program, microbatch: &[bool], split: &[ValueId], v: ValueId, reader: &str) -> Error {
    let mut through = v;
    while let ValueDef::OpResult { op, .. } = program.value(through).def {
        // A named computation's result past the first step is where a gradient
        // comes out of its backward computation: stop there.
        if through != v && matches!(program.op(op).kind, OpKind::NamedComputation(_)) {
            break;
        }
        let per_microbatch: Vec<ValueId> = program
            .op(op)
            .operands
            .iter()
            .copied()
            .filter(|&o| match program.value(o).def {
                ValueDef::OpResult { op: p, .. } => microbatch[p.index()],
                ValueDef::Input(_) => split.contains(&o),
                ValueDef::BodyArg { .. } => false,
            })
            .collect();
        match per_microbatch[..] {
            [only] => through = only,
            _ => break,
        }
    }
    let name = &program.value(v).name;
    let origin = &program.value(through).name;
    if through == v {
        return Error::Program(format!(
            "\"{name}\" depends on the microbatch and {reader}: list it under pipeline.accumulate \
             (add or mean) to combine it over the microbatches"
        ));
    }
    Error::Program(format!(
        "\"{name}\" depends on the microbatch through \"{origin}\" and {reader}: if \"{origin}\" is a gradient \
         (or the loss), list it under pipeline.accumulate (add or mean) to combine it over the microbatches"
    ))
}

/// The top-level ops that read each value, by value id.
pub(crate) fn consumers(program: &Program) -> Vec<Vec<OpId>> {
    let mut out = vec![Vec::new(); program.values().len()];
    for &op in program.top_level() {
        for &v in &program.op(op).operands {
            if !out[v.index()].contains(&op) {
                out[v.index()].push(op);
            }
        }
    }
    out
}

fn unit_labels(program: &Program) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    for &op in program.top_level() {
        if let OpKind::NamedComputation(nc) = &program.op(op).kind
            && !labels.contains(&nc.label)
        {
            labels.push(nc.label.clone());
        }
    }
    labels
}

fn assign_units(program: &Program, units: &[String]) -> Vec<Option<UnitId>> {
    let mut unit_of: Vec<Option<UnitId>> = vec![None; program.ops().len()];
    let consumers = consumers(program);
    for &op in program.top_level().iter().rev() {
        let o = program.op(op);
        unit_of[op.index()] = match &o.kind {
            OpKind::NamedComputation(nc) => units.iter().position(|l| *l == nc.label).map(|i| UnitId(i as u32)),
            _ => o.results.iter().flat_map(|r| &consumers[r.index()]).filter_map(|c| unit_of[c.index()]).min(),
        };
    }
    for &op in program.top_level() {
        if unit_of[op.index()].is_none() {
            let producers = program.op(op).operands.iter().filter_map(|&v| match program.value(v).def {
                ValueDef::OpResult { op: p, .. } => unit_of[p.index()],
                _ => None,
            });
            unit_of[op.index()] = Some(producers.max().unwrap_or(UnitId(0)));
        }
    }
    unit_of
}

/// The inputs whose shape at one microbatch differs from the full batch's, with the
/// dimension that is split: it must be exactly `microbatches` times smaller.
fn split_inputs(full: &Program, microbatch: &Program, microbatches: u32) -> Result<Vec<(usize, usize)>> {
    let mut split = Vec::new();
    for (i, (f, m)) in full.inputs().iter().zip(microbatch.inputs()).enumerate() {
        let (f, m) = (&full.value(f.value), &microbatch.value(m.value));
        if f.ty == m.ty {
            continue;
        }
        let differing: Vec<usize> =
            (0..f.ty.shape.len().min(m.ty.shape.len())).filter(|&d| f.ty.shape.get(d) != m.ty.shape.get(d)).collect();
        let ok = f.ty.shape.len() == m.ty.shape.len()
            && differing.len() == 1
            && m.ty.shape[differing[0]] * i64::from(microbatches) == f.ty.shape[differing[0]];
        if !ok {
            return Err(Error::Program(format!(
                "input \"{}\" is {} at the full batch and {} at one microbatch: expected one dimension {} times smaller",
                f.name, f.ty, m.ty, microbatches
            )));
        }
        split.push((i, differing[0]));
    }
    if split.is_empty() {
        return Err(Error::Program(
            "no input changes shape at one microbatch: the batch dimension is not where pipeline.batch (or microbatch_module) says".into(),
        ));
    }
    Ok(split)
}
