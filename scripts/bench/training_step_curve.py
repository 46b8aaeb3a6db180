#!/usr/bin/env python3
"""The training-step curve: `autoshard solve` on the training step of an L-layer
GPT-style stack (solver/benches/programs/training_step.rs) for several L, with the
time of each phase (read, formulate, presolve, search, price, output), the plan's
gap and the peak resident memory.

    cargo build --release -p autoshard-cli -p autoshard-solver --examples
    python3 scripts/bench/training_step_curve.py --layers 8:60 96:10 384:60 --threads 2

Each `L:S` runs L layers with a limit of S seconds. The phases come from the
solver's debug log (AUTOSHARD_LOG=debug), the memory from /usr/bin/time.
"""

import argparse
import datetime
import re
import subprocess
import tempfile
import time


def stamp(line):
    return datetime.datetime.fromisoformat(line.split()[0].replace("Z", "+00:00")).timestamp()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--autoshard", default="target/release/autoshard")
    ap.add_argument("--generator", default="target/release/examples/training_step")
    ap.add_argument("--layers", nargs="+", default=["8:60", "96:10"])
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    print("| L | ops | limit | wall | read | formulate | presolve | search | price | output | gap | peak RSS |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for spec in args.layers:
        layers, limit = spec.split(":")
        with tempfile.NamedTemporaryFile("w", suffix=".yaml") as f:
            f.write(subprocess.run([args.generator, layers], capture_output=True, text=True, check=True).stdout)
            f.flush()
            ops = sum(1 for line in open(f.name) if " op: " in line)
            cmd = ["/usr/bin/time", "-f", "RSS %M", args.autoshard, "solve", f.name, "--time-limit", limit,
                   "--threads", str(args.threads), "--format", "json"]
            began = time.time()
            run = subprocess.run(cmd, capture_output=True, text=True, env={"AUTOSHARD_LOG": "debug", "PATH": "/usr/bin:/bin"})
            ended = time.time()
        log = re.sub(r"\x1b\[[0-9;]*m", "", run.stderr).splitlines()
        at = {}
        for line in log:
            for key, pattern in [("formulating", 'phase="formulating"'), ("presolving", "presolving"),
                                 ("presolved", "presolved remaining"), ("pricing", 'phase="pricing"'),
                                 ("priced", "solved and priced")]:
                if pattern in line and key not in at:
                    at[key] = stamp(line)
        rss = int(re.search(r"RSS (\d+)", run.stderr).group(1)) / 1024 / 1024
        gap = re.search(r'"gap": ([0-9.e-]+)', run.stdout)
        gap = f"{100 * float(gap.group(1)):.2f}%" if gap else "no plan"
        d = lambda a, b: f"{at[b] - at[a]:.1f} s" if a in at and b in at else "-"
        read = f"{at['formulating'] - began:.1f} s" if "formulating" in at else "-"
        output = f"{ended - at['priced']:.1f} s" if "priced" in at else "-"
        print(f"| {layers} | {ops:,} | {limit} s | {ended - began:.1f} s | {read} | {d('formulating', 'presolving')} | "
              f"{d('presolving', 'presolved')} | {d('presolved', 'pricing')} | {d('pricing', 'priced')} | {output} | "
              f"{gap} | {rss:.2f} GB |", flush=True)


if __name__ == "__main__":
    main()
