//! Shardy's collectives (`sdy.all_gather`, `sdy.all_slice`, `sdy.all_to_all`,
//! `sdy.collective_permute`, `sdy.all_reduce`, `sdy.reduce_scatter`,
//! `sdy.replicated_to_unreduced`, `sdy.sharded_to_unreduced`) and the unlowered
//! `sdy.reshard`, each with its result sharding.
//!
//! Text form: Shardy's op syntax minus the operand and the type, e.g.
//! `sdy.all_to_all [{"z"}: 1->0] out_sharding=<@mesh, [{"x", "z"}, {}, {"y"}]>` or
//! `sdy.all_reduce max {"y"} out_sharding=<@mesh, [{}, {"x"}]>`. `Display` and `FromStr`
//! round-trip. A collective is only syntactically valid here; `simulate.rs` checks that
//! it applies to a given sharding and yields its `out_sharding`.

use crate::axis::{AxisRef, write_axes};
use crate::error::Result;
use crate::sharding::{ReductionKind, TensorSharding};
use crate::text::{Cursor, list, parse_all};
use std::fmt;
use std::str::FromStr;

/// One move of an all-to-all: `axes` leave the end of dimension `src_dim` and are
/// appended to dimension `tgt_dim`. Text form `{"x", "y"}: 0->2`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllToAllParam {
    /// The moved axes, major to minor.
    pub axes: Vec<AxisRef>,
    /// The dimension the axes leave.
    pub src_dim: usize,
    /// The dimension the axes join.
    pub tgt_dim: usize,
}

/// The kind of a [`Collective`], as named in plans (`all_gather`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CollectiveKind {
    /// `sdy.all_gather`.
    AllGather,
    /// `sdy.all_slice`.
    AllSlice,
    /// `sdy.all_to_all`.
    AllToAll,
    /// `sdy.collective_permute`.
    CollectivePermute,
    /// `sdy.all_reduce`.
    AllReduce,
    /// `sdy.reduce_scatter`.
    ReduceScatter,
    /// `sdy.replicated_to_unreduced`.
    ReplicatedToUnreduced,
    /// `sdy.sharded_to_unreduced`.
    ShardedToUnreduced,
    /// `sdy.reshard` between meshes no collective connects.
    Reshard,
}

impl CollectiveKind {
    /// The op name without the dialect prefix: `all_gather`, `reshard`, ...
    pub fn name(self) -> &'static str {
        match self {
            CollectiveKind::AllGather => "all_gather",
            CollectiveKind::AllSlice => "all_slice",
            CollectiveKind::AllToAll => "all_to_all",
            CollectiveKind::CollectivePermute => "collective_permute",
            CollectiveKind::AllReduce => "all_reduce",
            CollectiveKind::ReduceScatter => "reduce_scatter",
            CollectiveKind::ReplicatedToUnreduced => "replicated_to_unreduced",
            CollectiveKind::ShardedToUnreduced => "sharded_to_unreduced",
            CollectiveKind::Reshard => "reshard",
        }
    }

    /// True for a collective that only changes what each device holds locally,
    /// without communication (all_slice, replicated_to_unreduced,
    /// sharded_to_unreduced).
    pub fn is_local(self) -> bool {
        matches!(
            self,
            CollectiveKind::AllSlice | CollectiveKind::ReplicatedToUnreduced | CollectiveKind::ShardedToUnreduced
        )
    }

    const ALL: [CollectiveKind; 9] = [
        CollectiveKind::AllGather,
        CollectiveKind::AllSlice,
        CollectiveKind::AllToAll,
        CollectiveKind::CollectivePermute,
        CollectiveKind::AllReduce,
        CollectiveKind::ReduceScatter,
        CollectiveKind::ReplicatedToUnreduced,
        CollectiveKind::ShardedToUnreduced,
        CollectiveKind::Reshard,
    ];
}

impl fmt::Display for CollectiveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CollectiveKind {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Self> {
        CollectiveKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| crate::Error::Reshard(format!("unknown collective kind '{s}'")))
    }
}

