//! `mesh.shard_shape`'s meaning: the local shape of one device's shard of a tensor
//! under a sharding — equal shards, or the uneven ones `sharded_dims_offsets`
//! gives, widened by the halos.

use crate::error::{Error, Result};
use crate::mesh_op::{MeshOp, coordinates};
use crate::sharding::Sharding;

/// The shape of device `device`'s shard (its linear index on `mesh`, row-major) of a
/// tensor of shape `global` under `sharding`. Fails when the mesh is dynamic, the
/// device is not on it, the sharding does not verify on it, or a dimension split
/// into equal shards does not divide.
pub fn shard_shape(global: &[i64], sharding: &Sharding, mesh: &MeshOp, device: i64) -> Result<Vec<i64>> {
    sharding.verify(Some(mesh))?;
    let Some(sizes) = mesh.static_shape() else {
        return Err(Error::Verify(format!("mesh \"{}\" has a dynamic shape: shard shapes are not known", mesh.name)));
    };
    let devices: i64 = sizes.iter().product();
    if !(0..devices).contains(&device) {
        return Err(Error::Verify(format!("device {device} is not on mesh \"{}\" of {devices} devices", mesh.name)));
    }
    if sharding.split_axes.len() > global.len() {
        let (dims, rank) = (sharding.split_axes.len(), global.len());
        return Err(Error::Verify(format!("the sharding splits {dims} dimensions of a tensor of rank {rank}")));
    }
    let coords = coordinates(device, &sizes);
    let mut shape = global.to_vec();
    let mut offsets = sharding.sharded_dims_offsets.as_slice();
    for (nth, (dim, axes)) in sharding.split_dims().enumerate() {
        // The shard's index along the dimension: its coordinates on the splitting
        // axes, the first outermost.
        let (mut index, mut shards) = (0i64, 1i64);
        for &axis in axes {
            index = index * sizes[axis as usize] + coords[axis as usize];
            shards *= sizes[axis as usize];
        }
        shape[dim] = if offsets.is_empty() {
            if global[dim] % shards != 0 {
                return Err(Error::Verify(format!(
                    "dimension {dim} of size {} does not divide into {shards} equal shards (give sharded_dims_offsets)",
                    global[dim]
                )));
            }
            global[dim] / shards
        } else {
            let own = &offsets[..shards as usize + 1];
            offsets = &offsets[shards as usize + 1..];
            own[index as usize + 1] - own[index as usize]
        };
        if let [low, high] = sharding.halo_sizes.get(2 * nth..2 * nth + 2).unwrap_or_default() {
            shape[dim] += low + high;
        }
    }
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh(text: &str) -> MeshOp {
        text.parse().unwrap()
    }

    fn sharding(text: &str) -> Sharding {
        text.parse().unwrap()
    }

    /// The seed's examples of uneven shards and halos.
    #[test]
    fn offsets_and_halos_give_the_seed_shapes() {
        let m = mesh("mesh.mesh @mesh(shape = 2x2)");
        let s = sharding(
            "mesh.sharding @mesh split_axes = [[0], [1]] sharded_dims_offsets = [0, 24, 32, 0, 20, 32] : !mesh.sharding",
        );
        let shapes: Vec<Vec<i64>> = (0..4).map(|d| shard_shape(&[32, 32, 32], &s, &m, d).unwrap()).collect();
        assert_eq!(shapes, [[24, 20, 32], [24, 12, 32], [8, 20, 32], [8, 12, 32]]);
        let halo = sharding("mesh.sharding @mesh split_axes = [[0]] halo_sizes = [1, 2] : !mesh.sharding");
        assert_eq!(shard_shape(&[4, 8], &halo, &m, 0).unwrap(), [5, 8]);
        let two = sharding("mesh.sharding @mesh split_axes = [[0], [1]] halo_sizes = [1, 2, 2, 3] : !mesh.sharding");
        assert_eq!(shard_shape(&[4, 8], &two, &m, 3).unwrap(), [5, 9]);
        // Both axes on one dimension: axis 1 inner.
        let both = sharding(
            "mesh.sharding @mesh split_axes = [[1, 0]] sharded_dims_offsets = [0, 1, 3, 6, 10] : !mesh.sharding",
        );
        let sizes: Vec<i64> = (0..4).map(|d| shard_shape(&[10], &both, &m, d).unwrap()[0]).collect();
        // Device (i, j) has index j * 2 + i: devices 0, 1, 2, 3 take shards 0, 2, 1, 3.
        assert_eq!(sizes, [1, 3, 2, 4]);
    }

    #[test]
    fn what_has_no_shape_is_an_error() {
        let m = mesh("mesh.mesh @mesh(shape = 4)");
        let even = sharding("mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding");
        assert!(shard_shape(&[6], &even, &m, 0).unwrap_err().to_string().contains("does not divide into 4"));
        assert!(shard_shape(&[8], &even, &m, 4).unwrap_err().to_string().contains("device 4 is not on mesh"));
        let dynamic = mesh("mesh.mesh @mesh(shape = ?)");
        assert!(shard_shape(&[8], &even, &dynamic, 0).unwrap_err().to_string().contains("dynamic shape"));
    }
}
