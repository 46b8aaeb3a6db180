//! Device groups of the MLIR mesh dialect: which devices take part in a collective
//! together, and in which order.
//!
//! A device is a linear index into the mesh's shape, row-major (the last mesh axis
//! varies fastest, as `mesh.process_linear_index` numbers it). For a collective over
//! `mesh_axes`, devices whose coordinates agree outside `mesh_axes` form one group;
//! inside a group, devices are ordered by their coordinates along `mesh_axes`, the
//! first listed axis outermost. An in-group device is a multi-index over `mesh_axes`.
//! Invariants: every device is in exactly one group; each group has
//! `∏ shape[mesh_axes]` members.

use crate::error::{Error, Result};
use crate::tensor::{offset, unflatten};

/// A device mesh's shape: the size of each mesh axis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    shape: Vec<usize>,
}

impl Grid {
    /// A grid of `shape` (every axis at least 1).
    pub fn new(shape: &[usize]) -> Result<Grid> {
        if shape.contains(&0) {
            return Err(Error::Collective(format!("mesh shape {shape:?} has an empty axis")));
        }
        Ok(Grid { shape: shape.to_vec() })
    }

    /// The size of each mesh axis.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The number of devices.
    pub fn devices(&self) -> usize {
        self.shape.iter().product()
    }

    /// The coordinates of `device`.
    pub fn coordinates(&self, device: usize) -> Vec<usize> {
        unflatten(device, &self.shape)
    }

    /// The device at `coordinates`.
    pub fn device(&self, coordinates: &[usize]) -> usize {
        offset(&self.shape, coordinates)
    }

    /// Checks that `mesh_axes` name distinct axes of the grid.
    pub fn check_axes(&self, mesh_axes: &[usize]) -> Result<()> {
        for (i, &a) in mesh_axes.iter().enumerate() {
            if a >= self.shape.len() {
                return Err(Error::Collective(format!("mesh axis {a} is outside a mesh of shape {:?}", self.shape)));
            }
            if mesh_axes[..i].contains(&a) {
                return Err(Error::Collective(format!("mesh axis {a} is listed twice in {mesh_axes:?}")));
            }
        }
        Ok(())
    }

    /// The members of `device`'s group over `mesh_axes`, in group order.
    pub fn group(&self, device: usize, mesh_axes: &[usize]) -> Vec<usize> {
        let base = self.coordinates(device);
        let sizes: Vec<usize> = mesh_axes.iter().map(|&a| self.shape[a]).collect();
        let count: usize = sizes.iter().product();
        (0..count).map(|k| self.member(&base, mesh_axes, &unflatten(k, &sizes))).collect()
    }

    /// `device`'s position in its group over `mesh_axes`.
    pub fn position(&self, device: usize, mesh_axes: &[usize]) -> usize {
        let coordinates = self.coordinates(device);
        mesh_axes.iter().fold(0, |acc, &a| acc * self.shape[a] + coordinates[a])
    }

    /// The device of `device`'s group whose in-group multi-index is `index` (one
    /// coordinate per axis of `mesh_axes`).
    pub fn in_group(&self, device: usize, mesh_axes: &[usize], index: &[usize]) -> Result<usize> {
        if index.len() != mesh_axes.len() || index.iter().zip(mesh_axes).any(|(&i, &a)| i >= self.shape[a]) {
            return Err(Error::Collective(format!(
                "in-group device {index:?} does not fit mesh axes {mesh_axes:?} of a mesh of shape {:?}",
                self.shape
            )));
        }
        Ok(self.member(&self.coordinates(device), mesh_axes, index))
    }

    fn member(&self, base: &[usize], mesh_axes: &[usize], index: &[usize]) -> usize {
        let mut coordinates = base.to_vec();
        for (&a, &i) in mesh_axes.iter().zip(index) {
            coordinates[a] = i;
        }
        self.device(&coordinates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_follow_the_mesh_dialect() {
        // The dialect's example: a 2x3x4x5 mesh over axes [0, 1]; (1, 0, 2, 3) and
        // (1, 1, 2, 3) share a group, (1, 0, 2, 4) does not.
        let grid = Grid::new(&[2, 3, 4, 5]).unwrap();
        let a = grid.device(&[1, 0, 2, 3]);
        let group = grid.group(a, &[0, 1]);
        assert_eq!(group.len(), 6);
        assert!(group.contains(&grid.device(&[1, 1, 2, 3])));
        assert!(!group.contains(&grid.device(&[1, 0, 2, 4])));
        // Order follows mesh_axes outer to inner: with [3, 1], (i, 1, k, 0) precedes
        // (i, 0, k, 1) and (i, 2, k, 0).
        let order = grid.group(grid.device(&[0, 0, 0, 0]), &[3, 1]);
        let at = |c: [usize; 4]| order.iter().position(|&d| d == grid.device(&c)).unwrap();
        assert!(at([0, 1, 0, 0]) < at([0, 0, 0, 1]));
        assert!(at([0, 1, 0, 0]) < at([0, 2, 0, 0]));
        for &d in &order {
            assert_eq!(order[grid.position(d, &[3, 1])], d);
        }
        // In-group device (i, j) over axes [0, 2] of a 3-D mesh is (i, g, j).
        let grid = Grid::new(&[2, 3, 2]).unwrap();
        let d = grid.device(&[0, 2, 1]);
        assert_eq!(grid.in_group(d, &[0, 2], &[1, 0]).unwrap(), grid.device(&[1, 2, 0]));
        assert!(grid.in_group(d, &[0, 2], &[2, 0]).is_err());
        assert!(grid.check_axes(&[0, 0]).is_err());
        assert!(grid.check_axes(&[3]).is_err());
    }
}
