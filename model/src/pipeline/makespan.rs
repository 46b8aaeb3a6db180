//! The makespan of a pipelined step: the one evaluator of a schedule's task graph,
//! and the one rule of what a task waits for.
//!
//! Every mesh runs its tasks one at a time in the schedule's order
//! ([`Schedule::order`]); a task starts when the task before it on its mesh has
//! ended and every task it waits for has ended and its data has arrived (the hop
//! over the boundary between the two stages, which runs on the link while both
//! meshes go on computing). What a task waits for is [`waits_for`]: a forward waits
//! for the previous stage's forward; a backward for its own forward and for the
//! gradient of the next stage — that stage's backward, or its forward when it has no
//! backward (the last stage, whose forward computes the loss's gradient). Which
//! stages have no backward is the only thing about a split of a chain into stages
//! the graph depends on.
//!
//! [`TaskGraph::new`] builds the graph once for an order and that pattern, its tasks
//! in topological order, or fails with a [`Deadlock`] when the order cannot run (it
//! contradicts the data flow). [`TaskGraph::evaluate`] then makes one pass over the
//! tasks per set of stage costs and hops, into a reusable [`Makespan`]: every task's
//! start and end (the timeline, [`TaskGraph::spans`]), the step (when the last task
//! ends, the longest path's length) and the [`CriticalPath`] — how many of each
//! stage's tasks and hops over each boundary that path holds, so its length is a
//! linear function of the stage costs: what the solver's branch and bound prices
//! splits with (docs/pipelines.md, "The timeline" and "The solve"). The cost model's
//! timeline (`autoshard_cost::simulate_schedule`) and that branch and bound both
//! call it.

use super::{Schedule, Task, TaskKind};
use crate::Seconds;
use std::collections::HashMap;

/// What running a stage costs: one microbatch's forward and backward, and the
/// update once per step.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StageCost {
    /// One microbatch's forward.
    pub forward: Seconds,
    /// One microbatch's backward.
    pub backward: Seconds,
    /// The update, once per step.
    pub update: Seconds,
}

impl StageCost {
    /// How long a task of `kind` of this stage takes.
    pub fn of(&self, kind: TaskKind) -> Seconds {
        match kind {
            TaskKind::Forward => self.forward,
            TaskKind::Backward => self.backward,
            TaskKind::Update => self.update,
        }
    }

    /// Whether the stage has no backward (the last stage of a chain whose forward
    /// computes the loss's gradient): its gradient leaves when its forward ends.
    pub fn has_no_backward(&self) -> bool {
        self.backward.0 <= 0.0
    }
}

/// What task `task` of a pipeline of `stages` stages waits for, besides the task
/// before it on its mesh: each task, with the boundary whose hop delays its data
/// (`Some(k)`: between stage `k` and `k + 1`; `None`: no transfer).
/// `no_backward(k)` says whether stage `k` has no backward.
pub fn waits_for(
    task: &Task,
    stages: u32,
    no_backward: impl Fn(u32) -> bool,
) -> impl Iterator<Item = (Task, Option<u32>)> {
    let at = |stage: u32, kind| Task { stage, microbatch: task.microbatch, kind };
    let (first, second) = match task.kind {
        TaskKind::Forward if task.stage > 0 => {
            (Some((at(task.stage - 1, TaskKind::Forward), Some(task.stage - 1))), None)
        }
        TaskKind::Backward => {
            let own = Some((at(task.stage, TaskKind::Forward), None));
            let gradient = (task.stage + 1 < stages).then(|| {
                let kind = if no_backward(task.stage + 1) { TaskKind::Forward } else { TaskKind::Backward };
                (at(task.stage + 1, kind), Some(task.stage))
            });
            (own, gradient)
        }
        _ => (None, None),
    };
    first.into_iter().chain(second)
}

/// The schedule cannot run: every mesh's next task waits for one that has not run
/// (an order that contradicts the data flow).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the schedule deadlocks: {waiting} waits for {missing}, which has not run")]
pub struct Deadlock {
    /// A task that cannot start.
    pub waiting: String,
    /// A task it waits for.
    pub missing: String,
}

