//! Where the blocks of a sharded tensor live on the simulated devices.
//!
//! Devices are the mesh's linear positions, row-major over its axes (the last axis
//! fastest); position `p` is the physical device `mesh.device_ids()[p]`, but the
//! executor, its errors and its reports name positions only. The runtime's
//! [`Grid`] *refines* the mesh: every axis is cut at the boundaries of the sub-axes
//! the plan uses (`"x":(1)2` and `"x":(2)2` of an axis of 4 become two grid axes of
//! 2, major first), so a group over any list of axis references is a mesh-dialect
//! group over grid axes (unless sub-axes of one axis do not nest: see
//! [`Placement::grid_axes`]), and linear positions are the same in the mesh and in
//! the grid.
//!
//! A dimension of size `n` sharded along axes of total size `k` is cut into `k`
//! blocks of `ceil(n / k)`, numbered by the device's mixed-radix coordinates along
//! the axes (first axis major); the last blocks may run past `n` — that is padding,
//! which local tensors carry and results never show. A dimension cut at offsets
//! (uneven shards) has blocks of their sizes, each stored padded at its end to the
//! largest one (the simulator's storage; a runtime holds each at its own size).
//! Invariant: every local tensor has exactly the padded block shape
//! [`Placement::local_shape`] gives.

use crate::error::{Error, Result};
use crate::groups::Grid;
use crate::tensor::{offset, unflatten};
use autoshard_model::axes_size;
use autoshard_model::{AxisRef, Mesh, TensorSharding};

/// The mesh, its refined grid, and which grid axes make up each mesh axis.
#[derive(Debug, Clone)]
pub struct Placement {
    mesh: Mesh,
    /// The size of each mesh axis (at least 1).
    mesh_shape: Vec<usize>,
    grid: Grid,
    /// Per mesh axis, its parts as (pre-size, size, grid axis), major first.
    parts: Vec<Vec<(i64, i64, usize)>>,
}

/// One device's block of a tensor: where it starts, its padded size and how much
/// of it is real data, per dimension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The global index of the block's first element.
    pub starts: Vec<usize>,
    /// The local (padded) shape.
    pub local: Vec<usize>,
    /// How many elements along each dimension are inside the tensor.
    pub real: Vec<usize>,
}

