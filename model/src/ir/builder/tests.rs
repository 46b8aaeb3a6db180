//! The region ops with more than one region: a `while`'s condition and body, a
//! `case`'s branches, built region by region and checked as StableHLO states.

use super::*;
use crate::ops::{BinaryOp, Case, ComparisonDirection, Constant, While};

fn scalar(dtype: DType) -> TensorType {
    TensorType::new(Vec::<i64>::new(), dtype)
}

fn builder() -> ProgramBuilder {
    let mesh: Mesh = "<[\"x\"=2]>".parse().expect("a mesh");
    let mut b = ProgramBuilder::new("loops", "mesh", mesh);
    for (name, ty) in [("h", TensorType::new([4, 8], DType::F32)), ("i", scalar(DType::I32))] {
        let spec = InputSpec { name: name.into(), ty, parameter: false, sharding: None, loc: None };
        b.add_input(spec).expect("an input");
    }
    b
}

fn op(names: &[&str], kind: OpKind, operands: Vec<ValueId>) -> OpSpec {
    OpSpec {
        result_names: names.iter().map(|n| n.to_string()).collect(),
        kind,
        operands,
        result_shardings: Vec::new(),
        loc: None,
    }
}

fn constant(b: &mut ProgramBuilder, name: &str, value: f64, dtype: DType) -> ValueId {
    let kind = OpKind::Constant(Constant { ty: scalar(dtype), values: vec![value] });
    b.add_op(op(&[name], kind, Vec::new())).expect("a constant")[0]
}

/// `while (h, i) { i < 3 } do { (h * h, i + 1) }`, trip count 3.
fn counted_loop(b: &mut ProgramBuilder) -> Result<Vec<ValueId>> {
    let (h, i) = (b.value_named("h").expect("h"), b.value_named("i").expect("i"));
    let spec = op(&["h3", "i3"], OpKind::While(While { trip_count: 3 }), vec![h, i]);
    let cond = b.begin_region(spec, vec!["ch".into(), "ci".into()])?;
    let n = constant(b, "n", 3.0, DType::I32);
    let less = OpKind::Compare { direction: ComparisonDirection::Lt };
    let more = b.add_op(op(&["more"], less, vec![cond[1], n]))?;
    let body = b.next_region(more, vec!["bh".into(), "bi".into()])?;
    let square = b.add_op(op(&["sq"], OpKind::Binary(BinaryOp::Multiply), vec![body[0], body[0]]))?;
    let one = constant(b, "one", 1.0, DType::I32);
    let next = b.add_op(op(&["next"], OpKind::Binary(BinaryOp::Add), vec![body[1], one]))?;
    b.end_region(vec![square[0], next[0]])
}

#[test]
fn a_loop_is_built_condition_then_body() {
    let mut b = builder();
    let results = counted_loop(&mut b).expect("the loop");
    b.add_output(results[0], None, None).expect("an output");
    let program = b.finish().expect("a program");
    let id = program.op_named("h3").expect("the loop");
    let w = program.op(id);
    let (cond, body) = (w.cond().expect("a condition"), w.body().expect("a body"));
    assert_eq!((cond.args.len(), cond.results.len(), body.results.len()), (2, 1, 2));
    // The ops of both regions run three times; the loop itself once.
    let repeats = program.repeats();
    assert_eq!(repeats[id.index()], 1);
    for name in ["n", "more", "sq", "one", "next"] {
        assert_eq!(repeats[program.op_named(name).expect(name).index()], 3, "{name}");
    }
    // Each operand enters both regions; the body's results leave.
    let entries: Vec<usize> = w.region_entries().iter().map(|e| e.0).collect();
    assert_eq!(entries, [0, 1, 0, 1]);
    assert_eq!(w.region_exits().len(), 2);
    assert_eq!(program.ops_in_order().len(), 6);
}

#[test]
fn a_loop_condition_returns_one_boolean_and_its_body_the_carried_types() {
    let mut b = builder();
    let (h, i) = (b.value_named("h").expect("h"), b.value_named("i").expect("i"));
    let spec = op(&["r", "s"], OpKind::While(While { trip_count: 1 }), vec![h, i]);
    let cond = b.begin_region(spec, vec!["ch".into(), "ci".into()]).expect("opened");
    let err = b.next_region(vec![cond[1]], vec!["bh".into(), "bi".into()]).unwrap_err().to_string();
    assert!(err.contains("the condition returns (tensor<i32>), not one tensor<i1>"), "{err}");
    let err = b.end_region(vec![cond[0], cond[1]]).unwrap_err().to_string();
    assert!(err.contains("has 2 regions; region 0 is being closed as its last"), "{err}");
    let n = constant(&mut b, "n", 1.0, DType::I32);
    let less = OpKind::Compare { direction: ComparisonDirection::Lt };
    let more = b.add_op(op(&["more"], less, vec![cond[1], n])).expect("compare");
    let body = b.next_region(more, vec!["bh".into(), "bi".into()]).expect("the body");
    let err = b.end_region(vec![body[1], body[1]]).unwrap_err().to_string();
    assert!(err.contains("the body returns (tensor<i32>, tensor<i32>) but the loop carries"), "{err}");
    // A region sees its own values only: the condition's are gone in the body.
    let err = b.end_region(vec![cond[0], body[1]]).unwrap_err().to_string();
    assert!(err.contains("which is not defined in the body"), "{err}");
}

#[test]
fn case_branches_take_the_operands_after_the_selector_and_return_one_type() {
    let mut b = builder();
    let (h, i) = (b.value_named("h").expect("h"), b.value_named("i").expect("i"));
    let kind = OpKind::Case(Case { branches: 2, predicate: false });
    let err = b.begin_region(op(&["y"], kind.clone(), vec![h, h]), vec!["a".into()]).unwrap_err().to_string();
    assert!(err.contains("the selector is tensor<4x8xf32>, not tensor<i32>"), "{err}");
    let first = b.begin_region(op(&["y"], kind, vec![i, h]), vec!["a".into()]).expect("branch 0");
    let doubled = b.add_op(op(&["d"], OpKind::Binary(BinaryOp::Add), vec![first[0], first[0]])).expect("add");
    let second = b.next_region(doubled, vec!["b".into()]).expect("branch 1");
    let n = constant(&mut b, "n", 1.0, DType::I32);
    let err = b.end_region(vec![n]).unwrap_err().to_string();
    assert!(err.contains("branch 1 returns (tensor<i32>) but branch 0 returns (tensor<4x8xf32>)"), "{err}");
    let result = b.end_region(vec![second[0]]).expect("closed");
    b.add_output(result[0], None, None).expect("an output");
    let program = b.finish().expect("a program");
    let case = program.op(program.op_named("y").expect("the case"));
    assert!(case.body().is_none());
    assert_eq!(case.branches().len(), 2);
    let entries: Vec<(usize, ValueId)> = case.region_entries().iter().map(|e| (e.0, e.1)).collect();
    assert_eq!(entries, [(1, h), (1, h)]);
    assert_eq!(case.region_exits().len(), 2);
}

#[test]
fn case_picks_its_branch_as_stablehlo_says() {
    let case = Case { branches: 3, predicate: false };
    assert_eq!([-1.0, 0.0, 1.0, 2.0, 3.0].map(|s| case.branch(s)), [2, 0, 1, 2, 2]);
    let when = Case { branches: 2, predicate: true };
    assert_eq!([1.0, 0.0].map(|s| when.branch(s)), [0, 1]);
}
