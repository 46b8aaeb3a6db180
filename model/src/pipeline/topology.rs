//! The MPMD topology: named SPMD meshes, each a pipeline stage's devices.
//!
//! Text form (the `mpmd` dialect's `TopologyAttr` with `NamedMeshAttr`s):
//! `#mpmd.topology<<"stage0": <["x"=2]>>, <"stage1": <["x"=2]>>>`; the `#mpmd.topology`
//! prefix is optional when parsing. Each mesh numbers its own devices from 0 (its
//! `device_ids` order them, as in Shardy's `MeshAttr`); the topology lays the meshes
//! out on the global devices in order, mesh `k` taking the next
//! `total_size(k)` devices ([`Topology::global_devices`]).

use crate::error::{Error, Result};
use crate::mesh::Mesh;
use crate::text::{Cursor, list, parse_all, write_string};
use std::fmt;
use std::str::FromStr;

/// Which mesh of a topology, by position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct MeshId(pub u32);

impl MeshId {
    /// The position as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A mesh with its name: `<"stage0": <["x"=2]>>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NamedMesh {
    /// The mesh's name, unique in its topology.
    pub name: String,
    /// The SPMD mesh.
    pub mesh: Mesh,
}

impl NamedMesh {
    pub(crate) fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        cursor.expect("<")?;
        let name = cursor.string()?;
        cursor.expect(":")?;
        let mesh = Mesh::parse(cursor)?;
        cursor.expect(">")?;
        Ok(NamedMesh { name, mesh })
    }
}

impl fmt::Display for NamedMesh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<")?;
        write_string(f, &self.name)?;
        write!(f, ": {}>", self.mesh)
    }
}

/// The named meshes of an MPMD program, in order. Invariants (checked by
/// [`Topology::new`]): at least one mesh, names unique and non-empty, no maximal or
/// empty mesh.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Topology {
    meshes: Vec<NamedMesh>,
}

impl Topology {
    /// A verified topology.
    pub fn new(meshes: Vec<NamedMesh>) -> Result<Self> {
        if meshes.is_empty() {
            return Err(Error::Mesh("a topology needs at least one mesh".into()));
        }
        for (i, m) in meshes.iter().enumerate() {
            if m.name.is_empty() {
                return Err(Error::Mesh(format!("mesh {i} of the topology has an empty name")));
            }
            if meshes[..i].iter().any(|o| o.name == m.name) {
                return Err(Error::Mesh(format!("duplicate mesh name in the topology: \"{}\"", m.name)));
            }
            if m.mesh.axes().is_empty() {
                return Err(Error::Mesh(format!("mesh \"{}\" of the topology has no axes", m.name)));
            }
        }
        Ok(Topology { meshes })
    }

    /// The meshes, in order.
    pub fn meshes(&self) -> &[NamedMesh] {
        &self.meshes
    }

    /// The ids of the meshes, in order.
    pub fn ids(&self) -> impl Iterator<Item = MeshId> + use<> {
        (0..self.meshes.len() as u32).map(MeshId)
    }

    /// The mesh with this id.
    pub fn mesh(&self, id: MeshId) -> &NamedMesh {
        &self.meshes[id.index()]
    }

    /// The id of the mesh named `name`.
    pub fn find(&self, name: &str) -> Option<MeshId> {
        self.meshes.iter().position(|m| m.name == name).map(|i| MeshId(i as u32))
    }

    /// The number of meshes.
    pub fn len(&self) -> usize {
        self.meshes.len()
    }

    /// Whether there are no meshes (never, for a verified topology).
    pub fn is_empty(&self) -> bool {
        self.meshes.is_empty()
    }

    /// The number of devices of all meshes together.
    pub fn total_devices(&self) -> i64 {
        self.meshes.iter().map(|m| m.mesh.total_size()).sum()
    }

    /// The global device ids of mesh `id`, in the mesh's device order: its local ids
    /// offset by the devices of the meshes before it.
    pub fn global_devices(&self, id: MeshId) -> Vec<i64> {
        let offset: i64 = self.meshes[..id.index()].iter().map(|m| m.mesh.total_size()).sum();
        self.mesh(id).mesh.device_ids().into_iter().map(|d| d + offset).collect()
    }

    pub(crate) fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        if cursor.eat("#") {
            cursor.expect_keyword("mpmd.topology")?;
        }
        let start = cursor.pos();
        cursor.expect("<")?;
        let meshes = list(cursor, ">", NamedMesh::parse)?;
        Topology::new(meshes).map_err(|e| Error::Parse { offset: start, message: e.to_string() })
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("#mpmd.topology<")?;
        for (i, m) in self.meshes.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{m}")?;
        }
        f.write_str(">")
    }
}

impl FromStr for Topology {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Topology::parse)
    }
}

impl FromStr for NamedMesh {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, NamedMesh::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_the_dialects_text() {
        let text = r#"#mpmd.topology<<"m1": <["x"=2, "y"=4]>>, <"m2": <["x"=4], device_ids=[3, 2, 1, 0]>>>"#;
        let topology: Topology = text.parse().unwrap();
        assert_eq!(topology.to_string(), text);
        assert_eq!(topology.total_devices(), 12);
        assert_eq!(topology.global_devices(MeshId(1)), vec![11, 10, 9, 8]);
        let bare: Topology = r#"<<"m1": <["x"=2]>>>"#.parse().unwrap();
        assert_eq!(bare.find("m1"), Some(MeshId(0)));
    }

    #[test]
    fn rejects_duplicate_names_and_empty_topologies() {
        let dup = r#"#mpmd.topology<<"m": <["x"=2]>>, <"m": <["x"=2]>>>"#.parse::<Topology>();
        assert_eq!(dup.unwrap_err().to_string(), "duplicate mesh name in the topology: \"m\"");
        assert!("#mpmd.topology<>".parse::<Topology>().is_err());
        assert!(r#"<<"m": <[]>>>"#.parse::<Topology>().is_err());
    }
}
