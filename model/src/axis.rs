//! Axis references: a whole mesh axis `"x"` or a sub-axis `"x":(m)k`.
//!
//! A sub-axis comes from reshaping axis `x` into `[k_1, ..., k_n]`; the `i`-th part has
//! size `k = k_i` and pre-size `m = k_1 * ... * k_(i-1)`. It is valid when `m >= 1`,
//! `k > 1`, `m * k` divides `|x|` and `k < |x|`. This module owns the relations between
//! axis references that everything above relies on (containment, overlap, merging,
//! Shardy's orderings); validity against a mesh is checked by `verify.rs`.

use crate::error::Result;
use crate::mesh::Mesh;
use crate::text::{Cursor, parse_all, write_string};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// How a sub-axis is cut out of its full axis: `(pre_size)size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubAxis {
    /// Product of the sizes of the parts major to this one.
    pub pre_size: i64,
    /// Size of this part.
    pub size: i64,
}

impl SubAxis {
    /// The pre-size of the part right after this one: `pre_size * size`.
    pub fn next_pre_size(self) -> i64 {
        self.pre_size.saturating_mul(self.size)
    }
}

/// A reference to a full mesh axis or to a sub-axis of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AxisRef {
    /// The name of the full axis.
    pub name: String,
    /// The part of the axis, `None` for the whole axis.
    pub sub: Option<SubAxis>,
}

impl AxisRef {
    /// The whole axis `name`.
    pub fn full(name: impl Into<String>) -> Self {
        AxisRef { name: name.into(), sub: None }
    }

    /// The sub-axis `name:(pre_size)size`.
    pub fn sub(name: impl Into<String>, pre_size: i64, size: i64) -> Self {
        AxisRef { name: name.into(), sub: Some(SubAxis { pre_size, size }) }
    }

    /// Builds the reference for the part `(pre_size)size` of an axis of `full_size`:
    /// the full axis when the part is all of it.
    pub fn part(name: &str, pre_size: i64, size: i64, full_size: i64) -> Self {
        if pre_size == 1 && size == full_size { AxisRef::full(name) } else { AxisRef::sub(name, pre_size, size) }
    }

    /// The number of devices along this (sub-)axis; 0 when the axis is not in `mesh`.
    pub fn size(&self, mesh: &Mesh) -> i64 {
        match self.sub {
            Some(sub) => sub.size,
            None => mesh.axis_size(&self.name).unwrap_or(0),
        }
    }

    /// The pre-size: 1 for a full axis.
    pub fn pre_size(&self) -> i64 {
        self.sub.map_or(1, |s| s.pre_size)
    }

    /// `pre_size * size`, which is the full size for a full axis.
    pub fn next_pre_size(&self, mesh: &Mesh) -> i64 {
        match self.sub {
            Some(sub) => sub.next_pre_size(),
            None => self.size(mesh),
        }
    }

    /// True when every device coordinate of `other` is also covered by `self`.
    pub fn contains(&self, other: &AxisRef) -> bool {
        if self.name != other.name {
            return false;
        }
        match (self.sub, other.sub) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a.pre_size <= b.pre_size && a.next_pre_size() >= b.next_pre_size(),
        }
    }

    /// True when `self` and `other` share part of the same axis.
    pub fn overlaps(&self, other: &AxisRef) -> bool {
        if self.name != other.name {
            return false;
        }
        match (self.sub, other.sub) {
            (Some(a), Some(b)) => a.pre_size < b.next_pre_size() && b.pre_size < a.next_pre_size(),
            _ => true,
        }
    }

    /// True when `self` is the part of `other` that starts where `other` starts.
    pub fn prefix_of(&self, other: &AxisRef) -> bool {
        other.contains(self) && self.pre_size() == other.pre_size()
    }

    /// True when `self` and `other` are adjacent parts of one axis, `self` major.
    pub fn can_merge(&self, other: &AxisRef) -> bool {
        match (self.sub, other.sub) {
            (Some(a), Some(b)) => self.name == other.name && a.next_pre_size() == b.pre_size,
            _ => false,
        }
    }

    /// Merges adjacent parts (see [`AxisRef::can_merge`]); the full axis when they make
    /// up all of it. `None` when they cannot be merged.
    pub fn merge(&self, other: &AxisRef, mesh: &Mesh) -> Option<AxisRef> {
        if !self.can_merge(other) {
            return None;
        }
        let (a, b) = (self.sub?, other.sub?);
        let full = mesh.axis_size(&self.name)?;
        Some(AxisRef::part(&self.name, a.pre_size, a.size.checked_mul(b.size)?, full))
    }

    /// Shardy's order within one axis name: by pre-size, a full axis sorting right
    /// before sub-axes with a pre-size above 1; by name otherwise.
    pub fn cmp_by_name(&self, other: &AxisRef) -> Ordering {
        self.name.cmp(&other.name).then_with(|| self.cmp_same_axis(other))
    }

    /// Shardy's mesh order: axes by their position in `mesh`, then as
    /// [`AxisRef::cmp_by_name`] within one axis.
    pub fn cmp_in_mesh(&self, other: &AxisRef, mesh: &Mesh) -> Ordering {
        if self.name == other.name {
            return self.cmp_same_axis(other);
        }
        let position = |a: &AxisRef| mesh.axis_position(&a.name).unwrap_or(usize::MAX);
        position(self).cmp(&position(other)).then_with(|| self.name.cmp(&other.name))
    }

    fn cmp_same_axis(&self, other: &AxisRef) -> Ordering {
        let less = match (self.sub, other.sub) {
            (None, None) => return Ordering::Equal,
            (None, Some(b)) => b.pre_size > 1,
            (Some(a), None) => a.pre_size == 1,
            (Some(a), Some(b)) => return a.cmp(&b),
        };
        if less { Ordering::Less } else { Ordering::Greater }
    }

    pub(crate) fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        let name = cursor.string()?;
        if !cursor.eat(":") {
            return Ok(AxisRef::full(name));
        }
        cursor.expect("(")?;
        let pre_size = cursor.integer()?;
        cursor.expect(")")?;
        let size = cursor.integer()?;
        Ok(AxisRef::sub(name, pre_size, size))
    }
}

