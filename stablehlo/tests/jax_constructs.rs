//! Constructs every default JAX program emits, read as JAX prints them: the step
//! counter on `@empty_mesh` declared before `@mesh` (optax), a bounds check reduced
//! by `stablehlo.and` (`jnp.take`, integer-label cross-entropy), pooling whose
//! padding is a splat (`avg_pool`), `stablehlo.optimization_barrier` of several
//! values (`jax.checkpoint`), `chlo.top_k` (`lax.top_k`), and a `fori_loop` and a
//! `lax.cond` (`stablehlo.while` in its pretty form, `stablehlo.case` in the generic
//! one, its branches reading values from around them). Each module imports, solves,
//! runs sharded equal to the reference and reads back from its export as the plan;
//! what the reader still refuses names the op and says where.

use crate::end_to_end::{self, Loaded};
use autoshard_model::OpKind;
use autoshard_model::ops::ReduceKind;
use autoshard_solver::Solution;

const MODULE: &str = r#"module @jit_step attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @empty_mesh = <[]>
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<i32> {sdy.sharding = #sdy.sharding<@empty_mesh, []>}, %arg1: tensor<8x8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}, {}]>}, %arg2: tensor<8x6xi32>) -> (tensor<i32>, tensor<8x4x4x4xf32>, tensor<8xi1>, tensor<8x2xf32>, tensor<8x2xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg1, %cst) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x8x8x4xf32>, tensor<f32>) -> tensor<8x4x4x4xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x6xi32>
    %3 = stablehlo.compare  GE, %arg2, %2,  SIGNED : (tensor<8x6xi32>, tensor<8x6xi32>) -> tensor<8x6xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %4 = stablehlo.reduce(%3 init: %true) applies stablehlo.and across dimensions = [1] : (tensor<8x6xi1>, tensor<i1>) -> tensor<8xi1>
    %5:2 = stablehlo.optimization_barrier %1, %0 : tensor<8x4x4x4xf32>, tensor<i32>
    %6 = stablehlo.reshape %5#0 : (tensor<8x4x4x4xf32>) -> tensor<8x64xf32>
    %7:2 = chlo.top_k(%6, k = 2) : tensor<8x64xf32> -> (tensor<8x2xf32>, tensor<8x2xi32>)
    return %5#1, %1, %4, %7#0, %7#1 : tensor<i32>, tensor<8x4x4x4xf32>, tensor<8xi1>, tensor<8x2xf32>, tensor<8x2xi32>
  }
}
"#;

