//! `autoshard solve FILE.mlir` of a partitioned MPMD module: re-planned by the
//! pipeline solver (`autoshard::replan_mpmd`), the report says what changed and the
//! predicted step before and after; `--format mlir` writes a module that `run`
//! verifies and that predicts no longer a step.

use crate::common::autoshard;

#[test]
fn solve_replans_a_partitioned_module() {
    let (code, text, stderr) = autoshard(&["solve", "cli/tests/data/mpmd/two_stage.mlir"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(text.contains("re-planned  two_stage: 2 stage(s), 1 microbatch(es), assignment kept"), "{text}");
    assert!(text.contains("  schedule   gpipe -> gpipe"), "{text}");
    assert!(text.contains("  step       "), "{text}");
    let (code, free, stderr) = autoshard(&["solve", "cli/tests/data/mpmd/two_stage.mlir", "--free-assignment"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(free.contains("assignment free"), "{free}");

    // The module written runs and verifies, and costs no more than the given one.
    let (code, module, stderr) = autoshard(&["solve", "cli/tests/data/mpmd/two_stage.mlir", "--format", "mlir"]);
    assert_eq!(code, 0, "{stderr}");
    let dir = std::env::temp_dir().join(format!("autoshard-mpmd-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two_stage.replanned.mlir");
    std::fs::write(&path, &module).unwrap();
    let cost = |p: &str| {
        let (code, out, stderr) = autoshard(&["cost", p, "--format", "json"]);
        assert_eq!(code, 0, "{p}: {stderr}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["predicted_step_s"].as_f64().unwrap()
    };
    let (before, after) = (cost("cli/tests/data/mpmd/two_stage.mlir"), cost(path.to_str().unwrap()));
    assert!(after <= before, "{after} > {before}");
    let (code, out, stderr) = autoshard(&["run", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.contains("verification: passed"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_of_a_partitioned_module_refuses_other_formats_and_config_flags() {
    let (code, _, stderr) = autoshard(&["solve", "cli/tests/data/mpmd/two_stage.mlir", "--format", "json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("written as text or mlir"), "{stderr}");
    let (code, _, stderr) = autoshard(&["solve", "configs/mlp.yaml", "--free-assignment"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("re-plan a partitioned MPMD module"), "{stderr}");
}
