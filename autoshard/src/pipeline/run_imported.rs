//! Running a partitioned MPMD module on the CPU mesh and checking it: `autoshard run
//! FILE.mlir` of an [`ImportedPipeline`](crate::ImportedPipeline).
//!
//! The module is read unrolled (a fragment per microbatch and task; the import
//! unrolls the calls and loops of its microbatch loop in order), so every
//! fragment of `@main`, and every `mpmd.reduce`, is a step-level task of its own in
//! the executor's pipeline run (`autoshard_executor::run_pipeline`): its values are
//! the reference program's, each made once per step. One thread per mesh runs its
//! fragments and reduces in `@main`'s order; a fragment runs as the SPMD program it
//! is on its mesh's devices, scheduled from its priced plan (`cost::Pricing` on the
//! mesh's hardware, as the import priced it); a transfer is the move of its value to
//! the reading mesh, which places it by the reader's own plan; a reduce is the
//! elementwise op its kind names. The outputs are compared with the reference
//! interpreter's run of the unpartitioned reference (every fragment inlined) on the
//! same seeded inputs. The measured tasks are the fragments', as the module's tasks
//! ([`ImportedFragment::task`](crate::ImportedFragment)); a reduce's time is not a
//! task's (the prediction does not price reduces either).

use super::run::{FragmentTime, PipelineCheck};
use crate::{Error, ImportedPipeline, RunError};
use autoshard_cost::Pricing;
use autoshard_executor::{
    FragmentIo, FragmentRunner, Limits, MeasuredTask, PipelineLayout, Schedule, Tensor, compare_outputs, random_inputs,
};
use autoshard_model::pipeline::{Task, TaskKind};
use autoshard_model::{Program, ReductionKind, Seconds};
use std::time::{Duration, Instant};

/// What one step-level task of the run is.
enum Work<'a> {
    /// A fragment: its program and schedule.
    Fragment(&'a Program, &'a Schedule),
    /// A reduce of its inputs.
    Reduce(Option<ReductionKind>),
}

struct Runner<'a> {
    /// Per task of the run: fragments first, in `@main`'s order, then reduces.
    work: Vec<Work<'a>>,
}

impl FragmentRunner for Runner<'_> {
    fn run(&self, task: usize, _: TaskKind, inputs: Vec<Tensor>) -> autoshard_executor::Result<Vec<Tensor>> {
        match self.work.get(task) {
            Some(Work::Fragment(program, schedule)) => {
                let limits = Limits { timeout: Duration::from_secs(300), cores: None };
                Ok(autoshard_executor::run(program, schedule, &inputs, limits)?.outputs)
            }
            Some(Work::Reduce(kind)) => Ok(vec![reduce(*kind, inputs)?]),
            None => Err(autoshard_executor::Error::Plan(format!("no task {task} in the module"))),
        }
    }
}

/// `inputs` combined elementwise as `kind` says (`None`: the one input).
fn reduce(kind: Option<ReductionKind>, inputs: Vec<Tensor>) -> autoshard_executor::Result<Tensor> {
    let op: fn(f32, f32) -> f32 = match kind {
        None if inputs.len() == 1 => |a, _| a,
        Some(ReductionKind::Sum) => |a, b| a + b,
        Some(ReductionKind::Product) => |a, b| a * b,
        Some(ReductionKind::Max) => f32::max,
        Some(ReductionKind::Min) => f32::min,
        other => return Err(autoshard_executor::Error::Plan(format!("mpmd.reduce of {other:?} does not run"))),
    };
    let mut inputs = inputs.into_iter();
    let mut acc = inputs.next().ok_or_else(|| autoshard_executor::Error::Plan("a reduce of nothing".into()))?;
    for t in inputs {
        if t.shape() != acc.shape() {
            return Err(autoshard_executor::Error::Plan(format!(
                "a reduce of shapes {:?} and {:?}",
                acc.shape(),
                t.shape()
            )));
        }
        for (a, b) in acc.data_mut().iter_mut().zip(t.data()) {
            *a = op(*a, *b);
        }
    }
    Ok(acc)
}

