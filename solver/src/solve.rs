//! The sharding solve: lower the program, solve the core problem in stages around
//! propagation barriers, and price the decisions as a [`Plan`].
//!
//! Stages (docs/spec.md §5): a FORWARD barrier's upstream (its operand's ancestors) is
//! decided without any cost term of its downstream (its result's descendants), then
//! the downstream with the upstream fixed; a BACKWARD barrier mirrored. Barriers
//! nest, so every node gets a stage (see [`stages`]); stage k is solved with the
//! earlier stages' choices fixed and without the cost terms of later stages' nodes
//! (whose usage still counts against the budget). A NONE barrier's edge is in no
//! stage: both sides are decided independently and the reshard is paid. The plan is
//! then priced by `cost::price_plan`, so `solve` and `cost --plan` agree by
//! construction. A program with `case`s is solved in rounds of branch weights
//! (`branches.rs`).

use crate::SolverOptions;
use crate::backend::{Backend, Limits, MicroLp, Status};
use crate::branches::branch_rounds;
use crate::engine::{ProblemSolution, Settings, solve_problem_with};
use crate::error::{Result, SolveError};
use crate::formulation::{Formulation, formulate_within};
use crate::graph::GraphNode;
use crate::infeasible::explain;
use crate::presolve::limit_binds;
use crate::problem::Problem;
use crate::search::{Progress, ROUNDING};
use crate::solution::Solution;
use autoshard_cost::{BranchWeights, Fixed, HardwareSpec, complete};
use autoshard_model::SolverStats;
use autoshard_model::ops::PropagationDirection;
use autoshard_model::{Program, Seconds};
use petgraph::Direction;
use std::cmp::Ordering;
use std::time::{Duration, Instant};

/// Picks the plan that minimises the cost model.
///
/// ```
/// use autoshard_cost::{HardwareSpec, Preset};
/// use autoshard_model::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
/// use autoshard_model::{DType, Mesh, ops::OpKind};
/// use autoshard_solver::{Solver, SolverOptions};
///
/// // y = x @ w on 4 devices: the solver splits the 8192 rows (data parallel); x may
/// // stay replicated, as each device slices its rows locally for free.
/// let mesh = Mesh::from_axes([("x", 4)])?;
/// let mut b = ProgramBuilder::new("matmul", "mesh", mesh.clone());
/// let input = |name: &str, shape: Vec<i64>| InputSpec {
///     name: name.into(), ty: TensorType { shape, dtype: DType::BF16 }, parameter: false, sharding: None, loc: None,
/// };
/// let x = b.add_input(input("x", vec![8192, 1024]))?;
/// let w = b.add_input(input("w", vec![1024, 1024]))?;
/// let y = b.add_op(OpSpec {
///     result_names: vec!["y".into()], kind: OpKind::Dot, operands: vec![x, w], result_shardings: vec![], loc: None,
/// })?[0];
/// b.add_output(y, None, None)?;
/// let program = b.finish()?;
/// let hardware = HardwareSpec::from_preset(Preset::H100Sxm, &mesh);
/// let plan = Solver::new(SolverOptions::default()).solve(&program, &hardware)?.plan;
/// assert_eq!(plan.solver.as_ref().unwrap().status, "optimal");
/// assert_eq!(plan.value("y").unwrap().to_string(), r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#);
/// assert!(plan.collectives.iter().all(|c| c.time_s.0 == 0.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    options: SolverOptions,
    backend: Box<dyn Backend + Send + Sync>,
    progress: Option<Box<dyn Fn(Progress) + Send + Sync>>,
}

/// The share of the time limit formulating may take; past it the solve returns the
/// greedy plan ([`greedy`]) instead.
const FORMULATION_SHARE: f64 = 0.6;

/// Pricing a plan takes about this share of the time formulating its program took
/// (measured: 0.16 on a 11k-op training step before identical layers were
/// formulated once); the solve keeps it in reserve.
const PRICING_SHARE: f64 = 0.35;

/// Pricing a plan and writing it out take about this long per op at most
/// (measured: 26 µs and 17 µs per op on a 90k-op training step); the solve keeps
/// it in reserve when that is more than [`PRICING_SHARE`] of formulating.
const PRICING_PER_OP: Duration = Duration::from_micros(45);

/// The share of the engine's time kept for the bound's solve when the budget rows
/// may over-count a shared buffer (see [`Solver::bounded`]).
const BOUND_SHARE: f64 = 0.25;

