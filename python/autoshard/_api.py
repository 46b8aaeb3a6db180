"""The package's functions over configs: read, solve, price, run; and pipelines,
planned from configs or read from partitioned MPMD modules."""

from __future__ import annotations

import os
from typing import Mapping, Sequence, Union

from . import _native
from ._native import (
    Config,
    InputError,
    PartitionedModule,
    PipelinePlan,
    PipelineRun,
    PlanError,
    ReplannedModule,
    Run,
)
from ._plan import Plan

#: What the functions take as a program: a :class:`Config`, a path to a config
#: (``.yaml``) or module (``.mlir``), or the text of either.
Source = Union[Config, str, "os.PathLike[str]"]


def load(
    path: "str | os.PathLike[str]",
    *,
    sizes: Mapping[str, int] | None = None,
    hardware: str | None = None,
) -> "Config | PartitionedModule":
    """Reads the config (``.yaml``) or StableHLO module (``.mlir``) at ``path``.

    A partitioned MPMD module (Shardy's ``mpmd`` dialect after MPMD partitioning:
    fragments on the meshes of a topology, transfers between them) is read as the
    pipeline it states and priced: a :class:`PartitionedModule`, which
    :func:`run_pipeline` runs.

    ``sizes`` overrides some of a config's ``sizes:`` (``{"batch": 64}``; a module
    has none). ``hardware`` names a preset (:func:`presets`): a config's hardware, or
    that of every mesh of a partitioned module (default: the default preset). Raises
    :class:`InputError` (with ``file``, ``line``, ``column``) when it is not valid,
    ``OSError`` when it cannot be read.
    """
    path = os.fspath(path)
    text = _partitioned_text(path)
    if text is not None:
        if sizes:
            raise _input_error(f"sizes: {path} is a partitioned MPMD module, which has no sizes")
        return _native.parse_mpmd(text, path, hardware)
    config = _native.load(path, list(sizes.items()) if sizes else None)
    return config.with_options(hardware=hardware) if hardware is not None else config


def parse(text: str, *, file: str | None = None, hardware: str | None = None) -> "Config | PartitionedModule":
    """Reads config text (YAML) or a StableHLO module's text, naming it ``file`` in
    errors. Without ``file``, text that starts as a module (``module``) is read as
    one (``<text>.mlir``), anything else as a config (``<text>.yaml``). A partitioned
    MPMD module's text is read as :func:`load` reads its file (a
    :class:`PartitionedModule`); ``hardware`` is as for :func:`load`."""
    if (file is None or file.endswith(".mlir")) and _native.is_partitioned_mpmd(text):
        return _native.parse_mpmd(text, file or "<text>.mlir", hardware)
    if file is None:
        file = "<text>.mlir" if _looks_like_module(text) else "<text>.yaml"
    config = _native.parse(text, file)
    return config.with_options(hardware=hardware) if hardware is not None else config


def presets() -> list[str]:
    """The names of the hardware presets (``hardware=``)."""
    return _native.presets()


def solve(
    source: Source,
    *,
    hardware: str | None = None,
    memory: "int | str | None" = None,
    time_limit: float | None = None,
    threads: int | None = None,
    gap: float | None = None,
    carry: Sequence[tuple[str, str]] = (),
) -> Plan:
    """The cheapest plan for ``source`` under its pins, sharding groups, barriers and
    memory budget: proven optimal unless ``time_limit`` (seconds) runs out first,
    then the best plan found with its bound.

    ``hardware`` names a preset (:func:`presets`), ``memory`` is the budget per device
    (bytes, or a size such as ``"16GiB"``), ``threads`` the solver's parallel
    searches, ``gap`` the relative gap to stop at, and each ``carry`` pair ties an
    input to an output (names or positions) as a training step's state is carried.
    Raises :class:`InfeasibleError` when no plan fits, :class:`SolverError` when the
    solver stops without one.
    """
    config = _configured(source, hardware, memory, time_limit, threads, gap, "solve")
    for input, output in carry:
        config = config.carry(str(input), str(output))
    return Plan(_native.solve(config))


def cost(
    source: Source,
    plan: "Plan | str | None" = None,
    *,
    hardware: str | None = None,
    memory: "int | str | None" = None,
) -> Plan:
    """Prices ``plan`` (a :class:`Plan`, or a plan's JSON as ``Plan.to_json`` or
    ``autoshard solve --format json`` writes it) for ``source``, every choice it
    leaves open made the cheapest local way; without a plan, prices the source's own
    annotations: what a hand-written sharding costs. Raises :class:`PlanError` when
    the plan does not fit the program."""
    config = _configured(source, hardware, memory, None, None, None, "cost")
    given = plan._native if isinstance(plan, Plan) else plan
    return Plan(_native.cost(config, given))


