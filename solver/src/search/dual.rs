//! The lower bound and the rounding start: the LP relaxation's dual, raised by
//! sequential tree-reweighted message passing (TRW-S), with the usage limit priced
//! by Lagrangian multipliers per time step.
//!
//! The dual is a *reparametrization* of the core kept in message form: per edge `e`
//! and each of its ends `v`, an amount `φ_ev` per strategy of `v` moved from the edge
//! into the node. Node `v`'s table is `unary_v = cost_v + priced usage + Σ_e φ_ev` and
//! edge `e`'s is `θ_e(i, j) − φ_ea(i) − φ_eb(j)`, so their sum over any assignment is
//! its cost plus its priced usage; hence for every `φ` and every `λ ≥ 0`,
//! `Σ_v min unary_v + Σ_e min table_e + Σ_t λ_t (base_t − limit)` is a lower bound on
//! the optimum under the limit. The edges' cost tables are the core's, shared and
//! read by classes (`Table::min_plus`): the dual holds only the messages, `k_a + k_b`
//! numbers per edge, so search threads never copy a matrix. A pass visits the nodes
//! in order; at each it moves every incident edge's min-marginal into the node, then
//! hands an equal share (`1 / max(later, earlier)` neighbours) of the node's table to
//! each edge towards a later node. Neither step lowers the bound; the backward pass
//! mirrors the forward one. Rounding fixes the nodes in order, each to its cheapest
//! strategy given the neighbours already fixed.
//!
//! Invariants: for every live strategy, `unary` is its node's cost plus usage priced
//! by `lambda` plus its edges' messages; a strategy with no finite partner on some
//! edge is dead (its `unary` infinite, forever: it is in no finite solution) and its
//! messages are never read; no infinity is ever subtracted, so no NaN arises.

use super::core::Core;
use crate::table::{Over, Scratch};
use std::time::Instant;

/// The reparametrized core in message form and the multipliers priced into it.
#[derive(Debug, Clone)]
pub(crate) struct Dual {
    /// Per node, its reparametrized cost per compact strategy (usage priced in;
    /// infinite: dead).
    unary: Vec<Vec<f64>>,
    /// The messages of every edge: its `a` end's, then its `b` end's.
    phi: Vec<f64>,
    /// Where each edge's messages start in `phi`.
    offsets: Vec<usize>,
    /// The multipliers priced in, one per time step.
    lambda: Vec<f64>,
    /// The other end's strategies' terms while a node is visited (reused).
    h: Vec<f64>,
    /// The new messages of the node visited (reused).
    fresh: Vec<f64>,
    scratch: Scratch,
}

