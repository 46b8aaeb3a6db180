//! Tensor shardings: how every dimension of one tensor is split across a mesh.
//!
//! Text forms (Shardy's `TensorShardingAttr` and `TensorShardingPerValueAttr`):
//! `#sdy.sharding<@mesh, [{"x", ?}, {"y"}p1], replicated={"z"}, unreduced={"w"}>`,
//! the stripped `<@mesh, [...]>` used inside other attributes, an inline mesh
//! `<mesh<["x"=2]>, [...]>`, and `#sdy.sharding_per_value<[<@mesh, [...]>, ...]>`.
//! Unreduced axes carry a reduction (`unreduced=max{"a"}`, `product`, `average`,
//! `bitwise_and`, …, the `mesh` dialect's kinds but `generic`, which the dialect
//! does not allow in a sharding either; sum is the default and is not printed). A sharding here is only syntactically valid; `verify.rs` checks it
//! against its mesh and its tensor's shape. The mesh a sharding names is looked up
//! here ([`Meshes::resolve`]); the reduce kind its unreduced axes combine by is the
//! op set's (`ops/reduce.rs`).

use crate::axis::{AxisRef, write_axes};
use crate::dim_sharding::DimSharding;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::mesh::{Mesh, Meshes};
use crate::text::{Cursor, list, parse_all, write_comma_separated, write_symbol};
use std::fmt;
use std::str::FromStr;

/// The mesh a sharding is bound to: a symbol (`@mesh`) or an inline mesh.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MeshRef {
    /// A reference to a named mesh, `@name`.
    Symbol(String),
    /// A mesh written in place, `mesh<[...]>`.
    Inline(Mesh),
}

impl fmt::Display for MeshRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeshRef::Symbol(name) => write_symbol(f, name),
            MeshRef::Inline(mesh) => write!(f, "mesh{mesh}"),
        }
    }
}

impl Meshes {
    /// The mesh `sharding` is bound to (its inline mesh or the one its symbol names).
    pub fn resolve<'a>(&'a self, sharding: &'a TensorSharding) -> Result<&'a Mesh> {
        sharding.resolve_mesh(|name| self.get(name))
    }
}

/// How the partial values along unreduced axes combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ReductionKind {
    /// Partial sums (the default).
    #[default]
    Sum,
    /// Partial maxima.
    Max,
    /// Partial minima.
    Min,
    /// Partial products.
    Product,
    /// Partial values whose mean is the value: their sum divided by the number of
    /// devices in the group.
    Average,
    /// Partial bitwise ands (logical on booleans).
    BitwiseAnd,
    /// Partial bitwise ors (logical on booleans).
    BitwiseOr,
    /// Partial bitwise xors.
    BitwiseXor,
}

impl ReductionKind {
    /// Every kind, the default first.
    pub const ALL: [ReductionKind; 8] = [
        ReductionKind::Sum,
        ReductionKind::Max,
        ReductionKind::Min,
        ReductionKind::Product,
        ReductionKind::Average,
        ReductionKind::BitwiseAnd,
        ReductionKind::BitwiseOr,
        ReductionKind::BitwiseXor,
    ];

    /// The keyword of the reduction, the `mesh` dialect's: `sum`, `max`, `min`,
    /// `product`, `average`, `bitwise_and`, `bitwise_or` or `bitwise_xor`.
    pub fn keyword(self) -> &'static str {
        match self {
            ReductionKind::Sum => "sum",
            ReductionKind::Max => "max",
            ReductionKind::Min => "min",
            ReductionKind::Product => "product",
            ReductionKind::Average => "average",
            ReductionKind::BitwiseAnd => "bitwise_and",
            ReductionKind::BitwiseOr => "bitwise_or",
            ReductionKind::BitwiseXor => "bitwise_xor",
        }
    }

    /// Whether combining a value with itself gives it back (max, min, average and
    /// the bitwise and and or): a replicated value is then already its own partial
    /// values on every device, where for the others one device of a group keeps it
    /// and the rest hold the identity.
    pub fn idempotent(self) -> bool {
        matches!(
            self,
            ReductionKind::Max
                | ReductionKind::Min
                | ReductionKind::Average
                | ReductionKind::BitwiseAnd
                | ReductionKind::BitwiseOr
        )
    }

    /// Checks that partial values of this kind can be held in `dtype`: an average's
    /// mean needs a floating-point type, the bitwise kinds an integer or boolean one.
    pub fn check_dtype(self, dtype: DType) -> Result<()> {
        let fits = match self {
            ReductionKind::Average => dtype.is_float(),
            ReductionKind::BitwiseAnd | ReductionKind::BitwiseOr | ReductionKind::BitwiseXor => !dtype.is_float(),
            _ => true,
        };
        if fits {
            return Ok(());
        }
        let needs = if self == ReductionKind::Average { "a floating-point" } else { "an integer or boolean" };
        Err(Error::Sharding(format!("partial values combined by {} need {needs} type, not {dtype}", self.keyword())))
    }
}