/// `config` solved, and its plan run on the CPU mesh on the seeded inputs of each of
/// `seeds`, equal to the reference every time.
fn solved_and_run(config: &Loaded, seeds: &[u64]) -> Solution {
    let solved = end_to_end::solve(config).unwrap_or_else(|e| panic!("{e}"));
    for &seed in seeds {
        let run = end_to_end::run(config, &solved, seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(run.verification.passed, "the sharded run differs: {:?}", run.verification);
    }
    solved
}

/// The module `solved`'s plan exports to, which must read back as that plan.
fn exported(config: &Loaded, solved: &Solution) -> String {
    let module = autoshard_stablehlo::export(&config.program, &solved.plan).unwrap_or_else(|e| panic!("{e}"));
    let failures = super::golden::read_back_failures(config, &solved.plan, &module);
    assert!(failures.is_empty(), "{failures:?}\n{module}");
    module
}

#[test]
fn what_jax_prints_imports_solves_runs_and_reads_back() {
    let config = Loaded::from_mlir("step.mlir", MODULE).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    assert_eq!(program.mesh_name(), "mesh");
    let step = program.inputs().iter().find(|i| program.value_named("%arg0") == Some(i.value)).expect("%arg0");
    assert_eq!(step.sharding.as_ref().map(ToString::to_string).as_deref(), Some("#sdy.sharding<@mesh, []>"));
    let kinds: Vec<&OpKind> = program.ops().iter().map(|op| &op.kind).collect();
    assert!(kinds.iter().any(|k| matches!(k, OpKind::Reduce(r) if r.kind == ReduceKind::And)), "{kinds:?}");
    assert_eq!(kinds.iter().filter(|k| matches!(k, OpKind::OptimizationBarrier)).count(), 2);
    assert!(kinds.iter().any(|k| matches!(k, OpKind::Custom(c) if c.target.as_deref() == Some("mhlo.topk"))));
    assert!(kinds.iter().any(|k| matches!(k, OpKind::ReduceWindow(w) if w.window.padding == [(0, 0); 4])));

    let solved = solved_and_run(&config, &[11]);
    assert_eq!(solved.plan.solver.as_ref().map(|s| s.status.as_str()), Some("optimal"));
    let module = exported(&config, &solved);
    assert!(module.contains("\"stablehlo.optimization_barrier\"") && module.contains("\"stablehlo.and\""), "{module}");
}

/// `fori_loop(0, 3, body)` over a weight and an activation, then `lax.cond` on the
/// sign of the result, as JAX prints them.
const CONTROL_FLOW: &str = r#"module @jit_f attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<64x64xf32>) -> (tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %c, %iterArg_1 = %arg0) : tensor<64x64xf32>, tensor<i32>, tensor<8x64xf32>
    cond {
      %c_2 = stablehlo.constant dense<3> : tensor<i32>
      %5 = stablehlo.compare  LT, %iterArg_0, %c_2,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %5 = stablehlo.dot_general %iterArg_1, %iterArg, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
      %6 = stablehlo.tanh %5 : tensor<8x64xf32>
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_0, %c_2 : tensor<i32>
      stablehlo.return %iterArg, %7, %6 : tensor<64x64xf32>, tensor<i32>, tensor<8x64xf32>
    }
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0#2 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.compare  GT, %1, %cst,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.convert %2 : (tensor<i1>) -> tensor<i32>
    %4 = "stablehlo.case"(%3) ({
      %5 = stablehlo.negate %0#2 : tensor<8x64xf32>
      stablehlo.return %5 : tensor<8x64xf32>
    }, {
      %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
      %6 = stablehlo.multiply %0#2, %5 : tensor<8x64xf32>
      stablehlo.return %6 : tensor<8x64xf32>
    }) : (tensor<i32>) -> tensor<8x64xf32>
    return %4 : tensor<8x64xf32>
  }
}
"#;

#[test]
fn loops_and_branches_import_solve_run_and_read_back() {
    let config = Loaded::from_mlir("f.mlir", CONTROL_FLOW).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let find = |f: fn(&OpKind) -> bool| program.ops().iter().find(|op| f(&op.kind)).expect("the op");
    let OpKind::While(w) = find(|k| matches!(k, OpKind::While(_))).kind else { unreachable!() };
    assert_eq!(w.trip_count, 3);
    let case = find(|k| matches!(k, OpKind::Case(_)));
    // The selector, then the one value the branches read from around them.
    let operands: Vec<&str> = case.operands.iter().map(|&v| program.value(v).name.as_str()).collect();
    assert_eq!(operands, ["%3", "%0#2"]);

    // Seeds whose sums differ in sign run both branches.
    let solved = solved_and_run(&config, &[2, 5]);
    assert_eq!(solved.plan.solver.as_ref().map(|s| s.status.as_str()), Some("optimal"));
    // The loop's matmul is priced three times.
    let dot = solved.plan.ops.iter().find(|o| o.op == "dot_general").expect("the matmul");
    let once = 2.0 * 8.0 * 64.0 * 64.0;
    assert!(dot.flops.0 >= 3.0 * once / 8.0 && dot.flops.0 <= 3.0 * once, "{}", dot.flops.0);
    let module = exported(&config, &solved);
    assert!(module.contains("\"stablehlo.while\"") && module.contains("\"stablehlo.case\""), "{module}");
}

