"""XLA as ground truth: autoshard's predictions beside what XLA's CPU backend does.

    scripts/jax/run fidelity.py [--only NAME ...] [--reps N] [--time-limit S] [--json FILE]

For each program of the corpus (``real_programs.py``'s and ``solver_programs.py``'s
training steps and forward passes, on the 2x4 ``("data", "model")`` mesh of 8 host
CPU devices, the batch pinned as they lower it) it compiles a set of plans with XLA
and records, beside autoshard's prediction (``--hardware``, default ``xla-cpu``: XLA's
CPU backend as ``calibrate_xla.py`` measured it), XLA's step time
(median of ``--reps`` runs, inputs placed before each) and its memory per device
(``memory_analysis()``: argument + output + temp - alias). The plans:

- ``autoshard``: the solved plan; ``budget``: the plan solved under a budget halfway
  from the leanest plan's predicted peak to that plan's (skipped when none is found); both compiled from the
  exported module, every intermediate sharding fixed (``autoshard.jax.jit``);
- ``h100-sxm``, ``cpu``: the plans autoshard makes for other hardware (other
  trade-offs between compute, collectives and memory), compiled the same way and
  predicted as ``--hardware`` prices them;
- ``dp``, ``fsdp``, ``tp``, ``2d``: hand shardings of the arguments (data parallel:
  everything else replicated; FSDP: each state leaf's largest dimension that divides
  split over both axes; Megatron-style TP: each matrix's last dimension that divides
  over ``model``; 2-D: TP over ``model`` and FSDP's split of another dimension over
  ``data``), each measured twice: as a user compiles it (``jax.jit`` with those
  ``in_shardings``, XLA propagating the rest: the "hand" columns) and completed by
  autoshard under those pins (its module compiled: the plan whose prediction is
  compared).

Per program it prints the plans and a summary: the autoshard plan's memory over
XLA's, Spearman's rho between predicted and XLA-measured time over the plans
autoshard compiled, the autoshard plan's XLA time over the best hand plan's, and
the count of XLA's "Involuntary full rematerialization" warnings (its partitioner
gathering a tensor whole because it cannot perform a reshard as asked).
``--json`` writes every figure. Figures: docs/benchmarks.md, "Fidelity to XLA".
"""

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time

_FLAG = "--xla_force_host_platform_device_count"
if _FLAG not in os.environ.get("XLA_FLAGS", ""):  # must happen before jax starts
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {_FLAG}=8".strip()

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import autoshard  # noqa: E402
import autoshard.jax as aj  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_programs  # noqa: E402
import solver_programs  # noqa: E402

HAND = ("dp", "fsdp", "tp", "2d")
OTHER_PRESETS = ("h100-sxm", "cpu")
REMAT = "Involuntary full rematerialization"


def corpus(only):
    """``{name: (fn, args, pinned, donate)}``: the real corpus (seeded inputs) and
    the seven training steps."""
    real = {**real_programs.nnx_programs(), **real_programs.linen_programs(), **real_programs.other_programs(),
            **real_programs.unet_programs(), **real_programs.vit_and_table_programs()}
    programs = {name: (fn, real_programs.concrete(args, 0), pinned, donate)
                for name, (fn, args, pinned, donate) in real.items() if not only or name in only}
    wanted = [n for n in solver_programs.BUILDERS if not only or n in only]
    if wanted:
        programs.update(solver_programs.programs(wanted))
    return programs


def split(shape, sizes, skip=None):
    """The largest dimension of ``shape`` (other than ``skip``) that ``sizes``
    divides, or None."""
    fits = [d for d in range(len(shape)) if d != skip and shape[d] % sizes == 0 and shape[d] >= sizes]
    return max(fits, key=lambda d: (shape[d], d)) if fits else None


def hand_spec(kind, shape):
    """A state leaf's ``PartitionSpec`` under hand sharding ``kind``."""
    dims = [None] * len(shape)
    if kind == "fsdp":
        d = split(shape, 8)
        if d is not None:
            dims[d] = ("data", "model")
    if kind in ("tp", "2d") and len(shape) >= 2:
        d = next((d for d in (len(shape) - 1, len(shape) - 2) if shape[d] % 4 == 0), None)
        if d is not None:
            dims[d] = "model"
        if kind == "2d":
            e = split(shape, 2, skip=d)
            if e is not None:
                dims[e] = "data"
    return P(*dims)


