//! Partial values of every reduction kind the model holds (issue 30, "partial
//! types"): a `reduce` of each kind over a tensor split across the mesh makes
//! partial results, combined by an all-reduce of that kind (`sdy.all_reduce
//! bitwise_and {"x"}`) that the plan prices, and the run equals the reference,
//! padding included (3 rows on 4 devices: the last device's shard is all padding,
//! and its partial value the kind's identity in the element type).

use autoshard::model::ReductionKind;

fn config(kind: &str, dtype: &str, rows: i64) -> autoshard::Config {
    let source = format!(
        r#"name: partial-{kind}
mesh: {{axes: {{x: 2, y: 2}}}}
cost: {{preset: h100-sxm}}
program:
  inputs:
    a: {{shape: [{rows}, 2], dtype: {dtype}, sharding: '[{{"x", "y"}}, {{}}]'}}
  ops:
    - {{name: r, op: reduce, operands: [a], dimensions: [0, 1], kind: {kind}}}
  outputs:
    r: {{sharding: '[]'}}
"#
    );
    autoshard::Config::from_source(&format!("partial_{kind}.yaml"), &source).unwrap()
}

#[test]
fn every_kind_of_partial_value_is_planned_and_runs_as_the_reference() {
    let cases = [
        ("add", "f32", ReductionKind::Sum),
        ("max", "f32", ReductionKind::Max),
        ("min", "i32", ReductionKind::Min),
        ("mul", "f32", ReductionKind::Product),
        ("and", "i32", ReductionKind::BitwiseAnd),
        ("and", "i1", ReductionKind::BitwiseAnd),
        ("or", "i32", ReductionKind::BitwiseOr),
        ("xor", "i32", ReductionKind::BitwiseXor),
    ];
    for (kind, dtype, reduction) in cases {
        for rows in [4, 3] {
            let config = config(kind, dtype, rows);
            let solved = autoshard::solve(&config).unwrap();
            // r's partial results are combined by an all-reduce of their kind: moving
            // `a` instead costs more.
            let written =
                if reduction == ReductionKind::Sum { String::new() } else { format!("{} ", reduction.keyword()) };
            let combined = format!("sdy.all_reduce {written}{{");
            let texts: Vec<String> =
                solved.plan.collectives.iter().filter(|c| c.value == "r").map(|c| c.text.to_string()).collect();
            assert!(texts.iter().any(|t| t.starts_with(&combined)), "{kind} {dtype} {rows}: {texts:?}");
            for seed in 0..8 {
                let run = autoshard::run(&config, &solved, seed).unwrap();
                assert!(run.verification.passed, "{kind} {dtype} {rows} seed {seed}: {:?}", run.verification);
            }
        }
    }
}

