//! The cost model against numbers worked out by hand from docs/spec.md §4 and the H100 preset's
//! published figures (NVLink 4: 450 GB/s per direction, α = 2 us; 989 TFLOP/s dense
//! bf16; 3.35 TB/s HBM3), for the configs in `tests/data/cost/` (their programs built
//! here as each config writes them; the command line's cost tables read the configs).

use autoshard_cost::{Fixed, HardwareSpec, Preset, complete, price_plan};
use autoshard_model::ir::{InputSpec, OpSpec};
use autoshard_model::ops::{BinaryOp, BroadcastInDim, Custom, DotGeneral, UnaryOp};
use autoshard_model::reshard::CollectiveKind;
use autoshard_model::{DType, Flops, OpKind, Plan, PlannedCollective, Program, ProgramBuilder, TensorSharding};
use autoshard_model::{TensorType, ValueId};

const ALPHA: f64 = 2e-6;
const BANDWIDTH: f64 = 450e9;
const FLOPS: f64 = 989e12;
const MIB: f64 = 1048576.0;

/// A program built as a config writes it: named, on `mesh` (as `@mesh`), its
/// shardings in the short form (`[{"x"}, {}]`).
struct Fixture(ProgramBuilder);

impl Fixture {
    fn new(name: &str, mesh: &str) -> Self {
        Fixture(ProgramBuilder::new(name, "mesh", mesh.parse().unwrap()))
    }

    fn input(&mut self, name: &str, ty: (&[i64], DType), parameter: bool, sharding: Option<&str>) -> ValueId {
        let (ty, sharding) = (TensorType::new(ty.0, ty.1), sharding.map(parse));
        self.0.add_input(InputSpec { name: name.into(), ty, parameter, sharding, loc: None }).unwrap()
    }

    fn op(&mut self, name: &str, kind: OpKind, operands: &[ValueId]) -> ValueId {
        self.0.add_op(spec(name, kind, operands)).unwrap_or_else(|e| panic!("{name}: {e}"))[0]
    }

    fn output(&mut self, value: ValueId, sharding: Option<&str>) {
        self.0.add_output(value, sharding.map(parse), None).unwrap();
    }

    fn finish(self) -> Program {
        self.0.finish().unwrap()
    }
}

fn parse(sharding: &str) -> TensorSharding {
    TensorSharding::parse_with_default_mesh(sharding, "mesh").unwrap()
}

fn spec(name: &str, kind: OpKind, operands: &[ValueId]) -> OpSpec {
    OpSpec { result_names: vec![name.into()], kind, operands: operands.to_vec(), result_shardings: vec![], loc: None }
}

/// `dot_general` contracting `lhs` of the left operand with `rhs` of the right.
fn dot(lhs: i64, rhs: i64) -> OpKind {
    let dims = DotGeneral { lhs_contracting_dims: vec![lhs], rhs_contracting_dims: vec![rhs], ..DotGeneral::default() };
    OpKind::DotGeneral(dims)
}

