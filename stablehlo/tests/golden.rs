//! StableHLO modules: Shardy's rule-registry test read as it is, and modules lowered
//! by JAX (`scripts/jax/lower.py`) imported, solved and run.

use crate::end_to_end::{self, Loaded};
use crate::read_back;
use autoshard_model::rules::stablehlo_rule;
use autoshard_solver::Solution;
use std::collections::BTreeMap;

const REGISTRY: &str = "tests/data/mlir/shardy/op_sharding_rule_registry.mlir";

/// Per source line of an op, the rule the `// CHECK:` line just above it expects
/// (`none` under a `CHECK-NOT: sdy.sharding_rule`).
fn expected_rules(source: &str) -> BTreeMap<u32, String> {
    let mut expected = BTreeMap::new();
    let mut pending: Option<String> = None;
    for (i, line) in source.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(at) = trimmed.find("#sdy.op_sharding_rule<").filter(|_| trimmed.starts_with("// CHECK")) {
            pending = Some(rule_text(&trimmed[at..]));
        } else if trimmed.starts_with("// CHECK-NOT: sdy.sharding_rule") {
            pending = Some("none".to_string());
        } else if !trimmed.is_empty()
            && !trimmed.starts_with("//")
            && let Some(rule) = pending.take()
        {
            expected.insert(i as u32 + 1, rule);
        }
    }
    expected
}

/// The rule at the start of `text`, up to its closing `>`. A CHECK line may stop
/// before it (FileCheck matches a prefix); such a rule is read as complete.
fn rule_text(text: &str) -> String {
    let mut depth = 0;
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' if previous != '-' => {
                depth -= 1;
                if depth == 0 {
                    return text[..=i].to_string();
                }
            }
            _ => {}
        }
        previous = c;
    }
    format!("{}>", text.trim_end())
}

#[test]
fn shardy_rule_registry() {
    let source = std::fs::read_to_string(REGISTRY).expect("the registry test file");
    let expected = expected_rules(&source);
    let functions = autoshard_stablehlo::functions(REGISTRY, &source).expect("the registry file parses");
    let (mut matched, mut unsupported, mut mismatches) = (0, Vec::new(), Vec::new());
    for (name, program) in &functions {
        let program = match program {
            Ok(p) => p,
            Err(e) => {
                unsupported.push(format!("@{name}: {e}"));
                continue;
            }
        };
        let mut checked = 0;
        for id in program.ops_in_order() {
            let op = program.op(id);
            let Some(want) = op.loc.as_ref().and_then(|l| expected.get(&l.line)) else { continue };
            let got = stablehlo_rule(program, id).map(|r| r.to_string()).unwrap_or_else(|| "none".into());
            if got == *want {
                checked += 1;
            } else {
                mismatches.push(format!("@{name} {}:\n  shardy    {want}\n  autoshard {got}", op.name));
            }
        }
        matched += usize::from(checked > 0);
    }
    eprintln!("rule registry: {} functions, {matched} match, {} unsupported", functions.len(), unsupported.len());
    for u in &unsupported {
        eprintln!("  {u}");
    }
    assert!(mismatches.is_empty(), "rules differ from Shardy's:\n{}", mismatches.join("\n"));
    assert!(unsupported.iter().all(|u| u.contains("not supported")), "an error other than an unsupported op or type");
    assert!(matched >= 114, "only {matched} of {} cases match", functions.len());
}

/// The modules JAX lowered (`tests/data/mlir/jax/`).
const JAX_MODULES: [&str; 2] = ["mlp", "transformer_block"];

/// JAX's module `name` read as the facade reads it, and its solved plan.
fn solved_jax_module(name: &str) -> (Loaded, Solution) {
    let path = format!("tests/data/mlir/jax/{name}.mlir");
    let source = std::fs::read_to_string(&path).expect("a lowered module");
    let config = Loaded::from_mlir(&path, &source).unwrap_or_else(|e| panic!("{e}"));
    let solved = end_to_end::solve(&config).unwrap_or_else(|e| panic!("{name}: {e}"));
    (config, solved)
}

