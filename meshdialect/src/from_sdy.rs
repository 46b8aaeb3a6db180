//! Shardy's vocabulary (the model's `Mesh` and `TensorSharding`) in the `mesh`
//! dialect and back: a mesh becomes `mesh.mesh @name(shape = …)` (and a static
//! `mesh.mesh` a Shardy mesh whose axes are named by their index, `"0"`, `"1"`, …,
//! the dialect having no names), a sharding names its axes by index, and partial
//! (unreduced) axes become `partial = KIND [...]`, the kinds named alike.
//! Shardy's sub-axes have no mesh-dialect form (an error); its open dimensions,
//! priorities and explicitly replicated axes are not in the dialect and are dropped
//! (a sharding read back is closed). Uneven shards are autoshard's offsets on a
//! dimension (`{"x"}[0, 3, 5, 7, 9]`) both ways: `sharded_dims_offsets` lists every
//! split dimension's, so a padded dimension beside an uneven one writes its padded
//! blocks' bounds. Halos have no Shardy form.

use crate::error::{Error, Result};
use crate::mesh_op::{Dim, MeshOp};
use crate::reduction::Reduction;
use crate::sharding::{Partial, Sharding};
use autoshard_model::{AxisRef, DimSharding, Mesh, TensorSharding, padded_bounds};

/// The mesh `mesh` named `name`, as `mesh.mesh @name(shape = …)`.
pub fn mesh_op(name: &str, mesh: &Mesh) -> MeshOp {
    MeshOp { name: name.to_string(), shape: mesh.axes().iter().map(|a| Dim::Static(a.size)).collect() }
}

/// The Shardy mesh of `mesh`: its axes named by index (`"0"`, `"1"`, …), as the
/// dialect refers to them; a dynamic (`?`) size is an error, since a plan needs every
/// axis's size.
pub fn sdy_mesh(mesh: &MeshOp) -> Result<Mesh> {
    let size = |(i, dim): (usize, &Dim)| match dim {
        Dim::Static(size) => Ok((i.to_string(), *size)),
        Dim::Dynamic => Err(Error::Verify(format!(
            "mesh @{} has a dynamic size ('?') on axis {i}; autoshard plans and runs meshes of known sizes",
            mesh.name
        ))),
    };
    let axes = mesh.shape.iter().enumerate().map(size).collect::<Result<Vec<_>>>()?;
    Mesh::from_axes(axes).map_err(|e| Error::Verify(format!("mesh @{}: {e}", mesh.name)))
}

/// `sharding` of a tensor of `shape` on `mesh` (named `name`) as a `mesh.sharding`:
/// each dimension's axes by index, unreduced axes as partial ones, uneven
/// dimensions' offsets as `sharded_dims_offsets`.
pub fn mesh_sharding(name: &str, mesh: &Mesh, sharding: &TensorSharding, shape: &[i64]) -> Result<Sharding> {
    let index = |axis: &AxisRef| -> Result<i64> {
        if axis.sub.is_some() {
            return Err(Error::Verify(format!("the sub-axis {axis} has no form in the mesh dialect")));
        }
        let at = mesh.axes().iter().position(|a| a.name == axis.name);
        at.map(|i| i as i64)
            .ok_or_else(|| Error::Verify(format!("axis \"{}\" is not an axis of the mesh {mesh}", axis.name)))
    };
    let indices = |axes: &[AxisRef]| axes.iter().map(index).collect::<Result<Vec<i64>>>();
    let mut split_axes = sharding.dims.iter().map(|d| indices(&d.axes)).collect::<Result<Vec<_>>>()?;
    if split_axes.is_empty() {
        // A scalar's: the dialect reads no empty list ("there must be at least one
        // sub-array present in axes, even if it's empty").
        split_axes.push(Vec::new());
    }
    let partial = match sharding.unreduced.is_empty() {
        true => None,
        false => Some(Partial { kind: Reduction(Some(sharding.reduction)), axes: indices(&sharding.unreduced)? }),
    };
    let mut out = Sharding::new(name, split_axes);
    out.partial = partial;
    if sharding.is_uneven() {
        for (d, dim) in sharding.dims.iter().enumerate().filter(|(_, d)| !d.axes.is_empty()) {
            let size = shape.get(d).copied().unwrap_or(0);
            out.sharded_dims_offsets.extend(dim.bounds(size, dim.sharded_size(mesh).max(1)));
        }
    }
    Ok(out)
}

