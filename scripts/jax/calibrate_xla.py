"""Measure XLA's kernels and collectives on this backend's devices, for a cost profile.

    scripts/jax/run calibrate_xla.py --out MEASURED.json [--reps N] [--quick]
    autoshard bench calibrate --measured MEASURED.json --out PROFILE.yaml

What ``autoshard bench calibrate`` measures on the CPU mesh executor, measured through
XLA instead, on every device of JAX's default backend at once (8 host CPU devices
here: the script sets ``--xla_force_host_platform_device_count=8`` when no flag is
given; on a GPU or TPU host it measures those devices): each kernel runs as a jitted
function whose operands are split over all devices along a leading dimension, so
every device computes one block at the shapes given below, concurrently, as in a
sharded program; each collective runs in a ``shard_map`` over a mesh
``("y", "x")`` with ``x`` of 2, 4 and 8 devices. A time is the median of ``--reps``
calls (after a warm-up) less the launch of a jitted call (a one-element add, timed
the same way; at least 5% of the median is kept): what the op adds to a program, not
what launching it costs.

It writes the points as JSON, for ``autoshard bench calibrate --measured``, which
fits them as it fits its own measurements (the kernel model per class, seconds per
element of each elementwise op, each collective kind's overhead, latency and
bandwidth) and writes the profile. The figures per point are as the cost model
counts them: a contraction's FLOPs 2·m·k·n, an elementwise op's one per result
element, a reduction's or window's one per element read; bytes are the operands'
and results' per device; a collective's bytes are the formula's n (the gathered
result for all_gather, each device's input otherwise). ``tiny_`` points are a
chain of 32 dependent 8×8 matmuls in one call, per matmul: what one more kernel
costs inside a program (XLA fuses elementwise chains, so an elementwise op is no
separate kernel).
"""

import argparse
import json
import os
import statistics
import sys
import time

_FLAG = "--xla_force_host_platform_device_count"
if "XLA_FLAGS" not in os.environ and "--no-host-devices" not in sys.argv:  # must happen before jax starts
    os.environ["XLA_FLAGS"] = f"{_FLAG}=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

F32 = 4

# Each elementwise op of the cost model (cost::elementwise_ops) as JAX writes it,
# with the operands it takes (f: floats, i: int32, b: bool).
ELEMENTWISE = {
    "abs": ("f", jnp.abs), "negate": ("f", jnp.negative), "sign": ("f", jnp.sign),
    "floor": ("f", jnp.floor), "ceil": ("f", jnp.ceil), "sqrt": ("p", jnp.sqrt), "rsqrt": ("p", lax.rsqrt),
    "exponential": ("f", jnp.exp), "log": ("p", jnp.log), "log_plus_one": ("p", jnp.log1p),
    "logistic": ("f", lax.logistic), "tanh": ("f", jnp.tanh), "sine": ("f", jnp.sin), "cosine": ("f", jnp.cos),
    "erf": ("f", lax.erf), "relu": ("f", jax.nn.relu), "gelu": ("f", jax.nn.gelu), "silu": ("f", jax.nn.silu),
    "convert": ("f", lambda x: x.astype(jnp.int32)), "not": ("i", jnp.invert),
    "add": ("ff", jnp.add), "subtract": ("ff", jnp.subtract), "multiply": ("ff", jnp.multiply),
    "divide": ("fp", jnp.divide), "maximum": ("ff", jnp.maximum), "minimum": ("ff", jnp.minimum),
    "power": ("pf", jnp.power), "remainder": ("fp", lax.rem), "atan2": ("ff", jnp.arctan2),
    "and": ("ii", jnp.bitwise_and), "or": ("ii", jnp.bitwise_or), "xor": ("ii", jnp.bitwise_xor),
    "compare": ("ff", jnp.less), "select": ("bff", jnp.where), "clamp": ("fff", lambda a, x, b: lax.clamp(a, x, b)),
}
MATMULS = [(256, 256, 256), (512, 512, 512), (1024, 256, 1024), (128, 1024, 1024), (2048, 64, 256), (64, 64, 4096)]
ELEMENTS = [1 << 16, 1 << 20]
COLLECTIVE_BYTES = [4 << 10, 64 << 10, 1 << 20, 8 << 20]


