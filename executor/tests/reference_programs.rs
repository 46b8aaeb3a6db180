//! Whole programs through the reference interpreter, checked by hand: region ops run
//! their bodies (a manual computation once per manual coordinate on its blocks), a
//! custom op runs its decomposition, linear algebra and windowed ops give known
//! solutions, and every example config evaluates.

use autoshard_config::Config;
use autoshard_executor::{Tensor, interpret};

fn run(yaml: &str, inputs: Vec<Tensor>) -> Vec<Tensor> {
    let config = Config::from_source("test.yaml", yaml).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let evaluation = interpret(program, &inputs).unwrap_or_else(|e| panic!("{e}"));
    evaluation.outputs(program).into_iter().map(|t| t.expect("output").clone()).collect()
}

fn t(shape: &[usize], data: &[f32]) -> Tensor {
    Tensor::from_vec(shape, data.to_vec()).unwrap()
}

#[test]
fn manual_computation_runs_per_block() {
    let yaml = r#"
mesh: {axes: {x: 2, y: 2}}
program:
  inputs:
    a: {shape: [4, 2]}
  ops:
    - name: r
      op: manual_computation
      operands: [a]
      manual_axes: [x]
      in_shardings: ['[{"x"}, {}]']
      out_shardings: ['[{"x"}]']
      body:
        args: [block]
        ops:
          - {name: s, op: reduce, operands: [block], dimensions: [0], kind: add}
        results: [s]
  outputs: {r: }
"#;
    let out = run(yaml, vec![t(&[4, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])]);
    // Device x=0 holds rows 0-1 (sums 4, 6), x=1 rows 2-3 (12, 14).
    assert_eq!(out[0].data(), &[4.0, 6.0, 12.0, 14.0]);
}

#[test]
fn named_computation_and_custom_body_run() {
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    a: {shape: [2, 2]}
    b: {shape: [2, 2]}
  ops:
    - name: n
      op: named_computation
      operands: [a, b]
      body: {args: [p, q], ops: [{name: pq, op: dot, operands: [p, q]}], results: [pq]}
    - name: c
      op: custom
      operands: [n]
      rule: '([i, j])->([i, j]) {i=2, j=2}'
      result: {shape: [2, 2]}
      flops: 4
      body: {args: [v], ops: [{name: vv, op: add, operands: [v, v]}], results: [vv]}
  outputs: {c: }
"#;
    let out = run(yaml, vec![t(&[2, 2], &[1.0, 2.0, 3.0, 4.0]), t(&[2, 2], &[5.0, 6.0, 7.0, 8.0])]);
    assert_eq!(out[0].data(), &[38.0, 44.0, 86.0, 100.0]);
}

#[test]
fn custom_op_without_body_cannot_run() {
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs: {a: {shape: [2]}}
  ops:
    - {name: c, op: custom, operands: [a], rule: '([i])->([i]) {i=2}', result: {shape: [2]}}
  outputs: {c: }
"#;
    let config = Config::from_source("test.yaml", yaml).unwrap();
    let err = interpret(&config.program, &[t(&[2], &[1.0, 2.0])]).unwrap_err();
    assert!(err.to_string().contains("custom op runs only with a body"), "{err}");
}

