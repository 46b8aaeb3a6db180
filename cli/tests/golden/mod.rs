//! The command line's golden tests, data files run by the shared runner
//! (`autoshard-testkit`): malformed and valid configs through `check`, `rules` and
//! `cost`, the example configs of `configs/`, cost tables (`cost/tests/data/cost/`),
//! solved plans (`solver/tests/data/solve/`), infeasible problems and the views.
//! Set `AUTOSHARD_BLESS=1` to accept new outputs after reviewing the printed diff.

mod cli;
mod config;
mod solve;
mod views;

use autoshard_testkit as runner;
use autoshard_testkit::data;

#[test]
fn malformed_configs() {
    let summary = runner::run_files(data!("config/errors"), "yaml", config::error_case);
    eprintln!("malformed configs: {}", summary.cases);
    assert!(summary.cases >= 30, "expected at least 30 malformed configs, found {}", summary.cases);
}

/// Hand-checked cost breakdowns (the numbers are derived in each config's comment and
/// asserted in `cost/tests/cost_model.rs`).
#[test]
fn cost_tables() {
    let summary = runner::run_files(data!("cost", "cost"), "yaml", config::cost_case);
    assert!(summary.cases >= 3, "expected the cost configs, found {}", summary.cases);
}

/// Known-optimal plans and solver semantics (`tests/data/solve/`).
#[test]
fn solved_plans() {
    let summary = runner::run_files(data!("solver", "solve"), "yaml", solve::run_case);
    assert!(summary.cases >= 23, "expected 12 cases and 11 known plans, found {}", summary.cases);
}

/// Infeasible problems are explained (`tests/data/solve_errors/`).
#[test]
fn infeasible_plans() {
    let summary = runner::run_files(data!("solve_errors"), "yaml", solve::error_case);
    assert!(summary.cases >= 2, "expected the infeasible cases, found {}", summary.cases);
}

#[test]
fn valid_configs() {
    runner::run_files(data!("config/valid"), "yaml", config::valid_case);
}

/// Every example config in `configs/` passes `check`, `rules` and `cost`; their
/// output is the golden in `tests/data/config/examples/`.
#[test]
fn example_configs() {
    let summary = runner::run_files_with_goldens(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../configs"),
        "yaml",
        data!("config/examples"),
        config::valid_case,
    );
    assert!(summary.cases >= 3, "expected at least 3 example configs, found {}", summary.cases);
}
