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
