//! The solver against brute force: random small programs (≤ 6 ops of dot, tanh,
//! transpose, reverse — a permutation factor —, add and reshard; 1–2 mesh axes;
//! one of the dimension sizes, 1022, does not divide by 4 and is padded;
//! some outputs annotated);
//! every combination of op strategies is enumerated and, for each, every value's
//! candidate shardings, all priced by `cost::price_plan` (an independent path from the
//! solver's formulation). The solver's objective must equal the enumerated optimum.
//! And the formulation itself: under random assignments (not only optimal ones) the
//! core problem's cost and peak usage equal what `cost::price_plan` charges and
//! counts (reshard buffers included) for the same decisions.
//!
//! Without groups, barriers or a binding memory budget, the total separates over
//! values once the ops are fixed (a value's sharding only touches its producer's and
//! consumers' terms; a reshard's result is closed, so it has one candidate), so
//! each value is optimised alone by pricing it one candidate at a time; that keeps
//! the enumeration exhaustive yet affordable.

use autoshard_cost::{Decisions, costed_ops, price_plan};
use autoshard_cost::{HardwareSpec, Preset};
use autoshard_model::OpStrategy;
use autoshard_model::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
use autoshard_model::ops::{BinaryOp, OpKind, Reverse, Transpose, UnaryOp};
use autoshard_model::rules::sharding_rule;
use autoshard_model::{DType, Mesh, Program, TensorSharding};
use autoshard_solver::formulate;
use autoshard_solver::{Solver, SolverOptions};
use autoshard_solver::{carriers, op_strategies, partials, usable_axes, value_shardings};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::collections::HashMap;

