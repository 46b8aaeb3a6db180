//! Device meshes: ordered named axes and an optional explicit device order.
//!
//! Text form (Shardy's `MeshAttr`): `<["data"=2, "model"=4]>`,
//! `<["x"=4, "y"=2], device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>`, the empty mesh `<[]>` and
//! the maximal (single-device) mesh `<[], device_ids=[3]>`.
//!
//! Invariants of a [`Mesh`] (checked by [`Mesh::new`], so every mesh that exists is
//! valid): axis sizes are at least 1 and names are unique; with axes, explicit
//! `device_ids` are a non-identity permutation of `0..product(sizes)` (an identity
//! order is dropped, as Shardy does, so equal meshes print equally); without axes there
//! is at most one device id.

use crate::error::{Error, Result};
use crate::text::{Cursor, list, parse_all, write_comma_separated, write_string};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// One named axis of a mesh, `"x"=4`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeshAxis {
    /// The axis name.
    pub name: String,
    /// The number of devices along the axis.
    pub size: i64,
}

impl MeshAxis {
    /// An axis named `name` with `size` devices.
    pub fn new(name: impl Into<String>, size: i64) -> Self {
        MeshAxis { name: name.into(), size }
    }
}

impl fmt::Display for MeshAxis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_string(f, &self.name)?;
        write!(f, "={}", self.size)
    }
}

/// A device mesh: ordered named axes (major to minor) and the device order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mesh {
    axes: Vec<MeshAxis>,
    /// Explicit device order; empty means `iota(total size)` (or no device for `<[]>`).
    device_ids: Vec<i64>,
}

impl Mesh {
    /// A verified mesh; an explicit identity device order is dropped.
    pub fn new(axes: Vec<MeshAxis>, device_ids: Vec<i64>) -> Result<Self> {
        let mut mesh = Mesh { axes, device_ids };
        mesh.verify()?;
        if !mesh.axes.is_empty() && mesh.device_ids.iter().copied().eq(0..mesh.device_ids.len() as i64) {
            mesh.device_ids.clear();
        }
        Ok(mesh)
    }

    /// A mesh with the given axes and the default device order.
    pub fn from_axes<N: Into<String>>(axes: impl IntoIterator<Item = (N, i64)>) -> Result<Self> {
        Mesh::new(axes.into_iter().map(|(n, s)| MeshAxis::new(n, s)).collect(), Vec::new())
    }

    /// The maximal mesh: the whole tensor on the single device `device_id`.
    pub fn maximal(device_id: i64) -> Result<Self> {
        Mesh::new(Vec::new(), vec![device_id])
    }

    fn verify(&self) -> Result<()> {
        let err = |m: String| Err(Error::Mesh(m));
        if let Some(axis) = self.axes.iter().find(|a| a.size < 1) {
            return err(format!("axis size must be at least 1, got: {}", axis.size));
        }
        if let Some(&id) = self.device_ids.iter().find(|&&id| id < 0) {
            return err(format!("device id must be non-negative, got: {id}"));
        }
        if self.axes.is_empty() {
            if self.device_ids.len() > 1 {
                return err("axes is empty and device_ids has more than one element".into());
            }
            return Ok(());
        }
        for (i, axis) in self.axes.iter().enumerate() {
            if self.axes[..i].iter().any(|a| a.name == axis.name) {
                let mut name = String::new();
                let _ = write_string(&mut name, &axis.name);
                return err(format!("duplicate axis name: {name}"));
            }
        }
        let total = self.axes.iter().try_fold(1i64, |acc, a| acc.checked_mul(a.size));
        let Some(total) = total else {
            return err("total product of axis sizes overflows a 64-bit integer".into());
        };
        if self.device_ids.is_empty() {
            return Ok(());
        }
        if total != self.device_ids.len() as i64 {
            return err(format!(
                "total product of axis sizes must match total number of device ids, got: {} != {}",
                total,
                self.device_ids.len()
            ));
        }
        let mut sorted = self.device_ids.clone();
        sorted.sort_unstable();
        if !sorted.iter().copied().eq(0..total) {
            let got: Vec<String> = sorted.iter().map(i64::to_string).collect();
            return err(format!("sorted device ids must be iota(product(axes)), got: {}", got.join(", ")));
        }
        Ok(())
    }

