//! The solver core's engine: presolve, then the exact ILP through a [`Backend`] when
//! the remaining problem is small, or the large-neighbourhood search (`search/`)
//! otherwise, and the expansion back to a strategy for every node. Every front end
//! (the sharding solve, the IOPDDL contest format) goes through [`solve_problem_with`].
//!
//! Invariants: a returned solution has a finite cost and fits the limit (checked on
//! the original problem, not trusted from the backend or the search); the bound never
//! exceeds the cost; the same problem, limits and seed give the same solution (the
//! search is anytime, so with a time limit "the same" also needs the same speed).

use crate::backend::{Backend, Limits, Status};
use crate::error::{Result, SolveError};
use crate::ilp::Formulation;
use crate::portfolio;
use crate::presolve::Presolved;
use crate::problem::Problem;
use crate::search::{self, Progress};
use std::time::Instant;

/// Remaining allowed strategies beyond which the engine searches instead of solving
/// the ILP (microlp's branch and bound is exact but slow past a few thousand).
pub const ILP_STRATEGIES: usize = 2_000;

/// A solution of a [`Problem`] with its provenance.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemSolution {
    /// The strategy of every node.
    pub assignment: Vec<usize>,
    /// Its cost.
    pub cost: f64,
    /// Proven optimal, or feasible within the limits.
    pub status: Status,
    /// A lower bound on the optimum.
    pub bound: f64,
    /// Model size after presolve: variables and constraints (0 when searched).
    pub variables: usize,
    /// See `variables`.
    pub constraints: usize,
    /// Nodes left after presolve.
    pub remaining_nodes: usize,
    /// Branch-and-bound nodes, or neighbourhoods solved by the search.
    pub bb_nodes: u64,
    /// Wall-clock time of the whole solve, seconds.
    pub time_s: f64,
    /// Seconds to the first feasible solution.
    pub first_feasible_s: f64,
}

/// Which method solves the presolved problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The ILP when at most `ILP_STRATEGIES` strategies remain, the search
    /// otherwise.
    #[default]
    Auto,
    /// Always the ILP.
    Ilp,
    /// Always the search.
    Search,
}

/// How an engine solve runs.
pub struct Settings<'a> {
    /// Time and gap limits (the search runs until the time limit or the gap).
    pub limits: Limits,
    /// The seed of the search's random choices.
    pub seed: u64,
    /// Which method to use.
    pub method: Method,
    /// Called with progress: after presolve, at each phase, on improvements.
    pub report: Option<&'a mut dyn FnMut(Progress)>,
    /// When the solve started (reading the input may count against the limit).
    pub start: Instant,
    /// Searches run in parallel (at least one; see `portfolio.rs`).
    pub threads: usize,
    /// Whether the search may stop before the time limit when its plan is within 1%
    /// of the bound and neither progresses (default): planning wants the plan in
    /// seconds; a contest run wants its whole time.
    pub stall: bool,
}

impl Settings<'_> {
    /// Default settings with `limits`, starting now.
    pub fn new(limits: Limits) -> Self {
        Settings { limits, seed: 0, method: Method::Auto, report: None, start: Instant::now(), threads: 1, stall: true }
    }
}

/// Solves `problem` with `backend` within `limits`.
pub fn solve_problem(problem: &Problem, backend: &dyn Backend, limits: Limits) -> Result<ProblemSolution> {
    solve_problem_with(problem, backend, Settings::new(limits))
}