impl Dual {
    /// The core's own tables with no usage priced.
    pub fn new(core: &Core) -> Self {
        let mut offsets = Vec::with_capacity(core.edges.len());
        let mut total = 0;
        for e in &core.edges {
            offsets.push(total);
            total += core.strategies(e.a) + core.strategies(e.b);
        }
        Dual {
            unary: core.cost.clone(),
            phi: vec![0.0; total],
            offsets,
            lambda: vec![0.0; core.base.len()],
            h: Vec::new(),
            fresh: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// The multipliers priced in.
    pub fn lambda(&self) -> &[f64] {
        &self.lambda
    }

    /// The range of `phi` holding edge `e`'s messages into its end `v`.
    fn range(&self, core: &Core, e: usize, v: usize) -> std::ops::Range<usize> {
        let edge = &core.edges[e];
        let start = if edge.a == v { self.offsets[e] } else { self.offsets[e] + core.strategies(edge.a) };
        start..start + core.strategies(v)
    }

    /// Prices usage by `lambda` (one multiplier per time step, each ≥ 0) instead of
    /// the multipliers priced before.
    pub fn set_lambda(&mut self, core: &Core, lambda: &[f64]) {
        let (old, new) = (prefix_sums(&self.lambda), prefix_sums(lambda));
        for (v, unary) in self.unary.iter_mut().enumerate() {
            for (k, x) in unary.iter_mut().enumerate() {
                if x.is_finite() {
                    let price = |p: &[f64]| core.priced(v, k, |from, to| p[to] - p[from]);
                    *x += price(&new) - price(&old);
                }
            }
        }
        self.lambda = lambda.to_vec();
    }

    /// The bound of the current state.
    pub fn bound(&mut self, core: &Core) -> f64 {
        let min = |t: &Vec<f64>| t.iter().copied().fold(f64::INFINITY, f64::min);
        let nodes: f64 = self.unary.iter().map(min).sum();
        let mut edges = 0.0;
        for (e, edge) in core.edges.iter().enumerate() {
            let (ra, rb) = (self.range(core, e, edge.a), self.range(core, e, edge.b));
            let neg = |phi: &[f64], unary: &[f64], out: &mut Vec<f64>| {
                out.clear();
                out.extend(phi.iter().zip(unary).map(|(p, u)| if u.is_finite() { -p } else { f64::INFINITY }));
            };
            neg(&self.phi[ra], &self.unary[edge.a], &mut self.h);
            neg(&self.phi[rb], &self.unary[edge.b], &mut self.fresh);
            edges += edge.costs.min_with(&self.h, &self.fresh, &mut self.scratch);
        }
        let slack: f64 = self.lambda.iter().zip(&core.base).map(|(l, b)| l * (core.limit - b) as f64).sum();
        nodes + edges - slack
    }

    /// One forward and one backward pass.
    pub fn iterate(&mut self, core: &Core) {
        for v in 0..core.len() {
            self.visit(core, v, |u| u > v);
        }
        for v in (0..core.len()).rev() {
            self.visit(core, v, |u| u < v);
        }
    }

    /// Collects every edge of `v` into it, then shares it out to the edges towards
    /// the nodes `ahead`.
    fn visit(&mut self, core: &Core, v: usize, ahead: impl Fn(usize) -> bool) {
        let kv = core.strategies(v);
        for &(e, u) in &core.adjacency[v] {
            let (own, other) = (self.range(core, e, v), self.range(core, e, u));
            // The other end's live strategies, less the messages they already hold.
            self.h.clear();
            let live = self.unary[u].iter().zip(&self.phi[other]);
            self.h.extend(live.map(|(x, p)| if x.is_finite() { -p } else { f64::INFINITY }));
            self.fresh.resize(kv, 0.0);
            let over = if core.edges[e].a == v { Over::Cols } else { Over::Rows };
            core.edges[e].costs.min_plus(over, &self.h, &mut self.fresh, None, &mut self.scratch);
            let (unary, phi) = (&mut self.unary[v], &mut self.phi[own]);
            for ((x, p), &m) in unary.iter_mut().zip(phi.iter_mut()).zip(&self.fresh) {
                if !x.is_finite() {
                    continue;
                }
                if m.is_finite() {
                    *x += m - *p;
                    *p = m;
                } else {
                    *x = f64::INFINITY;
                }
            }
        }
        let later = core.adjacency[v].iter().filter(|&&(_, u)| ahead(u)).count();
        if later == 0 {
            return;
        }
        let share = 1.0 / later.max(core.adjacency[v].len() - later) as f64;
        for &(e, _) in core.adjacency[v].iter().filter(|&&(_, u)| ahead(u)) {
            let own = self.range(core, e, v);
            for (p, &x) in self.phi[own].iter_mut().zip(&self.unary[v]) {
                if x.is_finite() {
                    *p -= share * x;
                }
            }
        }
        let keep = 1.0 - share * later as f64;
        for x in self.unary[v].iter_mut().filter(|x| x.is_finite()) {
            *x *= keep;
        }
    }

    /// Fixes the nodes in order, each to its cheapest strategy given the neighbours
    /// fixed before it.
    pub fn round(&self, core: &Core) -> Vec<usize> {
        let (mut assign, mut value) = (vec![usize::MAX; core.len()], Vec::new());
        for v in 0..core.len() {
            value.clear();
            value.extend_from_slice(&self.unary[v]);
            for &(e, u) in core.adjacency[v].iter().filter(|&&(_, u)| assign[u] != usize::MAX) {
                let (own, other) = (self.range(core, e, v), self.range(core, e, u));
                let pu = self.phi[other][assign[u]];
                for (k, x) in value.iter_mut().enumerate() {
                    *x += core.pair(e, v, k, assign[u]) - self.phi[own.start + k] - pu;
                }
            }
            assign[v] = crate::presolve::argmin(value.iter().copied()).0;
        }
        assign
    }
}

/// `p[t]` = the sum of the first `t` multipliers (`p[to] − p[from]` prices an
/// interval).
fn prefix_sums(lambda: &[f64]) -> Vec<f64> {
    let running = lambda.iter().scan(0.0, |sum, l| {
        *sum += l;
        Some(*sum)
    });
    std::iter::once(0.0).chain(running).collect()
}

/// Iterations over which the bound must rise by [`CONVERGED`] (relative) for the
/// ascent to go on.
const WINDOW: usize = 64;

/// The least relative rise of the bound over [`WINDOW`] iterations that keeps the
/// ascent going.
const CONVERGED: f64 = 1e-6;

/// Raises the bound until `deadline` (or until `stop` says so), until it proves
/// `incumbent` (the best known cost) within the relative `gap`, or until it
/// converges (it rose by less than [`CONVERGED`] over the last [`WINDOW`]
/// iterations, or the multipliers' steps shrank to nothing): message passing, with
/// subgradient steps on the multipliers (Polyak's rule against the incumbent)
/// between iterations when the limit can bind and the incumbent is finite. Returns
/// the best bound and its multipliers; the state is left at the last iterate.
pub(crate) fn ascend(
    core: &Core,
    dual: &mut Dual,
    incumbent: f64,
    (deadline, stop): (Instant, &dyn Fn() -> bool),
    gap: f64,
) -> (f64, Vec<f64>) {
    let bounded = core.limit < i64::MAX && incumbent.is_finite();
    let (mut best, mut best_lambda) = (dual.bound(core), dual.lambda().to_vec());
    let (mut theta, mut stale, mut iterations) = (1.0, 0, 0);
    let mut history = std::collections::VecDeque::with_capacity(WINDOW + 1);
    while Instant::now() < deadline && !stop() && !super::closes(incumbent, best, gap) {
        dual.iterate(core);
        iterations += 1;
        let value = dual.bound(core);
        if value > best + 1e-9 * best.abs().max(1.0) {
            (best, best_lambda, stale) = (value, dual.lambda().to_vec(), 0);
        } else {
            stale += 1;
            if stale >= 8 {
                (theta, stale) = (theta / 2.0, 0);
            }
        }
        history.push_back(best);
        if history.len() > WINDOW {
            let old = history.pop_front().unwrap_or(best);
            let flat = best - old <= CONVERGED * best.abs().max(f64::MIN_POSITIVE);
            if flat && (!bounded || theta < 1e-4) {
                break;
            }
        }
        if !bounded || theta < 1e-4 {
            continue;
        }
        let usage = core.profile(&dual.round(core));
        let gradient: Vec<f64> = usage.iter().map(|&u| (u - core.limit) as f64).collect();
        let lambda = dual.lambda();
        let norm: f64 = gradient.iter().zip(lambda).filter(|(g, l)| **g > 0.0 || **l > 0.0).map(|(g, _)| g * g).sum();
        if norm > 0.0 {
            // The gap in cost units (a sharding problem's costs are seconds).
            let step = theta * (incumbent - value).max(1e-9 * incumbent.abs()) / norm;
            let next: Vec<f64> = lambda.iter().zip(&gradient).map(|(l, g)| (l + step * g).max(0.0)).collect();
            dual.set_lambda(core, &next);
        }
    }
    tracing::debug!(iterations, best, "dual ascent");
    (best, best_lambda)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presolve::Presolved;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// The core's optimum under the limit by enumeration (`None` if nothing fits).
    fn optimum(core: &Core) -> Option<f64> {
        let sizes: Vec<usize> = (0..core.len()).map(|v| core.strategies(v)).collect();
        super::super::core::assignments(&sizes)
            .filter(|a| core.profile(a).iter().all(|&u| u <= core.limit))
            .map(|a| core.score(&a))
            .filter(|s| s.forbidden == 0)
            .map(|s| s.finite)
            .reduce(f64::min)
    }

    #[test]
    fn the_dual_bound_never_exceeds_the_optimum() {
        let mut rng = StdRng::seed_from_u64(5);
        let (mut checked, mut tight) = (0, 0);
        for _ in 0..300 {
            let p = crate::problem::random(&mut rng, 3..7);
            let pre = Presolved::new(&p);
            if pre.stranded().is_some() {
                continue;
            }
            let core = Core::new(&p, &pre);
            let Some(best) = optimum(&core) else { continue };
            let mut dual = Dual::new(&core);
            for _ in 0..5 {
                let lambda: Vec<f64> = (0..core.base.len()).map(|_| rng.random_range(0.0..4.0)).collect();
                dual.set_lambda(&core, &lambda);
                dual.iterate(&core);
                let value = dual.bound(&core);
                assert!(value <= best + 1e-9, "bound {value} above the optimum {best}");
            }
            dual.set_lambda(&core, &vec![0.0; core.base.len()]);
            let deadline = Instant::now() + std::time::Duration::from_millis(20);
            let (value, _) = ascend(&core, &mut dual, best, (deadline, &|| false), 0.0);
            assert!(value <= best + 1e-9, "ascended bound {value} above the optimum {best}");
            tight += usize::from(value >= best - 1e-6);
            checked += 1;
        }
        assert!(checked >= 100, "only {checked} problems checked");
        assert!(tight * 10 >= checked * 8, "the bound reached the optimum on only {tight} of {checked}");
    }

    /// A core whose edges form a random tree (node `i > 0` hangs off an earlier one),
    /// with no usage.
    fn tree(rng: &mut StdRng, n: usize) -> Core {
        use super::super::core::CoreEdge;
        let cost: Vec<Vec<f64>> =
            (0..n).map(|_| (0..rng.random_range(1..5)).map(|_| rng.random_range(0..10) as f64).collect()).collect();
        let mut edges = Vec::new();
        for b in 1..n {
            let a = rng.random_range(0..b);
            let costs: Vec<f64> = (0..cost[a].len() * cost[b].len()).map(|_| rng.random_range(0..10) as f64).collect();
            let costs = crate::table::Table::dense(cost[a].len(), cost[b].len(), &costs);
            edges.push(CoreEdge { a, b, costs });
        }
        Core::unlimited(cost, edges)
    }

    #[test]
    fn on_a_tree_the_bound_is_the_optimum_and_rounding_attains_it() {
        let mut rng = StdRng::seed_from_u64(9);
        for _ in 0..200 {
            let n = rng.random_range(2..8);
            let core = tree(&mut rng, n);
            let best = optimum(&core).unwrap_or(f64::INFINITY);
            let mut dual = Dual::new(&core);
            (0..2 * n).for_each(|_| dual.iterate(&core));
            let bound = dual.bound(&core);
            assert!((bound - best).abs() < 1e-9, "bound {bound}, optimum {best}");
            let rounded = core.score(&dual.round(&core)).finite;
            assert!((rounded - best).abs() < 1e-9, "rounding costs {rounded}, optimum {best}");
        }
    }
}
