//! Whole programs through the reference interpreter, checked by hand: region ops run
//! their bodies (a manual computation once per manual coordinate on its blocks), a
//! custom op runs its decomposition, linear algebra and windowed ops give known
//! solutions. (Every example config evaluating is the facade's test, which reads the
//! config language.)

use crate::fixture::{Fixture, sharding};
use crate::planned;
use autoshard_executor::{Tensor, interpret};
use autoshard_model::ops::{
    AllGather, AllReduce, BatchNormInference, BitcastConvert, Cholesky, CollectivePermute, ComparisonDirection, Custom,
    DotGeneral, ManualComputation, NamedComputation, Reduce, ReduceKind, ReduceWindow, ReplicaGroups, RngAlgorithm,
    RngBitGenerator, SelectAndScatter, TransposeA, TriangularSolve, Window,
};
use autoshard_model::ops::{BinaryOp, UnaryOp};
use autoshard_model::{DType, Flops, OpKind, Program, TensorType};

fn run(program: &Program, inputs: Vec<Tensor>) -> Vec<Tensor> {
    let evaluation = interpret(program, &inputs).unwrap_or_else(|e| panic!("{e}"));
    evaluation.outputs(program).into_iter().map(|t| t.expect("output").clone()).collect()
}

fn t(shape: &[usize], data: &[f32]) -> Tensor {
    Tensor::from_vec(shape, data.to_vec()).unwrap()
}

/// `dot_general` contracting dimension 1 of the left operand with 0 of the right.
fn matmul() -> OpKind {
    OpKind::DotGeneral(DotGeneral {
        lhs_contracting_dims: vec![1],
        rhs_contracting_dims: vec![0],
        ..Default::default()
    })
}

/// A custom op of one f32 result of `shape` under `rule`.
fn custom(rule: &str, shape: &[i64], flops: f64) -> OpKind {
    let rule = rule.parse().unwrap_or_else(|e| panic!("{rule}: {e}"));
    OpKind::Custom(Custom {
        rule,
        results: vec![TensorType::new(shape, DType::F32)],
        flops: Flops(flops),
        target: None,
    })
}