/// The sharding of one tensor.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorSharding {
    /// The mesh the axes belong to.
    pub mesh: MeshRef,
    /// One dimension sharding per tensor dimension.
    pub dims: Vec<DimSharding>,
    /// Axes the tensor is explicitly replicated along (they may not shard it).
    pub replicated: Vec<AxisRef>,
    /// Axes along which the tensor holds partial results still to be reduced.
    pub unreduced: Vec<AxisRef>,
    /// How the unreduced partial results combine.
    pub reduction: ReductionKind,
}

impl TensorSharding {
    /// A sharding on the mesh `@mesh_name` with the given dimension shardings.
    pub fn new(mesh_name: impl Into<String>, dims: Vec<DimSharding>) -> Self {
        TensorSharding {
            mesh: MeshRef::Symbol(mesh_name.into()),
            dims,
            replicated: Vec::new(),
            unreduced: Vec::new(),
            reduction: ReductionKind::Sum,
        }
    }

    /// The fully replicated, closed sharding of a tensor of rank `rank`.
    pub fn replicated(mesh_name: impl Into<String>, rank: usize) -> Self {
        TensorSharding::new(mesh_name, vec![DimSharding::closed(Vec::new()); rank])
    }

    /// True when some dimension is cut at explicit offsets (uneven shards).
    pub fn is_uneven(&self) -> bool {
        self.dims.iter().any(DimSharding::is_uneven)
    }

