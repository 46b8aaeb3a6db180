//! Pointwise ops: unary and binary arithmetic, `compare`, `convert`, `select`, `clamp`,
//! `reduce_precision` and `is_finite`.
//!
//! All of them keep the shape: binary operands must have identical types (as in
//! StableHLO; broadcast explicitly with `broadcast_in_dim`), `select`'s predicate and
//! `clamp`'s bounds may also be scalars.

use super::{Operand, dtype_error, same_type};
use crate::dtype::{DType, DTypeClass};
use crate::ir::TensorType;

/// Unary pointwise ops (StableHLO names, CHLO's `erf`, plus the activations `relu`,
/// `gelu`, `silu`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the variants are the ops' names")]
pub enum UnaryOp {
    Abs,
    Negate,
    Exponential,
    Log,
    LogPlusOne,
    Logistic,
    Tanh,
    Sqrt,
    Rsqrt,
    Sine,
    Cosine,
    Erf,
    Floor,
    Ceil,
    Sign,
    Not,
    Relu,
    Gelu,
    Silu,
}

impl UnaryOp {
    /// Every unary op.
    pub const ALL: [UnaryOp; 19] = [
        UnaryOp::Abs,
        UnaryOp::Negate,
        UnaryOp::Exponential,
        UnaryOp::Log,
        UnaryOp::LogPlusOne,
        UnaryOp::Logistic,
        UnaryOp::Tanh,
        UnaryOp::Sqrt,
        UnaryOp::Rsqrt,
        UnaryOp::Sine,
        UnaryOp::Cosine,
        UnaryOp::Erf,
        UnaryOp::Floor,
        UnaryOp::Ceil,
        UnaryOp::Sign,
        UnaryOp::Not,
        UnaryOp::Relu,
        UnaryOp::Gelu,
        UnaryOp::Silu,
    ];

    /// The op's name in configs.
    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Abs => "abs",
            UnaryOp::Negate => "negate",
            UnaryOp::Exponential => "exponential",
            UnaryOp::Log => "log",
            UnaryOp::LogPlusOne => "log_plus_one",
            UnaryOp::Logistic => "logistic",
            UnaryOp::Tanh => "tanh",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Rsqrt => "rsqrt",
            UnaryOp::Sine => "sine",
            UnaryOp::Cosine => "cosine",
            UnaryOp::Erf => "erf",
            UnaryOp::Floor => "floor",
            UnaryOp::Ceil => "ceil",
            UnaryOp::Sign => "sign",
            UnaryOp::Not => "not",
            UnaryOp::Relu => "relu",
            UnaryOp::Gelu => "gelu",
            UnaryOp::Silu => "silu",
        }
    }

    /// The element types the op accepts.
    fn accepts(self, dtype: DType) -> bool {
        match self {
            UnaryOp::Not => dtype.class() != DTypeClass::Float,
            UnaryOp::Abs | UnaryOp::Negate | UnaryOp::Sign | UnaryOp::Relu => dtype.class() != DTypeClass::Bool,
            _ => dtype.is_float(),
        }
    }

    pub(crate) fn infer(self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        if !self.accepts(x.ty.dtype) {
            return Err(dtype_error(x, self.expected_class()));
        }
        Ok(vec![x.ty.clone()])
    }

    fn expected_class(self) -> &'static str {
        match self {
            UnaryOp::Not => "an integer or boolean",
            UnaryOp::Abs | UnaryOp::Negate | UnaryOp::Sign | UnaryOp::Relu => "a numeric",
            _ => "a floating-point",
        }
    }
}

/// Binary pointwise ops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the variants are the ops' names")]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    Maximum,
    Minimum,
    Power,
    Remainder,
    Atan2,
    And,
    Or,
    Xor,
}

impl BinaryOp {
    /// Every binary op.
    pub const ALL: [BinaryOp; 12] = [
        BinaryOp::Add,
        BinaryOp::Subtract,
        BinaryOp::Multiply,
        BinaryOp::Divide,
        BinaryOp::Maximum,
        BinaryOp::Minimum,
        BinaryOp::Power,
        BinaryOp::Remainder,
        BinaryOp::Atan2,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
    ];

    /// The op's name in configs.
    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Subtract => "subtract",
            BinaryOp::Multiply => "multiply",
            BinaryOp::Divide => "divide",
            BinaryOp::Maximum => "maximum",
            BinaryOp::Minimum => "minimum",
            BinaryOp::Power => "power",
            BinaryOp::Remainder => "remainder",
            BinaryOp::Atan2 => "atan2",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Xor => "xor",
        }
    }

    pub(crate) fn infer(self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (lhs, rhs) = (&operands[0], &operands[1]);
        same_type(lhs, rhs)?;
        let class = lhs.ty.dtype.class();
        let (ok, expected) = match self {
            BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => (class != DTypeClass::Float, "an integer or boolean"),
            BinaryOp::Atan2 => (class == DTypeClass::Float, "a floating-point"),
            BinaryOp::Add | BinaryOp::Maximum | BinaryOp::Minimum | BinaryOp::Multiply => (true, ""),
            _ => (class != DTypeClass::Bool, "a numeric"),
        };
        if !ok {
            return Err(dtype_error(lhs, expected));
        }
        Ok(vec![lhs.ty.clone()])
    }
}