#[test]
fn what_the_reader_refuses_is_located_and_named() {
    let func = |body: &str| {
        format!(
            "func.func @f(%a: tensor<8x6xf32>, %i: tensor<i32>) -> tensor<8x6xf32> {{\n{body}\n  return %a : tensor<8x6xf32>\n}}"
        )
    };
    let while_loop = func(
        "  %0:2 = stablehlo.while(%iterArg = %i, %iterArg_0 = %a) : tensor<i32>, tensor<8x6xf32>\n    cond {\n      stablehlo.return %true : tensor<i1>\n    } do {\n      stablehlo.return %iterArg, %iterArg_0 : tensor<i32>, tensor<8x6xf32>\n    }",
    );
    let reads_outside = func(
        "  %c = stablehlo.constant dense<0> : tensor<i32>\n  %0 = stablehlo.while(%iterArg = %c) : tensor<i32>\n    cond {\n      %n = stablehlo.constant dense<2> : tensor<i32>\n      %p = stablehlo.compare LT, %iterArg, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n      stablehlo.return %p : tensor<i1>\n    } do {\n      %s = stablehlo.add %a, %a : tensor<8x6xf32>\n      %one = stablehlo.constant dense<1> : tensor<i32>\n      %x = stablehlo.add %iterArg, %one : tensor<i32>\n      stablehlo.return %x : tensor<i32>\n    }",
    );
    let top_k = func("  %0:2 = chlo.top_k(%a, k = 3) : tensor<8x6xf32> -> (tensor<8x2xf32>, tensor<8x2xi32>)");
    let and_of_floats = func(
        "  %t = stablehlo.constant dense<1.0> : tensor<f32>\n  %0 = stablehlo.reduce(%a init: %t) applies stablehlo.and across dimensions = [1] : (tensor<8x6xf32>, tensor<f32>) -> tensor<8xf32>",
    );
    let meshes = "sdy.mesh @mesh = <[\"x\"=4]>\nsdy.mesh @other = <[\"y\"=2]>\n".to_string() + &func("");
    let empty = "sdy.mesh @empty_mesh = <[]>\nsdy.mesh @mesh = <[\"x\"=4]>\n".to_string()
        + &func(
            "  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@empty_mesh, [{\"x\"}, {}]>]>} : tensor<8x6xf32>",
        );
    let no_group_id = func("  sdy.sharding_group %a : tensor<8x6xf32>");
    let maximal = "sdy.mesh @mesh = <[\"x\"=4]>\nsdy.mesh @maximal_mesh_0 = <[], device_ids=[7]>\n".to_string()
        + &func(
            "  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : tensor<8x6xf32>",
        );
    let cases = [
        (no_group_id, "m.mlir:2:3: error: sdy.sharding_group needs a group_id"),
        (
            maximal,
            "m.mlir:2:28: error: maximal mesh @maximal_mesh_0 puts values on device 7, which is not a device of the \
             program's mesh <[\"x\"=4]> (devices 0..4)",
        ),
        (
            while_loop,
            "m.mlir:2:3: error: stablehlo.while: autoshard prices a loop by its trip count, which it reads from a \
             counted loop (a counter from a constant, stepped by a constant, compared with a constant bound, as \
             scan and fori_loop lower); here the condition's result is not a compare",
        ),
        (
            reads_outside,
            "m.mlir:9:7: error: %a is defined outside this loop region; autoshard reads loops whose regions take \
             every value they use as a carried operand (as JAX lowers them)",
        ),
        (top_k, "m.mlir:2:3: error: chlo.top_k with k = 3 returns tensor<8x2xf32>, whose last dimension is not 3"),
        (and_of_floats, "m.mlir:3:3: error: reduce: %a is tensor<8x6xf32>; a reduce by and takes booleans or integers"),
        (
            meshes,
            "m.mlir:2:19: error: mesh @other has 2 devices but @mesh has 4; the meshes of a module have one device count",
        ),
        (
            empty,
            "m.mlir:4:45: error: #sdy.sharding<@empty_mesh, [{\"x\"}, {}]> names axis \"x\", but @empty_mesh is an empty mesh (<[]>)",
        ),
    ];
    for (source, want) in cases {
        let got = Loaded::from_mlir("m.mlir", &source).map(|_| ()).unwrap_err().to_string();
        assert_eq!(got, want, "\n{source}");
    }
}

