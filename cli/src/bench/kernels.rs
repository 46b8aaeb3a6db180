//! Measuring the CPU mesh executor's kernels and fitting the cost model's kernel
//! model to them (`autoshard::cost::kernel`).
//!
//! The suite (`kernels.yaml`, compiled in) is a program of ops of every kernel
//! class at the shapes one device of a sharded run of the gallery sees. Each op is
//! timed on its own, on every device at once ([`time_on_mesh`]), as the sharded
//! executor runs a local kernel: the reference's `apply` on operands the device
//! holds, no copy of them or of the results timed. Its operands are the suite's
//! random inputs or the results of the ops before it (a `log` reads an `abs`: no
//! kernel is timed on inputs outside its domain). The fixed overhead is the median
//! time of the suite's `tiny_` ops; then per class, least squares on relative error
//! fits `t − overhead = flops / F + bytes / B` over the class's ops, with the op's
//! FLOPs and bytes as the cost model counts them. Where the fit makes a coefficient
//! negative or zero (noise swamping a term), the class keeps one term, the better
//! fitting of the median seconds per FLOP and the median seconds per byte, and the
//! other rate is [`FREE`] (as is the FLOP rate of data movement, which has none).
//! The suite has every elementwise op ([`elementwise_ops`]); each gets its own
//! seconds per result element, `(t − overhead) / elements` (the median over its
//! points), which the model uses for it in place of the class's rates.

use super::stats::{least_squares, median, r_squared};
use super::{BenchError, time_on_mesh};
use autoshard::Config;
use autoshard::cost::elementwise_ops;
use autoshard::cost::{KernelClass, KernelModel, KernelRates};
use autoshard::executor::run_kernel;
use autoshard::executor::{Error as ExecError, Grid, Tensor};
use autoshard::model::rules::op_counts;
use autoshard::model::{BytesPerSecond, DType, FlopsPerSecond, OpId, Program, Seconds, TensorType};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The suite's program.
const SUITE: &str = include_str!("kernels.yaml");

/// The rate of a term the data gives no cost: effectively free.
pub const FREE: f64 = 1e18;

/// One timed op of the suite.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelPoint {
    /// The op's name in the suite.
    pub name: String,
    /// Its kernel class (serialised by name).
    #[serde(serialize_with = "class_name", deserialize_with = "class_of_name")]
    pub class: KernelClass,
    /// The op's name (`add`, `einsum`).
    pub op: String,
    /// Result elements.
    pub elements: u64,
    /// FLOPs the cost model counts.
    pub flops: f64,
    /// Bytes read and written the cost model counts.
    pub bytes: u64,
    /// Median device time of the slowest device, seconds.
    pub seconds: f64,
}

fn class_name<S: serde::Serializer>(class: &KernelClass, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(class.name())
}

fn class_of_name<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<KernelClass, D::Error> {
    let name = String::deserialize(deserializer)?;
    name.parse().map_err(|_| serde::de::Error::custom(format!("unknown kernel class '{name}'")))
}

/// The suite's measurements and the kernel model fitted to them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KernelFit {
    /// The fitted model (not serialised: the profile carries it).
    #[serde(skip)]
    pub model: KernelModel,
    /// Per class, the fit's R² (unweighted) over the class's ops.
    pub r2: Vec<(String, f64)>,
    /// The measurements.
    pub points: Vec<KernelPoint>,
}

/// Times every op of the suite on `devices` devices and fits the kernel model.
pub fn measure(devices: usize, repetitions: usize) -> Result<KernelFit, BenchError> {
    let config = Config::from_source("kernels.yaml", SUITE).map_err(|e| BenchError::Usage(e.to_string()))?;
    let program = &config.program;
    let grid = Grid::new(&[devices])?;
    let mut values: Vec<Option<Tensor>> = vec![None; program.values().len()];
    for (i, input) in program.inputs().iter().enumerate() {
        values[input.value.index()] = Some(Tensor::random(&program.value(input.value).ty, i as u64 + 1));
    }
    let mut points = Vec::new();
    for id in program.op_ids() {
        let op = program.op(id);
        let operands: Vec<&Tensor> =
            op.operands.iter().map(|&v| values[v.index()].as_ref()).collect::<Option<_>>().ok_or_else(|| {
                BenchError::Usage(format!("the kernel suite's {} reads a value not yet computed", op.name))
            })?;
        let (point, computed) = time_op(program, id, &operands, &grid, repetitions)?;
        points.push(point);
        for (&r, tensor) in op.results.iter().zip(computed) {
            values[r.index()] = Some(tensor);
        }
    }
    fit_model(points)
}

