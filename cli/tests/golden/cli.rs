//! The command line end to end: what `reshard` and `cost` print and their exit codes.

use std::path::Path;

pub use crate::common::autoshard as run;
use crate::common::{autoshard_in, workspace};

/// Runs `autoshard ARGS PATH` with the path relative to where it is run, as users
/// would write it: this crate's test data from the crate's root (goldens name it
/// `tests/data/…`), anything else from the workspace root (`configs/mlp.yaml`).
pub fn run_on(args: &[&str], path: &Path) -> (i32, String, String) {
    let krate = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = if path.strip_prefix(krate.join("tests")).is_ok() { krate } else { workspace() };
    let relative = path.strip_prefix(dir).unwrap_or(path).to_string_lossy().into_owned();
    autoshard_in(dir, &[args, &[relative.as_str()]].concat())
}

/// Prices the JSON plan `json` for the config at `path`: `autoshard cost --format json
/// --plan PLAN PATH`, the plan in a temporary file named after the config.
pub fn price_plan(json: &str, path: &Path) -> (i32, String, String) {
    let name = |p: Option<&Path>| p.and_then(|p| p.file_stem()).and_then(|s| s.to_str()).unwrap_or("plan").to_string();
    let file = std::env::temp_dir().join(format!(
        "autoshard-plan-{}-{}-{}.json",
        std::process::id(),
        name(path.parent()),
        name(Some(path))
    ));
    std::fs::write(&file, json).expect("write plan");
    let result = run_on(&["cost", "--format", "json", "--plan", &file.to_string_lossy()], path);
    let _ = std::fs::remove_file(&file);
    result
}

const MESH: &str = r#"<["x"=2, "y"=2, "z"=2]>"#;

