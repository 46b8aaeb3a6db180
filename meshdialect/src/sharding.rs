//! `mesh.sharding`: how a tensor is laid out over a mesh — the mesh axes that split
//! each dimension, the axes over which it holds partial values, and each split
//! dimension's halos or explicit shard offsets (uneven shards).
//!
//! The text form is the op's, without its result name:
//! `mesh.sharding @mesh0 split_axes = [[0], []] partial = sum [1] halo_sizes = [1, 2]
//! : !mesh.sharding`. It prints as MLIR prints it (a space between a partial kind and
//! its axes) and reads `sum[1]` too. Halo sizes and offsets are static integers here;
//! SSA operands in those lists are refused.

use crate::error::{Error, Result};
use crate::mesh_op::MeshOp;
use crate::reduction::Reduction;
use crate::text::{Cursor, fail, integer_list, nested_integer_list, static_index_list, write_list, write_nested_list};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// The axes over which a value holds partial values, and how they combine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Partial {
    /// The reduction that completes them.
    pub kind: Reduction,
    /// The mesh axes, by index.
    pub axes: Vec<i64>,
}

/// The attributes of a `mesh.sharding` op.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sharding {
    /// The mesh's symbol name, without `@`.
    pub mesh: String,
    /// Per tensor dimension (leading ones; the rest are whole), the mesh axes that
    /// split it, outermost first.
    pub split_axes: Vec<Vec<i64>>,
    /// Partial values, if any.
    pub partial: Option<Partial>,
    /// For each split dimension in order, the halo before and after its shard.
    pub halo_sizes: Vec<i64>,
    /// For each split dimension in order, its shards' start offsets and the
    /// dimension's size (shards + 1 entries): uneven shards.
    pub sharded_dims_offsets: Vec<i64>,
}

impl Sharding {
    /// A sharding of `mesh` splitting dimension `d` over `split_axes[d]`.
    pub fn new(mesh: impl Into<String>, split_axes: Vec<Vec<i64>>) -> Sharding {
        Sharding {
            mesh: mesh.into(),
            split_axes,
            partial: None,
            halo_sizes: Vec::new(),
            sharded_dims_offsets: Vec::new(),
        }
    }

    /// The dimensions some mesh axis splits, in order.
    pub fn split_dims(&self) -> impl Iterator<Item = (usize, &[i64])> {
        self.split_axes.iter().enumerate().filter(|(_, a)| !a.is_empty()).map(|(d, a)| (d, a.as_slice()))
    }

    /// The dialect's rules, with MLIR's messages; `mesh` is the mesh the sharding
    /// names, when known (its rank bounds the axes, its shape the offsets).
    pub fn verify(&self, mesh: Option<&MeshOp>) -> Result<()> {
        let verify = |m: &str| Err(Error::Verify(m.to_string()));
        let mut seen = BTreeSet::new();
        let partial = self.partial.iter().flat_map(|p| p.axes.iter());
        for &axis in self.split_axes.iter().flatten().chain(partial) {
            if axis < 0 {
                return verify("mesh axis is expected to be non-negative");
            }
            if !seen.insert(axis) {
                return verify("mesh axis duplicated");
            }
        }
        if !self.halo_sizes.is_empty() && !self.sharded_dims_offsets.is_empty() {
            return verify("'mesh.sharding' op halo sizes and shard offsets are mutually exclusive");
        }
        if !self.halo_sizes.is_empty() && self.halo_sizes.len() != 2 * self.split_dims().count() {
            return verify("halo sizes must be specified for all split axes.");
        }
        let Some(mesh) = mesh else { return Ok(()) };
        if let Some(&axis) = seen.iter().find(|&&a| a as usize >= mesh.rank()) {
            let rank = mesh.rank();
            let name = &mesh.name;
            return verify(&format!(
                "0-based mesh axis index {axis} is out of bounds. The referenced mesh \"{name}\" is of rank {rank}."
            ));
        }
        if self.sharded_dims_offsets.is_empty() {
            return Ok(());
        }
        let Some(sizes) = mesh.static_shape() else {
            return verify("sharded dims offsets are not allowed for devices meshes with dynamic shape.");
        };
        let shards: Vec<usize> =
            self.split_dims().map(|(_, axes)| axes.iter().map(|&a| sizes[a as usize] as usize).product()).collect();
        if self.sharded_dims_offsets.len() != shards.iter().map(|n| n + 1).sum::<usize>() {
            return verify("sharded dims offsets has wrong size.");
        }
        let mut at = 0;
        for n in shards {
            let dim = &self.sharded_dims_offsets[at..at + n + 1];
            if dim.windows(2).any(|w| w[1] < w[0]) {
                return verify("sharded dims offsets must be non-decreasing.");
            }
            at += n + 1;
        }
        Ok(())
    }
}

