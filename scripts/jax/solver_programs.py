"""Seven ordinary JAX training steps, for timing the solver on programs of real kinds.

Each program is one full training step as users write it with flax layers (nnx or
linen) and optax: forward, loss, ``jax.value_and_grad``, an ``optax.adamw`` update,
the parameters and optimiser state donated, and the batch's leading dimension pinned
to ``PartitionSpec("data")`` on a 2x4 ``("data", "model")`` mesh of 8 host CPU
devices (everything else left to the partitioner), as ``real_programs.py`` lowers
its programs:

- ``llama``: a decoder with grouped-query attention (8 query heads, 2 key/value
  heads), RoPE, RMSNorm, a SwiGLU MLP and a causal mask; sequence 128, vocabulary 4096;
- ``vit``: a vision transformer (linen): a 4x4 convolutional patch embedding of 32x32x3
  images, a class token, a learned position embedding, pre-LN attention blocks and a
  100-class head;
- ``t5``: an encoder-decoder (T5-style: RMSNorm, bucketed relative position bias,
  cross-attention, a tied and rescaled output embedding); sequences 64 and 64,
  vocabulary 4096;
- ``unet``: a convolutional diffusion U-Net (linen): GroupNorm residual blocks, a
  sinusoidal time embedding, strided-convolution down-sampling, transposed-convolution
  up-sampling, skips joined along channels; the epsilon-prediction MSE on 32x32x3
  images, noised by the cosine schedule (``unet_table``, built only when named: the
  same with a precomputed 1000-step noise table closed over, which JAX prints as a
  hex-string dense literal);
- ``gnn``: a message-passing network (linen) over a batch of 16 graphs in jraph's
  layout (one big graph: node features, ``senders`` / ``receivers`` edge lists;
  gathers and ``jax.ops.segment_sum`` with GCN degree normalisation), node
  classification; the node and edge dimensions pinned to ``data``;
- ``ssm``: a Mamba-like language model: selective state-space mixers (input-dependent
  delta, B and C, a depthwise causal convolution, a ``lax.scan`` over the sequence,
  the SiLU gate) each followed by a gated MLP; sequence 128;
- ``lm_head``: a 2-layer transformer with a 32,000-token vocabulary whose output
  logits use the embedding's transpose (``nnx.Embed.attend``), cross-entropy.

All have 4 layers (``lm_head``: 2), width 256 (``lm_head``: 224), batch 16, and 1-9M
parameters. ``programs()`` returns ``{name: (fn, args, pinned, donate)}`` as
``real_programs.py``'s builders do (args are arrays: initialised parameters and
optimiser state, seeded data). The script writes each lowered module::

    VENV/bin/python scripts/jax/solver_programs.py [--out DIR] [--only NAME ...] [--check]

``NAME.mlir`` per program in ``--out`` (default ``target/solver-programs``), for the
command line (``autoshard solve DIR/llama.mlir``); ``--check`` also runs each step
once under ``jax.jit`` on the 8 devices and fails unless its loss is finite. It adds
``--xla_force_host_platform_device_count=8`` itself when the flag is missing.
"""

import argparse
import math
import os
import pathlib
import sys
import time

_FLAG = "--xla_force_host_platform_device_count"
if _FLAG not in os.environ.get("XLA_FLAGS", ""):  # must happen before jax starts
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {_FLAG}=8".strip()

import flax.linen as linen  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402
from flax import nnx  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from real_programs import cross_entropy  # noqa: E402  (the corpus's loss, shared)

DEFAULT_OUT = pathlib.Path("target/solver-programs")

BATCH, DIM, LAYERS = 16, 256, 4


# ---------------------------------------------------------------------------------
# The training step every program shares


def adamw_step(loss, params, batch, pinned=None):
    """``(fn, args, pinned, donate)`` of one adamw step on ``loss(params, *batch)``:
    the parameters and optimiser state donated, every batch array's leading
    dimension pinned to ``data`` (or as ``pinned`` says, by position in ``batch``)."""
    tx = optax.adamw(1e-3, weight_decay=0.01)

    def train_step(params, opt_state, *batch):
        value, grads = jax.value_and_grad(loss)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value

    pins = {2 + i: (pinned or {}).get(i, P("data")) for i in range(len(batch))}
    return train_step, (params, tx.init(params), *batch), pins, (0, 1)


