//! Rule and counts of `convolution`.
//!
//! Rule (Shardy's): the batch-group factor (if any) over input batch, kernel output
//! features and output features; the per-group batch factor; per spatial dimension,
//! the input dimension split into a "number of windows" factor (a permutation factor
//! shared with the output, sharding it needs a halo exchange) and a "window size"
//! factor (a reduction shared with the kernel), the larger one major, each capped by
//! what is left of the input size and dropped when 1; the feature-group factor (if
//! any); the per-group input-feature factor (a reduction over input and kernel); and
//! the per-group output-feature factor (kernel and output) when larger than 1.
//!
//! Counts: 2 FLOPs per multiply-add: `2 * output elements * window elements *
//! kernel input features`. Bytes: input and kernel read, output written.

use super::{OpCounts, OpShapes};
use crate::ops::Convolution;
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `convolution` rule.
pub fn rule(conv: &Convolution, shapes: &OpShapes<'_>) -> OpShardingRule {
    let dn = &conv.dimension_numbers;
    let (lhs, rhs, out) = (&shapes.operands[0].shape, &shapes.operands[1].shape, &shapes.results[0].shape);
    let mut b = shapes.builder();
    if conv.batch_group_count > 1 {
        b.add_factor(
            &[Some(dn.input_batch), Some(dn.kernel_output_feature)],
            &[Some(dn.output_feature)],
            conv.batch_group_count,
            FactorKind::PassThrough,
        );
    }
    b.add_factor(
        &[Some(dn.input_batch), None],
        &[Some(dn.output_batch)],
        out[dn.output_batch],
        FactorKind::PassThrough,
    );
    for ((&lhs_dim, &rhs_dim), &out_dim) in dn.input_spatial.iter().zip(&dn.kernel_spatial).zip(&dn.output_spatial) {
        let (windows, window) = (out[out_dim], rhs[rhs_dim]);
        let mut remaining = lhs[lhs_dim];
        let mut add_spatial = |size: i64, contracting: bool| {
            let size = remaining.min(size);
            if size > 1 {
                let (kernel, result, kind) = if contracting {
                    (Some(rhs_dim), None, FactorKind::Reduction)
                } else {
                    (None, Some(out_dim), FactorKind::Permutation)
                };
                b.add_factor(&[Some(lhs_dim), kernel], &[result], size, kind);
                remaining /= size;
            }
        };
        if windows >= window {
            add_spatial(windows, false);
            add_spatial(window, true);
        } else {
            add_spatial(window, true);
            add_spatial(windows, false);
        }
    }
    if conv.feature_group_count > 1 {
        b.add_factor(
            &[Some(dn.input_feature), Some(dn.kernel_output_feature)],
            &[Some(dn.output_feature)],
            conv.feature_group_count,
            FactorKind::PassThrough,
        );
    }
    b.add_factor(
        &[Some(dn.input_feature), Some(dn.kernel_input_feature)],
        &[],
        rhs[dn.kernel_input_feature],
        FactorKind::Reduction,
    );
    let output_features = out[dn.output_feature] / (conv.batch_group_count * conv.feature_group_count).max(1);
    if output_features > 1 {
        b.add_factor(
            &[None, Some(dn.kernel_output_feature)],
            &[Some(dn.output_feature)],
            output_features,
            FactorKind::PassThrough,
        );
    }
    b.build()
}

/// `2 * output elements * window elements * kernel input features`.
pub fn counts(conv: &Convolution, shapes: &OpShapes<'_>) -> OpCounts {
    let dn = &conv.dimension_numbers;
    let kernel = &shapes.operands[1].shape;
    let window: f64 = dn.kernel_spatial.iter().map(|&d| kernel[d] as f64).product();
    let macs = shapes.results[0].num_elements() as f64 * window * kernel[dn.kernel_input_feature] as f64;
    OpCounts::moving(shapes).with_flops(2.0 * macs)
}
