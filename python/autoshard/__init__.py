"""autoshard: a declarative, solver-based auto-sharder.

autoshard decides how every tensor of a program is split across a device mesh by
minimising a communication + compute cost model under a memory budget, with an
exact optimisation, and proves the plan on a CPU mesh against the unsharded
program. This package is the Rust library, in process:

- :func:`load`, :func:`solve`, :func:`cost` and :func:`run` take a YAML config or a
  StableHLO module (a path, the text, or a :class:`Config`) and return a
  :class:`Plan` (or a :class:`Run`);
- :func:`solve_pipeline` and :func:`run_pipeline` plan a pipelined config across
  the meshes of its topology and run it (a :class:`PipelinePlan`, a
  :class:`PipelineRun`); :func:`load` reads a partitioned MPMD module as the
  pipeline it states, priced (a :class:`PartitionedModule`), which
  :func:`run_pipeline` runs and :func:`solve_pipeline` re-plans (a
  :class:`ReplannedModule`);
- :mod:`autoshard.jax` plans a JAX function (:func:`autoshard.jax.plan`) and
  compiles it with the whole plan applied (:func:`autoshard.jax.jit`).

Every failure is an :class:`AutoshardError`; bad input is an :class:`InputError`
carrying the ``file``, ``line`` and ``column`` of its first error.
"""

from __future__ import annotations

from . import _native
from ._api import load, parse, solve, cost, run, presets, solve_pipeline, run_pipeline
from ._native import (
    AutoshardError,
    Config,
    InfeasibleError,
    InputError,
    PartitionedModule,
    PipelinePlan,
    PipelineRun,
    PlanError,
    ReplannedModule,
    Run,
    RunError,
    SolverError,
    VerificationError,
)
from ._plan import Collective, Objective, Plan, SolverStats

__version__: str = _native.__version__

__all__ = [
    "AutoshardError",
    "Collective",
    "Config",
    "InfeasibleError",
    "InputError",
    "Objective",
    "PartitionedModule",
    "PipelinePlan",
    "PipelineRun",
    "Plan",
    "PlanError",
    "ReplannedModule",
    "Run",
    "RunError",
    "SolverError",
    "SolverStats",
    "VerificationError",
    "cost",
    "load",
    "parse",
    "presets",
    "run",
    "run_pipeline",
    "solve",
    "solve_pipeline",
]