/// No edge, or no boundary on an edge.
const NONE: u32 = u32::MAX;

/// Each node's predecessor edges, node after node: node `i`'s are
/// `list[first[i]..first[i + 1]]`, the task before it on its mesh first, then what it
/// waits for; an edge is a predecessor node and the boundary whose hop delays it
/// ([`NONE`]: no hop).
#[derive(Debug, Clone, Default)]
struct Edges {
    first: Vec<u32>,
    list: Vec<(u32, u32)>,
}

impl Edges {
    fn len(&self) -> usize {
        self.first.len().saturating_sub(1)
    }

    fn range(&self, i: usize) -> std::ops::Range<u32> {
        self.first[i]..self.first[i + 1]
    }

    fn of(&self, i: usize) -> &[(u32, u32)] {
        &self.list[self.first[i] as usize..self.first[i + 1] as usize]
    }

    /// The same edges with the nodes taken in the order `topo` and renumbered by
    /// `node_of`.
    fn renumbered(&self, topo: &[u32], node_of: &[u32]) -> Edges {
        let mut out = Edges { first: Vec::with_capacity(topo.len() + 1), list: Vec::with_capacity(self.list.len()) };
        for &i in topo {
            out.first.push(out.list.len() as u32);
            out.list.extend(self.of(i as usize).iter().map(|&(p, b)| (node_of[p as usize], b)));
        }
        out.first.push(out.list.len() as u32);
        out
    }
}

/// The task graph of an order of tasks, for one pattern of stages without a
/// backward.
#[derive(Debug, Clone)]
pub struct TaskGraph {
    stages: usize,
    /// Each node's task, in topological order.
    tasks: Vec<Task>,
    /// Each node's predecessors.
    edges: Edges,
    /// The node of each task of the order, mesh after mesh in run order.
    node_of: Vec<u32>,
    /// Where each mesh's tasks start in `node_of`, and where the last one's end.
    mesh_start: Vec<u32>,
}

/// A path through the task graph, as the number of each stage's tasks of each kind
/// and of hops over each boundary on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct CriticalPath {
    /// Per stage, its forwards on the path.
    pub forward: Vec<u32>,
    /// Per stage, its backwards on the path.
    pub backward: Vec<u32>,
    /// Per stage, its updates on the path.
    pub update: Vec<u32>,
    /// Per boundary `k` (after stage `k`), its hops on the path.
    pub hops: Vec<u32>,
}

/// One evaluation of a [`TaskGraph`]; its buffers are reused by the next.
#[derive(Debug, Clone, Default)]
pub struct Makespan {
    /// Per node, when it starts and ends.
    start: Vec<f64>,
    end: Vec<f64>,
    /// Per node, the edge its start waited on ([`NONE`]: none).
    via: Vec<u32>,
    /// When the last task ends.
    step: f64,
    path: CriticalPath,
}

impl Makespan {
    /// When the last task ends: the step time.
    pub fn step(&self) -> Seconds {
        Seconds(self.step)
    }

    /// The longest path through the graph (the first of equal ones).
    pub fn critical_path(&self) -> &CriticalPath {
        &self.path
    }
}

/// One task as it ran, or as the evaluation predicts it to run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimedTask {
    /// The mesh that runs it (its position in the order).
    pub mesh: u32,
    /// The task.
    pub task: Task,
    /// When it starts, from the start of the step.
    pub start: Seconds,
    /// When it ends.
    pub end: Seconds,
}

