//! Sub-axis arithmetic the reshard planner relies on: aligning two axis lists so that
//! any two sub-axes that overlap are equal, splitting an axis to fit a capacity, and
//! removing a decomposed suffix from a merged list.
//!
//! Invariant of [`align_per_dim`]: afterwards, an axis in one list either equals an
//! axis of the other list or overlaps none of them (as long as the sub-axes can
//! coexist), so the planner can treat aligned sub-axes as atoms and use them as keys.

use crate::axis::AxisRef;
use crate::mesh::Mesh;

/// True if `a` divides `b` or `b` divides `a` (Shardy's `areDivisible`).
pub(crate) fn divisible(a: i64, b: i64) -> bool {
    a != 0 && b != 0 && (a % b == 0 || b % a == 0)
}

/// Every axis of `axes_per_dim`, sorted by [`AxisRef::cmp_by_name`].
pub(crate) fn sorted_axes(axes_per_dim: &[Vec<AxisRef>]) -> Vec<AxisRef> {
    let mut axes: Vec<AxisRef> = axes_per_dim.iter().flatten().cloned().collect();
    axes.sort_by(AxisRef::cmp_by_name);
    axes
}

/// Splits the axes of `axes` that partially overlap an axis of `ordered_other` (sorted,
/// pairwise disjoint) into the overlapping part and the parts before and after it.
fn align_list(axes: &mut Vec<AxisRef>, ordered_other: &[AxisRef], mesh: &Mesh) {
    let mut i = 0;
    while i < axes.len() {
        let mut axis = axes[i].clone();
        let mut other = axis.first_overlapping(ordered_other);
        let mut finished = false;
        while let Some(j) = other.filter(|&j| j < ordered_other.len()) {
            let o = &ordered_other[j];
            if !(o.can_coexist(&axis) && !o.contains(&axis) && o.overlaps(&axis)) {
                break;
            }
            let Some(overlap) = axis.overlap(o) else { break };
            axes.remove(i);
            if let Some(prefix) = axis.prefix_without_overlap(o) {
                axes.insert(i, prefix);
                i += 1;
            }
            axes.insert(i, overlap);
            i += 1;
            match axis.suffix_without_overlap(o, mesh) {
                Some(suffix) => {
                    axes.insert(i, suffix.clone());
                    axis = suffix;
                    other = Some(j + 1);
                }
                None => {
                    finished = true;
                    break;
                }
            }
        }
        if !finished {
            i += 1;
        }
    }
}

/// [`align_list`] on every dimension (Shardy's `alignSubAxesByDecomposition`).
pub(crate) fn align_per_dim(axes_per_dim: &mut [Vec<AxisRef>], ordered_other: &[AxisRef], mesh: &Mesh) {
    if ordered_other.is_empty() {
        return;
    }
    // Whole axes either are equal or do not overlap: only sub-axes are ever split.
    let other_whole = all_whole(ordered_other);
    for axes in axes_per_dim {
        if !(other_whole && all_whole(axes)) {
            align_list(axes, ordered_other, mesh);
        }
    }
}

/// True when no axis of `axes` is a sub-axis.
pub(crate) fn all_whole(axes: &[AxisRef]) -> bool {
    axes.iter().all(|a| a.sub.is_none())
}

/// Aligns `a` and `b` against each other, each against the other's original axes.
pub(crate) fn align_both(a: &mut [Vec<AxisRef>], b: &mut [Vec<AxisRef>], mesh: &Mesh) {
    let (sorted_a, sorted_b) = (sorted_axes(a), sorted_axes(b));
    align_per_dim(a, &sorted_b, mesh);
    align_per_dim(b, &sorted_a, mesh);
}

/// The part of `axis` that fits in `capacity` and the remainder, when `axis` and
/// `capacity` divide one another (Shardy's `getAxisWithinCapacity`). Divides
/// `capacity` by the size of the part that fits.
pub(crate) fn within_capacity(axis: &AxisRef, capacity: &mut i64, mesh: &Mesh) -> Option<(AxisRef, Option<AxisRef>)> {
    let size = axis.size(mesh);
    if *capacity <= 1 || !divisible(size, *capacity) {
        return None;
    }
    if *capacity >= size {
        *capacity /= size;
        return Some((axis.clone(), None));
    }
    let within = AxisRef::sub(&axis.name, axis.pre_size(), *capacity);
    let remainder = AxisRef::sub(&axis.name, within.next_pre_size(mesh), size / *capacity);
    *capacity = 1;
    Some((within, Some(remainder)))
}

/// Removes `popped` (aligned, possibly finer parts of the axes of `current`) from the
/// back of `current`, last first (Shardy's `popBackFromCurrentAxes`).
pub(crate) fn pop_back(current: &mut Vec<AxisRef>, popped: &[AxisRef]) {
    for axis in popped.iter().rev() {
        let Some(last) = current.last_mut() else { return };
        match last.prefix_without_overlap(axis) {
            Some(prefix) => *last = prefix,
            None => {
                current.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axes(text: &str) -> Vec<AxisRef> {
        if text.is_empty() {
            return Vec::new();
        }
        text.split(", ").map(|a| a.parse().unwrap()).collect()
    }

    fn show(axes: &[AxisRef]) -> String {
        axes.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    }

    #[test]
    fn aligns_sub_axes_both_ways() {
        let mesh = Mesh::from_axes([("x", 4), ("y", 6), ("w", 16)]).unwrap();
        let mut a = vec![axes(r#""y", "x":(1)2"#), axes(r#""x":(2)2"#)];
        let mut b = vec![axes(r#""x", "y":(1)3"#), vec![]];
        align_both(&mut a, &mut b, &mesh);
        assert_eq!(show(&a[0]), r#""y":(1)3, "y":(3)2, "x":(1)2"#);
        assert_eq!(show(&b[0]), r#""x":(1)2, "x":(2)2, "y":(1)3"#);
        let mut c = vec![axes(r#""w":(2)8"#)];
        let mut d = vec![axes(r#""w":(1)4, "w":(8)2"#)];
        align_both(&mut c, &mut d, &mesh);
        assert_eq!(show(&c[0]), r#""w":(2)2, "w":(4)2, "w":(8)2"#);
        assert_eq!(show(&d[0]), r#""w":(1)2, "w":(2)2, "w":(8)2"#);
    }

    #[test]
    fn splits_axes_to_fit_capacity() {
        let mesh = Mesh::from_axes([("x", 8), ("y", 3)]).unwrap();
        let mut capacity = 2;
        let (within, rest) = within_capacity(&AxisRef::full("x"), &mut capacity, &mesh).unwrap();
        assert_eq!(
            (within.to_string(), rest.unwrap().to_string(), capacity),
            (r#""x":(1)2"#.into(), r#""x":(2)4"#.into(), 1)
        );
        let mut capacity = 16;
        assert_eq!(within_capacity(&AxisRef::full("x"), &mut capacity, &mesh), Some((AxisRef::full("x"), None)));
        assert_eq!(capacity, 2);
        assert_eq!(within_capacity(&AxisRef::full("y"), &mut capacity, &mesh), None);
    }

    #[test]
    fn pops_decomposed_suffixes() {
        let mut current = axes(r#""x", "w""#);
        pop_back(&mut current, &axes(r#""w":(2)2"#));
        assert_eq!(show(&current), r#""x", "w":(1)2"#);
        pop_back(&mut current, &axes(r#""x", "w":(1)2"#));
        assert!(current.is_empty());
    }
}
