//! A `case` costs its most expensive branch: the solver's plan against an oracle
//! that pins the `case`'s boundary. With the boundary (the one operand every branch
//! takes, tied to the branches' arguments and results) pinned to a sharding, each
//! branch's ops depend on nothing else, so the weighted optimum and the max's
//! coincide there; the least of those pinned optima over every sharding of the
//! boundary is the max's optimum.

use autoshard_cost::{HardwareSpec, Preset};
use autoshard_model::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
use autoshard_model::ops::{BinaryOp, Case, OpKind, UnaryOp};
use autoshard_model::{DType, Mesh, Program, TensorSharding};
use autoshard_solver::{Solver, SolverOptions, usable_axes, value_shardings};

const N: i64 = 2048;

/// `y = case(i, x) { dot(x, x) } { tanh(x) } + z`, `z` pinned by rows, `x`
/// pinned to `pin` if any.
fn program(pin: Option<TensorSharding>) -> Program {
    let mesh = Mesh::from_axes([("a", 2), ("b", 2)]).unwrap();
    let mut b = ProgramBuilder::new("branches", "mesh", mesh);
    let input = |name: &str, shape: Vec<i64>, dtype, sharding| InputSpec {
        name: name.into(),
        ty: TensorType { shape, dtype },
        parameter: false,
        sharding,
        loc: None,
    };
    let rows: TensorSharding = r#"<@mesh, [{"a", "b"}, {}]>"#.parse().unwrap();
    let i = b.add_input(input("i", vec![], DType::I32, None)).unwrap();
    let x = b.add_input(input("x", vec![N, N], DType::F32, pin)).unwrap();
    let z = b.add_input(input("z", vec![N, N], DType::F32, Some(rows))).unwrap();
    let spec = |name: &str, kind, operands| OpSpec {
        result_names: vec![name.into()],
        kind,
        operands,
        result_shardings: vec![],
        loc: None,
    };
    let case = OpKind::Case(Case { branches: 2, predicate: false });
    let arg = b.begin_region(spec("c", case, vec![i, x]), vec!["x0".into()]).unwrap()[0];
    let heavy = b.add_op(spec("heavy", OpKind::Dot, vec![arg, arg])).unwrap();
    let arg = b.next_region(heavy, vec!["x1".into()]).unwrap()[0];
    let light = b.add_op(spec("light", OpKind::Unary(UnaryOp::Tanh), vec![arg])).unwrap();
    let c = b.end_region(light).unwrap()[0];
    let y = b.add_op(spec("y", OpKind::Binary(BinaryOp::Add), vec![c, z])).unwrap()[0];
    b.add_output(y, None, None).unwrap();
    b.finish().unwrap()
}

#[test]
fn a_case_costs_its_most_expensive_branch_and_the_solver_proves_its_optimum() {
    let free = program(None);
    let hardware = HardwareSpec::from_preset(Preset::H100Sxm, free.mesh());
    let solver = Solver::new(SolverOptions::default());
    let plan = solver.solve(&free, &hardware).unwrap().plan;
    let stats = plan.solver.as_ref().unwrap();
    assert_eq!(stats.status, "optimal", "{stats:?}");

    // The objective counts the heavy branch, not both.
    let [case] = plan.cases.as_slice() else { panic!("{:?}", plan.cases) };
    assert_eq!(case.heaviest(), 0, "{case:?}");
    let listed: f64 = plan.ops.iter().map(|o| o.compute_s.0 + o.communication_s.0).sum::<f64>()
        + plan.collectives.iter().map(|c| c.time_s.0).sum::<f64>();
    let light = case.branch_s[1].0;
    assert!(light > 0.0);
    let total = plan.objective.total_s.0;
    assert!((total - (listed - light)).abs() <= 1e-9 * total, "{total} vs {listed} - {light}");

    // The oracle: the least optimum over every closed sharding of x.
    let axes = usable_axes(free.mesh(), &[]);
    let mut oracle = f64::INFINITY;
    for s in value_shardings(free.mesh_name(), &[N, N], &axes, None) {
        let pinned = program(Some(s.clone()));
        let solved = solver.solve(&pinned, &hardware).unwrap().plan;
        oracle = oracle.min(solved.objective.total_s.0);
    }
    assert!((total - oracle).abs() <= 1e-9 * oracle, "solver {total}, oracle {oracle}");
}
