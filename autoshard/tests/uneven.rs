//! Uneven shards (docs/mesh-dialect.md, "Uneven shards"): dimensions cut at offsets
//! are kept as annotated, recut by the rows that move, chosen by the solver where
//! a padded block would have to be masked, and run equal to the reference.

use autoshard::Config;
use autoshard::model::reshard::CollectiveKind;
use autoshard::model::{TensorSharding, balanced_offsets};

fn read(path: &str, source: &str) -> Config {
    Config::from_source(path, source).unwrap_or_else(|e| panic!("{e}"))
}

fn gallery(name: &str) -> String {
    std::fs::read_to_string(format!("../configs/{name}")).unwrap()
}

/// The offsets of dimension `d` of `sharding`.
fn offsets(sharding: &TensorSharding, d: usize) -> Option<Vec<i64>> {
    sharding.dims[d].offsets.clone()
}

#[test]
fn the_vocabulary_is_cut_into_balanced_shards_and_the_table_recut_once() {
    let config = read("vocab_uneven.yaml", &gallery("vocab_uneven.yaml"));
    let solution = autoshard::solve(&config).unwrap();
    let plan = &solution.plan;
    let balanced = Some(balanced_offsets(50257, 8));
    for name in ["logits", "shifted", "e"] {
        assert_eq!(offsets(plan.value(name).unwrap(), 1), balanced, "{name}");
    }
    // The table arrives padded: one collective_permute moves the rows whose block
    // changes; block i starts i - 1 rows earlier, so the last one receives the most,
    // 6 rows of 768 f32.
    let recuts: Vec<_> = plan.collectives.iter().filter(|c| c.value == "wte").collect();
    assert_eq!(recuts.len(), 1, "{recuts:?}");
    assert_eq!(recuts[0].kind, CollectiveKind::CollectivePermute);
    assert_eq!(recuts[0].bytes.0, 6 * 768 * 4);
    // The same plan held in padded blocks masks the logits before both reductions.
    let padded = autoshard::price(&config, Some(&plan.padded())).unwrap();
    let (uneven_total, padded_total) = (plan.objective.total_s.0, padded.plan.objective.total_s.0);
    eprintln!("balanced {uneven_total:e} s, padded {padded_total:e} s");
    assert!(uneven_total < padded_total, "balanced {uneven_total} s, padded {padded_total} s");
    // Without uneven shards the solver's best is that padded plan.
    let source =
        gallery("vocab_uneven.yaml").replace("  preset: h100-sxm\n", "  preset: h100-sxm\nsolver: {uneven: false}\n");
    let even = autoshard::solve(&read("vocab_uneven.yaml", &source)).unwrap();
    assert!(even.plan.values.iter().all(|v| !v.sharding.is_uneven()));
    assert!((even.plan.objective.total_s.0 - padded_total).abs() <= 1e-9 * padded_total);
    let flops = |p: &autoshard::model::Plan| p.ops.iter().map(|op| op.flops.0).sum::<f64>();
    assert_eq!(flops(plan), flops(&padded.plan));
    // At the CI sizes (37 rows over 8) latency dominates: the solver keeps the
    // padded blocks (5, 5, 5, 5, 5, 5, 5, 2) and gathers the logits once. With the
    // table arriving balanced (5, 5, 5, 5, 5, 4, 4, 4) the dot runs on those blocks
    // and its result is gathered from them; the plan runs equal to the reference.
    let cut = r#"'[{"model"}[0, 5, 10, 15, 20, 25, 29, 33, 37], {}]'"#;
    let source = gallery("vocab_uneven.yaml")
        .replace(r#"'[{"model"}, {}]'"#, cut)
        .replace("sizes: {tokens: 2048, d_model: 768, vocab: 50257}", "sizes: {tokens: 4, d_model: 8, vocab: 37}");
    let small = read("vocab_uneven.yaml", &source);
    let solution = autoshard::solve(&small).unwrap();
    let dot = solution.plan.ops.iter().find(|op| op.name == "logits").unwrap();
    assert!(dot.balanced, "{dot:?}");
    let run = autoshard::run(&small, &solution, 5).unwrap();
    assert!(run.verification.passed, "{:?}", run.verification);
}

#[test]
fn uneven_annotations_are_kept_and_recut_by_the_rows_that_move() {
    let source = r#"
name: uneven-annotations
mesh: {axes: {x: 4}}
cost: {preset: h100-sxm}
program:
  inputs:
    a: {shape: [10, 6], dtype: f32, sharding: '[{"x"}[0, 1, 4, 6, 10], {}]'}
    w: {shape: [6, 5], dtype: f32, sharding: '[{}, {}]'}
  ops:
    - {name: h, op: dot_general, operands: [a, w], contracting_dims: [[1], [0]]}
    - {name: e, op: exponential, operands: [h]}
  outputs:
    e: {sharding: '[{"x"}[0, 4, 4, 8, 10], {}]'}
"#;
    let config = read("uneven.yaml", source);
    let solution = autoshard::solve(&config).unwrap();
    let plan = &solution.plan;
    assert_eq!(offsets(plan.value("a").unwrap(), 0), Some(vec![0, 1, 4, 6, 10]));
    // Every reshard between cuts of the same axes is one collective_permute, priced
    // by the rows a device lacks (at most a block of 4 rows less the least overlap).
    for c in &plan.collectives {
        assert_eq!(c.kind, CollectiveKind::CollectivePermute, "{}", c.text);
        assert!(c.bytes.0 <= 4 * 6 * 4, "{}: {} bytes", c.text, c.bytes.0);
    }
    let run = autoshard::run(&config, &solution, 2).unwrap();
    assert!(run.verification.passed, "{:?}", run.verification);
    // The output leaves in its annotated cut (an empty block included).
    let text = autoshard::export_mesh(&config, &solution).unwrap();
    assert!(text.contains("sharded_dims_offsets = [0, 4, 4, 8, 10]"), "{text}");
}

#[test]
fn a_shardy_module_is_solved_without_uneven_shards_and_a_mesh_dialect_one_with() {
    let shardy = r#"
sdy.mesh @mesh = <["x"=4]>
func.func @main(%a: tensor<10x6xf32>) -> tensor<10xf32> {
  %0 = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%a init: %0) applies stablehlo.add across dimensions = [1] : (tensor<10x6xf32>, tensor<f32>) -> tensor<10xf32>
  return %1 : tensor<10xf32>
}
"#;
    assert!(!Config::from_mlir("shardy.mlir", shardy).unwrap().solver.uneven);
    let mesh = shardy.replace(r#"sdy.mesh @mesh = <["x"=4]>"#, "mesh.mesh @mesh(shape = 4)");
    assert!(Config::from_mlir("mesh.mlir", &mesh).unwrap().solver.uneven);
}

/// A Shardy module's plan goes back to `jax.jit`, which refuses padded argument and
/// result shardings: under a budget that needs the 100 rows split 8 ways (13 rows a
/// device, padded: the reduction would need no collective), the argument is split
/// into equal blocks instead (25 rows by 3 columns) and the row sums all-reduced.
#[test]
fn a_shardy_modules_arguments_and_results_divide_evenly() {
    let source = r#"
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @main(%a: tensor<100x6xf32>) -> tensor<100xf32> {
  %0 = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%a init: %0) applies stablehlo.add across dimensions = [1] : (tensor<100x6xf32>, tensor<f32>) -> tensor<100xf32>
  return %1 : tensor<100xf32>
}
"#;
    let mut config = Config::from_mlir("even.mlir", source).unwrap();
    config.hardware.device.memory = autoshard::model::Bytes(512);
    let solution = autoshard::solve(&config).unwrap();
    let plan = &solution.plan;
    let mesh = config.program.mesh();
    for (name, shape) in [("%a", vec![100, 6]), ("%1", vec![100])] {
        let sharding = plan.value(name).unwrap_or_else(|| panic!("{name}: {:?}", plan.values));
        assert!(!sharding.dims_replicated(), "{name} must be split to fit 512 bytes: {sharding}");
        assert!(sharding.divides(&shape, mesh), "{name}: {sharding}");
    }
    // The same program from YAML may pad its argument: no collective at all.
    config.solver.uneven = true;
    let padded = autoshard::solve(&config).unwrap();
    assert!(padded.plan.collectives.is_empty(), "{:?}", padded.plan.collectives);
    assert!(!padded.plan.value("%a").unwrap().divides(&[100, 6], mesh));
}
