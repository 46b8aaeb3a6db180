//! Rules and counts of the elementwise ops (the `Elementwise` family of
//! [`OpFamily`](crate::ops::OpFamily)): unary and binary arithmetic, `convert`,
//! `compare`, `select`, `clamp`, `reduce_precision`, `is_finite`; and the rule of the
//! markers (the `Marker` family: `sharding_constraint`, which Shardy treats as
//! pointwise, and `optimization_barrier`), which are counted as nothing.
//!
//! Rule (Shardy's `buildPointwise`): one pass-through factor per dimension of the
//! result, mapped to the same dimension of every operand and result; scalar operands
//! (`select`'s predicate, `clamp`'s bounds) have no factor.
//!
//! Counts: FLOPs per result element ([`flops_per_element`]) — 2 for `clamp`, 1 for
//! other arithmetic, comparisons, conversions, `reduce_precision`, `is_finite` and
//! `relu`; [`TRANSCENDENTAL_FLOPS`] for exponentials, logarithms, trigonometric and
//! power functions and square roots (a polynomial approximation of ~10 multiply-adds);
//! `gelu` (tanh form: tanh plus 7 arithmetic ops) and `silu` (logistic plus a multiply)
//! add those. Bytes: every operand read once, every result written once.

use super::{OpCounts, OpShapes};
use crate::ops::{BinaryOp, OpKind, UnaryOp};
use crate::rule::{FactorKind, OpShardingRule};

/// FLOPs charged per element for one transcendental function.
pub const TRANSCENDENTAL_FLOPS: f64 = 10.0;

/// The pointwise rule for ops whose result has `shape`.
pub fn rule(shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    b.add_pointwise(&shapes.results[0].shape, |_| FactorKind::PassThrough);
    b.build()
}

/// FLOPs per result element of an elementwise op: its unary or binary function's,
/// 2 for `clamp` (a maximum and a minimum), 1 for the others.
pub fn flops_per_element(kind: &OpKind) -> f64 {
    match kind {
        OpKind::Unary(u) => unary_flops_per_element(*u),
        OpKind::Binary(b) => binary_flops_per_element(*b),
        OpKind::Clamp => 2.0,
        _ => 1.0,
    }
}

/// FLOPs per element of a unary op.
pub fn unary_flops_per_element(op: UnaryOp) -> f64 {
    match op {
        UnaryOp::Exponential
        | UnaryOp::Log
        | UnaryOp::LogPlusOne
        | UnaryOp::Logistic
        | UnaryOp::Tanh
        | UnaryOp::Sqrt
        | UnaryOp::Rsqrt
        | UnaryOp::Sine
        | UnaryOp::Cosine
        | UnaryOp::Erf => TRANSCENDENTAL_FLOPS,
        UnaryOp::Gelu => TRANSCENDENTAL_FLOPS + 7.0,
        UnaryOp::Silu => TRANSCENDENTAL_FLOPS + 1.0,
        _ => 1.0,
    }
}

/// FLOPs per element of a binary op.
pub fn binary_flops_per_element(op: BinaryOp) -> f64 {
    match op {
        BinaryOp::Power | BinaryOp::Atan2 => TRANSCENDENTAL_FLOPS,
        _ => 1.0,
    }
}

/// Counts of a pointwise op doing `per_element` FLOPs per result element.
pub fn counts(shapes: &OpShapes<'_>, per_element: f64) -> OpCounts {
    OpCounts::moving(shapes).with_flops(per_element * shapes.results[0].num_elements() as f64)
}
