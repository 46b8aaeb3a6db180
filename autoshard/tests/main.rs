//! The integration tests of `autoshard` (the facade: sharded runs against the reference and the gallery), one test binary for all of them:
//! each module below is one suite, named for what it checks.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a broken fixture in a test harness should fail loudly")]

mod config_headers;
mod custom_body;
mod exported_modules;
mod gallery;
mod halo;
mod halo_shifts;
mod memory;
mod mpmd_import;
mod mpmd_loops;
mod mpmd_replan;
mod mpmd_run;
mod partial_kinds;
mod pipeline_modules;
mod pipeline_props;
// The read-back check of an exported module, shared with stablehlo's
// export tests (it uses the model and the executor alone).
#[path = "../../stablehlo/tests/read_back.rs"]
mod read_back;
mod run_props;
mod uneven;
