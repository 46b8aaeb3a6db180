//! Reductions in StableHLO's syntax: the scalar op that combines two partial results
//! of a reduce kind, the region of a `reduce`, `reduce_window`, `scatter` or
//! `reduce_scatter` that combines its values pair by pair, a `reduce` from the kind's
//! identity (an arg reduction's comparator as JAX writes it), and the identities as
//! scalar init values.

use super::build::dict;
use super::{Emitter, Region, Ssa, array, comparison};
use crate::ast::Dict;
use autoshard_model::ops::{ComparisonDirection, ReduceKind};
use autoshard_model::{DType, TensorType};

/// The scalar op combining two partial results of a reduction of `kind`.
pub(super) fn combiner(kind: ReduceKind) -> &'static str {
    match kind {
        ReduceKind::Add => "add",
        ReduceKind::Max | ReduceKind::ArgMax => "maximum",
        ReduceKind::Min | ReduceKind::ArgMin => "minimum",
        ReduceKind::Mul => "multiply",
        ReduceKind::And => "and",
        ReduceKind::Or => "or",
        ReduceKind::Xor => "xor",
    }
}

/// `xs` reduced by `kind` over `dims`, each from the kind's identity and combined
/// on its own.
pub(super) fn reduce(
    e: &mut Emitter<'_>,
    xs: &[Ssa],
    kind: ReduceKind,
    dims: &[i64],
    results: &[TensorType],
) -> Vec<Ssa> {
    let inits = identities(e, xs, kind);
    let operands: Vec<Ssa> = xs.iter().cloned().chain(inits).collect();
    let properties = dict([("dimensions", array(dims))]);
    if kind.is_arg() {
        let types = scalars(xs);
        let mut body = |e: &mut Emitter<'_>, p: &[Ssa]| arg_comparator(e, kind, p);
        let mut regions: [Region<'_, '_>; 1] = [([types.clone(), types].concat(), &mut body)];
        return e.stablehlo_regions("reduce", &operands, properties, results, &mut regions);
    }
    combining(e, "reduce", &operands, properties, results, Some(kind), &scalars(xs))
}

/// The body of an arg reduction over `(a, ia, b, ib)`, as `jnp.argmax` lowers it:
/// `a` wins if it beats `b` or is NaN; its index also wins on a tie with a lower
/// index ([`ReduceKind::arg_combine`]).
fn arg_comparator(e: &mut Emitter<'_>, kind: ReduceKind, p: &[Ssa]) -> Vec<Ssa> {
    let bool_ty = [TensorType::new(vec![], DType::I1)];
    let value_order = if p[0].ty.dtype.is_float() { "FLOAT" } else { "SIGNED" };
    let index_order = if p[1].ty.dtype.integer_bounds().is_some_and(|(lo, _)| lo < 0) { "SIGNED" } else { "UNSIGNED" };
    let compare = |e: &mut Emitter<'_>, d, x: &Ssa, y: &Ssa, order| {
        e.stablehlo("compare", &[x.clone(), y.clone()], comparison(d, Some(order)), &bool_ty).remove(0)
    };
    let better = if kind == ReduceKind::ArgMin { ComparisonDirection::Lt } else { ComparisonDirection::Gt };
    let beats = compare(e, better, &p[0], &p[2], value_order);
    let nan = compare(e, ComparisonDirection::Ne, &p[0], &p[0], value_order);
    let equal = compare(e, ComparisonDirection::Eq, &p[0], &p[2], value_order);
    let lower = compare(e, ComparisonDirection::Lt, &p[1], &p[3], index_order);
    let wins = e.stablehlo("or", &[beats, nan], Dict::default(), &bool_ty).remove(0);
    let tie = e.stablehlo("and", &[equal, lower], Dict::default(), &bool_ty).remove(0);
    let index_wins = e.stablehlo("or", &[wins.clone(), tie], Dict::default(), &bool_ty).remove(0);
    let value =
        e.stablehlo("select", &[wins, p[0].clone(), p[2].clone()], Dict::default(), std::slice::from_ref(&p[0].ty));
    let index = e.stablehlo(
        "select",
        &[index_wins, p[1].clone(), p[3].clone()],
        Dict::default(),
        std::slice::from_ref(&p[1].ty),
    );
    [value, index].concat()
}

/// The scalar types of `xs`' elements.
pub(super) fn scalars(xs: &[Ssa]) -> Vec<TensorType> {
    xs.iter().map(|x| TensorType::new(vec![], x.ty.dtype)).collect()
}

/// `stablehlo.NAME` with one region that takes `n = types.len()` values and `n`
/// more and combines them pair by pair by `kind` (`None` keeps the second `n`: a
/// scatter's replace), as reductions and scatters do.
pub(super) fn combining(
    e: &mut Emitter<'_>,
    name: &str,
    operands: &[Ssa],
    properties: Dict,
    results: &[TensorType],
    kind: Option<ReduceKind>,
    types: &[TensorType],
) -> Vec<Ssa> {
    let n = types.len();
    let mut body = |e: &mut Emitter<'_>, p: &[Ssa]| match kind {
        None => p[n..].to_vec(),
        Some(kind) => (0..n)
            .flat_map(|i| {
                e.stablehlo(combiner(kind), &[p[i].clone(), p[n + i].clone()], Dict::default(), &types[i..=i])
            })
            .collect(),
    };
    let mut regions: [Region<'_, '_>; 1] = [([types, types].concat(), &mut body)];
    e.stablehlo_regions(name, operands, properties, results, &mut regions)
}

/// The scalar init values of a windowed op over `inputs`: the operands after them,
/// or else the reduction's identity.
pub(super) fn inits(e: &mut Emitter<'_>, inputs: &[Ssa], given: &[Ssa], kind: ReduceKind) -> Vec<Ssa> {
    if given.is_empty() { identities(e, inputs, kind) } else { given.to_vec() }
}

/// A scalar constant per input: the identity of `kind` in its element type.
pub(super) fn identities(e: &mut Emitter<'_>, inputs: &[Ssa], kind: ReduceKind) -> Vec<Ssa> {
    scalars(inputs).iter().enumerate().map(|(i, s)| e.splat(kind.operand_identity_in(i, s.dtype), s)).collect()
}
