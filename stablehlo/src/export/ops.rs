//! One program op as StableHLO (or `sdy`) ops of the module: the op set's attributes in
//! StableHLO's generic attribute syntax, the region ops with their bodies. An op whose
//! export the op catalog derives is written by `declared.rs`; the rest here by hand.
//! Ops with no StableHLO counterpart go to `decompose.rs`, collectives to
//! `collectives.rs`, `dot_general` to `dot.rs` and reductions' combining regions to
//! `reductions.rs`.

use super::build::{dict, pretty_op};
use super::dot::dot_general;
use super::reductions::{combiner, combining, inits, reduce, scalars};
use super::{Dialect, Emitter, Region, Ssa, array, collectives, comparison, control, declared, decompose, fields};
use crate::ast::Type;
use crate::ast::{Attr, Dict, Op};
use autoshard_model::ops::catalog;
use autoshard_model::ops::decl::Codec;
use autoshard_model::ops::{
    ComparisonDirection, ConvDimensionNumbers, Convolution, Custom, DotGeneral, Gather, ManualComputation,
    ReduceWindow, Scatter, SelectAndScatter, Window,
};
use autoshard_model::{DType, OpId, OpKind, TensorSharding, TensorType};

/// Writes op `id` and returns its results' SSA values, in order.
pub(super) fn emit(e: &mut Emitter<'_>, id: OpId) -> Result<Vec<Ssa>, String> {
    let program = e.program;
    let op = program.op(id);
    let args = e.values(&op.operands).map_err(|err| err.to_string())?;
    let results: Vec<TensorType> = op.results.iter().map(|&v| program.value(v).ty.clone()).collect();
    if let (OpKind::NamedComputation(n), true) = (&op.kind, results.is_empty()) {
        // JAX calls functions that return nothing (`call @silu() : () -> ()`); the
        // call is written `func.call`, which reads in any region (a manual
        // computation's body has no default dialect for the short form).
        return Ok(call(e, id, &args, &n.label, &results));
    }
    let result = results.first().cloned().ok_or("the op has no result")?;
    let one = |v: Ssa| Ok(vec![v]);
    if let Some(decl) = catalog::of(&op.kind).filter(|d| d.export == Codec::Derived) {
        return declared::emit(e, decl, &op.kind, &args, &results);
    }
    match &op.kind {
        OpKind::Unary(u) => one(decompose::unary(e, *u, &args[0])),
        OpKind::DotGeneral(d) => one(dot_general(e, &args[0], &args[1], d, &result)),
        OpKind::Dot => one(dot_general(e, &args[0], &args[1], &DotGeneral::for_dot(args[0].ty.rank()), &result)),
        OpKind::Einsum(eq) => decompose::einsum(e, eq, &args).map(|v| vec![v]),
        OpKind::Reduce(r) => Ok(reduce(e, &args, r.kind, &r.dimensions, &results)),
        OpKind::Pad(p) => {
            let value = match args.get(1) {
                Some(v) => v.clone(),
                None => e.splat(p.value, &TensorType::new(vec![], args[0].ty.dtype)),
            };
            let properties = dict([
                ("edge_padding_high", array(&p.edge_padding_high)),
                ("edge_padding_low", array(&p.edge_padding_low)),
                ("interior_padding", array(&p.interior_padding)),
            ]);
            Ok(e.stablehlo("pad", &[args[0].clone(), value], properties, &results))
        }
        OpKind::Convolution(c) => Ok(e.stablehlo("convolution", &args, convolution(c), &results)),
        OpKind::Gather(g) => Ok(e.stablehlo("gather", &args, gather(g), &results)),
        OpKind::Scatter(s) => Ok(scatter(e, &args, s, &results)),
        OpKind::Take(t) => one(decompose::take(e, &args[0], &args[1], t.axis, &result)),
        OpKind::Sort(s) => Ok(sort(e, &args, s.dimension, s.descending, s.is_stable, &results)),
        OpKind::Softmax(s) => one(decompose::softmax(e, &args[0], s.dimension)),
        OpKind::LayerNorm(n) => one(decompose::norm(e, &args, &n.dimensions, n.epsilon, true)),
        OpKind::RmsNorm(n) => one(decompose::norm(e, &args, &n.dimensions, n.epsilon, false)),
        OpKind::Custom(c) => custom(e, id, args, c),
        // XLA's Shardy import rejects `sdy.reshard` (an op of Shardy's own passes);
        // a constraint fixes the same sharding at the same point.
        OpKind::ShardingConstraint(s) | OpKind::Reshard(s) => {
            let hint = if e.dialect == Dialect::Mesh { "constraint" } else { "sharding_constraint" };
            one(e.constrain_to(&args[0], s, hint))
        }
        // A plan needs no barrier: the value's own constraint follows.
        OpKind::PropagationBarrier(_) if e.dialect == Dialect::Mesh => one(args[0].clone()),
        OpKind::ManualComputation(_) if e.dialect == Dialect::Mesh => {
            Err("a manual computation has no form in the mesh dialect".into())
        }
        OpKind::PropagationBarrier(d) => {
            let attrs = dict([("allowed_direction", d.name().to_uppercase())]);
            let result_types = vec![Type::from(&args[0].ty)];
            let op = Op { attrs, result_types, ..pretty_op("sdy.propagation_barrier", vec![args[0].value.clone()]) };
            Ok(e.add("propagation_barrier", op, std::slice::from_ref(&args[0].ty)))
        }
        OpKind::NamedComputation(n) => Ok(call(e, id, &args, &n.label, &results)),
        OpKind::ManualComputation(m) => manual(e, id, &args, m, &results),
        OpKind::While(_) | OpKind::Case(_) => control::emit(e, id, &args, &results),
        OpKind::Constant(c) => Ok(e.stablehlo("constant", &[], dict([("value", dense(&c.values, &c.ty))]), &results)),
        OpKind::ReduceWindow(r) => Ok(reduce_window(e, &args, r, &results)),
        OpKind::SelectAndScatter(s) => Ok(vec![select_and_scatter(e, &args, s, &result)]),
        OpKind::AllGather(a) => Ok(collectives::all_gather(e, &args, a, &results)),
        OpKind::AllToAll(a) => Ok(collectives::all_to_all(e, &args, a, &results)),
        OpKind::ReduceScatter(r) => Ok(collectives::reduce_scatter(e, &args, r, &results)),
        OpKind::AllReduce(a) => Ok(collectives::all_reduce(e, &args, a, &results)),
        OpKind::CollectivePermute(c) => Ok(collectives::collective_permute(e, &args, c, &results)),
        kind => Err(format!("the catalog declares no derived writer for {} and none is written by hand", kind.name())),
    }
}

