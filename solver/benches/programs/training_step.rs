//! The config of a full training step of a GPT-style stack of L layers: the forward
//! pass (14 ops a layer: layer norms, q/k/v/o einsums, attention, softmax, MLP,
//! residuals), a loss, the backward pass (each forward op's transposed ops: the two
//! einsums of every matmul's gradients, the layer norms' and softmax's reductions and
//! broadcasts, gelu's derivative), and an Adam-style update of every parameter and its
//! two moments (donated: each new value reuses its input's buffer). About 115 ops a
//! layer, on a 2×4 data × model mesh of H100s.
//!
//! Shared by the `training_step` bench and example (`cargo run --release -p
//! autoshard-solver --example training_step -- 96 > step.yaml` writes the config).

use std::fmt::Write as _;

/// The parameters of a layer: name and shape in size names.
const PARAMS: [(&str, &str); 10] = [
    ("ln1_g", "[d]"),
    ("ln1_b", "[d]"),
    ("wq", "[d, h, k]"),
    ("wk", "[d, h, k]"),
    ("wv", "[d, h, k]"),
    ("wo", "[h, k, d]"),
    ("ln2_g", "[d]"),
    ("ln2_b", "[d]"),
    ("w1", "[d, f]"),
    ("w2", "[f, d]"),
];

/// The YAML text of an L-layer training step; `memory` (e.g. `"16GiB"`) sets the
/// device memory, `None` keeps the H100's 80 GiB.
pub fn training_step(layers: usize, memory: Option<&str>) -> String {
    let mut y = Step { text: String::new() };
    y.header(layers, memory);
    for l in 0..layers {
        y.forward(l);
    }
    let last = if layers == 0 { "x".to_string() } else { format!("y_{}", layers - 1) };
    // loss = Σ y², so the gradient flowing back is y (up to a factor of 2).
    y.op("sq", "multiply", &[&last, &last], "");
    y.op("loss", "reduce", &["sq"], "dimensions: [0, 1, 2], kind: add");
    let mut grad = last;
    for l in (0..layers).rev() {
        grad = y.backward(l, &grad);
    }
    for l in 0..layers {
        for (p, _) in PARAMS {
            y.adam(&format!("{p}_{l}"));
        }
    }
    y.outputs(layers);
    y.text
}

struct Step {
    text: String,
}

impl Step {
    fn header(&mut self, layers: usize, memory: Option<&str>) {
        let t = &mut self.text;
        let _ = writeln!(
            t,
            "# A training step of a {layers}-layer GPT-style stack (solver/benches/programs/training_step.rs)."
        );
        let _ = writeln!(t, "name: training-step-{layers}");
        t.push_str("sizes: {b: 8, s: 1024, d: 1024, h: 16, k: 64, f: 4096}\n");
        t.push_str("mesh: {axes: {data: 2, model: 4}}\n");
        match memory {
            Some(m) => {
                let _ = writeln!(t, "cost: {{preset: h100-sxm, device: {{memory: {m}}}}}");
            }
            None => t.push_str("cost: {preset: h100-sxm}\n"),
        }
        t.push_str("program:\n  inputs:\n");
        t.push_str("    x: {shape: [b, s, d], dtype: bf16, sharding: '[{\"data\"}, {}, {}]'}\n");
        for l in 0..layers {
            for (p, shape) in PARAMS {
                for prefix in ["", "m_", "v_"] {
                    let _ = writeln!(t, "    {prefix}{p}_{l}: {{shape: {shape}, dtype: bf16, parameter: true}}");
                }
            }
        }
        t.push_str("  ops:\n");
    }

    fn op(&mut self, name: &str, op: &str, operands: &[&str], extra: &str) {
        let extra = if extra.is_empty() { String::new() } else { format!(", {extra}") };
        let _ = writeln!(self.text, "    - {{name: {name}, op: {op}, operands: [{}]{extra}}}", operands.join(", "));
    }

