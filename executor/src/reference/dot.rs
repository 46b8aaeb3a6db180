//! Contractions: `dot_general`, `dot`, `einsum`.
//!
//! `dot_general` permutes the lhs to `[batch, M, K]` and the rhs to `[batch, K, N]`
//! (contiguous copies, none for an operand already in that order) and multiplies
//! each batch with ndarray's GEMM (matrixmultiply, single-threaded, so results are
//! deterministic). `einsum` sums out letters that only
//! one operand has, then contracts operands pairwise (left to right) as `dot_general`s,
//! and finally sums and transposes into the output's letter order.

use super::reduce::reduce;
use crate::tensor::Tensor;
use autoshard_model::DType;
use autoshard_model::ops::{DotGeneral, EinsumEquation, ReduceKind};
use ndarray::linalg::general_mat_mul;
use ndarray::{ArrayView2, ArrayViewMut2};

/// `dot_general`; the result's dimensions are batch, lhs free, rhs free.
pub fn dot_general(lhs: &Tensor, rhs: &Tensor, dims: &DotGeneral) -> Tensor {
    let usize_dims = |d: &[i64]| d.iter().map(|&x| x as usize).collect::<Vec<_>>();
    let (lb, rb) = (usize_dims(&dims.lhs_batching_dims), usize_dims(&dims.rhs_batching_dims));
    let (lc, rc) = (usize_dims(&dims.lhs_contracting_dims), usize_dims(&dims.rhs_contracting_dims));
    let (lf, rf) = dims.free_dims(lhs.rank(), rhs.rank());
    let size = |t: &Tensor, d: &[usize]| d.iter().map(|&i| t.shape()[i]).product::<usize>();
    let (batch, m, k, n) = (size(lhs, &lb), size(lhs, &lf), size(lhs, &lc), size(rhs, &rf));
    // Copies only where the dimensions are not already in GEMM order.
    let a = lhs.permuted(&[lb.clone(), lf.clone(), lc].concat());
    let b = rhs.permuted(&[rb, rc, rf.clone()].concat());
    let mut out = vec![0.0f32; batch * m * n];
    for i in 0..batch {
        let (Ok(av), Ok(bv), Ok(cv)) = (
            ArrayView2::from_shape((m, k), &a.data()[i * m * k..(i + 1) * m * k]),
            ArrayView2::from_shape((k, n), &b.data()[i * k * n..(i + 1) * k * n]),
            ArrayViewMut2::from_shape((m, n), &mut out[i * m * n..(i + 1) * m * n]),
        ) else {
            continue; // unreachable: the slices have exactly these lengths
        };
        let mut cv = cv;
        general_mat_mul(1.0, &av, &bv, 0.0, &mut cv);
    }
    let shape: Vec<usize> = lb
        .iter()
        .map(|&d| lhs.shape()[d])
        .chain(lf.iter().map(|&d| lhs.shape()[d]))
        .chain(rf.iter().map(|&d| rhs.shape()[d]))
        .collect();
    Tensor::new(&shape, out)
}

/// A tensor with its letters.
struct Labelled {
    t: Tensor,
    letters: Vec<char>,
}

/// Contracts `a` with `b`, keeping the letters in `keep`.
fn contract(a: Labelled, b: Labelled, keep: &[char]) -> Labelled {
    let position = |letters: &[char], c: char| letters.iter().position(|&l| l == c);
    let shared: Vec<char> = a.letters.iter().copied().filter(|c| b.letters.contains(c)).collect();
    let batch: Vec<char> = shared.iter().copied().filter(|c| keep.contains(c)).collect();
    let contracted: Vec<char> = shared.iter().copied().filter(|c| !keep.contains(c)).collect();
    let dims =
        |cs: &[char], letters: &[char]| cs.iter().filter_map(|&c| position(letters, c)).map(|d| d as i64).collect();
    let spec = DotGeneral {
        lhs_batching_dims: dims(&batch, &a.letters),
        rhs_batching_dims: dims(&batch, &b.letters),
        lhs_contracting_dims: dims(&contracted, &a.letters),
        rhs_contracting_dims: dims(&contracted, &b.letters),
    };
    let t = dot_general(&a.t, &b.t, &spec);
    let free = |x: &Labelled| x.letters.iter().copied().filter(|c| !shared.contains(c)).collect::<Vec<_>>();
    let letters = [batch.clone(), free(&a), free(&b)].concat();
    Labelled { t, letters }
}

/// Sums out the letters of `x` that are not in `keep`.
fn sum_letters(x: Labelled, keep: &[char]) -> Labelled {
    let summed: Vec<i64> = (0..x.letters.len()).filter(|&d| !keep.contains(&x.letters[d])).map(|d| d as i64).collect();
    let letters = x.letters.iter().copied().filter(|c| keep.contains(c)).collect();
    let t = if summed.is_empty() { x.t } else { reduce(&x.t, &summed, ReduceKind::Add, DType::F32) };
    Labelled { t, letters }
}

