//! Branch and bound over the contiguous splits of a chain: the split with the least
//! simulated step, proven, for chains too long to simulate every split.
//!
//! The simulated step of a split is the longest path through the shape's task graph
//! (`autoshard_model::pipeline::TaskGraph`, model/src/pipeline/makespan.rs), whose structure depends on the split only through which stages
//! have no backward. So the splits are searched per **pattern** of such stages (the
//! feasible ones, found first); within a pattern every path of the graph exists for
//! every split, and a path's length is a sum over stages of a cost of that stage
//! alone. Any path therefore gives a lower bound on the step of every split that
//! extends a prefix of stages: the prefix's part of the path plus the least the rest
//! of the path can cost over the remaining units — a dynamic program over (stage,
//! first unit), tabulated once per path. The bound of a node is the largest over the
//! paths known. Paths are learnt as the search goes: the critical path of every split
//! simulated joins the set, so the bound tightens where the search looks.
//!
//! A convex combination of paths bounds too, and more strongly: no single split makes
//! every path short. Before branching, Kelley's cutting planes find the combination
//! whose least cost over all splits is largest — a small LP over the paths and the
//! splits met so far (microlp), a dynamic program for the split that a combination
//! rates best, whose simulation adds a cut and its critical path — the Lagrangian
//! bound of the min-max over paths, which joins the bounding set.
//!
//! The search is depth first, children in order of their bound, pruned when the
//! bound reaches the best step found; it is exact when it finishes within its budget
//! of nodes, and says so.

use super::{Shape, SplitCosts, StageCost};
use autoshard_model::Seconds;
use autoshard_model::pipeline::{CriticalPath, Makespan, TaskGraph};
use good_lp::{Expression, ProblemVariables, Solution, SolverModel, Variable, variable};
use std::collections::HashSet;

/// Rounds of Kelley's method at the root of each pattern's search.
const ROUNDS: usize = 40;

/// Paths kept for bounding (each costs a table and a term per node).
const MAX_PATHS: usize = 64;

/// Patterns of stages without a backward searched at most; above, no proof.
const MAX_PATTERNS: usize = 16;

/// The best split found and whether it is proven best.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Outcome {
    /// Each stage's first unit, then the number of units.
    pub bounds: Vec<usize>,
    /// Its simulated step.
    pub step: f64,
    /// Whether every split was bounded or simulated (else the budget ran out).
    pub proven: bool,
    /// A lower bound on every split's step: `step` when proven.
    pub bound: f64,
}

/// Every stage's cost, tabulated: `[stage][first][end]`.
struct Table {
    units: usize,
    stages: usize,
    cost: Vec<Option<StageCost>>,
    /// The hop after each unit.
    hop: Vec<f64>,
}

impl Table {
    fn new(costs: &dyn SplitCosts, units: usize, stages: usize) -> Table {
        let mut cost = vec![None; stages * units * (units + 1)];
        for k in 0..stages {
            for first in k..units {
                for end in first + 1..=units - (stages - k - 1) {
                    cost[(k * units + first) * (units + 1) + end] = costs.stage(first, end, k);
                }
            }
        }
        Table { units, stages, cost, hop: (0..units).map(|u| costs.hop(u).0).collect() }
    }

    fn get(&self, k: usize, first: usize, end: usize) -> Option<&StageCost> {
        self.cost[(k * self.units + first) * (self.units + 1) + end].as_ref()
    }

    /// The hop after a stage ending at `end` (0 after the last unit).
    fn hop_after(&self, end: usize) -> f64 {
        if end < self.units { self.hop[end - 1] } else { 0.0 }
    }
}

