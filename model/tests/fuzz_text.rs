//! Fuzzing of the text-form parsers with generated strings (proptest).
//!
//! Two generators: "token soup" (random sequences of the syntax's own tokens, which
//! reach deep into the grammar) and mutations of valid attributes (deletions,
//! insertions, swaps). For every string, every parser must return instead of
//! panicking; whatever parses must print to a fixed point (print, parse, print gives
//! the same text) and must survive verification against a mesh and shapes.
//! Together the two properties run 120,000 generated strings.

use autoshard_model::{
    AxisRef, DimSharding, Mesh, OpShardingRule, ShardingProjection, TensorSharding, TensorShardingPerValue,
};
use proptest::prelude::*;
use std::fmt::Display;
use std::str::FromStr;

const TOKENS: &[&str] = &[
    "<",
    ">",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ",",
    ", ",
    "=",
    ":",
    "?",
    "->",
    " ",
    "@mesh",
    "@m",
    "mesh",
    "#sdy.sharding",
    "#sdy.sharding_per_value",
    "#sdy.op_sharding_rule",
    "#sdy.mesh",
    "replicated",
    "unreduced",
    "max",
    "min",
    "sum",
    "device_ids",
    "custom",
    "reduction",
    "need_replication",
    "permutation",
    "blocked_propagation",
    "\"a\"",
    "\"b\"",
    "\"x\"",
    "\"\"",
    "\"a\\\"b\"",
    "\"\\0A\"",
    "\"",
    "\\",
    "p0",
    "p1",
    "p01",
    "phigh",
    "i",
    "j",
    "k",
    "ij",
    "z",
    "z_",
    "z_1",
    "z_0",
    "zz_1",
    "a",
    "0",
    "1",
    "2",
    "3",
    "4",
    "8",
    "-1",
    "9223372036854775807",
    "9223372036854775808",
    "é",
    "\u{0}",
];

const SAMPLES: &[&str] = &[
    r#"<["a"=2, "b"=4], device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>"#,
    r#"<[], device_ids=[3]>"#,
    r#"#sdy.sharding<@mesh, [{"a", ?}, {"b":(2)2}p1], replicated={"c"}, unreduced=max{"d"}>"#,
    r#"#sdy.sharding<mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]>"#,
    r#"#sdy.sharding<@mesh, [{"x"}[0, 3, 5, 7, 9]p2, {}]>"#,
    r#"#sdy.sharding_per_value<[<@foo, [{"a"}, {}]>, <@foo, [], replicated={"b"}>]>"#,
    r#"#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>"#,
    r#"#sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} need_replication={i, l} permutation={k} blocked_propagation={l}, custom>"#,
    r#"#sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=4}>"#,
    r#"{"a":(1)2, "b", ?}p12"#,
    r#""x":(2)4"#,
];

/// Parses `text` as `T`; if it parses, printing must be a fixed point.
fn round_trip<T: FromStr + Display>(text: &str) -> Option<T> {
    let value = text.parse::<T>().ok()?;
    let printed = value.to_string();
    let again = printed.parse::<T>().ok().map(|v| v.to_string());
    assert_eq!(again.as_deref(), Some(printed.as_str()), "printing {text:?} is not a fixed point");
    Some(value)
}

/// Runs every parser on `text`, and verification and projection on what parses.
fn exercise(text: &str) {
    let mesh: Mesh = r#"<["a"=2, "b"=4, "c"=3, "x"=2]>"#.parse().expect("mesh");
    round_trip::<Mesh>(text);
    round_trip::<AxisRef>(text);
    round_trip::<DimSharding>(text);
    if let Some(sharding) = round_trip::<TensorSharding>(text) {
        let shape = vec![12; sharding.rank()];
        let _ = sharding.verify(&mesh, &shape);
        let _ = sharding.verify_free_of(&["a".into()]);
    }
    if let Some(per_value) = round_trip::<TensorShardingPerValue>(text) {
        let shapes: Vec<Vec<i64>> = per_value.shardings.iter().map(|s| vec![8; s.rank()]).collect();
        let shapes: Vec<&[i64]> = shapes.iter().map(Vec::as_slice).collect();
        let _ = per_value.verify(|_| Some(&mesh), &shapes, &[]);
    }
    if let Some(rule) = round_trip::<OpShardingRule>(text) {
        let shape_of = |m: &autoshard_model::TensorMapping| -> Vec<i64> {
            m.dims.iter().map(|d| d.factors.iter().map(|f| rule.factor_size(*f)).product()).collect()
        };
        let operands: Vec<Vec<i64>> = rule.operands.iter().map(shape_of).collect();
        let results: Vec<Vec<i64>> = rule.results.iter().map(shape_of).collect();
        let o: Vec<&[i64]> = operands.iter().map(Vec::as_slice).collect();
        let r: Vec<&[i64]> = results.iter().map(Vec::as_slice).collect();
        if rule.verify(&o, &r).is_ok() {
            let missing: Vec<Option<&TensorSharding>> = vec![None; rule.operands.len()];
            let none_results: Vec<Option<&TensorSharding>> = vec![None; rule.results.len()];
            let _ = ShardingProjection::build(&missing, &none_results, &rule, &mesh, true);
        }
    }
}

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..40).prop_map(|tokens| tokens.concat())
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, &'static str),
    Duplicate(usize, usize),
    Swap(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..6).prop_map(|(at, len)| Edit::Delete(at, len)),
        (any::<usize>(), prop::sample::select(TOKENS)).prop_map(|(at, t)| Edit::Insert(at, t)),
        (any::<usize>(), 1usize..12).prop_map(|(at, len)| Edit::Duplicate(at, len)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap(a, b)),
    ]
}

/// Applies `edits` to `text` on character boundaries.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Delete(at, len) => {
                let at = at % n;
                let end = (at + len).min(chars.len());
                chars.drain(at.min(chars.len())..end);
            }
            Edit::Insert(at, token) => {
                let at = (at % (chars.len() + 1)).min(chars.len());
                chars.splice(at..at, token.chars());
            }
            Edit::Duplicate(at, len) => {
                let at = at % n;
                let end = (at + len).min(chars.len());
                let copy: Vec<char> = chars.get(at..end).map(<[char]>::to_vec).unwrap_or_default();
                chars.splice(end..end, copy);
            }
            Edit::Swap(a, b) if !chars.is_empty() => {
                let len = chars.len();
                chars.swap(a % len, b % len);
            }
            Edit::Swap(..) => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(text in token_soup()) {
        exercise(&text);
    }

    #[test]
    fn mutated_attributes_never_panic(
        sample in prop::sample::select(SAMPLES),
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        exercise(&mutate(sample, &edits));
    }
}

#[test]
fn samples_are_valid() {
    for sample in SAMPLES {
        let parsed = round_trip::<Mesh>(sample).is_some()
            || round_trip::<AxisRef>(sample).is_some()
            || round_trip::<DimSharding>(sample).is_some()
            || round_trip::<TensorSharding>(sample).is_some()
            || round_trip::<TensorShardingPerValue>(sample).is_some()
            || round_trip::<OpShardingRule>(sample).is_some();
        assert!(parsed, "{sample} should parse");
    }
}