#[test]
fn sharding_group_ids_are_unsigned_64_bit() {
    let source = "func.func @f(%a: tensor<8x6xf32>, %b: tensor<8x6xf32>) -> tensor<8x6xf32> {\n  sdy.sharding_group %a group_id=18446744073709551615 : tensor<8x6xf32>\n  sdy.sharding_group %b group_id=18446744073709551615 : tensor<8x6xf32>\n  return %a : tensor<8x6xf32>\n}";
    let config = Loaded::from_mlir("g.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let groups = config.program.sharding_groups();
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].members.len(), 2);
    let negative = source.replace("18446744073709551615", "-1");
    let err = Loaded::from_mlir("g.mlir", &negative).map(|_| ()).unwrap_err().to_string();
    assert_eq!(err, "g.mlir:2:3: error: expected a non-negative integer, found '-1'");
}

/// Shardy's own print of a manual computation after propagation
/// (`user_priority_propagation.mlir`): its edges as `sdy.data_flow_edge`s.
const DATA_FLOW_EDGES: &str = r#"sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}p2, {?}]>}, %arg1: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<32x32xf32>
  %1 = sdy.manual_computation(%0, %arg1) in_shardings=[<@mesh, [{"a", "b"}p1, {?}]>, <@mesh, [{"a", ?}p1, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {"b", ?}p0]>] manual_axes={"a"} (%arg2: tensor<16x32xf32>, %arg3: tensor<16x32xf32>) {
    %3 = sdy.data_flow_edge %arg2 sharding=<@mesh, [{"b"}p1, {?}]> : tensor<16x32xf32>
    %4 = sdy.data_flow_edge %arg3 : tensor<16x32xf32>
    %5 = stablehlo.add %3, %4 : tensor<16x32xf32>
    sdy.return %5 : tensor<16x32xf32>
  } : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %2 = sdy.data_flow_edge %1 sharding=<@mesh, [{"a", ?}, {"b", ?}p0]> : tensor<32x32xf32>
  return %2 : tensor<32x32xf32>
}
"#;

#[test]
fn data_flow_edges_are_their_values_with_their_shardings() {
    let config = Loaded::from_mlir("edges.mlir", DATA_FLOW_EDGES).unwrap_or_else(|e| panic!("{e}"));
    let constraints: Vec<String> = config
        .program
        .ops()
        .iter()
        .filter_map(|op| match &op.kind {
            OpKind::ShardingConstraint(s) => Some(s.to_string()),
            _ => None,
        })
        .collect();
    let want = [r#"#sdy.sharding<@mesh, [{"b"}p1, {?}]>"#, r#"#sdy.sharding<@mesh, [{"a", ?}, {"b", ?}p0]>"#];
    assert_eq!(constraints, want);
    solved_and_run(&config, &[3]);
}

/// Shardy's explicit collectives as its reshard pass prints them
/// (`reshard_to_collectives.mlir`), each read as the reshard to its
/// `out_sharding`.
const SDY_COLLECTIVES: &str = r#"sdy.mesh @mesh3d = <["x"=2, "y"=2, "z"=2]>
func.func @main(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh3d, [{"x"}, {"y"}, {}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.all_to_all [{"x"}: 0->2] %arg0 out_sharding=<@mesh3d, [{}, {"y"}, {"x"}]> : tensor<8x8x8xf32>
  %1 = sdy.all_gather [{}, {"y"}, {}] %0 out_sharding=<@mesh3d, [{}, {}, {"x"}]> : tensor<8x8x8xf32>
  %2 = sdy.all_slice [{"z"}, {}, {}] %1 out_sharding=<@mesh3d, [{"z"}, {}, {"x"}]> : tensor<8x8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh3d, [{"x"}, {}, {"z"}]> : tensor<8x8x8xf32>
  %4 = sdy.replicated_to_unreduced {"y"} %3 out_sharding=<@mesh3d, [{"x"}, {}, {"z"}], unreduced={"y"}> : tensor<8x8x8xf32>
  %5 = sdy.all_reduce {"y"} %4 out_sharding=<@mesh3d, [{"x"}, {}, {"z"}]> : tensor<8x8x8xf32>
  return %5 : tensor<8x8x8xf32>
}
"#;

#[test]
fn shardys_collectives_read_as_reshards_and_run() {
    let config = Loaded::from_mlir("c.mlir", SDY_COLLECTIVES).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let reshards: Vec<String> = program
        .ops()
        .iter()
        .filter_map(|op| match &op.kind {
            OpKind::Reshard(s) => Some(s.stripped().to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(reshards.len(), 6, "{reshards:?}");
    assert_eq!(reshards[4], r#"<@mesh3d, [{"x"}, {}, {"z"}], unreduced={"y"}>"#);
    solved_and_run(&config, &[3]);
}

/// A `shard_map` body as JAX lowers it: a matmul on each device's blocks, `psum`
/// over "model" (`stablehlo.all_reduce`), `ppermute` around "model"
/// (`stablehlo.collective_permute`) and a tiled `all_gather` along it.
const SHARD_MAP: &str = r#"module @jit_body attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"data"}, {}]>, <@mesh, [{}, {"model"}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%arg2: tensor<4x16xf32>, %arg3: tensor<16x8xf32>) {
      %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
      %4 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %11 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %11 : tensor<f32>
      }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
      %8 = stablehlo.divide %1, %4 : tensor<4x8xf32>
      %9 = "stablehlo.collective_permute"(%8) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4]]> : tensor<8x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
      %10 = "stablehlo.all_gather"(%9) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<4x8xf32>) -> tensor<4x32xf32>
      sdy.return %10 : tensor<4x32xf32>
    } : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    return %0 : tensor<8x32xf32>
  }
}
"#;

