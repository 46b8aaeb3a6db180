//! Solving a program with `case`s: its plan costs each `case`'s most expensive
//! branch (only one runs), a max that the core problem, a sum of node and edge
//! costs, cannot state. The solve weights each branch instead
//! ([`BranchWeights`]): with weights summing to one per `case`, the weighted
//! optimum is a lower bound on the plan's optimum, and the plan it picks (priced
//! with the max) an upper bound.
//!
//! Rounds (docs/solver.md, "Branches"): the branches weighed alike first; then, while
//! the bound and the best plan differ, the branches the latest plan found most
//! expensive weighed alone (their optimum is the bound that meets the plan when
//! those branches are the most expensive under every plan, as when a `cond` chooses
//! between work and nothing), and weighed all but a sliver (the plan: the other
//! branches still priced, so none is left to chance). A set of heaviest branches is
//! tried once; [`ROUNDS`] at most. The best plan by its priced total is kept with the
//! best bound, so the gap it reports is proven either way.

use crate::error::Result;
use crate::search::ROUNDING;
use crate::solution::Solution;
use autoshard_cost::BranchWeights;
use autoshard_model::{OpId, Plan, Program, Seconds};
use std::collections::{BTreeMap, BTreeSet};

/// Sets of heaviest branches tried at most.
const ROUNDS: usize = 3;

/// The weight the other branches of a `case` share while its heaviest is solved for
/// the plan: enough to price them, too little to move the heaviest's optimum.
const SPARE: f64 = 1e-6;

/// The best plan for `program` over rounds of branch weights, `solve` giving the
/// plan for each weighting (its statistics bound the weighted optimum); `gap` is
/// the relative gap at which to stop. Without a `case` of two branches or more, one
/// solve.
pub(crate) fn branch_rounds(
    program: &Program,
    gap: f64,
    mut solve: impl FnMut(&BranchWeights) -> Result<Solution>,
) -> Result<Solution> {
    let uniform = BranchWeights::uniform(program);
    let mut best = solve(&uniform)?;
    if !uniform.matter() {
        return Ok(best);
    }
    let mut rounds = Rounds { bound: bound(&best.plan), elapsed: elapsed(&best.plan), gap };
    let mut heaviest = heaviest_branches(program, &best.plan);
    let mut tried = BTreeSet::new();
    // A later round that fails (out of time) ends the rounds: the best plan stands.
    while tried.len() < ROUNDS && !rounds.closed(&best) && tried.insert(heaviest.clone()) {
        let Ok(alone) = solve(&BranchWeights::favouring(program, &heaviest, 0.0)) else { break };
        rounds.keep(&mut best, alone);
        if rounds.closed(&best) {
            break;
        }
        let Ok(plan) = solve(&BranchWeights::favouring(program, &heaviest, SPARE)) else { break };
        heaviest = heaviest_branches(program, &plan.plan);
        rounds.keep(&mut best, plan);
    }
    rounds.certify(&mut best.plan);
    Ok(best)
}

/// What the rounds have proven so far.
struct Rounds {
    /// The best lower bound on the plan's optimum.
    bound: f64,
    /// The latest solve's wall time (all count from the solve's start).
    elapsed: Seconds,
    /// The relative gap to stop at.
    gap: f64,
}

impl Rounds {
    /// Keeps the cheaper of `best` and `next` (`best` on a tie) and the better bound.
    fn keep(&mut self, best: &mut Solution, next: Solution) {
        self.bound = self.bound.max(bound(&next.plan));
        self.elapsed = Seconds(self.elapsed.0.max(elapsed(&next.plan).0));
        if next.plan.objective.total_s.0 < best.plan.objective.total_s.0 {
            *best = next;
        }
    }

    /// Whether `best` is within the gap of the bound.
    fn closed(&self, best: &Solution) -> bool {
        let total = best.plan.objective.total_s.0;
        total - self.bound <= self.gap.max(ROUNDING) * total.abs()
    }

    /// Writes the best bound, its gap and the status it proves into `plan`'s
    /// statistics.
    fn certify(&self, plan: &mut Plan) {
        let total = plan.objective.total_s.0;
        let Some(stats) = plan.solver.as_mut() else { return };
        let gap = if total > 0.0 { ((total - self.bound) / total).max(0.0) } else { 0.0 };
        stats.bound = Some(self.bound);
        stats.gap = Some(gap);
        stats.status = if gap <= ROUNDING { "optimal" } else { "feasible" }.into();
        stats.time_s = self.elapsed;
    }
}

/// The bound a solve's statistics state (none: no bound, `-inf`).
fn bound(plan: &Plan) -> f64 {
    plan.solver.as_ref().and_then(|s| s.bound).unwrap_or(f64::NEG_INFINITY)
}

fn elapsed(plan: &Plan) -> Seconds {
    plan.solver.as_ref().map_or(Seconds(0.0), |s| s.time_s)
}

/// Each `case`'s most expensive branch under `plan`.
fn heaviest_branches(program: &Program, plan: &Plan) -> BTreeMap<OpId, usize> {
    let named = |c: &autoshard_model::CasePlan| program.op_named(&c.name).map(|id| (id, c.heaviest()));
    plan.cases.iter().filter_map(named).collect()
}
