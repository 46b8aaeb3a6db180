//! Sharding rules and cost inputs of every op.
//!
//! For every op, the [`OpShardingRule`] Shardy's registry builds (printed identically;
//! conveniences get rules in the same spirit) and its [`OpCounts`] — FLOPs and bytes
//! of one unsharded execution, which the cost model divides by the shards. One file
//! per op family; each documents its rules and counts. `README.md` explains the
//! builder and how to add an op.
//!
//! `rule_for` and `counts_for` match on the op's family ([`OpKind::family`]): the
//! elementwise ops share the pointwise rule and counts, the other families' ops have
//! their own (`own_rule`, `own_counts`). Ops with no rule (`None`): the boundaries
//! (`reshard`, `propagation_barrier`), the region ops (their bodies have rules) and
//! the sources (`constant`, `iota`, `partition_id`), as in Shardy, and a `reshape` of
//! a tensor with no elements.
//!
#![doc = include_str!("README.md")]

mod bits;
mod builder;
mod collective;
mod conv;
mod custom;
mod custom_call;
mod dot;
mod gather;
mod halo;
mod linalg;
mod norm;
mod pointwise;
mod reduce;
mod reshaping;
mod slicing;
mod sort;
mod window;

pub use builder::RuleBuilder;
pub use custom_call::{CallUsers, custom_call_rule};
pub use gather::take_as_gather;
pub use halo::halo_exchange;
pub use pointwise::TRANSCENDENTAL_FLOPS;
pub(crate) use pointwise::unary_flops_per_element;
pub use slicing::{ConcatSources, StartIndices};

use crate::ir::{Op, OpId, Program, TensorType, ValueDef, ValueId};
use crate::ops::{DotGeneral, OpFamily, OpKind, ReduceWindow};
use crate::rule::OpShardingRule;
use crate::units::{Bytes, Flops};

/// The types of an op's operands and results.
#[derive(Debug, Clone)]
pub struct OpShapes<'a> {
    /// Operand types, in order.
    pub operands: Vec<&'a TensorType>,
    /// Result types, in order.
    pub results: Vec<&'a TensorType>,
}

impl<'a> OpShapes<'a> {
    /// The types of `op`'s operands and results in `program`.
    pub fn of(program: &'a Program, op: &Op) -> Self {
        let types = |ids: &[ValueId]| ids.iter().map(|&v| &program.value(v).ty).collect();
        OpShapes { operands: types(&op.operands), results: types(&op.results) }
    }

    /// A rule builder for tensors of these ranks.
    pub fn builder(&self) -> RuleBuilder {
        let ranks = |types: &[&TensorType]| types.iter().map(|t| t.rank()).collect::<Vec<_>>();
        RuleBuilder::new(&ranks(&self.operands), &ranks(&self.results))
    }
}

/// What one unsharded execution of an op does.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OpCounts {
    /// Floating-point operations.
    pub flops: Flops,
    /// Bytes read from memory.
    pub bytes_read: Bytes,
    /// Bytes written to memory.
    pub bytes_written: Bytes,
}

impl OpCounts {
    /// No FLOPs; every operand read once and every result written once.
    pub fn moving(shapes: &OpShapes<'_>) -> Self {
        let total = |types: &[&TensorType]| types.iter().map(|t| t.size()).sum::<Bytes>();
        OpCounts { flops: Flops(0.0), bytes_read: total(&shapes.operands), bytes_written: total(&shapes.results) }
    }

    /// The same counts with `flops` FLOPs.
    pub fn with_flops(self, flops: f64) -> Self {
        OpCounts { flops: Flops(flops), ..self }
    }
}

/// The sharding rule of op `id` of `program`.
pub fn sharding_rule(program: &Program, id: OpId) -> Option<OpShardingRule> {
    let op = program.op(id);
    let sources = match op.kind {
        OpKind::Concatenate(_) => concat_sources(program, &op.operands),
        OpKind::DynamicUpdateSlice => {
            let shapes = OpShapes::of(program, op);
            return Some(slicing::dynamic_update_slice_rule(start_indices(program, &op.operands), &shapes));
        }
        _ => ConcatSources::default(),
    };
    rule_for(&op.kind, &OpShapes::of(program, op), sources)
}