/// `dense<[[lo, hi], …]> : tensor<Nx2xi64>`.
fn padding(pairs: &[(i64, i64)]) -> String {
    let items: Vec<String> = pairs.iter().map(|(lo, hi)| format!("[{lo}, {hi}]")).collect();
    format!("dense<[{}]> : tensor<{}x2xi64>", items.join(", "), pairs.len())
}

/// The window properties of `reduce_window` (`dilations`) or `select_and_scatter`.
fn window(w: &Window, dilations: bool) -> Dict {
    let base = dilations.then(|| ("base_dilations", array(&w.base_dilations)));
    let window = [
        ("padding", padding(&w.padding)),
        ("window_dimensions", array(&w.dimensions)),
        ("window_strides", array(&w.strides)),
    ];
    let window_dilations = dilations.then(|| ("window_dilations", array(&w.window_dilations)));
    dict(base.into_iter().chain(window).chain(window_dilations))
}

/// `reduce_window` of its inputs, each combined on its own by `r.kind`.
fn reduce_window(e: &mut Emitter<'_>, args: &[Ssa], r: &ReduceWindow, results: &[TensorType]) -> Vec<Ssa> {
    let n = ReduceWindow::input_count(args.iter().map(|a| a.ty.rank()));
    let init = inits(e, &args[..n], &args[n..], r.kind);
    let operands: Vec<Ssa> = args[..n].iter().cloned().chain(init).collect();
    let properties = window(&r.window, true);
    combining(e, "reduce_window", &operands, properties, results, Some(r.kind), &scalars(&args[..n]))
}

/// `select_and_scatter`: a select region comparing by `s.select`, a scatter region
/// combining by `s.scatter`.
fn select_and_scatter(e: &mut Emitter<'_>, args: &[Ssa], s: &SelectAndScatter, result: &TensorType) -> Ssa {
    let init = inits(e, &args[..1], &args[2..], s.scatter);
    let scalar = TensorType::new(vec![], args[0].ty.dtype);
    let direction = s.select;
    let mut select = |e: &mut Emitter<'_>, p: &[Ssa]| {
        e.stablehlo("compare", p, comparison(direction, None), &[TensorType::new(vec![], DType::I1)])
    };
    let kind = s.scatter;
    let mut scatter =
        |e: &mut Emitter<'_>, p: &[Ssa]| e.stablehlo(combiner(kind), p, Dict::default(), std::slice::from_ref(&scalar));
    let operands: Vec<Ssa> = args[..2].iter().cloned().chain(init).collect();
    let pair = vec![scalar.clone(); 2];
    let mut regions: [Region<'_, '_>; 2] = [(pair.clone(), &mut select), (pair, &mut scatter)];
    let properties = window(&s.window, false);
    e.stablehlo_regions("select_and_scatter", &operands, properties, std::slice::from_ref(result), &mut regions)
        .remove(0)
}

