//! Pointwise ops: unary and binary arithmetic, `convert`, `compare`, `select`,
//! `clamp`, `reduce_precision`, `is_finite`.
//!
//! Values are `f32`; an integer or boolean result is brought back into its type after
//! every op (integers truncate toward zero, booleans are 1 for non-zero), so integer
//! division truncates and booleans stay 0/1. `gelu` is the tanh approximation (JAX's
//! default), `silu(x) = x * logistic(x)`, `erf` is computed in `f64` (a Taylor series
//! below 3, Numerical Recipes' Chebyshev `erfc` fit above, both well under `f32`'s
//! precision). Bitwise ops on integers work on the value as
//! an `i64`; on booleans they are logical. `reduce_precision` is XLA's ReducePrecision
//! on the `f32` bits: the mantissa rounded to nearest, ties to even (a carry may bump
//! the exponent), then exponents above the format's range become infinities and
//! those at or below its smallest normal exponent signed zeros (the format has no
//! denormals); a NaN stays the NaN it was (as XLA's CPU backend gives); formats at
//! least as wide as `f32`'s 8 and 23 bits leave the value as is.

use crate::tensor::Tensor;
use autoshard_model::ops::{BinaryOp, ComparisonDirection, ReducePrecision, UnaryOp};
use autoshard_model::{DType, DTypeClass};

/// Brings `v` into `dtype`: integers truncate toward zero, booleans are `v != 0`.
pub fn to_dtype(v: f32, dtype: DType) -> f32 {
    match dtype.class() {
        DTypeClass::Float => v,
        DTypeClass::Integer if v.is_finite() => v.trunc(),
        DTypeClass::Integer => v,
        DTypeClass::Bool => f32::from(u8::from(v != 0.0)),
    }
}

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn gelu(x: f32) -> f32 {
    const SQRT_2_OVER_PI: f32 = 0.797_884_6;
    0.5 * x * (1.0 + (SQRT_2_OVER_PI * (x + 0.044_715 * x * x * x)).tanh())
}

/// The error function, `2/sqrt(pi) * integral of exp(-t^2) from 0 to x`.
pub fn erf(x: f32) -> f32 {
    let z = f64::from(x).abs();
    let value = if z < 3.0 {
        // sum over n of (-1)^n z^(2n+1) / (n! (2n+1)), terms decreasing past n = z^2.
        let (mut sum, mut power, mut n) = (0.0_f64, z, 0.0);
        while power.abs() / (2.0 * n + 1.0) > 1e-17 * sum.max(1e-300) || n < z * z {
            sum += power / (2.0 * n + 1.0);
            n += 1.0;
            power *= -z * z / n;
        }
        sum * std::f64::consts::FRAC_2_SQRT_PI
    } else {
        1.0 - erfc_large(z)
    };
    (value.copysign(f64::from(x))) as f32
}

/// `erfc(z)` for `z >= 0` with relative error below 1.2e-7 (Numerical Recipes'
/// `erfcc`); used only where `erfc` is below 3e-5, so `erf` stays exact to `f32`.
fn erfc_large(z: f64) -> f64 {
    const C: [f64; 10] = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ];
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = C.iter().rev().fold(0.0, |acc, &c| c + t * acc);
    t * (-z * z + poly).exp()
}

fn sign(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}

/// A unary op on `x`, whose element type is `dtype`.
pub fn unary(op: UnaryOp, x: &Tensor, dtype: DType) -> Tensor {
    let f: fn(f32) -> f32 = match op {
        UnaryOp::Abs => f32::abs,
        UnaryOp::Negate => |x| -x,
        UnaryOp::Exponential => f32::exp,
        UnaryOp::Log => f32::ln,
        UnaryOp::LogPlusOne => f32::ln_1p,
        UnaryOp::Logistic => logistic,
        UnaryOp::Tanh => f32::tanh,
        UnaryOp::Sqrt => f32::sqrt,
        UnaryOp::Rsqrt => |x| 1.0 / x.sqrt(),
        UnaryOp::Sine => f32::sin,
        UnaryOp::Cosine => f32::cos,
        UnaryOp::Erf => erf,
        UnaryOp::Floor => f32::floor,
        UnaryOp::Ceil => f32::ceil,
        UnaryOp::Sign => sign,
        UnaryOp::Relu => |x| x.max(0.0),
        UnaryOp::Gelu => gelu,
        UnaryOp::Silu => |x| x * logistic(x),
        UnaryOp::Not if dtype == DType::I1 => |x| f32::from(u8::from(x == 0.0)),
        UnaryOp::Not => |x| !(x as i64) as f32,
    };
    x.map(|v| to_dtype(f(v), dtype))
}