/// The comparison of `compare`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "StableHLO's comparison directions")]
pub enum ComparisonDirection {
    Eq,
    Ne,
    Ge,
    Gt,
    Le,
    Lt,
}

impl ComparisonDirection {
    /// Every direction.
    pub const ALL: [ComparisonDirection; 6] = [
        ComparisonDirection::Eq,
        ComparisonDirection::Ne,
        ComparisonDirection::Ge,
        ComparisonDirection::Gt,
        ComparisonDirection::Le,
        ComparisonDirection::Lt,
    ];

    /// StableHLO's spelling: `EQ`, `NE`, `GE`, `GT`, `LE`, `LT`.
    pub fn name(self) -> &'static str {
        match self {
            ComparisonDirection::Eq => "EQ",
            ComparisonDirection::Ne => "NE",
            ComparisonDirection::Ge => "GE",
            ComparisonDirection::Gt => "GT",
            ComparisonDirection::Le => "LE",
            ComparisonDirection::Lt => "LT",
        }
    }
}

/// `compare`: same-typed operands, a boolean result of their shape.
pub(crate) fn infer_compare(operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
    same_type(&operands[0], &operands[1])?;
    Ok(vec![operands[0].ty.with_dtype(DType::I1)])
}

/// `convert`: the operand's shape with a new element type.
pub(crate) fn infer_convert(operands: &[Operand<'_>], dtype: DType) -> Result<Vec<TensorType>, String> {
    Ok(vec![operands[0].ty.with_dtype(dtype)])
}

/// `select(pred, on_true, on_false)`: `pred` is boolean, scalar or of the branches' shape.
pub(crate) fn infer_select(operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
    let (pred, on_true, on_false) = (&operands[0], &operands[1], &operands[2]);
    same_type(on_true, on_false)?;
    if pred.ty.dtype != DType::I1 {
        return Err(dtype_error(pred, "a boolean (i1)"));
    }
    if pred.ty.rank() != 0 && pred.ty.shape != on_true.ty.shape {
        return Err(format!(
            "predicate {} has type {} but must be a scalar or have the shape of {} ({})",
            pred.name, pred.ty, on_true.name, on_true.ty
        ));
    }
    Ok(vec![on_true.ty.clone()])
}

/// `clamp(min, operand, max)`: bounds of the operand's element type, scalar or of its shape.
pub(crate) fn infer_clamp(operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
    let x = &operands[1];
    for bound in [&operands[0], &operands[2]] {
        if bound.ty.dtype != x.ty.dtype || (bound.ty.rank() != 0 && bound.ty.shape != x.ty.shape) {
            return Err(format!(
                "bound {} has type {} but must be a scalar or have the type of {} ({})",
                bound.name, bound.ty, x.name, x.ty
            ));
        }
    }
    Ok(vec![x.ty.clone()])
}

/// `reduce_precision`: each element rounded to the float format with `exponent_bits`
/// exponent and `mantissa_bits` mantissa bits and back, as XLA's ReducePrecision
/// (mixed-precision training; JAX's `lax.reduce_precision`, printed
/// `format = e5m10`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReducePrecision {
    /// Exponent bits of the format (at least 1).
    pub exponent_bits: i64,
    /// Mantissa bits of the format (at least 0).
    pub mantissa_bits: i64,
}

impl ReducePrecision {
    /// A float operand; at least 1 exponent bit and no negative mantissa bits, each an
    /// `i32` as in StableHLO.
    pub(crate) fn infer(self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        for (name, bits, least) in [("exponent_bits", self.exponent_bits, 1), ("mantissa_bits", self.mantissa_bits, 0)]
        {
            if bits < least {
                return Err(format!("{name} must be at least {least}, got {bits}"));
            }
            if bits > i64::from(i32::MAX) {
                return Err(format!("{name} {bits} does not fit StableHLO's i32"));
            }
        }
        let x = &operands[0];
        if !x.ty.dtype.is_float() {
            return Err(dtype_error(x, "a floating-point"));
        }
        Ok(vec![x.ty.clone()])
    }
}

/// `is_finite`: a float operand, a boolean result of its shape (false for infinities
/// and NaNs).
pub(crate) fn infer_is_finite(operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
    let x = &operands[0];
    if !x.ty.dtype.is_float() {
        return Err(dtype_error(x, "a floating-point"));
    }
    Ok(vec![x.ty.with_dtype(DType::I1)])
}
