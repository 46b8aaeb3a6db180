//! `autoshard solve` and `run` of a pipelined config, end to end: the report with
//! its stages and timeline, the SVG of the timeline, the MPMD module, a run that
//! matches the reference with predicted and measured times side by side, and the
//! formats a pipeline plan has no form in refused.

use crate::common::autoshard;

const SMALL: [&str; 6] = ["--size", "tokens=32", "--size", "d_model=16", "--size", "vocab=32"];

fn args<'a>(command: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut out = vec![command, "configs/pipeline_pinned.yaml"];
    out.extend(SMALL);
    out.extend(rest);
    out
}

#[test]
fn solve_prints_the_stages_and_the_timeline() {
    let (code, stdout, stderr) = autoshard(&args("solve", &[]));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("pipeline  pipeline-pinned: 2 stage(s), "), "{stdout}");
    assert!(stdout.contains("layer0, layer1, layer2"), "{stdout}");
    assert!(stdout.contains("\ntransfers"), "{stdout}");
    let timeline: Vec<&str> = stdout.lines().skip_while(|l| !l.starts_with("timeline")).skip(1).take(2).collect();
    assert!(timeline[0].starts_with("  stage0  ") && timeline[1].starts_with("  stage1  "), "{timeline:?}");
    assert!(timeline[0].contains('0') && timeline[0].contains('a') && timeline[0].contains('U'), "{timeline:?}");
    assert!(stdout.contains("pure SPMD"), "{stdout}");
}

#[test]
fn solve_writes_the_timeline_as_svg_and_the_plan_as_an_mpmd_module() {
    let dir = std::env::temp_dir().join(format!("autoshard-pipeline-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("timeline.svg");
    let svg_arg = svg.display().to_string();
    let (code, stdout, stderr) = autoshard(&args("solve", &["--format", "mlir", "--svg", &svg_arg]));
    assert_eq!(code, 0, "{stderr}");
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg ") && chart.trim_end().ends_with("</svg>"));
    // Two meshes, 4 microbatches: 4 forwards and 4 backwards on stage0, 4 forwards
    // on stage1 (its backward runs in its forward), an update each.
    assert_eq!(chart.matches("<rect ").count(), 8 + 4 + 2, "{chart}");
    assert!(stdout.contains("topology = #mpmd.topology<<\"stage0\": <[\"x\"=2]>>"), "{stdout}");
    assert_eq!(stdout.matches("mpmd.fragment_call<mesh=\"stage0\"").count(), 8 + 1, "{stdout}");
    assert!(stdout.contains("mpmd.reduce<add>"), "{stdout}");
    let read = autoshard::read_mpmd(&stdout).unwrap();
    assert_eq!(read.microbatches, 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_matches_the_reference_and_compares_times() {
    let (code, stdout, stderr) = autoshard(&args("run", &[]));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("\nmeasured on the CPU mesh  (step "), "{stdout}");
    assert!(stdout.contains("\nhand-overs"), "{stdout}");
    assert!(stdout.contains("stage 0 Forward   predicted"), "{stdout}");
    assert!(stdout.contains("(4 runs)"), "{stdout}");
    assert!(stdout.contains("\nverification: passed"), "{stdout}");
    let (code, stdout, stderr) = autoshard(&args("run", &["--format", "json"]));
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["verification"]["passed"], true);
    assert_eq!(json["stages"].as_array().unwrap().len(), 2);
    assert!(json["measured_bubble"].as_f64().unwrap() >= 0.0);
}

#[test]
fn formats_without_a_pipeline_form_are_refused() {
    let (code, _, stderr) = autoshard(&args("solve", &["--format", "json"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("a pipeline plan is written as text or mlir, not Json"), "{stderr}");
    let (code, _, stderr) = autoshard(&args("run", &["--plan", "plan.json"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("--plan takes a plan of one mesh, not a pipeline's"), "{stderr}");
}
