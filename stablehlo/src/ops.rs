//! What each StableHLO and `sdy` operation means in the op set: its [`OpKind`] from
//! its attributes (in the pretty or the generic spelling) and result types.
//!
//! The op catalog maps StableHLO names to ops; an op whose import the catalog derives
//! is read by `declared.rs`, the others here by hand (regions, operands held as
//! attributes, structured attributes, the pretty `slice` spec, `sdy` syntax).
//! Operands the op set holds as attributes (a `reduce`'s init value, a `pad`'s
//! padding value) are read off the constants that define them; an op outside the op
//! set is an error naming it.

use super::ast::{Operation, Type, ValueRef};
use super::attrs::{self, enum_word, flag, get, req};
use super::collective;
use super::combiner::{arg_reduction, body_reduction, reduction};
use super::declared;
use autoshard_model::ops::catalog;
use autoshard_model::ops::decl::Codec;
use autoshard_model::ops::{
    BinaryOp, ComparisonDirection, Constant, ConvDimensionNumbers, Convolution, DotGeneral, Gather, Pad,
    PropagationDirection, Reduce, ReduceWindow, Scatter, ScatterKind, SelectAndScatter, Slice, Sort, UnaryOp, Window,
};
use autoshard_model::{DType, OpKind, TensorSharding, TensorType};

/// What the importer knows while mapping one op.
pub trait Scope {
    /// The scalar value of the constant that defines operand `name`, if it is one.
    fn scalar(&self, name: &str) -> Option<f64>;
    /// The default mesh name for shardings.
    fn mesh_name(&self) -> &str;
}

/// Whether `u` is one of StableHLO's own unary ops (the op set adds `relu`, `gelu`,
/// `silu` and `erf`, which StableHLO writes otherwise): the catalog gives it a
/// `stablehlo.*` name.
pub fn is_stablehlo_unary(u: UnaryOp) -> bool {
    catalog::find(u.name()).is_some_and(|d| d.stablehlo.iter().any(|n| n.starts_with("stablehlo.")))
}

/// A tensor type of the op set from a parsed type.
pub fn tensor_type(ty: &Type) -> Result<TensorType, String> {
    TensorType::try_from(ty).map_err(|e| e.to_string())
}

fn result_type(op: &Operation) -> Result<TensorType, String> {
    op.result_types.first().ok_or_else(|| "the op states no result type".to_string()).and_then(tensor_type)
}

/// The type of `op`'s result `k`.
fn nth_result_type(op: &Operation, k: usize) -> Result<TensorType, String> {
    match k {
        0 => result_type(op),
        _ => op.result_types.get(k).ok_or_else(|| format!("{} states no result {k}", op.name)).and_then(tensor_type),
    }
}

fn ints_or(op: &Operation, names: &[&str], default: Vec<i64>) -> Result<Vec<i64>, String> {
    get(op, names).map_or(Ok(default), attrs::ints)
}

fn int_or(op: &Operation, names: &[&str], default: i64) -> Result<i64, String> {
    get(op, names).map_or(Ok(default), attrs::int)
}

/// The op set's kind for `op` and the operands that feed it: all of the op's,
/// except those the op set holds as attributes (a `reduce`'s inits, a `pad`'s
/// constant value); `chlo.square` is `x * x`.
pub fn lower<'o>(op: &'o Operation, scope: &dyn Scope) -> Result<(OpKind, Vec<&'o ValueRef>), String> {
    let names = op.operands.iter();
    if op.name == "chlo.square" {
        let [x] = op.operands.as_slice() else {
            return Err(format!("chlo.square takes one operand, not {}", op.operands.len()));
        };
        return Ok((OpKind::Binary(BinaryOp::Multiply), vec![x, x]));
    }
    let kind = kind(op, scope)?;
    let fed = match &kind {
        OpKind::Reduce(_) => return Ok((kind, reduce_operands(op).0)),
        OpKind::Pad(_) if op.operands.get(1).and_then(|v| scope.scalar(&v.id())).is_some() => 1,
        _ => op.operands.len(),
    };
    Ok((kind, names.take(fed).collect()))
}