/// A binary op on `a` and `b` (same shape), whose element type is `dtype`.
pub fn binary(op: BinaryOp, a: &Tensor, b: &Tensor, dtype: DType) -> Tensor {
    let integer = dtype.class() == DTypeClass::Integer;
    let boolean = dtype == DType::I1;
    let f = |x: f32, y: f32| -> f32 {
        match op {
            BinaryOp::Add => x + y,
            BinaryOp::Subtract => x - y,
            BinaryOp::Multiply => x * y,
            BinaryOp::Divide if integer && y == 0.0 => 0.0,
            BinaryOp::Divide => x / y,
            BinaryOp::Maximum => x.max(y),
            BinaryOp::Minimum => x.min(y),
            BinaryOp::Power => x.powf(y),
            BinaryOp::Remainder if integer && y == 0.0 => 0.0,
            BinaryOp::Remainder => x % y,
            BinaryOp::Atan2 => x.atan2(y),
            BinaryOp::And if boolean => f32::from(u8::from(x != 0.0 && y != 0.0)),
            BinaryOp::Or if boolean => f32::from(u8::from(x != 0.0 || y != 0.0)),
            BinaryOp::Xor if boolean => f32::from(u8::from((x != 0.0) != (y != 0.0))),
            BinaryOp::And => ((x as i64) & (y as i64)) as f32,
            BinaryOp::Or => ((x as i64) | (y as i64)) as f32,
            BinaryOp::Xor => ((x as i64) ^ (y as i64)) as f32,
        }
    };
    let data = a.data().iter().zip(b.data()).map(|(&x, &y)| to_dtype(f(x, y), dtype)).collect();
    Tensor::new(a.shape(), data)
}

/// `convert` to `dtype`.
pub fn convert(x: &Tensor, dtype: DType) -> Tensor {
    x.map(|v| to_dtype(v, dtype))
}

/// True when `x direction y` holds.
pub fn holds(direction: ComparisonDirection, x: f32, y: f32) -> bool {
    match direction {
        ComparisonDirection::Eq => x == y,
        ComparisonDirection::Ne => x != y,
        ComparisonDirection::Ge => x >= y,
        ComparisonDirection::Gt => x > y,
        ComparisonDirection::Le => x <= y,
        ComparisonDirection::Lt => x < y,
    }
}

/// `compare`: 1 where the comparison holds, else 0.
pub fn compare(direction: ComparisonDirection, a: &Tensor, b: &Tensor) -> Tensor {
    let data = a.data().iter().zip(b.data()).map(|(&x, &y)| f32::from(u8::from(holds(direction, x, y)))).collect();
    Tensor::new(a.shape(), data)
}

/// The element `i` of `t`, or its only element when it is a scalar.
fn element(t: &Tensor, i: usize) -> f32 {
    if t.rank() == 0 { t.data()[0] } else { t.data()[i] }
}

/// `select(pred, on_true, on_false)`; `pred` may be a scalar.
pub fn select(pred: &Tensor, on_true: &Tensor, on_false: &Tensor) -> Tensor {
    let data = (0..on_true.len())
        .map(|i| if element(pred, i) != 0.0 { on_true.data()[i] } else { on_false.data()[i] })
        .collect();
    Tensor::new(on_true.shape(), data)
}

/// `clamp(min, x, max)`; the bounds may be scalars.
pub fn clamp(min: &Tensor, x: &Tensor, max: &Tensor) -> Tensor {
    let data = (0..x.len()).map(|i| x.data()[i].max(element(min, i)).min(element(max, i))).collect();
    Tensor::new(x.shape(), data)
}