def run(what: "Plan | Source", *, seed: int = 0, verify: bool = True) -> Run:
    """Runs a plan on the CPU mesh, one thread per device, on random inputs drawn
    from ``seed``, and the unsharded reference on the same inputs, comparing every
    output. ``what`` is a :class:`Plan`, or a source to :func:`solve` first. With
    ``verify`` a mismatch raises :class:`VerificationError`; the returned
    :class:`Run` says how close each output came and how long both runs took."""
    plan = what if isinstance(what, Plan) else solve(what)
    return _native.run(plan.config, plan._native, seed, verify)


def solve_pipeline(
    source: "Source | PartitionedModule",
    *,
    hardware: str | None = None,
    memory: "int | str | None" = None,
    time_limit: float | None = None,
) -> "PipelinePlan | ReplannedModule":
    """Plans a pipelined config (one with ``topology:`` and ``pipeline:`` sections)
    across its meshes: each unit's mesh, each mesh's plan and the schedule together,
    with the pure-SPMD plan on all devices solved beside it for comparison
    (docs/pipelines.md). ``hardware``, ``memory`` and ``time_limit`` are as for
    :func:`solve`. Raises :class:`PlanError` for a config without a pipeline,
    :class:`InfeasibleError` when no split fits the meshes and the pins.

    A partitioned MPMD module (a path, its text or a :class:`PartitionedModule`) is
    re-planned, as ``autoshard solve FILE.mlir`` does: each stage kept on its mesh,
    the solver chooses every fragment's shardings, the transfers' and the schedule,
    and the module is written again; when that module does not predict a shorter
    step, the given one is kept. Returns a :class:`ReplannedModule`. ``hardware``
    prices both (default: the module's preset), ``memory`` does not apply (an
    :class:`InputError`). Raises :class:`PlanError` when the module does not fit the
    pipelined step it is rebuilt as (the message says why)."""
    loaded = _load_source(source)
    if isinstance(loaded, PartitionedModule):
        if memory is not None:
            raise _input_error("memory: re-planning a partitioned MPMD module takes no memory budget")
        return _native.replan_mpmd(loaded, hardware, time_limit)
    config = _configured(loaded, hardware, memory, time_limit, None, None, "solve_pipeline")
    return _native.solve_pipeline(config)


def run_pipeline(
    what: "PipelinePlan | PartitionedModule | Source", *, seed: int = 0, verify: bool = True
) -> PipelineRun:
    """Runs a pipeline on the CPU mesh, one thread per mesh running its fragments in
    order, on random inputs drawn from ``seed``, and the unsharded reference on the
    same inputs, comparing every output. ``what`` is a :class:`PipelinePlan` (its
    schedule's order; the reference at the full batch), a
    :class:`PartitionedModule` (the module's own order; the reference is its
    fragments inlined), or a source: a partitioned module's path or text is read by
    :func:`load`, a pipelined config planned by :func:`solve_pipeline` first. With
    ``verify`` a mismatch raises :class:`VerificationError`; the returned
    :class:`PipelineRun` has the measured step and bubble."""
    if not isinstance(what, (PipelinePlan, PartitionedModule)):
        loaded = _load_source(what)
        what = loaded if isinstance(loaded, PartitionedModule) else _native.solve_pipeline(loaded)
    if isinstance(what, PartitionedModule):
        return _native.run_mpmd(what, seed, verify)
    return _native.run_pipeline(what, seed, verify)


def _load_source(source: "Source | PartitionedModule") -> "Config | PartitionedModule":
    if isinstance(source, (Config, PartitionedModule)):
        return source
    if isinstance(source, os.PathLike):
        return load(source)
    if not isinstance(source, str):
        raise TypeError(f"expected a Config, a path or config text, got {type(source).__name__}")
    # A path: an existing file, or one named like a config or module (missing, it is
    # an OSError naming it); anything else is text.
    if "\n" not in source and (os.path.exists(source) or source.endswith((".yaml", ".yml", ".mlir"))):
        return load(source)
    return parse(source)


def _config(source: "Source | PartitionedModule", function: str) -> Config:
    loaded = _load_source(source)
    if isinstance(loaded, PartitionedModule):
        raise PlanError(
            f"{loaded.file}: a partitioned MPMD module is a pipeline already: {function} of one "
            "is not available; autoshard.solve_pipeline re-plans it, autoshard.load prices it as it "
            "stands and autoshard.run_pipeline runs it"
        )
    return loaded


def _configured(source, hardware, memory, time_limit, threads, gap, function) -> Config:
    config = _config(source, function)
    if any(v is not None for v in (hardware, memory, time_limit, threads, gap)):
        config = config.with_options(
            hardware=hardware, memory=memory, time_limit=time_limit, threads=threads, gap=gap
        )
    return config


def _partitioned_text(path: str) -> str | None:
    """The text of the module at ``path`` if it is a partitioned MPMD module."""
    if not path.endswith(".mlir") or not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return text if _native.is_partitioned_mpmd(text) else None


def _input_error(message: str) -> InputError:
    """An :class:`InputError` without a place (an option's value)."""
    error = InputError(message)
    error.file = error.line = error.column = None
    error.diagnostics = ()
    return error


def _looks_like_module(text: str) -> bool:
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("//"):
            return line.startswith(("module", "func.func", "sdy.mesh"))
    return False
