//! The report of a pipeline plan: the stages (units, mesh, predicted times, memory),
//! each mesh's plan of its parameters, the transfers between stages, the schedule
//! as a timeline (one row per mesh, time left to right, a microbatch's number in
//! each cell it runs in) and how the plan compares with the pure-SPMD plan.
//!
//! ```text
//! timeline  (1f1b, 8 microbatches; digits: forward of that microbatch, letters
//!            a-j: backward of microbatch 0-9, U: update, .: idle)
//!   stage0  0011223344..aa55bb66cc77dd..ee..ff..gg..hhUU
//! ```

use crate::Config;
use crate::model::Seconds;
use crate::model::pipeline::TaskKind;
use crate::solver::pipeline::PipelinePlan;
use autoshard_cost::Timeline;
use std::fmt::Write as _;

/// Columns of the timeline.
const WIDTH: usize = 96;

/// The whole report of `plan` for `config`.
pub fn render(config: &Config, plan: &PipelinePlan) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "pipeline  {}: {} stage(s), {} schedule, {} microbatches",
        config.name,
        plan.stages.len(),
        plan.schedule,
        plan.microbatches
    );
    out += &stages(config, plan);
    out += &parameters(config, plan);
    out += &transfers(plan);
    out += &timeline(config, plan);
    out += &summary(plan);
    out
}

fn stages(config: &Config, plan: &PipelinePlan) -> String {
    let Some(pipeline) = &config.pipeline else { return String::new() };
    let mut out = String::from("\nstages\n");
    let _ = writeln!(
        out,
        "  {:<6} {:<10} {:<24} {:>11} {:>11} {:>11} {:>11} {:>11}",
        "stage", "mesh", "units", "forward", "backward", "update", "kept", "per mb"
    );
    for s in &plan.stages {
        let mesh = pipeline.topology.mesh(s.mesh);
        let units = &pipeline.chain.units[s.first..s.end];
        let units = if units.len() > 3 {
            format!("{}..{} ({})", units[0], units[units.len() - 1], units.len())
        } else {
            units.join(", ")
        };
        let c = s.solved.cost;
        let _ = writeln!(
            out,
            "  {:<6} {:<10} {:<24} {:>11} {:>11} {:>11} {:>11} {:>11}",
            s.index,
            mesh.name,
            units,
            c.forward.to_string(),
            c.backward.to_string(),
            c.update.to_string(),
            s.solved.persistent.to_string(),
            s.solved.stash.to_string()
        );
    }
    out += "  (times per microbatch but the update's; kept: parameters and accumulators per device; per mb: what one microbatch keeps for its backward)\n";
    out
}

fn parameters(config: &Config, plan: &PipelinePlan) -> String {
    let Some(pipeline) = &config.pipeline else { return String::new() };
    let mut out = String::from("\nper-mesh plans  (parameters each stage holds)\n");
    for s in &plan.stages {
        let mesh = pipeline.topology.mesh(s.mesh);
        let _ = writeln!(out, "  stage {} on {} {}", s.index, mesh.name, mesh.mesh);
        let program = &s.solved.program;
        for input in program.inputs().iter().filter(|i| i.parameter) {
            let v = program.value(input.value);
            if let Some(sharding) = s.solved.solution.plan.value(&v.name) {
                let _ = writeln!(out, "    {:<12} {:<32} {}", v.name, sharding.stripped().to_string(), v.ty);
            }
        }
    }
    out
}

fn transfers(plan: &PipelinePlan) -> String {
    if plan.transfers.is_empty() {
        return String::new();
    }
    let mut out = String::from("\ntransfers  (per microbatch, between consecutive stages)\n");
    for (k, t) in plan.transfers.iter().enumerate() {
        let list = |names: &[String]| {
            if names.len() > 3 { format!("{}, ... ({})", names[..3].join(", "), names.len()) } else { names.join(", ") }
        };
        let _ = writeln!(
            out,
            "  {k} -> {}  {} ({})   {} <- {}  {} ({})   {} each way",
            k + 1,
            list(&t.forward),
            t.bytes[0],
            k,
            k + 1,
            list(&t.backward),
            t.bytes[1],
            t.time
        );
    }
    out
}

