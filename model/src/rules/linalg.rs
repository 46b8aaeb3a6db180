//! Rules and counts of `triangular_solve` and `cholesky`.
//!
//! Rules (Shardy's): every dimension but the last two is a batch dimension, one
//! pass-through factor shared by all tensors. `cholesky`: the two matrix dimensions
//! need replication. `triangular_solve`, solving `op(a) · x = b` (left side) or
//! `x · op(a) = b` (right side) with `op(a)` `a` or its transpose: three factors
//! that need replication, in Shardy's order —
//! - left side: `op(a)`'s rows (with `b`'s rows), `b`'s columns (with the
//!   result's), then `op(a)`'s columns (with the result's rows);
//! - right side: `b`'s rows (with the result's), `op(a)`'s columns (with `b`'s
//!   columns), then `op(a)`'s rows (with the result's columns).
//!
//! Counts: a triangular solve is `m²` FLOPs per right-hand side of length `m`
//! (`m(m+1)/2` multiply-adds); a Cholesky factorization is `n³/3` FLOPs per
//! `n × n` matrix. Bytes: operands read, result written.

use super::{OpCounts, OpShapes};
use crate::ops::{Cholesky, TriangularSolve, batch_of_matrices};
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `cholesky` rule.
pub fn cholesky_rule(_: &Cholesky, shapes: &OpShapes<'_>) -> OpShardingRule {
    let shape = &shapes.operands[0].shape;
    let batch = shape.len().saturating_sub(2);
    let mut b = shapes.builder();
    b.add_pointwise(shape, |d| if d < batch { FactorKind::PassThrough } else { FactorKind::NeedReplication });
    b.build()
}

/// Shardy's `triangular_solve` rule.
pub fn triangular_solve_rule(ts: &TriangularSolve, shapes: &OpShapes<'_>) -> OpShardingRule {
    let (a, rhs) = (&shapes.operands[0].shape, &shapes.operands[1].shape);
    let rank = a.len();
    let (dim1, dim2) = (rank - 2, rank - 1);
    let mut b = shapes.builder();
    b.add_pointwise(&a[..dim1], |_| FactorKind::PassThrough);
    // The dimensions of `a` holding `op(a)`'s rows and columns.
    let (a_rows, a_cols) = if ts.transpose_a.transposes() { (dim2, dim1) } else { (dim1, dim2) };
    let replicated = FactorKind::NeedReplication;
    if ts.left_side {
        b.add_factor(&[Some(a_rows), Some(dim1)], &[], a[a_rows], replicated)
            .add_factor(&[None, Some(dim2)], &[Some(dim2)], rhs[dim2], replicated)
            .add_factor(&[Some(a_cols), None], &[Some(dim1)], a[a_cols], replicated);
    } else {
        b.add_factor(&[None, Some(dim1)], &[Some(dim1)], rhs[dim1], replicated)
            .add_factor(&[Some(a_cols), Some(dim2)], &[], a[a_cols], replicated)
            .add_factor(&[Some(a_rows), None], &[Some(dim2)], a[a_rows], replicated);
    }
    b.build()
}

/// `m²` FLOPs per right-hand side: `b`'s elements times `m`.
pub fn triangular_solve_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let a = &shapes.operands[0].shape;
    let m = a.last().copied().unwrap_or(1) as f64;
    OpCounts::moving(shapes).with_flops(shapes.operands[1].num_elements() as f64 * m)
}

/// `n³/3` FLOPs per matrix.
pub fn cholesky_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let (matrices, _, n) = batch_of_matrices(&shapes.operands[0].shape);
    OpCounts::moving(shapes).with_flops(Cholesky::flops(matrices as f64, n as f64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ir::TensorType;
    use crate::ops::TransposeA;

    fn rule(left_side: bool, transpose_a: TransposeA, b: &[i64]) -> String {
        let ts = TriangularSolve { left_side, lower: true, unit_diagonal: false, transpose_a };
        let (a, b) = (TensorType::new([8, 3, 3], DType::F32), TensorType::new(b, DType::F32));
        triangular_solve_rule(&ts, &OpShapes { operands: vec![&a, &b], results: vec![&b] }).to_string()
    }

    #[test]
    fn triangular_solve_rules_are_shardys() {
        let rules = [
            (true, TransposeA::NoTranspose, [8, 3, 5], "([i, j, l], [i, j, k])->([i, l, k]) {i=8, j=3, k=5, l=3}"),
            (false, TransposeA::NoTranspose, [8, 5, 3], "([i, l, k], [i, j, k])->([i, j, l]) {i=8, j=5, k=3, l=3}"),
            (true, TransposeA::Transpose, [8, 3, 5], "([i, l, j], [i, j, k])->([i, l, k]) {i=8, j=3, k=5, l=3}"),
            (false, TransposeA::Adjoint, [8, 5, 3], "([i, k, l], [i, j, k])->([i, j, l]) {i=8, j=5, k=3, l=3}"),
        ];
        for (left, transpose, b, want) in rules {
            let want = format!("#sdy.op_sharding_rule<{want} need_replication={{j, k, l}}>");
            assert_eq!(rule(left, transpose, &b), want);
        }
    }

    #[test]
    fn cholesky_rule_and_counts() {
        let a = TensorType::new([2, 4, 8, 8], DType::F32);
        let shapes = OpShapes { operands: vec![&a], results: vec![&a] };
        assert_eq!(
            cholesky_rule(&Cholesky { lower: true }, &shapes).to_string(),
            "#sdy.op_sharding_rule<([i, j, k, l])->([i, j, k, l]) {i=2, j=4, k=8, l=8} need_replication={k, l}>"
        );
        assert_eq!(cholesky_counts(&shapes).flops.0, 8.0 * 512.0 / 3.0);
    }
}
