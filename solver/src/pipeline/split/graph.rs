//! The task graph of a pipeline shape: every task of a step (a stage's forward or
//! backward of one microbatch, its update), an edge from each task to the next on
//! its mesh (the schedule's order), and the data edges: a forward waits for the
//! previous stage's forward, a backward for its own forward and for the gradient of
//! the next stage — that stage's backward, or its forward when it has no backward
//! (the last stage, whose forward computes the loss's gradient). The simulated step
//! (`simulate_stages`) is the longest path through this graph; which stages have no
//! backward is the only thing about a split the graph depends on.
//!
//! [`TaskGraph::longest`] evaluates that path for given stage costs in one pass over
//! the tasks in topological order, and returns the critical path as a [`Path`]: how
//! many forwards, backwards and updates of each stage and hops over each boundary it
//! holds, so its length is a linear function of the split's stage costs — the lower
//! bound the branch and bound (`branch.rs`) prices every split with.

use super::StageCost;
use autoshard_model::pipeline::{Schedule, Task, TaskKind};
use std::collections::HashMap;

/// A dependency of a task: the task it waits for, and the boundary whose hop
/// delays it (`Some(k)`: between stage `k` and `k + 1`).
pub(crate) type Wait = (Task, Option<usize>);

/// What task `t` of a pipeline of `stages` stages waits for, besides the task before
/// it on its mesh; `no_backward(k)` says whether stage `k` has no backward.
pub(crate) fn waits(t: &Task, stages: u32, no_backward: impl Fn(u32) -> bool) -> Vec<Wait> {
    let at = |stage: u32, kind| Task { stage, microbatch: t.microbatch, kind };
    match t.kind {
        TaskKind::Forward if t.stage > 0 => vec![(at(t.stage - 1, TaskKind::Forward), Some(t.stage as usize - 1))],
        TaskKind::Backward => {
            let mut deps = vec![(at(t.stage, TaskKind::Forward), None)];
            if t.stage + 1 < stages {
                let next = if no_backward(t.stage + 1) { TaskKind::Forward } else { TaskKind::Backward };
                deps.push((at(t.stage + 1, next), Some(t.stage as usize)));
            }
            deps
        }
        _ => Vec::new(),
    }
}

/// One task and what it waits for, by index into [`TaskGraph::tasks`].
#[derive(Debug, Clone)]
struct Node {
    stage: usize,
    kind: TaskKind,
    /// Predecessors: an earlier node, and the boundary whose hop delays the edge.
    preds: Vec<(usize, Option<usize>)>,
}

/// The task graph of a schedule for one pattern of stages without a backward.
#[derive(Debug, Clone)]
pub(crate) struct TaskGraph {
    stages: usize,
    /// In topological order.
    nodes: Vec<Node>,
}

/// A path through the task graph, as the number of each stage's tasks of each kind
/// and of hops over each boundary on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Path {
    pub forward: Vec<u32>,
    pub backward: Vec<u32>,
    pub update: Vec<u32>,
    /// Per boundary `k` (after stage `k`).
    pub hops: Vec<u32>,
}

impl TaskGraph {
    /// The graph of `schedule` with `meshes` meshes, `microbatches` and `rounds`,
    /// stage `k` having no backward when `no_backward[k]`; `None` if the schedule's
    /// order deadlocks.
    pub fn new(
        schedule: Schedule,
        meshes: usize,
        microbatches: u32,
        rounds: usize,
        no_backward: &[bool],
    ) -> Option<TaskGraph> {
        let order = schedule.order(meshes as u32, microbatches, rounds as u32);
        let stages = no_backward.len();
        let index: HashMap<Task, usize> = order.iter().flatten().enumerate().map(|(i, t)| (*t, i)).collect();
        let mut preds: Vec<Vec<(usize, Option<usize>)>> = vec![Vec::new(); index.len()];
        let mut flat: Vec<Task> = Vec::with_capacity(index.len());
        for list in &order {
            for (i, task) in list.iter().enumerate() {
                let me = index[task];
                if i > 0 {
                    preds[me].push((index[&list[i - 1]], None));
                }
                for (dep, boundary) in waits(task, stages as u32, |k| no_backward[k as usize]) {
                    preds[me].push((*index.get(&dep)?, boundary));
                }
                flat.push(*task);
            }
        }
        let topo = topological(&preds)?;
        let position: HashMap<usize, usize> = topo.iter().enumerate().map(|(p, &i)| (i, p)).collect();
        let nodes = topo
            .iter()
            .map(|&i| Node {
                stage: flat[i].stage as usize,
                kind: flat[i].kind,
                preds: preds[i].iter().map(|&(p, b)| (position[&p], b)).collect(),
            })
            .collect();
        Some(TaskGraph { stages, nodes })
    }

    /// The step (the longest path's length) under `costs` per stage and `hops` per
    /// boundary, and that path.
    pub fn longest(&self, costs: &[StageCost], hops: &[f64]) -> (f64, Path) {
        let mut end = vec![0.0f64; self.nodes.len()];
        let mut via: Vec<Option<(usize, Option<usize>)>> = vec![None; self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            let mut start = 0.0f64;
            for &(p, boundary) in &node.preds {
                let ready = end[p] + boundary.map_or(0.0, |b| hops[b]);
                if ready > start || via[i].is_none() && ready >= start {
                    start = ready;
                    via[i] = Some((p, boundary));
                }
            }
            end[i] = start + duration(&costs[node.stage], node.kind);
        }
        let last = (0..end.len()).max_by(|&a, &b| end[a].total_cmp(&end[b]).then(b.cmp(&a))).unwrap_or(0);
        let zeros = |n: usize| vec![0u32; n];
        let mut path = Path {
            forward: zeros(self.stages),
            backward: zeros(self.stages),
            update: zeros(self.stages),
            hops: zeros(self.stages.saturating_sub(1)),
        };
        let mut at = Some(last);
        while let Some(i) = at {
            let node = &self.nodes[i];
            match node.kind {
                TaskKind::Forward => path.forward[node.stage] += 1,
                TaskKind::Backward => path.backward[node.stage] += 1,
                TaskKind::Update => path.update[node.stage] += 1,
            }
            at = via[i].map(|(p, boundary)| {
                if let Some(b) = boundary {
                    path.hops[b] += 1;
                }
                p
            });
        }
        (end.get(last).copied().unwrap_or(0.0), path)
    }
}

fn duration(c: &StageCost, kind: TaskKind) -> f64 {
    match kind {
        TaskKind::Forward => c.forward.0,
        TaskKind::Backward => c.backward.0,
        TaskKind::Update => c.update.0,
    }
}

/// An order of the nodes with every predecessor first (Kahn's), or `None` on a cycle.
fn topological(preds: &[Vec<(usize, Option<usize>)>]) -> Option<Vec<usize>> {
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); preds.len()];
    let mut waiting: Vec<usize> = preds.iter().map(Vec::len).collect();
    for (i, list) in preds.iter().enumerate() {
        for &(p, _) in list {
            succs[p].push(i);
        }
    }
    let mut ready: Vec<usize> = (0..preds.len()).rev().filter(|&i| waiting[i] == 0).collect();
    let mut out = Vec::with_capacity(preds.len());
    while let Some(i) = ready.pop() {
        out.push(i);
        for &s in &succs[i] {
            waiting[s] -= 1;
            if waiting[s] == 0 {
                ready.push(s);
            }
        }
    }
    (out.len() == preds.len()).then_some(out)
}
