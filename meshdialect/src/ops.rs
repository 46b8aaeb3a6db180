//! The dialect's other ops, each with its text form: `mesh.shard` (a value's
//! sharding, or its users' with `annotate_for_users`), `mesh.shard_shape`,
//! `mesh.mesh_shape`, `mesh.process_multi_index`, `mesh.process_linear_index` and
//! `mesh.update_halo`, plus what the index ops compute on a device. SSA names are
//! kept without `%`; a multi-result op's results are written `%name:N`.

use crate::error::{Error, Result};
use crate::mesh_op::{Dim, MeshOp, coordinates, referenced};
use crate::text::{
    Cursor, fail, integer_list, nested_integer_list, static_index_list, value_name, write_list, write_nested_list,
};
use autoshard_mlir::TensorType;
use std::fmt;
use std::str::FromStr;

/// `%r = mesh.shard %src to %sharding [annotate_for_users] : tensor<…>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Shard {
    /// The result.
    pub result: String,
    /// The value annotated.
    pub source: String,
    /// The `mesh.sharding` value.
    pub sharding: String,
    /// Whether the sharding is what its users want (else what its producer makes).
    pub annotate_for_users: bool,
    /// The value's type (the result's too).
    pub ty: TensorType,
}

/// `%r:N = mesh.shard_shape 8x? %sharding %device : index, …`: the local shape of a
/// device's shard of a tensor of the given shape.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShardShapeOp {
    /// The result (one index per dimension).
    pub result: String,
    /// The tensor's shape.
    pub shape: Vec<Dim>,
    /// The `mesh.sharding` value.
    pub sharding: String,
    /// The device's linear index (an `index` value).
    pub device: String,
}

/// `mesh.mesh_shape @m [axes = […]]`, `mesh.process_multi_index on @m [axes = […]]`
/// or `mesh.process_linear_index on @m`: facts about the mesh or the running device.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeshQuery {
    /// The result.
    pub result: String,
    /// Which query.
    pub kind: QueryKind,
    /// The mesh's symbol name, without `@`.
    pub mesh: String,
    /// The axes asked about (empty: all), for the shape and multi-index queries.
    pub axes: Vec<i64>,
    /// The number of `index` results the op declares.
    pub results: usize,
}

/// What a [`MeshQuery`] asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// `mesh.mesh_shape`: the sizes of the axes.
    MeshShape,
    /// `mesh.process_multi_index`: the device's coordinates on the axes.
    ProcessMultiIndex,
    /// `mesh.process_linear_index`: the device's row-major linear index.
    ProcessLinearIndex,
}

/// `%r = mesh.update_halo %src into %dst on @m split_axes = [[…]]
/// [source_halo_sizes = […]] [destination_halo_sizes = […]] : T -> T`: the halos of
/// `dst` filled from the neighbours' shards of `src`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UpdateHalo {
    /// The result.
    pub result: String,
    /// The shards with their current halos.
    pub source: String,
    /// The buffer to fill.
    pub destination: String,
    /// The mesh's symbol name, without `@`.
    pub mesh: String,
    /// Per tensor dimension, the mesh axes that split it.
    pub split_axes: Vec<Vec<i64>>,
    /// The source's halo before and after its core, per split dimension.
    pub source_halo_sizes: Vec<i64>,
    /// The destination's halos, per split dimension.
    pub destination_halo_sizes: Vec<i64>,
    /// The source's type.
    pub source_type: TensorType,
    /// The result's type.
    pub result_type: TensorType,
}

impl MeshQuery {
    /// The dialect's rules, with MLIR's messages.
    pub fn verify(&self, meshes: &[MeshOp]) -> Result<()> {
        let fail = |m: String| Error::Verify(format!("'mesh.{}' op {m}", self.kind.name()));
        let mesh = referenced(meshes, &self.mesh, &self.axes).map_err(fail)?;
        let expected = match (self.kind, self.axes.len()) {
            (QueryKind::ProcessLinearIndex, _) => 1,
            (_, 0) => mesh.rank(),
            (_, n) => n,
        };
        if self.results != expected {
            return Err(fail(format!("Unexpected number of results {}. Expected {expected}.", self.results)));
        }
        Ok(())
    }

