//! A pipeline plan: the stages (which units, on which mesh, with which SPMD plan),
//! the schedule and its predicted timeline, the bound it is proven against, and the
//! pure-SPMD plan it was compared with.

use super::split::Shape;
use super::stages::{SolvedStage, Transfer};
use crate::Solution;
use autoshard_cost::Timeline;
use autoshard_model::Seconds;
use autoshard_model::pipeline::{MeshId, Schedule};

/// One stage of a pipeline plan.
#[derive(Debug, Clone)]
pub struct StagePlan {
    /// Its position in the chain of stages.
    pub index: usize,
    /// Its units, `first..end` of the chain.
    pub first: usize,
    /// One past its last unit.
    pub end: usize,
    /// The mesh that runs it.
    pub mesh: MeshId,
    /// Its program, plan and fragments.
    pub solved: SolvedStage,
}

/// A shape the search tried and what it found.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The schedule and the number of meshes and stages.
    pub shape: Shape,
    /// The best split's bounds, estimated from units solved alone.
    pub bounds: Vec<usize>,
    /// Its estimated step time.
    pub estimate: Seconds,
    /// A lower bound on the estimate of every split of its shape: the estimate
    /// itself when the split is proven the shape's best, the best estimate of the
    /// shapes searched before it when no split of this one was proven to beat that.
    pub bound: Seconds,
    /// Its step time with every stage solved whole, if it was.
    pub step: Option<Seconds>,
}

/// The plan of a pipelined step.
#[derive(Debug, Clone)]
pub struct PipelinePlan {
    /// The schedule.
    pub schedule: Schedule,
    /// Stages per mesh.
    pub rounds: u32,
    /// Microbatches per step.
    pub microbatches: u32,
    /// The stages, in chain order.
    pub stages: Vec<StagePlan>,
    /// The predicted timeline of a step.
    pub timeline: Timeline,
    /// What one microbatch sends between consecutive stages (`transfers[k]`: from
    /// stage `k` to `k + 1` and back).
    pub transfers: Vec<Transfer>,
    /// A lower bound on any split's step time over the shapes searched.
    pub bound: Seconds,
    /// The shapes searched, best estimate first.
    pub candidates: Vec<Candidate>,
    /// The best pure-SPMD plan of the whole step on all devices, if it was solved.
    pub spmd: Option<Solution>,
    /// Wall time of the solve.
    pub solve_time: Seconds,
}

impl PipelinePlan {
    /// The predicted step time.
    pub fn step(&self) -> Seconds {
        self.timeline.step
    }

    /// (step − bound) / step.
    pub fn gap(&self) -> f64 {
        let step = self.step().0;
        if step <= 0.0 { 0.0 } else { ((step - self.bound.0) / step).max(0.0) }
    }

    /// The stage that holds unit `unit`.
    pub fn stage_of_unit(&self, unit: usize) -> Option<&StagePlan> {
        self.stages.iter().find(|s| s.first <= unit && unit < s.end)
    }
}
