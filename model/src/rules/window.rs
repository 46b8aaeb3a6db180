//! Rules and counts of the windowed ops `reduce_window` and `select_and_scatter`.
//!
//! Rules (Shardy's): one factor per result dimension, of the result's size (the
//! number of windows), shared with the same dimension of the inputs. It is
//! pass-through where the window is one element with stride 1 and no padding, and
//! a permutation factor elsewhere (sharding it needs a halo exchange, as a
//! convolution's spatial dimensions do). Scalar init values have no factor.
//! `select_and_scatter` splits each windowed dimension in two: first the source's
//! dimension (one value per window), which needs replication, then the operand's
//! and result's, a permutation factor.
//!
//! Counts: `reduce_window` combines each window element once per input
//! (`windows × window elements × inputs`); `select_and_scatter` compares each
//! window element once and combines each source value once.

use super::{OpCounts, OpShapes};
use crate::ops::{ReduceWindow, SelectAndScatter};
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `reduce_window` rule.
pub fn reduce_window_rule(rw: &ReduceWindow, shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    b.add_pointwise(&shapes.results[0].shape, |d| {
        if rw.window.is_shardy_pass_through(d) { FactorKind::PassThrough } else { FactorKind::Permutation }
    });
    b.build()
}

/// Shardy's `select_and_scatter` rule.
pub fn select_and_scatter_rule(s: &SelectAndScatter, shapes: &OpShapes<'_>) -> OpShardingRule {
    let source = &shapes.operands[1].shape;
    let mut b = shapes.builder();
    for (d, &size) in shapes.results[0].shape.iter().enumerate() {
        if s.window.is_shardy_pass_through(d) {
            b.add_factor_everywhere(d, size, FactorKind::PassThrough, false);
        } else {
            b.add_factor(&[None, Some(d)], &[], source[d], FactorKind::NeedReplication).add_factor(
                &[Some(d)],
                &[Some(d)],
                size,
                FactorKind::Permutation,
            );
        }
    }
    b.build()
}

/// One combine per window element and input.
pub fn reduce_window_counts(rw: &ReduceWindow, shapes: &OpShapes<'_>) -> OpCounts {
    let windows: u64 = shapes.results.iter().map(|t| t.num_elements()).sum();
    OpCounts::moving(shapes).with_flops(windows as f64 * rw.window.elements() as f64)
}

/// One comparison per window element and one combine per source value.
pub fn select_and_scatter_counts(s: &SelectAndScatter, shapes: &OpShapes<'_>) -> OpCounts {
    let windows = shapes.operands[1].num_elements() as f64;
    OpCounts::moving(shapes).with_flops(windows * (s.window.elements() as f64 + 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ir::TensorType;
    use crate::ops::{ComparisonDirection, ReduceKind, Window};

    #[test]
    fn select_and_scatter_rule_is_shardys() {
        let mut window = Window::of(vec![1, 2, 2, 1]);
        window.strides = vec![1, 2, 2, 1];
        window.padding = vec![(-1, 0), (0, 0), (0, 0), (0, 0)];
        let s = SelectAndScatter { window, select: ComparisonDirection::Ge, scatter: ReduceKind::Add };
        let x = TensorType::new([10, 24, 24, 64], DType::F32);
        let source = TensorType::new([9, 12, 12, 64], DType::F32);
        let init = TensorType::new(Vec::<i64>::new(), DType::F32);
        let shapes = OpShapes { operands: vec![&x, &source, &init], results: vec![&x] };
        assert_eq!(
            select_and_scatter_rule(&s, &shapes).to_string(),
            "#sdy.op_sharding_rule<([j, l, n, o], [i, k, m, o], [])->([j, l, n, o]) \
             {i=9, j=10, k=12, l=24, m=12, n=24, o=64} need_replication={i, k, m} permutation={j, l, n}>"
        );
        assert_eq!(select_and_scatter_counts(&s, &shapes).flops.0, (9 * 12 * 12 * 64 * 5) as f64);
    }

    #[test]
    fn reduce_window_rule_keeps_pass_through_dims() {
        let mut window = Window::of(vec![2, 1]);
        window.strides = vec![2, 1];
        let rw = ReduceWindow { window, kind: ReduceKind::Max };
        let (x, out) = (TensorType::new([8, 16], DType::F32), TensorType::new([4, 16], DType::F32));
        let shapes = OpShapes { operands: vec![&x], results: vec![&out] };
        assert_eq!(
            reduce_window_rule(&rw, &shapes).to_string(),
            "#sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=16} permutation={i}>"
        );
        assert_eq!(reduce_window_counts(&rw, &shapes).flops.0, 64.0 * 2.0);
    }
}
