//! Benchmarks of reshard planning.
//!
//! `cargo bench -p autoshard-cost --bench reshard_and_cost`. The solver prices reshards between many
//! candidate shardings, so planning one (Shardy's algorithm, the simulator check and
//! the cost-aware choice) must stay in the microseconds. (Pricing a whole config,
//! `autoshard cost`, is the facade's bench `end_to_end`.)

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

use autoshard_cost::{HardwareSpec, Preset, Tensor, cheapest_plan};
use autoshard_model::reshard::{plan, simulate};
use autoshard_model::{DType, Meshes, TensorSharding};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Shardy's `slice_on_one_src_dim_but_not_other`: slice, permute, two all-to-alls.
const FROM: &str = r#"<@mesh, [{"z"}, {"x"}, {}]>"#;
const TO: &str = r#"<@mesh, [{}, {}, {"x", "y", "z", "w"}]>"#;

fn reshard(c: &mut Criterion) {
    let meshes = Meshes::single("mesh", r#"<["x"=2, "y"=2, "z"=2, "w"=2]>"#.parse().unwrap());
    let (from, to): (TensorSharding, TensorSharding) = (FROM.parse().unwrap(), TO.parse().unwrap());
    let shape = [2, 8, 8];
    c.bench_function("plan_reshard_shardy", |b| b.iter(|| plan(&meshes, black_box(&shape), &from, &to)));
    let collectives = plan(&meshes, &shape, &from, &to).unwrap();
    c.bench_function("simulate_reshard", |b| b.iter(|| simulate(&meshes, &shape, &from, black_box(&collectives), &to)));
    let hardware = HardwareSpec::from_preset(Preset::H100Sxm, meshes.get("mesh").unwrap());
    let tensor = Tensor { meshes: &meshes, shape: &shape, dtype: DType::F32 };
    c.bench_function("plan_reshard_cheapest_priced", |b| {
        b.iter(|| cheapest_plan(black_box(tensor), &from, &to, &hardware))
    });
}

criterion_group!(benches, reshard);
criterion_main!(benches);
