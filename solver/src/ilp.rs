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
//! limit, less the presolve's constant base usage there. A binding load between two nodes is written on the same class pairs (its
//! usage refines the classes, and a pair without an edge gets one of zero cost), so
//! it is exact too. Costs are scaled to microseconds for the solver's tolerances.

use crate::backend::{Comparison, Domain, Model};
use crate::presolve::Presolved;
use crate::problem::{Load, LoadSide, NodeId, Problem};
use crate::table::Table;
use std::collections::BTreeMap;

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
    /// How each pair of nodes with an edge or a binding load was written.
    pairs: BTreeMap<(usize, usize), Pair>,
}

/// How an edge `(a, b)` (`a < b`) was written: folded into one node's variables (its
/// entries depend on that node's choice alone) or as class-pair variables.
#[derive(Debug, Clone)]
enum Pair {
    /// Every row is alike: `b`'s strategy decides, read on row `row`.
    ByB { row: usize },
    /// Every column is alike: `a`'s strategy decides, read on column `col`.
    ByA { col: usize },
    /// Row and column classes, and the variable of each finite class pair.
    Cells { rows: Vec<Vec<usize>>, cols: Vec<Vec<usize>>, vars: Vec<Option<usize>> },
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
        let mut f = Formulation {
            model: Model::default(),
            vars: vec![Vec::new(); n],
            fixed: vec![None; n],
            constant: 0.0,
            pairs: BTreeMap::new(),
        };
        for node in pre.remaining() {
            f.add_node(pre, node);
        }
        let mut loads: BTreeMap<(usize, usize), Vec<LoadSide<'_>>> = BTreeMap::new();
        for load in pre.binding.iter().map(|&l| &problem.loads[l]) {
            if let Some(b) = load.b {
                let (a, b) = (load.a.0, b.0);
                loads.entry((a.min(b), a.max(b))).or_default().push(problem.side(load, NodeId(a.min(b))));
            }
        }
        let zero = |(a, b): (usize, usize)| Table::constant(pre.strategies(a), pre.strategies(b), 0.0);
        let keys: std::collections::BTreeSet<(usize, usize)> = pre.edges.keys().chain(loads.keys()).copied().collect();
        for key in keys {
            let matrix = pre.edges.get(&key).cloned().unwrap_or_else(|| zero(key));
            let pair = f.add_edge(pre, key, &matrix, loads.get(&key).map_or(&[][..], Vec::as_slice));
            f.pairs.insert(key, pair);
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
        let allowed: Vec<usize> = pre.allowed(node).collect();
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

    fn add_edge(
        &mut self,
        pre: &Presolved,
        (a, b): (usize, usize),
        matrix: &Table<f64>,
        loads: &[LoadSide<'_>],
    ) -> Pair {
        let (ra, cb): (Vec<usize>, Vec<usize>) = (pre.allowed(a).collect(), pre.allowed(b).collect());
        let at = |i: usize, j: usize| matrix.at(i, j);
        let same = |i: usize, j: usize, x: usize, y: usize| {
            at(i, j).to_bits() == at(x, y).to_bits() && loads.iter().all(|l| l.at(i, j) == l.at(x, y))
        };
        let rows = classes(&ra, |x, y| cb.iter().all(|&j| same(x, j, y, j)));
        let cols = classes(&cb, |x, y| ra.iter().all(|&i| same(i, x, i, y)));
        if rows.len() == 1 {
            for &j in &cb {
                self.charge(b, j, at(rows[0][0], j));
            }
            return Pair::ByB { row: rows[0][0] };
        }
        if cols.len() == 1 {
            for &i in &ra {
                self.charge(a, i, at(i, cols[0][0]));
            }
            return Pair::ByA { col: cols[0][0] };
        }
        let mut row_terms: Vec<Vec<(usize, f64)>> = rows.iter().map(|r| negated(self.indicator(a, r))).collect();
        let mut col_terms: Vec<Vec<(usize, f64)>> = cols.iter().map(|c| negated(self.indicator(b, c))).collect();
        let mut vars = Vec::with_capacity(rows.len() * cols.len());
        for (r, row) in rows.iter().enumerate() {
            for (c, col) in cols.iter().enumerate() {
                let cost = at(row[0], col[0]);
                let var = cost.is_finite().then(|| self.model.add(Domain::Unit, cost * SCALE));
                if let Some(e) = var {
                    row_terms[r].push((e, 1.0));
                    col_terms[c].push((e, 1.0));
                }
                vars.push(var);
            }
        }
        for terms in row_terms.into_iter().chain(col_terms) {
            self.model.constrain(terms, Comparison::Equal, 0.0);
        }
        Pair::Cells { rows, cols, vars }
    }

    /// Adds `coefficient` × [`node` takes `s`] to `row` (or to `fixed` if it must).
    fn usage_term(&self, (node, s): (usize, usize), coefficient: f64, row: &mut Vec<(usize, f64)>, fixed: &mut f64) {
        match (self.choice(node), self.vars[node].get(s).copied().flatten()) {
            (Choice::Fixed(f), _) if f == s => *fixed += coefficient,
            (Choice::Free, Some(v)) => row.push((v, coefficient)),
            _ => {}
        }
    }

    /// The terms of a binding load, scaled by `scale`.
    fn load_terms(
        &self,
        (problem, pre): (&Problem, &Presolved),
        load: &Load,
        scale: f64,
        row: &mut Vec<(usize, f64)>,
        fixed: &mut f64,
    ) {
        let Some(b) = load.b.map(|b| b.0) else {
            for s in pre.allowed(load.a.0) {
                self.usage_term((load.a.0, s), load.at(s, 0) as f64 * scale, row, fixed);
            }
            return;
        };
        let (low, high) = (load.a.0.min(b), load.a.0.max(b));
        let oriented = problem.side(load, NodeId(low));
        match self.pairs.get(&(low, high)) {
            Some(Pair::ByB { row: i }) => {
                for j in pre.allowed(high) {
                    self.usage_term((high, j), oriented.at(*i, j) as f64 * scale, row, fixed);
                }
            }
            Some(Pair::ByA { col: j }) => {
                for i in pre.allowed(low) {
                    self.usage_term((low, i), oriented.at(i, *j) as f64 * scale, row, fixed);
                }
            }
            Some(Pair::Cells { rows, cols, vars }) => {
                for (k, var) in vars.iter().enumerate() {
                    let (r, c) = (&rows[k / cols.len()], &cols[k % cols.len()]);
                    if let Some(v) = var {
                        row.push((*v, oriented.at(r[0], c[0]) as f64 * scale));
                    }
                }
            }
            None => {}
        }
    }

    /// One row per time step where the limit could bind, over the pinned nodes and
    /// binding loads live there; a row equal to the previous one is left out.
    fn add_limit(&mut self, problem: &Problem, pre: &Presolved) {
        let Some(limit) = problem.limit else { return };
        let scale = 1.0 / limit as f64;
        let live = |(from, to): (usize, usize), t: usize| (from..to).contains(&t);
        let mut previous: Option<(Vec<(usize, f64)>, f64)> = None;
        for t in 0..problem.horizon() {
            let nodes: Vec<usize> =
                (0..problem.nodes.len()).filter(|&n| pre.pinned[n] && live(problem.nodes[n].interval, t)).collect();
            let loads: Vec<&Load> =
                pre.binding.iter().map(|&l| &problem.loads[l]).filter(|l| live(l.interval, t)).collect();
            let base = pre.base[t] as f64;
            let worst = base
                + nodes.iter().map(|&n| max_usage(problem, pre, n)).sum::<f64>()
                + loads.iter().map(|l| l.max() as f64).sum::<f64>();
            if worst <= limit as f64 {
                continue;
            }
            let (mut terms, mut fixed) = (Vec::new(), base * scale);
            for n in nodes {
                for s in pre.allowed(n) {
                    self.usage_term((n, s), problem.nodes[n].usage_of(s) as f64 * scale, &mut terms, &mut fixed);
                }
            }
            for load in loads {
                self.load_terms((problem, pre), load, scale, &mut terms, &mut fixed);
            }
            let row = (terms, fixed);
            if previous.as_ref() != Some(&row) {
                self.model.constrain(row.0.clone(), Comparison::AtMost, 1.0 - row.1);
                previous = Some(row);
            }
        }
    }
}

fn max_usage(problem: &Problem, pre: &Presolved, n: usize) -> f64 {
    pre.allowed(n).map(|s| problem.nodes[n].usage_of(s) as f64).fold(0.0, f64::max)
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
