//! The solver's lowering against the cost model on every solve golden config
//! (`tests/data/solve/*.yaml`: regions, barriers, groups, output annotations, memory
//! budgets): under random assignments of the lowered problem, its cost plus the
//! NONE barriers' joins equals what `cost::evaluate` charges for the same decisions,
//! and its peak usage equals the plan's peak memory, reshard buffers included
//! (or exceeds it, where the lowering says it over-counts a shared buffer).

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "test harness")]

use autoshard_config::Config;
use autoshard_cost::evaluate::evaluate;
use autoshard_solver::lower::lower;
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};

#[test]
fn the_lowering_prices_and_counts_what_evaluate_does() {
    let dir = format!("{}/tests/data/solve", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "yaml") && !p.to_string_lossy().ends_with(".known.yaml"));
    paths.sort();
    assert!(paths.len() >= 8, "expected the solve goldens in {dir}");
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
    for path in paths {
        let config = Config::from_source(&path.to_string_lossy(), &std::fs::read_to_string(&path).unwrap()).unwrap();
        let (program, hardware) = (&config.program, &config.hardware);
        let lowered = lower(program, hardware).unwrap();
        let problem = &lowered.problem;
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
            let model = lowered.total(&assignment);
            if !model.is_finite() {
                continue;
            }
            let plan = evaluate(program, hardware, &lowered.decisions(program, &assignment)).unwrap();
            let total = plan.objective.total_s.0;
            let name = path.display();
            assert!((model - total).abs() <= 1e-9 * total, "{name}: model {model}, evaluate {total}");
            let peak = problem.peak(&assignment);
            let evaluated = plan.objective.peak_memory_bytes.0;
            assert!(peak >= evaluated, "{name}: the model's peak {peak} is below evaluate's {evaluated}");
            if !lowered.overcounts {
                assert_eq!(peak, evaluated, "{name}: the model's peak vs evaluate's");
            }
            checked += 1;
            if checked == 30 {
                break;
            }
        }
        assert!(checked > 0, "{}: no random assignment was allowed", path.display());
    }
}
