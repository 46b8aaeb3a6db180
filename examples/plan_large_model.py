"""Plan a large model's training step from shapes alone, under a memory budget.

    python examples/plan_large_model.py [--layers N] [--dim N] [--memory 40GiB] [--time-limit S]

A Llama-style decoder (default: 32 layers of width 4096, FFN 14336, 32k vocabulary,
about 7 billion parameters) whose layers are stacked and run by ``jax.lax.scan``,
trained by AdamW on batches of 8 x 2048 tokens. Its parameters, optimiser state and
batch are ``jax.ShapeDtypeStruct``\\ s: nothing is allocated, so the plan is made on
any machine. autoshard plans it for 8 H100s (``("data", "model") = (2, 4)``) under
``--memory`` per device, and prints the report and the parameters' shardings.
Needs ``pip install './python[jax]'`` (the tested version of JAX:
``python/tests/requirements.txt``).
"""

import argparse
import os

os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

import autoshard.jax  # noqa: E402


def rms_norm(x, scale):
    return x * jax.lax.rsqrt((x * x).mean(-1, keepdims=True) + 1e-6) * scale


def layer(x, p, heads):
    batch, seq, dim = x.shape
    h = rms_norm(x, p["norm1"])
    q, k, v = (jnp.einsum("bsd,dk->bsk", h, p[n]).reshape(batch, seq, heads, -1) for n in ("wq", "wk", "wv"))
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(x.dtype)
    causal = jnp.tril(jnp.ones((seq, seq), bool))
    attn = jax.nn.softmax(jnp.where(causal, scores, -1e9), axis=-1)
    out = jnp.einsum("bhqk,bkhd->bqhd", attn, v).reshape(batch, seq, dim)
    x = x + out @ p["wo"]
    h = rms_norm(x, p["norm2"])
    return x + (jax.nn.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]


def loss(params, tokens, labels, heads):
    x = params["embed"][tokens]
    x, _ = jax.lax.scan(jax.checkpoint(lambda x, p: (layer(x, p, heads), None)), x, params["layers"])
    logits = rms_norm(x, params["norm"]) @ params["head"]
    logp = jax.nn.log_softmax(logits.astype(jnp.float32))
    return -jnp.take_along_axis(logp, labels[..., None], -1).mean()


def adamw_step(params, opt, tokens, labels, heads, lr=1e-4):
    value, grads = jax.value_and_grad(loss)(params, tokens, labels, heads)
    count = opt["count"] + 1
    mu = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, opt["mu"], grads)
    nu = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, opt["nu"], grads)
    params = jax.tree.map(lambda p, m, v: p - lr * (m / (jnp.sqrt(v) + 1e-8) + 0.1 * p), params, mu, nu)
    return params, {"count": count, "mu": mu, "nu": nu}, value


def shapes(layers, dim, ffn, vocab, dtype=jnp.float32):
    s = lambda *shape: jax.ShapeDtypeStruct(shape, dtype)  # noqa: E731
    stacked = {
        "norm1": s(layers, dim), "norm2": s(layers, dim),
        "wq": s(layers, dim, dim), "wk": s(layers, dim, dim), "wv": s(layers, dim, dim), "wo": s(layers, dim, dim),
        "w_gate": s(layers, dim, ffn), "w_up": s(layers, dim, ffn), "w_down": s(layers, ffn, dim),
    }
    return {"embed": s(vocab, dim), "layers": stacked, "norm": s(dim), "head": s(dim, vocab)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--dim", type=int, default=4096)
    ap.add_argument("--ffn", type=int, default=14336)
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--vocab", type=int, default=32000)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq", type=int, default=2048)
    ap.add_argument("--memory", default="40GiB")
    ap.add_argument("--time-limit", type=float, default=30)
    args = ap.parse_args()

    params = shapes(args.layers, args.dim, args.ffn, args.vocab)
    count = sum(x.size for x in jax.tree.leaves(params))
    opt = {"count": jax.ShapeDtypeStruct((), jnp.int32), "mu": params, "nu": params}
    tokens = jax.ShapeDtypeStruct((args.batch, args.seq), jnp.int32)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    print(f"{count / 1e9:.2f}B parameters; state {3 * count * 4 / 2**30:.0f} GiB in all; budget {args.memory} per device")
    plan = autoshard.jax.plan(
        adamw_step, params, opt, tokens, tokens, args.heads, mesh=mesh, static_argnums=4,
        in_shardings=(None, None, P("data"), P("data"), None), donate_argnums=(0, 1),
        memory=args.memory, time_limit=args.time_limit,
    )
    print(plan.report())
    print("parameter shardings:")
    for path, sharding in jax.tree_util.tree_leaves_with_path(plan.in_shardings[0]):
        print(f"  {jax.tree_util.keystr(path):24} {sharding.spec}")
    t = plan.timings
    print(f"lowered in {t.lower_s:.2f}s, solved in {t.solve_s:.2f}s, exported in {t.export_s:.2f}s")


if __name__ == "__main__":
    main()