#[test]
fn shard_map_collectives_run_per_device() {
    let config = Loaded::from_mlir("sm.mlir", SHARD_MAP).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let kinds: Vec<&str> = program.ops().iter().map(|op| op.kind.name()).collect();
    for kind in ["all_reduce", "collective_permute", "all_gather"] {
        assert!(kinds.contains(&kind), "{kinds:?}");
    }
    let solved = solved_and_run(&config, &[4]);
    // The exchanges the body runs are communication (each op's own), not compute.
    let objective = &solved.plan.objective;
    let exchanges: f64 = solved.plan.ops.iter().map(|o| o.communication_s.0).sum();
    let collectives: f64 = solved.plan.collectives.iter().map(|c| c.time_s.0).sum();
    assert!(exchanges > 0.0, "{:?}", solved.plan.ops);
    assert!((objective.communication_s.0 - exchanges - collectives).abs() <= 1e-12 * exchanges);
    for op in
        solved.plan.ops.iter().filter(|o| ["all_reduce", "collective_permute", "all_gather"].contains(&o.op.as_str()))
    {
        assert!(op.communication_s.0 > 0.0, "{}: {:?}", op.name, op);
    }
    // Hand-computed, with x = 1 and w[k, j] = j: device (d, m) holds columns
    // 8m..8m+8, so y[., c] = 16 (8m + c); the psum over "model" is 16 (48 + 4c); the
    // ppermute hands device m what m - 1 had; the all_gather puts device m's
    // block at columns 8m + c: out[., 8m + c] = (8 ((m - 1) mod 4) + c) / (48 + 4c).
    use autoshard_executor::Tensor;
    let x = Tensor::full(&[8, 16], 1.0);
    let w = Tensor::from_fn(&[16, 32], |i| i[1] as f32);
    let reference = autoshard_executor::interpret(program, &[x, w]).unwrap_or_else(|e| panic!("{e}"));
    let out = reference.outputs(program)[0].expect("the output");
    for j in 0..32 {
        let (m, c) = (j / 8, (j % 8) as f32);
        let want = (8.0 * ((m + 3) % 4) as f32 + c) / (48.0 + 4.0 * c);
        assert!((out.at(&[5, j]) - want).abs() < 1e-6, "column {j}: {} vs {want}", out.at(&[5, j]));
    }
    let module = exported(&config, &solved);
    assert!(module.contains("\"stablehlo.all_reduce\"") && module.contains("source_target_pairs"), "{module}");
}