/// The op set's kind for `op` (a `stablehlo.*` or `sdy.*` op without a body of its
/// own; region ops are the importer's).
fn kind(op: &Operation, scope: &dyn Scope) -> Result<OpKind, String> {
    let unsupported = || format!("op '{}' is not supported", op.name);
    let decl = catalog::by_stablehlo(&op.name).ok_or_else(unsupported)?;
    if decl.import == Codec::Derived {
        return declared::kind(op, decl, &|k| nth_result_type(op, k));
    }
    Ok(match decl.name {
        "dot_general" => OpKind::DotGeneral(dot_general(op)?),
        "reduce" => OpKind::Reduce(reduce(op, scope)?),
        "slice" => OpKind::Slice(slice(op, decl)?),
        "pad" => OpKind::Pad(pad(op, scope)?),
        "all_gather" => OpKind::AllGather(collective::all_gather(op)?),
        "all_to_all" => OpKind::AllToAll(collective::all_to_all(op)?),
        "reduce_scatter" => OpKind::ReduceScatter(collective::reduce_scatter(op)?),
        "all_reduce" => OpKind::AllReduce(collective::all_reduce(op)?),
        "collective_permute" => OpKind::CollectivePermute(collective::collective_permute(op)?),
        "convolution" => OpKind::Convolution(convolution(op)?),
        "reduce_window" => OpKind::ReduceWindow(reduce_window(op)?),
        "select_and_scatter" => OpKind::SelectAndScatter(select_and_scatter(op)?),
        "gather" => OpKind::Gather(gather(op)?),
        "scatter" => OpKind::Scatter(scatter(op)?),
        "sort" => OpKind::Sort(sort(op)?),
        "sharding_constraint" => OpKind::ShardingConstraint(sharding_word(op, scope)?),
        "reshard" => OpKind::Reshard(sharding_word(op, scope)?),
        "propagation_barrier" => {
            let word = enum_word(req(op, &["allowed_direction"])?).to_string();
            OpKind::PropagationBarrier(by_name(
                &PropagationDirection::ALL,
                PropagationDirection::name,
                &word,
                "allowed_direction",
            )?)
        }
        _ => return Err(unsupported()),
    })
}

/// The direction of a `stablehlo.compare` (in a comparator or select region), read as
/// the catalog declares it.
fn comparison(op: &Operation) -> Result<ComparisonDirection, String> {
    let decl = catalog::find("compare").ok_or("the catalog has no compare")?;
    match declared::kind(op, decl, &|k| nth_result_type(op, k))? {
        OpKind::Compare { direction } => Ok(direction),
        _ => Err("a compare is read as another op".into()),
    }
}

/// The one of `all` whose `name` is `word`, or an error listing the names (`what`
/// names the attribute).
fn by_name<T: Copy>(all: &[T], name: fn(T) -> &'static str, word: &str, what: &str) -> Result<T, String> {
    all.iter().copied().find(|&t| name(t) == word).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&t| name(t)).collect();
        format!("{what} '{word}' is not one of {}", names.join(", "))
    })
}

fn dot_general(op: &Operation) -> Result<DotGeneral, String> {
    let pair = |pretty: &str, lhs: &str, rhs: &str| -> Result<(Vec<i64>, Vec<i64>), String> {
        if let Some(text) = get(op, &[pretty]) {
            let (l, r) = text.split_once("x").ok_or_else(|| format!("expected '[…] x […]', found '{text}'"))?;
            return Ok((attrs::ints(l)?, attrs::ints(r)?));
        }
        let numbers = get(op, &["dot_dimension_numbers"]).unwrap_or("");
        let read = |name| attrs::field_ints(numbers, name);
        Ok((read(lhs)?, read(rhs)?))
    };
    let (lhs_batching_dims, rhs_batching_dims) =
        pair("batching_dims", "lhs_batching_dimensions", "rhs_batching_dimensions")?;
    let (lhs_contracting_dims, rhs_contracting_dims) =
        pair("contracting_dims", "lhs_contracting_dimensions", "rhs_contracting_dimensions")?;
    Ok(DotGeneral { lhs_batching_dims, rhs_batching_dims, lhs_contracting_dims, rhs_contracting_dims })
}