/// `einsum` over `operands`.
pub fn einsum(equation: &EinsumEquation, operands: &[&Tensor]) -> Tensor {
    let needed_after =
        |i: usize| -> Vec<char> { equation.inputs[i..].iter().flatten().chain(&equation.output).copied().collect() };
    let mut labelled = operands
        .iter()
        .zip(&equation.inputs)
        .enumerate()
        .map(|(i, (t, letters))| {
            let others: Vec<char> = equation
                .inputs
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, l)| l.iter().copied())
                .chain(equation.output.iter().copied())
                .collect();
            sum_letters(Labelled { t: (*t).clone(), letters: letters.clone() }, &others)
        })
        .collect::<Vec<_>>()
        .into_iter();
    let Some(mut acc) = labelled.next() else { return Tensor::scalar(0.0) };
    for (i, next) in labelled.enumerate() {
        let keep = needed_after(i + 2);
        acc = contract(acc, next, &keep);
    }
    let acc = sum_letters(acc, &equation.output);
    let perm: Vec<usize> = equation.output.iter().filter_map(|c| acc.letters.iter().position(|l| l == c)).collect();
    acc.t.transposed(&perm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::for_each_index;

    /// The naive triple loop `dot_general` is checked against.
    fn naive(lhs: &Tensor, rhs: &Tensor, dims: &DotGeneral) -> Tensor {
        let (lf, rf) = dims.free_dims(lhs.rank(), rhs.rank());
        let b: Vec<usize> = dims.lhs_batching_dims.iter().map(|&d| lhs.shape()[d as usize]).collect();
        let shape: Vec<usize> = b
            .iter()
            .copied()
            .chain(lf.iter().map(|&d| lhs.shape()[d]))
            .chain(rf.iter().map(|&d| rhs.shape()[d]))
            .collect();
        let csizes: Vec<usize> = dims.lhs_contracting_dims.iter().map(|&d| lhs.shape()[d as usize]).collect();
        Tensor::from_fn(&shape, |out| {
            let mut sum = 0.0;
            for_each_index(&csizes, |c| {
                let mut li = vec![0; lhs.rank()];
                let mut ri = vec![0; rhs.rank()];
                for (k, (&l, &r)) in dims.lhs_batching_dims.iter().zip(&dims.rhs_batching_dims).enumerate() {
                    li[l as usize] = out[k];
                    ri[r as usize] = out[k];
                }
                for (k, &l) in lf.iter().enumerate() {
                    li[l] = out[b.len() + k];
                }
                for (k, &r) in rf.iter().enumerate() {
                    ri[r] = out[b.len() + lf.len() + k];
                }
                for (k, (&l, &r)) in dims.lhs_contracting_dims.iter().zip(&dims.rhs_contracting_dims).enumerate() {
                    li[l as usize] = c[k];
                    ri[r as usize] = c[k];
                }
                sum += lhs.at(&li) * rhs.at(&ri);
            });
            sum
        })
    }

    fn ramp(shape: &[usize], scale: f32) -> Tensor {
        let mut k = 0.0;
        Tensor::from_fn(shape, |_| {
            k += 1.0;
            (k * scale).sin()
        })
    }

    #[test]
    fn matches_a_naive_loop() {
        let lhs = ramp(&[3, 4, 5, 2], 0.7);
        let rhs = ramp(&[5, 3, 6, 2], 1.3);
        let dims = DotGeneral {
            lhs_batching_dims: vec![0],
            rhs_batching_dims: vec![1],
            lhs_contracting_dims: vec![2, 3],
            rhs_contracting_dims: vec![0, 3],
        };
        let fast = dot_general(&lhs, &rhs, &dims);
        assert_eq!(fast.shape(), &[3, 4, 6]);
        assert!(fast.max_abs_diff(&naive(&lhs, &rhs, &dims)) < 1e-5);
    }

    #[test]
    fn matmul_by_hand() {
        let a = Tensor::from_vec(&[2, 2], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let b = Tensor::from_vec(&[2, 2], vec![5.0, 6.0, 7.0, 8.0]).unwrap();
        let dims = DotGeneral { lhs_contracting_dims: vec![1], rhs_contracting_dims: vec![0], ..Default::default() };
        assert_eq!(dot_general(&a, &b, &dims).data(), &[19.0, 22.0, 43.0, 50.0]);
    }

    #[test]
    fn einsum_agrees_with_dot_general() {
        let x = ramp(&[2, 3, 4], 0.3);
        let w = ramp(&[4, 5], 0.9);
        let eq: EinsumEquation = "bsh,hf->fbs".parse().unwrap();
        let got = einsum(&eq, &[&x, &w]);
        let dims = DotGeneral { lhs_contracting_dims: vec![2], rhs_contracting_dims: vec![0], ..Default::default() };
        let want = dot_general(&x, &w, &dims).transposed(&[2, 0, 1]);
        assert!(got.max_abs_diff(&want) < 1e-6);
        let trace_like: EinsumEquation = "ij->i".parse().unwrap();
        let m = Tensor::from_vec(&[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        assert_eq!(einsum(&trace_like, &[&m]).data(), &[6.0, 15.0]);
        let three: EinsumEquation = "ab,bc,cd->ad".parse().unwrap();
        let (p, q, r) = (ramp(&[2, 3], 0.1), ramp(&[3, 4], 0.2), ramp(&[4, 2], 0.3));
        let pq = einsum(&"ab,bc->ac".parse().unwrap(), &[&p, &q]);
        let want = einsum(&"ac,cd->ad".parse().unwrap(), &[&pq, &r]);
        assert!(einsum(&three, &[&p, &q, &r]).max_abs_diff(&want) < 1e-6);
    }
}
