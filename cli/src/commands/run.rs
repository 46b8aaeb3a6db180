//! `autoshard run FILE [--plan PLAN.json] [--seed N] [--format text|json] [--force]`:
//! solves (or loads the plan), says what memory the run will take on this host,
//! runs the sharded program on the CPU mesh and the reference on the same seeded
//! inputs, and compares every output (docs/spec.md §7). Exit 1 on a mismatch (naming
//! the output and the element), 2 on an invalid plan or a run that cannot fit in
//! the available memory (unless `--force`), which never run. JSON has
//! `verification.{passed, max_abs_error, max_rel_error}`, the memory estimate and,
//! per op and per collective, device time (the executor's device clock; for a
//! collective, with the part spent waiting for the slowest device), wall time, bytes
//! moved and the predicted time. A partitioned MPMD module runs as it is partitioned
//! (`partitioned.rs`); a pipelined config as its solved pipeline.

use super::run_memory::{Fit, Memory};
use super::{ConfigArgs, Failure, Format};
use autoshard::executor::EventKind;
use autoshard::model::Bytes;
use autoshard::{Program, Run, RunError};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    config: ConfigArgs,
    /// A plan (JSON, as `solve --format json` writes it) to run instead of solving.
    #[arg(long)]
    plan: Option<PathBuf>,
    /// A partitioned (SPMD) mesh-dialect program to run against FILE, the global
    /// program it partitions, instead of solving FILE (docs/mesh-dialect.md).
    #[arg(long, conflicts_with = "plan")]
    spmd: Option<PathBuf>,
    /// The seed of the random inputs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Run even when the memory estimate exceeds the memory this machine has
    /// available (otherwise such a run is refused with exit code 2).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    hardware: super::partitioned::HardwareArgs,
}

/// Runs `run`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let shown = args.config.shown();
    if args.config.sizes.is_empty()
        && let Some(source) = super::partitioned::source(&args.config.file)
    {
        if args.plan.is_some() || args.spmd.is_some() {
            return Err(Failure::BadInput(format!(
                "{shown}: error: a partitioned MPMD module runs as it is partitioned; --plan and --spmd do not apply"
            )));
        }
        return super::partitioned::run(&shown, &source, &args.hardware, args.seed, args.format);
    }
    if args.hardware.given() {
        return Err(Failure::BadInput(format!(
            "{shown}: error: --preset and --link price a partitioned MPMD module; a config states its own hardware"
        )));
    }
    let config = args.config.load()?;
    if let Some(path) = &args.spmd {
        return super::spmd::run(&config, &shown, path, args.seed, args.format);
    }
    if config.pipeline.is_some() {
        return pipeline(args, &config, &shown);
    }
    let plan_file = args.plan.as_ref().map_or(shown.clone(), |p| p.display().to_string());
    let invalid = |e: &dyn std::fmt::Display| Failure::BadInput(format!("{plan_file}: error: invalid plan: {e}"));
    let solution = match &args.plan {
        Some(path) => autoshard::price(&config, Some(&super::cost::read_plan(path)?)).map_err(|e| invalid(&e))?,
        None => super::solve::solved(&config, &shown)?,
    };
    // Up front: what the run will take (a plan that does not schedule has none, and
    // fails below as it always has).
    let memory = Memory::of(&args.config, &config, &solution);
    if let Some(memory) = &memory {
        if memory.fit == Fit::Exceeds && !args.force {
            return Err(Failure::BadInput(format!("{shown}: error: {}", memory.describe())));
        }
        if args.format == Format::Text || matches!(memory.fit, Fit::Near | Fit::Exceeds) {
            eprintln!("{}", memory.describe());
        }
    }
    let outcome = autoshard::run(&config, &solution, args.seed).map_err(|e| match e {
        autoshard::Error::Run(RunError::InvalidPlan(e)) => invalid(&e),
        e => Failure::Failed(format!("{shown}: error: {e}")),
    })?;
    match args.format {
        Format::Text => print!("{}", report(&config, &outcome)),
        Format::Json => {
            let mut json = to_json(&config, &outcome);
            json["memory"] = memory.as_ref().map_or(Value::Null, Memory::to_json);
            let json = serde_json::to_string_pretty(&json).map_err(|e| Failure::BadInput(e.to_string()))?;
            println!("{json}");
        }
    }
    let v = &outcome.verification;
    if v.passed {
        return Ok(());
    }
    Err(Failure::Failed(format!(
        "{shown}: error: the sharded run differs from the reference (tolerance {:.1e}):\n  {}",
        v.tolerance,
        mismatches(v).join("\n  ")
    )))
}

