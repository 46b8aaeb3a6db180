//! Measuring the CPU mesh executor's kernels and fitting the cost model's kernel
//! model to them (`autoshard_cost::kernel`).
//!
//! The suite (`kernels.yaml`, compiled in) is a program of ops of every kernel
//! class at the shapes one device of a sharded run of the gallery sees. Each op is
//! timed on its own, on random operands, on every device at once ([`time_on_mesh`]),
//! as the sharded executor runs a local kernel: the reference's `apply` on operands
//! the device holds, no copy of them or of the results timed. The fixed overhead is
//! the median time of the suite's `tiny_` ops; then per class, least squares on
//! relative error fits `t − overhead = flops / F + bytes / B` over the class's ops,
//! with the op's FLOPs and bytes as the cost model counts them. Where the fit makes
//! a coefficient negative or zero (noise swamping a term), the class keeps one term,
//! the better fitting of the median seconds per FLOP and the median seconds per
//! byte, and the other rate is [`FREE`] (as is the FLOP rate of data movement,
//! which has none).

use super::stats::{least_squares, median, r_squared};
use super::{BenchError, time_on_mesh};
use crate::Config;
use autoshard_cost::{KernelClass, KernelModel, KernelRates};
use autoshard_executor::reference::apply;
use autoshard_executor::{Error as ExecError, Grid, Tensor};
use autoshard_model::rules::op_counts;
use autoshard_model::{BytesPerSecond, DType, FlopsPerSecond, Seconds, TensorType};
use serde::Serialize;

/// The suite's program.
const SUITE: &str = include_str!("kernels.yaml");

/// The rate of a term the data gives no cost: effectively free.
pub const FREE: f64 = 1e18;

/// One timed op of the suite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KernelPoint {
    /// The op's name in the suite.
    pub name: String,
    /// Its kernel class (serialised by name).
    #[serde(serialize_with = "class_name")]
    pub class: KernelClass,
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
    let mut points = Vec::new();
    for id in program.op_ids() {
        let op = program.op(id);
        let tensors: Vec<Tensor> =
            op.operands.iter().enumerate().map(|(i, &v)| Tensor::random(&program.value(v).ty, i as u64 + 1)).collect();
        // As the sharded executor runs a local kernel: on operands it holds, timing
        // neither a copy of them nor of the results.
        let operands: Vec<&Tensor> = tensors.iter().collect();
        let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
        let results: Vec<TensorType> = op.results.iter().map(|&r| program.value(r).ty.clone()).collect();
        let unsupported = |reason| ExecError::Unsupported { op: op.name.clone(), kind: op.kind.name().into(), reason };
        let seconds =
            time_on_mesh(&grid, repetitions, |_| apply(&op.kind, (&operands, &dtypes), &results).map_err(unsupported))?;
        let counts = op_counts(program, id);
        points.push(KernelPoint {
            name: op.name.clone(),
            class: KernelClass::of(&op.kind),
            flops: counts.flops.0,
            bytes: counts.bytes_read.0 + counts.bytes_written.0,
            seconds,
        });
    }
    fit_model(points)
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
    let mut rates = [KernelRates { flops: FlopsPerSecond(FREE), bandwidth: BytesPerSecond(FREE) }; 5];
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
    Ok(KernelFit { model: KernelModel { overhead: Seconds(overhead), rates }, r2, points })
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
        KernelPoint { name: name.into(), class, flops, bytes, seconds }
    }

    #[test]
    fn the_fit_recovers_known_rates() {
        // overhead 1 us; matmul 1e10 FLOP/s and 1e9 B/s; movement 2e9 B/s (no FLOPs).
        let t = |f: f64, b: u64, fr: f64, br: f64| 1e-6 + f / fr + b as f64 / br;
        let mut points = vec![point("tiny_a", KernelClass::Elementwise, 8.0, 96, 1e-6)];
        for (f, b) in [(1e8, 1_000_000u64), (4e8, 1_500_000), (2e7, 3_000_000)] {
            points.push(point("mm", KernelClass::Matmul, f, b, t(f, b, 1e10, 1e9)));
        }
        for class in [KernelClass::Convolution, KernelClass::Elementwise, KernelClass::Reduction] {
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
    }

    #[test]
    fn the_suite_loads_and_covers_every_class() {
        let config = Config::from_source("kernels.yaml", SUITE).unwrap();
        for class in KernelClass::ALL {
            let n = config.program.ops().iter().filter(|o| KernelClass::of(&o.kind) == class).count();
            assert!(n >= 2, "{class}: {n} ops");
        }
    }
}
