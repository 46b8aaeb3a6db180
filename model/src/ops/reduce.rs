//! `reduce`: combine elements along some dimensions with `add`, `max`, `min`, `mul`,
//! (on booleans and integers) bitwise `and`, `or`, `xor`, or, over a pair of values
//! and their integer indices, `argmax` / `argmin` (the lowest index among equals, a
//! NaN winning, as `jnp.argmax` lowers).
//!
//! Variadic as in StableHLO: every operand has the same shape and is reduced along the
//! same dimensions; each result is its operand's type without those dimensions.
//!
//! A sharding's unreduced axes hold partial values that combine by a reduce kind:
//! [`ReductionKind::reduce_kind`] and its identity are here, with the kinds.

use super::{Operand, check_dims};
use crate::dtype::DType;
use crate::ir::TensorType;
use crate::sharding::ReductionKind;

/// The combining function of a reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReduceKind {
    /// Sum.
    Add,
    /// Maximum.
    Max,
    /// Minimum.
    Min,
    /// Product.
    Mul,
    /// Bitwise (on booleans, logical) and: JAX's bounds checks reduce with it.
    And,
    /// Bitwise (on booleans, logical) or.
    Or,
    /// Bitwise (on booleans, logical) exclusive or.
    Xor,
    /// Over two operands, values and their indices: the largest value and its index
    /// ([`ReduceKind::arg_combine`]).
    ArgMax,
    /// Over values and their indices: the smallest value and its index.
    ArgMin,
}

impl ReduceKind {
    /// Every kind.
    pub const ALL: [ReduceKind; 9] = [
        ReduceKind::Add,
        ReduceKind::Max,
        ReduceKind::Min,
        ReduceKind::Mul,
        ReduceKind::And,
        ReduceKind::Or,
        ReduceKind::Xor,
        ReduceKind::ArgMax,
        ReduceKind::ArgMin,
    ];

    /// Whether the kind reduces values and their indices together (argmax, argmin).
    pub fn is_arg(self) -> bool {
        matches!(self, ReduceKind::ArgMax | ReduceKind::ArgMin)
    }

    /// The identity of operand `operand` of a reduce of this kind in `dtype`: an
    /// arg reduction's indices start from 0, everything else from
    /// [`Self::identity_in`].
    pub fn operand_identity_in(self, operand: usize, dtype: DType) -> f64 {
        if self.is_arg() && operand == 1 { 0.0 } else { self.identity_in(dtype) }
    }

    /// Whether `value` of type `dtype` is the identity of operand `operand`
    /// ([`Self::operand_identity_in`], with the latitude of [`Self::is_identity_in`]).
    pub fn is_operand_identity_in(self, operand: usize, value: f64, dtype: DType) -> bool {
        if self.is_arg() && operand == 1 { value == 0.0 } else { self.is_identity_in(value, dtype) }
    }

    /// One step of an arg reduction: `(a, ia)` so far against `(b, ib)`, as JAX's
    /// comparator computes it. The value is `a` if it beats `b` or is NaN, else `b`;
    /// the index is `ia` in those cases and also on a tie with the lower index.
    pub fn arg_combine(self, (a, ia): (f64, f64), (b, ib): (f64, f64)) -> (f64, f64) {
        let beats = if self == ReduceKind::ArgMin { a < b } else { a > b } || a.is_nan();
        let index = if beats || (a == b && ia < ib) { ia } else { ib };
        (if beats { a } else { b }, index)
    }

    /// Whether the kind works on bits (and, or, xor): booleans and integers only.
    pub fn is_bitwise(self) -> bool {
        matches!(self, ReduceKind::And | ReduceKind::Or | ReduceKind::Xor)
    }

    /// The value that leaves the reduction unchanged (the init StableHLO pairs with
    /// it, the padding of a partial block); an `and`'s is a boolean's (all ones in a
    /// wider integer: [`Self::identity_in`]).
    pub fn identity(self) -> f64 {
        match self {
            ReduceKind::Add | ReduceKind::Or | ReduceKind::Xor => 0.0,
            ReduceKind::Mul | ReduceKind::And => 1.0,
            ReduceKind::ArgMax => f64::NEG_INFINITY,
            ReduceKind::ArgMin => f64::INFINITY,
            ReduceKind::Max => f64::NEG_INFINITY,
            ReduceKind::Min => f64::INFINITY,
        }
    }

    /// The identity in element type `dtype`: a max over integers starts from the
    /// type's smallest value, not −∞ (which it cannot hold); an `and` from all ones
    /// (−1 in a signed type, the largest value in an unsigned one, `true`).
    pub fn identity_in(self, dtype: DType) -> f64 {
        let (lowest, highest) = dtype.finite_range();
        match self {
            ReduceKind::Max | ReduceKind::ArgMax if !dtype.is_float() => lowest,
            ReduceKind::Min | ReduceKind::ArgMin if !dtype.is_float() => highest,
            ReduceKind::And if lowest < 0.0 => -1.0,
            ReduceKind::And => highest,
            _ => self.identity(),
        }
    }