/// Per boundary between stages `k` and `k + 1`: the median time from the end of
/// the sender's task to the start of the receiver's, forward and backward, over the
/// microbatches (the transfer and any wait for the receiver).
pub fn handovers(timeline: &Timeline, stages: usize) -> Vec<(Seconds, Seconds)> {
    let find = |stage: usize, kind: TaskKind, mb: u32| {
        timeline.tasks.iter().find(|t| {
            t.task.stage as usize == stage && t.task.kind == kind && t.task.microbatch == mb && t.end.0 > t.start.0
        })
    };
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        Seconds(v.get(v.len() / 2).copied().unwrap_or(0.0))
    };
    let microbatches = timeline.tasks.iter().map(|t| t.task.microbatch + 1).max().unwrap_or(0);
    (0..stages.saturating_sub(1))
        .map(|k| {
            let (mut forward, mut backward) = (Vec::new(), Vec::new());
            for mb in 0..microbatches {
                if let (Some(a), Some(b)) = (find(k, TaskKind::Forward, mb), find(k + 1, TaskKind::Forward, mb)) {
                    forward.push((b.start.0 - a.end.0).max(0.0));
                }
                let sender = find(k + 1, TaskKind::Backward, mb).or_else(|| find(k + 1, TaskKind::Forward, mb));
                if let (Some(a), Some(b)) = (sender, find(k, TaskKind::Backward, mb)) {
                    backward.push((b.start.0 - a.end.0).max(0.0));
                }
            }
            (median(forward), median(backward))
        })
        .collect()
}

fn timeline(config: &Config, plan: &PipelinePlan) -> String {
    let names: Vec<String> = match &config.pipeline {
        Some(p) => p.topology.meshes().iter().map(|m| m.name.clone()).collect(),
        None => Vec::new(),
    };
    let mut out = format!(
        "\ntimeline  ({}, {} microbatches, step {}; digits: forward of microbatch n mod 10, letters a-j: its backward, U: update, .: idle)\n",
        plan.schedule,
        plan.microbatches,
        plan.step()
    );
    out += &rows(&plan.timeline, &names);
    out
}

/// The rows of a timeline, one per mesh, named by `names` (or `mesh N`).
pub fn rows(timeline: &Timeline, names: &[String]) -> String {
    let mut out = String::new();
    let step = timeline.step.0.max(1e-30);
    let name_w = names.iter().map(String::len).max().unwrap_or(6).max(6);
    for mesh in 0..timeline.meshes {
        let mut row = vec!['.'; WIDTH];
        for t in timeline.tasks.iter().filter(|t| t.mesh == mesh && t.end.0 > t.start.0) {
            let from = ((t.start.0 / step) * WIDTH as f64).round() as usize;
            let to = (((t.end.0 / step) * WIDTH as f64).round() as usize).max(from + 1).min(WIDTH);
            let c = match t.task.kind {
                TaskKind::Forward => char::from(b'0' + (t.task.microbatch % 10) as u8),
                TaskKind::Backward => char::from(b'a' + (t.task.microbatch % 10) as u8),
                TaskKind::Update => 'U',
            };
            for cell in row.iter_mut().take(to).skip(from.min(WIDTH - 1)) {
                *cell = c;
            }
        }
        let name = names.get(mesh as usize).cloned().unwrap_or_else(|| format!("mesh {mesh}"));
        let _ = writeln!(out, "  {name:<name_w$}  {}", row.iter().collect::<String>());
    }
    let _ = writeln!(out, "  {:<name_w$}  0{:>w$}", "", Seconds(timeline.step.0).to_string(), w = WIDTH - 1);
    out
}