/// Solves `problem` as `settings` say.
pub fn solve_problem_with(
    problem: &Problem,
    backend: &dyn Backend,
    mut settings: Settings<'_>,
) -> Result<ProblemSolution> {
    let start = settings.start;
    tracing::debug!(nodes = problem.nodes.len(), elapsed_s = start.elapsed().as_secs_f64(), "presolving");
    let pre = Presolved::new(problem);
    tracing::debug!(remaining = pre.remaining().count(), elapsed_s = start.elapsed().as_secs_f64(), "presolved");
    if let Some(n) = pre.stranded() {
        let name = &problem.nodes[n].name;
        return Err(SolveError::Infeasible(format!("\"{name}\" has no strategy compatible with its neighbours")));
    }
    if let Some((t, usage)) = pre.overfull(problem) {
        let limit = problem.limit.unwrap_or(u64::MAX);
        return Err(SolveError::Infeasible(format!(
            "at time step {t} the smallest usage any solution can have is {usage}, above the limit {limit}"
        )));
    }
    let mut silent = |_: Progress| {};
    let report: &mut dyn FnMut(Progress) = settings.report.take().unwrap_or(&mut silent);
    report(Progress::phase("presolved", start));
    let strategies: usize = pre.remaining().map(|n| pre.allowed(n).count()).sum();
    let searched = match settings.method {
        Method::Auto => strategies > ILP_STRATEGIES,
        Method::Ilp => false,
        Method::Search => pre.remaining().next().is_some(),
    };
    let mut solution = if searched {
        let deadline = start + settings.limits.time;
        let run = search::Run {
            start,
            deadline,
            seed: settings.seed,
            report,
            gap: settings.limits.gap,
            stall: settings.stall,
            begin: None,
            pool: None,
        };
        let found = portfolio::search_all(problem, &pre, run, settings.threads)
            // Not a proof of infeasibility: the search ran out of time without a plan.
            .ok_or_else(|| {
                SolveError::Backend("search: no solution within the usage limit found in time".to_string())
            })?;
        let cost = found.cost;
        let status = if search::closes(cost, found.bound, 0.0) { Status::Optimal } else { Status::Feasible };
        ProblemSolution {
            assignment: found.assignment,
            cost,
            status,
            bound: found.bound,
            variables: 0,
            constraints: 0,
            remaining_nodes: pre.remaining().count(),
            bb_nodes: found.proposals,
            time_s: 0.0,
            first_feasible_s: found.first_feasible_s,
        }
    } else {
        report(Progress::phase("ilp", start));
        exact(problem, backend, &pre, settings.limits)?
    };
    if !solution.cost.is_finite() || !problem.fits(&solution.assignment) {
        return Err(SolveError::Backend(format!(
            "{}: the solution it returned is not feasible (cost {})",
            if searched { "search" } else { backend.name() },
            solution.cost
        )));
    }
    solution.time_s = start.elapsed().as_secs_f64();
    if !searched {
        solution.first_feasible_s = solution.time_s;
    }
    Ok(solution)
}

