//! Dimension shardings: the axes one tensor dimension is split along.
//!
//! Text form (Shardy's `DimensionShardingAttr`): axes major to minor inside braces;
//! closed `{"x", "y"}`, open `{"x", ?}` / `{?}` (more axes may be appended), and an
//! optional priority suffix `p<N>` (lower is stronger; none means "hard").
//!
//! Uneven shards (the `mesh` dialect's `sharded_dims_offsets`, an autoshard
//! extension of Shardy's form): a closed dimension may list where each of its `k`
//! shards starts and the last one ends, `{"x"}[0, 2, 4, 6, 7]` (between the braces
//! and the priority). Without offsets a dimension of `n` is cut into blocks of
//! `ceil(n / k)`, the last ones padded at the end ([`DimSharding::bounds`] gives
//! both geometries). Offsets are checked against the shard count and the size by
//! `verify.rs`.

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
    /// Uneven shards: where each shard starts and the last ends (`k + 1` values from
    /// 0 to the dimension's size); `None` for equal blocks padded at the end.
    pub offsets: Option<Vec<i64>>,
}

impl DimSharding {
    /// A closed dimension sharding along `axes`.
    pub fn closed(axes: Vec<AxisRef>) -> Self {
        DimSharding { axes, closed: true, priority: None, offsets: None }
    }

    /// An open dimension sharding that starts with `axes`.
    pub fn open(axes: Vec<AxisRef>) -> Self {
        DimSharding { axes, closed: false, priority: None, offsets: None }
    }

    /// The same dimension sharding cut at `offsets` (`None`: equal padded blocks).
    pub fn with_offsets(&self, offsets: Option<Vec<i64>>) -> Self {
        DimSharding { offsets, ..self.clone() }
    }

    /// The number of shards: the product of the axis sizes.
    pub fn sharded_size(&self, mesh: &Mesh) -> i64 {
        axes_size(&self.axes, mesh)
    }

    /// Where each of the `shards` blocks of a dimension of `size` starts, and where
    /// the last one ends: this sharding's offsets, or else multiples of
    /// `ceil(size / shards)` (the last blocks padded past `size`; the bounds are
    /// then clipped to `size`, so a block may be empty).
    pub fn bounds(&self, size: i64, shards: i64) -> Vec<i64> {
        match &self.offsets {
            Some(offsets) => offsets.clone(),
            None => padded_bounds(size, shards),
        }
    }

    /// True when this dimension's blocks are cut at explicit offsets.
    pub fn is_uneven(&self) -> bool {
        self.offsets.is_some()
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
        let offsets = if cursor.peek() == Some('[') { Some(parse_offsets(cursor)?) } else { None };
        let priority = parse_priority(cursor)?;
        Ok(DimSharding { axes, closed, priority, offsets })
    }
}

/// The bounds of `shards` equal blocks of `ceil(size / shards)` over `size`
/// elements, clipped to `size`.
pub fn padded_bounds(size: i64, shards: i64) -> Vec<i64> {
    let shards = shards.max(1);
    let block = size.max(0).div_euclid(shards) + i64::from(size.max(0) % shards != 0);
    (0..=shards).map(|k| (k * block).min(size.max(0))).collect()
}

/// The balanced offsets of `size` elements over `shards`: the first `size % shards`
/// blocks one element longer than the rest (the `mesh` dialect's even split, without
/// padding).
pub fn balanced_offsets(size: i64, shards: i64) -> Vec<i64> {
    let shards = shards.max(1);
    let (base, extra) = (size.max(0) / shards, size.max(0) % shards);
    (0..=shards).map(|k| k * base + k.min(extra)).collect()
}

/// [`balanced_offsets`] where they cut otherwise than equal, padded blocks do
/// (`None` where the two agree: the size divides, or only the last block is short).
pub fn balanced_cut(size: i64, shards: i64) -> Option<Vec<i64>> {
    let balanced = balanced_offsets(size, shards);
    (balanced != padded_bounds(size, shards)).then_some(balanced)
}

/// Reads `[o0, o1, ...]`.
fn parse_offsets(cursor: &mut Cursor<'_>) -> Result<Vec<i64>> {
    cursor.expect("[")?;
    let mut offsets = Vec::new();
    while !cursor.eat("]") {
        if !offsets.is_empty() {
            cursor.expect(",")?;
        }
        offsets.push(cursor.integer()?);
    }
    Ok(offsets)
}

/// Reads the optional `p<N>` suffix with Shardy's messages.
fn parse_priority(cursor: &mut Cursor<'_>) -> Result<Option<i64>> {
    let start = cursor.pos();
    let Some(word) = cursor.ident() else {
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
        if let Some(offsets) = &self.offsets {
            let offsets: Vec<String> = offsets.iter().map(i64::to_string).collect();
            write!(f, "[{}]", offsets.join(", "))?;
        }
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
        for text in
            ["{}", "{?}", r#"{"a", ?}"#, r#"{"a", "b":(2)2}p0"#, r#"{"a"}p12"#, "{?}p3", r#"{"a"}[0, 2, 4, 6, 7]p1"#]
        {
            assert_eq!(text.parse::<DimSharding>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bounds_are_padded_or_balanced_or_explicit() {
        assert_eq!(padded_bounds(9, 4), vec![0, 3, 6, 9, 9]);
        assert_eq!(balanced_offsets(9, 4), vec![0, 3, 5, 7, 9]);
        assert_eq!(balanced_offsets(8, 4), padded_bounds(8, 4));
        // 8 over 3: 3, 3, 2 either way.
        assert_eq!(balanced_cut(8, 3), None);
        assert_eq!(balanced_cut(9, 4), Some(vec![0, 3, 5, 7, 9]));
        let dim: DimSharding = r#"{"a"}[0, 1, 9]"#.parse().unwrap();
        assert_eq!(dim.bounds(9, 2), vec![0, 1, 9]);
        assert_eq!(DimSharding::closed(Vec::new()).bounds(5, 1), vec![0, 5]);
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
