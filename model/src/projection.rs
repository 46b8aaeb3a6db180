//! Projection of tensor shardings onto an op's factors, and back.
//!
//! This is Shardy's `ShardingProjection`, step for step. Projecting a dimension
//! sharding walks its factors major to minor and hands each one axes (major first)
//! until the factor is fully sharded; an axis bigger than what the factor still needs
//! is split by gcd into sub-axes. The minor-most factor takes every axis left (its size
//! need not be divisible: that costs padding). When a non-minor factor is left with a
//! remaining size coprime to the next axis, that axis and all after it become the
//! factor's *overflow* axes, and the following factor is closed and empty (later
//! factors of that dimension are not recorded at all, as in Shardy).
//!
//! Projecting back concatenates factor axes per dimension, merging sub-axes that meet
//! at a factor boundary, and stops after the first factor that is not fully sharded
//! (anything further would need a strided view) or that has overflow axes (which are
//! appended). Priorities are not projected.
//!
//! Example, rule `([ij])->([i, j]) {i=2, j=4}`, mesh `<["x"=4, "y"=2]>`: the operand
//! sharding `[{"x", "y"}]` projects to `i={"x":(1)2}`, `j={"x":(2)2, "y"}`; giving the
//! result those factor shardings projects back to `[{"x":(1)2}, {"x":(2)2, "y"}]`.

use crate::axis::{AxisRef, SubAxis, axes_size, gcd, push_or_merge, write_axes};
use crate::dim_sharding::DimSharding;
use crate::error::{Error, Result};
use crate::mesh::Mesh;
use crate::rule::{FactorId, OpShardingRule, TensorMapping};
use crate::sharding::{MeshRef, ReductionKind, TensorSharding};
use std::collections::BTreeMap;
use std::fmt;

/// The axes one factor of one tensor is sharded along.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FactorSharding {
    /// The axes, major to minor.
    pub axes: Vec<AxisRef>,
    /// False when the factor may be sharded further.
    pub closed: bool,
    /// True when this is the minor-most factor of its dimension.
    pub minor_most: bool,
    /// Axes of the dimension that the factor could not take (its remaining size is
    /// coprime with the next axis); kept so that projecting back loses nothing.
    pub overflow: Vec<AxisRef>,
}

/// The factor shardings of one tensor, with its replicated and unreduced axes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TensorFactorShardings {
    /// The sharding of every factor recorded for this tensor.
    pub factors: BTreeMap<FactorId, FactorSharding>,
    /// Axes the tensor is explicitly replicated along.
    pub replicated: Vec<AxisRef>,
    /// Axes along which the tensor is unreduced.
    pub unreduced: Vec<AxisRef>,
    /// The reduction of the unreduced axes.
    pub reduction: ReductionKind,
}

/// What remains of the current axis while a dimension's axes are handed out.
#[derive(Debug, Clone, Copy)]
struct AxisRemainder {
    size: i64,
    /// The pre-size when this is (the rest of) a sub-axis.
    split_pre_size: Option<i64>,
}

impl AxisRemainder {
    fn at(axes: &[AxisRef], index: usize, mesh: &Mesh) -> Option<Self> {
        let axis = axes.get(index)?;
        Some(AxisRemainder { size: axis.size(mesh), split_pre_size: axis.sub.map(|s| s.pre_size) })
    }

    fn to_axis(self, name: &str) -> AxisRef {
        AxisRef {
            name: name.to_string(),
            sub: self.split_pre_size.map(|pre_size| SubAxis { pre_size, size: self.size }),
        }
    }
}

/// Walks the axes of one dimension sharding.
struct AxisWalk<'a> {
    axes: &'a [AxisRef],
    mesh: &'a Mesh,
    index: usize,
    current: Option<AxisRemainder>,
}

impl<'a> AxisWalk<'a> {
    fn new(axes: &'a [AxisRef], mesh: &'a Mesh) -> Self {
        AxisWalk { axes, mesh, index: 0, current: AxisRemainder::at(axes, 0, mesh) }
    }

    fn name(&self) -> &str {
        &self.axes[self.index].name
    }

    fn advance(&mut self) {
        self.index += 1;
        self.current = AxisRemainder::at(self.axes, self.index, self.mesh);
    }