/// `x` rounded to the float format with `exponent_bits` exponent and `mantissa_bits`
/// mantissa bits (see the module docs).
pub fn reduce_precision_value(x: f32, exponent_bits: i64, mantissa_bits: i64) -> f32 {
    const MANTISSA: i64 = 23;
    const EXPONENT: i64 = 8;
    const EXPONENT_MASK: u32 = 0xFF << 23;
    const SIGN: u32 = 1 << 31;
    if x.is_nan() {
        return x;
    }
    let mut bits = x.to_bits();
    if mantissa_bits < MANTISSA {
        // Dropping `dropped` bits: add just under half their weight, plus one when
        // the lowest kept bit is set (ties go to even), then clear them.
        let dropped = (MANTISSA - mantissa_bits.max(0)) as u32;
        let lowest_kept = 1u32 << dropped;
        let bias = (lowest_kept >> 1) - 1 + ((bits & lowest_kept) >> dropped);
        bits = bits.wrapping_add(bias) & !(lowest_kept - 1);
    }
    if exponent_bits < EXPONENT {
        // The format's exponent bias, and its largest and smallest normal exponents in
        // `f32`'s biased terms; the smallest (all zero bits) encodes zero.
        let bias = (1u32 << (exponent_bits.max(1) - 1)) - 1;
        let (max, min) = ((127 + bias) << 23, (127 - bias) << 23);
        let exponent = bits & EXPONENT_MASK;
        if exponent > max {
            bits = (bits & SIGN) | EXPONENT_MASK;
        } else if exponent <= min {
            bits &= SIGN;
        }
    }
    f32::from_bits(bits)
}

/// `reduce_precision` of every element of `x`.
pub fn reduce_precision(x: &Tensor, r: &ReducePrecision) -> Tensor {
    x.map(|v| reduce_precision_value(v, r.exponent_bits, r.mantissa_bits))
}

