"""Compile a StableHLO module carrying Shardy shardings with XLA and check it.

    python roundtrip.py MODULE.mlir [--inputs ARGS.npz] [--seed 0] [--rtol 1e-4] [--atol 1e-5] [--time N]
                        [--baseline JAX_MODULE.mlir] [--upcast]

The module text is compiled twice on the host CPU backend:

* sharded: ``num_partitions`` = number of devices in the module's ``sdy.mesh``
  (default 8), SPMD partitioning with the Shardy partitioner;
* reference: one partition on one device (shardings are ignored). A module with
  ``sdy.manual_computation`` cannot run on one device (its bodies work on
  per-device blocks), so its reference keeps the manual computations and
  replaces every other sharding (arguments, results, constraints) by a
  replicated one, compiled on all devices.

Inputs are random (seeded), with shapes/dtypes read from ``@main``'s
signature, or the arrays of ``--inputs`` (``arr_0``, ``arr_1``, … in argument order,
as ``real_programs.py`` saves them), and are placed with the input shardings the sharded executable
expects (those written in the module, plus whatever XLA chose for arguments
left unannotated).  The script prints the shardings XLA used, the collectives
in the partitioned HLO, the maximum error, and ``OK`` or ``MISMATCH`` (exit
code 0 / 1). ``--time N`` also prints the median time of N executions of the
sharded executable (inputs already placed): run it on JAX's own module and on the
module autoshard exports from it to compare the two plans under XLA.

``--upcast`` computes bf16 and f16 as f32: a bf16 program's sharded and one-device
runs round differently (sums split across devices), which at the magnitudes of
random inputs through a transformer block exceeds any fixed tolerance; in f32 the
plan's own error shows.

``--baseline JAX_MODULE.mlir`` (the module JAX lowered, with its own shardings) also
runs that module sharded on the same inputs and prints its error against the same
reference. A result whose error exceeds the tolerance still passes when it is within
twice the baseline's error on that result: some results are ill-conditioned whatever
the partitioning (the first adamw step of a parameter whose gradient is analytically
zero, such as attention's key bias, returns about ``lr * sign(rounding noise)``), and
the question is then whether the plan is as exact as JAX's own partitioning.

Needs enough host devices; unless ``XLA_FLAGS`` already sets it, the script
forces ``--xla_force_host_platform_device_count`` itself before importing jax.
"""

import argparse
import math
import os
import re
import sys

DEVICE_FLAG = "--xla_force_host_platform_device_count"

COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all",
               "collective-permute")


def mesh_size(text):
    """Largest device count among the module's ``sdy.mesh`` declarations."""
    sizes = [math.prod(int(n) for n in re.findall(r'"[^"]*"\s*=\s*(\d+)', axes))
             for axes in re.findall(r"sdy\.mesh\s+@[\w.$-]+\s*=\s*<\s*\[([^\]]*)\]", text)]
    return max(sizes, default=0)


def main_signature(text):
    """[(shape, numpy dtype, sdy.sharding or None)] for @main's arguments and results."""
    import ml_dtypes
    import numpy as np
    from jax._src.interpreters import mlir  # private: the context with all JAX dialects
    from jaxlib.mlir import ir

    dtypes = {"f16": np.float16, "f32": np.float32, "f64": np.float64,
              "bf16": ml_dtypes.bfloat16, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
              "f8E5M2": ml_dtypes.float8_e5m2, "i1": np.bool_, "i8": np.int8,
              "i16": np.int16, "i32": np.int32, "i64": np.int64, "ui8": np.uint8,
              "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64}
    with mlir.make_ir_context():
        module = ir.Module.parse(text)
        main = next(op for op in module.body.operations
                    if op.operation.name == "func.func"
                    and ir.StringAttr(op.attributes["sym_name"]).value == "main")
        ftype = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value)

        def describe(types, attrs_name):
            attrs = (list(ir.ArrayAttr(main.attributes[attrs_name]))
                     if attrs_name in main.attributes else [None] * len(types))
            out = []
            for t, a in zip(types, attrs):
                t = ir.RankedTensorType(t)
                a = ir.DictAttr(a) if a is not None else None
                sh = str(a["sdy.sharding"]) if a is not None and "sdy.sharding" in a else None
                out.append((tuple(t.shape), dtypes[str(t.element_type)], sh))
            return out

        return describe(ftype.inputs, "arg_attrs"), describe(ftype.results, "res_attrs")


