//! The search over contiguous splits of a chain into pipeline stages.
//!
//! Given what each candidate stage costs (a run of units on a mesh: its forward,
//! backward and update times, or `None` when it does not fit the mesh's memory or
//! breaks a user assignment) and the delay of a transfer across each unit boundary,
//! find the split whose simulated step time (`autoshard_cost::simulate_schedule`,
//! through the model's makespan evaluator) is least, for a schedule, a number of
//! meshes and of microbatches. Stage `k` runs on mesh `k mod meshes` (the circular
//! schedule's `rounds` stages per mesh; one otherwise).
//!
//! Small chains are searched exhaustively. For larger ones the first split ranks
//! splits by the flow-shop figure Σ c + (M − 1)·max c (c: a stage's forward +
//! backward per microbatch with its transfers, plus its update spread over the
//! microbatches) — exactly the simulated time when stages are equal — found exactly
//! by dynamic programming over a bottleneck threshold, then improved by moving stage
//! boundaries while the simulated time drops; from it a branch and bound over the
//! paths of the model's task graph (`branch.rs`) finds the best split and proves
//! it, within a budget of nodes. The result carries a lower bound on every split's
//! step time: the split's own when proven; else the larger of the branch and
//! bound's root bound and the busiest mesh's work or one microbatch's way through
//! every unit, each minimised over all splits.

use autoshard_cost::{Deadlock, Timeline, simulate_schedule};
use autoshard_model::Seconds;
use autoshard_model::pipeline::Schedule;
// What running units `[first, end)` as one stage on a mesh costs: the model's, as
// the makespan evaluator reads it.
pub use autoshard_model::pipeline::StageCost;

/// The costs the search reads.
pub trait SplitCosts {
    /// Units `[first, end)` as stage number `stage` (on mesh `stage mod meshes`), or
    /// `None` if they cannot be (memory, an assignment).
    fn stage(&self, first: usize, end: usize, stage: usize) -> Option<StageCost>;
    /// The delay of the transfers across the boundary after unit `unit`, one way.
    fn hop(&self, unit: usize) -> Seconds;
}

/// A split and its simulated step.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// Each stage's first unit, then the number of units: stage `k` is
    /// `bounds[k]..bounds[k + 1]`.
    pub bounds: Vec<usize>,
    /// The simulated timeline.
    pub timeline: Timeline,
}

/// The shape of the pipeline being searched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    /// The schedule.
    pub schedule: Schedule,
    /// The meshes used (the first `meshes` of the topology).
    pub meshes: usize,
    /// Stages per mesh (circular), else 1.
    pub rounds: usize,
    /// Microbatches per step.
    pub microbatches: u32,
}

impl Shape {
    /// The number of stages.
    pub fn stages(&self) -> usize {
        self.meshes * self.rounds
    }
}

/// Splits at most this many are simulated one by one.
const EXHAUSTIVE: u64 = 20_000;

/// The nodes the branch and bound may visit per shape before it gives up the proof
/// (a count, not a time, so the result is deterministic).
const NODES: u64 = 300_000;

/// What the search of one shape found.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitSearch {
    /// The split with the least simulated step found.
    pub split: Split,
    /// A lower bound on the simulated step of every split of the shape: the split's
    /// own step when it is proven the best, the cutoff when every split was proven
    /// no better than it.
    pub bound: Seconds,
    /// Whether the search finished: the bound is then the least of the split's step
    /// and the cutoff (else the branch and bound ran out of nodes, and the bound is the
    /// root's).
    pub proven: bool,
}

/// The best split of `units` units for `shape`, with a lower bound on every
/// split's step time; `None` if no split is feasible.
pub fn best_split(costs: &dyn SplitCosts, units: usize, shape: Shape) -> Option<SplitSearch> {
    best_split_from(costs, units, shape, start_split(costs, units, shape)?, Seconds(f64::INFINITY))
}

