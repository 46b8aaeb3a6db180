//! `autoshard run GLOBAL --spmd FILE [--seed N] [--format text|json]`: a partitioned
//! (SPMD) mesh-dialect program, the function every device runs with explicit
//! collectives, run on the CPU mesh (one thread per device) on seeded inputs and
//! compared with the global program it partitions, run whole on the same inputs
//! (docs/mesh-dialect.md, "SPMD programs"). Exit 1 when an output differs (naming
//! it and its worst element), 2 when the program does not read.

use super::run::mismatches;
use super::{Failure, Format};
use autoshard::executor::Verification;
use serde_json::{Value, json};
use std::path::Path;

/// Runs the SPMD program at `path` against `global` (named `shown`).
pub fn run(global: &autoshard::Config, shown: &str, path: &Path, seed: u64, format: Format) -> Result<(), Failure> {
    let file = path.display().to_string();
    let source = std::fs::read_to_string(path).map_err(|e| Failure::BadInput(format!("{file}: error: {e}")))?;
    let spmd = autoshard::read_spmd(global, &file, &source).map_err(|e| Failure::BadInput(e.to_string()))?;
    let checked =
        autoshard::run_spmd(global, &spmd, seed).map_err(|e| Failure::Failed(format!("{file}: error: {e}")))?;
    let (run, v) = (&checked.run, &checked.verification);
    match format {
        Format::Text => {
            println!("{file} on {} against {shown} (seed {seed})", spmd.mesh());
            for output in &v.outputs {
                println!("  output {:<12} max rel error {:.3e}", output.name, output.max_rel_error);
            }
            println!("peak per device  {}", run.sharded.peak_bytes);
            println!("on the CPU mesh  {} (against the devices' lock-step interpretation)", line(&run.verification));
            println!("verification     {}", line(v));
        }
        Format::Json => {
            let json = json!({
                "spmd": file,
                "global": shown,
                "seed": seed,
                "peak_device_bytes": run.sharded.peak_bytes.0,
                "mesh_run": verdict(&run.verification),
                "verification": verdict(v),
            });
            println!("{}", serde_json::to_string_pretty(&json).map_err(|e| Failure::BadInput(e.to_string()))?);
        }
    }
    let checks = [
        (v, format!("the SPMD program differs from {shown}")),
        (
            &run.verification,
            "on the CPU mesh the SPMD program differs from its lock-step interpretation (a result its \
             sharding says is replicated differs between devices, which give different copies)"
                .to_string(),
        ),
    ];
    match checks.iter().find(|(check, _)| !check.passed) {
        None => Ok(()),
        Some((check, what)) => Err(Failure::Failed(format!(
            "{file}: error: {what} (tolerance {:.1e}):\n  {}",
            check.tolerance,
            mismatches(check).join("\n  ")
        ))),
    }
}

/// `passed: max abs error …, max rel error … (tolerance …)`.
fn line(v: &Verification) -> String {
    let verdict = if v.passed { "passed" } else { "FAILED" };
    format!(
        "{verdict}: max abs error {:.3e}, max rel error {:.3e} (tolerance {:.1e})",
        v.max_abs_error, v.max_rel_error, v.tolerance
    )
}

fn verdict(v: &Verification) -> Value {
    json!({"passed": v.passed, "max_abs_error": v.max_abs_error, "max_rel_error": v.max_rel_error, "tolerance": v.tolerance})
}