fn summary(plan: &PipelinePlan) -> String {
    let mut out = String::from("\nsummary\n");
    let _ = writeln!(out, "  step          {} (bubble {:.1}%)", plan.step(), 100.0 * plan.timeline.bubble());
    let _ = writeln!(out, "  bound         {} (gap {:.2}%)", plan.bound, 100.0 * plan.gap());
    match &plan.spmd {
        Some(spmd) => {
            let t = spmd.plan.objective.total_s;
            let ratio = t.0 / plan.step().0.max(1e-30);
            let verdict = if ratio >= 1.0 { "the pipeline is faster" } else { "pure SPMD is faster" };
            let _ = writeln!(out, "  pure SPMD     {t} on all devices: {ratio:.2}x the pipeline's step ({verdict})");
        }
        None => out += "  pure SPMD     not solved\n",
    }
    out += "  searched      (estimate: units solved alone; best: proven the least estimate of its shape, \
            else every split estimates at least the bound)\n";
    for c in &plan.candidates {
        let step = c.step.map_or_else(|| "-".to_string(), |s| s.to_string());
        let proof = match c.bound.0 >= c.estimate.0 * (1.0 - 1e-9) {
            true => "best".to_string(),
            false => format!(">= {}", c.bound),
        };
        let _ = writeln!(
            out,
            "    {:<9} {} mesh(es) x {} round(s)  split {:?}  estimate {} ({proof})  solved {}",
            c.shape.schedule.to_string(),
            c.shape.meshes,
            c.shape.rounds,
            c.bounds,
            c.estimate,
            step
        );
    }
    let _ = writeln!(out, "  solve time    {}", plan.solve_time);
    out
}

/// The report of a partitioned MPMD module read as a pipeline
/// ([`crate::import_mpmd`]): its stages with their fragments' predicted times, its
/// transfers, the timeline of the order the module states, each mesh's peak memory,
/// the step and the bubble.
pub fn render_imported(pipeline: &crate::ImportedPipeline) -> String {
    let names = pipeline.mesh_names();
    let mesh = |m: usize| names.get(m).cloned().unwrap_or_else(|| format!("mesh {m}"));
    let schedule = pipeline.schedule.map_or_else(|| "the module's own".to_string(), |s| s.to_string());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "pipeline  {} (partitioned module): {} stage(s) on {} mesh(es), {} fragment(s), {} transfer(s), {} microbatch(es), {schedule} order",
        pipeline.name,
        pipeline.stages.len(),
        names.len(),
        pipeline.fragments.len(),
        pipeline.transfers.len(),
        pipeline.microbatches
    );
    out += "\nstages  (predicted time of one task: forward and backward per microbatch, the update once per step)\n";
    let _ = writeln!(
        out,
        "  {:<5}  {:<10} {:<28} {:>11} {:>11} {:>11}",
        "stage", "mesh", "units", "forward", "backward", "update"
    );
    for (k, s) in pipeline.stages.iter().enumerate() {
        let units = if s.units.len() > 3 {
            format!("{}..{} ({})", s.units[0], s.units[s.units.len() - 1], s.units.len())
        } else {
            s.units.join(", ")
        };
        let _ = writeln!(
            out,
            "  {k:<5}  {:<10} {units:<28} {:>11} {:>11} {:>11}",
            mesh(s.mesh),
            s.cost.forward.to_string(),
            s.cost.backward.to_string(),
            s.cost.update.to_string()
        );
    }
    out += "\nfragments  (distinct programs, priced under the module's shardings)\n";
    for (i, p) in pipeline.programs.iter().enumerate() {
        let runs = pipeline.fragments.iter().filter(|f| f.program == i).count();
        let o = &p.solution.plan.objective;
        let _ = writeln!(
            out,
            "  {:<28} on {:<10} {:>11} (compute {}, communication {}), peak {} per device, {} call(s)",
            p.name,
            mesh(p.mesh),
            o.total_s.to_string(),
            o.compute_s,
            o.communication_s,
            o.peak_memory_bytes,
            runs
        );
    }
    out += "\ntransfers\n";
    if pipeline.transfers.is_empty() {
        out += "  none\n";
    }
    for t in &pipeline.transfers {
        let sharding = |s: &Option<crate::model::TensorSharding>| s.as_ref().map_or("-".to_string(), |s| s.to_string());
        let between = match t.between {
            [Some(a), Some(b)] => format!("  {a} -> {b}"),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  {:<12} {} -> {}  {} ({} -> {})  {}{between}",
            t.value,
            mesh(t.from),
            mesh(t.to),
            t.bytes,
            sharding(&t.shardings[0]),
            sharding(&t.shardings[1]),
            t.time
        );
    }
    let _ = writeln!(
        out,
        "\ntimeline  ({schedule} order, {} microbatches, step {}; digits: forward of microbatch n mod 10, letters a-j: its backward, U: update, .: idle)",
        pipeline.microbatches,
        pipeline.step()
    );
    out += &rows(&pipeline.timeline, &names);
    out += "\nsummary\n";
    let _ = writeln!(out, "  step          {} (bubble {:.1}%)", pipeline.step(), 100.0 * pipeline.bubble());
    let hops: Vec<String> = pipeline.hops.iter().map(ToString::to_string).collect();
    if !hops.is_empty() {
        let _ = writeln!(out, "  hops          {}  (one microbatch's transfers across each boundary)", hops.join(", "));
    }
    for (m, peak) in pipeline.peak_memory.iter().enumerate() {
        let _ = writeln!(out, "  peak memory   {:<10} {peak} per device", mesh(m));
    }
    out
}