/// The best split of `units` units for `shape`, starting from `incumbent` (a split
/// and its step), pruning what cannot go below `cutoff` either, exploring at most
/// `budget` nodes; `None` when no split is feasible or the patterns of stages
/// without a backward are too many to search.
pub(crate) fn search(
    costs: &dyn SplitCosts,
    units: usize,
    shape: Shape,
    incumbent: Option<(Vec<usize>, f64)>,
    cutoff: f64,
    budget: u64,
) -> Option<Outcome> {
    let stages = shape.stages();
    if stages == 0 || stages > units {
        return None;
    }
    let table = Table::new(costs, units, stages);
    let patterns = patterns(&table)?;
    let (mut bounds, mut step) = incumbent.unwrap_or_default();
    if bounds.is_empty() {
        step = f64::INFINITY;
    }
    // A pattern searched to the end has no split below the final best; one cut short
    // has none below its root's Lagrangian floor.
    let mut floor = f64::INFINITY;
    let mut nodes = 0u64;
    for pattern in patterns {
        let (meshes, rounds) = (shape.meshes as u32, shape.rounds as u32);
        let Ok(graph) = TaskGraph::of_schedule(shape.schedule, meshes, shape.microbatches, rounds, &pattern) else {
            continue;
        };
        let mut search = Search::new(&table, graph, pattern, step, std::mem::take(&mut bounds));
        search.cutoff = cutoff;
        search.budget = budget.saturating_sub(nodes);
        search.run();
        nodes += search.nodes;
        if search.exhausted {
            floor = floor.min(search.floor);
        }
        (bounds, step) = (search.best_bounds, search.best);
    }
    let proven = floor == f64::INFINITY;
    (!bounds.is_empty()).then_some(Outcome { bounds, step, proven, bound: floor.min(step).min(cutoff) })
}

/// The feasible patterns of stages without a backward (`true`: none), stage 0's
/// always `false` (no task waits for its gradient); `None` if there are too many.
fn patterns(table: &Table) -> Option<Vec<Vec<bool>>> {
    let (stages, units) = (table.stages, table.units);
    let mut out = Vec::new();
    let mut start = vec![false; units + 1];
    start[0] = true;
    // Depth first over stages; each entry: the pattern so far and where it can end.
    let mut stack: Vec<(Vec<bool>, Vec<bool>)> = vec![(Vec::new(), start)];
    while let Some((pattern, reach)) = stack.pop() {
        let k = pattern.len();
        if k == stages {
            if reach[units] {
                out.push(pattern);
                if out.len() > MAX_PATTERNS {
                    return None;
                }
            }
            continue;
        }
        let choices: &[bool] = if k == 0 { &[false] } else { &[true, false] };
        for &none in choices {
            let mut next = vec![false; units + 1];
            for first in (0..units).filter(|&f| reach[f]) {
                for (end, slot) in next.iter_mut().enumerate().take(units - (stages - k - 1) + 1).skip(first + 1) {
                    let fits = table.get(k, first, end).is_some_and(|c| k == 0 || c.has_no_backward() == none);
                    *slot |= fits;
                }
            }
            if next.iter().any(|&r| r) {
                let mut p = pattern.clone();
                p.push(none);
                stack.push((p, next));
            }
        }
    }
    out.sort();
    Some(out)
}

/// A bounding function: how many times a path (or a combination of paths) counts
/// each stage's forward, backward and update, and each boundary's hop.
#[derive(Debug, Clone, PartialEq)]
struct Weights {
    forward: Vec<f64>,
    backward: Vec<f64>,
    update: Vec<f64>,
    hops: Vec<f64>,
}

impl Weights {
    fn of(path: &CriticalPath) -> Weights {
        let real = |v: &[u32]| v.iter().map(|&n| f64::from(n)).collect();
        Weights {
            forward: real(&path.forward),
            backward: real(&path.backward),
            update: real(&path.update),
            hops: real(&path.hops),
        }
    }

    /// `Σ λ_i · parts_i`.
    fn combine(parts: &[Weights], lambda: &[f64]) -> Weights {
        let mix = |get: fn(&Weights) -> &Vec<f64>| {
            let n = get(&parts[0]).len();
            (0..n).map(|i| parts.iter().zip(lambda).map(|(p, l)| l * get(p)[i]).sum()).collect()
        };
        Weights {
            forward: mix(|w| &w.forward),
            backward: mix(|w| &w.backward),
            update: mix(|w| &w.update),
            hops: mix(|w| &w.hops),
        }
    }

