"""Pipelines across meshes from Python: a pipelined config planned across its
topology's meshes, run on the CPU mesh against the reference, and written as an
MPMD module."""

import os

import pytest

import autoshard


def test_a_pinned_pipeline_plans_runs_and_exports(root):
    path = os.path.join(root, "configs/pipeline_pinned.yaml")
    config = autoshard.load(path, sizes={"tokens": 32, "d_model": 16, "vocab": 32})
    plan = autoshard.solve_pipeline(config, time_limit=10)
    # The pins hold: the first three blocks on stage0.
    assert plan.stages[0] == ("stage0", ["layer0", "layer1", "layer2"])
    assert [mesh for mesh, _ in plan.stages] == ["stage0", "stage1"]
    assert plan.schedule in ("gpipe", "1f1b", "circular")
    assert plan.microbatches == 4
    assert 0 < plan.bound_s <= plan.step_s * (1 + 1e-9) or plan.gap == 0
    assert 0.0 <= plan.bubble < 1.0
    assert plan.spmd_step_s is not None and plan.spmd_step_s > 0
    assert "timeline" in plan.report()
    assert "mpmd.fragment_call" in plan.mpmd()
    run = autoshard.run_pipeline(plan, seed=3)
    assert run.passed and run.max_rel_error <= run.tolerance
    assert run.step_s > 0 and 0.0 <= run.bubble < 1.0
    assert "passed" in repr(run)


def test_a_pipeline_read_from_mpmd_modules(root):
    plan = autoshard.solve_pipeline(os.path.join(root, "configs/pipeline_jax.yaml"), time_limit=10)
    units = [u for _, stage in plan.stages for u in stage]
    assert units == ["block0", "block1", "block2", "block3", "head"]
    assert autoshard.run_pipeline(plan).passed


def test_a_config_without_a_pipeline_is_refused(root):
    with pytest.raises(autoshard.PlanError, match="pipeline"):
        autoshard.solve_pipeline(os.path.join(root, "configs/mlp.yaml"))
