//! `pad` and `slice` as windowed ops of one-element windows (a slice strides from
//! its start, a pad pads and dilates): split along a dimension they change, each
//! device computes its output block from its input block and the rows its output
//! reaches in its neighbours' (halo exchange), instead of gathering the dimension.
//! Random pads (edges, negative ones, interior) and slices (starts, limits,
//! strides) under every strategy that splits a changed dimension run equal to the
//! reference, and a stencil written as a pad and three shifted slices is planned
//! with its rows split, moving a row or two.

use super::halo::{one_op, split_plans_pass};
use proptest::prelude::*;

/// A pad of an `[h, w]` image: edges and interior padding per dimension.
#[derive(Debug, Clone)]
struct PadCase {
    image: (i64, i64),
    low: (i64, i64),
    high: (i64, i64),
    interior: (i64, i64),
    mesh: &'static str,
}

/// A slice of an `[h, w]` image: start, limit and stride per dimension.
#[derive(Debug, Clone)]
struct SliceCase {
    image: (i64, i64),
    start: (i64, i64),
    limit: (i64, i64),
    stride: (i64, i64),
    mesh: &'static str,
}

const MESHES: [&str; 3] = ["{x: 4}", "{x: 2, y: 2}", "{x: 3}"];

fn pad_case() -> impl Strategy<Value = PadCase> {
    let pair = |lo: i64, hi: i64| (lo..hi, lo..hi);
    (pair(2, 13), pair(-2, 4), pair(-2, 4), pair(0, 3), 0usize..3)
        .prop_map(|(image, low, high, interior, mesh)| PadCase { image, low, high, interior, mesh: MESHES[mesh] })
}

fn slice_case() -> impl Strategy<Value = SliceCase> {
    let pair = |lo: i64, hi: i64| (lo..hi, lo..hi);
    (pair(2, 13), pair(0, 100), pair(0, 100), pair(1, 4), 0usize..3).prop_map(|(image, a, b, stride, mesh)| {
        // A start below the limit, both inside the image.
        let start = (a.0 % image.0, a.1 % image.1);
        let limit = (start.0 + 1 + b.0 % (image.0 - start.0), start.1 + 1 + b.1 % (image.1 - start.1));
        SliceCase { image, start, limit, stride, mesh: MESHES[mesh] }
    })
}

fn pad_config(c: &PadCase) -> Option<autoshard::Config> {
    let padded = |n: i64, lo: i64, hi: i64, interior: i64| (n - 1) * (interior + 1) + 1 + lo + hi;
    let out = (padded(c.image.0, c.low.0, c.high.0, c.interior.0), padded(c.image.1, c.low.1, c.high.1, c.interior.1));
    if out.0 < 1 || out.1 < 1 {
        return None;
    }
    let op = format!(
        "{{name: y, op: pad, operands: [x], edge_padding_low: [{}, {}], edge_padding_high: [{}, {}], \
         interior_padding: [{}, {}], value: 0.5}}",
        c.low.0, c.low.1, c.high.0, c.high.1, c.interior.0, c.interior.1
    );
    Some(one_op("pad", c.mesh, &[("x", format!("[{}, {}]", c.image.0, c.image.1))], &op, "{y: {}}"))
}

fn slice_config(c: &SliceCase) -> autoshard::Config {
    let op = format!(
        "{{name: y, op: slice, operands: [x], start_indices: [{}, {}], limit_indices: [{}, {}], strides: [{}, {}]}}",
        c.start.0, c.start.1, c.limit.0, c.limit.1, c.stride.0, c.stride.1
    );
    one_op("slice", c.mesh, &[("x", format!("[{}, {}]", c.image.0, c.image.1))], &op, "{y: {}}")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn split_pads_equal_the_reference(c in pad_case(), seed in 0u64..100) {
        let Some(config) = pad_config(&c) else { return Ok(()) };
        split_plans_pass(&config, &c, seed)?;
    }

    #[test]
    fn split_slices_equal_the_reference(c in slice_case(), seed in 0u64..100) {
        split_plans_pass(&slice_config(&c), &c, seed)?;
    }
}

/// `x[i-1] + x[i] + x[i+1]` over the rows of a 4096x4096 image split 4 ways, as a
/// pad by one row each side and three shifted slices: each op moves at most three
/// rows (one collective-permute per direction), where gathering the rows (an
/// all-to-all to columns and back) moves 16 MiB twice; the run equals the reference
/// at CI size.
#[test]
fn a_stencil_of_shifted_slices_moves_rows_not_the_image() {
    let stencil = |n: i64| {
        let source = format!(
            "name: stencil\nmesh: {{axes: {{x: 4}}}}\ncost: {{preset: h100-sxm}}\nprogram:\n  inputs:\n    \
             a: {{shape: [{n}, {n}], dtype: f32, sharding: '[{{\"x\"}}, {{}}]'}}\n  ops:\n    \
             - {{name: p, op: pad, operands: [a], edge_padding_low: [1, 0], edge_padding_high: [1, 0], value: 0.0}}\n    \
             - {{name: l, op: slice, operands: [p], start_indices: [0, 0], limit_indices: [{n}, {n}]}}\n    \
             - {{name: c, op: slice, operands: [p], start_indices: [1, 0], limit_indices: [{}, {n}]}}\n    \
             - {{name: r, op: slice, operands: [p], start_indices: [2, 0], limit_indices: [{}, {n}]}}\n    \
             - {{name: s1, op: add, operands: [l, c]}}\n    - {{name: s, op: add, operands: [s1, r]}}\n  \
             outputs:\n    s: {{sharding: '[{{\"x\"}}, {{}}]'}}\n",
            n + 1,
            n + 2
        );
        autoshard::Config::from_source("stencil.yaml", &source).unwrap()
    };
    let solved = autoshard::solve(&stencil(4096)).unwrap();
    let plan = &solved.plan;
    assert!(plan.ops.iter().all(|op| op.factor_shardings[0].iter().any(|a| a.name == "x")), "{:?}", plan.ops);
    let row = 4096 * 4;
    for c in &plan.collectives {
        assert_eq!(c.text.kind().to_string(), "collective_permute", "{}", c.text);
        assert!(c.bytes.0 <= 3 * row as u64, "{}: {} bytes", c.text, c.bytes.0);
    }
    assert!(plan.objective.communication_s.0 < 20e-6, "{:?}", plan.objective);
    let small = stencil(37);
    let solved = autoshard::solve(&small).unwrap();
    for seed in 0..4 {
        let run = autoshard::run(&small, &solved, seed).unwrap();
        assert!(run.verification.passed, "seed {seed}: {:?}", run.verification);
    }
}