#[test]
fn update_slice_bitcast_and_batch_norm_by_hand() {
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    a: {shape: [2, 3]}
    u: {shape: [1, 2]}
    i: {shape: [], dtype: i32}
    j: {shape: [], dtype: i32}
    s: {shape: [3]}
    o: {shape: [3]}
    m: {shape: [3]}
    v: {shape: [3]}
  ops:
    - {name: w, op: dynamic_update_slice, operands: [a, u, i, j]}
    - {name: b, op: bitcast_convert, operands: [w], dtype: u8}
    - {name: n, op: batch_norm_inference, operands: [a, s, o, m, v], feature_index: 1, epsilon: 0}
  outputs: {w: , b: , n: }
"#;
    let a = t(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let (i, j) = (Tensor::scalar(1.0), Tensor::scalar(5.0));
    let stats = [t(&[3], &[1.0, 2.0, 3.0]), t(&[3], &[0.0, 1.0, 0.0]), t(&[3], &[1.0, 1.0, 1.0]), t(&[3], &[4.0; 3])];
    let mut inputs = vec![a, t(&[1, 2], &[8.0, 9.0]), i, j];
    inputs.extend(stats);
    let out = run(yaml, inputs);
    // The column index 5 is clamped to 1 so that the update fits.
    assert_eq!(out[0].data(), &[1.0, 2.0, 3.0, 4.0, 8.0, 9.0]);
    // 1.0f32 is 0x3F800000: bytes 0, 0, 128, 63, least significant first.
    assert_eq!(&out[1].data()[..4], &[0.0, 0.0, 128.0, 63.0]);
    // (x - 1) / 2 * scale + offset.
    assert_eq!(out[2].data(), &[0.0, 2.0, 3.0, 1.5, 5.0, 7.5]);
}

#[test]
fn collectives_outside_manual_bodies_and_rng_solve_but_cannot_run() {
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs: {a: {shape: [2, 4]}, state: {shape: [2], dtype: u64}}
  ops:
    - {name: g, op: all_gather, operands: [a], all_gather_dim: 1, replica_groups: [[0, 1]]}
    - {name: [next, bits], op: rng_bit_generator, operands: [state], shape: [4, 8]}
  outputs: {g: , bits: }
"#;
    let config = Config::from_source("test.yaml", yaml).unwrap();
    let rules: Vec<String> = config
        .program
        .ops_in_order()
        .into_iter()
        .map(|id| autoshard_model::rules::sharding_rule(&config.program, id).map(|r| r.to_string()).unwrap_or_default())
        .collect();
    assert_eq!(rules[0], "#sdy.op_sharding_rule<([i, j])->([i, k]) {i=2, j=4, k=8} need_replication={j, k}>");
    assert!(autoshard::solve(&config).is_ok());
    let err = interpret(&config.program, &[t(&[2, 4], &[0.0; 8]), t(&[2], &[1.0, 2.0])]).unwrap_err();
    assert!(err.to_string().contains("all_gather") && err.to_string().contains("manual computation's body"), "{err}");
}

/// `psum` and `ppermute` as a `shard_map` body writes them: each of the two devices
/// holds a row; the sum over both is each row's total, and the permute swaps rows.
#[test]
fn collectives_in_manual_bodies_run_per_device() {
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs: {a: {shape: [2, 3]}}
  ops:
    - name: [summed, permuted]
      op: manual_computation
      operands: [a]
      manual_axes: [x]
      in_shardings: ['[{"x"}, {}]']
      out_shardings: ['[{"x"}, {}]', '[{"x"}, {}]']
      body:
        args: [row]
        ops:
          - {name: total, op: all_reduce, operands: [row], replica_groups: [[0, 1]], use_global_device_ids: true}
          - {name: swapped, op: collective_permute, operands: [row], source_target_pairs: [[0, 1], [1, 0]]}
        results: [total, swapped]
  outputs: {summed: , permuted: }
"#;
    let config = Config::from_source("test.yaml", yaml).unwrap_or_else(|e| panic!("{e}"));
    let a = t(&[2, 3], &[1.0, 2.0, 3.0, 10.0, 20.0, 30.0]);
    let run = interpret(&config.program, &[a]).unwrap_or_else(|e| panic!("{e}"));
    let outputs: Vec<Vec<f32>> =
        run.outputs(&config.program).iter().map(|t| t.expect("an output").data().to_vec()).collect();
    assert_eq!(outputs, [vec![11.0, 22.0, 33.0, 11.0, 22.0, 33.0], vec![10.0, 20.0, 30.0, 1.0, 2.0, 3.0]]);
    let solved = autoshard::solve(&config).unwrap_or_else(|e| panic!("{e}"));
    let sharded = autoshard::run(&config, &solved, 2).unwrap_or_else(|e| panic!("{e}"));
    assert!(sharded.verification.passed, "{:?}", sharded.verification);
}

#[test]
fn mlp_by_hand() {
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    x: {shape: [1, 2]}
    w1: {shape: [2, 2], parameter: true}
    w2: {shape: [2, 1], parameter: true}
  ops:
    - {name: h, op: dot_general, operands: [x, w1], contracting_dims: [[1], [0]]}
    - {name: a, op: relu, operands: [h]}
    - {name: y, op: dot_general, operands: [a, w2], contracting_dims: [[1], [0]]}
  outputs: {y: }
"#;
    // h = [1*1 + 2*3, 1*(-2) + 2*(-4)] = [7, -10]; relu -> [7, 0]; y = 7*2 + 0*5 = 14.
    let out = run(yaml, vec![t(&[1, 2], &[1.0, 2.0]), t(&[2, 2], &[1.0, -2.0, 3.0, -4.0]), t(&[2, 1], &[2.0, 5.0])]);
    assert_eq!(out[0].data(), &[14.0]);
}

#[test]
fn cholesky_then_triangular_solves_invert_a_matrix() {
    // a = l · lᵀ with l = [[2, 0], [1, 3]], so a = [[4, 2], [2, 10]] (its upper
    // triangle is not read); solving l · y = b, then lᵀ · x = y, gives a · x = b.
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    a: {shape: [2, 2]}
    b: {shape: [2, 1]}
  ops:
    - {name: l, op: cholesky, operands: [a], lower: true}
    - {name: y, op: triangular_solve, operands: [l, b], left_side: true, lower: true}
    - {name: x, op: triangular_solve, operands: [l, y], left_side: true, lower: true, transpose_a: TRANSPOSE}
  outputs: {l: , x: }
"#;
    let out = run(yaml, vec![t(&[2, 2], &[4.0, -99.0, 2.0, 10.0]), t(&[2, 1], &[8.0, 14.0])]);
    assert_eq!(out[0].data(), &[2.0, 0.0, 1.0, 3.0]);
    // x solves 4x + 2y = 8, 2x + 10y = 14: y = 10/9, x = 2 - y/2 = 13/9.
    let x = out[1].data();
    assert!((x[0] - 13.0 / 9.0).abs() < 1e-6 && (x[1] - 10.0 / 9.0).abs() < 1e-6, "{x:?}");
}

#[test]
fn max_pool_and_its_gradient() {
    // Windows of 2 with stride 2 over [1, 5, 2, 4]: maxima 5 and 4; the gradient
    // routes each window's source value to its maximum.
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    a: {shape: [1, 4]}
    g: {shape: [1, 2]}
  ops:
    - {name: p, op: reduce_window, operands: [a], kind: max, window_dimensions: [1, 2], window_strides: [1, 2]}
    - {name: d, op: select_and_scatter, operands: [a, g], window_dimensions: [1, 2], window_strides: [1, 2]}
  outputs: {p: , d: }
"#;
    let out = run(yaml, vec![t(&[1, 4], &[1.0, 5.0, 2.0, 4.0]), t(&[1, 2], &[10.0, 20.0])]);
    assert_eq!(out[0].data(), &[5.0, 4.0]);
    assert_eq!(out[1].data(), &[0.0, 10.0, 0.0, 20.0]);
}

#[test]
fn every_example_config_evaluates() {
    for path in crate::example_configs() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let path = path.to_string_lossy().into_owned();
        // At the config's own small sizes (`ci_sizes:`).
        let source = std::fs::read_to_string(&path).unwrap();
        let config = Config::from_source_at_ci_sizes(&path, &source).unwrap_or_else(|e| panic!("{e}"));
        let inputs: Vec<Tensor> = config
            .program
            .inputs()
            .iter()
            .enumerate()
            .map(|(i, input)| Tensor::random(&config.program.value(input.value).ty, i as u64))
            .collect();
        let evaluation = interpret(&config.program, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (output, tensor) in config.program.outputs().iter().zip(evaluation.outputs(&config.program)) {
            let tensor = tensor.expect("output computed");
            let expected: Vec<usize> =
                config.program.value(output.value).ty.shape.iter().map(|&d| d as usize).collect();
            assert_eq!(tensor.shape(), expected.as_slice());
            assert!(tensor.data().iter().all(|v| v.is_finite()), "{name}: non-finite output");
        }
    }
}

/// An op reading one value twice in one sharding moves it once, as it is priced:
/// the run executes exactly the collectives the plan lists.
#[test]
fn a_value_read_twice_moves_once() {
    // Following `p` costs one all-to-all of `b` (read twice); following `b`, one
    // of `p` and one of the result.
    let yaml = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    p: {shape: [4, 6], dtype: i1, sharding: '[{}, {"x"}]'}
    b: {shape: [4, 6], sharding: '[{"x"}, {}]'}
  ops:
    - {name: s, op: select, operands: [p, b, b], sharding: '[{}, {"x"}]'}
  outputs: {s: {sharding: '[{}, {"x"}]'}}
"#;
    let config = Config::from_source("test.yaml", yaml).unwrap_or_else(|e| panic!("{e}"));
    let solved = autoshard::solve(&config).unwrap_or_else(|e| panic!("{e}"));
    let run = autoshard::run(&config, &solved, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(run.verification.passed, "{:?}", run.verification);
    let executed = run
        .sharded
        .events
        .iter()
        .filter(|e| matches!(e.kind, autoshard_executor::EventKind::Collective { planned: true, .. }))
        .count();
    let moved: Vec<&str> = solved.plan.collectives.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(moved, ["b"]);
    assert_eq!(executed, 1);
}
