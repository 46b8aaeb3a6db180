//! The op set's ops that StableHLO lacks, written as the StableHLO they mean, with
//! the executor's formulas: `relu` = max(x, 0), `gelu` = 0.5·x·(1 + tanh(√(2/π)·(x +
//! 0.044715·x³))), `silu` = x·logistic(x), `softmax` (max-subtracted), `layer_norm`
//! and `rms_norm` (scale and bias broadcast along the normalised dimensions), `take`
//! (a gather of whole slices) and `einsum` (operands contracted left to right by
//! `dot_general`, letters no later operand or the output needs summed first, then one
//! transpose into the output's order).

use super::build::dict;
use super::dot::dot_general;
use super::reductions::reduce;
use super::{Emitter, Ssa, array};
use crate::ast::Dict;
use crate::ops::is_stablehlo_unary;
use autoshard_model::TensorType;
use autoshard_model::ops::{DotGeneral, EinsumEquation, ReduceKind, UnaryOp};

/// A pointwise unary op.
pub(super) fn unary(e: &mut Emitter<'_>, u: UnaryOp, x: &Ssa) -> Ssa {
    if is_stablehlo_unary(u) {
        return first(e.stablehlo(u.name(), std::slice::from_ref(x), Dict::default(), std::slice::from_ref(&x.ty)));
    }
    match u {
        // StableHLO has no erf; XLA reads CHLO's, as JAX writes it.
        UnaryOp::Erf => first(e.generic(
            "chlo.erf",
            std::slice::from_ref(x),
            Dict::default(),
            Dict::default(),
            std::slice::from_ref(&x.ty),
        )),
        UnaryOp::Relu => {
            let zero = e.splat(0.0, &x.ty);
            binary(e, "maximum", x, &zero)
        }
        UnaryOp::Silu => {
            let s =
                first(e.stablehlo("logistic", std::slice::from_ref(x), Dict::default(), std::slice::from_ref(&x.ty)));
            binary(e, "multiply", x, &s)
        }
        _ => gelu(e, x),
    }
}

fn gelu(e: &mut Emitter<'_>, x: &Ssa) -> Ssa {
    let c = |e: &mut Emitter<'_>, v: f64| e.splat(v, &x.ty);
    let x2 = binary(e, "multiply", x, x);
    let x3 = binary(e, "multiply", &x2, x);
    let k = c(e, 0.044_715);
    let kx3 = binary(e, "multiply", &k, &x3);
    let inner = binary(e, "add", x, &kx3);
    let s = c(e, (2.0 / std::f64::consts::PI).sqrt());
    let scaled = binary(e, "multiply", &s, &inner);
    let t = first(e.stablehlo("tanh", &[scaled], Dict::default(), std::slice::from_ref(&x.ty)));
    let one = c(e, 1.0);
    let t1 = binary(e, "add", &one, &t);
    let half = c(e, 0.5);
    let hx = binary(e, "multiply", &half, x);
    binary(e, "multiply", &hx, &t1)
}

/// `softmax` along `dimension`: exp(x − max) / Σ exp(x − max).
pub(super) fn softmax(e: &mut Emitter<'_>, x: &Ssa, dimension: i64) -> Ssa {
    let dims = [dimension];
    let max = reduce_over(e, x, ReduceKind::Max, &dims);
    let max = broadcast_back(e, &max, &x.ty, &dims);
    let shifted = binary(e, "subtract", x, &max);
    let exp = first(e.stablehlo("exponential", &[shifted], Dict::default(), std::slice::from_ref(&x.ty)));
    let total = reduce_over(e, &exp, ReduceKind::Add, &dims);
    let total = broadcast_back(e, &total, &x.ty, &dims);
    binary(e, "divide", &exp, &total)
}

