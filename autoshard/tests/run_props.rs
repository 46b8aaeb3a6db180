//! The whole pipeline, proven on random cases: random small programs (written in
//! the config language) under random **valid** plans — every op's strategy drawn
//! from all its strategies (carried partial sums included), every value's sharding
//! from all its shardings (partial sums included where a sum can produce them),
//! within the annotations — are lowered, run on the CPU mesh and compared with the
//! reference interpreter on the same seeded inputs. Sizes are small and often do
//! not divide the mesh, so padding is everywhere, and so are balanced uneven shards
//! (values' and ops' candidates include them). `AUTOSHARD_RUN_CASES` sets the
//! number of cases (CI runs 500).

use autoshard::Config;
use autoshard::RunError;
use autoshard::cost::{Decisions, costed_ops};
use autoshard::model::OpStrategy;
use autoshard::model::ir::Body;
use autoshard::model::rules::sharding_rule;
use autoshard::model::{OpKind, Program, TensorSharding, ValueId};
use autoshard::solver::{carriers, op_strategies, partials, usable_axes, value_shardings};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::fmt::Write as _;

/// A random program, as a config, from `rng`.
struct Generator {
    rng: TestRng,
    ops: String,
    inputs: String,
    /// Every value so far: name and shape.
    values: Vec<(String, Vec<i64>)>,
    count: usize,
}

