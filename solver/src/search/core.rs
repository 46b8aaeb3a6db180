//! The search's view of a presolved problem: the nodes still to decide, each with
//! only its allowed strategies (compact indices), nodes whose choice a neighbour
//! forces merged into that neighbour, and the edges between what remains in
//! adjacency lists.
//!
//! Merging: when every allowed strategy of `a` has exactly one finite partner on the
//! edge to `b`, `b`'s choice is a function of `a`'s; `b` is folded into `a` (its cost
//! and the edge's into `a`'s costs, its other edges re-keyed to `a`, its usage kept
//! as a segment of `a`'s). This repeats until no edge forces, so groups of nodes
//! tied by forbidden pairs move as one.
//!
//! Invariants: every compact strategy has a finite cost (edge entries may be
//! infinite: forbidden pairs); there is at most one edge per node pair, stored with
//! `a < b` and rows of `a`; a node's usage is the sum of its segments' (each over a
//! half-open interval: its own usage and its binding single-node loads), none for
//! nodes whose usage never matters; the presolve's constant base profile is kept
//! apart in `base`.

use crate::presolve::Presolved;
use crate::problem::{Load, Problem};
use crate::table::Table;
use std::collections::{BTreeMap, BTreeSet};

/// An edge between two core nodes, `a < b`, costs over their compact strategies
/// (rows of `a`; the class values shared with the problem's edge where the core
/// only restricts or re-keys it).
#[derive(Debug, Clone)]
pub(crate) struct CoreEdge {
    pub a: usize,
    pub b: usize,
    pub costs: Table<f64>,
}

/// Usage of one of a node's strategies over a half-open interval of time steps.
#[derive(Debug, Clone)]
pub(crate) struct Segment {
    pub interval: (usize, usize),
    /// Per compact strategy of the node.
    pub usage: Vec<i64>,
}

/// The remaining problem, compacted and merged.
#[derive(Debug, Clone)]
pub(crate) struct Core {
    /// Per core node, the problem's nodes it stands for, each with the problem's
    /// strategy it takes for each compact strategy of the core node.
    pub members: Vec<Vec<(usize, Vec<usize>)>>,
    /// Per core node and compact strategy, its cost (presolve folds and merged nodes
    /// included).
    pub cost: Vec<Vec<f64>>,
    /// Per core node, its usage segments.
    pub segments: Vec<Vec<Segment>>,
    /// The edges.
    pub edges: Vec<CoreEdge>,
    /// Per core node, `(edge, other node)` for each of its edges.
    pub adjacency: Vec<Vec<(usize, usize)>>,
    /// Usage at each time step whatever the solution.
    pub base: Vec<i64>,
    /// The usage limit (`i64::MAX` if none).
    pub limit: i64,
}

/// The core under construction: edges keyed `(low, high)`.
struct Builder {
    members: Vec<Vec<(usize, Vec<usize>)>>,
    cost: Vec<Vec<f64>>,
    segments: Vec<Vec<Segment>>,
    edges: BTreeMap<(usize, usize), Table<f64>>,
    adjacency: Vec<BTreeSet<usize>>,
    merged: Vec<bool>,
}

impl Builder {
    fn strategies(&self, v: usize) -> usize {
        self.cost[v].len()
    }

    /// Edge `(v, u)`'s table oriented with rows of `v`.
    fn oriented(&self, v: usize, u: usize) -> Table<f64> {
        let m = &self.edges[&(v.min(u), v.max(u))];
        if v < u { m.clone() } else { m.transposed() }
    }

    /// Adds `table` (rows of `v`) to edge `(v, u)`.
    fn add(&mut self, v: usize, u: usize, table: Table<f64>) {
        let keyed = if v < u { table } else { table.transposed() };
        match self.edges.get_mut(&(v.min(u), v.max(u))) {
            Some(m) => *m = m.sum(&keyed),
            None => {
                self.edges.insert((v.min(u), v.max(u)), keyed);
            }
        }
        self.adjacency[v].insert(u);
        self.adjacency[u].insert(v);
    }

    fn remove(&mut self, v: usize, u: usize) -> Table<f64> {
        self.adjacency[v].remove(&u);
        self.adjacency[u].remove(&v);
        let m = self.oriented(v, u);
        self.edges.remove(&(v.min(u), v.max(u)));
        m
    }

