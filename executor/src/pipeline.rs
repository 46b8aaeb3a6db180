//! Running a pipelined step across meshes: one thread per mesh runs its tasks in the
//! schedule's order (each task a fragment, itself an SPMD run on the mesh's
//! devices), microbatches of the split inputs are cut from the step's inputs,
//! values flow between fragments (the transfers: the consumer's run places each
//! value on its own mesh by its own plan, which is the reshard between meshes),
//! accumulated values are summed over microbatches (`mpmd.reduce`), and every task
//! is timed.
//!
//! How to run one fragment is the caller's ([`FragmentRunner`]): the facade
//! schedules each fragment's plan on its mesh. This module owns the data flow, the
//! order and the clock.

use crate::error::{Error, Result};
use crate::tensor::Tensor;
use autoshard_model::ir::ValueDef;
use autoshard_model::pipeline::{Accumulation, Task, TaskKind};
use autoshard_model::{Program, ValueId};
use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Runs one fragment of a stage on its mesh.
pub trait FragmentRunner: Sync {
    /// Runs stage `stage`'s fragment of `kind` on `inputs` (global tensors, in the
    /// fragment's input order) and returns its outputs (global tensors, in order).
    fn run(&self, stage: usize, kind: TaskKind, inputs: Vec<Tensor>) -> Result<Vec<Tensor>>;
}

/// The data flow of a fragment: the source program's values it reads and writes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FragmentIo {
    /// The values it reads, in input order.
    pub inputs: Vec<ValueId>,
    /// The values it writes, in output order.
    pub outputs: Vec<ValueId>,
}

/// What a pipelined step is made of.
#[derive(Debug, Clone)]
pub struct PipelineLayout<'a> {
    /// The step at one microbatch's size (the fragments' source).
    pub program: &'a Program,
    /// Per stage, its forward, backward and update fragments (`None`: no such ops).
    pub fragments: Vec<[Option<FragmentIo>; 3]>,
    /// Each mesh's tasks in run order (stages by their position in the chain).
    pub order: Vec<Vec<Task>>,
    /// The split inputs: input index and dimension.
    pub split: Vec<(usize, usize)>,
    /// The values summed over microbatches.
    pub accumulated: Vec<(ValueId, Accumulation)>,
    /// Microbatches per step.
    pub microbatches: u32,
}

/// A task as it ran.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeasuredTask {
    /// The mesh that ran it.
    pub mesh: u32,
    /// The task.
    pub task: Task,
    /// When it started, from the start of the step.
    pub start: Duration,
    /// When it ended.
    pub end: Duration,
}

/// A pipelined step as it ran.
#[derive(Debug, Clone)]
pub struct PipelineRun {
    /// The step's outputs, in the program's output order.
    pub outputs: Vec<Tensor>,
    /// Every task that ran, by mesh and start.
    pub tasks: Vec<MeasuredTask>,
    /// The wall time of the step.
    pub wall: Duration,
}

impl PipelineRun {
    /// The share of the meshes' time within the step spent outside tasks.
    pub fn bubble(&self, meshes: usize) -> f64 {
        let busy: f64 = self.tasks.iter().map(|t| (t.end - t.start).as_secs_f64()).sum();
        let capacity = self.wall.as_secs_f64() * meshes as f64;
        if capacity <= 0.0 { 0.0 } else { (1.0 - busy / capacity).max(0.0) }
    }
}

/// Values produced so far: per microbatch (`Some(m)`) or per step (`None`).
struct Store {
    values: Mutex<BTreeMap<(ValueId, Option<u32>), Tensor>>,
    accumulators: Mutex<BTreeMap<ValueId, (Tensor, u32)>>,
    ready: Condvar,
}

/// How long a task waits for a value before the run fails.
const WAIT: Duration = Duration::from_secs(600);

/// Runs the step of `layout` on `inputs` (the full batch's), with `runner`.
pub fn run_pipeline(
    layout: &PipelineLayout<'_>,
    runner: &dyn FragmentRunner,
    inputs: &[Tensor],
) -> Result<PipelineRun> {
    let store =
        Store { values: Mutex::new(BTreeMap::new()), accumulators: Mutex::new(BTreeMap::new()), ready: Condvar::new() };
    let started = Instant::now();
    let results: Vec<Result<Vec<MeasuredTask>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = layout
            .order
            .iter()
            .enumerate()
            .map(|(mesh, tasks)| {
                let store = &store;
                scope.spawn(move || run_mesh(layout, runner, inputs, store, mesh as u32, tasks, started))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err(Error::Plan("a mesh thread panicked".into()))))
            .collect()
    });
    let wall = started.elapsed();
    let mut tasks = Vec::new();
    for r in results {
        tasks.extend(r?);
    }
    let values = store.values.lock().map_err(poisoned)?;
    let mut outputs = Vec::new();
    for output in layout.program.outputs() {
        let v = output.value;
        let tensor = match layout.program.value(v).def {
            ValueDef::Input(i) => Some(inputs[i].clone()),
            _ => values.get(&(v, None)).cloned(),
        };
        outputs.push(tensor.ok_or_else(|| {
            Error::Plan(format!("output \"{}\" was not produced by any fragment", layout.program.value(v).name))
        })?);
    }
    Ok(PipelineRun { outputs, tasks, wall })
}

