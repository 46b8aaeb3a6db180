//! The exporter's unit tests: literals in every element type read back as written
//! (modules read back whole are `tests/export.rs`).

use super::*;

#[test]
fn literals_read_back_as_the_values_they_write() {
    use crate::attrs::dense;
    for dtype in DType::ALL {
        let (lowest, highest) = dtype.finite_range();
        for value in [0.0, 1.0, -2.0, 0.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
            let text = format!("dense<{}>", literal(value, dtype));
            let back = dense(&text, dtype.mlir_name()).unwrap_or_else(|e| panic!("{dtype} {value}: {e}"))[0];
            // What the type can hold: bools are 0 or 1, integers truncate and clamp
            // an infinity to their range (NaN to 0), E4M3FN clamps an infinity to
            // its largest finite value, NaN stays NaN in the other floats.
            let held = match dtype {
                DType::I1 => f64::from(u8::from(value != 0.0)),
                _ if !dtype.is_float() && value.is_nan() => 0.0,
                _ if !dtype.is_float() => value.clamp(lowest, highest).trunc(),
                DType::F8E4M3 if value.is_infinite() => value.clamp(lowest, highest),
                _ => value,
            };
            let same = back == held || (back.is_nan() && held.is_nan());
            assert!(same, "{dtype}: {value} written as {text} reads back as {back}");
        }
    }
    // The forms MLIR requires, which the reader above would also take otherwise: a
    // float with an exponent, a bool as a word, a non-finite float as its bits.
    assert_eq!(literal(1.0, DType::F32), "1.000000000e0");
    assert_eq!(literal(1.0, DType::I1), "true");
    assert_eq!(literal(f64::INFINITY, DType::BF16), "0x7F80");
    assert_eq!(literal(f64::NEG_INFINITY, DType::F32), "0xFF800000");
    assert_eq!(literal(f64::NEG_INFINITY, DType::I32), "-2147483648");
}

#[test]
fn partial_sums_are_stated_only_where_xla_keeps_them() {
    // A plan holding partial sums after a contraction, an add of them, and a
    // gather from a split table (which XLA completes itself).
    let source = r#"sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %t: tensor<4x8xf32>, %i: tensor<4x1xi32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %s = stablehlo.add %d, %d : tensor<4x4xf32>
  %g = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x8xf32>, tensor<4x1xi32>) -> tensor<4xf32>
  return %s, %g : tensor<4x4xf32>, tensor<4xf32>
}
"#;
    let program = crate::import("p.mlir", source).unwrap_or_else(|e| panic!("{e}")).program;
    let partial: TensorSharding = r#"<@mesh, [{}, {}], unreduced={"x"}>"#.parse().unwrap();
    let gathered: TensorSharding = r#"<@mesh, [{}], unreduced={"x"}>"#.parse().unwrap();
    let plan = Plan {
        values: [("%d", &partial), ("%s", &partial), ("%g", &gathered)]
            .map(|(name, s)| autoshard_model::ValuePlan { name: name.into(), sharding: s.clone() })
            .to_vec(),
        ..Plan::default()
    };
    let manual = vec![false; program.values().len()];
    let written = written_shardings(&program, &plan, &manual);
    let stated = |name: &str| written[program.value_named(name).unwrap().index()].as_deref().map(ToString::to_string);
    assert_eq!(stated("%d").as_deref(), Some(r#"#sdy.sharding<@mesh, [{}, {}], unreduced={"x"}>"#));
    assert_eq!(stated("%s").as_deref(), Some(r#"#sdy.sharding<@mesh, [{}, {}], unreduced={"x"}>"#));
    assert_eq!(stated("%g").as_deref(), Some(r#"#sdy.sharding<@mesh, [{}]>"#));
}