    /// `f[k]`, the one finite partner on edge `(v, u)` of each strategy `k` of `v`,
    /// if every strategy has exactly one.
    fn forced(&self, v: usize, u: usize) -> Option<Vec<usize>> {
        let m = self.oriented(v, u);
        let ku = self.strategies(u);
        // Per column class, its size and first member.
        let (mut size, mut first) = (vec![0usize; m.col_classes()], vec![usize::MAX; m.col_classes()]);
        for j in 0..ku {
            let c = m.col_class(j);
            size[c] += 1;
            first[c] = first[c].min(j);
        }
        let width = m.col_classes();
        // Per row class, the one finite partner if there is exactly one.
        let partner: Vec<Option<usize>> = (0..m.row_classes())
            .map(|r| {
                let row = &m.class_values()[r * width..(r + 1) * width];
                let mut finite = (0..width).filter(|&c| size[c] > 0 && row[c].is_finite());
                match (finite.next(), finite.next()) {
                    (Some(c), None) if size[c] == 1 => Some(first[c]),
                    _ => None,
                }
            })
            .collect();
        (0..self.strategies(v)).map(|k| partner[m.row_class(k)]).collect()
    }

    /// Folds `x` into `r`, whose strategy `k` forces `x`'s `f[k]`.
    fn merge(&mut self, r: usize, x: usize, f: &[usize]) {
        let edge = self.remove(r, x);
        for (k, &j) in f.iter().enumerate() {
            self.cost[r][k] += self.cost[x][j] + edge.at(k, j);
        }
        for segment in std::mem::take(&mut self.segments[x]) {
            let usage = f.iter().map(|&j| segment.usage[j]).collect();
            self.segments[r].push(Segment { interval: segment.interval, usage });
        }
        for (node, map) in std::mem::take(&mut self.members[x]) {
            let composed = f.iter().map(|&j| map[j]).collect();
            self.members[r].push((node, composed));
        }
        let others: Vec<usize> = self.adjacency[x].iter().copied().collect();
        for y in others {
            let moved = self.remove(x, y).select_rows(f);
            self.add(r, y, moved);
        }
        self.merged[x] = true;
    }

    /// Merges along forcing edges until none is left.
    fn merge_all(&mut self) {
        let mut queue: BTreeSet<usize> = (0..self.cost.len()).collect();
        while let Some(v) = queue.pop_first() {
            if self.merged[v] {
                continue;
            }
            let neighbours: Vec<usize> = self.adjacency[v].iter().copied().collect();
            for u in neighbours {
                if self.merged[u] || self.merged[v] || !self.adjacency[v].contains(&u) {
                    continue;
                }
                if let Some(f) = self.forced(v, u) {
                    self.merge(v, u, &f);
                    queue.insert(v);
                } else if let Some(f) = self.forced(u, v) {
                    self.merge(u, v, &f);
                    queue.insert(u);
                }
            }
        }
    }
}

/// The binding single-node loads on remaining node `n` (allowed strategies `ks`), as
/// segments.
fn single_loads<'a>(
    problem: &'a Problem,
    pre: &'a Presolved,
    n: usize,
    ks: &'a [usize],
) -> impl Iterator<Item = Segment> + 'a {
    let single = |load: &&Load| load.b.is_none_or(|b| b == load.a);
    pre.binding_on(n)
        .map(|l| &problem.loads[l])
        .filter(single)
        .map(move |load| Segment { interval: load.interval, usage: ks.iter().map(|&s| load.at(s, s) as i64).collect() })
}

