//! A custom op's body on local blocks: when the plan splits only factors the body
//! keeps pass-through, each device runs the body on its own blocks (no collective
//! the plan did not price), splat constants, iotas and values made from them alone
//! computed as the device's block;
//! a body that reduces along a split factor runs whole instead, behind the
//! executor's own gathers. Either way the outputs equal the unsharded reference.

use autoshard::Config;
use autoshard::executor::EventKind;

/// A row-wise custom op over `x` (rows split over "x") whose body reduces along
/// `reduced` (1: along each row, as the rule says; 0: across the rows, which the
/// rule wrongly calls pass-through).
fn config(reduced: usize) -> Config {
    let source = format!(
        r#"name: rows
mesh:
  axes: {{x: 4}}
program:
  inputs:
    a: {{shape: [10, 6], dtype: f32, sharding: '[{{"x"}}, {{}}]'}}
  ops:
    - name: y
      op: custom
      operands: [a]
      rule: '([i, j])->([i, j]) {{i=10, j=6}} need_replication={{j}}'
      result: {{shape: [10, 6], dtype: f32}}
      flops: 240
      body:
        args: [p]
        ops:
          - {{name: top, op: reduce, operands: [p], dimensions: [{reduced}], kind: max}}
          - {{name: top_b, op: broadcast_in_dim, operands: [top], shape: [10, 6], broadcast_dimensions: [{kept}]}}
          - {{name: shifted, op: subtract, operands: [p, top_b]}}
          - {{name: half, op: constant, shape: [10, 6], value: 0.5, dtype: f32}}
          - {{name: halved, op: multiply, operands: [shifted, half]}}
          - {{name: running, op: reduce_window, operands: [halved], kind: add, window_dimensions: [1, 6], padding: [[0, 0], [5, 0]]}}
          - {{name: row, op: iota, shape: [10, 6], iota_dimension: 0, dtype: f32}}
          - {{name: row_half, op: multiply, operands: [row, half]}}
          - {{name: out, op: add, operands: [running, row_half]}}
        results: [out]
  outputs:
    y: {{sharding: '[{{"x"}}, {{}}]'}}
"#,
        kept = 1 - reduced
    );
    Config::from_source("rows.yaml", &source).unwrap()
}

/// Runs `config`'s solved plan; returns how many collectives the executor ran
/// beyond the plan's.
fn unplanned_collectives(config: &Config) -> usize {
    let solved = autoshard::solve(config).unwrap();
    let split = solved.plan.ops.iter().find(|o| o.name == "y").unwrap().factor_shardings.clone();
    assert!(!split[0].is_empty(), "the plan keeps the rows split: {split:?}");
    let run = autoshard::run(config, &solved, 3).unwrap();
    assert!(run.verification.passed, "{:?}", run.verification);
    run.sharded.events.iter().filter(|e| matches!(e.kind, EventKind::Collective { planned: false, .. })).count()
}

#[test]
fn a_body_that_keeps_the_split_factor_runs_on_local_blocks() {
    assert_eq!(unplanned_collectives(&config(1)), 0);
}

#[test]
fn a_body_that_reduces_across_the_split_factor_runs_whole() {
    assert!(unplanned_collectives(&config(0)) > 0);
}