    /// The cost through stage `k` costing `c`, the hop after it costing `hop`.
    fn weight(&self, k: usize, c: &StageCost, hop: f64) -> f64 {
        let tasks = self.forward[k] * c.forward.0 + self.backward[k] * c.backward.0 + self.update[k] * c.update.0;
        tasks + self.hops.get(k).map_or(0.0, |h| h * hop)
    }
}

/// The search within one pattern.
struct Search<'t> {
    table: &'t Table,
    graph: TaskGraph,
    pattern: Vec<bool>,
    /// Whether units `[first, ..)` can be split into stages `k..`: `[k][first]`.
    reach: Vec<Vec<bool>>,
    /// The bounding functions: critical paths, and the root's combination.
    paths: Vec<Weights>,
    known: HashSet<CriticalPath>,
    /// Splits simulated at the root (Kelley's cuts).
    cuts: Vec<Vec<usize>>,
    /// Per path, the least its stages `k..` can cost over units `[first, ..)`.
    suffix: Vec<Vec<Vec<f64>>>,
    /// Per depth of the current branch, each path's cost over its stages so far.
    prefix: Vec<Vec<f64>>,
    bounds: Vec<usize>,
    best: f64,
    best_bounds: Vec<usize>,
    /// The root's Lagrangian bound (0 before it is found).
    floor: f64,
    /// Another shape's best step: what no split needs to be proven against.
    cutoff: f64,
    nodes: u64,
    budget: u64,
    exhausted: bool,
    /// The evaluation of the latest leaf, and its stage costs and hops: buffers
    /// reused from leaf to leaf.
    makespan: Makespan,
    leaf_costs: Vec<StageCost>,
    leaf_hops: Vec<Seconds>,
}

impl<'t> Search<'t> {
    fn new(table: &'t Table, graph: TaskGraph, pattern: Vec<bool>, best: f64, best_bounds: Vec<usize>) -> Self {
        let mut search = Search {
            table,
            graph,
            pattern,
            reach: Vec::new(),
            paths: Vec::new(),
            known: HashSet::new(),
            cuts: Vec::new(),
            suffix: Vec::new(),
            prefix: vec![Vec::new()],
            bounds: vec![0],
            best,
            best_bounds,
            floor: 0.0,
            cutoff: f64::INFINITY,
            nodes: 0,
            budget: u64::MAX,
            exhausted: false,
            makespan: Makespan::default(),
            leaf_costs: Vec::new(),
            leaf_hops: Vec::new(),
        };
        search.reach = search.reachable();
        // The best split so far, if it has this pattern, teaches its critical path.
        if search.best_bounds.len() == table.stages + 1 && search.stage_costs(&search.best_bounds).is_some() {
            let bounds = search.best_bounds.clone();
            search.leaf(&bounds);
        }
        search
    }