    /// What the op yields on device `device` (its linear index) of `mesh`.
    pub fn evaluate(&self, mesh: &MeshOp, device: i64) -> Result<Vec<i64>> {
        let sizes = mesh.static_shape().ok_or_else(|| Error::Verify(format!("mesh \"{}\" is dynamic", mesh.name)))?;
        let axes: Vec<usize> = match self.axes.is_empty() {
            true => (0..sizes.len()).collect(),
            false => self.axes.iter().map(|&a| a as usize).collect(),
        };
        let coords = coordinates(device, &sizes);
        Ok(match self.kind {
            QueryKind::MeshShape => axes.iter().map(|&a| sizes[a]).collect(),
            QueryKind::ProcessMultiIndex => axes.iter().map(|&a| coords[a]).collect(),
            QueryKind::ProcessLinearIndex => vec![device],
        })
    }
}

impl QueryKind {
    fn name(self) -> &'static str {
        match self {
            QueryKind::MeshShape => "mesh_shape",
            QueryKind::ProcessMultiIndex => "process_multi_index",
            QueryKind::ProcessLinearIndex => "process_linear_index",
        }
    }
}

/// `%name` or `%name:N`: the name and the count.
fn results(c: &mut Cursor<'_>) -> Result<(String, usize)> {
    let name = value_name(c)?;
    let count = if c.eat(":") { c.integer()? as usize } else { 1 };
    c.expect("=")?;
    Ok((name, count))
}

fn write_results(f: &mut fmt::Formatter<'_>, name: &str, count: usize) -> fmt::Result {
    match count {
        1 => write!(f, "%{name} = "),
        n => write!(f, "%{name}:{n} = "),
    }
}

/// `: index, index, …` with `count` entries.
fn index_types(c: &mut Cursor<'_>) -> Result<usize> {
    c.expect(":")?;
    let mut count = 0;
    loop {
        c.expect("index")?;
        count += 1;
        if !c.eat(",") {
            return Ok(count);
        }
    }
}

fn write_index_types(f: &mut fmt::Formatter<'_>, count: usize) -> fmt::Result {
    f.write_str(" : ")?;
    f.write_str(&vec!["index"; count].join(", "))
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{} = mesh.shard %{} to %{}", self.result, self.source, self.sharding)?;
        if self.annotate_for_users {
            f.write_str(" annotate_for_users")?;
        }
        write!(f, " : {}", self.ty)
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let (result, _) = results(&mut c)?;
        c.expect("mesh.shard")?;
        let source = value_name(&mut c)?;
        if !c.eat_keyword("to") {
            return fail(&c, "expected 'to'");
        }
        let sharding = value_name(&mut c)?;
        let annotate_for_users = c.eat_keyword("annotate_for_users");
        c.expect(":")?;
        let ty = TensorType::parse(&mut c)?;
        c.finish()?;
        Ok(Shard { result, source, sharding, annotate_for_users, ty })
    }
}

impl fmt::Display for ShardShapeOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_results(f, &self.result, self.shape.len())?;
        f.write_str("mesh.shard_shape ")?;
        for (i, d) in self.shape.iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{d}")?;
        }
        write!(f, " %{} %{}", self.sharding, self.device)?;
        write_index_types(f, self.shape.len())
    }
}

impl FromStr for ShardShapeOp {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let (result, count) = results(&mut c)?;
        c.expect("mesh.shard_shape")?;
        let mut shape = Vec::new();
        loop {
            if c.eat("?") {
                shape.push(Dim::Dynamic);
            } else {
                shape.push(Dim::Static(c.integer()?));
            }
            if !c.eat("x") {
                break;
            }
        }
        let sharding = value_name(&mut c)?;
        let device = value_name(&mut c)?;
        let types = index_types(&mut c)?;
        c.finish()?;
        if count != shape.len() || types != shape.len() {
            return fail(&c, format!("mesh.shard_shape of a rank-{} shape has {} results", shape.len(), shape.len()));
        }
        Ok(ShardShapeOp { result, shape, sharding, device })
    }
}

