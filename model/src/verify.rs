//! Verification of a tensor sharding against its mesh and its tensor.
//!
//! Implements the constraints of Shardy's `TensorShardingAttr` verifier, in the same
//! order and with the same core messages (so its test vectors apply), with detail
//! appended where it helps (which dims use a duplicated axis, the expected order):
//! rank matches; every axis exists; no axis is used twice across dims, replicated and
//! unreduced axes; replicated and unreduced lists follow mesh order; adjacent mergeable
//! sub-axes are merged; sub-axes are well-formed and do not overlap; a priority sits
//! only on a dimension that is open or has axes; maximal meshes shard nothing.

use crate::axis::AxisRef;
use crate::dim_sharding::DimSharding;
use crate::error::{Error, Result};
use crate::mesh::Mesh;
use crate::sharding::{MeshRef, TensorSharding, TensorShardingPerValue};
use std::collections::BTreeMap;
use std::fmt;

impl TensorSharding {
    /// The mesh this sharding is bound to: the inline mesh, or `lookup` of its symbol.
    pub fn resolve_mesh<'r, 's: 'r, 'm: 'r>(
        &'s self,
        lookup: impl FnOnce(&str) -> Option<&'m Mesh>,
    ) -> Result<&'r Mesh> {
        match &self.mesh {
            MeshRef::Inline(mesh) => Ok(mesh),
            MeshRef::Symbol(name) => lookup(name).ok_or_else(|| {
                let mut symbol = String::new();
                let _ = crate::text::write_symbol(&mut symbol, name);
                Error::Sharding(format!("unknown mesh: {symbol}"))
            }),
        }
    }

    /// Checks this sharding for a tensor of `shape` on `mesh` (sizes in `shape` are not
    /// used: a sharding need not divide its dimensions).
    pub fn verify(&self, mesh: &Mesh, shape: &[i64]) -> Result<()> {
        let err = |m: String| Err(Error::Sharding(m));
        if mesh.is_maximal() {
            if self.rank() != 0 || !self.replicated.is_empty() || !self.unreduced.is_empty() {
                return err(
                    "a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes"
                        .into(),
                );
            }
            return Ok(());
        }
        if self.rank() != shape.len() {
            return err(format!("sharding doesn't match tensor rank: {} != {}", self.rank(), shape.len()));
        }
        let mut seen = SeenAxes::new(mesh);
        for (dim, dim_sharding) in self.dims.iter().enumerate() {
            match dim_sharding.priority {
                Some(p) if p < 0 => return err(format!("dim {dim} has a negative priority")),
                Some(_) if dim_sharding.closed && dim_sharding.axes.is_empty() => {
                    return err(format!("dim {dim} is empty and closed but has a priority"));
                }
                _ => {}
            }
            seen.add_list(&dim_sharding.axes, Place::Dim(dim))?;
            if let Some(offsets) = &dim_sharding.offsets {
                verify_offsets(dim, dim_sharding, offsets, mesh, shape[dim])?;
            }
        }
        for (axes, what, place) in
            [(&self.replicated, "replicated", Place::Replicated), (&self.unreduced, "unreduced", Place::Unreduced)]
        {
            if !axes.is_sorted_by(|a, b| a.cmp_in_mesh(b, mesh).is_le()) {
                let mut expected = axes.clone();
                expected.sort_by(|a, b| a.cmp_in_mesh(b, mesh));
                let expected: Vec<String> = expected.iter().map(ToString::to_string).collect();
                return err(format!("{what} axes are not ordered w.r.t. mesh (expected {{{}}})", expected.join(", ")));
            }
            seen.add_list(axes, place)?;
        }
        seen.verify_sub_axes()
    }

    /// Checks that no axis of this sharding is one of `manual_axes`, which an enclosing
    /// manual computation already binds.
    pub fn verify_free_of(&self, manual_axes: &[String]) -> Result<()> {
        match self.all_axes().find(|a| manual_axes.contains(&a.name)) {
            Some(axis) => Err(Error::Sharding(format!(
                "operates on axis \"{}\" which is already bound by a parent sdy.manual_computation op",
                axis.name
            ))),
            None => Ok(()),
        }
    }
}

