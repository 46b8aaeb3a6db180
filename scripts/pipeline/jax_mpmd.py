"""Write a JAX training step as Shardy MPMD modules, and the config that plans them.

The step is a stack of residual tanh-MLP blocks and a softmax cross-entropy head,
written in plain JAX with each block and the head a ``jax.jit`` function of its own
name, differentiated with ``jax.value_and_grad`` and lowered with ``jax.jit`` twice:
at the full batch and at one microbatch. JAX lowers each layer's forward to
``call @blockK`` and its backward to a call of a renamed copy (``@blockK_N``); this
script rewrites those calls as Shardy's ``mpmd.named_computation`` ops with their
user origins -- ``"blockK"`` for the forward and ``"blockK"(1)`` for its transpose,
as Shardy's ``mpmd.jit`` labels a program -- names the returned loss and gradients
with ``mpmd.named_tensor``, and puts the topology on ``@main``. The modules are what
autoshard reads; the config (``program: {module: ...}``) says how many microbatches.

    python scripts/pipeline/jax_mpmd.py --out configs

writes ``configs/pipeline_jax.yaml`` and its modules in ``configs/pipeline_jax/``;
it needs jax (scripts/jax/requirements.txt).
"""

import argparse
import pathlib
import re

import jax
import jax.numpy as jnp

LAYERS, D_MODEL, D_FF, VOCAB = 4, 64, 256, 256
BATCH, MICROBATCHES = 128, 4
TOPOLOGY = '#mpmd.topology<<"stage0": <["x"=2]>>, <"stage1": <["x"=2]>>>'


def named(f, name):
    def layer(*args):
        return f(*args)

    layer.__name__ = layer.__qualname__ = name
    return jax.jit(layer)


def block(x, w1, w2):
    return x + jnp.tanh(x @ w1) @ w2 * 0.05


def head(x, w_out, labels):
    logits = x @ w_out
    logp = logits - jax.scipy.special.logsumexp(logits, axis=-1, keepdims=True)
    return -jnp.mean(jnp.sum(logp * labels, axis=-1))


BLOCKS = [named(block, f"block{i}") for i in range(LAYERS)]
HEAD = named(head, "head")


def loss(params, x, labels):
    for (w1, w2), f in zip(params["blocks"], BLOCKS):
        x = f(x, w1, w2)
    return HEAD(x, params["w_out"], labels)


def step(params, x, labels):
    return jax.value_and_grad(loss)(params, x, labels)


def lower(batch):
    params = {
        "blocks": [(jnp.zeros((D_MODEL, D_FF)), jnp.zeros((D_FF, D_MODEL))) for _ in range(LAYERS)],
        "w_out": jnp.zeros((D_MODEL, VOCAB)),
    }
    x, labels = jnp.zeros((batch, D_MODEL)), jnp.zeros((batch, VOCAB))
    return jax.jit(step).lower(params, x, labels).as_text()


FUNC = re.compile(r"^  func\.func (?:private|public) @(\S+)\((.*?)\) -> (.*?)(?: attributes \{.*\})? \{$")
CALL = re.compile(r"^(\s+)(%\S+) = call @(\w+)\((.*?)\) : \((.*?)\) -> (.*)$")


def functions(text):
    """Each function's argument list and body lines, by name."""
    funcs, name = {}, None
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            name = m.group(1)
            funcs[name] = (m.group(2), [])
        elif name and line == "  }":
            name = None
        elif name:
            funcs[name][1].append(line)
    return funcs


def origin(callee, called):
    """The user origin of a call of ``callee``: a layer, or a renamed copy (``_N``) of
    one called before it, its transpose."""
    base = re.sub(r"_\d+$", "", callee)
    return f'"{base}"(1)' if base != callee and base in called else f'"{callee}"'


def result_name(info):
    """``result[0]`` is the loss; ``result[1]['blocks'][k][j]`` a block's gradient."""
    if info == "result[0]":
        return "loss"
    m = re.match(r"result\[1\]\['blocks'\]\[(\d+)\]\[(\d+)\]", info)
    if m:
        return f"grad_w{int(m.group(2)) + 1}_{m.group(1)}"
    return "grad_w_out"


def to_mpmd(text):
    funcs = functions(text)
    out, called = [], []
    infos = re.findall(r'jax\.result_info = "([^"]*)"', text.split("func.func public @main")[1].split("\n")[0])
    lines = text.splitlines()
    main = next(i for i, l in enumerate(lines) if "func.func public @main" in l)
    end = lines.index("  }", main)
    header = lines[main].replace(") {", f") attributes {{topology = {TOPOLOGY}}} {{", 1)
    out.append(header)
    for line in lines[main + 1 : end]:
        m = CALL.match(line)
        if not m:
            ret = re.match(r"^(\s+)return (.*) : (.*)$", line)
            if ret:
                values, types = ret.group(2).split(", "), ret.group(3).split(", ")
                names = []
                for i, (v, t) in enumerate(zip(values, types)):
                    out.append(f'{ret.group(1)}%named{i} = mpmd.named_tensor {v} name="{result_name(infos[i])}" : {t}')
                    names.append(f"%named{i}")
                out.append(f"{ret.group(1)}return {', '.join(names)} : {ret.group(3)}")
                continue
            out.append(line)
            continue
        indent, results, callee, operands, in_types, out_types = m.groups()
        args, body = funcs[callee]
        out.append(f"{indent}{results} = mpmd.named_computation<{origin(callee, called)}> ({operands}) ({args}) {{")
        for b in body:
            b = re.sub(r"^(\s+)return ", r"\1mpmd.return ", b)
            out.append("  " + b)
        out.append(f"{indent}}} : ({in_types}) -> {out_types}")
        called.append(callee)
    out.append("  }")
    return "module @pipelined_step {\n" + "\n".join(out) + "\n}\n"


CONFIG = """# A JAX training step read from Shardy MPMD modules: {layers} residual tanh-MLP blocks
# and a softmax cross-entropy head, each a jax.jit function of its own, lowered by
# jax.jit at the full batch ({batch}) and at one of {m} microbatches, the layer calls
# rewritten as mpmd.named_computation ops. Written by scripts/pipeline/jax_mpmd.py:
#   python scripts/pipeline/jax_mpmd.py --out configs
# The topology is the one the module's @main declares: two meshes of two devices.
# A good plan cuts the blocks and the head into stages over the two meshes and
# shards each stage's weights inside its mesh (w1 by columns, w2 by rows); under the
# cpu preset, pure SPMD on the 4 devices is predicted faster than any pipeline.
name: pipeline-jax
mesh: {{axes: {{data: 2, model: 2}}}}
cost: {{preset: cpu}}
program: {{module: pipeline_jax/step.mlir}}
pipeline:
  microbatches: {m}
  microbatch_module: pipeline_jax/microbatch.mlir
  accumulate: {{{accumulate}}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=pathlib.Path, required=True)
    args = parser.parse_args()
    modules = args.out / "pipeline_jax"
    modules.mkdir(parents=True, exist_ok=True)
    (modules / "step.mlir").write_text(to_mpmd(lower(BATCH)))
    (modules / "microbatch.mlir").write_text(to_mpmd(lower(BATCH // MICROBATCHES)))
    names = ["loss"] + [f"grad_w{j}_{k}" for k in range(LAYERS) for j in (1, 2)] + ["grad_w_out"]
    accumulate = ", ".join(f"{n}: mean" for n in names)
    config = CONFIG.format(layers=LAYERS, batch=BATCH, m=MICROBATCHES, accumulate=accumulate)
    (args.out / "pipeline_jax.yaml").write_text(config)


if __name__ == "__main__":
    main()
