//! The integration tests of `executor` (the CPU mesh executor, its collectives and reference kernels), one test binary for all of them:
//! each module below is one suite, named for what it checks; `fixture` builds their
//! programs and `planned` solves and runs them as the facade does.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod collectives;
mod fixture;
mod memory;
mod partial_reshards;
mod planned;
mod reference_programs;
mod reference_props;
mod uneven_reshards;
