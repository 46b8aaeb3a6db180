//! The integration tests of `model` (Shardy's text forms and projection), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod fuzz_text;
mod golden;
mod projection_props;
