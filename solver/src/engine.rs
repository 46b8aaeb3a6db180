//! The solver core's engine: presolve, the ILP through a [`Backend`], and the
//! expansion back to a strategy for every node.
//!
//! Invariants: a returned solution has a finite cost and fits the limit (checked on
//! the original problem, not trusted from the backend); the bound never exceeds the
//! cost; the same problem and limits give the same solution.

use crate::backend::{Backend, Limits, Status};
use crate::error::{Result, SolveError};
use crate::ilp::Formulation;
use crate::presolve::Presolved;
use crate::problem::Problem;
use std::time::Instant;

/// A solution of a [`Problem`] with its provenance.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The strategy of every node.
    pub assignment: Vec<usize>,
    /// Its cost.
    pub cost: f64,
    /// Proven optimal, or feasible within the limits.
    pub status: Status,
    /// A lower bound on the optimum.
    pub bound: f64,
    /// Model size after presolve: variables and constraints.
    pub variables: usize,
    /// See `variables`.
    pub constraints: usize,
    /// Nodes left after presolve.
    pub remaining_nodes: usize,
    /// Branch-and-bound nodes.
    pub bb_nodes: u64,
    /// Wall-clock time of the whole solve, seconds.
    pub time_s: f64,
}

/// Solves `problem` with `backend` within `limits`.
pub fn solve(problem: &Problem, backend: &dyn Backend, limits: Limits) -> Result<Solution> {
    let start = Instant::now();
    let pre = Presolved::new(problem);
    if let Some(n) = pre.stranded() {
        let name = &problem.nodes[n].name;
        return Err(SolveError::Infeasible(format!("\"{name}\" has no strategy compatible with its neighbours")));
    }
    let formulation = Formulation::new(problem, &pre);
    let model = &formulation.model;
    let (decided, status, bound, bb_nodes) = if model.domains.is_empty() {
        (formulation.decode(&[]), Status::Optimal, None, 0)
    } else {
        let outcome = backend.solve(model, limits)?;
        let bound = outcome.bound.map(|b| formulation.cost(b));
        (formulation.decode(&outcome.values), outcome.status, bound, outcome.nodes)
    };
    let assignment = pre.expand(decided);
    let cost = problem.cost(&assignment);
    if !cost.is_finite() || !problem.fits(&assignment) {
        return Err(SolveError::Backend(format!(
            "{}: the solution it returned is not feasible (cost {cost})",
            backend.name()
        )));
    }
    let bound = match status {
        Status::Optimal => cost,
        Status::Feasible => bound.unwrap_or(f64::NEG_INFINITY).min(cost),
    };
    Ok(Solution {
        assignment,
        cost,
        status,
        bound,
        variables: model.domains.len(),
        constraints: model.constraints.len(),
        remaining_nodes: pre.remaining().count(),
        bb_nodes,
        time_s: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::MicroLp;
    use crate::problem::{Load, Node, NodeId};
    use proptest::prelude::*;
    use proptest::test_runner::{RngAlgorithm, TestRng};
    use std::time::Duration;

    fn limits() -> Limits {
        Limits { time: Duration::from_secs(30), gap: 0.0 }
    }

    /// A random problem: `n` nodes with up to 4 strategies, random edges (some
    /// forbidden pairs), random usage, random loads on one node or a pair, and
    /// sometimes a limit.
    fn problem() -> impl Strategy<Value = Problem> {
        (2usize..7, any::<[u8; 32]>()).prop_map(|(n, seed)| {
            let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
            let mut next = move |m: u64| rng.next_u64() % m;
            let mut p = Problem::default();
            for i in 0..n {
                let k = 1 + next(4) as usize;
                let costs = (0..k).map(|_| next(10) as f64).collect();
                let usage = (0..k).map(|_| next(5)).collect();
                let start = next(4) as usize;
                p.add_node(Node {
                    usage,
                    interval: (start, start + 1 + next(3) as usize),
                    ..Node::new(format!("{i}"), costs)
                });
            }
            for a in 0..n {
                for b in a + 1..n {
                    if next(3) == 0 {
                        let size = p.nodes[a].strategies() * p.nodes[b].strategies();
                        let costs =
                            (0..size).map(|_| if next(8) == 0 { f64::INFINITY } else { next(10) as f64 }).collect();
                        p.add_edge(NodeId(a), NodeId(b), costs);
                    }
                }
            }
            for _ in 0..next(4) {
                let a = next(n as u64) as usize;
                let b = (next(2) == 0).then(|| (a + 1 + next(n as u64 - 1) as usize) % n);
                let size = p.nodes[a].strategies() * b.map_or(1, |b| p.nodes[b].strategies());
                let start = next(5) as usize;
                p.add_load(Load {
                    a: NodeId(a),
                    b: b.map(NodeId),
                    usage: (0..size).map(|_| next(4)).collect(),
                    interval: (start, start + 1 + next(2) as usize),
                });
            }
            if next(2) == 0 {
                p.limit = Some(4 + next(8));
            }
            p
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn the_engine_finds_the_brute_force_optimum(p in problem()) {
            let expected = p.brute_force();
            match (solve(&p, &MicroLp, limits()), expected) {
                (Ok(s), Some((best, _))) => {
                    prop_assert!((s.cost - best).abs() < 1e-9, "engine {} vs brute force {best}", s.cost);
                    prop_assert_eq!(s.status, Status::Optimal);
                }
                (Err(SolveError::Infeasible(_) | SolveError::Backend(_)), None) => {}
                (got, want) => prop_assert!(false, "engine {got:?}, brute force {want:?}"),
            }
        }
    }
}