/// The sharding rule of op `id` as Shardy writes it for the StableHLO op: with the
/// scalar operands the op set holds as attributes put back as `[]` — a `reduce`'s
/// and a `reduce_window`'s init values (one per input), a `pad`'s padding value and
/// a `select_and_scatter`'s init value (`([i, j, k], [])->([i, k])`).
pub fn stablehlo_rule(program: &Program, id: OpId) -> Option<OpShardingRule> {
    let mut rule = sharding_rule(program, id)?;
    let op = program.op(id);
    let ranks = op.operands.iter().map(|&v| program.value(v).ty.rank());
    let held = match op.kind {
        OpKind::Reduce(_) => op.operands.len(),
        OpKind::ReduceWindow(_) if ReduceWindow::input_count(ranks) == op.operands.len() => op.operands.len(),
        OpKind::Pad(_) if op.operands.len() == 1 => 1,
        OpKind::SelectAndScatter(_) if op.operands.len() == 2 => 1,
        _ => 0,
    };
    rule.operands.extend((0..held).map(|_| crate::rule::TensorMapping { dims: Vec::new() }));
    Some(rule)
}

/// The sharding rule of an op of `kind` with `shapes`; `sources` matters only for
/// `concatenate` (a `dynamic_update_slice` is taken to have run-time indices).
pub fn rule_for(kind: &OpKind, shapes: &OpShapes<'_>, sources: ConcatSources) -> Option<OpShardingRule> {
    match kind.family() {
        // Elementwise ops, and markers (the operand itself: Shardy's
        // `sharding_constraint` is pointwise).
        OpFamily::Elementwise | OpFamily::Marker => Some(pointwise::rule(shapes)),
        // Shardy's own rule: pointwise for equal widths, else a dimension split or merged.
        OpFamily::Bitcast => Some(bits::bitcast_rule(shapes)),
        OpFamily::Random => Some(bits::rng_rule(shapes)),
        // As in Shardy, none: a boundary's result is sharded apart from its operand, a
        // region op's bodies have rules, a source has no operand.
        OpFamily::Boundary | OpFamily::Region | OpFamily::Source => None,
        OpFamily::Custom
        | OpFamily::Contraction
        | OpFamily::Convolution
        | OpFamily::Reduction
        | OpFamily::Window
        | OpFamily::Movement
        | OpFamily::Collective => own_rule(kind, shapes, sources),
    }
}

/// The rule of an op of a family whose every op has a rule of its own (`rule_for`
/// gives the other families' ops theirs by family, and never asks here).
fn own_rule(kind: &OpKind, shapes: &OpShapes<'_>, sources: ConcatSources) -> Option<OpShardingRule> {
    Some(match kind {
        OpKind::Custom(c) => custom::rule(c),
        OpKind::DotGeneral(d) => dot::dot_general_rule(d, shapes),
        OpKind::Dot => dot::dot_general_rule(&DotGeneral::for_dot(shapes.operands[0].rank()), shapes),
        OpKind::Einsum(e) => dot::einsum_rule(e, shapes),
        OpKind::TriangularSolve(t) => linalg::triangular_solve_rule(t, shapes),
        OpKind::Cholesky(c) => linalg::cholesky_rule(c, shapes),
        OpKind::Convolution(c) => conv::rule(c, shapes),
        OpKind::Reduce(r) => reduce::rule(r, shapes),
        OpKind::Sort(s) => sort::rule(s, shapes),
        OpKind::Softmax(s) => norm::rule(&[s.dimension], shapes),
        OpKind::LayerNorm(n) | OpKind::RmsNorm(n) => norm::rule(&n.dimensions, shapes),
        OpKind::BatchNormInference(b) => norm::batch_norm_rule(b.feature_index, shapes),
        OpKind::ReduceWindow(r) => window::reduce_window_rule(r, shapes),
        OpKind::SelectAndScatter(s) => window::select_and_scatter_rule(s, shapes),
        OpKind::BroadcastInDim(b) => reshaping::broadcast_rule(b, shapes),
        OpKind::Reshape(_) => return reshaping::reshape_rule(shapes),
        OpKind::Transpose(t) => reshaping::transpose_rule(t, shapes),
        OpKind::Concatenate(c) => slicing::concatenate_rule(c.dimension, sources, shapes),
        OpKind::Reverse(r) => slicing::reverse_rule(r, shapes),
        OpKind::Slice(_) | OpKind::Pad(_) => slicing::slice_or_pad_rule(shapes),
        OpKind::DynamicSlice(_) => slicing::dynamic_slice_rule(shapes),
        OpKind::DynamicUpdateSlice => slicing::dynamic_update_slice_rule(StartIndices::Dynamic, shapes),
        OpKind::Gather(g) => gather::gather_rule(g, shapes),
        OpKind::Scatter(s) => gather::scatter_rule(s, shapes),
        OpKind::Take(t) => {
            let gather = gather::take_as_gather(t, &shapes.operands[0].shape, shapes.operands[1].rank());
            gather::gather_rule(&gather, shapes)
        }
        OpKind::AllGather(a) => collective::all_gather_rule(a, shapes),
        OpKind::AllToAll(a) => collective::all_to_all_rule(a, shapes),
        OpKind::ReduceScatter(r) => collective::reduce_scatter_rule(r, shapes),
        OpKind::AllReduce(_) | OpKind::CollectivePermute(_) => collective::identity_rule(shapes),
        _ => return None,
    })
}