/// The ILP path.
fn exact(problem: &Problem, backend: &dyn Backend, pre: &Presolved, limits: Limits) -> Result<ProblemSolution> {
    let formulation = Formulation::new(problem, pre);
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
    let bound = match status {
        Status::Optimal => cost,
        Status::Feasible => bound.unwrap_or(f64::NEG_INFINITY).min(cost),
    };
    Ok(ProblemSolution {
        assignment,
        cost,
        status,
        bound,
        variables: model.domains.len(),
        constraints: model.constraints.len(),
        remaining_nodes: pre.remaining().count(),
        bb_nodes,
        time_s: 0.0,
        first_feasible_s: 0.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::MicroLp;
    use crate::problem::{Load, Node, NodeId};
    use proptest::prelude::*;
    use proptest::test_runner::{RngAlgorithm, TestRng};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
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
                let cols = b.map_or(1, |b| p.nodes[b].strategies());
                let usage: Vec<u64> = (0..p.nodes[a].strategies() * cols).map(|_| next(4)).collect();
                let start = next(5) as usize;
                p.add_load(Load {
                    a: NodeId(a),
                    b: b.map(NodeId),
                    usage: crate::table::Table::dense(p.nodes[a].strategies(), cols, &usage),
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
            match (solve_problem(&p, &MicroLp, limits()), expected) {
                (Ok(s), Some((best, _))) => {
                    prop_assert!((s.cost - best).abs() < 1e-9, "engine {} vs brute force {best}", s.cost);
                    prop_assert_eq!(s.status, Status::Optimal);
                }
                (Err(SolveError::Infeasible(_) | SolveError::Backend(_)), None) => {}
                (got, want) => prop_assert!(false, "engine {got:?}, brute force {want:?}"),
            }
        }
    }

    /// The search on problems without loads, 20 ms each.
    fn searched(p: &Problem) -> Result<ProblemSolution> {
        let mut settings = Settings::new(Limits { time: Duration::from_millis(20), gap: 0.0 });
        settings.method = Method::Search;
        solve_problem_with(p, &MicroLp, settings)
    }

    #[test]
    fn the_search_agrees_with_brute_force_on_small_problems() {
        let mut rng = StdRng::seed_from_u64(3);
        let (mut searched_cases, mut optimal, mut feasible) = (0, 0, 0);
        for _ in 0..300 {
            let p = crate::problem::random(&mut rng, 4..8);
            let expected = p.brute_force();
            match (searched(&p), expected) {
                // Presolve alone decided it: not the search's work.
                (Ok(s), _) if s.bb_nodes == 0 => {}
                (Ok(s), Some((best, _))) => {
                    searched_cases += 1;
                    feasible += 1;
                    assert!(p.fits(&s.assignment) && s.cost.is_finite());
                    assert!(
                        s.cost >= best - 1e-9 && s.bound <= best + 1e-9,
                        "cost {} bound {} optimum {best}",
                        s.cost,
                        s.bound
                    );
                    optimal += usize::from((s.cost - best).abs() < 1e-9);
                }
                (Ok(s), None) => panic!("the search returned {s:?} on an infeasible problem"),
                (Err(_), Some((best, _))) => {
                    searched_cases += 1;
                    eprintln!("the search found nothing; optimum {best}");
                }
                (Err(_), None) => {}
            }
        }
        eprintln!("search: {optimal} optimal, {feasible} feasible of {searched_cases} searched");
        assert!(searched_cases >= 100, "only {searched_cases} of 300 problems reached the search");
        assert!(feasible * 100 >= searched_cases * 95, "feasible {feasible} of {searched_cases}");
        assert!(optimal * 100 >= searched_cases * 80, "optimal {optimal} of {searched_cases}");
    }

    /// The search on problems with loads on one node and on pairs (the portfolio
    /// folds the pairs' above and below): every plan fits, no bound passes the
    /// optimum, and most feasible problems get a plan, on one thread and on two.
    #[test]
    fn the_search_takes_loads_on_pairs() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        for threads in [1, 2] {
            let (mut feasible, mut planned) = (0, 0);
            for _ in 0..300 {
                let Ok(tree) = problem().new_tree(&mut runner) else { continue };
                let p = tree.current();
                let mut settings = Settings::new(Limits { time: Duration::from_millis(40), gap: 0.0 });
                (settings.method, settings.threads) = (Method::Search, threads);
                let expected = p.brute_force();
                feasible += usize::from(expected.is_some());
                match (solve_problem_with(&p, &MicroLp, settings), expected) {
                    (Ok(s), Some((best, _))) => {
                        planned += 1;
                        assert!(p.fits(&s.assignment), "{threads} threads: a plan over the limit");
                        assert!(
                            s.cost >= best - 1e-9 && s.bound <= best + 1e-9,
                            "cost {} bound {} optimum {best}",
                            s.cost,
                            s.bound
                        );
                    }
                    (Ok(s), None) => panic!("the search returned {s:?} on an infeasible problem"),
                    (Err(_), _) => {}
                }
            }
            assert!(
                planned * 100 >= feasible * 90,
                "{threads} threads: {planned} plans for {feasible} feasible problems"
            );
        }
    }

    #[test]
    fn a_node_eliminated_with_no_strategy_left_is_infeasible() {
        // Presolve folds the chain into one node with every strategy forbidden and
        // eliminates it; that must read as infeasible, not as a solution costing inf.
        let mut p = Problem::default();
        let a = p.add_node(Node::new("a", vec![0.0, 1.0]));
        let b = p.add_node(Node::new("b", vec![0.0, 1.0]));
        let c = p.add_node(Node::new("c", vec![0.0, 1.0]));
        p.add_edge(a, b, vec![f64::INFINITY, 0.0, 0.0, f64::INFINITY]);
        p.add_edge(b, c, vec![f64::INFINITY, 0.0, 0.0, f64::INFINITY]);
        p.add_edge(a, c, vec![f64::INFINITY, 0.0, 0.0, f64::INFINITY]);
        for method in [Method::Auto, Method::Search] {
            let mut settings = Settings::new(limits());
            settings.method = method;
            match solve_problem_with(&p, &MicroLp, settings) {
                Err(SolveError::Infeasible(_)) => {}
                other => panic!("expected infeasible, got {other:?}"),
            }
        }
    }

    /// Regression: the search once kept a repaired solution that fit the limit but
    /// still had a forbidden pair, and the engine then reported a backend error. Graph
    /// colourings (a neighbour may not take the same strategy) pass presolve's arc
    /// consistency yet may have no solution; usage under a limit keeps their nodes.
    #[test]
    fn the_search_never_returns_a_forbidden_pair() {
        use rand::RngExt;
        let mut rng = StdRng::seed_from_u64(11);
        let (mut solved, mut infeasible) = (0, 0);
        for _ in 0..300 {
            let n = rng.random_range(4..8);
            let k = rng.random_range(2..4);
            let mut p = Problem { limit: Some(rng.random_range(6..20)), ..Problem::default() };
            for i in 0..n {
                p.add_node(crate::problem::random_node(&mut rng, i, k, 3));
            }
            for a in 0..n {
                for b in a + 1..n {
                    if rng.random_bool(0.7) {
                        let costs = (0..k * k)
                            .map(|e| if e / k == e % k { f64::INFINITY } else { rng.random_range(0..10) as f64 })
                            .collect();
                        p.add_edge(NodeId(a), NodeId(b), costs);
                    }
                }
            }
            match (searched(&p), p.brute_force()) {
                (Ok(s), Some(_)) => {
                    assert!(p.fits(&s.assignment) && s.cost.is_finite(), "{s:?}");
                    solved += 1;
                }
                (Ok(s), None) => panic!("the search returned {s:?} on an infeasible problem"),
                // Presolve proves some infeasible; the search ends others without a plan.
                (Err(SolveError::Infeasible(_) | SolveError::Backend(_)), _) => infeasible += 1,
                (Err(e), _) => panic!("expected a solution, or none, got {e:?}"),
            }
        }
        assert!(solved > 0 && infeasible > 0, "{solved} solved, {infeasible} infeasible");
    }

    #[test]
    fn a_limit_below_the_least_usage_is_infeasible_before_any_solve() {
        let mut p = Problem { limit: Some(5), ..Problem::default() };
        p.add_node(Node { usage: vec![4, 3], interval: (0, 2), ..Node::new("a", vec![0.0, 1.0]) });
        p.add_node(Node { usage: vec![3, 6], interval: (1, 3), ..Node::new("b", vec![0.0, 0.0]) });
        match solve_problem(&p, &MicroLp, limits()) {
            Err(SolveError::Infeasible(message)) => {
                assert_eq!(message, "at time step 1 the smallest usage any solution can have is 6, above the limit 5")
            }
            other => panic!("expected infeasible, got {other:?}"),
        }
        p.limit = Some(6);
        assert_eq!(solve_problem(&p, &MicroLp, limits()).unwrap().assignment, vec![1, 0]);
    }

    #[test]
    fn the_search_stops_within_the_gap() {
        use rand::RngExt;
        // A loopy problem whose dual bound stays below the optimum: without a gap the
        // search runs to the limit (3 s). A gap of 100% is met by any bound at or above
        // zero, so the search stops after its first bound phase.
        let mut rng = StdRng::seed_from_u64(5);
        let mut p = Problem::default();
        let n = 40;
        for i in 0..n {
            p.add_node(Node::new(format!("{i}"), (0..4).map(|_| rng.random_range(0..10) as f64).collect()));
        }
        for a in 0..n {
            for b in a + 1..n {
                if rng.random_bool(0.3) {
                    p.add_edge(NodeId(a), NodeId(b), (0..16).map(|_| rng.random_range(0..10) as f64).collect());
                }
            }
        }
        let mut settings = Settings::new(Limits { time: Duration::from_secs(3), gap: 1.0 });
        settings.method = Method::Search;
        let s = solve_problem_with(&p, &MicroLp, settings).unwrap();
        assert!(s.time_s < 1.0, "the search ran {} s", s.time_s);
        assert!(s.cost.is_finite() && s.bound <= s.cost);
    }

    #[test]
    fn the_search_solves_the_contest_example() {
        let instance = crate::iopddl::Instance::parse(include_str!("../tests/data/iopddl/example.json")).unwrap();
        for method in [Method::Search, Method::Ilp] {
            let mut settings = Settings::new(Limits { time: Duration::from_millis(200), gap: 0.0 });
            settings.method = method;
            let s = solve_problem_with(&instance.problem, &MicroLp, settings).unwrap();
            assert_eq!(
                (s.assignment.clone(), instance.evaluate(&s.assignment).unwrap().cost),
                (vec![0, 0, 2, 1, 0], 445)
            );
        }
    }
}