    /// Whether `value` of type `dtype` is an identity of the kind: [`Self::identity_in`],
    /// or for a float max (min) anything at or below (above) the type's finite range,
    /// which writers use for −∞ (+∞).
    pub fn is_identity_in(self, value: f64, dtype: DType) -> bool {
        let (lowest, highest) = dtype.finite_range();
        match self {
            ReduceKind::Max | ReduceKind::ArgMax if dtype.is_float() => value <= lowest,
            ReduceKind::Min | ReduceKind::ArgMin if dtype.is_float() => value >= highest,
            _ => value == self.identity_in(dtype),
        }
    }

    /// The kind's name in configs.
    pub fn name(self) -> &'static str {
        match self {
            ReduceKind::Add => "add",
            ReduceKind::Max => "max",
            ReduceKind::Min => "min",
            ReduceKind::Mul => "mul",
            ReduceKind::And => "and",
            ReduceKind::Or => "or",
            ReduceKind::Xor => "xor",
            ReduceKind::ArgMax => "argmax",
            ReduceKind::ArgMin => "argmin",
        }
    }

    /// Combines `acc` with `x`, both values of the reduced type (integers and
    /// booleans held exactly in an `f64`, as every kernel holds them).
    pub fn combine(self, acc: f64, x: f64) -> f64 {
        let bits = |f: fn(i64, i64) -> i64| f(acc as i64, x as i64) as f64;
        match self {
            ReduceKind::Add => acc + x,
            ReduceKind::Mul => acc * x,
            ReduceKind::Max | ReduceKind::ArgMax => acc.max(x),
            ReduceKind::Min | ReduceKind::ArgMin => acc.min(x),
            ReduceKind::And => bits(|a, b| a & b),
            ReduceKind::Or => bits(|a, b| a | b),
            ReduceKind::Xor => bits(|a, b| a ^ b),
        }
    }
}

impl ReductionKind {
    /// The reduce kind that combines the partial values (an average's is the sum,
    /// divided by the group's size afterwards).
    pub fn reduce_kind(self) -> ReduceKind {
        match self {
            ReductionKind::Sum | ReductionKind::Average => ReduceKind::Add,
            ReductionKind::Max => ReduceKind::Max,
            ReductionKind::Min => ReduceKind::Min,
            ReductionKind::Product => ReduceKind::Mul,
            ReductionKind::BitwiseAnd => ReduceKind::And,
            ReductionKind::BitwiseOr => ReduceKind::Or,
            ReductionKind::BitwiseXor => ReduceKind::Xor,
        }
    }

    /// The value that leaves partial values unchanged: what partial results start
    /// from and what the padding of a reduced dimension holds. It is
    /// [`ReduceKind::identity`] of [`Self::reduce_kind`], but for a bitwise and all
    /// ones (−1), the identity of every integer and boolean type in the 64-bit
    /// integers the bitwise kinds compute in, where `and`'s 1 serves booleans only.
    /// An average's is the sum's 0, and a device's partial value in a group of `n`
    /// that it alone holds is `n` times its share.
    pub fn identity(self) -> f64 {
        match self {
            ReductionKind::BitwiseAnd => -1.0,
            other => other.reduce_kind().identity(),
        }
    }
}

/// `reduce`'s attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reduce {
    /// The reduced dimensions.
    pub dimensions: Vec<i64>,
    /// The combining function.
    pub kind: ReduceKind,
}