/// The outputs of `v` beyond its tolerance, each with its worst element.
pub(super) fn mismatches(v: &autoshard::executor::Verification) -> Vec<String> {
    let worst = v.outputs.iter().filter(|o| o.max_rel_error > v.tolerance).map(|o| match &o.worst {
        Some((index, expected, actual)) => {
            format!(
                "output \"{}\" at {index:?}: expected {expected}, got {actual} (relative error {:.3e})",
                o.name, o.max_rel_error
            )
        }
        None => format!("output \"{}\" has the wrong shape", o.name),
    });
    worst.collect()
}

/// `run` of a pipelined config: plans the pipeline, runs the step across the meshes
/// and checks it; prints the timeline as it ran beside the predicted one, and each
/// fragment's predicted and measured time.
fn pipeline(args: &Args, config: &autoshard::Config, shown: &str) -> Result<(), Failure> {
    if args.plan.is_some() {
        return Err(Failure::BadInput(format!("{shown}: error: --plan takes a plan of one mesh, not a pipeline's")));
    }
    let plan = autoshard::solve_pipeline(config).map_err(|e| super::solve::solve_failure(shown, e))?;
    let check = autoshard::run_pipeline(config, &plan, args.seed)
        .map_err(|e| Failure::Failed(format!("{shown}: error: {e}")))?;
    match args.format {
        Format::Text => print!("{}", pipeline_report(config, &plan, &check)),
        Format::Json => {
            let json = serde_json::to_string_pretty(&pipeline_json(&plan, &check))
                .map_err(|e| Failure::BadInput(e.to_string()))?;
            println!("{json}");
        }
    }
    let v = &check.verification;
    if v.passed {
        Ok(())
    } else {
        Err(Failure::Failed(format!(
            "{shown}: error: the pipelined run differs from the reference (tolerance {:.1e}):\n  {}",
            v.tolerance,
            mismatches(v).join("\n  ")
        )))
    }
}

fn pipeline_report(
    config: &autoshard::Config,
    plan: &autoshard::solver::pipeline::PipelinePlan,
    check: &autoshard::PipelineCheck,
) -> String {
    let mut out = autoshard::view::pipeline::render(config, plan);
    let names: Vec<String> = config
        .pipeline
        .as_ref()
        .map(|p| p.topology.meshes().iter().map(|m| m.name.clone()).collect())
        .unwrap_or_default();
    let measured = measured_timeline(check, plan.timeline.meshes);
    out += &measured_rows(check, &measured, &names);
    if !plan.transfers.is_empty() {
        out += "\nhand-overs  (median from the end of the sender's task to the start of the receiver's: the transfer and any wait)\n";
        let stages = plan.stages.len();
        let predicted = autoshard::view::pipeline::handovers(&plan.timeline, stages);
        let ran = autoshard::view::pipeline::handovers(&measured, stages);
        for (k, ((pf, pb), (mf, mb))) in predicted.iter().zip(&ran).enumerate() {
            let _ = writeln!(
                out,
                "  {k} -> {}  predicted {:>11}  measured {:>11}    {k} <- {}  predicted {:>11}  measured {:>11}",
                k + 1,
                pf.to_string(),
                mf.to_string(),
                k + 1,
                pb.to_string(),
                mb.to_string()
            );
        }
    }
    out += &fragments_and_verdict(check);
    out
}

/// The step as it ran on the CPU mesh, as a timeline of `meshes` meshes.
pub(super) fn measured_timeline(check: &autoshard::PipelineCheck, meshes: u32) -> autoshard::cost::Timeline {
    use autoshard::model::Seconds;
    autoshard::cost::Timeline {
        tasks: check
            .run
            .tasks
            .iter()
            .map(|t| autoshard::cost::TimedTask {
                mesh: t.mesh,
                task: t.task,
                start: Seconds(t.start.as_secs_f64()),
                end: Seconds(t.end.as_secs_f64()),
            })
            .collect(),
        step: Seconds(check.run.wall.as_secs_f64()),
        meshes,
    }
}

/// The measured timeline's heading (step, bubble) and rows, per mesh of `names`.
pub(super) fn measured_rows(
    check: &autoshard::PipelineCheck,
    measured: &autoshard::cost::Timeline,
    names: &[String],
) -> String {
    let mut out = format!(
        "\nmeasured on the CPU mesh  (step {}, bubble {:.1}%)\n",
        measured.step,
        100.0 * check.run.bubble(measured.meshes as usize)
    );
    out += &autoshard::view::pipeline::rows(measured, names);
    out
}