/// `layer_norm` (`centre`) or `rms_norm` over `dims` of `args[0]`, then the optional
/// scale (`args[1]`) and bias (`args[2]`).
pub(super) fn norm(e: &mut Emitter<'_>, args: &[Ssa], dims: &[i64], epsilon: f64, centre: bool) -> Ssa {
    let x = &args[0];
    let count: i64 = dims.iter().map(|&d| x.ty.shape[d as usize]).product();
    let mean_of = |e: &mut Emitter<'_>, v: &Ssa| {
        let sum = reduce_over(e, v, ReduceKind::Add, dims);
        let n = e.splat(count as f64, &sum.ty);
        binary(e, "divide", &sum, &n)
    };
    let centred = if centre {
        let mean = mean_of(e, x);
        let mean = broadcast_back(e, &mean, &x.ty, dims);
        binary(e, "subtract", x, &mean)
    } else {
        x.clone()
    };
    let squares = binary(e, "multiply", &centred, &centred);
    let var = mean_of(e, &squares);
    let eps = e.splat(epsilon, &var.ty);
    let var = binary(e, "add", &var, &eps);
    let inv = first(e.stablehlo("rsqrt", std::slice::from_ref(&var), Dict::default(), std::slice::from_ref(&var.ty)));
    let inv = broadcast_back(e, &inv, &x.ty, dims);
    let mut y = binary(e, "multiply", &centred, &inv);
    for (param, op) in args[1..].iter().zip(["multiply", "add"]) {
        let properties = dict([("broadcast_dimensions", array(dims))]);
        let wide = first(e.stablehlo(
            "broadcast_in_dim",
            std::slice::from_ref(param),
            properties,
            std::slice::from_ref(&x.ty),
        ));
        y = binary(e, op, &y, &wide);
    }
    y
}

/// `table` indexed along `axis` by `indices`: a gather of whole slices.
pub(super) fn take(e: &mut Emitter<'_>, table: &Ssa, indices: &Ssa, axis: i64, result: &TensorType) -> Ssa {
    let rank = table.ty.rank() as i64;
    let index_rank = indices.ty.rank() as i64;
    let offset_dims: Vec<i64> = (0..axis).chain(axis + index_rank..rank - 1 + index_rank).collect();
    let mut slice_sizes = table.ty.shape.clone();
    slice_sizes[axis as usize] = 1;
    let numbers = format!(
        "#stablehlo.gather<offset_dims = [{}], collapsed_slice_dims = [{axis}], start_index_map = [{axis}], \
         index_vector_dim = {index_rank}>",
        super::list(&offset_dims)
    );
    let properties = dict([
        ("dimension_numbers", numbers),
        ("indices_are_sorted", "false".to_string()),
        ("slice_sizes", array(&slice_sizes)),
    ]);
    first(e.stablehlo("gather", &[table.clone(), indices.clone()], properties, std::slice::from_ref(result)))
}

/// An operand of an einsum and its letters.
type Lettered = (Ssa, Vec<char>);

/// `eq` over `args`: contracted left to right, then transposed into the output.
pub(super) fn einsum(e: &mut Emitter<'_>, eq: &EinsumEquation, args: &[Ssa]) -> Result<Ssa, String> {
    let mut operands = args.iter().cloned().zip(eq.inputs.iter().cloned());
    let mut acc: Lettered = operands.next().ok_or("the equation has no operand")?;
    for (k, next) in operands.enumerate() {
        let needed = needed_later(eq, k + 2);
        let lhs = sum_unneeded(e, acc, &needed, &next.1);
        let rhs = sum_unneeded(e, next, &needed, &lhs.1);
        acc = contract(e, lhs, rhs, &needed);
    }
    let acc = sum_unneeded(e, acc, &eq.output, &[]);
    let permutation: Vec<i64> = (eq.output.iter())
        .map(|c| acc.1.iter().position(|a| a == c).map(|p| p as i64).ok_or("an output letter is in no operand"))
        .collect::<Result<_, _>>()?;
    if permutation.iter().copied().eq(0..permutation.len() as i64) {
        return Ok(acc.0);
    }
    let shape: Vec<i64> = permutation.iter().map(|&p| acc.0.ty.shape[p as usize]).collect();
    let out = TensorType::new(shape, acc.0.ty.dtype);
    let properties = dict([("permutation", array(&permutation))]);
    Ok(first(e.stablehlo("transpose", &[acc.0], properties, &[out])))
}