impl Reduce {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let first = &operands[0];
        if let Some(x) = operands.iter().find(|x| x.ty.shape != first.ty.shape) {
            return Err(format!(
                "{} is {} but {} is {}; reduced operands share a shape",
                x.name, x.ty, first.name, first.ty
            ));
        }
        check_dims("dimensions", &self.dimensions, first.ty.rank())?;
        if self.kind.is_arg() && (operands.len() != 2 || operands[1].ty.dtype.is_float()) {
            let types: Vec<String> = operands.iter().map(|x| x.ty.to_string()).collect();
            return Err(format!(
                "a reduce by {} takes values and their integer indices, not {}",
                self.kind.name(),
                types.join(", ")
            ));
        }
        if let Some(x) = operands.iter().find(|x| self.kind.is_bitwise() && x.ty.dtype.is_float()) {
            return Err(format!("{} is {}; a reduce by {} takes booleans or integers", x.name, x.ty, self.kind.name()));
        }
        Ok(operands
            .iter()
            .map(|x| {
                let shape = (0..x.ty.rank())
                    .filter(|d| !self.dimensions.contains(&(*d as i64)))
                    .map(|d| x.ty.shape[d])
                    .collect::<Vec<_>>();
                TensorType::new(shape, x.ty.dtype)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduction_identities_are_their_reduce_kinds() {
        let kinds = ReductionKind::ALL;
        let identities = [0.0, f64::NEG_INFINITY, f64::INFINITY, 1.0, 0.0, -1.0, 0.0, 0.0];
        assert_eq!(kinds.map(ReductionKind::identity), identities);
        let reduce = [ReduceKind::Add, ReduceKind::Max, ReduceKind::Min, ReduceKind::Mul, ReduceKind::Add];
        assert_eq!(kinds[..5].iter().map(|k| k.reduce_kind()).collect::<Vec<_>>(), reduce);
        // Each identity leaves any value its reduction sees unchanged, in both orders
        // (an average's sum, before the divide).
        for kind in kinds {
            for x in [-7.0, -1.0, 0.0, 1.0, 6.0] {
                let (a, b) =
                    (kind.reduce_kind().combine(kind.identity(), x), kind.reduce_kind().combine(x, kind.identity()));
                assert_eq!((a, b), (x, x), "{kind:?} of {x}");
            }
        }
    }

    #[test]
    fn identities_in_a_type_are_what_it_can_hold() {
        assert_eq!(ReduceKind::Max.identity_in(DType::I32), f64::from(i32::MIN));
        assert_eq!(ReduceKind::Min.identity_in(DType::U8), 255.0);
        assert_eq!(ReduceKind::Max.identity_in(DType::F32), f64::NEG_INFINITY);
        assert_eq!(ReduceKind::Mul.identity_in(DType::I8), 1.0);
        // A float max (min) accepts −∞ (+∞) or anything past the finite range,
        // nothing inside it; an integer one only the type's extreme.
        let f32_lowest = f64::from(f32::MIN);
        for value in [f64::NEG_INFINITY, f32_lowest, 2.0 * f32_lowest] {
            assert!(ReduceKind::Max.is_identity_in(value, DType::F32), "{value}");
            assert!(ReduceKind::Min.is_identity_in(-value, DType::F32), "{value}");
        }
        assert!(!ReduceKind::Max.is_identity_in(f32_lowest / 2.0, DType::F32));
        assert!(!ReduceKind::Max.is_identity_in(f64::NAN, DType::F32));
        assert!(ReduceKind::Max.is_identity_in(-128.0, DType::I8));
        assert!(!ReduceKind::Max.is_identity_in(f64::NEG_INFINITY, DType::I8));
        assert!(ReduceKind::Add.is_identity_in(0.0, DType::BF16) && !ReduceKind::Add.is_identity_in(1.0, DType::I1));
    }

    #[test]
    fn bitwise_kinds_start_from_all_ones_or_zero_and_combine_bits() {
        assert_eq!(ReduceKind::And.identity_in(DType::I1), 1.0);
        assert_eq!(ReduceKind::And.identity_in(DType::I32), -1.0);
        assert_eq!(ReduceKind::And.identity_in(DType::U8), 255.0);
        assert_eq!([ReduceKind::Or, ReduceKind::Xor].map(|k| k.identity_in(DType::I1)), [0.0, 0.0]);
        let fold = |k: ReduceKind, xs: &[f64], t: DType| xs.iter().fold(k.identity_in(t), |a, &x| k.combine(a, x));
        assert_eq!(fold(ReduceKind::And, &[1.0, 1.0, 0.0], DType::I1), 0.0);
        assert_eq!(fold(ReduceKind::And, &[1.0, 1.0], DType::I1), 1.0);
        assert_eq!(fold(ReduceKind::Or, &[0.0, 1.0, 0.0], DType::I1), 1.0);
        assert_eq!(fold(ReduceKind::Xor, &[1.0, 1.0, 1.0], DType::I1), 1.0);
        assert_eq!(fold(ReduceKind::And, &[12.0, 10.0], DType::I32), 8.0);
        assert_eq!(fold(ReduceKind::Or, &[12.0, 3.0], DType::U8), 15.0);
        assert_eq!(fold(ReduceKind::Xor, &[-1.0, 5.0], DType::I32), -6.0);
        assert!(ReduceKind::ALL.iter().all(|k| k.is_bitwise() == ["and", "or", "xor"].contains(&k.name())));
    }

    #[test]
    fn arg_reductions_keep_the_lowest_index_among_equals_and_let_nan_win() {
        let max = ReduceKind::ArgMax;
        assert_eq!(max.arg_combine((1.0, 0.0), (2.0, 1.0)), (2.0, 1.0));
        assert_eq!(max.arg_combine((2.0, 3.0), (2.0, 1.0)), (2.0, 1.0));
        assert_eq!(max.arg_combine((2.0, 1.0), (2.0, 3.0)), (2.0, 1.0));
        assert_eq!(ReduceKind::ArgMin.arg_combine((1.0, 5.0), (2.0, 1.0)), (1.0, 5.0));
        let (v, i) = max.arg_combine((5.0, 0.0), (f64::NAN, 4.0));
        assert!(v.is_nan() && i == 4.0);
        let (v, i) = max.arg_combine((f64::NAN, 2.0), (9.0, 1.0));
        assert!(v.is_nan() && i == 2.0);
        assert_eq!([0, 1].map(|k| max.operand_identity_in(k, DType::F32)), [f64::NEG_INFINITY, 0.0]);
        assert_eq!(ReduceKind::ArgMin.operand_identity_in(0, DType::I32), f64::from(i32::MAX));
    }
}
