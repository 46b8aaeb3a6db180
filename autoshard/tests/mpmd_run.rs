//! A partitioned MPMD module run on the CPU mesh (`autoshard::run_mpmd`): fragment
//! by fragment on its meshes, checked output by output against the module's
//! fragments inlined; and a run compared with a reference that computes something
//! else fails its check.

use autoshard::model::pipeline::{Task, TaskKind};
use autoshard::{Config, ImportOptions, ImportedPipeline, import_mpmd, run_mpmd};

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The largest magnitude among `check`'s outputs.
fn largest(check: &autoshard::PipelineCheck) -> f32 {
    check.run.outputs.iter().flat_map(|t| t.data()).fold(0.0f32, |a, x| a.max(x.abs()))
}

#[test]
fn the_two_stage_module_runs_and_equals_its_fragments_inlined() {
    let p =
        import_mpmd("two_stage.mlir", &data("cli/tests/data/mpmd/two_stage.mlir"), &ImportOptions::default()).unwrap();
    let check = run_mpmd(&p, 3).unwrap();
    assert!(check.verification.passed, "{:?}", check.verification);
    // Every output of @main is compared, and it is not all zeros.
    assert_eq!(check.verification.outputs.len(), 1);
    assert_eq!(check.run.outputs[0].shape(), [8, 16]);
    assert!(largest(&check) > 0.1, "{}", largest(&check));
    // Each mesh ran its forward, stage 1 after stage 0's.
    let forward = |stage| Task { stage, microbatch: 0, kind: TaskKind::Forward };
    let ran: Vec<(u32, Task)> = check.run.tasks.iter().map(|t| (t.mesh, t.task)).collect();
    assert_eq!(ran.len(), 2);
    assert!(ran.contains(&(0, forward(0))) && ran.contains(&(1, forward(1))), "{ran:?}");
    let (first, second) = (&check.run.tasks[0], &check.run.tasks[1]);
    let (first, second) = if first.task.stage == 0 { (first, second) } else { (second, first) };
    assert!(second.start >= first.end);
    let bubble = check.run.bubble(2);
    assert!(bubble > 0.0 && bubble < 1.0, "{bubble}");
    assert_eq!(check.fragments.len(), 2);
    assert!(check.fragments.iter().all(|f| f.runs == 1 && f.predicted.0 > 0.0 && f.measured.0 > 0.0));
}

/// The modules `solve --format mlir` writes for the pipelined configs (at their CI
/// sizes) run as partitioned programs and equal their references.
#[test]
fn exported_modules_run_and_equal_their_references() {
    for name in ["pipeline_pinned", "pipeline_uneven"] {
        let path = format!("{}/../configs/{name}.yaml", env!("CARGO_MANIFEST_DIR"));
        let config = Config::from_source_at_ci_sizes(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let plan = autoshard::solve_pipeline(&config).unwrap();
        let module = autoshard::export_mpmd(&config, &plan).unwrap();
        let pipeline = config.pipeline.as_ref().unwrap();
        let options = ImportOptions { preset: config.hardware.preset, link: Some(pipeline.link) };
        let p = import_mpmd(name, &module, &options).unwrap();
        let check = run_mpmd(&p, 1).unwrap();
        assert!(check.verification.passed, "{name}: {:?}", check.verification);
        assert_eq!(check.verification.outputs.len(), p.reference.outputs().len(), "{name}");
        assert!(largest(&check) > 0.0, "{name}");
        // Every fragment ran once, as the module's task.
        assert_eq!(check.run.tasks.len(), p.fragments.len(), "{name}");
        for f in &p.fragments {
            assert!(
                check.run.tasks.iter().any(|t| t.task == f.task && t.mesh as usize == f.mesh),
                "{name}: {}",
                f.task
            );
        }
        eprintln!(
            "{name}: predicted step {:.3e}s bubble {:.1}%, measured step {:.3e}s bubble {:.1}%",
            p.step().0,
            100.0 * p.bubble(),
            check.run.wall.as_secs_f64(),
            100.0 * check.run.bubble(p.topology.meshes().len())
        );
    }
}

/// The check can fail: the two-stage module's run compared with the reference of a
/// module whose first layer negates where the real one takes the tanh (the same ops
/// otherwise, so the same values) differs from it, and says which output.
#[test]
fn a_run_compared_with_another_computation_fails_its_check() {
    let source = data("cli/tests/data/mpmd/two_stage.mlir");
    let other_source = source.replace("stablehlo.tanh", "stablehlo.negate");
    assert_ne!(source, other_source);
    let mut p: ImportedPipeline = import_mpmd("two_stage.mlir", &source, &ImportOptions::default()).unwrap();
    let other = import_mpmd("negated.mlir", &other_source, &ImportOptions::default()).unwrap();
    assert_eq!(p.reference.outputs().len(), other.reference.outputs().len());
    p.reference = other.reference;
    let check = run_mpmd(&p, 3).unwrap();
    assert!(!check.verification.passed);
    assert!(check.verification.max_rel_error > check.verification.tolerance);
    assert!(check.verified().is_err());
}
