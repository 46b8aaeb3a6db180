//! `autoshard run FILE.mlir` of a partitioned MPMD module, end to end: the module
//! runs on the CPU mesh fragment by fragment and equals its fragments inlined, with
//! the measured step and bubble beside the predicted ones; the modules `solve
//! --format mlir` writes for the pipelined configs (at their CI sizes) do too.

use crate::common::autoshard;

/// `run --format json` of `path`: the JSON, after checking it passed.
fn run_json(path: &str, extra: &[&str]) -> serde_json::Value {
    let (code, stdout, stderr) = autoshard(&[&["run", path, "--format", "json"], extra].concat());
    assert_eq!(code, 0, "{path}: {stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["verification"]["passed"], true, "{path}: {stdout}");
    json
}

#[test]
fn run_executes_a_partitioned_module_and_checks_it() {
    let json = run_json("cli/tests/data/mpmd/two_stage.mlir", &["--seed", "7"]);
    assert_eq!(json["module"], "two_stage");
    let measured = json["measured_bubble"].as_f64().unwrap();
    assert!(measured > 0.0 && measured < 1.0, "{json}");
    assert!(json["measured_step_s"].as_f64().unwrap() > 0.0);
    let predicted = json["predicted_bubble"].as_f64().unwrap();
    assert!(predicted > 0.0 && predicted < 1.0);
    // Each stage's forward ran once, and was priced.
    let fragments = json["measured_fragments"].as_array().unwrap();
    assert_eq!(fragments.len(), 2, "{json}");
    for f in fragments {
        assert_eq!(f["kind"], "Forward");
        assert_eq!(f["runs"], 1);
        assert!(f["measured_s"].as_f64().unwrap() > 0.0 && f["predicted_s"].as_f64().unwrap() > 0.0);
    }
    // The text report: the predicted pipeline, the run's timeline, the verdict.
    let (code, text, stderr) = autoshard(&["run", "cli/tests/data/mpmd/two_stage.mlir"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(text.contains("pipeline  two_stage (partitioned module)"), "{text}");
    assert!(text.contains("measured on the CPU mesh  (step "), "{text}");
    assert!(text.contains("verification: passed"), "{text}");
}

/// A module whose microbatch loop is written as calls or as an `mpmd.for` runs
/// every microbatch's fragments and verifies, as the module unrolled by hand does.
#[test]
fn run_executes_a_microbatch_loop_as_its_unrolled_module() {
    let unrolled = run_json("cli/tests/data/mpmd/microbatch_unrolled.mlir", &["--seed", "3"]);
    for name in ["microbatch_calls", "microbatch_for"] {
        let json = run_json(&format!("cli/tests/data/mpmd/{name}.mlir"), &["--seed", "3"]);
        assert_eq!(json["fragments"], 9, "{name}");
        assert_eq!(json["predicted_step_s"], unrolled["predicted_step_s"], "{name}");
        let runs = |j: &serde_json::Value| {
            j["measured_fragments"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| {
                    (f["stage"].as_u64().unwrap(), f["kind"].as_str().unwrap().to_string(), f["runs"].as_u64().unwrap())
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(runs(&json), runs(&unrolled), "{name}");
        assert_eq!(json["verification"]["max_abs_error"], unrolled["verification"]["max_abs_error"], "{name}");
    }
}

#[test]
fn run_of_a_partitioned_module_refuses_a_plan_or_an_spmd_program() {
    let (code, stdout, stderr) =
        autoshard(&["run", "cli/tests/data/mpmd/two_stage.mlir", "--plan", "cli/tests/data/mpmd/two_stage.mlir"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("--plan and --spmd do not apply"), "{stderr}");
    assert!(stdout.is_empty());
    let (code, _, stderr) = autoshard(&["run", "configs/pipeline_pinned.yaml", "--preset", "cpu"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--preset and --link price a partitioned MPMD module"), "{stderr}");
}

/// The modules `solve --format mlir` writes for the pinned and uneven pipelines, at
/// their CI sizes, run and equal their references; every fragment ran.
#[test]
fn exported_modules_run_and_verify() {
    let dir = std::env::temp_dir().join(format!("autoshard-mpmd-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, &[&str]); 2] = [
        ("pipeline_pinned", &["--size", "tokens=32", "--size", "d_model=16", "--size", "vocab=32"]),
        ("pipeline_uneven", &["--size", "tokens=32", "--size", "d_model=16", "--size", "vocab=128"]),
    ];
    for (name, sizes) in cases {
        let config = format!("configs/{name}.yaml");
        let (code, module, stderr) = autoshard(&[&["solve", config.as_str(), "--format", "mlir"], sizes].concat());
        assert_eq!(code, 0, "{name}: {stderr}");
        let path = dir.join(format!("{name}.mlir"));
        std::fs::write(&path, module).unwrap();
        let json = run_json(path.to_str().unwrap(), &[]);
        let fragments = json["fragments"].as_u64().unwrap();
        let ran: u64 = json["measured_fragments"].as_array().unwrap().iter().map(|f| f["runs"].as_u64().unwrap()).sum();
        assert_eq!(ran, fragments, "{name}: {json}");
        assert!(json["measured_bubble"].as_f64().unwrap() > 0.0, "{name}");
        eprintln!(
            "{name}: predicted step {:.3e}s bubble {:.3}, measured step {:.3e}s bubble {:.3}",
            json["predicted_step_s"].as_f64().unwrap(),
            json["predicted_bubble"].as_f64().unwrap(),
            json["measured_step_s"].as_f64().unwrap(),
            json["measured_bubble"].as_f64().unwrap()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
