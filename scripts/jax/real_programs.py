"""Lower ordinary flax / optax / equinox programs as users lower them.

Each program is ``jax.jit(fn, in_shardings=..., donate_argnums=...).lower(*args)``
on a 2x4 ``("data", "model")`` mesh of 8 host CPU devices, with only the batch of
the data pinned to ``data`` (the U-Net's one image: its rows over the whole mesh;
every parameter and optimiser state left to the partitioner), printed with ``.as_text()``. The script adds
``--xla_force_host_platform_device_count=8`` itself when it is missing::

    VENV/bin/python scripts/jax/real_programs.py [--out DIR] [--only NAME ...] [--layers N] [--dim N] ... [--no-inputs]

It writes ``NAME.mlir`` per program (default: ``stablehlo/tests/data/mlir/real/``)
and ``NAME.npz``, the real inputs it lowered with (initialised parameters and
optimiser state; seeded tokens in ``[0, VOCAB)`` and seeded normal activations), in
the order of ``@main``'s arguments, for ``roundtrip.py --inputs``: random inputs
would make Adam's second moment or BatchNorm's variance negative. The programs named
by ``GENERIC`` are also written in MLIR's generic form (``NAME.generic.mlir``), as
``print_generic_op_form=True`` prints them. ``--batch``, ``--seq``, ``--dim``,
``--heads``, ``--vocab`` and ``--layers`` write larger programs of the same kind
(the corpus has the defaults), ``--no-inputs`` no ``.npz``. Pinned versions:
``requirements.txt``.
"""

import argparse
import io
import os
import pathlib

_FLAG = "--xla_force_host_platform_device_count"
if _FLAG not in os.environ.get("XLA_FLAGS", ""):  # must happen before jax starts
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {_FLAG}=8".strip()

import equinox as eqx  # noqa: E402
import flax.linen as linen  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402
from flax import nnx  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

DEFAULT_OUT = pathlib.Path(__file__).resolve().parents[2] / "stablehlo" / "tests" / "data" / "mlir" / "real"

BATCH, SEQ, DIM, HEADS, VOCAB, LAYERS = 8, 16, 64, 4, 256, 2
GENERIC = ("nnx_gpt_forward",)