fn run_mesh(
    layout: &PipelineLayout<'_>,
    runner: &dyn FragmentRunner,
    inputs: &[Tensor],
    store: &Store,
    mesh: u32,
    tasks: &[Task],
    started: Instant,
) -> Result<Vec<MeasuredTask>> {
    let mut measured = Vec::new();
    for task in tasks {
        let slot = match task.kind {
            TaskKind::Forward => 0,
            TaskKind::Backward => 1,
            TaskKind::Update => 2,
        };
        let Some(io) = layout.fragments.get(task.stage as usize).and_then(|f| f[slot].as_ref()) else { continue };
        let step_task = task.kind == TaskKind::Update;
        let args = io
            .inputs
            .iter()
            .map(|&v| fetch(layout, inputs, store, v, (!step_task).then_some(task.microbatch)))
            .collect::<Result<Vec<_>>>()?;
        let start = started.elapsed();
        let outputs = runner.run(task.stage as usize, task.kind, args)?;
        let end = started.elapsed();
        measured.push(MeasuredTask { mesh, task: *task, start, end });
        for (&v, tensor) in io.outputs.iter().zip(outputs) {
            publish(layout, store, v, tensor, (!step_task).then_some(task.microbatch))?;
        }
    }
    Ok(measured)
}

/// The value `v` as microbatch `microbatch` (or the step) reads it.
fn fetch(
    layout: &PipelineLayout<'_>,
    inputs: &[Tensor],
    store: &Store,
    v: ValueId,
    microbatch: Option<u32>,
) -> Result<Tensor> {
    let program = layout.program;
    if let ValueDef::Input(i) = program.value(v).def {
        let full = &inputs[i];
        return match (layout.split.iter().find(|(k, _)| *k == i), microbatch) {
            (Some(&(_, dim)), Some(m)) => full.piece(dim, layout.microbatches as usize, m as usize).ok_or_else(|| {
                Error::Plan(format!(
                    "input \"{}\" does not split into {} microbatches",
                    program.value(v).name,
                    layout.microbatches
                ))
            }),
            _ => Ok(full.clone()),
        };
    }
    let per_step = layout.accumulated.iter().any(|(a, _)| *a == v) || microbatch.is_none();
    let key = (v, if per_step { None } else { microbatch });
    let mut values = store.values.lock().map_err(poisoned)?;
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(t) = values.get(&key) {
            return Ok(t.clone());
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Error::Plan(format!("value \"{}\" never arrived", program.value(v).name)));
        }
        values = store.ready.wait_timeout(values, left).map_err(poisoned)?.0;
    }
}

/// Stores `tensor` as `v` of `microbatch` (or of the step), or adds it to `v`'s
/// accumulator, completing it after the last microbatch.
fn publish(
    layout: &PipelineLayout<'_>,
    store: &Store,
    v: ValueId,
    tensor: Tensor,
    microbatch: Option<u32>,
) -> Result<()> {
    let accumulation = layout.accumulated.iter().find(|(a, _)| *a == v).map(|(_, how)| *how);
    let done = match (accumulation, microbatch) {
        (Some(how), Some(_)) => {
            let mut accumulators = store.accumulators.lock().map_err(poisoned)?;
            let entry = accumulators.entry(v).or_insert_with(|| (Tensor::full(tensor.shape(), 0.0), 0));
            for (a, b) in entry.0.data_mut().iter_mut().zip(tensor.data()) {
                *a += b;
            }
            entry.1 += 1;
            if entry.1 < layout.microbatches {
                return Ok(());
            }
            let (mut total, _) = accumulators.remove(&v).unwrap_or_else(|| (tensor.clone(), 0));
            if how == Accumulation::Mean {
                let m = layout.microbatches as f32;
                total.data_mut().iter_mut().for_each(|x| *x /= m);
            }
            ((v, None), total)
        }
        _ => ((v, microbatch), tensor),
    };
    store.values.lock().map_err(poisoned)?.insert(done.0, done.1);
    store.ready.notify_all();
    Ok(())
}

fn poisoned<T>(_: T) -> Error {
    Error::Plan("a mesh thread panicked while holding the values".into())
}
