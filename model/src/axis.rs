//! Axis references: a whole mesh axis `"x"` or a sub-axis `"x":(m)k`.
//!
//! A sub-axis comes from reshaping axis `x` into `[k_1, ..., k_n]`; the `i`-th part has
//! size `k = k_i` and pre-size `m = k_1 * ... * k_(i-1)`. It is valid when `m >= 1`,
//! `k > 1`, `m * k` divides `|x|` and `k < |x|`. This module owns the relations between
//! axis references that everything above relies on (containment, overlap, merging,
//! Shardy's orderings) and the text of axis lists (`{"x", "y":(1)2}`); validity
//! against a mesh is checked by `verify.rs`.

use crate::error::Result;
use crate::mesh::Mesh;
use crate::text::{Cursor, list, parse_all, write_string};
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

    /// The coordinate along this (sub-)axis of a device at `coordinate` along the
    /// full axis: a sub-axis `(pre)size` is the digit of size `size` after the
    /// major parts of total size `pre` (so `"x":(1)2` of an axis of 4 splits devices
    /// 0, 1 from 2, 3).
    pub fn coordinate(&self, coordinate: i64, mesh: &Mesh) -> i64 {
        match self.sub {
            Some(sub) => {
                let full = mesh.axis_size(&self.name).unwrap_or(1).max(1);
                let stride = (full / sub.next_pre_size().max(1)).max(1);
                (coordinate / stride) % sub.size.max(1)
            }
            None => coordinate,
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

    /// True when `self` is the part of `other` that ends where `other` ends.
    pub fn suffix_of(&self, other: &AxisRef, mesh: &Mesh) -> bool {
        other.contains(self) && self.next_pre_size(mesh) == other.next_pre_size(mesh)
    }

    /// True when `self` and `other` can both be parts of one decomposition of their
    /// axis (Shardy's `canCoexist`): always for different axes or a full axis; for two
    /// sub-axes, the overlapping and non-overlapping parts must be valid sub-axes.
    pub fn can_coexist(&self, other: &AxisRef) -> bool {
        match (self.name == other.name, self.sub, other.sub) {
            (true, Some(a), Some(b)) => {
                let (min_pre, max_pre) = min_max(a.pre_size, b.pre_size);
                let (min_next, max_next) = min_max(a.next_pre_size(), b.next_pre_size());
                sub_axes_coexist(min_pre, max_pre, min_next, max_next)
            }
            _ => true,
        }
    }

    /// The part `self` and `other` share, if they overlap and can coexist.
    pub fn overlap(&self, other: &AxisRef) -> Option<AxisRef> {
        if self.name != other.name {
            return None;
        }
        let (a, b) = match (self.sub, other.sub) {
            (None, _) => return Some(other.clone()),
            (_, None) => return Some(self.clone()),
            (Some(a), Some(b)) => (a, b),
        };
        if !self.overlaps(other) || !self.can_coexist(other) {
            return None;
        }
        let (start, end) = (a.pre_size.max(b.pre_size), a.next_pre_size().min(b.next_pre_size()));
        Some(AxisRef::sub(&self.name, start, end / start))
    }

    /// The part of `self` major to `other`: `self` when they do not overlap, `None`
    /// when nothing of `self` precedes `other` or they cannot coexist.
    pub fn prefix_without_overlap(&self, other: &AxisRef) -> Option<AxisRef> {
        if !self.can_coexist(other) {
            return None;
        }
        if !self.overlaps(other) {
            return Some(self.clone());
        }
        let (pre, other_pre) = (self.pre_size(), other.pre_size());
        (pre < other_pre).then(|| AxisRef::sub(&self.name, pre, other_pre / pre))
    }

    /// The part of `self` minor to `other`: `self` when they do not overlap, `None`
    /// when nothing of `self` follows `other` or they cannot coexist.
    pub fn suffix_without_overlap(&self, other: &AxisRef, mesh: &Mesh) -> Option<AxisRef> {
        if !self.can_coexist(other) {
            return None;
        }
        if !self.overlaps(other) {
            return Some(self.clone());
        }
        let (next, other_next) = (self.next_pre_size(mesh), other.next_pre_size(mesh));
        (next > other_next).then(|| AxisRef::sub(&self.name, other_next, next / other_next))
    }

    /// The index of the first axis in `ordered` (sorted by [`AxisRef::cmp_by_name`],
    /// pairwise non-overlapping) that overlaps `self`.
    pub fn first_overlapping(&self, ordered: &[AxisRef]) -> Option<usize> {
        let after = ordered.partition_point(|a| a.cmp_by_name(self) == Ordering::Less);
        if after > 0 && self.overlaps(&ordered[after - 1]) {
            return Some(after - 1);
        }
        (after < ordered.len() && self.overlaps(&ordered[after])).then_some(after)
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

    /// Parses an axis list in braces, `{"x", "y":(1)2}`.
    pub(crate) fn parse_list(cursor: &mut Cursor<'_>) -> Result<Vec<AxisRef>> {
        cursor.expect("{")?;
        list(cursor, "}", AxisRef::parse)
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

/// The greatest common divisor of `a` and `b` (non-negative).
pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

fn min_max(a: i64, b: i64) -> (i64, i64) {
    if a <= b { (a, b) } else { (b, a) }
}

/// Shardy's rule for two sub-axes `[min_pre, max_pre)`-style ranges of one axis: when
/// they overlap, the shared and unshared parts must divide each other; when they do
/// not, the gap between them must be a valid part.
fn sub_axes_coexist(min_pre: i64, max_pre: i64, min_next: i64, max_next: i64) -> bool {
    if min_next > max_pre {
        min_next % max_pre == 0 && max_pre % min_pre == 0 && max_next % min_next == 0
    } else {
        max_pre % min_next == 0
    }
}

/// Parses an axis list in braces, `{"x", "y":(1)2}`.
pub fn parse_axis_list(text: &str) -> Result<Vec<AxisRef>> {
    parse_all(text, AxisRef::parse_list)
}

/// Prints an axis list in braces, `{"x", "y":(1)2}`.
pub fn format_axis_list(axes: &[AxisRef]) -> String {
    let mut out = String::from("{");
    let _ = write_axes(&mut out, axes);
    out.push('}');
    out
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
    fn overlap_prefix_and_suffix_follow_shardy() {
        let m = mesh();
        let (full, low, mid) = (AxisRef::full("a"), AxisRef::sub("a", 1, 4), AxisRef::sub("a", 2, 4));
        assert_eq!(low.overlap(&mid), Some(AxisRef::sub("a", 2, 2)));
        assert_eq!(full.overlap(&mid), Some(mid.clone()));
        assert_eq!(low.prefix_without_overlap(&mid), Some(AxisRef::sub("a", 1, 2)));
        assert_eq!(mid.prefix_without_overlap(&low), None);
        assert_eq!(mid.suffix_without_overlap(&low, &m), Some(AxisRef::sub("a", 4, 2)));
        assert_eq!(full.prefix_without_overlap(&mid), Some(AxisRef::sub("a", 1, 2)));
        assert_eq!(full.suffix_without_overlap(&mid, &m), None);
        assert_eq!(AxisRef::full("b").prefix_without_overlap(&mid), Some(AxisRef::full("b")));
        assert!(AxisRef::sub("a", 2, 4).suffix_of(&full, &m) && !low.suffix_of(&full, &m));
        // "x":(1)2 and "x":(3)2 of an axis of 6 leave a gap of 1.5: they cannot coexist.
        assert!(!AxisRef::sub("x", 1, 2).can_coexist(&AxisRef::sub("x", 3, 2)));
        assert!(!AxisRef::sub("x", 1, 2).can_coexist(&AxisRef::sub("x", 1, 3)));
        let ordered = [AxisRef::sub("a", 1, 2), AxisRef::sub("a", 2, 4), AxisRef::full("b")];
        assert_eq!(AxisRef::sub("a", 4, 2).first_overlapping(&ordered), Some(1));
        assert_eq!(AxisRef::full("a").first_overlapping(&ordered), Some(0));
        assert_eq!(AxisRef::full("c").first_overlapping(&ordered), None);
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
