//! The dialect's collectives, one op each with its text form: `all_gather`,
//! `all_reduce`, `all_slice`, `all_to_all`, `broadcast`, `gather`, `recv`, `reduce`,
//! `reduce_scatter`, `scatter`, `send` and `shift`
//! (`%1 = mesh.all_gather %0 on @mesh0 mesh_axes = [1] gather_axis = 1 :
//! tensor<2x2xi8> -> tensor<2x4xi8>`). Empty `mesh_axes` and a `sum` reduction are
//! left out when printed, as MLIR does; a reduction prints in the seed's `<max>` form
//! and reads bare too. In-group devices (`root`, `source`, `destination`) are static
//! here: SSA coordinates are refused. The rules are in `collective_verify.rs`.

use crate::error::{Error, Result};
use crate::reduction::Reduction;
use crate::text::{Cursor, fail, integer_list, static_index_list, value_name, write_list};
use autoshard_mlir::TensorType;
use std::fmt;
use std::str::FromStr;

/// What a collective does, with its own attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CollectiveKind {
    /// Concatenates the group's inputs along `gather_axis` on every device.
    AllGather {
        /// The tensor axis.
        gather_axis: i64,
    },
    /// Reduces the group's inputs on every device.
    AllReduce {
        /// How.
        reduction: Reduction,
    },
    /// Each device keeps its slice along `slice_axis`.
    AllSlice {
        /// The tensor axis.
        slice_axis: i64,
    },
    /// Splits along `split_axis` and concatenates along `concat_axis`.
    AllToAll {
        /// The axis split.
        split_axis: i64,
        /// The axis concatenated.
        concat_axis: i64,
    },
    /// The root's input on every device of its group.
    Broadcast {
        /// The in-group device that sends.
        root: Vec<i64>,
    },
    /// Concatenates the group's inputs along `gather_axis` on the root.
    Gather {
        /// The tensor axis.
        gather_axis: i64,
        /// The in-group device that receives.
        root: Vec<i64>,
    },
    /// Receives from `source` (or any device).
    Recv {
        /// The in-group device sending, if named.
        source: Option<Vec<i64>>,
    },
    /// Reduces the group's inputs on the root.
    Reduce {
        /// How.
        reduction: Reduction,
        /// The in-group device that receives.
        root: Vec<i64>,
    },
    /// Reduces and keeps each device's slice along `scatter_axis`.
    ReduceScatter {
        /// How.
        reduction: Reduction,
        /// The tensor axis.
        scatter_axis: i64,
    },
    /// The root's input, split along `scatter_axis` over the group.
    Scatter {
        /// The tensor axis.
        scatter_axis: i64,
        /// The in-group device that sends.
        root: Vec<i64>,
    },
    /// Sends to `destination`.
    Send {
        /// The in-group device receiving.
        destination: Vec<i64>,
    },
    /// Shifts the inputs by `offset` along mesh axis `shift_axis`, wrapping around
    /// when `rotate`.
    Shift {
        /// The mesh axis (one of the group's).
        shift_axis: i64,
        /// By how many devices.
        offset: i64,
        /// Whether devices shifted past the end wrap around.
        rotate: bool,
    },
}

impl CollectiveKind {
    /// The op's name without `mesh.`.
    pub fn name(&self) -> &'static str {
        match self {
            CollectiveKind::AllGather { .. } => "all_gather",
            CollectiveKind::AllReduce { .. } => "all_reduce",
            CollectiveKind::AllSlice { .. } => "all_slice",
            CollectiveKind::AllToAll { .. } => "all_to_all",
            CollectiveKind::Broadcast { .. } => "broadcast",
            CollectiveKind::Gather { .. } => "gather",
            CollectiveKind::Recv { .. } => "recv",
            CollectiveKind::Reduce { .. } => "reduce",
            CollectiveKind::ReduceScatter { .. } => "reduce_scatter",
            CollectiveKind::Scatter { .. } => "scatter",
            CollectiveKind::Send { .. } => "send",
            CollectiveKind::Shift { .. } => "shift",
        }
    }

    /// Whether its type is written as a function type, `(tensor<…>) -> tensor<…>`.
    fn functional(&self) -> bool {
        matches!(
            self,
            CollectiveKind::Broadcast { .. }
                | CollectiveKind::Gather { .. }
                | CollectiveKind::Recv { .. }
                | CollectiveKind::Reduce { .. }
                | CollectiveKind::Scatter { .. }
                | CollectiveKind::Send { .. }
        )
    }
}

