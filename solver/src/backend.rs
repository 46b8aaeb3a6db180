//! The ILP backend: a small solver-independent model and the trait a MIP solver
//! implements to solve it, with microlp (pure Rust, through good_lp) as the default.
//!
//! A backend returns the best solution it found and how good it is (proven optimal,
//! or feasible with a bound), never panics on a solver outcome, and is deterministic
//! for a given model.

use crate::error::{Result, SolveError};
use good_lp::solvers::{SolutionStatus, WithMipGap, WithTimeLimit};
use good_lp::{Expression, ProblemVariables, Solution, SolverModel, Variable, variable};
use std::time::Duration;

/// A variable's domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Domain {
    /// 0 or 1.
    Binary,
    /// Any value in [0, 1].
    Unit,
}

/// How a constraint compares its terms with its right-hand side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// Σ terms = rhs.
    Equal,
    /// Σ terms ≤ rhs.
    AtMost,
}

/// A linear constraint over model variables.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    /// `(variable, coefficient)` pairs.
    pub terms: Vec<(usize, f64)>,
    /// How the terms compare with `rhs`.
    pub comparison: Comparison,
    /// The right-hand side.
    pub rhs: f64,
}

/// A minimisation MIP.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Model {
    /// The domain of each variable.
    pub domains: Vec<Domain>,
    /// The objective coefficient of each variable.
    pub objective: Vec<f64>,
    /// The constraints.
    pub constraints: Vec<Constraint>,
}

impl Model {
    /// Adds a variable, returning its index.
    pub fn add(&mut self, domain: Domain, cost: f64) -> usize {
        self.domains.push(domain);
        self.objective.push(cost);
        self.domains.len() - 1
    }

    /// Adds a constraint.
    pub fn constrain(&mut self, terms: Vec<(usize, f64)>, comparison: Comparison, rhs: f64) {
        self.constraints.push(Constraint { terms, comparison, rhs });
    }
}

/// What a backend may spend.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Wall-clock budget.
    pub time: Duration,
    /// Stop once the relative gap is at most this.
    pub gap: f64,
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Proven optimal (within the requested gap).
    Optimal,
    /// Feasible; the budget ran out before the proof.
    Feasible,
}

/// A backend's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// How the solve ended.
    pub status: Status,
    /// The value of each variable.
    pub values: Vec<f64>,
    /// The best proven lower bound on the objective, if known.
    pub bound: Option<f64>,
    /// Branch-and-bound nodes solved.
    pub nodes: u64,
}

/// A MIP solver.
pub trait Backend {
    /// The backend's name, for statistics.
    fn name(&self) -> &'static str;
    /// Solves `model` within `limits`.
    fn solve(&self, model: &Model, limits: Limits) -> Result<Outcome>;
}

/// microlp through good_lp: pure Rust, no system libraries.
#[derive(Debug, Clone, Copy, Default)]
pub struct MicroLp;

impl Backend for MicroLp {
    fn name(&self) -> &'static str {
        "microlp"
    }

    fn solve(&self, model: &Model, limits: Limits) -> Result<Outcome> {
        let mut vars = ProblemVariables::new();
        let handles: Vec<Variable> = model
            .domains
            .iter()
            .map(|d| match d {
                Domain::Binary => vars.add(variable().binary()),
                Domain::Unit => vars.add(variable().min(0.0).max(1.0)),
            })
            .collect();
        let objective: Expression = handles.iter().zip(&model.objective).map(|(&v, &c)| c * v).sum();
        let mut problem = vars
            .minimise(objective)
            .using(good_lp::microlp)
            .with_time_limit(limits.time.as_secs_f64())
            .with_mip_gap(limits.gap as f32)
            .map_err(|e| SolveError::Backend(format!("microlp: gap {}: {e}", limits.gap)))?;
        for c in &model.constraints {
            let lhs: Expression = c.terms.iter().map(|&(v, k)| k * handles[v]).sum();
            problem.add_constraint(match c.comparison {
                Comparison::Equal => lhs.eq(c.rhs),
                Comparison::AtMost => lhs.leq(c.rhs),
            });
        }
        let solution = problem.solve().map_err(|e| match e {
            good_lp::ResolutionError::Infeasible => SolveError::Infeasible("no assignment fits the limit".into()),
            other => SolveError::Backend(format!("microlp: {other}")),
        })?;
        let values = handles.iter().map(|&v| solution.value(v)).collect();
        let status = match solution.status() {
            SolutionStatus::Optimal | SolutionStatus::GapLimit => Status::Optimal,
            SolutionStatus::TimeLimit => Status::Feasible,
        };
        let stats = solution.into_inner().stats();
        Ok(Outcome { status, values, bound: stats.best_bound, nodes: stats.nodes_solved })
    }
}