/// A collective with its parameters and the sharding of its result.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Collective {
    /// Gathers the given suffix of each dimension's axes: the tensor grows.
    AllGather {
        /// Per dimension, the axes gathered (a suffix of the dimension's axes).
        axes: Vec<Vec<AxisRef>>,
        /// The result sharding.
        out: TensorSharding,
    },
    /// Keeps each device's slice along the given axes, appended per dimension: local.
    AllSlice {
        /// Per dimension, the axes appended.
        axes: Vec<Vec<AxisRef>>,
        /// The result sharding.
        out: TensorSharding,
    },
    /// Moves suffixes of axes from one dimension to another.
    AllToAll {
        /// The moves, by ascending source dimension.
        params: Vec<AllToAllParam>,
        /// The result sharding.
        out: TensorSharding,
    },
    /// Sends each device's shard to another device: reorders or replaces axes while
    /// keeping every dimension's shard count, or changes the mesh's device order.
    CollectivePermute {
        /// The result sharding.
        out: TensorSharding,
    },
    /// Reduces partial results along unreduced axes.
    AllReduce {
        /// The reduced axes, in mesh order.
        axes: Vec<AxisRef>,
        /// How partial results combine.
        reduction: ReductionKind,
        /// The result sharding.
        out: TensorSharding,
    },
    /// Reduces partial results along unreduced axes and scatters the result along
    /// the same axes, appended per dimension.
    ReduceScatter {
        /// Per dimension, the reduced-and-scattered axes.
        axes: Vec<Vec<AxisRef>>,
        /// How partial results combine.
        reduction: ReductionKind,
        /// The result sharding.
        out: TensorSharding,
    },
    /// Makes axes along which the tensor is replicated unreduced: local. With sum,
    /// one device of each group keeps the value and the others hold zeros; with max
    /// or min every device keeps it. All-reducing the axes gives the value back.
    ReplicatedToUnreduced {
        /// The axes made unreduced, in mesh order.
        axes: Vec<AxisRef>,
        /// The result sharding.
        out: TensorSharding,
    },
    /// Makes a suffix of each dimension's axes unreduced: local. Each device places
    /// its shard in a tensor of the gathered size filled with the reduction's
    /// identity; all-reducing the axes is the all-gather.
    ShardedToUnreduced {
        /// Per dimension, the axes made unreduced (a suffix of the dimension's axes).
        axes: Vec<Vec<AxisRef>>,
        /// The result sharding.
        out: TensorSharding,
    },
    /// A reshard no collective expresses (between meshes with different axes, or to
    /// or from a single device), kept as `sdy.reshard` as Shardy does.
    Reshard {
        /// The result sharding.
        out: TensorSharding,
    },
}

/// The result sharding of a collective, borrowed as the collective is.
macro_rules! out_of {
    ($collective:expr) => {
        match $collective {
            Collective::AllGather { out, .. }
            | Collective::AllSlice { out, .. }
            | Collective::AllToAll { out, .. }
            | Collective::CollectivePermute { out }
            | Collective::AllReduce { out, .. }
            | Collective::ReduceScatter { out, .. }
            | Collective::ReplicatedToUnreduced { out, .. }
            | Collective::ShardedToUnreduced { out, .. }
            | Collective::Reshard { out } => out,
        }
    };
}

impl Collective {
    /// The kind of this collective.
    pub fn kind(&self) -> CollectiveKind {
        match self {
            Collective::AllGather { .. } => CollectiveKind::AllGather,
            Collective::AllSlice { .. } => CollectiveKind::AllSlice,
            Collective::AllToAll { .. } => CollectiveKind::AllToAll,
            Collective::CollectivePermute { .. } => CollectiveKind::CollectivePermute,
            Collective::AllReduce { .. } => CollectiveKind::AllReduce,
            Collective::ReduceScatter { .. } => CollectiveKind::ReduceScatter,
            Collective::ReplicatedToUnreduced { .. } => CollectiveKind::ReplicatedToUnreduced,
            Collective::ShardedToUnreduced { .. } => CollectiveKind::ShardedToUnreduced,
            Collective::Reshard { .. } => CollectiveKind::Reshard,
        }
    }

    /// The sharding of the result, to change.
    pub fn out_sharding_mut(&mut self) -> &mut TensorSharding {
        out_of!(self)
    }

