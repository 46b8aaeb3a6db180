//! `autoshard run GLOBAL --spmd FILE [--seed N] [--format text|json]`: a partitioned
//! (SPMD) mesh-dialect program, the function every device runs with explicit
//! collectives, run on seeded inputs against the global program it partitions
//! (docs/mesh-dialect.md, "SPMD programs"). Exit 1 when an output differs (naming
//! it and its worst element), 2 when the program does not read.

use super::run::mismatches;
use super::{Failure, Format};
use serde_json::json;
use std::path::Path;

/// Runs the SPMD program at `path` against `global` (named `shown`).
pub fn run(global: &autoshard::Config, shown: &str, path: &Path, seed: u64, format: Format) -> Result<(), Failure> {
    let file = path.display().to_string();
    let source = std::fs::read_to_string(path).map_err(|e| Failure::BadInput(format!("{file}: error: {e}")))?;
    let spmd = autoshard::read_spmd(global, &file, &source).map_err(|e| Failure::BadInput(e.to_string()))?;
    let v = autoshard::run_spmd(global, &spmd, seed).map_err(|e| Failure::Failed(format!("{file}: error: {e}")))?;
    let verdict = if v.passed { "passed" } else { "FAILED" };
    match format {
        Format::Text => {
            println!("{file} on {} against {shown} (seed {seed})", spmd.mesh());
            for output in &v.outputs {
                println!("  output {:<12} max rel error {:.3e}", output.name, output.max_rel_error);
            }
            println!(
                "verification     {verdict}: max abs error {:.3e}, max rel error {:.3e} (tolerance {:.1e})",
                v.max_abs_error, v.max_rel_error, v.tolerance
            );
        }
        Format::Json => {
            let json = json!({
                "spmd": file,
                "global": shown,
                "seed": seed,
                "verification": {"passed": v.passed, "max_abs_error": v.max_abs_error, "max_rel_error": v.max_rel_error, "tolerance": v.tolerance},
            });
            println!("{}", serde_json::to_string_pretty(&json).map_err(|e| Failure::BadInput(e.to_string()))?);
        }
    }
    if v.passed {
        return Ok(());
    }
    Err(Failure::Failed(format!(
        "{file}: error: the SPMD program differs from {shown} (tolerance {:.1e}):\n  {}",
        v.tolerance,
        mismatches(&v).join("\n  ")
    )))
}
