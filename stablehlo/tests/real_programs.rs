//! The corpus of real programs: flax (nnx and linen), optax and equinox programs as
//! `scripts/jax/real_programs.py` lowers them (`tests/data/mlir/real/`, JAX 0.10.2),
//! on a 2x4 `("data", "model")` mesh with only the batch pinned (the U-Net's one
//! image: its rows; ViT's 65 tokens and 100 classes; RoPE tables and a causal mask
//! closed over, read from hex-string literals). Each program must
//! solve optimally, run sharded equal to the reference, and keep every donated
//! argument's sharding on the result that reuses its buffer. One is also kept in
//! MLIR's generic form, which must read as the same program.

use crate::end_to_end::{self, Loaded};
use autoshard_model::{OpKind, PlannedCollective};

const DIR: &str = "tests/data/mlir/real";

/// The programs of the corpus.
const READ: [&str; 15] = [
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
    "shard_map_axis_index",
    "token_shift_mix",
    "linen_vit_adamw_step",
    "rope_table_adamw_step",
];

fn load(name: &str) -> Result<Loaded, String> {
    let path = format!("{DIR}/{name}.mlir");
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    Loaded::from_mlir(&path, &source).map_err(|e| e.to_string())
}

#[test]
fn real_programs_solve_run_and_keep_donated_shardings() {
    for name in READ {
        let config = load(name).unwrap_or_else(|e| panic!("{e}"));
        let solved = end_to_end::solve(&config).unwrap_or_else(|e| panic!("{name}: {e}"));
        let status = solved.plan.solver.as_ref().map(|s| s.status.clone());
        assert_eq!(status.as_deref(), Some("optimal"), "{name}");
        let run = end_to_end::run(&config, &solved, 5).unwrap_or_else(|e| panic!("{name}: {e}"));
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
    let solved = end_to_end::solve(&config).unwrap_or_else(|e| panic!("{e}"));
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
    let kinds = |c: &Loaded| c.program.ops().iter().map(|op| format!("{:?}", op.kind)).collect::<Vec<_>>();
    let (a, b) = (kinds(&generic), kinds(&pretty));
    let first_difference = a.iter().zip(&b).position(|(x, y)| x != y);
    assert!(
        a.len() == b.len() && first_difference.is_none(),
        "{} vs {} ops, first difference at {first_difference:?}",
        a.len(),
        b.len()
    );
    let input_shardings = |c: &Loaded| c.program.inputs().iter().map(|i| i.sharding.clone()).collect::<Vec<_>>();
    assert_eq!(input_shardings(&generic), input_shardings(&pretty));
    let total = |c: &Loaded| end_to_end::solve(c).map(|s| s.plan.objective.total_s.0).map_err(|e| e.to_string());
    assert_eq!(total(&generic), total(&pretty));
}

/// JAX's `lax.axis_index` in a shard_map body lowers to `stablehlo.partition_id`
/// and arithmetic on it: in the vocabulary-parallel embedding, each device finds its
/// 64 rows of the 256-row table by its index along "model". With every row holding
/// its own number and ids over the whole table, each id must come back as its row,
/// from the reference and from the sharded run, which only holds if every device
/// reads its own id.
#[test]
fn axis_index_gives_each_device_its_own_rows() {
    use autoshard_executor::{Limits, Tensor, interpret, run, schedule};
    let config = load("shard_map_axis_index").unwrap_or_else(|e| panic!("{e}"));
    let program = &config.program;
    let table = Tensor::from_fn(&[256, 64], |i| i[0] as f32);
    let ids = Tensor::from_fn(&[8, 16], |i| ((i[0] * 16 + i[1]) * 37 % 256) as f32);
    let want = Tensor::from_fn(&[8, 16, 64], |i| ((i[0] * 16 + i[1]) * 37 % 256) as f32);
    let inputs = [table, ids];
    let reference = interpret(program, &inputs).unwrap();
    assert_eq!(reference.value(program.outputs()[0].value), Some(&want));
    let solved = end_to_end::solve(&config).unwrap();
    let planner = autoshard_cost::Pricing::new(&config.program, &config.hardware);
    let schedule = schedule(program, &solved.decisions, &planner).unwrap();
    let sharded = run(program, &schedule, &inputs, Limits::default()).unwrap();
    assert_eq!(sharded.outputs[0], want);
}

/// `partition_id` has one value per device, so it is read only where every device
/// runs its own instance: in the body of a manual computation over every axis.
#[test]
fn partition_id_outside_a_manual_computation_over_every_axis_is_refused() {
    let body =
        "%p = stablehlo.partition_id : tensor<ui32>\n    %c = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>";
    let outside = format!(
        "module {{\n  sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n  func.func @main() -> tensor<f32> {{\n    {body}\n    \
         return %c : tensor<f32>\n  }}\n}}\n"
    );
    let partial = format!(
        "module {{\n  sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {{\n    \
         %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{{\"x\"}}]>] out_shardings=[<@mesh, [{{\"x\"}}]>] \
         manual_axes={{\"x\"}} (%b: tensor<2xf32>) {{\n    {body}\n    \
         %d = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<2xf32>\n    \
         sdy.return %d : tensor<2xf32>\n    }} : (tensor<4xf32>) -> tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }}\n}}\n"
    );
    for (name, source, (line, place)) in [
        ("outside.mlir", outside, (4, "it is outside any manual computation")),
        ("partial.mlir", partial, (5, "it is in a manual computation that leaves axes [\"y\"] free")),
    ] {
        let message = Loaded::from_mlir(name, &source).unwrap_err().to_string();
        let want = format!("partition_id \"%p\" gives each device its own id, but {place}");
        assert!(message.contains(&want) && message.starts_with(&format!("{name}:{line}:")), "{message}");
    }
}

/// RWKV's token shift (`jnp.pad` by one token, then `[:, :-1]`) on a sequence split
/// over "model" (context parallelism, as pinned): the pad and the slice run with
/// halo exchange, each moving the tokens that cross a block boundary (a row of 64
/// f32 per sequence of the device's batch), not the sequence.
#[test]
fn a_token_shift_moves_the_tokens_at_block_boundaries() {
    let config = load("token_shift_mix").unwrap_or_else(|e| panic!("{e}"));
    let solved = end_to_end::solve(&config).unwrap();
    let texts: Vec<String> = solved.plan.collectives.iter().map(|c| format!("{} {}", c.bytes.0, c.text)).collect();
    assert!(!texts.is_empty(), "the shift moves some tokens");
    for c in &solved.plan.collectives {
        assert_eq!(c.text.kind().to_string(), "collective_permute", "{texts:?}");
        // At most the device's 4 sequences times 3 tokens of 64 f32.
        assert!(c.bytes.0 <= 4 * 3 * 64 * 4, "{texts:?}");
    }
    let run = end_to_end::run(&config, &solved, 0).unwrap();
    assert!(run.verification.passed, "{:?}", run.verification);
}
