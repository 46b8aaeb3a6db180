//! The ILP of a presolved problem, in the marginal (local-polytope) form.
//!
//! One binary `x[n][s]` per allowed strategy of every node still to decide, with
//! `Σ_s x[n][s] = 1`. An edge's strategies are first collapsed into classes: rows of
//! the cost matrix that are equal (over the allowed columns) form one row class,
//! likewise columns. An edge whose rows (or columns) form one class costs only by the
//! other side's choice and is folded into that node's objective; otherwise it gets a
//! continuous `e[r][c] ∈ [0, 1]` per finite class pair with the marginals
//! `Σ_c e[r][c] = Σ_{s∈r} x[a][s]` and `Σ_r e[r][c] = Σ_{t∈c} x[b][t]` (infinite
//! pairs get no variable, which forbids them). With integral `x` the marginals force
//! `e` integral, and the LP relaxation is far tighter than `e ≥ x + y − 1`.
//! The usage limit becomes one row per time step where it could bind, scaled by the
//! limit. Costs are scaled to microseconds for the solver's tolerances.

use crate::backend::{Comparison, Domain, Model};
use crate::presolve::Presolved;
use crate::problem::Problem;

/// Objective units per unit of cost (costs are seconds; the solver sees µs).
const SCALE: f64 = 1e6;

/// The ILP and how to read a solution back.
#[derive(Debug, Clone)]
pub struct Formulation {
    /// The model.
    pub model: Model,
    /// Per node and strategy, its variable; `None` where forbidden or fixed.
    vars: Vec<Vec<Option<usize>>>,
    /// Per node, the strategy it must take if only one is allowed.
    fixed: Vec<Option<usize>>,
    /// The cost every solution pays (fixed nodes and the edges between them).
    pub constant: f64,
}

/// How a node's strategy is written in the model.
#[derive(Debug, Clone, Copy)]
enum Choice {
    Fixed(usize),
    Free,
}

impl Formulation {
    /// Formulates the remaining part of `pre` (a presolve of `problem`).
    pub fn new(problem: &Problem, pre: &Presolved) -> Self {
        let n = pre.costs.len();
        let mut f =
            Formulation { model: Model::default(), vars: vec![Vec::new(); n], fixed: vec![None; n], constant: 0.0 };
        for node in pre.remaining() {
            f.add_node(pre, node);
        }
        for (&(a, b), matrix) in &pre.edges {
            f.add_edge(pre, (a, b), matrix);
        }
        f.add_limit(problem, pre);
        f
    }

    /// The objective of a model solution in problem units.
    pub fn cost(&self, objective: f64) -> f64 {
        objective / SCALE + self.constant
    }

    /// A strategy per node from the model's variable values (0 for eliminated nodes).
    pub fn decode(&self, values: &[f64]) -> Vec<usize> {
        (0..self.vars.len())
            .map(|n| {
                self.fixed[n].unwrap_or_else(|| {
                    let chosen = self.vars[n].iter().enumerate().filter_map(|(s, v)| v.map(|v| (s, values[v])));
                    chosen.fold((0, f64::NEG_INFINITY), |best, (s, x)| if x > best.1 { (s, x) } else { best }).0
                })
            })
            .collect()
    }

    fn choice(&self, node: usize) -> Choice {
        self.fixed[node].map_or(Choice::Free, Choice::Fixed)
    }

    fn add_node(&mut self, pre: &Presolved, node: usize) {
        let allowed: Vec<usize> = allowed(pre, node);
        self.vars[node] = vec![None; pre.strategies(node)];
        if let [only] = allowed[..] {
            self.fixed[node] = Some(only);
            self.constant += pre.costs[node][only];
            return;
        }
        let mut ones = Vec::with_capacity(allowed.len());
        for s in allowed {
            let v = self.model.add(Domain::Binary, pre.costs[node][s] * SCALE);
            self.vars[node][s] = Some(v);
            ones.push((v, 1.0));
        }
        self.model.constrain(ones, Comparison::Equal, 1.0);
    }

    /// Adds `cost` to the objective when `node` takes strategy `s`.
    fn charge(&mut self, node: usize, s: usize, cost: f64) {
        match (self.choice(node), self.vars[node].get(s).copied().flatten()) {
            (Choice::Fixed(_), _) => self.constant += cost,
            (Choice::Free, Some(v)) => self.model.objective[v] += cost * SCALE,
            (Choice::Free, None) => {}
        }
    }