/// A `sdy.sharding_constraint` nothing uses constrains its operand, as in Shardy.
#[test]
fn a_constraint_without_uses_shards_its_operand() {
    let source = r#"sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %2 = stablehlo.multiply %0, %0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}"#;
    let config = Loaded::from_mlir("c.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let constrained: Vec<&str> = program.annotations().iter().map(|a| program.value(a.value).name.as_str()).collect();
    assert_eq!(constrained, ["%1", "%0"]);
    let used = source.replace("return %2", "return %1");
    let config = Loaded::from_mlir("c.mlir", &used).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let constrained: Vec<&str> = program.annotations().iter().map(|a| program.value(a.value).name.as_str()).collect();
    assert_eq!(constrained, ["%1"]);
}

/// An `sdy.sharding_rule` on any op overrides the registry's rule, as in Shardy:
/// here `add` may not split its second dimension.
#[test]
fn a_sharding_rule_on_any_op_overrides_the_registry() {
    let source = r#"sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x6xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=6} need_replication={j}>} : tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}"#;
    let config = Loaded::from_mlir("r.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let id = program.op_named("%0").expect("the add");
    let rule = autoshard_model::rules::sharding_rule(program, id).expect("a rule").to_string();
    assert_eq!(rule, "#sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=6} need_replication={j}, custom>");
    let solved = solved_and_run(&config, &[1]);
    let add = solved.plan.ops.iter().find(|o| o.name == "%0").expect("the add");
    assert!(add.factor_shardings[1].is_empty(), "{:?}", add.factor_shardings);
    let bad = source.replace("([i, j], [i, j])->", "([i], [i, j])->");
    let err = Loaded::from_mlir("r.mlir", &bad).map(|_| ()).unwrap_err().to_string();
    assert!(err.starts_with("r.mlir:3:3: error: custom: rule"), "{err}");
}

/// A value put on one device (`<@maximal_mesh_0, []>`, as JAX writes a host
/// callback's operands): read, priced (onto the device: the gather of its source,
/// nothing from a replicated one; off it: a broadcast), solved, run and written back
/// with its mesh.
const MAXIMAL: &str = r#"sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @maximal_mesh_0 = <[], device_ids=[3]>
func.func @main(%arg0: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<64x64xf32> {
  %0 = stablehlo.tanh %arg0 : tensor<64x64xf32>
  %1 = sdy.sharding_constraint %0 <@maximal_mesh_0, []> : tensor<64x64xf32>
  %2 = stablehlo.add %1, %1 : tensor<64x64xf32>
  return %2 : tensor<64x64xf32>
}
"#;

#[test]
fn a_value_on_one_device_is_priced_run_and_written_back() {
    let config = Loaded::from_mlir("one.mlir", MAXIMAL).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    assert_eq!(program.maximal_meshes().len(), 1);
    let solved = solved_and_run(&config, &[5]);
    let plan = &solved.plan;
    assert_eq!(plan.solver.as_ref().unwrap().status, "optimal");
    let one = plan.value("%1").unwrap();
    assert_eq!(program.maximal_device(one), Some(3), "{one}");
    let moves: Vec<(String, f64)> = (plan.collectives.iter())
        .filter(|c| c.value == "%1" || c.value == "%0")
        .map(|c| (c.text.to_string(), c.time_s.0))
        .collect();
    let onto = moves.iter().find(|(t, _)| t.contains("maximal_mesh_0")).expect("a move onto the device");
    let off = moves.iter().find(|(t, _)| t.starts_with("sdy.reshard <@mesh")).expect("a move off the device");
    assert!(off.1 > 0.0, "{moves:?}");
    // The plan gathers %0 (an all-gather, which the cost model prices the same as
    // gathering onto one device), and from the replicated %0 onto the device costs
    // nothing (the device holds it).
    assert!(plan.value("%0").is_some_and(|s| s.dims_replicated()), "{:?}", plan.value("%0"));
    assert_eq!(onto.1, 0.0, "{moves:?}");
    let module = exported(&config, &solved);
    assert!(module.contains("sdy.mesh @maximal_mesh_0 = <[], device_ids=[3]>"), "{module}");
    let bad = MAXIMAL.replace("device_ids=[3]", "device_ids=[9]");
    let err = Loaded::from_mlir("one.mlir", &bad).map(|_| ()).unwrap_err().to_string();
    assert!(err.starts_with("one.mlir:2:28: error: maximal mesh @maximal_mesh_0 puts values on device 9"), "{err}");
}
