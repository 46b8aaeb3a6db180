"""autoshard's functions over YAML configs and StableHLO modules."""

import json
import os

import pytest

import autoshard

BAD = """mesh: {axes: {x: 2}}
program:
  inputs:
    a: {shape: [4], dtype: f33}
  ops:
    - {name: b, op: tanh, operands: [a]}
  outputs: {b: {}}
"""


def test_solve_a_config_and_read_the_plan(root):
    plan = autoshard.solve(os.path.join(root, "configs/mlp.yaml"), time_limit=30)
    assert plan.solver.status == "optimal"
    assert plan.objective.total_s == pytest.approx(plan.objective.compute_s + plan.objective.communication_s)
    assert plan.objective.peak_memory_bytes > 0
    assert plan.value("w1").startswith("#sdy.sharding<@mesh, ")
    assert set(plan.values) >= {"x", "w1", "h", "y"}
    assert "solver: optimal" in plan.report()
    assert json.loads(plan.to_json())["objective"]["total_s"] == plan.objective.total_s
    assert "sdy.mesh @mesh" in plan.stablehlo
    assert "mesh.mesh @mesh(shape = 2x4)" in plan.mesh_dialect and "sdy." not in plan.mesh_dialect
    assert "in_shardings = (" in plan.jax_code()
    assert plan.config.name == "megatron-mlp"


def test_a_budget_changes_the_plan_and_too_small_a_budget_is_infeasible(root):
    path = os.path.join(root, "configs/mlp.yaml")
    roomy = autoshard.solve(path)
    tight = autoshard.solve(path, memory=roomy.objective.peak_memory_bytes // 2)
    assert tight.objective.peak_memory_bytes <= roomy.objective.peak_memory_bytes // 2
    assert tight.objective.total_s >= roomy.objective.total_s
    with pytest.raises(autoshard.InfeasibleError, match="budget"):
        autoshard.solve(path, memory="1MiB")


def test_cost_prices_annotations_and_plans(root):
    path = os.path.join(root, "configs/mlp.yaml")
    best = autoshard.solve(path)
    annotated = autoshard.cost(path)
    assert annotated.solver is None
    assert annotated.objective.total_s >= best.objective.total_s
    again = autoshard.cost(path, best.to_json())
    assert again.objective.total_s == pytest.approx(best.objective.total_s, rel=1e-12)
    assert autoshard.cost(path, best).values == best.values
    with pytest.raises(autoshard.PlanError):
        autoshard.cost(path, json.dumps({"program": "p", "values": [{"name": "nope", "sharding": "<@mesh, []>"}]}))


def test_run_verifies_on_the_cpu_mesh(root):
    config = autoshard.load(os.path.join(root, "configs/mlp.yaml"), sizes={"tokens": 32, "d_model": 16})
    plan = autoshard.solve(config)
    run = autoshard.run(plan, seed=3)
    assert run.passed and run.max_rel_error <= run.tolerance
    assert [name for name, _ in run.outputs] == config.outputs
    assert run.seed == 3


def test_a_stablehlo_module_reads_as_a_config(root):
    path = os.path.join(root, "stablehlo/tests/data/mlir/real/eqx_block.mlir")
    plan = autoshard.solve(path, time_limit=10)
    assert plan.config.op_count > 10
    assert autoshard.run(plan).passed
    text = open(path).read()
    assert autoshard.parse(text).op_count == plan.config.op_count


def test_errors_carry_file_line_and_column():
    with pytest.raises(autoshard.InputError) as caught:
        autoshard.parse(BAD, file="bad.yaml")
    error = caught.value
    assert (error.file, error.line, error.column) == ("bad.yaml", 4, 28)
    assert "unknown dtype 'f33'" in str(error)
    assert error.diagnostics[0] == ("bad.yaml", 4, 28, error.diagnostics[0][3])
    with pytest.raises(autoshard.InputError) as caught:
        autoshard.parse("module {\n  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = stablehlo.frobnicate %a : tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n")
    assert caught.value.line == 3 and caught.value.file == "<text>.mlir"
    with pytest.raises(OSError, match="missing.yaml"):
        autoshard.load("missing.yaml")
    with pytest.raises(autoshard.InputError, match="hardware"):
        autoshard.solve(BAD.replace("f33", "f32"), hardware="no-such-gpu")
    assert issubclass(autoshard.InfeasibleError, autoshard.AutoshardError)
    assert "h100-sxm" in autoshard.presets()