    /// The axes, major to minor.
    pub fn axes(&self) -> &[MeshAxis] {
        &self.axes
    }

    /// The axis called `name`.
    pub fn axis(&self, name: &str) -> Option<&MeshAxis> {
        self.axes.iter().find(|a| a.name == name)
    }

    /// The size of the axis called `name`.
    pub fn axis_size(&self, name: &str) -> Option<i64> {
        self.axis(name).map(|a| a.size)
    }

    /// The position of the axis called `name` (0 is the major-most axis).
    pub fn axis_position(&self, name: &str) -> Option<usize> {
        self.axes.iter().position(|a| a.name == name)
    }

    /// The number of devices: the product of the axis sizes (1 for a maximal mesh).
    pub fn total_size(&self) -> i64 {
        self.axes.iter().map(|a| a.size).product()
    }

    /// True for `<[]>`: no axes and no device.
    pub fn is_empty(&self) -> bool {
        self.axes.is_empty() && self.device_ids.is_empty()
    }

    /// The device of a maximal mesh (`<[], device_ids=[d]>`), if this is one.
    pub fn maximal_device_id(&self) -> Option<i64> {
        match (self.axes.is_empty(), self.device_ids.as_slice()) {
            (true, [id]) => Some(*id),
            _ => None,
        }
    }

    /// True for a maximal mesh.
    pub fn is_maximal(&self) -> bool {
        self.maximal_device_id().is_some()
    }

    /// The explicit device order, empty when it is the default `iota`.
    pub fn explicit_device_ids(&self) -> &[i64] {
        &self.device_ids
    }

    /// The device at each linear mesh position (row-major over the axes).
    pub fn device_ids(&self) -> Vec<i64> {
        if self.device_ids.is_empty() { (0..self.total_size()).collect() } else { self.device_ids.clone() }
    }

    /// The coordinates, one per axis, of the device with id `device_id` (its
    /// position in [`device_ids`](Mesh::device_ids), row-major over the axes), or
    /// `None` if the mesh has no such device.
    pub fn coordinates_of(&self, device_id: i64) -> Option<Vec<usize>> {
        let mut position = match self.device_ids.is_empty() {
            true => usize::try_from(device_id).ok().filter(|&p| (p as i64) < self.total_size())?,
            false => self.device_ids.iter().position(|&d| d == device_id)?,
        };
        let mut coordinates = vec![0; self.axes.len()];
        for (c, axis) in coordinates.iter_mut().zip(&self.axes).rev() {
            let size = axis.size.max(1) as usize;
            *c = position % size;
            position /= size;
        }
        Some(coordinates)
    }

    /// True when both meshes have the same [`device_ids`](Mesh::device_ids), without
    /// building them.
    pub fn same_device_order(&self, other: &Mesh) -> bool {
        match (self.device_ids.is_empty(), other.device_ids.is_empty()) {
            (true, true) => self.total_size().max(0) == other.total_size().max(0),
            (false, false) => self.device_ids == other.device_ids,
            (true, false) => other.device_ids.iter().copied().eq(0..self.total_size()),
            (false, true) => self.device_ids.iter().copied().eq(0..other.total_size()),
        }
    }

    /// True when both meshes have the same axes in the same order (Shardy's
    /// `equals(other, ignoreDeviceOrder=true)`): they may differ only in device order.
    pub fn same_axes(&self, other: &Mesh) -> bool {
        self.axes == other.axes && self.is_maximal() == other.is_maximal()
    }

    /// The names of the axes, quoted, for hints: `"data", "model"`.
    pub fn axis_names_quoted(&self) -> String {
        let mut out = String::new();
        for (i, axis) in self.axes.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write_string(&mut out, &axis.name);
        }
        out
    }

    pub(crate) fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        let start = cursor.pos();
        cursor.expect("<")?;
        cursor.expect("[")?;
        let axes = list(cursor, "]", |c| {
            let name = c.string()?;
            c.expect("=")?;
            Ok(MeshAxis { name, size: c.integer()? })
        })?;
        let mut device_ids = Vec::new();
        if cursor.eat(",") {
            cursor.expect_keyword("device_ids")?;
            cursor.expect("=")?;
            cursor.expect("[")?;
            device_ids = list(cursor, "]", |c| Ok(c.integer()?))?;
        }
        cursor.expect(">")?;
        Mesh::new(axes, device_ids).map_err(|e| match e {
            Error::Mesh(message) => Error::Parse { offset: start, message },
            other => other,
        })
    }
}

