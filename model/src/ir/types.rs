//! Tensor types: a static shape and an element type.
//!
//! Text form as in MLIR: `tensor<8x16xbf16>`, `tensor<f32>` for a scalar. Dimensions
//! are non-negative (zero-sized dimensions are allowed, as in StableHLO).

use crate::dtype::DType;
use crate::units::Bytes;
use std::fmt;

/// The type of a tensor value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// Dimension sizes, major to minor.
    pub shape: Vec<i64>,
    /// Element type.
    pub dtype: DType,
}

impl TensorType {
    /// A tensor of `shape` and `dtype`.
    pub fn new(shape: impl Into<Vec<i64>>, dtype: DType) -> Self {
        TensorType { shape: shape.into(), dtype }
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements (saturating).
    pub fn num_elements(&self) -> u64 {
        self.shape.iter().fold(1u64, |acc, &d| acc.saturating_mul(d.max(0) as u64))
    }

    /// The size of the whole tensor (saturating).
    pub fn size(&self) -> Bytes {
        Bytes(self.num_elements().saturating_mul(self.dtype.size_bytes()))
    }

    /// The same shape with another element type.
    pub fn with_dtype(&self, dtype: DType) -> Self {
        TensorType { shape: self.shape.clone(), dtype }
    }
}

/// Writes a shape as `8x16` (empty for a scalar).
pub fn write_shape(f: &mut impl fmt::Write, shape: &[i64]) -> fmt::Result {
    for (i, d) in shape.iter().enumerate() {
        if i > 0 {
            f.write_char('x')?;
        }
        write!(f, "{d}")?;
    }
    Ok(())
}

/// Reads a shape written as [`write_shape`] writes it: sizes joined by `x` (`16x8`),
/// the empty string for a scalar.
pub fn parse_shape(text: &str) -> crate::Result<Vec<i64>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split('x')
        .map(|d| d.trim().parse::<i64>().ok().filter(|&d| d >= 0))
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| crate::Error::Program(format!("expected sizes joined by 'x' such as 16x8, got '{text}'")))
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        write_shape(f, &self.shape)?;
        if !self.shape.is_empty() {
            f.write_str("x")?;
        }
        write!(f, "{}>", self.dtype)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_mlir() {
        assert_eq!(TensorType::new([8, 16], DType::BF16).to_string(), "tensor<8x16xbf16>");
        assert_eq!(TensorType::new([], DType::F32).to_string(), "tensor<f32>");
        assert_eq!(TensorType::new([1024, 1024], DType::F32).size(), Bytes(4 << 20));
    }
}