/// What the operands of a `concatenate` are made of.
fn concat_sources(program: &Program, operands: &[ValueId]) -> ConcatSources {
    let slice_source = |v: ValueId| match program.value(v).def {
        ValueDef::OpResult { op, .. } if matches!(program.op(op).kind, OpKind::Slice(_)) => {
            program.op(op).operands.first().copied()
        }
        _ => None,
    };
    let all_slices = operands.iter().all(|&v| slice_source(v).is_some());
    let source = |v: ValueId| slice_source(v).unwrap_or(v);
    let one_tensor = operands.first().is_some_and(|&first| operands.iter().all(|&v| source(v) == source(first)));
    let any_slice = operands.iter().any(|&v| slice_source(v).is_some());
    ConcatSources { all_slices, one_tensor_with_slices: one_tensor && any_slice }
}

/// Whether the start indices of a `dynamic_update_slice` (its operands after the
/// first two) are all constants.
fn start_indices(program: &Program, operands: &[ValueId]) -> StartIndices {
    let constant = |v: &ValueId| match program.value(*v).def {
        ValueDef::OpResult { op, .. } => matches!(program.op(op).kind, OpKind::Constant(_)),
        _ => false,
    };
    if operands.iter().skip(2).all(constant) { StartIndices::Constant } else { StartIndices::Dynamic }
}

/// The counts of op `id` of `program`.
pub fn op_counts(program: &Program, id: OpId) -> OpCounts {
    let op = program.op(id);
    counts_for(&op.kind, &OpShapes::of(program, op))
}

/// The counts of an op of `kind` with `shapes`.
pub fn counts_for(kind: &OpKind, shapes: &OpShapes<'_>) -> OpCounts {
    match kind.family() {
        OpFamily::Elementwise => pointwise::counts(shapes, pointwise::flops_per_element(kind)),
        // No arithmetic: the operand's bytes copied to the result.
        OpFamily::Bitcast => OpCounts::moving(shapes),
        // No kernel: a marker or boundary passes its operand on (a boundary's reshard
        // is priced as one), a region op's bodies are counted op by op.
        OpFamily::Marker | OpFamily::Boundary | OpFamily::Region => OpCounts::default(),
        // Nothing read; the result written.
        OpFamily::Source => OpCounts { bytes_read: Bytes(0), ..OpCounts::moving(shapes) },
        OpFamily::Random
        | OpFamily::Custom
        | OpFamily::Contraction
        | OpFamily::Convolution
        | OpFamily::Reduction
        | OpFamily::Window
        | OpFamily::Movement
        | OpFamily::Collective => own_counts(kind, shapes),
    }
}

