//! The attributes of each op in the config language, read into an [`OpKind`].
//!
//! Every op takes the common keys `name`, `op`, `operands` and `sharding` (an
//! annotation of its results; for `sharding_constraint` and `reshard` it is the
//! constraint itself), plus the keys its declaration in the op catalog lists
//! ([`op_keys`]); any other key is an error. An op whose attributes are plain values
//! (the catalog's config codec is derived) is read by `declared.rs`; this file reads
//! the rest by hand: dimension pairs (`dot_general`), equations, convolution and window
//! attributes, collectives, custom ops, shardings, bodies and constants. Optional
//! attributes default as the catalog declares (as in StableHLO: strides and dilations
//! 1, no padding, `reduce`, `reduce_window` and `reduce_scatter` by `add`, `scatter` by
//! `replace`, `select_and_scatter` selecting by `GE` and scattering by `add`,
//! `triangular_solve` with `a` as is, channel 0, `rng_bit_generator` `DEFAULT` to
//! `u32`, `split_count` the group size).

use super::declared;
use super::decode::{Ctx, Fields};
use super::yaml::{Node, NodeKind};
use autoshard_model::ops::catalog;
use autoshard_model::ops::decl::Codec;
use autoshard_model::ops::{
    AllGather, AllReduce, AllToAll, Case, CollectivePermute, ComparisonDirection, Constant, ConvDimensionNumbers,
    Convolution, Custom, DotGeneral, EinsumEquation, ManualComputation, NamedComputation, PropagationDirection,
    ReduceKind, ReduceScatter, ReduceWindow, ReplicaGroups, SelectAndScatter, While, Window,
};
use autoshard_model::{DType, Flops, OpKind, OpShardingRule, TensorSharding, TensorType};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Keys every op takes.
pub const COMMON_KEYS: [&str; 4] = ["name", "op", "operands", "sharding"];

/// The keys specific to op `name` (its declared attributes), or `None` for an unknown
/// op.
pub fn op_keys(name: &str) -> Option<&'static [&'static str]> {
    static KEYS: OnceLock<BTreeMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| catalog::all().iter().map(|d| (d.name, d.keys().collect())).collect());
    keys.get(name).map(Vec::as_slice)
}

/// Parses a sharding string (full, stripped or short `[...]` form) bound to the
/// program's mesh; errors point into the string.
pub fn sharding(ctx: &mut Ctx<'_>, node: &Node, mesh_name: &str) -> Option<TensorSharding> {
    let text = ctx.string(node, "a sharding")?;
    match TensorSharding::parse_with_default_mesh(&text, mesh_name) {
        Ok(s) => Some(s),
        Err(e) => {
            let hint =
                Some(format!("a sharding looks like '[{{\"x\"}}, {{}}]' or '<@{mesh_name}, [{{\"x\", ?}}, {{}}]>'"));
            ctx.error_in_scalar(node, e.offset().unwrap_or(0), format!("malformed sharding: {e}"), hint);
            None
        }
    }
}

/// Reads a list of sharding strings.
pub fn sharding_list(ctx: &mut Ctx<'_>, node: &Node, mesh_name: &str, what: &str) -> Option<Vec<TensorSharding>> {
    ctx.list(node, what, |c, n| sharding(c, n, mesh_name))
}

pub(super) use declared::dtype;

/// `[[lhs dims], [rhs dims]]`.
fn dim_pair(ctx: &mut Ctx<'_>, node: &Node, what: &str) -> Option<(Vec<i64>, Vec<i64>)> {
    let pair = ctx.list(node, what, |c, n| c.int_list(n, what))?;
    match <[Vec<i64>; 2]>::try_from(pair) {
        Ok([lhs, rhs]) => Some((lhs, rhs)),
        Err(_) => {
            ctx.error(node, format!("{what} must be [[lhs dims], [rhs dims]]"));
            None
        }
    }
}

