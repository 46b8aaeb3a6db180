//! The corpus of real programs: flax (nnx and linen), optax and equinox programs as
//! `scripts/jax/real_programs.py` lowers them (`tests/data/mlir/real/`, JAX 0.10.2),
//! on a 2x4 `("data", "model")` mesh with only the batch pinned (the U-Net's one
//! image: its rows). Each program must
//! solve optimally, run sharded equal to the reference, and keep every donated
//! argument's sharding on the result that reuses its buffer. One is also kept in
//! MLIR's generic form, which must read as the same program.

use autoshard::model::{OpKind, PlannedCollective};

const DIR: &str = "tests/data/mlir/real";

/// The programs of the corpus.
const READ: [&str; 11] = [
    "nnx_gpt_forward",
    "nnx_gpt_adamw_step",
    "eqx_block",
    "linen_convnet_forward",
    "moe_top2",
    "argmax_cross_entropy",
    "linen_scan_forward",
    "linen_scan_adamw_step",
    "loops_cond_remat",
    "shard_map_collectives",
    "linen_unet_adamw_step",
];

fn load(name: &str) -> Result<autoshard::Config, String> {
    let path = format!("{DIR}/{name}.mlir");
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    autoshard::Config::from_mlir(&path, &source).map_err(|e| e.to_string())
}

#[test]
fn real_programs_solve_run_and_keep_donated_shardings() {
    for name in READ {
        let config = load(name).unwrap_or_else(|e| panic!("{e}"));
        let solved = autoshard::solve(&config).unwrap_or_else(|e| panic!("{name}: {e}"));
        let status = solved.plan.solver.as_ref().map(|s| s.status.clone());
        assert_eq!(status.as_deref(), Some("optimal"), "{name}");
        let run = autoshard::run(&config, &solved, 5).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(run.verification.passed, "{name}: the sharded run differs: {:?}", run.verification);
        let program = &config.program;
        let planned = |v| {
            let value_name = &program.value(v).name;
            solved.plan.values.iter().find(|p| &p.name == value_name).map(|p| p.sharding.to_string())
        };
        for group in program.sharding_groups() {
            let shardings: Vec<_> = group.members.iter().map(|&v| planned(v)).collect();
            assert!(
                shardings.windows(2).all(|w| w[0] == w[1]),
                "{name}: a carried value changes sharding: {shardings:?}"
            );
        }
    }
    // The training step donates every parameter and optimiser state: all are tied,
    // and none lives past its last use.
    let step = load("nnx_gpt_adamw_step").unwrap_or_else(|e| panic!("{e}"));
    assert!(step.program.sharding_groups().len() >= 100, "{}", step.program.sharding_groups().len());
    let donated = step.program.inputs().iter().filter(|i| i.donated.is_some() && !i.lives_throughout()).count();
    assert!(donated >= 100, "{donated} donated inputs");
}

/// A scanned layer stack comes out as the per-layer plan it is: the stacked
/// parameters are carried through the loop whole and each iteration slices its
/// layer locally, so no collective inside the loop sends any of a stack's bytes.
#[test]
fn a_scanned_stack_is_solved_per_layer() {
    let config = load("linen_scan_adamw_step").unwrap_or_else(|e| panic!("{e}"));
    let solved = autoshard::solve(&config).unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let loops: Vec<_> = program.ops().iter().filter(|op| matches!(op.kind, OpKind::While(_))).collect();
    assert_eq!(loops.len(), 2, "the forward scan and its transpose");
    for op in loops {
        let OpKind::While(w) = op.kind else { unreachable!() };
        assert_eq!(w.trip_count, 2, "{}: two layers", op.name);
    }
    let repeats = program.repeats();
    let in_loop = |c: &PlannedCollective| {
        c.op.as_deref().and_then(|name| program.op_named(name)).is_some_and(|op| repeats[op.index()] > 1)
    };
    let stacked = |c: &PlannedCollective| {
        program.value_named(&c.value).is_some_and(|v| program.value(v).ty.shape.first() == Some(&2))
    };
    let inside = solved.plan.collectives.iter().filter(|c| in_loop(c)).count();
    let moves = |c: &&PlannedCollective| in_loop(c) && stacked(c) && c.bytes.0 > 0;
    let moved: Vec<_> = solved.plan.collectives.iter().filter(moves).map(|c| &c.value).collect();
    assert!(moved.is_empty(), "stacked values moved inside the loop ({inside} collectives there): {moved:?}");
}

#[test]
fn the_generic_form_reads_as_the_pretty_form() {
    let pretty = load("nnx_gpt_forward").unwrap_or_else(|e| panic!("{e}"));
    let generic = load("nnx_gpt_forward.generic").unwrap_or_else(|e| panic!("{e}"));
    // Compared as text: a NaN constant equals itself there.
    let kinds = |c: &autoshard::Config| c.program.ops().iter().map(|op| format!("{:?}", op.kind)).collect::<Vec<_>>();
    let (a, b) = (kinds(&generic), kinds(&pretty));
    let first_difference = a.iter().zip(&b).position(|(x, y)| x != y);
    assert!(
        a.len() == b.len() && first_difference.is_none(),
        "{} vs {} ops, first difference at {first_difference:?}",
        a.len(),
        b.len()
    );
    let input_shardings =
        |c: &autoshard::Config| c.program.inputs().iter().map(|i| i.sharding.clone()).collect::<Vec<_>>();
    assert_eq!(input_shardings(&generic), input_shardings(&pretty));
    let total =
        |c: &autoshard::Config| autoshard::solve(c).map(|s| s.plan.objective.total_s.0).map_err(|e| e.to_string());
    assert_eq!(total(&generic), total(&pretty));
}