/// Each stage's fragments' predicted and measured times, and the verdict.
pub(super) fn fragments_and_verdict(check: &autoshard::PipelineCheck) -> String {
    let mut out = String::new();
    out += "\nfragments  (predicted and measured mean per run)\n";
    for f in &check.fragments {
        let _ = writeln!(
            out,
            "  stage {} {:<9} predicted {:>11}  measured {:>11}  ({} run{})",
            f.stage,
            format!("{:?}", f.kind),
            f.predicted.to_string(),
            f.measured.to_string(),
            f.runs,
            if f.runs == 1 { "" } else { "s" }
        );
    }
    let v = &check.verification;
    let _ = writeln!(
        out,
        "\nverification: {} (max relative error {:.3e}, tolerance {:.1e}; reference {:.3}s)",
        if v.passed { "passed" } else { "FAILED" },
        v.max_rel_error,
        v.tolerance,
        check.reference_wall.as_secs_f64()
    );
    out
}

fn pipeline_json(plan: &autoshard::solver::pipeline::PipelinePlan, check: &autoshard::PipelineCheck) -> Value {
    let v = &check.verification;
    let fragments = fragments_json(check);
    let stages: Vec<Value> = plan
        .stages
        .iter()
        .map(|s| json!({"stage": s.index, "mesh": s.mesh.0, "first_unit": s.first, "end_unit": s.end}))
        .collect();
    json!({
        "schedule": plan.schedule.to_string(),
        "microbatches": plan.microbatches,
        "stages": stages,
        "predicted_step_s": plan.step().0,
        "predicted_bubble": plan.timeline.bubble(),
        "measured_step_s": check.run.wall.as_secs_f64(),
        "measured_bubble": check.run.bubble(plan.timeline.meshes as usize),
        "fragments": fragments,
        "verification": verification_json(v),
    })
}

/// `fragments` of a pipelined run's JSON: per stage and kind, predicted and measured.
pub(super) fn fragments_json(check: &autoshard::PipelineCheck) -> Vec<Value> {
    check
        .fragments
        .iter()
        .map(|f| json!({"stage": f.stage, "kind": format!("{:?}", f.kind), "predicted_s": f.predicted.0, "measured_s": f.measured.0, "runs": f.runs}))
        .collect()
}

/// `verification` of a pipelined run's JSON.
pub(super) fn verification_json(v: &autoshard::executor::Verification) -> Value {
    json!({"passed": v.passed, "max_abs_error": v.max_abs_error, "max_rel_error": v.max_rel_error, "tolerance": v.tolerance})
}

/// Bytes of `elements` of value `name`'s element type.
fn bytes(config: &autoshard::Config, name: &str, elements: usize) -> u64 {
    let program = &config.program;
    let size = program.value_named(name).map_or(4, |v| program.value(v).ty.dtype.size_bytes());
    elements as u64 * size
}

pub(super) fn to_json(config: &autoshard::Config, run: &Run) -> Value {
    let program = &config.program;
    let runs = Runs::new(program);
    let v = &run.verification;
    let mut ops = Vec::new();
    let mut collectives = Vec::new();
    for e in &run.sharded.events {
        match &e.kind {
            EventKind::Op(id) => {
                let op = program.op(*id);
                ops.push(json!({"name": op.name, "op": op.kind.name(), "device_s": e.time.as_secs_f64(), "wall_s": e.wall.as_secs_f64(), "predicted_s": predicted_compute(&runs, run, &op.name)}));
            }
            EventKind::Collective { collective: c, planned } => collectives.push(json!({
                "kind": c.kind.to_string(),
                "text": c.text.to_string(),
                "value": c.value,
                "op": c.op,
                "planned": planned,
                "bytes": bytes(config, &c.value, e.received),
                "predicted_bytes": c.bytes.0,
                "device_s": e.time.as_secs_f64(),
                "wait_s": e.wait.as_secs_f64(),
                "wall_s": e.wall.as_secs_f64(),
                "predicted_s": c.time_s.0 / runs.of(c.op.as_deref()),
            })),
        }
    }
    let outputs: Vec<Value> = v
        .outputs
        .iter()
        .map(|o| {
            let worst = o.worst.as_ref().map(|(i, e, a)| json!({"index": i, "expected": e, "actual": a}));
            json!({"name": o.name, "max_abs_error": o.max_abs_error, "max_rel_error": o.max_rel_error, "worst": worst})
        })
        .collect();
    json!({
        "program": program.name(),
        "seed": run.seed,
        "devices": program.mesh().total_size(),
        "verification": {
            "passed": v.passed,
            "tolerance": v.tolerance,
            "max_abs_error": v.max_abs_error,
            "max_rel_error": v.max_rel_error,
            "outputs": outputs,
        },
        "predicted": {"total_s": run.plan.objective.total_s.0, "compute_s": run.plan.objective.compute_s.0, "communication_s": run.plan.objective.communication_s.0},
        "device_s": run.sharded.device_time.as_secs_f64(),
        "wall": {"sharded_s": run.sharded_wall.as_secs_f64(), "reference_s": run.reference_wall.as_secs_f64()},
        "peak_device_bytes": run.sharded.peak_bytes.0,
        "ops": ops,
        "collectives": collectives,
    })
}

