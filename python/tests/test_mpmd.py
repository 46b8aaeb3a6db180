"""Partitioned MPMD modules from Python (fragments on the meshes of a topology,
transfers between them): read and priced by ``autoshard.load`` / ``parse`` as the
pipeline they state, run by ``autoshard.run_pipeline`` against their fragments
inlined; ``solve_pipeline`` refuses to re-plan one."""

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


def test_re_planning_a_partitioned_module_is_refused(root, pinned):
    _, path = pinned
    for source in (path, os.path.join(root, TWO_STAGE), autoshard.load(path)):
        with pytest.raises(autoshard.PlanError, match="re-planning it.*not available yet"):
            autoshard.solve_pipeline(source)
    with pytest.raises(autoshard.PlanError, match="not available yet"):
        autoshard.solve(path)
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