impl Placement {
    /// The placement of `mesh` refined at the boundaries of every sub-axis in `axes`.
    pub fn new<'a>(mesh: &Mesh, axes: impl IntoIterator<Item = &'a AxisRef>) -> Result<Placement> {
        let mut cuts: Vec<Vec<i64>> = mesh.axes().iter().map(|a| vec![1, a.size]).collect();
        for axis in axes {
            let Some(a) = mesh.axis_position(&axis.name) else {
                return Err(Error::Plan(format!("axis {axis} is not in mesh {mesh}")));
            };
            cuts[a].extend([axis.pre_size(), axis.next_pre_size(mesh)]);
        }
        let mut parts = Vec::with_capacity(cuts.len());
        let mut shape = Vec::new();
        for (cut, axis) in cuts.iter_mut().zip(mesh.axes()) {
            cut.sort_unstable();
            cut.dedup();
            let mut axis_parts = Vec::new();
            // Sub-axes that do not nest ("x":(1)2 and "x":(1)3 of 6) leave the axis
            // whole in the grid: groups over them have no grid axes (see grid_axes).
            if cut.windows(2).any(|pair| pair[0] <= 0 || pair[1] % pair[0] != 0) {
                cut.retain(|&c| c == 1 || c == axis.size);
            }
            for pair in cut.windows(2) {
                axis_parts.push((pair[0], pair[1] / pair[0], shape.len()));
                shape.push((pair[1] / pair[0]) as usize);
            }
            parts.push(axis_parts);
        }
        if shape.is_empty() {
            shape.push(1);
        }
        let mesh_shape = mesh.axes().iter().map(|a| a.size.max(1) as usize).collect();
        Ok(Placement { mesh: mesh.clone(), mesh_shape, grid: Grid::new(&shape)?, parts })
    }

    /// The mesh.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// The refined grid the runtime runs on.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The number of devices.
    pub fn devices(&self) -> usize {
        self.grid.devices()
    }

    /// The grid axes of `axes`, in order (each reference's parts major first); an
    /// error when a sub-axis is not a run of grid axes (sub-axes that do not nest).
    pub fn grid_axes(&self, axes: &[AxisRef]) -> Result<Vec<usize>> {
        let mut out = Vec::new();
        for axis in axes {
            let a = self.mesh.axis_position(&axis.name).ok_or_else(|| unknown(axis, &self.mesh))?;
            let (lo, hi) = (axis.pre_size(), axis.next_pre_size(&self.mesh));
            let inside: Vec<_> =
                self.parts[a].iter().filter(|&&(pre, size, _)| pre >= lo && pre * size <= hi).collect();
            if inside.iter().map(|&&(_, size, _)| size).product::<i64>() != axis.size(&self.mesh) {
                return Err(Error::Plan(format!("{axis} is not a group of the device grid")));
            }
            out.extend(inside.iter().map(|&&(_, _, g)| g));
        }
        Ok(out)
    }

    /// The number of devices along `axes`.
    pub fn count(&self, axes: &[AxisRef]) -> usize {
        axes_size(axes, &self.mesh).max(1) as usize
    }

    /// `device`'s coordinate along each mesh axis.
    fn mesh_coordinates(&self, device: usize) -> Vec<i64> {
        unflatten(device, &self.mesh_shape).into_iter().map(|c| c as i64).collect()
    }

    /// The position of the device at mesh coordinates `coordinates`.
    fn at(&self, coordinates: &[i64]) -> usize {
        let coordinates: Vec<usize> = coordinates.iter().map(|&c| c as usize).collect();
        offset(&self.mesh_shape, &coordinates)
    }

    /// `device`'s mixed-radix coordinate along `axes` (first axis major).
    pub fn index(&self, device: usize, axes: &[AxisRef]) -> Result<usize> {
        let coordinates = self.mesh_coordinates(device);
        let mut index = 0;
        for axis in axes {
            let a = self.mesh.axis_position(&axis.name).ok_or_else(|| unknown(axis, &self.mesh))?;
            index = index * axis.size(&self.mesh).max(1) + axis.coordinate(coordinates[a], &self.mesh);
        }
        Ok(index as usize)
    }

    /// The device that agrees with `device` outside `axes` and sits at coordinate
    /// `index` along them.
    pub fn with_index(&self, device: usize, axes: &[AxisRef], index: usize) -> Result<usize> {
        let mut coordinates = self.mesh_coordinates(device);
        let mut rest = index as i64;
        for axis in axes.iter().rev() {
            let a = self.mesh.axis_position(&axis.name).ok_or_else(|| unknown(axis, &self.mesh))?;
            let size = axis.size(&self.mesh).max(1);
            let full = self.mesh.axes()[a].size.max(1);
            let stride = (full / axis.next_pre_size(&self.mesh).max(1)).max(1);
            let digit = rest % size;
            rest /= size;
            let old = axis.coordinate(coordinates[a], &self.mesh);
            coordinates[a] += (digit - old) * stride;
        }
        if rest != 0 {
            return Err(Error::Plan(format!("coordinate {index} does not fit axes {axes:?}")));
        }
        Ok(self.at(&coordinates))
    }

    /// The padded shape of one device's block of a tensor of `shape` under
    /// `sharding`.
    pub fn local_shape(&self, shape: &[usize], sharding: &TensorSharding) -> Vec<usize> {
        let shape: Vec<i64> = shape.iter().map(|&n| n as i64).collect();
        sharding.local_dims(&self.mesh, &shape).map(|n| n.max(0) as usize).collect()
    }

    /// Where each block of dimension `d` of a tensor of `size` under `sharding`
    /// starts, and where the last one ends (clipped to `size`).
    pub fn bounds(&self, sharding: &TensorSharding, d: usize, size: usize) -> Vec<usize> {
        match sharding.dims.get(d) {
            Some(dim) => dim.bounds(size as i64, self.shards(sharding, d) as i64).iter().map(|&b| b as usize).collect(),
            None => vec![0, size],
        }
    }

    /// How many blocks dimension `d` is cut into under `sharding`.
    pub fn shards(&self, sharding: &TensorSharding, d: usize) -> usize {
        sharding.shards(d, &self.mesh) as usize
    }

    /// `device`'s block of a tensor of `shape` under `sharding`.
    pub fn block(&self, device: usize, shape: &[usize], sharding: &TensorSharding) -> Result<Block> {
        let local = self.local_shape(shape, sharding);
        let mut starts = Vec::with_capacity(shape.len());
        let mut real = Vec::with_capacity(shape.len());
        for (d, &n) in shape.iter().enumerate() {
            let index = match sharding.dims.get(d) {
                Some(dim) => self.index(device, &dim.axes)?,
                None => 0,
            };
            let bounds = self.bounds(sharding, d, n);
            let (Some(&start), Some(&end)) = (bounds.get(index), bounds.get(index + 1)) else {
                return Err(Error::Plan(format!("{sharding}: dimension {d} has no block {index} ({bounds:?})")));
            };
            starts.push(start);
            real.push(end - start);
        }
        Ok(Block { starts, local, real })
    }

    /// True when `device` is the first of its group along `axes` (coordinate 0 on
    /// each): the device that keeps a value made unreduced by sum.
    pub fn leads(&self, device: usize, axes: &[AxisRef]) -> Result<bool> {
        Ok(self.index(device, axes)? == 0)
    }
}

