"""Partitioned MPMD modules from Python (fragments on the meshes of a topology,
transfers between them): read and priced by ``autoshard.load`` / ``parse`` as the
pipeline they state, run by ``autoshard.run_pipeline`` against their fragments
inlined, re-planned by ``autoshard.solve_pipeline`` (``solve``, ``cost`` and ``run``
refuse one)."""

import os

import pytest

import autoshard

TWO_STAGE = "cli/tests/data/mpmd/two_stage.mlir"
SMALL = {"tokens": 32, "d_model": 16, "vocab": 32}


@pytest.fixture
def pinned(root, tmp_path):
    """configs/pipeline_pinned.yaml (small), planned and written as an MPMD module."""
    config = autoshard.load(os.path.join(root, "configs/pipeline_pinned.yaml"), sizes=SMALL)
    plan = autoshard.solve_pipeline(config, time_limit=10)
    path = tmp_path / "pinned.mlir"
    path.write_text(plan.mpmd())
    return plan, path


def test_a_hand_written_two_stage_module_reads_prices_and_runs(root):
    path = os.path.join(root, TWO_STAGE)
    module = autoshard.load(path)
    assert isinstance(module, autoshard.PartitionedModule)
    assert module.name == "two_stage" and module.file == path
    assert module.meshes == [("m1", '<["x"=2]>'), ("m2", '<["x"=2]>')]
    assert module.stages == [("m1", ["layer1"]), ("m2", ["layer2"])]
    assert module.microbatches == 1 and module.fragment_count == 2
    assert module.schedule == "gpipe"
    ((value, source, target, size, time_s),) = module.transfers
    assert (source, target, size) == ("m1", "m2", 8 * 16 * 4) and time_s > 0
    assert module.step_s > time_s  # the transfer and both fragments, one after the other
    assert 0.0 <= module.bubble < 1.0
    assert list(module.peak_memory) == ["m1", "m2"] and all(b > 0 for b in module.peak_memory.values())
    assert module.hardware == "h100-sxm"
    report = module.report()
    assert "two_stage (partitioned module)" in report and "timeline" in report and "peak memory" in report
    run = autoshard.run_pipeline(module, seed=2)
    assert run.passed and run.max_rel_error <= run.tolerance
    assert run.step_s > 0 and 0.0 <= run.bubble < 1.0
    # The text reads the same; another preset prices it otherwise.
    text = open(path).read()
    assert autoshard.parse(text).stages == module.stages
    assert autoshard.load(path, hardware="cpu").step_s != module.step_s
    assert autoshard.run_pipeline(path).passed


def test_an_exported_pipeline_reads_back_as_the_plan_it_was(pinned):
    plan, path = pinned
    module = autoshard.load(path)
    assert isinstance(module, autoshard.PartitionedModule)
    assert module.stages == plan.stages
    assert [mesh for mesh, _ in module.meshes] == ["stage0", "stage1"]
    assert module.microbatches == plan.microbatches == 4
    assert module.schedule == plan.schedule
    assert module.fragment_count > 2 * plan.microbatches
    assert module.step_s > 0 and 0.0 <= module.bubble < 1.0
    assert set(module.peak_memory) == {"stage0", "stage1"} and min(module.peak_memory.values()) > 0
    assert len(module.transfers) >= plan.microbatches  # each microbatch's activations at least
    run = autoshard.run_pipeline(module, seed=3)
    assert run.passed and run.max_rel_error <= run.tolerance
    assert run.step_s > 0 and 0.0 <= run.bubble < 1.0
    assert "passed" in repr(run)
    # A pipelined config given to run_pipeline is planned first, then run.
    assert autoshard.run_pipeline(plan.config.with_options(time_limit=10), seed=3).passed