/// `is_finite`: 1 where the element is neither infinite nor NaN, else 0.
pub fn is_finite(x: &Tensor) -> Tensor {
    x.map(|v| f32::from(u8::from(v.is_finite())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(values: &[f32]) -> Tensor {
        Tensor::from_vec(&[values.len()], values.to_vec()).unwrap()
    }

    #[test]
    fn unary_values() {
        let x = t(&[-2.0, 0.0, 3.0]);
        assert_eq!(unary(UnaryOp::Relu, &x, DType::F32).data(), &[0.0, 0.0, 3.0]);
        assert_eq!(unary(UnaryOp::Sign, &x, DType::F32).data(), &[-1.0, 0.0, 1.0]);
        assert!((unary(UnaryOp::Logistic, &t(&[0.0]), DType::F32).data()[0] - 0.5).abs() < 1e-7);
        assert!((unary(UnaryOp::Gelu, &t(&[1.0]), DType::F32).data()[0] - 0.841_192).abs() < 1e-5);
        assert!((unary(UnaryOp::Silu, &t(&[1.0]), DType::F32).data()[0] - 0.731_058_6).abs() < 1e-6);
        assert_eq!(unary(UnaryOp::Not, &t(&[0.0, 1.0]), DType::I1).data(), &[1.0, 0.0]);
        assert_eq!(unary(UnaryOp::Erf, &t(&[0.0]), DType::F32).data(), &[0.0]);
        assert_eq!(unary(UnaryOp::Not, &t(&[5.0]), DType::I32).data(), &[-6.0]);
    }

    #[test]
    fn erf_matches_tabulated_values() {
        // erf at these points, to 10 digits.
        let table = [
            (1e-4, 1.128_379_163e-4),
            (0.5, 0.520_499_877_8),
            (1.0, 0.842_700_792_9),
            (2.0, 0.995_322_265_0),
            (2.9, 0.999_958_902_1),
            (3.5, 0.999_999_256_9),
            (6.0, 1.0),
        ];
        for (x, want) in table {
            for (x, want) in [(x, want), (-x, -want)] {
                let got = f64::from(erf(x as f32));
                assert!((got - want).abs() <= 1e-7 * want.abs().max(1e-3), "erf({x}) = {got}, want {want}");
            }
        }
    }

    #[test]
    fn integer_arithmetic_truncates() {
        let a = t(&[7.0, -7.0, 5.0]);
        let b = t(&[2.0, 2.0, 0.0]);
        assert_eq!(binary(BinaryOp::Divide, &a, &b, DType::I32).data(), &[3.0, -3.0, 0.0]);
        assert_eq!(binary(BinaryOp::Remainder, &a, &b, DType::I32).data(), &[1.0, -1.0, 0.0]);
        assert_eq!(binary(BinaryOp::Xor, &t(&[6.0]), &t(&[3.0]), DType::I32).data(), &[5.0]);
        assert_eq!(convert(&t(&[2.7, -2.7]), DType::I32).data(), &[2.0, -2.0]);
        assert_eq!(convert(&t(&[0.0, 0.5]), DType::I1).data(), &[0.0, 1.0]);
    }

    #[test]
    fn select_and_clamp_take_scalars() {
        let x = t(&[-5.0, 0.5, 9.0]);
        assert_eq!(clamp(&Tensor::scalar(-1.0), &x, &Tensor::scalar(1.0)).data(), &[-1.0, 0.5, 1.0]);
        let chosen = select(&t(&[1.0, 0.0, 1.0]), &x, &t(&[0.0, 0.0, 0.0]));
        assert_eq!(chosen.data(), &[-5.0, 0.0, 9.0]);
        assert_eq!(compare(ComparisonDirection::Gt, &x, &t(&[0.0, 0.0, 9.0])).data(), &[0.0, 1.0, 0.0]);
    }

    /// The values JAX 0.10.2's XLA (CPU) gives for `lax.reduce_precision`.
    #[test]
    fn reduce_precision_rounds_to_nearest_even_and_saturates_like_xla() {
        let e5m10 = |x: f32| reduce_precision_value(x, 5, 10);
        assert_eq!(e5m10(1.0001), 1.0);
        assert_eq!(e5m10(70000.0), f32::INFINITY);
        assert_eq!(e5m10(-70000.0), f32::NEG_INFINITY);
        assert!(e5m10(f32::NAN).is_nan());
        assert_eq!(e5m10(65504.0), 65504.0); // f16's largest
        assert_eq!(e5m10(65520.0), f32::INFINITY); // rounds up past it
        assert_eq!(e5m10(1.000_488_3), 1.0); // 1 + 2^-11: a tie, to even (down)
        assert_eq!(e5m10(1.001_464_8), 1.001_953_1); // 1 + 3 * 2^-11: a tie, to even (up)
        assert_eq!(e5m10(0.1), 0.099_975_586);
        assert_eq!(e5m10(6.2e-5), 6.198_883e-5);
        // Below f16's smallest normal: a signed zero (no denormals).
        assert_eq!(e5m10(3e-5).to_bits(), 0.0f32.to_bits());
        assert_eq!(e5m10(-3e-5).to_bits(), (-0.0f32).to_bits());
        assert_eq!(e5m10(f32::INFINITY), f32::INFINITY);
        let e2m1: Vec<f32> = [0.5, 1.0, 1.2, 1.5, 1.75, 2.0, 3.0, 3.5, 4.0, 0.9]
            .iter()
            .map(|&x| reduce_precision_value(x, 2, 1))
            .collect();
        assert_eq!(e2m1, [0.0, 1.0, 1.0, 1.5, 2.0, 2.0, 3.0, f32::INFINITY, f32::INFINITY, 1.0]);
        assert!(reduce_precision_value(f32::NAN, 5, 0).is_nan());
        // bf16 (e8m7): no range change, so f32's denormals round instead of flushing.
        assert_eq!(reduce_precision_value(1e-39, 8, 7).to_bits(), 0xB0000);
        assert_eq!(reduce_precision_value(3.4e38, 8, 0), f32::INFINITY);
        assert_eq!(reduce_precision_value(0.1, 8, 23), 0.1);
        let r = ReducePrecision { exponent_bits: 5, mantissa_bits: 10 };
        assert_eq!(reduce_precision(&t(&[1.0001, 70000.0]), &r).data(), &[1.0, f32::INFINITY]);
    }

    #[test]
    fn is_finite_is_false_for_infinities_and_nans() {
        let x = t(&[1.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, -0.0]);
        assert_eq!(is_finite(&x).data(), &[1.0, 0.0, 0.0, 0.0, 1.0]);
    }
}
