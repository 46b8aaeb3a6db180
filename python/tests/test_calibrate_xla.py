"""scripts/jax/calibrate_xla.py measures XLA on the 8 host devices, and the command
line's `bench calibrate --measured` fits its points into a cost profile."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_xla_measurements_fit_into_a_cost_profile(tmp_path):
    measured = tmp_path / "xla.json"
    script = os.path.join(ROOT, "scripts", "jax", "calibrate_xla.py")
    done = subprocess.run([sys.executable, script, "--out", str(measured), "--quick", "--reps", "3"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    points = json.loads(measured.read_text())
    assert points["devices"] == 8 and "XLA" in points["source"]
    names = {k["name"] for k in points["kernels"]}
    assert {"gemm", "add", "tiny_dot_0"} <= names
    assert {c["kind"] for c in points["collectives"]} == {
        "all_gather", "all_reduce", "reduce_scatter", "all_to_all", "collective_permute"}
    assert all(p["seconds"] > 0 for p in points["kernels"] + points["collectives"])
    # The binary the README's test command built.
    autoshard = os.path.join(ROOT, "target", "release", "autoshard")
    profile = tmp_path / "xla.yaml"
    done = subprocess.run([autoshard, "bench", "calibrate", "--measured", str(measured), "--out", str(profile)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    text = profile.read_text()
    assert "measurements of\n# XLA (" in text and "all_to_all:" in text and "per_element:" in text
