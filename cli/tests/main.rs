//! The integration tests of `cli` (the command line, end to end), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod bench_cli;
mod common;
mod doc_facts;
mod docs_cli;
mod golden;
mod iopddl_cli;
mod mpmd_cli;
mod mpmd_run_cli;
mod mpmd_solve_cli;
mod pipeline_cli;
mod run_cli;
