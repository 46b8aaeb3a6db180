//! Modules written by the exporter read back as the program and plan they were
//! written from, and plans written as JAX name every sharding.

use crate::end_to_end::{self, Loaded};
use autoshard_model::ir::{InputSpec, OpSpec};
use autoshard_model::ops::{AllGather, AllToAll, DotGeneral, ReduceKind, ReduceScatter, ReplicaGroups};
use autoshard_model::ops::{BinaryOp, RngAlgorithm, RngBitGenerator, UnaryOp};
use autoshard_model::{Bytes, DType, OpKind, Program, ProgramBuilder, TensorSharding, TensorType, ValueId};
use autoshard_stablehlo::{export, import, jax};

/// The sharding rules of the ops of `program` that are not sharding constraints.
fn rules(program: &Program) -> Vec<String> {
    (program.ops_in_order().into_iter())
        .filter(|&id| !matches!(program.op(id).kind, autoshard_model::OpKind::ShardingConstraint(_)))
        .map(|id| {
            let rule = autoshard_model::rules::sharding_rule(program, id);
            format!("{} {}", program.op(id).kind.name(), rule.map_or("-".into(), |r| r.to_string()))
        })
        .collect()
}

/// A program built in code as a config writes it: named `name`, on `mesh` (as
/// `@mesh`), shardings in the short form (`[{"x"}, {}]`).
struct Fixture(ProgramBuilder);

impl Fixture {
    fn new(name: &str, mesh: &str) -> Self {
        Fixture(ProgramBuilder::new(name, "mesh", mesh.parse().unwrap()))
    }

    fn input(&mut self, name: &str, ty: TensorType, parameter: bool, sharding: Option<&str>) -> ValueId {
        let sharding = sharding.map(|s| TensorSharding::parse_with_default_mesh(s, "mesh").unwrap());
        self.0.add_input(InputSpec { name: name.into(), ty, parameter, sharding, loc: None }).unwrap()
    }

    fn op(&mut self, names: &[&str], kind: OpKind, operands: &[ValueId]) -> Vec<ValueId> {
        let result_names = names.iter().map(|&n| n.to_string()).collect();
        let spec = OpSpec { result_names, kind, operands: operands.to_vec(), result_shardings: vec![], loc: None };
        self.0.add_op(spec).unwrap_or_else(|e| panic!("{names:?}: {e}"))
    }

    fn output(mut self, outputs: &[(ValueId, Option<&str>)]) -> Program {
        for &(value, sharding) in outputs {
            let sharding = sharding.map(|s| TensorSharding::parse_with_default_mesh(s, "mesh").unwrap());
            self.0.add_output(value, sharding, None).unwrap();
        }
        self.0.finish().unwrap()
    }
}

/// `program` on the default hardware and the plan of its annotations.
fn priced(program: Program) -> (Loaded, autoshard_model::Plan) {
    let config = Loaded::from_program(program);
    let plan = end_to_end::price(&config).unwrap().plan;
    (config, plan)
}