    /// The sharding of the result.
    pub fn out_sharding(&self) -> &TensorSharding {
        out_of!(self)
    }

    fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        let start = cursor.pos();
        let name = cursor.ident().and_then(|k| k.strip_prefix("sdy."));
        let Some(kind) = name.and_then(|n| n.parse::<CollectiveKind>().ok()) else {
            let names: Vec<String> = CollectiveKind::ALL.iter().map(|k| format!("sdy.{k}")).collect();
            let message = format!("expected a collective ({})", names.join(", "));
            return Err(crate::Error::Parse { offset: start, message });
        };
        let collective = match kind {
            CollectiveKind::AllGather => Collective::AllGather { axes: parse_axes_per_dim(cursor)?, out: out(cursor)? },
            CollectiveKind::AllSlice => Collective::AllSlice { axes: parse_axes_per_dim(cursor)?, out: out(cursor)? },
            CollectiveKind::AllToAll => {
                cursor.expect("[")?;
                let params = list(cursor, "]", parse_all_to_all_param)?;
                Collective::AllToAll { params, out: out(cursor)? }
            }
            CollectiveKind::CollectivePermute => Collective::CollectivePermute { out: out(cursor)? },
            CollectiveKind::AllReduce => {
                let reduction = parse_reduction(cursor);
                Collective::AllReduce { axes: AxisRef::parse_list(cursor)?, reduction, out: out(cursor)? }
            }
            CollectiveKind::ReduceScatter => {
                let reduction = parse_reduction(cursor);
                Collective::ReduceScatter { axes: parse_axes_per_dim(cursor)?, reduction, out: out(cursor)? }
            }
            CollectiveKind::ReplicatedToUnreduced => {
                Collective::ReplicatedToUnreduced { axes: AxisRef::parse_list(cursor)?, out: out(cursor)? }
            }
            CollectiveKind::ShardedToUnreduced => {
                Collective::ShardedToUnreduced { axes: parse_axes_per_dim(cursor)?, out: out(cursor)? }
            }
            CollectiveKind::Reshard => Collective::Reshard { out: TensorSharding::parse(cursor)? },
        };
        Ok(collective)
    }
}

fn out(cursor: &mut Cursor<'_>) -> Result<TensorSharding> {
    cursor.expect_keyword("out_sharding")?;
    cursor.expect("=")?;
    TensorSharding::parse(cursor)
}

fn parse_reduction(cursor: &mut Cursor<'_>) -> ReductionKind {
    ReductionKind::ALL.into_iter().find(|kind| cursor.eat_keyword(kind.keyword())).unwrap_or_default()
}

fn parse_axes_per_dim(cursor: &mut Cursor<'_>) -> Result<Vec<Vec<AxisRef>>> {
    cursor.expect("[")?;
    list(cursor, "]", AxisRef::parse_list)
}

fn parse_dim(cursor: &mut Cursor<'_>) -> Result<usize> {
    let dim = cursor.integer()?;
    usize::try_from(dim).map_err(|_| cursor.error(format!("expected a dimension, got {dim}")).into())
}

fn parse_all_to_all_param(cursor: &mut Cursor<'_>) -> Result<AllToAllParam> {
    let axes = AxisRef::parse_list(cursor)?;
    cursor.expect(":")?;
    let src_dim = parse_dim(cursor)?;
    cursor.expect("->")?;
    let tgt_dim = parse_dim(cursor)?;
    Ok(AllToAllParam { axes, src_dim, tgt_dim })
}

fn write_axes_per_dim(f: &mut fmt::Formatter<'_>, axes: &[Vec<AxisRef>]) -> fmt::Result {
    f.write_str("[")?;
    for (i, dim) in axes.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str("{")?;
        write_axes(f, dim)?;
        f.write_str("}")?;
    }
    f.write_str("]")
}

fn write_reduction(f: &mut fmt::Formatter<'_>, reduction: ReductionKind) -> fmt::Result {
    if reduction != ReductionKind::Sum {
        write!(f, "{} ", reduction.keyword())?;
    }
    Ok(())
}

impl fmt::Display for AllToAllParam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        write_axes(f, &self.axes)?;
        write!(f, "}}: {}->{}", self.src_dim, self.tgt_dim)
    }
}

