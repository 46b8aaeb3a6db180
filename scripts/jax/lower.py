"""Lower small JAX programs to StableHLO text carrying Shardy (``sdy``) shardings.

Run with 8 fake host CPU devices (the script adds the flag to ``XLA_FLAGS``
itself when it is missing)::

    XLA_FLAGS=--xla_force_host_platform_device_count=8 python lower.py [--out DIR]

Writes ``mlp.mlir`` and ``transformer_block.mlir`` (default: the repo's
``stablehlo/tests/data/mlir/jax/``).  Only the batch dimension of the activations is
pinned (to mesh axis ``data``); weights are passed with ``in_shardings=None``,
i.e. left unspecified for the partitioner to decide.
"""

import argparse
import os
import pathlib

_FLAG = "--xla_force_host_platform_device_count"
if _FLAG not in os.environ.get("XLA_FLAGS", ""):  # must happen before jax starts
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {_FLAG}=8".strip()

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

DEFAULT_OUT = pathlib.Path(__file__).resolve().parents[2] / "stablehlo" / "tests" / "data" / "mlir" / "jax"


def mlp(x, w1, w2):
    """y = relu(x @ w1) @ w2."""
    return jax.nn.relu(x @ w1) @ w2


def layer_norm(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps)


def transformer_block(x, wq, wk, wv, wo, w1, w2):
    """Pre-LN multi-head attention + MLP block; x is [batch, seq, hidden].

    wq/wk/wv are [hidden, heads, head_dim], wo is [heads, head_dim, hidden].
    """
    h = layer_norm(x)
    q = jnp.einsum("bsd,dhk->bhsk", h, wq)
    k = jnp.einsum("bsd,dhk->bhsk", h, wk)
    v = jnp.einsum("bsd,dhk->bhsk", h, wv)
    scores = jnp.einsum("bhqk,bhsk->bhqs", q, k) / jnp.sqrt(jnp.float32(q.shape[-1]))
    attn = jax.nn.softmax(scores, axis=-1)
    ctx = jnp.einsum("bhqs,bhsk->bhqk", attn, v)
    x = x + jnp.einsum("bhsk,hkd->bsd", ctx, wo)
    h = layer_norm(x)
    return x + jax.nn.gelu(h @ w1) @ w2


def f32(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32)


def programs():
    """name -> (function, abstract args, indices of the activation args)."""
    b, s, d, heads, ff = 4, 32, 128, 4, 512
    hd = d // heads
    return {
        "mlp": (mlp, [f32(8, 256), f32(256, 1024), f32(1024, 256)], {0}),
        "transformer_block": (
            transformer_block,
            [f32(b, s, d), f32(d, heads, hd), f32(d, heads, hd), f32(d, heads, hd),
             f32(heads, hd, d), f32(d, ff), f32(ff, d)],
            {0},
        ),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT, help="output directory")
    args = ap.parse_args()

    # Shardy is the default in recent JAX; set it explicitly where the option exists.
    if hasattr(jax.config, "jax_use_shardy_partitioner"):
        jax.config.update("jax_use_shardy_partitioner", True)
    if len(jax.devices()) < 8:
        raise SystemExit("need 8 devices: set XLA_FLAGS=--xla_force_host_platform_device_count=8")

    mesh = Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))
    batch = NamedSharding(mesh, P("data"))
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (fn, avals, acts) in programs().items():
        in_sh = tuple(batch if i in acts else None for i in range(len(avals)))
        text = jax.jit(fn, in_shardings=in_sh, out_shardings=batch).lower(*avals).as_text()
        path = args.out / f"{name}.mlir"
        path.write_text(text)
        print(f"wrote {path} ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    main()
