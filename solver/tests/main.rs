//! The integration tests of `solver` (the formulation and the solver against brute force), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod anytime;
mod branches;
mod formulation;
mod oracle;
