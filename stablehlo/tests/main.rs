//! The integration tests of `stablehlo` (the StableHLO reader and writers), one test binary for all of them:
//! each module below is one suite, named for what it checks; `end_to_end` solves,
//! prices and runs the modules they read as the facade does.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod end_to_end;
mod export;
mod golden;
mod jax_constructs;
mod mesh_dialect;
mod mixed_precision;
mod mlir_fuzz;
mod read_back;
mod real_programs;