/// The search's first split of a shape: the best, when the shape has few enough
/// splits to simulate them all; else the flow-shop split improved by boundary moves.
pub(crate) fn start_split(costs: &dyn SplitCosts, units: usize, shape: Shape) -> Option<Split> {
    let stages = shape.stages();
    if stages == 0 || stages > units {
        return None;
    }
    if binomial(units - 1, stages - 1) <= EXHAUSTIVE {
        return exhaustive(costs, units, shape);
    }
    let start = flow_shop_split(costs, units, shape)?;
    improve(costs, shape, start)
}

/// The best split of a shape starting from `start` (its [`start_split`]), or a proof
/// that no split is below `cutoff` (the best step of another shape: a split that
/// cannot beat it need not be found).
pub(crate) fn best_split_from(
    costs: &dyn SplitCosts,
    units: usize,
    shape: Shape,
    start: Split,
    cutoff: Seconds,
) -> Option<SplitSearch> {
    if binomial(units - 1, shape.stages() - 1) <= EXHAUSTIVE {
        return Some(SplitSearch { bound: start.timeline.step, split: start, proven: true });
    }
    let lower = lower_bound(costs, units, shape)?;
    let incumbent = Some((start.bounds.clone(), start.timeline.step.0));
    let Some(found) = branch::search(costs, units, shape, incumbent, cutoff.0, NODES) else {
        return Some(SplitSearch { split: start, bound: lower, proven: false });
    };
    let split = simulate(costs, shape, &found.bounds)?;
    let bound = Seconds(lower.0.max(found.bound).min(split.timeline.step.0));
    Some(SplitSearch { split, bound, proven: found.proven })
}

/// Simulates the split `bounds`.
pub(crate) fn simulate(costs: &dyn SplitCosts, shape: Shape, bounds: &[usize]) -> Option<Split> {
    let stage_costs: Vec<StageCost> =
        (0..bounds.len() - 1).map(|k| costs.stage(bounds[k], bounds[k + 1], k)).collect::<Option<_>>()?;
    let hops: Vec<Seconds> = (1..bounds.len() - 1).map(|k| costs.hop(bounds[k] - 1)).collect();
    let timeline = simulate_stages(&stage_costs, &hops, shape).ok()?;
    Some(Split { bounds: bounds.to_vec(), timeline })
}

/// The timeline of stages with these costs, `hops[k]` the delay between stage `k`
/// and `k + 1` (a stage whose backward takes no time, the last, sends its gradient
/// when its forward ends).
pub fn simulate_stages(stages: &[StageCost], hops: &[Seconds], shape: Shape) -> Result<Timeline, Deadlock> {
    let order = shape.schedule.order(shape.meshes as u32, shape.microbatches, shape.rounds as u32);
    simulate_schedule(&order, stages, hops)
}

fn binomial(n: usize, k: usize) -> u64 {
    let k = k.min(n - k.min(n));
    let mut out: u64 = 1;
    for i in 0..k as u64 {
        out = out.saturating_mul(n as u64 - i) / (i + 1);
        if out > EXHAUSTIVE {
            return u64::MAX;
        }
    }
    out
}

fn exhaustive(costs: &dyn SplitCosts, units: usize, shape: Shape) -> Option<Split> {
    let stages = shape.stages();
    let mut bounds: Vec<usize> = (0..stages).chain([units]).collect();
    let mut best: Option<Split> = None;
    loop {
        if let Some(split) = simulate(costs, shape, &bounds)
            && best.as_ref().is_none_or(|b| split.timeline.step.0 < b.timeline.step.0 - 1e-15)
        {
            best = Some(split);
        }
        // The next increasing sequence bounds[1..stages] in 1..units.
        let mut k = stages - 1;
        loop {
            if k == 0 {
                return best;
            }
            if bounds[k] < units - (stages - k) {
                bounds[k] += 1;
                for j in k + 1..stages {
                    bounds[j] = bounds[j - 1] + 1;
                }
                break;
            }
            k -= 1;
        }
    }
}

