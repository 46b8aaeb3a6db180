//! `mesh.mesh @name(shape = 2x?x4)`: a named mesh and its axis sizes, static or
//! dynamic (`?`).

use crate::error::{Error, Result};
use crate::text::{Cursor, fail};
pub use autoshard_mlir::Dim;
use std::fmt;
use std::str::FromStr;

/// `mesh.mesh @name(shape = ...)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeshOp {
    /// The symbol name, without `@`.
    pub name: String,
    /// The axis sizes, outermost first.
    pub shape: Vec<Dim>,
}

impl MeshOp {
    /// The number of axes.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The static axis sizes, or `None` if one is dynamic.
    pub fn static_shape(&self) -> Option<Vec<i64>> {
        self.shape.iter().map(|d| if let Dim::Static(n) = d { Some(*n) } else { None }).collect()
    }

    /// The device groups of a collective over mesh axes `axes` (the dialect's
    /// "Device groups"): the devices sharing their coordinates off `axes`, each group
    /// ordered by the coordinates on `axes` (the first outermost), by linear index;
    /// `None` on a dynamic mesh.
    pub fn device_groups(&self, axes: &[i64]) -> Option<Vec<Vec<i64>>> {
        Some(groups(&self.static_shape()?, axes))
    }

    /// MLIR's verifier: at least one axis.
    pub fn verify(&self) -> Result<()> {
        if self.shape.is_empty() {
            return Err(Error::Verify("rank of mesh is expected to be a positive integer".into()));
        }
        Ok(())
    }
}

impl fmt::Display for MeshOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mesh.mesh @{}(shape = ", self.name)?;
        if self.shape.is_empty() {
            f.write_str("[]")?;
        }
        for (i, d) in self.shape.iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str(")")
    }
}

impl FromStr for MeshOp {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        c.expect("mesh.mesh")?;
        let name = c.symbol()?;
        c.expect("(")?;
        if !c.eat_keyword("shape") {
            return fail(&c, "expected 'shape'");
        }
        c.expect("=")?;
        let shape = dimension_list(&mut c)?;
        c.expect(")")?;
        c.finish()?;
        Ok(MeshOp { name, shape })
    }
}

/// MLIR's `DimensionList`: `2x?x4`, or `[]` for none.
fn dimension_list(c: &mut Cursor<'_>) -> Result<Vec<Dim>> {
    if c.eat("[") {
        c.expect("]")?;
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    loop {
        if c.eat("?") {
            out.push(Dim::Dynamic);
        } else if c.peek_is("-") {
            return fail(
                c,
                "custom op 'mesh.mesh' Failed parsing dimension list. Did you mean an empty list? It must be denoted by \"[]\".",
            );
        } else {
            out.push(Dim::Static(c.integer()?));
        }
        if !c.eat("x") {
            return Ok(out);
        }
    }
}

/// The mesh `name` among `meshes`, checking the mesh axes an op names: MLIR's
/// messages for an undefined mesh, an axis out of range and a repeated axis.
pub(crate) fn referenced<'m>(
    meshes: &'m [MeshOp],
    name: &str,
    axes: &[i64],
) -> std::result::Result<&'m MeshOp, String> {
    let Some(mesh) = meshes.iter().find(|m| m.name == name) else {
        return Err(format!("Undefined required mesh symbol \"{name}\"."));
    };
    let mut seen = std::collections::BTreeSet::new();
    for &axis in axes {
        if axis < 0 || axis as usize >= mesh.rank() {
            let rank = mesh.rank();
            return Err(format!(
                "0-based mesh axis index {axis} is out of bounds. The referenced mesh \"{name}\" is of rank {rank}."
            ));
        }
        if !seen.insert(axis) {
            return Err("Mesh axes contains duplicate elements.".into());
        }
    }
    Ok(mesh)
}

/// The row-major coordinates of linear index `linear` on a mesh of axis sizes
/// `sizes` (the seed's rule: on 10x20x30, index 663 is (1, 2, 3)).
pub(crate) fn coordinates(mut linear: i64, sizes: &[i64]) -> Vec<i64> {
    let mut coords = vec![0; sizes.len()];
    for (c, &n) in coords.iter_mut().zip(sizes).rev() {
        *c = linear % n;
        linear /= n;
    }
    coords
}

