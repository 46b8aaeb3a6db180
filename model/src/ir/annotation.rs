//! The user's sharding annotations of a program, each tied to the value it
//! constrains, in program order.
//!
//! Sources: inputs, op results (`sharding:` on an op), `sharding_constraint` and
//! `reshard` (their result; a `sharding_constraint` whose result nothing uses
//! constrains its operand too, as in Shardy, where it would otherwise mean
//! nothing), a named computation's `in_shardings` (its body's
//! arguments) and `out_shardings` (its results), a manual computation's
//! `in_shardings` (its body's arguments, without the manual axes) and
//! `out_shardings` (its results), and outputs — an output's annotation constrains its
//! value only when nothing else annotates that value (otherwise the output is a
//! reshard at the end). Annotations are as written: open dimensions and priorities
//! kept.

use super::{OpId, Program, ValueId};
use crate::ops::OpKind;
use crate::sharding::TensorSharding;

/// Where an annotation was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnnotationSource {
    /// A program input.
    Input,
    /// An op's own `sharding:`.
    OpResult(OpId),
    /// A `sharding_constraint` or `reshard` op.
    Op(OpId),
    /// The `in_shardings` of a named or manual computation.
    RegionIn(OpId),
    /// The `out_shardings` of a named or manual computation.
    RegionOut(OpId),
    /// A program output.
    Output,
}

/// One annotation of one value.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    /// The constrained value.
    pub value: ValueId,
    /// The annotation as written (a manual computation's argument: without the
    /// manual axes).
    pub sharding: TensorSharding,
    /// Where it was written.
    pub source: AnnotationSource,
}

impl Annotation {
    /// Where it was written, for messages: `input "x"`, `sharding_constraint "c"`.
    pub fn describe(&self, program: &Program) -> String {
        let op = |id: OpId| (program.op(id).kind.name(), &program.op(id).name);
        let value = &program.value(self.value).name;
        match self.source {
            AnnotationSource::Input => format!("input \"{value}\""),
            AnnotationSource::Output => format!("output \"{value}\""),
            AnnotationSource::OpResult(id) => format!("the sharding of op \"{}\"", op(id).1),
            AnnotationSource::Op(id) => format!("{} \"{}\"", op(id).0, op(id).1),
            AnnotationSource::RegionIn(id) => format!("the in_shardings of {} \"{}\"", op(id).0, op(id).1),
            AnnotationSource::RegionOut(id) => format!("the out_shardings of {} \"{}\"", op(id).0, op(id).1),
        }
    }
}

impl Program {
    /// Per value: whether an op reads it, a region returns it or it is an output.
    fn used_values(&self) -> Vec<bool> {
        let mut used = vec![false; self.values.len()];
        for op in &self.ops {
            let returned = op.regions.iter().flat_map(|r| &r.results);
            op.operands.iter().chain(returned).for_each(|v| used[v.index()] = true);
        }
        self.outputs.iter().for_each(|o| used[o.value.index()] = true);
        used
    }

    /// Every annotation, in program order (see the module docs).
    pub fn annotations(&self) -> Vec<Annotation> {
        let mut out = Vec::new();
        let mut add = |value: ValueId, sharding: &TensorSharding, source| {
            out.push(Annotation { value, sharding: sharding.clone(), source })
        };
        for input in &self.inputs {
            if let Some(s) = &input.sharding {
                add(input.value, s, AnnotationSource::Input);
            }
        }
        let used = self.used_values();
        for id in self.ops_in_order() {
            let op = self.op(id);
            for (&r, s) in op.results.iter().zip(&op.result_shardings) {
                if let Some(s) = s {
                    add(r, s, AnnotationSource::OpResult(id));
                }
            }
            match (&op.kind, op.body()) {
                (OpKind::ShardingConstraint(s), _) if !used[op.results[0].index()] => {
                    add(op.results[0], s, AnnotationSource::Op(id));
                    add(op.operands[0], s, AnnotationSource::Op(id));
                }
                (OpKind::ShardingConstraint(s) | OpKind::Reshard(s), _) => {
                    add(op.results[0], s, AnnotationSource::Op(id))
                }
                (OpKind::NamedComputation(n), Some(body)) => {
                    for (s, &a) in n.in_shardings.iter().flatten().zip(&body.args) {
                        add(a, s, AnnotationSource::RegionIn(id));
                    }
                    for (s, &r) in n.out_shardings.iter().flatten().zip(&op.results) {
                        add(r, s, AnnotationSource::RegionOut(id));
                    }
                }
                (OpKind::ManualComputation(m), Some(body)) => {
                    for (s, &a) in m.in_shardings.iter().zip(&body.args) {
                        add(a, &m.local(s), AnnotationSource::RegionIn(id));
                    }
                    for (s, &r) in m.out_shardings.iter().zip(&op.results) {
                        add(r, s, AnnotationSource::RegionOut(id));
                    }
                }
                _ => {}
            }
        }
        for output in &self.outputs {
            if let Some(s) = &output.sharding
                && !out.iter().any(|a| a.value == output.value)
            {
                out.push(Annotation { value: output.value, sharding: s.clone(), source: AnnotationSource::Output });
            }
        }
        out
    }
}
