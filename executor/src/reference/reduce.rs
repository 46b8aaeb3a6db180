//! `reduce`: combine elements along some dimensions, in row-major order of the reduced
//! elements (a fixed order, so results are reproducible bit for bit).

use super::elementwise::to_dtype;
use crate::tensor::{Tensor, for_each_index};
use autoshard_model::DType;
use autoshard_model::ops::ReduceKind;

/// Combines `acc` with `x`: in `f32` arithmetic, the bitwise kinds on the integers
/// the values hold ([`ReduceKind::combine`]).
pub fn combine(kind: ReduceKind, acc: f32, x: f32) -> f32 {
    match kind {
        ReduceKind::Add => acc + x,
        ReduceKind::Mul => acc * x,
        ReduceKind::Max | ReduceKind::ArgMax => acc.max(x),
        ReduceKind::Min | ReduceKind::ArgMin => acc.min(x),
        ReduceKind::And | ReduceKind::Or | ReduceKind::Xor => kind.combine(f64::from(acc), f64::from(x)) as f32,
    }
}

/// Reduces values `x` and their indices `at` together along `dimensions` by an arg
/// reduction ([`ReduceKind::arg_combine`], in row-major order of the reduced
/// elements): the winning values and their indices, of element types `dtypes`.
pub fn arg_reduce(x: &Tensor, at: &Tensor, dimensions: &[i64], kind: ReduceKind, dtypes: [DType; 2]) -> [Tensor; 2] {
    let init = (kind.operand_identity_in(0, dtypes[0]), 0.0);
    let (shape, folds) = fold_reduced(x.shape(), dimensions, init, |acc, i| {
        kind.arg_combine(acc, (f64::from(x.at(i)), f64::from(at.at(i))))
    });
    let values = tensor(&shape, folds.iter().map(|&(v, _)| to_dtype(v as f32, dtypes[0])));
    let indices = tensor(&shape, folds.iter().map(|&(_, i)| to_dtype(i as f32, dtypes[1])));
    [values, indices]
}

/// Reduces `x` (of element type `dtype`) along `dimensions` with `kind`.
pub fn reduce(x: &Tensor, dimensions: &[i64], kind: ReduceKind, dtype: DType) -> Tensor {
    let init = kind.identity_in(dtype) as f32;
    let (shape, folds) = fold_reduced(x.shape(), dimensions, init, |acc, i| combine(kind, acc, x.at(i)));
    tensor(&shape, folds.into_iter().map(|acc| to_dtype(acc, dtype)))
}

/// For each element of the result of reducing a tensor of `shape` along
/// `dimensions`, in row-major order, `step` folded from `init` over the indices of
/// the elements it reduces, in row-major order: the result's shape and the folds.
fn fold_reduced<A: Copy>(
    shape: &[usize],
    dimensions: &[i64],
    init: A,
    mut step: impl FnMut(A, &[usize]) -> A,
) -> (Vec<usize>, Vec<A>) {
    let reduced: Vec<usize> = dimensions.iter().map(|&d| d as usize).collect();
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !reduced.contains(d)).collect();
    let out_shape: Vec<usize> = kept.iter().map(|&d| shape[d]).collect();
    let inner_shape: Vec<usize> = reduced.iter().map(|&d| shape[d]).collect();
    let mut index = vec![0; shape.len()];
    let mut folds = Vec::new();
    for_each_index(&out_shape, |out| {
        for (k, &d) in kept.iter().enumerate() {
            index[d] = out[k];
        }
        let mut acc = init;
        for_each_index(&inner_shape, |inner| {
            for (k, &d) in reduced.iter().enumerate() {
                index[d] = inner[k];
            }
            acc = step(acc, &index);
        });
        folds.push(acc);
    });
    (out_shape, folds)
}

/// A tensor of `shape` holding `values` in row-major order.
fn tensor(shape: &[usize], mut values: impl Iterator<Item = f32>) -> Tensor {
    Tensor::from_fn(shape, |_| values.next().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_by_hand() {
        let x = Tensor::from_vec(&[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        assert_eq!(reduce(&x, &[1], ReduceKind::Add, DType::F32).data(), &[6.0, 15.0]);
        assert_eq!(reduce(&x, &[0], ReduceKind::Max, DType::F32).data(), &[4.0, 5.0, 6.0]);
        assert_eq!(reduce(&x, &[0, 1], ReduceKind::Mul, DType::F32).data(), &[720.0]);
        assert_eq!(reduce(&x, &[], ReduceKind::Min, DType::F32), x);
        let b = Tensor::from_vec(&[2, 3], vec![1.0, 1.0, 0.0, 1.0, 1.0, 1.0]).unwrap();
        assert_eq!(reduce(&b, &[1], ReduceKind::And, DType::I1).data(), &[0.0, 1.0]);
        assert_eq!(reduce(&b, &[0], ReduceKind::Xor, DType::I1).data(), &[0.0, 0.0, 1.0]);
        assert_eq!(reduce(&x, &[1], ReduceKind::Or, DType::I32).data(), &[3.0, 7.0]);
        // argmax of each row of [[1, 5, 5], [2, NaN, 0]]: the first 5, the NaN.
        let v = Tensor::from_vec(&[2, 3], vec![1.0, 5.0, 5.0, 2.0, f32::NAN, 0.0]).unwrap();
        let at = Tensor::from_vec(&[2, 3], vec![0.0, 1.0, 2.0, 0.0, 1.0, 2.0]).unwrap();
        let [max, index] = arg_reduce(&v, &at, &[1], ReduceKind::ArgMax, [DType::F32, DType::I32]);
        assert!(max.data()[0] == 5.0 && max.data()[1].is_nan());
        assert_eq!(index.data(), &[1.0, 1.0]);
        // Down the columns the indices are whatever `at` holds there (its column here).
        let [min, index] = arg_reduce(&v, &at, &[0], ReduceKind::ArgMin, [DType::F32, DType::I32]);
        assert!(min.data()[0] == 1.0 && min.data()[1].is_nan() && min.data()[2] == 0.0);
        assert_eq!(index.data(), &[0.0, 1.0, 2.0]);
    }
}
