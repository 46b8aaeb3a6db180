//! `autoshard check` of modules in Shardy's `mpmd` dialect, end to end: Shardy's own
//! MPMD dialect tests (`mpmd/tests/data/conformance/`, split at `// -----` into one
//! file per case, as `mpmd_opt -split-input-file` reads them) are accepted when valid
//! and refused with Shardy's message at the annotated line when they carry an
//! `expected-error`; a hand-written two-stage partitioned module (`tests/data/mpmd/`)
//! is accepted and summarised, and a broken copy refused at its transfer.

use crate::common::{autoshard, workspace};
use std::path::{Path, PathBuf};

/// An `expected-error` annotation: the 1-based line it names (`@+N`/`@-N` relative to
/// its own) and the message that must appear there.
struct ExpectedError {
    line: usize,
    message: String,
}

/// The `// expected-error[@±N] {{MESSAGE}}` annotations of `case`, in order.
fn expected_errors(case: &str) -> Vec<ExpectedError> {
    let mut out = Vec::new();
    for (i, line) in case.lines().enumerate() {
        let Some(at) = line.find("expected-error") else { continue };
        let rest = &line[at + "expected-error".len()..];
        let (Some(open), Some(close)) = (rest.find("{{"), rest.rfind("}}")) else { continue };
        let offset: i64 = rest[..open].trim().strip_prefix('@').map_or(0, |n| n.trim().parse().unwrap());
        let line = usize::try_from(i as i64 + 1 + offset).unwrap();
        out.push(ExpectedError { line, message: rest[open + 2..close].to_string() });
    }
    out
}

/// What `autoshard check` did with one case.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

fn check(path: &Path) -> Outcome {
    let (code, stdout, stderr) = autoshard(&["check", path.to_str().unwrap()]);
    assert!(!stderr.contains("panicked"), "{}: autoshard panicked: {stderr}", path.display());
    Outcome { code, stdout, stderr }
}

/// Whether `outcome` refuses the case at `path` as its first annotation says: exit 2,
/// the annotation's text in a message at `PATH:LINE:COL: error: `.
fn refused_as_expected(path: &Path, want: &ExpectedError, outcome: &Outcome) -> bool {
    let at = format!("{}:{}:", path.display(), want.line);
    outcome.code == 2
        && outcome.stdout.is_empty()
        && outcome.stderr.lines().any(|l| l.starts_with(&at) && l.contains(": error: ") && l.contains(&want.message))
}

/// A scratch directory of this test process, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("autoshard-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn shardy_mpmd_cases_are_checked_as_shardy_verifies_them() {
    let dir = workspace().join("mpmd/tests/data/conformance");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let scratch = Scratch::new("mpmd-check");
    let (mut valid, mut accepted, mut invalid, mut refused) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for file in &files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).unwrap();
        // Shardy's `-split-input-file`: one module per `// -----` case, its lines
        // counted from the case's first.
        for (i, case) in text.split("\n// -----\n").enumerate() {
            let path = scratch.0.join(format!("{stem}.{i}.mlir"));
            std::fs::write(&path, case).unwrap();
            let outcome = check(&path);
            match expected_errors(case).first() {
                None => {
                    valid += 1;
                    if outcome.code == 0 && outcome.stdout.starts_with(&format!("{}: ok\n", path.display())) {
                        accepted += 1;
                    } else {
                        failures.push(format!("{stem}#{i}: valid, exit {}: {}", outcome.code, outcome.stderr));
                    }
                }
                Some(want) => {
                    invalid += 1;
                    if refused_as_expected(&path, want, &outcome) {
                        refused += 1;
                    } else {
                        failures.push(format!(
                            "{stem}#{i}: expected at line {}: {}\n  exit {}: {}",
                            want.line, want.message, outcome.code, outcome.stderr
                        ));
                    }
                }
            }
        }
    }
    println!(
        "autoshard check on Shardy's mpmd cases: {} files, {} cases; valid {accepted}/{valid} exit 0, \
         invalid {refused}/{invalid} exit 2 with Shardy's message at the expected line",
        files.len(),
        valid + invalid
    );
    for failure in &failures {
        println!("  {failure}");
    }
    assert_eq!((files.len(), valid, invalid), (19, 24, 21), "the conformance files changed");
    assert!(accepted * 100 >= valid * 95, "only {accepted}/{valid} valid cases pass:\n{}", failures.join("\n"));
    assert!(refused * 100 >= invalid * 80, "only {refused}/{invalid} invalid cases refused:\n{}", failures.join("\n"));
}

