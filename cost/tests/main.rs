//! The integration tests of `cost` (the cost model, reshard planning and pricing), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod cost_model;
mod golden;
mod reshard_props;
