//! The engine's search path on one or more threads: a portfolio of searches, each
//! deterministic for its seed, whose best plan and best bound are kept.
//!
//! The search prices usage node by node, so a problem whose binding loads join two
//! nodes (a reshard's transient buffers, which depend on both ends) is searched as
//! two problems with those loads folded onto one of their nodes ([`Fold`]): *above*,
//! each strategy charged the most the load can use with it, so every solution that
//! fits is a plan; and *below*, the least, so its bound is valid (every plan fits it
//! at the same cost) and its solutions are plans when they fit the original. Runs
//! alternate the two; on one thread, below takes the first 40% of the time and above
//! the rest, unless below's plan fits the problem and is proven within the gap.
//! Without such loads every run searches the problem itself.
//!
//! Invariants: the result is the cheapest run's assignment that fits the original
//! problem (ties: the lowest run), its bound the largest valid one, and it is the
//! same for the same problem, seed, thread count and deadlines met.

use crate::presolve::Presolved;
use crate::problem::{Load, Problem};
use crate::search::{self, Core, Pool, Progress, Run, Start};
use std::time::Instant;

/// How a binding load between two nodes is folded onto one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fold {
    /// The problem itself (no pair loads bind).
    Exact,
    /// The most the load uses with each strategy: solutions that fit are plans.
    Above,
    /// The least: the bound is valid.
    Below,
}

/// What the portfolio found.
pub(crate) struct Found {
    /// A strategy for every node of the problem.
    pub assignment: Vec<usize>,
    /// Its cost.
    pub cost: f64,
    /// A lower bound on the optimum (negative infinity: none).
    pub bound: f64,
    /// Seconds from the start to the first plan.
    pub first_feasible_s: f64,
    /// Neighbourhoods solved, over every run.
    pub proposals: u64,
}

/// One run's plan (if it fits the problem) and bound.
struct Ran {
    plan: Option<(Vec<usize>, f64)>,
    bound: f64,
    first_feasible_s: f64,
    proposals: u64,
}

/// Searches `problem` (presolved as `pre`) with `threads` runs in parallel (at
/// least one), run `k` with seed `run.seed + k`.
pub(crate) fn search_all(problem: &Problem, pre: &Presolved, run: Run<'_>, threads: usize) -> Option<Found> {
    let folds: Vec<Fold> = if !pre.binds_pairs(problem) {
        vec![Fold::Exact; threads.max(1)]
    } else if threads <= 1 {
        return sequential(problem, pre, run);
    } else {
        (0..threads).map(|k| if k % 2 == 0 { Fold::Above } else { Fold::Below }).collect()
    };
    let Run { start, deadline, seed, report, gap, stall, .. } = run;
    // The exact runs share one core (read-only) and a pool of solutions; folded
    // ones build their own cores.
    let shared = (folds[0] == Fold::Exact && searchable(problem, pre)).then(|| Core::new(problem, pre));
    let shared = shared.as_ref();
    let pool = Pool::new(folds.len(), folds[0] == Fold::Exact);
    // Run 0 searches as a single run would (its starts race); the others start
    // lean and priced in turn, so two runs are never worse than one but for their
    // speed.
    let sharing = |k: usize| {
        let exact = folds[k] == Fold::Exact && folds.len() > 1;
        let begin = (exact && k > 0).then(|| [Start::Lean, Start::Priced][(k - 1) % 2]);
        (begin, (folds.len() > 1).then_some((&pool, k)))
    };
    let ran: Vec<Ran> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..folds.len())
            .map(|k| {
                let fold = folds[k];
                let (begin, pool) = sharing(k);
                scope.spawn(move || {
                    let mut silent = |_: Progress| {};
                    let seed = seed.wrapping_add(k as u64);
                    let run = Run { start, deadline, seed, report: &mut silent, gap, stall, begin, pool };
                    one(problem, pre, fold, shared, run)
                })
            })
            .collect();
        let (begin, pool) = sharing(0);
        let first = one(problem, pre, folds[0], shared, Run { start, deadline, seed, report, gap, stall, begin, pool });
        let rest = others.into_iter().map(|h| h.join().unwrap_or_else(|_| failed()));
        std::iter::once(first).chain(rest).collect()
    });
    combine(ran)
}

/// One thread with pair loads binding: below, then above, unless below's plan is
/// a plan of the problem proven within the gap.
fn sequential(problem: &Problem, pre: &Presolved, run: Run<'_>) -> Option<Found> {
    let Run { start, deadline, seed, report, gap, stall, .. } = run;
    let split = Instant::now() + deadline.saturating_duration_since(Instant::now()).mul_f64(0.4);
    let proven = Pool::new(1, false);
    let (begin, pool) = (None, Some((&proven, 0)));
    let below =
        one(problem, pre, Fold::Below, None, Run { start, deadline: split, seed, report, gap, stall, begin, pool });
    if proven.finished() {
        return combine(vec![below]);
    }
    let above = one(problem, pre, Fold::Above, None, Run { start, deadline, seed, report, gap, stall, begin, pool });
    combine(vec![above, below])
}

/// A run that produced neither a plan nor a bound (its folded problem has no
/// solution, or its thread panicked, which the search never does).
fn failed() -> Ran {
    Ran { plan: None, bound: f64::NEG_INFINITY, first_feasible_s: f64::INFINITY, proposals: 0 }
}

