//! `autoshard run FILE [--plan PLAN.json] [--seed N] [--format text|json] [--force]`:
//! solves (or loads the plan), says what memory the run will take on this host,
//! runs the sharded program on the CPU mesh and the reference on the same seeded
//! inputs, and compares every output (docs/spec.md §7). Exit 1 on a mismatch (naming
//! the output and the element), 2 on an invalid plan or a run that cannot fit in
//! the available memory (unless `--force`), which never run. JSON has
//! `verification.{passed, max_abs_error, max_rel_error}`, the memory estimate and,
//! per op and per collective, device time (the executor's device clock; for a
//! collective, with the part spent waiting for the slowest device), wall time, bytes
//! moved and the predicted time.

use super::{ConfigArgs, Failure, Format};
use autoshard::executor::{EventKind, MemoryEstimate};
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
}

/// Runs `run`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let config = args.config.load()?;
    let shown = args.config.shown();
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
    let memory = Memory::of(args, &config, &solution);
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

/// How a run's memory estimate compares with the memory this host has available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fit {
    /// No available memory to compare with (not Linux).
    Unknown,
    /// At most [`NEAR`] of the available memory.
    Fits,
    /// More than [`NEAR`] of it, at most all of it: it runs, with little to spare.
    Near,
    /// More than the available memory: refused unless `--force`.
    Exceeds,
}

/// The fraction of the available memory beyond which a run comes near it.
const NEAR: f64 = 0.8;

/// The fraction of the available memory a suggested `--size` run aims at.
const SUGGESTED: f64 = 0.5;

impl Fit {
    fn judge(total: Bytes, available: Option<Bytes>) -> Fit {
        match available {
            None => Fit::Unknown,
            Some(a) if total > a => Fit::Exceeds,
            Some(a) if total.0 as f64 > NEAR * a.0 as f64 => Fit::Near,
            Some(_) => Fit::Fits,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Fit::Unknown => "unknown",
            Fit::Fits => "fits",
            Fit::Near => "near",
            Fit::Exceeds => "exceeds",
        }
    }
}

/// What a run will take in memory on this host, judged against what it has
/// available, with the sizes that would fit where it comes near.
#[derive(Debug)]
struct Memory {
    estimate: MemoryEstimate,
    available: Option<Bytes>,
    fit: Fit,
    /// Where the run comes near or exceeds the available memory: smaller sizes
    /// (`--size` overrides) whose run takes at most [`SUGGESTED`] of it, and their
    /// estimate; `None` when no smaller sizes do (or the config has none).
    suggestion: Option<(Vec<(String, i64)>, Bytes)>,
}

impl Memory {
    /// The memory of running `solution` of `config` (`None` when its plan does not
    /// schedule: the run then fails as the plan's error says).
    fn of(args: &Args, config: &autoshard::Config, solution: &autoshard::Solution) -> Option<Memory> {
        let estimate = estimate(config, solution)?;
        let available = available_memory();
        let fit = Fit::judge(estimate.total(), available);
        let suggestion = match (fit, available) {
            (Fit::Near | Fit::Exceeds, Some(a)) => {
                suggest(args, config, solution, Bytes((SUGGESTED * a.0 as f64) as u64))
            }
            _ => None,
        };
        Some(Memory { estimate, available, fit, suggestion })
    }

    /// One line, and where the run comes near or exceeds the available memory,
    /// what to do.
    fn describe(&self) -> String {
        let e = &self.estimate;
        let mut out = format!(
            "memory: this run takes about {}: inputs {}, the reference run {} at most, then the sharded run ({} device{} x {}, outputs {}) beside the {} the reference keeps",
            e.total(),
            e.inputs,
            e.reference,
            e.devices,
            if e.devices == 1 { "" } else { "s" },
            e.device_working,
            e.outputs,
            e.reference_kept
        );
        let smaller = match &self.suggestion {
            Some((sizes, total)) => {
                let flags: Vec<String> = sizes.iter().map(|(n, v)| format!("--size {n}={v}")).collect();
                format!("{} (about {total})", flags.join(" "))
            }
            None => "smaller sizes (no --size of this config brings it under half of that)".to_string(),
        };
        match (self.fit, self.available) {
            (Fit::Unknown, _) | (_, None) => out += "; the available memory is unknown on this system",
            (Fit::Fits, Some(a)) => out += &format!("; {a} available"),
            (Fit::Near, Some(a)) => out += &format!("; {a} available, which it comes near: to run smaller, {smaller}"),
            (Fit::Exceeds, Some(a)) => {
                out += &format!("; only {a} is available: run it smaller with {smaller}, or pass --force to run anyway")
            }
        }
        out
    }

