//! The memory a run takes, estimated before it runs ([`estimate_memory`]), against
//! what the run holds: every example config's solved plan at its small sizes, and
//! bf16 blocks stored in 2 bytes.

use autoshard::CostPlanner;
use autoshard_config::Config;
use autoshard_executor::{estimate_memory, schedule};
use autoshard_model::Bytes;

/// Solves `config`, estimates its run and runs it: the estimate and the run.
fn estimate_and_run(config: &Config, name: &str) -> (autoshard_executor::MemoryEstimate, autoshard::Run) {
    let solved = autoshard::solve(config).unwrap_or_else(|e| panic!("{name}: {e}"));
    let scheduled = schedule(&config.program, &solved.decisions, &CostPlanner::new(config))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let estimate = estimate_memory(&config.program, &scheduled);
    let run = autoshard::run(config, &solved, 3).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(run.verification.passed, "{name}: {:?}", run.verification);
    (estimate, run)
}

#[test]
fn the_estimated_blocks_are_what_every_example_config_holds() {
    let mut checked = 0;
    for path in crate::example_configs() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        let config =
            Config::from_source_at_ci_sizes(&path.to_string_lossy(), &source).unwrap_or_else(|e| panic!("{name}: {e}"));
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

/// A bf16 program's inputs and their moved copies are held in 2 bytes per element,
/// its computed values in 4, and it still runs exactly as the reference.
#[test]
fn bf16_blocks_take_half_the_bytes_and_still_match_the_reference() {
    // x is split by rows, w replicated; the peak is before the dot, holding both.
    let yaml = |dtype: &str| {
        format!(
            r#"
mesh: {{axes: {{x: 4}}}}
program:
  inputs:
    x: {{shape: [64, 256], dtype: {dtype}, sharding: '[{{"x"}}, {{}}]'}}
    w: {{shape: [256, 8], dtype: {dtype}, sharding: '[{{}}, {{}}]'}}
  ops:
    - {{name: h, op: dot_general, operands: [x, w], contracting_dims: [[1], [0]], sharding: '[{{"x"}}, {{}}]'}}
  outputs: {{h: {{sharding: '[{{"x"}}, {{}}]'}}}}
"#
        )
    };
    let mut held = Vec::new();
    for dtype in ["f32", "bf16"] {
        let config = Config::from_source("t.yaml", &yaml(dtype)).unwrap_or_else(|e| panic!("{e}"));
        let (estimate, run) = estimate_and_run(&config, dtype);
        assert_eq!(run.verification.max_abs_error, 0.0, "{dtype}: one device computes each row whole");
        assert_eq!(estimate.device_blocks, run.sharded.peak_bytes, "{dtype}");
        held.push(run.sharded.peak_bytes);
    }
    // x's block (16 x 256) and w (256 x 8) at 4 bytes, then 2.
    assert_eq!(held, [Bytes((16 * 256 + 256 * 8) * 4), Bytes((16 * 256 + 256 * 8) * 2)]);
}
