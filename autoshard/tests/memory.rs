//! The memory a run takes, estimated before it runs (`executor::estimate_memory`),
//! against what the run holds: every example config's solved plan at its small sizes.
//! (The executor's own tests check bf16 blocks on a program built in code.)

use crate::gallery::gallery;
use autoshard::Config;
use autoshard::cost::Pricing;
use autoshard::executor::{estimate_memory, schedule};
use autoshard::model::Bytes;

/// Solves `config`, estimates its run and runs it: the estimate and the run.
fn estimate_and_run(config: &Config, name: &str) -> (autoshard::executor::MemoryEstimate, autoshard::Run) {
    let solved = autoshard::solve(config).unwrap_or_else(|e| panic!("{name}: {e}"));
    let scheduled = schedule(&config.program, &solved.decisions, &Pricing::new(&config.program, &config.hardware))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let estimate = estimate_memory(&config.program, &scheduled);
    let run = autoshard::run(config, &solved, 3).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(run.verification.passed, "{name}: {:?}", run.verification);
    (estimate, run)
}

#[test]
fn the_estimated_blocks_are_what_every_example_config_holds() {
    let mut checked = 0;
    for (path, source) in gallery() {
        let name = std::path::Path::new(&path).file_stem().unwrap().to_string_lossy().into_owned();
        let config = Config::from_source_at_ci_sizes(&path, &source).unwrap_or_else(|e| panic!("{name}: {e}"));
        if config.pipeline.is_some() {
            continue;
        }
        let (estimate, run) = estimate_and_run(&config, &name);
        assert_eq!(estimate.device_blocks, run.sharded.peak_bytes, "{name}: {estimate:?}");
        assert!(estimate.device_working >= estimate.device_blocks, "{name}: {estimate:?}");
        assert_eq!(estimate.devices, config.program.mesh().total_size() as usize, "{name}");
        let outputs: u64 = run.sharded.outputs.iter().map(|t| t.len() as u64 * 4).sum();
        assert_eq!(estimate.outputs, Bytes(outputs), "{name}");
        let sharded = estimate.device_working.0 * estimate.devices as u64 + estimate.outputs.0;
        let total = estimate.inputs.0 + estimate.reference.0.max(estimate.reference_kept.0 + sharded);
        assert_eq!(estimate.total(), Bytes(total), "{name}");
        let kept: u64 = config.program.inputs().iter().map(|i| config.program.value(i.value).ty.num_elements()).sum();
        assert!(estimate.reference_kept.0 >= kept * 4 && estimate.reference.0 >= estimate.reference_kept.0, "{name}");
        checked += 1;
    }
    assert!(checked >= 8, "expected at least 8 non-pipeline example configs, checked {checked}");
}