def test_a_partitioned_module_re_plans_to_a_module_that_reads_and_runs(root):
    path = os.path.join(root, TWO_STAGE)
    result = autoshard.solve_pipeline(path, time_limit=10)
    assert isinstance(result, autoshard.ReplannedModule)
    before, after = result.before, result.after
    assert isinstance(before, autoshard.PartitionedModule) and isinstance(after, autoshard.PartitionedModule)
    assert before.file == path and before.stages == [("m1", ["layer1"]), ("m2", ["layer2"])]
    assert after.step_s <= before.step_s
    assert result.planned_step_s > 0 and result.schedule in ("gpipe", "1f1b", "circular")
    if result.kept:
        assert result.module == open(path).read() and after.step_s == before.step_s
    else:
        assert result.planned_step_s == after.step_s < before.step_s
        assert [(units, mesh) for units, _, mesh, _, _ in result.stage_changes] == [("layer1", "m1"), ("layer2", "m2")]
    report = result.report()
    assert "re-planned  two_stage" in report and "step" in report and "assignment kept" in report
    assert "ReplannedModule" in repr(result)
    # The written module reads again, with the same stages, and runs verified.
    again = autoshard.parse(result.module)
    assert isinstance(again, autoshard.PartitionedModule)
    assert again.stages == before.stages and again.microbatches == before.microbatches
    assert autoshard.run_pipeline(again, seed=1).passed
    assert autoshard.run_pipeline(after, seed=1).passed
    # Its text and a loaded module re-plan the same way; another preset prices both.
    text = open(path).read()
    assert autoshard.solve_pipeline(text, time_limit=10).after.stages == after.stages
    on_cpu = autoshard.solve_pipeline(autoshard.load(path), hardware="cpu", time_limit=10)
    assert on_cpu.before.hardware == on_cpu.after.hardware == "cpu"
    assert on_cpu.after.step_s <= on_cpu.before.step_s
    with pytest.raises(autoshard.InputError, match="memory"):
        autoshard.solve_pipeline(path, memory="1GiB")


def test_the_single_mesh_entry_points_refuse_a_partitioned_module(root, pinned):
    _, path = pinned
    for source in (path, os.path.join(root, TWO_STAGE), autoshard.load(path)):
        for function in (autoshard.solve, autoshard.cost, autoshard.run):
            with pytest.raises(autoshard.PlanError, match="is not available; autoshard.solve_pipeline re-plans it"):
                function(source)
    with pytest.raises(autoshard.InputError, match="no sizes") as caught:
        autoshard.load(path, sizes={"tokens": 8})
    assert caught.value.line is None


def test_a_broken_module_is_an_input_error_at_its_line(root):
    text = open(os.path.join(root, TWO_STAGE)).read()
    # A transfer between tensors of different global types: Shardy's verifier.
    with pytest.raises(autoshard.InputError, match="global tensor types are different") as caught:
        autoshard.load(os.path.join(root, "cli/tests/data/mpmd/two_stage_bad_transfer.mlir"))
    assert caught.value.line == 18 and caught.value.file.endswith("two_stage_bad_transfer.mlir")
    assert caught.value.diagnostics[0][1] == 18
    # A syntax error.
    broken = text.replace("%t = mpmd.transfer %h", "%t = mpmd.transfer %h %h")
    line = 1 + text[: text.index("%t = mpmd.transfer")].count("\n")
    with pytest.raises(autoshard.InputError) as caught:
        autoshard.parse(broken, file="broken.mlir")
    assert (caught.value.file, caught.value.line) == ("broken.mlir", line)
    # A module that verifies but whose pipeline does not read: at the op's line.
    empty = text.replace("return %y : !m2_h", "%r = mpmd.reduce<add> : () -> !m2_h\n    return %r : !m2_h")
    with pytest.raises(autoshard.InputError, match="an mpmd.reduce of no values") as caught:
        autoshard.parse(empty, file="empty.mlir")
    assert (caught.value.file, caught.value.line, caught.value.column) == ("empty.mlir", 22, None)
    assert caught.value.diagnostics == (("empty.mlir", 22, 0, str(caught.value)),)
    with pytest.raises(autoshard.InputError, match="hardware"):
        autoshard.parse(text, hardware="no-such-gpu")