impl Solver {
    /// A solver with `options` and the default backend (microlp).
    pub fn new(options: SolverOptions) -> Self {
        Solver { options, backend: Box::new(MicroLp), progress: None }
    }

    /// The same solver with another ILP backend.
    pub fn with_backend(self, backend: impl Backend + Send + Sync + 'static) -> Self {
        Solver { backend: Box::new(backend), ..self }
    }

    /// The same solver reporting its progress to `report`: the phases `formulating`,
    /// each stage's engine phases (`presolved`, `ilp`, the search's with its best
    /// cost and bound; `elapsed_s` counts from the stage's start) and `pricing`.
    /// Optional: it does not change the plan.
    pub fn with_progress(self, report: impl Fn(Progress) + Send + Sync + 'static) -> Self {
        Solver { progress: Some(Box::new(report)), ..self }
    }

    /// Reports `phase` (no cost or bound yet) to the progress callback, if any.
    fn phase(&self, phase: &'static str, start: Instant) {
        tracing::debug!(phase, elapsed_s = start.elapsed().as_secs_f64(), "solve");
        if let Some(report) = &self.progress {
            report(Progress::phase(phase, start));
        }
    }

    /// The engine on `problem` within what is left of the time limit, reporting to
    /// the progress callback.
    fn engine(&self, problem: &Problem, deadline: Instant) -> Result<ProblemSolution> {
        let mut settings = Settings::new(self.limits(deadline));
        settings.threads = self.options.threads;
        let mut relay = self.progress.as_ref().map(|report| move |p: Progress| report(p));
        if let Some(relay) = &mut relay {
            settings.report = Some(relay);
        }
        solve_problem_with(problem, self.backend.as_ref(), settings)
    }

    /// The cheapest plan for `program` on `hardware` under docs/spec.md §5's constraints,
    /// with the decisions it is made of.
    ///
    /// When no plan fits the memory budget, the error says the least peak the
    /// plans reach, where, and what is live there (`infeasible.rs`).
    pub fn solve(&self, program: &Program, hardware: &HardwareSpec) -> Result<Solution> {
        let start = Instant::now();
        match self.solve_unexplained(program, hardware) {
            Err(SolveError::Infeasible(reason)) => {
                let time = self.time_limit().saturating_sub(start.elapsed()).max(self.time_limit() / 4);
                Err(SolveError::Infeasible(explain(program, hardware, self.options, time, reason)))
            }
            solved => solved,
        }
    }

    /// [`Solver::solve`] without explaining an infeasible budget.
    pub(crate) fn solve_unexplained(&self, program: &Program, hardware: &HardwareSpec) -> Result<Solution> {
        let start = Instant::now();
        let weighted = |weights: &BranchWeights| self.solve_weighted(program, hardware, weights, start);
        let solved = branch_rounds(program, self.options.gap, weighted)?;
        tracing::debug!(elapsed_s = start.elapsed().as_secs_f64(), "solved and priced");
        let budget = hardware.device.memory;
        let peak = solved.plan.objective.peak_memory_bytes;
        if peak > budget {
            // The formulation counts memory exactly as `price_plan` does (tested), and the
            // engine checks every solution against the limit.
            return Err(SolveError::Backend(format!(
                "the plan's peak memory {peak} exceeds the budget {budget} that the model kept to"
            )));
        }
        Ok(solved)
    }

    /// The plan that minimises the cost model with each `case` branch's costs
    /// weighted by `weights`, priced as it runs (see `branches.rs`).
    fn solve_weighted(
        &self,
        program: &Program,
        hardware: &HardwareSpec,
        weights: &BranchWeights,
        start: Instant,
    ) -> Result<Solution> {
        self.phase("formulating", start);
        let formulated = Instant::now();
        let give_up = start + self.time_limit().mul_f64(FORMULATION_SHARE);
        let Some(formulation) = formulate_within(program, hardware, weights, (Some(give_up), self.options.uneven))?
        else {
            return greedy(program, hardware, start, self.options.uneven);
        };
        let stage = stages(&formulation);
        // Pricing the plan takes a fraction of formulating it, or about a fixed time
        // per op where layers were formulated once; keep that, and 5% of the limit
        // for the caller's output, out of the engine's time.
        let pricing = formulated.elapsed().mul_f64(PRICING_SHARE).max(PRICING_PER_OP * program.ops().len() as u32);
        let reserve = pricing + self.time_limit().mul_f64(0.05);
        let deadline = (start + self.time_limit()).checked_sub(reserve).unwrap_or(start);
        let solution = self.bounded(&formulation, &formulation.problem, &stage, deadline)?;
        self.phase("pricing", start);
        priced(program, hardware, &formulation, &solution, start)
    }