def hand_pins(kind, mesh, args, pinned):
    """``in_shardings`` of the hand plan ``kind``: the program's own pins, every
    other argument's leaves by ``hand_spec``."""
    def pins(i, arg):
        if i in pinned:
            return jax.tree.map(lambda _: NamedSharding(mesh, pinned[i]), arg)
        return jax.tree.map(lambda x: NamedSharding(mesh, hand_spec(kind, np.shape(x))), arg)

    return tuple(pins(i, a) for i, a in enumerate(args))


@contextlib.contextmanager
def captured_stderr():
    """The process's stderr (file descriptor 2, where XLA logs) into a list of lines."""
    lines = []
    with tempfile.TemporaryFile(mode="w+") as tmp:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(tmp.fileno(), 2)
        try:
            yield lines
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            lines.extend(tmp.read().splitlines())


def measure(compiled, args, reps):
    """XLA's memory per device and median step time of ``compiled`` on ``args``."""
    memory = aj.xla_memory(compiled)
    shardings = compiled.input_shardings[0]
    times = []
    for r in range(reps + 1):
        placed = jax.block_until_ready(jax.device_put(list(args), list(shardings)))
        started = time.perf_counter()
        jax.block_until_ready(compiled(*placed))
        if r:  # the first run warms up
            times.append(time.perf_counter() - started)
    return statistics.median(times), memory


def autoshard_row(fn, args, mesh, pins, donate, opts, memory=None, preset=None):
    """A plan solved (under ``pins``; priced by ``preset``, default ``--hardware``),
    compiled from its module and measured; predicted as ``--hardware`` prices it."""
    planned = aj.jit(fn, mesh=mesh, in_shardings=pins, donate_argnums=donate, hardware=preset or opts.hardware,
                     memory=memory, time_limit=opts.time_limit)
    with captured_stderr() as log:
        compiled = planned.compiled_for(*args)
    plan = planned.plan_for(*args)
    if preset and preset != opts.hardware:
        plan = autoshard.cost(plan.config, plan, hardware=opts.hardware)
    seconds, memory_bytes = measure(compiled, args, opts.reps)
    return {
        "predicted_s": plan.objective.total_s, "predicted_bytes": plan.objective.peak_memory_bytes,
        "xla_s": seconds, "xla_bytes": memory_bytes, "status": plan.solver.status if plan.solver else "priced",
        "remat": sum(REMAT in line for line in log),
    }


def hand_row(fn, args, pins, donate, opts):
    """A hand sharding as a user compiles it: XLA propagates the rest."""
    with captured_stderr() as log:
        compiled = jax.jit(fn, in_shardings=pins, donate_argnums=donate, keep_unused=True).lower(*args).compile()
    seconds, memory_bytes = measure(compiled, args, opts.reps)
    return {"xla_s": seconds, "xla_bytes": memory_bytes, "remat": sum(REMAT in line for line in log)}


def spearman(xs, ys):
    """Spearman's rank correlation (ties at their mean rank); None under 3 points."""
    if len(xs) < 3:
        return None

    def ranks(v):
        v = np.asarray(v, float)
        order = np.argsort(v, kind="stable")
        r = np.empty(len(v))
        r[order] = np.arange(len(v), dtype=float)
        for x in np.unique(v):
            r[v == x] = r[v == x].mean()
        return r

    a, b = ranks(xs), ranks(ys)
    if a.std() == 0 or b.std() == 0:
        return None
    return float(np.corrcoef(a, b)[0, 1])