    /// The same sharding with every dimension cut into equal, padded blocks.
    pub fn without_offsets(&self) -> TensorSharding {
        let dims = self.dims.iter().map(|d| d.with_offsets(None)).collect();
        TensorSharding { dims, ..self.clone() }
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The mesh symbol name, if the mesh is referenced by name.
    pub fn mesh_name(&self) -> Option<&str> {
        match &self.mesh {
            MeshRef::Symbol(name) => Some(name),
            MeshRef::Inline(_) => None,
        }
    }

    /// Every axis reference of the sharding: dimension axes, then replicated, then
    /// unreduced ones.
    pub fn all_axes(&self) -> impl Iterator<Item = &AxisRef> {
        self.dims.iter().flat_map(|d| d.axes.iter()).chain(&self.replicated).chain(&self.unreduced)
    }

    /// True when no dimension is sharded and nothing is unreduced.
    pub fn is_fully_replicated(&self) -> bool {
        self.dims_replicated() && self.unreduced.is_empty()
    }

    /// The same sharding without partial results: what all-reducing its unreduced
    /// axes gives.
    pub fn reduced(&self) -> TensorSharding {
        TensorSharding { unreduced: Vec::new(), ..self.clone() }
    }

    /// The same sharding with every dimension closed and no priorities: the exact
    /// sharding a value takes when this annotation is applied as written.
    pub fn closed(&self) -> TensorSharding {
        TensorSharding {
            mesh: self.mesh.clone(),
            dims: self.dims.iter().map(|d| DimSharding { closed: true, priority: None, ..d.clone() }).collect(),
            replicated: self.replicated.clone(),
            unreduced: self.unreduced.clone(),
            reduction: self.reduction,
        }
    }

    /// True when this (concrete) sharding meets `annotation`'s dimensions whose
    /// priority is `level` (`None`: the unprioritised ones, with the annotation's
    /// replicated axes unused and its unreduced axes exactly): closed dimensions
    /// exactly, open ones as a prefix.
    pub fn conforms_to(&self, annotation: &TensorSharding, level: Option<i64>) -> bool {
        let dims_ok =
            self.dims.iter().zip(&annotation.dims).all(|(have, want)| want.priority != level || meets(have, want));
        dims_ok && (level.is_some() || (!self.uses_any(&annotation.replicated) && self.same_partials(annotation)))
    }

    /// True when this sharding meets every dimension of `annotation`, whatever its
    /// priority, leaves its replicated axes unused and has its unreduced axes.
    pub fn conforms_to_all(&self, annotation: &TensorSharding) -> bool {
        self.dims.iter().zip(&annotation.dims).all(|(have, want)| meets(have, want))
            && !self.uses_any(&annotation.replicated)
            && self.same_partials(annotation)
    }

    /// True when both hold the same partial results: the same unreduced axes,
    /// combined the same way if any.
    fn same_partials(&self, other: &TensorSharding) -> bool {
        self.unreduced == other.unreduced && (self.unreduced.is_empty() || self.reduction == other.reduction)
    }

    /// True when an axis of this sharding overlaps one of `axes`.
    fn uses_any(&self, axes: &[AxisRef]) -> bool {
        self.all_axes().any(|a| axes.iter().any(|r| r.overlaps(a)))
    }

    /// True when no dimension is sharded (unreduced axes aside).
    pub fn dims_replicated(&self) -> bool {
        self.dims.iter().all(|d| d.axes.is_empty())
    }

    /// The number of shards dimension `d` is cut into on `mesh`: the product of its
    /// axes' sizes, and at least 1 (1 for an unsharded dimension or one past the
    /// sharding's rank).
    pub fn shards(&self, d: usize, mesh: &Mesh) -> i64 {
        self.dims.get(d).map_or(1, |dim| dim.sharded_size(mesh)).max(1)
    }

    /// True when every dimension of a tensor of `shape` divides into equal blocks:
    /// no padding, no uneven cut (what `jax.jit` takes at a function's boundary).
    pub fn divides(&self, shape: &[i64], mesh: &Mesh) -> bool {
        !self.is_uneven() && shape.iter().enumerate().all(|(d, &n)| n % self.shards(d, mesh) == 0)
    }

    /// The shape of one device's shard of a tensor of `shape`, dimension by
    /// dimension: each divided by its shard count, rounded up (a dimension that does
    /// not divide is padded), or the largest block of a dimension cut at offsets.
    pub fn local_dims<'s>(&'s self, mesh: &'s Mesh, shape: &'s [i64]) -> impl Iterator<Item = i64> + 's {
        shape.iter().enumerate().map(|(d, &size)| {
            let shards = self.shards(d, mesh);
            match self.dims.get(d).and_then(|dim| dim.offsets.as_ref()) {
                Some(offsets) => offsets.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(size),
                None => size / shards + i64::from(size % shards != 0),
            }
        })
    }

    /// The stripped text form `<@mesh, [...]>`, as used inside other attributes.
    pub fn stripped(&self) -> Stripped<'_> {
        Stripped(self)
    }

    /// Parses the full, stripped or short (`[...]`, mesh implied, optionally followed
    /// by `, replicated={...}` and `, unreduced=...{...}`) form; the short form binds
    /// to `@default_mesh`.
    pub fn parse_with_default_mesh(s: &str, default_mesh: &str) -> Result<Self> {
        parse_all(s, |c| {
            if c.peek() == Some('[') {
                let mut sharding = TensorSharding::new(default_mesh, parse_dims(c)?);
                parse_replicated_and_unreduced(c, &mut sharding)?;
                return Ok(sharding);
            }
            TensorSharding::parse_any(c)
        })
    }

    /// Parses `#sdy.sharding<...>` or the stripped `<...>`.
    fn parse_any(cursor: &mut Cursor<'_>) -> Result<Self> {
        if cursor.eat("#sdy.sharding_per_value") {
            return Err(cursor.error(
                "should have a sharding attribute of type TensorShardingAttr (#sdy.sharding<...>), got #sdy.sharding_per_value",
            )
            .into());
        }
        cursor.eat("#sdy.sharding");
        TensorSharding::parse(cursor)
    }

    /// Parses the stripped form `<mesh-or-ref, [dims] (, replicated=...)? (, unreduced=...)?>`.
    pub(crate) fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        cursor.expect("<")?;
        let mesh = parse_mesh_ref(cursor)?;
        cursor.expect(",")?;
        let dims = parse_dims(cursor)?;
        let mut sharding = TensorSharding::new("", dims);
        sharding.mesh = mesh;
        parse_replicated_and_unreduced(cursor, &mut sharding)?;
        cursor.expect(">")?;
        Ok(sharding)
    }

    fn write_stripped(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{}, [", self.mesh)?;
        write_comma_separated(f, &self.dims)?;
        f.write_str("]")?;
        if !self.replicated.is_empty() {
            f.write_str(", replicated={")?;
            write_axes(f, &self.replicated)?;
            f.write_str("}")?;
        }
        if !self.unreduced.is_empty() {
            f.write_str(", unreduced=")?;
            if self.reduction != ReductionKind::Sum {
                f.write_str(self.reduction.keyword())?;
            }
            f.write_str("{")?;
            write_axes(f, &self.unreduced)?;
            f.write_str("}")?;
        }
        f.write_str(">")
    }
}