impl Core {
    /// The core of `pre`, a presolve of `problem` whose binding loads are all on
    /// single nodes (they become segments of their node).
    pub fn new(problem: &Problem, pre: &Presolved) -> Self {
        let original: Vec<usize> = pre.remaining().collect();
        let mut index = vec![usize::MAX; problem.nodes.len()];
        original.iter().enumerate().for_each(|(i, &n)| index[n] = i);
        let alive: Vec<Vec<usize>> = original.iter().map(|&n| pre.allowed(n).collect()).collect();
        let mut b = Builder {
            members: original.iter().zip(&alive).map(|(&n, ks)| vec![(n, ks.clone())]).collect(),
            cost: original.iter().zip(&alive).map(|(&n, ks)| ks.iter().map(|&s| pre.costs[n][s]).collect()).collect(),
            segments: original
                .iter()
                .zip(&alive)
                .map(|(&n, ks)| {
                    let node = &problem.nodes[n];
                    let usage: Vec<i64> = ks.iter().map(|&s| node.usage_of(s) as i64).collect();
                    let live = pre.pinned[n] && node.interval.0 < node.interval.1 && usage.iter().any(|&u| u > 0);
                    let own = live.then_some(Segment { interval: node.interval, usage });
                    own.into_iter().chain(single_loads(problem, pre, n, ks)).collect()
                })
                .collect(),
            edges: BTreeMap::new(),
            adjacency: vec![BTreeSet::new(); original.len()],
            merged: vec![false; original.len()],
        };
        for (&(low, high), costs) in &pre.edges {
            let (a, c) = (index[low], index[high]);
            b.add(a, c, costs.select(&alive[a], &alive[c]));
        }
        b.merge_all();
        let kept: Vec<usize> = (0..original.len()).filter(|&v| !b.merged[v]).collect();
        let mut renumber = vec![usize::MAX; original.len()];
        kept.iter().enumerate().for_each(|(i, &v)| renumber[v] = i);
        let edges: Vec<CoreEdge> = std::mem::take(&mut b.edges)
            .into_iter()
            .map(|((low, high), costs)| CoreEdge { a: renumber[low], b: renumber[high], costs })
            .collect();
        let adjacency = adjacency(kept.len(), &edges);
        let base = (0..problem.horizon()).map(|t| pre.base.get(t).copied().unwrap_or(0) as i64).collect();
        let limit = problem.limit.map_or(i64::MAX, |l| l.min(i64::MAX as u64) as i64);
        let core = Core {
            members: pick(&kept, &mut b.members),
            cost: pick(&kept, &mut b.cost),
            segments: pick(&kept, &mut b.segments),
            edges,
            adjacency,
            base,
            limit,
        };
        tracing::debug!(
            nodes = core.len(),
            edges = core.edges.len(),
            strategies = (0..core.len()).map(|v| core.strategies(v)).sum::<usize>(),
            pairs = core.edges.iter().map(|e| e.costs.rows() * e.costs.cols()).sum::<usize>(),
            class_pairs = core.edges.iter().map(|e| e.costs.class_values().len()).sum::<usize>(),
            "search core"
        );
        core
    }

    /// A core of `cost` and `edges` (each `a < b`, rows of `a`) with no members,
    /// usage or limit: a tied problem (`symmetry.rs`), or a test's.
    pub fn unlimited(cost: Vec<Vec<f64>>, edges: Vec<CoreEdge>) -> Self {
        let n = cost.len();
        Core {
            members: vec![Vec::new(); n],
            segments: vec![Vec::new(); n],
            adjacency: adjacency(n, &edges),
            cost,
            edges,
            base: Vec::new(),
            limit: i64::MAX,
        }
    }

    /// The number of core nodes.
    pub fn len(&self) -> usize {
        self.cost.len()
    }

    /// The number of compact strategies of `v`.
    pub fn strategies(&self, v: usize) -> usize {
        self.cost[v].len()
    }

    /// The cost of edge `e` when its node `v` takes `kv` and the other takes `ku`.
    #[inline]
    pub fn pair(&self, e: usize, v: usize, kv: usize, ku: usize) -> f64 {
        let edge = &self.edges[e];
        if edge.a == v { edge.costs.at(kv, ku) } else { edge.costs.at(ku, kv) }
    }

    /// The usage of `v` taking `k` at step `t`.
    pub fn usage_at(&self, v: usize, k: usize, t: usize) -> i64 {
        let live = self.segments[v].iter().filter(|s| s.interval.0 <= t && t < s.interval.1);
        live.map(|s| s.usage[k]).sum()
    }

    /// The price of `v` taking `k` when a unit of usage over `[from, to)` costs
    /// `price(from, to)`.
    pub fn priced(&self, v: usize, k: usize, price: impl Fn(usize, usize) -> f64) -> f64 {
        self.segments[v].iter().map(|s| price(s.interval.0, s.interval.1) * s.usage[k] as f64).sum()
    }

    /// Into `row`, the cost of each of `v`'s strategies plus its usage priced as in
    /// [`Core::priced`] (each segment's price taken once).
    pub fn priced_row(&self, v: usize, price: impl Fn(usize, usize) -> f64, row: &mut Vec<f64>) {
        row.clear();
        row.extend_from_slice(&self.cost[v]);
        for s in &self.segments[v] {
            let p = price(s.interval.0, s.interval.1);
            if p != 0.0 {
                row.iter_mut().zip(&s.usage).for_each(|(x, &u)| *x += p * u as f64);
            }
        }
    }

