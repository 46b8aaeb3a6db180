//! Running a pipeline plan on the CPU mesh and checking it: `autoshard run` of a
//! pipelined config.
//!
//! Each stage's fragments are scheduled from their priced plans on the stage's
//! mesh (`cost::Pricing` on the mesh's hardware); the step runs
//! with one thread per mesh in the plan's schedule (`autoshard_executor::
//! run_pipeline`), each fragment on its mesh's devices, and its outputs are compared
//! with the reference interpreter's run of the whole step at its full batch on the
//! same seeded inputs.

use crate::{Config, Error, RunError};
use autoshard_cost::Pricing;
use autoshard_executor::{
    FragmentIo, FragmentRunner, Limits, PipelineLayout, PipelineRun, Schedule, Tensor, Verification, compare_outputs,
    random_inputs,
};
use autoshard_model::Seconds;
use autoshard_model::pipeline::{Task, TaskKind};
use autoshard_solver::pipeline::PipelinePlan;
use std::time::{Duration, Instant};

/// A pipelined step run on the CPU mesh, checked.
#[derive(Debug, Clone)]
pub struct PipelineCheck {
    /// The run: outputs and every task's measured span.
    pub run: PipelineRun,
    /// How the outputs compare with the reference.
    pub verification: Verification,
    /// Wall time of the reference run.
    pub reference_wall: Duration,
    /// Per stage and task kind: the predicted time of one task and the measured
    /// mean over the tasks that ran.
    pub fragments: Vec<FragmentTime>,
}

/// Predicted against measured time of one stage's fragment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FragmentTime {
    /// The stage.
    pub stage: usize,
    /// Forward, backward or update.
    pub kind: TaskKind,
    /// The plan's time of one run.
    pub predicted: Seconds,
    /// The mean measured time of one run.
    pub measured: Seconds,
    /// How many ran.
    pub runs: usize,
}

impl PipelineCheck {
    /// This check, or [`Error::Mismatch`] if an output differs from the reference.
    pub fn verified(self) -> Result<PipelineCheck, Error> {
        if self.verification.passed { Ok(self) } else { Err(Error::Mismatch(Box::new(self.verification))) }
    }
}

struct Fragments<'a> {
    /// Per stage, per kind: the fragment program and its schedule.
    stages: Vec<[Option<(&'a autoshard_model::Program, Schedule)>; 3]>,
}

impl FragmentRunner for Fragments<'_> {
    fn run(&self, stage: usize, kind: TaskKind, inputs: Vec<Tensor>) -> autoshard_executor::Result<Vec<Tensor>> {
        let Some(Some((program, schedule))) = self.stages.get(stage).map(|s| &s[slot(kind)]) else {
            return Err(autoshard_executor::Error::Plan(format!("stage {stage} has no {kind:?} fragment")));
        };
        let limits = Limits { timeout: Duration::from_secs(300), cores: None };
        Ok(autoshard_executor::run(program, schedule, &inputs, limits)?.outputs)
    }
}

fn slot(kind: TaskKind) -> usize {
    match kind {
        TaskKind::Forward => 0,
        TaskKind::Backward => 1,
        TaskKind::Update => 2,
    }
}

/// Runs `plan` for `config` on inputs drawn from `seed` and checks it against the
/// reference.
pub fn run_pipeline(config: &Config, plan: &PipelinePlan, seed: u64) -> Result<PipelineCheck, Error> {
    let pipeline = config
        .pipeline
        .as_ref()
        .ok_or_else(|| Error::Pipeline(format!("{}: the config has no pipeline: section", config.name)))?;
    let mut stages = Vec::new();
    let mut io = Vec::new();
    for stage in &plan.stages {
        let hardware = &pipeline.hardware[stage.mesh.index()];
        let mut scheduled: [Option<(&autoshard_model::Program, Schedule)>; 3] = Default::default();
        let mut flows: [Option<FragmentIo>; 3] = Default::default();
        for (i, fragment) in stage.solved.fragments.iter().enumerate() {
            let Some((fragment, solution)) = fragment else { continue };
            let planner = Pricing::new(&fragment.program, hardware);
            let schedule = autoshard_executor::schedule(&fragment.program, &solution.decisions, &planner)
                .map_err(RunError::InvalidPlan)?;
            scheduled[i] = Some((&fragment.program, schedule));
            flows[i] = Some(FragmentIo { inputs: fragment.inputs.clone(), outputs: fragment.outputs.clone() });
        }
        stages.push(scheduled);
        io.push(flows);
    }
    let meshes = plan.stages.iter().map(|s| s.mesh.index() + 1).max().unwrap_or(1);
    let layout = PipelineLayout {
        program: &pipeline.microbatch,
        fragments: io,
        order: plan.schedule.order(meshes as u32, plan.microbatches, plan.rounds),
        split: pipeline.chain.split.clone(),
        accumulated: pipeline.chain.accumulated.clone(),
        microbatches: plan.microbatches,
    };
    let inputs = random_inputs(&config.program, seed);
    let started = Instant::now();
    let reference = autoshard_executor::interpret(&config.program, &inputs).map_err(RunError::Execution)?;
    let reference_wall = started.elapsed();
    let run = autoshard_executor::run_pipeline(&layout, &Fragments { stages }, &inputs).map_err(RunError::Execution)?;
    let expected: Vec<&Tensor> = reference.outputs(&config.program).into_iter().flatten().collect();
    let verification = compare_outputs(&config.program, &expected, &run.outputs);
    let fragments = fragment_times(plan, &run);
    Ok(PipelineCheck { run, verification, reference_wall, fragments })
}

fn fragment_times(plan: &PipelinePlan, run: &PipelineRun) -> Vec<FragmentTime> {
    let mut out = Vec::new();
    for stage in &plan.stages {
        for (i, kind) in [TaskKind::Forward, TaskKind::Backward, TaskKind::Update].into_iter().enumerate() {
            let Some((_, solution)) = &stage.solved.fragments[i] else { continue };
            let spans: Vec<f64> = run
                .tasks
                .iter()
                .filter(|t: &&autoshard_executor::MeasuredTask| {
                    let task: Task = t.task;
                    task.stage as usize == stage.index && task.kind == kind
                })
                .map(|t| (t.end - t.start).as_secs_f64())
                .collect();
            let measured = if spans.is_empty() { 0.0 } else { spans.iter().sum::<f64>() / spans.len() as f64 };
            out.push(FragmentTime {
                stage: stage.index,
                kind,
                predicted: solution.plan.objective.total_s,
                measured: Seconds(measured),
                runs: spans.len(),
            });
        }
    }
    out
}
