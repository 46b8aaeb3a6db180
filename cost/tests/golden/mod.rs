//! The cost model's golden tests, data files under `tests/data/` run by the shared
//! runner (`autoshard-testkit`): the reshard planner's choice priced on the H100 preset,
//! against Shardy's reshard-to-collectives cases, each plan also run on the CPU mesh.
//! Set `AUTOSHARD_BLESS=1` to accept new outputs after reviewing the printed diff.

mod reshard;

use autoshard_testkit as runner;
use autoshard_testkit::data;

/// Shardy's reshard-to-collectives cases (and autoshard's own): at least 95% must give
/// Shardy's exact sequence; the rest must cost no more (checked per case).
#[test]
fn reshard_plans() {
    use std::sync::atomic::Ordering::Relaxed;
    let summary = runner::run_dir(data!("reshard"), reshard::run_case);
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
