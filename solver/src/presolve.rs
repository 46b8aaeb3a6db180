//! Exact presolve: shrinks a [`Problem`] without changing its optimum, and maps a
//! solution of what remains back to every node.
//!
//! Steps, repeated until nothing changes:
//! - a strategy with no finite partner on some edge is forbidden (arc consistency);
//! - a strategy no better than another on its own cost, its usage and every edge
//!   entry is dominated and forbidden (on a tie the later one goes);
//! - a node whose allowed strategies all use the same amount is unpinned: its usage
//!   moves into the constant [`Presolved::base`] profile;
//! - a node with at most two neighbours whose usage never matters (neither it nor a
//!   load on it is live at any time step where the limit could bind; such loads are
//!   *binding*) is eliminated by dynamic programming:
//!   alone it takes its cheapest strategy; a leaf folds `min_s cost(s) + edge(s, t)`
//!   into its neighbour's costs; a node between two others becomes an edge between
//!   them. Trees and chains collapse entirely.
//!
//! Invariants: forbidden strategies have infinite cost; edges are keyed by
//! `(low, high)` node index with rows of the lower node; iteration is in index order,
//! so the result is deterministic.

use crate::intervals::IntervalSums;
use crate::problem::{LoadSide, NodeId, Problem};
use crate::table::{Interner, Table};
use std::collections::{BTreeMap, BTreeSet};

/// A presolved problem: the nodes still to decide, their costs and edges.
#[derive(Debug, Clone)]
pub struct Presolved {
    /// Per node, the cost of each strategy (infinite: forbidden or dominated).
    pub costs: Vec<Vec<f64>>,
    /// Edges between remaining nodes, keyed `(low, high)`, rows of `low`.
    pub edges: BTreeMap<(usize, usize), Table<f64>>,
    /// Nodes already eliminated.
    pub eliminated: Vec<bool>,
    /// Nodes whose usage may matter for the limit.
    pub pinned: Vec<bool>,
    /// The loads (indices into the problem's) live where the limit could bind.
    pub binding: Vec<usize>,
    /// Per time step, the usage of nodes unpinned because every strategy they may
    /// take uses the same amount (it counts whatever the solution).
    pub base: Vec<u64>,
    /// Per node, the binding loads on it.
    loads: Vec<Vec<usize>>,
    adjacency: Vec<BTreeSet<usize>>,
    steps: Vec<Step>,
    /// Per node, the round in which its allowed strategies, its edges or whether it
    /// is pinned last changed; a round looks only at what changed in the round
    /// before (or in itself) and at its neighbours.
    changed: Vec<u32>,
    round: u32,
    /// The class values of the tables presolve makes, interned.
    shared: (Interner<f64>, Interner<u64>),
}

#[derive(Debug, Clone)]
enum Step {
    Alone {
        node: usize,
        best: usize,
    },
    Leaf {
        node: usize,
        neighbour: usize,
        best: Vec<usize>,
    },
    /// `best.at(i, j)`: the node's strategy when `a` takes `i` and `b` takes `j`.
    Series {
        node: usize,
        a: usize,
        b: usize,
        best: Table<u64>,
    },
}

impl Presolved {
    /// Presolves `problem`.
    pub fn new(problem: &Problem) -> Self {
        let n = problem.nodes.len();
        let (pinned, binding) = pinned_nodes(problem);
        let mut loads = vec![Vec::new(); n];
        for &l in &binding {
            let load = &problem.loads[l];
            loads[load.a.0].push(l);
            load.b.filter(|b| *b != load.a).iter().for_each(|b| loads[b.0].push(l));
        }
        let mut p = Presolved {
            costs: problem.nodes.iter().map(|node| node.costs.clone()).collect(),
            edges: BTreeMap::new(),
            eliminated: vec![false; n],
            pinned,
            binding,
            base: vec![0; problem.horizon()],
            loads,
            adjacency: vec![BTreeSet::new(); n],
            steps: Vec::new(),
            changed: vec![0; n],
            round: 0,
            shared: (Interner::default(), Interner::default()),
        };
        for edge in &problem.edges {
            p.add_edge(edge.a.0, edge.b.0, edge.costs.clone());
        }
        p.reduce(problem);
        p
    }

    /// The number of strategies of `node`.
    pub fn strategies(&self, node: usize) -> usize {
        self.costs[node].len()
    }

