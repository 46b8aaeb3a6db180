//! Benchmarks of the text forms.
//!
//! `cargo bench -p autoshard-model --bench text_forms`. Parsing and printing Shardy attributes sits on
//! every path that reads user input or writes a plan. (Reading a config is `config`'s
//! bench, `read_config`.)

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

use autoshard_model::{OpShardingRule, TensorFactorShardings, TensorSharding};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const SHARDING: &str = r#"#sdy.sharding<@mesh, [{"data", ?}, {"model":(1)2, "seq"}p1, {}], replicated={"pipe"}>"#;
const RULE: &str =
    "#sdy.op_sharding_rule<([i, j, k], [k, l])->([i, j, l]) {i=8, j=1024, k=4096, l=16384} reduction={k}>";

fn text_forms(c: &mut Criterion) {
    c.bench_function("parse_tensor_sharding", |b| b.iter(|| black_box(SHARDING).parse::<TensorSharding>()));
    let sharding: TensorSharding = SHARDING.parse().expect("valid sharding");
    c.bench_function("print_tensor_sharding", |b| b.iter(|| black_box(&sharding).to_string()));
    c.bench_function("parse_op_sharding_rule", |b| b.iter(|| black_box(RULE).parse::<OpShardingRule>()));
    let mesh = r#"<["data"=2, "model"=4, "seq"=2, "pipe"=2]>"#.parse().expect("valid mesh");
    let rule: OpShardingRule = "<([ij])->([i, j]) {i=4, j=4}>".parse().expect("valid rule");
    let flat: TensorSharding = r#"<@mesh, [{"model", "seq"}]>"#.parse().expect("valid sharding");
    c.bench_function("project_and_back", |b| {
        b.iter(|| {
            let t = TensorFactorShardings::project(&rule.operands[0], Some(&flat), &rule.factor_sizes, &mesh, false);
            t.map(|t| t.to_sharding(&rule.results[0], &rule.factor_sizes, flat.mesh.clone(), &mesh))
        })
    });
}

criterion_group!(benches, text_forms);
criterion_main!(benches);
