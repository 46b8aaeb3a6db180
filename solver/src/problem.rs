//! The solver core's problem: pick one strategy per node to minimise node costs plus
//! pairwise edge costs, subject to a usage limit at every time step.
//!
//! This is the generic form every front end lowers to (the sharding solve here, the
//! IOPDDL contest format later). Invariants: every edge joins two distinct nodes and
//! its cost table is `strategies(a) × strategies(b)` (a shared, class-compressed
//! [`Table`]: identical layers store each matrix once); an infinite cost
//! (node or edge entry) forbids that strategy or pair; a node's usage counts at every
//! time step of its half-open interval; so does a [`Load`]'s, which depends on the
//! strategies of one or two nodes (a reshard's transient buffer, a buffer that exists
//! only when a reshard moves data).

use crate::intervals::IntervalSums;
use crate::table::Table;
use std::fmt;

/// A node of the problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub usize);

impl NodeId {
    /// The node's index.
    pub fn index(self) -> usize {
        self.0
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}", self.0)
    }
}

/// One node: a choice among strategies.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    /// What the node stands for, for messages.
    pub name: String,
    /// The cost of each strategy (infinite: forbidden).
    pub costs: Vec<f64>,
    /// The usage of each strategy (empty: none) during `interval`.
    pub usage: Vec<u64>,
    /// The half-open range of time steps the usage counts at.
    pub interval: (usize, usize),
}

impl Node {
    /// A node with `costs` and no usage.
    pub fn new(name: impl Into<String>, costs: Vec<f64>) -> Self {
        Node { name: name.into(), costs, usage: Vec::new(), interval: (0, 0) }
    }

    /// The number of strategies.
    pub fn strategies(&self) -> usize {
        self.costs.len()
    }

    /// The usage of strategy `s`.
    pub fn usage_of(&self, s: usize) -> u64 {
        self.usage.get(s).copied().unwrap_or(0)
    }
}

/// A pairwise cost between two nodes' strategies.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    /// The first node (rows).
    pub a: NodeId,
    /// The second node (columns).
    pub b: NodeId,
    /// `costs.at(i, j)` when `a` takes `i` and `b` takes `j`.
    pub costs: Table<f64>,
}

/// Usage that depends on the strategies of one node (`b` is `None`: a table of one
/// column, `usage.at(i, 0)`) or of two (`usage.at(i, j)`), over a half-open interval
/// of time steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Load {
    /// The first node (rows).
    pub a: NodeId,
    /// The second node (columns), if any.
    pub b: Option<NodeId>,
    /// The usage per strategy (pair).
    pub usage: Table<u64>,
    /// The half-open range of time steps the usage counts at.
    pub interval: (usize, usize),
}

impl Load {
    /// A load on one node: `usage[i]` when it takes `i`.
    pub fn single(a: NodeId, usage: &[u64], interval: (usize, usize)) -> Self {
        Load { a, b: None, usage: Table::dense(usage.len(), 1, usage), interval }
    }

    /// A load on two nodes: `usage[i * strategies(b) + j]`, row-major.
    pub fn pair(a: NodeId, b: NodeId, strategies_b: usize, usage: &[u64], interval: (usize, usize)) -> Self {
        let rows = usage.len() / strategies_b.max(1);
        Load { a, b: Some(b), usage: Table::dense(rows, strategies_b, usage), interval }
    }

    /// The usage when `a` takes `i` and `b` (if any) takes `j`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> u64 {
        match self.b {
            Some(_) => self.usage.at(i, j),
            None => self.usage.at(i, 0),
        }
    }

    /// The largest usage over all strategies.
    pub fn max(&self) -> u64 {
        self.usage.class_values().iter().copied().max().unwrap_or(0)
    }
}

/// A load's usage read with one of its nodes' strategy first.
#[derive(Debug, Clone, Copy)]
pub struct LoadSide<'a> {
    load: &'a Load,
    flipped: bool,
}