/// The counts of an op of a family whose ops are counted one by one (`counts_for`
/// counts the other families' ops by family, and never asks here): the moves of
/// data among them (`broadcast_in_dim`, `reshape`, `transpose`, `concatenate`,
/// `reverse`, `pad`, `all_gather`, `all_to_all`, `collective_permute`) read every
/// operand and write every result.
fn own_counts(kind: &OpKind, shapes: &OpShapes<'_>) -> OpCounts {
    match kind {
        OpKind::RngBitGenerator(_) => bits::rng_counts(shapes),
        OpKind::Custom(c) => custom::counts(c, shapes),
        OpKind::DotGeneral(d) => dot::dot_general_counts(d, shapes),
        OpKind::Dot => dot::dot_general_counts(&DotGeneral::for_dot(shapes.operands[0].rank()), shapes),
        OpKind::Einsum(e) => dot::einsum_counts(e, shapes),
        OpKind::TriangularSolve(_) => linalg::triangular_solve_counts(shapes),
        OpKind::Cholesky(_) => linalg::cholesky_counts(shapes),
        OpKind::Convolution(c) => conv::counts(c, shapes),
        OpKind::Reduce(_) => reduce::counts(shapes),
        OpKind::Sort(s) => sort::counts(s, shapes),
        OpKind::Softmax(_) => norm::softmax_counts(shapes),
        OpKind::LayerNorm(n) => norm::norm_counts(n, shapes, 7.0),
        OpKind::RmsNorm(n) => norm::norm_counts(n, shapes, 4.0),
        OpKind::BatchNormInference(_) => norm::batch_norm_counts(shapes),
        OpKind::ReduceWindow(r) => window::reduce_window_counts(r, shapes),
        OpKind::SelectAndScatter(s) => window::select_and_scatter_counts(s, shapes),
        OpKind::Slice(_) | OpKind::DynamicSlice(_) => slicing::slicing_counts(shapes),
        OpKind::DynamicUpdateSlice => slicing::dynamic_update_slice_counts(shapes),
        OpKind::Gather(_) | OpKind::Take(_) => gather::gather_counts(shapes),
        OpKind::Scatter(s) => gather::scatter_counts(s, shapes),
        OpKind::ReduceScatter(_) | OpKind::AllReduce(_) => collective::reduce_scatter_counts(shapes),
        _ => OpCounts::moving(shapes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ops::{Convolution, DotGeneral, Reduce, ReduceKind, Softmax, UnaryOp};

    fn ty(shape: &[i64]) -> TensorType {
        TensorType::new(shape, DType::F32)
    }

    fn counts(kind: &OpKind, operands: &[&TensorType], results: &[&TensorType]) -> OpCounts {
        counts_for(kind, &OpShapes { operands: operands.to_vec(), results: results.to_vec() })
    }

    #[test]
    fn batched_einsum_rule() {
        let kind = OpKind::Einsum("bij,bjk->bik".parse().expect("equation"));
        let (a, b, out) = (ty(&[2, 3, 4]), ty(&[2, 4, 5]), ty(&[2, 3, 5]));
        let shapes = OpShapes { operands: vec![&a, &b], results: vec![&out] };
        let rule = rule_for(&kind, &shapes, ConcatSources::default()).expect("einsum has a rule");
        assert_eq!(
            rule.to_string(),
            "#sdy.op_sharding_rule<([i, j, l], [i, l, k])->([i, j, k]) {i=2, j=3, k=5, l=4} reduction={l}>"
        );
    }

    #[test]
    fn matmul_is_two_flops_per_multiply_add() {
        let dims = DotGeneral { lhs_contracting_dims: vec![1], rhs_contracting_dims: vec![0], ..Default::default() };
        let c = counts(&OpKind::DotGeneral(dims), &[&ty(&[8, 32]), &ty(&[32, 16])], &[&ty(&[8, 16])]);
        assert_eq!(c.flops, Flops(2.0 * 8.0 * 16.0 * 32.0));
        assert_eq!(c.bytes_read, Bytes((8 * 32 + 32 * 16) * 4));
        assert_eq!(c.bytes_written, Bytes(8 * 16 * 4));
    }

    #[test]
    fn pointwise_reduce_and_softmax() {
        let x = ty(&[4, 8]);
        assert_eq!(counts(&OpKind::Unary(UnaryOp::Relu), &[&x], &[&x]).flops, Flops(32.0));
        assert_eq!(counts(&OpKind::Unary(UnaryOp::Exponential), &[&x], &[&x]).flops, Flops(320.0));
        let reduce = OpKind::Reduce(Reduce { dimensions: vec![1], kind: ReduceKind::Add });
        assert_eq!(counts(&reduce, &[&x], &[&ty(&[4])]).flops, Flops(32.0));
        let softmax = OpKind::Softmax(Softmax { dimension: 1 });
        assert_eq!(counts(&softmax, &[&x], &[&x]).flops, Flops(32.0 * (4.0 + TRANSCENDENTAL_FLOPS)));
    }

    #[test]
    fn convolution_counts_window_and_features() {
        let conv = Convolution {
            dimension_numbers: "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]".parse().expect("dims"),
            window_strides: vec![1, 1],
            padding: vec![(1, 1), (1, 1)],
            lhs_dilation: vec![1, 1],
            rhs_dilation: vec![1, 1],
            feature_group_count: 1,
            batch_group_count: 1,
        };
        let c = counts(&OpKind::Convolution(conv), &[&ty(&[2, 8, 8, 3]), &ty(&[3, 3, 3, 16])], &[&ty(&[2, 8, 8, 16])]);
        assert_eq!(c.flops, Flops(2.0 * (2.0 * 8.0 * 8.0 * 16.0) * 9.0 * 3.0));
    }

    #[test]
    fn data_movement_has_no_flops() {
        let x = ty(&[4, 8]);
        let t = OpKind::Transpose(crate::ops::Transpose { permutation: vec![1, 0] });
        let c = counts(&t, &[&x], &[&ty(&[8, 4])]);
        assert_eq!((c.flops, c.bytes_read, c.bytes_written), (Flops(0.0), Bytes(128), Bytes(128)));
    }
}