impl Generator {
    fn next(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n as u64) as usize
    }

    fn size(&mut self) -> i64 {
        [1, 2, 3, 4, 5, 6, 8][self.next(7)]
    }

    fn fresh(&mut self) -> String {
        self.count += 1;
        format!("v{}", self.count)
    }

    fn input(&mut self, shape: &[i64], dtype: &str) -> String {
        let name = format!("in{}", self.count);
        self.count += 1;
        let _ = writeln!(self.inputs, "    {name}: {{shape: {shape:?}, dtype: {dtype}}}");
        name
    }

    /// Adds op `op` (YAML fields after the operands) producing a value of `shape`.
    fn op(&mut self, op: &str, operands: &[&str], fields: &str, shape: Vec<i64>) -> String {
        let name = self.fresh();
        let sep = if fields.is_empty() { "" } else { ", " };
        let _ =
            writeln!(self.ops, "    - {{name: {name}, op: {op}, operands: [{}]{sep}{fields}}}", operands.join(", "));
        self.values.push((name.clone(), shape));
        name
    }

    fn pick(&mut self) -> (String, Vec<i64>) {
        let k = self.next(self.values.len());
        self.values[k].clone()
    }

    /// One random step on a random matrix value.
    fn step(&mut self, manual_axis: Option<(&str, i64)>) {
        let (a, s) = self.pick();
        let (m, n) = (s[0], s[1]);
        let d = self.next(2);
        match self.next(27) {
            0 => {
                let p = self.size();
                let w = self.input(&[n, p], "f32");
                self.op("dot_general", &[&a, &w], "contracting_dims: [[1], [0]]", vec![m, p]);
            }
            1 => {
                let u = ["tanh", "exponential", "negate", "abs"][self.next(4)];
                self.op(u, &[&a], "", s);
            }
            2 => {
                let other = self.values.iter().find(|(v, t)| *t == s && *v != a).map(|(v, _)| v.clone());
                let other = other.unwrap_or_else(|| self.input(&s, "f32"));
                let b = ["add", "multiply", "subtract", "maximum"][self.next(4)];
                self.op(b, &[&a, &other], "", s);
            }
            3 => {
                let kind = ["add", "max"][self.next(2)];
                let r = self.op("reduce", &[&a], &format!("dimensions: [{d}], kind: {kind}"), vec![s[1 - d]]);
                let _ = self.values.pop(); // only matrices are picked
                self.op("broadcast_in_dim", &[&r], &format!("shape: [{m}, {n}], broadcast_dimensions: [{}]", 1 - d), s);
            }
            4 => {
                self.op("transpose", &[&a], "permutation: [1, 0]", vec![n, m]);
            }
            5 => {
                let flat = self.op("reshape", &[&a], &format!("shape: [{}]", m * n), vec![m * n]);
                let _ = self.values.pop();
                self.op("reshape", &[&flat], &format!("shape: [{n}, {m}]"), vec![n, m]);
            }
            6 if s[d] >= 2 => {
                let stride = 1 + self.next(2) as i64;
                let (mut start, mut limit) = ([0, 0], [m, n]);
                start[d] = 1;
                limit[d] = s[d];
                let strides = if d == 0 { [stride, 1] } else { [1, stride] };
                let mut out = s.clone();
                out[d] = (s[d] - 1 + stride - 1) / stride;
                let f = format!("start_indices: {start:?}, limit_indices: {limit:?}, strides: {strides:?}");
                self.op("slice", &[&a], &f, out);
            }
            7 => {
                let (mut lo, mut hi, mut interior) = ([0, 0], [0, 0], [0, 0]);
                lo[d] = 1;
                hi[d] = 2;
                interior[d] = self.next(2) as i64;
                let value = ["0", "0.5"][self.next(2)];
                let mut out = s.clone();
                out[d] = s[d] + 3 + (s[d] - 1) * interior[d];
                let f = format!(
                    "edge_padding_low: {lo:?}, edge_padding_high: {hi:?}, interior_padding: {interior:?}, value: {value}"
                );
                self.op("pad", &[&a], &f, out);
            }
            8 if s[d] >= 2 => {
                // A rotation: two slices joined the other way round (a permutation).
                let k = 1 + self.next(s[d] as usize - 1) as i64;
                let (mut l1, mut s2) = ([m, n], [0, 0]);
                l1[d] = k;
                s2[d] = k;
                let (mut o1, mut o2) = (s.clone(), s.clone());
                o1[d] = k;
                o2[d] = s[d] - k;
                let x = self.op("slice", &[&a], &format!("start_indices: [0, 0], limit_indices: {l1:?}"), o1);
                let y = self.op("slice", &[&a], &format!("start_indices: {s2:?}, limit_indices: [{m}, {n}]"), o2);
                self.op("concatenate", &[&y, &x], &format!("dimension: {d}"), s);
            }
            9 => {
                self.op("reverse", &[&a], &format!("dimensions: [{d}]"), s);
            }
            10 => {
                let (op, f) = [
                    ("softmax", "dimension: 1"),
                    ("layer_norm", "dimensions: [1], epsilon: 0.001"),
                    ("rms_norm", "dimensions: [1], epsilon: 0.001"),
                ][self.next(3)];
                // A row of equal values (a broadcast) centres to pure rounding noise,
                // which no norm-wise tolerance can compare: layer_norm reads `a` plus
                // a fresh input.
                let a = if op == "layer_norm" {
                    let b = self.input(&s, "f32");
                    let sum = self.op("add", &[&a, &b], "", s.clone());
                    let _ = self.values.pop();
                    sum
                } else {
                    a
                };
                self.op(op, &[&a], f, s);
            }
            11 => {
                let b = self.input(&s, "f32");
                let p = self.op("compare", &[&a, &b], "comparison_direction: GT", s.clone());
                let _ = self.values.pop(); // a boolean is no operand for the float ops
                self.op("select", &[&p, &a, &b], "", s);
            }
            12 => {
                let table = self.input(&[16, n], "f32");
                let ids = self.input(&[m], "i32");
                self.op("take", &[&table, &ids], "axis: 0", vec![m, n]);
            }
            13 => {
                self.op("sort", &[&a], &format!("dimension: {d}"), s);
            }
            14 => {
                let (i, j) = (self.input(&[], "i32"), self.input(&[], "i32"));
                let k = 1 + self.next(n as usize) as i64;
                self.op("dynamic_slice", &[&a, &i, &j], &format!("slice_sizes: [{m}, {k}]"), vec![m, k]);
            }
            15 => {
                let which = self.next(3);
                let sharding = [r#"'[{"x"}, {}]'"#, r#"'[{}, {"x"}]'"#, "'[{}, {}]'"][which];
                self.op("reshard", &[&a], &format!("sharding: {sharding}"), s);
            }
            16 => {
                let src = if self.next(2) == 0 {
                    format!("{{name: {}, op: iota, shape: [{m}, {n}], iota_dimension: {d}, dtype: f32}}", self.fresh())
                } else {
                    format!("{{name: {}, op: constant, shape: [{m}, {n}], value: 0.25}}", self.fresh())
                };
                let name = format!("v{}", self.count);
                let _ = writeln!(self.ops, "    - {src}");
                self.values.push((name.clone(), s.clone()));
                self.op("add", &[&a, &name], "", s);
            }
            17 => {
                let p = self.size();
                let w = self.input(&[2, n, p], "f32");
                let b = self.op(
                    "broadcast_in_dim",
                    &[&a],
                    &format!("shape: [2, {m}, {n}], broadcast_dimensions: [1, 2]"),
                    vec![2, m, n],
                );
                let _ = self.values.pop();
                let f = "batching_dims: [[0], [0]], contracting_dims: [[2], [1]]";
                let c = self.op("dot_general", &[&b, &w], f, vec![2, m, p]);
                let _ = self.values.pop();
                self.op("einsum", &[&c], "equation: 'bmp->mp'", vec![m, p]);
            }
            18 => self.linalg(&a, &s),
            19 => self.windowed(&a, &s),
            20..=25 => self.more_ops(&a, &s, d),
            _ => match manual_axis {
                Some((axis, size)) if m % size == 0 => {
                    let name = self.fresh();
                    let block = format!("{name}_in");
                    let body = format!("{name}_sq");
                    let _ = writeln!(
                        self.ops,
                        "    - {{name: {name}, op: manual_computation, operands: [{a}], manual_axes: [{axis}], \
                         in_shardings: ['[{{\"{axis}\"}}, {{}}]'], out_shardings: ['[{{\"{axis}\"}}, {{}}]'], \
                         body: {{args: [{block}], ops: [{{name: {body}, op: multiply, operands: [{block}, {block}]}}], results: [{body}]}}}}"
                    );
                    self.values.push((name, s));
                }
                _ => {
                    let name = self.fresh();
                    let _ = writeln!(
                        self.ops,
                        "    - {{name: {name}, op: named_computation, label: layer, operands: [{a}], \
                         body: {{args: [{name}_a], ops: [{{name: {name}_t, op: tanh, operands: [{name}_a]}}], results: [{name}_t]}}}}"
                    );
                    self.values.push((name, s));
                }
            },
        }
    }
}

