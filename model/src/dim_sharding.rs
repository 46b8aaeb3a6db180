//! Dimension shardings: the axes one tensor dimension is split along.
//!
//! Text form (Shardy's `DimensionShardingAttr`): axes major to minor inside braces;
//! closed `{"x", "y"}`, open `{"x", ?}` / `{?}` (more axes may be appended), and an
//! optional priority suffix `p<N>` (lower is stronger; none means "hard").

use crate::axis::{AxisRef, axes_size, write_axes};
use crate::error::Result;
use crate::mesh::Mesh;
use crate::text::{Cursor, parse_all};
use std::fmt;
use std::str::FromStr;

/// How one dimension of a tensor is sharded.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct DimSharding {
    /// Axes the dimension is split along, major to minor.
    pub axes: Vec<AxisRef>,
    /// False when more axes may be appended (`?`).
    pub closed: bool,
    /// The priority of a user annotation; `None` is the strongest (a hard constraint).
    pub priority: Option<i64>,
}

impl DimSharding {
    /// A closed dimension sharding along `axes`.
    pub fn closed(axes: Vec<AxisRef>) -> Self {
        DimSharding { axes, closed: true, priority: None }
    }

    /// An open dimension sharding that starts with `axes`.
    pub fn open(axes: Vec<AxisRef>) -> Self {
        DimSharding { axes, closed: false, priority: None }
    }

    /// The number of shards: the product of the axis sizes.
    pub fn sharded_size(&self, mesh: &Mesh) -> i64 {
        axes_size(&self.axes, mesh)
    }

    /// The same sharding without its priority.
    pub fn without_priority(&self) -> Self {
        DimSharding { priority: None, ..self.clone() }
    }

    pub(crate) fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        cursor.expect("{")?;
        let mut axes = Vec::new();
        let mut closed = true;
        while !cursor.eat("}") {
            if !axes.is_empty() {
                cursor.expect(",")?;
            }
            if cursor.eat("?") {
                closed = false;
                cursor.expect("}")?;
                break;
            }
            axes.push(AxisRef::parse(cursor)?);
        }
        let priority = parse_priority(cursor)?;
        Ok(DimSharding { axes, closed, priority })
    }
}

/// Reads the optional `p<N>` suffix with Shardy's messages.
fn parse_priority(cursor: &mut Cursor<'_>) -> Result<Option<i64>> {
    let start = cursor.pos();
    let Some(word) = cursor.keyword() else {
        return Ok(None);
    };
    let digits = word.strip_prefix('p').unwrap_or("");
    let error = |message: String| crate::Error::Parse { offset: start, message };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(format!("expecting priority in format 'p<number>', got: {word}")));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(error(format!("priorities with leading zeros are not allowed, got: {word}")));
    }
    digits.parse().map(Some).map_err(|_| error(format!("expecting integer priority, got: {word}")))
}

impl fmt::Display for DimSharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        write_axes(f, &self.axes)?;
        if !self.closed {
            if !self.axes.is_empty() {
                f.write_str(", ")?;
            }
            f.write_str("?")?;
        }
        f.write_str("}")?;
        if let Some(p) = self.priority {
            write!(f, "p{p}")?;
        }
        Ok(())
    }
}

impl FromStr for DimSharding {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, DimSharding::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for text in ["{}", "{?}", r#"{"a", ?}"#, r#"{"a", "b":(2)2}p0"#, r#"{"a"}p12"#, "{?}p3"] {
            assert_eq!(text.parse::<DimSharding>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn rejects_bad_priorities() {
        let cases = [
            (r#"{"b"}phigh"#, "expecting priority in format 'p<number>', got: phigh"),
            (r#"{"a"}p01"#, "priorities with leading zeros are not allowed, got: p01"),
            (r#"{"b"}p9999999999999999999"#, "expecting integer priority, got: p9999999999999999999"),
            (r#"{"a" "b"}"#, "expected ','"),
            (r#"{?, "a"}"#, "expected '}'"),
        ];
        for (text, message) in cases {
            assert_eq!(text.parse::<DimSharding>().unwrap_err().to_string(), message, "{text}");
        }
    }
}