/// Stage `k`'s per-microbatch weight in the flow-shop figure.
fn weight(costs: &dyn SplitCosts, shape: Shape, first: usize, end: usize, k: usize, units: usize) -> Option<f64> {
    let c = costs.stage(first, end, k)?;
    let mut w = c.forward.0 + c.backward.0 + c.update.0 / f64::from(shape.microbatches);
    if first > 0 {
        w += costs.hop(first - 1).0;
    }
    if end < units {
        w += costs.hop(end - 1).0;
    }
    Some(w)
}

/// min Σ w subject to every stage's w ≤ `cap`, by dynamic programming over
/// (stages placed, units covered); returns the sum and the bounds.
fn capped_sum(costs: &dyn SplitCosts, units: usize, shape: Shape, cap: f64) -> Option<(f64, Vec<usize>)> {
    let stages = shape.stages();
    let mut best = vec![vec![f64::INFINITY; units + 1]; stages + 1];
    let mut from = vec![vec![0usize; units + 1]; stages + 1];
    best[0][0] = 0.0;
    for k in 0..stages {
        for first in k..units {
            let base = best[k][first];
            if !base.is_finite() {
                continue;
            }
            for end in first + 1..=units - (stages - k - 1) {
                let Some(w) = weight(costs, shape, first, end, k, units) else { continue };
                if w > cap {
                    continue;
                }
                if base + w < best[k + 1][end] {
                    best[k + 1][end] = base + w;
                    from[k + 1][end] = first;
                }
            }
        }
    }
    let total = best[stages][units];
    if !total.is_finite() {
        return None;
    }
    let mut bounds = vec![units];
    let mut end = units;
    for k in (1..=stages).rev() {
        end = from[k][end];
        bounds.push(end);
    }
    bounds.reverse();
    Some((total, bounds))
}

/// The split minimising Σ w + (M − 1)·max w: for each threshold on max w (every
/// stage weight that occurs, ascending), the least Σ w under it; thresholds past
/// the point where the saving in Σ w can no longer pay for the larger max stop the
/// scan.
fn flow_shop_split(costs: &dyn SplitCosts, units: usize, shape: Shape) -> Option<Split> {
    let mut caps: Vec<f64> = Vec::new();
    for first in 0..units {
        for end in first + 1..=units {
            for k in 0..shape.stages() {
                if let Some(w) = weight(costs, shape, first, end, k, units) {
                    caps.push(w);
                }
            }
        }
    }
    caps.sort_by(f64::total_cmp);
    caps.dedup();
    let m1 = f64::from(shape.microbatches.saturating_sub(1)).max(1e-9);
    let unlimited = capped_sum(costs, units, shape, f64::INFINITY)?.0;
    let mut best: Option<(f64, Vec<usize>)> = None;
    let mut lo = 0usize;
    // The least feasible threshold, by bisection (feasibility is monotone).
    let mut hi = caps.len();
    while lo < hi {
        let mid = (lo + hi) / 2;
        if capped_sum(costs, units, shape, caps[mid]).is_some() { hi = mid } else { lo = mid + 1 }
    }
    for &cap in &caps[lo..] {
        if let Some((b, _)) = &best
            && unlimited + m1 * cap >= *b
        {
            break;
        }
        let Some((sum, bounds)) = capped_sum(costs, units, shape, cap) else { continue };
        let value = sum + m1 * cap;
        if best.as_ref().is_none_or(|(v, _)| value < *v) {
            best = Some((value, bounds));
        }
    }
    simulate(costs, shape, &best?.1)
}

