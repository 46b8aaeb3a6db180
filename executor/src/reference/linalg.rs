//! `triangular_solve` and `cholesky` on batches of matrices (every dimension but
//! the last two is a batch dimension), each matrix on its own, in `f64` and a fixed
//! order, so a batch-sharded run reproduces the reference bit for bit.
//!
//! Only the triangle `lower` names is read; a unit diagonal is taken as ones and
//! not read. `cholesky` writes zeros in the other triangle; a matrix that is not
//! positive definite gives NaNs from its first non-positive pivot on.

use crate::tensor::Tensor;
use autoshard_model::ops::{Cholesky, TriangularSolve, batch_of_matrices};

/// A dense square matrix, row-major.
struct Matrix {
    n: usize,
    data: Vec<f64>,
}

impl Matrix {
    fn at(&self, i: usize, j: usize) -> f64 {
        self.data[i * self.n + j]
    }

    /// Matrix `k` of the batch `t` (of `n × n` matrices), with the entries outside
    /// the `lower` (or upper) triangle read as zeros.
    fn triangle(t: &Tensor, k: usize, n: usize, lower: bool) -> Matrix {
        let block = &t.data()[k * n * n..(k + 1) * n * n];
        let keep = |i: usize, j: usize| if lower { j <= i } else { j >= i };
        let data = (0..n * n).map(|e| if keep(e / n, e % n) { f64::from(block[e]) } else { 0.0 }).collect();
        Matrix { n, data }
    }

    fn transposed(&self) -> Matrix {
        let n = self.n;
        Matrix { n, data: (0..n * n).map(|e| self.at(e % n, e / n)).collect() }
    }
}

/// Solves `op(a) · x = b` (left side) or `x · op(a) = b` for every matrix of the
/// batch.
pub fn triangular_solve(a: &Tensor, b: &Tensor, ts: &TriangularSolve) -> Tensor {
    let (count, rows, cols) = batch_of_matrices(b.shape());
    let m = if ts.left_side { rows } else { cols };
    let mut out = b.clone();
    for k in 0..count {
        let mut t = Matrix::triangle(a, k, m, ts.lower);
        let mut lower = ts.lower;
        // The matrix each right-hand side is solved against: op(a) on the left;
        // on the right, x · op(a) = b is op(a)ᵀ · xᵀ = bᵀ (right-hand sides along
        // rows instead of columns). Either way a is transposed exactly when
        // `transposes() == left_side`.
        if ts.transpose_a.transposes() == ts.left_side {
            t = t.transposed();
            lower = !lower;
        }
        let block = &mut out.data_mut()[k * rows * cols..(k + 1) * rows * cols];
        let (count, step, stride) = if ts.left_side { (cols, 1, cols) } else { (rows, cols, 1) };
        for r in 0..count {
            let rhs: Vec<f64> = (0..m).map(|i| f64::from(block[r * step + i * stride])).collect();
            let x = substitute(&t, lower, ts.unit_diagonal, &rhs);
            for (i, v) in x.into_iter().enumerate() {
                block[r * step + i * stride] = v as f32;
            }
        }
    }
    out
}

/// Solves `t · x = rhs` for a lower (forward) or upper (backward) triangular `t`.
fn substitute(t: &Matrix, lower: bool, unit_diagonal: bool, rhs: &[f64]) -> Vec<f64> {
    let n = t.n;
    let mut x = vec![0.0; n];
    let order: Vec<usize> = if lower { (0..n).collect() } else { (0..n).rev().collect() };
    for (step, &i) in order.iter().enumerate() {
        let known = order[..step].iter().map(|&j| t.at(i, j) * x[j]).sum::<f64>();
        let pivot = if unit_diagonal { 1.0 } else { t.at(i, i) };
        x[i] = (rhs[i] - known) / pivot;
    }
    x
}

/// The Cholesky factor of every matrix of the batch: `l` with `a = l · lᵀ`
/// (`lower`), else `u` with `a = uᵀ · u`.
pub fn cholesky(a: &Tensor, c: &Cholesky) -> Tensor {
    let (count, n, _) = batch_of_matrices(a.shape());
    let mut out = a.clone();
    for k in 0..count {
        // The upper triangle of a is the lower triangle of aᵀ, and u = lᵀ.
        let mut s = Matrix::triangle(a, k, n, c.lower);
        if !c.lower {
            s = s.transposed();
        }
        let mut l = lower_factor(&s);
        if !c.lower {
            l = l.transposed();
        }
        for (to, v) in out.data_mut()[k * n * n..(k + 1) * n * n].iter_mut().zip(l.data) {
            *to = v as f32;
        }
    }
    out
}

