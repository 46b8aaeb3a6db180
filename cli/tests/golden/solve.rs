//! Solver goldens (`tests/data/solve/`): each `CASE.yaml` is solved; its
//! `CASE.known.yaml` (the known plan written out as annotations) is priced by `cost`.
//! Hard checks: `solve` succeeds; its objective is at most the known plan's price
//! (equal where the known plan is optimal, which the golden records); the solver's
//! bound never exceeds the plan's total and equals it when the plan is reported
//! optimal (the formulation prices exactly what `cost` prices); its JSON plan,
//! given back to `cost --plan`, prices to the same total; and the `# expect-…` lines
//! of the case hold:
//! - `# expect-value: NAME SHARDING` — the plan shards NAME exactly so;
//! - `# expect-dropped: NAME PHRASE` — a dropped preference of NAME whose reason
//!   contains PHRASE;
//! - `# expect-status: STATUS` — the solver's status.
//!
//! The golden is the `solve --detail` report with the solver's wall time elided.

use serde_json::Value;
use std::path::Path;

use super::cli::{price_plan, run_on as autoshard};

fn total(json: &str) -> Option<f64> {
    serde_json::from_str::<Value>(json).ok()?["objective"]["total_s"].as_f64()
}

/// One case file: a problem (solved) or a known plan (priced).
pub fn run_case(path: &Path) -> (String, Vec<String>) {
    let name = path.to_string_lossy();
    if name.ends_with(".known.yaml") {
        let (code, table, stderr) = autoshard(&["cost"], path);
        let failures = if code == 0 { Vec::new() } else { vec![format!("cost: exit code {code}: {stderr}")] };
        return (format!("$ autoshard cost\nexit: {code}\n{table}{stderr}"), failures);
    }
    let mut failures = Vec::new();
    let (code, report, stderr) = autoshard(&["solve", "--detail"], path);
    if code != 0 {
        failures.push(format!("solve: exit code {code}: {stderr}"));
    }
    let (_, json, _) = autoshard(&["solve", "--format", "json"], path);
    let plan: Value = serde_json::from_str(&json).unwrap_or(Value::Null);
    let (_, again, _) = autoshard(&["solve", "--format", "json"], path);
    if without_time(&again) != without_time(&json) {
        failures.push("two solves of the same input gave different plans".to_string());
    }
    let solved = total(&json).unwrap_or(f64::NAN);
    let known_path = path.with_extension("known.yaml");
    if known_path.exists() {
        let (_, known_json, _) = autoshard(&["cost", "--format", "json"], &known_path);
        let known = total(&known_json).unwrap_or(f64::NAN);
        if known.is_nan() {
            failures.push(format!("the known plan {} does not price", known_path.display()));
        } else if solved.is_nan() || solved > known * (1.0 + 1e-9) {
            failures.push(format!("the solver's plan costs {solved} s, more than the known plan's {known} s"));
        }
    }
    let (_, priced, price_stderr) = price_plan(&json, path);
    match total(&priced) {
        Some(t) if (t - solved).abs() <= 1e-9 * solved.abs() => {}
        t => failures.push(format!("cost --plan prices the solved plan at {t:?}, solve said {solved}: {price_stderr}")),
    }
    let bound = plan["solver"]["bound"].as_f64().unwrap_or(f64::NAN);
    let optimal = plan["solver"]["status"] == "optimal";
    if bound.is_nan() || bound > solved * (1.0 + 1e-9) || (optimal && bound < solved * (1.0 - 1e-9)) {
        failures.push(format!("the bound {bound} does not fit the plan's total {solved} (optimal: {optimal})"));
    }
    let source = std::fs::read_to_string(path).expect("read case");
    failures.extend(expectations(&source, &plan));
    (format!("$ autoshard solve --detail\nexit: {code}\n{}{stderr}", elide_time(&report)), failures)
}

/// A JSON plan without the solver's wall time.
fn without_time(json: &str) -> Value {
    let mut plan: Value = serde_json::from_str(json).unwrap_or(Value::Null);
    if let Some(solver) = plan.get_mut("solver").and_then(Value::as_object_mut) {
        solver.remove("time_s");
    }
    plan
}

/// The `# expect-…` lines of `source` that `plan` fails.
fn expectations(source: &str, plan: &Value) -> Vec<String> {
    let mut failures = Vec::new();
    for line in source.lines() {
        let Some(rest) = line.strip_prefix("# expect-") else { continue };
        let (kind, arg) = rest.split_once(':').map(|(k, a)| (k, a.trim())).unwrap_or((rest, ""));
        let (name, detail) = arg.split_once(' ').unwrap_or((arg, ""));
        let ok = match kind {
            "value" => plan["values"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|v| v["name"] == name && v["sharding"].as_str() == Some(&format!("#sdy.sharding{detail}"))),
            "dropped" => plan["dropped_preferences"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|d| d["value"] == name && d["reason"].as_str().is_some_and(|r| r.contains(detail))),
            "status" => plan["solver"]["status"] == name,
            _ => false,
        };
        if !ok {
            failures.push(format!("expectation `{line}` does not hold"));
        }
    }
    failures
}

/// The report with the solver's wall time replaced by `…`.
fn elide_time(report: &str) -> String {
    report
        .lines()
        .map(|l| match (l.starts_with("solver:"), l.find(") in "), l.find(';')) {
            (true, Some(i), Some(j)) if i < j => format!("{}) in …{}\n", &l[..i], &l[j..]),
            _ => format!("{l}\n"),
        })
        .collect()
}

/// An infeasible case: `solve` exits 1 and its message contains every
/// `# expect-error: PHRASE`. The golden is the message.
pub fn error_case(path: &Path) -> (String, Vec<String>) {
    let (code, stdout, stderr) = autoshard(&["solve"], path);
    let mut failures = Vec::new();
    if code != 1 || !stdout.is_empty() {
        failures.push(format!("exit code {code} with output {stdout:?}, expected 1 and none"));
    }
    let source = std::fs::read_to_string(path).expect("read case");
    for phrase in source.lines().filter_map(|l| l.strip_prefix("# expect-error: ")) {
        if !stderr.contains(phrase) {
            failures.push(format!("the message does not say `{phrase}`"));
        }
    }
    (format!("$ autoshard solve\nexit: {code}\n{stderr}"), failures)
}