/// A reduce's inputs and init values: the pretty form pairs them
/// (`(%x init: %c), (%y init: %d)`), the generic form lists the inputs first.
fn reduce_operands(op: &Operation) -> (Vec<&ValueRef>, Vec<&ValueRef>) {
    let names: Vec<&ValueRef> = op.operands.iter().collect();
    let n = names.len() / 2;
    if op.words.iter().any(|w| w.text == "init") {
        (names.iter().step_by(2).copied().collect(), names.iter().skip(1).step_by(2).copied().collect())
    } else {
        (names[..n].to_vec(), names[n..].to_vec())
    }
}

fn reduce(op: &Operation, scope: &dyn Scope) -> Result<Reduce, String> {
    let n = op.operands.len() / 2;
    if n == 0 || !op.operands.len().is_multiple_of(2) {
        return Err(format!("a reduce takes inputs and as many inits, not {} operands", op.operands.len()));
    }
    // The pretty form names the combiner (`applies stablehlo.add`); else its region.
    let dtypes = op.result_types.iter().map(|t| tensor_type(t).map(|t| t.dtype)).collect::<Result<Vec<_>, _>>()?;
    let kind = match op.words.iter().skip_while(|w| w.text != "applies").nth(1) {
        Some(name) => reduction(&name.text).ok_or_else(|| format!("a reduce by '{}' is not supported", name.text))?,
        None => match body_reduction(op, 0, n) {
            Ok(kind) => kind,
            Err(_)
                if n == 2
                    && let Some(kind) = arg_reduction(op, dtypes[0].is_float()) =>
            {
                kind
            }
            Err(e) => return Err(e),
        },
    };
    for (i, init) in reduce_operands(op).1.into_iter().enumerate() {
        let dtype = dtypes.get(i).copied();
        // A bitwise reduce of floats has no identity: inference refuses it and says why.
        let no_identity = |d: DType| kind.is_bitwise() && d.is_float();
        let identity = |v: f64, d: DType| kind.is_operand_identity_in(i, v, d) || no_identity(d);
        match scope.scalar(&init.id()) {
            Some(v) if dtype.is_some_and(|d| identity(v, d)) => {}
            Some(v) => return Err(format!("the reduce's init value {v} is not the identity of {}", kind.name())),
            None => return Err(format!("a reduce whose init value {init} is not a constant is not supported")),
        }
    }
    Ok(Reduce { dimensions: attrs::ints(req(op, &["dimensions"])?)?, kind })
}

/// A `slice`: the pretty form's `[start:limit:stride, …]` spec by hand, the generic
/// form as the catalog declares it.
fn slice(op: &Operation, decl: &autoshard_model::ops::decl::OpDecl) -> Result<Slice, String> {
    if let Some(spec) = op.words.iter().find(|w| w.text.starts_with('[')) {
        let inner = attrs::inside(&spec.text, '[', ']');
        let (mut start_indices, mut limit_indices, mut strides) = (Vec::new(), Vec::new(), Vec::new());
        for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let numbers: Vec<i64> = part
                .split(':')
                .map(|n| n.trim().parse().map_err(|_| format!("bad slice '{part}'")))
                .collect::<Result<_, _>>()?;
            match numbers.as_slice() {
                [s, l] => (start_indices.push(*s), limit_indices.push(*l), strides.push(1)),
                [s, l, k] => (start_indices.push(*s), limit_indices.push(*l), strides.push(*k)),
                _ => return Err(format!("bad slice '{part}'")),
            };
        }
        return Ok(Slice { start_indices, limit_indices, strides });
    }
    match decl.build(&declared::values(op, decl, &|k| nth_result_type(op, k))?).map_err(|e| e.to_string())? {
        OpKind::Slice(s) => Ok(s),
        _ => Err("a slice is read as another op".into()),
    }
}

