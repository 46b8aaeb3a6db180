//! Dense linear algebra on batches of matrices: `triangular_solve` and `cholesky`.
//!
//! Both follow StableHLO: every dimension but the last two is a batch dimension, the
//! last two hold square matrices (`a` in `triangular_solve`, the input of
//! `cholesky`), and only the triangle named by `lower` is read.

use super::{Operand, dtype_error};
use crate::ir::TensorType;

/// How `triangular_solve` uses `a`: as is, transposed, or conjugate-transposed
/// (the same as transposed for real numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransposeA {
    /// `a` as is.
    NoTranspose,
    /// `a` transposed.
    Transpose,
    /// `a` conjugate-transposed.
    Adjoint,
}

impl TransposeA {
    /// Every choice.
    pub const ALL: [TransposeA; 3] = [TransposeA::NoTranspose, TransposeA::Transpose, TransposeA::Adjoint];

    /// StableHLO's name (`NO_TRANSPOSE`, `TRANSPOSE`, `ADJOINT`).
    pub fn name(self) -> &'static str {
        match self {
            TransposeA::NoTranspose => "NO_TRANSPOSE",
            TransposeA::Transpose => "TRANSPOSE",
            TransposeA::Adjoint => "ADJOINT",
        }
    }

    /// True when `a` is used transposed (real numbers have no conjugate).
    pub fn transposes(self) -> bool {
        self != TransposeA::NoTranspose
    }
}

/// `triangular_solve`'s attributes: solves `op(a) · x = b` (`left_side`) or
/// `x · op(a) = b` for `x`, with `a` triangular.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TriangularSolve {
    /// `op(a)` multiplies `x` from the left.
    pub left_side: bool,
    /// `a` is lower triangular (its upper triangle is not read), else upper.
    pub lower: bool,
    /// `a`'s diagonal is taken as ones (and not read).
    pub unit_diagonal: bool,
    /// How `a` is used.
    pub transpose_a: TransposeA,
}

impl TriangularSolve {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (a, b) = (&operands[0], &operands[1]);
        let m = square_matrices(a)?;
        if b.ty.rank() != a.ty.rank() {
            return Err(format!("{} has rank {} but {} has rank {}", b.name, b.ty.rank(), a.name, a.ty.rank()));
        }
        let rank = a.ty.rank();
        if a.ty.shape[..rank - 2] != b.ty.shape[..rank - 2] {
            return Err(format!("{} is {} but {} is {}; their batch dimensions differ", a.name, a.ty, b.name, b.ty));
        }
        let (solved, side) = if self.left_side { (rank - 2, "left") } else { (rank - 1, "right") };
        if b.ty.shape[solved] != m {
            return Err(format!(
                "{} has size {} in dim {solved} but {} is {m}x{m} (left_side = {}: solving from the {side})",
                b.name, b.ty.shape[solved], a.name, self.left_side
            ));
        }
        if a.ty.dtype != b.ty.dtype {
            return Err(format!("{} is {} but {} is {}", a.name, a.ty, b.name, b.ty));
        }
        if !a.ty.dtype.is_float() {
            return Err(dtype_error(a, "a floating-point"));
        }
        Ok(vec![b.ty.clone()])
    }
}

/// `cholesky`'s attributes: factors `a = l · lᵀ` (`lower`) or `a = uᵀ · u`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cholesky {
    /// Read `a`'s lower triangle and return `l`, else the upper one and `u`.
    pub lower: bool,
}

impl Cholesky {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let a = &operands[0];
        square_matrices(a)?;
        if !a.ty.dtype.is_float() {
            return Err(dtype_error(a, "a floating-point"));
        }
        Ok(vec![a.ty.clone()])
    }

    /// FLOPs of factorizing `matrices` matrices of `n × n`: `n³/3` each.
    pub fn flops(matrices: f64, n: f64) -> f64 {
        matrices * n.powi(3) / 3.0
    }
}

/// A tensor of `shape` read as a batch of matrices in its last two dimensions: the
/// number of matrices (the product of the other dimensions), their rows and their
/// columns. A missing dimension counts as 1 (a vector is one row).
pub fn batch_of_matrices<T>(shape: &[T]) -> (T, T, T)
where
    T: Copy + From<u8> + std::iter::Product,
{
    let dim = |back: usize| shape.len().checked_sub(back).and_then(|d| shape.get(d)).copied().unwrap_or(T::from(1));
    let batch = shape.iter().rev().skip(2).copied().product();
    (batch, dim(2), dim(1))
}

/// The size of the square matrices in the last two dimensions of `x`.
fn square_matrices(x: &Operand<'_>) -> Result<i64, String> {
    let rank = x.ty.rank();
    if rank < 2 {
        return Err(format!("{} is {} but the op needs rank 2 or more (batches of square matrices)", x.name, x.ty));
    }
    let (rows, cols) = (x.ty.shape[rank - 2], x.ty.shape[rank - 1]);
    if rows != cols {
        return Err(format!("{} is {} but its last two dims must be equal (square matrices)", x.name, x.ty));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    fn solve(left_side: bool) -> TriangularSolve {
        TriangularSolve { left_side, lower: true, unit_diagonal: false, transpose_a: TransposeA::NoTranspose }
    }

    #[test]
    fn infers_left_and_right_solves() {
        let a = TensorType::new([8, 3, 3], DType::F32);
        let left = TensorType::new([8, 3, 5], DType::F32);
        let right = TensorType::new([8, 5, 3], DType::F32);
        let ops = |b| [Operand { name: "a", ty: &a }, Operand { name: "b", ty: b }];
        assert_eq!(solve(true).infer(&ops(&left)).unwrap()[0], left);
        assert_eq!(solve(false).infer(&ops(&right)).unwrap()[0], right);
        let err = solve(true).infer(&ops(&right)).unwrap_err();
        assert!(err.contains("b has size 5 in dim 1 but a is 3x3"), "{err}");
    }

    #[test]
    fn batches_of_matrices_count_missing_dims_as_one() {
        assert_eq!(batch_of_matrices(&[2i64, 3, 4, 5]), (6, 4, 5));
        assert_eq!(batch_of_matrices(&[7usize]), (1, 1, 7));
        assert_eq!(batch_of_matrices::<i64>(&[]), (1, 1, 1));
        assert_eq!(Cholesky::flops(2.0, 3.0), 18.0);
    }

    #[test]
    fn cholesky_needs_square_float_matrices() {
        let ok = TensorType::new([2, 4, 4], DType::F32);
        assert!(Cholesky { lower: true }.infer(&[Operand { name: "a", ty: &ok }]).is_ok());
        let wide = TensorType::new([4, 5], DType::F32);
        let err = Cholesky { lower: true }.infer(&[Operand { name: "a", ty: &wide }]).unwrap_err();
        assert!(err.contains("square"), "{err}");
        let ints = TensorType::new([4, 4], DType::I32);
        assert!(Cholesky { lower: true }.infer(&[Operand { name: "a", ty: &ints }]).is_err());
    }
}