impl fmt::Display for AxisRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_string(f, &self.name)?;
        if let Some(sub) = self.sub {
            write!(f, ":({}){}", sub.pre_size, sub.size)?;
        }
        Ok(())
    }
}

impl FromStr for AxisRef {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, AxisRef::parse)
    }
}

/// Writes a list of axis references as Shardy does: `"a", "b":(2)2`.
pub(crate) fn write_axes(f: &mut impl fmt::Write, axes: &[AxisRef]) -> fmt::Result {
    crate::text::write_comma_separated(f, axes)
}

/// Appends `axis` to `axes`, merging it into the last one when they are adjacent parts
/// of the same axis (Shardy's `addAxisOrMerge`).
pub fn push_or_merge(axes: &mut Vec<AxisRef>, axis: AxisRef, mesh: &Mesh) {
    if let Some(merged) = axes.last().and_then(|last| last.merge(&axis, mesh)) {
        if let Some(last) = axes.last_mut() {
            *last = merged;
        }
    } else {
        axes.push(axis);
    }
}

/// The product of the sizes of `axes` in `mesh`, saturating.
pub fn axes_size(axes: &[AxisRef], mesh: &Mesh) -> i64 {
    axes.iter().fold(1i64, |acc, a| acc.saturating_mul(a.size(mesh)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh() -> Mesh {
        Mesh::from_axes([("a", 8), ("b", 4)]).unwrap()
    }

    #[test]
    fn text_round_trips() {
        for text in [r#""a""#, r#""a":(2)4"#, r#""x y":(1)2"#] {
            assert_eq!(text.parse::<AxisRef>().unwrap().to_string(), text);
        }
        assert_eq!(r#""a":(-1)2"#.parse::<AxisRef>().unwrap().pre_size(), -1);
        assert!(r#""a":2"#.parse::<AxisRef>().is_err());
        assert!("a".parse::<AxisRef>().is_err());
    }

    #[test]
    fn merges_adjacent_parts() {
        let m = mesh();
        assert_eq!(AxisRef::sub("a", 2, 2).merge(&AxisRef::sub("a", 4, 2), &m), Some(AxisRef::sub("a", 2, 4)));
        assert_eq!(AxisRef::sub("a", 1, 2).merge(&AxisRef::sub("a", 2, 4), &m), Some(AxisRef::full("a")));
        assert_eq!(AxisRef::sub("a", 2, 4).merge(&AxisRef::sub("a", 1, 2), &m), None);
        let mut axes = vec![AxisRef::sub("a", 1, 2)];
        push_or_merge(&mut axes, AxisRef::sub("a", 2, 4), &m);
        assert_eq!(axes, vec![AxisRef::full("a")]);
    }

    #[test]
    fn overlap_and_containment() {
        let full = AxisRef::full("a");
        let low = AxisRef::sub("a", 1, 4);
        let mid = AxisRef::sub("a", 2, 4);
        assert!(full.contains(&mid) && !mid.contains(&full));
        assert!(low.overlaps(&mid) && !AxisRef::sub("a", 1, 2).overlaps(&AxisRef::sub("a", 2, 2)));
        assert!(AxisRef::sub("a", 1, 2).prefix_of(&low) && !mid.prefix_of(&low));
    }

    #[test]
    fn orders_like_shardy() {
        let m = mesh();
        let mut axes = [AxisRef::full("b"), AxisRef::sub("a", 4, 2), AxisRef::full("a"), AxisRef::sub("a", 1, 2)];
        axes.sort_by(|x, y| x.cmp_in_mesh(y, &m));
        let printed: Vec<String> = axes.iter().map(ToString::to_string).collect();
        assert_eq!(printed, [r#""a":(1)2"#, r#""a""#, r#""a":(4)2"#, r#""b""#]);
    }
}