fn report(config: &autoshard::Config, run: &Run) -> String {
    let program = &config.program;
    let mut out = String::new();
    let v = &run.verification;
    let mesh = program.mesh();
    let _ = writeln!(
        out,
        "{} on {} = {mesh} ({} devices), seed {}",
        program.name(),
        program.mesh_ref(),
        mesh.total_size(),
        run.seed
    );
    let runs = Runs::new(program);
    let w = program.ops().iter().map(|o| o.name.len()).max().unwrap_or(0).max(5);
    let _ = writeln!(out, "\nops\n  {:<w$}  {:<20} {:>12} {:>12} {:>12}", "name", "op", "device", "wall", "predicted");
    for e in &run.sharded.events {
        if let EventKind::Op(id) = e.kind {
            let op = program.op(id);
            let (device, wall) = (seconds(e.time.as_secs_f64()), seconds(e.wall.as_secs_f64()));
            let predicted = seconds(predicted_compute(&runs, run, &op.name));
            let _ = writeln!(out, "  {:<w$}  {:<20} {device:>12} {wall:>12} {predicted:>12}", op.name, op.kind.name());
        }
    }
    let _ = writeln!(out, "\ncollectives");
    let mut any = false;
    for e in &run.sharded.events {
        if let EventKind::Collective { collective: c, planned } = &e.kind {
            if !any {
                let _ = writeln!(
                    out,
                    "  {:<w$}  {:>12} {:>12} {:>12} {:>12} {:>12}  collective",
                    "value", "bytes", "device", "(waiting)", "wall", "predicted"
                );
                any = true;
            }
            let moved = Bytes(bytes(config, &c.value, e.received)).to_string();
            let per_run = c.time_s.0 / runs.of(c.op.as_deref());
            let predicted = if *planned { seconds(per_run) } else { "(executor)".to_string() };
            let (device, wall) = (seconds(e.time.as_secs_f64()), seconds(e.wall.as_secs_f64()));
            let wait = seconds(e.wait.as_secs_f64());
            let _ = writeln!(
                out,
                "  {:<w$}  {moved:>12} {device:>12} {wait:>12} {wall:>12} {predicted:>12}  {}",
                c.value, c.text
            );
        }
    }
    if !any {
        let _ = writeln!(out, "  none");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "peak per device  {}", run.sharded.peak_bytes);
    let _ = writeln!(
        out,
        "wall             sharded {}, reference {}",
        seconds(run.sharded_wall.as_secs_f64()),
        seconds(run.reference_wall.as_secs_f64())
    );
    let _ = writeln!(out, "device time      sharded {}", seconds(run.sharded.device_time.as_secs_f64()));
    let _ = writeln!(out, "predicted        {}", run.plan.objective.total_s);
    let verdict = if v.passed { "passed" } else { "FAILED" };
    let _ = writeln!(
        out,
        "verification     {verdict}: max abs error {:.3e}, max rel error {:.3e} (tolerance {:.1e})",
        v.max_abs_error, v.max_rel_error, v.tolerance
    );
    out
}

/// The compute time the plan predicts for one run of op `name` (the plan's is over
/// all of an op's runs in a loop).
fn predicted_compute(runs: &Runs<'_>, run: &Run, name: &str) -> f64 {
    run.plan.ops.iter().find(|o| o.name == name).map_or(0.0, |o| o.compute_s.0 / runs.of(Some(name)))
}

/// How many times each op of a program runs.
struct Runs<'p> {
    program: &'p Program,
    repeats: Vec<u64>,
}

impl<'p> Runs<'p> {
    fn new(program: &'p Program) -> Self {
        Runs { program, repeats: program.repeats() }
    }

    /// How many times op `name` runs (1 outside loops and for no op).
    fn of(&self, name: Option<&str>) -> f64 {
        let op = name.and_then(|n| self.program.op_named(n));
        op.map_or(1.0, |id| self.repeats[id.index()].max(1) as f64)
    }
}

fn seconds(s: f64) -> String {
    autoshard::model::Seconds(s).to_string()
}
