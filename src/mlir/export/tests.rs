//! The exporter's tests: literals in every element type, and modules that read back
//! as the program and plan they were written from.

use super::*;

#[test]
fn literals_read_back_as_the_values_they_write() {
    use crate::mlir::{attrs::dense, ops::element_name};
    for dtype in DType::ALL {
        let (lowest, highest) = dtype.finite_range();
        for value in [0.0, 1.0, -2.0, 0.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
            let text = format!("dense<{}>", literal(value, dtype));
            let back = dense(&text, element_name(dtype)).unwrap_or_else(|e| panic!("{dtype} {value}: {e}"))[0];
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
    let config = crate::Config::from_source("c.yaml", source).unwrap();
    let plan = crate::price(&config, None).unwrap();
    let module = render(&config.program, &plan).unwrap();
    for expected in [
        "use_global_device_ids",
        "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>",
        "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>",
        "rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>",
        "\"stablehlo.maximum\"",
    ] {
        assert!(module.contains(expected), "{expected} missing from\n{module}");
    }
    let again = crate::mlir::config("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
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
    let config = crate::mlir::config("q.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let plan = crate::price(&config, None).unwrap();
    let module = render(&config.program, &plan).unwrap();
    assert!(module.contains("sdy.mesh @\"my mesh\" = "), "{module}");
    let again = crate::mlir::config("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(again.program.mesh_name(), "my mesh");
}