    /// Moves every remaining axis into `out`, merging at the boundary.
    fn drain_into(&mut self, out: &mut Vec<AxisRef>) {
        while let Some(rest) = self.current {
            push_or_merge(out, rest.to_axis(self.name()), self.mesh);
            self.advance();
        }
    }

    /// Gives a non-minor factor of `factor_size` axes while they share a divisor with
    /// it; returns the factor's remaining (unsharded) size.
    fn take_for(&mut self, factor_size: i64, out: &mut Vec<AxisRef>) -> i64 {
        let mut remaining = factor_size;
        while let Some(mut rest) = self.current {
            let gcd = gcd(remaining, rest.size);
            if rest.size != 1 && gcd <= 1 {
                break;
            }
            if rest.size > gcd {
                let pre_size = rest.split_pre_size.unwrap_or(1);
                out.push(AxisRef::sub(self.name(), pre_size, gcd));
                rest.split_pre_size = Some(pre_size * gcd);
                rest.size /= gcd;
                remaining /= gcd;
                self.current = Some(rest);
            } else {
                out.push(rest.to_axis(self.name()));
                remaining /= rest.size;
                self.advance();
            }
        }
        remaining
    }
}

impl TensorFactorShardings {
    /// Projects `sharding` (or, when it is missing, an empty sharding that is closed
    /// or open per `closed_if_missing`) onto the factors of `mapping`.
    pub fn project(
        mapping: &TensorMapping,
        sharding: Option<&TensorSharding>,
        factor_sizes: &[i64],
        mesh: &Mesh,
        closed_if_missing: bool,
    ) -> Result<Self> {
        if let Some(s) = sharding {
            check_projectable(s, mapping, factor_sizes, mesh)?;
        }
        let mut result = TensorFactorShardings::default();
        for (dim, dim_mapping) in mapping.dims.iter().enumerate() {
            let dim_sharding = sharding.map(|s| &s.dims[dim]);
            let axes = dim_sharding.map_or(&[][..], |d| &d.axes[..]);
            let closed = dim_sharding.map_or(closed_if_missing, |d| d.closed);
            let mut walk = AxisWalk::new(axes, mesh);
            let mut overflowed = false;
            for &factor in &dim_mapping.factors {
                let entry = result.factors.entry(factor).or_default();
                entry.minor_most = dim_mapping.is_minor_most(factor);
                if overflowed {
                    entry.closed = true;
                    break;
                }
                entry.closed = closed;
                if entry.minor_most {
                    walk.drain_into(&mut entry.axes);
                    break;
                }
                let remaining = walk.take_for(factor_sizes[factor.0], &mut entry.axes);
                if remaining > 1 && walk.current.is_some() {
                    overflowed = true;
                    walk.drain_into(&mut entry.overflow);
                }
            }
        }
        if let Some(s) = sharding {
            result.replicated = s.replicated.clone();
            result.unreduced = s.unreduced.clone();
            result.reduction = s.reduction;
        }
        Ok(result)
    }

    /// Projects the factor shardings back onto the dimensions of `mapping`.
    pub fn to_sharding(
        &self,
        mapping: &TensorMapping,
        factor_sizes: &[i64],
        mesh_ref: MeshRef,
        mesh: &Mesh,
    ) -> TensorSharding {
        let dims = mapping.dims.iter().map(|dim_mapping| {
            let mut dim = DimSharding::open(Vec::new());
            for &factor in &dim_mapping.factors {
                let Some(fs) = self.factors.get(&factor) else { break };
                dim.closed |= fs.closed;
                append_axes(&mut dim.axes, &fs.axes, mesh);
                if !fs.overflow.is_empty() {
                    append_axes(&mut dim.axes, &fs.overflow, mesh);
                    break;
                }
                if axes_size(&fs.axes, mesh) < factor_sizes[factor.0] {
                    break;
                }
            }
            dim
        });
        TensorSharding {
            mesh: mesh_ref,
            dims: dims.collect(),
            replicated: self.replicated.clone(),
            unreduced: self.unreduced.clone(),
            reduction: self.reduction,
        }
    }

    /// The number of shards of the tensor: the product of all factor and overflow axes.
    pub fn sharding_size(&self, mesh: &Mesh) -> i64 {
        self.factors.values().fold(1i64, |acc, f| {
            acc.saturating_mul(axes_size(&f.axes, mesh)).saturating_mul(axes_size(&f.overflow, mesh))
        })
    }
}

