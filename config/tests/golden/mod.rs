//! The config language's golden tests, data files under `tests/data/` run by the
//! shared runner (`autoshard-testkit`): programs of a few ops written in the config
//! language, each op's sharding rule against Shardy's registry (`rules/`), and the
//! located inference errors of wrong programs (`inference/`).
//! Set `AUTOSHARD_BLESS=1` to accept new outputs after reviewing the printed diff.

mod rules;

use autoshard_testkit as runner;
use autoshard_testkit::data;

#[test]
fn sharding_rules() {
    let summary = runner::run_dir(data!("rules"), rules::run_case);
    eprintln!("sharding rules: {} cases", summary.cases);
    assert!(summary.cases >= 88, "expected Shardy's 72 registry cases and 16 more, found {}", summary.cases);
}

#[test]
fn inference_errors() {
    let summary = runner::run_dir(data!("inference"), rules::run_case);
    assert!(summary.cases >= 30, "expected an inference error per op family, found {}", summary.cases);
}