def replicated(text):
    """``text`` with every ``sdy.sharding`` attribute and ``sdy.sharding_constraint``
    replicated (each dimension ``{}``); manual computations keep their own."""
    def clear(match):
        return re.sub(r"\{[^{}]*\}(p\d+)?", "{}", match.group(0))
    lines = []
    for line in text.splitlines():
        if "sdy.sharding_constraint" in line or "func.func" in line:
            line = re.sub(r"<@[\w.$-]+, \[[^\]]*\]", clear, line)
        lines.append(line)
    return "\n".join(lines)


def random_input(rng, shape, dtype):
    import numpy as np
    if np.issubdtype(dtype, np.bool_):
        return rng.integers(0, 2, shape).astype(dtype)
    if np.issubdtype(dtype, np.integer):
        return rng.integers(0, 8, shape).astype(dtype)
    return (rng.standard_normal(shape) * 0.5).astype(dtype)


def compile_module(backend, text, devices, xc):
    """Compile ``text`` for ``len(devices)`` SPMD partitions with Shardy."""
    import numpy as np
    from jax.extend.backend import get_compile_options
    opts = get_compile_options(num_replicas=1, num_partitions=len(devices),
                               device_assignment=np.array(devices).reshape(1, -1),
                               backend=backend)
    opts.executable_build_options.use_spmd_partitioning = True
    opts.executable_build_options.use_shardy_partitioner = True
    return backend.compile_and_load(text, executable_devices=xc.DeviceList(tuple(devices)),
                                    compile_options=opts)


def run(exe, devices, host_args, in_shardings, out_shardings, out_shapes):
    """Place inputs, execute, and gather the outputs back to numpy."""
    import jax
    import numpy as np
    args = [jax.device_put(a, s) for a, s in zip(host_args, in_shardings)]
    per_device = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    return [np.asarray(jax.make_array_from_single_device_arrays(shape, s, shards))
            for shape, s, shards in zip(out_shapes, out_shardings, per_device)]