impl fmt::Display for Sharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mesh.sharding @{} split_axes = ", self.mesh)?;
        write_nested_list(f, &self.split_axes)?;
        if let Some(p) = &self.partial {
            write!(f, " partial = {} ", p.kind.as_str())?;
            write_list(f, &p.axes)?;
        }
        if !self.halo_sizes.is_empty() {
            f.write_str(" halo_sizes = ")?;
            write_list(f, &self.halo_sizes)?;
        }
        if !self.sharded_dims_offsets.is_empty() {
            f.write_str(" sharded_dims_offsets = ")?;
            write_list(f, &self.sharded_dims_offsets)?;
        }
        f.write_str(" : !mesh.sharding")
    }
}

impl FromStr for Sharding {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        c.expect("mesh.sharding")?;
        let mesh = c.symbol()?;
        if c.eat("::") {
            return fail(&c, "custom op 'mesh.sharding' invalid kind of attribute specified");
        }
        let mut sharding = Sharding::new(mesh, Vec::new());
        keyword(&mut c, "split_axes")?;
        sharding.split_axes = nested_integer_list(&mut c)?;
        if c.eat_keyword("partial") {
            c.expect("=")?;
            let word = c.ident().unwrap_or("");
            let Some(kind) = Reduction::from_keyword(word) else {
                return fail(&c, format!("expected a reduction kind (sum, max, ...), found '{word}'"));
            };
            sharding.partial = Some(Partial { kind, axes: integer_list(&mut c)? });
        }
        if c.eat_keyword("halo_sizes") {
            c.expect("=")?;
            sharding.halo_sizes = static_index_list(&mut c, "halo sizes and shard offsets", "integers")?;
        }
        if c.eat_keyword("sharded_dims_offsets") {
            c.expect("=")?;
            sharding.sharded_dims_offsets = static_index_list(&mut c, "halo sizes and shard offsets", "integers")?;
        }
        c.expect(":")?;
        c.expect("!mesh.sharding")?;
        c.finish()?;
        Ok(sharding)
    }
}