impl Generator {
    /// `a` solved against the Cholesky factors of two well-conditioned matrices
    /// (batch dim 0), summed over the batch.
    fn linalg(&mut self, a: &str, s: &[i64]) {
        let (m, n) = (s[0], s[1]);
        let left = self.next(2) == 0;
        let k = if left { m } else { n };
        let values: Vec<String> = (0..2 * k * k)
            .map(|e| match ((e / k) % k, e % k) {
                (i, j) if i == j => format!("{}", k + 1),
                _ => format!("{:.2}", self.next(100) as f64 / 100.0 - 0.5),
            })
            .collect();
        let spd = self.fresh();
        let _ = writeln!(
            self.ops,
            "    - {{name: {spd}, op: constant, shape: [2, {k}, {k}], value: [{}]}}",
            values.join(", ")
        );
        let lower = self.next(2) == 0;
        let factor = self.op("cholesky", &[&spd], &format!("lower: {lower}"), vec![2, k, k]);
        let rhs = self.op(
            "broadcast_in_dim",
            &[a],
            &format!("shape: [2, {m}, {n}], broadcast_dimensions: [1, 2]"),
            vec![2, m, n],
        );
        let transpose = ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"][self.next(3)];
        let unit = self.next(2) == 0;
        let f = format!("left_side: {left}, lower: {lower}, unit_diagonal: {unit}, transpose_a: {transpose}");
        let x = self.op("triangular_solve", &[&factor, &rhs], &f, vec![2, m, n]);
        self.values.truncate(self.values.len() - 3); // only matrices are picked
        self.op("reduce", &[&x], "dimensions: [0], kind: add", s.to_vec());
    }

