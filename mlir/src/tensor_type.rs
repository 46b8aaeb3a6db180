//! Ranked tensor types as MLIR writes them: `tensor<4x?x8xf32>`, `tensor<f32>` for
//! a scalar, with an optional encoding (`tensor<4xf32, #enc>`). The element type is
//! kept as written (`f32`, `ui32`, `complex<f32>`); a dialect that gives it meaning
//! (the model's `DType`) converts it.

use crate::cursor::{Cursor, Result};
use crate::literal::{collapse_ws, string_len};
use std::fmt;
use std::str::FromStr;

/// One dimension of a tensor type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dim {
    /// A known size.
    Static(i64),
    /// `?`: known only when the program runs.
    Dynamic,
}

impl Dim {
    /// The size, if known.
    pub fn size(self) -> Option<i64> {
        match self {
            Dim::Static(n) => Some(n),
            Dim::Dynamic => None,
        }
    }
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dim::Static(n) => write!(f, "{n}"),
            Dim::Dynamic => f.write_str("?"),
        }
    }
}

/// `tensor<4x?x8xf32>`: a shape, an element type and an optional encoding.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// The dimensions, outermost first.
    pub shape: Vec<Dim>,
    /// The element type as written (`f32`, `i32`, `ui32`, `complex<f32>`, …).
    pub element: String,
    /// The encoding attribute, as text with blanks collapsed, if any.
    pub encoding: Option<String>,
}

impl TensorType {
    /// A tensor type of static `shape`, without encoding.
    pub fn new(shape: &[i64], element: impl Into<String>) -> Self {
        TensorType { shape: shape.iter().map(|&d| Dim::Static(d)).collect(), element: element.into(), encoding: None }
    }

    /// The sizes when every dimension is static.
    pub fn static_shape(&self) -> Option<Vec<i64>> {
        self.shape.iter().map(|d| d.size()).collect()
    }

    /// The sizes, a dynamic dimension as -1.
    pub fn dims(&self) -> Vec<i64> {
        self.shape.iter().map(|d| d.size().unwrap_or(-1)).collect()
    }

    /// Reads `tensor<…>` with MLIR's messages.
    pub fn parse(c: &mut Cursor<'_>) -> Result<TensorType> {
        c.expect_keyword("tensor")?;
        if !c.looking_at("<") {
            return Err(c.error("expected '<' in tensor type"));
        }
        c.bump(1);
        let shape = dimensions(c)?;
        let rest = c.rest();
        let end = element_end(rest).ok_or_else(|| c.error("expected '>' in tensor type"))?;
        let element = rest[..end].trim().to_string();
        if element.is_empty() {
            return Err(c.error("expected element type in tensor type"));
        }
        c.bump(end);
        let encoding = if c.eat(",") {
            let rest = c.rest();
            let len = depth0_end(rest).ok_or_else(|| c.error("expected '>' in tensor type"))?;
            c.bump(len);
            Some(collapse_ws(rest[..len].trim()))
        } else {
            None
        };
        if !c.eat(">") {
            return Err(c.error("expected '>' in tensor type"));
        }
        Ok(TensorType { shape, element, encoding })
    }
}

/// Reads `4x?x8x`: each dimension with its `x`.
fn dimensions(c: &mut Cursor<'_>) -> Result<Vec<Dim>> {
    let mut shape = Vec::new();
    loop {
        let rest = c.rest();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (dim, len) = if rest.starts_with('?') {
            (Dim::Dynamic, 1)
        } else if digits > 0 {
            match rest[..digits].parse::<i64>() {
                Ok(d) => (Dim::Static(d), digits),
                Err(_) => return Err(c.error(format!("integer value too large: {}", &rest[..digits]))),
            }
        } else {
            return Ok(shape);
        };
        if rest.as_bytes().get(len) != Some(&b'x') {
            return Err(c.error_at(c.pos() + len, "expected 'x' in dimension list"));
        }
        shape.push(dim);
        c.bump(len + 1);
    }
}

/// The end of the element type in `s`: the first `>` or `,` outside brackets, on
/// this line.
fn element_end(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' if depth > 0 => depth -= 1,
            b'>' | b',' if depth == 0 => return Some(i),
            b'\n' => return None,
            _ => {}
        }
    }
    None
}

/// The offset of the first `>` outside brackets and strings in `s`.
pub(crate) fn depth0_end(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => i += string_len(&s[i..])?.saturating_sub(1),
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' if depth > 0 => depth -= 1,
            b'>' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        f.write_str(&self.element)?;
        if let Some(encoding) = &self.encoding {
            write!(f, ", {encoding}")?;
        }
        f.write_str(">")
    }
}

impl FromStr for TensorType {
    type Err = crate::SyntaxError;

    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let ty = TensorType::parse(&mut c)?;
        c.finish()?;
        Ok(ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_round_trip() {
        for text in ["tensor<4x?x8xf32>", "tensor<f32>", "tensor<2xcomplex<f32>>", "tensor<4xf32, #enc<\"a, b\">>"] {
            assert_eq!(text.parse::<TensorType>().unwrap().to_string(), text);
        }
        let ty: TensorType = "tensor<4x?xbf16>".parse().unwrap();
        assert_eq!((ty.dims(), ty.static_shape()), (vec![4, -1], None));
        assert_eq!(TensorType::new(&[2, 3], "i8").static_shape(), Some(vec![2, 3]));
    }

    #[test]
    fn malformed_types_say_what_is_missing() {
        let err = |s: &str| s.parse::<TensorType>().unwrap_err().message;
        assert_eq!(err("tensor<4f32>"), "expected 'x' in dimension list");
        assert_eq!(err("tensor<4x>"), "expected element type in tensor type");
        assert_eq!(err("tensor<4xf32"), "expected '>' in tensor type");
        assert_eq!(err("tensor 4xf32>"), "expected '<' in tensor type");
    }
}
