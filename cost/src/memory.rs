//! Peak memory per device by liveness (docs/spec.md §4), modelled on what XLA does
//! (docs/cost-model.md, Memory).
//!
//! Each op in program order has two positions: `2k`, while it runs (its operands,
//! the resharded copies of its operands and its result are live), and `2k + 1`,
//! after it (the reshards of its result run, and the operands it was the last use of
//! are gone). A value lives from the position of its producer (program inputs and
//! constants from the start; the result of an op that may write in place over a
//! dying operand, `OpKind::may_write_in_place`, from the position after it) to its
//! last use (outputs to the end); inputs that live throughout
//! (`Input::lives_throughout`: not donated) to the end. The buffers a reshard
//! creates live at its position ([`crate::transient_bytes`]: all-reduce and
//! collective-permute run in place). A value XLA fuses into its readers takes no
//! memory and keeps its operands alive to its last reader ([`fused_away`]). The
//! peak is the largest sum of live bytes at any position. A value that a reshard
//! moved nothing for is the same buffer as its source ([`Liveness::alias`]).

use autoshard_model::ir::ValueDef;
use autoshard_model::ops::{OpFamily, OpKind};
use autoshard_model::{Bytes, Program, ValueId};

/// The position op number `index` (in program order, counting ops in regions) runs
/// at; `op_position(n)` of a program of `n` ops is its end, and the position after
/// an op's is where its results are reduced or resharded.
pub fn op_position(index: usize) -> usize {
    2 * index
}

/// The position from which an op of `kind` running at `position` holds its results:
/// after it when it may write over an operand that dies there.
pub fn result_position(position: usize, kind: &OpKind) -> usize {
    position + usize::from(kind.may_write_in_place())
}

/// Per value: whether XLA never gives it a buffer of its own, because it fuses the
/// op that makes it into every op that reads it. That is a `broadcast_in_dim`, or a
/// pointwise op that is cheap to recompute in each reader or has one reader, when
/// every reader is a pointwise op and the value is not an output or a region's
/// result (XLA duplicates cheap ops into their consumers' fusions; `tanh`, `exp`,
/// division and the like it computes once). Such a value takes no memory; its
/// operands are read where it is read ([`fused_reads`]).
pub fn fused_away(program: &Program) -> Vec<bool> {
    let mut readers = vec![0usize; program.values().len()];
    let mut materialized = vec![false; program.values().len()];
    for op in program.ops() {
        for v in &op.operands {
            readers[v.index()] += 1;
            materialized[v.index()] |= !pointwise(&op.kind);
        }
        for region in &op.regions {
            region.results.iter().for_each(|v| materialized[v.index()] = true);
        }
    }
    program.outputs().iter().for_each(|o| materialized[o.value.index()] = true);
    (program.value_ids())
        .map(|v| {
            let fusible = match program.value(v).def {
                ValueDef::OpResult { op, .. } => match &program.op(op).kind {
                    OpKind::BroadcastInDim(_) => true,
                    kind => pointwise(kind) && (cheap(kind) || readers[v.index()] == 1),
                },
                _ => false,
            };
            fusible && readers[v.index()] > 0 && !materialized[v.index()]
        })
        .collect()
}

/// The values a fused-away value's readers read instead, with that value (`fused`
/// from [`fused_away`]), in an order where each fused value comes before the fused
/// values it reads: extend each one's last use to the other's.
pub fn fused_reads(program: &Program, fused: &[bool]) -> Vec<(ValueId, ValueId)> {
    let mut reads = Vec::new();
    let values: Vec<ValueId> = program.value_ids().filter(|v| fused[v.index()]).collect();
    for &v in values.iter().rev() {
        if let ValueDef::OpResult { op, .. } = program.value(v).def {
            reads.extend(program.op(op).operands.iter().map(|&u| (v, u)));
        }
    }
    reads
}

/// Whether XLA fuses an op of `kind` as a pointwise op (into its pointwise readers,
/// and its pointwise producers into it): the elementwise ops and `bitcast_convert`.
/// A marker passes its operand on but is not taken as pointwise here: a value it
/// reads is materialized, and its result is not fused away.
fn pointwise(kind: &OpKind) -> bool {
    match kind.family() {
        OpFamily::Elementwise | OpFamily::Bitcast => true,
        OpFamily::Random
        | OpFamily::Custom
        | OpFamily::Contraction
        | OpFamily::Convolution
        | OpFamily::Reduction
        | OpFamily::Window
        | OpFamily::Movement
        | OpFamily::Collective
        | OpFamily::Marker
        | OpFamily::Boundary
        | OpFamily::Region
        | OpFamily::Source => false,
    }
}