/// A `pad`; a constant padding value is held as its `value`, any other stays an
/// operand.
fn pad(op: &Operation, scope: &dyn Scope) -> Result<Pad, String> {
    let value = op.operands.get(1).and_then(|v| scope.scalar(&v.id())).unwrap_or(0.0);
    let edge_padding_low = attrs::ints(req(op, &["low", "edge_padding_low"])?)?;
    let edge_padding_high = attrs::ints(req(op, &["high", "edge_padding_high"])?)?;
    let interior_padding = ints_or(op, &["interior", "interior_padding"], vec![0; edge_padding_low.len()])?;
    Ok(Pad { edge_padding_low, edge_padding_high, interior_padding, value })
}

fn convolution(op: &Operation) -> Result<Convolution, String> {
    let numbers = req(op, &["dim_numbers", "dimension_numbers"])?;
    let numbers = numbers.strip_prefix("#stablehlo.conv<").and_then(|n| n.strip_suffix('>')).unwrap_or(numbers);
    let dimension_numbers: ConvDimensionNumbers = numbers.parse()?;
    let spatial = dimension_numbers.input_spatial.len();
    let window = get(op, &["window"]).unwrap_or("{}").trim();
    let window = window.strip_prefix('{').and_then(|w| w.strip_suffix('}')).unwrap_or("");
    let window_field = |name: &str| attrs::entry(window, name);
    let list = |pretty: &str, generic: &str| -> Result<Vec<i64>, String> {
        match window_field(pretty).or_else(|| get(op, &[generic])) {
            Some(text) => attrs::ints(text),
            None => Ok(vec![1; spatial]),
        }
    };
    let padding = padding_pairs(window_field("pad").or_else(|| get(op, &["padding"])), spatial, "spatial dim")?;
    Ok(Convolution {
        window_strides: list("stride", "window_strides")?,
        padding,
        lhs_dilation: list("lhs_dilate", "lhs_dilation")?,
        rhs_dilation: list("rhs_dilate", "rhs_dilation")?,
        feature_group_count: int_or(op, &["feature_group_count"], 1)?,
        batch_group_count: int_or(op, &["batch_group_count"], 1)?,
        dimension_numbers,
    })
}

/// `[[low, high], ...]` padding (`(0, 0)` for each of `count` dimensions when
/// absent).
fn padding_pairs(text: Option<&str>, count: usize, per: &str) -> Result<Vec<(i64, i64)>, String> {
    let Some(text) = text else { return Ok(vec![(0, 0); count]) };
    let flat = attrs::ints(text)?;
    if flat.len() % 2 != 0 {
        return Err(format!("padding must be [[low, high], ...], one pair per {per}, found '{text}'"));
    }
    Ok(flat.chunks_exact(2).map(|p| (p[0], p[1])).collect())
}

/// The window of a `reduce_window` or `select_and_scatter` over inputs of `rank`.
fn window(op: &Operation, rank: usize) -> Result<Window, String> {
    let ones = |name: &str| ints_or(op, &[name], vec![1; rank]);
    Ok(Window {
        dimensions: ones("window_dimensions")?,
        strides: ones("window_strides")?,
        padding: padding_pairs(get(op, &["padding"]), rank, "dim")?,
        base_dilations: ones("base_dilations")?,
        window_dilations: ones("window_dilations")?,
    })
}

/// The rank of `op`'s result `k`.
fn result_rank(op: &Operation, k: usize) -> Result<usize, String> {
    op.result_types.get(k).map(|t| t.shape.len()).ok_or_else(|| format!("{} states no result {k}", op.name))
}

fn reduce_window(op: &Operation) -> Result<ReduceWindow, String> {
    let inputs = op.result_types.len();
    Ok(ReduceWindow { window: window(op, result_rank(op, 0)?)?, kind: body_reduction(op, 0, inputs)? })
}

fn select_and_scatter(op: &Operation) -> Result<SelectAndScatter, String> {
    let select_body = op.regions.first().map(|r| r.ops.as_slice()).unwrap_or_default();
    let select = match select_body {
        [compare, _] if compare.name == "stablehlo.compare" => comparison(compare)?,
        _ => return Err("a select_and_scatter whose select is not one stablehlo.compare is not supported".into()),
    };
    Ok(SelectAndScatter { window: window(op, result_rank(op, 0)?)?, select, scatter: body_reduction(op, 1, 1)? })
}