impl TaskGraph {
    /// The graph of `order` (each mesh's tasks in run order, each task once, every
    /// stage below `no_backward.len()`), stage `k` having no backward when
    /// `no_backward[k]`; a [`Deadlock`] if the order cannot run.
    pub fn new(order: &[Vec<Task>], no_backward: &[bool]) -> Result<TaskGraph, Deadlock> {
        let flat: Vec<Task> = order.iter().flatten().copied().collect();
        let index: HashMap<Task, u32> = flat.iter().enumerate().map(|(i, t)| (*t, i as u32)).collect();
        let (edges, missing) = order_edges(order, &index, no_backward);
        let topo = topological(&edges, &missing);
        if topo.len() < flat.len() {
            return Err(deadlock(order, &topo, &index, no_backward));
        }
        let mut node_of = vec![0u32; flat.len()];
        for (position, &i) in topo.iter().enumerate() {
            node_of[i as usize] = position as u32;
        }
        let mut mesh_start: Vec<u32> = vec![0];
        mesh_start.extend(order.iter().scan(0u32, |at, list| {
            *at += list.len() as u32;
            Some(*at)
        }));
        Ok(TaskGraph {
            stages: no_backward.len(),
            tasks: topo.iter().map(|&i| flat[i as usize]).collect(),
            edges: edges.renumbered(&topo, &node_of),
            node_of,
            mesh_start,
        })
    }

    /// The graph of `schedule` on `meshes` meshes with `microbatches` and `rounds`
    /// stages per mesh ([`Schedule::order`]), stage `k` having no backward when
    /// `no_backward[k]` (one entry per stage: `meshes × rounds` for the circular
    /// schedule, `meshes` otherwise).
    pub fn of_schedule(
        schedule: Schedule,
        meshes: u32,
        microbatches: u32,
        rounds: u32,
        no_backward: &[bool],
    ) -> Result<TaskGraph, Deadlock> {
        TaskGraph::new(&schedule.order(meshes, microbatches, rounds), no_backward)
    }

    /// The number of stages.
    pub fn stages(&self) -> usize {
        self.stages
    }

    /// Times every task under `costs` (one per stage) and `hops` (the delay over
    /// each boundary, one fewer), into `out`: one pass in topological order.
    pub fn evaluate(&self, costs: &[StageCost], hops: &[Seconds], out: &mut Makespan) {
        let n = self.tasks.len();
        out.start.clear();
        out.end.clear();
        out.via.clear();
        for (i, task) in self.tasks.iter().enumerate() {
            let (mut start, mut via) = (0.0f64, NONE);
            for e in self.edges.range(i) {
                let (p, boundary) = self.edges.list[e as usize];
                let delay = if boundary == NONE { 0.0 } else { hops[boundary as usize].0 };
                let ready = out.end[p as usize] + delay;
                if ready > start || via == NONE && ready >= start {
                    (start, via) = (ready, e);
                }
            }
            out.start.push(start);
            out.end.push(start + costs[task.stage as usize].of(task.kind).0);
            out.via.push(via);
        }
        let end = &out.end;
        let last = (0..n).max_by(|&a, &b| end[a].total_cmp(&end[b]).then(b.cmp(&a)));
        out.step = last.map_or(0.0, |i| end[i]);
        self.trace(last, out);
    }

    /// Counts the tasks and hops of the path that ends at `last` into `out.path`.
    fn trace(&self, last: Option<usize>, out: &mut Makespan) {
        let path = &mut out.path;
        for counts in [&mut path.forward, &mut path.backward, &mut path.update] {
            counts.clear();
            counts.resize(self.stages, 0);
        }
        path.hops.clear();
        path.hops.resize(self.stages.saturating_sub(1), 0);
        let mut at = last;
        while let Some(i) = at {
            let task = &self.tasks[i];
            let stage = task.stage as usize;
            match task.kind {
                TaskKind::Forward => path.forward[stage] += 1,
                TaskKind::Backward => path.backward[stage] += 1,
                TaskKind::Update => path.update[stage] += 1,
            }
            at = (out.via[i] != NONE).then(|| {
                let (p, boundary) = self.edges.list[out.via[i] as usize];
                if boundary != NONE {
                    path.hops[boundary as usize] += 1;
                }
                p as usize
            });
        }
    }