    fn einsum(&mut self, name: &str, a: &str, b: &str, equation: &str) {
        self.op(name, "einsum", &[a, b], &format!("equation: \"{equation}\""));
    }

    fn forward(&mut self, l: usize) {
        let prev = if l == 0 { "x".to_string() } else { format!("y_{}", l - 1) };
        let n = |s: &str| format!("{s}_{l}");
        self.op(&n("h1"), "layer_norm", &[&prev, &n("ln1_g"), &n("ln1_b")], "dimensions: [2]");
        for w in ["q", "k", "v"] {
            self.einsum(&n(w), &n("h1"), &n(&format!("w{w}")), "bsd,dhk->bshk");
        }
        self.einsum(&n("logits"), &n("q"), &n("k"), "bshk,bthk->bhst");
        self.op(&n("probs"), "softmax", &[&n("logits")], "dimension: 3");
        self.einsum(&n("ctx"), &n("probs"), &n("v"), "bhst,bthk->bshk");
        self.einsum(&n("attn"), &n("ctx"), &n("wo"), "bshk,hkd->bsd");
        self.op(&n("r1"), "add", &[&prev, &n("attn")], "");
        self.op(&n("h2"), "layer_norm", &[&n("r1"), &n("ln2_g"), &n("ln2_b")], "dimensions: [2]");
        self.einsum(&n("f1"), &n("h2"), &n("w1"), "bsd,df->bsf");
        self.op(&n("f2"), "gelu", &[&n("f1")], "");
        self.einsum(&n("f3"), &n("f2"), &n("w2"), "bsf,fd->bsd");
        self.op(&n("y"), "add", &[&n("r1"), &n("f3")], "");
    }

    /// The backward pass of layer `l` given the gradient `dy` of its output; returns
    /// the gradient of its input.
    fn backward(&mut self, l: usize, dy: &str) -> String {
        let prev = if l == 0 { "x".to_string() } else { format!("y_{}", l - 1) };
        let n = |s: &str| format!("{s}_{l}");
        // MLP.
        self.einsum(&n("g_w2"), &n("f2"), dy, "bsf,bsd->fd");
        self.einsum(&n("d_f2"), dy, &n("w2"), "bsd,fd->bsf");
        self.op(&n("gelu_d"), "logistic", &[&n("f1")], "");
        self.op(&n("d_f1"), "multiply", &[&n("d_f2"), &n("gelu_d")], "");
        self.einsum(&n("g_w1"), &n("h2"), &n("d_f1"), "bsd,bsf->df");
        self.einsum(&n("d_h2"), &n("d_f1"), &n("w1"), "bsf,df->bsd");
        let d_ln2 = self.layer_norm_backward(l, "2", &n("r1"), &n("d_h2"));
        self.op(&n("d_r1"), "add", &[dy, &d_ln2], "");
        // Attention.
        self.einsum(&n("g_wo"), &n("ctx"), &n("d_r1"), "bshk,bsd->hkd");
        self.einsum(&n("d_ctx"), &n("d_r1"), &n("wo"), "bsd,hkd->bshk");
        self.einsum(&n("d_probs"), &n("d_ctx"), &n("v"), "bshk,bthk->bhst");
        self.einsum(&n("d_v"), &n("probs"), &n("d_ctx"), "bhst,bshk->bthk");
        self.op(&n("sm_pd"), "multiply", &[&n("d_probs"), &n("probs")], "");
        self.op(&n("sm_sum"), "reduce", &[&n("sm_pd")], "dimensions: [3], kind: add");
        self.op(
            &n("sm_bc"),
            "broadcast_in_dim",
            &[&n("sm_sum")],
            "shape: [b, h, s, s], broadcast_dimensions: [0, 1, 2]",
        );
        self.op(&n("sm_sub"), "subtract", &[&n("d_probs"), &n("sm_bc")], "");
        self.op(&n("d_logits"), "multiply", &[&n("probs"), &n("sm_sub")], "");
        self.einsum(&n("d_q"), &n("d_logits"), &n("k"), "bhst,bthk->bshk");
        self.einsum(&n("d_k"), &n("d_logits"), &n("q"), "bhst,bshk->bthk");
        for w in ["q", "k", "v"] {
            self.einsum(&n(&format!("g_w{w}")), &n("h1"), &n(&format!("d_{w}")), "bsd,bshk->dhk");
            self.einsum(&n(&format!("d_h1{w}")), &n(&format!("d_{w}")), &n(&format!("w{w}")), "bshk,dhk->bsd");
        }
        self.op(&n("d_h1qk"), "add", &[&n("d_h1q"), &n("d_h1k")], "");
        self.op(&n("d_h1"), "add", &[&n("d_h1qk"), &n("d_h1v")], "");
        let d_ln1 = self.layer_norm_backward(l, "1", &prev, &n("d_h1"));
        let dx = n("d_x");
        self.op(&dx, "add", &[&n("d_r1"), &d_ln1], "");
        dx
    }

