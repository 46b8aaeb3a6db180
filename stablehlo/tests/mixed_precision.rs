//! The ops JAX's mixed-precision training emits, `stablehlo.reduce_precision` and
//! `stablehlo.is_finite`, read in the pretty form JAX prints and in the generic form,
//! solved, run sharded against the reference, exported and read back.

use crate::end_to_end::{self, Loaded};
use autoshard_executor::{Tensor, interpret};
use autoshard_model::ops::ReducePrecision;
use autoshard_model::{OpKind, Program};

/// `jax.jit(step, in_shardings=(NamedSharding(mesh, P("data", None)), None)).lower(x, w)`
/// as JAX 0.10.2 prints it, for `step(x, w) = where(isfinite(y), y, 0), isfinite(y)`
/// with `y = lax.reduce_precision((x @ w) * 65536, exponent_bits=5, mantissa_bits=10)`.
const JAX: &str = r#"module @jit_mixed_precision_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=2]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<16x32xf32>) -> (tensor<8x32xf32> {jax.result_info = "result[0]"}, tensor<8x32xi1> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %cst = stablehlo.constant dense<6.553600e+04> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<8x32xf32>
    %3 = stablehlo.reduce_precision %2, format = e5m10 : tensor<8x32xf32>
    %4 = stablehlo.is_finite %3 : (tensor<8x32xf32>) -> tensor<8x32xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = call @_where(%4, %3, %cst_0) : (tensor<8x32xi1>, tensor<8x32xf32>, tensor<f32>) -> tensor<8x32xf32>
    return %5, %4 : tensor<8x32xf32>, tensor<8x32xi1>
  }
  func.func private @_where(%arg0: tensor<8x32xi1>, %arg1: tensor<8x32xf32>, %arg2: tensor<f32>) -> tensor<8x32xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<8x32xi1>, tensor<8x32xf32>
    return %2 : tensor<8x32xf32>
  }
}
"#;

const E5M10: OpKind = OpKind::ReducePrecision(ReducePrecision { exponent_bits: 5, mantissa_bits: 10 });

/// The kinds of `program`'s ops (bodies included), by name.
fn kinds(program: &Program) -> Vec<OpKind> {
    program.ops_in_order().into_iter().map(|id| program.op(id).kind.clone()).collect()
}

/// Solves `config`, runs the plan on the CPU mesh against the reference and returns the
/// module `solve --format mlir` writes.
fn solve_run_export(config: &Loaded) -> String {
    let solved = end_to_end::solve(config).unwrap_or_else(|e| panic!("{e}"));
    let run = end_to_end::run(config, &solved, 11).unwrap_or_else(|e| panic!("{e}"));
    assert!(run.verification.passed, "the sharded run differs: {:?}", run.verification);
    autoshard_stablehlo::export(&config.program, &solved.plan).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn jax_mixed_precision_imports_solves_runs_exports_and_reads_back() {
    let config = Loaded::from_mlir("mixed.mlir", JAX).unwrap_or_else(|e| panic!("{e}"));
    let ops = kinds(&config.program);
    assert!(ops.contains(&E5M10) && ops.contains(&OpKind::IsFinite), "{ops:?}");

    // The reference: a quarter to three quarters of the scaled products overflow f16.
    let program = &config.program;
    let inputs: Vec<Tensor> = program
        .inputs()
        .iter()
        .enumerate()
        .map(|(k, i)| Tensor::random(&program.value(i.value).ty, 5 + k as u64))
        .collect();
    let evaluation = interpret(program, &inputs).unwrap_or_else(|e| panic!("{e}"));
    let [Some(kept), Some(finite)] = evaluation.outputs(program)[..] else { panic!("two outputs") };
    let overflowed = finite.data().iter().filter(|&&f| f == 0.0).count();
    assert!((16..=240).contains(&overflowed), "{overflowed} of 256 overflow");
    for (&k, &f) in kept.data().iter().zip(finite.data()) {
        assert!(k.is_finite() && k.abs() <= 65504.0, "{k}");
        assert!(f == 1.0 || k == 0.0, "a non-finite value is kept: {k}");
        // A finite f16 value has at most 11 significant bits.
        assert_eq!(k.to_bits() & 0x1FFF, 0, "{k} is not an f16 value");
    }

    let module = solve_run_export(&config);
    assert!(
        module.contains("\"stablehlo.reduce_precision\"(")
            && module.contains("<{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}>")
            && module.contains("\"stablehlo.is_finite\"("),
        "{module}"
    );
    let again = Loaded::from_mlir("exported.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(kinds(&again.program).iter().filter(|k| matches!(k, OpKind::ReducePrecision(_))).count(), 1);
    assert!(kinds(&again.program).contains(&E5M10) && kinds(&again.program).contains(&OpKind::IsFinite));
    let read_back = solve_run_export(&again);
    assert!(read_back.contains("<{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}>"), "{read_back}");
}

#[test]
fn both_ops_read_in_the_generic_form_and_check_their_attributes() {
    let module = |attrs: &str, element: &str| {
        format!(
            "func.func @main(%arg0: tensor<4x{element}>) -> (tensor<4x{element}>, tensor<4xi1>) {{\n  %0 = \"stablehlo.reduce_precision\"(%arg0) {attrs} : (tensor<4x{element}>) -> tensor<4x{element}>\n  %1 = \"stablehlo.is_finite\"(%0) : (tensor<4x{element}>) -> tensor<4xi1>\n  return %0, %1 : tensor<4x{element}>, tensor<4xi1>\n}}"
        )
    };
    // As the issue writes it (an attribute dictionary) and as MLIR prints it (properties).
    for attrs in
        ["{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}", "<{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}>"]
    {
        let config = Loaded::from_mlir("g.mlir", &module(attrs, "f32")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(kinds(&config.program), [E5M10, OpKind::IsFinite]);
        let x = Tensor::from_vec(&[4], vec![1.0001, 70000.0, f32::NAN, -3e-5]).unwrap();
        let evaluation = interpret(&config.program, &[x]).unwrap_or_else(|e| panic!("{e}"));
        let [Some(rounded), Some(finite)] = evaluation.outputs(&config.program)[..] else { panic!("two outputs") };
        assert_eq!(rounded.data()[..2], [1.0, f32::INFINITY]);
        assert!(rounded.data()[2].is_nan() && rounded.data()[3].to_bits() == (-0.0f32).to_bits());
        assert_eq!(finite.data(), &[1.0, 0.0, 0.0, 1.0]);
    }
    let errors = [
        (
            module("{exponent_bits = 0 : i32, mantissa_bits = 10 : i32}", "f32"),
            "exponent_bits must be at least 1, got 0",
        ),
        (module("{exponent_bits = 5 : i32}", "f32"), "stablehlo.reduce_precision needs attribute 'mantissa_bits'"),
        (
            module("{exponent_bits = 5 : i32, mantissa_bits = 2 : i32}", "i32"),
            "the op needs a floating-point element type",
        ),
    ];
    for (source, want) in errors {
        let err = Loaded::from_mlir("e.mlir", &source).map(|_| ()).unwrap_err().to_string();
        assert!(err.starts_with("e.mlir:2:3: error: ") && err.contains(want), "{err}");
    }
}
