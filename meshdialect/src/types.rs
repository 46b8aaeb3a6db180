//! Ranked tensor types as the `mesh` ops state them: `tensor<2x?xf32>`, static or
//! dynamic (`?`) dimensions and an element type kept as written.

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::mesh_op::Dim;
use std::fmt;
use std::str::FromStr;

/// `tensor<2x?xf32>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// The dimensions, outermost first.
    pub shape: Vec<Dim>,
    /// The element type (`f32`, `i8`, ...).
    pub element: String,
}

impl TensorType {
    pub(crate) fn parse(c: &mut Cursor<'_>) -> Result<TensorType> {
        c.expect("tensor<")?;
        let mut shape = Vec::new();
        loop {
            if c.eat("?") {
                shape.push(Dim::Dynamic);
            } else if c.peek_digit() {
                shape.push(Dim::Static(c.integer()?));
            } else {
                break;
            }
            c.expect("x")?;
        }
        let element = c.ident().to_string();
        if element.is_empty() {
            return c.error("expected an element type like 'f32'");
        }
        c.expect(">")?;
        Ok(TensorType { shape, element })
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        write!(f, "{}>", self.element)
    }
}

impl FromStr for TensorType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let ty = TensorType::parse(&mut c)?;
        c.end()?;
        Ok(ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tensor_types_round_trip() {
        for text in ["tensor<2x?xf32>", "tensor<3xi8>", "tensor<f64>", "tensor<?x?x4xbf16>"] {
            assert_eq!(text.parse::<TensorType>().unwrap().to_string(), text);
        }
    }
}
