//! The model's golden tests, data files under `tests/data/` run by the shared runner
//! (`autoshard-testkit`): Shardy's text forms. (The sharding rules and inference errors
//! of programs written in the config language are `config`'s goldens; the reshard
//! planner's, priced and run on the CPU mesh, are `cost`'s.)
//! Set `AUTOSHARD_BLESS=1` to accept new outputs after reviewing the printed diff.

mod text;

use autoshard_testkit as runner;
use autoshard_testkit::data;

#[test]
fn text_forms() {
    let summary = runner::run_dir(data!("text"), text::run_case);
    eprintln!("text forms: {} cases, {} skipped", summary.cases, summary.skipped);
    assert!(summary.cases > 150, "expected Shardy's text-form cases, found {}", summary.cases);
}