impl LoadSide<'_> {
    /// The usage when this side's node takes `own` and the other node (if any)
    /// takes `other`.
    #[inline]
    pub fn at(&self, own: usize, other: usize) -> u64 {
        if self.flipped { self.load.at(other, own) } else { self.load.at(own, other) }
    }

    /// This side's class of strategy `own` in the load's table.
    fn own_class(&self, own: usize) -> usize {
        if self.flipped { self.load.usage.col_class(own) } else { self.load.usage.row_class(own) }
    }

    /// The other side's class of strategy `other` (0 for a load on one node).
    fn other_class(&self, other: usize) -> usize {
        match (self.load.b, self.flipped) {
            (None, _) => 0,
            (Some(_), true) => self.load.usage.row_class(other),
            (Some(_), false) => self.load.usage.col_class(other),
        }
    }

    /// The usage when this side is in class `own` and the other in class `other`.
    fn class_at(&self, own: usize, other: usize) -> u64 {
        let t = &self.load.usage;
        let (r, c) = if self.flipped { (other, own) } else { (own, other) };
        t.class_values()[r * t.col_classes() + c]
    }

    /// The distinct classes of the other side's `strategies`, in order.
    pub fn other_classes_of(&self, strategies: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut classes: Vec<usize> = strategies.map(|j| self.other_class(j)).collect();
        classes.sort_unstable();
        classes.dedup();
        classes
    }

    /// True if this side's strategy `d` uses no more than `s` with every one of the
    /// other side's `classes`.
    pub fn no_worse(&self, d: usize, s: usize, classes: &[usize]) -> bool {
        let (cd, cs) = (self.own_class(d), self.own_class(s));
        cd == cs || classes.iter().all(|&o| self.class_at(cd, o) <= self.class_at(cs, o))
    }
}

/// The whole problem.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Problem {
    /// The nodes.
    pub nodes: Vec<Node>,
    /// The edges.
    pub edges: Vec<Edge>,
    /// Usage beyond the nodes' own.
    pub loads: Vec<Load>,
    /// The usage limit at every time step, if any.
    pub limit: Option<u64>,
}

impl Problem {
    /// Adds a node, returning its id.
    pub fn add_node(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        NodeId(self.nodes.len() - 1)
    }

    /// Adds an edge between distinct nodes `a` and `b` with `costs[i][j]` flattened
    /// row-major.
    pub fn add_edge(&mut self, a: NodeId, b: NodeId, costs: Vec<f64>) {
        let (rows, cols) = (self.nodes[a.0].strategies(), self.nodes[b.0].strategies());
        debug_assert_eq!(costs.len(), rows * cols);
        self.add_table(a, b, Table::dense(rows, cols, &costs));
    }

    /// Adds an edge between distinct nodes `a` and `b` with the costs of `table`
    /// (rows of `a`), which other edges may share.
    pub fn add_table(&mut self, a: NodeId, b: NodeId, costs: Table<f64>) {
        debug_assert_eq!((costs.rows(), costs.cols()), (self.nodes[a.0].strategies(), self.nodes[b.0].strategies()));
        self.edges.push(Edge { a, b, costs });
    }

    /// Adds a load whose usage is nonzero somewhere (others are dropped).
    pub fn add_load(&mut self, load: Load) {
        debug_assert_eq!(
            (load.usage.rows(), load.usage.cols()),
            (self.nodes[load.a.0].strategies(), load.b.map_or(1, |b| self.nodes[b.0].strategies()))
        );
        if load.max() > 0 && load.interval.0 < load.interval.1 {
            self.loads.push(load);
        }
    }