fn parse_mesh_ref(cursor: &mut Cursor<'_>) -> Result<MeshRef> {
    if cursor.eat_keyword("mesh") {
        return Ok(MeshRef::Inline(Mesh::parse(cursor)?));
    }
    if cursor.peek() == Some('@') {
        return Ok(MeshRef::Symbol(cursor.symbol()?));
    }
    Err(cursor.error("expecting MeshAttr or FlatSymbolRefAttr").into())
}

fn parse_dims(cursor: &mut Cursor<'_>) -> Result<Vec<DimSharding>> {
    cursor.expect("[")?;
    list(cursor, "]", DimSharding::parse)
}

/// Reads `, replicated={...}` and `, unreduced=[KIND]{...}`, each at most once
/// and in either order, with Shardy's messages.
fn parse_replicated_and_unreduced(cursor: &mut Cursor<'_>, sharding: &mut TensorSharding) -> Result<()> {
    let (mut seen_replicated, mut seen_unreduced) = (false, false);
    while cursor.eat(",") {
        if !seen_replicated && cursor.eat_keyword("replicated") {
            seen_replicated = true;
            cursor.expect("=")?;
            sharding.replicated = AxisRef::parse_list(cursor)?;
        } else if !seen_unreduced && cursor.eat_keyword("unreduced") {
            seen_unreduced = true;
            if cursor.eat("=") {
                for kind in ReductionKind::ALL {
                    if cursor.eat_keyword(kind.keyword()) {
                        sharding.reduction = kind;
                        break;
                    }
                }
            }
            sharding.unreduced = AxisRef::parse_list(cursor)?;
        } else {
            return Err(cursor
                .error("failed to parse Sdy_TensorSharding, expected valid named axis list after comma")
                .into());
        }
    }
    Ok(())
}

impl fmt::Display for TensorSharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("#sdy.sharding")?;
        self.write_stripped(f)
    }
}

impl FromStr for TensorSharding {
    type Err = Error;

    /// Parses `#sdy.sharding<...>` or the stripped `<...>`.
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, TensorSharding::parse_any)
    }
}

/// Displays a sharding in its stripped form `<@mesh, [...]>`.
#[derive(Debug, Clone, Copy)]
pub struct Stripped<'a>(&'a TensorSharding);

impl fmt::Display for Stripped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_stripped(f)
    }
}

/// One sharding per value of an op: `#sdy.sharding_per_value<[<@mesh, [...]>, ...]>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TensorShardingPerValue {
    /// The shardings, one per value in order.
    pub shardings: Vec<TensorSharding>,
}

impl fmt::Display for TensorShardingPerValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("#sdy.sharding_per_value<[")?;
        write_comma_separated(f, self.shardings.iter().map(TensorSharding::stripped))?;
        f.write_str("]>")
    }
}

impl FromStr for TensorShardingPerValue {
    type Err = Error;

    /// Parses `#sdy.sharding_per_value<[...]>` or the stripped `<[...]>`.
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, |c| {
            if !c.eat("#sdy.sharding_per_value") && c.eat("#sdy.sharding") {
                return Err(c.error(
                    "should have a sharding attribute of type TensorShardingPerValueAttr (#sdy.sharding_per_value<[...]>), got #sdy.sharding",
                )
                .into());
            }
            c.expect("<")?;
            c.expect("[")?;
            let shardings = list(c, "]", TensorSharding::parse)?;
            c.expect(">")?;
            Ok(TensorShardingPerValue { shardings })
        })
    }
}

