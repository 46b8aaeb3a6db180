//! The lower bound: the Lagrangian dual of the usage limit over a spanning-forest
//! relaxation.
//!
//! With multipliers `λ_t ≥ 0` on the limit's rows, a node's strategy costs
//! `cost + usage · Σ_{t ∈ interval} λ_t`, and every edge off a spanning forest (its
//! edges chosen by the largest spread of costs, Kruskal) is replaced by its smallest
//! entry; the forest is then solved exactly by dynamic programming. The minimum, less
//! `Σ_t λ_t (limit − base_t)`, is a lower bound on the optimum for any `λ ≥ 0`;
//! subgradient steps (Polyak's rule against the incumbent) raise it.

use super::core::{Core, spread};
use super::forest::Forest;
use std::time::Instant;

/// The spanning-forest relaxation.
#[derive(Debug, Clone)]
pub(crate) struct Relaxation {
    forest: Forest,
    /// The sum of the smallest entry of every edge off the forest.
    off_forest: f64,
}

impl Relaxation {
    /// The relaxation of `core`.
    pub fn new(core: &Core) -> Self {
        let spread = |costs: &[f64]| {
            let (lo, hi) = spread(costs.iter().copied());
            if hi.is_finite() { hi - lo } else { f64::MAX }
        };
        let mut order: Vec<(f64, usize)> =
            core.edges.iter().enumerate().map(|(e, ed)| (spread(&ed.costs), e)).collect();
        order.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut parent: Vec<usize> = (0..core.len()).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut tree = vec![Vec::new(); core.len()];
        let mut off_forest = 0.0;
        for (_, e) in order {
            let edge = &core.edges[e];
            let (ra, rb) = (find(&mut parent, edge.a), find(&mut parent, edge.b));
            if ra == rb {
                off_forest += edge.costs.iter().copied().fold(f64::INFINITY, f64::min);
            } else {
                parent[ra] = rb;
                tree[edge.a].push((e, edge.b));
                tree[edge.b].push((e, edge.a));
            }
        }
        let mut forest = Forest::new(core.len());
        for v in 0..core.len() {
            if !forest.contains(v) {
                forest.grow_spanning(v, &tree);
            }
        }
        Relaxation { forest, off_forest }
    }

    /// The Lagrangian bound at `lambda` and the relaxation's minimiser.
    pub fn evaluate(&mut self, core: &Core, lambda: &[f64]) -> (f64, Vec<usize>) {
        let mut prefix = Vec::with_capacity(lambda.len() + 1);
        prefix.push(0.0);
        lambda.iter().for_each(|l| prefix.push(prefix[prefix.len() - 1] + l));
        let price = |from: usize, to: usize| prefix[to] - prefix[from];
        let value = self.forest.solve(core, |v, k| core.cost[v][k] + core.priced(v, k, price), None);
        let slack: f64 = lambda.iter().zip(&core.base).map(|(l, b)| l * (core.limit - b) as f64).sum();
        let mut assign = vec![0; core.len()];
        for (m, &k) in self.forest.order.iter().zip(&self.forest.chosen) {
            assign[m.node] = k;
        }
        (value + self.off_forest - slack, assign)
    }
}

/// Subgradient ascent on the multipliers until `deadline`, starting from `lambda`;
/// `incumbent` is the cost of the best known solution (Polyak's target). Returns the
/// best bound and its multipliers.
pub(crate) fn ascend(
    core: &Core,
    relaxation: &mut Relaxation,
    lambda: Vec<f64>,
    incumbent: f64,
    deadline: Instant,
) -> (f64, Vec<f64>) {
    let (mut best, mut best_lambda) = (f64::NEG_INFINITY, lambda.clone());
    let (mut lambda, mut theta, mut stale) = (lambda, 1.0, 0);
    let bounded = core.limit < i64::MAX;
    while Instant::now() < deadline {
        let (value, assign) = relaxation.evaluate(core, &lambda);
        if value > best {
            (best, best_lambda, stale) = (value, lambda.clone(), 0);
        } else {
            stale += 1;
            if stale >= 8 {
                (theta, stale) = (theta / 2.0, 0);
            }
        }
        if !bounded || theta < 1e-4 || value >= incumbent {
            break;
        }
        let usage = core.profile(&assign);
        let gradient: Vec<f64> = usage.iter().map(|&u| (u - core.limit) as f64).collect();
        let norm: f64 = gradient.iter().zip(&lambda).filter(|(g, l)| **g > 0.0 || **l > 0.0).map(|(g, _)| g * g).sum();
        if norm == 0.0 {
            break;
        }
        let step = theta * (incumbent - value).max(1.0) / norm;
        lambda.iter_mut().zip(&gradient).for_each(|(l, g)| *l = (*l + step * g).max(0.0));
    }
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
        let mut assign = vec![0usize; core.len()];
        let mut best: Option<f64> = None;
        loop {
            let score = core.score(&assign);
            let fits = core.profile(&assign).iter().all(|&u| u <= core.limit);
            if score.forbidden == 0 && fits && best.is_none_or(|b| score.finite < b) {
                best = Some(score.finite);
            }
            let Some(i) = (0..assign.len()).find(|&i| assign[i] + 1 < core.strategies(i)) else { return best };
            assign[i] += 1;
            assign[..i].iter_mut().for_each(|a| *a = 0);
        }
    }

    #[test]
    fn the_lagrangian_bound_never_exceeds_the_optimum() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut checked = 0;
        for _ in 0..300 {
            let p = crate::problem::random(&mut rng, 3..7);
            let pre = Presolved::new(&p);
            if pre.stranded().is_some() {
                continue;
            }
            let core = Core::new(&p, &pre);
            let Some(best) = optimum(&core) else { continue };
            let mut relaxation = Relaxation::new(&core);
            for _ in 0..5 {
                let lambda: Vec<f64> = (0..core.base.len()).map(|_| rng.random_range(0.0..4.0)).collect();
                let (value, _) = relaxation.evaluate(&core, &lambda);
                assert!(value <= best + 1e-9, "bound {value} above the optimum {best}");
            }
            let deadline = Instant::now() + std::time::Duration::from_millis(5);
            let (value, _) = ascend(&core, &mut relaxation, vec![0.0; core.base.len()], best, deadline);
            assert!(value <= best + 1e-9, "ascended bound {value} above the optimum {best}");
            checked += 1;
        }
        assert!(checked >= 100, "only {checked} problems checked");
    }
}
