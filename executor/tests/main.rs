//! The integration tests of `executor` (the CPU mesh executor, its collectives and reference kernels), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

use std::path::PathBuf;

/// The example configs (`configs/*.yaml`), sorted: programs the suites run whole.
fn example_configs() -> Vec<PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs");
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    paths.sort();
    assert!(paths.len() >= 3, "expected the example configs in {dir}");
    paths
}

mod collectives;
mod memory;
mod partial_reshards;
mod reference_programs;
mod reference_props;
mod uneven_reshards;
