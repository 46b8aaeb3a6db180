//! Why no plan fits the memory budget, when the constraints alone do not say
//! (`constraints.rs` explains budgets that every value at its smallest size already
//! breaks): the least peak the plans reach, where it is and what is live there.
//!
//! The least peak is found by re-solving: first without a budget (if that fails too,
//! memory is not the reason and the original message stands), then with the budget
//! halfway between the largest one no plan was found for and the smallest peak a
//! plan reached, until the two are within 1% or the time is spent. The plan at the
//! smallest peak is priced to name the op it peaks at and its largest buffers.
//!
//! Invariants: the message states only what was seen — the lower figure is a budget
//! no plan was found for (proven infeasible when the engine's ILP said so), the
//! upper one a plan's peak.

use crate::SolverOptions;
use crate::error::SolveError;
use crate::solve::Solver;
use autoshard_cost::HardwareSpec;
use autoshard_model::{Bytes, Program, Seconds};
use std::time::{Duration, Instant};

/// Probes at most.
const PROBES: usize = 8;

/// `reason` (the engine's infeasibility) explained for `program` under `hardware`'s
/// budget, spending up to `time`.
pub(crate) fn explain(
    program: &Program,
    hardware: &HardwareSpec,
    options: SolverOptions,
    time: Duration,
    reason: String,
) -> String {
    let deadline = Instant::now() + time;
    let budget = hardware.device.memory;
    let probe = |memory: Bytes, probes_left: usize| {
        let left = deadline.saturating_duration_since(Instant::now()) / probes_left.max(1) as u32;
        let options = SolverOptions { time_limit: Seconds(left.as_secs_f64().max(0.05)), ..options };
        let mut hardware = hardware.clone();
        hardware.device.memory = memory;
        Solver::new(options).solve_unexplained(program, &hardware)
    };
    let Ok(free) = probe(Bytes(u64::MAX / 4), PROBES) else { return reason };
    let (mut low, mut best) = (budget, free.plan);
    for k in 1..PROBES {
        let high = best.objective.peak_memory_bytes;
        if high.0.saturating_sub(low.0) <= high.0 / 100 || Instant::now() >= deadline {
            break;
        }
        let mid = Bytes(low.0 + (high.0 - low.0) / 2);
        match probe(mid, PROBES - k) {
            Ok(solved) => best = solved.plan,
            Err(SolveError::Infeasible(_) | SolveError::Backend(_)) => low = mid,
            Err(_) => break,
        }
    }
    let high = best.objective.peak_memory_bytes;
    let at = best.peak.as_ref().map_or(String::new(), |p| format!(", {p}"));
    let below = if low == budget { String::new() } else { format!(" (none was found with {low})") };
    let explained =
        format!("no plan fits the budget of {budget} per device: the least peak found is {high}{below}{at}");
    // The constraints' own explanation (the values at their smallest) stays beside it.
    if reason.contains("the budget is") { format!("{reason}; {explained}") } else { explained }
}