/// `l` with `s = l · lᵀ`, reading `s`'s lower triangle (Cholesky–Banachiewicz, row
/// by row).
fn lower_factor(s: &Matrix) -> Matrix {
    let n = s.n;
    let mut l = Matrix { n, data: vec![0.0; n * n] };
    for i in 0..n {
        for j in 0..=i {
            let dot = (0..j).map(|p| l.at(i, p) * l.at(j, p)).sum::<f64>();
            l.data[i * n + j] = if i == j { (s.at(i, i) - dot).sqrt() } else { (s.at(i, j) - dot) / l.at(j, j) };
        }
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::ops::TransposeA;

    fn solve(left_side: bool, lower: bool, transpose_a: TransposeA) -> TriangularSolve {
        TriangularSolve { left_side, lower, unit_diagonal: false, transpose_a }
    }

    /// `x · y` for row-major `n × n` and `n × m` matrices.
    fn matmul(x: &[f32], y: &[f32], n: usize, m: usize) -> Vec<f32> {
        (0..n * m).map(|e| (0..n).map(|p| x[(e / m) * n + p] * y[p * m + e % m]).sum()).collect()
    }

    fn transpose(x: &[f32], rows: usize, cols: usize) -> Vec<f32> {
        (0..rows * cols).map(|e| x[(e % rows) * cols + e / rows]).collect()
    }

    fn close(x: &[f32], y: &[f32]) -> bool {
        x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-4)
    }

    #[test]
    fn left_lower_solve_satisfies_l_x_equals_b() {
        // l = [[2, 0], [1, 4]] (the 9 above the diagonal is not read).
        let a = Tensor::from_vec(&[2, 2], vec![2.0, 9.0, 1.0, 4.0]).unwrap();
        let b = Tensor::from_vec(&[2, 3], vec![2.0, 4.0, 6.0, 9.0, 6.0, 11.0]).unwrap();
        let x = triangular_solve(&a, &b, &solve(true, true, TransposeA::NoTranspose));
        assert_eq!(x.data(), &[1.0, 2.0, 3.0, 2.0, 1.0, 2.0]);
    }

    #[test]
    fn every_side_and_transpose_solves_its_equation() {
        let l = [2.0, 0.0, 0.0, 1.0, 3.0, 0.0, -1.0, 0.5, 4.0];
        let u = transpose(&l, 3, 3);
        let b = Tensor::from_vec(&[1, 3, 3], vec![1.0, -2.0, 3.0, 0.5, 4.0, -1.0, 2.0, 2.0, 7.0]).unwrap();
        let a_lower = Tensor::from_vec(&[1, 3, 3], l.to_vec()).unwrap();
        let a_upper = Tensor::from_vec(&[1, 3, 3], u.clone()).unwrap();
        for transpose_a in [TransposeA::NoTranspose, TransposeA::Transpose, TransposeA::Adjoint] {
            for (lower, a, tri) in [(true, &a_lower, &l[..]), (false, &a_upper, &u[..])] {
                let op_a = if transpose_a.transposes() { transpose(tri, 3, 3) } else { tri.to_vec() };
                let left = triangular_solve(a, &b, &solve(true, lower, transpose_a));
                assert!(close(&matmul(&op_a, left.data(), 3, 3), b.data()), "left {transpose_a:?} {lower}");
                let right = triangular_solve(a, &b, &solve(false, lower, transpose_a));
                assert!(close(&matmul(right.data(), &op_a, 3, 3), b.data()), "right {transpose_a:?} {lower}");
            }
        }
    }

    #[test]
    fn unit_diagonal_is_not_read() {
        let a = Tensor::from_vec(&[2, 2], vec![7.0, 0.0, 3.0, 7.0]).unwrap();
        let b = Tensor::from_vec(&[2, 1], vec![1.0, 5.0]).unwrap();
        let ts = TriangularSolve { unit_diagonal: true, ..solve(true, true, TransposeA::NoTranspose) };
        assert_eq!(triangular_solve(&a, &b, &ts).data(), &[1.0, 2.0]);
    }

    #[test]
    fn cholesky_factors_reproduce_the_matrix() {
        // s = l · lᵀ for l = [[2, 0, 0], [1, 3, 0], [-1, 0.5, 4]], two batches.
        let l = [2.0, 0.0, 0.0, 1.0, 3.0, 0.0, -1.0, 0.5, 4.0];
        let s = matmul(&l, &transpose(&l, 3, 3), 3, 3);
        let a = Tensor::from_vec(&[2, 3, 3], [s.clone(), s.clone()].concat()).unwrap();
        let lower = cholesky(&a, &Cholesky { lower: true });
        assert!(close(&lower.data()[..9], &l) && close(&lower.data()[9..], &l));
        let upper = cholesky(&a, &Cholesky { lower: false });
        assert!(close(&upper.data()[..9], &transpose(&l, 3, 3)));
        let indefinite = Tensor::from_vec(&[1, 1], vec![-1.0]).unwrap();
        assert!(cholesky(&indefinite, &Cholesky { lower: true }).data()[0].is_nan());
    }
}