def median_time(exe, host_args, in_shardings, n):
    """The median wall time of ``n`` executions (after one warm-up), each on freshly
    placed inputs."""
    import time
    import jax
    times = []
    for k in range(n + 1):
        # Placed afresh each time (not timed): a donated argument's buffer is gone
        # after a run.
        args = [jax.device_put(a, s) for a, s in zip(host_args, in_shardings)]
        jax.block_until_ready(args)
        start = time.perf_counter()
        outputs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
        jax.block_until_ready(outputs)
        if k:
            times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def shardings_of(protos, devices, n, xc, GSPMDSharding):
    """XLA's OpSharding protos as GSPMDSharding (None from XLA means replicated)."""
    protos = protos or [None] * n
    repl = xc.HloSharding.replicate()
    return [GSPMDSharding(devices, xc.HloSharding.from_proto(p) if p is not None else repl)
            for p in protos]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("module", help="StableHLO module text (.mlir)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--inputs", help="an .npz of the arguments (arr_0, arr_1, ...) instead of random ones")
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--atol", type=float, default=1e-5)
    ap.add_argument("--devices", type=int, default=None,
                    help="number of partitions (default: size of the sdy.mesh, else 8)")
    ap.add_argument("--hlo", action="store_true", help="print the partitioned HLO")
    ap.add_argument("--upcast", action="store_true",
                    help="compute bf16 and f16 as f32 (the same program, less rounding): tells a plan's "
                         "error from low-precision rounding that differs between partitionings")
    ap.add_argument("--baseline", metavar="JAX_MODULE",
                    help="the module JAX lowered: a result within twice its error passes")
    ap.add_argument("--time", type=int, default=0, metavar="N",
                    help="also time the sharded executable: the median of N runs after one warm-up")
    args = ap.parse_args()

    text = open(args.module).read()
    if args.upcast:
        text = re.sub(r"b?f16\b", "f32", text)
    ndev = args.devices or mesh_size(text) or 8
    if DEVICE_FLAG not in os.environ.get("XLA_FLAGS", ""):
        os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {DEVICE_FLAG}={ndev}".strip()

    import jax
    import numpy as np
    from jax.extend.backend import get_backend
    from jax.extend.sharding import GSPMDSharding
    from jax.extend.sharding import xla_client as xc

    jax.config.update("jax_use_shardy_partitioner", True)
    backend = get_backend("cpu")
    if len(backend.devices()) < ndev:
        sys.exit(f"need {ndev} CPU devices, have {len(backend.devices())}: set XLA_FLAGS={DEVICE_FLAG}={ndev}")
    devices = backend.devices()[:ndev]

    ins, outs = main_signature(text)
    rng = np.random.default_rng(args.seed)
    host_args = [random_input(rng, shape, dt) for shape, dt, _ in ins]
    if args.inputs:
        saved = np.load(args.inputs)
        host_args = [saved[f"arr_{i}"] for i in range(len(ins))]
        for i, ((shape, dt, _), x) in enumerate(zip(ins, host_args)):
            if tuple(x.shape) != tuple(shape) or x.dtype != dt:
                sys.exit(f"--inputs: arr_{i} is {x.dtype}{list(x.shape)}, the module's argument {i} is {dt}{list(shape)}")
    out_shapes = [shape for shape, _, _ in outs]

    exe = compile_module(backend, text, devices, xc)
    in_sh = shardings_of(exe.get_parameter_shardings(), devices, len(ins), xc, GSPMDSharding)
    out_sh = shardings_of(exe.get_output_shardings(), devices, len(outs), xc, GSPMDSharding)
    print(f"{args.module}: {ndev} partitions, jax {jax.__version__}")
    for kind, decl, used in (("arg", ins, in_sh), ("result", outs, out_sh)):
        for i, ((shape, dt, sdy), s) in enumerate(zip(decl, used)):
            print(f"  {kind} {i} {np.dtype(dt).name}{list(shape)}: module {sdy or '-'} -> XLA {s._hlo_sharding}")
    hlo = "\n".join(exe.get_hlo_text() if isinstance(exe.get_hlo_text(), list) else [exe.get_hlo_text()])
    counts = {c: len(re.findall(rf"(?<![%\w.-]){c}(?:-start)?\(", hlo)) for c in COLLECTIVES}
    print("  collectives:", ", ".join(f"{c}={n}" for c, n in counts.items() if n) or "none")
    if args.hlo:
        print(hlo)

    got = run(exe, devices, host_args, in_sh, out_sh, out_shapes)
    if args.time:
        print(f"  sharded run: median {median_time(exe, host_args, in_sh, args.time) * 1e3:.3f} ms of {args.time}")

    if "sdy.manual_computation" in text:
        ref_dev = devices
        ref_exe = compile_module(backend, replicated(text), ref_dev, xc)
        print("  reference: the manual computations on all devices, every other sharding replicated")
    else:
        ref_dev = devices[:1]
        ref_exe = compile_module(backend, text, ref_dev, xc)
    rep = [GSPMDSharding(ref_dev, xc.HloSharding.replicate())]
    want = run(ref_exe, ref_dev, host_args, rep * len(ins), rep * len(outs), out_shapes)

    base = None
    if args.baseline:
        base_text = open(args.baseline).read()
        base_exe = compile_module(backend, base_text, devices, xc)
        base_in = shardings_of(base_exe.get_parameter_shardings(), devices, len(ins), xc, GSPMDSharding)
        base_out = shardings_of(base_exe.get_output_shardings(), devices, len(outs), xc, GSPMDSharding)
        base = run(base_exe, devices, host_args, base_in, base_out, out_shapes)
        print(f"  baseline: {args.baseline}, sharded as JAX wrote it")

    def error(g, w):
        """The largest difference; NaNs and infinities must sit at the same places
        (two NaNs, or two equal infinities, agree, as in autoshard's executor)."""
        g64, w64 = g.astype(np.float64), w.astype(np.float64)
        finite = np.isfinite(w64)
        if not (np.array_equal(np.isnan(g64), np.isnan(w64)) and np.array_equal(g64[~finite & ~np.isnan(w64)], w64[~finite & ~np.isnan(w64)])):
            return math.inf
        return float(np.max(np.abs(g64[finite] - w64[finite]), initial=0.0))

    def magnitude(w):
        w64 = w.astype(np.float64)
        return float(np.max(np.abs(w64[np.isfinite(w64)]), initial=0.0))

    ok, noisy = True, 0
    for i, (g, w) in enumerate(zip(got, want)):
        err = error(g, w)
        tol = args.atol + args.rtol * magnitude(w)
        good = g.shape == w.shape and err <= tol
        line = f"  result {i}: max|sharded-ref| = {err:.3g} (tol {tol:.3g})"
        if base is not None and not good and g.shape == w.shape:
            base_err = error(base[i], w)
            good = err <= 2 * base_err
            noisy += good
            line += f", JAX's own partitioning {base_err:.3g}"
        ok &= good
        print(f"{line} {'ok' if good else 'BAD'}")
    if noisy:
        print(f"  {noisy} result(s) beyond the tolerance but within twice the baseline's error")
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
