"""Train a flax GPT with autoshard's plan applied, beside plain jax.jit.

    python examples/train_gpt.py [--steps N] [--layers N] [--dim N] [--time-limit S]

On 8 host CPU devices (set here), a 2 x 4 mesh of ``data`` and ``model``: the
training step (forward, backward, AdamW; parameters and optimiser state donated) is
compiled by ``autoshard.jax.jit`` with only the batch pinned to ``data``, and every
other sharding, intermediates included, chosen by autoshard. Each step prints the
loss under the plan and under ``jax.jit(step)``, which must agree. Needs
``pip install './python[examples]'`` (the tested versions of JAX, flax and optax:
``python/tests/requirements.txt``).
"""

import argparse
import os
import time

os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402
from flax import nnx  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

import autoshard.jax  # noqa: E402


class Block(nnx.Module):
    def __init__(self, dim, heads, rngs):
        self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(heads, dim, decode=False, rngs=rngs)
        self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
        self.up = nnx.Linear(dim, 4 * dim, rngs=rngs)
        self.down = nnx.Linear(4 * dim, dim, rngs=rngs)

    def __call__(self, x):
        mask = nnx.make_causal_mask(jnp.ones(x.shape[:2]))
        x = x + self.attn(self.ln1(x), mask=mask)
        return x + self.down(jax.nn.gelu(self.up(self.ln2(x))))


class GPT(nnx.Module):
    def __init__(self, vocab, dim, heads, layers, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.blocks = nnx.List([Block(dim, heads, rngs) for _ in range(layers)])
        self.ln = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(self.ln(x))


def make_step(graphdef, tx):
    """The training step as a pure function of the parameters, optimiser state and batch."""

    def step(params, opt_state, tokens, labels):
        def loss_fn(params):
            logits = nnx.merge(graphdef, params)(tokens)
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return step


def batches(steps, batch, seq, vocab):
    rng = np.random.default_rng(0)
    for _ in range(steps):
        tokens = rng.integers(0, vocab, (batch, seq + 1)).astype(np.int32)
        yield tokens[:, :-1], tokens[:, 1:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--seq", type=int, default=64)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--vocab", type=int, default=512)
    ap.add_argument("--time-limit", type=float, default=20)
    args = ap.parse_args()

    mesh = jax.make_mesh((2, 4), ("data", "model"))
    graphdef, params = nnx.split(GPT(args.vocab, args.dim, args.heads, args.layers, nnx.Rngs(0)), nnx.Param)
    tx = optax.adamw(1e-3)
    step = make_step(graphdef, tx)
    sharded = autoshard.jax.jit(
        step, mesh=mesh, in_shardings=(None, None, P("data"), P("data")), donate_argnums=(0, 1),
        time_limit=args.time_limit,
    )
    reference = jax.jit(step, donate_argnums=(0, 1))

    state = (params, tx.init(params))
    ref_state = jax.tree.map(jnp.copy, state)
    for i, (tokens, labels) in enumerate(batches(args.steps, args.batch, args.seq, args.vocab)):
        started = time.perf_counter()
        *state, loss = sharded(*state, tokens, labels)
        if i == 0:
            plan = sharded.plan_for(*state, tokens, labels)
            t = plan.timings
            print(f"planned and compiled in {time.perf_counter() - started:.1f}s "
                  f"(lower {t.lower_s:.2f}s, solve {t.solve_s:.2f}s, export {t.export_s:.2f}s): {plan}")
        *ref_state, ref_loss = reference(*ref_state, tokens, labels)
        print(f"step {i}: loss {float(loss):.6f} (autoshard)  {float(ref_loss):.6f} (jax.jit)")


if __name__ == "__main__":
    main()
