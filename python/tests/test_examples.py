"""The examples in examples/ run as written (at small sizes) and say what they claim."""

import os
import re
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "examples")


def example(name, *args):
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_train_gpt_trains_with_the_losses_of_jax_jit():
    out = example("train_gpt.py", "--steps", "2", "--layers", "1", "--dim", "64", "--seq", "32", "--batch", "8",
                  "--vocab", "256", "--time-limit", "10")
    losses = re.findall(r"step \d+: loss (\S+) \(autoshard\)  (\S+) \(jax.jit\)", out)
    assert len(losses) == 2, out
    for ours, theirs in losses:
        assert float(ours) == pytest.approx(float(theirs), rel=1e-5)
    assert "planned and compiled in" in out


def test_plan_large_model_fits_the_budget():
    out = example("plan_large_model.py", "--layers", "2", "--dim", "256", "--ffn", "512", "--heads", "4",
                  "--vocab", "1024", "--seq", "128", "--memory", "64MiB", "--time-limit", "5")
    assert "solver:" in out and "parameter shardings:" in out
    assert re.search(r"\['layers'\]\['w_up'\]\s+P\(", out), out
