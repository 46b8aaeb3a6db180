//! Properties of the reference interpreter's kernels on random tensors: inverse pairs
//! (reshape, transpose, reverse, pad/slice, concatenate/slice) give back their input,
//! `dot_general` agrees with a naive loop over random dimension numbers, `einsum`
//! agrees with `dot_general`, softmax rows sum to one, `take` agrees with the
//! equivalent `gather`.

use autoshard_executor::Tensor;
use autoshard_executor::for_each_index;
use autoshard_executor::run_kernel as apply;
use autoshard_model::ops::{
    Concatenate, DotGeneral, EinsumEquation, Pad, Reshape, Reverse, Slice, Softmax, Take, Transpose,
};
use autoshard_model::{DType, OpKind, TensorType};
use proptest::prelude::*;

fn tensor(shape: Vec<usize>, seed: u64) -> Tensor {
    let ty = TensorType::new(shape.iter().map(|&d| d as i64).collect::<Vec<_>>(), DType::F32);
    Tensor::random(&ty, seed)
}

fn ty(t: &Tensor) -> TensorType {
    TensorType::new(t.shape().iter().map(|&d| d as i64).collect::<Vec<_>>(), DType::F32)
}

fn run(kind: &OpKind, operands: &[&Tensor], result: TensorType) -> Tensor {
    let dtypes = vec![DType::F32; operands.len()];
    apply(kind, (operands, &dtypes), &[result]).expect("kernel runs").remove(0)
}

fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(1usize..5, 1..4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn reshape_then_back(shape in shape(), seed in any::<u64>()) {
        let x = tensor(shape.clone(), seed);
        let flat = vec![x.len() as i64];
        let y = run(&OpKind::Reshape(Reshape { shape: flat.clone() }), &[&x], TensorType::new(flat, DType::F32));
        // Flattening is row-major: element (i0, i1, ...) lands at i0·(n1·n2...) + i1·(n2...) + ...
        let mut checked = true;
        for_each_index(&shape, |index| {
            let at = index.iter().zip(&shape).fold(0, |acc, (&i, &n)| acc * n + i);
            checked &= y.at(&[at]) == x.at(index);
        });
        prop_assert!(checked, "flattening {:?} is not row-major", shape);
        let back: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let z = run(&OpKind::Reshape(Reshape { shape: back }), &[&y], ty(&x));
        prop_assert_eq!(z, x);
    }

    #[test]
    fn transpose_then_inverse(shape in shape(), seed in any::<u64>(), perm_seed in any::<u64>()) {
        let x = tensor(shape.clone(), seed);
        let mut perm: Vec<usize> = (0..shape.len()).collect();
        for i in (1..perm.len()).rev() {
            perm.swap(i, (perm_seed as usize).wrapping_mul(i + 7) % (i + 1));
        }
        let mut inverse = vec![0; perm.len()];
        for (i, &p) in perm.iter().enumerate() {
            inverse[p] = i;
        }
        let y = x.transposed(&perm);
        // Result dimension k is source dimension perm[k].
        let mut checked = true;
        for_each_index(y.shape(), |index| {
            let mut source = vec![0; index.len()];
            for (k, &p) in perm.iter().enumerate() {
                source[p] = index[k];
            }
            checked &= y.at(index) == x.at(&source);
        });
        prop_assert!(checked, "{:?} transposed by {:?} moves elements wrongly", shape, perm);
        let kind = OpKind::Transpose(Transpose { permutation: inverse.iter().map(|&p| p as i64).collect() });
        prop_assert_eq!(run(&kind, &[&y], ty(&x)), x);
    }

    #[test]
    fn reverse_twice(shape in shape(), seed in any::<u64>(), mask in any::<u8>()) {
        let x = tensor(shape.clone(), seed);
        let dims: Vec<i64> = (0..shape.len() as i64).filter(|d| mask >> d & 1 == 1).collect();
        let kind = OpKind::Reverse(Reverse { dimensions: dims });
        let once = run(&kind, &[&x], ty(&x));
        prop_assert_eq!(run(&kind, &[&once], ty(&x)), x);
    }

    #[test]
    fn pad_then_slice(shape in shape(), seed in any::<u64>(), low in 0i64..3, high in 0i64..3, interior in 0i64..2) {
        let x = tensor(shape.clone(), seed);
        let rank = shape.len();
        let padded_shape: Vec<i64> =
            shape.iter().map(|&d| low + high + d as i64 + (d as i64 - 1) * interior).collect();
        let pad = Pad {
            edge_padding_low: vec![low; rank],
            edge_padding_high: vec![high; rank],
            interior_padding: vec![interior; rank],
            value: 0.0,
        };
        let padded = run(&OpKind::Pad(pad), &[&x], TensorType::new(padded_shape.clone(), DType::F32));
        let slice = Slice {
            start_indices: vec![low; rank],
            limit_indices: padded_shape.iter().map(|&d| d - high).collect(),
            strides: vec![interior + 1; rank],
        };
        prop_assert_eq!(run(&OpKind::Slice(slice), &[&padded], ty(&x)), x);
    }

    #[test]
    fn concatenate_then_slice(a in shape(), extra in 1usize..4, seed in any::<u64>()) {
        let x = tensor(a.clone(), seed);
        let mut b_shape = a.clone();
        b_shape[0] = extra;
        let y = tensor(b_shape, seed ^ 1);
        let mut joined = a.iter().map(|&d| d as i64).collect::<Vec<_>>();
        joined[0] += extra as i64;
        let both = run(&OpKind::Concatenate(Concatenate { dimension: 0 }), &[&x, &y], TensorType::new(joined.clone(), DType::F32));
        let slice = Slice {
            start_indices: vec![0; a.len()],
            limit_indices: a.iter().map(|&d| d as i64).collect(),
            strides: vec![1; a.len()],
        };
        prop_assert_eq!(run(&OpKind::Slice(slice), &[&both], ty(&x)), x);
    }

    #[test]
    fn softmax_rows_sum_to_one(shape in shape(), seed in any::<u64>(), dim in 0usize..3) {
        let x = tensor(shape.clone(), seed);
        let dim = dim % shape.len();
        let y = run(&OpKind::Softmax(Softmax { dimension: dim as i64 }), &[&x], ty(&x));
        let mut rows = shape.clone();
        rows[dim] = 1;
        for_each_index(&rows, |row| {
            let mut index = row.to_vec();
            let total: f32 = (0..shape[dim]).map(|k| { index[dim] = k; y.at(&index) }).sum();
            assert!((total - 1.0).abs() < 1e-5, "row {row:?} sums to {total}");
        });
    }

    #[test]
    fn dot_general_matches_a_naive_loop(
        batch in prop::collection::vec(1usize..3, 0..2),
        m in 1usize..4, k in 1usize..5, n in 1usize..4,
        seed in any::<u64>(), swap_lhs in any::<bool>(),
    ) {
        // lhs is [batch..., m, k] or [batch..., k, m]; rhs is [k, batch..., n].
        let b = batch.len();
        let lhs_shape: Vec<usize> = batch.iter().copied().chain(if swap_lhs { [k, m] } else { [m, k] }).collect();
        let rhs_shape: Vec<usize> = std::iter::once(k).chain(batch.iter().copied()).chain([n]).collect();
        let (lhs, rhs) = (tensor(lhs_shape, seed), tensor(rhs_shape, seed ^ 7));
        let dims = DotGeneral {
            lhs_batching_dims: (0..b as i64).collect(),
            rhs_batching_dims: (1..=b as i64).collect(),
            lhs_contracting_dims: vec![if swap_lhs { b as i64 } else { b as i64 + 1 }],
            rhs_contracting_dims: vec![0],
        };
        let out_shape: Vec<usize> = batch.iter().copied().chain([m, n]).collect();
        let got = run(&OpKind::DotGeneral(dims), &[&lhs, &rhs], TensorType::new(out_shape.iter().map(|&d| d as i64).collect::<Vec<_>>(), DType::F32));
        let want = Tensor::from_fn(&out_shape, |o| {
            (0..k).map(|c| {
                let bi = &o[..b];
                let (i, j) = (o[b], o[b + 1]);
                let li: Vec<usize> = bi.iter().copied().chain(if swap_lhs { [c, i] } else { [i, c] }).collect();
                let ri: Vec<usize> = std::iter::once(c).chain(bi.iter().copied()).chain([j]).collect();
                lhs.at(&li) * rhs.at(&ri)
            }).sum()
        });
        prop_assert!(got.max_abs_diff(&want) < 1e-5);
    }

    #[test]
    fn take_is_a_gather(rows in 1usize..6, cols in 1usize..4, idx in prop::collection::vec(0usize..8, 1..5), seed in any::<u64>()) {
        let table = tensor(vec![rows, cols], seed);
        let indices = Tensor::from_vec(&[idx.len()], idx.iter().map(|&i| i as f32).collect()).unwrap();
        let result = TensorType::new([idx.len() as i64, cols as i64], DType::F32);
        let take = Take { axis: 0 };
        let via_take = run(&OpKind::Take(take.clone()), &[&table, &indices], result.clone());
        let gather = autoshard_model::rules::take_as_gather(&take, &[rows as i64, cols as i64], 1);
        let via_gather = run(&OpKind::Gather(gather), &[&table, &indices], result);
        prop_assert_eq!(via_take, via_gather);
    }
}

#[test]
fn einsum_agrees_with_dot_general() {
    let eq: EinsumEquation = "bij,bjk->bik".parse().unwrap();
    let (a, b) = (tensor(vec![2, 3, 4], 1), tensor(vec![2, 4, 5], 2));
    let kind = OpKind::Einsum(eq);
    let out = run(&kind, &[&a, &b], TensorType::new([2, 3, 5], DType::F32));
    let dims = DotGeneral {
        lhs_batching_dims: vec![0],
        rhs_batching_dims: vec![0],
        lhs_contracting_dims: vec![2],
        rhs_contracting_dims: vec![1],
    };
    let want = run(&OpKind::DotGeneral(dims), &[&a, &b], TensorType::new([2, 3, 5], DType::F32));
    assert!(out.max_abs_diff(&want) < 1e-6);
}