/// Reads every attribute of op `op` from `f`.
pub fn decode(ctx: &mut Ctx<'_>, op: &str, f: &Fields<'_>, mesh_name: &str) -> Option<OpKind> {
    let decl = catalog::find(op)?;
    if decl.config == Codec::Derived {
        return declared::decode(ctx, decl, f);
    }
    let mut r = Reader { ctx, f, ok: true };
    let kind = match op {
        "dot_general" => {
            let (lhs_batching_dims, rhs_batching_dims) =
                r.opt("batching_dims", |c, n| dim_pair(c, n, "batching_dims")).unwrap_or_default();
            let (lhs_contracting_dims, rhs_contracting_dims) =
                r.opt("contracting_dims", |c, n| dim_pair(c, n, "contracting_dims")).unwrap_or_default();
            OpKind::DotGeneral(DotGeneral {
                lhs_batching_dims,
                rhs_batching_dims,
                lhs_contracting_dims,
                rhs_contracting_dims,
            })
        }
        "einsum" => OpKind::Einsum(r.req("equation", |c, n| {
            let text = c.string(n, "equation")?;
            text.parse::<EinsumEquation>().map_err(|e| c.error(n, e)).ok()
        })?),
        "all_gather" | "all_to_all" | "reduce_scatter" | "all_reduce" => collective(&mut r, op)?,
        "collective_permute" => {
            let pairs = r.req("source_target_pairs", |c, n| {
                let pairs = c.list(n, "source_target_pairs", |c, p| c.int_list(p, "a [source, target] pair"))?;
                match pairs.iter().map(|p| <[i64; 2]>::try_from(p.as_slice())).collect::<Result<Vec<_>, _>>() {
                    Ok(pairs) => Some(pairs.into_iter().map(|[s, t]| (s, t)).collect()),
                    Err(_) => {
                        c.error(n, "source_target_pairs must be [[source, target], ...]");
                        None
                    }
                }
            });
            let channel_id = r.opt("channel_id", |c, n| c.int(n, "channel_id")).unwrap_or(0);
            OpKind::CollectivePermute(CollectivePermute { source_target_pairs: pairs?, channel_id })
        }
        "convolution" => OpKind::Convolution(convolution(&mut r)?),
        "reduce_window" => {
            let window = window(&mut r, true)?;
            OpKind::ReduceWindow(ReduceWindow { window, kind: reduce_kind(&mut r, "kind", "reduce_window kind") })
        }
        "select_and_scatter" => {
            let choices = ComparisonDirection::ALL.map(|d| (d.name(), d));
            let select = r.opt("select", |c, n| c.choice(n, "select", &choices)).unwrap_or(ComparisonDirection::Ge);
            let window = window(&mut r, false)?;
            OpKind::SelectAndScatter(SelectAndScatter {
                window,
                select,
                scatter: reduce_kind(&mut r, "scatter", "scatter kind"),
            })
        }
        "custom" => OpKind::Custom(custom(&mut r)?),
        "sharding_constraint" | "reshard" => {
            let s = r.req("sharding", |c, n| sharding(c, n, mesh_name))?;
            if op == "reshard" { OpKind::Reshard(s) } else { OpKind::ShardingConstraint(s) }
        }
        "propagation_barrier" => OpKind::PropagationBarrier(r.req("allowed_direction", barrier_direction)?),
        "named_computation" => OpKind::NamedComputation(NamedComputation {
            label: r.opt("label", |c, n| c.string(n, "label")).unwrap_or_default(),
            in_shardings: r.opt("in_shardings", |c, n| sharding_list(c, n, mesh_name, "in_shardings")),
            out_shardings: r.opt("out_shardings", |c, n| sharding_list(c, n, mesh_name, "out_shardings")),
        }),
        "manual_computation" => {
            let manual_axes = r.req("manual_axes", |c, n| c.string_list(n, "manual_axes"));
            let in_shardings = r.req("in_shardings", |c, n| sharding_list(c, n, mesh_name, "in_shardings"));
            let out_shardings = r.req("out_shardings", |c, n| sharding_list(c, n, mesh_name, "out_shardings"));
            OpKind::ManualComputation(ManualComputation {
                manual_axes: manual_axes?,
                in_shardings: in_shardings?,
                out_shardings: out_shardings?,
            })
        }
        "while" => {
            let trip_count = r.req("trip_count", |c, n| {
                let count = c.int(n, "trip_count")?;
                u64::try_from(count).map_err(|_| c.error(n, format!("trip_count must be >= 0, got {count}"))).ok()
            });
            OpKind::While(While { trip_count: trip_count? })
        }
        "case" => {
            let branches = r.req("branches", |c, n| match &n.kind {
                NodeKind::Seq(items) if !items.is_empty() => Some(items.len()),
                _ => {
                    c.expected(n, "a non-empty list of bodies {args, ops, results}", "branches");
                    None
                }
            });
            OpKind::Case(Case { branches: branches?, predicate: r.flag("predicate") })
        }
        "constant" => {
            let shape = r.req("shape", |c, n| c.shape(n, "shape"));
            let values = r.req("value", constant_values);
            let dtype = r.opt("dtype", dtype).unwrap_or(DType::F32);
            OpKind::Constant(Constant { ty: TensorType::new(shape?, dtype), values: values? })
        }
        _ => return None,
    };
    r.ok.then_some(kind)
}