/// The best plan and bound of `ran`.
fn combine(ran: Vec<Ran>) -> Option<Found> {
    let bound = ran.iter().map(|r| r.bound).fold(f64::NEG_INFINITY, f64::max);
    let proposals = ran.iter().map(|r| r.proposals).sum();
    let first_feasible_s =
        ran.iter().filter(|r| r.plan.is_some()).map(|r| r.first_feasible_s).fold(f64::INFINITY, f64::min);
    let best =
        ran.into_iter().filter_map(|r| r.plan).fold(None, |best: Option<(Vec<usize>, f64)>, (a, c)| match best {
            Some((_, b)) if b <= c => best,
            _ => Some((a, c)),
        })?;
    let (assignment, cost) = best;
    Some(Found { assignment, cost, bound: bound.min(cost), first_feasible_s, proposals })
}

/// One search of `problem` with its pair loads folded as `fold` says, on `core` if
/// given (the core of `pre`, for an exact run).
fn one(problem: &Problem, pre: &Presolved, fold: Fold, core: Option<&Core>, run: Run<'_>) -> Ran {
    let folded;
    let presolved;
    let (p, pre) = if fold == Fold::Exact {
        (problem, pre)
    } else {
        folded = folded_loads(problem, pre, fold == Fold::Above);
        presolved = Presolved::new(&folded);
        (&folded, &presolved)
    };
    if !searchable(p, pre) {
        return failed();
    }
    let (pool, gap, stall) = (run.pool, run.gap, run.stall);
    let searched = match core {
        Some(core) => search::search_core(core, p.nodes.len(), pre.constant(), run),
        None => search::search(p, pre, run),
    };
    let Some(outcome) = searched else { return failed() };
    let assignment = pre.expand(outcome.decided);
    let cost = problem.cost(&assignment);
    let fits = cost.is_finite() && problem.fits(&assignment);
    let bound = if fold == Fold::Above { f64::NEG_INFINITY } else { outcome.bound + pre.constant() };
    // A plan of the problem within the gap of a valid bound (or within the stall
    // gap, where stalls end a search) ends the runs of the other fold too.
    let proven = search::closes(cost, bound, if stall { gap.max(search::STALL_GAP) } else { gap });
    if fold == Fold::Below && fits && proven {
        pool.inspect(|(pool, _)| pool.finish());
    }
    Ran {
        plan: fits.then_some((assignment, cost)),
        bound,
        first_feasible_s: outcome.first_feasible_s,
        proposals: outcome.proposals,
    }
}

/// Whether `pre` leaves `problem` something to search: no node without a strategy
/// and no time step over the limit whatever the choices.
fn searchable(problem: &Problem, pre: &Presolved) -> bool {
    pre.stranded().is_none() && pre.overfull(problem).is_none()
}

/// `problem` with each binding load between two nodes folded onto the node with
/// more strategies: for each of its strategies the most (`above`) or the least of
/// the load over the other node's strategies.
fn folded_loads(problem: &Problem, pre: &Presolved, above: bool) -> Problem {
    let mut out = problem.clone();
    for &l in &pre.binding {
        let load = &problem.loads[l];
        let Some(b) = load.b.filter(|&b| b != load.a) else { continue };
        let (rows, cols) = (problem.nodes[load.a.0].strategies(), problem.nodes[b.0].strategies());
        let keep_a = rows >= cols;
        let (node, own, other) = if keep_a { (load.a, rows, cols) } else { (b, cols, rows) };
        let side = problem.side(load, node);
        let usage: Vec<u64> = (0..own)
            .map(|i| {
                let across = (0..other).map(|j| side.at(i, j));
                if above { across.max() } else { across.min() }.unwrap_or(0)
            })
            .collect();
        out.loads[l] = Load::single(node, &usage, load.interval);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Node, NodeId};

    /// A pair load over `a` (2 strategies) and `b` (`k` strategies), binding under
    /// a limit of 1, folded onto the node with more strategies.
    fn folds(k: usize, above: bool) -> Load {
        let mut p = Problem { limit: Some(1), ..Problem::default() };
        let a = p.add_node(Node::new("a", vec![0.0; 2]));
        let b = p.add_node(Node::new("b", vec![0.0; k]));
        let usage: Vec<u64> = (0..2 * k as u64).map(|i| (i * 7) % 5 + 1).collect();
        p.add_load(Load::pair(a, b, k, &usage, (0, 1)));
        let pre = Presolved::new(&p);
        folded_loads(&p, &pre, above).loads.remove(0)
    }

    #[test]
    fn pair_loads_fold_onto_the_node_with_more_strategies() {
        // Usage rows of a: [1, 3] and [5, 2] (k = 2); a keeps it on a tie.
        assert_eq!(folds(2, true), Load::single(NodeId(0), &[3, 5], (0, 1)));
        assert_eq!(folds(2, false), Load::single(NodeId(0), &[1, 2], (0, 1)));
        // k = 3: rows [1, 3, 5] and [2, 4, 1]; b keeps it, each column's max or min.
        assert_eq!(folds(3, true), Load::single(NodeId(1), &[2, 4, 5], (0, 1)));
        assert_eq!(folds(3, false), Load::single(NodeId(1), &[1, 3, 1], (0, 1)));
    }
}