/// A pointwise op XLA duplicates into each consumer rather than computing once
/// (what its `IsExpensive` does not name: no transcendental, division or power).
fn cheap(kind: &OpKind) -> bool {
    use autoshard_model::ops::{BinaryOp as B, UnaryOp as U};
    match kind {
        OpKind::Unary(u) => matches!(u, U::Abs | U::Negate | U::Floor | U::Ceil | U::Sign | U::Not | U::Relu),
        OpKind::Binary(b) => {
            matches!(b, B::Add | B::Subtract | B::Multiply | B::Maximum | B::Minimum | B::And | B::Or | B::Xor)
        }
        _ => true,
    }
}

/// The live range and size of one buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buffer {
    /// First position it is live at.
    pub from: usize,
    /// Last position it is live at (inclusive).
    pub to: usize,
    /// Its size on one device.
    pub bytes: Bytes,
    /// The value it holds, or whose reshard it serves.
    pub value: ValueId,
    /// True for a reshard's transient buffers.
    pub transient: bool,
}

/// The peak of live bytes over positions `0..positions` and the position it occurs
/// at (the first one, if several).
pub fn peak(buffers: &[Buffer], positions: usize) -> (Bytes, usize) {
    let mut delta = vec![0i128; positions + 2];
    for b in buffers {
        let (from, to) = (b.from.min(positions), b.to.min(positions).max(b.from.min(positions)));
        delta[from] += i128::from(b.bytes.0);
        delta[to + 1] -= i128::from(b.bytes.0);
    }
    let (mut live, mut best, mut at) = (0i128, 0i128, 0usize);
    for (position, d) in delta.iter().enumerate().take(positions + 1) {
        live += d;
        if live > best {
            (best, at) = (live, position);
        }
    }
    (Bytes(u64::try_from(best).unwrap_or(u64::MAX)), at)
}

/// Where each value is defined and last used, and which values are the same buffer
/// as an earlier one (a reshard that moved nothing).
pub struct Liveness {
    defined: Vec<usize>,
    last_use: Vec<usize>,
    alias: Vec<Option<ValueId>>,
}

impl Liveness {
    /// No value defined or used yet, for `values` values.
    pub fn new(values: usize) -> Self {
        Liveness { defined: vec![0; values], last_use: vec![0; values], alias: vec![None; values] }
    }

    /// `value` is produced at `position`.
    pub fn define(&mut self, value: ValueId, position: usize) {
        self.defined[value.index()] = position;
    }

    /// `value` (or the buffer it aliases) is used at `position`.
    pub fn use_at(&mut self, value: ValueId, position: usize) {
        let v = self.root(value).index();
        self.last_use[v] = self.last_use[v].max(position);
    }

    /// The buffer `value` lives in.
    pub fn root(&self, value: ValueId) -> ValueId {
        self.alias[value.index()].unwrap_or(value)
    }

    /// Makes `value` the same buffer as `source`.
    pub fn alias(&mut self, value: ValueId, source: ValueId) {
        let root = self.root(source);
        self.alias[value.index()] = Some(root);
        let last = self.last_use[value.index()];
        self.use_at(root, last);
    }

    /// The last use of `value`'s buffer so far.
    pub fn last_use(&self, value: ValueId) -> usize {
        self.last_use[self.root(value).index()]
    }

    /// The live range of `value`'s own buffer, `None` when it aliases another.
    pub fn range(&self, value: ValueId) -> Option<(usize, usize)> {
        let i = value.index();
        self.alias[i].is_none().then(|| (self.defined[i], self.last_use[i].max(self.defined[i])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::ir::{InputSpec, ProgramBuilder, TensorType};
    use autoshard_model::{DType, Mesh};

    #[test]
    fn peak_is_the_largest_overlap() {
        let mut builder = ProgramBuilder::new("p", "mesh", Mesh::from_axes([("x", 2)]).unwrap());
        let ty = TensorType { shape: vec![1], dtype: DType::F32 };
        let x = InputSpec { name: "x".into(), ty, parameter: false, sharding: None, loc: None };
        let value = builder.add_input(x).unwrap();
        let b = |from, to, bytes| Buffer { from, to, bytes: Bytes(bytes), value, transient: false };
        let buffers = [b(0, 3, 100), b(1, 1, 50), b(2, 3, 30), b(3, 3, 40)];
        assert_eq!(peak(&buffers, 3), (Bytes(170), 3));
        assert_eq!(peak(&[], 3), (Bytes(0), 0));
    }
}
