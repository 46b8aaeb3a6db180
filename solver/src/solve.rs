//! The sharding solve: lower the program, solve the core problem in stages around
//! propagation barriers, and price the decisions as a [`Plan`].
//!
//! Stages (SPEC §5): nodes downstream of a FORWARD barrier's result and upstream of
//! a BACKWARD barrier's operand form the second stage; the first stage decides every
//! other node without any cost term that touches a second-stage node (their usage
//! still counts against the budget); the second stage decides the rest with the first
//! stage's choices fixed. A NONE barrier's edge is in neither stage. The plan is then
//! priced by `cost::evaluate`, so `solve` and `cost --plan` agree by construction.

use crate::SolverOptions;
use crate::backend::{Backend, Limits, MicroLp, Status};
use crate::engine::{self, Solution};
use crate::error::{Result, SolveError};
use crate::graph::GraphNode;
use crate::lower::{Lowered, lower};
use crate::problem::Problem;
use autoshard_cost::evaluate::evaluate;
use autoshard_cost::hardware::HardwareSpec;
use autoshard_model::ops::PropagationDirection;
use autoshard_model::plan::SolverStats;
use autoshard_model::{Plan, Program, Seconds};
use petgraph::Direction;
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
/// let plan = Solver::new(SolverOptions::default()).solve(&program, &hardware)?;
/// assert_eq!(plan.solver.as_ref().unwrap().status, "optimal");
/// assert_eq!(plan.value("y").unwrap().to_string(), r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#);
/// assert!(plan.collectives.iter().all(|c| c.time_s.0 == 0.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    options: SolverOptions,
    backend: Box<dyn Backend + Send + Sync>,
}

impl Solver {
    /// A solver with `options` and the default backend (microlp).
    pub fn new(options: SolverOptions) -> Self {
        Solver { options, backend: Box::new(MicroLp) }
    }

    /// The same solver with another ILP backend.
    pub fn with_backend(self, backend: impl Backend + Send + Sync + 'static) -> Self {
        Solver { backend: Box::new(backend), ..self }
    }

    /// The cheapest plan for `program` on `hardware` under SPEC §5's constraints.
    pub fn solve(&self, program: &Program, hardware: &HardwareSpec) -> Result<Plan> {
        let start = Instant::now();
        let lowered = lower(program, hardware)?;
        let solution = self.staged(&lowered, start)?;
        let mut plan = evaluate(program, hardware, &lowered.decisions(program, &solution.assignment))?;
        let budget = hardware.device.memory;
        if plan.objective.peak_memory_bytes > budget {
            // The lowering counts memory exactly as `evaluate` does (tested), and the
            // engine checks every solution against the limit.
            return Err(SolveError::Backend(format!(
                "the plan's peak memory {} exceeds the budget {budget} that the model kept to",
                plan.objective.peak_memory_bytes
            )));
        }
        plan.dropped_preferences = lowered.resolved.dropped.clone();
        let bound = solution.bound + lowered.join_cost(&solution.assignment);
        plan.solver = Some(stats(&solution, bound, plan.objective.total_s.0, start));
        Ok(plan)
    }

    fn limits(&self, start: Instant) -> Limits {
        let left = (self.options.time_limit.0 - start.elapsed().as_secs_f64()).max(0.01);
        Limits { time: Duration::from_secs_f64(left), gap: self.options.gap }
    }

    /// Solves in one or two stages (see the module docs).
    fn staged(&self, lowered: &Lowered, start: Instant) -> Result<Solution> {
        let second = second_stage(lowered);
        let problem = &lowered.problem;
        if !second.iter().any(|&s| s) {
            return engine::solve(problem, self.backend.as_ref(), self.limits(start));
        }
        let mut first = problem.clone();
        first.edges.retain(|e| !second[e.a.0] && !second[e.b.0]);
        for (node, _) in first.nodes.iter_mut().zip(&second).filter(|(_, s)| **s) {
            node.costs.iter_mut().filter(|c| c.is_finite()).for_each(|c| *c = 0.0);
        }
        let upstream = engine::solve(&first, self.backend.as_ref(), self.limits(start))?;
        let mut fixed: Problem = problem.clone();
        for (n, node) in fixed.nodes.iter_mut().enumerate().filter(|(n, _)| !second[*n]) {
            let keep = upstream.assignment[n];
            node.costs.iter_mut().enumerate().filter(|(s, _)| *s != keep).for_each(|(_, c)| *c = f64::INFINITY);
        }
        let mut solution = engine::solve(&fixed, self.backend.as_ref(), self.limits(start))?;
        if upstream.status == Status::Feasible {
            solution.status = Status::Feasible;
        }
        solution.variables += upstream.variables;
        solution.constraints += upstream.constraints;
        solution.bb_nodes += upstream.bb_nodes;
        Ok(solution)
    }
}

/// The solver statistics of `solution`, whose plan costs `total` and whose optimum
/// is at least `bound` (both priced by the cost model and the lowering: equal when
/// the plan is proven optimal).
fn stats(solution: &Solution, bound: f64, total: f64, start: Instant) -> SolverStats {
    let gap = if total > 0.0 { (total - bound) / total } else { 0.0 };
    let optimal = solution.status == Status::Optimal && gap.abs() <= 1e-9;
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

/// Per problem node, whether it belongs to the second stage.
fn second_stage(lowered: &Lowered) -> Vec<bool> {
    let mut second = vec![false; lowered.problem.nodes.len()];
    for barrier in &lowered.barriers {
        let reach = match barrier.direction {
            PropagationDirection::Forward => lowered.graph.reachable(barrier.ends.1, Direction::Outgoing),
            PropagationDirection::Backward => lowered.graph.reachable(barrier.ends.0, Direction::Incoming),
            PropagationDirection::None => continue,
        };
        for node in reach {
            let id = match node {
                GraphNode::Value(v) => lowered.value_nodes[v.index()],
                GraphNode::Op(o) => lowered.op_nodes[o.index()],
            };
            if let Some(id) = id {
                second[id.0] = true;
            }
        }
    }
    second
}
