//! Golden cases for the config language: every file in `tests/data/config/errors/` is
//! malformed and must make `autoshard check` exit with code 2 and report each error
//! its `# expect-error LINE:COL [and LINE:COL]` comments name, at that position; every file in
//! `tests/data/config/valid/` and every example in `configs/` must pass (the examples'
//! goldens are in `tests/data/config/examples/`). The printed output is the golden.

use std::path::Path;

use super::cli::{price_plan, run_on as autoshard};

/// A malformed config: exit code 2, every expected location reported, no panic.
pub fn error_case(path: &Path) -> (String, Vec<String>) {
    let (code, stdout, stderr) = autoshard(&["check"], path);
    let mut failures = Vec::new();
    if code != 2 {
        failures.push(format!("exit code {code}, expected 2"));
    }
    if !stdout.is_empty() {
        failures.push(format!("a malformed config printed to stdout: {stdout}"));
    }
    if stderr.contains("panicked") {
        failures.push("autoshard panicked".into());
    }
    let source = std::fs::read_to_string(path).expect("read case");
    let expectations: Vec<&str> =
        source.lines().filter_map(|l| l.strip_prefix("# expect-error ")).flat_map(|l| l.split(" and ")).collect();
    if expectations.is_empty() {
        failures.push("the case names no `# expect-error LINE:COL`".into());
    }
    for at in expectations {
        let needle = format!(":{}: error: ", at.trim());
        if !stderr.lines().any(|l| l.contains(&needle)) {
            failures.push(format!("no error reported at {at}"));
        }
    }
    let errors = stderr.lines().filter(|l| l.contains(": error: ")).count();
    if errors == 0 {
        failures.push("no error was reported".into());
    }
    (format!("exit: {code}\n{stderr}"), failures)
}

/// A valid config: `check`, `rules` and `cost` exit with 0 (`cost` with N instead when
/// the config says `# expect-cost-exit: N`, as one whose annotations priced the
/// local way do not fit its memory budget does); the golden is their outputs.
pub fn valid_case(path: &Path) -> (String, Vec<String>) {
    let mut output = String::new();
    let mut failures = Vec::new();
    let source = std::fs::read_to_string(path).unwrap_or_default();
    let cost_exit = source
        .lines()
        .find_map(|l| l.strip_prefix("# expect-cost-exit: "))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<i32>().ok())
        .unwrap_or(0);
    for command in ["check", "rules", "cost"] {
        let (code, stdout, stderr) = autoshard(&[command], path);
        let expected = if command == "cost" { cost_exit } else { 0 };
        if code != expected {
            failures.push(format!("{command}: exit code {code}, expected {expected}: {stderr}"));
        }
        output.push_str(&format!("$ autoshard {command}\nexit: {code}\n{stdout}{stderr}"));
    }
    (output, failures)
}

/// A config priced by `autoshard cost`: exit 0; its JSON plan, given back with
/// `--plan`, prices to the same JSON. The golden is the table.
pub fn cost_case(path: &Path) -> (String, Vec<String>) {
    let mut failures = Vec::new();
    let (code, table, stderr) = autoshard(&["cost"], path);
    if code != 0 {
        failures.push(format!("cost: exit code {code}: {stderr}"));
    }
    let (_, json, _) = autoshard(&["cost", "--format", "json"], path);
    let (plan_code, again, plan_stderr) = price_plan(&json, path);
    if plan_code != 0 || again != json {
        failures.push(format!("the JSON plan does not price back to itself (exit {plan_code}): {plan_stderr}"));
    }
    (format!("$ autoshard cost\nexit: {code}\n{table}{stderr}"), failures)
}
