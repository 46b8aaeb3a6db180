//! A partitioned MPMD module re-planned (`autoshard::replan_mpmd`): the pipeline
//! solver chooses its shardings and schedule again, the written module reads back to
//! the plan, predicts a step no worse than the module's, and runs correctly.

use autoshard::{Config, ImportOptions, ReplanOptions, replan_mpmd};

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The module `solve --format mlir` writes for `configs/NAME.yaml` at its CI sizes,
/// and the hardware it is priced on.
fn exported(name: &str) -> (String, ImportOptions) {
    let path = format!("{}/../configs/{name}.yaml", env!("CARGO_MANIFEST_DIR"));
    let config = Config::load(&path).unwrap();
    let config = Config::load_with_sizes(&path, &config.ci_sizes).unwrap();
    let plan = autoshard::solve_pipeline(&config).unwrap();
    let module = autoshard::export_mpmd(&config, &plan).unwrap();
    let link = config.pipeline.as_ref().map(|p| p.link);
    (module, ImportOptions { preset: config.hardware.preset, link })
}

/// Checks what every re-plan must hold, and returns (before, after) steps and
/// whether the given module was kept.
fn check(name: &str, source: &str, options: &ReplanOptions) -> (f64, f64, bool) {
    let r = replan_mpmd(name, source, options).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (before, after) = (r.before.step().0, r.after.step().0);
    eprintln!(
        "{name}: step {before:.6e} -> {after:.6e} (plan {:.6e}, its module read back {:.6e}, kept: {}), schedule {:?} -> {}",
        r.plan.step().0,
        r.planned_step.0,
        r.kept,
        r.before.schedule,
        r.plan.schedule
    );
    // Never worse than the given module.
    assert!(after <= before, "{name}: {after} > {before}");
    if r.kept {
        assert_eq!(r.module, source, "{name}");
    } else {
        // The written module reads back to the plan: its stages on the plan's
        // meshes, its units the plan's, its schedule and microbatches.
        assert_eq!(r.after.stages.len(), r.plan.stages.len(), "{name}");
        let units = &r.config.pipeline.as_ref().unwrap().chain.units;
        for (read, solved) in r.after.stages.iter().zip(&r.plan.stages) {
            assert_eq!(read.mesh, solved.mesh.index(), "{name}");
            assert_eq!(read.units, units[solved.first..solved.end], "{name}");
        }
        assert_eq!(r.after.schedule, Some(r.plan.schedule), "{name}");
        assert_eq!(r.after.microbatches, r.before.microbatches, "{name}");
        let again = autoshard::import_mpmd(name, &r.module, &options.import).unwrap();
        assert_eq!(again.step(), r.after.step(), "{name}");
    }
    // The written module runs on the CPU mesh and equals its reference.
    let run = autoshard::run_mpmd(&r.after, 1).unwrap().verified().unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(run.run.outputs.len(), r.after.reference.outputs().len());
    (before, after, r.kept)
}

#[test]
fn the_two_stage_module_is_replanned_on_its_meshes() {
    let source = data("cli/tests/data/mpmd/two_stage.mlir");
    let (before, after, kept) = check("two_stage.mlir", &source, &ReplanOptions::default());
    assert!(!kept && after < before, "{after} >= {before}");
}

/// The two-stage module at a size where its shardings matter (activations 512x1024,
/// weights 1024x1024): the re-plan shortens the predicted step.
#[test]
fn a_larger_two_stage_module_gets_a_shorter_step() {
    let source = data("cli/tests/data/mpmd/two_stage.mlir")
        .replace("8x16xf32", "512x1024xf32")
        .replace("16x16xf32", "1024x1024xf32");
    let (before, after, kept) = check("two_stage_512.mlir", &source, &ReplanOptions::default());
    assert!(!kept && after < 0.99 * before, "{after} vs {before}");
}

#[test]
fn the_solvers_own_modules_replan_to_about_their_step() {
    for name in ["pipeline_pinned", "pipeline_uneven"] {
        let (module, import) = exported(name);
        let options = ReplanOptions { import, free_assignment: false, time_limit: Some(20.0) };
        check(name, &module, &options);
        check(name, &module, &ReplanOptions { free_assignment: true, ..options });
    }
}
