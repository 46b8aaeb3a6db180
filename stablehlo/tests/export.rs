//! Modules written by the exporter read back as the program and plan they were
//! written from, and plans written as JAX name every sharding.

use autoshard::Config;
use autoshard_model::Program;
use autoshard_stablehlo::{export, import, jax};

/// The sharding rules of the ops of `program` that are not sharding constraints.
fn rules(program: &Program) -> Vec<String> {
    (program.ops_in_order().into_iter())
        .filter(|&id| !matches!(program.op(id).kind, autoshard_model::OpKind::ShardingConstraint(_)))
        .map(|id| {
            let rule = autoshard_model::rules::sharding_rule(program, id);
            format!("{} {}", program.op(id).kind.name(), rule.map_or("-".into(), |r| r.to_string()))
        })
        .collect()
}

/// The config `source` (YAML, read as `file`) and the plan of its annotations.
fn priced(file: &str, source: &str) -> (Config, autoshard_model::Plan) {
    let config = Config::from_source(file, source).unwrap();
    let plan = autoshard::price(&config, None).unwrap().plan;
    (config, plan)
}

#[test]
fn collectives_and_random_bits_read_back_as_the_same_ops() {
    let source = r#"
mesh: {axes: {x: 2, y: 2}}
program:
  inputs:
    a:     {shape: [4, 8], dtype: f32}
    state: {shape: [2], dtype: u64}
  ops:
    - {name: g, op: all_gather, operands: [a], all_gather_dim: 1, replica_groups: [[0, 1], [2, 3]], channel_id: 1, use_global_device_ids: true}
    - {name: t, op: all_to_all, operands: [g], split_dimension: 1, concat_dimension: 0, replica_groups: [[0, 1], [2, 3]]}
    - {name: r, op: reduce_scatter, operands: [t], scatter_dimension: 1, replica_groups: [[0, 1, 2, 3]], kind: max}
    - {name: [next, bits], op: rng_bit_generator, operands: [state], shape: [4, 8], algorithm: THREE_FRY}
  outputs:
    r:
    bits:
"#;
    let (config, plan) = priced("c.yaml", source);
    let module = export(&config.program, &plan).unwrap();
    for expected in [
        "use_global_device_ids",
        "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>",
        "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>",
        "rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>",
        "\"stablehlo.maximum\"",
    ] {
        assert!(module.contains(expected), "{expected} missing from\n{module}");
    }
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(rules(&again.program), rules(&config.program), "{module}");
}