fn unknown(axis: &AxisRef, mesh: &Mesh) -> Error {
    Error::Plan(format!("axis {axis} is not in mesh {mesh}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_axes_refine_the_grid_major_first() {
        let mesh: Mesh = r#"<["x"=4, "y"=2]>"#.parse().unwrap();
        let major = AxisRef::sub("x", 1, 2);
        let minor = AxisRef::sub("x", 2, 2);
        let p = Placement::new(&mesh, [&major]).unwrap();
        assert_eq!(p.grid().shape(), &[2, 2, 2]);
        // Device 2 * 2 + 1 = 5 has x = 2, y = 1: major digit 1, minor digit 0.
        assert_eq!(p.index(5, std::slice::from_ref(&major)).unwrap(), 1);
        assert_eq!(p.index(5, std::slice::from_ref(&minor)).unwrap(), 0);
        assert_eq!(p.index(5, &[AxisRef::full("y"), AxisRef::full("x")]).unwrap(), 4 + 2);
        assert_eq!(p.with_index(5, &[AxisRef::full("x")], 1).unwrap(), 3);
        for c in 0..4 {
            assert_eq!(
                major.coordinate(c, &mesh),
                p.index(c as usize * 2, std::slice::from_ref(&major)).unwrap() as i64
            );
        }
    }

    #[test]
    fn blocks_are_padded_at_the_end() {
        let mesh: Mesh = r#"<["x"=4]>"#.parse().unwrap();
        let p = Placement::new(&mesh, []).unwrap();
        let s: TensorSharding = r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#.parse().unwrap();
        let b = p.block(3, &[10, 3], &s).unwrap();
        assert_eq!(b, Block { starts: vec![9, 0], local: vec![3, 3], real: vec![1, 3] });
        let s: TensorSharding = r#"#sdy.sharding<@mesh, [{"x"}]>"#.parse().unwrap();
        assert_eq!(p.block(3, &[2], &s).unwrap().real, vec![0]);
        assert!(Placement::new(&mesh, [&AxisRef::sub("z", 1, 2)]).is_err());
        // Uneven shards: blocks at the offsets, stored at the largest block's size.
        let s: TensorSharding = r#"#sdy.sharding<@mesh, [{"x"}[0, 1, 4, 6, 10], {}]>"#.parse().unwrap();
        assert_eq!(
            p.block(1, &[10, 3], &s).unwrap(),
            Block { starts: vec![1, 0], local: vec![4, 3], real: vec![3, 3] }
        );
        assert_eq!(
            p.block(3, &[10, 3], &s).unwrap(),
            Block { starts: vec![6, 0], local: vec![4, 3], real: vec![4, 3] }
        );
        // Sub-axes that do not nest keep the axis whole; coordinates still work.
        let mesh: Mesh = r#"<["x"=6]>"#.parse().unwrap();
        let (two, three) = (AxisRef::sub("x", 1, 2), AxisRef::sub("x", 1, 3));
        let p = Placement::new(&mesh, [&two, &three]).unwrap();
        assert_eq!(p.grid().shape(), &[6]);
        assert!(p.grid_axes(std::slice::from_ref(&two)).is_err());
        assert_eq!(p.index(4, std::slice::from_ref(&three)).unwrap(), 2);
        assert_eq!(p.with_index(4, std::slice::from_ref(&two), 0).unwrap(), 1);
    }
}