    /// Stage `k` over `[first, end)` if this pattern allows it.
    fn allowed(&self, k: usize, first: usize, end: usize) -> Option<&'t StageCost> {
        let table: &'t Table = self.table;
        table.get(k, first, end).filter(|c| k == 0 || c.has_no_backward() == self.pattern[k])
    }

    fn ends(&self, k: usize, first: usize) -> std::ops::RangeInclusive<usize> {
        first + 1..=self.table.units - (self.table.stages - k - 1)
    }

    fn reachable(&self) -> Vec<Vec<bool>> {
        let (stages, units) = (self.table.stages, self.table.units);
        let mut reach = vec![vec![false; units + 1]; stages + 1];
        reach[stages][units] = true;
        for k in (0..stages).rev() {
            for first in k..units {
                reach[k][first] =
                    self.ends(k, first).any(|end| reach[k + 1][end] && self.allowed(k, first, end).is_some());
            }
        }
        reach
    }

    /// The least path `p` costs over stages `k..` from unit `first`, for every
    /// `(k, first)`.
    fn suffix_table(&self, p: &Weights) -> Vec<Vec<f64>> {
        let (stages, units) = (self.table.stages, self.table.units);
        let mut least = vec![vec![f64::INFINITY; units + 1]; stages + 1];
        least[stages][units] = 0.0;
        for k in (0..stages).rev() {
            for first in k..units {
                let mut best = f64::INFINITY;
                for end in self.ends(k, first) {
                    let rest = least[k + 1][end];
                    if let (true, Some(c)) = (rest.is_finite(), self.allowed(k, first, end)) {
                        best = best.min(p.weight(k, c, self.table.hop_after(end)) + rest);
                    }
                }
                least[k][first] = best;
            }
        }
        least
    }

    fn stage_costs(&self, bounds: &[usize]) -> Option<Vec<StageCost>> {
        (0..bounds.len() - 1).map(|k| self.allowed(k, bounds[k], bounds[k + 1]).copied()).collect()
    }

    /// Simulates the split `bounds`: a better step is the new best, a new critical
    /// path joins the bounds.
    fn leaf(&mut self, bounds: &[usize]) {
        self.leaf_costs.clear();
        for k in 0..bounds.len() - 1 {
            let Some(&c) = self.allowed(k, bounds[k], bounds[k + 1]) else { return };
            self.leaf_costs.push(c);
        }
        self.leaf_hops.clear();
        self.leaf_hops.extend(bounds[1..bounds.len() - 1].iter().map(|&b| Seconds(self.table.hop[b - 1])));
        self.graph.evaluate(&self.leaf_costs, &self.leaf_hops, &mut self.makespan);
        let step = self.makespan.step().0;
        if step < self.best - 1e-12 * self.best.abs() || self.best_bounds.len() != bounds.len() {
            self.best = step;
            self.best_bounds = bounds.to_vec();
        }
        let path = self.makespan.critical_path();
        if self.paths.len() < MAX_PATHS && !self.known.contains(path) {
            let path = path.clone();
            self.add(Weights::of(&path));
            self.known.insert(path);
        }
    }

    /// Adds a bounding function, with its suffix table and its cost over the current
    /// branch's stages at every depth.
    fn add(&mut self, w: Weights) {
        self.suffix.push(self.suffix_table(&w));
        let mut sum = 0.0;
        for depth in 0..self.prefix.len() {
            self.prefix[depth].push(sum);
            if depth + 1 < self.prefix.len() {
                let (first, end) = (self.bounds[depth], self.bounds[depth + 1]);
                let c = self.allowed(depth, first, end).copied().unwrap_or_default();
                sum += w.weight(depth, &c, self.table.hop_after(end));
            }
        }
        self.paths.push(w);
    }

    /// `w`'s cost over the split `bounds`.
    fn cost(&self, w: &Weights, bounds: &[usize]) -> f64 {
        (0..bounds.len() - 1)
            .map(|k| {
                let c = self.allowed(k, bounds[k], bounds[k + 1]).copied().unwrap_or_default();
                w.weight(k, &c, self.table.hop_after(bounds[k + 1]))
            })
            .sum()
    }

    /// The split `w` costs least on, and that cost (a lower bound on every split's
    /// step when `w` is a combination of paths).
    fn cheapest(&self, w: &Weights) -> Option<(f64, Vec<usize>)> {
        let least = self.suffix_table(w);
        let (stages, mut first) = (self.table.stages, 0);
        let mut bounds = vec![0];
        for k in 0..stages {
            let end = self.ends(k, first).find(|&end| {
                let rest = least[k + 1][end];
                self.allowed(k, first, end).is_some_and(|c| {
                    let here = w.weight(k, c, self.table.hop_after(end)) + rest;
                    rest.is_finite() && (here - least[k][first]).abs() <= 1e-12 * least[k][first].abs().max(1.0)
                })
            })?;
            bounds.push(end);
            first = end;
        }
        Some((least[0][0], bounds))
    }

    /// Kelley's method: the combination of the known paths whose least cost over the
    /// splits is largest, found by cutting planes, added as a bounding function.
    fn root(&mut self) {
        let mut best: Option<(f64, Weights)> = None;
        for _ in 0..ROUNDS {
            if self.paths.is_empty() {
                break;
            }
            let parts: Vec<Weights> = self.paths.clone();
            let (ceiling, lambda) = if self.cuts.is_empty() {
                (f64::INFINITY, vec![1.0 / parts.len() as f64; parts.len()])
            } else {
                let rows: Vec<Vec<f64>> =
                    self.cuts.iter().map(|b| parts.iter().map(|w| self.cost(w, b)).collect()).collect();
                let Some(found) = master(&rows) else { break };
                found
            };
            let combo = Weights::combine(&parts, &lambda);
            let Some((floor, split)) = self.cheapest(&combo) else { break };
            if best.as_ref().is_none_or(|(b, _)| floor > *b) {
                best = Some((floor, combo));
            }
            let known = self.paths.len();
            self.leaf(&split);
            let new_cut = !self.cuts.contains(&split);
            if new_cut {
                self.cuts.push(split);
            }
            let top = best.as_ref().map_or(f64::NEG_INFINITY, |b| b.0);
            let converged = ceiling.is_finite() && ceiling - top <= 1e-9 * ceiling.abs();
            let settled = top >= self.best.min(self.cutoff) * (1.0 - 1e-12);
            if (!new_cut && self.paths.len() == known) || converged || settled {
                break;
            }
        }
        if let Some((floor, combo)) = best {
            self.floor = floor;
            self.add(combo);
        }
    }

    /// Whether extending the current branch (depth `k`) by stage `k` over
    /// `[first, end)` costing `c` is bounded at or above the best step: the paths are
    /// tried newest first (the root's combination, then the latest critical paths),
    /// stopping at the first that prunes.
    fn pruned(&self, k: usize, end: usize, c: &StageCost) -> bool {
        let hop = self.table.hop_after(end);
        let (here, cutoff) = (&self.prefix[k], self.best.min(self.cutoff) * (1.0 - 1e-12));
        (0..self.paths.len())
            .rev()
            .any(|p| here[p] + self.paths[p].weight(k, c, hop) + self.suffix[p][k + 1][end] >= cutoff)
    }

    fn run(&mut self) {
        if self.reach[0][0] {
            self.root();
            self.node(0);
        }
    }

    fn node(&mut self, k: usize) {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.exhausted = true;
            return;
        }
        let (stages, first) = (self.table.stages, self.bounds[k]);
        if k == stages {
            let bounds = self.bounds.clone();
            self.leaf(&bounds);
            return;
        }
        // Ends nearest an even share of the remaining units first.
        let even = first + (self.table.units - first) / (stages - k);
        let mut ends: Vec<usize> = self.ends(k, first).filter(|&end| self.reach[k + 1][end]).collect();
        ends.sort_by_key(|&end| (end.abs_diff(even), end));
        for end in ends {
            let Some(c) = self.allowed(k, first, end) else { continue };
            if self.pruned(k, end, c) {
                continue;
            }
            let hop = self.table.hop_after(end);
            let next: Vec<f64> =
                (0..self.paths.len()).map(|p| self.prefix[k][p] + self.paths[p].weight(k, c, hop)).collect();
            self.bounds.push(end);
            self.prefix.push(next);
            self.node(k + 1);
            self.prefix.pop();
            self.bounds.pop();
            if self.exhausted {
                return;
            }
        }
    }
}

/// The master problem of Kelley's method: `max z` subject to `z ≤ Σ_p λ_p · cost[i][p]`
/// for every cut `i` (row `i` prices every path on cut `i`), `λ` in the simplex; the optimum `z` (an upper limit on the
/// bound any combination gives) and `λ`.
fn master(cost: &[Vec<f64>]) -> Option<(f64, Vec<f64>)> {
    let mut vars = ProblemVariables::new();
    let paths = cost.first()?.len();
    let lambda: Vec<Variable> = (0..paths).map(|_| vars.add(variable().min(0.0).max(1.0))).collect();
    let z = vars.add(variable());
    let mut problem = vars.maximise(z).using(good_lp::microlp);
    let total: Expression = lambda.iter().copied().sum();
    problem.add_constraint(total.eq(1.0));
    for row in cost {
        let mix: Expression = lambda.iter().zip(row).map(|(&l, &c)| c * l).sum();
        problem.add_constraint((mix - z).geq(0.0));
    }
    let solution = problem.solve().ok()?;
    Some((solution.value(z), lambda.iter().map(|&l| solution.value(l).max(0.0)).collect()))
}