impl TensorShardingPerValue {
    /// Checks one sharding per value of `shapes`, each on the mesh `lookup` gives for
    /// its symbol and free of `manual_axes`. Errors name the value as Shardy does:
    /// `result - ...` for a single value, `result 1 - ...` among several.
    pub fn verify<'m>(
        &self,
        lookup: impl Fn(&str) -> Option<&'m Mesh>,
        shapes: &[&[i64]],
        manual_axes: &[String],
    ) -> Result<()> {
        if self.shardings.len() != shapes.len() {
            return Err(Error::Sharding(format!(
                "result shardings don't match number of values: {} shardings vs {} values",
                self.shardings.len(),
                shapes.len()
            )));
        }
        for (i, (sharding, shape)) in self.shardings.iter().zip(shapes).enumerate() {
            let which = if shapes.len() == 1 { "result".to_string() } else { format!("result {i}") };
            let in_context = |e: Error| e.in_sharding_context(&format!("{which} - "));
            let mesh = sharding.resolve_mesh(&lookup).map_err(in_context)?;
            sharding.verify(mesh, shape).map_err(in_context)?;
            sharding.verify_free_of(manual_axes).map_err(in_context)?;
        }
        Ok(())
    }
}

/// Where an axis reference is used in a sharding: `dim 0`, `replicated`, `unreduced`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Dim(usize),
    Replicated,
    Unreduced,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Dim(dim) => write!(f, "dim {dim}"),
            Place::Replicated => f.write_str("replicated"),
            Place::Unreduced => f.write_str("unreduced"),
        }
    }
}

/// The axis references met so far while verifying one sharding.
struct SeenAxes<'m, 's> {
    mesh: &'m Mesh,
    /// Each axis reference and where it was used.
    used: Vec<(&'s AxisRef, Place)>,
    /// Sub-axes per full axis name, in mesh order of the names.
    sub_axes: BTreeMap<usize, Vec<&'s AxisRef>>,
}

impl<'m, 's> SeenAxes<'m, 's> {
    fn new(mesh: &'m Mesh) -> Self {
        SeenAxes { mesh, used: Vec::new(), sub_axes: BTreeMap::new() }
    }

    /// Shardy's `verifyAxisRefList`: known names, no duplicates, merged sub-axes.
    fn add_list(&mut self, axes: &'s [AxisRef], place: Place) -> Result<()> {
        let mut previous: Option<&AxisRef> = None;
        for axis in axes {
            let Some(position) = self.mesh.axis_position(&axis.name) else {
                let hint = match self.mesh.axes() {
                    [] => "the mesh has no axes".to_string(),
                    _ => format!("the mesh has {}", self.mesh.axis_names_quoted()),
                };
                let message = format!("unknown axis name: \"{}\" ({hint})", axis.name);
                return Err(Error::ShardingAxis { message, axis: axis.name.clone(), nth: 0 });
            };
            if let Some((_, first)) = self.used.iter().find(|(a, _)| *a == axis) {
                let places =
                    if *first == place { format!("twice in {place}") } else { format!("in {first} and {place}") };
                let message = format!("duplicate axis ref: {axis} ({places})");
                return Err(Error::ShardingAxis { message, axis: axis.name.clone(), nth: 1 });
            }
            self.used.push((axis, place));
            if axis.sub.is_some() {
                self.sub_axes.entry(position).or_default().push(axis);
                if let Some(prev) = previous.filter(|p| p.can_merge(axis)) {
                    let message = format!("two consecutive sub-axes can be merged: {prev}, {axis}");
                    return Err(Error::ShardingAxis { message, axis: prev.name.clone(), nth: 0 });
                }
            }
            previous = Some(axis);
        }
        Ok(())
    }

