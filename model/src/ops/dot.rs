//! Contractions: `dot_general` and `dot`.
//!
//! `dot_general`'s result dimensions are, in order, the batching dimensions (in lhs
//! order), the lhs free dimensions and the rhs free dimensions, as in StableHLO.
//! `dot` contracts the last lhs dimension with the first rhs dimension (ranks 1 or 2).

use super::{Operand, check_dims};
use crate::ir::TensorType;

/// `dot_general`'s dimension numbers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct DotGeneral {
    /// Batching dimensions of the lhs.
    pub lhs_batching_dims: Vec<i64>,
    /// Batching dimensions of the rhs, paired with the lhs ones.
    pub rhs_batching_dims: Vec<i64>,
    /// Contracting dimensions of the lhs.
    pub lhs_contracting_dims: Vec<i64>,
    /// Contracting dimensions of the rhs, paired with the lhs ones.
    pub rhs_contracting_dims: Vec<i64>,
}

impl DotGeneral {
    /// The `dot_general` a `dot` with an lhs of rank `lhs_rank` (1 or 2) stands for:
    /// the lhs's last dimension against the rhs's first.
    pub fn for_dot(lhs_rank: usize) -> DotGeneral {
        DotGeneral {
            lhs_contracting_dims: vec![lhs_rank as i64 - 1],
            rhs_contracting_dims: vec![0],
            ..DotGeneral::default()
        }
    }

    /// The dimensions of the lhs and rhs that are neither batching nor contracting.
    pub fn free_dims(&self, lhs_rank: usize, rhs_rank: usize) -> (Vec<usize>, Vec<usize>) {
        let free = |rank: usize, batch: &[i64], contract: &[i64]| -> Vec<usize> {
            (0..rank).filter(|&d| !batch.contains(&(d as i64)) && !contract.contains(&(d as i64))).collect()
        };
        (
            free(lhs_rank, &self.lhs_batching_dims, &self.lhs_contracting_dims),
            free(rhs_rank, &self.rhs_batching_dims, &self.rhs_contracting_dims),
        )
    }

    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (lhs, rhs) = (&operands[0], &operands[1]);
        if lhs.ty.dtype != rhs.ty.dtype {
            return Err(format!("{} is {} but {} is {}; convert one of them", lhs.name, lhs.ty, rhs.name, rhs.ty));
        }
        let pairs = [
            ("batching_dims", &self.lhs_batching_dims, &self.rhs_batching_dims, "batching"),
            ("contracting_dims", &self.lhs_contracting_dims, &self.rhs_contracting_dims, "contracting"),
        ];
        for (attr, l, r, what) in pairs {
            if l.len() != r.len() {
                return Err(format!("{attr} pairs {} lhs dims with {} rhs dims", l.len(), r.len()));
            }
            check_dims(&format!("lhs {attr}"), l, lhs.ty.rank())?;
            check_dims(&format!("rhs {attr}"), r, rhs.ty.rank())?;
            for (&ld, &rd) in l.iter().zip(r) {
                let (ls, rs) = (lhs.ty.shape[ld as usize], rhs.ty.shape[rd as usize]);
                if ls != rs {
                    return Err(format!(
                        "{what} dim {ld} of {} has size {ls} but dim {rd} of {} has size {rs}",
                        lhs.name, rhs.name
                    ));
                }
            }
        }
        for (side, b, c) in [
            ("lhs", &self.lhs_batching_dims, &self.lhs_contracting_dims),
            ("rhs", &self.rhs_batching_dims, &self.rhs_contracting_dims),
        ] {
            if let Some(d) = b.iter().find(|d| c.contains(d)) {
                return Err(format!("{side} dim {d} is both a batching and a contracting dim"));
            }
        }
        let (lhs_free, rhs_free) = self.free_dims(lhs.ty.rank(), rhs.ty.rank());
        let shape = self
            .lhs_batching_dims
            .iter()
            .map(|&d| lhs.ty.shape[d as usize])
            .chain(lhs_free.iter().map(|&d| lhs.ty.shape[d]))
            .chain(rhs_free.iter().map(|&d| rhs.ty.shape[d]))
            .collect::<Vec<_>>();
        Ok(vec![TensorType::new(shape, lhs.ty.dtype)])
    }
}

/// `dot`: the `dot_general` it stands for, given the operand ranks.
pub(crate) fn dot_as_general(operands: &[Operand<'_>]) -> Result<DotGeneral, String> {
    let (lhs, rhs) = (&operands[0], &operands[1]);
    for x in [lhs, rhs] {
        if !(1..=2).contains(&x.ty.rank()) {
            return Err(format!("{} has rank {} but dot needs rank 1 or 2 (use dot_general)", x.name, x.ty.rank()));
        }
    }
    Ok(DotGeneral::for_dot(lhs.ty.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    #[test]
    fn infers_batch_then_free_dims() {
        let x = TensorType::new([4, 8, 16], DType::F32);
        let w = TensorType::new([4, 16, 32], DType::F32);
        let dims = DotGeneral {
            lhs_batching_dims: vec![0],
            rhs_batching_dims: vec![0],
            lhs_contracting_dims: vec![2],
            rhs_contracting_dims: vec![1],
        };
        let ops = [Operand { name: "x", ty: &x }, Operand { name: "w", ty: &w }];
        assert_eq!(dims.infer(&ops).unwrap(), vec![TensorType::new([4, 8, 32], DType::F32)]);
    }

    #[test]
    fn reports_mismatched_contracting_sizes() {
        let x = TensorType::new([8, 16], DType::F32);
        let w = TensorType::new([32, 4], DType::F32);
        let dims = DotGeneral { lhs_contracting_dims: vec![1], rhs_contracting_dims: vec![0], ..Default::default() };
        let ops = [Operand { name: "x", ty: &x }, Operand { name: "w", ty: &w }];
        assert_eq!(dims.infer(&ops).unwrap_err(), "contracting dim 1 of x has size 16 but dim 0 of w has size 32");
    }
}
