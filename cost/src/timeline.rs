//! The timeline of a pipelined step: when each mesh runs each task, given the
//! schedule's per-mesh order and what each stage's tasks cost.
//!
//! The evaluation is the model's makespan evaluator (`TaskGraph`,
//! `model/src/pipeline/makespan.rs`: the one rule of what a task waits for, the task
//! graph, deadlock detection); this module keeps its result as a [`Timeline`] —
//! every task's start and end by mesh (the model's `TimedTask`), the step, and the
//! bubble, the share of mesh time spent idle within the step. For S stages of equal
//! cost t, M microbatches and no transfer delay, GPipe and 1F1B both take
//! (M + S − 1) × t per direction, the textbook figure.

use autoshard_model::Seconds;
use autoshard_model::pipeline::{Deadlock, Makespan, StageCost, Task, TaskGraph, TimedTask};

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

/// Simulates `order` (each mesh's tasks in run order, every task's stage below
/// `stages.len()`) with `stages[k]` what stage `k`'s tasks take (a stage whose
/// backward takes no time has none: its forward sends the gradient) and `hops[k]` the
/// delay of the data between stage `k` and `k + 1`.
pub fn simulate_schedule(order: &[Vec<Task>], stages: &[StageCost], hops: &[Seconds]) -> Result<Timeline, Deadlock> {
    let no_backward: Vec<bool> = stages.iter().map(StageCost::has_no_backward).collect();
    let graph = TaskGraph::new(order, &no_backward)?;
    let mut makespan = Makespan::default();
    graph.evaluate(stages, hops, &mut makespan);
    let tasks =
        graph.spans(&makespan).map(|s| TimedTask { mesh: s.mesh, task: s.task, start: s.start, end: s.end }).collect();
    Ok(Timeline { tasks, step: makespan.step(), meshes: order.len() as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::pipeline::{Schedule, TaskKind};

    /// A chain of `s` stages of forward `f`, backward `b` and no update, stage `k` on
    /// mesh `k`, each hop delayed by `hop`.
    fn step(schedule: Schedule, s: u32, m: u32, f: f64, b: f64, hop: f64) -> f64 {
        let order = schedule.order(s, m, 1);
        let stages = vec![StageCost { forward: Seconds(f), backward: Seconds(b), update: Seconds(0.0) }; s as usize];
        simulate_schedule(&order, &stages, &vec![Seconds(hop); s as usize - 1]).unwrap().step.0
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
        let one = StageCost { forward: Seconds(1.0), backward: Seconds(1.0), update: Seconds(1.0) };
        let t = simulate_schedule(&order, &[one; 4], &[Seconds(0.0); 3]).unwrap();
        let busy: f64 = (0..4).map(|m| t.busy(m).0).sum();
        assert!((t.bubble() - (1.0 - busy / (4.0 * t.step.0))).abs() < 1e-12);
        assert!(t.bubble() > 0.3 && t.bubble() < 0.5, "{}", t.bubble());
    }

    #[test]
    fn an_order_against_the_data_flow_deadlocks() {
        // B0.0 waits for its forward, which runs, and for B1.0, which no mesh runs.
        let order = vec![vec![
            Task { stage: 0, microbatch: 0, kind: TaskKind::Forward },
            Task { stage: 0, microbatch: 0, kind: TaskKind::Backward },
        ]];
        let one = StageCost { forward: Seconds(1.0), backward: Seconds(1.0), update: Seconds(1.0) };
        let err = simulate_schedule(&order, &[one; 2], &[Seconds(0.0)]).unwrap_err();
        assert_eq!(err.to_string(), "the schedule deadlocks: B0.0 waits for B1.0, which has not run");
    }
}
