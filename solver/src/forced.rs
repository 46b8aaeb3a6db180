//! Alternative plans: the cheapest plan under a forced choice, for comparing the
//! model's ranking of real alternatives with measurement (`bench plans`).
//!
//! A [`Forcing`] narrows the candidates of some nodes of the formulated problem (its
//! other strategies get an infinite cost) and the same staged solve as
//! [`Solver::solve`] runs on the narrowed problem. Invariants: a forcing never
//! empties a node — a node whose every candidate it excludes (a value the user
//! pinned to an excluded axis) keeps its candidates, so the user's constraints win
//! over a forcing; and the formulated problem is left as it was (each forcing narrows
//! one copy, restored after its solve).

use crate::error::{Result, SolveError};
use crate::formulation::{Formulation, formulate};
use crate::solution::Solution;
use crate::solve::{Solver, priced, stages};
use autoshard_cost::HardwareSpec;
use autoshard_model::{AxisRef, Program, TensorSharding, ValueId};
use std::time::Instant;

/// A choice forced on the solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forcing {
    /// The value held to each of its candidate shardings in turn: one plan per
    /// candidate.
    Value(ValueId),
    /// Only these mesh axes used (none: everything replicated): one plan.
    Axes(Vec<String>),
}

/// A plan found under a forcing.
#[derive(Debug, Clone)]
pub struct ForcedPlan {
    /// What was forced: `axes {"data"}`, or `name: <sharding>` for a value.
    pub forced: String,
    /// The cheapest plan under it, with its decisions.
    pub solution: Solution,
}

/// One choice of a forcing: how it reads, and per narrowed node the strategies it
/// keeps (by index).
struct Choice {
    forced: String,
    keep: Vec<(usize, Vec<usize>)>,
}

impl Solver {
    /// The cheapest plan under each choice of `forcings` (the same staged solve as
    /// [`Solver::solve`], in the order given; a value forcing gives one plan per
    /// candidate sharding of the value, in candidate order). Choices that leave the
    /// problem infeasible, or whose plan exceeds the memory budget, are skipped; plans
    /// repeat when two choices lead to the same one. Each solve has the full time
    /// limit.
    pub fn forced_plans(
        &self,
        program: &Program,
        hardware: &HardwareSpec,
        forcings: &[Forcing],
    ) -> Result<Vec<ForcedPlan>> {
        let formulation = formulate(program, hardware)?;
        let stage = stages(&formulation);
        let mut plans = Vec::new();
        // One copy of the problem: each choice narrows it, restored after.
        let mut problem = formulation.problem.clone();
        for choice in forcings.iter().flat_map(|f| choices(program, &formulation, f)) {
            let start = Instant::now();
            for (node, keep) in &choice.keep {
                let costs = problem.nodes[*node].costs.iter_mut().enumerate();
                costs.filter(|(s, _)| !keep.contains(s)).for_each(|(_, c)| *c = f64::INFINITY);
            }
            let solved = self.bounded(&formulation, &problem, &stage, start + self.time_limit());
            for (node, _) in &choice.keep {
                problem.nodes[*node].costs.clone_from(&formulation.problem.nodes[*node].costs);
            }
            let solution = match solved {
                Ok(solution) => solution,
                Err(SolveError::Infeasible(_)) => continue,
                Err(e) => return Err(e),
            };
            let solution = priced(program, hardware, &formulation, &solution, start)?;
            if solution.plan.objective.peak_memory_bytes <= hardware.device.memory {
                plans.push(ForcedPlan { forced: choice.forced, solution });
            }
        }
        Ok(plans)
    }
}

/// The choices `forcing` makes.
fn choices(program: &Program, formulation: &Formulation, forcing: &Forcing) -> Vec<Choice> {
    match forcing {
        Forcing::Value(value) => {
            let Some(node) = formulation.value_nodes.get(value.index()).copied().flatten() else { return Vec::new() };
            let costs = &formulation.problem.nodes[node.0].costs;
            let name = &program.value(*value).name;
            let shardings = &formulation.shardings[value.index()];
            (0..costs.len())
                .filter(|&s| costs[s].is_finite())
                .map(|s| Choice { forced: format!("{name}: {}", shardings[s]), keep: vec![(node.0, vec![s])] })
                .collect()
        }
        Forcing::Axes(axes) => vec![Choice { forced: axes_text(axes), keep: axis_narrowings(formulation, axes) }],
    }
}

