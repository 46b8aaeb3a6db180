"""A training step sharded by autoshard.jax.jit, run by one process of several.

    python distributed_step.py PROCESS_ID PROCESS_COUNT PORT STEPS

Each process has 4 host CPU devices (set here); ``jax.distributed`` joins them into
one mesh of them all, ``data`` across the processes. Prints the losses as JSON on
the last line, and the SHA-256 of the plan's module before it. Also importable:
``losses(mesh, steps)`` is the same run in one process (what the test compares).
"""

import hashlib
import json
import os
import sys

import numpy as np


def losses(mesh, steps):
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import PartitionSpec as P

    import autoshard.jax as aj

    def init(key):
        k1, k2 = jax.random.split(key)
        return {"w1": jax.random.normal(k1, (64, 256)) / 8, "w2": jax.random.normal(k2, (256, 8)) / 16}

    tx = optax.sgd(0.1)

    def step(params, opt_state, x, y):
        def loss_fn(p):
            logits = jnp.tanh(x @ p["w1"]) @ p["w2"]
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    params = jax.tree.map(np.asarray, init(jax.random.key(0)))
    opt_state = jax.tree.map(np.asarray, tx.init(params))
    sharded = aj.jit(step, mesh=mesh, in_shardings=(None, None, P("data"), P("data")), donate_argnums=(0, 1),
                     time_limit=10)
    out, rng = [], np.random.default_rng(7)
    for _ in range(steps):
        x, y = rng.standard_normal((64, 64), np.float32), rng.integers(0, 8, 64).astype(np.int32)
        params, opt_state, loss = sharded(params, opt_state, x, y)
        out.append(float(loss))
    module = sharded.plan_for(params, opt_state, x, y).stablehlo
    return out, hashlib.sha256(module.encode()).hexdigest()


def main():
    process, count, port, steps = (int(a) for a in sys.argv[1:5])
    os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
    import jax

    jax.distributed.initialize(f"127.0.0.1:{port}", num_processes=count, process_id=process, initialization_timeout=120)
    mesh = jax.make_mesh((count, 4), ("data", "model"))
    result, digest = losses(mesh, steps)
    print(digest)
    print(json.dumps(result), flush=True)
    jax.distributed.shutdown()


if __name__ == "__main__":
    main()
