//! The golden tests: one runner (`runner.rs`) over the data files in `tests/data/`.
//! Set `AUTOSHARD_BLESS=1` to accept new outputs after reviewing the printed diff.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod cli;
#[path = "../common/mod.rs"]
mod common;
mod config;
mod mlir;
mod reshard;
mod rules;
mod runner;
mod solve;
mod text;
mod views;

#[test]
fn text_forms() {
    let summary = runner::run_dir("tests/data/text", text::run_case);
    eprintln!("text forms: {} cases, {} skipped", summary.cases, summary.skipped);
    assert!(summary.cases > 150, "expected Shardy's text-form cases, found {}", summary.cases);
}

#[test]
fn sharding_rules() {
    let summary = runner::run_dir("tests/data/rules", rules::run_case);
    eprintln!("sharding rules: {} cases", summary.cases);
    assert!(summary.cases >= 88, "expected Shardy's 72 registry cases and 16 more, found {}", summary.cases);
}

#[test]
fn inference_errors() {
    let summary = runner::run_dir("tests/data/inference", rules::run_case);
    assert!(summary.cases >= 30, "expected an inference error per op family, found {}", summary.cases);
}

#[test]
fn malformed_configs() {
    let summary = runner::run_files("tests/data/config/errors", "yaml", config::error_case);
    eprintln!("malformed configs: {}", summary.cases);
    assert!(summary.cases >= 30, "expected at least 30 malformed configs, found {}", summary.cases);
}

/// Hand-checked cost breakdowns (the numbers are derived in each config's comment and
/// asserted in `tests/cost_model.rs`).
#[test]
fn cost_tables() {
    let summary = runner::run_files("tests/data/cost", "yaml", config::cost_case);
    assert!(summary.cases >= 3, "expected the cost configs, found {}", summary.cases);
}

/// Known-optimal plans and solver semantics (`tests/data/solve/`).
#[test]
fn solved_plans() {
    let summary = runner::run_files("tests/data/solve", "yaml", solve::run_case);
    assert!(summary.cases >= 23, "expected 12 cases and 11 known plans, found {}", summary.cases);
}

/// Infeasible problems are explained (`tests/data/solve_errors/`).
#[test]
fn infeasible_plans() {
    let summary = runner::run_files("tests/data/solve_errors", "yaml", solve::error_case);
    assert!(summary.cases >= 2, "expected the infeasible cases, found {}", summary.cases);
}

#[test]
fn valid_configs() {
    runner::run_files("tests/data/config/valid", "yaml", config::valid_case);
}

/// Every example config in `configs/` passes `check`, `rules` and `cost`; their
/// output is the golden in `tests/data/config/examples/`.
#[test]
fn example_configs() {
    let summary = runner::run_files_with_goldens("configs", "yaml", "tests/data/config/examples", config::valid_case);
    assert!(summary.cases >= 3, "expected at least 3 example configs, found {}", summary.cases);
}

/// Shardy's reshard-to-collectives cases (and autoshard's own): at least 95% must give
/// Shardy's exact sequence; the rest must cost no more (checked per case).
#[test]
fn reshard_plans() {
    use std::sync::atomic::Ordering::Relaxed;
    let summary = runner::run_dir("tests/data/reshard", reshard::run_case);
    let cases = reshard::CONFORMANCE.load(Relaxed);
    let (algorithm, default) = (reshard::ALGORITHM_EXACT.load(Relaxed), reshard::DEFAULT_EXACT.load(Relaxed));
    eprintln!(
        "reshard: {} cases; of Shardy's {cases}, {algorithm} exact with Shardy's algorithm, {default} exact with the cheapest plan",
        summary.cases
    );
    assert!(cases >= 98, "expected Shardy's 98 reshard cases, found {cases}");
    let executed = reshard::EXECUTED.load(Relaxed);
    eprintln!("reshard: {executed} cases executed on the CPU mesh");
    assert!(executed >= 100, "only {executed} reshard cases ran on the CPU mesh");
    assert!(algorithm * 100 >= 95 * cases, "only {algorithm} of {cases} match Shardy");
}