class Timer:
    def __init__(self, reps):
        self.reps = reps
        self.launch = 0.0

    def seconds(self, fn, *args):
        """The median wall time of ``fn(*args)`` (jitted, compiled first) less a launch."""
        fn = jax.jit(fn)
        jax.block_until_ready(fn(*args))
        times = []
        for _ in range(self.reps):
            started = time.perf_counter()
            jax.block_until_ready(fn(*args))
            times.append(time.perf_counter() - started)
        # What the op adds to a launch; a point within the launch's noise keeps 5%
        # of its time (a relative fit must not see near-zero times).
        median = statistics.median(times)
        return max(median - self.launch, 0.05 * median)


def blocks(mesh, shape, kind="f", seed=0):
    """An array of ``len(devices)`` blocks of ``shape``, one per device."""
    rng = np.random.default_rng(seed)
    full = (mesh.size, *shape)
    if kind == "i":
        x = rng.integers(-1000, 1000, full).astype(np.int32)
    elif kind == "b":
        x = rng.random(full) < 0.5
    elif kind == "p":
        x = (rng.random(full) + 0.5).astype(np.float32)
    else:
        x = rng.standard_normal(full).astype(np.float32)
    spec = P(mesh.axis_names, *([None] * len(shape)))
    return jax.device_put(x, NamedSharding(mesh, spec))


def kernel_points(timer, mesh, quick):
    points = []

    def point(name, klass, op, elements, flops, nbytes, seconds):
        points.append({"name": name, "class": klass, "op": op, "elements": int(elements), "flops": float(flops),
                       "bytes": int(nbytes), "seconds": seconds})

    tiny = blocks(mesh, (8, 8))

    def chain(x):
        for _ in range(32):
            x = jnp.einsum("bij,bjk->bik", x, x) * 0.125
        return x

    for r in range(3):
        point(f"tiny_dot_{r}", "matmul", "dot_general", 64, 2 * 8**3, 3 * 64 * F32, timer.seconds(chain, tiny) / 32)
    for m, k, n in MATMULS[:3] if quick else MATMULS:
        a, b = blocks(mesh, (m, k)), blocks(mesh, (k, n), seed=1)
        s = timer.seconds(lambda a, b: jnp.einsum("bmk,bkn->bmn", a, b), a, b)
        point(f"gemm_{m}x{k}x{n}" if (m, k, n) != (256, 256, 256) else "gemm", "matmul", "dot_general", m * n,
              2 * m * k * n, (m * k + k * n + m * n) * F32, s)
    for e in ELEMENTS[-1:] if quick else ELEMENTS:
        for op, (kinds, fn) in ELEMENTWISE.items():
            args = [blocks(mesh, (e,), k, seed=i) for i, k in enumerate(kinds)]
            name = op if e == ELEMENTS[-1] and op == "add" else f"{op}_{e}"
            point(name, "elementwise", op, e, e, (len(args) + 1) * e * F32, timer.seconds(fn, *args))
    for rows, cols in [(1024, 1024), (256, 4096), (4096, 64)]:
        x = blocks(mesh, (rows, cols))
        point(f"sum_minor_{rows}x{cols}", "reduction", "reduce", rows, rows * cols, (rows * cols + rows) * F32,
              timer.seconds(lambda x: x.sum(-1), x))
        point(f"sum_major_{rows}x{cols}", "reduction", "reduce", cols, rows * cols, (rows * cols + cols) * F32,
              timer.seconds(lambda x: x.sum(-2), x))
        point(f"softmax_{rows}x{cols}", "reduction", "softmax", rows * cols, 5 * rows * cols,
              2 * rows * cols * F32, timer.seconds(lambda x: jax.nn.softmax(x, -1), x))
    for h, c in [(32, 32), (64, 16)]:
        x = blocks(mesh, (h, h, c))
        window = lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 1, 1, 1), "SAME")  # noqa: E731
        point(f"max_pool_{h}x{c}", "window", "reduce_window", h * h * c, 9 * h * h * c, 2 * h * h * c * F32,
              timer.seconds(window, x))
    for h, c, o in [(16, 32, 32), (32, 16, 64)]:
        x, w = blocks(mesh, (h, h, c)), jax.device_put(np.ones((3, 3, c, o), np.float32) / 9)
        conv = lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))  # noqa: E731
        point(f"conv_{h}x{c}x{o}", "convolution", "convolution", h * h * o, 2 * h * h * o * 9 * c,
              (h * h * c + 9 * c * o + h * h * o) * F32, timer.seconds(conv, x, w))
    for rows, cols in [(1024, 1024), (256, 4096)]:
        x = blocks(mesh, (rows, cols))
        n = rows * cols
        point(f"transpose_{rows}x{cols}", "movement", "transpose", n, 0, 2 * n * F32,
              timer.seconds(lambda x: jnp.swapaxes(x, -1, -2) + 0, x))
        point(f"concatenate_{rows}x{cols}", "movement", "concatenate", 2 * n, 0, 4 * n * F32,
              timer.seconds(lambda x: jnp.concatenate([x, x[:, ::-1]], -1), x))
        idx = blocks(mesh, (rows,), "i")
        point(f"gather_{rows}x{cols}", "movement", "gather", n, 0, 2 * n * F32,
              timer.seconds(lambda x, i: jnp.take_along_axis(x, (jnp.abs(i) % rows)[..., None], -2), x, idx))
    return points