/// [`MeshOp::device_groups`] on a mesh of axis sizes `sizes`, in the order of the
/// coordinates off `axes`.
fn groups(sizes: &[i64], axes: &[i64]) -> Vec<Vec<i64>> {
    let devices: i64 = sizes.iter().product();
    // Keyed by the coordinates outside the group's axes; members by those inside.
    let mut groups: std::collections::BTreeMap<Vec<i64>, Vec<(Vec<i64>, i64)>> = Default::default();
    for d in 0..devices {
        let c = coordinates(d, sizes);
        let outside: Vec<i64> = (0..sizes.len()).filter(|a| !axes.contains(&(*a as i64))).map(|a| c[a]).collect();
        let inside: Vec<i64> = axes.iter().map(|&a| c.get(a as usize).copied().unwrap_or(0)).collect();
        groups.entry(outside).or_default().push((inside, d));
    }
    groups
        .into_values()
        .map(|mut members| {
            members.sort();
            members.into_iter().map(|(_, d)| d).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's "Device groups": on 2x3x4x5 over axes [0, 1], (1, 0, 2, 3) and
    /// (1, 1, 2, 3) share a group and (1, 0, 2, 4) does not; over [3, 1],
    /// (i, 1, k, 0) precedes (i, 0, k, 1) and (i, 2, k, 0).
    #[test]
    fn device_groups_are_the_seeds() {
        let mesh: MeshOp = "mesh.mesh @m(shape = 2x3x4x5)".parse().unwrap();
        let linear = |c: [i64; 4]| ((c[0] * 3 + c[1]) * 4 + c[2]) * 5 + c[3];
        let groups = mesh.device_groups(&[0, 1]).unwrap();
        let group_of = |c| groups.iter().position(|g| g.contains(&linear(c))).unwrap();
        assert_eq!(groups.len(), 20);
        assert_eq!(group_of([1, 0, 2, 3]), group_of([1, 1, 2, 3]));
        assert_ne!(group_of([1, 0, 2, 3]), group_of([1, 0, 2, 4]));
        let groups = mesh.device_groups(&[3, 1]).unwrap();
        let group = groups.iter().find(|g| g.contains(&linear([1, 1, 2, 0]))).unwrap();
        let at = |c| group.iter().position(|&d| d == linear(c)).unwrap();
        assert!(at([1, 1, 2, 0]) < at([1, 0, 2, 1]) && at([1, 1, 2, 0]) < at([1, 2, 2, 0]));
        assert_eq!(mesh.device_groups(&[]).unwrap().len(), 120);
        assert_eq!("mesh.mesh @d(shape = ?x2)".parse::<MeshOp>().unwrap().device_groups(&[1]), None);
    }

    #[test]
    fn meshes_round_trip_with_dynamic_axes() {
        for text in ["mesh.mesh @mesh0(shape = 2x2x4)", "mesh.mesh @m(shape = ?x4)", "mesh.mesh @one(shape = 3)"] {
            let mesh: MeshOp = text.parse().unwrap();
            assert_eq!(mesh.to_string(), text);
        }
        let mesh: MeshOp = "mesh.mesh @m(shape = 4x?)".parse().unwrap();
        assert_eq!(mesh.shape, [Dim::Static(4), Dim::Dynamic]);
        assert_eq!(mesh.static_shape(), None);
    }

    /// Upstream MLIR's invalid.mlir: an empty mesh and a negative size.
    #[test]
    fn an_empty_mesh_and_a_negative_size_are_refused_as_mlir_refuses_them() {
        let empty: MeshOp = "mesh.mesh @mesh0(shape = [])".parse().unwrap();
        assert_eq!(empty.verify().unwrap_err().to_string(), "rank of mesh is expected to be a positive integer");
        let negative = "mesh.mesh @mesh0(shape = -1)".parse::<MeshOp>().unwrap_err().to_string();
        assert!(negative.starts_with("1:26: custom op 'mesh.mesh' Failed parsing dimension list."), "{negative}");
    }
}