/// The text report of a re-plan (`autoshard solve FILE.mlir`, Python's
/// `ReplannedModule.report()`): the plan's stages with their meshes and changed
/// shardings, then the schedule, transfers and step before → after; `free` says
/// whether the assignment was left to the solver.
pub fn render_replanned(r: &crate::Replanned, free: bool) -> String {
    use std::fmt::Write as _;
    let names = r.before.mesh_names();
    let mesh = |m: usize| names.get(m).cloned().unwrap_or_else(|| m.to_string());
    let schedule =
        |s: Option<autoshard_model::pipeline::Schedule>| s.map_or("the module's own".into(), |s| s.to_string());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "re-planned  {}: {} stage(s), {} microbatch(es), assignment {}",
        r.before.name,
        r.before.stages.len(),
        r.before.microbatches,
        if free { "free" } else { "kept" }
    );
    let _ = writeln!(out, "\nplan  (the pipeline solver's; schedule {}, step {})", r.plan.schedule, r.plan.step());
    let _ = writeln!(out, "  stage  units                            mesh before -> after   shardings changed");
    let changes = r.stage_changes();
    if r.kept {
        let _ = writeln!(
            out,
            "  its module, read back, predicts {} (no shorter than the given module's): the module is kept",
            r.planned_step
        );
    } else {
        for (k, c) in changes.iter().enumerate() {
            let before = c.mesh_before.map_or("-".into(), mesh);
            let _ = writeln!(
                out,
                "  {k:<5}  {:<32} {:>11} -> {:<8} {} of {}",
                c.units,
                before,
                mesh(c.mesh_after),
                c.shardings_changed,
                c.shardings
            );
        }
    }
    let bytes = |p: &crate::ImportedPipeline| p.transfers.iter().map(|t| t.bytes.0).sum::<u64>();
    let _ = writeln!(out, "\nchanges");
    let _ = writeln!(out, "  schedule   {} -> {}", schedule(r.before.schedule), schedule(r.after.schedule));
    let _ = writeln!(
        out,
        "  transfers  {} ({}B) -> {} ({}B) per step",
        r.before.transfers.len(),
        bytes(&r.before),
        r.after.transfers.len(),
        bytes(&r.after)
    );
    let (b, a) = (r.before.step(), r.after.step());
    let _ = writeln!(
        out,
        "  step       {b} -> {a} ({:+.1}%), bubble {:.1}% -> {:.1}%",
        100.0 * (a.0 - b.0) / b.0,
        100.0 * r.before.bubble(),
        100.0 * r.after.bubble()
    );
    out
}