    /// The nodes still to decide.
    pub fn remaining(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.costs.len()).filter(|&n| !self.eliminated[n])
    }

    /// The strategies `node` may still take (finite cost), in order.
    pub fn allowed(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.strategies(node)).filter(move |&s| self.costs[node][s].is_finite())
    }

    /// The first node with no allowed strategy, if any (the problem is then
    /// infeasible). Eliminated nodes count too: one eliminated alone keeps its costs,
    /// and the last of a chain may have had every strategy folded away.
    pub fn stranded(&self) -> Option<usize> {
        (0..self.costs.len()).find(|&n| self.costs[n].iter().all(|c| !c.is_finite()))
    }

    /// The first time step at which even the smallest usage the allowed strategies
    /// can reach exceeds the limit, with that usage (the problem is then
    /// infeasible). Loads are left out: they only add usage.
    pub fn overfull(&self, problem: &Problem) -> Option<(usize, u64)> {
        let limit = problem.limit?;
        let mut delta = vec![0i128; self.base.len() + 1];
        for n in self.remaining().filter(|&n| self.pinned[n]) {
            let node = &problem.nodes[n];
            if node.interval.0 >= node.interval.1 {
                continue;
            }
            let least = self.allowed(n).map(|s| node.usage_of(s));
            let least = i128::from(least.min().unwrap_or(0));
            delta[node.interval.0] += least;
            delta[node.interval.1] -= least;
        }
        let mut running = 0i128;
        self.base.iter().zip(&delta).enumerate().find_map(|(t, (&b, d))| {
            running += d;
            let usage = u64::try_from(running + i128::from(b)).unwrap_or(u64::MAX);
            (usage > limit).then_some((t, usage))
        })
    }

    /// Edge `(n, m)` as seen from `n` (an existing edge).
    fn view(&self, n: usize, m: usize) -> View<'_> {
        View { table: &self.edges[&(n.min(m), n.max(m))], flipped: n > m }
    }

    /// The cost every solution pays for the nodes eliminated alone (whatever the
    /// remaining nodes take): the remaining problem's cost plus this is the problem's.
    pub fn constant(&self) -> f64 {
        (self.steps.iter())
            .map(|step| match step {
                Step::Alone { node, best } => self.costs[*node][*best],
                _ => 0.0,
            })
            .sum()
    }

    /// A full assignment from `decided` (a strategy for every remaining node; others
    /// are ignored).
    pub fn expand(&self, mut decided: Vec<usize>) -> Vec<usize> {
        for step in self.steps.iter().rev() {
            match step {
                Step::Alone { node, best } => decided[*node] = *best,
                Step::Leaf { node, neighbour, best } => decided[*node] = best[decided[*neighbour]],
                Step::Series { node, a, b, best } => {
                    decided[*node] = best.at(decided[*a], decided[*b]) as usize;
                }
            }
        }
        decided
    }

    /// Adds `costs` (rows of `a`) to edge `(a, b)`.
    fn add_edge(&mut self, a: usize, b: usize, costs: Table<f64>) {
        let (key, oriented) = if a < b { ((a, b), costs) } else { ((b, a), costs.transposed()) };
        match self.edges.get_mut(&key) {
            Some(existing) => *existing = self.shared.0.intern(existing.sum(&oriented)),
            None => {
                self.edges.insert(key, oriented);
            }
        }
        self.adjacency[a].insert(b);
        self.adjacency[b].insert(a);
    }

    fn remove_edge(&mut self, a: usize, b: usize) {
        self.edges.remove(&(a.min(b), a.max(b)));
        self.adjacency[a].remove(&b);
        self.adjacency[b].remove(&a);
    }

    fn reduce(&mut self, problem: &Problem) {
        loop {
            self.round += 1;
            let mut changed = self.propagate();
            changed |= self.dominate(problem);
            self.unpin_constant(problem);
            changed |= self.eliminate();
            if !changed || self.stranded().is_some() {
                return;
            }
        }
    }

    /// Forbids strategies without a finite partner on some edge; true if any was.
    fn propagate(&mut self) -> bool {
        let mut changed = false;
        let keys: Vec<(usize, usize)> =
            self.edges.keys().copied().filter(|&(a, b)| self.fresh(a) || self.fresh(b)).collect();
        for (a, b) in keys {
            for (x, y) in [(a, b), (b, a)] {
                let view = self.view(x, y);
                let partners = view.other_classes_of(self.allowed(y));
                // Per class of `x`'s strategies: whether some allowed partner is finite.
                let supported: Vec<bool> = (0..view.own_classes())
                    .map(|c| partners.iter().any(|&o| view.class_at(c, o).is_finite()))
                    .collect();
                let stranded: Vec<usize> = (0..self.strategies(x))
                    .filter(|&i| self.costs[x][i].is_finite() && !supported[view.own_class(i)])
                    .collect();
                if !stranded.is_empty() {
                    changed = true;
                    self.touch(x);
                }
                stranded.into_iter().for_each(|i| self.costs[x][i] = f64::INFINITY);
            }
        }
        changed
    }

    /// Forbids dominated strategies; true if any was.
    fn dominate(&mut self, problem: &Problem) -> bool {
        let mut changed = false;
        for n in 0..self.costs.len() {
            if self.eliminated[n] || !(self.fresh(n) || self.adjacency[n].iter().any(|&m| self.fresh(m))) {
                continue;
            }
            let alive: Vec<usize> = self.allowed(n).collect();
            if alive.len() < 2 {
                continue;
            }
            let sides: Vec<(View<'_>, Vec<usize>)> = (self.adjacency[n].iter())
                .map(|&m| {
                    let view = self.view(n, m);
                    let classes = view.other_classes_of(self.allowed(m));
                    (view, classes)
                })
                .collect();
            let usage = |s: usize| if self.pinned[n] { problem.nodes[n].usage_of(s) } else { 0 };
            let loads = self.loads_on(problem, n);
            // `d` is no worse than `s` anywhere.
            let no_worse = |d: usize, s: usize| {
                self.costs[n][d] <= self.costs[n][s]
                    && usage(d) <= usage(s)
                    && sides.iter().all(|(view, alive)| view.row_no_worse(d, s, alive))
                    && loads.iter().all(|(load, others)| load.no_worse(d, s, others))
            };
            let mut dead = vec![false; self.strategies(n)];
            for &s in &alive {
                // On a tie (each no worse than the other) the later one goes.
                if alive.iter().any(|&d| d != s && !dead[d] && no_worse(d, s) && (d < s || !no_worse(s, d))) {
                    dead[s] = true;
                }
            }
            drop((sides, loads));
            for s in alive.into_iter().filter(|&s| dead[s]) {
                self.costs[n][s] = f64::INFINITY;
                changed = true;
                self.touch(n);
            }
        }
        changed
    }

    /// The binding loads on node `n` (indices into the problem's loads).
    pub fn binding_on(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.loads[n].iter().copied()
    }

    /// True if a binding load joins two nodes (the search takes only single-node
    /// ones).
    pub fn binds_pairs(&self, problem: &Problem) -> bool {
        self.binding.iter().map(|&l| &problem.loads[l]).any(|load| load.b.is_some_and(|b| b != load.a))
    }

    /// Unpins every pinned node without binding loads whose allowed strategies all
    /// use the same amount, adding that amount to the base profile.
    fn unpin_constant(&mut self, problem: &Problem) {
        let mut unpinned = IntervalSums::new(self.base.len());
        let mut any = false;
        for n in 0..self.costs.len() {
            if !self.pinned[n] || self.eliminated[n] || !self.loads[n].is_empty() {
                continue;
            }
            let node = &problem.nodes[n];
            let constant = {
                let mut usage = self.allowed(n).map(|s| node.usage_of(s));
                usage.next().filter(|&first| usage.all(|u| u == first))
            };
            if let Some(first) = constant {
                self.pinned[n] = false;
                self.touch(n);
                unpinned.add(node.interval, first);
                any = true;
            }
        }
        if any {
            self.base.iter_mut().zip(unpinned.sums()).for_each(|(b, u)| *b = b.saturating_add(u));
        }
    }

    /// The binding loads on `n`, as seen from `n`, with the other node's allowed
    /// strategies.
    fn loads_on<'p>(&self, problem: &'p Problem, n: usize) -> Vec<(LoadSide<'p>, Vec<usize>)> {
        self.loads[n]
            .iter()
            .map(|&l| {
                let load = &problem.loads[l];
                let side = problem.side(load, NodeId(n));
                let other = if load.a.0 == n { load.b.map(|b| b.0) } else { Some(load.a.0) };
                let classes = match other {
                    Some(m) => side.other_classes_of(self.allowed(m)),
                    None => side.other_classes_of(std::iter::once(0)),
                };
                (side, classes)
            })
            .collect()
    }

    /// Marks `n` as changed in this round.
    fn touch(&mut self, n: usize) {
        self.changed[n] = self.round;
    }

    /// True if `n` changed in this round or the one before.
    fn fresh(&self, n: usize) -> bool {
        self.changed[n] + 1 >= self.round
    }

    /// Eliminates unpinned nodes with at most two neighbours, smallest index first,
    /// revisiting the neighbours of each eliminated node; true if any was.
    fn eliminate(&mut self) -> bool {
        let eligible = |p: &Self, n: usize| !p.eliminated[n] && !p.pinned[n] && p.adjacency[n].len() <= 2;
        let mut queue: BTreeSet<usize> = (0..self.costs.len()).filter(|&n| eligible(self, n)).collect();
        let mut changed = false;
        while let Some(n) = queue.pop_first() {
            if !eligible(self, n) {
                continue;
            }
            let neighbours: Vec<usize> = self.adjacency[n].iter().copied().collect();
            let step = match neighbours[..] {
                [] => Step::Alone { node: n, best: argmin(self.costs[n].iter().copied()).0 },
                [m] => self.fold_leaf(n, m),
                [a, b] => self.fold_series(n, a, b),
                _ => continue,
            };
            self.eliminated[n] = true;
            self.steps.push(step);
            queue.extend(neighbours.into_iter().filter(|&m| eligible(self, m)));
            changed = true;
        }
        changed
    }

    fn fold_leaf(&mut self, n: usize, m: usize) -> Step {
        let view = self.view(n, m);
        let own = &self.costs[n];
        // One argmin per class of `m`'s strategies in this edge.
        let by_class: Vec<(usize, f64)> = (0..view.other_classes())
            .map(|o| argmin(own.iter().enumerate().map(|(s, c)| c + view.class_at(view.own_class(s), o))))
            .collect();
        let folded: Vec<(usize, f64)> = (0..self.strategies(m)).map(|t| by_class[view.other_class(t)]).collect();
        for (t, &(_, cost)) in folded.iter().enumerate() {
            self.costs[m][t] += cost;
        }
        self.remove_edge(n, m);
        self.touch(m);
        Step::Leaf { node: n, neighbour: m, best: folded.into_iter().map(|(s, _)| s).collect() }
    }

    fn fold_series(&mut self, n: usize, a: usize, b: usize) -> Step {
        let (sa, sb) = (self.strategies(a), self.strategies(b));
        let (to_a, to_b, own) = (self.view(n, a), self.view(n, b), &self.costs[n]);
        // The minimum over `n`'s strategies depends on `a`'s and `b`'s classes in
        // their edges to `n` only: one per class pair.
        let (ca, cb) = (to_a.other_classes(), to_b.other_classes());
        let mut matrix = vec![f64::INFINITY; ca * cb];
        let mut best = vec![0u64; ca * cb];
        for i in 0..ca {
            for j in 0..cb {
                let terms = own
                    .iter()
                    .enumerate()
                    .map(|(s, c)| c + to_a.class_at(to_a.own_class(s), i) + to_b.class_at(to_b.own_class(s), j));
                let (s, cost) = argmin(terms);
                (matrix[i * cb + j], best[i * cb + j]) = (cost, s as u64);
            }
        }
        let rows: Vec<usize> = (0..sa).map(|i| to_a.other_class(i)).collect();
        let cols: Vec<usize> = (0..sb).map(|j| to_b.other_class(j)).collect();
        // The layers of a stack fold alike: their tables share one copy.
        let costs = self.shared.0.intern(Table::dense(ca, cb, &matrix)).select(&rows, &cols);
        let best = self.shared.1.intern(Table::dense(ca, cb, &best)).select(&rows, &cols);
        self.remove_edge(n, a);
        self.remove_edge(n, b);
        self.add_edge(a, b, costs);
        self.touch(a);
        self.touch(b);
        Step::Series { node: n, a, b, best }
    }
}

