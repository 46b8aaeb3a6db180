//! `cost` and `run` of a partitioned MPMD module (fragments on the meshes of a
//! topology, transfers between them: `autoshard::is_partitioned_mpmd`), read as a
//! pipeline by `autoshard::import_mpmd` (docs/pipelines.md, "Partitioned modules").

use super::{Failure, Format};
use autoshard::cost::{LinkSpec, Preset};
use autoshard::model::{BytesPerSecond, Seconds};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The hardware of a partitioned module's meshes, which the module does not state.
#[derive(Debug, Clone, clap::Args)]
pub struct HardwareArgs {
    /// A partitioned MPMD module's hardware preset, for every mesh (e.g. cpu,
    /// h100-sxm); default: the default preset.
    #[arg(long, value_name = "PRESET")]
    preset: Option<String>,
    /// A partitioned MPMD module's link between meshes, BANDWIDTH,LATENCY (e.g.
    /// 50GB/s,10us); default: the preset's slowest link.
    #[arg(long, value_name = "BANDWIDTH,LATENCY")]
    link: Option<String>,
}

impl HardwareArgs {
    fn options(&self) -> Result<autoshard::ImportOptions, Failure> {
        let mut options = autoshard::ImportOptions::default();
        if let Some(p) = &self.preset {
            options.preset = p.parse::<Preset>().map_err(|e| Failure::BadInput(format!("--preset: {e}")))?;
        }
        if let Some(link) = &self.link {
            let bad =
                || Failure::BadInput(format!("--link: expected BANDWIDTH,LATENCY (e.g. 50GB/s,10us), got {link}"));
            let (bandwidth, latency) = link.split_once(',').ok_or_else(bad)?;
            let bandwidth: BytesPerSecond = bandwidth.trim().parse().map_err(|_| bad())?;
            let latency: Seconds = latency.trim().parse().map_err(|_| bad())?;
            options.link = Some(LinkSpec { bandwidth, latency });
        }
        Ok(options)
    }

    /// Whether either flag was given.
    pub fn given(&self) -> bool {
        self.preset.is_some() || self.link.is_some()
    }
}

/// The source of `path` if it is a partitioned MPMD module.
pub fn source(path: &Path) -> Option<String> {
    if path.extension().is_none_or(|e| e != "mlir") {
        return None;
    }
    let source = std::fs::read_to_string(path).ok()?;
    autoshard::is_partitioned_mpmd(&source).then_some(source)
}

fn import(shown: &str, source: &str, hardware: &HardwareArgs) -> Result<autoshard::ImportedPipeline, Failure> {
    autoshard::import_mpmd(shown, source, &hardware.options()?)
        .map_err(|e| Failure::BadInput(format!("{shown}: error: {e}")))
}

/// `cost FILE.mlir` of a partitioned module: the report (or JSON) of the pipeline
/// its order states; `svg` also gets its timeline.
pub fn cost(
    shown: &str,
    source: &str,
    hardware: &HardwareArgs,
    format: Format,
    svg: Option<&PathBuf>,
) -> Result<(), Failure> {
    let pipeline = import(shown, source, hardware)?;
    if let Some(path) = svg {
        write_svg(path, &pipeline)?;
    }
    match format {
        Format::Text => print!("{}", autoshard::view::pipeline::render_imported(&pipeline)),
        Format::Json => println!("{}", pretty(&to_json(&pipeline))?),
    }
    Ok(())
}

