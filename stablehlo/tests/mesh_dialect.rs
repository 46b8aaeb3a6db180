//! Programs annotated in MLIR's `mesh` dialect (docs/mesh-dialect.md, "Programs"):
//! modules of `tests/data/mlir/mesh/` read, solved and run (or refused with their
//! error), and partitioned (SPMD) programs run against the global program they
//! partition. (Every example config's plan written with `solve --format mesh` and
//! read back as the plan is the facade's export golden, which reads the configs.)

use crate::end_to_end::{self, Loaded};
use autoshard_model::OpKind;

/// A module: each `mesh.shard` as the constraint it reads as, then the plan solved
/// under them and run against the reference; or the module's error.
fn mesh_module_case(path: &std::path::Path) -> (String, Vec<String>) {
    let shown = format!("mesh/{}", path.file_name().unwrap().to_string_lossy());
    let source = std::fs::read_to_string(path).unwrap();
    let config = match Loaded::from_mlir(&shown, &source) {
        Ok(config) => config,
        Err(e) => return (format!("{e}\n"), Vec::new()),
    };
    let program = &config.program;
    let mut out = format!("mesh @{} = {}\n", program.mesh_name(), program.mesh());
    for op in program.ops() {
        if let OpKind::ShardingConstraint(s) = &op.kind {
            out += &format!("{}: {s}\n", op.name);
        }
    }
    let mut failures = Vec::new();
    match end_to_end::solve(&config).and_then(|solved| end_to_end::run(&config, &solved, 3).map(|run| (solved, run))) {
        Ok((solved, run)) => {
            for op in program.ops().iter().filter(|op| matches!(op.kind, OpKind::ShardingConstraint(_))) {
                let planned = solved.plan.value(&op.name).map(|s| s.stripped().to_string());
                out += &format!("planned {}: {}\n", op.name, planned.unwrap_or_default());
            }
            if !run.verification.passed {
                failures.push(format!("the sharded run differs from the reference: {:?}", run.verification));
            }
        }
        Err(e) => failures.push(format!("does not solve and run: {e}")),
    }
    (out, failures)
}

#[test]
fn mesh_dialect_modules_read_solve_and_run() {
    let summary = autoshard_testkit::run_files(autoshard_testkit::data!("mlir/mesh"), "mlir", mesh_module_case);
    assert!(summary.cases >= 8, "{summary:?}");
}

/// `tests/data/mlir/spmd/NAME.spmd.mlir` read against `GLOBAL.global.mlir` (`mlp`,
/// `half`, `uneven`, `mean`, `vocab2d`, or `stencil` and `vocab` for the ones so
/// named) and run: its verification, or its error.
fn spmd_run(name: &str) -> Result<end_to_end::SpmdRun, String> {
    let dir = autoshard_testkit::data!("mlir/spmd");
    let read = |file: &str| std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    let global = match name {
        "half" => "half.global.mlir",
        "uneven" => "uneven.global.mlir",
        "mean" => "mean.global.mlir",
        "vocab2d" => "vocab2d.global.mlir",
        _ if name.starts_with("stencil") => "stencil.global.mlir",
        _ if name.starts_with("vocab") => "vocab.global.mlir",
        _ => "mlp.global.mlir",
    };
    let global = Loaded::from_mlir(&format!("spmd/{global}"), &read(global)).unwrap();
    let file = format!("{name}.spmd.mlir");
    let spmd = end_to_end::read_spmd(&global, &format!("spmd/{file}"), &read(&file)).map_err(|e| e.to_string())?;
    end_to_end::run_spmd(&global, &spmd, 5).map_err(|e| e.to_string())
}

#[test]
fn spmd_programs_run_as_the_global_program_they_partition() {
    let names = ["mlp", "mlp_scattered", "mlp_transposed", "mlp_rooted", "mlp_all_slice", "half", "stencil", "mean"];
    for name in names.into_iter().chain(["vocab", "vocab_linear", "vocab2d"]) {
        let checked = spmd_run(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(checked.run.verification.passed, "{name} on the CPU mesh: {:?}", checked.run.verification);
        assert!(checked.verification.passed, "{name}: {:?}", checked.verification);
    }
    // Returning partial sums unreduced is wrong, and the run says so: the result is
    // not the global one, nor replicated as its sharding claims, so the CPU mesh and
    // the lock-step interpretation take different devices' copies.
    let unreduced = spmd_run("mlp_unreduced").unwrap();
    assert!(!unreduced.verification.passed && !unreduced.run.verification.passed, "{unreduced:?}");
    // A device that computes its first row wrongly looks ids up in another shard.
    let wrong = spmd_run("vocab_wrong_offset").unwrap();
    assert!(!wrong.verification.passed, "{wrong:?}");
    for (name, message) in [
        (
            "mlp_local_type",
            "spmd/mlp_local_type.spmd.mlir:3:39: error: %w1 is tensor<16x32xf32>, but its global argument's shard \
             is tensor<16x16xf32>",
        ),
        (
            "stencil_halo_sizes",
            "spmd/stencil_halo_sizes.spmd.mlir:6:3: error: destination_halo_sizes has 2 sizes, but 2 split \
             dimensions need two each",
        ),
        (
            "uneven",
            "spmd/uneven.spmd.mlir:3:1: error: the global program cuts its argument 0 into uneven shards \
             (sharded_dims_offsets)",
        ),
        (
            "mlp_send",
            "spmd/mlp_send.spmd.mlir:8:3: error: mesh.send is point to point: with its static in-group device, \
             every device of a group sends to (receives from) the same one",
        ),
        (
            "vocab_shard_shape",
            "spmd/vocab_shard_shape.spmd.mlir:7:3: error: the shards differ from device to device ([1, 5] on \
             device 0, [3, 5] on device 1)",
        ),
    ] {
        let error = spmd_run(name).unwrap_err();
        assert!(error.starts_with(message), "{name}: {error}");
    }
}