def collective_points(timer, devices, quick):
    points = []
    groups = [p for p in (2, 4, 8) if devices % p == 0 and p <= devices]
    for p in groups:
        mesh = Mesh(np.array(jax.devices()[:devices]).reshape(devices // p, p), ("y", "x"))
        spec = P(("y", "x"))
        kinds = {
            "all_gather": (lambda x: lax.all_gather(x, "x", tiled=True), lambda n: n // p),
            "all_reduce": (lambda x: lax.psum(x, "x"), lambda n: n),
            "reduce_scatter": (lambda x: lax.psum_scatter(x, "x", tiled=True), lambda n: n),
            "all_to_all": (lambda x: lax.all_to_all(x, "x", 0, 0, tiled=True), lambda n: n),
            "collective_permute": (lambda x: lax.ppermute(x, "x", [(i, (i + 1) % p) for i in range(p)]), lambda n: n),
        }
        for kind, (body, local) in kinds.items():
            for n in COLLECTIVE_BYTES[1:] if quick else COLLECTIVE_BYTES:
                elements = max(local(n) // F32 // p * p, p)
                x = jax.device_put(np.ones((devices * elements,), np.float32), NamedSharding(mesh, spec))
                fn = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False)
                n_bytes = elements * F32 * (p if kind == "all_gather" else 1)
                points.append({"kind": kind, "group": p, "bytes": n_bytes, "seconds": timer.seconds(fn, x)})
    return points


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="the measurements, JSON")
    ap.add_argument("--reps", type=int, default=20, help="timed calls per point (default 20)")
    ap.add_argument("--quick", action="store_true", help="fewer shapes (for tests)")
    ap.add_argument("--no-host-devices", action="store_true", help="do not ask for 8 host CPU devices")
    opts = ap.parse_args()
    devices = jax.devices()
    mesh = Mesh(np.array(devices), ("d",))
    timer = Timer(opts.reps)
    one = blocks(mesh, (1,))
    timer.launch = timer.seconds(lambda x: x + 1, one)
    started = time.perf_counter()
    kernels = kernel_points(timer, mesh, opts.quick)
    collectives = collective_points(timer, len(devices), opts.quick)
    memory = getattr(devices[0], "memory_stats", lambda: None)() or {}
    measured = {
        "source": f"XLA ({jax.__version__}, {devices[0].platform}, {devices[0].device_kind}) through "
                  f"scripts/jax/calibrate_xla.py, {len(devices)} devices, median of {opts.reps} calls less "
                  f"a launch ({timer.launch * 1e6:.1f} us)",
        "devices": len(devices),
        "cores": os.cpu_count(),
        "memory": memory.get("bytes_limit"),
        "kernels": kernels,
        "collectives": collectives,
    }
    with open(opts.out, "w") as f:
        json.dump(measured, f, indent=1)
    print(f"{len(kernels)} kernel and {len(collectives)} collective points in {time.perf_counter() - started:.0f} s "
          f"-> {opts.out}")


if __name__ == "__main__":
    main()
