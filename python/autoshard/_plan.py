"""The :class:`Plan`: a native plan with its JSON read into Python objects."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from . import _native


@dataclass(frozen=True)
class Objective:
    """What a plan costs on one device: ``total_s`` (compute plus communication),
    ``compute_s`` (the ops' roofline time) and ``communication_s`` (the
    collectives'), in seconds, and ``peak_memory_bytes``, the peak of the bytes live
    on one device."""

    total_s: float
    compute_s: float
    communication_s: float
    peak_memory_bytes: int


@dataclass(frozen=True)
class Collective:
    """One collective the plan runs: its ``kind`` (``all_gather``, ``all_reduce``,
    ...), the collective in Shardy's syntax (``text``), the ``value`` it applies to,
    the ``op`` it serves (``None``: a program output), the ``bytes`` its formula
    counts per device and its time (``time_s``)."""

    kind: str
    text: str
    value: str
    op: str | None
    bytes: int
    time_s: float


@dataclass(frozen=True)
class SolverStats:
    """How a plan was found: ``status`` (``optimal``, or ``feasible`` when the time
    limit ran out: the best plan found), the best lower ``bound`` on the total in
    seconds and the relative ``gap`` to it, the solve's wall time ``time_s``, the
    ILP's ``variables`` and ``constraints``, and the branch-and-bound ``nodes``."""

    status: str
    bound: float | None
    gap: float | None
    time_s: float
    variables: int
    constraints: int
    nodes: int


class Plan:
    """A sharding plan: every value's sharding, every op's strategy, the
    collectives, the objective and the solver's statistics, for its :attr:`config`.

    :func:`autoshard.solve` and :func:`autoshard.cost` return one;
    :func:`autoshard.jax.plan` returns a :class:`autoshard.jax.JaxPlan`, which adds
    the shardings as ``NamedSharding`` pytrees.

    Attributes: ``objective`` (an :class:`Objective`), ``collectives`` (a list of
    :class:`Collective`), ``dropped_preferences`` (dicts: the preference and why),
    ``solver`` (:class:`SolverStats`, ``None`` for a priced plan) and ``values``
    (every value's sharding in Shardy's text form, by name).
    """

    def __init__(self, native: _native.Plan):
        self._native = native
        data: dict[str, Any] = json.loads(native.to_json())
        self.objective = Objective(**data["objective"])
        self.collectives = [
            Collective(c["kind"], c["text"], c["value"], c.get("op"), c["bytes"], c["time_s"])
            for c in data["collectives"]
        ]
        #: Preferences (``pN`` annotations) the plan does not honour, with the reason.
        self.dropped_preferences: list[dict[str, Any]] = data["dropped_preferences"]
        stats = data.get("solver")
        self.solver = SolverStats(**stats) if stats else None
        #: Every value's sharding in Shardy's text form, by name, in program order.
        self.values: dict[str, str] = {v["name"]: v["sharding"] for v in data["values"]}

    @property
    def config(self) -> _native.Config:
        """The config the plan is for."""
        return self._native.config

    def value(self, name: str) -> str | None:
        """The sharding of value ``name`` (Shardy's text form), or ``None``."""
        return self.values.get(name)

    def report(self, detail: bool = False) -> str:
        """The text report ``autoshard solve`` prints: a summary of one screen (the
        inputs and outputs with their shardings, grouped where names differ only by
        a layer index; the collectives per step by kind, bytes and time, and the
        costliest with their source line; the step time, the peak memory per device
        and how the solver found the plan) and the dropped preferences; with
        ``detail``, every op's compute and strategy, every collective and every
        value's sharding with its device grid (``autoshard solve --detail``)."""
        return self._native.report(None, detail)

    def to_json(self) -> str:
        """The plan as JSON (``autoshard solve --format json``), which
        :func:`autoshard.cost` reads back."""
        return self._native.to_json()

    @property
    def stablehlo(self) -> str:
        """The program as a StableHLO module whose Shardy shardings fix the plan:
        every argument, result and intermediate value. Raises :class:`PlanError`
        when an op has no StableHLO form."""
        return self._native.stablehlo()

    @property
    def mesh_dialect(self) -> str:
        """The same module with its shardings in MLIR's ``mesh`` dialect:
        ``mesh.mesh``, and a ``mesh.sharding`` with a ``mesh.shard`` on every argument
        and value (``autoshard solve --format mesh``). Raises :class:`PlanError`
        when the plan has no such form (a manual computation, a sub-axis)."""
        return self._native.mesh_dialect()

    def jax_code(self) -> str:
        """The plan as JAX code to read: the mesh, a ``NamedSharding`` per input and
        output and a ``with_sharding_constraint`` line per intermediate value."""
        return self._native.jax_code()

    def __repr__(self) -> str:
        o = self.objective
        status = self.solver.status if self.solver else "priced"
        return (
            f"<{type(self).__name__} {self.config.name!r}: total {o.total_s * 1e6:.1f}us "
            f"(compute {o.compute_s * 1e6:.1f}us, communication {o.communication_s * 1e6:.1f}us), "
            f"peak {o.peak_memory_bytes / 2**20:.1f}MiB, {status}>"
        )