    fn to_json(&self) -> Value {
        let e = &self.estimate;
        let suggestion = self.suggestion.as_ref().map(|(sizes, total)| {
            let sizes: serde_json::Map<String, Value> = sizes.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
            json!({"sizes": sizes, "total_bytes": total.0})
        });
        json!({
            "total_bytes": e.total().0,
            "inputs_bytes": e.inputs.0,
            "reference_bytes": e.reference.0,
            "reference_kept_bytes": e.reference_kept.0,
            "sharded_bytes": e.sharded().0,
            "devices": e.devices,
            "device_bytes": e.device_working.0,
            "device_blocks_bytes": e.device_blocks.0,
            "outputs_bytes": e.outputs.0,
            "available_bytes": self.available.map(|a| a.0),
            "fit": self.fit.name(),
            "suggestion": suggestion,
        })
    }
}

/// The memory estimate of running `solution` of `config` (`None` when its plan does
/// not schedule).
fn estimate(config: &autoshard::Config, solution: &autoshard::Solution) -> Option<MemoryEstimate> {
    let planner = autoshard::CostPlanner::new(config);
    let scheduled = autoshard::executor::schedule(&config.program, &solution.decisions, &planner).ok()?;
    Some(autoshard::executor::estimate_memory(&config.program, &scheduled))
}

/// `--size` overrides of `config`'s sizes whose run of `solution`'s plan takes at
/// most `target`, and its estimate. The sizes shrunk are those its `ci_sizes:`
/// names (the config's own knobs), never below their CI values; with no
/// `ci_sizes:`, every size, down to 1. The user's own `--size` overrides stay.
fn suggest(
    args: &Args,
    config: &autoshard::Config,
    solution: &autoshard::Solution,
    target: Bytes,
) -> Option<(Vec<(String, i64)>, Bytes)> {
    let current = |name: &str| config.sizes.iter().find(|(n, _)| n == name).map(|&(_, v)| v);
    let knobs: Vec<(String, i64, i64)> = if config.ci_sizes.is_empty() {
        config.sizes.iter().map(|(n, v)| (n.clone(), *v, 1)).collect()
    } else {
        config.ci_sizes.iter().filter_map(|(n, floor)| Some((n.clone(), current(n)?, *floor))).collect()
    };
    shrink(&knobs, target, |sizes| {
        let overrides: Vec<(String, i64)> = args.config.sizes.iter().chain(sizes).cloned().collect();
        let resized = super::load(&args.config.file, &overrides).ok()?;
        estimate(&resized, solution).map(|e| e.total())
    })
}

/// Halves, one at a time, the knob (name, value, floor) whose halving lowers
/// `estimate` the most, until `estimate` is at most `target`: the knobs changed,
/// with their new values, and the estimate; `None` if every knob reaches its floor
/// first.
fn shrink(
    knobs: &[(String, i64, i64)],
    target: Bytes,
    estimate: impl Fn(&[(String, i64)]) -> Option<Bytes>,
) -> Option<(Vec<(String, i64)>, Bytes)> {
    let mut values: Vec<(String, i64)> = knobs.iter().map(|(n, v, _)| (n.clone(), *v)).collect();
    loop {
        let mut best: Option<(usize, i64, Bytes)> = None;
        for (k, (_, _, floor)) in knobs.iter().enumerate() {
            let next = (values[k].1 / 2).max(*floor);
            if next >= values[k].1 {
                continue;
            }
            let mut trial = values.clone();
            trial[k].1 = next;
            if let Some(total) = estimate(&trial)
                && best.is_none_or(|(_, _, b)| total < b)
            {
                best = Some((k, next, total));
            }
        }
        let (k, next, total) = best?;
        values[k].1 = next;
        if total <= target {
            let changed = values.iter().zip(knobs).filter(|((_, v), (_, was, _))| v != was).map(|(x, _)| x.clone());
            return Some((changed.collect(), total));
        }
    }
}

