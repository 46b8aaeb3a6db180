//! What a solve returns: the plan of docs/spec.md §8 together with the decisions (by id) it
//! was priced from, so later stages — a run on the CPU mesh, a benchmark, an
//! exporter — take the solver's choices as they are instead of reading names back.

use autoshard_cost::HardwareSpec;
use autoshard_cost::{Decisions, price_plan};
use autoshard_model::{Plan, Program};

/// A plan and the decisions behind it.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The plan: every value's sharding, every op's factor shardings, the
    /// collectives, the cost, and (from a solve) the solver's statistics.
    pub plan: Plan,
    /// Every value's sharding and every op's strategy, by id: what `plan` prices.
    pub decisions: Decisions,
}

impl Solution {
    /// `decisions` priced for `program` on `hardware`: the plan they make.
    pub fn priced(
        program: &Program,
        hardware: &HardwareSpec,
        decisions: Decisions,
    ) -> Result<Solution, autoshard_cost::Error> {
        let plan = price_plan(program, hardware, &decisions)?;
        Ok(Solution { plan, decisions })
    }
}
