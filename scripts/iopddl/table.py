#!/usr/bin/env python3
"""Runs `autoshard iopddl` on IOPDDL instances and prints the score table.

    python3 scripts/iopddl/table.py --autoshard target/release/autoshard \
        --instances DIR --results final_results.csv \
        --time-limit 30 --threads 2

DIR holds `X.json.gz` (or `asplos-2025-iopddl-X.json.gz`) per instance letter; google/iopddl's
`benchmarks/` has them. The score of an instance is the best contestant's cost over
ours; the winner is the team with the largest sum of scores over the instances at
hand, and its sum is printed beside ours. The winner's score at 30 s (`winner_30s.csv`
beside this script: the median over its published seeds of its cost at 30 s) is a
column of its own, summed too. Instances run one at a time; the solver's progress is
read from its terminal output (run under `script`), so the first feasible time and
the bound are the solver's own.
"""

import argparse
import csv
import pathlib
import re
import subprocess


def run(autoshard, path, limit, threads):
    cmd = f"{autoshard} iopddl {path} --time-limit {limit} --threads {threads}"
    out = subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True, text=True).stdout
    found = re.search(r"^cost (\d+)", out, re.M)
    if found is None:
        raise RuntimeError(f"{cmd}: no cost in its output: {out[-500:]}")
    cost = int(found.group(1))
    done = re.search(r"([\d.]+) s\s+done\s+first feasible ([\d.]+) s, bound ([^,\s]+)", out)
    bound = None if done.group(3) == "-" else float(done.group(3))
    return cost, float(done.group(2)), bound, float(done.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--autoshard", default="target/release/autoshard")
    ap.add_argument("--instances", required=True)
    ap.add_argument("--results", required=True,
                    help="the contest's published final_results.csv (https://github.com/google/iopddl)")
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", default="", help="instance letters to run, e.g. RNV (default: all)")
    ap.add_argument("--winner-30s", default=str(pathlib.Path(__file__).with_name("winner_30s.csv")))
    args = ap.parse_args()
    lines = [line for line in open(args.winner_30s) if not line.startswith("#")]
    at30 = {r["instance"]: int(r["cost"]) for r in csv.DictReader(lines)}
    rows = list(csv.reader(open(args.results)))
    letters, teams = rows[0][1:], {r[0]: [int(x) if x.strip() else float('inf') for x in r[1:]] for r in rows[1:] if r}
    best = {x: min(t[i] for t in teams.values()) for i, x in enumerate(letters)}
    files = {}
    for f in sorted(pathlib.Path(args.instances).glob("*.json.gz")):
        letter = f.name.removesuffix(".json.gz").split("-")[-1]
        if letter in best and (not args.only or letter in args.only):
            files[letter] = f
    print("| instance | cost | score | winner at 30 s | bound | gap | first feasible | time |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    total, total30 = 0.0, 0.0
    for x, f in files.items():
        try:
            cost, first, bound, took = run(args.autoshard, f, args.time_limit, args.threads)
        except RuntimeError as e:
            print(f"| {x} | no plan | 0 | - | - | - | - | - |", flush=True)
            print(f"<!-- {str(e).strip().splitlines()[-1]} -->", flush=True)
            continue
        score = best[x] / cost
        total += score
        early = best[x] / at30[x] if x in at30 else float("nan")
        if x in at30:
            total30 += early
        gap = "-" if bound is None else f"{100 * (cost - bound) / cost:.2f}%"
        shown = "-" if bound is None else f"{bound:,.0f}"
        print(f"| {x} | {cost:,} | {score:.4f} | {early:.4f} | {shown} | {gap} | {first:.1f} s | {took:.1f} s |",
              flush=True)
    sums = {team: sum(best[x] / costs[letters.index(x)] for x in files) for team, costs in teams.items()}
    winner = max(sums, key=sums.get)
    print(f"\nsum of scores over {len(files)} instances: {total:.3f}; the winner ({winner}): {sums[winner]:.3f}; "
          f"the winner at 30 s: {total30:.3f}")


if __name__ == "__main__":
    main()