    /// A `reduce_window` or `select_and_scatter` of `a` whose window slides along
    /// one random dimension (the other is pass-through).
    fn windowed(&mut self, a: &str, s: &[i64]) {
        let d = self.next(2);
        let (size, stride) = (1 + self.next(3) as i64, 1 + self.next(2) as i64);
        let padding = (self.next(2) as i64, self.next(2) as i64);
        let padded = s[d] + padding.0 + padding.1;
        if padded < size {
            return;
        }
        let mut windows = s.to_vec();
        windows[d] = (padded - size) / stride + 1;
        let one = |v: i64| if d == 0 { [v, 1] } else { [1, v] };
        let pads = if d == 0 { [[padding.0, padding.1], [0, 0]] } else { [[0, 0], [padding.0, padding.1]] };
        let window =
            format!("window_dimensions: {:?}, window_strides: {:?}, padding: {pads:?}", one(size), one(stride));
        if self.next(2) == 0 {
            let kind = ["add", "max"][self.next(2)];
            let mut operands = vec![a.to_string()];
            if self.next(2) == 0 {
                operands.push(self.input(&[], "f32"));
            }
            let operands: Vec<&str> = operands.iter().map(String::as_str).collect();
            self.op("reduce_window", &operands, &format!("{window}, kind: {kind}"), windows);
        } else {
            let source = self.input(&windows, "f32");
            let select = ["GE", "GT"][self.next(2)];
            self.op("select_and_scatter", &[a, &source], &format!("{window}, select: {select}"), s.to_vec());
        }
    }

    /// Adds one op of the later additions to the op set on matrix `a` of shape `s`
    /// (`d` a random dimension): dynamic_update_slice, a bitcast round trip, pad by an
    /// operand, variadic reduce, batch_norm_inference, a scatter of two inputs, a
    /// custom op with a body ([`Generator::custom`]), dynamic loss scaling
    /// ([`Generator::loss_scaling`]).
    fn more_ops(&mut self, a: &str, s: &[i64], d: usize) {
        let (m, n) = (s[0], s[1]);
        match self.next(8) {
            7 => self.loss_scaling(a, s),
            6 => self.custom(a, s, d),
            0 => {
                let k = 1 + self.next(n as usize) as i64;
                let update = self.input(&[m, k], "f32");
                let (i, j) = (self.input(&[], "i32"), self.input(&[], "i32"));
                self.op("dynamic_update_slice", &[a, &update, &i, &j], "", s.to_vec());
            }
            1 => {
                let bytes = self.op("bitcast_convert", &[a], "dtype: u8", vec![m, n, 4]);
                let _ = self.values.pop(); // only matrices are picked
                self.op("bitcast_convert", &[&bytes], "dtype: f32", s.to_vec());
            }
            2 => {
                let value = self.input(&[], "f32");
                let (mut lo, mut hi) = ([0, 0], [0, 0]);
                lo[d] = 2;
                hi[d] = 1;
                let mut out = s.to_vec();
                out[d] += 3;
                let f = format!("edge_padding_low: {lo:?}, edge_padding_high: {hi:?}");
                self.op("pad", &[a, &value], &f, out);
            }
            3 => {
                let b = self.input(s, "f32");
                let (x, y) = (self.fresh(), self.fresh());
                let kind = ["add", "max"][self.next(2)];
                let _ = writeln!(
                    self.ops,
                    "    - {{name: [{x}, {y}], op: reduce, operands: [{a}, {b}], dimensions: [{d}], kind: {kind}}}"
                );
                let f = format!("shape: [{m}, {n}], broadcast_dimensions: [{}]", 1 - d);
                let xb = self.op("broadcast_in_dim", &[&x], &f, s.to_vec());
                let _ = self.values.pop();
                let yb = self.op("broadcast_in_dim", &[&y], &f, s.to_vec());
                let _ = self.values.pop();
                self.op("add", &[&xb, &yb], "", s.to_vec());
            }
            4 => {
                let size = s[d];
                let [scale, offset, mean, var] = [0; 4].map(|_| self.input(&[size], "f32"));
                let positive = self.op("abs", &[&var], "", vec![size]);
                let _ = self.values.pop();
                let f = format!("feature_index: {d}, epsilon: 0.001");
                self.op("batch_norm_inference", &[a, &scale, &offset, &mean, &positive], &f, s.to_vec());
            }
            _ => {
                let b = self.input(s, "f32");
                let k = 1 + self.next(4) as i64;
                let ids = self.input(&[k, 1], "i32");
                let (u, v) = (self.input(&[k, n], "f32"), self.input(&[k, n], "f32"));
                let (x, y) = (self.fresh(), self.fresh());
                let _ = writeln!(
                    self.ops,
                    "    - {{name: [{x}, {y}], op: scatter, operands: [{a}, {b}, {ids}, {u}, {v}], kind: add, \
                     update_window_dims: [1], inserted_window_dims: [0], scatter_dims_to_operand_dims: [0], \
                     index_vector_dim: 1}}"
                );
                self.values.push((x, s.to_vec()));
                self.values.push((y, s.to_vec()));
            }
        }
    }
}

