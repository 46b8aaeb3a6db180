//! The microbatch loop a partitioned MPMD module writes, read as the pipeline's
//! microbatches (`autoshard::import_mpmd`): a two-stage step whose `@main` calls a
//! `@microbatch` function once per microbatch (`mpmd.call` with `call_counter`), and
//! the same step as an `mpmd.for` of two iterations, read as the same pipeline as
//! the step unrolled by hand (stages, tasks, order, transfers, step), and run to the
//! same outputs (`autoshard::run_mpmd`).

use autoshard::model::pipeline::{Task, TaskKind};
use autoshard::{ImportOptions, ImportedPipeline, import_mpmd, is_partitioned_mpmd, run_mpmd};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../cli/tests/data/mpmd/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn import(name: &str) -> ImportedPipeline {
    import_mpmd(name, &data(name), &ImportOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The unrolled module and the two loops: (name, pipeline).
fn the_three() -> Vec<(&'static str, ImportedPipeline)> {
    ["microbatch_unrolled.mlir", "microbatch_calls.mlir", "microbatch_for.mlir"]
        .into_iter()
        .map(|name| (name, import(name)))
        .collect()
}

#[test]
fn calls_and_a_loop_read_as_the_unrolled_pipeline() {
    let three = the_three();
    let unrolled = &three[0].1;
    // The unrolled step: two stages, two microbatches, each mesh's forward and
    // backward per microbatch in the module's order, then the first mesh's update.
    assert_eq!(unrolled.microbatches, 2);
    assert_eq!(unrolled.stages.iter().map(|s| s.units.clone()).collect::<Vec<_>>(), [["layer1"], ["layer2"]]);
    let t = |stage, microbatch, kind| Task { stage, microbatch, kind };
    let (f, b, u) = (TaskKind::Forward, TaskKind::Backward, TaskKind::Update);
    assert_eq!(
        unrolled.order,
        vec![
            vec![t(0, 0, f), t(0, 0, b), t(0, 1, f), t(0, 1, b), t(0, 0, u)],
            vec![t(1, 0, f), t(1, 0, b), t(1, 1, f), t(1, 1, b)],
        ]
    );
    assert_eq!(unrolled.transfers.len(), 4);
    for (name, p) in &three[1..] {
        assert_eq!(p.microbatches, unrolled.microbatches, "{name}");
        assert_eq!(p.stages, unrolled.stages, "{name}");
        assert_eq!(p.order, unrolled.order, "{name}");
        assert_eq!(p.schedule, unrolled.schedule, "{name}");
        assert_eq!(p.hops, unrolled.hops, "{name}");
        assert_eq!(p.step(), unrolled.step(), "{name}");
        assert_eq!(p.peak_memory, unrolled.peak_memory, "{name}");
        let tasks = |p: &ImportedPipeline| p.fragments.iter().map(|f| (f.mesh, f.task)).collect::<Vec<_>>();
        assert_eq!(tasks(p), tasks(unrolled), "{name}");
        let moved = |p: &ImportedPipeline| {
            p.transfers.iter().map(|x| (x.from, x.to, x.bytes, x.time, x.between)).collect::<Vec<_>>()
        };
        assert_eq!(moved(p), moved(unrolled), "{name}");
        // The loop's body is one program per fragment, called once per microbatch.
        assert_eq!(p.programs.len(), 5, "{name}");
        assert_eq!(p.reference.inputs().len(), unrolled.reference.inputs().len(), "{name}");
        assert_eq!(p.reference.outputs().len(), unrolled.reference.outputs().len(), "{name}");
    }
    eprintln!(
        "microbatch loop: step {:.6e}s, bubble {:.4}, hop {:.6e}s (calls, for and unrolled alike)",
        unrolled.step().0,
        unrolled.bubble(),
        unrolled.hops[0].0
    );
}

#[test]
fn calls_and_a_loop_run_to_the_unrolled_outputs() {
    let three = the_three();
    let outputs: Vec<Vec<Vec<f32>>> = three
        .iter()
        .map(|(name, p)| {
            let check = run_mpmd(p, 5).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(check.verification.passed, "{name}: {:?}", check.verification);
            assert_eq!(check.verification.outputs.len(), 2, "{name}");
            // Every fragment ran once, as its microbatch's task.
            assert_eq!(check.run.tasks.len(), 9, "{name}");
            for f in &p.fragments {
                assert!(check.run.tasks.iter().any(|t| t.task == f.task && t.mesh as usize == f.mesh), "{name}");
            }
            check.run.outputs.iter().map(|t| t.data().to_vec()).collect()
        })
        .collect();
    assert!(outputs[0].iter().flatten().any(|x| x.abs() > 0.1));
    assert_eq!(outputs[1], outputs[0], "the calls' outputs");
    assert_eq!(outputs[2], outputs[0], "the loop's outputs");
}

/// `call_counter` names a call's microbatch: the counters swapped, the first call's
/// fragments are microbatch 1's; the same counter twice is refused.
#[test]
fn call_counter_numbers_the_microbatches() {
    let source = data("microbatch_calls.mlir");
    let swapped =
        source.replace("call_counter = 0", "call_counter = X").replace("call_counter = 1", "call_counter = 0");
    let swapped = swapped.replace("call_counter = X", "call_counter = 1");
    let p = import_mpmd("swapped.mlir", &swapped, &ImportOptions::default()).unwrap();
    assert_eq!(p.microbatches, 2);
    let first: Vec<u32> = p.fragments[..4].iter().map(|f| f.task.microbatch).collect();
    assert_eq!(first, [1, 1, 1, 1]);
    assert_eq!(p.order[1][0], Task { stage: 1, microbatch: 1, kind: TaskKind::Forward });

    let twice = source.replace("call_counter = 1", "call_counter = 0");
    let err = import_mpmd("twice.mlir", &twice, &ImportOptions::default()).unwrap_err().to_string();
    assert!(err.contains("runs twice or beyond its 2 microbatch(es)"), "{err}");
}

/// A `@main` of calls alone (no fragment of its own) is a partitioned module.
#[test]
fn a_main_of_calls_alone_is_partitioned() {
    let source = data("microbatch_calls.mlir");
    let start = source.find("    %r = mpmd.reduce").unwrap();
    let end = source.find("    return %w, %1#1").unwrap();
    let calls_only =
        format!("{}    return %1#0, %1#1{}", &source[..start], &source[end + "    return %w, %1#1".len()..]);
    assert!(is_partitioned_mpmd(&calls_only));
    let p = import_mpmd("calls_only.mlir", &calls_only, &ImportOptions::default()).unwrap();
    assert_eq!((p.microbatches, p.fragments.len(), p.reduces.len()), (2, 8, 0));
}

/// Calls without `call_counter` count as the unrolled fragments do: the n-th call
/// is microbatch n.
#[test]
fn calls_without_a_counter_are_microbatches_in_order() {
    let source = data("microbatch_calls.mlir")
        .replace(" {call_counter = 0 : ui32}", "")
        .replace(" {call_counter = 1 : ui32}", "");
    assert!(!source.contains("call_counter ="));
    let p = import_mpmd("uncounted.mlir", &source, &ImportOptions::default()).unwrap();
    let unrolled = import("microbatch_unrolled.mlir");
    assert_eq!(p.order, unrolled.order);
    assert_eq!(p.step(), unrolled.step());
}

/// A loop whose fragment reads the loop's index is refused at the fragment.
#[test]
fn a_fragment_reading_the_loop_index_is_refused() {
    let index = r#"!mpmd.mesh_tensor<"m1", tensor<ui32>>"#;
    let source = data("microbatch_for.mlir")
        .replace("%index: tensor<ui32>", &format!("%index: {index}"))
        .replace(
            r#"origin=["layer1"]> (%x, %w1) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {"#,
            r#"origin=["layer1"]> (%x, %w1, %index) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>, %i: tensor<ui32>) {"#,
        )
        .replace("      } : (!m1_x, !m1_w) -> !m1_h", &format!("      }} : (!m1_x, !m1_w, {index}) -> !m1_h"));
    autoshard::check_mpmd("index.mlir", &source).unwrap();
    let err = import_mpmd("index.mlir", &source, &ImportOptions::default()).unwrap_err().to_string();
    assert!(err.contains("index.mlir:15: %index is the loop's index"), "{err}");
}

/// A `func.call` of the MPMD function is that function inlined (as Shardy's inliner
/// does): the same pipeline as the unrolled module.
#[test]
fn a_func_call_of_the_microbatch_function_is_inlined() {
    let source = data("microbatch_calls.mlir")
        .replace("mpmd.call @microbatch", "call @microbatch")
        .replace(" {call_counter = 0 : ui32}", "")
        .replace(" {call_counter = 1 : ui32}", "");
    autoshard::check_mpmd("func_call.mlir", &source).unwrap();
    assert!(is_partitioned_mpmd(&source));
    let p = import_mpmd("func_call.mlir", &source, &ImportOptions::default()).unwrap();
    let unrolled = import("microbatch_unrolled.mlir");
    assert_eq!((p.microbatches, p.fragments.len()), (2, 9));
    assert_eq!(p.order, unrolled.order);
    assert_eq!(p.step(), unrolled.step());
}