/// `megatron_mlp.yaml`: Megatron's MLP, both weights split along "model".
fn megatron_mlp() -> Program {
    let mut c = Fixture::new("megatron-mlp", r#"<["model"=4]>"#);
    let x = c.input("x", (&[8, 1024, 4096], DType::BF16), false, None);
    let w1 = c.input("w1", (&[4096, 16384], DType::BF16), true, Some(r#"[{}, {"model"}]"#));
    let w2 = c.input("w2", (&[16384, 4096], DType::BF16), true, Some(r#"[{"model"}, {}]"#));
    let h = c.op("h", dot(2, 0), &[x, w1]);
    let a = c.op("a", OpKind::Unary(UnaryOp::Gelu), &[h]);
    let y = c.op("y", dot(2, 0), &[a, w2]);
    c.output(y, Some("[{}, {}, {}]"));
    c.finish()
}

/// `data_parallel.yaml`: the batch split along "data", the weights replicated.
fn data_parallel() -> Program {
    let mut c = Fixture::new("data-parallel-mlp", r#"<["data"=4]>"#);
    let x = c.input("x", (&[8192, 4096], DType::BF16), false, Some(r#"[{"data"}, {}]"#));
    let w1 = c.input("w1", (&[4096, 16384], DType::BF16), true, None);
    let w2 = c.input("w2", (&[16384, 4096], DType::BF16), true, None);
    let h = c.op("h", dot(1, 0), &[x, w1]);
    let a = c.op("a", OpKind::Unary(UnaryOp::Gelu), &[h]);
    let y = c.op("y", dot(1, 0), &[a, w2]);
    c.output(y, Some(r#"[{"data"}, {}]"#));
    c.finish()
}

/// `parameter_all_gather.yaml`: a parameter sharded along "data" where its matmul
/// needs it whole.
fn parameter_all_gather() -> Program {
    let mut c = Fixture::new("parameter-all-gather", r#"<["data"=4]>"#);
    let x = c.input("x", (&[8192, 4096], DType::BF16), false, Some(r#"[{"data"}, {}]"#));
    let w = c.input("w", (&[4096, 4096], DType::BF16), true, Some(r#"[{"data"}, {}]"#));
    let y = c.op("y", dot(1, 0), &[x, w]);
    c.output(y, Some(r#"[{"data"}, {}]"#));
    c.finish()
}

/// `reduce_scatter.yaml`: a matmul contracting a dimension split along "model", its
/// result wanted split by rows.
fn reduce_scatter() -> Program {
    let mut c = Fixture::new("reduce-scatter", r#"<["model"=4]>"#);
    let x = c.input("x", (&[1024, 4096], DType::F32), false, Some(r#"[{}, {"model"}]"#));
    let w = c.input("w", (&[4096, 4096], DType::F32), true, Some(r#"[{"model"}, {}]"#));
    let y = c.op("y", dot(1, 0), &[x, w]);
    c.output(y, Some(r#"[{"model"}, {}]"#));
    c.finish()
}

/// `program` priced on `preset` as `autoshard cost` prices a config: its annotations,
/// every open choice made the cheapest local way.
fn priced_on(program: &Program, preset: Preset) -> Plan {
    let hardware = HardwareSpec::from_preset(preset, program.mesh());
    let decisions = complete(program, &hardware, &Fixed::from_annotations(program)).unwrap();
    price_plan(program, &hardware, &decisions).unwrap()
}

/// `program` priced on the H100 preset (`cost: {preset: h100-sxm}`).
fn priced(program: &Program) -> Plan {
    priced_on(program, Preset::H100Sxm)
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
    let plan = priced(&megatron_mlp());
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
    let plan = priced(&data_parallel());
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
    let plan = priced(&parameter_all_gather());
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
    let plan = priced(&reduce_scatter());
    let scatter = only_collective(&plan, CollectiveKind::ReduceScatter);
    let n = 1024.0 * 4096.0 * 4.0;
    assert_eq!(scatter.bytes.0 as f64, n);
    let expected = ring(4.0, n);
    assert_close(scatter.time_s.0, expected, "reduce-scatter time");
    assert_close(plan.objective.peak_memory_bytes.0 as f64, 36.0 * MIB, "peak memory");
}

/// A custom op with a body (`exponential` then `tanh`, split four ways) priced on `preset`.
fn custom_with_body(preset: Preset) -> Plan {
    let mut c = Fixture::new("body-priced", r#"<["x"=4]>"#);
    let a = c.input("a", (&[64, 32], DType::F32), false, Some(r#"[{"x"}, {}]"#));
    let rule = "<([i, j])->([i, j]) {i=64, j=32}>".parse().unwrap();
    let custom =
        Custom { rule, results: vec![TensorType::new([64, 32], DType::F32)], flops: Flops(1.0e10), target: None };
    let t = c.0.begin_region(spec("c", OpKind::Custom(custom), &[a]), vec!["t".into()]).unwrap()[0];
    let e = c.op("e", OpKind::Unary(UnaryOp::Exponential), &[t]);
    let s = c.op("s", OpKind::Unary(UnaryOp::Tanh), &[e]);
    let result = c.0.end_region(vec![s]).unwrap()[0];
    c.output(result, Some(r#"[{"x"}, {}]"#));
    priced_on(&c.finish(), preset)
}

#[test]
fn a_custom_op_with_a_body_costs_its_body_on_a_measured_device_and_its_flops_under_a_roofline() {
    // The cpu profile's kernels are the executor's, which runs the body op by op on
    // each device's block: two kernels, each on 64 * 32 / 4 elements.
    let plan = custom_with_body(Preset::Cpu);
    let kernels = autoshard_cost::Profile::cpu().device.kernels.as_ref().unwrap();
    let per_element = |op: &str| kernels.per_element[op].0;
    let body = 2.0 * kernels.overhead.0 + 512.0 * (per_element("exponential") + per_element("tanh"));
    assert_close(plan.op("c").unwrap().compute_s.0, body, "the body's kernels");
    // The roofline prices the op as one kernel of its declared FLOPs, split four ways.
    let plan = custom_with_body(Preset::H100Sxm);
    assert_close(plan.op("c").unwrap().compute_s.0, 1.0e10 / 4.0 / FLOPS, "the declared FLOPs");
}

/// Three parameters on one device: `b` broadcast and added to `a`, the exponential of
/// the sum (`t`) multiplied by `w`; with `twice`, `t` is read by two pointwise ops (`t1
/// = -t`, `t2 = t + t1`) and `t2` multiplied instead.
fn pointwise_chain(twice: bool) -> Program {
    let mut c = Fixture::new(if twice { "twice" } else { "memory" }, r#"<["x"=1]>"#);
    let a = c.input("a", (&[256, 1024], DType::F32), true, None);
    let b = c.input("b", (&[256], DType::F32), true, None);
    let w = c.input("w", (&[1024, 256], DType::F32), true, None);
    let broadcast = BroadcastInDim { shape: vec![256, 1024], broadcast_dimensions: vec![0] };
    let bb = c.op("bb", OpKind::BroadcastInDim(broadcast), &[b]);
    let s = c.op("s", OpKind::Binary(BinaryOp::Add), &[a, bb]);
    let mut t = c.op("t", OpKind::Unary(UnaryOp::Exponential), &[s]);
    if twice {
        let t1 = c.op("t1", OpKind::Unary(UnaryOp::Negate), &[t]);
        t = c.op("t2", OpKind::Binary(BinaryOp::Add), &[t, t1]);
    }
    let u = c.op("u", dot(1, 0), &[t, w]);
    c.output(u, None);
    c.finish()
}

/// The memory model of docs/cost-model.md: a broadcast or a cheap pointwise op read
/// only by pointwise ops is fused into them and takes no memory, a pointwise op that
/// is materialized writes over an operand that dies there, and parameters live
/// throughout.
#[test]
fn pointwise_ops_write_in_place_and_broadcasts_fuse_away() {
    let program = &pointwise_chain(false);
    let plan = priced(program);
    // At u: a, w (1 MiB each), b (1 KiB), t (1 MiB; bb and s are fused into it) and u
    // (256 KiB).
    let expected = 3.0 * MIB + 257.0 * 1024.0;
    assert_close(plan.objective.peak_memory_bytes.0 as f64, expected, "peak memory");
    assert_eq!(plan.peak.as_ref().and_then(|p| p.at.as_deref()), Some("u"));
    let fused = autoshard_cost::fused_away(program);
    let names: Vec<&str> = program.value_ids().filter(|v| fused[v.index()]).map(|v| &*program.value(v).name).collect();
    assert_eq!(names, ["bb", "s"]);
    // An expensive op read twice is computed once: t, read by two pointwise ops,
    // keeps its buffer; the cheap t1 is recomputed in t2.
    let program = &pointwise_chain(true);
    let fused = autoshard_cost::fused_away(program);
    let names: Vec<&str> = program.value_ids().filter(|v| fused[v.index()]).map(|v| &*program.value(v).name).collect();
    assert_eq!(names, ["bb", "s", "t1"]);
    // Each fused value's operands are read where it is read, the later first (t1 is
    // read at t2, so t lives to t2; bb at s, so b lives to s's readers).
    let reads = autoshard_cost::fused_reads(program, &fused);
    let named = |v: ValueId| program.value(v).name.clone();
    let reads: Vec<(String, String)> = reads.into_iter().map(|(v, r)| (named(v), named(r))).collect();
    let expected = [("t1", "t"), ("s", "a"), ("s", "bb"), ("bb", "b")];
    assert_eq!(reads, expected.map(|(v, r)| (v.to_string(), r.to_string())));
}