/// A collective op: `%result = mesh.NAME %input on @mesh mesh_axes = [...] ... :
/// TYPES`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Collective {
    /// The result's SSA name, without `%`.
    pub result: String,
    /// The input's SSA name, without `%`.
    pub input: String,
    /// The mesh's symbol name, without `@`.
    pub mesh: String,
    /// The mesh axes whose devices form a group (empty: every device alone).
    pub mesh_axes: Vec<i64>,
    /// The op and its own attributes.
    pub kind: CollectiveKind,
    /// The input's type.
    pub input_type: TensorType,
    /// The result's type.
    pub result_type: TensorType,
}

impl fmt::Display for Collective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{} = mesh.{} %{} on @{}", self.result, self.kind.name(), self.input, self.mesh)?;
        if !self.mesh_axes.is_empty() {
            f.write_str(" mesh_axes = ")?;
            write_list(f, &self.mesh_axes)?;
        }
        let reduction = |f: &mut fmt::Formatter<'_>, r: &Reduction| match *r {
            Reduction::SUM => Ok(()),
            other => write!(f, " reduction = <{}>", other.as_str()),
        };
        let device = |f: &mut fmt::Formatter<'_>, key: &str, coords: &[i64]| {
            write!(f, " {key} = ")?;
            write_list(f, coords)
        };
        match &self.kind {
            CollectiveKind::AllGather { gather_axis } => write!(f, " gather_axis = {gather_axis}")?,
            CollectiveKind::AllReduce { reduction: r } => reduction(f, r)?,
            CollectiveKind::AllSlice { slice_axis } => write!(f, " slice_axis = {slice_axis}")?,
            CollectiveKind::AllToAll { split_axis, concat_axis } => {
                write!(f, " split_axis = {split_axis} concat_axis = {concat_axis}")?
            }
            CollectiveKind::Broadcast { root } => device(f, "root", root)?,
            CollectiveKind::Gather { gather_axis, root } => {
                write!(f, " gather_axis = {gather_axis}")?;
                device(f, "root", root)?
            }
            CollectiveKind::Recv { source } => {
                if let Some(source) = source {
                    device(f, "source", source)?
                }
            }
            CollectiveKind::Reduce { reduction: r, root } => {
                reduction(f, r)?;
                device(f, "root", root)?
            }
            CollectiveKind::ReduceScatter { reduction: r, scatter_axis } => {
                reduction(f, r)?;
                write!(f, " scatter_axis = {scatter_axis}")?
            }
            CollectiveKind::Scatter { scatter_axis, root } => {
                write!(f, " scatter_axis = {scatter_axis}")?;
                device(f, "root", root)?
            }
            CollectiveKind::Send { destination } => device(f, "destination", destination)?,
            CollectiveKind::Shift { shift_axis, offset, rotate } => {
                write!(f, " shift_axis = {shift_axis} offset = {offset}")?;
                if *rotate {
                    f.write_str(" rotate")?;
                }
            }
        }
        match self.kind.functional() {
            true => write!(f, " : ({}) -> {}", self.input_type, self.result_type),
            false => write!(f, " : {} -> {}", self.input_type, self.result_type),
        }
    }
}