/// Moves single boundaries by one unit while the simulated step drops.
fn improve(costs: &dyn SplitCosts, shape: Shape, mut best: Split) -> Option<Split> {
    loop {
        let mut better = None;
        for k in 1..best.bounds.len() - 1 {
            for delta in [-1isize, 1] {
                let moved = best.bounds[k] as isize + delta;
                if moved <= best.bounds[k - 1] as isize || moved >= best.bounds[k + 1] as isize {
                    continue;
                }
                let mut bounds = best.bounds.clone();
                bounds[k] = moved as usize;
                if let Some(split) = simulate(costs, shape, &bounds)
                    && split.timeline.step.0 < best.timeline.step.0 - 1e-15
                    && better.as_ref().is_none_or(|b: &Split| split.timeline.step.0 < b.timeline.step.0)
                {
                    better = Some(split);
                }
            }
        }
        match better {
            Some(split) => best = split,
            None => return Some(best),
        }
    }
}

/// A lower bound on the step time of every split, each part minimised over all
/// splits: the busiest mesh (M microbatches' forward and backward plus the update of
/// a stage; with one stage per mesh, also the forwards and backwards of one
/// microbatch through the stages before it, which it cannot overlap), the meshes'
/// average load, and one microbatch's way through every stage.
fn lower_bound(costs: &dyn SplitCosts, units: usize, shape: Shape) -> Option<Seconds> {
    let stages = shape.stages();
    let m = f64::from(shape.microbatches);
    let per_mb = |first: usize, end: usize, k: usize| costs.stage(first, end, k).map(|c| c.forward.0 + c.backward.0);
    let load = |first: usize, end: usize, k: usize| {
        costs.stage(first, end, k).map(|c| (m * (c.forward.0 + c.backward.0), c.update.0))
    };
    // The least τ such that some split keeps prefix_k + load_k ≤ τ for every stage
    // k (prefix_k: one microbatch's forward and backward through the stages before
    // k, counted only with one stage per mesh), by bisection on τ; the feasibility
    // DP keeps the least prefix per (stages placed, units covered).
    let with_prefix = shape.rounds == 1;
    let feasible = |tau: f64| -> bool {
        let mut best = vec![vec![f64::INFINITY; units + 1]; stages + 1];
        best[0][0] = 0.0;
        for k in 0..stages {
            let (placed, next) = best.split_at_mut(k + 1);
            let (row, next) = (&placed[k], &mut next[0]);
            let last = units - (stages - k - 1);
            for (first, &prefix) in row.iter().enumerate().take(units).skip(k) {
                if !prefix.is_finite() {
                    continue;
                }
                for (end, slot) in next.iter_mut().enumerate().take(last + 1).skip(first + 1) {
                    let (Some((work, update)), Some(c)) = (load(first, end, k), per_mb(first, end, k)) else {
                        continue;
                    };
                    // The update may overlap the earlier stages' last backwards.
                    let before = if with_prefix { prefix } else { 0.0 };
                    if (before + work).max(work + update) <= tau && prefix + c < *slot {
                        *slot = prefix + c;
                    }
                }
            }
        }
        best[stages][units].is_finite()
    };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while !feasible(hi) {
        hi *= 2.0;
        if hi > 1e12 {
            return None;
        }
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if feasible(mid) { hi = mid } else { lo = mid }
    }
    let busiest = lo;
    // The average load: all units' work spread evenly, each unit at its cheapest.
    let total: f64 = (0..units)
        .map(|u| (0..shape.meshes).filter_map(|k| load(u, u + 1, k)).map(|(w, u)| w + u).fold(f64::INFINITY, f64::min))
        .sum();
    let average = if total.is_finite() { total / shape.meshes as f64 } else { 0.0 };
    // One microbatch's way: every unit's forward and backward, each at its cheapest.
    let path: f64 =
        (0..units).map(|u| (0..shape.meshes).filter_map(|k| per_mb(u, u + 1, k)).fold(f64::INFINITY, f64::min)).sum();
    let path = if path.is_finite() { path } else { 0.0 };
    Some(Seconds(busiest.max(average).max(path)))
}

mod branch;
#[cfg(test)]
mod tests;
