"""Time ``autoshard.jax.plan`` on the training steps of ``solver_programs.py`` and
on every program of ``real_programs.py``.

    VENV/bin/python scripts/jax/plan_timing.py [--only NAME ...] [--presets default cpu]
                                               [--time-limit S] [--threads N] [--json FILE] [--save DIR]

For each program and each preset (``default``: ``plan``'s own, ``h100-sxm``; any
name of ``autoshard.presets()``), one ``autoshard.jax.plan(fn, *args, mesh=…,
in_shardings=…, donate_argnums=…)`` call on a 2x4 ``("data", "model")`` mesh of 8
host CPU devices, with the program's own pins and donation; each call starts from
cold JAX caches (``jax.clear_caches()``), so its lowering is timed in full. Prints a
markdown table: the parameter count (the elements of the first donated argument, or
else of every argument left unpinned), the ops autoshard read, the wall time of the
whole ``plan`` call (``time.perf_counter``), its lowering and solve time
(``JaxPlan.timings``; the export is the rest), the solver's status (``optimal``, or
``feasible`` when the time limit ran out), the objective (the plan's modelled step
time) and the gap to the solver's bound. A program autoshard refuses is reported
with its error and skipped.

``--time-limit`` and ``--threads`` go to ``plan`` as ``time_limit`` and
``threads`` (default: the package's). ``--json FILE`` writes every row as JSON,
``--save DIR`` each plan's report (``NAME.PRESET.txt``). Run it from outside
``python/`` so ``import autoshard`` is the installed package. It adds
``--xla_force_host_platform_device_count=8`` itself when the flag is missing.
"""

import argparse
import json
import os
import pathlib
import sys
import time
import traceback

_FLAG = "--xla_force_host_platform_device_count"
if _FLAG not in os.environ.get("XLA_FLAGS", ""):  # must happen before jax starts
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {_FLAG}=8".strip()

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import jax  # noqa: E402
import numpy as np  # noqa: E402

import autoshard  # noqa: E402
import autoshard.jax  # noqa: E402
import real_programs  # noqa: E402
import solver_programs  # noqa: E402


def all_programs(only):
    """``{name: (fn, args, pinned, donate, source)}``: solver_programs' steps, then
    real_programs' corpus."""
    out = {}
    for name, program in solver_programs.programs(only).items():
        out[name] = (*program, "solver")
    for build in (real_programs.nnx_programs, real_programs.linen_programs, real_programs.other_programs,
                  real_programs.unet_programs):
        for name, program in build().items():
            if not only or name in only:
                out[name] = (*program, "real")
    return out


def param_count(args, pinned, donate):
    """The elements of the first donated argument (a training step's parameters), or
    else of every argument left unpinned (a forward pass's weights)."""
    held = [args[donate[0]]] if donate else [a for i, a in enumerate(args) if i not in pinned]
    return sum(int(np.prod(x.shape)) for x in jax.tree.leaves(held))


def one_line(text, limit=400):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + " …"


def describe(error):
    """An exception as one line, with the place an ``InputError`` points at."""
    where, text = "", one_line(error)
    if isinstance(error, autoshard.InputError) and getattr(error, "line", None):
        place = f"{error.file}:{error.line}:{error.column}"
        where = "" if text.startswith(place) else f" [{place}]"
    return f"{type(error).__name__}{where}: {text}"


def time_plan(mesh, fn, args, pinned, donate, preset, opts):
    options = {}
    if preset != "default":
        options["hardware"] = preset
    if opts.time_limit is not None:
        options["time_limit"] = opts.time_limit
    if opts.threads is not None:
        options["threads"] = opts.threads
    in_shardings = tuple(pinned.get(i) for i in range(len(args)))
    jax.clear_caches()
    started = time.perf_counter()
    plan = autoshard.jax.plan(fn, *args, mesh=mesh, in_shardings=in_shardings, donate_argnums=donate, **options)
    wall = time.perf_counter() - started
    return plan, wall


def gap_text(gap):
    """The relative gap as a percentage, small ones with two significant digits (a
    ``feasible`` plan's gap may be far below 0.01%)."""
    if gap is None:
        return "–"
    if gap == 0 or gap < 1e-9:
        return "0"
    return f"{gap * 100:.2f}%" if gap >= 1e-4 else f"{gap * 100:.2g}%"