    /// The staged solve of `problem` (`formulation`'s, or it with some costs forced), its
    /// bound made valid where the budget rows may over-count a shared buffer (see
    /// `Formulation`): then the optimum of the problem without the loads that may
    /// count one again bounds it too (its peak never exceeds a plan's).
    pub(crate) fn bounded(
        &self,
        formulation: &Formulation,
        problem: &Problem,
        stage: &[usize],
        deadline: Instant,
    ) -> Result<ProblemSolution> {
        if !(formulation.overcounts() && limit_binds(problem)) {
            return self.staged(problem, stage, deadline);
        }
        // The plan first, with most of the time; the bound's solve has the rest (at
        // least what the plan's left).
        let share = deadline.saturating_duration_since(Instant::now()).mul_f64(BOUND_SHARE);
        let mut solution = self.staged(problem, stage, deadline.checked_sub(share).unwrap_or(deadline))?;
        let relaxed = self.staged(&formulation.undercounting(problem), stage, deadline);
        // Without a plan of the relaxed problem in time there is no bound but 0.
        solution.bound = solution.bound.min(relaxed.map_or(0.0, |r| r.bound));
        Ok(solution)
    }

    fn limits(&self, deadline: Instant) -> Limits {
        let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(10));
        Limits { time: left, gap: self.options.gap }
    }

    /// The time limit of a solve (at most a million seconds, so that deadlines
    /// computed from it never overflow; none for a limit that is not a number).
    pub(crate) fn time_limit(&self) -> Duration {
        Duration::try_from_secs_f64(self.options.time_limit.0.clamp(0.0, 1e6)).unwrap_or(Duration::ZERO)
    }

    /// Solves `problem` stage by stage (`stage`: each node's; see the module docs).
    fn staged(&self, problem: &Problem, stage: &[usize], deadline: Instant) -> Result<ProblemSolution> {
        let last = stage.iter().copied().max().unwrap_or(0);
        if last == 0 {
            return self.engine(problem, deadline);
        }
        let solve =
            |k: usize, earlier: Option<&[usize]>| self.engine(&stage_problem(problem, stage, k, earlier), deadline);
        let mut solution = solve(0, None)?;
        for k in 1..=last {
            let next = solve(k, Some(&solution.assignment))?;
            solution = ProblemSolution {
                // A stage decided within the limits only leaves the rest feasible.
                status: if solution.status == Status::Feasible { Status::Feasible } else { next.status },
                variables: solution.variables + next.variables,
                constraints: solution.constraints + next.constraints,
                bb_nodes: solution.bb_nodes + next.bb_nodes,
                ..next
            };
        }
        Ok(solution)
    }
}

/// Stage `k` of `problem`: nodes of earlier stages fixed to their strategy in
/// `earlier`, nodes of later stages free of cost and of edges (their usage counts).
fn stage_problem(problem: &Problem, stage: &[usize], k: usize, earlier: Option<&[usize]>) -> Problem {
    let mut problem = problem.clone();
    problem.edges.retain(|e| stage[e.a.0] <= k && stage[e.b.0] <= k);
    for (n, node) in problem.nodes.iter_mut().enumerate() {
        match (stage[n].cmp(&k), earlier) {
            (Ordering::Greater, _) => node.costs.iter_mut().filter(|c| c.is_finite()).for_each(|c| *c = 0.0),
            (Ordering::Less, Some(earlier)) => {
                let keep = earlier[n];
                node.costs.iter_mut().enumerate().filter(|(s, _)| *s != keep).for_each(|(_, c)| *c = f64::INFINITY)
            }
            _ => {}
        }
    }
    problem
}