/// An edge's cost table as seen from one of its nodes, by classes.
#[derive(Debug, Clone, Copy)]
struct View<'a> {
    table: &'a Table<f64>,
    flipped: bool,
}

impl View<'_> {
    /// The class of this side's strategy `own`.
    fn own_class(&self, own: usize) -> usize {
        if self.flipped { self.table.col_class(own) } else { self.table.row_class(own) }
    }

    /// The class of the other side's strategy `other`.
    fn other_class(&self, other: usize) -> usize {
        if self.flipped { self.table.row_class(other) } else { self.table.col_class(other) }
    }

    /// The number of this side's classes.
    fn own_classes(&self) -> usize {
        if self.flipped { self.table.col_classes() } else { self.table.row_classes() }
    }

    /// The number of the other side's classes.
    fn other_classes(&self) -> usize {
        if self.flipped { self.table.row_classes() } else { self.table.col_classes() }
    }

    /// The cost when this side is in class `own` and the other in class `other`.
    fn class_at(&self, own: usize, other: usize) -> f64 {
        let (r, c) = if self.flipped { (other, own) } else { (own, other) };
        self.table.class_values()[r * self.table.col_classes() + c]
    }

    /// The distinct classes of the other side's `strategies`, in order.
    fn other_classes_of(&self, strategies: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut seen = vec![false; self.other_classes()];
        strategies.map(|j| self.other_class(j)).filter(|&c| !std::mem::replace(&mut seen[c], true)).collect()
    }

    /// True if this side's strategy `d` costs no more than `s` against every one of
    /// the other side's `classes`.
    fn row_no_worse(&self, d: usize, s: usize, classes: &[usize]) -> bool {
        let (cd, cs) = (self.own_class(d), self.own_class(s));
        cd == cs || classes.iter().all(|&o| self.class_at(cd, o) <= self.class_at(cs, o))
    }
}

