//! Rules and counts of the contractions: `dot_general`, `dot` and `einsum`.
//!
//! `dot_general` (Shardy's rule): a factor per batching pair (operands and result),
//! then per lhs free dimension, per rhs free dimension (operand and result), then per
//! contracting pair (operands only, a reduction). `dot` is `dot_general` with the
//! lhs's last dimension contracted with the rhs's first (`DotGeneral::for_dot`). `einsum`: one factor per
//! letter — the output's letters in output order, then the summed-over letters (in
//! order of first appearance), which are reductions.
//!
//! Counts: 2 FLOPs (a multiply and an add) per point of the iteration space (the
//! product of all factor sizes), computed from the shapes without building the rule.
//! Bytes: operands read, result written.

use super::{OpCounts, OpShapes};
use crate::ops::{DotGeneral, EinsumEquation};
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `dot_general` rule.
pub fn dot_general_rule(dims: &DotGeneral, shapes: &OpShapes<'_>) -> OpShardingRule {
    let (lhs, rhs) = (&shapes.operands[0].shape, &shapes.operands[1].shape);
    let (lhs_free, rhs_free) = dims.free_dims(lhs.len(), rhs.len());
    let mut b = shapes.builder();
    let mut out = 0;
    for (&l, &r) in dims.lhs_batching_dims.iter().zip(&dims.rhs_batching_dims) {
        b.add_factor(&[Some(l as usize), Some(r as usize)], &[Some(out)], lhs[l as usize], FactorKind::PassThrough);
        out += 1;
    }
    for &l in &lhs_free {
        b.add_factor(&[Some(l), None], &[Some(out)], lhs[l], FactorKind::PassThrough);
        out += 1;
    }
    for &r in &rhs_free {
        b.add_factor(&[None, Some(r)], &[Some(out)], rhs[r], FactorKind::PassThrough);
        out += 1;
    }
    for (&l, &r) in dims.lhs_contracting_dims.iter().zip(&dims.rhs_contracting_dims) {
        b.add_factor(&[Some(l as usize), Some(r as usize)], &[], lhs[l as usize], FactorKind::Reduction);
    }
    b.build()
}

/// The `einsum` rule: output letters, then summed-over letters (reductions).
pub fn einsum_rule(equation: &EinsumEquation, shapes: &OpShapes<'_>) -> OpShardingRule {
    let sizes = equation.letter_sizes(&shapes.operands);
    let letters = equation.letters();
    let size_of = |c: char| letters.iter().position(|&l| l == c).map_or(1, |i| sizes[i]);
    let summed = letters.iter().copied().filter(|c| !equation.output.contains(c));
    let mut b = shapes.builder();
    for c in equation.output.iter().copied().chain(summed) {
        let operand_dims: Vec<Option<usize>> =
            equation.inputs.iter().map(|letters| letters.iter().position(|&l| l == c)).collect();
        let result_dim = equation.output.iter().position(|&l| l == c);
        let kind = if result_dim.is_some() { FactorKind::PassThrough } else { FactorKind::Reduction };
        b.add_factor(&operand_dims, &[result_dim], size_of(c), kind);
    }
    b.build()
}

/// Counts of a `dot_general`: two FLOPs per point of the iteration space (result
/// elements times the contracted sizes), its operands read and result written.
pub fn dot_general_counts(dims: &DotGeneral, shapes: &OpShapes<'_>) -> OpCounts {
    let lhs = &shapes.operands[0].shape;
    let contracted: f64 = dims.lhs_contracting_dims.iter().map(|&d| lhs[d as usize] as f64).product();
    OpCounts::moving(shapes).with_flops(2.0 * shapes.results[0].num_elements() as f64 * contracted)
}

/// Counts of an `einsum`: two FLOPs per point of the space of all its letters.
pub fn einsum_counts(equation: &EinsumEquation, shapes: &OpShapes<'_>) -> OpCounts {
    let points: f64 = equation.letter_sizes(&shapes.operands).iter().map(|&s| s as f64).product();
    OpCounts::moving(shapes).with_flops(2.0 * points)
}