/// A tiny random program from `seed`.
fn program(seed: [u8; 32]) -> Program {
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
    let mut next = move |m: u64| rng.next_u64() % m;
    let mesh = if next(2) == 0 {
        Mesh::from_axes([("x", 2)]).unwrap()
    } else {
        Mesh::from_axes([("x", 2), ("y", 2)]).unwrap()
    };
    let two_axes = mesh.axes().len() == 2;
    let sizes = [256i64, 1022, 4096];
    let mut b = ProgramBuilder::new("random", "mesh", mesh);
    let mut inputs = 0;
    let mut input = |b: &mut ProgramBuilder, shape: Vec<i64>, sharding: Option<TensorSharding>| {
        inputs += 1;
        let ty = TensorType { shape, dtype: DType::BF16 };
        b.add_input(InputSpec { name: format!("in{inputs}"), ty, parameter: false, sharding, loc: None }).unwrap()
    };
    let pinned: Option<TensorSharding> = match next(3) {
        0 => Some(r#"<@mesh, [{"x"}, {}]>"#.parse().unwrap()),
        _ => None,
    };
    let first = input(&mut b, vec![sizes[next(3) as usize], sizes[next(3) as usize]], pinned);
    let mut values = vec![first];
    let ops = if two_axes { 2 + next(2) } else { 3 + next(4) };
    for i in 0..ops {
        let a = values[next(values.len() as u64) as usize];
        let shape = b.type_of(a).shape.clone();
        let (kind, operands) = match next(6) {
            0 => {
                let w = input(&mut b, vec![shape[1], sizes[next(3) as usize]], None);
                (OpKind::Dot, vec![a, w])
            }
            1 => (OpKind::Unary(UnaryOp::Tanh), vec![a]),
            2 => (OpKind::Transpose(Transpose { permutation: vec![1, 0] }), vec![a]),
            3 => (OpKind::Reverse(Reverse { dimensions: vec![next(2) as i64] }), vec![a]),
            4 => (OpKind::Reshard(sharding(next(3))), vec![a]),
            _ => {
                let other = values.iter().copied().find(|&v| v != a && b.type_of(v).shape == shape).unwrap_or(a);
                (OpKind::Binary(BinaryOp::Add), vec![a, other])
            }
        };
        let spec = OpSpec { result_names: vec![format!("v{i}")], kind, operands, result_shardings: vec![], loc: None };
        values.push(b.add_op(spec).unwrap()[0]);
    }
    let annotation = (next(2) == 0).then(|| sharding(next(3)));
    b.add_output(*values.last().unwrap(), annotation, None).unwrap();
    b.finish().unwrap()
}

/// One of three closed shardings of a matrix over axis "x".
fn sharding(which: u64) -> TensorSharding {
    [r#"<@mesh, [{"x"}, {}]>"#, r#"<@mesh, [{}, {"x"}]>"#, r#"<@mesh, [{}, {}]>"#][which as usize].parse().unwrap()
}

/// The enumerated optimum of `program`'s total time.
fn brute_force(program: &Program, hardware: &HardwareSpec) -> f64 {
    let mesh = program.mesh();
    let axes = usable_axes(mesh, &[]);
    let ops = costed_ops(program);
    let annotations = program.annotations();
    let partial = partials(program, &ops);
    let mut per_op: Vec<(usize, Vec<OpStrategy>)> = Vec::new();
    for &id in &ops {
        if let Some(rule) = sharding_rule(program, id) {
            let carriers = carriers(program.op(id), &partial);
            per_op.push((id.index(), op_strategies(&rule, &axes, true, &carriers)));
        }
    }
    let candidates: Vec<Vec<TensorSharding>> = program
        .value_ids()
        .map(|v| {
            let ty = &program.value(v).ty;
            let mut all = value_shardings(program.mesh_name(), &ty.shape, &axes, partial[v.index()]);
            for a in annotations.iter().filter(|a| a.value == v) {
                all.retain(|s| s.conforms_to_all(&a.sharding));
            }
            all
        })
        .collect();
    // The ops (by position in `per_op`) whose terms involve each value.
    let adjacent: Vec<Vec<usize>> = program
        .value_ids()
        .map(|v| {
            let touches = |&(op, _): &(usize, _)| {
                let op = &program.ops()[op];
                op.operands.contains(&v) || op.results.contains(&v)
            };
            (0..per_op.len()).filter(|&i| touches(&per_op[i])).collect()
        })
        .collect();
    let price = |d: &Decisions| price_plan(program, hardware, d).map_or(f64::INFINITY, |p| p.objective.total_s.0);
    // A value's best gain over its first candidate depends only on its adjacent ops'
    // strategies: memoised by (value, their choices).
    let mut gains: HashMap<(usize, Vec<usize>), f64> = HashMap::new();
    let mut choice = vec![0usize; per_op.len()];
    let mut best = f64::INFINITY;
    loop {
        let mut strategies = vec![OpStrategy::default(); program.ops().len()];
        for ((op, options), &c) in per_op.iter().zip(&choice) {
            strategies[*op] = options[c].clone();
        }
        let values = candidates.iter().map(|c| c[0].clone()).collect();
        let mut decisions = Decisions { values, strategies };
        let base = price(&decisions);
        if base.is_finite() {
            let mut total = base;
            for v in program.value_ids() {
                let key = (v.index(), adjacent[v.index()].iter().map(|&i| choice[i]).collect::<Vec<_>>());
                let gain = *gains.entry(key).or_insert_with(|| {
                    let mut gain = f64::INFINITY;
                    for s in &candidates[v.index()] {
                        decisions.values[v.index()] = s.clone();
                        gain = gain.min(price(&decisions) - base);
                    }
                    decisions.values[v.index()] = candidates[v.index()][0].clone();
                    gain
                });
                total += gain;
            }
            best = best.min(total);
        }
        let Some(i) = (0..choice.len()).rev().find(|&i| choice[i] + 1 < per_op[i].1.len()) else { return best };
        choice[i] += 1;
        choice[i + 1..].iter_mut().for_each(|c| *c = 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn the_formulation_prices_what_price_plan_prices(seed in any::<[u8; 32]>(), picks in any::<[u8; 32]>()) {
        let program = program(seed);
        let hardware = HardwareSpec::from_preset(Preset::H100Sxm, program.mesh());
        let formulation = formulate(&program, &hardware).unwrap();
        let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &picks);
        for _ in 0..20 {
            let assignment: Vec<usize> =
                formulation.problem().nodes.iter().map(|n| (rng.next_u64() % n.strategies() as u64) as usize).collect();
            let model = formulation.total(&assignment);
            let priced = price_plan(&program, &hardware, &formulation.decisions(&program, &assignment)).unwrap();
            let total = priced.objective.total_s.0;
            prop_assert!((model - total).abs() <= 1e-9 * total, "model {model}, price_plan {total}");
            let peak = formulation.problem().peak(&assignment);
            let evaluated = priced.objective.peak_memory_bytes.0;
            prop_assert!(peak >= evaluated, "model peak {peak} < price_plan's {evaluated}");
            if !formulation.overcounts() {
                prop_assert_eq!(peak, evaluated);
            }
            let under = formulation.undercounting(formulation.problem()).peak(&assignment);
            prop_assert!(under <= evaluated, "undercounting peak {under} > price_plan's {evaluated}");
        }
    }

    #[test]
    fn the_solver_matches_brute_force(seed in any::<[u8; 32]>()) {
        let program = program(seed);
        let hardware = HardwareSpec::from_preset(Preset::H100Sxm, program.mesh());
        let expected = brute_force(&program, &hardware);
        let plan = Solver::new(SolverOptions::default()).solve(&program, &hardware).unwrap().plan;
        let got = plan.objective.total_s.0;
        prop_assert!((got - expected).abs() <= 1e-9 * expected.max(1e-12), "solver {got}, brute force {expected}");
        let stats = plan.solver.unwrap();
        prop_assert_eq!(stats.status, "optimal");
    }
}