#[test]
fn reshard_prints_one_collective_per_line() {
    let args = ["reshard", "--mesh", MESH, "--shape", "16x8x8", "--from", r#"[{"x"}, {"y"}, {}]"#, "--to"];
    let (code, stdout, _) = run(&[&args[..], &[r#"[{}, {"y"}, {"x"}]"#]].concat());
    assert_eq!(code, 0);
    assert_eq!(stdout, "sdy.all_to_all [{\"x\"}: 0->2] out_sharding=<@mesh, [{}, {\"y\"}, {\"x\"}]>\n");
    let (code, stdout, _) = run(&[&args[..], &[r#"[{}, {"y"}, {"x"}]"#, "--cost"]].concat());
    assert_eq!(code, 0);
    assert!(stdout.contains("  // 1KiB, 2.0011us\n// total: 1 collective, 1KiB, 2.0011us"), "{stdout}");
}

#[test]
fn reshard_follows_shardy_or_picks_the_cheaper_plan() {
    let mesh = r#"m=<["x"=2, "y"=2, "z"=2, "w"=4]>"#;
    let base =
        ["reshard", "--mesh", mesh, "--shape", "16x8", "--from", r#"[{}, {"w":(1)2}]"#, "--to", r#"[{"w"}, {}]"#];
    let (_, shardy, _) = run(&[&base[..], &["--algorithm", "shardy"]].concat());
    assert_eq!(shardy.lines().count(), 2, "Shardy slices then moves: {shardy}");
    let (_, cheapest, _) = run(&base);
    assert!(cheapest.starts_with("sdy.all_gather"), "one gather is cheaper for 512 bytes: {cheapest}");
}

#[test]
fn reshard_rejects_bad_input_with_exit_code_2() {
    for (args, message) in [
        (vec!["--shape", "16x8", "--from", r#"[{"q"}, {}]"#, "--to", "[{}, {}]"], "unknown axis name: \"q\""),
        (vec!["--shape", "16xa", "--from", "[{}, {}]", "--to", "[{}, {}]"], "--shape"),
        (vec!["--shape", "16x8", "--from", "[{}, {}", "--to", "[{}, {}]"], "--from"),
        (vec!["--shape", "16x8", "--from", "[{}, {}]", "--to", "[{}, {}], x"], "--to"),
        (
            vec![
                "--shape",
                "16x8",
                "--from",
                r#"<@mesh, [{}, {}], unreduced=max{"x"}>"#,
                "--to",
                r#"<@mesh, [{}, {}], unreduced={"x", "y"}>"#,
            ],
            "combines unreduced axes by sum",
        ),
    ] {
        let (code, stdout, stderr) = run(&[&["reshard", "--mesh", MESH][..], &args].concat());
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty() && stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn cost_reports_the_plan_and_fails_over_budget() {
    let (code, stdout, _) = run(&["cost", "cost/tests/data/cost/megatron_mlp.yaml"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("sdy.all_reduce {\"model\"}") && stdout.contains("total"), "{stdout}");
    let (code, json, _) = run(&["cost", "cost/tests/data/cost/megatron_mlp.yaml", "--format", "json"]);
    assert_eq!(code, 0);
    for field in ["\"total_s\"", "\"compute_s\"", "\"communication_s\"", "\"peak_memory_bytes\"", "\"time_s\""] {
        assert!(json.contains(field), "{field} missing from {json}");
    }
    let config = std::env::temp_dir().join(format!("autoshard-over-budget-{}.yaml", std::process::id()));
    let source = std::fs::read_to_string("../cost/tests/data/cost/megatron_mlp.yaml").expect("config");
    std::fs::write(
        &config,
        source.replace("cost: {preset: h100-sxm}", "cost: {preset: h100-sxm, device: {memory: 100MiB}}"),
    )
    .expect("write");
    let (code, stdout, stderr) = run(&["cost", &config.to_string_lossy()]);
    let _ = std::fs::remove_file(&config);
    assert_eq!(code, 1, "{stderr}");
    assert!(!stdout.is_empty() && stderr.contains("the budget is 100MiB"), "{stderr}");
}

#[test]
fn cost_rejects_plans_that_do_not_fit_the_program() {
    for (i, (plan, message)) in [
        (
            r#"{"values": [{"name": "nope", "sharding": "<@mesh, [{}]>"}]}"#,
            "the plan shards \"nope\", which the program does not have",
        ),
        (r#"{"ops": [{"name": "a", "factor_shardings": {"l": "{}"}}]}"#, "the plan shards factor l of op \"a\""),
        (r#"{"ops": [{"name": "a", "factor_shardings": {"z_99999999999999": "{}"}}]}"#, "beyond any rule"),
        (
            r#"{"ops": [{"name": "a", "factor_shardings": {"i": "{\"model\"}", "k": "{\"model\"}"}}]}"#,
            "shards factors i and k",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let path = std::env::temp_dir().join(format!("autoshard-bad-plan-{}-{i}.json", std::process::id()));
        std::fs::write(&path, plan).expect("write");
        let (code, _, stderr) =
            run(&["cost", "cost/tests/data/cost/megatron_mlp.yaml", "--plan", &path.to_string_lossy()]);
        let _ = std::fs::remove_file(&path);
        assert_eq!(code, 2, "{plan}: {stderr}");
        assert!(stderr.contains(message), "{plan}: {stderr}");
    }
}

#[test]
fn size_overrides_belong_to_the_commands_that_read_a_config() {
    let (code, stdout, stderr) = run(&["check", "configs/mlp.yaml", "--size", "tokens=64"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("configs/mlp.yaml: ok"), "{stdout}");
    let parameters = |stdout: &str| stdout.lines().find(|l| l.contains("parameters:")).map(str::to_string);
    let (_, full, _) = run(&["check", "configs/mlp.yaml"]);
    let (code, small, stderr) = run(&["check", "configs/mlp.yaml", "--size", "d_model=64"]);
    assert_eq!(code, 0, "{stderr}");
    assert_ne!(parameters(&full), parameters(&small), "{full}\n{small}");
    let (code, _, stderr) = run(&["check", "configs/mlp.yaml", "--size", "tokns=64"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("unknown size 'tokns'"), "{stderr}");
    // Commands that read no config do not take --size: a usage error.
    let reshard = ["reshard", "--mesh", MESH, "--shape", "16x8", "--from", "[{}, {}]", "--to", "[{}, {}]"];
    let (code, _, stderr) = run(&[&reshard[..], &["--size", "tokens=64"]].concat());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--size"), "{stderr}");
    let (code, _, stderr) = run(&["bench", "collectives", "--size", "tokens=64"]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn solve_writes_the_plan_in_the_mesh_dialect_which_reads_back_and_runs() {
    let sizes = ["--size", "tokens=32", "--size", "d_model=16"];
    let (code, module, stderr) = run(&[&["solve", "configs/mlp.yaml", "--format", "mesh"], &sizes[..]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert!(module.contains("mesh.mesh @mesh(shape = 2x4)"), "{module}");
    assert!(module.contains(" = mesh.shard %"), "{module}");
    assert!(!module.contains("sdy."), "no Shardy op or attribute is left: {module}");
    let file = std::env::temp_dir().join(format!("autoshard-mesh-{}.mlir", std::process::id()));
    std::fs::write(&file, &module).expect("write the module");
    let (code, stdout, stderr) = run(&["run", &file.to_string_lossy(), "--seed", "3"]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(code, 0, "the module reads back, solves and runs as the reference: {stderr}");
    assert!(stdout.contains("verification     passed"), "{stdout}");
}

#[test]
fn run_checks_an_spmd_program_against_its_global_program() {
    let dir = "stablehlo/tests/data/mlir/spmd";
    let global = format!("{dir}/mlp.global.mlir");
    let spmd = |name: &str| format!("{dir}/{name}.spmd.mlir");
    let (code, stdout, stderr) = run(&["run", &global, "--spmd", &spmd("mlp_scattered"), "--seed", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("verification     passed"), "{stdout}");
    let (code, _, stderr) = run(&["run", &global, "--spmd", &spmd("mlp_unreduced")]);
    assert_eq!(code, 1, "partial sums returned unreduced are a mismatch: {stderr}");
    assert!(stderr.contains("the SPMD program differs from") && stderr.contains("output \"%y0\" at ["), "{stderr}");
    let stencil = format!("{dir}/stencil.global.mlir");
    let (code, _, stderr) = run(&["run", &stencil, "--spmd", &spmd("stencil_halo_sizes")]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("destination_halo_sizes has 2 sizes, but 2 split dimensions need two each"), "{stderr}");
}