/// Every node narrowed to its strategies that use only `axes` (dimension and
/// unreduced axes of a value's sharding; factor and carried axes of an op's
/// strategy), except nodes left with none.
fn axis_narrowings(formulation: &Formulation, axes: &[String]) -> Vec<(usize, Vec<usize>)> {
    let allowed = |a: &AxisRef| axes.contains(&a.name);
    let mut narrowings = Vec::new();
    let mut add = |node: usize, uses_only: Vec<bool>| {
        let costs = &formulation.problem.nodes[node].costs;
        let keep: Vec<usize> = (0..costs.len()).filter(|&s| uses_only[s] && costs[s].is_finite()).collect();
        if !keep.is_empty() && keep.len() < costs.iter().filter(|c| c.is_finite()).count() {
            narrowings.push((node, keep));
        }
    };
    let value_uses = |s: &TensorSharding| s.dims.iter().flat_map(|d| &d.axes).chain(&s.unreduced).all(allowed);
    for (v, node) in formulation.value_nodes.iter().enumerate() {
        if let Some(node) = node {
            add(node.0, formulation.shardings[v].iter().map(value_uses).collect());
        }
    }
    for (o, node) in formulation.op_nodes.iter().enumerate() {
        if let Some(node) = node {
            let strategy_uses = |s: &autoshard_model::OpStrategy| {
                s.factors.iter().flatten().chain(s.carried.iter().flat_map(|c| &c.axes)).all(allowed)
            };
            add(node.0, formulation.strategies[o].iter().map(strategy_uses).collect());
        }
    }
    narrowings
}

/// `axes {"data", "model"}`.
fn axes_text(axes: &[String]) -> String {
    let names: Vec<String> = axes.iter().map(|a| format!("{a:?}")).collect();
    format!("axes {{{}}}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SolverOptions;
    use autoshard_cost::Preset;
    use autoshard_model::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
    use autoshard_model::ops::OpKind;
    use autoshard_model::{DType, Mesh};

    /// `y = x @ w` on a 2×2 mesh, `x` pinned to `pin` if given, and its hardware.
    fn matmul(pin: Option<&str>) -> (Program, HardwareSpec) {
        let mesh = Mesh::from_axes([("a", 2), ("b", 2)]).unwrap();
        let mut b = ProgramBuilder::new("matmul", "mesh", mesh.clone());
        let ty = TensorType { shape: vec![512, 512], dtype: DType::F32 };
        let sharding = pin.map(|s| s.parse().unwrap());
        let x = b.add_input(InputSpec { name: "x".into(), ty: ty.clone(), parameter: false, sharding, loc: None });
        let w = b.add_input(InputSpec { name: "w".into(), ty, parameter: false, sharding: None, loc: None });
        let spec = OpSpec {
            result_names: vec!["y".into()],
            kind: OpKind::Dot,
            operands: vec![x.unwrap(), w.unwrap()],
            result_shardings: vec![],
            loc: None,
        };
        let y = b.add_op(spec).unwrap()[0];
        b.add_output(y, None, None).unwrap();
        (b.finish().unwrap(), HardwareSpec::from_preset(Preset::H100Sxm, &mesh))
    }

    fn axes_used(plan: &autoshard_model::Plan) -> Vec<String> {
        let mut used: Vec<String> =
            plan.values.iter().flat_map(|v| v.sharding.all_axes().map(|a| a.name.clone())).collect();
        used.sort();
        used.dedup();
        used
    }

    #[test]
    fn an_axis_forcing_keeps_every_value_to_its_axes_but_a_users_pin() {
        let solver = Solver::new(SolverOptions::default());
        let (program, hardware) = matmul(None);
        let forcings = [Forcing::Axes(vec![]), Forcing::Axes(vec!["a".into()])];
        let plans = solver.forced_plans(&program, &hardware, &forcings).unwrap();
        assert_eq!(plans.len(), 2);
        assert_eq!((plans[0].forced.as_str(), axes_used(&plans[0].solution.plan)), ("axes {}", vec![]));
        assert_eq!(
            (plans[1].forced.as_str(), axes_used(&plans[1].solution.plan)),
            (r#"axes {"a"}"#, vec!["a".to_string()])
        );
        // Replicated, every device computes the whole product and reads all of x.
        let optimum = solver.solve(&program, &hardware).unwrap();
        assert!(plans[0].solution.plan.objective.compute_s.0 > 1.5 * optimum.plan.objective.compute_s.0);
        // A value the user pinned to "b" keeps it; the rest stay replicated.
        let (pinned, hardware) = matmul(Some(r#"#sdy.sharding<@mesh, [{"b"}, {}]>"#));
        let plans = solver.forced_plans(&pinned, &hardware, &[Forcing::Axes(vec![])]).unwrap();
        let x = plans[0].solution.plan.value("x").unwrap().to_string();
        assert_eq!(x, r#"#sdy.sharding<@mesh, [{"b"}, {}]>"#);
    }

    #[test]
    fn a_value_forcing_gives_one_plan_per_candidate_holding_it() {
        let solver = Solver::new(SolverOptions::default());
        let (program, hardware) = matmul(None);
        let y = program.value_ids().find(|&v| program.value(v).name == "y").unwrap();
        let plans = solver.forced_plans(&program, &hardware, &[Forcing::Value(y)]).unwrap();
        assert!(plans.len() > 4, "{} plans", plans.len());
        for forced in &plans {
            let held = forced.solution.plan.value("y").unwrap().to_string();
            assert_eq!(forced.forced, format!("y: {held}"));
        }
    }
}
