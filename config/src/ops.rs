//! The attributes of each op in the config language, read into an [`OpKind`].
//!
//! Every op takes the common keys `name`, `op`, `operands` and `sharding` (an
//! annotation of its results; for `sharding_constraint` and `reshard` it is the
//! constraint itself), plus the keys listed in [`op_keys`]; any other key is an error.
//! Optional attributes default as in StableHLO (strides and dilations 1, no padding,
//! `reduce`, `reduce_window` and `reduce_scatter` by `add`, `scatter` by `replace`,
//! `select_and_scatter` selecting by `GE` and scattering by `add`, `triangular_solve`
//! with `a` as is, channel 0, `rng_bit_generator` `DEFAULT` to `u32`, `split_count`
//! the group size).

use super::decode::{Ctx, Fields};
use super::yaml::{Node, NodeKind};
use autoshard_model::ops::{
    AllGather, AllToAll, BatchNormInference, BinaryOp, BitcastConvert, BroadcastInDim, Cholesky, ComparisonDirection,
    Concatenate, Constant, ConvDimensionNumbers, Convolution, Custom, DotGeneral, DynamicSlice, EinsumEquation, Gather,
    Iota, ManualComputation, NamedComputation, Norm, Pad, PropagationDirection, Reduce, ReduceKind, ReduceScatter,
    ReduceWindow, ReplicaGroups, Reshape, Reverse, RngAlgorithm, RngBitGenerator, Scatter, ScatterKind,
    SelectAndScatter, Slice, Softmax, Sort, Take, Transpose, TransposeA, TriangularSolve, UnaryOp, Window,
};
use autoshard_model::{DType, Flops, OpKind, OpShardingRule, TensorSharding, TensorType};

/// Keys every op takes.
pub const COMMON_KEYS: [&str; 4] = ["name", "op", "operands", "sharding"];