class NnxBlock(nnx.Module):
    def __init__(self, rngs):
        self.ln1 = nnx.LayerNorm(DIM, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(HEADS, DIM, decode=False, rngs=rngs)
        self.ln2 = nnx.LayerNorm(DIM, rngs=rngs)
        self.up = nnx.Linear(DIM, 4 * DIM, rngs=rngs)
        self.down = nnx.Linear(4 * DIM, DIM, rngs=rngs)

    def __call__(self, x):
        mask = nnx.make_causal_mask(jnp.ones(x.shape[:2]))
        x = x + self.attn(self.ln1(x), mask=mask)
        return x + self.down(jax.nn.gelu(self.up(self.ln2(x))))


class NnxGpt(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.blocks = nnx.List([NnxBlock(rngs) for _ in range(LAYERS)])
        self.ln = nnx.LayerNorm(DIM, rngs=rngs)

    def __call__(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(self.ln(x))


def cross_entropy(logits, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def forward_and_adamw_step(name, forward, loss, params, data):
    """``NAME_forward`` (``forward(params, data[0])``) and its training step
    ``NAME_adamw_step``: one adamw step on ``loss(params, *data)``, the parameters and
    optimiser state donated, the data's batch pinned to ``data``."""
    tx = optax.adamw(1e-3)

    def train_step(params, opt_state, *batch):
        value, grads = jax.value_and_grad(loss)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value

    pinned = {2 + i: P("data") for i in range(len(data))}
    return {
        f"{name}_forward": (forward, (params, data[0]), {1: P("data")}, ()),
        f"{name}_adamw_step": (train_step, (params, tx.init(params), *data), pinned, (0, 1)),
    }


def nnx_programs():
    graphdef, params = nnx.split(NnxGpt(nnx.Rngs(0)), nnx.Param)
    tokens = jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32)

    def forward(params, tokens):
        return nnx.merge(graphdef, params)(tokens)

    def loss(params, tokens, labels):
        return cross_entropy(forward(params, tokens), labels)

    return forward_and_adamw_step("nnx_gpt", forward, loss, params, (tokens, tokens))


class LinenBlock(linen.Module):
    @linen.compact
    def __call__(self, x, _):
        h = linen.LayerNorm()(x)
        x = x + linen.SelfAttention(num_heads=HEADS)(h)
        h = linen.LayerNorm()(x)
        return x + linen.Dense(DIM)(jax.nn.gelu(linen.Dense(4 * DIM)(h))), None


class LinenScanned(linen.Module):
    @linen.compact
    def __call__(self, x):
        stack = linen.scan(LinenBlock, variable_axes={"params": 0}, split_rngs={"params": True},
                           length=LAYERS)
        x, _ = stack()(x, None)
        return x


def linen_programs():
    model = LinenScanned()
    x = jnp.zeros((BATCH, SEQ, DIM))
    params = model.init(jax.random.key(0), x)

    def forward(params, x):
        return model.apply(params, x)

    def loss(params, x, y):
        return jnp.mean((forward(params, x) - y) ** 2)

    act = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return forward_and_adamw_step("linen_scan", forward, loss, params, (act, act))


class ConvNet(linen.Module):
    @linen.compact
    def __call__(self, x, train: bool = True):
        x = linen.Conv(16, (3, 3))(x)
        x = linen.BatchNorm(use_running_average=not train)(x)
        x = jax.nn.relu(x)
        x = linen.max_pool(x, (2, 2), strides=(2, 2))
        x = linen.Conv(32, (3, 3))(x)
        x = linen.GroupNorm(num_groups=4)(x)
        x = linen.avg_pool(x, (2, 2), strides=(2, 2))
        return linen.Dense(10)(x.reshape(x.shape[0], -1))


class UNet(linen.Module):
    """A one-level U-Net: 3x3 convolutions, a 2x2 max-pool, a transposed
    convolution back up and the skip joined along channels."""

    @linen.compact
    def __call__(self, x):
        e1 = jax.nn.relu(linen.Conv(8, (3, 3))(x))
        e2 = jax.nn.relu(linen.Conv(16, (3, 3))(linen.max_pool(e1, (2, 2), strides=(2, 2))))
        up = linen.ConvTranspose(8, (2, 2), strides=(2, 2))(e2)
        d = jax.nn.relu(linen.Conv(8, (3, 3))(jnp.concatenate([up, e1], axis=-1)))
        return linen.Conv(2, (1, 1))(d)


def unet_programs():
    """An AdamW step of a U-Net on one 32x32 image, its rows pinned over the whole
    mesh (a tile loader's layout; there is no batch to split)."""
    unet = UNet()
    params = unet.init(jax.random.key(3), jnp.zeros((1, 32, 32, 3)))
    tx = optax.adamw(1e-3)

    def step(params, opt_state, images, targets):
        def loss(p):
            return jnp.mean((unet.apply(p, images) - targets) ** 2)

        value, grads = jax.value_and_grad(loss)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value

    rows = P(None, ("data", "model"))
    f32 = lambda *s: jax.ShapeDtypeStruct(s, jnp.float32)  # noqa: E731
    args = (params, tx.init(params), f32(1, 32, 32, 3), f32(1, 32, 32, 2))
    return {"linen_unet_adamw_step": (step, args, {2: rows, 3: rows}, (0, 1))}


def other_programs():
    convnet = ConvNet()
    images = jnp.zeros((BATCH, 16, 16, 3))
    variables = convnet.init(jax.random.key(0), images)

    def conv_forward(variables, images):
        logits, _ = convnet.apply(variables, images, mutable=["batch_stats"])
        return logits

    block = eqx.nn.MultiheadAttention(HEADS, DIM, key=jax.random.key(1))
    mlp = eqx.nn.MLP(DIM, DIM, 4 * DIM, 1, key=jax.random.key(2))
    norm = eqx.nn.LayerNorm(DIM)

    eqx_params, eqx_static = eqx.partition((block, mlp), eqx.is_array)

    def eqx_block(params, x):
        block, mlp = eqx.combine(params, eqx_static)

        def one(seq):
            h = jax.vmap(norm)(seq)
            seq = seq + block(h, h, h)
            return seq + jax.vmap(mlp)(jax.vmap(norm)(seq))

        return jax.vmap(one)(x)

    def moe(x, router, w_in, w_out):
        scores = jax.nn.softmax(x @ router, axis=-1)
        weights, experts = jax.lax.top_k(scores, 2)
        hidden = jax.nn.relu(jnp.einsum("bd,edf->bef", x, w_in))
        out = jnp.einsum("bef,efd->bed", hidden, w_out)
        picked = jnp.take_along_axis(out, experts[:, :, None], axis=1)
        return jnp.sum(picked * weights[:, :, None], axis=1)

    def classify(logits, labels):
        accuracy = jnp.mean(jnp.argmax(logits, axis=-1) == labels)
        return cross_entropy(logits, labels), accuracy

    def loops(x, w):
        x = jax.lax.fori_loop(0, 3, lambda i, h: jnp.tanh(h @ w), x)
        x = jax.lax.cond(jnp.sum(x) > 0, lambda h: h * 2.0, lambda h: h - 1.0, x)
        return jax.checkpoint(lambda h: jnp.sin(h @ w) @ w)(x)

    def collectives(x, w):
        # A shard_map body: psum, ppermute and a tiled all_gather over "model".
        def body(x, w):
            y = x @ w
            y = y / (jax.lax.psum(jnp.sum(y * y, axis=1, keepdims=True), "model") + 1.0)
            y = jax.lax.ppermute(y, "model", [(i, (i + 1) % 4) for i in range(4)])
            return jax.lax.all_gather(y, "model", axis=1, tiled=True)

        mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("data", "model"))
        specs = (P("data", None), P(None, "model"))
        return jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P("data", None), check_vma=False)(x, w)

    def vocab_parallel_embed(table, ids):
        # Megatron's vocabulary-parallel embedding as a shard_map body: each device
        # finds its rows with axis_index (partition_id), looks the ids up in them,
        # zeros the ids that are not its own, and the devices' rows are summed.
        def body(table, ids):
            rows = table.shape[0]
            local = ids - jax.lax.axis_index("model") * rows
            inside = (local >= 0) & (local < rows)
            found = jnp.take(table, jnp.clip(local, 0, rows - 1), axis=0)
            return jax.lax.psum(jnp.where(inside[..., None], found, 0.0), "model")

        mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("data", "model"))
        specs = (P("model", None), P("data", None))
        return jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P("data", None, None), check_vma=False)(
            table, ids
        )

    def token_shift_mix(x, mu, w):
        # RWKV's time mix: each token mixed with the one before it (the sequence
        # shifted by a pad and a slice), then projected; the sequence split over
        # "model" (context parallelism) as pinned.
        shifted = jnp.pad(x, ((0, 0), (1, 0), (0, 0)))[:, :-1]
        return (x * mu + shifted * (1.0 - mu)) @ w

    f32 = lambda *s: jax.ShapeDtypeStruct(s, jnp.float32)  # noqa: E731
    i32 = lambda *s: jax.ShapeDtypeStruct(s, jnp.int32)  # noqa: E731
    return {
        "linen_convnet_forward": (conv_forward, (variables, f32(BATCH, 16, 16, 3)), {1: P("data")}, ()),
        "eqx_block": (eqx_block, (eqx_params, f32(BATCH, SEQ, DIM)), {1: P("data")}, ()),
        "moe_top2": (moe, (f32(BATCH, DIM), f32(DIM, 4), f32(4, DIM, 2 * DIM), f32(4, 2 * DIM, DIM)),
                     {0: P("data")}, ()),
        "argmax_cross_entropy": (classify, (f32(BATCH, VOCAB), i32(BATCH)), {0: P("data"), 1: P("data")}, ()),
        "loops_cond_remat": (loops, (f32(BATCH, DIM), f32(DIM, DIM)), {0: P("data")}, ()),
        "shard_map_collectives": (collectives, (f32(BATCH, DIM), f32(DIM, 2 * DIM)), {0: P("data")}, ()),
        "token_shift_mix": (token_shift_mix, (f32(BATCH, SEQ * 8, DIM), f32(DIM), f32(DIM, DIM)),
                            {0: P("data", "model")}, ()),
        "shard_map_axis_index": (vocab_parallel_embed, (f32(VOCAB, DIM), i32(BATCH, SEQ)), {1: P("data")}, ()),
    }