def program_figures(name, fn, args, pinned, donate, mesh, opts):
    rows, hand = {}, {}
    base = tuple(NamedSharding(mesh, pinned[i]) if i in pinned else None for i in range(len(args)))
    rows["autoshard"] = autoshard_row(fn, args, mesh, base, donate, opts)
    for preset in OTHER_PRESETS:  # plans made for other hardware: other trade-offs
        try:
            rows[preset] = autoshard_row(fn, args, mesh, base, donate, opts, preset=preset)
        except (autoshard.SolverError, autoshard.PlanError) as e:
            print(f"  {name} {preset}: {type(e).__name__}: {str(e)[:200]}", file=sys.stderr)
    for kind in HAND:
        pins = hand_pins(kind, mesh, args, pinned)
        hand[kind] = hand_row(fn, args, pins, donate, opts)
        try:
            rows[kind] = autoshard_row(fn, args, mesh, pins, donate, opts)
        except (autoshard.InfeasibleError, autoshard.SolverError, autoshard.PlanError) as e:
            print(f"  {name} {kind}: {type(e).__name__}: {str(e)[:200]}", file=sys.stderr)
    # A budget that binds: halfway from the leanest plan's predicted peak to the plan's.
    peaks = [r["predicted_bytes"] for r in rows.values()]
    budget = int((min(peaks) + rows["autoshard"]["predicted_bytes"]) / 2)
    if budget < rows["autoshard"]["predicted_bytes"]:
        try:
            rows["budget"] = autoshard_row(fn, args, mesh, base, donate, opts, memory=budget)
            rows["budget"]["budget_bytes"] = budget
        except (autoshard.InfeasibleError, autoshard.SolverError) as e:
            print(f"  {name}: no plan under {budget / 2**20:.2f} MiB ({type(e).__name__})", file=sys.stderr)
    planned = list(rows.values())
    best_hand = min(hand, key=lambda k: hand[k]["xla_s"])
    summary = {
        "memory_ratio": rows["autoshard"]["predicted_bytes"] / rows["autoshard"]["xla_bytes"],
        "memory_ratios": [r["predicted_bytes"] / r["xla_bytes"] for r in planned],
        "rho": spearman([r["predicted_s"] for r in planned], [r["xla_s"] for r in planned]),
        "best_hand": best_hand,
        "over_best_hand": rows["autoshard"]["xla_s"] / hand[best_hand]["xla_s"],
        "remat": sum(r["remat"] for r in planned),
        "budget_holds": rows["budget"]["xla_bytes"] <= rows["budget"]["budget_bytes"] if "budget" in rows else None,
    }
    return {"plans": rows, "hand": hand, "summary": summary}


def mib(n):
    return f"{n / 2**20:.2f}"


def ms(s):
    return f"{s * 1e3:.2f}"


def print_program(name, figures):
    s = figures["summary"]
    rho = "-" if s["rho"] is None else f"{s['rho']:.2f}"
    ratios = f"{min(s['memory_ratios']):.2f}-{max(s['memory_ratios']):.2f}"
    holds = {None: "-", True: "yes", False: "NO"}[s["budget_holds"]]
    print(f"\n## {name}: memory {s['memory_ratio']:.2f} (plans {ratios}), rho {rho}, {s['over_best_hand']:.2f}x best hand "
          f"({s['best_hand']}), budget holds {holds}, {s['remat']} remat warnings")
    print("| plan | predicted ms | XLA ms | predicted MiB | XLA MiB | pred/XLA mem | hand XLA ms | hand XLA MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind in ("autoshard", "budget", *OTHER_PRESETS, *HAND):
        r, h = figures["plans"].get(kind), figures["hand"].get(kind)
        if r is None and h is None:
            continue
        cells = ["-"] * 5 if r is None else [ms(r["predicted_s"]), ms(r["xla_s"]), mib(r["predicted_bytes"]),
                                              mib(r["xla_bytes"]), f"{r['predicted_bytes'] / r['xla_bytes']:.2f}"]
        cells += ["-", "-"] if h is None else [ms(h["xla_s"]), mib(h["xla_bytes"])]
        print(f"| {kind} | " + " | ".join(cells) + " |")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="programs to measure (default: all)")
    ap.add_argument("--reps", type=int, default=5, help="timed runs per plan (default 5)")
    ap.add_argument("--time-limit", type=float, default=30, help="the solver's seconds per plan (default 30)")
    ap.add_argument("--hardware", default="xla-cpu", help="the preset autoshard prices with (default xla-cpu)")
    ap.add_argument("--json", help="write every figure to this file")
    opts = ap.parse_args()
    mesh = solver_programs.mesh()
    results = {}
    for name, (fn, args, pinned, donate) in corpus(opts.only).items():
        started = time.perf_counter()
        args = jax.device_get(args)  # on the host: each run places (and donates) copies
        try:
            results[name] = program_figures(name, fn, args, pinned, donate, mesh, opts)
        except Exception as e:  # noqa: BLE001 — one program's failure is reported, the rest go on
            print(f"\n## {name}: FAILED {type(e).__name__}: {str(e)[:400]}", flush=True)
            results[name] = {"error": f"{type(e).__name__}: {e}"}
            continue
        print_program(name, results[name])
        print(f"({time.perf_counter() - started:.0f} s)", flush=True)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