/// The keys specific to op `name`, or `None` for an unknown op.
pub fn op_keys(name: &str) -> Option<&'static [&'static str]> {
    if UnaryOp::ALL.iter().any(|u| u.name() == name) || BinaryOp::ALL.iter().any(|b| b.name() == name) {
        return Some(&[]);
    }
    Some(match name {
        "select" | "clamp" | "dot" | "sharding_constraint" | "reshard" => &[],
        "convert" => &["dtype"],
        "compare" => &["comparison_direction"],
        "dot_general" => &["batching_dims", "contracting_dims"],
        "einsum" => &["equation"],
        "reduce" => &["dimensions", "kind"],
        "broadcast_in_dim" => &["shape", "broadcast_dimensions"],
        "reshape" => &["shape"],
        "transpose" => &["permutation"],
        "concatenate" => &["dimension"],
        "reverse" => &["dimensions"],
        "slice" => &["start_indices", "limit_indices", "strides"],
        "pad" => &["edge_padding_low", "edge_padding_high", "interior_padding", "value"],
        "dynamic_slice" => &["slice_sizes"],
        "dynamic_update_slice" => &[],
        "bitcast_convert" => &["dtype"],
        "rng_bit_generator" => &["algorithm", "shape", "dtype"],
        "batch_norm_inference" => &["epsilon", "feature_index"],
        "all_gather" => &["all_gather_dim", "replica_groups", "channel_id", "use_global_device_ids"],
        "all_to_all" => &["split_dimension", "concat_dimension", "split_count", "replica_groups", "channel_id"],
        "reduce_scatter" => &["scatter_dimension", "kind", "replica_groups", "channel_id", "use_global_device_ids"],
        "convolution" => &[
            "dimension_numbers",
            "window_strides",
            "padding",
            "lhs_dilation",
            "rhs_dilation",
            "feature_group_count",
            "batch_group_count",
        ],
        "gather" => &[
            "offset_dims",
            "collapsed_slice_dims",
            "operand_batching_dims",
            "start_indices_batching_dims",
            "start_index_map",
            "index_vector_dim",
            "slice_sizes",
            "indices_are_sorted",
        ],
        "scatter" => &[
            "update_window_dims",
            "inserted_window_dims",
            "input_batching_dims",
            "scatter_indices_batching_dims",
            "scatter_dims_to_operand_dims",
            "index_vector_dim",
            "indices_are_sorted",
            "unique_indices",
            "kind",
        ],
        "reduce_window" => {
            &["window_dimensions", "window_strides", "padding", "base_dilations", "window_dilations", "kind"]
        }
        "select_and_scatter" => &["window_dimensions", "window_strides", "padding", "select", "scatter"],
        "take" => &["axis"],
        "sort" => &["dimension", "descending", "is_stable"],
        "triangular_solve" => &["left_side", "lower", "unit_diagonal", "transpose_a"],
        "cholesky" => &["lower"],
        "softmax" => &["dimension"],
        "layer_norm" | "rms_norm" => &["dimensions", "epsilon"],
        "custom" => &["rule", "result", "flops", "body"],
        "propagation_barrier" => &["allowed_direction"],
        "named_computation" => &["label", "body", "in_shardings", "out_shardings"],
        "manual_computation" => &["manual_axes", "in_shardings", "out_shardings", "body"],
        "constant" => &["shape", "value", "dtype"],
        "iota" => &["shape", "iota_dimension", "dtype"],
        _ => return None,
    })
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

pub(super) fn dtype(ctx: &mut Ctx<'_>, node: &Node) -> Option<DType> {
    let choices: Vec<(&str, DType)> = DType::ALL.iter().map(|d| (d.name(), *d)).collect();
    ctx.choice(node, "dtype", &choices)
}

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
    if let Some(kind) = OpKind::elementwise(op) {
        return Some(kind);
    }
    let mut r = Reader { ctx, f, ok: true };
    let kind = match op {
        "select" => OpKind::Select,
        "clamp" => OpKind::Clamp,
        "dot" => OpKind::Dot,
        "convert" => OpKind::Convert { dtype: r.req("dtype", dtype)? },
        "compare" => {
            let choices = ComparisonDirection::ALL.map(|d| (d.name(), d));
            OpKind::Compare {
                direction: r.req("comparison_direction", |c, n| c.choice(n, "comparison_direction", &choices))?,
            }
        }
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
        "reduce" => {
            let dimensions = r.req("dimensions", |c, n| c.int_list(n, "dimensions"))?;
            OpKind::Reduce(Reduce { dimensions, kind: reduce_kind(&mut r, "kind", "reduce kind") })
        }
        "broadcast_in_dim" => {
            let shape = r.req("shape", |c, n| c.shape(n, "shape"));
            let broadcast_dimensions = r.req("broadcast_dimensions", |c, n| c.int_list(n, "broadcast_dimensions"));
            OpKind::BroadcastInDim(BroadcastInDim { shape: shape?, broadcast_dimensions: broadcast_dimensions? })
        }
        "reshape" => OpKind::Reshape(Reshape { shape: r.req("shape", |c, n| c.shape(n, "shape"))? }),
        "transpose" => {
            OpKind::Transpose(Transpose { permutation: r.req("permutation", |c, n| c.int_list(n, "permutation"))? })
        }
        "concatenate" => {
            OpKind::Concatenate(Concatenate { dimension: r.req("dimension", |c, n| c.int(n, "dimension"))? })
        }
        "reverse" => OpKind::Reverse(Reverse { dimensions: r.req("dimensions", |c, n| c.int_list(n, "dimensions"))? }),
        "slice" => {
            let start_indices = r.req("start_indices", |c, n| c.int_list(n, "start_indices"));
            let limit_indices = r.req("limit_indices", |c, n| c.int_list(n, "limit_indices"));
            let (start_indices, limit_indices) = (start_indices?, limit_indices?);
            let strides =
                r.opt("strides", |c, n| c.int_list(n, "strides")).unwrap_or_else(|| vec![1; start_indices.len()]);
            OpKind::Slice(Slice { start_indices, limit_indices, strides })
        }
        "pad" => {
            let edge_padding_low = r.req("edge_padding_low", |c, n| c.int_list(n, "edge_padding_low"));
            let edge_padding_high = r.req("edge_padding_high", |c, n| c.int_list(n, "edge_padding_high"));
            let (edge_padding_low, edge_padding_high) = (edge_padding_low?, edge_padding_high?);
            let interior_padding = r
                .opt("interior_padding", |c, n| c.int_list(n, "interior_padding"))
                .unwrap_or_else(|| vec![0; edge_padding_low.len()]);
            let value = r.opt("value", |c, n| c.number(n, "value")).unwrap_or(0.0);
            OpKind::Pad(Pad { edge_padding_low, edge_padding_high, interior_padding, value })
        }
        "dynamic_slice" => {
            OpKind::DynamicSlice(DynamicSlice { slice_sizes: r.req("slice_sizes", |c, n| c.shape(n, "slice_sizes"))? })
        }
        "dynamic_update_slice" => OpKind::DynamicUpdateSlice,
        "bitcast_convert" => OpKind::BitcastConvert(BitcastConvert { dtype: r.req("dtype", dtype)? }),
        "rng_bit_generator" => {
            let choices = RngAlgorithm::ALL.map(|a| (a.name(), a));
            let algorithm = r.opt("algorithm", |c, n| c.choice(n, "algorithm", &choices));
            let shape = r.req("shape", |c, n| c.shape(n, "shape"));
            let dtype = r.opt("dtype", dtype).unwrap_or(DType::U32);
            OpKind::RngBitGenerator(RngBitGenerator {
                algorithm: algorithm.unwrap_or(RngAlgorithm::Default),
                result: TensorType::new(shape?, dtype),
            })
        }
        "batch_norm_inference" => {
            let feature_index = r.req("feature_index", |c, n| c.int(n, "feature_index"));
            let epsilon = r.opt("epsilon", |c, n| c.number(n, "epsilon")).unwrap_or(Norm::DEFAULT_EPSILON);
            OpKind::BatchNormInference(BatchNormInference { epsilon, feature_index: feature_index? })
        }
        "all_gather" | "all_to_all" | "reduce_scatter" => collective(&mut r, op)?,
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
        "gather" => {
            let start_index_map = r.req("start_index_map", |c, n| c.int_list(n, "start_index_map"));
            let index_vector_dim = r.req("index_vector_dim", |c, n| c.int(n, "index_vector_dim"));
            let slice_sizes = r.req("slice_sizes", |c, n| c.shape(n, "slice_sizes"));
            OpKind::Gather(Gather {
                offset_dims: r.list("offset_dims"),
                collapsed_slice_dims: r.list("collapsed_slice_dims"),
                operand_batching_dims: r.list("operand_batching_dims"),
                start_indices_batching_dims: r.list("start_indices_batching_dims"),
                start_index_map: start_index_map?,
                index_vector_dim: index_vector_dim?,
                slice_sizes: slice_sizes?,
                indices_are_sorted: r.flag("indices_are_sorted"),
            })
        }
        "scatter" => {
            let choices = ScatterKind::ALL.map(|k| (k.name(), k));
            let scatter_dims_to_operand_dims =
                r.req("scatter_dims_to_operand_dims", |c, n| c.int_list(n, "scatter_dims_to_operand_dims"));
            let index_vector_dim = r.req("index_vector_dim", |c, n| c.int(n, "index_vector_dim"));
            OpKind::Scatter(Scatter {
                update_window_dims: r.list("update_window_dims"),
                inserted_window_dims: r.list("inserted_window_dims"),
                input_batching_dims: r.list("input_batching_dims"),
                scatter_indices_batching_dims: r.list("scatter_indices_batching_dims"),
                scatter_dims_to_operand_dims: scatter_dims_to_operand_dims?,
                index_vector_dim: index_vector_dim?,
                indices_are_sorted: r.flag("indices_are_sorted"),
                unique_indices: r.flag("unique_indices"),
                kind: r.opt("kind", |c, n| c.choice(n, "scatter kind", &choices)).unwrap_or(ScatterKind::Replace),
            })
        }
        "take" => OpKind::Take(Take { axis: r.opt("axis", |c, n| c.int(n, "axis")).unwrap_or(0) }),
        "sort" => OpKind::Sort(Sort {
            dimension: r.req("dimension", |c, n| c.int(n, "dimension"))?,
            descending: r.flag("descending"),
            is_stable: r.flag("is_stable"),
        }),
        "triangular_solve" => {
            let choices = TransposeA::ALL.map(|t| (t.name(), t));
            let left_side = r.req("left_side", |c, n| c.boolean(n, "left_side"));
            let lower = r.req("lower", |c, n| c.boolean(n, "lower"));
            OpKind::TriangularSolve(TriangularSolve {
                left_side: left_side?,
                lower: lower?,
                unit_diagonal: r.flag("unit_diagonal"),
                transpose_a: r
                    .opt("transpose_a", |c, n| c.choice(n, "transpose_a", &choices))
                    .unwrap_or(TransposeA::NoTranspose),
            })
        }
        "cholesky" => OpKind::Cholesky(Cholesky { lower: r.flag("lower") }),
        "softmax" => OpKind::Softmax(Softmax { dimension: r.req("dimension", |c, n| c.int(n, "dimension"))? }),
        "layer_norm" | "rms_norm" => {
            let dims = r.req("dimensions", |c, n| c.int_list(n, "dimensions"))?;
            let epsilon = r.opt("epsilon", |c, n| c.number(n, "epsilon")).unwrap_or(Norm::DEFAULT_EPSILON);
            let norm = Norm { dimensions: dims, epsilon };
            if op == "layer_norm" { OpKind::LayerNorm(norm) } else { OpKind::RmsNorm(norm) }
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
        "constant" => {
            let shape = r.req("shape", |c, n| c.shape(n, "shape"));
            let values = r.req("value", constant_values);
            let dtype = r.opt("dtype", dtype).unwrap_or(DType::F32);
            OpKind::Constant(Constant { ty: TensorType::new(shape?, dtype), values: values? })
        }
        "iota" => {
            let shape = r.req("shape", |c, n| c.shape(n, "shape"));
            let iota_dimension = r.req("iota_dimension", |c, n| c.int(n, "iota_dimension"));
            let dtype = r.opt("dtype", dtype).unwrap_or(DType::I32);
            OpKind::Iota(Iota { ty: TensorType::new(shape?, dtype), iota_dimension: iota_dimension? })
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

    /// An optional list of dimensions, empty when absent.
    fn list(&mut self, key: &str) -> Vec<i64> {
        self.opt(key, |c, n| c.int_list(n, key)).unwrap_or_default()
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

/// `all_gather`, `all_to_all` or `reduce_scatter` (`op`).
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
