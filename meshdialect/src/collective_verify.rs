//! The collectives' rules, with upstream MLIR's messages (its
//! `mlir/test/Dialect/Mesh/invalid.mlir`): the mesh exists, the group's axes are in
//! range and distinct, in-group devices have one in-range coordinate per group axis,
//! and the result type is what the op makes of the input type — a gathered axis
//! grows by the group's size, a sliced or scattered one shrinks by it (and must
//! divide), `all_to_all` does both, the rest keep the shape (and most the element
//! type). A group or dimension whose size is dynamic (`?`) makes the expected size
//! dynamic; a dynamic result dimension accepts any size.

use crate::collective::{Collective, CollectiveKind};
use crate::error::{Error, Result};
use crate::mesh_op::{Dim, MeshOp, referenced};
use autoshard_mlir::TensorType;

impl Collective {
    /// Checks the op against the dialect's rules, `meshes` being the module's.
    pub fn verify(&self, meshes: &[MeshOp]) -> Result<()> {
        let op = format!("'mesh.{}' op", self.kind.name());
        let fail = |m: String| Error::Verify(format!("{op} {m}"));
        let mesh = referenced(meshes, &self.mesh, &self.mesh_axes).map_err(fail)?;
        self.types(mesh).map_err(fail)
    }

    /// The rules on the in-group devices and the types.
    fn types(&self, mesh: &MeshOp) -> std::result::Result<(), String> {
        let group = self.group_size(mesh);
        let (input, result) = (&self.input_type, &self.result_type);
        let same_element = || match input.element == result.element {
            true => Ok(()),
            false => Err("failed to verify that all of {input, result} have same element type".to_string()),
        };
        let same_shape = |message: &str| match input.shape == result.shape {
            true => Ok(()),
            false => Err(message.to_string()),
        };
        const SAME_SHAPE: &str = "requires the same shape for all operands and results";
        match &self.kind {
            CollectiveKind::AllGather { gather_axis } => {
                same_element()?;
                self.gathered(*gather_axis, group)
            }
            CollectiveKind::Gather { gather_axis, root } => {
                same_element()?;
                self.device(mesh, "root", root)?;
                self.gathered(*gather_axis, group)
            }
            CollectiveKind::AllReduce { .. } => same_shape(SAME_SHAPE),
            CollectiveKind::AllSlice { slice_axis: axis }
            | CollectiveKind::ReduceScatter { scatter_axis: axis, .. } => self.sliced(*axis, group),
            CollectiveKind::Scatter { scatter_axis, root } => {
                self.device(mesh, "root", root)?;
                self.sliced(*scatter_axis, group)
            }
            CollectiveKind::AllToAll { split_axis, concat_axis } => self.all_to_all(*split_axis, *concat_axis, group),
            CollectiveKind::Broadcast { root } => {
                self.device(mesh, "root", root)?;
                same_element()?;
                same_shape(SAME_SHAPE)
            }
            CollectiveKind::Reduce { root, .. } => {
                self.device(mesh, "root", root)?;
                same_shape("failed to verify that all of {input, result} have same shape")
            }
            CollectiveKind::Recv { source } => {
                if let Some(source) = source {
                    self.device(mesh, "source", source)?;
                }
                same_element()
            }
            CollectiveKind::Send { destination } => {
                self.device(mesh, "destination", destination)?;
                same_element()
            }
            CollectiveKind::Shift { shift_axis, .. } => {
                same_shape(SAME_SHAPE)?;
                match self.mesh_axes.contains(shift_axis) {
                    true => Ok(()),
                    false => Err(format!("Invalid shift axis {shift_axis}. It must be one of the grouping mesh axes.")),
                }
            }
        }
    }

    /// The number of devices in a group: the product of the group axes' sizes.
    fn group_size(&self, mesh: &MeshOp) -> Dim {
        let mut size = 1;
        for &axis in &self.mesh_axes {
            match mesh.shape[axis as usize] {
                Dim::Static(n) => size *= n,
                Dim::Dynamic => return Dim::Dynamic,
            }
        }
        Dim::Static(size)
    }

