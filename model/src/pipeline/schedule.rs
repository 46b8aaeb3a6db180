//! Pipeline schedules: the order in which each mesh runs its work of a step.
//!
//! A step of a pipelined training program runs, on every mesh, a forward and a
//! backward task per microbatch of each stage the mesh holds, then one update (the
//! optimizer) per stage. A [`Schedule`] is the per-mesh order of those tasks; how
//! long the step then takes (the timeline, bubbles included) is the makespan
//! evaluator's (`makespan.rs`, which the cost model's `simulate_schedule` calls).
//! Text forms: `gpipe`, `1f1b`, `circular` (as the config language and the report
//! write them).
//!
//! - **GPipe**: every forward, then every backward (microbatches in order), then
//!   the update: all `M` microbatches' activations are held at once.
//! - **1F1B** (PipeDream-Flush): stage `s` of `S` runs `S − 1 − s` forwards, then
//!   alternates one forward and one backward, then drains the backwards: at most
//!   `S − s` microbatches in flight.
//! - **Circular**: the chain is cut into `V × S` stages and mesh `s` holds stages
//!   `s, S + s, …` (a microbatch loops `V` times round the meshes); each mesh runs
//!   its forwards round by round, then its backwards in reverse — GPipe over the
//!   virtual stages, with a bubble `V` times smaller.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A pipeline schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Schedule {
    /// All forwards, then all backwards.
    GPipe,
    /// One forward, one backward, after a warm-up.
    OneFOneB,
    /// Every mesh holds several non-adjacent stages of the chain.
    Circular,
}

impl Schedule {
    /// Every schedule.
    pub const ALL: [Schedule; 3] = [Schedule::GPipe, Schedule::OneFOneB, Schedule::Circular];

    /// The text form.
    pub fn as_str(self) -> &'static str {
        match self {
            Schedule::GPipe => "gpipe",
            Schedule::OneFOneB => "1f1b",
            Schedule::Circular => "circular",
        }
    }

    /// The tasks of each of `meshes` meshes, in the order it runs them, for
    /// `microbatches` microbatches and `rounds` stages per mesh (1 but for
    /// [`Schedule::Circular`]).
    pub fn order(self, meshes: u32, microbatches: u32, rounds: u32) -> Vec<Vec<Task>> {
        (0..meshes).map(|s| self.mesh_order(s, meshes, microbatches, rounds)).collect()
    }

    fn mesh_order(self, s: u32, meshes: u32, microbatches: u32, rounds: u32) -> Vec<Task> {
        let (m, rounds) = (microbatches, if self == Schedule::Circular { rounds.max(1) } else { 1 });
        let mut out = Vec::with_capacity((2 * m * rounds + rounds) as usize);
        let stage = |round: u32| round * meshes + s;
        match self {
            Schedule::GPipe | Schedule::Circular => {
                for round in 0..rounds {
                    out.extend((0..m).map(|mb| Task::forward(stage(round), mb)));
                }
                for round in (0..rounds).rev() {
                    out.extend((0..m).map(|mb| Task::backward(stage(round), mb)));
                }
            }
            Schedule::OneFOneB => {
                let warmup = (meshes - 1 - s).min(m);
                out.extend((0..warmup).map(|mb| Task::forward(s, mb)));
                for i in 0..m - warmup {
                    out.push(Task::forward(s, warmup + i));
                    out.push(Task::backward(s, i));
                }
                out.extend((m - warmup..m).map(|mb| Task::backward(s, mb)));
            }
        }
        out.extend((0..rounds).map(|round| Task { stage: stage(round), microbatch: 0, kind: TaskKind::Update }));
        out
    }

    /// The most microbatches whose activations stage `s` (of `stages`) holds at once
    /// under this schedule.
    pub fn in_flight(self, s: u32, stages: u32, microbatches: u32) -> u32 {
        match self {
            Schedule::GPipe | Schedule::Circular => microbatches,
            Schedule::OneFOneB => (stages - s.min(stages - 1)).min(microbatches),
        }
    }
}

/// What a task does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaskKind {
    /// A microbatch's forward pass through a stage.
    Forward,
    /// A microbatch's backward pass through a stage.
    Backward,
    /// The stage's update (its optimizer), once per step after every backward.
    Update,
}

impl TaskKind {
    /// One letter: `F`, `B`, `U`.
    pub fn letter(self) -> char {
        match self {
            TaskKind::Forward => 'F',
            TaskKind::Backward => 'B',
            TaskKind::Update => 'U',
        }
    }
}

/// One piece of work of a step: a stage's forward or backward on a microbatch, or
/// its update.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Task {
    /// The stage (its position in the chain of stages).
    pub stage: u32,
    /// The microbatch (0 for an update).
    pub microbatch: u32,
    /// What it does.
    pub kind: TaskKind,
}

impl Task {
    fn forward(stage: u32, microbatch: u32) -> Task {
        Task { stage, microbatch, kind: TaskKind::Forward }
    }

    fn backward(stage: u32, microbatch: u32) -> Task {
        Task { stage, microbatch, kind: TaskKind::Backward }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TaskKind::Update => write!(f, "U{}", self.stage),
            kind => write!(f, "{}{}.{}", kind.letter(), self.stage, self.microbatch),
        }
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Schedule {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Schedule::ALL.into_iter().find(|k| k.as_str() == s).ok_or_else(|| Error::Parse {
            offset: 0,
            message: format!("unknown schedule '{s}': expected gpipe, 1f1b or circular"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(tasks: &[Task]) -> String {
        tasks.iter().map(Task::to_string).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn one_f_one_b_warms_up_then_alternates() {
        let order = Schedule::OneFOneB.order(3, 4, 1);
        assert_eq!(names(&order[0]), "F0.0 F0.1 F0.2 B0.0 F0.3 B0.1 B0.2 B0.3 U0");
        assert_eq!(names(&order[2]), "F2.0 B2.0 F2.1 B2.1 F2.2 B2.2 F2.3 B2.3 U2");
        assert_eq!(Schedule::OneFOneB.in_flight(0, 3, 4), 3);
        assert_eq!(Schedule::OneFOneB.in_flight(2, 3, 4), 1);
    }

    #[test]
    fn gpipe_and_circular_run_forwards_first() {
        assert_eq!(names(&Schedule::GPipe.order(2, 2, 1)[1]), "F1.0 F1.1 B1.0 B1.1 U1");
        let circular = Schedule::Circular.order(2, 2, 2);
        assert_eq!(names(&circular[1]), "F1.0 F1.1 F3.0 F3.1 B3.0 B3.1 B1.0 B1.1 U1 U3");
    }

    #[test]
    fn every_task_appears_once() {
        for schedule in Schedule::ALL {
            let rounds = if schedule == Schedule::Circular { 3 } else { 1 };
            let order = schedule.order(4, 5, rounds);
            let mut all: Vec<Task> = order.concat();
            all.sort();
            all.dedup();
            assert_eq!(all.len(), (4 * rounds * (2 * 5 + 1)) as usize, "{schedule}");
        }
        assert_eq!("1f1b".parse::<Schedule>().unwrap(), Schedule::OneFOneB);
        assert!("zb".parse::<Schedule>().is_err());
    }
}