impl fmt::Display for Collective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sdy.{} ", self.kind())?;
        match self {
            Collective::AllGather { axes, .. }
            | Collective::AllSlice { axes, .. }
            | Collective::ShardedToUnreduced { axes, .. } => {
                write_axes_per_dim(f, axes)?;
                f.write_str(" ")?;
            }
            Collective::AllToAll { params, .. } => {
                f.write_str("[")?;
                crate::text::write_comma_separated(f, params)?;
                f.write_str("] ")?;
            }
            Collective::AllReduce { axes, reduction, .. } => {
                write_reduction(f, *reduction)?;
                f.write_str("{")?;
                write_axes(f, axes)?;
                f.write_str("} ")?;
            }
            Collective::ReplicatedToUnreduced { axes, .. } => {
                f.write_str("{")?;
                write_axes(f, axes)?;
                f.write_str("} ")?;
            }
            Collective::ReduceScatter { axes, reduction, .. } => {
                write_reduction(f, *reduction)?;
                write_axes_per_dim(f, axes)?;
                f.write_str(" ")?;
            }
            Collective::CollectivePermute { .. } => {}
            Collective::Reshard { out } => return write!(f, "{}", out.stripped()),
        }
        write!(f, "out_sharding={}", self.out_sharding().stripped())
    }
}

impl FromStr for Collective {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Collective::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for text in [
            r#"sdy.all_gather [{"y":(4)2}, {}] out_sharding=<@mesh2d_2x8, [{"y":(1)4}, {"x"}]>"#,
            r#"sdy.all_slice [{}, {"z"}] out_sharding=<@mesh3d, [{"x"}, {"y", "z"}]>"#,
            r#"sdy.all_to_all [{"z"}: 1->0] out_sharding=<@mesh, [{"x", "z"}, {}, {"y"}]>"#,
            r#"sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]>"#,
            r#"sdy.collective_permute out_sharding=<@mesh2d_non_iota, [{"y", "x"}, {}]>"#,
            r#"sdy.all_reduce {"y"} out_sharding=<@mesh1, [{}, {"x"}]>"#,
            r#"sdy.all_reduce max {"y"} out_sharding=<@mesh1, [{}, {"x"}], unreduced=max{"z"}>"#,
            r#"sdy.reduce_scatter [{}, {"x"}] out_sharding=<@mesh, [{"y"}, {"x"}]>"#,
            r#"sdy.reduce_scatter min [{"x"}] out_sharding=<@mesh, [{"x"}]>"#,
            r#"sdy.reshard <@single_dev_0, []>"#,
            r#"sdy.replicated_to_unreduced {"a", "c", "f"} out_sharding=<@mesh, [{"b"}, {}, {}], replicated={"d"}, unreduced={"a", "c", "e", "f"}>"#,
            r#"sdy.sharded_to_unreduced [{"b", "c"}, {}, {"d"}] out_sharding=<@mesh, [{"a"}, {}, {}], unreduced={"b", "c", "d", "e"}>"#,
        ] {
            let collective: Collective = text.parse().unwrap();
            assert_eq!(collective.to_string(), text);
        }
        let explicit_sum: Collective = r#"sdy.all_reduce sum {"y"} out_sharding=<@m, [{}]>"#.parse().unwrap();
        assert_eq!(explicit_sum.to_string(), r#"sdy.all_reduce {"y"} out_sharding=<@m, [{}]>"#);
    }

    #[test]
    fn rejects_malformed_collectives() {
        let err = r#"sdy.all_gatherr [{}] out_sharding=<@m, [{}]>"#.parse::<Collective>().unwrap_err();
        assert!(err.to_string().contains("expected a collective"), "{err}");
        assert!(r#"sdy.all_to_all [{"x"}: 0-2] out_sharding=<@m, [{}]>"#.parse::<Collective>().is_err());
        assert!(r#"sdy.all_to_all [{"x"}: -1->2] out_sharding=<@m, [{}]>"#.parse::<Collective>().is_err());
        assert!(r#"sdy.all_slice [{"x"}]"#.parse::<Collective>().is_err());
    }
}
