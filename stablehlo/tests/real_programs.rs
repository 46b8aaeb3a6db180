//! The corpus of real programs: flax (nnx and linen), optax and equinox programs as
//! `scripts/jax/real_programs.py` lowers them (`tests/data/mlir/real/`, JAX 0.10.2),
//! on a 2x4 `("data", "model")` mesh with only the batch pinned. Each program read
//! must solve optimally, run sharded equal to the reference, and keep every donated
//! argument's sharding on the result that reuses its buffer. Each one not read yet
//! must fail at the construct it lacks, located and named, until it is read. One is
//! also kept in MLIR's generic form, which must read as the same program.

const DIR: &str = "tests/data/mlir/real";

/// The programs autoshard reads, solves and runs.
const READ: [&str; 6] =
    ["nnx_gpt_forward", "nnx_gpt_adamw_step", "eqx_block", "linen_convnet_forward", "moe_top2", "argmax_cross_entropy"];

/// The programs it does not read yet, and the start of their error after `FILE:`.
const NOT_YET: [(&str, &str); 3] = [
    ("linen_scan_forward", "8:38: error: expected a value, found '=' (in op 'stablehlo.while')"),
    ("linen_scan_adamw_step", "92:39: error: expected a value, found '=' (in op 'stablehlo.while')"),
    ("loops_cond_remat", "6:37: error: expected a value, found '=' (in op 'stablehlo.while')"),
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
    // The training step donates every parameter and optimiser state: all are tied.
    let step = load("nnx_gpt_adamw_step").unwrap_or_else(|e| panic!("{e}"));
    assert!(step.program.sharding_groups().len() >= 100, "{}", step.program.sharding_groups().len());
}

#[test]
fn real_programs_not_read_yet_name_the_construct() {
    for (name, want) in NOT_YET {
        let got = load(name).map(|_| ()).unwrap_err();
        let want = format!("{DIR}/{name}.mlir:{want}");
        assert!(got.starts_with(&want), "{name}: {got}");
    }
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