fn gather(op: &Operation) -> Result<Gather, String> {
    let numbers = req(op, &["dimension_numbers"])?;
    let list = |name| attrs::field_ints(numbers, name);
    Ok(Gather {
        offset_dims: list("offset_dims")?,
        collapsed_slice_dims: list("collapsed_slice_dims")?,
        operand_batching_dims: list("operand_batching_dims")?,
        start_indices_batching_dims: list("start_indices_batching_dims")?,
        start_index_map: list("start_index_map")?,
        index_vector_dim: attrs::field_int(numbers, "index_vector_dim", 0)?,
        slice_sizes: attrs::ints(req(op, &["slice_sizes"])?)?,
        indices_are_sorted: flag(op, "indices_are_sorted")?,
    })
}

fn scatter(op: &Operation) -> Result<Scatter, String> {
    let numbers = req(op, &["scatter_dimension_numbers"])?;
    let list = |name| attrs::field_ints(numbers, name);
    let replaces = op.regions.first().is_some_and(|r| r.ops.len() == 1);
    let kind = if replaces {
        ScatterKind::Replace
    } else {
        let combining = body_reduction(op, 0, op.operands.len() / 2).ok().and_then(ScatterKind::combining);
        combining.ok_or(
            "a scatter whose body is not a replace or one add, maximum, minimum or multiply per input (all the same) \
             is not supported",
        )?
    };
    Ok(Scatter {
        update_window_dims: list("update_window_dims")?,
        inserted_window_dims: list("inserted_window_dims")?,
        input_batching_dims: list("input_batching_dims")?,
        scatter_indices_batching_dims: list("scatter_indices_batching_dims")?,
        scatter_dims_to_operand_dims: list("scatter_dims_to_operand_dims")?,
        index_vector_dim: attrs::field_int(numbers, "index_vector_dim", 0)?,
        indices_are_sorted: flag(op, "indices_are_sorted")?,
        unique_indices: flag(op, "unique_indices")?,
        kind,
    })
}

fn sort(op: &Operation) -> Result<Sort, String> {
    let comparator = op.regions.first().map(|r| r.ops.as_slice()).unwrap_or_default();
    let direction = comparator.iter().find(|o| o.name == "stablehlo.compare").map(comparison).transpose()?;
    let descending = matches!(direction, Some(ComparisonDirection::Gt | ComparisonDirection::Ge));
    Ok(Sort { dimension: int_or(op, &["dimension"], -1)?, descending, is_stable: flag(op, "is_stable")? })
}

/// A `stablehlo.constant` or `sdy.constant`'s value.
pub fn constant(op: &Operation) -> Result<Constant, String> {
    let ty = result_type(op)?;
    let literal = op
        .words
        .iter()
        .map(|w| w.text.as_str())
        .find(|w| w.starts_with("dense<"))
        .or_else(|| get(op, &["value"]))
        .ok_or("the constant has no dense<…> value")?;
    let element = op.result_types[0].element.clone();
    let values = attrs::dense(literal, &element)?;
    let count: i64 = ty.shape.iter().product();
    if values.len() != 1 && values.len() as i64 != count {
        return Err(format!("the constant has {} values for {count} elements", values.len()));
    }
    Ok(Constant { ty, values })
}

/// The sharding of a `sharding_constraint` or `reshard`: its `<@mesh, […]>` word or
/// its `sharding` attribute.
fn sharding_word(op: &Operation, scope: &dyn Scope) -> Result<TensorSharding, String> {
    let text = op.words.iter().find(|w| w.text.starts_with('<')).map(|w| w.text.as_str());
    let text = text.or_else(|| get(op, &["sharding"])).ok_or("the op has no sharding")?;
    sharding(text, scope.mesh_name())
}

/// A sharding in any of its spellings (`#sdy.sharding<…>`, `<@mesh, […]>`).
pub fn sharding(text: &str, mesh_name: &str) -> Result<TensorSharding, String> {
    TensorSharding::parse_with_default_mesh(text.trim(), mesh_name).map_err(|e| format!("malformed sharding: {e}"))
}