#[test]
fn manual_computation_runs_per_block() {
    let mut p = Fixture::new(r#"<["x"=2, "y"=2]>"#);
    let a = p.input("a", &[4, 2]);
    let manual = ManualComputation {
        manual_axes: vec!["x".into()],
        in_shardings: vec![sharding(r#"[{"x"}, {}]"#)],
        out_shardings: vec![sharding(r#"[{"x"}]"#)],
    };
    let r = p.region(&["r"], (OpKind::ManualComputation(manual), &[a]), &["block"], |p, args| {
        vec![p.op("s", OpKind::Reduce(Reduce { dimensions: vec![0], kind: ReduceKind::Add }), args)]
    });
    p.output(r[0], None);
    let out = run(&p.finish(), vec![t(&[4, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])]);
    // Device x=0 holds rows 0-1 (sums 4, 6), x=1 rows 2-3 (12, 14).
    assert_eq!(out[0].data(), &[4.0, 6.0, 12.0, 14.0]);
}

#[test]
fn named_computation_and_custom_body_run() {
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let (a, b) = (p.input("a", &[2, 2]), p.input("b", &[2, 2]));
    let named = NamedComputation { label: "n".into(), in_shardings: None, out_shardings: None };
    let n = p.region(&["n"], (OpKind::NamedComputation(named), &[a, b]), &["p", "q"], |p, args| {
        vec![p.op("pq", OpKind::Dot, args)]
    });
    let c = p.region(&["c"], (custom("<([i, j])->([i, j]) {i=2, j=2}>", &[2, 2], 4.0), &n), &["v"], |p, args| {
        vec![p.op("vv", OpKind::Binary(BinaryOp::Add), &[args[0], args[0]])]
    });
    p.output(c[0], None);
    let out = run(&p.finish(), vec![t(&[2, 2], &[1.0, 2.0, 3.0, 4.0]), t(&[2, 2], &[5.0, 6.0, 7.0, 8.0])]);
    assert_eq!(out[0].data(), &[38.0, 44.0, 86.0, 100.0]);
}

#[test]
fn custom_op_without_body_cannot_run() {
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let a = p.input("a", &[2]);
    let c = p.op("c", custom("<([i])->([i]) {i=2}>", &[2], 0.0), &[a]);
    p.output(c, None);
    let err = interpret(&p.finish(), &[t(&[2], &[1.0, 2.0])]).unwrap_err();
    assert!(err.to_string().contains("custom op runs only with a body"), "{err}");
}

#[test]
fn update_slice_bitcast_and_batch_norm_by_hand() {
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let (a, u) = (p.input("a", &[2, 3]), p.input("u", &[1, 2]));
    let (i, j) = (p.input_as("i", &[], DType::I32, None), p.input_as("j", &[], DType::I32, None));
    let [s, o, m, v] = ["s", "o", "m", "v"].map(|name| p.input(name, &[3]));
    let w = p.op("w", OpKind::DynamicUpdateSlice, &[a, u, i, j]);
    let b = p.op("b", OpKind::BitcastConvert(BitcastConvert { dtype: DType::U8 }), &[w]);
    let norm = BatchNormInference { epsilon: 0.0, feature_index: 1 };
    let n = p.op("n", OpKind::BatchNormInference(norm), &[a, s, o, m, v]);
    [w, b, n].into_iter().for_each(|out| p.output(out, None));
    let a = t(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let (i, j) = (Tensor::scalar(1.0), Tensor::scalar(5.0));
    let stats = [t(&[3], &[1.0, 2.0, 3.0]), t(&[3], &[0.0, 1.0, 0.0]), t(&[3], &[1.0, 1.0, 1.0]), t(&[3], &[4.0; 3])];
    let mut inputs = vec![a, t(&[1, 2], &[8.0, 9.0]), i, j];
    inputs.extend(stats);
    let out = run(&p.finish(), inputs);
    // The column index 5 is clamped to 1 so that the update fits.
    assert_eq!(out[0].data(), &[1.0, 2.0, 3.0, 4.0, 8.0, 9.0]);
    // 1.0f32 is 0x3F800000: bytes 0, 0, 128, 63, least significant first.
    assert_eq!(&out[1].data()[..4], &[0.0, 0.0, 128.0, 63.0]);
    // (x - 1) / 2 * scale + offset.
    assert_eq!(out[2].data(), &[0.0, 2.0, 3.0, 1.5, 5.0, 7.5]);
}

#[test]
fn collectives_outside_manual_bodies_and_rng_solve_but_cannot_run() {
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let a = p.input("a", &[2, 4]);
    let state = p.input_as("state", &[2], DType::U64, None);
    let groups = ReplicaGroups(vec![vec![0, 1]]);
    let gather = AllGather { all_gather_dim: 1, replica_groups: groups, channel_id: 0, use_global_device_ids: false };
    let g = p.op("g", OpKind::AllGather(gather), &[a]);
    let rng = RngBitGenerator { algorithm: RngAlgorithm::Default, result: TensorType::new([4, 8], DType::U32) };
    let bits = p.ops(&["next", "bits"], OpKind::RngBitGenerator(rng), &[state])[1];
    p.output(g, None);
    p.output(bits, None);
    let program = p.finish();
    let rules: Vec<String> = program
        .ops_in_order()
        .into_iter()
        .map(|id| autoshard_model::rules::sharding_rule(&program, id).map(|r| r.to_string()).unwrap_or_default())
        .collect();
    assert_eq!(rules[0], "#sdy.op_sharding_rule<([i, j])->([i, k]) {i=2, j=4, k=8} need_replication={j, k}>");
    assert!(planned::solve(&program).is_ok());
    let err = interpret(&program, &[t(&[2, 4], &[0.0; 8]), t(&[2], &[1.0, 2.0])]).unwrap_err();
    assert!(err.to_string().contains("all_gather") && err.to_string().contains("manual computation's body"), "{err}");
}

/// `psum` and `ppermute` as a `shard_map` body writes them: each of the two devices
/// holds a row; the sum over both is each row's total, and the permute swaps rows.
#[test]
fn collectives_in_manual_bodies_run_per_device() {
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let a = p.input("a", &[2, 3]);
    let rows = sharding(r#"[{"x"}, {}]"#);
    let manual = ManualComputation {
        manual_axes: vec!["x".into()],
        in_shardings: vec![rows.clone()],
        out_shardings: vec![rows.clone(), rows],
    };
    let results = p.region(&["summed", "permuted"], (OpKind::ManualComputation(manual), &[a]), &["row"], |p, row| {
        let groups = ReplicaGroups(vec![vec![0, 1]]);
        let sum =
            AllReduce { kind: ReduceKind::Add, replica_groups: groups, channel_id: 0, use_global_device_ids: true };
        let total = p.op("total", OpKind::AllReduce(sum), row);
        let swap = CollectivePermute { source_target_pairs: vec![(0, 1), (1, 0)], channel_id: 0 };
        vec![total, p.op("swapped", OpKind::CollectivePermute(swap), row)]
    });
    results.iter().for_each(|&r| p.output(r, None));
    let program = p.finish();
    let a = t(&[2, 3], &[1.0, 2.0, 3.0, 10.0, 20.0, 30.0]);
    let run = interpret(&program, &[a]).unwrap_or_else(|e| panic!("{e}"));
    let outputs: Vec<Vec<f32>> = run.outputs(&program).iter().map(|t| t.expect("an output").data().to_vec()).collect();
    assert_eq!(outputs, [vec![11.0, 22.0, 33.0, 11.0, 22.0, 33.0], vec![10.0, 20.0, 30.0, 1.0, 2.0, 3.0]]);
    let solved = planned::solve(&program).unwrap_or_else(|e| panic!("{e}"));
    let sharded = planned::run(&program, &solved, 2);
    assert!(sharded.verification.passed, "{:?}", sharded.verification);
}

#[test]
fn mlp_by_hand() {
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let x = p.input("x", &[1, 2]);
    let (w1, w2) = (p.parameter("w1", &[2, 2]), p.parameter("w2", &[2, 1]));
    let h = p.op("h", matmul(), &[x, w1]);
    let a = p.op("a", OpKind::Unary(UnaryOp::Relu), &[h]);
    let y = p.op("y", matmul(), &[a, w2]);
    p.output(y, None);
    // h = [1*1 + 2*3, 1*(-2) + 2*(-4)] = [7, -10]; relu -> [7, 0]; y = 7*2 + 0*5 = 14.
    let inputs = vec![t(&[1, 2], &[1.0, 2.0]), t(&[2, 2], &[1.0, -2.0, 3.0, -4.0]), t(&[2, 1], &[2.0, 5.0])];
    let out = run(&p.finish(), inputs);
    assert_eq!(out[0].data(), &[14.0]);
}

#[test]
fn cholesky_then_triangular_solves_invert_a_matrix() {
    // a = l · lᵀ with l = [[2, 0], [1, 3]], so a = [[4, 2], [2, 10]] (its upper
    // triangle is not read); solving l · y = b, then lᵀ · x = y, gives a · x = b.
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let (a, b) = (p.input("a", &[2, 2]), p.input("b", &[2, 1]));
    let l = p.op("l", OpKind::Cholesky(Cholesky { lower: true }), &[a]);
    let solve = |transpose_a| {
        OpKind::TriangularSolve(TriangularSolve { left_side: true, lower: true, unit_diagonal: false, transpose_a })
    };
    let y = p.op("y", solve(TransposeA::NoTranspose), &[l, b]);
    let x = p.op("x", solve(TransposeA::Transpose), &[l, y]);
    p.output(l, None);
    p.output(x, None);
    let out = run(&p.finish(), vec![t(&[2, 2], &[4.0, -99.0, 2.0, 10.0]), t(&[2, 1], &[8.0, 14.0])]);
    assert_eq!(out[0].data(), &[2.0, 0.0, 1.0, 3.0]);
    // x solves 4x + 2y = 8, 2x + 10y = 14: y = 10/9, x = 2 - y/2 = 13/9.
    let x = out[1].data();
    assert!((x[0] - 13.0 / 9.0).abs() < 1e-6 && (x[1] - 10.0 / 9.0).abs() < 1e-6, "{x:?}");
}

#[test]
fn max_pool_and_its_gradient() {
    // Windows of 2 with stride 2 over [1, 5, 2, 4]: maxima 5 and 4; the gradient
    // routes each window's source value to its maximum.
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let (a, g) = (p.input("a", &[1, 4]), p.input("g", &[1, 2]));
    let window = Window { strides: vec![1, 2], ..Window::of(vec![1, 2]) };
    let pool = ReduceWindow { window: window.clone(), kind: ReduceKind::Max };
    let pooled = p.op("p", OpKind::ReduceWindow(pool), &[a]);
    let scatter = SelectAndScatter { window, select: ComparisonDirection::Ge, scatter: ReduceKind::Add };
    let d = p.op("d", OpKind::SelectAndScatter(scatter), &[a, g]);
    p.output(pooled, None);
    p.output(d, None);
    let out = run(&p.finish(), vec![t(&[1, 4], &[1.0, 5.0, 2.0, 4.0]), t(&[1, 2], &[10.0, 20.0])]);
    assert_eq!(out[0].data(), &[5.0, 4.0]);
    assert_eq!(out[1].data(), &[0.0, 10.0, 0.0, 20.0]);
}

/// An op reading one value twice in one sharding moves it once, as it is priced:
/// the run executes exactly the collectives the plan lists.
#[test]
fn a_value_read_twice_moves_once() {
    // Following `p` costs one all-to-all of `b` (read twice); following `b`, one
    // of `p` and one of the result.
    let mut p = Fixture::new(r#"<["x"=2]>"#);
    let predicate = p.input_as("p", &[4, 6], DType::I1, Some(r#"[{}, {"x"}]"#));
    let b = p.input_as("b", &[4, 6], DType::F32, Some(r#"[{"x"}, {}]"#));
    let s = p.op_sharded("s", OpKind::Select, &[predicate, b, b], r#"[{}, {"x"}]"#);
    p.output(s, Some(r#"[{}, {"x"}]"#));
    let program = p.finish();
    let solved = planned::solve(&program).unwrap_or_else(|e| panic!("{e}"));
    let run = planned::run(&program, &solved, 1);
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
