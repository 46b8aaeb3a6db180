"""Compare autoshard's predicted peak memory per device with XLA's.

    python memory.py [MODULE.mlir ...] [--autoshard PATH] [--time-limit S]

For each module (default: every program of ``stablehlo/tests/data/mlir/real/``),
``autoshard solve`` plans it and prints the plan's peak memory per device
(``--format json``: ``objective.peak_memory_bytes``) and the plan as a module
(``--format mlir``). That module is compiled with XLA's Shardy partitioner on the
mesh's host CPU devices, as ``roundtrip.py`` does, and XLA's own figure is read from
``compiled.memory_analysis()`` of the partitioned executable (one device):
argument + output + temp - alias bytes. Prints one row per module and the ratio
predicted / XLA.

Needs the JAX environment of ``requirements.txt`` and a built ``autoshard``
(default ``target/release/autoshard``). Sets the host device count itself.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import roundtrip  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def solve(autoshard, module, fmt, time_limit):
    cmd = [autoshard, "solve", module, "--format", fmt, "--time-limit", str(time_limit)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {done.stderr.strip()}")
    return done.stdout


def xla_bytes(text, backend, xc):
    ndev = roundtrip.mesh_size(text) or 8
    exe = roundtrip.compile_module(backend, text, backend.devices()[:ndev], xc)
    m = exe.get_compiled_memory_stats()
    parts = {
        "argument": m.argument_size_in_bytes,
        "output": m.output_size_in_bytes,
        "temp": m.temp_size_in_bytes,
        "alias": m.alias_size_in_bytes,
    }
    return parts["argument"] + parts["output"] + parts["temp"] - parts["alias"], parts


def mib(n):
    return f"{n / 2**10:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("modules", nargs="*")
    ap.add_argument("--autoshard", default=os.path.join(ROOT, "target", "release", "autoshard"))
    ap.add_argument("--time-limit", type=float, default=30)
    args = ap.parse_args()
    modules = args.modules or sorted(
        p for p in glob.glob(os.path.join(ROOT, "stablehlo/tests/data/mlir/real/*.mlir")) if ".generic." not in p)

    flag = roundtrip.DEVICE_FLAG
    if flag not in os.environ.get("XLA_FLAGS", ""):
        os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {flag}=8".strip()
    import jax
    from jax.extend.backend import get_backend
    from jax.extend.sharding import xla_client as xc
    jax.config.update("jax_use_shardy_partitioner", True)
    backend = get_backend("cpu")

    print("| program | predicted KiB | XLA KiB (arg + out + temp - alias) | predicted / XLA |")
    print("|---|---:|---:|---:|")
    for module in modules:
        name = os.path.basename(module).removesuffix(".mlir")
        plan = json.loads(solve(args.autoshard, module, "json", args.time_limit))
        predicted = plan["objective"]["peak_memory_bytes"]
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(solve(args.autoshard, module, "mlir", args.time_limit))
        try:
            measured, parts = xla_bytes(open(f.name).read(), backend, xc)
        finally:
            os.unlink(f.name)
        detail = " + ".join(f"{mib(parts[k])}" for k in ("argument", "output", "temp")) + f" - {mib(parts['alias'])}"
        print(f"| {name} | {mib(predicted)} | {mib(measured)} ({detail}) | {predicted / measured:.2f} |", flush=True)


if __name__ == "__main__":
    main()
