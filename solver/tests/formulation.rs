//! The solver's formulation against the cost model on every solve golden config
//! (`tests/data/solve/*.yaml`: regions, barriers, groups, output annotations, memory
//! budgets): under random assignments of the formulated problem, its cost plus the
//! NONE barriers' joins equals what `cost::price_plan` charges for the same decisions,
//! and its peak usage equals the plan's peak memory, reshard buffers included
//! (or exceeds it, where the formulation says it over-counts a shared buffer; then,
//! without the loads that may count a buffer again, it never exceeds it).

use autoshard_config::Config;
use autoshard_cost::price_plan;
use autoshard_solver::formulate;
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};

#[test]
fn the_formulation_prices_and_counts_what_price_plan_does() {
    let dir = format!("{}/tests/data/solve", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "yaml") && !p.to_string_lossy().ends_with(".known.yaml"));
    paths.sort();
    assert!(paths.len() >= 8, "expected the solve goldens in {dir}");
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
    for path in paths {
        let config = Config::from_source(&path.to_string_lossy(), &std::fs::read_to_string(&path).unwrap()).unwrap();
        check(&path.display().to_string(), &config, &mut rng);
    }
}

/// A value whose buffer two later reshards may share (each moves nothing when it
/// keeps the sharding), both outliving it: the formulation counts the buffer's
/// extension twice; without the second sharer's load it never counts above the plan.
#[test]
fn a_buffer_shared_twice_is_counted_at_most_twice_and_at_least_once() {
    let yaml = r#"
name: shared-twice
mesh: {axes: {x: 2, y: 2}}
cost: {preset: h100-sxm, device: {memory: 1GiB}}
program:
  inputs:
    a: {shape: [1024, 512], dtype: f32}
  ops:
    - {name: s, op: tanh, operands: [a]}
    - {name: b, op: reshard, operands: [s], sharding: '[{"x"}, {}]'}
    - {name: c, op: reshard, operands: [s], sharding: '[{"x"}, {}]'}
    - {name: d, op: exponential, operands: [b]}
    - {name: e, op: add, operands: [d, c]}
  outputs:
    e: {}
"#;
    let config = Config::from_source("shared_twice.yaml", yaml).unwrap();
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[9; 32]);
    assert!(check("shared_twice.yaml", &config, &mut rng), "expected the formulation to over-count");
}

/// Checks `config`'s formulation against `price_plan` under random assignments:
/// equal costs; a peak at least the plan's (equal unless the formulation says it
/// over-counts), and at most the plan's without the loads that may count a shared
/// buffer again. Returns whether it over-counts.
fn check(name: &str, config: &Config, rng: &mut TestRng) -> bool {
    let (program, hardware) = (&config.program, &config.hardware);
    let formulation = formulate(program, hardware).unwrap();
    let problem = formulation.problem();
    let undercounting = formulation.undercounting(problem);
    let mut checked = 0;
    for _ in 0..2000 {
        let assignment: Vec<usize> = problem
            .nodes
            .iter()
            .map(|n| {
                let allowed: Vec<usize> = (0..n.strategies()).filter(|&s| n.costs[s].is_finite()).collect();
                allowed[(rng.next_u64() % allowed.len() as u64) as usize]
            })
            .collect();
        let model = formulation.total(&assignment);
        if !model.is_finite() {
            continue;
        }
        let plan = price_plan(program, hardware, &formulation.decisions(program, &assignment)).unwrap();
        let total = plan.objective.total_s.0;
        assert!((model - total).abs() <= 1e-9 * total, "{name}: model {model}, price_plan {total}");
        let peak = problem.peak(&assignment);
        let evaluated = plan.objective.peak_memory_bytes.0;
        assert!(peak >= evaluated, "{name}: the model's peak {peak} is below price_plan's {evaluated}");
        if !formulation.overcounts() {
            assert_eq!(peak, evaluated, "{name}: the model's peak vs price_plan's");
        }
        let under = undercounting.peak(&assignment);
        assert!(under <= evaluated, "{name}: the undercounting peak {under} is above price_plan's {evaluated}");
        checked += 1;
        if checked == 30 {
            break;
        }
    }
    assert!(checked > 0, "{name}: no random assignment was allowed");
    formulation.overcounts()
}
