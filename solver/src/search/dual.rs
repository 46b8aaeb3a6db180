//! The lower bound and the rounding start: the LP relaxation's dual, raised by
//! sequential tree-reweighted message passing (TRW-S, in its reparametrization
//! form), with the usage limit priced by Lagrangian multipliers per time step.
//!
//! The dual keeps a *reparametrization* of the core: a cost table per node
//! (`unary`) and per edge (`pairwise`) whose sum over any assignment equals that
//! assignment's cost plus its priced usage. Hence for every state and every `λ ≥ 0`,
//! `Σ_v min unary_v + Σ_e min pairwise_e + Σ_t λ_t (base_t − limit)` is a lower
//! bound on the optimum under the limit. A pass visits the nodes in order; at each it
//! moves every incident edge's min-marginal into the node, then hands an equal share
//! (`1 / max(later, earlier)` neighbours) of the node's table to each edge towards a
//! later node. Neither step lowers the bound; the backward pass mirrors the forward
//! one. Rounding fixes the nodes in order, each to its cheapest strategy given the
//! neighbours already fixed.
//!
//! Invariants: the tables stay a reparametrization (every move adds to one table what
//! it subtracts from another); forbidden (infinite) entries are never subtracted
//! from, so no NaN arises; `unary` holds the usage priced by `lambda`, the
//! multipliers last set.

use super::core::Core;
use std::time::Instant;

/// The reparametrized core and the multipliers priced into it.
#[derive(Debug, Clone)]
pub(crate) struct Dual {
    /// Per node, its reparametrized cost per compact strategy (usage priced in).
    unary: Vec<Vec<f64>>,
    /// Per edge, its reparametrized table (rows of the edge's `a`).
    pairwise: Vec<Vec<f64>>,
    /// The multipliers priced in, one per time step.
    lambda: Vec<f64>,
    /// A node's min-marginals while it is visited (reused).
    scratch: Vec<f64>,
}

impl Dual {
    /// The core's own tables with no usage priced.
    pub fn new(core: &Core) -> Self {
        Dual {
            unary: core.cost.clone(),
            pairwise: core.edges.iter().map(|e| e.costs.clone()).collect(),
            lambda: vec![0.0; core.base.len()],
            scratch: Vec::new(),
        }
    }

    /// The multipliers priced in.
    pub fn lambda(&self) -> &[f64] {
        &self.lambda
    }

    /// Prices usage by `lambda` (one multiplier per time step, each ≥ 0) instead of
    /// the multipliers priced before.
    pub fn set_lambda(&mut self, core: &Core, lambda: &[f64]) {
        let (old, new) = (prefix_sums(&self.lambda), prefix_sums(lambda));
        for (v, unary) in self.unary.iter_mut().enumerate() {
            for (k, x) in unary.iter_mut().enumerate() {
                let price = |p: &[f64]| core.priced(v, k, |from, to| p[to] - p[from]);
                *x += price(&new) - price(&old);
            }
        }
        self.lambda = lambda.to_vec();
    }

    /// The bound of the current state.
    pub fn bound(&self, core: &Core) -> f64 {
        let min = |t: &Vec<f64>| t.iter().copied().fold(f64::INFINITY, f64::min);
        let tables: f64 = self.unary.iter().map(min).sum::<f64>() + self.pairwise.iter().map(min).sum::<f64>();
        let slack: f64 = self.lambda.iter().zip(&core.base).map(|(l, b)| l * (core.limit - b) as f64).sum();
        tables - slack
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
        let Dual { unary, pairwise, scratch: marginal, .. } = self;
        let unary = &mut unary[v];
        marginal.resize(unary.len(), 0.0);
        for &(e, _) in &core.adjacency[v] {
            let side = Side::of(core, e, v);
            side.min_marginal(&pairwise[e], marginal);
            side.add(&mut pairwise[e], marginal, |m| if m.is_finite() { -m } else { 0.0 });
            unary.iter_mut().zip(marginal.iter()).for_each(|(x, m)| *x += m);
        }
        let later = core.adjacency[v].iter().filter(|&&(_, u)| ahead(u)).count();
        if later == 0 {
            return;
        }
        let share = 1.0 / later.max(core.adjacency[v].len() - later) as f64;
        for &(e, _) in core.adjacency[v].iter().filter(|&&(_, u)| ahead(u)) {
            Side::of(core, e, v).add(&mut pairwise[e], unary, |x| share * x);
        }
        let keep = 1.0 - share * later as f64;
        for x in unary.iter_mut() {
            *x = if x.is_finite() {
                *x * keep
            } else if keep > 1e-12 {
                *x
            } else {
                0.0
            };
        }
    }