/// Named meshes, as `sdy.mesh @name = <...>` declarations bind them: what a sharding's
/// `@name` refers to (looked up by `Meshes::resolve`, in `sharding.rs`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meshes {
    by_name: BTreeMap<String, Mesh>,
}

impl Meshes {
    /// A table with one mesh.
    pub fn single(name: impl Into<String>, mesh: Mesh) -> Self {
        let mut meshes = Meshes::default();
        meshes.insert(name, mesh);
        meshes
    }

    /// Binds `name` to `mesh`, returning the mesh it was bound to before.
    pub fn insert(&mut self, name: impl Into<String>, mesh: Mesh) -> Option<Mesh> {
        self.by_name.insert(name.into(), mesh)
    }

    /// The mesh named `name`.
    pub fn get(&self, name: &str) -> Option<&Mesh> {
        self.by_name.get(name)
    }

    /// The meshes by name, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Mesh)> {
        self.by_name.iter().map(|(name, mesh)| (name.as_str(), mesh))
    }
}

impl fmt::Display for Mesh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<[")?;
        write_comma_separated(f, &self.axes)?;
        f.write_str("]")?;
        if !self.device_ids.is_empty() {
            f.write_str(", device_ids=[")?;
            write_comma_separated(f, &self.device_ids)?;
            f.write_str("]")?;
        }
        f.write_str(">")
    }
}

impl FromStr for Mesh {
    type Err = Error;

    /// Parses `<[...]>`, optionally prefixed by `#sdy.mesh` or `mesh`.
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, |c| {
            if !c.eat("#sdy.mesh") {
                c.eat_keyword("mesh");
            }
            Mesh::parse(c)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_coordinates_follow_the_device_order() {
        let iota: Mesh = "<[\"x\"=2, \"y\"=4]>".parse().unwrap();
        assert_eq!(iota.coordinates_of(6), Some(vec![1, 2]));
        assert_eq!(iota.coordinates_of(8), None);
        let permuted: Mesh = "<[\"x\"=2, \"y\"=2], device_ids=[3, 2, 1, 0]>".parse().unwrap();
        assert_eq!(permuted.coordinates_of(3), Some(vec![0, 0]));
        assert_eq!(permuted.coordinates_of(1), Some(vec![1, 0]));
    }

    #[test]
    fn prints_and_drops_identity_device_order() {
        let mesh: Mesh = r#"<["a"=2, "b"=2], device_ids=[0, 1, 2, 3]>"#.parse().unwrap();
        assert_eq!(mesh.to_string(), r#"<["a"=2, "b"=2]>"#);
        let maximal: Mesh = "<[], device_ids=[0]>".parse().unwrap();
        assert_eq!(maximal.to_string(), "<[], device_ids=[0]>");
        assert_eq!(maximal.maximal_device_id(), Some(0));
        assert!("<[]>".parse::<Mesh>().unwrap().is_empty());
    }

    #[test]
    fn explicit_order_is_kept() {
        let mesh: Mesh = r#"<["x"=2, "y"=2], device_ids=[0, 2, 1, 3]>"#.parse().unwrap();
        assert_eq!(mesh.device_ids(), vec![0, 2, 1, 3]);
        assert_eq!(mesh.total_size(), 4);
        assert_eq!(mesh.axis_position("y"), Some(1));
    }

    #[test]
    fn rejects_invalid_meshes() {
        let cases = [
            (r#"<["a"=2, "b"=0]>"#, "axis size must be at least 1, got: 0"),
            (r#"<["a"=2, "a"=4]>"#, r#"duplicate axis name: "a""#),
            (r#"<["a"=2], device_ids=[1, 1]>"#, "sorted device ids must be iota(product(axes)), got: 1, 1"),
            ("<[], device_ids=[1, 0]>", "axes is empty and device_ids has more than one element"),
            (r#"<["a"=4611686018427387904, "b"=4]>"#, "total product of axis sizes overflows a 64-bit integer"),
        ];
        for (text, message) in cases {
            assert_eq!(text.parse::<Mesh>().unwrap_err().to_string(), message, "{text}");
        }
    }
}