    /// The in-group device `coords` named `key`: one coordinate per group axis, each
    /// within its axis.
    fn device(&self, mesh: &MeshOp, key: &str, coords: &[i64]) -> std::result::Result<(), String> {
        if coords.len() != self.mesh_axes.len() {
            let (got, want) = (coords.len(), self.mesh_axes.len());
            return Err(format!("In-group device \"{key}\" has unexpected multi-index size {got}. Expected {want}."));
        }
        for (i, (&c, &axis)) in coords.iter().zip(&self.mesh_axes).enumerate() {
            if let Dim::Static(n) = mesh.shape[axis as usize]
                && !(0..n).contains(&c)
            {
                let last = n - 1;
                return Err(format!(
                    "Out of bounds coordinate {i} for in-group device \"{key}\". Got {c}, but expected value in the range [0, {last}]."
                ));
            }
        }
        Ok(())
    }

    /// The result of gathering along `axis`: that axis times the group's size.
    fn gathered(&self, axis: i64, group: Dim) -> std::result::Result<(), String> {
        let rank = self.input_type.shape.len();
        if axis < 0 || axis as usize >= rank {
            return Err(format!("Gather axis {axis} is out of bounds [0, {rank})."));
        }
        let mut want = self.input_type.shape.clone();
        want[axis as usize] = times(want[axis as usize], group);
        expect_shape(&want, &self.result_type)
    }

    /// The result of slicing along `axis`: that axis over the group's size, which
    /// must divide it.
    fn sliced(&self, axis: i64, group: Dim) -> std::result::Result<(), String> {
        let rank = self.input_type.shape.len();
        if axis < 0 || axis as usize >= rank {
            return Err(format!("Slice axis {axis} is out of bounds [0, {rank})."));
        }
        let mut want = self.input_type.shape.clone();
        let at = axis as usize;
        if let (Dim::Static(n), Dim::Static(g)) = (want[at], group)
            && n % g != 0
        {
            return Err(format!(
                "Operand dimension size {n} is not divisible by collective device group size {g} for tensor axis {axis}."
            ));
        }
        want[at] = over(want[at], group);
        expect_shape(&want, &self.result_type)
    }

    /// `all_to_all`'s result: the concatenated axis grows, the split one shrinks (to
    /// a dynamic size when the group does not divide it).
    fn all_to_all(&self, split: i64, concat: i64, group: Dim) -> std::result::Result<(), String> {
        let rank = self.input_type.shape.len() as i64;
        for (what, axis) in [("Split", split), ("Concat", concat)] {
            if !(0..rank).contains(&axis) {
                return Err(format!("{what} axis {axis} is out of bounds [0, {rank})."));
            }
        }
        let mut want = self.input_type.shape.clone();
        let (s, c) = (split as usize, concat as usize);
        let split_size = match (want[s], group) {
            (Dim::Static(n), Dim::Static(g)) if n % g != 0 => Dim::Dynamic,
            (d, g) => over(d, g),
        };
        if s == c {
            // Split and joined back along the same axis: the size, if the group divides it.
            want[s] = times(split_size, group);
        } else {
            want[c] = times(want[c], group);
            expect_axis(c, want[c], &self.result_type)?;
            want[s] = split_size;
        }
        expect_shape(&want, &self.result_type)
    }
}

fn times(d: Dim, group: Dim) -> Dim {
    match (d, group) {
        (Dim::Static(n), Dim::Static(g)) => Dim::Static(n * g),
        _ => Dim::Dynamic,
    }
}

fn over(d: Dim, group: Dim) -> Dim {
    match (d, group) {
        (Dim::Static(n), Dim::Static(g)) if g > 0 => Dim::Static(n / g),
        _ => Dim::Dynamic,
    }
}

fn show(d: Dim) -> String {
    match d {
        Dim::Static(n) => n.to_string(),
        Dim::Dynamic => "dynamic".into(),
    }
}

fn expect_axis(axis: usize, want: Dim, result: &TensorType) -> std::result::Result<(), String> {
    // A dynamic result dimension is compatible with any size, as in MLIR.
    let got = result.shape.get(axis).copied().unwrap_or(Dim::Dynamic);
    match got == want || got == Dim::Dynamic {
        true => Ok(()),
        false => Err(format!(
            "Dimension size mismatch for result axis {axis}. Expected {}, but got {}.",
            show(want),
            show(got)
        )),
    }
}

fn expect_shape(want: &[Dim], result: &TensorType) -> std::result::Result<(), String> {
    if want.len() != result.shape.len() {
        let (got, rank) = (result.shape.len(), want.len());
        return Err(format!("the result has rank {got}, expected {rank}"));
    }
    (0..want.len()).try_for_each(|axis| expect_axis(axis, want[axis], result))
}

#[cfg(test)]
mod tests;
