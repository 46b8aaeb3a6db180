//! The config gallery (`configs/`): every config, at the small sizes its `ci_sizes:`
//! declares (as it is when it declares none), solves within a short time limit and
//! its plan runs on the CPU mesh matching the unsharded reference, and the reference
//! interpreter evaluates it to finite outputs of the right shapes; and every config
//! keeps the header comment that says what it is and what a good plan looks like.

use std::time::Instant;

/// The configs of `configs/`, sorted: each path (as from this crate) and its text.
pub(crate) fn gallery() -> Vec<(String, String)> {
    let mut paths: Vec<_> = std::fs::read_dir("../configs").unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    paths.sort();
    paths.into_iter().map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap())).collect()
}

#[test]
fn the_gallery_has_eight_documented_configs() {
    let configs = gallery();
    assert!(configs.len() >= 8, "{} configs", configs.len());
    for (path, source) in &configs {
        let header: Vec<&str> = source.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(header.len() >= 3, "{path}: no header comment");
        assert!(header.join("\n").contains("good plan"), "{path}: the header does not say what a good plan is");
    }
}

#[test]
fn every_config_solves_and_runs_at_its_ci_sizes() {
    for (path, source) in gallery() {
        let mut config = autoshard::Config::from_source_at_ci_sizes(&path, &source).unwrap_or_else(|e| panic!("{e}"));
        config.solver.time_limit = autoshard::model::Seconds(10.0);
        if config.pipeline.is_some() {
            pipelined(&path, &config);
            continue;
        }
        let started = Instant::now();
        let solution = autoshard::solve(&config).unwrap_or_else(|e| panic!("{path}: {e}"));
        let solved = started.elapsed();
        let run = autoshard::run(&config, &solution, 1).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(run.verification.passed, "{path}: {:?}", run.verification);
        eprintln!("{path}: solved in {solved:?}, ran in {:?}", started.elapsed() - solved);
    }
}

/// A pipelined config: its plan runs across the meshes matching the reference, and
/// its MPMD module reads back to the same stages, shardings and schedule.
fn pipelined(path: &str, config: &autoshard::Config) {
    let started = Instant::now();
    let plan = autoshard::solve_pipeline(config).unwrap_or_else(|e| panic!("{path}: {e}"));
    let solved = started.elapsed();
    let check = autoshard::run_pipeline(config, &plan, 1).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(check.verification.passed, "{path}: {:?}", check.verification);
    let pipeline = config.pipeline.as_ref().unwrap();
    for (label, mesh) in &pipeline.assign {
        let unit = pipeline.chain.units.iter().position(|u| u == label).unwrap();
        assert_eq!(plan.stage_of_unit(unit).unwrap().mesh, *mesh, "{path}: {label} is pinned");
    }
    let module = autoshard::export_mpmd(config, &plan).unwrap_or_else(|e| panic!("{path}: {e}"));
    let read = autoshard::read_mpmd(&module).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(read.schedule, Some(plan.schedule), "{path}");
    assert_eq!(read.microbatches, plan.microbatches, "{path}");
    assert_eq!(read.stages.len(), plan.stages.len(), "{path}");
    for (stage, back) in plan.stages.iter().zip(&read.stages) {
        assert_eq!(back.mesh, pipeline.topology.mesh(stage.mesh).name, "{path}");
        assert_eq!(back.units, pipeline.chain.units[stage.first..stage.end], "{path}");
        for (name, sharding) in &back.shardings {
            // Values pass between fragments reduced: a stage's plan may hold an
            // accumulated gradient as partial sums, but its fragments return it whole.
            // The module names a value by its SSA name.
            let mut values = stage.solved.fragments.iter().flatten().flat_map(|(f, _)| f.program.values());
            let value = values.find(|v| autoshard::stablehlo::ssa_name(&v.name) == *name);
            let planned = value.and_then(|v| stage.solved.solution.plan.value(&v.name));
            assert_eq!(
                planned.map(|s| s.reduced().closed()),
                Some(sharding.closed()),
                "{path}: stage {} value {name}",
                stage.index
            );
        }
    }
    eprintln!("{path}: planned the pipeline in {solved:?}, ran it in {:?}", started.elapsed() - solved);
}

#[test]
fn the_gallery_declares_ci_sizes_for_its_large_configs() {
    for (path, source) in gallery() {
        let config = autoshard::Config::from_source(&path, &source).unwrap();
        let largest = config.program.values().iter().map(|v| v.ty.num_elements()).max().unwrap_or(0);
        if largest > 1 << 16 {
            assert!(!config.ci_sizes.is_empty(), "{path}: {largest} elements but no ci_sizes");
        }
    }
}

#[test]
fn every_example_config_evaluates() {
    use autoshard::executor::{Tensor, interpret};
    let configs = gallery();
    assert!(configs.len() >= 3, "expected the example configs in ../configs");
    for (path, source) in configs {
        let name = std::path::Path::new(&path).file_stem().unwrap().to_string_lossy().into_owned();
        // At the config's own small sizes (`ci_sizes:`).
        let config = autoshard::Config::from_source_at_ci_sizes(&path, &source).unwrap_or_else(|e| panic!("{e}"));
        let inputs: Vec<Tensor> = config
            .program
            .inputs()
            .iter()
            .enumerate()
            .map(|(i, input)| Tensor::random(&config.program.value(input.value).ty, i as u64))
            .collect();
        let evaluation = interpret(&config.program, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (output, tensor) in config.program.outputs().iter().zip(evaluation.outputs(&config.program)) {
            let tensor = tensor.expect("output computed");
            let expected: Vec<usize> =
                config.program.value(output.value).ty.shape.iter().map(|&d| d as usize).collect();
            assert_eq!(tensor.shape(), expected.as_slice());
            assert!(tensor.data().iter().all(|v| v.is_finite()), "{name}: non-finite output");
        }
    }
}
