//! The cost model against numbers worked out by hand from docs/spec.md §4 and the H100 preset's
//! published figures (NVLink 4: 450 GB/s per direction, α = 2 us; 989 TFLOP/s dense
//! bf16; 3.35 TB/s HBM3), for the configs in `tests/data/cost/`.

use autoshard_config::Config;
use autoshard_model::Plan;
use autoshard_model::PlannedCollective;
use autoshard_model::reshard::CollectiveKind;

const ALPHA: f64 = 2e-6;
const BANDWIDTH: f64 = 450e9;
const FLOPS: f64 = 989e12;
const MIB: f64 = 1048576.0;

fn priced(file: &str) -> Plan {
    let path = format!("{}/tests/data/cost/{file}", env!("CARGO_MANIFEST_DIR"));
    let config = Config::from_source(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    autoshard::price(&config, None).unwrap().plan
}

/// The plan's only collective, which must be of `kind`.
fn only_collective(plan: &Plan, kind: CollectiveKind) -> &PlannedCollective {
    assert_eq!(plan.collectives.len(), 1, "{:#?}", plan.collectives);
    let collective = &plan.collectives[0];
    assert_eq!(collective.kind, kind);
    collective
}

/// A ring collective over `p` devices moving `n` bytes: (p-1)·α + (p-1)/p · n/B.
fn ring(p: f64, n: f64) -> f64 {
    (p - 1.0) * ALPHA + (p - 1.0) / p * n / BANDWIDTH
}

fn assert_close(actual: f64, expected: f64, what: &str) {
    assert!((actual - expected).abs() <= 1e-9 * expected.abs().max(1e-12), "{what}: {actual} != {expected}");
}

#[test]
fn megatron_mlp_all_reduces_the_activation_once() {
    let plan = priced("megatron_mlp.yaml");
    let (b, s, h, f, p) = (8.0, 1024.0, 4096.0, 16384.0, 4.0);
    let all_reduce = only_collective(&plan, CollectiveKind::AllReduce);
    assert_eq!(all_reduce.value, "y");
    let n = b * s * h * 2.0;
    assert_eq!(all_reduce.bytes.0 as f64, n);
    let expected = 2.0 * ring(p, n);
    assert_close(all_reduce.time_s.0, expected, "all-reduce time");
    assert_close(expected, 235.69621333e-6, "the number in the config's comment");
    assert_close(plan.objective.communication_s.0, expected, "communication");
    // Each matmul is split 4 ways and compute-bound.
    let dot = 2.0 * b * s * h * f / p;
    for name in ["h", "y"] {
        let op = plan.op(name).unwrap();
        assert_close(op.flops.0, dot, name);
        assert_close(op.compute_s.0, dot / FLOPS, name);
    }
    assert_close(plan.objective.total_s.0, plan.objective.compute_s.0 + expected, "total");
}

#[test]
fn data_parallel_needs_no_forward_communication() {
    let plan = priced("data_parallel.yaml");
    assert!(plan.collectives.is_empty(), "{:#?}", plan.collectives);
    assert_eq!(plan.objective.communication_s.0, 0.0);
    let dot = 2.0 * 8192.0 * 4096.0 * 16384.0 / 4.0;
    assert_close(plan.op("h").unwrap().flops.0, dot, "h");
    // Peak at h (and again at y): both replicated weights (2 x 128 MiB), h (64 MiB
    // per device) and x (16 MiB; at y: a and y). gelu writes a over h, which dies there.
    assert_close(plan.objective.peak_memory_bytes.0 as f64, 336.0 * MIB, "peak memory");
}

#[test]
fn sharded_parameter_is_all_gathered() {
    let plan = priced("parameter_all_gather.yaml");
    let gather = only_collective(&plan, CollectiveKind::AllGather);
    assert_eq!((gather.value.as_str(), gather.op.as_deref()), ("w", Some("y")));
    let n = 4096.0 * 4096.0 * 2.0;
    assert_eq!(gather.bytes.0 as f64, n);
    let expected = ring(4.0, n);
    assert_close(gather.time_s.0, expected, "all-gather time");
    assert_close(expected, 61.92405333e-6, "the number in the config's comment");
    // x (16 MiB), w (8 MiB), its gathered copy (32 MiB) and y (16 MiB) at the matmul.
    assert_close(plan.objective.peak_memory_bytes.0 as f64, 72.0 * MIB, "peak memory");
}

#[test]
fn partial_sums_are_reduce_scattered_and_held_at_full_size() {
    let plan = priced("reduce_scatter.yaml");
    let scatter = only_collective(&plan, CollectiveKind::ReduceScatter);
    let n = 1024.0 * 4096.0 * 4.0;
    assert_eq!(scatter.bytes.0 as f64, n);
    let expected = ring(4.0, n);
    assert_close(scatter.time_s.0, expected, "reduce-scatter time");
    assert_close(plan.objective.peak_memory_bytes.0 as f64, 36.0 * MIB, "peak memory");
}

/// A custom op with a body (`exponential` then `tanh`, split four ways) under `cost`.
fn custom_with_body(cost: &str) -> Plan {
    let text = format!(
        r#"
name: body-priced
mesh: {{axes: {{x: 4}}}}
cost: {cost}
program:
  inputs:
    a: {{shape: [64, 32], dtype: f32, sharding: '[{{"x"}}, {{}}]'}}
  ops:
    - name: c
      op: custom
      operands: [a]
      rule: '([i, j])->([i, j]) {{i=64, j=32}}'
      result: {{shape: [64, 32], dtype: f32}}
      flops: 1.0e10
      body:
        args: [t]
        ops:
          - {{name: e, op: exponential, operands: [t]}}
          - {{name: s, op: tanh, operands: [e]}}
        results: [s]
  outputs:
    c: {{sharding: '[{{"x"}}, {{}}]'}}
"#
    );
    autoshard::price(&Config::from_source("body.yaml", &text).unwrap(), None).unwrap().plan
}

#[test]
fn a_custom_op_with_a_body_costs_its_body_on_a_measured_device_and_its_flops_under_a_roofline() {
    // The cpu profile's kernels are the executor's, which runs the body op by op on
    // each device's block: two kernels, each on 64 * 32 / 4 elements.
    let plan = custom_with_body("{preset: cpu}");
    let kernels = autoshard_cost::Profile::cpu().device.kernels.as_ref().unwrap();
    let per_element = |op: &str| kernels.per_element[op].0;
    let body = 2.0 * kernels.overhead.0 + 512.0 * (per_element("exponential") + per_element("tanh"));
    assert_close(plan.op("c").unwrap().compute_s.0, body, "the body's kernels");
    // The roofline prices the op as one kernel of its declared FLOPs, split four ways.
    let plan = custom_with_body("{preset: h100-sxm}");
    assert_close(plan.op("c").unwrap().compute_s.0, 1.0e10 / 4.0 / FLOPS, "the declared FLOPs");
}

/// The memory model of docs/cost-model.md: a broadcast or a cheap pointwise op read
/// only by pointwise ops is fused into them and takes no memory, a pointwise op that
/// is materialized writes over an operand that dies there, and parameters live
/// throughout.
#[test]
fn pointwise_ops_write_in_place_and_broadcasts_fuse_away() {
    let source = r#"
mesh: {axes: {x: 1}}
program:
  inputs:
    a: {shape: [256, 1024], dtype: f32, parameter: true}
    b: {shape: [256], dtype: f32, parameter: true}
    w: {shape: [1024, 256], dtype: f32, parameter: true}
  ops:
    - {name: bb, op: broadcast_in_dim, operands: [b], shape: [256, 1024], broadcast_dimensions: [0]}
    - {name: s, op: add, operands: [a, bb]}
    - {name: t, op: exponential, operands: [s]}
    - {name: u, op: dot_general, operands: [t, w], contracting_dims: [[1], [0]]}
  outputs:
    u:
"#;
    let config = Config::from_source("memory.yaml", source).unwrap_or_else(|e| panic!("{e}"));
    let plan = autoshard::price(&config, None).unwrap().plan;
    // At u: a, w (1 MiB each), b (1 KiB), t (1 MiB; bb and s are fused into it) and u
    // (256 KiB).
    let expected = 3.0 * MIB + 257.0 * 1024.0;
    assert_close(plan.objective.peak_memory_bytes.0 as f64, expected, "peak memory");
    assert_eq!(plan.peak.as_ref().and_then(|p| p.at.as_deref()), Some("u"));
    let program = &config.program;
    let fused = autoshard::cost::fused_away(program);
    let names: Vec<&str> = program.value_ids().filter(|v| fused[v.index()]).map(|v| &*program.value(v).name).collect();
    assert_eq!(names, ["bb", "s"]);
    // An expensive op read twice is computed once: t, read by two pointwise ops,
    // keeps its buffer; the cheap t1 is recomputed in t2.
    let twice = source.replace("operands: [t, w]", "operands: [t2, w]").replace(
        "    - {name: u,",
        "    - {name: t1, op: negate, operands: [t]}\n    - {name: t2, op: add, operands: [t, t1]}\n    - {name: u,",
    );
    let config = Config::from_source("twice.yaml", &twice).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let fused = autoshard::cost::fused_away(program);
    let names: Vec<&str> = program.value_ids().filter(|v| fused[v.index()]).map(|v| &*program.value(v).name).collect();
    assert_eq!(names, ["bb", "s", "t1"]);
    // Each fused value's operands are read where it is read, the later first (t1 is
    // read at t2, so t lives to t2; bb at s, so b lives to s's readers).
    let reads = autoshard::cost::fused_reads(program, &fused);
    let named = |v: autoshard_model::ValueId| program.value(v).name.clone();
    let reads: Vec<(String, String)> = reads.into_iter().map(|(v, r)| (named(v), named(r))).collect();
    let expected = [("t1", "t"), ("s", "a"), ("s", "bb"), ("bb", "b")];
    assert_eq!(reads, expected.map(|(v, r)| (v.to_string(), r.to_string())));
}