    /// `load` as seen from `node`, one of its nodes.
    pub fn side<'a>(&self, load: &'a Load, node: NodeId) -> LoadSide<'a> {
        LoadSide { load, flipped: load.a != node }
    }

    /// The number of time steps any usage counts at.
    pub fn horizon(&self) -> usize {
        let loads = self.loads.iter().map(|l| l.interval.1);
        self.nodes.iter().map(|n| n.interval.1).chain(loads).max().unwrap_or(0)
    }

    /// The cost of `assignment` (one strategy per node); infinite if forbidden.
    pub fn cost(&self, assignment: &[usize]) -> f64 {
        let nodes: f64 = self.nodes.iter().zip(assignment).map(|(n, &s)| n.costs[s]).sum();
        let edges: f64 = self.edges.iter().map(|e| self.edge_cost(e, assignment)).sum();
        nodes + edges
    }

    /// The cost of edge `e` (between nodes of this problem) under `assignment`.
    pub fn edge_cost(&self, e: &Edge, assignment: &[usize]) -> f64 {
        e.costs.at(assignment[e.a.0], assignment[e.b.0])
    }

    /// The largest usage at any time step under `assignment`.
    pub fn peak(&self, assignment: &[usize]) -> u64 {
        self.usage(assignment).into_iter().max().unwrap_or(0)
    }

    /// The usage at every time step under `assignment`.
    pub fn usage(&self, assignment: &[usize]) -> Vec<u64> {
        let mut usage = IntervalSums::new(self.horizon());
        for (node, &s) in self.nodes.iter().zip(assignment) {
            usage.add(node.interval, node.usage_of(s));
        }
        for load in &self.loads {
            usage.add(load.interval, load.at(assignment[load.a.0], load.b.map_or(0, |b| assignment[b.0])));
        }
        usage.sums().collect()
    }

    /// True if `assignment` stays within the limit.
    pub fn fits(&self, assignment: &[usize]) -> bool {
        self.limit.is_none_or(|limit| self.peak(assignment) <= limit)
    }

    /// The cheapest assignment by enumerating all of them (for tests on tiny
    /// problems), the first in lexicographic order on ties; `None` if none is finite
    /// and fits.
    pub fn brute_force(&self) -> Option<(f64, Vec<usize>)> {
        let mut assignment = vec![0usize; self.nodes.len()];
        let mut best: Option<(f64, Vec<usize>)> = None;
        if self.nodes.iter().any(|n| n.strategies() == 0) {
            return None;
        }
        loop {
            let cost = self.cost(&assignment);
            if cost.is_finite() && best.as_ref().is_none_or(|(b, _)| cost < *b) && self.fits(&assignment) {
                best = Some((cost, assignment.clone()));
            }
            let Some(i) = (0..assignment.len()).rev().find(|&i| assignment[i] + 1 < self.nodes[i].strategies()) else {
                return best;
            };
            assignment[i] += 1;
            assignment[i + 1..].iter_mut().for_each(|s| *s = 0);
        }
    }
}

/// A random problem for tests of the solver core: `nodes` nodes with 1 to 4
/// strategies, usage over random intervals, edges between most pairs (cycles
/// everywhere, some entries forbidden) and, half the time, a limit.
#[cfg(test)]
pub(crate) fn random(rng: &mut rand::rngs::StdRng, nodes: std::ops::Range<usize>) -> Problem {
    use rand::RngExt;
    let n = rng.random_range(nodes);
    let mut p = Problem::default();
    for i in 0..n {
        let k = rng.random_range(1..5);
        p.add_node(random_node(rng, i, k, 4));
    }
    for a in 0..n {
        for b in a + 1..n {
            if rng.random_bool(0.6) {
                let size = p.nodes[a].strategies() * p.nodes[b].strategies();
                let costs = (0..size)
                    .map(|_| if rng.random_bool(0.1) { f64::INFINITY } else { rng.random_range(0..10) as f64 })
                    .collect();
                p.add_edge(NodeId(a), NodeId(b), costs);
            }
        }
    }
    if rng.random_bool(0.5) {
        p.limit = Some(rng.random_range(4..14));
    }
    p
}

/// Node `i` of a random test problem: `k` strategies of costs below 10 and usages
/// below 5, live from a step below `starts` for 1 to 3 steps.
#[cfg(test)]
pub(crate) fn random_node(rng: &mut rand::rngs::StdRng, i: usize, k: usize, starts: usize) -> Node {
    use rand::RngExt;
    let start = rng.random_range(0..starts);
    Node {
        usage: (0..k).map(|_| rng.random_range(0..5)).collect(),
        interval: (start, start + rng.random_range(1..4)),
        ..Node::new(format!("{i}"), (0..k).map(|_| rng.random_range(0..10) as f64).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_finds_the_cheapest_fitting_assignment() {
        let mut p = Problem { limit: Some(10), ..Problem::default() };
        let a = p.add_node(Node { usage: vec![4, 8], interval: (0, 2), ..Node::new("a", vec![1.0, 0.0]) });
        let b = p.add_node(Node { usage: vec![4, 4], interval: (1, 3), ..Node::new("b", vec![0.0, 0.5]) });
        p.add_edge(a, b, vec![0.0, 2.0, 2.0, 0.0]);
        // (1, 1) costs 0.5 but needs 12 at step 1; (0, 0) costs 1.
        assert_eq!(p.brute_force(), Some((1.0, vec![0, 0])));
        assert_eq!(p.usage(&[1, 1]), vec![8, 12, 4]);
    }
}
