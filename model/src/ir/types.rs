//! Tensor types: a static shape and an element type.
//!
//! The IR's typed view of the MLIR text layer's one tensor type
//! ([`autoshard_mlir::TensorType`]): its element a [`DType`], its dimensions static.
//! The two convert here and only here (`From`, `TryFrom`), and the text form is the
//! text layer's: `tensor<8x16xbf16>`, `tensor<f32>` for a scalar, `tensor<4xui32>`.
//! Dimensions are non-negative (zero-sized dimensions are allowed, as in StableHLO).

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

impl From<&TensorType> for autoshard_mlir::TensorType {
    fn from(t: &TensorType) -> Self {
        autoshard_mlir::TensorType::new(&t.shape, t.dtype.mlir_name())
    }
}

/// Why a tensor type of the text has no IR type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TypeError {
    /// Its element type is not one of the op set's.
    #[error("element type '{0}' is not supported")]
    Element(String),
    /// A dimension is `?`.
    #[error("dynamic dimensions ('?') are not supported")]
    Dynamic,
    /// It has an encoding.
    #[error("tensor encodings (bounds, layouts) are not supported")]
    Encoding,
}

impl TryFrom<&autoshard_mlir::TensorType> for TensorType {
    type Error = TypeError;

    fn try_from(t: &autoshard_mlir::TensorType) -> std::result::Result<Self, TypeError> {
        let dtype = DType::from_mlir_name(&t.element).ok_or_else(|| TypeError::Element(t.element.clone()))?;
        let shape = t.static_shape().ok_or(TypeError::Dynamic)?;
        if t.encoding.is_some() {
            return Err(TypeError::Encoding);
        }
        Ok(TensorType::new(shape, dtype))
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        autoshard_mlir::TensorType::from(self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_mlir() {
        assert_eq!(TensorType::new([8, 16], DType::BF16).to_string(), "tensor<8x16xbf16>");
        assert_eq!(TensorType::new([], DType::F32).to_string(), "tensor<f32>");
        assert_eq!(TensorType::new([4], DType::U32).to_string(), "tensor<4xui32>");
        assert_eq!(TensorType::new([1024, 1024], DType::F32).size(), Bytes(4 << 20));
    }

    #[test]
    fn converts_to_and_from_the_text_type() {
        for dtype in DType::ALL {
            let ty = TensorType::new([2, 3], dtype);
            let text: autoshard_mlir::TensorType = ty.to_string().parse().unwrap();
            assert_eq!(TensorType::try_from(&text), Ok(ty));
        }
        let read = |s: &str| TensorType::try_from(&s.parse::<autoshard_mlir::TensorType>().unwrap());
        assert_eq!(read("tensor<2xf8E4M3>"), Ok(TensorType::new([2], DType::F8E4M3)));
        assert_eq!(read("tensor<?x2xf32>"), Err(TypeError::Dynamic));
        assert_eq!(read("tensor<2xcomplex<f32>>"), Err(TypeError::Element("complex<f32>".into())));
        assert_eq!(read("tensor<2xf32, #enc>"), Err(TypeError::Encoding));
    }
}