def vit_and_table_programs():
    """ViT's awkward shapes, and tables closed over: ``linen_vit_adamw_step`` (the
    training steps' ViT at a small size: 2x2 patches of 16x16 images and a class
    token, 65 tokens; a 100-class head) and ``rope_table_adamw_step`` (a one-layer
    decoder whose RoPE sin/cos tables and causal mask are numpy arrays closed over,
    which JAX writes as hex-string dense literals); both adamw steps, the state
    donated, the batch pinned to ``data``."""
    from solver_programs import ViT, adamw_step  # noqa: PLC0415 (solver_programs imports this module)

    rng = np.random.default_rng(4)
    vit = ViT(patch=2, dim=DIM // 2, layers=1, heads=2, mlp=DIM, classes=100)
    images = jnp.asarray(rng.standard_normal((BATCH, 16, 16, 3)), jnp.float32)
    labels = jnp.asarray(rng.integers(0, 100, BATCH), jnp.int32)

    def vit_loss(params, images, labels):
        return cross_entropy(vit.apply(params, images), labels)

    head = DIM // HEADS
    angles = np.arange(SEQ)[:, None] / 10000 ** (np.arange(0, head, 2)[None, :] / head)
    angles = np.concatenate([angles, angles], axis=-1)  # (SEQ, head): 256 elements
    sin, cos = np.sin(angles).astype(np.float32), np.cos(angles).astype(np.float32)
    mask = np.tril(np.ones((SEQ, SEQ), bool))

    def rope(x):
        half = x.shape[-1] // 2
        rotated = jnp.concatenate([-x[..., half:], x[..., :half]], axis=-1)
        return x * cos[None, :, None, :] + rotated * sin[None, :, None, :]

    def decoder_loss(p, tokens, targets):
        x = p["embed"][tokens]
        split = lambda h: h.reshape(*h.shape[:2], HEADS, head)  # noqa: E731
        q, k, v = rope(split(x @ p["wq"])), rope(split(x @ p["wk"])), split(x @ p["wv"])
        scores = jnp.where(mask, jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(head), -1e9)
        attended = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, axis=-1), v).reshape(x.shape)
        return cross_entropy((x + attended @ p["wo"]) @ p["embed"].T, targets)

    weights = {name: jnp.asarray(rng.standard_normal(shape) * 0.1, jnp.float32) for name, shape in
               [("embed", (VOCAB, DIM)), ("wq", (DIM, DIM)), ("wk", (DIM, DIM)), ("wv", (DIM, DIM)), ("wo", (DIM, DIM))]}
    tokens = jnp.asarray(rng.integers(0, VOCAB, (BATCH, SEQ + 1)), jnp.int32)
    return {
        "linen_vit_adamw_step": adamw_step(vit_loss, vit.init(jax.random.key(0), images[:1]), (images, labels)),
        "rope_table_adamw_step": adamw_step(decoder_loss, weights, (tokens[:, :-1], tokens[:, 1:])),
    }