#[test]
fn jax_modules_import_solve_and_run() {
    for name in JAX_MODULES {
        let (config, solved) = solved_jax_module(name);
        let plan = &solved.plan;
        let input = config.program.value_named("%arg0").expect("the activations");
        let pinned = config.program.inputs().iter().find(|i| i.value == input).and_then(|i| i.sharding.clone());
        assert_eq!(pinned.map(|s| s.to_string()).as_deref().map(|s| s.contains("{\"data\"}")), Some(true));
        assert_eq!(plan.solver.as_ref().map(|s| s.status.as_str()), Some("optimal"), "{name}");
        let run = end_to_end::run(&config, &solved, 7).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(run.verification.passed, "{name}: the sharded run differs: {:?}", run.verification);
        let jax = autoshard_stablehlo::jax::render(&config.program, plan).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(jax.contains("reshape(2, 4), (\"data\", \"model\",))"), "{jax}");
        assert!(jax.contains("in_shardings = (\n    NamedSharding(mesh, P(\"data\", None"), "{jax}");
        assert!(jax.contains("out_shardings = NamedSharding(mesh, P(\"data\", None"), "{jax}");
    }
}

/// Custom calls with a decomposition: two identity targets around `mhlo.erf`, then a
/// top-2, solved on a 2x2 mesh and run sharded against the reference.
const CUSTOM_CALLS: &str = r#"sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x2xi32>) {
  %0 = stablehlo.custom_call @MoveToHost(%arg0) {backend_config = ""} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.custom_call @mhlo.erf (%0) {backend_config = ""} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %2 = stablehlo.custom_call @MoveToDevice(%1) {backend_config = "", mhlo.frontend_attributes = {_xla_buffer_placement = "device"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %3:2 = stablehlo.custom_call @mhlo.topk(%2) {mhlo.attributes = {k = 2 : i64, largest = true}, mhlo.version = 1 : i64} : (tensor<8x4xf32>) -> (tensor<8x2xf32>, tensor<8x2xi32>)
  return %2, %3#0, %3#1 : tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x2xi32>
}
"#;

#[test]
fn custom_calls_import_solve_and_run() {
    use autoshard_executor::{Tensor, interpret};
    let config = Loaded::from_mlir("cc.mlir", CUSTOM_CALLS).unwrap_or_else(|e| panic!("{e}"));
    let solved = end_to_end::solve(&config).unwrap_or_else(|e| panic!("{e}"));
    let plan = &solved.plan;
    let run = end_to_end::run(&config, &solved, 7).unwrap_or_else(|e| panic!("{e}"));
    assert!(run.verification.passed, "the sharded run differs: {:?}", run.verification);
    let module = autoshard_stablehlo::export(&config.program, plan).unwrap_or_else(|e| panic!("{e}"));
    assert!(module.contains("\"chlo.erf\"") && module.contains("\"stablehlo.sort\""), "{module}");
    let failures = read_back_failures(&config, plan, &module);
    assert!(failures.is_empty(), "{failures:?}\n{module}");
    let x: Vec<f32> = (0..32).map(|i| (i as f32 - 16.0) / 8.0 * if i % 3 == 0 { -1.0 } else { 1.0 }).collect();
    let input = Tensor::from_vec(&[8, 4], x.clone()).expect("an 8x4 tensor");
    let evaluation = interpret(&config.program, &[input]).unwrap_or_else(|e| panic!("{e}"));
    let outputs = evaluation.outputs(&config.program);
    let [Some(erf), Some(values), Some(indices)] = outputs.as_slice() else { panic!("three outputs") };
    for row in 0..8 {
        let erfs: Vec<f32> = x[row * 4..row * 4 + 4].iter().map(|&v| libm_erf(v)).collect();
        assert!(erfs.iter().zip(&erf.data()[row * 4..]).all(|(a, b)| (a - b).abs() < 1e-6), "erf row {row}");
        let mut order: Vec<usize> = (0..4).collect();
        order.sort_by(|&a, &b| erfs[b].total_cmp(&erfs[a]));
        let top: Vec<f32> = order[..2].iter().map(|&i| erfs[i]).collect();
        assert_eq!(&values.data()[row * 2..row * 2 + 2], top.as_slice(), "top-2 values of row {row}");
        let at: Vec<f32> = order[..2].iter().map(|&i| i as f32).collect();
        assert_eq!(&indices.data()[row * 2..row * 2 + 2], at.as_slice(), "top-2 indices of row {row}");
    }
}

/// `erf` by its Taylor series in `f64` (the inputs here are small).
fn libm_erf(x: f32) -> f32 {
    let (x, mut term, mut sum) = (f64::from(x), f64::from(x), 0.0);
    for n in 0..60 {
        sum += term / f64::from(2 * n + 1);
        term *= -x * x / f64::from(n + 1);
    }
    (sum * std::f64::consts::FRAC_2_SQRT_PI) as f32
}

#[test]
fn custom_calls_without_a_decomposition_solve_but_do_not_run() {
    let source = "sdy.mesh @mesh = <[\"x\"=2]>\nfunc.func @main(%a: tensor<8x4x4xf32>) -> (tensor<8x4x4xf32>, tensor<8x4xf32>) {\n  %0:2 = stablehlo.custom_call @Eigh(%a) {backend_config = \"1,1,100,1e-6\"} : (tensor<8x4x4xf32>) -> (tensor<8x4x4xf32>, tensor<8x4xf32>)\n  return %0#0, %0#1 : tensor<8x4x4xf32>, tensor<8x4xf32>\n}";
    let config = Loaded::from_mlir("eigh.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let solved = end_to_end::solve(&config).unwrap_or_else(|e| panic!("{e}"));
    let err = end_to_end::run(&config, &solved, 7).map(|_| ()).unwrap_err().to_string();
    assert!(err.contains("custom_call @Eigh cannot run: autoshard has no decomposition of it"), "{err}");
    let unknown = source.replace("@Eigh", "@my_kernel");
    let err = Loaded::from_mlir("m.mlir", &unknown).map(|_| ()).unwrap_err().to_string();
    assert!(err.starts_with("m.mlir:3:3: error: custom_call @my_kernel is not supported"), "{err}");
}

#[test]
fn unsupported_ops_and_syntax_errors_are_located() {
    let cases = [
        (
            "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.cbrt %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}",
            "m.mlir:2:3: error: op 'stablehlo.cbrt' is not supported",
        ),
        (
            // The op set's own pointwise ops are not StableHLO's.
            "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.gelu %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}",
            "m.mlir:2:3: error: op 'stablehlo.gelu' is not supported",
        ),
        (
            "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %b : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}",
            "m.mlir:2:3: error: value %b is used before it is defined",
        ),
        (
            "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %a : tensor<4xf64>\n  return %0 : tensor<4xf32>\n}",
            "m.mlir:2:3: error: stablehlo.add: the module says result 0 is tensor<4xf64>, autoshard infers tensor<4xf32>",
        ),
        (
            "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %a\n}",
            "m.mlir:3:1: error: expected an operand, an attribute or ':' and the op's types, found '}' (in op 'stablehlo.add')",
        ),
    ];
    // A body that combines an argument with itself is no reduction (it once read as a sum).
    let self_sum = "func.func @f(%a: tensor<4x8xf32>) -> tensor<4xf32> {\n  %c = stablehlo.constant dense<0.0> : tensor<f32>\n  %0 = stablehlo.reduce(%a init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n    reducer(%x: tensor<f32>, %y: tensor<f32>) {\n      %1 = stablehlo.add %x, %x : tensor<f32>\n      stablehlo.return %1 : tensor<f32>\n    }\n  return %0 : tensor<4xf32>\n}";
    let not_a_reduction = "m.mlir:3:3: error: a reduce whose body is not one add, maximum, minimum, multiply, and, or or xor per input (all the same), nor an argmax or argmin over values and indices, is not supported";
    let conv = "func.func @f(%a: tensor<1x8x8x3xf32>, %b: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {\n  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0], [1]]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>\n  return %0 : tensor<1x6x6x4xf32>\n}";
    let odd = "m.mlir:2:3: error: padding must be [[low, high], ...], one pair per spatial dim, found '[[0, 0], [1]]'";
    for (source, want) in cases.into_iter().chain([(conv, odd), (self_sum, not_a_reduction)]) {
        let got = Loaded::from_mlir("m.mlir", source).map(|_| ()).unwrap_err().to_string();
        assert_eq!(got, want);
    }
}

/// Every failure of `exported` (the module `solve --format mlir` wrote for `config`
/// and `plan`) to read back as the same plan ([`read_back::failures`]), read, priced
/// and run as the facade does.
pub(crate) fn read_back_failures(config: &Loaded, plan: &autoshard_model::Plan, exported: &str) -> Vec<String> {
    let again = Loaded::from_mlir("exported.mlir", exported).map_err(|e| e.to_string());
    read_back::failures(
        &config.program,
        plan,
        again,
        |again| &again.program,
        |again| {
            let priced = end_to_end::price(again).map_err(|e| e.to_string())?;
            Ok(end_to_end::run(again, &priced, 3).map_err(|e| e.to_string())?.verification)
        },
    )
}

#[test]
fn exported_jax_modules_read_back_as_the_plan() {
    for name in JAX_MODULES {
        let (config, solved) = solved_jax_module(name);
        let plan = &solved.plan;
        let module = autoshard_stablehlo::export(&config.program, plan).unwrap_or_else(|e| panic!("{name}: {e}"));
        let failures = read_back_failures(&config, plan, &module);
        assert!(failures.is_empty(), "{name}: {failures:?}\n{module}");
    }
}