/// Appends `axes` to a dimension, merging the first with the dimension's last axis.
fn append_axes(dim: &mut Vec<AxisRef>, axes: &[AxisRef], mesh: &Mesh) {
    if let Some((first, rest)) = axes.split_first() {
        push_or_merge(dim, first.clone(), mesh);
        dim.extend_from_slice(rest);
    }
}

/// The preconditions under which projection is defined (and cannot divide by zero).
fn check_projectable(
    sharding: &TensorSharding,
    mapping: &TensorMapping,
    factor_sizes: &[i64],
    mesh: &Mesh,
) -> Result<()> {
    if sharding.rank() != mapping.rank() {
        return Err(Error::Sharding(format!(
            "sharding rank {} doesn't match the mapping rank {} of {mapping}",
            sharding.rank(),
            mapping.rank()
        )));
    }
    if let Some(axis) = sharding.all_axes().find(|a| a.size(mesh) < 1) {
        return Err(Error::Sharding(format!("axis {axis} is not an axis of the mesh {mesh}")));
    }
    match mapping.dims.iter().flat_map(|d| &d.factors).find(|f| f.0 >= factor_sizes.len()) {
        Some(f) => Err(Error::Rule(format!("factor {f} has no size (the rule has {} factors)", factor_sizes.len()))),
        None => Ok(()),
    }
}

impl fmt::Display for TensorFactorShardings {
    /// `{i={"x":(1)2}, j={"x":(2)2, "y"} overflow={"z"}}, replicated={"c"}`; a factor
    /// that is not the minor-most of its dimension is marked `non-minor`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (factor, fs)) in self.factors.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let dim = DimSharding { axes: fs.axes.clone(), closed: fs.closed, priority: None, offsets: None };
            write!(f, "{factor}={dim}")?;
            if !fs.overflow.is_empty() {
                f.write_str(" overflow={")?;
                write_axes(f, &fs.overflow)?;
                f.write_str("}")?;
            }
            if !fs.minor_most {
                f.write_str(" non-minor")?;
            }
        }
        f.write_str("}")?;
        for (name, axes) in [("replicated", &self.replicated), ("unreduced", &self.unreduced)] {
            if !axes.is_empty() {
                write!(f, ", {name}={{")?;
                write_axes(f, axes)?;
                f.write_str("}")?;
            }
        }
        Ok(())
    }
}

/// The factor shardings of every operand and result of one op.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShardingProjection {
    /// One entry per operand.
    pub operands: Vec<TensorFactorShardings>,
    /// One entry per result.
    pub results: Vec<TensorFactorShardings>,
}

impl ShardingProjection {
    /// Projects the shardings of an op's operands and results onto `rule`'s factors.
    pub fn build(
        operands: &[Option<&TensorSharding>],
        results: &[Option<&TensorSharding>],
        rule: &OpShardingRule,
        mesh: &Mesh,
        closed_if_missing: bool,
    ) -> Result<Self> {
        let side = |shardings: &[Option<&TensorSharding>], mappings: &[TensorMapping]| {
            if shardings.len() != mappings.len() {
                return Err(Error::Rule(format!(
                    "{} shardings for {} tensor mappings",
                    shardings.len(),
                    mappings.len()
                )));
            }
            mappings
                .iter()
                .zip(shardings)
                .map(|(m, s)| TensorFactorShardings::project(m, *s, &rule.factor_sizes, mesh, closed_if_missing))
                .collect::<Result<Vec<_>>>()
        };
        Ok(ShardingProjection { operands: side(operands, &rule.operands)?, results: side(results, &rule.results)? })
    }

    /// The projection in which every tensor shards each factor along the same closed
    /// axes, `axes_per_factor[f]` (how a chosen strategy becomes shardings).
    pub fn from_factor_axes(axes_per_factor: &[Vec<AxisRef>], rule: &OpShardingRule) -> Self {
        let tensor = |mapping: &TensorMapping| {
            let mut t = TensorFactorShardings::default();
            for dim in &mapping.dims {
                for &factor in &dim.factors {
                    let axes = axes_per_factor.get(factor.0).cloned().unwrap_or_default();
                    let fs = FactorSharding {
                        axes,
                        closed: true,
                        minor_most: dim.is_minor_most(factor),
                        overflow: Vec::new(),
                    };
                    t.factors.insert(factor, fs);
                }
            }
            t
        };
        ShardingProjection {
            operands: rule.operands.iter().map(tensor).collect(),
            results: rule.results.iter().map(tensor).collect(),
        }
    }