#[test]
fn collectives_and_random_bits_read_back_as_the_same_ops() {
    let mut c = Fixture::new("c", r#"<["x"=2, "y"=2]>"#);
    let a = c.input("a", TensorType::new([4, 8], DType::F32), false, None);
    let state = c.input("state", TensorType::new([2], DType::U64), false, None);
    let pairs = || ReplicaGroups(vec![vec![0, 1], vec![2, 3]]);
    let gather = AllGather { all_gather_dim: 1, replica_groups: pairs(), channel_id: 1, use_global_device_ids: true };
    let g = c.op(&["g"], OpKind::AllGather(gather), &[a]);
    let to_all =
        AllToAll { split_dimension: 1, concat_dimension: 0, split_count: 2, replica_groups: pairs(), channel_id: 0 };
    let t = c.op(&["t"], OpKind::AllToAll(to_all), &g);
    let scatter = ReduceScatter {
        scatter_dimension: 1,
        kind: ReduceKind::Max,
        replica_groups: ReplicaGroups(vec![vec![0, 1, 2, 3]]),
        channel_id: 0,
        use_global_device_ids: false,
    };
    let r = c.op(&["r"], OpKind::ReduceScatter(scatter), &t);
    let rng = RngBitGenerator { algorithm: RngAlgorithm::ThreeFry, result: TensorType::new([4, 8], DType::U32) };
    let bits = c.op(&["next", "bits"], OpKind::RngBitGenerator(rng), &[state]);
    let (config, plan) = priced(c.output(&[(r[0], None), (bits[1], None)]));
    let module = export(&config.program, &plan).unwrap();
    for expected in [
        "use_global_device_ids",
        "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>",
        "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>",
        "rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>",
        "\"stablehlo.maximum\"",
    ] {
        assert!(module.contains(expected), "{expected} missing from\n{module}");
    }
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(rules(&again.program), rules(&config.program), "{module}");
}

#[test]
fn a_mesh_whose_name_is_no_bare_identifier_is_declared_as_the_shardings_name_it() {
    let source = r#"sdy.mesh @"my mesh" = <["x"=2]>
func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@"my mesh", [{"x"}, {}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.negate %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
"#;
    let config = Loaded::from_mlir("q.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let plan = end_to_end::price(&config).unwrap().plan;
    let module = export(&config.program, &plan).unwrap();
    assert!(module.contains("sdy.mesh @\"my mesh\" = "), "{module}");
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(again.program.mesh_name(), "my mesh");
}

/// A donated argument is written with the result that reuses its buffer, so XLA
/// aliases them, and reads back donated to the same result; the others are kept.
#[test]
fn donated_arguments_are_written_as_aliases() {
    let source = r#"sdy.mesh @mesh = <["x"=2]>
func.func @main(%w: tensor<4x8xf32> {jax.buffer_donor = true}, %x: tensor<4x8xf32>, %s: tensor<8xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<8xf32>, tensor<4x8xf32>) {
  %0 = stablehlo.add %w, %x : tensor<4x8xf32>
  %1 = stablehlo.negate %s : tensor<8xf32>
  return %1, %0 : tensor<8xf32>, tensor<4x8xf32>
}
"#;
    let config = Loaded::from_mlir("d.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let donated: Vec<_> = config.program.inputs().iter().map(|i| (i.donated, i.lives_throughout())).collect();
    assert_eq!(donated, [(Some(1), false), (None, true), (Some(0), false)]);
    let plan = end_to_end::price(&config).unwrap().plan;
    let module = export(&config.program, &plan).unwrap();
    assert_eq!(module.matches("tf.aliasing_output").count(), 2, "{module}");
    assert!(module.contains("tf.aliasing_output = 1 : i32}"), "{module}");
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    let back: Vec<_> = again.program.inputs().iter().map(|i| i.donated).collect();
    assert_eq!(back, [Some(1), None, Some(0)]);
}

/// `y = -x` on a 2 x 4 mesh, `x` of `rows` x 16 split by rows over both axes and
/// `y` returned as `out`; priced as annotated.
fn negate(rows: i64, out: &str) -> (Loaded, autoshard_model::Plan) {
    let mut c = Fixture::new("t", r#"<["data"=2, "model"=4]>"#);
    let x = c.input("x", TensorType::new([rows, 16], DType::F32), false, Some(r#"[{"data", "model"}, {}]"#));
    let y = c.op(&["y"], OpKind::Unary(UnaryOp::Negate), &[x]);
    priced(c.output(&[(y[0], Some(out))]))
}

#[test]
fn one_output_split_over_two_axes_is_one_named_sharding() {
    let (config, plan) = negate(64, r#"[{"data", "model"}, {}]"#);
    let text = jax::render(&config.program, &plan).unwrap();
    assert!(text.contains(r#"out_shardings = NamedSharding(mesh, P(("data", "model"), None))  # y"#), "{text}");
    assert!(
        text.contains("in_shardings = (\n    NamedSharding(mesh, P((\"data\", \"model\"), None)),  # x\n)"),
        "{text}"
    );
}

#[test]
fn a_boundary_jax_jit_refuses_is_an_error_naming_the_value() {
    // 100 rows over 8 devices: padded blocks of 13, which jax.jit does not take.
    let (config, plan) = negate(100, r#"[{}, {"model"}]"#);
    let err = jax::render(&config.program, &plan).unwrap_err().to_string();
    assert!(err.contains(r#"x"#) && err.contains("splits dimension 0 (100) into 8 shards"), "{err}");
    assert!(jax::boundary(&config.program, &plan).is_ok(), "the specs as data are still given");
}

#[test]
fn a_call_without_results_is_written_and_read_back() {
    // JAX lowers `jax.nn.silu` under `jax.checkpoint` with a call that returns nothing.
    let source = r#"func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  call @silu() : () -> ()
  %0 = stablehlo.negate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @silu() {
  return
}
"#;
    let config = Loaded::from_mlir("c.mlir", source).unwrap_or_else(|e| panic!("{e}"));
    let plan = end_to_end::price(&config).unwrap().plan;
    let module = export(&config.program, &plan).unwrap_or_else(|e| panic!("{e}"));
    assert!(module.contains("call @silu() : () -> ()"), "{module}");
    assert!(module.lines().any(|l| l.trim() == "return"), "{module}");
    let again = import("m.mlir", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    assert_eq!(rules(&again.program), rules(&config.program));
}

#[test]
fn a_module_lowered_for_a_mesh_runs_on_it_unless_it_declares_another() {
    let mesh: autoshard_model::Mesh = r#"<["data"=2, "model"=4]>"#.parse().unwrap();
    let bare = "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  return %x : tensor<8xf32>\n}\n";
    let module = autoshard_stablehlo::import_on("b.mlir", bare, Some(("mesh", &mesh))).unwrap();
    assert_eq!(module.program.mesh(), &mesh);
    let same = format!("sdy.mesh @mesh = {mesh}\n{bare}");
    assert_eq!(autoshard_stablehlo::import_on("s.mlir", &same, Some(("mesh", &mesh))).unwrap().program.mesh(), &mesh);
    let other = format!("sdy.mesh @mesh = <[\"flat\"=8]>\n{bare}");
    let err = autoshard_stablehlo::import_on("o.mlir", &other, Some(("mesh", &mesh))).unwrap_err().to_string();
    assert_eq!(
        err,
        r#"o.mlir:1:18: error: the module's mesh @mesh is <["flat"=8]>, but the mesh given is <["data"=2, "model"=4]>"#
    );
}

/// The program of the solver's `tests/data/solve/deferred_reduction.yaml`,
/// `y = (x @ w1 + r) @ w2` in bf16 with `x` split along its contracted dimension over
/// a 4-way axis, on the H100 preset with 160 MiB of device memory: its plan keeps the
/// first dot's partial sums through the add and the second dot.
fn deferred_reduction() -> Loaded {
    let mut c = Fixture::new("deferred-reduction", r#"<["model"=4]>"#);
    let bf16 = |shape: [i64; 2]| TensorType::new(shape, DType::BF16);
    let x = c.input("x", bf16([2048, 8192]), false, Some(r#"[{}, {"model"}]"#));
    let w1 = c.input("w1", bf16([8192, 8192]), true, None);
    let r = c.input("r", bf16([2048, 8192]), false, None);
    let w2 = c.input("w2", bf16([8192, 512]), true, None);
    let matmul = || {
        OpKind::DotGeneral(DotGeneral {
            lhs_contracting_dims: vec![1],
            rhs_contracting_dims: vec![0],
            ..Default::default()
        })
    };
    let h = c.op(&["h"], matmul(), &[x, w1])[0];
    let s = c.op(&["s"], OpKind::Binary(BinaryOp::Add), &[h, r])[0];
    let y = c.op(&["y"], matmul(), &[s, w2])[0];
    let mut config = Loaded::from_program(c.output(&[(y, Some("[{}, {}]"))]));
    config.hardware.device.memory = Bytes(160 << 20);
    config
}

#[test]
fn a_plan_with_partial_sums_is_written_as_jax_with_its_outputs_reduced() {
    let config = deferred_reduction();
    let plan = end_to_end::solve(&config).unwrap().plan;
    assert!(plan.values.iter().any(|v| !v.sharding.unreduced.is_empty()), "the plan defers a reduction");
    let text = jax::render(&config.program, &plan).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains(r#"# h holds partial sums over {"model"} here; the plan reduces them later"#), "{text}");
    assert!(text.contains("out_shardings = NamedSharding(mesh, P(None, None))  # y"), "{text}");
    let boundary = jax::boundary(&config.program, &plan).unwrap();
    assert_eq!(boundary.outputs.len(), 1);
    assert!(boundary.outputs[0].dims.iter().all(Vec::is_empty));
}
