//! Rules of the ops that rearrange a tensor: `broadcast_in_dim`, `reshape`,
//! `transpose`. They do no arithmetic: counts are the bytes moved only.
//!
//! `broadcast_in_dim` (Shardy's rule): per result dimension, a factor shared with the
//! operand dimension it comes from; an operand dimension of size 1 expanded into a
//! larger one gets its own size-1 factor instead.
//!
//! `transpose`: per result dimension, a factor shared with the operand dimension
//! `permutation[d]`.
//!
//! `reshape` (Shardy's algorithm): walk the input and output dimensions together,
//! splitting them into factors so that a factor is shared whenever the running
//! products agree. Size-1 dimensions get their own size-1 factor. When the products
//! are equal, the gcd of the next input and output factors becomes a common factor (if
//! it is 1, both get unique factors and the walk has diverged); once diverged, the side
//! that is behind takes the factor that makes the products converge if it divides,
//! else one that keeps the next gcd, else its whole remainder. Examples:
//! `2x4 -> 8` is `([i, j])->([ij])`; `6x4 -> 4x6` is `([ij, mn])->([ik, ln])`; a reshape
//! of a tensor with no elements has no rule.

use super::OpShapes;
use crate::axis::gcd;
use crate::ops::{BroadcastInDim, Transpose};
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `broadcast_in_dim` rule.
pub fn broadcast_rule(attrs: &BroadcastInDim, shapes: &OpShapes<'_>) -> OpShardingRule {
    let (input, output) = (&shapes.operands[0].shape, &shapes.results[0].shape);
    let mut in_dim_of = vec![None; output.len()];
    for (in_dim, &out_dim) in attrs.broadcast_dimensions.iter().enumerate() {
        in_dim_of[out_dim as usize] = Some(in_dim);
    }
    let mut b = shapes.builder();
    for (out_dim, &out_size) in output.iter().enumerate() {
        let mut in_dim = in_dim_of[out_dim];
        if let Some(d) = in_dim.filter(|&d| input[d] == 1 && out_size != 1) {
            b.add_factor(&[Some(d)], &[None], 1, FactorKind::PassThrough);
            in_dim = None;
        }
        b.add_factor(&[in_dim], &[Some(out_dim)], out_size, FactorKind::PassThrough);
    }
    b.build()
}

/// The `transpose` rule.
pub fn transpose_rule(attrs: &Transpose, shapes: &OpShapes<'_>) -> OpShardingRule {
    let input = &shapes.operands[0].shape;
    let mut b = shapes.builder();
    for (out_dim, &in_dim) in attrs.permutation.iter().enumerate() {
        let in_dim = in_dim as usize;
        b.add_factor(&[Some(in_dim)], &[Some(out_dim)], input[in_dim], FactorKind::PassThrough);
    }
    b.build()
}

/// Shardy's `reshape` rule; `None` when the tensor has no elements.
pub fn reshape_rule(shapes: &OpShapes<'_>) -> Option<OpShardingRule> {
    let (input, output) = (&shapes.operands[0].shape, &shapes.results[0].shape);
    if shapes.operands[0].num_elements() == 0 {
        return None;
    }
    let mut walk =
        ReshapeWalk { input, output, in_dim: 0, out_dim: 0, dims_in: 1, dims_out: 1, factors_in: 1, factors_out: 1 };
    let mut b = shapes.builder();
    while walk.in_dim < input.len() || walk.out_dim < output.len() {
        let before = (walk.in_dim, walk.out_dim, walk.factors_in, walk.factors_out);
        walk.step(&mut |operand, result, size| {
            b.add_factor(&[operand], &[result], size, FactorKind::PassThrough);
        });
        // Only an inconsistent reshape (element counts differ) can stall the walk.
        if before == (walk.in_dim, walk.out_dim, walk.factors_in, walk.factors_out) {
            return None;
        }
    }
    Some(b.build())
}

/// The state of the reshape walk: the current dimensions and the running products
/// of dimension sizes and of factors on each side.
struct ReshapeWalk<'a> {
    input: &'a [i64],
    output: &'a [i64],
    in_dim: usize,
    out_dim: usize,
    dims_in: i64,
    dims_out: i64,
    factors_in: i64,
    factors_out: i64,
}

impl ReshapeWalk<'_> {
    /// Adds the next factor(s) through `add(operand_dim, result_dim, size)`.
    fn step(&mut self, add: &mut impl FnMut(Option<usize>, Option<usize>, i64)) {
        let (in_rank, out_rank) = (self.input.len(), self.output.len());
        if self.in_dim < in_rank && self.input[self.in_dim] == 1 {
            add(Some(self.in_dim), None, 1);
            self.in_dim += 1;
            return;
        }
        if self.out_dim < out_rank && self.output[self.out_dim] == 1 {
            add(None, Some(self.out_dim), 1);
            self.out_dim += 1;
            return;
        }
        if self.in_dim < in_rank && self.dims_in == self.factors_in {
            self.dims_in *= self.input[self.in_dim];
        }
        if self.out_dim < out_rank && self.dims_out == self.factors_out {
            self.dims_out *= self.output[self.out_dim];
        }
        let next_in = self.dims_in / self.factors_in;
        let next_out = self.dims_out / self.factors_out;
        let gcd = gcd(next_in, next_out);
        let (in_dim, out_dim) = (Some(self.in_dim), Some(self.out_dim));
        if self.factors_in == self.factors_out {
            if gcd > 1 {
                add(in_dim, out_dim, gcd);
                self.factors_in *= gcd;
                self.factors_out *= gcd;
            } else {
                add(in_dim, None, next_in);
                self.factors_in *= next_in;
                add(None, out_dim, next_out);
                self.factors_out *= next_out;
            }
        } else if self.factors_in < self.factors_out {
            let factor = next_if_diverged(next_in, gcd, self.factors_in, self.factors_out);
            add(in_dim, None, factor);
            self.factors_in *= factor;
        } else {
            let factor = next_if_diverged(next_out, gcd, self.factors_out, self.factors_in);
            add(None, out_dim, factor);
            self.factors_out *= factor;
        }
        if self.in_dim < in_rank && self.dims_in == self.factors_in {
            self.in_dim += 1;
        }
        if self.out_dim < out_rank && self.dims_out == self.factors_out {
            self.out_dim += 1;
        }
    }
}

/// The factor the side that is behind takes once the walk has diverged.
fn next_if_diverged(next: i64, gcd: i64, smaller: i64, larger: i64) -> i64 {
    if larger % smaller == 0 && next % (larger / smaller) == 0 {
        larger / smaller
    } else if next > gcd {
        next / gcd
    } else {
        next
    }
}
