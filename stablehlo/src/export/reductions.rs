//! Reductions in StableHLO's syntax: the scalar op that combines two partial results
//! of a reduce kind, the region of a `reduce`, `reduce_window`, `scatter` or
//! `reduce_scatter` that combines its values pair by pair, a `reduce` from the kind's
//! identity, and the identities as scalar init values.

use super::{Emitter, Region, Ssa, array};
use autoshard_model::TensorType;
use autoshard_model::ops::ReduceKind;

/// The scalar op combining two partial results of a reduction of `kind`.
pub(super) fn combiner(kind: ReduceKind) -> &'static str {
    match kind {
        ReduceKind::Add => "add",
        ReduceKind::Max => "maximum",
        ReduceKind::Min => "minimum",
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
    combining(e, "reduce", &operands, &format!("dimensions = {}", array(dims)), results, Some(kind), &scalars(xs))
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
    attrs: &str,
    results: &[TensorType],
    kind: Option<ReduceKind>,
    types: &[TensorType],
) -> Vec<Ssa> {
    let n = types.len();
    let mut body = |e: &mut Emitter<'_>, p: &[Ssa]| match kind {
        None => p[n..].to_vec(),
        Some(kind) => (0..n)
            .flat_map(|i| e.stablehlo(combiner(kind), &[p[i].clone(), p[n + i].clone()], "", &types[i..=i]))
            .collect(),
    };
    let mut regions: [Region<'_, '_>; 1] = [([types, types].concat(), &mut body)];
    e.stablehlo_regions(name, operands, attrs, results, &mut regions)
}

/// The scalar init values of a windowed op over `inputs`: the operands after them,
/// or else the reduction's identity.
pub(super) fn inits(e: &mut Emitter<'_>, inputs: &[Ssa], given: &[Ssa], kind: ReduceKind) -> Vec<Ssa> {
    if given.is_empty() { identities(e, inputs, kind) } else { given.to_vec() }
}

/// A scalar constant per input: the identity of `kind` in its element type.
pub(super) fn identities(e: &mut Emitter<'_>, inputs: &[Ssa], kind: ReduceKind) -> Vec<Ssa> {
    scalars(inputs).iter().map(|s| e.splat(kind.identity_in(s.dtype), s)).collect()
}
