//! The integration tests of `config` (the config language), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod config_fuzz;
mod golden;