impl Generator {
    /// Dynamic loss scaling, as mixed-precision training does it: a fresh input scaled
    /// by 2^17 into a narrow float format's overflow range and rounded to the format
    /// (`reduce_precision`), kept where finite (`is_finite`, `select`), scaled back and
    /// added to `a`. The rounded values come from an input, not from sums whose order
    /// differs between a plan and the reference, so no rounding boundary splits them.
    fn loss_scaling(&mut self, a: &str, s: &[i64]) {
        let (m, n) = (s[0], s[1]);
        let (exponent, mantissa) = [(5, 10), (8, 7), (4, 3), (2, 1)][self.next(4)];
        let g = self.input(s, "f32");
        let hidden = |g: &mut Self, op: &str, operands: &[&str], fields: &str| {
            let name = g.op(op, operands, fields, s.to_vec());
            let _ = g.values.pop(); // only the result is picked
            name
        };
        let up = hidden(self, "constant", &[], &format!("shape: [{m}, {n}], value: 131072"));
        let big = hidden(self, "multiply", &[&g, &up], "");
        let f = format!("exponent_bits: {exponent}, mantissa_bits: {mantissa}");
        let h = hidden(self, "reduce_precision", &[&big], &f);
        let ok = hidden(self, "is_finite", &[&h], "");
        let zero = hidden(self, "constant", &[], &format!("shape: [{m}, {n}], value: 0"));
        let kept = hidden(self, "select", &[&ok, &h, &zero], "");
        let down = hidden(self, "constant", &[], &format!("shape: [{m}, {n}], value: 7.62939453125e-06"));
        let back = hidden(self, "multiply", &[&kept, &down], "");
        self.op("add", &[a, &back], "", s.to_vec());
    }

    /// A custom op with a body (a row-wise running sum of half of `a` less its maxima
    /// along `d`, plus an iota plus a half) whose rule keeps dimension 0
    /// pass-through, dimension 1 too when `d` is 0 (then the rule is wrong about the
    /// body, which reduces across it: the executor must run the body whole where a
    /// plan splits it).
    fn custom(&mut self, a: &str, s: &[i64], d: usize) {
        let (m, n) = (s[0], s[1]);
        let name = self.fresh();
        let replicated = if d == 1 { " need_replication={j}" } else { "" };
        let iota = self.next(2);
        let ops = [
            format!("{{name: {name}_r, op: reduce, operands: [{name}_p], dimensions: [{d}], kind: max}}"),
            format!(
                "{{name: {name}_b, op: broadcast_in_dim, operands: [{name}_r], shape: [{m}, {n}], broadcast_dimensions: [{}]}}",
                1 - d
            ),
            format!("{{name: {name}_s, op: subtract, operands: [{name}_p, {name}_b]}}"),
            format!("{{name: {name}_c, op: constant, shape: [{m}, {n}], value: 0.5, dtype: f32}}"),
            format!("{{name: {name}_h, op: multiply, operands: [{name}_s, {name}_c]}}"),
            format!(
                "{{name: {name}_w, op: reduce_window, operands: [{name}_h], kind: add, window_dimensions: [1, {n}], \
                 padding: [[0, 0], [{}, 0]]}}",
                n - 1
            ),
            format!("{{name: {name}_i, op: iota, shape: [{m}, {n}], iota_dimension: {iota}, dtype: f32}}"),
            format!("{{name: {name}_j, op: add, operands: [{name}_i, {name}_c]}}"),
            format!("{{name: {name}_y, op: add, operands: [{name}_w, {name}_j]}}"),
        ];
        let _ = writeln!(
            self.ops,
            "    - {{name: {name}, op: custom, operands: [{a}], rule: '([i, j])->([i, j]) {{i={m}, j={n}}}{replicated}', \
             result: {{shape: [{m}, {n}], dtype: f32}}, flops: {}, body: {{args: [{name}_p], ops: [{}], results: [{name}_y]}}}}",
            4 * m * n,
            ops.join(", ")
        );
        self.values.push((name, s.to_vec()));
    }
}

