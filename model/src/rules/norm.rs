//! Rules and counts of the normalisations: `softmax`, `layer_norm`, `rms_norm`,
//! `batch_norm_inference`.
//!
//! Rules: one factor per input dimension, shared with the result; the normalised
//! dimensions need replication (a row must be whole to be normalised) and are shared
//! with the optional scale and bias operands, whose dimensions are the normalised ones
//! in order. `batch_norm_inference` (Shardy's rule): one pass-through factor per
//! operand dimension, shared with the result, the feature dimension also with the
//! four 1-d parameters.
//!
//! Counts per element: softmax 4 + one transcendental (max, subtract, exp, sum,
//! divide); layer_norm 7 (mean, subtract, square, variance sum, normalise, scale,
//! bias); rms_norm 4 (square, sum, normalise, scale); plus one transcendental (the
//! reciprocal square root) per normalised row; batch_norm_inference 4 per element
//! plus one transcendental per feature. Bytes: operands read, result written.

use super::pointwise::TRANSCENDENTAL_FLOPS;
use super::{OpCounts, OpShapes};
use crate::ops::Norm;
use crate::rule::{FactorKind, OpShardingRule};

/// Rule of a normalisation over `dims` whose extra operands hold its parameters.
pub fn rule(dims: &[i64], shapes: &OpShapes<'_>) -> OpShardingRule {
    let extra = shapes.operands.len() - 1;
    let mut b = shapes.builder();
    for (d, &size) in shapes.operands[0].shape.iter().enumerate() {
        let position = dims.iter().position(|&n| n == d as i64);
        let mut operand_dims = vec![Some(d)];
        operand_dims.extend(std::iter::repeat_n(position, extra));
        let kind = if position.is_some() { FactorKind::NeedReplication } else { FactorKind::PassThrough };
        b.add_factor(&operand_dims, &[Some(d)], size, kind);
    }
    b.build()
}

/// Shardy's `batch_norm_inference` rule.
pub fn batch_norm_rule(feature_index: i64, shapes: &OpShapes<'_>) -> OpShardingRule {
    let params = shapes.operands.len() - 1;
    let mut b = shapes.builder();
    for (d, &size) in shapes.operands[0].shape.iter().enumerate() {
        let mut operand_dims = vec![Some(d)];
        operand_dims.extend(std::iter::repeat_n((d as i64 == feature_index).then_some(0), params));
        b.add_factor(&operand_dims, &[Some(d)], size, FactorKind::PassThrough);
    }
    b.build()
}

/// FLOPs of `batch_norm_inference`.
pub fn batch_norm_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let elements = shapes.operands[0].num_elements() as f64;
    let features = shapes.operands.get(1).map_or(0, |t| t.num_elements()) as f64;
    OpCounts::moving(shapes).with_flops(elements * 4.0 + features * TRANSCENDENTAL_FLOPS)
}

/// FLOPs of a softmax along one dimension.
pub fn softmax_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let elements = shapes.operands[0].num_elements() as f64;
    OpCounts::moving(shapes).with_flops(elements * (4.0 + TRANSCENDENTAL_FLOPS))
}

/// FLOPs of a layer or RMS norm doing `per_element` FLOPs per element.
pub fn norm_counts(norm: &Norm, shapes: &OpShapes<'_>, per_element: f64) -> OpCounts {
    let x = shapes.operands[0];
    let row: f64 = norm.dimensions.iter().map(|&d| x.shape[d as usize] as f64).product();
    let elements = x.num_elements() as f64;
    let rows = if row > 0.0 { elements / row } else { 0.0 };
    OpCounts::moving(shapes).with_flops(elements * per_element + rows * TRANSCENDENTAL_FLOPS)
}