/// The memory this host has available for a new process (Linux's `MemAvailable`);
/// `None` elsewhere.
fn available_memory() -> Option<Bytes> {
    parse_meminfo(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// `MemAvailable` of a `/proc/meminfo` text (in kB, which the kernel means as KiB).
fn parse_meminfo(text: &str) -> Option<Bytes> {
    let line = text.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let mut words = line.split_whitespace();
    let kib: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then(|| Bytes(kib.saturating_mul(1024)))
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
    use autoshard::model::Seconds;
    let mut out = autoshard::view::pipeline::render(config, plan);
    let meshes = plan.timeline.meshes as usize;
    let measured = autoshard::cost::Timeline {
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
        meshes: plan.timeline.meshes,
    };
    let names: Vec<String> = config
        .pipeline
        .as_ref()
        .map(|p| p.topology.meshes().iter().map(|m| m.name.clone()).collect())
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "\nmeasured on the CPU mesh  (step {}, bubble {:.1}%)",
        measured.step,
        100.0 * check.run.bubble(meshes)
    );
    out += &autoshard::view::pipeline::rows(&measured, &names);
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
    let fragments: Vec<Value> = check
        .fragments
        .iter()
        .map(|f| json!({"stage": f.stage, "kind": format!("{:?}", f.kind), "predicted_s": f.predicted.0, "measured_s": f.measured.0, "runs": f.runs}))
        .collect();
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
        "verification": {"passed": v.passed, "max_abs_error": v.max_abs_error, "max_rel_error": v.max_rel_error, "tolerance": v.tolerance},
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_available_memory_of_proc_meminfo() {
        let text = "MemTotal:       24576000 kB\nMemFree:        18000000 kB\nMemAvailable:   22876540 kB\n";
        assert_eq!(parse_meminfo(text), Some(Bytes(22_876_540 * 1024)));
        assert_eq!(parse_meminfo("MemTotal: 1 kB\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: many kB\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: 12 MB\n"), None, "a unit the kernel does not write");
    }

    #[test]
    fn suggests_sizes_of_the_config_that_bring_a_full_size_run_under_the_target() {
        #[derive(clap::Parser)]
        struct Command {
            #[command(flatten)]
            args: Args,
        }
        let args = <Command as clap::Parser>::parse_from(["run", "../configs/mlp.yaml"]).args;
        let config = args.config.load().unwrap_or_else(|_| panic!("configs/mlp.yaml loads"));
        let solution = autoshard::solve(&config).unwrap_or_else(|e| panic!("{e}"));
        let full = estimate(&config, &solution).unwrap().total();
        let target = Bytes(1 << 30);
        assert!(full > Bytes(4 * target.0), "{full}");
        let (sizes, total) = suggest(&args, &config, &solution, target).unwrap();
        assert!(total <= target, "{total}");
        // Only the config's knobs (its ci_sizes: tokens, d_model), never below them.
        for (name, value) in &sizes {
            let floor = config.ci_sizes.iter().find(|(n, _)| n == name).map(|&(_, v)| v);
            assert!(floor.is_some_and(|f| *value >= f), "{name}={value}");
        }
        // The estimate is that of the config loaded with them.
        let smaller = super::super::load(&args.config.file, &sizes).unwrap_or_else(|_| panic!("{sizes:?} load"));
        assert_eq!(estimate(&smaller, &solution).map(|e| e.total()), Some(total));
        // Nothing to shrink below the config's CI sizes.
        assert_eq!(suggest(&args, &config, &solution, Bytes(1)), None);
    }

    #[test]
    fn describes_the_fit_and_what_to_do() {
        let estimate = MemoryEstimate {
            inputs: Bytes(1 << 30),
            reference: Bytes(2 << 30),
            reference_kept: Bytes(1 << 30),
            devices: 8,
            device_blocks: Bytes(256 << 20),
            device_working: Bytes(512 << 20),
            outputs: Bytes(1 << 30),
        };
        let sizes = vec![("tokens".to_string(), 1024)];
        let memory = |available: Option<u64>, suggestion: Option<(Vec<(String, i64)>, Bytes)>| {
            let available = available.map(|a| Bytes(a << 30));
            Memory { estimate, available, fit: Fit::judge(estimate.total(), available), suggestion }
        };
        let fits = memory(Some(64), None).describe();
        assert_eq!(
            fits,
            "memory: this run takes about 7GiB: inputs 1GiB, the reference run 2GiB at most, then the sharded run (8 devices x 512MiB, outputs 1GiB) beside the 1GiB the reference keeps; 64GiB available"
        );
        let near = memory(Some(8), Some((sizes.clone(), Bytes(3 << 30)))).describe();
        assert!(
            near.ends_with("8GiB available, which it comes near: to run smaller, --size tokens=1024 (about 3GiB)"),
            "{near}"
        );
        let exceeds = memory(Some(4), Some((sizes, Bytes(1 << 30))));
        assert_eq!(exceeds.fit, Fit::Exceeds);
        assert!(exceeds.describe().ends_with("only 4GiB is available: run it smaller with --size tokens=1024 (about 1GiB), or pass --force to run anyway"), "{}", exceeds.describe());
        let json = exceeds.to_json();
        assert_eq!((json["total_bytes"].as_u64(), json["fit"].as_str()), (Some(7 << 30), Some("exceeds")));
        assert_eq!(json["suggestion"]["sizes"]["tokens"], 1024);
        let stuck = memory(Some(4), None).describe();
        assert!(stuck.contains("no --size of this config brings it under half of that"), "{stuck}");
        assert!(memory(None, None).describe().ends_with("the available memory is unknown on this system"));
    }

    #[test]
    fn judges_the_estimate_against_the_available_memory() {
        let gib = |n: u64| Bytes(n << 30);
        assert_eq!(Fit::judge(gib(4), Some(gib(10))), Fit::Fits);
        assert_eq!(Fit::judge(gib(8), Some(gib(10))), Fit::Fits);
        assert_eq!(Fit::judge(gib(9), Some(gib(10))), Fit::Near);
        assert_eq!(Fit::judge(gib(10), Some(gib(10))), Fit::Near);
        assert_eq!(Fit::judge(gib(11), Some(gib(10))), Fit::Exceeds);
        assert_eq!(Fit::judge(gib(11), None), Fit::Unknown);
    }

    /// A model of a run's memory: the product of the sizes, in bytes.
    fn product(sizes: &[(String, i64)]) -> Option<Bytes> {
        Some(Bytes(sizes.iter().map(|(_, v)| *v as u64).product()))
    }

    #[test]
    fn shrinks_the_knob_that_saves_most_until_the_run_fits() {
        let knobs = [("tokens".to_string(), 64, 4), ("d_model".to_string(), 16, 4)];
        // 64 x 16 = 1024 bytes; halving tokens saves as much as halving d_model, and
        // the first knob wins ties: 32 x 16, then 16 x 16 = 256.
        assert_eq!(shrink(&knobs, Bytes(300), product), Some((vec![("tokens".to_string(), 16)], Bytes(256))));
        // Below 64 bytes d_model goes too, once tokens is at its floor.
        let (sizes, total) = shrink(&knobs, Bytes(40), product).unwrap();
        assert_eq!((sizes, total), (vec![("tokens".to_string(), 4), ("d_model".to_string(), 8)], Bytes(32)));
        // Every knob at its floor (4 x 4 = 16 bytes) and still too large: no suggestion.
        assert_eq!(shrink(&knobs, Bytes(10), product), None);
        // A knob whose smaller config does not load (no estimate) is not halved.
        let d_model_only = |sizes: &[(String, i64)]| if sizes[0].1 < 64 { None } else { product(sizes) };
        assert_eq!(shrink(&knobs, Bytes(300), d_model_only), Some((vec![("d_model".to_string(), 4)], Bytes(256))));
    }
}