def nnx_step(model, loss, batch):
    """An adamw step of an nnx model: its parameters split off as a pytree (the
    state a training loop carries), merged back inside the loss."""
    graphdef, params = nnx.split(model, nnx.Param)

    def loss_of_params(params, *batch):
        return loss(nnx.merge(graphdef, params), *batch)

    return adamw_step(loss_of_params, params, batch)


def rng(seed):
    return np.random.default_rng(seed)


def tokens(seed, shape, vocab):
    return jnp.asarray(rng(seed).integers(0, vocab, shape), jnp.int32)


# ---------------------------------------------------------------------------------
# llama: GQA, RoPE, RMSNorm, SwiGLU


def rope(x, positions, base=10000.0):
    """Rotary position embedding of ``x`` (batch, seq, heads, head_dim), the halves
    rotated as in Llama's reference code."""
    half = x.shape[-1] // 2
    freqs = 1.0 / base ** (jnp.arange(half, dtype=jnp.float32) / half)
    angles = positions[:, None] * freqs[None, :]  # (seq, half)
    sin, cos = jnp.sin(angles)[None, :, None, :], jnp.cos(angles)[None, :, None, :]
    x1, x2 = x[..., :half], x[..., half:]
    return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


class LlamaAttention(nnx.Module):
    def __init__(self, dim, heads, kv_heads, rngs):
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, dim // heads
        self.q = nnx.Linear(dim, heads * self.head_dim, use_bias=False, rngs=rngs)
        self.k = nnx.Linear(dim, kv_heads * self.head_dim, use_bias=False, rngs=rngs)
        self.v = nnx.Linear(dim, kv_heads * self.head_dim, use_bias=False, rngs=rngs)
        self.o = nnx.Linear(heads * self.head_dim, dim, use_bias=False, rngs=rngs)

    def __call__(self, x, positions):
        b, s, _ = x.shape
        q = self.q(x).reshape(b, s, self.heads, self.head_dim)
        k = self.k(x).reshape(b, s, self.kv_heads, self.head_dim)
        v = self.v(x).reshape(b, s, self.kv_heads, self.head_dim)
        q, k = rope(q, positions), rope(k, positions)
        out = jax.nn.dot_product_attention(q, k, v, is_causal=True)  # GQA: kv heads repeated
        return self.o(out.reshape(b, s, -1))


class SwiGLU(nnx.Module):
    def __init__(self, dim, hidden, rngs):
        self.gate = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs)
        self.up = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return self.down(jax.nn.silu(self.gate(x)) * self.up(x))


class LlamaBlock(nnx.Module):
    def __init__(self, dim, heads, kv_heads, hidden, rngs):
        self.attn_norm = nnx.RMSNorm(dim, epsilon=1e-5, rngs=rngs)
        self.attn = LlamaAttention(dim, heads, kv_heads, rngs)
        self.mlp_norm = nnx.RMSNorm(dim, epsilon=1e-5, rngs=rngs)
        self.mlp = SwiGLU(dim, hidden, rngs)

    def __call__(self, x, positions):
        x = x + self.attn(self.attn_norm(x), positions)
        return x + self.mlp(self.mlp_norm(x))


class Llama(nnx.Module):
    def __init__(self, vocab, dim, layers, heads, kv_heads, hidden, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.blocks = nnx.List([LlamaBlock(dim, heads, kv_heads, hidden, rngs) for _ in range(layers)])
        self.norm = nnx.RMSNorm(dim, epsilon=1e-5, rngs=rngs)
        self.lm_head = nnx.Linear(dim, vocab, use_bias=False, rngs=rngs)

    def __call__(self, tokens):
        positions = jnp.arange(tokens.shape[1], dtype=jnp.float32)
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x, positions)
        return self.lm_head(self.norm(x))


def llama():
    vocab, seq = 4096, 128
    model = Llama(vocab, DIM, LAYERS, heads=8, kv_heads=2, hidden=768, rngs=nnx.Rngs(0))
    data = tokens(1, (BATCH, seq + 1), vocab)

    def loss(model, inputs, targets):
        return cross_entropy(model(inputs), targets)

    return nnx_step(model, loss, (data[:, :-1], data[:, 1:]))


# ---------------------------------------------------------------------------------
# vit (linen)