impl FromStr for Collective {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut c = Cursor::new(s);
        let result = value_name(&mut c)?;
        c.expect("=")?;
        c.expect("mesh.")?;
        let name = c.ident().unwrap_or("");
        let input = value_name(&mut c)?;
        if !c.eat_keyword("on") {
            return fail(&c, "expected 'on'");
        }
        let mesh = c.symbol()?;
        let mut mesh_axes = Vec::new();
        if c.eat_keyword("mesh_axes") {
            c.expect("=")?;
            mesh_axes = integer_list(&mut c)?;
        }
        let kind = kind(&mut c, name)?;
        c.expect(":")?;
        let functional = kind.functional();
        if functional {
            c.expect("(")?;
        }
        let input_type = TensorType::parse(&mut c)?;
        if functional {
            if c.eat(",") {
                return fail(&c, "in-group devices given as SSA values are not supported: write the coordinates");
            }
            c.expect(")")?;
        }
        c.expect("->")?;
        let result_type = TensorType::parse(&mut c)?;
        c.finish()?;
        Ok(Collective { result, input, mesh, mesh_axes, kind, input_type, result_type })
    }
}

fn kind(c: &mut Cursor<'_>, name: &str) -> Result<CollectiveKind> {
    Ok(match name {
        "all_gather" => CollectiveKind::AllGather { gather_axis: attr(c, "gather_axis")? },
        "all_reduce" => CollectiveKind::AllReduce { reduction: reduction(c)? },
        "all_slice" => CollectiveKind::AllSlice { slice_axis: attr(c, "slice_axis")? },
        "all_to_all" => {
            CollectiveKind::AllToAll { split_axis: attr(c, "split_axis")?, concat_axis: attr(c, "concat_axis")? }
        }
        "broadcast" => CollectiveKind::Broadcast { root: device(c, "root")? },
        "gather" => CollectiveKind::Gather { gather_axis: attr(c, "gather_axis")?, root: device(c, "root")? },
        "recv" => CollectiveKind::Recv { source: if c.peek_is("source") { Some(device(c, "source")?) } else { None } },
        "reduce" => CollectiveKind::Reduce { reduction: reduction(c)?, root: device(c, "root")? },
        "reduce_scatter" => {
            CollectiveKind::ReduceScatter { reduction: reduction(c)?, scatter_axis: attr(c, "scatter_axis")? }
        }
        "scatter" => CollectiveKind::Scatter { scatter_axis: attr(c, "scatter_axis")?, root: device(c, "root")? },
        "send" => CollectiveKind::Send { destination: device(c, "destination")? },
        "shift" => CollectiveKind::Shift {
            shift_axis: attr(c, "shift_axis")?,
            offset: attr(c, "offset")?,
            rotate: c.eat_keyword("rotate"),
        },
        other => return fail(c, format!("'mesh.{other}' is not a collective of the mesh dialect")),
    })
}

/// `key = N`.
fn attr(c: &mut Cursor<'_>, key: &str) -> Result<i64> {
    if !c.eat_keyword(key) {
        return fail(c, format!("expected '{key}'"));
    }
    c.expect("=")?;
    Ok(c.integer()?)
}

/// `reduction = <max>` or `reduction = max`, or `sum` when absent.
fn reduction(c: &mut Cursor<'_>) -> Result<Reduction> {
    if !c.eat_keyword("reduction") {
        return Ok(Reduction::SUM);
    }
    c.expect("=")?;
    let bracketed = c.eat("<");
    let word = c.ident().unwrap_or("");
    let Some(kind) = Reduction::from_keyword(word) else {
        return fail(c, format!("expected a reduction kind (sum, max, ...), found '{word}'"));
    };
    if bracketed {
        c.expect(">")?;
    }
    Ok(kind)
}

/// `key = [coordinates]`, static.
fn device(c: &mut Cursor<'_>, key: &str) -> Result<Vec<i64>> {
    if !c.eat_keyword(key) {
        return fail(c, format!("expected '{key}'"));
    }
    c.expect("=")?;
    static_index_list(c, "in-group devices", "coordinates")
}