/// Partial averages, which no op makes but a value may hold (an input of per-device
/// mean shares, an output wanted as them): carried through a subtract (with the
/// replicated operand its own mean on every device) and combined by an average
/// all-reduce after it, made from split rows by scaling each device's rows by the
/// group's size, and the run equals the reference.
#[test]
fn partial_averages_are_combined_made_and_run_as_the_reference() {
    let source = r#"name: partial-average
mesh: {axes: {x: 2, y: 2}}
cost: {preset: h100-sxm}
program:
  inputs:
    g: {shape: [8, 6], dtype: f32, sharding: '[{}, {}], unreduced=average{"x"}'}
    h: {shape: [8, 6], dtype: f32, sharding: '[{"x"}, {}]'}
    p: {shape: [8, 6], dtype: f32}
  ops:
    - {name: u, op: subtract, operands: [p, g]}
    - {name: v, op: multiply, operands: [h, p]}
  outputs:
    u: {sharding: '[{"y"}, {}]'}
    v: {sharding: '[{}, {}], unreduced=average{"x"}'}
"#;
    let config = autoshard::Config::from_source("partial_average.yaml", source).unwrap();
    let solved = autoshard::solve(&config).unwrap();
    let texts: Vec<String> = solved.plan.collectives.iter().map(|c| format!("{}: {}", c.value, c.text)).collect();
    assert!(texts.iter().any(|t| t.starts_with("u: sdy.all_reduce average {\"x\"}")), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("p: sdy.replicated_to_unreduced {\"x\"}")), "{texts:?}");
    let u = solved.plan.ops.iter().find(|op| op.name == "u").unwrap();
    let carried = u.carried.as_ref().unwrap();
    assert_eq!((carried.reduction, &carried.operands[..]), (ReductionKind::Average, &[0, 1][..]));
    assert!(texts.iter().any(|t| t.starts_with("v: sdy.sharded_to_unreduced")), "{texts:?}");
    for seed in 0..8 {
        let run = autoshard::run(&config, &solved, seed).unwrap();
        assert!(run.verification.passed, "seed {seed}: {:?}", run.verification);
    }
    // Shardy's unreduced axes are sums: the plan has no Shardy form, but a mesh one.
    let message = autoshard::export_stablehlo(&config, &solved).unwrap_err().to_string();
    assert!(message.contains("\"g\" holds partial values combined by average"), "{message}");
    let mesh = autoshard::export_mesh(&config, &solved).unwrap();
    assert!(mesh.contains("partial = average [0]"), "{mesh}");
}

/// An average needs a floating-point type and the bitwise kinds an integer or
/// boolean one; an annotation that breaks this is refused where it is written.
#[test]
fn partial_kinds_that_the_element_type_cannot_hold_are_refused() {
    for (dtype, kind, needs) in [("i32", "average", "a floating-point"), ("f32", "bitwise_or", "an integer or boolean")]
    {
        let source = format!(
            "name: bad\nmesh: {{axes: {{x: 2}}}}\nprogram:\n  inputs:\n    a: {{shape: [4], dtype: {dtype}, sharding: '[{{}}], unreduced={kind}{{\"x\"}}'}}\n  outputs: [a]\n"
        );
        let message = autoshard::Config::from_source("bad.yaml", &source).unwrap_err().to_string();
        let want = format!("partial values combined by {kind} need {needs} type, not {dtype}");
        assert!(message.contains("bad.yaml:5:") && message.contains(&want), "{message}");
    }
}

/// An input of partial sums or averages (gradients before their reduction, say)
/// goes through linear ops as it is and leaves as the output wanted partial: no
/// collective at all, where reducing it first costs an all-reduce.
#[test]
fn partial_inputs_are_carried_through_linear_ops() {
    for (written, kind) in [("", ReductionKind::Sum), ("average", ReductionKind::Average)] {
        let source = format!(
            r#"name: carried
mesh: {{axes: {{x: 2, y: 2}}}}
cost: {{preset: h100-sxm}}
program:
  inputs:
    g: {{shape: [1024, 1024], dtype: f32, sharding: '[{{}}, {{}}], unreduced={written}{{"x"}}'}}
    h: {{shape: [1024, 1024], dtype: f32}}
  ops:
    - {{name: u, op: multiply, operands: [h, g]}}
    - {{name: v, op: negate, operands: [u]}}
  outputs:
    v: {{sharding: '[{{}}, {{}}], unreduced={written}{{"x"}}'}}
"#
        );
        let config = autoshard::Config::from_source("carried.yaml", &source).unwrap();
        let solved = autoshard::solve(&config).unwrap();
        let texts: Vec<String> = solved.plan.collectives.iter().map(|c| c.text.to_string()).collect();
        assert!(texts.is_empty(), "{kind:?}: {texts:?}");
        for op in &solved.plan.ops {
            assert_eq!(op.carried.as_ref().map(|c| c.reduction), Some(kind), "{}", op.name);
        }
        let run = autoshard::run(&config, &solved, 0).unwrap();
        assert!(run.verification.passed, "{kind:?}: {:?}", run.verification);
    }
}