class ViTBlock(linen.Module):
    heads: int
    mlp: int

    @linen.compact
    def __call__(self, x):
        h = linen.LayerNorm()(x)
        x = x + linen.MultiHeadDotProductAttention(num_heads=self.heads)(h, h)
        h = linen.LayerNorm()(x)
        h = linen.Dense(self.mlp)(h)
        return x + linen.Dense(x.shape[-1])(jax.nn.gelu(h))


class ViT(linen.Module):
    patch: int = 4
    dim: int = DIM
    layers: int = LAYERS
    heads: int = 8
    mlp: int = 4 * DIM
    classes: int = 100

    @linen.compact
    def __call__(self, images):
        x = linen.Conv(self.dim, (self.patch, self.patch), strides=(self.patch, self.patch), padding="VALID",
                       name="patch_embed")(images)
        b, h, w, c = x.shape
        x = x.reshape(b, h * w, c)
        cls = self.param("cls", linen.initializers.zeros, (1, 1, c))
        x = jnp.concatenate([jnp.tile(cls, (b, 1, 1)), x], axis=1)
        pos = self.param("pos_embedding", linen.initializers.normal(stddev=0.02), (1, h * w + 1, c))
        x = x + pos
        for i in range(self.layers):
            x = ViTBlock(self.heads, self.mlp, name=f"block{i}")(x)
        x = linen.LayerNorm(name="norm")(x)
        return linen.Dense(self.classes, name="head")(x[:, 0])


def vit():
    model = ViT()
    images = jnp.asarray(rng(2).standard_normal((BATCH, 32, 32, 3)), jnp.float32)
    labels = tokens(3, (BATCH,), 100)
    params = model.init(jax.random.key(0), images[:1])

    def loss(params, images, labels):
        return cross_entropy(model.apply(params, images), labels)

    return adamw_step(loss, params, (images, labels))


# ---------------------------------------------------------------------------------
# t5: encoder-decoder, relative position bias, cross-attention


def relative_bucket(relative, bidirectional, buckets=32, max_distance=128):
    """T5's bucketing of relative positions (``key - query``)."""
    out = 0
    if bidirectional:
        buckets //= 2
        out = (relative > 0).astype(jnp.int32) * buckets
        relative = jnp.abs(relative)
    else:
        relative = -jnp.minimum(relative, 0)
    exact = buckets // 2
    large = exact + (jnp.log(jnp.maximum(relative, 1) / exact) / math.log(max_distance / exact)
                     * (buckets - exact)).astype(jnp.int32)
    large = jnp.minimum(large, buckets - 1)
    return out + jnp.where(relative < exact, relative, large)


class T5Attention(nnx.Module):
    def __init__(self, dim, heads, rngs, relative_bias=None):
        self.heads, self.head_dim = heads, dim // heads
        self.q = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.k = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.v = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.o = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        # Only the first layer of a stack owns the bias table ("bidirectional" or
        # "causal"); the others are handed the bias it computes.
        self.relative_bias = relative_bias
        if relative_bias is not None:
            self.bias_table = nnx.Embed(32, heads, rngs=rngs)

    def position_bias(self, q_len, k_len):
        relative = jnp.arange(k_len)[None, :] - jnp.arange(q_len)[:, None]
        buckets = relative_bucket(relative, self.relative_bias == "bidirectional")
        return self.bias_table(buckets).transpose(2, 0, 1)[None]  # (1, heads, q, k)

    def __call__(self, x, kv, bias=None, mask=None):
        b, s, _ = x.shape
        split = lambda t: t.reshape(b, t.shape[1], self.heads, self.head_dim)  # noqa: E731
        if self.relative_bias is not None:
            bias = self.position_bias(s, kv.shape[1])
        # T5 does not scale the logits: the initialisation does it.
        q = split(self.q(x)) * math.sqrt(self.head_dim)
        out = nnx.dot_product_attention(q, split(self.k(kv)), split(self.v(kv)), bias=bias, mask=mask)
        return self.o(out.reshape(b, s, -1)), bias


class T5Mlp(nnx.Module):
    def __init__(self, dim, hidden, rngs):
        self.wi = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs)
        self.wo = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return self.wo(jax.nn.relu(self.wi(x)))


class T5EncoderLayer(nnx.Module):
    def __init__(self, dim, heads, hidden, first, rngs):
        self.norm1 = nnx.RMSNorm(dim, rngs=rngs)
        self.attn = T5Attention(dim, heads, rngs, "bidirectional" if first else None)
        self.norm2 = nnx.RMSNorm(dim, rngs=rngs)
        self.mlp = T5Mlp(dim, hidden, rngs)

    def __call__(self, x, bias, mask):
        h = self.norm1(x)
        h, bias = self.attn(h, h, bias, mask)
        x = x + h
        return x + self.mlp(self.norm2(x)), bias