    /// Every task of `makespan` (an evaluation of this graph) as it runs: mesh after
    /// mesh, each mesh's in its run order.
    pub fn spans<'a>(&'a self, makespan: &'a Makespan) -> impl Iterator<Item = TimedTask> + 'a {
        self.mesh_start.windows(2).enumerate().flat_map(move |(mesh, range)| {
            self.node_of[range[0] as usize..range[1] as usize].iter().map(move |&node| {
                let i = node as usize;
                TimedTask {
                    mesh: mesh as u32,
                    task: self.tasks[i],
                    start: Seconds(makespan.start[i]),
                    end: Seconds(makespan.end[i]),
                }
            })
        })
    }
}

/// The edges of `order`'s tasks (numbered by `index`, their position in it) and,
/// per task, how many tasks it waits for that are not in the order (they never run).
fn order_edges(order: &[Vec<Task>], index: &HashMap<Task, u32>, no_backward: &[bool]) -> (Edges, Vec<u32>) {
    let stages = no_backward.len() as u32;
    let (mut edges, mut missing) = (Edges::default(), Vec::with_capacity(index.len()));
    for list in order {
        for (i, task) in list.iter().enumerate() {
            edges.first.push(edges.list.len() as u32);
            if i > 0 {
                edges.list.push((index[&list[i - 1]], NONE));
            }
            let mut absent = 0;
            for (dep, boundary) in waits_for(task, stages, |k| no_backward[k as usize]) {
                match index.get(&dep) {
                    Some(&p) => edges.list.push((p, boundary.unwrap_or(NONE))),
                    None => absent += 1,
                }
            }
            missing.push(absent);
        }
    }
    edges.first.push(edges.list.len() as u32);
    (edges, missing)
}

/// The nodes with every predecessor first (Kahn's), the lowest ready node first;
/// short of every node when some cannot run (a cycle, or a wait for a task not in
/// the order: `missing`).
fn topological(edges: &Edges, missing: &[u32]) -> Vec<u32> {
    let n = edges.len();
    let mut waiting: Vec<u32> = (0..n).map(|i| edges.of(i).len() as u32 + missing[i]).collect();
    let succs = successors(edges);
    let mut ready: Vec<u32> = (0..n as u32).rev().filter(|&i| waiting[i as usize] == 0).collect();
    let mut out = Vec::with_capacity(n);
    while let Some(i) = ready.pop() {
        out.push(i);
        for &(s, _) in succs.of(i as usize) {
            waiting[s as usize] -= 1;
            if waiting[s as usize] == 0 {
                ready.push(s);
            }
        }
    }
    out
}

/// The edges turned round: each node's successors, in the order of the nodes.
fn successors(edges: &Edges) -> Edges {
    let n = edges.len();
    let mut first = vec![0u32; n + 1];
    for &(p, _) in &edges.list {
        first[p as usize + 1] += 1;
    }
    for i in 0..n {
        first[i + 1] += first[i];
    }
    let mut fill = first.clone();
    let mut list = vec![(0u32, NONE); edges.list.len()];
    for i in 0..n {
        for &(p, b) in edges.of(i) {
            list[fill[p as usize] as usize] = (i as u32, b);
            fill[p as usize] += 1;
        }
    }
    Edges { first, list }
}

/// The deadlock of an order whose tasks `ran` (by index) are all that can run: the
/// first mesh's next task and the first task it waits for that has not run.
fn deadlock(order: &[Vec<Task>], ran: &[u32], index: &HashMap<Task, u32>, no_backward: &[bool]) -> Deadlock {
    let mut done = vec![false; order.iter().map(Vec::len).sum()];
    for &i in ran {
        done[i as usize] = true;
    }
    let has_run = |t: &Task| index.get(t).is_some_and(|&i| done[i as usize]);
    let stuck = order.iter().flatten().find(|t| !has_run(t));
    let stages = no_backward.len() as u32;
    let missing = stuck.and_then(|t| waits_for(t, stages, |k| no_backward[k as usize]).find(|(d, _)| !has_run(d)));
    Deadlock {
        waiting: stuck.map_or_else(|| "?".into(), Task::to_string),
        missing: missing.map_or_else(|| "?".into(), |(d, _)| d.to_string()),
    }
}

#[cfg(test)]
mod tests;
