#!/usr/bin/env python3
"""Writes a pipelined training step of a stack of residual MLP blocks as a config.

Each block l is `x_{l+1} = x_l + s * tanh(x_l @ w1_l) @ w2_l` (a GPT block's MLP half,
its branch scaled by `s`); a head projects to `vocab` (also scaled by `s`) and the loss
is the sum of squared errors against a
target. Forward, backward (written out, as `jax.grad` would emit it) and an SGD
update are named computations labelled per block, so a block's three parts share a
mesh. Gradients and the loss are summed over microbatches.

    scripts/pipeline/stack.py --layers 8 --meshes 4 --mesh-axes x=2 > configs/pipeline_stack.yaml
"""
import argparse


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--layers", type=int, default=8)
    p.add_argument("--meshes", type=int, default=4)
    p.add_argument("--mesh-axes", default="x=2",
                   help="each mesh's axes, e.g. x=2 or data=2,model=2; several separated by ';' give each mesh its own")
    p.add_argument("--spmd-axes", default="data=2,model=4", help="the all-device mesh of the pure-SPMD plan")
    p.add_argument("--microbatches", type=int, default=8)
    p.add_argument("--schedule", default="auto")
    p.add_argument("--sizes", default="tokens: 16384, d_model: 2048, d_ff: d_model*4, vocab: 8192")
    p.add_argument("--ci-sizes", default="tokens: 64, d_model: 16, vocab: 32")
    p.add_argument("--preset", default="h100-sxm")
    p.add_argument("--name", default=None)
    p.add_argument("--scale", default="0.03125", help="the residual branch's and the head's scale")
    p.add_argument("--assign", default="", help="label=mesh,... pins")
    p.add_argument("--command", default="", help="the command line to record in the header")
    p.add_argument("--good", default="A good plan splits the blocks evenly over the meshes (the head with the last|"
                   "ones), runs 1F1B (fewer microbatches in flight than GPipe, same bubble) and|"
                   "shards each stage's weights inside its mesh; the pure-SPMD plan on all devices|"
                   "is the alternative it is compared with.", help="the header's 'good plan' lines, '|'-separated")
    a = p.parse_args()
    axes = lambda text: "{" + ", ".join(f"{k}: {v}" for k, v in (kv.split("=") for kv in text.split(","))) + "}"
    name = a.name or f"pipeline-stack-{a.layers}"
    out = []
    w = out.append
    w(f"# A training step of {a.layers} residual MLP blocks and a head, pipelined over {a.meshes} meshes")
    w(f"# ({a.mesh_axes}) with {a.microbatches} microbatches. Written by scripts/pipeline/stack.py:")
    w(f"#   {a.command}" if a.command else "#")
    for line in a.good.split("|"):
        w(f"# {line}")
    w(f"name: {name}")
    w(f"sizes: {{{a.sizes}}}")
    w(f"ci_sizes: {{{a.ci_sizes}}}")
    w(f"mesh: {{axes: {axes(a.spmd_axes)}}}")
    w(f"cost: {{preset: {a.preset}}}")
    w("topology:")
    w("  meshes:")
    shapes = a.mesh_axes.split(";")
    for m in range(a.meshes):
        w(f"    stage{m}: {{axes: {axes(shapes[m % len(shapes)])}}}")
    w("  link: {bandwidth: 50GB/s, latency: 10us}")
    w("pipeline:")
    w(f"  microbatches: {a.microbatches}")
    w("  batch: tokens")
    w(f"  schedule: {a.schedule}")
    acc = [f"gw1_{l}: add" for l in range(a.layers)] + [f"gw2_{l}: add" for l in range(a.layers)]
    w("  accumulate: {" + ", ".join(acc + ["gw_out: add", "loss: add"]) + "}")
    if a.assign:
        w("  assign: {" + ", ".join(f"{k}: {v}" for k, v in (kv.split("=") for kv in a.assign.split(","))) + "}")
    w("program:")
    w("  inputs:")
    w("    x0: {shape: [tokens, d_model]}")
    w("    target: {shape: [tokens, vocab]}")
    for l in range(a.layers):
        w(f"    w1_{l}: {{shape: [d_model, d_ff], parameter: true}}")
        w(f"    w2_{l}: {{shape: [d_ff, d_model], parameter: true}}")
    w("    w_out: {shape: [d_model, vocab], parameter: true}")
    w("  ops:")

    count = [0]

    def nc(label, args, operands, results, ops):
        count[0] += 1
        tag = f"_{count[0]}"
        args = [x.replace("@", tag) for x in args]
        ops = [x.replace("@", tag) for x in ops]
        w(f"    - name: [{', '.join(results)}]")
        w("      op: named_computation")
        w(f"      label: {label}")
        w(f"      operands: [{', '.join(operands)}]")
        w(f"      body:")
        w(f"        args: [{', '.join(args)}]")
        w("        ops:")
        for op in ops:
            w(f"          - {op}")
        w(f"        results: [{', '.join('r_' + r for r in results)}]")

    dot = "op: dot_general, contracting_dims: [[{}], [{}]]"
    for l in range(a.layers):
        x, nx = f"x{l}", f"x{l + 1}"
        nc(f"layer{l}", ["i_x@", "i_w1@", "i_w2@"], [x, f"w1_{l}", f"w2_{l}"], [f"a{l}", nx], [
            f"{{name: h@, {dot.format(1, 0)}, operands: [i_x@, i_w1@]}}",
            "{name: r_a" + f"{l}" + ", op: tanh, operands: [h@]}",
            f"{{name: y@, {dot.format(1, 0)}, operands: [r_a{l}, i_w2@]}}",
            f"{{name: c@, op: constant, shape: [tokens, d_model], value: {a.scale}}}",
            "{name: ys@, op: multiply, operands: [y@, c@]}",
            f"{{name: r_{nx}, op: add, operands: [i_x@, ys@]}}",
        ])
    L = a.layers
    nc("head", ["i_x@", "i_w@", "i_t@"], [f"x{L}", "w_out", "target"], ["loss", f"g{L}", "gw_out"], [
        f"{{name: raw@, {dot.format(1, 0)}, operands: [i_x@, i_w@]}}",
        f"{{name: c@, op: constant, shape: [tokens, vocab], value: {a.scale}}}",
        "{name: logits@, op: multiply, operands: [raw@, c@]}",
        "{name: diff@, op: subtract, operands: [logits@, i_t@]}",
        "{name: sq@, op: multiply, operands: [diff@, diff@]}",
        "{name: r_loss, op: reduce, operands: [sq@], dimensions: [0, 1]}",
        "{name: g2@, op: add, operands: [diff@, diff@]}",
        "{name: gl@, op: multiply, operands: [g2@, c@]}",
        f"{{name: r_gw_out, {dot.format(0, 0)}, operands: [i_x@, gl@]}}",
        f"{{name: r_g{L}, {dot.format(1, 1)}, operands: [gl@, i_w@]}}",
    ])
    for l in reversed(range(a.layers)):
        nc(f"layer{l}", ["i_g@", "i_x@", "i_a@", "i_w1@", "i_w2@"], [f"g{l + 1}", f"x{l}", f"a{l}", f"w1_{l}", f"w2_{l}"],
           [f"g{l}", f"gw1_{l}", f"gw2_{l}"], [
            f"{{name: c@, op: constant, shape: [tokens, d_model], value: {a.scale}}}",
            "{name: gs@, op: multiply, operands: [i_g@, c@]}",
            f"{{name: r_gw2_{l}, {dot.format(0, 0)}, operands: [i_a@, gs@]}}",
            f"{{name: ga@, {dot.format(1, 1)}, operands: [gs@, i_w2@]}}",
            "{name: aa@, op: multiply, operands: [i_a@, i_a@]}",
            "{name: one@, op: constant, shape: [tokens, d_ff], value: 1.0}",
            "{name: dt@, op: subtract, operands: [one@, aa@]}",
            "{name: gh@, op: multiply, operands: [ga@, dt@]}",
            f"{{name: r_gw1_{l}, {dot.format(0, 0)}, operands: [i_x@, gh@]}}",
            f"{{name: gx@, {dot.format(1, 1)}, operands: [gh@, i_w1@]}}",
            f"{{name: r_g{l}, op: add, operands: [i_g@, gx@]}}",
        ])
    for l in range(a.layers):
        for wn, shape in ((f"w1_{l}", "[d_model, d_ff]"), (f"w2_{l}", "[d_ff, d_model]")):
            nc(f"layer{l}", ["i_w@", "i_gw@"], [wn, "g" + wn], [f"new_{wn}"], [
                f"{{name: lr@, op: constant, shape: {shape}, value: 0.001}}",
                "{name: step@, op: multiply, operands: [i_gw@, lr@]}",
                f"{{name: r_new_{wn}, op: subtract, operands: [i_w@, step@]}}",
            ])
    nc("head", ["i_w@", "i_gw@"], ["w_out", "gw_out"], ["new_w_out"], [
        "{name: lr@, op: constant, shape: [d_model, vocab], value: 0.001}",
        "{name: step@, op: multiply, operands: [i_gw@, lr@]}",
        "{name: r_new_w_out, op: subtract, operands: [i_w@, step@]}",
    ])
    w("  outputs:")
    w("    loss: {}")
    for l in range(a.layers):
        w(f"    new_w1_{l}: {{carries: w1_{l}}}")
        w(f"    new_w2_{l}: {{carries: w2_{l}}}")
    w("    new_w_out: {carries: w_out}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