/// A random program from `seed`: its config source.
fn source(seed: [u8; 32]) -> String {
    let mut g = Generator {
        rng: TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
        ops: String::new(),
        inputs: String::new(),
        values: Vec::new(),
        count: 0,
    };
    let mesh = [("{x: 2}", ("x", 2)), ("{x: 4}", ("x", 4)), ("{x: 2, y: 2}", ("x", 2)), ("{x: 3, y: 2}", ("y", 2))];
    let (axes, manual) = mesh[g.next(mesh.len())];
    let shape = [g.size(), g.size()];
    let first = g.input(&shape, "f32");
    g.values.push((first, shape.to_vec()));
    for _ in 0..2 + g.next(5) {
        g.step(Some(manual));
    }
    let (last, _) = g.values.last().cloned().unwrap();
    let annotation = [r#"{sharding: '[{"x"}, {}]'}"#, "{}", "{}"][g.next(3)];
    format!(
        "name: random\nmesh: {{axes: {axes}}}\ncost: {{preset: h100-sxm}}\nprogram:\n  inputs:\n{}  ops:\n{}  outputs:\n    {last}: {annotation}\n",
        g.inputs, g.ops
    )
}

/// The values inside manual computations, with their manual axes.
fn manual_axes(program: &Program) -> Vec<Vec<String>> {
    fn visit(program: &Program, body: &Body, axes: &[String], out: &mut Vec<Vec<String>>) {
        for &v in &body.args {
            out[v.index()] = axes.to_vec();
        }
        for &id in &body.ops {
            let op = program.op(id);
            for &r in &op.results {
                out[r.index()] = axes.to_vec();
            }
            if let Some(inner) = op.body() {
                let mut more = axes.to_vec();
                if let OpKind::ManualComputation(m) = &op.kind {
                    more.extend(m.manual_axes.iter().cloned());
                }
                visit(program, inner, &more, out);
            }
        }
    }
    let mut out = vec![Vec::new(); program.values().len()];
    let top = Body { args: Vec::new(), ops: program.top_level().to_vec(), results: Vec::new() };
    visit(program, &top, &[], &mut out);
    out
}

/// Random valid decisions for `program` from `picks`.
fn random_decisions(program: &Program, picks: [u8; 32]) -> Decisions {
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &picks);
    let mut next = move |n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    let ops = costed_ops(program);
    let partial = partials(program, &ops);
    let manual = manual_axes(program);
    let annotations = program.annotations();
    let mut strategies = vec![OpStrategy::default(); program.ops().len()];
    for &id in &ops {
        if let Some(rule) = sharding_rule(program, id) {
            let op = program.op(id);
            let axes = usable_axes(program.mesh(), &manual[op.results[0].index()]);
            let all = op_strategies(&rule, &axes, true, &carriers(op, &partial));
            strategies[id.index()] = all[next(all.len())].clone();
        }
    }
    let values: Vec<TensorSharding> = program
        .value_ids()
        .map(|v: ValueId| {
            let ty = &program.value(v).ty;
            let axes = usable_axes(program.mesh(), &manual[v.index()]);
            let mut all = value_shardings(program.mesh_name(), &ty.shape, &axes, partial[v.index()]);
            for a in annotations.iter().filter(|a| a.value == v) {
                all.retain(|s| s.conforms_to_all(&a.sharding));
            }
            if !manual[v.index()].is_empty() {
                // The executor needs a manual computation's free axes to cut its
                // blocks evenly (it says so rather than run anything else).
                let mesh = program.mesh();
                all.retain(|s| s.dims.iter().zip(&ty.shape).all(|(d, &n)| n % d.sharded_size(mesh).max(1) == 0));
            }
            match all.len() {
                0 => TensorSharding::replicated(program.mesh_name(), ty.shape.len()),
                n => all[next(n)].clone(),
            }
        })
        .collect();
    Decisions { values, strategies }
}

