//! How the contributions of a group combine under a reduction kind (the model's
//! [`ReductionKind`], the one vocabulary of partial values): elementwise, in group
//! order, so a run's results are the same bit for bit every time.

use crate::error::{Error, Result};
use crate::tensor::Tensor;
use autoshard_model::ReductionKind;

/// Combines `parts` (one per group member, in group order, of one shape) as `kind`
/// does: what `all_reduce`, `reduce` and `reduce_scatter` compute.
pub fn combine(kind: ReductionKind, parts: &[&Tensor]) -> Result<Tensor> {
    let Some((first, rest)) = parts.split_first() else {
        return Err(Error::Collective("a reduction over no tensors".to_string()));
    };
    if let Some(other) = rest.iter().find(|t| t.shape() != first.shape()) {
        return Err(Error::Collective(format!(
            "{kind:?} of tensors of shapes {:?} and {:?}",
            first.shape(),
            other.shape()
        )));
    }
    let mut out = (*first).clone();
    for part in rest {
        for (a, &b) in out.data_mut().iter_mut().zip(part.data()) {
            *a = apply(kind, *a, b);
        }
    }
    if kind == ReductionKind::Average {
        let n = parts.len() as f32;
        out.data_mut().iter_mut().for_each(|a| *a /= n);
    }
    Ok(out)
}

/// `a` and `b` combined by `kind` (an average sums; [`combine`] divides once).
fn apply(kind: ReductionKind, a: f32, b: f32) -> f32 {
    // Integer kinds work on the integer values the f32 holds exactly.
    let bits = |f: fn(i64, i64) -> i64| f(a as i64, b as i64) as f32;
    match kind {
        ReductionKind::Sum | ReductionKind::Average => a + b,
        ReductionKind::Max => a.max(b),
        ReductionKind::Min => a.min(b),
        ReductionKind::Product => a * b,
        ReductionKind::BitwiseAnd => bits(|x, y| x & y),
        ReductionKind::BitwiseOr => bits(|x, y| x | y),
        ReductionKind::BitwiseXor => bits(|x, y| x ^ y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_leave_values_unchanged() {
        let x = Tensor::from_vec(&[4], vec![-3.0, 0.0, 5.0, 12.0]).unwrap();
        // An average halves a value met with its identity: its partial values are
        // scaled where they are placed (`spread`).
        for kind in ReductionKind::ALL.into_iter().filter(|&k| k != ReductionKind::Average) {
            let identity = Tensor::full(&[4], kind.identity() as f32);
            assert_eq!(combine(kind, &[&x, &identity]).unwrap(), x, "{kind:?}");
            assert_eq!(combine(kind, &[&identity, &x]).unwrap(), x, "{kind:?}");
        }
    }
}