/// A `mesh.sharding` of a tensor of rank `rank` on `mesh` as Shardy's sharding
/// (closed), if it has one: no halos, partial values of any kind but `generic`,
/// which the dialect does not allow in a sharding a value holds.
pub fn sdy_sharding(sharding: &Sharding, mesh: &Mesh, rank: usize) -> Result<TensorSharding> {
    let none = |what: &str| Err(Error::Verify(format!("{what} have no form in Shardy's shardings")));
    if !sharding.halo_sizes.is_empty() {
        return none("halo sizes");
    }
    // Trailing unsplit dimensions beyond the rank (a scalar's `[[]]`) split nothing.
    let split = sharding.split_axes.iter().rposition(|a| !a.is_empty()).map_or(0, |last| last + 1);
    if split > rank {
        return Err(Error::Verify(format!("the sharding splits {split} dimensions of a tensor of rank {rank}")));
    }
    let axis = |i: &i64| -> Result<AxisRef> {
        let a = usize::try_from(*i).ok().and_then(|i| mesh.axes().get(i));
        a.map(|a| AxisRef::full(a.name.clone()))
            .ok_or_else(|| Error::Verify(format!("mesh axis {i} is not an axis of {mesh}")))
    };
    let axes = |list: &[i64]| list.iter().map(axis).collect::<Result<Vec<_>>>();
    let mut dims =
        sharding.split_axes[..split].iter().map(|a| axes(a).map(DimSharding::closed)).collect::<Result<Vec<_>>>()?;
    dims.resize(rank, DimSharding::closed(Vec::new()));
    let mut offsets = sharding.sharded_dims_offsets.as_slice();
    for dim in dims.iter_mut().filter(|d| !d.axes.is_empty() && !sharding.sharded_dims_offsets.is_empty()) {
        let count = dim.sharded_size(mesh).max(1) as usize + 1;
        if offsets.len() < count {
            return Err(Error::Verify(format!("sharded_dims_offsets has too few offsets for {count} shards")));
        }
        let (cut, size) = (&offsets[..count], offsets[count - 1]);
        // Offsets that cut equal, padded blocks are the dimension without offsets.
        dim.offsets = (cut != padded_bounds(size, count as i64 - 1)).then(|| cut.to_vec());
        offsets = &offsets[count..];
    }
    let mut out = TensorSharding::new(sharding.mesh.clone(), dims);
    if let Some(p) = &sharding.partial {
        out.unreduced = axes(&p.axes)?;
        out.reduction = p.kind.0.ok_or_else(|| {
            Error::Verify(format!(
                "partial = {} [...]: a value's partial values need a kind that says how they combine; \
                 `generic` is not an allowed value inside a shard attribute",
                p.kind.as_str()
            ))
        })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn mesh() -> Mesh {
        Mesh::from_axes([("data", 2), ("model", 4), ("pipe", 2)]).unwrap()
    }

    #[test]
    fn a_shardy_sharding_in_the_mesh_dialect() {
        let sharding: TensorSharding =
            r#"#sdy.sharding<@mesh, [{"model", "data"}, {}], unreduced={"pipe"}>"#.parse().unwrap();
        let out = mesh_sharding("mesh", &mesh(), &sharding, &[8, 8]).unwrap();
        assert_eq!(out.to_string(), "mesh.sharding @mesh split_axes = [[1, 0], []] partial = sum [2] : !mesh.sharding");
        assert_eq!(mesh_op("mesh", &mesh()).to_string(), "mesh.mesh @mesh(shape = 2x4x2)");
        let scalar: TensorSharding = r#"#sdy.sharding<@mesh, []>"#.parse().unwrap();
        let out = mesh_sharding("mesh", &mesh(), &scalar, &[]).unwrap();
        assert_eq!(out.to_string(), "mesh.sharding @mesh split_axes = [[]] : !mesh.sharding");
        assert_eq!(sdy_sharding(&out, &mesh(), 0).unwrap(), scalar);
        let sub: TensorSharding = r#"#sdy.sharding<@mesh, [{"model":(1)2}]>"#.parse().unwrap();
        assert!(mesh_sharding("mesh", &mesh(), &sub, &[8, 8]).unwrap_err().to_string().contains("sub-axis"));
        let halo: Sharding =
            "mesh.sharding @mesh split_axes = [[0]] halo_sizes = [1, 1] : !mesh.sharding".parse().unwrap();
        assert!(sdy_sharding(&halo, &mesh(), 2).unwrap_err().to_string().contains("halo sizes have no form"));
    }

    #[test]
    fn uneven_shards_are_sharded_dims_offsets_both_ways() {
        let uneven: TensorSharding = r#"#sdy.sharding<@mesh, [{"model"}[0, 1, 3, 5, 7], {"data"}]>"#.parse().unwrap();
        let out = mesh_sharding("mesh", &mesh(), &uneven, &[7, 8]).unwrap();
        assert_eq!(
            out.to_string(),
            "mesh.sharding @mesh split_axes = [[1], [0]] sharded_dims_offsets = [0, 1, 3, 5, 7, 0, 4, 8] : !mesh.sharding"
        );
        out.verify(Some(&mesh_op("mesh", &mesh()))).unwrap();
        assert_eq!(sdy_sharding(&out, &mesh(), 2).unwrap(), uneven);
    }

    #[test]
    fn a_static_mesh_op_is_a_shardy_mesh_named_by_index() {
        let op: MeshOp = "mesh.mesh @m(shape = 2x4)".parse().unwrap();
        assert_eq!(sdy_mesh(&op).unwrap().to_string(), r#"<["0"=2, "1"=4]>"#);
        assert_eq!(mesh_op("m", &sdy_mesh(&op).unwrap()), op);
        let dynamic: MeshOp = "mesh.mesh @m(shape = 2x?)".parse().unwrap();
        let message = sdy_mesh(&dynamic).unwrap_err().to_string();
        assert!(message.contains("dynamic size ('?') on axis 1"), "{message}");
    }

    fn sdy() -> impl Strategy<Value = TensorSharding> {
        // A permutation of the three axes, cut into up to 3 dimensions and the unreduced rest.
        (
            Just(vec![0usize, 1, 2]).prop_shuffle(),
            0usize..4,
            0usize..4,
            1usize..4,
            0..autoshard_model::ReductionKind::ALL.len(),
        )
            .prop_map(|(order, a, b, rank, kind)| {
                let names = ["data", "model", "pipe"];
                let (a, b) = (a.min(3), b.min(3));
                let (cut1, cut2) = (a.min(b), a.max(b));
                let take = |range: std::ops::Range<usize>| -> Vec<AxisRef> {
                    order[range].iter().map(|&i| AxisRef::full(names[i])).collect()
                };
                let mut dims = vec![DimSharding::closed(take(0..cut1))];
                if rank > 1 {
                    dims.push(DimSharding::closed(take(cut1..cut2)));
                }
                while dims.len() < rank {
                    dims.push(DimSharding::closed(Vec::new()));
                }
                let mut s = TensorSharding::new("mesh", dims);
                s.unreduced = if rank > 1 { take(cut2..3) } else { take(cut1..3) };
                s.reduction = autoshard_model::ReductionKind::ALL[kind];
                s
            })
    }

    proptest! {
        /// A Shardy sharding goes to the mesh dialect, through its text, and back.
        #[test]
        fn shardy_shardings_round_trip_through_the_mesh_dialect(s in sdy()) {
            let out = mesh_sharding("mesh", &mesh(), &s, &vec![8; s.dims.len()]).unwrap();
            let text = out.to_string();
            let read: Sharding = text.parse().unwrap();
            read.verify(Some(&mesh_op("mesh", &mesh()))).unwrap();
            let back = sdy_sharding(&read, &mesh(), s.dims.len()).unwrap();
            let want = if s.unreduced.is_empty() { TensorSharding { reduction: Default::default(), ..s.clone() } } else { s.clone() };
            prop_assert_eq!(back, want, "{}", text);
        }
    }
}