/// Reads attributes off one op's mapping, remembering whether any failed.
struct Reader<'r, 'c, 's> {
    ctx: &'r mut Ctx<'s>,
    f: &'r Fields<'c>,
    ok: bool,
}

impl Reader<'_, '_, '_> {
    /// A required attribute.
    fn req<T>(&mut self, key: &str, read: impl FnOnce(&mut Ctx<'_>, &Node) -> Option<T>) -> Option<T> {
        let value = self.f.require(self.ctx, key).and_then(|n| read(self.ctx, n));
        self.ok &= value.is_some();
        value
    }

    /// An optional attribute: `None` when absent or invalid (then `ok` is false).
    fn opt<T>(&mut self, key: &str, read: impl FnOnce(&mut Ctx<'_>, &Node) -> Option<T>) -> Option<T> {
        let node = self.f.get(key)?;
        let value = read(self.ctx, node);
        self.ok &= value.is_some();
        value
    }

    /// An optional boolean, false when absent.
    fn flag(&mut self, key: &str) -> bool {
        self.opt(key, |c, n| c.boolean(n, key)).unwrap_or(false)
    }
}

fn convolution(r: &mut Reader<'_, '_, '_>) -> Option<Convolution> {
    let dimension_numbers = r.req("dimension_numbers", |c, n| {
        let text = c.string(n, "dimension_numbers")?;
        text.parse::<ConvDimensionNumbers>().map_err(|e| c.error(n, e)).ok()
    })?;
    let spatial = dimension_numbers.input_spatial.len();
    let ones = || vec![1; spatial];
    let padding = r.opt("padding", |c, n| padding_pairs(c, n, "spatial dim"));
    Some(Convolution {
        window_strides: r.opt("window_strides", |c, n| c.int_list(n, "window_strides")).unwrap_or_else(ones),
        padding: padding.unwrap_or_else(|| vec![(0, 0); spatial]),
        lhs_dilation: r.opt("lhs_dilation", |c, n| c.int_list(n, "lhs_dilation")).unwrap_or_else(ones),
        rhs_dilation: r.opt("rhs_dilation", |c, n| c.int_list(n, "rhs_dilation")).unwrap_or_else(ones),
        feature_group_count: r.opt("feature_group_count", |c, n| c.int(n, "feature_group_count")).unwrap_or(1),
        batch_group_count: r.opt("batch_group_count", |c, n| c.int(n, "batch_group_count")).unwrap_or(1),
        dimension_numbers,
    })
}

/// `[[low, high], ...]`, one pair per `per`.
fn padding_pairs(ctx: &mut Ctx<'_>, node: &Node, per: &str) -> Option<Vec<(i64, i64)>> {
    let pairs = ctx.list(node, "padding", |c, p| c.int_list(p, "padding"))?;
    let pairs = pairs.iter().map(|p| match p.as_slice() {
        [lo, hi] => Some((*lo, *hi)),
        _ => None,
    });
    pairs.collect::<Option<Vec<_>>>().or_else(|| {
        ctx.error(node, format!("padding must be [[low, high], ...], one pair per {per}"));
        None
    })
}

/// An optional reduction kind under `key` (`what` in messages), `add` when absent.
fn reduce_kind(r: &mut Reader<'_, '_, '_>, key: &str, what: &str) -> ReduceKind {
    let choices = ReduceKind::ALL.map(|k| (k.name(), k));
    r.opt(key, |c, n| c.choice(n, what, &choices)).unwrap_or(ReduceKind::Add)
}

/// The window of `reduce_window` (with dilations when `dilated`) or
/// `select_and_scatter`: the sizes are required, the rest default to 1 and no
/// padding.
fn window(r: &mut Reader<'_, '_, '_>, dilated: bool) -> Option<Window> {
    let dimensions = r.req("window_dimensions", |c, n| c.int_list(n, "window_dimensions"))?;
    let mut window = Window::of(dimensions);
    let mut list = |key: &str, into: &mut Vec<i64>| {
        if let Some(v) = r.opt(key, |c, n| c.int_list(n, key)) {
            *into = v;
        }
    };
    list("window_strides", &mut window.strides);
    if dilated {
        list("base_dilations", &mut window.base_dilations);
        list("window_dilations", &mut window.window_dilations);
    }
    if let Some(p) = r.opt("padding", |c, n| padding_pairs(c, n, "dim")) {
        window.padding = p;
    }
    Some(window)
}

/// `all_gather`, `all_to_all`, `reduce_scatter` or `all_reduce` (`op`).
fn collective(r: &mut Reader<'_, '_, '_>, op: &str) -> Option<OpKind> {
    let groups = r.req("replica_groups", |c, n| c.list(n, "replica_groups", |c, g| c.int_list(g, "replica_groups")));
    let replica_groups = ReplicaGroups(groups?);
    let channel_id = r.opt("channel_id", |c, n| c.int(n, "channel_id")).unwrap_or(0);
    Some(match op {
        "all_gather" => OpKind::AllGather(AllGather {
            all_gather_dim: r.req("all_gather_dim", |c, n| c.int(n, "all_gather_dim"))?,
            replica_groups,
            channel_id,
            use_global_device_ids: r.flag("use_global_device_ids"),
        }),
        "all_to_all" => {
            let split_dimension = r.req("split_dimension", |c, n| c.int(n, "split_dimension"));
            let concat_dimension = r.req("concat_dimension", |c, n| c.int(n, "concat_dimension"));
            let split_count = r.opt("split_count", |c, n| c.int(n, "split_count"));
            OpKind::AllToAll(AllToAll {
                split_dimension: split_dimension?,
                concat_dimension: concat_dimension?,
                split_count: split_count.unwrap_or_else(|| replica_groups.0.first().map_or(0, |g| g.len() as i64)),
                replica_groups,
                channel_id,
            })
        }
        "all_reduce" => OpKind::AllReduce(AllReduce {
            kind: reduce_kind(r, "kind", "reduce kind"),
            replica_groups,
            channel_id,
            use_global_device_ids: r.flag("use_global_device_ids"),
        }),
        _ => OpKind::ReduceScatter(ReduceScatter {
            scatter_dimension: r.req("scatter_dimension", |c, n| c.int(n, "scatter_dimension"))?,
            kind: reduce_kind(r, "kind", "reduce kind"),
            replica_groups,
            channel_id,
            use_global_device_ids: r.flag("use_global_device_ids"),
        }),
    })
}

fn custom(r: &mut Reader<'_, '_, '_>) -> Option<Custom> {
    let rule = r.req("rule", |c, n| {
        let mut text = c.string(n, "rule")?;
        if let Some(sizes) = &c.sizes {
            match super::size_expr::substitute_rule(&text, sizes) {
                Ok(substituted) => text = substituted,
                Err(e) => {
                    c.error_in_scalar(n, e.offset, format!("rule: {}", e.message), e.hint);
                    return None;
                }
            }
        }
        // The bare form `([i, j])->([ij]) {i=2, j=4}` is accepted too.
        let bare = text.trim_start().starts_with('(');
        let parsed = if bare { format!("<{text}>").parse::<OpShardingRule>() } else { text.parse() };
        match parsed {
            Ok(rule) => Some(rule),
            Err(e) => {
                let offset = e.offset().unwrap_or(0).saturating_sub(usize::from(bare));
                c.error_in_scalar(n, offset, format!("malformed sharding rule: {e}"), None);
                None
            }
        }
    })?;
    let result = r.req("result", |c, n| {
        let f = Fields::new(c, n, "the custom op's result")?;
        f.deny_unknown(c, &["shape", "dtype"]);
        let shape = f.require(c, "shape").and_then(|s| c.shape(s, "shape"));
        let dtype = f.get("dtype").map_or(Some(DType::F32), |d| dtype(c, d));
        Some(TensorType::new(shape?, dtype?))
    })?;
    let flops = r.opt("flops", |c, n| c.quantity::<Flops>(n, "flops")).unwrap_or_default();
    Some(Custom { rule, results: vec![result], flops, target: None })
}

fn barrier_direction(ctx: &mut Ctx<'_>, node: &Node) -> Option<PropagationDirection> {
    if matches!(&node.kind, NodeKind::Str(s) if s == "BOTH") {
        let hint = Some("a barrier that lets everything through is no barrier: remove the op".to_string());
        ctx.error_hint(node, "allowed_direction BOTH is not allowed for a propagation barrier", hint);
        return None;
    }
    let choices = PropagationDirection::ALL.map(|d| (d.name(), d));
    ctx.choice(node, "allowed_direction", &choices)
}

/// A scalar (a splat) or a flat list of numbers.
fn constant_values(ctx: &mut Ctx<'_>, node: &Node) -> Option<Vec<f64>> {
    match &node.kind {
        NodeKind::Seq(_) => ctx.list(node, "value", |c, n| c.number(n, "value")),
        NodeKind::Bool(b) => Some(vec![f64::from(u8::from(*b))]),
        _ => ctx.number(node, "value").map(|v| vec![v]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The config language knows the keys of every op the model has.
    #[test]
    fn every_op_has_its_keys() {
        for name in autoshard_model::ops::op_names() {
            assert!(op_keys(name).is_some(), "no keys for op '{name}'");
        }
        assert!(op_keys("not_an_op").is_none());
    }
}
