//! `dot_general` in StableHLO's syntax, with the op set's dimension numbers: the
//! program's `dot` and `dot_general` and the contractions of an `einsum`.

use super::build::dict;
use super::{Emitter, Ssa, fields};
use autoshard_model::TensorType;
use autoshard_model::ops::DotGeneral;

/// `dot_general` of `lhs` and `rhs` with `d`'s dimension numbers.
pub(super) fn dot_general(e: &mut Emitter<'_>, lhs: &Ssa, rhs: &Ssa, d: &DotGeneral, result: &TensorType) -> Ssa {
    let numbers = [
        ("lhs_batching_dimensions", &d.lhs_batching_dims),
        ("rhs_batching_dimensions", &d.rhs_batching_dims),
        ("lhs_contracting_dimensions", &d.lhs_contracting_dims),
        ("rhs_contracting_dimensions", &d.rhs_contracting_dims),
    ];
    let properties = dict([("dot_dimension_numbers", format!("#stablehlo.dot<{}>", fields(&numbers)))]);
    e.stablehlo("dot_general", &[lhs.clone(), rhs.clone()], properties, std::slice::from_ref(result)).remove(0)
}