    /// The variables (or the fixed choice) of `node`'s strategies in `class`.
    fn indicator(&self, node: usize, class: &[usize]) -> Vec<(usize, f64)> {
        class.iter().filter_map(|&s| self.vars[node][s].map(|v| (v, 1.0))).collect()
    }

    fn add_edge(&mut self, pre: &Presolved, (a, b): (usize, usize), matrix: &[f64]) {
        let (ra, cb) = (allowed(pre, a), allowed(pre, b));
        let width = pre.strategies(b);
        let at = |i: usize, j: usize| matrix[i * width + j];
        let rows = classes(&ra, |x, y| cb.iter().all(|&j| at(x, j).to_bits() == at(y, j).to_bits()));
        let cols = classes(&cb, |x, y| ra.iter().all(|&i| at(i, x).to_bits() == at(i, y).to_bits()));
        if rows.len() == 1 {
            for &j in &cb {
                self.charge(b, j, at(rows[0][0], j));
            }
            return;
        }
        if cols.len() == 1 {
            for &i in &ra {
                self.charge(a, i, at(i, cols[0][0]));
            }
            return;
        }
        let mut row_terms: Vec<Vec<(usize, f64)>> = rows.iter().map(|r| negated(self.indicator(a, r))).collect();
        let mut col_terms: Vec<Vec<(usize, f64)>> = cols.iter().map(|c| negated(self.indicator(b, c))).collect();
        for (r, row) in rows.iter().enumerate() {
            for (c, col) in cols.iter().enumerate() {
                let cost = at(row[0], col[0]);
                if cost.is_finite() {
                    let e = self.model.add(Domain::Unit, cost * SCALE);
                    row_terms[r].push((e, 1.0));
                    col_terms[c].push((e, 1.0));
                }
            }
        }
        for terms in row_terms.into_iter().chain(col_terms) {
            self.model.constrain(terms, Comparison::Equal, 0.0);
        }
    }

    /// One row per time step where the limit could bind, over the pinned nodes live
    /// there; consecutive steps with the same live set share a row.
    fn add_limit(&mut self, problem: &Problem, pre: &Presolved) {
        let Some(limit) = problem.limit else { return };
        let mut previous: Option<Vec<usize>> = None;
        for t in 0..problem.horizon() {
            let live: Vec<usize> = (0..problem.nodes.len())
                .filter(|&n| pre.pinned[n] && (problem.nodes[n].interval.0..problem.nodes[n].interval.1).contains(&t))
                .collect();
            if live.is_empty() || previous.as_ref() == Some(&live) {
                continue;
            }
            let mut fixed = 0.0;
            let mut terms = Vec::new();
            for &n in &live {
                let usage = |s: usize| problem.nodes[n].usage_of(s) as f64 / limit as f64;
                match self.choice(n) {
                    Choice::Fixed(s) => fixed += usage(s),
                    Choice::Free => {
                        terms.extend(self.vars[n].iter().enumerate().filter_map(|(s, v)| v.map(|v| (v, usage(s)))))
                    }
                }
            }
            let worst: f64 = live.iter().map(|&n| max_usage(problem, pre, n) / limit as f64).sum::<f64>();
            if worst > 1.0 {
                self.model.constrain(terms, Comparison::AtMost, 1.0 - fixed);
            }
            previous = Some(live);
        }
    }
}

fn max_usage(problem: &Problem, pre: &Presolved, n: usize) -> f64 {
    allowed(pre, n).into_iter().map(|s| problem.nodes[n].usage_of(s) as f64).fold(0.0, f64::max)
}

/// The allowed (finite-cost) strategies of `node`.
pub fn allowed(pre: &Presolved, node: usize) -> Vec<usize> {
    (0..pre.strategies(node)).filter(|&s| pre.costs[node][s].is_finite()).collect()
}

/// `items` grouped into classes of `equal` ones, in order of first appearance.
fn classes(items: &[usize], equal: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in items {
        match out.iter_mut().find(|c| equal(c[0], i)) {
            Some(class) => class.push(i),
            None => out.push(vec![i]),
        }
    }
    out
}

fn negated(terms: Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    terms.into_iter().map(|(v, k)| (v, -k)).collect()
}