/// `run FILE.mlir` of a partitioned module: runs it on the CPU mesh
/// (`autoshard::run_mpmd`) and checks it against its fragments inlined; prints the
/// predicted pipeline, the step as it ran and the verdict (or JSON: `cost`'s, with the
/// measured step, bubble and fragments and `verification`). Exit 1 on a mismatch.
pub fn run(shown: &str, source: &str, hardware: &HardwareArgs, seed: u64, format: Format) -> Result<(), Failure> {
    let pipeline = import(shown, source, hardware)?;
    let check = autoshard::run_mpmd(&pipeline, seed).map_err(|e| Failure::Failed(format!("{shown}: error: {e}")))?;
    match format {
        Format::Text => {
            let mut out = autoshard::view::pipeline::render_imported(&pipeline);
            let measured = super::run::measured_timeline(&check, pipeline.timeline.meshes);
            out += &super::run::measured_rows(&check, &measured, &pipeline.mesh_names());
            out += &super::run::fragments_and_verdict(&check);
            print!("{out}");
        }
        Format::Json => {
            let mut json = to_json(&pipeline);
            json["measured_step_s"] = json!(check.run.wall.as_secs_f64());
            json["measured_bubble"] = json!(check.run.bubble(pipeline.timeline.meshes as usize));
            json["measured_fragments"] = json!(super::run::fragments_json(&check));
            json["verification"] = super::run::verification_json(&check.verification);
            println!("{}", pretty(&json)?);
        }
    }
    let v = &check.verification;
    if v.passed {
        return Ok(());
    }
    Err(Failure::Failed(format!(
        "{shown}: error: the partitioned run differs from the reference (tolerance {:.1e}):\n  {}",
        v.tolerance,
        super::run::mismatches(v).join("\n  ")
    )))
}

/// `solve FILE.mlir` of a partitioned module: re-plans it (`autoshard::replan_mpmd`)
/// and prints what changed and the predicted step before and after, or (`mlir`) the
/// module written. `solve` is `--free-assignment` and `--time-limit`.
pub fn solve(
    shown: &str,
    source: &str,
    hardware: &HardwareArgs,
    solve: (bool, Option<f64>),
    mlir: bool,
) -> Result<(), Failure> {
    let (free, time_limit) = solve;
    let options = autoshard::ReplanOptions { import: hardware.options()?, free_assignment: free, time_limit };
    let r = autoshard::replan_mpmd(shown, source, &options).map_err(|e| super::solve::solve_failure(shown, e))?;
    if mlir {
        print!("{}", r.module);
        return Ok(());
    }
    print!("{}", autoshard::view::pipeline::render_replanned(&r, free));
    Ok(())
}

fn write_svg(path: &Path, pipeline: &autoshard::ImportedPipeline) -> Result<(), Failure> {
    let schedule = pipeline.schedule.map_or_else(|| "the module's own".to_string(), |s| s.to_string());
    let title = format!(
        "{}: {schedule} order, {} microbatches, step {} (bubble {:.1}%)",
        pipeline.name,
        pipeline.microbatches,
        pipeline.step(),
        100.0 * pipeline.bubble()
    );
    let svg = crate::view::timeline::render_timeline(&title, &pipeline.timeline, &pipeline.mesh_names());
    std::fs::write(path, svg).map_err(|e| Failure::BadInput(format!("{}: error: cannot write: {e}", path.display())))
}

fn pretty(json: &Value) -> Result<String, Failure> {
    serde_json::to_string_pretty(json).map_err(|e| Failure::BadInput(e.to_string()))
}

/// The pipeline as JSON: stages, transfers, the step, the bubble, peak memory.
pub fn to_json(pipeline: &autoshard::ImportedPipeline) -> Value {
    let names = pipeline.mesh_names();
    let stages: Vec<Value> = pipeline
        .stages
        .iter()
        .enumerate()
        .map(|(k, s)| {
            json!({"stage": k, "mesh": names[s.mesh], "units": s.units, "forward_s": s.cost.forward.0, "backward_s": s.cost.backward.0, "update_s": s.cost.update.0})
        })
        .collect();
    let transfers: Vec<Value> = pipeline
        .transfers
        .iter()
        .map(|t| json!({"value": t.value, "from": names[t.from], "to": names[t.to], "bytes": t.bytes.0, "time_s": t.time.0}))
        .collect();
    let peak: serde_json::Map<String, Value> =
        names.iter().zip(&pipeline.peak_memory).map(|(n, b)| (n.clone(), json!(b.0))).collect();
    json!({
        "module": pipeline.name,
        "schedule": pipeline.schedule.map(|s| s.to_string()),
        "microbatches": pipeline.microbatches,
        "fragments": pipeline.fragments.len(),
        "stages": stages,
        "transfers": transfers,
        "hops_s": pipeline.hops.iter().map(|h| h.0).collect::<Vec<_>>(),
        "predicted_step_s": pipeline.step().0,
        "predicted_bubble": pipeline.bubble(),
        "peak_memory_bytes": peak,
    })
}