    /// The cost of `assign` split into the number of forbidden terms and the sum of
    /// the finite ones.
    pub fn score(&self, assign: &[usize]) -> Score {
        let mut score = Score::default();
        (0..self.len()).for_each(|v| score.add(self.cost[v][assign[v]]));
        for (e, edge) in self.edges.iter().enumerate() {
            score.add(self.pair(e, edge.a, assign[edge.a], assign[edge.b]));
        }
        score
    }

    /// The usage at every time step under `assign` (base included).
    pub fn profile(&self, assign: &[usize]) -> Vec<i64> {
        let mut delta = vec![0i64; self.base.len() + 1];
        for (v, segments) in self.segments.iter().enumerate() {
            for s in segments {
                delta[s.interval.0] += s.usage[assign[v]];
                delta[s.interval.1] -= s.usage[assign[v]];
            }
        }
        let mut running = 0;
        self.base
            .iter()
            .zip(&delta)
            .map(|(b, d)| {
                running += d;
                b + running
            })
            .collect()
    }

    /// The problem's strategy for every remaining node under `assign` (others 0).
    pub fn decode(&self, assign: &[usize], nodes: usize) -> Vec<usize> {
        let mut decided = vec![0; nodes];
        for (v, members) in self.members.iter().enumerate() {
            for (node, map) in members {
                decided[*node] = map[assign[v]];
            }
        }
        decided
    }
}

/// Every assignment of one choice per position, `sizes[i]` choices at position `i`
/// (an odometer, position 0 fastest): the brute force of the search's tests.
#[cfg(test)]
pub(crate) fn assignments(sizes: &[usize]) -> impl Iterator<Item = Vec<usize>> + '_ {
    let first = sizes.iter().all(|&k| k > 0).then(|| vec![0; sizes.len()]);
    std::iter::successors(first, move |a| {
        let i = (0..a.len()).find(|&i| a[i] + 1 < sizes[i])?;
        let mut next = a.clone();
        next[i] += 1;
        next[..i].iter_mut().for_each(|d| *d = 0);
        Some(next)
    })
}

/// Per node of `n`, `(edge, other node)` for each of `edges` it ends, in edge order.
fn adjacency(n: usize, edges: &[CoreEdge]) -> Vec<Vec<(usize, usize)>> {
    let mut adjacency = vec![Vec::new(); n];
    for (e, edge) in edges.iter().enumerate() {
        adjacency[edge.a].push((e, edge.b));
        adjacency[edge.b].push((e, edge.a));
    }
    adjacency
}

/// A random test problem's core (of `nodes` problem nodes, `problem::random`) and a
/// random assignment of it; `None` if presolve leaves no core or a stranded node.
#[cfg(test)]
pub(crate) fn random(rng: &mut rand::rngs::StdRng, nodes: std::ops::Range<usize>) -> Option<(Core, Vec<usize>)> {
    use rand::RngExt;
    let p = crate::problem::random(rng, nodes);
    let pre = Presolved::new(&p);
    let core = Core::new(&p, &pre);
    if core.len() == 0 || pre.stranded().is_some() {
        return None;
    }
    let assign = (0..core.len()).map(|v| rng.random_range(0..core.strategies(v))).collect();
    Some((core, assign))
}

/// The smallest and largest of `values` (infinite and negative infinite if none).
pub(crate) fn spread(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

/// The items at `kept`, taken out of `items`.
fn pick<T: Default>(kept: &[usize], items: &mut [T]) -> Vec<T> {
    kept.iter().map(|&v| std::mem::take(&mut items[v])).collect()
}

/// A cost that may include forbidden terms: compared first by how many, then by the
/// sum of the others.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Score {
    /// Infinite terms.
    pub forbidden: i64,
    /// The sum of the finite terms.
    pub finite: f64,
}

impl Score {
    /// Adds one term.
    pub fn add(&mut self, x: f64) {
        if x.is_finite() { self.finite += x } else { self.forbidden += 1 }
    }

    /// Removes one term added before.
    pub fn sub(&mut self, x: f64) {
        if x.is_finite() { self.finite -= x } else { self.forbidden -= 1 }
    }

    /// True if `self` is strictly better than `other`.
    pub fn better(&self, other: &Score) -> bool {
        (self.forbidden, self.finite) < (other.forbidden, other.finite)
    }
}
