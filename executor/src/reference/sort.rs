//! `sort` along one dimension by the first operand (stable, NaNs last in ascending
//! order by IEEE total order), permuting every operand the same way.

use crate::tensor::{Tensor, for_each_index};

/// Sorts `operands` along `dimension` by `operands[0]`.
pub fn sort(operands: &[&Tensor], dimension: usize, descending: bool) -> Vec<Tensor> {
    let keys = operands[0];
    let n = keys.shape()[dimension];
    let mut rows = keys.shape().to_vec();
    rows[dimension] = 1;
    let strides = keys.strides();
    let stride = strides[dimension];
    let mut results: Vec<Tensor> = operands.iter().map(|t| (*t).clone()).collect();
    for_each_index(&rows, |row| {
        let base: usize = row.iter().zip(&strides).map(|(i, s)| i * s).sum();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (keys.data()[base + a * stride], keys.data()[base + b * stride]);
            if descending { y.total_cmp(&x) } else { x.total_cmp(&y) }
        });
        for (result, operand) in results.iter_mut().zip(operands) {
            for (k, &from) in order.iter().enumerate() {
                result.data_mut()[base + k * stride] = operand.data()[base + from * stride];
            }
        }
    });
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_rows_and_carries_values() {
        let keys = Tensor::from_vec(&[2, 3], vec![3.0, 1.0, 2.0, 5.0, 5.0, 4.0]).unwrap();
        let vals = Tensor::from_vec(&[2, 3], vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
        let up = sort(&[&keys, &vals], 1, false);
        assert_eq!(up[0].data(), &[1.0, 2.0, 3.0, 4.0, 5.0, 5.0]);
        assert_eq!(up[1].data(), &[1.0, 2.0, 0.0, 5.0, 3.0, 4.0]);
        let down = sort(&[&keys, &vals], 1, true);
        assert_eq!(down[1].data(), &[0.0, 2.0, 1.0, 3.0, 4.0, 5.0]);
        let cols = sort(&[&keys], 0, false);
        assert_eq!(cols[0].data(), &[3.0, 1.0, 2.0, 5.0, 5.0, 4.0]);
    }
}