class T5DecoderLayer(nnx.Module):
    def __init__(self, dim, heads, hidden, first, rngs):
        self.norm1 = nnx.RMSNorm(dim, rngs=rngs)
        self.self_attn = T5Attention(dim, heads, rngs, "causal" if first else None)
        self.norm2 = nnx.RMSNorm(dim, rngs=rngs)
        self.cross_attn = T5Attention(dim, heads, rngs)
        self.norm3 = nnx.RMSNorm(dim, rngs=rngs)
        self.mlp = T5Mlp(dim, hidden, rngs)

    def __call__(self, x, encoded, bias, causal, cross_mask):
        h = self.norm1(x)
        h, bias = self.self_attn(h, h, bias, causal)
        x = x + h
        h, _ = self.cross_attn(self.norm2(x), encoded, None, cross_mask)
        x = x + h
        return x + self.mlp(self.norm3(x)), bias


class T5(nnx.Module):
    def __init__(self, vocab, dim, layers, heads, hidden, rngs):
        self.dim = dim
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.encoder = nnx.List([T5EncoderLayer(dim, heads, hidden, i == 0, rngs) for i in range(layers)])
        self.encoder_norm = nnx.RMSNorm(dim, rngs=rngs)
        self.decoder = nnx.List([T5DecoderLayer(dim, heads, hidden, i == 0, rngs) for i in range(layers)])
        self.decoder_norm = nnx.RMSNorm(dim, rngs=rngs)

    def __call__(self, inputs, decoder_inputs):
        enc_mask = nnx.make_attention_mask(inputs > 0, inputs > 0)
        x, bias = self.embed(inputs), None
        for layer in self.encoder:
            x, bias = layer(x, bias, enc_mask)
        encoded = self.encoder_norm(x)
        causal = nnx.make_causal_mask(decoder_inputs)
        cross_mask = nnx.make_attention_mask(decoder_inputs > -1, inputs > 0)
        y, bias = self.embed(decoder_inputs), None
        for layer in self.decoder:
            y, bias = layer(y, encoded, bias, causal, cross_mask)
        y = self.decoder_norm(y) * self.dim**-0.5  # the tied output embedding, rescaled
        return self.embed.attend(y)


def t5():
    vocab, seq = 4096, 64
    model = T5(vocab, DIM, LAYERS, heads=8, hidden=768, rngs=nnx.Rngs(0))
    inputs = tokens(4, (BATCH, seq), vocab)
    targets = tokens(5, (BATCH, seq), vocab)
    decoder_inputs = jnp.pad(targets[:, :-1], ((0, 0), (1, 0)))  # shifted right, 0 = start

    def loss(model, inputs, decoder_inputs, targets):
        return cross_entropy(model(inputs, decoder_inputs), targets)

    return nnx_step(model, loss, (inputs, decoder_inputs, targets))


# ---------------------------------------------------------------------------------
# unet (linen): a diffusion U-Net


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = jnp.exp(-math.log(10000.0) * jnp.arange(half, dtype=jnp.float32) / half)
    angles = t[:, None].astype(jnp.float32) * freqs[None, :]
    return jnp.concatenate([jnp.sin(angles), jnp.cos(angles)], axis=-1)


class ResBlock(linen.Module):
    features: int

    @linen.compact
    def __call__(self, x, emb):
        h = jax.nn.silu(linen.GroupNorm(num_groups=8)(x))
        h = linen.Conv(self.features, (3, 3))(h)
        h = h + linen.Dense(self.features)(jax.nn.silu(emb))[:, None, None, :]
        h = jax.nn.silu(linen.GroupNorm(num_groups=8)(h))
        h = linen.Conv(self.features, (3, 3))(h)
        if x.shape[-1] != self.features:
            x = linen.Conv(self.features, (1, 1))(x)
        return x + h


