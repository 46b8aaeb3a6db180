//! Element types of tensors.
//!
//! The names are the config language's (`f32`, `bf16`, `f8e4m3`, `i1` for booleans, ...);
//! each type knows its size in bytes (booleans and 8-bit floats take one byte each) and
//! its class, which op verification uses (a transcendental op needs a float, `and`
//! needs an integer or a boolean).

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// An element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    /// 64-bit IEEE float.
    F64,
    /// 32-bit IEEE float.
    F32,
    /// bfloat16.
    BF16,
    /// 16-bit IEEE float.
    F16,
    /// 8-bit float, 4 exponent and 3 mantissa bits.
    F8E4M3,
    /// 8-bit float, 5 exponent and 2 mantissa bits.
    F8E5M2,
    /// Signed 64-bit integer.
    I64,
    /// Signed 32-bit integer.
    I32,
    /// Signed 16-bit integer.
    I16,
    /// Signed 8-bit integer.
    I8,
    /// Unsigned 8-bit integer.
    U8,
    /// Unsigned 32-bit integer.
    U32,
    /// Unsigned 64-bit integer.
    U64,
    /// Boolean.
    I1,
}

/// The broad class of an element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DTypeClass {
    /// Floating point.
    Float,
    /// Signed or unsigned integer.
    Integer,
    /// Boolean (`i1`).
    Bool,
}

impl DType {
    /// Every element type, in the order of the config language's documentation.
    pub const ALL: [DType; 14] = [
        DType::F64,
        DType::F32,
        DType::BF16,
        DType::F16,
        DType::F8E4M3,
        DType::F8E5M2,
        DType::I64,
        DType::I32,
        DType::I16,
        DType::I8,
        DType::U8,
        DType::U32,
        DType::U64,
        DType::I1,
    ];

    /// The config-language name.
    pub fn name(self) -> &'static str {
        match self {
            DType::F64 => "f64",
            DType::F32 => "f32",
            DType::BF16 => "bf16",
            DType::F16 => "f16",
            DType::F8E4M3 => "f8e4m3",
            DType::F8E5M2 => "f8e5m2",
            DType::I64 => "i64",
            DType::I32 => "i32",
            DType::I16 => "i16",
            DType::I8 => "i8",
            DType::U8 => "u8",
            DType::U32 => "u32",
            DType::U64 => "u64",
            DType::I1 => "i1",
        }
    }

    /// The element type as MLIR writes it: `ui32` for unsigned integers, `f8E4M3FN`
    /// and `f8E5M2` for the 8-bit floats, else [`DType::name`].
    pub fn mlir_name(self) -> &'static str {
        match self {
            DType::U8 => "ui8",
            DType::U32 => "ui32",
            DType::U64 => "ui64",
            DType::F8E4M3 => "f8E4M3FN",
            DType::F8E5M2 => "f8E5M2",
            other => other.name(),
        }
    }

    /// The element type MLIR's `name` spells (`f8E4M3`, without `FN`, reads as the
    /// same type), if the op set has it.
    pub fn from_mlir_name(name: &str) -> Option<DType> {
        let name = if name == "f8E4M3" { "f8E4M3FN" } else { name };
        DType::ALL.into_iter().find(|d| d.mlir_name() == name)
    }

    /// Bytes per element.
    pub fn size_bytes(self) -> u64 {
        match self {
            DType::F64 | DType::I64 | DType::U64 => 8,
            DType::F32 | DType::I32 | DType::U32 => 4,
            DType::BF16 | DType::F16 | DType::I16 => 2,
            DType::F8E4M3 | DType::F8E5M2 | DType::I8 | DType::U8 | DType::I1 => 1,
        }
    }

    /// The class of the type.
    pub fn class(self) -> DTypeClass {
        match self {
            DType::F64 | DType::F32 | DType::BF16 | DType::F16 | DType::F8E4M3 | DType::F8E5M2 => DTypeClass::Float,
            DType::I1 => DTypeClass::Bool,
            _ => DTypeClass::Integer,
        }
    }

    /// True for floating-point types.
    pub fn is_float(self) -> bool {
        self.class() == DTypeClass::Float
    }

    /// The smallest and largest finite value of the type.
    pub fn finite_range(self) -> (f64, f64) {
        let max = match self {
            DType::F64 => f64::MAX,
            DType::F32 => f64::from(f32::MAX),
            // bf16 is f32's upper half: its largest is f32's with the low 16 bits clear.
            DType::BF16 => f64::from(f32::from_bits(0x7F7F_0000)),
            DType::F16 => 65_504.0,
            DType::F8E4M3 => 448.0,
            DType::F8E5M2 => 57_344.0,
            _ => {
                let (lowest, highest) = self.integer_bounds().unwrap_or((0, 0));
                return (lowest as f64, highest as f64);
            }
        };
        (-max, max)
    }

    /// The exact smallest and largest value of an integer or boolean type.
    pub fn integer_bounds(self) -> Option<(i128, i128)> {
        Some(match self {
            DType::I64 => (i64::MIN.into(), i64::MAX.into()),
            DType::I32 => (i32::MIN.into(), i32::MAX.into()),
            DType::I16 => (i16::MIN.into(), i16::MAX.into()),
            DType::I8 => (i8::MIN.into(), i8::MAX.into()),
            DType::U8 => (0, u8::MAX.into()),
            DType::U32 => (0, u32::MAX.into()),
            DType::U64 => (0, u64::MAX.into()),
            DType::I1 => (0, 1),
            _ => return None,
        })
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DType {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        DType::ALL.into_iter().find(|d| d.name() == s).ok_or_else(|| {
            let names: Vec<&str> = DType::ALL.iter().map(|d| d.name()).collect();
            Error::Program(format!("unknown dtype '{s}' (expected one of {})", names.join(", ")))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_follow_from_each_format() {
        // A float's largest finite value is its largest significand, 2 − 2^−s for s
        // stored significand bits, at its largest exponent. E4M3FN keeps no
        // exponent for infinities (its emax is 8, not 7) but gives the all-ones
        // significand there to NaN, so its largest is one step lower: 1.75·2^8.
        let largest = |stored: i32, emax: i32, ones_is_nan: bool| {
            let step = 2f64.powi(-stored);
            (2.0 - if ones_is_nan { 2.0 * step } else { step }) * 2f64.powi(emax)
        };
        let floats = [
            (DType::F64, largest(52, 1023, false)),
            (DType::F32, largest(23, 127, false)),
            (DType::BF16, largest(7, 127, false)),
            (DType::F16, largest(10, 15, false)),
            (DType::F8E4M3, largest(3, 8, true)),
            (DType::F8E5M2, largest(2, 15, false)),
        ];
        for (dtype, max) in floats {
            assert_eq!(dtype.finite_range(), (-max, max), "{dtype}");
            assert_eq!(dtype.integer_bounds(), None, "{dtype}");
        }
        // Integers: n = 8·bytes bits, two's complement or unsigned; i1 is 0 or 1.
        for dtype in DType::ALL.into_iter().filter(|d| !d.is_float()) {
            let bits = 8 * dtype.size_bytes() as u32;
            let want = match dtype {
                DType::I1 => (0, 1),
                DType::U8 | DType::U32 | DType::U64 => (0, (1i128 << bits) - 1),
                _ => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
            };
            assert_eq!(dtype.integer_bounds(), Some(want), "{dtype}");
            assert_eq!(dtype.finite_range(), (want.0 as f64, want.1 as f64), "{dtype}");
        }
    }
}