    /// Projects back to one sharding per operand and one per result.
    pub fn to_shardings(
        &self,
        rule: &OpShardingRule,
        mesh_ref: &MeshRef,
        mesh: &Mesh,
    ) -> (Vec<TensorSharding>, Vec<TensorSharding>) {
        let back = |tensors: &[TensorFactorShardings], mappings: &[TensorMapping]| {
            tensors
                .iter()
                .zip(mappings)
                .map(|(t, m)| t.to_sharding(m, &rule.factor_sizes, mesh_ref.clone(), mesh))
                .collect()
        };
        (back(&self.operands, &rule.operands), back(&self.results, &rule.results))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(mesh: &str, rule: &str, sharding: &str) -> (TensorFactorShardings, String) {
        let mesh: Mesh = mesh.parse().unwrap();
        let rule: OpShardingRule = rule.parse().unwrap();
        let sharding: TensorSharding = sharding.parse().unwrap();
        let t = TensorFactorShardings::project(&rule.operands[0], Some(&sharding), &rule.factor_sizes, &mesh, false)
            .unwrap();
        let back = t.to_sharding(&rule.operands[0], &rule.factor_sizes, sharding.mesh.clone(), &mesh);
        (t, back.stripped().to_string())
    }

    #[test]
    fn splits_an_axis_across_a_compound_dimension() {
        let (t, back) = project(
            r#"<["a"=4, "b"=2, "c"=3]>"#,
            "<([ij])->([i, j]) {i=2, j=4}>",
            r#"<@m, [{"a", "b"}], replicated={"c"}>"#,
        );
        assert_eq!(t.to_string(), r#"{i={"a":(1)2} non-minor, j={"a":(2)2, "b"}}, replicated={"c"}"#);
        assert_eq!(back, r#"<@m, [{"a", "b"}], replicated={"c"}>"#);
    }

    #[test]
    fn keeps_overflow_axes() {
        let (t, back) = project(r#"<["a"=6]>"#, "<([ij])->([i, j]) {i=4, j=4}>", r#"<@m, [{"a"}]>"#);
        assert_eq!(t.to_string(), r#"{i={"a":(1)2} overflow={"a":(2)3} non-minor, j={}}"#);
        assert_eq!(back, r#"<@m, [{"a"}]>"#);
    }

    #[test]
    fn minor_most_factor_takes_the_rest() {
        let (t, _) =
            project(r#"<["a"=16, "b"=1, "c"=1]>"#, "<([ij])->([i, j]) {i=2, j=4}>", r#"<@m, [{"a", "b", "c"}]>"#);
        assert_eq!(t.to_string(), r#"{i={"a":(1)2} non-minor, j={"a":(2)8, "b", "c"}}"#);
    }

    #[test]
    fn back_projection_stops_at_a_partly_sharded_factor() {
        let mesh: Mesh = r#"<["x"=4, "y"=2]>"#.parse().unwrap();
        let rule: OpShardingRule = "<([ij])->([i, j]) {i=2, j=4}>".parse().unwrap();
        let axes = vec![vec![AxisRef::sub("x", 1, 2)], vec![AxisRef::sub("x", 2, 2), AxisRef::full("y")]];
        let projection = ShardingProjection::from_factor_axes(&axes, &rule);
        let (operands, results) = projection.to_shardings(&rule, &MeshRef::Symbol("m".into()), &mesh);
        assert_eq!(operands[0].stripped().to_string(), r#"<@m, [{"x", "y"}]>"#);
        assert_eq!(results[0].stripped().to_string(), r#"<@m, [{"x":(1)2}, {"x":(2)2, "y"}]>"#);
        let partial = ShardingProjection::from_factor_axes(&[vec![], axes[1].clone()], &rule);
        let (operands, _) = partial.to_shardings(&rule, &MeshRef::Symbol("m".into()), &mesh);
        assert_eq!(operands[0].stripped().to_string(), "<@m, [{}]>");
    }
}