class DiffusionUNet(linen.Module):
    channels: tuple = (64, 128, 256)

    @linen.compact
    def __call__(self, x, t):
        emb = timestep_embedding(t, self.channels[0])
        emb = linen.Dense(4 * self.channels[0])(emb)
        emb = linen.Dense(4 * self.channels[0])(jax.nn.silu(emb))
        h = linen.Conv(self.channels[0], (3, 3))(x)
        skips = []
        for i, c in enumerate(self.channels):
            h = ResBlock(c)(h, emb)
            if i < len(self.channels) - 1:
                skips.append(h)
                h = linen.Conv(c, (3, 3), strides=(2, 2))(h)  # down
        h = ResBlock(self.channels[-1])(h, emb)  # the middle
        for c in reversed(self.channels[:-1]):
            h = linen.ConvTranspose(c, (2, 2), strides=(2, 2))(h)  # up
            h = jnp.concatenate([h, skips.pop()], axis=-1)
            h = ResBlock(c)(h, emb)
        h = jax.nn.silu(linen.GroupNorm(num_groups=8)(h))
        return linen.Conv(x.shape[-1], (3, 3))(h)


def unet(schedule="cosine"):
    """The U-Net's step. ``schedule="cosine"``: the noise level computed from the
    timestep inside the step (the cosine schedule of improved DDPM); ``"table"``:
    a precomputed linear-beta table of 1000 levels closed over and indexed by the
    timesteps, as diffusers-style code does (``unet_table``: JAX prints the table as a
    hex-string dense literal)."""
    model = DiffusionUNet()
    r = rng(6)
    images = jnp.asarray(r.uniform(-1, 1, (BATCH, 32, 32, 3)), jnp.float32)
    noise = jnp.asarray(r.standard_normal((BATCH, 32, 32, 3)), jnp.float32)
    steps = jnp.asarray(r.integers(0, 1000, (BATCH,)), jnp.int32)
    params = model.init(jax.random.key(0), images[:1], steps[:1])
    table = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.02, 1000))

    def signal_level(steps):
        if schedule == "table":
            return table[steps]
        s = 0.008
        return jnp.cos((steps / 1000.0 + s) / (1.0 + s) * jnp.pi / 2) ** 2

    def loss(params, images, noise, steps):
        a = signal_level(steps)[:, None, None, None]
        noisy = jnp.sqrt(a) * images + jnp.sqrt(1.0 - a) * noise
        return jnp.mean((model.apply(params, noisy, steps) - noise) ** 2)

    return adamw_step(loss, params, (images, noise, steps))


# ---------------------------------------------------------------------------------
# gnn (linen): message passing over jraph-style edge lists


class GraphLayer(linen.Module):
    """A GCN-normalised message-passing layer with a residual MLP update."""

    dim: int

    @linen.compact
    def __call__(self, nodes, senders, receivers, norm_s, norm_r):
        messages = linen.Dense(self.dim, use_bias=False, name="message")(nodes)[senders] * norm_s
        aggregated = jax.ops.segment_sum(messages, receivers, num_segments=nodes.shape[0]) * norm_r
        h = linen.Dense(self.dim, name="update")(jnp.concatenate([nodes, aggregated], axis=-1))
        h = linen.LayerNorm()(nodes + jax.nn.relu(h))
        return h + linen.Dense(self.dim)(jax.nn.gelu(linen.Dense(2 * self.dim)(h)))


class GNN(linen.Module):
    dim: int = DIM
    layers: int = LAYERS
    classes: int = 40

    @linen.compact
    def __call__(self, features, senders, receivers):
        n = features.shape[0]
        ones = jnp.ones(senders.shape, jnp.float32)
        out_degree = jax.ops.segment_sum(ones, senders, num_segments=n) + 1.0
        in_degree = jax.ops.segment_sum(ones, receivers, num_segments=n) + 1.0
        norm_s = jax.lax.rsqrt(out_degree)[senders][:, None]
        norm_r = jax.lax.rsqrt(in_degree)[:, None]
        h = linen.Dense(self.dim, name="encode")(features)
        for i in range(self.layers):
            h = GraphLayer(self.dim, name=f"layer{i}")(h, senders, receivers, norm_s, norm_r)
        return linen.Dense(self.classes, name="decode")(h)