    /// Fixes the nodes in order, each to its cheapest strategy given the neighbours
    /// fixed before it.
    pub fn round(&self, core: &Core) -> Vec<usize> {
        let (mut assign, mut value) = (vec![usize::MAX; core.len()], Vec::new());
        for v in 0..core.len() {
            let kv = core.strategies(v);
            value.clear();
            value.extend_from_slice(&self.unary[v]);
            for &(e, u) in core.adjacency[v].iter().filter(|&&(_, u)| assign[u] != usize::MAX) {
                let (ku, table) = (core.strategies(u), &self.pairwise[e]);
                for (k, x) in value.iter_mut().enumerate() {
                    *x += if core.edges[e].a == v { table[k * ku + assign[u]] } else { table[assign[u] * kv + k] };
                }
            }
            assign[v] = (0..kv).min_by(|&x, &y| value[x].total_cmp(&value[y])).unwrap_or(0);
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

/// One end of an edge's table (rows of the edge's `a`, `columns` of its `b`).
#[derive(Debug, Clone, Copy)]
struct Side {
    columns: usize,
    /// True if the end is `a` (its strategies index the rows).
    row: bool,
}

impl Side {
    /// Node `v`'s end of edge `e`.
    fn of(core: &Core, e: usize, v: usize) -> Side {
        let edge = &core.edges[e];
        Side { columns: core.strategies(edge.b), row: edge.a == v }
    }

    /// The smallest entry of `table` for each strategy of this end, into `out`.
    fn min_marginal(self, table: &[f64], out: &mut [f64]) {
        if self.row {
            for (o, r) in out.iter_mut().zip(table.chunks_exact(self.columns)) {
                *o = r.iter().copied().fold(f64::INFINITY, f64::min);
            }
        } else {
            out.iter_mut().for_each(|o| *o = f64::INFINITY);
            for r in table.chunks_exact(self.columns) {
                out.iter_mut().zip(r).for_each(|(o, &x)| *o = o.min(x));
            }
        }
    }

    /// Adds `f(values[k])` to every entry of `table` where this end takes `k`.
    fn add(self, table: &mut [f64], values: &[f64], f: impl Fn(f64) -> f64) {
        if self.row {
            for (r, &x) in table.chunks_exact_mut(self.columns).zip(values) {
                let x = f(x);
                r.iter_mut().for_each(|y| *y += x);
            }
        } else {
            for r in table.chunks_exact_mut(self.columns) {
                r.iter_mut().zip(values).for_each(|(y, &x)| *y += f(x));
            }
        }
    }
}

/// Raises the bound until `deadline`: message passing, with subgradient steps on the
/// multipliers (Polyak's rule against `incumbent`, the best known cost) between
/// iterations when the limit can bind and the incumbent is finite. Returns the best
/// bound and its multipliers; the state is left at the last iterate.
pub(crate) fn ascend(core: &Core, dual: &mut Dual, incumbent: f64, deadline: Instant) -> (f64, Vec<f64>) {
    let bounded = core.limit < i64::MAX && incumbent.is_finite();
    let (mut best, mut best_lambda) = (dual.bound(core), dual.lambda().to_vec());
    let (mut theta, mut stale, mut iterations) = (1.0, 0, 0);
    while Instant::now() < deadline && best < incumbent {
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
        if !bounded || theta < 1e-4 {
            continue;
        }
        let usage = core.profile(&dual.round(core));
        let gradient: Vec<f64> = usage.iter().map(|&u| (u - core.limit) as f64).collect();
        let lambda = dual.lambda();
        let norm: f64 = gradient.iter().zip(lambda).filter(|(g, l)| **g > 0.0 || **l > 0.0).map(|(g, _)| g * g).sum();
        if norm > 0.0 {
            let step = theta * (incumbent - value).max(1.0) / norm;
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
            let (value, _) = ascend(&core, &mut dual, best, deadline);
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
        let (mut edges, mut adjacency) = (Vec::new(), vec![Vec::new(); n]);
        for b in 1..n {
            let a = rng.random_range(0..b);
            let costs = (0..cost[a].len() * cost[b].len()).map(|_| rng.random_range(0..10) as f64).collect();
            adjacency[a].push((edges.len(), b));
            adjacency[b].push((edges.len(), a));
            edges.push(CoreEdge { a, b, costs });
        }
        Core {
            members: vec![Vec::new(); n],
            segments: vec![Vec::new(); n],
            cost,
            edges,
            adjacency,
            base: Vec::new(),
            limit: i64::MAX,
        }
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