/// Times op `id` of the suite on `operands` and computes its results once more
/// (the operands of the ops after it).
fn time_op(
    program: &Program,
    id: OpId,
    operands: &[&Tensor],
    grid: &Grid,
    repetitions: usize,
) -> Result<(KernelPoint, Vec<Tensor>), BenchError> {
    let op = program.op(id);
    let unsupported = |e: autoshard::executor::KernelError| ExecError::Unsupported {
        op: op.name.clone(),
        kind: op.kind.name().into(),
        reason: e.reason,
    };
    let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
    let results: Vec<TensorType> = op.results.iter().map(|&r| program.value(r).ty.clone()).collect();
    // As the sharded executor runs a local kernel: on operands it holds, timing
    // neither a copy of them nor of the results.
    let seconds =
        time_on_mesh(grid, repetitions, |_| run_kernel(&op.kind, (operands, &dtypes), &results).map_err(unsupported))?;
    let computed = run_kernel(&op.kind, (operands, &dtypes), &results).map_err(unsupported)?;
    let counts = op_counts(program, id);
    let point = KernelPoint {
        name: op.name.clone(),
        class: KernelClass::of(&op.kind),
        op: op.kind.name().to_string(),
        elements: results.iter().map(TensorType::num_elements).sum(),
        flops: counts.flops.0,
        bytes: counts.bytes_read.0 + counts.bytes_written.0,
        seconds,
    };
    Ok((point, computed))
}

impl KernelFit {
    /// The point of the suite's op `name`, if it has one.
    pub fn point(&self, name: &str) -> Option<&KernelPoint> {
        self.points.iter().find(|p| p.name == name)
    }
}

/// Fits the kernel model to `points` (see the module docs).
pub fn fit_model(points: Vec<KernelPoint>) -> Result<KernelFit, BenchError> {
    let tiny: Vec<f64> = points.iter().filter(|p| p.name.starts_with("tiny_")).map(|p| p.seconds).collect();
    let overhead = median(&tiny).ok_or_else(|| BenchError::Usage("the kernel suite has no tiny_ ops".into()))?;
    let mut rates = [KernelRates { flops: FlopsPerSecond(FREE), bandwidth: BytesPerSecond(FREE) }; 6];
    let mut r2 = Vec::new();
    for class in KernelClass::ALL {
        let rows: Vec<([f64; 2], f64)> = points
            .iter()
            .filter(|p| p.class == class && !p.name.starts_with("tiny_"))
            .map(|p| ([p.flops, p.bytes as f64], (p.seconds - overhead).max(p.seconds * 0.01)))
            .collect();
        let (per_flop, per_byte, quality) = fit_class(&rows)
            .ok_or_else(|| BenchError::Usage(format!("the kernel suite has too few {class} ops to fit")))?;
        let rate = |per: f64| if per > 0.0 { (1.0 / per).min(FREE) } else { FREE };
        rates[class as usize] =
            KernelRates { flops: FlopsPerSecond(rate(per_flop)), bandwidth: BytesPerSecond(rate(per_byte)) };
        r2.push((class.name().to_string(), quality));
    }
    let per_element = per_element(&points, overhead);
    Ok(KernelFit { model: KernelModel { overhead: Seconds(overhead), rates, per_element }, r2, points })
}

/// Seconds per result element of each elementwise op the suite times (beyond the
/// `tiny_` ops): the median over its points of its time less the overhead (at least
/// 1% of its time, as in the class fits) per element.
fn per_element(points: &[KernelPoint], overhead: f64) -> BTreeMap<String, Seconds> {
    let mut per_element = BTreeMap::new();
    for op in elementwise_ops() {
        let times: Vec<f64> = points
            .iter()
            .filter(|p| p.op == op && p.elements > 0 && !p.name.starts_with("tiny_"))
            .map(|p| (p.seconds - overhead).max(p.seconds * 0.01) / p.elements as f64)
            .collect();
        if let Some(t) = median(&times) {
            per_element.insert(op.to_string(), Seconds(t));
        }
    }
    per_element
}

