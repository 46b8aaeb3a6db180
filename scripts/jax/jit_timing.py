"""Time autoshard.jax on the GPT training step of examples/train_gpt.py.

    python scripts/jax/jit_timing.py [--layers N] [--dim N] [--heads N] [--seq N] [--batch N] [--vocab N]
                                     [--time-limit S] [--steps N]

On 8 host CPU devices (a 2 x 4 ``("data", "model")`` mesh), prints:
- ``autoshard.jax.plan``'s time (priced with ``--hardware``, default ``cpu``: the
  preset of host CPU devices): lowering, solve, export;
- the first call of ``autoshard.jax.jit`` (plan + XLA compile + one step) beside the
  first call of ``jax.jit`` (compile + one step), and the overhead;
- XLA's time per step (median over ``--steps`` after one warm-up) of three shardings
  of the same step: autoshard's plan, ``jax.jit`` with only the batch pinned to
  ``data`` (Shardy propagates the rest), and pure data parallelism (parameters and
  optimiser state replicated, the batch split over all 8 devices);
- the loss of each after those steps (they train the same model).

Needs ``pip install ./python`` and ``python/tests/requirements.txt``.
"""

import argparse
import os
import statistics
import sys
import time

os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples"))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import optax  # noqa: E402
from flax import nnx  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import autoshard.jax  # noqa: E402
from train_gpt import GPT, batches, make_step  # noqa: E402


def per_step(fn, state, data):
    """The median time of a step (after a warm-up), the state after, the last loss."""
    times, loss = [], None
    for i, (tokens, labels) in enumerate(data):
        started = time.perf_counter()
        *state, loss = fn(*state, tokens, labels)
        jax.block_until_ready(loss)
        if i > 0:
            times.append(time.perf_counter() - started)
    return statistics.median(times), float(loss)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, default in (("layers", 2), ("dim", 128), ("heads", 4), ("seq", 64), ("batch", 16), ("vocab", 512)):
        ap.add_argument(f"--{name}", type=int, default=default)
    ap.add_argument("--time-limit", type=float, default=20)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--hardware", default="cpu", help="the preset autoshard prices with (default: cpu, this machine)")
    args = ap.parse_args()

    mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    graphdef, params = nnx.split(GPT(args.vocab, args.dim, args.heads, args.layers, nnx.Rngs(0)), nnx.Param)
    tx = optax.adamw(1e-3)
    step = make_step(graphdef, tx)
    state = (params, tx.init(params))
    count = sum(x.size for x in jax.tree.leaves(params))
    tokens, labels = next(batches(1, args.batch, args.seq, args.vocab))
    print(f"GPT: {args.layers} layers, width {args.dim}, {count / 1e6:.2f}M parameters, batch {args.batch} x {args.seq}")

    batch_pin = (None, None, P("data"), P("data"))
    plan = autoshard.jax.plan(step, *state, tokens, labels, mesh=mesh, in_shardings=batch_pin, donate_argnums=(0, 1),
                              time_limit=args.time_limit, hardware=args.hardware)
    t = plan.timings
    print(f"autoshard.jax.plan: {t.lower_s + t.solve_s + t.export_s:.2f}s (lower {t.lower_s:.2f}s, "
          f"solve {t.solve_s:.2f}s, export {t.export_s:.2f}s); {plan}")

    copy = lambda: jax.tree.map(jnp.copy, state)  # noqa: E731
    sharded = autoshard.jax.jit(step, mesh=mesh, in_shardings=batch_pin, donate_argnums=(0, 1),
                                time_limit=args.time_limit, hardware=args.hardware)
    pinned_batch = NamedSharding(mesh, P("data"))
    replicated = NamedSharding(mesh, P())
    propagated = jax.jit(step, in_shardings=(None, None, pinned_batch, pinned_batch), donate_argnums=(0, 1))
    every_device = NamedSharding(mesh, P(("data", "model")))
    data_parallel = jax.jit(step, in_shardings=(replicated, replicated, every_device, every_device),
                            donate_argnums=(0, 1))

    def first_call(fn):
        started = time.perf_counter()
        jax.block_until_ready(fn(*copy(), tokens, labels))
        return time.perf_counter() - started

    ours, theirs = first_call(sharded), first_call(propagated)
    print(f"first call: autoshard.jax.jit {ours:.2f}s, jax.jit {theirs:.2f}s: overhead {ours - theirs:.2f}s")

    data = list(batches(args.steps + 1, args.batch, args.seq, args.vocab))
    for name, fn in (("autoshard plan", sharded), ("jax.jit, batch pinned", propagated),
                     ("data parallel", data_parallel)):
        seconds, loss = per_step(fn, copy(), data)
        print(f"  {name:24} {seconds * 1e3:8.2f} ms/step   loss {loss:.6f}")


if __name__ == "__main__":
    main()