    /// The gradients of layer norm `which` of layer `l` (input `x`, output gradient
    /// `dh`): its scale and bias, and the gradient of its input, which it returns.
    fn layer_norm_backward(&mut self, l: usize, which: &str, x: &str, dh: &str) -> String {
        let n = |s: &str| format!("{s}{which}_{l}");
        let (scale, bias) = (format!("ln{which}_g_{l}"), format!("ln{which}_b_{l}"));
        self.op(&format!("g_{bias}"), "reduce", &[dh], "dimensions: [0, 1], kind: add");
        self.op(&n("ln_xdh"), "multiply", &[x, dh], "");
        self.op(&format!("g_{scale}"), "reduce", &[&n("ln_xdh")], "dimensions: [0, 1], kind: add");
        self.op(&n("ln_gb"), "broadcast_in_dim", &[&scale], "shape: [b, s, d], broadcast_dimensions: [2]");
        self.op(&n("ln_t"), "multiply", &[dh, &n("ln_gb")], "");
        self.op(&n("ln_sum"), "reduce", &[&n("ln_t")], "dimensions: [2], kind: add");
        self.op(&n("ln_sb"), "broadcast_in_dim", &[&n("ln_sum")], "shape: [b, s, d], broadcast_dimensions: [0, 1]");
        self.op(&n("d_ln"), "subtract", &[&n("ln_t"), &n("ln_sb")], "");
        n("d_ln")
    }

    /// Adam's update of parameter `p` from its gradient `g_p`: the moments
    /// `m_p' = m_p + g`, `v_p' = v_p + g²` (the decay factors are scalars, which change
    /// no sharding) and `p' = p − m_p' / √v_p'`.
    fn adam(&mut self, p: &str) {
        let g = format!("g_{p}");
        self.op(&format!("new_m_{p}"), "add", &[&format!("m_{p}"), &g], "");
        self.op(&format!("gg_{p}"), "multiply", &[&g, &g], "");
        self.op(&format!("new_v_{p}"), "add", &[&format!("v_{p}"), &format!("gg_{p}")], "");
        self.op(&format!("rv_{p}"), "rsqrt", &[&format!("new_v_{p}")], "");
        self.op(&format!("upd_{p}"), "multiply", &[&format!("new_m_{p}"), &format!("rv_{p}")], "");
        self.op(&format!("new_{p}"), "subtract", &[p, &format!("upd_{p}")], "");
    }

    fn outputs(&mut self, layers: usize) {
        let t = &mut self.text;
        t.push_str("  outputs:\n    loss: {}\n");
        for l in 0..layers {
            for (p, _) in PARAMS {
                for prefix in ["", "m_", "v_"] {
                    let _ = writeln!(t, "    new_{prefix}{p}_{l}: {{carries: {prefix}{p}_{l}}}");
                }
            }
        }
    }
}