/// The index and value of the smallest of `values` (the first on ties; infinite if
/// all are).
pub fn argmin(values: impl Iterator<Item = f64>) -> (usize, f64) {
    values.enumerate().fold((0, f64::INFINITY), |best, (i, v)| if v < best.1 { (i, v) } else { best })
}

/// True if the limit could bind at some time step.
pub fn limit_binds(problem: &Problem) -> bool {
    let (pinned, binding) = pinned_nodes(problem);
    pinned.contains(&true) || !binding.is_empty()
}

/// Nodes (and loads) live at a time step where the limit could bind: the largest
/// usage of every node and load live there exceeds the limit. A node is pinned when
/// it uses something there or carries a binding load.
fn pinned_nodes(problem: &Problem) -> (Vec<bool>, Vec<usize>) {
    let mut pinned = vec![false; problem.nodes.len()];
    let Some(limit) = problem.limit else { return (pinned, Vec::new()) };
    // The most every node and load may use, summed per step, and the steps where
    // that exceeds the limit, counted (a prefix sum: whether an interval holds one
    // is a difference of two counts).
    let mut worst = IntervalSums::new(problem.horizon());
    for node in &problem.nodes {
        worst.add(node.interval, (0..node.strategies()).map(|s| node.usage_of(s)).max().unwrap_or(0));
    }
    for load in &problem.loads {
        worst.add(load.interval, load.max());
    }
    let mut over = vec![0usize];
    for w in worst.sums() {
        over.push(over[over.len() - 1] + usize::from(w > limit));
    }
    let binds = |(from, to): (usize, usize)| from < to && over[to] > over[from];
    for (i, node) in problem.nodes.iter().enumerate() {
        let uses = (0..node.strategies()).any(|s| node.usage_of(s) > 0);
        pinned[i] = uses && binds(node.interval);
    }
    let binding: Vec<usize> = (0..problem.loads.len()).filter(|&l| binds(problem.loads[l].interval)).collect();
    for load in binding.iter().map(|&l| &problem.loads[l]) {
        pinned[load.a.0] = true;
        if let Some(b) = load.b {
            pinned[b.0] = true;
        }
    }
    (pinned, binding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Node, NodeId};

    fn chain(costs: &[[f64; 2]], edge: [f64; 4]) -> Problem {
        let mut p = Problem::default();
        let ids: Vec<NodeId> =
            costs.iter().enumerate().map(|(i, c)| p.add_node(Node::new(format!("{i}"), c.to_vec()))).collect();
        for w in ids.windows(2) {
            p.add_edge(w[0], w[1], edge.to_vec());
        }
        p
    }

    #[test]
    fn a_chain_collapses_exactly() {
        let p = chain(&[[0.0, 5.0], [3.0, 0.0], [0.0, 4.0], [2.0, 0.0]], [0.0, 1.0, 1.0, 0.0]);
        let pre = Presolved::new(&p);
        assert_eq!(pre.remaining().count(), 0);
        let assignment = pre.expand(vec![0; 4]);
        let (best, _) = p.brute_force().unwrap_or_default();
        assert_eq!(p.cost(&assignment), best);
    }

    #[test]
    fn forbidden_pairs_propagate() {
        let mut p = chain(&[[0.0, 0.0], [0.0, 0.0]], [0.0, f64::INFINITY, f64::INFINITY, 0.0]);
        p.nodes[0].costs[1] = f64::INFINITY;
        let pre = Presolved::new(&p);
        assert_eq!(pre.expand(vec![0; 2]), vec![0, 0]);
    }
}