/// True when dimension `have` meets annotated dimension `want`: exactly if it is
/// closed, as a prefix if open.
fn meets(have: &DimSharding, want: &DimSharding) -> bool {
    // A closed annotation fixes the cuts too (none: equal, padded blocks); an
    // open one without offsets leaves them free.
    let cut = have.offsets == want.offsets || (!want.closed && want.offsets.is_none());
    cut && if want.closed { have.axes == want.axes } else { have.axes.starts_with(&want.axes) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conforms_to_checks_closed_open_and_priorities() {
        let s: TensorSharding = r#"<@mesh, [{"x", "y"}, {}]>"#.parse().unwrap();
        let open: TensorSharding = r#"<@mesh, [{"x", ?}, {}]>"#.parse().unwrap();
        let closed: TensorSharding = r#"<@mesh, [{"x"}, {}]>"#.parse().unwrap();
        let preferred: TensorSharding = r#"<@mesh, [{"x"}p1, {}]>"#.parse().unwrap();
        assert!(s.conforms_to(&open, None));
        assert!(!s.conforms_to(&closed, None));
        assert!(s.conforms_to(&preferred, None));
        assert!(!s.conforms_to(&preferred, Some(1)));
        assert!(!s.conforms_to_all(&preferred));
        assert!(s.conforms_to_all(&open));
    }

    #[test]
    fn text_round_trips() {
        for text in [
            r#"#sdy.sharding<@foo, [{"a"}, {}]>"#,
            r#"#sdy.sharding<@foo, [], replicated={"b"}>"#,
            r#"#sdy.sharding<@foo, [{}, {}], replicated={"a"}, unreduced={"b"}>"#,
            r#"#sdy.sharding<@foo, [{}, {}], unreduced=max{"a"}>"#,
            r#"#sdy.sharding<@foo, [{}, {}], unreduced=product{"a"}>"#,
            r#"#sdy.sharding<@foo, [{}, {}], unreduced=bitwise_and{"a", "b"}>"#,
            r#"#sdy.sharding<@foo, [{}, {}], unreduced=bitwise_xor{"a"}>"#,
            r#"#sdy.sharding<mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]>"#,
            r#"#sdy.sharding<@foo, [{"a", ?}, {?}p2]>"#,
        ] {
            assert_eq!(text.parse::<TensorSharding>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn canonicalises_order_and_default_reduction() {
        let s: TensorSharding = r#"<@foo, [{}, {}], unreduced=sum{"b"}>"#.parse().unwrap();
        assert_eq!(s.stripped().to_string(), r#"<@foo, [{}, {}], unreduced={"b"}>"#);
        let short = TensorSharding::parse_with_default_mesh(r#"[{"data"}, {}]"#, "mesh").unwrap();
        assert_eq!(short.to_string(), r#"#sdy.sharding<@mesh, [{"data"}, {}]>"#);
    }

    #[test]
    fn per_value_round_trips() {
        let text = r#"#sdy.sharding_per_value<[<mesh<["a"=2, "b"=4]>, [{"a"}, {}]>, <@foo, [{"a"}, {}]>]>"#;
        assert_eq!(text.parse::<TensorShardingPerValue>().unwrap().to_string(), text);
        assert_eq!("#sdy.sharding_per_value<[]>".parse::<TensorShardingPerValue>().unwrap().shardings.len(), 0);
    }

    #[test]
    fn rejects_malformed_lists() {
        let cases = [
            (r#"<@foo, [{}, {}], replicated{"a"}>"#, "expected '='"),
            (r#"<@foo, [{}, {}], unreduced=["a"]>"#, "expected '{'"),
            (r#"<@foo, [{}, {}], unreduced={"a", "b"[]}>"#, "expected '}'"),
            (r#"<@foo, [{}, {}], replicated={"a", b}>"#, "expected string"),
            (r#"<@foo, [{}, {}],>"#, "failed to parse Sdy_TensorSharding, expected valid named axis list after comma"),
            (r#"<foo, [{}]>"#, "expecting MeshAttr or FlatSymbolRefAttr"),
        ];
        for (text, message) in cases {
            assert_eq!(text.parse::<TensorSharding>().unwrap_err().to_string(), message, "{text}");
        }
    }
}