/// The plan of `autoshard cost` (every choice the annotations leave open made the
/// cheapest local way, groups and barriers kept), for a program too large to
/// formulate within the time limit: a plan, with the trivial bound 0.
fn greedy(program: &Program, hardware: &HardwareSpec, start: Instant, uneven: bool) -> Result<Solution> {
    tracing::debug!(elapsed_s = start.elapsed().as_secs_f64(), "out of time formulating: the greedy plan");
    let fixed = Fixed { uneven, ..Fixed::from_annotations(program) };
    let decisions = complete(program, hardware, &fixed)?;
    let mut solved = Solution::priced(program, hardware, decisions)?;
    let (peak, budget) = (solved.plan.objective.peak_memory_bytes, hardware.device.memory);
    if peak > budget {
        return Err(SolveError::Backend(format!(
            "out of time: formulating the program took {:.0}% of the time limit, and the plan every open choice \
             made the cheapest local way needs {peak} per device, above the budget {budget}",
            FORMULATION_SHARE * 100.0
        )));
    }
    let gap = if solved.plan.objective.total_s.is_zero() { 0.0 } else { 1.0 };
    solved.plan.solver = Some(SolverStats {
        status: "feasible".into(),
        bound: Some(0.0),
        gap: Some(gap),
        time_s: Seconds(start.elapsed().as_secs_f64()),
        variables: 0,
        constraints: 0,
        nodes: 0,
    });
    Ok(solved)
}

/// The decisions of `solution` and their plan priced by the cost model, with the
/// preferences the formulation dropped and the solver statistics (its memory is not
/// checked here).
pub(crate) fn priced(
    program: &Program,
    hardware: &HardwareSpec,
    formulation: &Formulation,
    solution: &ProblemSolution,
    start: Instant,
) -> Result<Solution> {
    let mut solved = Solution::priced(program, hardware, formulation.decisions(program, &solution.assignment))?;
    let plan = &mut solved.plan;
    plan.dropped_preferences = formulation.resolved.dropped.clone();
    let bound = solution.bound + formulation.join_cost(&solution.assignment);
    plan.solver = Some(stats(solution, bound, plan.objective.total_s.0, start));
    Ok(solved)
}

/// The solver statistics of `solution`, whose plan costs `total` and whose optimum
/// is at least `bound` (both priced by the cost model and the formulation: equal when
/// the plan is proven optimal).
fn stats(solution: &ProblemSolution, bound: f64, total: f64, start: Instant) -> SolverStats {
    let gap = if total > 0.0 { (total - bound) / total } else { 0.0 };
    let optimal = solution.status == Status::Optimal && gap.abs() <= ROUNDING;
    SolverStats {
        status: if optimal { "optimal" } else { "feasible" }.into(),
        bound: Some(bound),
        gap: Some(gap.max(0.0)),
        time_s: Seconds(start.elapsed().as_secs_f64()),
        variables: solution.variables,
        constraints: solution.constraints,
        nodes: solution.bb_nodes,
    }
}