def objective_text(seconds):
    if seconds is None:
        return "–"
    if seconds >= 1:
        return f"{seconds:.3f} s"
    return f"{seconds * 1e3:.3f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.1f} us"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="programs to plan (default: all)")
    ap.add_argument("--presets", nargs="*", default=["default", "cpu"],
                    help="presets to plan with: 'default' (plan's own) or names of autoshard.presets() "
                         "(default: default cpu)")
    ap.add_argument("--time-limit", type=float, default=None, help="solver time limit in seconds (default: the package's)")
    ap.add_argument("--threads", type=int, default=None, help="solver threads (default: the package's)")
    ap.add_argument("--json", type=pathlib.Path, help="write every row as JSON here")
    ap.add_argument("--save", type=pathlib.Path, help="write each plan's report here (NAME.PRESET.txt)")
    opts = ap.parse_args()
    for preset in opts.presets:
        if preset != "default" and preset not in autoshard.presets():
            ap.error(f"unknown preset {preset!r}; known: default, {', '.join(autoshard.presets())}")
    if opts.save:
        opts.save.mkdir(parents=True, exist_ok=True)

    mesh = solver_programs.mesh()
    built = time.perf_counter()
    programs = all_programs(opts.only)
    # Building dispatches the initialisers asynchronously: let them finish, so that
    # no plan is timed while XLA still computes on the same cores.
    jax.block_until_ready([args for _, args, *_ in programs.values()])
    print(f"autoshard {autoshard.__version__}, jax {jax.__version__}, {len(jax.devices())} devices, "
          f"{os.cpu_count()} cores; {len(programs)} programs built in {time.perf_counter() - built:.1f}s; "
          f"presets {', '.join(opts.presets)}; time limit {opts.time_limit or 'default'}, "
          f"threads {opts.threads or 'default'}", flush=True)

    rows, refused = [], []
    for name, (fn, args, pinned, donate, source) in programs.items():
        params = param_count(args, pinned, donate)
        print(f"{name} ({source}): {params:,} parameters", flush=True)
        for preset in opts.presets:
            row = {"program": name, "source": source, "preset": preset, "params": params}
            try:
                plan, wall = time_plan(mesh, fn, args, pinned, donate, preset, opts)
            except Exception as e:  # noqa: BLE001 — report and go on
                row["error"] = describe(e)
                refused.append(row)
                rows.append(row)
                print(f"  {preset}: refused: {row['error']}", flush=True)
                if not isinstance(e, autoshard.AutoshardError):
                    traceback.print_exc()
                continue
            s, t = plan.solver, plan.timings
            row.update(
                ops=plan.config.op_count, wall_s=wall, lower_s=t.lower_s, solve_s=t.solve_s, export_s=t.export_s,
                time_limit_s=plan.config.time_limit, hardware=plan.config.hardware,
                status=s.status if s else "priced", objective_s=plan.objective.total_s,
                bound_s=s.bound if s else None, gap=s.gap if s else None,
                solver_s=s.time_s if s else None, variables=s.variables if s else None,
                constraints=s.constraints if s else None, nodes=s.nodes if s else None,
                peak_bytes=plan.objective.peak_memory_bytes,
            )
            rows.append(row)
            print(f"  {preset} ({row['hardware']}, limit {row['time_limit_s']:g}s): wall {wall:.2f}s "
                  f"(lower {t.lower_s:.2f}s, solve {t.solve_s:.2f}s, export {t.export_s:.2f}s), {row['ops']} ops, "
                  f"{row['status']}, objective {objective_text(row['objective_s'])}, gap {gap_text(row['gap'])}, "
                  f"{row['variables']} variables, {row['nodes']} nodes", flush=True)
            if opts.save:
                (opts.save / f"{name}.{preset}.txt").write_text(plan.report())

    print()
    print("| program | preset | params | ops | wall s | lower s | solve s | status | objective | gap |")
    print("|---|---|---:|---:|---:|---:|---:|---|---:|---:|")
    for r in rows:
        if "error" in r:
            print(f"| {r['program']} | {r['preset']} | {r['params']:,} | – | – | – | – | refused | – | – |")
            continue
        gap = gap_text(r["gap"])
        print(f"| {r['program']} | {r['preset']} | {r['params']:,} | {r['ops']} | {r['wall_s']:.2f} | "
              f"{r['lower_s']:.2f} | {r['solve_s']:.2f} | {r['status']} | {objective_text(r['objective_s'])} | {gap} |")
    done = [r for r in rows if "error" not in r]
    if done:
        print(f"\ntotal wall {sum(r['wall_s'] for r in done):.1f}s over {len(done)} plans; "
              f"{sum(r['status'] == 'optimal' for r in done)} optimal, "
              f"{sum(r['status'] != 'optimal' for r in done)} not")
    if refused:
        print("\nrefused:")
        for r in refused:
            print(f"- {r['program']} ({r['preset']}): {r['error']}")
    if opts.json:
        opts.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
