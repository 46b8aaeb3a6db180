//! One program op as StableHLO (or `sdy`) text: the op set's attributes in
//! StableHLO's generic attribute syntax, the region ops with their bodies. An op whose
//! export the op catalog derives is written by `declared.rs`; the rest here by hand.
//! Ops with no StableHLO counterpart go to `decompose.rs`, collectives to
//! `collectives.rs`, `dot_general` to `dot.rs` and reductions' combining regions to
//! `reductions.rs`.

use super::dot::dot_general;
use super::reductions::{combiner, combining, inits, reduce, scalars};
use super::{Dialect, Emitter, Region, Ssa, array, collectives, comparison, control, declared, decompose, fields, ty};
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
            let attrs = format!(
                "edge_padding_high = {}, edge_padding_low = {}, interior_padding = {}",
                array(&p.edge_padding_high),
                array(&p.edge_padding_low),
                array(&p.interior_padding)
            );
            Ok(e.stablehlo("pad", &[args[0].clone(), value], &attrs, &results))
        }
        OpKind::Convolution(c) => Ok(e.stablehlo("convolution", &args, &convolution(c), &results)),
        OpKind::Gather(g) => Ok(e.stablehlo("gather", &args, &gather(g), &results)),
        OpKind::Scatter(s) => Ok(scatter(e, &args, s, &results)),
        OpKind::Take(t) => one(decompose::take(e, &args[0], &args[1], t.axis, &result)),
        OpKind::Sort(s) => Ok(sort(e, &args, s.dimension, s.descending, s.is_stable, &results)),
        OpKind::Softmax(s) => one(decompose::softmax(e, &args[0], s.dimension)),
        OpKind::LayerNorm(n) => one(decompose::norm(e, &args, &n.dimensions, n.epsilon, true)),
        OpKind::RmsNorm(n) => one(decompose::norm(e, &args, &n.dimensions, n.epsilon, false)),
        OpKind::Custom(c) => custom(e, id, args, c),
        OpKind::ShardingConstraint(s) | OpKind::Reshard(s) if e.dialect == Dialect::Mesh => {
            one(e.constraint_line(&args[0], s, "constraint"))
        }
        OpKind::ShardingConstraint(s) => one(sdy_unary(e, "sharding_constraint", &args[0], &s.stripped().to_string())),
        // XLA's Shardy import rejects `sdy.reshard` (an op of Shardy's own passes);
        // a constraint fixes the same sharding at the same point.
        OpKind::Reshard(s) => one(sdy_unary(e, "sharding_constraint", &args[0], &s.stripped().to_string())),
        // A plan needs no barrier: the value's own constraint follows.
        OpKind::PropagationBarrier(_) if e.dialect == Dialect::Mesh => one(args[0].clone()),
        OpKind::ManualComputation(_) if e.dialect == Dialect::Mesh => {
            Err("a manual computation has no form in the mesh dialect".into())
        }
        OpKind::PropagationBarrier(d) => one(sdy_unary(
            e,
            "propagation_barrier",
            &args[0],
            &format!("allowed_direction={}", d.name().to_uppercase()),
        )),
        OpKind::NamedComputation(n) => Ok(call(e, id, &args, &n.label, &results)),
        OpKind::ManualComputation(m) => manual(e, id, &args, m, &results),
        OpKind::While(_) | OpKind::Case(_) => control::emit(e, id, &args, &results),
        OpKind::Constant(c) => {
            Ok(e.stablehlo("constant", &[], &format!("value = {}", dense(&c.values, &c.ty)), &results))
        }
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

/// The window attributes of `reduce_window` (`dilations`) or `select_and_scatter`.
fn window(w: &Window, dilations: bool) -> String {
    let mut attrs = format!(
        "padding = {}, window_dimensions = {}, window_strides = {}",
        padding(&w.padding),
        array(&w.dimensions),
        array(&w.strides)
    );
    if dilations {
        attrs = format!(
            "base_dilations = {}, {attrs}, window_dilations = {}",
            array(&w.base_dilations),
            array(&w.window_dilations)
        );
    }
    attrs
}

/// `reduce_window` of its inputs, each combined on its own by `r.kind`.
fn reduce_window(e: &mut Emitter<'_>, args: &[Ssa], r: &ReduceWindow, results: &[TensorType]) -> Vec<Ssa> {
    let n = ReduceWindow::input_count(args.iter().map(|a| a.ty.rank()));
    let init = inits(e, &args[..n], &args[n..], r.kind);
    let operands: Vec<Ssa> = args[..n].iter().cloned().chain(init).collect();
    let attrs = window(&r.window, true);
    combining(e, "reduce_window", &operands, &attrs, results, Some(r.kind), &scalars(&args[..n]))
}