def concrete(args, seed):
    """``args`` with every abstract leaf replaced by seeded data of its shape."""
    rng = np.random.default_rng(seed)

    def fill(leaf):
        if not isinstance(leaf, jax.ShapeDtypeStruct):
            return leaf
        if jnp.issubdtype(leaf.dtype, jnp.integer):
            return jnp.asarray(rng.integers(0, VOCAB, leaf.shape), leaf.dtype)
        return jnp.asarray(rng.standard_normal(leaf.shape) * 0.5, leaf.dtype)

    return jax.tree.map(fill, args, is_leaf=lambda x: isinstance(x, jax.ShapeDtypeStruct))


def lower(mesh, fn, args, pinned, donate, generic=False):
    shardings = tuple(NamedSharding(mesh, pinned[i]) if i in pinned else None for i in range(len(args)))
    jitted = jax.jit(fn, in_shardings=shardings, donate_argnums=donate, keep_unused=True)
    lowered = jitted.lower(*args)
    if not generic:
        return lowered.as_text()
    out = io.StringIO()
    lowered.compiler_ir("stablehlo").operation.print(file=out, print_generic_op_form=True)
    return out.getvalue()


def main():
    global BATCH, SEQ, DIM, HEADS, VOCAB, LAYERS
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT, help="output directory")
    ap.add_argument("--only", nargs="*", help="programs to write (default: all)")
    sizes = {"batch": BATCH, "seq": SEQ, "dim": DIM, "heads": HEADS, "vocab": VOCAB, "layers": LAYERS}
    for size, default in sizes.items():
        ap.add_argument(f"--{size}", type=int, default=default,
                        help=f"{size} of the programs (default {default}, the corpus's)")
    ap.add_argument("--no-inputs", action="store_true", help="write no NAME.npz")
    opts = ap.parse_args()
    BATCH, SEQ, DIM, HEADS, VOCAB, LAYERS = (getattr(opts, size) for size in sizes)
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("data", "model"))
    opts.out.mkdir(parents=True, exist_ok=True)
    programs = {**nnx_programs(), **linen_programs(), **other_programs(), **unet_programs(),
                **vit_and_table_programs()}
    for name, (fn, args, pinned, donate) in programs.items():
        if opts.only and name not in opts.only:
            continue
        if not opts.no_inputs:
            args = concrete(args, seed=0)
        text = lower(mesh, fn, args, pinned, donate)
        (opts.out / f"{name}.mlir").write_text(text)
        leaves = jax.tree.leaves(args)
        if not opts.no_inputs:
            np.savez_compressed(opts.out / f"{name}.npz", *(np.asarray(x) for x in leaves))
        print(f"{name}: {text.count(chr(10))} lines, {len(leaves)} inputs")
        if name in GENERIC:
            (opts.out / f"{name}.generic.mlir").write_text(lower(mesh, fn, args, pinned, donate, generic=True))


if __name__ == "__main__":
    main()