/// The stage of every problem node. Each FORWARD barrier orders its upstream
/// segment (its operand's ancestors up to the previous barriers: *before*) ahead of
/// its downstream segment (its result's descendants up to the next barriers:
/// *after*); a BACKWARD barrier the other way round. An after-node's stage exceeds
/// every before-node's: the longest path over those orders, so barriers in a chain
/// nest (barriers that form a cycle of orders stop refining after one round per
/// barrier). A node no barrier orders joins the latest stage among its neighbours,
/// so a weight that only feeds ops after a barrier is decided with them.
pub(crate) fn stages(formulation: &Formulation) -> Vec<usize> {
    let n = formulation.problem.nodes.len();
    let node = |g: &GraphNode| match *g {
        GraphNode::Value(v) => formulation.value_nodes[v.index()],
        GraphNode::Op(o) => formulation.op_nodes[o.index()],
    };
    let side = |value, direction| -> Vec<usize> {
        formulation.graph.segment(value, direction).iter().filter_map(node).map(|id| id.0).collect()
    };
    let mut orders: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for barrier in &formulation.barriers {
        let (operand, result) = barrier.ends;
        let upstream = || side(operand, Direction::Incoming);
        let downstream = || side(result, Direction::Outgoing);
        orders.push(match barrier.direction {
            PropagationDirection::Forward => (upstream(), downstream()),
            PropagationDirection::Backward => (downstream(), upstream()),
            PropagationDirection::None => continue,
        });
    }
    let mut stage = vec![0usize; n];
    let mut ordered = vec![false; n];
    orders.iter().flat_map(|(b, a)| b.iter().chain(a)).for_each(|&i| ordered[i] = true);
    for _ in 0..=orders.len() {
        let mut changed = false;
        for (before, after) in &orders {
            let next = before.iter().map(|&i| stage[i] + 1).max().unwrap_or(0);
            for &i in after {
                changed |= next > stage[i];
                stage[i] = stage[i].max(next);
            }
        }
        if !changed {
            break;
        }
    }
    let edges = &formulation.problem.edges;
    for _ in 0..n {
        let mut changed = false;
        for (a, b) in edges.iter().flat_map(|e| [(e.a.0, e.b.0), (e.b.0, e.a.0)]) {
            if !ordered[a] && stage[b] > stage[a] {
                stage[a] = stage[b];
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    stage
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_cost::{HardwareSpec, Preset};
    use autoshard_model::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
    use autoshard_model::ops::{OpKind, UnaryOp};
    use autoshard_model::{DType, Mesh, ValueId};

    /// `x → tanh → barrier(first) → tanh → barrier(second) → dot(·, w)`, and the
    /// stage of each value's node by name.
    fn staged(first: PropagationDirection, second: PropagationDirection) -> Vec<(String, usize)> {
        let mesh = Mesh::from_axes([("x", 2)]).unwrap();
        let mut b = ProgramBuilder::new("p", "mesh", mesh.clone());
        let ty = TensorType { shape: vec![256, 256], dtype: DType::BF16 };
        let input = |b: &mut ProgramBuilder, name: &str| {
            b.add_input(InputSpec { name: name.into(), ty: ty.clone(), parameter: false, sharding: None, loc: None })
                .unwrap()
        };
        let (x, w) = (input(&mut b, "x"), input(&mut b, "w"));
        let op = |b: &mut ProgramBuilder, name: &str, kind: OpKind, operands: Vec<ValueId>| {
            let spec = OpSpec { result_names: vec![name.into()], kind, operands, result_shardings: vec![], loc: None };
            b.add_op(spec).unwrap()[0]
        };
        let h = op(&mut b, "h", OpKind::Unary(UnaryOp::Tanh), vec![x]);
        let b1 = op(&mut b, "b1", OpKind::PropagationBarrier(first), vec![h]);
        let c = op(&mut b, "c", OpKind::Unary(UnaryOp::Tanh), vec![b1]);
        let b2 = op(&mut b, "b2", OpKind::PropagationBarrier(second), vec![c]);
        let y = op(&mut b, "y", OpKind::Dot, vec![b2, w]);
        b.add_output(y, None, None).unwrap();
        let program = b.finish().unwrap();
        let formulation =
            crate::formulation::formulate(&program, &HardwareSpec::from_preset(Preset::H100Sxm, &mesh)).unwrap();
        let stage = stages(&formulation);
        program
            .value_ids()
            .filter_map(|v| formulation.value_nodes[v.index()].map(|n| (program.value(v).name.clone(), stage[n.0])))
            .collect()
    }

    fn named(pairs: &[(&str, usize)]) -> Vec<(String, usize)> {
        pairs.iter().map(|(n, s)| (n.to_string(), *s)).collect()
    }

    #[test]
    fn forward_barriers_nest_and_a_weight_joins_its_consumer() {
        use PropagationDirection::Forward;
        let expected = [("x", 0), ("w", 2), ("h", 0), ("b1", 1), ("c", 1), ("b2", 2), ("y", 2)];
        assert_eq!(staged(Forward, Forward), named(&expected));
    }

    #[test]
    fn backward_barriers_mirror() {
        use PropagationDirection::{Backward, Forward, None};
        let expected = [("x", 2), ("w", 0), ("h", 2), ("b1", 1), ("c", 1), ("b2", 0), ("y", 0)];
        assert_eq!(staged(Backward, Backward), named(&expected));
        // Forward then backward: the middle waits for both ends.
        let expected = [("x", 0), ("w", 0), ("h", 0), ("b1", 1), ("c", 1), ("b2", 0), ("y", 0)];
        assert_eq!(staged(Forward, Backward), named(&expected));
        let expected = [("x", 1), ("w", 1), ("h", 1), ("b1", 0), ("c", 0), ("b2", 1), ("y", 1)];
        assert_eq!(staged(Backward, Forward), named(&expected));
        let expected = [("x", 0), ("w", 0), ("h", 0), ("b1", 0), ("c", 0), ("b2", 0), ("y", 0)];
        assert_eq!(staged(None, None), named(&expected));
    }
}