fn keyword(c: &mut Cursor<'_>, word: &str) -> Result<()> {
    if !c.eat_keyword(word) {
        return fail(c, format!("expected '{word}'"));
    }
    Ok(c.expect("=")?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_seed_forms_round_trip() {
        for text in [
            "mesh.sharding @mesh0 split_axes = [[]] : !mesh.sharding",
            "mesh.sharding @mesh0 split_axes = [[0]] partial = max [1] : !mesh.sharding",
            "mesh.sharding @mesh0 split_axes = [[0]] halo_sizes = [1, 2] : !mesh.sharding",
            "mesh.sharding @mesh1d_4 split_axes = [[], [0]] sharded_dims_offsets = [0, 2, 5, 9, 14] : !mesh.sharding",
            "mesh.sharding @m split_axes = [[0, 1], [], [2]] partial = bitwise_xor [3] : !mesh.sharding",
        ] {
            let sharding: Sharding = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(sharding.to_string(), text);
        }
        // MLIR reads the kind and its axes without a space too.
        let tight: Sharding =
            "mesh.sharding @mesh0 split_axes = [[0]] partial = sum[1, 2] : !mesh.sharding".parse().unwrap();
        assert_eq!(tight.partial, Some(Partial { kind: Reduction::SUM, axes: vec![1, 2] }));
    }

    fn verify_error(text: &str, mesh: Option<&str>) -> String {
        let mesh: Option<MeshOp> = mesh.map(|m| m.parse().unwrap());
        match text.parse::<Sharding>() {
            Ok(s) => s.verify(mesh.as_ref()).unwrap_err().to_string(),
            Err(e) => e.to_string(),
        }
    }

    /// The sharding cases of upstream MLIR's `mlir/test/Dialect/Mesh/invalid.mlir`,
    /// with its messages.
    #[test]
    fn invalid_shardings_are_refused_with_mlirs_messages() {
        let m = Some("mesh.mesh @mesh0(shape = 2x4)");
        let cases = [
            ("split_axes = [[0], [0]]", m, "mesh axis duplicated"),
            ("split_axes = [[0, 0]]", m, "mesh axis duplicated"),
            ("split_axes = [[0]] partial = max[0]", m, "mesh axis duplicated"),
            ("split_axes = [[-1]]", m, "mesh axis is expected to be non-negative"),
            ("split_axes = [[0]] partial = max[-1]", m, "mesh axis is expected to be non-negative"),
            ("split_axes = [[0], [1]] halo_sizes = [1, 2]", None, "halo sizes must be specified for all split axes"),
            (
                "split_axes = [[0]] halo_sizes = [1, 2] sharded_dims_offsets = [0, 2, 2]",
                None,
                "halo sizes and shard offsets are mutually exclusive",
            ),
            (
                "split_axes = [[0]] sharded_dims_offsets = [0, 2, 2]",
                Some("mesh.mesh @mesh0(shape = ?x?)"),
                "sharded dims offsets are not allowed for devices meshes with dynamic shape",
            ),
            (
                "split_axes = [[0], [1]] sharded_dims_offsets = [0, 2, 4, 0, 2, 4, 6]",
                m,
                "sharded dims offsets has wrong size",
            ),
            (
                "split_axes = [[0]] sharded_dims_offsets = [0, 2, 3, 2]",
                Some("mesh.mesh @mesh0(shape = 3)"),
                "sharded dims offsets must be non-decreasing",
            ),
            ("split_axes = [[2]]", m, "0-based mesh axis index 2 is out of bounds"),
        ];
        for (body, mesh, message) in cases {
            let text = format!("mesh.sharding @mesh0 {body} : !mesh.sharding");
            let error = verify_error(&text, mesh);
            assert!(error.contains(message), "{text}: {error}");
        }
        let nested = verify_error("mesh.sharding @a::@b split_axes = [[0]] : !mesh.sharding", None);
        assert!(nested.contains("custom op 'mesh.sharding' invalid kind of attribute specified"), "{nested}");
        let ssa = verify_error("mesh.sharding @m split_axes = [[0]] halo_sizes = [%h, 1] : !mesh.sharding", None);
        assert!(ssa.contains("SSA values are not supported"), "{ssa}");
    }

    fn sharding() -> impl Strategy<Value = Sharding> {
        let axes = prop::collection::vec(prop::collection::vec(0i64..6, 0..3), 1..4);
        let partial = prop::option::of((0usize..9, prop::collection::vec(0i64..6, 1..3)));
        let lists = (prop::collection::vec(0i64..9, 0..5), prop::collection::vec(0i64..20, 0..6));
        ("[a-z][a-z0-9_]{0,6}", axes, partial, lists).prop_map(|(mesh, split_axes, partial, (halo, offsets))| {
            Sharding {
                mesh,
                split_axes,
                partial: partial.map(|(k, axes)| Partial { kind: Reduction::ALL[k], axes }),
                halo_sizes: halo,
                sharded_dims_offsets: offsets,
            }
        })
    }

    proptest! {
        /// Every sharding prints to text that reads back equal (the text form, not
        /// the rules: `verify` is separate).
        #[test]
        fn shardings_round_trip(s in sharding()) {
            let text = s.to_string();
            prop_assert_eq!(text.parse::<Sharding>(), Ok(s), "{}", text);
        }
    }
}