/// `sort` along `dimension`, keyed by the first operand in a total order.
fn sort(
    e: &mut Emitter<'_>,
    args: &[Ssa],
    dimension: i64,
    descending: bool,
    stable: bool,
    results: &[TensorType],
) -> Vec<Ssa> {
    let properties = dict([("dimension", format!("{dimension} : i64")), ("is_stable", stable.to_string())]);
    let params: Vec<TensorType> =
        args.iter().flat_map(|a| [TensorType::new(vec![], a.ty.dtype), TensorType::new(vec![], a.ty.dtype)]).collect();
    let key = args[0].ty.dtype;
    let mut body = |e: &mut Emitter<'_>, p: &[Ssa]| {
        let direction = if descending { ComparisonDirection::Gt } else { ComparisonDirection::Lt };
        let order = key.is_float().then_some("TOTALORDER");
        e.stablehlo("compare", &p[..2], comparison(direction, order), &[TensorType::new(vec![], DType::I1)])
    };
    e.stablehlo_regions("sort", args, properties, results, &mut [(params, &mut body)])
}

/// `scatter` of `args` (input, indices, updates) combining by `s.kind`.
fn scatter(e: &mut Emitter<'_>, args: &[Ssa], s: &Scatter, results: &[TensorType]) -> Vec<Ssa> {
    let numbers = [
        ("update_window_dims", &s.update_window_dims),
        ("inserted_window_dims", &s.inserted_window_dims),
        ("input_batching_dims", &s.input_batching_dims),
        ("scatter_indices_batching_dims", &s.scatter_indices_batching_dims),
        ("scatter_dims_to_operand_dims", &s.scatter_dims_to_operand_dims),
    ];
    let properties = dict([
        ("indices_are_sorted", s.indices_are_sorted.to_string()),
        (
            "scatter_dimension_numbers",
            format!("#stablehlo.scatter<{}, index_vector_dim = {}>", fields(&numbers), s.index_vector_dim),
        ),
        ("unique_indices", s.unique_indices.to_string()),
    ]);
    // Operands: the inputs, the indices, one update per input.
    let n = (args.len() - 1) / 2;
    combining(e, "scatter", args, properties, results, s.kind.reduction(), &scalars(&args[..n]))
}

fn gather(g: &Gather) -> Dict {
    let numbers = [
        ("offset_dims", &g.offset_dims),
        ("collapsed_slice_dims", &g.collapsed_slice_dims),
        ("operand_batching_dims", &g.operand_batching_dims),
        ("start_indices_batching_dims", &g.start_indices_batching_dims),
        ("start_index_map", &g.start_index_map),
    ];
    dict([
        (
            "dimension_numbers",
            format!("#stablehlo.gather<{}, index_vector_dim = {}>", fields(&numbers), g.index_vector_dim),
        ),
        ("indices_are_sorted", g.indices_are_sorted.to_string()),
        ("slice_sizes", array(&g.slice_sizes)),
    ])
}

