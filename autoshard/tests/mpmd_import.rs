//! A partitioned MPMD module read as a pipeline (`autoshard::import_mpmd`): its
//! fragments priced on their meshes, its transfers, the timeline of its order; and
//! the modules `export_mpmd` writes read back to the step the solve predicted.

use autoshard::model::pipeline::{Task, TaskKind};
use autoshard::{Config, ImportOptions, import_mpmd};

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_two_stage_module_is_two_forwards_and_a_hop() {
    let source = data("cli/tests/data/mpmd/two_stage.mlir");
    let p = import_mpmd("two_stage.mlir", &source, &ImportOptions::default()).unwrap();
    assert_eq!(p.stages.len(), 2);
    assert_eq!(p.stages[0].units, ["layer1"]);
    assert_eq!(p.stages[1].units, ["layer2"]);
    assert_eq!(p.microbatches, 1);
    let forward = |stage| vec![Task { stage, microbatch: 0, kind: TaskKind::Forward }];
    assert_eq!(p.order, vec![forward(0), forward(1)]);
    assert_eq!(p.transfers.len(), 1);
    assert_eq!(p.transfers[0].bytes.0, 8 * 16 * 4);
    // The step is the first forward, the hop, the second forward.
    let expected = p.stages[0].cost.forward.0 + p.hops[0].0 + p.stages[1].cost.forward.0;
    assert!((p.step().0 - expected).abs() < 1e-15, "{} != {expected}", p.step().0);
    assert!(p.stages[0].cost.forward.0 > 0.0 && p.hops[0].0 > 0.0);
    assert!(p.bubble() > 0.0 && p.bubble() < 1.0);
    // Each mesh holds its fragment's peak at least: x and w1 (1KiB + 1KiB over "x"=2).
    assert!(p.peak_memory.iter().all(|b| b.0 >= 1024), "{:?}", p.peak_memory);
    // The reference is the step unpartitioned: the two layers one after the other.
    assert_eq!(p.reference.inputs().len(), 3);
    assert_eq!(p.reference.outputs().len(), 1);
}

#[test]
fn a_module_whose_main_computes_outside_fragments_is_refused() {
    let source = data("cli/tests/data/mpmd/two_stage.mlir")
        .replace("return %y : !m2_h", "%z = mpmd.broadcast %y : !m2_h\n    return %z : !m2_h");
    let err = import_mpmd("bad.mlir", &source, &ImportOptions::default()).unwrap_err().to_string();
    assert!(err.contains("`mpmd.broadcast` in @main"), "{err}");
}

#[test]
fn a_reduce_of_no_values_is_refused_at_its_line() {
    let source = data("cli/tests/data/mpmd/two_stage.mlir")
        .replace("return %y : !m2_h", "%r = mpmd.reduce<add> : () -> !m2_h\n    return %r : !m2_h");
    let err = import_mpmd("empty.mlir", &source, &ImportOptions::default()).unwrap_err().to_string();
    assert!(err.contains("empty.mlir:22: an mpmd.reduce of no values"), "{err}");
}

/// An exported plan (at the configs' full sizes) read back: the same stages and schedule, and a step within a
/// few percent of the solve's (the fragments are priced again under the shardings
/// the module states, the solver's other choices made the cheapest local way).
#[test]
fn exported_plans_read_back_to_the_solved_step() {
    for name in ["pipeline_pinned", "pipeline_uneven", "pipeline_mixed_meshes"] {
        let path = format!("{}/../configs/{name}.yaml", env!("CARGO_MANIFEST_DIR"));
        let config = Config::from_source(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let plan = autoshard::solve_pipeline(&config).unwrap();
        let module = autoshard::export_mpmd(&config, &plan).unwrap();
        let pipeline = config.pipeline.as_ref().unwrap();
        let options = ImportOptions { preset: config.hardware.preset, link: Some(pipeline.link) };
        let p = import_mpmd(name, &module, &options).unwrap();
        assert_eq!(p.stages.len(), plan.stages.len(), "{name}");
        for (read, solved) in p.stages.iter().zip(&plan.stages) {
            assert_eq!(read.mesh, solved.mesh.index(), "{name}");
            assert_eq!(read.units, pipeline.chain.units[solved.first..solved.end], "{name}");
        }
        assert_eq!(p.microbatches, plan.microbatches, "{name}");
        assert_eq!(p.schedule, Some(plan.schedule), "{name}");
        let (read, solved) = (p.step().0, plan.step().0);
        let off = (read - solved).abs() / solved;
        eprintln!("{name}: imported step {read:.6e}, solved {solved:.6e} ({:+.2}%)", 100.0 * (read - solved) / solved);
        assert!(off < 0.10, "{name}: imported step {read} vs solved {solved}");
        assert!(p.bubble() > 0.0 && p.bubble() < 1.0, "{name}");
    }
}