/// The letters of the operands from `from` on and of the output.
fn needed_later(eq: &EinsumEquation, from: usize) -> Vec<char> {
    eq.inputs.iter().skip(from).flatten().chain(&eq.output).copied().collect()
}

/// `x` with its letters that neither `needed` nor `other` has summed away.
fn sum_unneeded(e: &mut Emitter<'_>, x: Lettered, needed: &[char], other: &[char]) -> Lettered {
    let unneeded = |c: &char| !needed.contains(c) && !other.contains(c);
    let dims: Vec<i64> = (x.1.iter().enumerate()).filter(|(_, c)| unneeded(c)).map(|(d, _)| d as i64).collect();
    if dims.is_empty() {
        return x;
    }
    let summed = reduce_over(e, &x.0, ReduceKind::Add, &dims);
    (summed, x.1.iter().copied().filter(|c| !unneeded(c)).collect())
}

/// `lhs` and `rhs` contracted over the letters they share that `needed` lacks,
/// batched over the shared letters it has: letters batch, lhs-only, rhs-only.
fn contract(e: &mut Emitter<'_>, lhs: Lettered, rhs: Lettered, needed: &[char]) -> Lettered {
    let pos = |letters: &[char], c: char| letters.iter().position(|&l| l == c).map_or(0, |p| p as i64);
    let shared: Vec<char> = lhs.1.iter().copied().filter(|c| rhs.1.contains(c)).collect();
    let (batch, contracting): (Vec<char>, Vec<char>) = shared.iter().partition(|c| needed.contains(c));
    let d = DotGeneral {
        lhs_batching_dims: batch.iter().map(|&c| pos(&lhs.1, c)).collect(),
        rhs_batching_dims: batch.iter().map(|&c| pos(&rhs.1, c)).collect(),
        lhs_contracting_dims: contracting.iter().map(|&c| pos(&lhs.1, c)).collect(),
        rhs_contracting_dims: contracting.iter().map(|&c| pos(&rhs.1, c)).collect(),
    };
    let letters: Vec<char> = (batch.iter())
        .chain(lhs.1.iter().filter(|c| !shared.contains(c)))
        .chain(rhs.1.iter().filter(|c| !shared.contains(c)))
        .copied()
        .collect();
    let size = |c: char| {
        let (x, l) = if lhs.1.contains(&c) { (&lhs.0, &lhs.1) } else { (&rhs.0, &rhs.1) };
        x.ty.shape[pos(l, c) as usize]
    };
    let result = TensorType::new(letters.iter().map(|&c| size(c)).collect::<Vec<_>>(), lhs.0.ty.dtype);
    (dot_general(e, &lhs.0, &rhs.0, &d, &result), letters)
}

/// `x` reduced by `kind` over `dims`.
fn reduce_over(e: &mut Emitter<'_>, x: &Ssa, kind: ReduceKind, dims: &[i64]) -> Ssa {
    let shape: Vec<i64> =
        (x.ty.shape.iter().enumerate()).filter(|(d, _)| !dims.contains(&(*d as i64))).map(|(_, &s)| s).collect();
    first(reduce(e, std::slice::from_ref(x), kind, dims, &[TensorType::new(shape, x.ty.dtype)]))
}

/// `r` (a reduction over `dims` of a tensor of type `full`) broadcast back to `full`.
fn broadcast_back(e: &mut Emitter<'_>, r: &Ssa, full: &TensorType, dims: &[i64]) -> Ssa {
    let kept: Vec<i64> = (0..full.rank() as i64).filter(|d| !dims.contains(d)).collect();
    let properties = dict([("broadcast_dimensions", array(&kept))]);
    first(e.stablehlo("broadcast_in_dim", std::slice::from_ref(r), properties, std::slice::from_ref(full)))
}

/// `a OP b` for two values of one type.
fn binary(e: &mut Emitter<'_>, op: &str, a: &Ssa, b: &Ssa) -> Ssa {
    let ty = if a.ty.rank() >= b.ty.rank() { a.ty.clone() } else { b.ty.clone() };
    first(e.stablehlo(op, &[a.clone(), b.clone()], Dict::default(), &[ty]))
}

fn first(mut values: Vec<Ssa>) -> Ssa {
    values.swap_remove(0)
}