    /// Shardy's `verifySubAxes` for every axis that has sub-axes.
    fn verify_sub_axes(&mut self) -> Result<()> {
        for (&position, subs) in &mut self.sub_axes {
            let axis = &self.mesh.axes()[position];
            subs.sort_by(|a, b| a.cmp_by_name(b));
            if self.used.iter().any(|(a, _)| a.sub.is_none() && a.name == axis.name) {
                let message = format!("both sub-axis and full-axis are used for axis name: \"{}\"", axis.name);
                return Err(Error::ShardingAxis { message, axis: axis.name.clone(), nth: 0 });
            }
            let mut previous: Option<&AxisRef> = None;
            for &sub_axis in subs.iter() {
                verify_sub_axis(sub_axis, axis.size)?;
                if let Some(prev) = previous.filter(|p| p.next_pre_size(self.mesh) > sub_axis.pre_size()) {
                    let message = format!("overlapping sub-axes: {prev}, {sub_axis}");
                    return Err(Error::ShardingAxis { message, axis: prev.name.clone(), nth: 0 });
                }
                previous = Some(sub_axis);
            }
        }
        Ok(())
    }
}

/// The constraints of one sub-axis of an axis of `axis_size`.
fn verify_sub_axis(axis: &AxisRef, axis_size: i64) -> Result<()> {
    let Some(sub) = axis.sub else { return Ok(()) };
    let err = |message: String| Err(Error::ShardingAxis { message, axis: axis.name.clone(), nth: 0 });
    if sub.pre_size < 1 {
        return err(format!("sub-axis pre-size must be at least 1: {axis}"));
    }
    if sub.size <= 1 {
        return err(format!("sub-axis sizes must be greater than 1: {axis}"));
    }
    let next = sub.next_pre_size();
    if axis_size % next != 0 {
        return err(format!(
            "sub-axis next pre-size {next} doesn't divide the size of the full axis {axis_size}: {axis}"
        ));
    }
    if sub.size == axis_size {
        return err(format!("sub-axis size is equal to the full axis size: {axis}"));
    }
    Ok(())
}

/// Uneven shards: a closed dimension with axes, one offset per shard and one for the
/// end, from 0 to `size`, never decreasing.
fn verify_offsets(dim: usize, sharding: &DimSharding, offsets: &[i64], mesh: &Mesh, size: i64) -> Result<()> {
    let err = |m: String| Err(Error::Sharding(format!("dim {dim}: {m}")));
    if !sharding.closed || sharding.axes.is_empty() {
        return err("offsets need a closed dimension sharded along some axes".into());
    }
    let shards = sharding.sharded_size(mesh);
    if offsets.len() as i64 != shards + 1 {
        return err(format!("{shards} shards need {} offsets, got {}", shards + 1, offsets.len()));
    }
    if offsets.first() != Some(&0) || offsets.last() != Some(&size) {
        return err(format!("offsets must run from 0 to the dimension's size {size}, got {offsets:?}"));
    }
    if !offsets.is_sorted() {
        return err(format!("offsets must not decrease, got {offsets:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(mesh: &str, shape: &[i64], sharding: &str) -> Result<()> {
        let mesh: Mesh = mesh.parse().unwrap();
        sharding.parse::<TensorSharding>().unwrap().verify(&mesh, shape)
    }

    #[test]
    fn accepts_valid_shardings() {
        let mesh = r#"<["a"=4, "b"=2]>"#;
        check(mesh, &[8, 8], r#"<@m, [{"a":(1)2, "b", "a":(2)2}, {}]>"#).unwrap();
        check(mesh, &[8, 8], r#"<@m, [{"a":(2)2, "a":(1)2}, {}]>"#).unwrap();
        check(mesh, &[8], r#"<@m, [{"a", ?}p0], replicated={"b"}>"#).unwrap();
    }

    #[test]
    fn reports_where_a_duplicate_axis_is_used() {
        let err = check(r#"<["a"=2]>"#, &[8, 8], r#"<@m, [{"a"}, {"a"}]>"#).unwrap_err();
        assert_eq!(err.to_string(), r#"duplicate axis ref: "a" (in dim 0 and dim 1)"#);
    }

    #[test]
    fn rejects_overlapping_and_unmerged_sub_axes() {
        let mesh = r#"<["a"=8, "b"=4]>"#;
        let err = check(mesh, &[8, 8], r#"<@m, [{"a":(2)4}, {"b":(2)2}], replicated={"a":(1)4}>"#).unwrap_err();
        assert_eq!(err.to_string(), r#"overlapping sub-axes: "a":(1)4, "a":(2)4"#);
        let err = check(mesh, &[8, 8], r#"<@m, [{}, {"a":(2)2, "a":(4)2}]>"#).unwrap_err();
        assert_eq!(err.to_string(), r#"two consecutive sub-axes can be merged: "a":(2)2, "a":(4)2"#);
    }

    #[test]
    fn manual_axes_are_bound() {
        let s: TensorSharding = r#"<@m, [{"a"}, {}]>"#.parse().unwrap();
        assert!(s.verify_free_of(&["a".into()]).is_err());
        assert!(s.verify_free_of(&["b".into()]).is_ok());
    }
}