def gnn():
    graphs, nodes_per, edges_per, features, classes = BATCH, 128, 512, 128, 40
    r = rng(7)
    # 16 graphs batched jraph-style into one: each graph's edges stay inside it.
    offsets = np.repeat(np.arange(graphs) * nodes_per, edges_per)
    senders = jnp.asarray(r.integers(0, nodes_per, graphs * edges_per) + offsets, jnp.int32)
    receivers = jnp.asarray(r.integers(0, nodes_per, graphs * edges_per) + offsets, jnp.int32)
    x = jnp.asarray(r.standard_normal((graphs * nodes_per, features)), jnp.float32)
    labels = jnp.asarray(r.integers(0, classes, graphs * nodes_per), jnp.int32)
    model = GNN(classes=classes)
    params = model.init(jax.random.key(0), x, senders, receivers)

    def loss(params, x, senders, receivers, labels):
        return cross_entropy(model.apply(params, x, senders, receivers), labels)

    return adamw_step(loss, params, (x, senders, receivers, labels))


# ---------------------------------------------------------------------------------
# ssm: a Mamba-like selective state-space model


class MambaMixer(nnx.Module):
    def __init__(self, dim, rngs, expand=2, state=16, conv=4, dt_rank=16):
        inner = expand * dim
        self.state, self.dt_rank = state, dt_rank
        self.in_proj = nnx.Linear(dim, 2 * inner, use_bias=False, rngs=rngs)
        self.conv = nnx.Conv(inner, inner, (conv,), padding=((conv - 1, 0),), feature_group_count=inner, rngs=rngs)
        self.x_proj = nnx.Linear(inner, dt_rank + 2 * state, use_bias=False, rngs=rngs)
        self.dt_proj = nnx.Linear(dt_rank, inner, rngs=rngs)
        a = jnp.tile(jnp.arange(1, state + 1, dtype=jnp.float32), (inner, 1))
        self.A_log = nnx.Param(jnp.log(a))
        self.D = nnx.Param(jnp.ones((inner,)))
        self.out_proj = nnx.Linear(inner, dim, use_bias=False, rngs=rngs)

    def __call__(self, x):
        xs, z = jnp.split(self.in_proj(x), 2, axis=-1)
        xs = jax.nn.silu(self.conv(xs))  # causal depthwise convolution over the sequence
        dt, b, c = jnp.split(self.x_proj(xs), [self.dt_rank, self.dt_rank + self.state], axis=-1)
        delta = jax.nn.softplus(self.dt_proj(dt))  # (batch, seq, inner): input-dependent step
        a = -jnp.exp(self.A_log[...])  # (inner, state)
        decay = jnp.exp(delta[..., None] * a)  # (batch, seq, inner, state)
        drive = (delta * xs)[..., None] * b[:, :, None, :]  # (batch, seq, inner, state)

        def step(h, inputs):
            decay_t, drive_t, c_t = inputs
            h = decay_t * h + drive_t
            return h, jnp.einsum("bdn,bn->bd", h, c_t)

        h0 = jnp.zeros((x.shape[0], *a.shape), x.dtype)
        seq_first = lambda t: jnp.moveaxis(t, 1, 0)  # noqa: E731
        _, ys = jax.lax.scan(step, h0, (seq_first(decay), seq_first(drive), seq_first(c)))
        y = jnp.moveaxis(ys, 0, 1) + xs * self.D[...]
        return self.out_proj(y * jax.nn.silu(z))


class GatedMlp(nnx.Module):
    def __init__(self, dim, hidden, rngs):
        self.up = nnx.Linear(dim, 2 * hidden, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs)

    def __call__(self, x):
        gate, up = jnp.split(self.up(x), 2, axis=-1)
        return self.down(jax.nn.gelu(gate) * up)


