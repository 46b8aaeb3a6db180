"""autoshard.jax.jit under jax.distributed: 2 processes x 4 CPU devices on localhost
train as one process of 8 devices does."""

import json
import os
import socket
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
STEPS = 3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_two_processes_train_as_one(mesh):
    sys.path.insert(0, HERE)
    from distributed_step import losses

    want, digest = losses(mesh, STEPS)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "XLA_FLAGS"}
    worker = os.path.join(HERE, "distributed_step.py")
    procs = [
        subprocess.Popen([sys.executable, worker, str(i), "2", str(port), str(STEPS)], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for i in range(2)
    ]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err[-3000:]
        lines = out.strip().splitlines()
        results.append((lines[-2], json.loads(lines[-1])))
    # Every process compiled the plan process 0 solved, the one-process run's plan.
    assert {d for d, _ in results} == {digest}
    for _, got in results:
        assert got == pytest.approx(want, rel=1e-5)
