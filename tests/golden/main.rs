//! The golden tests: one runner (`runner.rs`) over the data files in `tests/data/`.
//! Set `AUTOSHARD_BLESS=1` to accept new outputs after reviewing the printed diff.

mod runner;
mod text;

#[test]
fn text_forms() {
    let summary = runner::run_dir("tests/data/text", text::run_case);
    eprintln!("text forms: {} cases, {} skipped", summary.cases, summary.skipped);
    assert!(summary.cases > 150, "expected Shardy's text-form cases, found {}", summary.cases);
}