class MambaBlock(nnx.Module):
    def __init__(self, dim, rngs):
        self.norm1 = nnx.RMSNorm(dim, rngs=rngs)
        self.mixer = MambaMixer(dim, rngs)
        self.norm2 = nnx.RMSNorm(dim, rngs=rngs)
        self.mlp = GatedMlp(dim, 2 * dim, rngs)

    def __call__(self, x):
        x = x + self.mixer(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class Mamba(nnx.Module):
    def __init__(self, vocab, dim, layers, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.blocks = nnx.List([MambaBlock(dim, rngs) for _ in range(layers)])
        self.norm = nnx.RMSNorm(dim, rngs=rngs)

    def __call__(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(self.norm(x))


def ssm():
    vocab, seq = 4096, 128
    model = Mamba(vocab, DIM, LAYERS, rngs=nnx.Rngs(0))
    data = tokens(8, (BATCH, seq + 1), vocab)

    def loss(model, inputs, targets):
        return cross_entropy(model(inputs), targets)

    return nnx_step(model, loss, (data[:, :-1], data[:, 1:]))


# ---------------------------------------------------------------------------------
# lm_head: a 32k vocabulary, tied embedding


class GptBlock(nnx.Module):
    def __init__(self, dim, heads, rngs):
        self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(heads, dim, decode=False, rngs=rngs)
        self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
        self.up = nnx.Linear(dim, 4 * dim, rngs=rngs)
        self.down = nnx.Linear(4 * dim, dim, rngs=rngs)

    def __call__(self, x, mask):
        x = x + self.attn(self.ln1(x), mask=mask)
        return x + self.down(jax.nn.gelu(self.up(self.ln2(x))))


class TiedLm(nnx.Module):
    def __init__(self, vocab, dim, layers, heads, seq, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.pos = nnx.Param(jax.random.normal(rngs.params(), (seq, dim)) * 0.02)
        self.blocks = nnx.List([GptBlock(dim, heads, rngs) for _ in range(layers)])
        self.ln = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, tokens):
        x = self.embed(tokens) + self.pos[...][: tokens.shape[1]]
        mask = nnx.make_causal_mask(tokens)
        for block in self.blocks:
            x = block(x, mask)
        return self.embed.attend(self.ln(x))  # logits by the embedding's transpose


def lm_head():
    vocab, seq, dim = 32000, 128, 224
    model = TiedLm(vocab, dim, layers=2, heads=8, seq=seq, rngs=nnx.Rngs(0))
    data = tokens(9, (BATCH, seq + 1), vocab)

    def loss(model, inputs, targets):
        return cross_entropy(model(inputs), targets)

    return nnx_step(model, loss, (data[:, :-1], data[:, 1:]))


# ---------------------------------------------------------------------------------

BUILDERS = {"llama": llama, "vit": vit, "t5": t5, "unet": unet, "gnn": gnn, "ssm": ssm, "lm_head": lm_head}
# Built only when named (``--only unet_table``): variants that show a limit.
EXTRAS = {"unet_table": lambda: unet(schedule="table")}


def programs(only=None):
    """``{name: (fn, args, pinned, donate)}``: ``jax.jit(fn, in_shardings=…,
    donate_argnums=donate)`` with ``pinned[i]`` (a ``PartitionSpec``) on argument
    ``i`` and ``None`` on the others, over ``args`` (arrays). ``only``: the names
    to build (default the seven of ``BUILDERS``; ``EXTRAS`` only when named)."""
    chosen = {name: build for name, build in BUILDERS.items() if not only or name in only}
    chosen.update({name: build for name, build in EXTRAS.items() if only and name in only})
    return {name: build() for name, build in chosen.items()}


def param_count(args):
    """The parameters of a program: the leaves of its first argument."""
    return sum(int(np.prod(x.shape)) for x in jax.tree.leaves(args[0]))


def mesh():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("data", "model"))


def shardings(mesh, args, pinned):
    return tuple(NamedSharding(mesh, pinned[i]) if i in pinned else None for i in range(len(args)))


def jitted(mesh, fn, args, pinned, donate):
    return jax.jit(fn, in_shardings=shardings(mesh, args, pinned), donate_argnums=donate, keep_unused=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT, help=f"output directory (default {DEFAULT_OUT})")
    ap.add_argument("--only", nargs="*", choices=[*BUILDERS, *EXTRAS], help="programs to write (default: all)")
    ap.add_argument("--check", action="store_true", help="also run each step once and require a finite loss")
    opts = ap.parse_args()
    m = mesh()
    opts.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for name, (fn, args, pinned, donate) in programs(opts.only).items():
        text = jitted(m, fn, args, pinned, donate).lower(*args).as_text()
        (opts.out / f"{name}.mlir").write_text(text)
        line = f"{name}: {param_count(args) / 1e6:.2f}M parameters, {text.count(chr(10))} lines"
        if opts.check:
            started = time.perf_counter()
            copies = jax.tree.map(jnp.copy, args)  # the step consumes its donated state
            *_, loss = jitted(m, fn, copies, pinned, donate)(*copies)
            loss = float(loss)
            line += f", loss {loss:.4f} ({time.perf_counter() - started:.1f}s compile + step)"
            if not math.isfinite(loss):
                failed.append(name)
        print(line, flush=True)
    if failed:
        sys.exit(f"non-finite loss: {', '.join(failed)}")


if __name__ == "__main__":
    main()