#[test]
fn a_two_stage_partitioned_module_is_accepted_and_summarised() {
    let path = Path::new("cli/tests/data/mpmd/two_stage.mlir");
    let outcome = check(path);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let lines: Vec<&str> = outcome.stdout.lines().map(str::trim).collect();
    assert_eq!(lines[0], "cli/tests/data/mpmd/two_stage.mlir: ok", "{}", outcome.stdout);
    for line in [
        "name:        two_stage",
        "functions:   1 (@main)",
        r#"topology:    #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>> (2 meshes, 4 devices)"#,
        "fragments:   2 (m1, m2)",
        "transfers:   1 (m1 -> m2)",
        "ops:         6 (mpmd.fragment x2, stablehlo.dot_general x2, stablehlo.tanh, mpmd.transfer)",
    ] {
        assert!(lines.contains(&line), "no line {line:?} in:\n{}", outcome.stdout);
    }
}

#[test]
fn a_transfer_between_different_types_is_refused_at_its_line() {
    let path = Path::new("cli/tests/data/mpmd/two_stage_bad_transfer.mlir");
    let source = std::fs::read_to_string(workspace().join(path)).unwrap();
    let expected = expected_errors(&source);
    let want = expected.first().expect("the broken module names its error");
    let outcome = check(path);
    assert!(refused_as_expected(path, want, &outcome), "exit {}: {}", outcome.code, outcome.stderr);
    assert!(
        outcome
            .stderr
            .starts_with("cli/tests/data/mpmd/two_stage_bad_transfer.mlir:18:5: error: cannot perform transfer"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn sizes_are_refused_on_an_mpmd_module() {
    let (code, _, stderr) = autoshard(&["check", "cli/tests/data/mpmd/two_stage.mlir", "--size", "n=2"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--size applies to YAML configs"), "{stderr}");
}

#[test]
fn an_mpmd_module_may_declare_sdy_meshes_and_a_stablehlo_module_may_mention_mpmd() {
    let scratch = Scratch::new("mpmd-top-level");
    let body = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32>";
    let mpmd = format!(
        "sdy.mesh @mesh = <[\"x\"=2]>\n{body} attributes {{topology = #mpmd.topology<<\"m1\": <[\"x\"=2]>>>}} {{\n  return %a : tensor<4xf32>\n}}\n"
    );
    let path = scratch.0.join("with_mesh.mlir");
    std::fs::write(&path, mpmd).unwrap();
    let outcome = check(&path);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(outcome.stdout.contains("\n  dialect:     mpmd\n"), "{}", outcome.stdout);
    // Only a comment names the dialect: a StableHLO module, summarised as one.
    let stablehlo =
        format!("// not an mpmd.fragment\nsdy.mesh @mesh = <[\"x\"=2]>\n{body} {{\n  return %a : tensor<4xf32>\n}}\n");
    let path = scratch.0.join("plain.mlir");
    std::fs::write(&path, stablehlo).unwrap();
    let outcome = check(&path);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(outcome.stdout.contains("\n  mesh:        @mesh = <[\"x\"=2]> (2 devices)\n"), "{}", outcome.stdout);
}

/// `cost` of a partitioned module prices the pipeline its order states.
#[test]
fn cost_prices_a_partitioned_module_as_its_pipeline() {
    let (code, stdout, stderr) = autoshard(&["cost", "cli/tests/data/mpmd/two_stage.mlir", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["module"], "two_stage");
    assert_eq!(json["microbatches"], 1);
    assert_eq!(json["stages"].as_array().unwrap().len(), 2);
    assert_eq!(json["transfers"][0]["from"], "m1");
    assert_eq!(json["transfers"][0]["bytes"], 512);
    // Two forwards one after the other, with the hop between them.
    let f = |k: usize| json["stages"][k]["forward_s"].as_f64().unwrap();
    let step = json["predicted_step_s"].as_f64().unwrap();
    let hop = json["hops_s"][0].as_f64().unwrap();
    assert!((step - (f(0) + hop + f(1))).abs() < 1e-15, "{stdout}");
    let bubble = json["predicted_bubble"].as_f64().unwrap();
    assert!(bubble > 0.0 && bubble < 1.0);
    assert!(json["peak_memory_bytes"]["m2"].as_u64().unwrap() >= 1024);
    // The text report has the timeline; the hardware flags take effect.
    let (code, text, stderr) = autoshard(&["cost", "cli/tests/data/mpmd/two_stage.mlir", "--preset", "cpu"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(text.contains("timeline  (gpipe order, 1 microbatches"), "{text}");
    assert!(!text.contains(&format!("step          {}", autoshard::model::Seconds(step))), "{text}");
}

/// A plan `solve --format mlir` writes prices back to the solve's step.
#[test]
fn cost_of_an_exported_plan_is_close_to_the_solved_step() {
    let dir = std::env::temp_dir().join(format!("autoshard-mpmd-cost-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, module, stderr) = autoshard(&["solve", "configs/pipeline_pinned.yaml", "--format", "mlir"]);
    assert_eq!(code, 0, "{stderr}");
    let path = dir.join("pinned.mlir");
    std::fs::write(&path, module).unwrap();
    let (code, solved, stderr) = autoshard(&["solve", "configs/pipeline_pinned.yaml"]);
    assert_eq!(code, 0, "{stderr}");
    let svg = dir.join("pinned.svg");
    let args =
        ["cost", path.to_str().unwrap(), "--preset", "cpu", "--link", "50GB/s,10us", "--format", "json", "--svg"];
    let (code, stdout, stderr) = autoshard(&[&args[..], &[svg.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["schedule"], "gpipe");
    assert_eq!(json["microbatches"], 4);
    let read = json["predicted_step_s"].as_f64().unwrap();
    let step = solved_step(&solved);
    assert!((read - step).abs() / step < 0.10, "imported {read} vs solved {step}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("gpipe order, 4 microbatches"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The step of `solve`'s report (`  step          247.6668ms (bubble 24.3%)`).
fn solved_step(report: &str) -> f64 {
    let line = report.lines().find(|l| l.starts_with("  step ")).unwrap_or_else(|| panic!("no step in {report}"));
    let text = line.split_whitespace().nth(1).unwrap();
    text.parse::<autoshard::model::Seconds>().unwrap().0
}

/// `cost` of a module whose microbatch loop is written as calls of a function
/// (`mpmd.call` with `call_counter`) or as an `mpmd.for` prices the pipeline of the
/// same step unrolled by hand: the same microbatches, stages, hops and step.
#[test]
fn cost_reads_a_microbatch_loop_as_the_unrolled_pipeline() {
    let cost = |name: &str| {
        let path = format!("cli/tests/data/mpmd/{name}.mlir");
        let (code, stdout, stderr) = autoshard(&["cost", &path, "--format", "json"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        serde_json::from_str::<serde_json::Value>(&stdout).unwrap()
    };
    let unrolled = cost("microbatch_unrolled");
    assert_eq!(unrolled["microbatches"], 2);
    assert_eq!(unrolled["stages"].as_array().unwrap().len(), 2);
    assert_eq!(unrolled["transfers"].as_array().unwrap().len(), 4);
    for name in ["microbatch_calls", "microbatch_for"] {
        let json = cost(name);
        assert_eq!(json["module"], name);
        for key in ["microbatches", "stages", "schedule", "hops_s", "predicted_step_s", "predicted_bubble"] {
            assert_eq!(json[key], unrolled[key], "{name}: {key}");
        }
        assert_eq!(json["peak_memory_bytes"], unrolled["peak_memory_bytes"], "{name}");
    }
    // The text report counts each loop body's fragment once, called per microbatch.
    let (code, text, stderr) = autoshard(&["cost", "cli/tests/data/mpmd/microbatch_for.mlir"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(text.contains("9 fragment(s), 4 transfer(s), 2 microbatch(es)"), "{text}");
    assert!(text.contains("2 call(s)"), "{text}");
}