/// `select_and_scatter`: a select region comparing by `s.select`, a scatter region
/// combining by `s.scatter`.
fn select_and_scatter(e: &mut Emitter<'_>, args: &[Ssa], s: &SelectAndScatter, result: &TensorType) -> Ssa {
    let init = inits(e, &args[..1], &args[2..], s.scatter);
    let scalar = TensorType::new(vec![], args[0].ty.dtype);
    let direction = s.select;
    let mut select = |e: &mut Emitter<'_>, p: &[Ssa]| {
        e.stablehlo("compare", p, &comparison(direction, None), &[TensorType::new(vec![], DType::I1)])
    };
    let kind = s.scatter;
    let mut scatter =
        |e: &mut Emitter<'_>, p: &[Ssa]| e.stablehlo(combiner(kind), p, "", std::slice::from_ref(&scalar));
    let operands: Vec<Ssa> = args[..2].iter().cloned().chain(init).collect();
    let pair = vec![scalar.clone(); 2];
    let mut regions: [Region<'_, '_>; 2] = [(pair.clone(), &mut select), (pair, &mut scatter)];
    let attrs = window(&s.window, false);
    e.stablehlo_regions("select_and_scatter", &operands, &attrs, std::slice::from_ref(result), &mut regions).remove(0)
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
    let attrs = format!("dimension = {dimension} : i64, is_stable = {stable}");
    let params: Vec<TensorType> =
        args.iter().flat_map(|a| [TensorType::new(vec![], a.ty.dtype), TensorType::new(vec![], a.ty.dtype)]).collect();
    let key = args[0].ty.dtype;
    let mut body = |e: &mut Emitter<'_>, p: &[Ssa]| {
        let direction = if descending { ComparisonDirection::Gt } else { ComparisonDirection::Lt };
        let order = key.is_float().then_some("TOTALORDER");
        e.stablehlo("compare", &p[..2], &comparison(direction, order), &[TensorType::new(vec![], DType::I1)])
    };
    e.stablehlo_regions("sort", args, &attrs, results, &mut [(params, &mut body)])
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
    let attrs = format!(
        "indices_are_sorted = {}, scatter_dimension_numbers = #stablehlo.scatter<{}, index_vector_dim = {}>, unique_indices = {}",
        s.indices_are_sorted,
        fields(&numbers),
        s.index_vector_dim,
        s.unique_indices
    );
    // Operands: the inputs, the indices, one update per input.
    let n = (args.len() - 1) / 2;
    combining(e, "scatter", args, &attrs, results, s.kind.reduction(), &scalars(&args[..n]))
}

fn gather(g: &Gather) -> String {
    let numbers = [
        ("offset_dims", &g.offset_dims),
        ("collapsed_slice_dims", &g.collapsed_slice_dims),
        ("operand_batching_dims", &g.operand_batching_dims),
        ("start_indices_batching_dims", &g.start_indices_batching_dims),
        ("start_index_map", &g.start_index_map),
    ];
    format!(
        "dimension_numbers = #stablehlo.gather<{}, index_vector_dim = {}>, indices_are_sorted = {}, slice_sizes = {}",
        fields(&numbers),
        g.index_vector_dim,
        g.indices_are_sorted,
        array(&g.slice_sizes)
    )
}

fn convolution(c: &Convolution) -> String {
    format!(
        "batch_group_count = {} : i64, dimension_numbers = #stablehlo.conv<{}>, feature_group_count = {} : i64, \
         lhs_dilation = {}, padding = {}, rhs_dilation = {}, window_strides = {}",
        c.batch_group_count,
        conv_numbers(&c.dimension_numbers),
        c.feature_group_count,
        array(&c.lhs_dilation),
        padding(&c.padding),
        array(&c.rhs_dilation),
        array(&c.window_strides)
    )
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
    format!("dense<{body}> : {}", ty(t))
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

/// `%r = sdy.NAME %x ATTR : type`.
fn sdy_unary(e: &mut Emitter<'_>, name: &str, x: &Ssa, attr: &str) -> Ssa {
    let result = e.fresh(name);
    e.line(&format!("{result} = sdy.{name} {} {attr} : {}", x.name, ty(&x.ty)));
    Ssa { name: result, ty: x.ty.clone() }
}

/// A `custom` op: its body, written in place of the op; without one, the
/// `stablehlo.custom_call` it was read from, with its sharding rule.
fn custom(e: &mut Emitter<'_>, id: OpId, args: Vec<Ssa>, c: &Custom) -> Result<Vec<Ssa>, String> {
    let op = e.program.op(id);
    let Some(body) = op.body() else {
        let target = c.target.as_ref().ok_or("a custom op without a body has no StableHLO form")?;
        let (attrs, rule) = (format!("call_target_name = {target:?}"), format!("sdy.sharding_rule = {}", c.rule));
        return Ok(e.generic("stablehlo.custom_call", &args, &attrs, &rule, &c.results));
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
    let lhs = e.results(results, &e.program.op(id).name);
    e.line(&format!(
        "{lhs}func.call @{callee}({}) : {}",
        super::names(args),
        super::signature(args.iter().map(|a| &a.ty), results)
    ));
    e.result_values(&lhs, results)
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
    let lhs = e.results(results, &op.name);
    let params = e.declare(&body.args);
    let axes: Vec<String> = m.manual_axes.iter().map(|a| format!("{a:?}")).collect();
    e.line(&format!(
        "{lhs}sdy.manual_computation({}) in_shardings={} out_shardings={} manual_axes={{{}}} ({params}) {{",
        super::names(args),
        shardings(&m.in_shardings),
        shardings(&m.out_shardings),
        axes.join(", "),
    ));
    e.depth += 1;
    e.block(&body.ops).map_err(|err| err.to_string())?;
    e.close("sdy.return", &body.results).map_err(|err| err.to_string())?;
    e.line(&format!("}} : {}", super::signature(args.iter().map(|a| &a.ty), results)));
    Ok(e.result_values(&lhs, results))
}