#[test]
fn a_mesh_whose_name_is_no_bare_identifier_is_declared_as_the_shardings_name_it() {
    let source = r#"sdy.mesh @"my mesh" = <["x"=2]>
func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@"my mesh", [{"x"}, {}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.negate %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
"#;
    let config = Config::from_mlir("q.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let plan = autoshard::price(&config, None).unwrap().plan;
    let module = export(&config.program, &plan).unwrap();
    assert!(module.contains("sdy.mesh @\"my mesh\" = "), "{module}");
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(again.program.mesh_name(), "my mesh");
}

/// A donated argument is written with the result that reuses its buffer, so XLA
/// aliases them, and reads back donated to the same result; the others are kept.
#[test]
fn donated_arguments_are_written_as_aliases() {
    let source = r#"sdy.mesh @mesh = <["x"=2]>
func.func @main(%w: tensor<4x8xf32> {jax.buffer_donor = true}, %x: tensor<4x8xf32>, %s: tensor<8xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<8xf32>, tensor<4x8xf32>) {
  %0 = stablehlo.add %w, %x : tensor<4x8xf32>
  %1 = stablehlo.negate %s : tensor<8xf32>
  return %1, %0 : tensor<8xf32>, tensor<4x8xf32>
}
"#;
    let config = Config::from_mlir("d.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let donated: Vec<_> = config.program.inputs().iter().map(|i| (i.donated, i.lives_throughout())).collect();
    assert_eq!(donated, [(Some(1), false), (None, true), (Some(0), false)]);
    let plan = autoshard::price(&config, None).unwrap().plan;
    let module = export(&config.program, &plan).unwrap();
    assert_eq!(module.matches("tf.aliasing_output").count(), 2, "{module}");
    assert!(module.contains("tf.aliasing_output = 1 : i32}"), "{module}");
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    let back: Vec<_> = again.program.inputs().iter().map(|i| i.donated).collect();
    assert_eq!(back, [Some(1), None, Some(0)]);
}

/// `y = -x` on a 2 x 4 mesh, `x` of `rows` x 16 split by rows over both axes and
/// `y` returned as `out`; priced as annotated.
fn negate(rows: usize, out: &str) -> (Config, autoshard_model::Plan) {
    let source = format!(
        r#"
mesh: {{axes: {{data: 2, model: 4}}}}
program:
  inputs:
    x: {{shape: [{rows}, 16], dtype: f32, sharding: '[{{"data", "model"}}, {{}}]'}}
  ops:
    - {{name: y, op: negate, operands: [x]}}
  outputs:
    y: {{sharding: '{out}'}}
"#
    );
    priced("t.yaml", &source)
}

#[test]
fn one_output_split_over_two_axes_is_one_named_sharding() {
    let (config, plan) = negate(64, r#"[{"data", "model"}, {}]"#);
    let text = jax::render(&config.program, &plan).unwrap();
    assert!(text.contains(r#"out_shardings = NamedSharding(mesh, P(("data", "model"), None))  # y"#), "{text}");
    assert!(
        text.contains("in_shardings = (\n    NamedSharding(mesh, P((\"data\", \"model\"), None)),  # x\n)"),
        "{text}"
    );
}

#[test]
fn a_boundary_jax_jit_refuses_is_an_error_naming_the_value() {
    // 100 rows over 8 devices: padded blocks of 13, which jax.jit does not take.
    let (config, plan) = negate(100, r#"[{}, {"model"}]"#);
    let err = jax::render(&config.program, &plan).unwrap_err().to_string();
    assert!(err.contains(r#"x"#) && err.contains("splits dimension 0 (100) into 8 shards"), "{err}");
    assert!(jax::boundary(&config.program, &plan).is_ok(), "the specs as data are still given");
}

#[test]
fn a_call_without_results_is_written_and_read_back() {
    // JAX lowers `jax.nn.silu` under `jax.checkpoint` with a call that returns nothing.
    let source = r#"func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  call @silu() : () -> ()
  %0 = stablehlo.negate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @silu() {
  return
}
"#;
    let config = Config::from_mlir("c.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let plan = autoshard::price(&config, None).unwrap().plan;
    let module = export(&config.program, &plan).unwrap_or_else(|e| panic!("{e}"));
    assert!(module.contains("call @silu() : () -> ()"), "{module}");
    assert!(module.lines().any(|l| l.trim() == "return"), "{module}");
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(rules(&again.program), rules(&config.program));
}

#[test]
fn a_module_lowered_for_a_mesh_runs_on_it_unless_it_declares_another() {
    let mesh: autoshard_model::Mesh = r#"<["data"=2, "model"=4]>"#.parse().unwrap();
    let bare = "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  return %x : tensor<8xf32>\n}\n";
    let module = autoshard_stablehlo::import_on("b.mlir", bare, Some(("mesh", &mesh))).unwrap();
    assert_eq!(module.program.mesh(), &mesh);
    let same = format!("sdy.mesh @mesh = {mesh}\n{bare}");
    assert_eq!(autoshard_stablehlo::import_on("s.mlir", &same, Some(("mesh", &mesh))).unwrap().program.mesh(), &mesh);
    let other = format!("sdy.mesh @mesh = <[\"flat\"=8]>\n{bare}");
    let err = autoshard_stablehlo::import_on("o.mlir", &other, Some(("mesh", &mesh))).unwrap_err().to_string();
    assert_eq!(
        err,
        r#"o.mlir:1:18: error: the module's mesh @mesh is <["flat"=8]>, but the mesh given is <["data"=2, "model"=4]>"#
    );
}

#[test]
fn a_plan_with_partial_sums_is_written_as_jax_with_its_outputs_reduced() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../solver/tests/data/solve/deferred_reduction.yaml");
    let config = Config::load(path).unwrap();
    let plan = autoshard::solve(&config).unwrap().plan;
    assert!(plan.values.iter().any(|v| !v.sharding.unreduced.is_empty()), "the plan defers a reduction");
    let text = jax::render(&config.program, &plan).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains(r#"# h holds partial sums over {"model"} here; the plan reduces them later"#), "{text}");
    assert!(text.contains("out_shardings = NamedSharding(mesh, P(None, None))  # y"), "{text}");
    let boundary = jax::boundary(&config.program, &plan).unwrap();
    assert_eq!(boundary.outputs.len(), 1);
    assert!(boundary.outputs[0].dims.iter().all(Vec::is_empty));
}