fn convolution(c: &Convolution) -> Dict {
    dict([
        ("batch_group_count", format!("{} : i64", c.batch_group_count)),
        ("dimension_numbers", format!("#stablehlo.conv<{}>", conv_numbers(&c.dimension_numbers))),
        ("feature_group_count", format!("{} : i64", c.feature_group_count)),
        ("lhs_dilation", array(&c.lhs_dilation)),
        ("padding", padding(&c.padding)),
        ("rhs_dilation", array(&c.rhs_dilation)),
        ("window_strides", array(&c.window_strides)),
    ])
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: each dimension's role, by position.
fn conv_numbers(d: &ConvDimensionNumbers) -> String {
    let layout = |rank: usize, first: (usize, &str), second: (usize, &str), spatial: &[usize]| {
        let roles: Vec<String> = (0..rank)
            .map(|pos| {
                if pos == first.0 {
                    first.1.to_string()
                } else if pos == second.0 {
                    second.1.to_string()
                } else {
                    spatial.iter().position(|&s| s == pos).map_or_else(|| "?".to_string(), |k| k.to_string())
                }
            })
            .collect();
        format!("[{}]", roles.join(", "))
    };
    let rank = d.input_spatial.len() + 2;
    format!(
        "{}x{}->{}",
        layout(rank, (d.input_batch, "b"), (d.input_feature, "f"), &d.input_spatial),
        layout(rank, (d.kernel_input_feature, "i"), (d.kernel_output_feature, "o"), &d.kernel_spatial),
        layout(rank, (d.output_batch, "b"), (d.output_feature, "f"), &d.output_spatial)
    )
}

/// `dense<…> : tensor<…>` of a constant's values (a splat when they are all equal).
fn dense(values: &[f64], t: &TensorType) -> String {
    let items: Vec<String> = values.iter().map(|&v| super::literal(v, t.dtype)).collect();
    let body = match items.as_slice() {
        [first, rest @ ..] if rest.iter().all(|r| r == first) => first.clone(),
        _ if t.rank() == 0 => items.first().cloned().unwrap_or_default(),
        _ => nested(&items, &t.shape),
    };
    format!("dense<{body}> : {t}")
}

/// `[[1, 2], [3, 4]]`: row-major `items` nested by `shape`.
fn nested(items: &[String], shape: &[i64]) -> String {
    match shape {
        [] | [_] => format!("[{}]", items.join(", ")),
        [n, ..] => {
            let chunk = items.len() / (*n).max(1) as usize;
            let rows: Vec<String> = items.chunks(chunk.max(1)).map(|c| nested(c, &shape[1..])).collect();
            format!("[{}]", rows.join(", "))
        }
    }
}

/// A `custom` op: its body, written in place of the op; without one, the
/// `stablehlo.custom_call` it was read from, with its sharding rule.
fn custom(e: &mut Emitter<'_>, id: OpId, args: Vec<Ssa>, c: &Custom) -> Result<Vec<Ssa>, String> {
    let op = e.program.op(id);
    let Some(body) = op.body() else {
        let target = c.target.as_ref().ok_or("a custom op without a body has no StableHLO form")?;
        let (properties, rule) =
            (dict([("call_target_name", format!("{target:?}"))]), dict([("sdy.sharding_rule", c.rule.to_string())]));
        return Ok(e.generic("stablehlo.custom_call", &args, properties, rule, &c.results));
    };
    for (&param, arg) in body.args.iter().zip(args) {
        e.names[param.index()] = Some(arg);
    }
    e.block(&body.ops).map_err(|err| err.to_string())?;
    e.values(&body.results).map_err(|err| err.to_string())
}

fn shardings(list: &[TensorSharding]) -> String {
    let items: Vec<String> = list.iter().map(|s| s.stripped().to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A named computation: a `call` of a private function holding its body, written
/// after the current function.
fn call(e: &mut Emitter<'_>, id: OpId, args: &[Ssa], label: &str, results: &[TensorType]) -> Vec<Ssa> {
    let callee = e.function_name(label);
    e.pending.push_back((id, callee.clone()));
    let mut symbol = String::new();
    let _ = autoshard_mlir::write_symbol(&mut symbol, &callee);
    let words = vec![Attr::new(symbol)];
    let op = Op { words, ..typed_op("func.call", args, results) };
    e.add(&e.program.op(id).name, op, results)
}

/// Op `name` in its own syntax, of `args`, stating its operand and result types.
fn typed_op(name: &str, args: &[Ssa], results: &[TensorType]) -> Op {
    let operand_types = args.iter().map(|a| Type::from(&a.ty)).collect();
    let result_types = results.iter().map(Type::from).collect();
    Op { operand_types, result_types, ..pretty_op(name, args.iter().map(|a| a.value.clone()).collect()) }
}

/// `%r = sdy.manual_computation(…) in_shardings=… out_shardings=… manual_axes=…
/// (%arg: local type) { … sdy.return … } : (…) -> …`.
fn manual(
    e: &mut Emitter<'_>,
    id: OpId,
    args: &[Ssa],
    m: &ManualComputation,
    results: &[TensorType],
) -> Result<Vec<Ssa>, String> {
    let op = e.program.op(id);
    let body = op.body().ok_or("the manual computation has no body")?;
    let groups = e.results(results, &op.name);
    let params = e.declare(&body.args);
    e.open(None, params);
    e.block(&body.ops).map_err(|err| err.to_string())?;
    let returned = e.values(&body.results).map_err(|err| err.to_string())?;
    e.terminator("sdy.return", &returned);
    let axes: Vec<String> = m.manual_axes.iter().map(|a| format!("{a:?}")).collect();
    let attrs = dict([
        ("in_shardings", shardings(&m.in_shardings)),
        ("out_shardings", shardings(&m.out_shardings)),
        ("manual_axes", format!("{{{}}}", axes.join(", "))),
    ]);
    let computation = Op { attrs, regions: vec![e.close()], ..typed_op("sdy.manual_computation", args, results) };
    Ok(e.define(groups, computation, results))
}