impl fmt::Display for MeshQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_results(f, &self.result, self.results)?;
        match self.kind {
            QueryKind::MeshShape => write!(f, "mesh.mesh_shape @{}", self.mesh)?,
            kind => write!(f, "mesh.{} on @{}", kind.name(), self.mesh)?,
        }
        if !self.axes.is_empty() {
            f.write_str(" axes = ")?;
            write_list(f, &self.axes)?;
        }
        write_index_types(f, self.results)
    }
}

impl FromStr for MeshQuery {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let (result, count) = results(&mut c)?;
        c.expect("mesh.")?;
        let kind = match c.ident().unwrap_or("") {
            "mesh_shape" => QueryKind::MeshShape,
            "process_multi_index" => QueryKind::ProcessMultiIndex,
            "process_linear_index" => QueryKind::ProcessLinearIndex,
            other => return fail(&c, format!("'mesh.{other}' is not a mesh query")),
        };
        if kind != QueryKind::MeshShape && !c.eat_keyword("on") {
            return fail(&c, "expected 'on'");
        }
        let mesh = c.symbol()?;
        let mut axes = Vec::new();
        if kind != QueryKind::ProcessLinearIndex && c.eat_keyword("axes") {
            c.expect("=")?;
            axes = integer_list(&mut c)?;
        }
        let results = index_types(&mut c)?;
        c.finish()?;
        if results != count {
            return fail(&c, format!("{count} results named but {results} types given"));
        }
        Ok(MeshQuery { result, kind, mesh, axes, results })
    }
}

impl fmt::Display for UpdateHalo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "%{} = mesh.update_halo %{} into %{} on @{} split_axes = ",
            self.result, self.source, self.destination, self.mesh
        )?;
        write_nested_list(f, &self.split_axes)?;
        if !self.source_halo_sizes.is_empty() {
            f.write_str(" source_halo_sizes = ")?;
            write_list(f, &self.source_halo_sizes)?;
        }
        if !self.destination_halo_sizes.is_empty() {
            f.write_str(" destination_halo_sizes = ")?;
            write_list(f, &self.destination_halo_sizes)?;
        }
        write!(f, " : {} -> {}", self.source_type, self.result_type)
    }
}

impl FromStr for UpdateHalo {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let (result, _) = results(&mut c)?;
        c.expect("mesh.update_halo")?;
        let source = value_name(&mut c)?;
        if !c.eat_keyword("into") {
            return fail(&c, "expected 'into'");
        }
        let destination = value_name(&mut c)?;
        if !c.eat_keyword("on") {
            return fail(&c, "expected 'on'");
        }
        let mesh = c.symbol()?;
        if !c.eat_keyword("split_axes") {
            return fail(&c, "expected 'split_axes'");
        }
        c.expect("=")?;
        let split_axes = nested_integer_list(&mut c)?;
        let mut lists = [Vec::new(), Vec::new()];
        for (slot, key) in lists.iter_mut().zip(["source_halo_sizes", "destination_halo_sizes"]) {
            if c.eat_keyword(key) {
                c.expect("=")?;
                *slot = static_index_list(&mut c, "halo sizes", "integers")?;
            }
        }
        c.expect(":")?;
        let source_type = TensorType::parse(&mut c)?;
        c.expect("->")?;
        let result_type = TensorType::parse(&mut c)?;
        c.finish()?;
        let [source_halo_sizes, destination_halo_sizes] = lists;
        Ok(UpdateHalo {
            result,
            source,
            destination,
            mesh,
            split_axes,
            source_halo_sizes,
            destination_halo_sizes,
            source_type,
            result_type,
        })
    }
}

#[cfg(test)]
mod tests;