/// The random plans exercise uneven shards: over 200 random programs and plans, a
/// good share cut some value or op into balanced shards (sizes 3, 5 and 6 over
/// meshes of 2 to 8 rarely divide).
#[test]
fn random_plans_cut_some_dimensions_unevenly() {
    let mut uneven = 0;
    for k in 0..200u8 {
        let config = Config::from_source("random.yaml", &source([k; 32])).unwrap();
        let decisions = random_decisions(&config.program, [k.wrapping_mul(7); 32]);
        let cut =
            decisions.values.iter().any(TensorSharding::is_uneven) || decisions.strategies.iter().any(|s| s.balanced);
        uneven += usize::from(cut);
    }
    assert!(uneven >= 20, "{uneven} of 200 random plans cut a dimension unevenly");
}

fn cases() -> u32 {
    std::env::var("AUTOSHARD_RUN_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(500)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), max_global_rejects: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn a_sharded_run_equals_the_reference(seed in any::<[u8; 32]>(), picks in any::<[u8; 32]>(), inputs in 0u64..1000) {
        let text = source(seed);
        let config = Config::from_source("random.yaml", &text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let decisions = random_decisions(&config.program, picks);
        let shown: Vec<String> = decisions.values.iter().map(ToString::to_string).collect();
        // Some random combinations cannot be priced (partial maxima kept as partial
        // sums): the cost model refuses them, and so must the run.
        let solution = autoshard::price_decisions(&config, decisions);
        prop_assume!(solution.is_ok(), "the cost model refuses the decisions");
        match autoshard::run(&config, &solution.unwrap(), inputs) {
            Ok(run) => {
                let v = &run.verification;
                prop_assert!(v.passed, "{text}\ndecisions: {shown:?}\n{v:?}");
            }
            Err(autoshard::Error::Run(RunError::InvalidPlan(reason))) => {
                prop_assume!(false, "{}", reason);
            }
            Err(e) => prop_assert!(false, "{e}\n{text}"),
        }
    }

    /// Random programs under random valid plans, written as StableHLO
    /// (`solve --format mlir`) and read back: the module's own constraints must
    /// price and run, matching the reference.
    #[test]
    fn an_exported_plan_reads_back_and_runs(seed in any::<[u8; 32]>(), picks in any::<[u8; 32]>(), inputs in 0u64..1000) {
        let text = source(seed);
        let config = Config::from_source("random.yaml", &text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let decisions = random_decisions(&config.program, picks);
        let plan = autoshard::cost::price_plan(&config.program, &config.hardware, &decisions);
        prop_assume!(plan.is_ok(), "the cost model refuses the decisions");
        let plan = plan.unwrap();
        let module = autoshard::stablehlo::export(&config.program, &plan).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let again = autoshard::Config::from_mlir("exported.mlir", &module).map_err(|e| TestCaseError::fail(format!("{e}\n{text}\n{module}")))?;
        let priced = autoshard::price(&again, None).map_err(|e| TestCaseError::fail(format!("{e}\n{text}\n{module}")))?;
        let run = autoshard::run(&again, &priced, inputs).map_err(|e| TestCaseError::fail(format!("{e}\n{text}\n{module}")))?;
        prop_assert!(run.verification.passed, "{text}\n{module}\n{:?}", run.verification);
    }
}
