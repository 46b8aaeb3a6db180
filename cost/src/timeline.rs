//! The timeline of a pipelined step: when each mesh runs each task, given the
//! schedule's per-mesh order, each task's duration and what each task waits for.
//!
//! A mesh runs its tasks one at a time in its order; a task starts when its mesh is
//! free and every task it depends on has finished and its data has arrived (the
//! dependency's delay: the transfer between meshes, which runs on the link while
//! both meshes go on computing). The step time is when the last task ends; the
//! bubble is the share of mesh time spent idle within it. For S stages of equal
//! cost t, M microbatches and no transfer delay, GPipe and 1F1B both take
//! (M + S − 1) × t per direction, the textbook figure.

use autoshard_model::Seconds;
use autoshard_model::pipeline::Task;
use std::collections::BTreeMap;

/// One task as it ran (or is predicted to run).
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

/// A step's timeline.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Timeline {
    /// Every task, by mesh and then in run order.
    pub tasks: Vec<TimedTask>,
    /// When the last task ends.
    pub step: Seconds,
    /// The number of meshes.
    pub meshes: u32,
}

impl Timeline {
    /// The share of the meshes' time within the step spent idle.
    pub fn bubble(&self) -> f64 {
        let capacity = self.step.0 * f64::from(self.meshes);
        if capacity <= 0.0 {
            return 0.0;
        }
        let busy: f64 = self.tasks.iter().map(|t| t.end.0 - t.start.0).sum();
        (1.0 - busy / capacity).max(0.0)
    }

    /// The time mesh `mesh` spends running tasks.
    pub fn busy(&self, mesh: u32) -> Seconds {
        Seconds(self.tasks.iter().filter(|t| t.mesh == mesh).map(|t| t.end.0 - t.start.0).sum())
    }
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

/// Simulates `order` (each mesh's tasks in run order) with `duration` per task and
/// `waits_for` (the tasks it needs, each with the delay of its data after that task
/// ends).
pub fn simulate_schedule(
    order: &[Vec<Task>],
    duration: impl Fn(&Task) -> Seconds,
    waits_for: impl Fn(&Task) -> Vec<(Task, Seconds)>,
) -> Result<Timeline, Deadlock> {
    let mut ends: BTreeMap<Task, f64> = BTreeMap::new();
    let mut next = vec![0usize; order.len()];
    let mut free = vec![0.0f64; order.len()];
    let mut tasks = Vec::with_capacity(order.iter().map(Vec::len).sum());
    let total: usize = order.iter().map(Vec::len).sum();
    while tasks.len() < total {
        let mut progressed = false;
        for (mesh, list) in order.iter().enumerate() {
            while let Some(task) = list.get(next[mesh]) {
                let deps = waits_for(task);
                let Some(ready) =
                    deps.iter().try_fold(free[mesh], |at, (dep, delay)| ends.get(dep).map(|end| at.max(end + delay.0)))
                else {
                    break;
                };
                let end = ready + duration(task).0;
                ends.insert(*task, end);
                free[mesh] = end;
                next[mesh] += 1;
                tasks.push(TimedTask { mesh: mesh as u32, task: *task, start: Seconds(ready), end: Seconds(end) });
                progressed = true;
            }
        }
        if !progressed {
            let stuck = order.iter().enumerate().find_map(|(m, list)| list.get(next[m]));
            let missing = stuck.and_then(|t| waits_for(t).into_iter().find(|(d, _)| !ends.contains_key(d)));
            return Err(Deadlock {
                waiting: stuck.map_or_else(|| "?".into(), Task::to_string),
                missing: missing.map_or_else(|| "?".into(), |(d, _)| d.to_string()),
            });
        }
    }
    tasks.sort_by(|a, b| (a.mesh, a.start.0).partial_cmp(&(b.mesh, b.start.0)).unwrap_or(std::cmp::Ordering::Equal));
    let step = Seconds(ends.values().fold(0.0f64, |a, &b| a.max(b)));
    Ok(Timeline { tasks, step, meshes: order.len() as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::pipeline::{Schedule, TaskKind};

    /// A chain of `stages` stages, stage `s` on mesh `s` (round `r` of the circular
    /// schedule on mesh `s mod meshes`), forward to the next stage and backward to
    /// the previous one, each hop delayed by `hop`.
    fn chain_deps(stages: u32, hop: f64) -> impl Fn(&Task) -> Vec<(Task, Seconds)> {
        move |t: &Task| {
            let at = |stage, kind| Task { stage, microbatch: t.microbatch, kind };
            match t.kind {
                TaskKind::Forward if t.stage > 0 => vec![(at(t.stage - 1, TaskKind::Forward), Seconds(hop))],
                TaskKind::Forward => vec![],
                TaskKind::Backward if t.stage + 1 < stages => {
                    vec![
                        (at(t.stage + 1, TaskKind::Backward), Seconds(hop)),
                        (at(t.stage, TaskKind::Forward), Seconds(0.0)),
                    ]
                }
                TaskKind::Backward => vec![(at(t.stage, TaskKind::Forward), Seconds(0.0))],
                TaskKind::Update => vec![],
            }
        }
    }

    fn step(schedule: Schedule, s: u32, m: u32, f: f64, b: f64, hop: f64) -> f64 {
        let order = schedule.order(s, m, 1);
        let duration = |t: &Task| {
            Seconds(match t.kind {
                TaskKind::Forward => f,
                TaskKind::Backward => b,
                TaskKind::Update => 0.0,
            })
        };
        simulate_schedule(&order, duration, chain_deps(s, hop)).unwrap().step.0
    }

    #[test]
    fn equal_stages_take_the_textbook_time() {
        for (s, m) in [(1, 1), (2, 4), (4, 8), (4, 2), (8, 8), (3, 16)] {
            for schedule in [Schedule::GPipe, Schedule::OneFOneB] {
                let (f, b) = (1.0, 2.0);
                let expected = f64::from(m + s - 1) * (f + b);
                let got = step(schedule, s, m, f, b, 0.0);
                assert!((got - expected).abs() < 1e-9, "{schedule} S={s} M={m}: {got} != {expected}");
                // Under GPipe each hop adds its delay once per direction; 1F1B's
                // steady state waits for the round trip, so it adds at least that.
                let hopped = step(schedule, s, m, f, b, 0.25);
                let path = expected + 2.0 * f64::from(s - 1) * 0.25;
                match schedule {
                    Schedule::GPipe => assert!((hopped - path).abs() < 1e-9, "S={s} M={m}: {hopped} != {path}"),
                    _ => assert!(hopped >= path - 1e-9, "S={s} M={m}: {hopped} < {path}"),
                }
            }
        }
    }

    #[test]
    fn bubble_is_the_idle_share() {
        let order = Schedule::GPipe.order(4, 4, 1);
        let t = simulate_schedule(&order, |_| Seconds(1.0), chain_deps(4, 0.0)).unwrap();
        let busy: f64 = (0..4).map(|m| t.busy(m).0).sum();
        assert!((t.bubble() - (1.0 - busy / (4.0 * t.step.0))).abs() < 1e-12);
        assert!(t.bubble() > 0.3 && t.bubble() < 0.5, "{}", t.bubble());
    }

    #[test]
    fn an_order_against_the_data_flow_deadlocks() {
        let order = vec![vec![Task { stage: 0, microbatch: 0, kind: TaskKind::Backward }]];
        let err = simulate_schedule(&order, |_| Seconds(1.0), chain_deps(2, 0.0)).unwrap_err();
        assert_eq!(err.to_string(), "the schedule deadlocks: B0.0 waits for B1.0, which has not run");
    }
}