/// Runs the partitioned module `pipeline` on the CPU mesh on inputs drawn from
/// `seed` (the reference's inputs: `@main`'s arguments, whole) and checks every
/// output against the reference's run on the same inputs. A mismatch is reported in
/// [`PipelineCheck::verification`] ([`PipelineCheck::verified`] makes it an error);
/// a fragment whose plan does not schedule is [`RunError::InvalidPlan`].
pub fn run_mpmd(pipeline: &ImportedPipeline, seed: u64) -> Result<PipelineCheck, Error> {
    let schedules = pipeline
        .programs
        .iter()
        .map(|p| {
            let program = &p.config.program;
            autoshard_executor::schedule(program, &p.solution.decisions, &Pricing::new(program, &p.config.hardware))
                .map_err(|e| Error::Run(RunError::InvalidPlan(e)))
        })
        .collect::<Result<Vec<Schedule>, Error>>()?;
    let mut work = Vec::new();
    let mut io = Vec::new();
    let mut placed: Vec<(usize, usize, usize)> = Vec::new(); // (position, mesh, task)
    for f in &pipeline.fragments {
        let program = pipeline.programs.get(f.program).ok_or_else(|| missing("program", f.program))?;
        placed.push((f.position, f.mesh, work.len()));
        work.push(Work::Fragment(&program.config.program, &schedules[f.program]));
        io.push(FragmentIo { inputs: f.inputs.clone(), outputs: f.outputs.clone() });
    }
    for r in &pipeline.reduces {
        placed.push((r.position, r.mesh, work.len()));
        work.push(Work::Reduce(r.kind));
        io.push(FragmentIo { inputs: r.inputs.clone(), outputs: vec![r.output] });
    }
    placed.sort_unstable();
    let meshes = pipeline.topology.meshes().len();
    let mut order: Vec<Vec<Task>> = vec![Vec::new(); meshes];
    for (_, mesh, task) in placed {
        let list = order.get_mut(mesh).ok_or_else(|| missing("mesh", mesh))?;
        list.push(Task { stage: task as u32, microbatch: 0, kind: TaskKind::Update });
    }
    let layout = PipelineLayout {
        program: &pipeline.reference,
        fragments: io.into_iter().map(|io| [None, None, Some(io)]).collect(),
        order,
        split: Vec::new(),
        accumulated: Vec::new(),
        microbatches: 1,
    };
    let inputs = random_inputs(&pipeline.reference, seed);
    let started = Instant::now();
    let reference = autoshard_executor::interpret(&pipeline.reference, &inputs).map_err(RunError::Execution)?;
    let reference_wall = started.elapsed();
    let mut run = autoshard_executor::run_pipeline(&layout, &Runner { work }, &inputs).map_err(RunError::Execution)?;
    let expected: Vec<&Tensor> = reference.outputs(&pipeline.reference).into_iter().flatten().collect();
    let verification = compare_outputs(&pipeline.reference, &expected, &run.outputs);
    run.tasks = module_tasks(pipeline, &run.tasks);
    let fragments = fragment_times(pipeline, &run.tasks);
    Ok(PipelineCheck { run, verification, reference_wall, fragments })
}

fn missing(what: &str, index: usize) -> Error {
    Error::Pipeline(format!("the imported pipeline has no {what} {index}"))
}

/// The fragments' runs as the module's tasks (the reduces' dropped).
fn module_tasks(pipeline: &ImportedPipeline, ran: &[MeasuredTask]) -> Vec<MeasuredTask> {
    ran.iter()
        .filter_map(|t| {
            let fragment = pipeline.fragments.get(t.task.stage as usize)?;
            Some(MeasuredTask { task: fragment.task, ..*t })
        })
        .collect()
}

/// Per stage and task kind: the mean predicted (the fragments' prices) and measured
/// time of one run.
fn fragment_times(pipeline: &ImportedPipeline, ran: &[MeasuredTask]) -> Vec<FragmentTime> {
    let mut out = Vec::new();
    for stage in 0..pipeline.stages.len() {
        for kind in [TaskKind::Forward, TaskKind::Backward, TaskKind::Update] {
            let of = |t: &Task| t.stage as usize == stage && t.kind == kind;
            let prices: Vec<f64> = pipeline
                .fragments
                .iter()
                .filter(|f| of(&f.task))
                .filter_map(|f| pipeline.programs.get(f.program))
                .map(|p| p.solution.plan.objective.total_s.0)
                .collect();
            if prices.is_empty() {
                continue;
            }
            let spans: Vec<f64> = ran.iter().filter(|t| of(&t.task)).map(|t| (t.end - t.start).as_secs_f64()).collect();
            let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
            out.push(FragmentTime {
                stage,
                kind,
                predicted: Seconds(mean(&prices)),
                measured: Seconds(mean(&spans)),
                runs: spans.len(),
            });
        }
    }
    out
}