/// Seconds per FLOP and per byte for `rows` of ([FLOPs, bytes], seconds), and R²:
/// both terms when both come out positive, else the better single term.
fn fit_class(rows: &[([f64; 2], f64)]) -> Option<(f64, f64, f64)> {
    if let Some([a, b]) = least_squares(rows, true).filter(|&[a, b]| a > 0.0 && b > 0.0) {
        return Some((a, b, r_squared(rows, &[a, b])));
    }
    // One coefficient: the median of the ops' seconds per unit, which one very fast
    // or very slow kernel does not drag along.
    let alone = |k: usize| -> Option<f64> {
        let per_unit: Vec<f64> = rows.iter().filter(|(x, _)| x[k] > 0.0).map(|(x, t)| t / x[k]).collect();
        median(&per_unit).filter(|c| c.is_finite() && *c > 0.0)
    };
    let flops = alone(0).map(|c| (c, 0.0, r_squared(rows, &[c, 0.0])));
    let bytes = alone(1).map(|c| (0.0, c, r_squared(rows, &[0.0, c])));
    match (flops, bytes) {
        (Some(f), Some(b)) => Some(if f.2 >= b.2 { f } else { b }),
        (f, b) => f.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str, class: KernelClass, flops: f64, bytes: u64, seconds: f64) -> KernelPoint {
        KernelPoint { name: name.into(), class, op: "x".into(), elements: bytes / 8, flops, bytes, seconds }
    }

    #[test]
    fn the_fit_recovers_known_rates() {
        // overhead 1 us; matmul 1e10 FLOP/s and 1e9 B/s; movement 2e9 B/s (no FLOPs).
        let t = |f: f64, b: u64, fr: f64, br: f64| 1e-6 + f / fr + b as f64 / br;
        let mut points = vec![point("tiny_a", KernelClass::Elementwise, 8.0, 96, 1e-6)];
        for (f, b) in [(1e8, 1_000_000u64), (4e8, 1_500_000), (2e7, 3_000_000)] {
            points.push(point("mm", KernelClass::Matmul, f, b, t(f, b, 1e10, 1e9)));
        }
        for class in [KernelClass::Convolution, KernelClass::Elementwise, KernelClass::Reduction, KernelClass::Window] {
            for (f, b) in [(1e6, 1_000_000u64), (4e6, 1_000_000)] {
                points.push(point("x", class, f, b, t(f, b, 1e9, 1e9)));
            }
        }
        for b in [1_000_000u64, 4_000_000] {
            points.push(point("mv", KernelClass::Movement, 0.0, b, t(0.0, b, 1.0, 2e9)));
        }
        let fitted = fit_model(points).unwrap().model;
        assert!((fitted.overhead.0 - 1e-6).abs() < 1e-12);
        let mm = fitted.rates(KernelClass::Matmul);
        assert!((mm.flops.0 / 1e10 - 1.0).abs() < 1e-6 && (mm.bandwidth.0 / 1e9 - 1.0).abs() < 1e-6, "{mm:?}");
        let mv = fitted.rates(KernelClass::Movement);
        assert!(mv.flops.0 == FREE && (mv.bandwidth.0 / 2e9 - 1.0).abs() < 1e-6, "{mv:?}");
        assert!(fitted.per_element.is_empty(), "{:?}", fitted.per_element);
    }

    #[test]
    fn each_elementwise_op_gets_the_median_of_its_points_per_element() {
        let mut points = vec![point("tiny_add", KernelClass::Elementwise, 8.0, 96, 1e-6)];
        points[0].op = "add".into();
        for (name, op, elements, seconds) in
            [("tanh", "tanh", 1000, 21e-6), ("add", "add", 1000, 3e-6), ("add_big", "add", 4000, 13e-6)]
        {
            points.push(KernelPoint {
                op: op.into(),
                elements,
                ..point(name, KernelClass::Elementwise, 1e3, 8000, seconds)
            });
        }
        points.push(point("mm", KernelClass::Matmul, 1e6, 1000, 1e-3));
        points.push(point("mm2", KernelClass::Matmul, 2e6, 1000, 2e-3));
        for class in [KernelClass::Convolution, KernelClass::Reduction, KernelClass::Window, KernelClass::Movement] {
            points.push(point("c1", class, 1e6, 1000, 1e-3));
            points.push(point("c2", class, 2e6, 2000, 2e-3));
        }
        let per_element = fit_model(points).unwrap().model.per_element;
        let near = |op: &str, expected: f64| (per_element[op].0 / expected - 1.0).abs() < 1e-9;
        // tanh: (21 - 1) us over 1000 elements; add: the median of 2 ns and 3 ns.
        assert!(near("tanh", 2e-8) && near("add", 2.5e-9), "{per_element:?}");
        assert_eq!(per_element.len(), 2, "the tiny_ op and other classes give none");
    }

    #[test]
    fn the_suite_loads_and_covers_every_class_and_elementwise_op() {
        let config = Config::from_source("kernels.yaml", SUITE).unwrap();
        let ops = config.program.ops();
        for class in KernelClass::ALL {
            let n = ops.iter().filter(|o| KernelClass::of(&o.kind) == class).count();
            assert!(n >= 2, "{class}: {n} ops");
        }
        for op in elementwise_ops() {
            assert!(ops.iter().any(|o| o.kind.name() == op && !o.name.starts_with("tiny_")), "no {op} in the suite");
        }
    }
}
