//! Measuring the CPU mesh executor's collectives and fitting SPEC §4's formulas to
//! them: for each kind, group size p and size n, the median over repetitions of the
//! slowest device's device time ([`time_on_mesh`]; what a sharded run reports per
//! collective), then α and B by least squares on `t = k_α(p)·α + k_n(p)·n/B` with
//! the cost model's own coefficients ([`coefficients`]).
//!
//! Every measurement runs all devices at once: a mesh of `devices` split into
//! groups of p along its minor axis, as a plan's collectives over one mesh axis run.
//! n is the byte count the formula names (the gathered result for all_gather, each
//! device's input otherwise), rounded to whole f32 elements that split evenly. The
//! kinds whose copies depend on the layout are timed on a matrix moved along each of
//! its dimensions, as a sharded run's blocks move (see `time_collective`).

use super::stats::{Fit, fit};
use super::{BenchError, time_on_mesh};
use autoshard_cost::coefficients;
use autoshard_executor::{Grid, MeshReduction, Tensor};
use autoshard_model::reshard::CollectiveKind;
use serde::Serialize;

/// The collectives measured, in report order.
pub const KINDS: [CollectiveKind; 5] = autoshard_cost::profile::PRICED_KINDS;

/// What to measure.
#[derive(Debug, Clone, PartialEq)]
pub struct CollectiveBench {
    /// Devices of the mesh (all run every measurement).
    pub devices: usize,
    /// Group sizes (each divides `devices`; 1 is skipped).
    pub groups: Vec<usize>,
    /// Sizes n in bytes.
    pub sizes: Vec<u64>,
    /// Timed repetitions per point (after one untimed warm-up).
    pub repetitions: usize,
}

impl CollectiveBench {
    /// `devices` devices, every group size that is a power of two dividing it (2, 4,
    /// ..., devices), sizes from 1 KiB to 4 MiB, 7 repetitions.
    pub fn new(devices: usize) -> Self {
        let groups = (1..).map(|k| 1usize << k).take_while(|&p| p <= devices && devices.is_multiple_of(p)).collect();
        CollectiveBench { devices, groups, sizes: vec![1 << 10, 16 << 10, 256 << 10, 1 << 20, 4 << 20], repetitions: 7 }
    }
}

/// One measured point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// Devices per group.
    pub group: usize,
    /// The formula's n, bytes.
    pub bytes: u64,
    /// Median device time of the slowest device, seconds.
    pub seconds: f64,
}

/// One kind's points and fit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KindFit {
    /// The collective (serialised by name: `all_gather`, ...).
    #[serde(serialize_with = "kind_name")]
    pub kind: CollectiveKind,
    /// Fitted latency α, seconds (may be negative when noise swamps it).
    pub alpha_s: f64,
    /// Fitted bandwidth B, bytes per second (infinite if the fit's 1/B ≤ 0).
    pub bandwidth_bytes_per_s: f64,
    /// Coefficient of determination of the fit.
    pub r2: f64,
    /// The measurements.
    pub points: Vec<Point>,
}

fn kind_name<S: serde::Serializer>(kind: &CollectiveKind, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(kind.name())
}

impl KindFit {
    /// The fitted link, clamped to a usable one (α ≥ 0, B finite and positive).
    pub fn link(&self) -> autoshard_cost::LinkSpec {
        let bandwidth = if self.bandwidth_bytes_per_s.is_finite() && self.bandwidth_bytes_per_s > 0.0 {
            self.bandwidth_bytes_per_s
        } else {
            1e12
        };
        autoshard_cost::LinkSpec {
            bandwidth: autoshard_model::BytesPerSecond(bandwidth),
            latency: autoshard_model::Seconds(self.alpha_s.max(0.0)),
        }
    }
}

/// Measures every kind of [`KINDS`] as `bench` says and fits each.
pub fn measure(bench: &CollectiveBench, mut progress: impl FnMut(&str)) -> Result<Vec<KindFit>, BenchError> {
    let groups: Vec<usize> = bench.groups.iter().copied().filter(|&p| p > 1).collect();
    if let Some(&p) = groups.iter().find(|&&p| !bench.devices.is_multiple_of(p)) {
        return Err(BenchError::Usage(format!("group size {p} does not divide {} devices", bench.devices)));
    }
    if groups.is_empty() || bench.sizes.is_empty() || bench.repetitions == 0 {
        return Err(BenchError::Usage("nothing to measure: need a group size > 1, a size and a repetition".into()));
    }
    let mut fits = Vec::new();
    for kind in KINDS {
        progress(kind.name());
        let mut points = Vec::new();
        for &p in &groups {
            for &size in &bench.sizes {
                let (bytes, seconds) = time_collective(kind, bench.devices, p, size, bench.repetitions)?;
                points.push(Point { group: p, bytes, seconds });
            }
        }
        fits.push(fit_kind(kind, points)?);
    }
    Ok(fits)
}

/// Fits `kind`'s formula to `points`.
pub fn fit_kind(kind: CollectiveKind, points: Vec<Point>) -> Result<KindFit, BenchError> {
    let rows: Vec<(f64, f64, f64)> = points
        .iter()
        .map(|pt| {
            let (ka, kn) = coefficients(kind, pt.group as i64);
            (ka, kn * pt.bytes as f64, pt.seconds)
        })
        .collect();
    let Fit { a, b, r2 } = fit(&rows, true)
        .ok_or_else(|| BenchError::Usage(format!("{}: too few distinct points to fit α and B", kind.name())))?;
    let bandwidth = if b > 0.0 { 1.0 / b } else { f64::INFINITY };
    Ok(KindFit { kind, alpha_s: a, bandwidth_bytes_per_s: bandwidth, r2, points })
}

/// Runs one collective `repetitions` times (after a warm-up) on `devices` devices in
/// groups of `p` ([`time_on_mesh`]); returns the formula's n (bytes, after rounding)
/// and the median of the slowest device's time. Layout-sensitive kinds (all_gather,
/// reduce_scatter, all_to_all) are timed twice, as a sharded run moves blocks: along
/// the leading dimension of a matrix (whole rows) and along its minor dimension (rows
/// of [`RUN`] elements per piece); the time is the mean of the two.
fn time_collective(
    kind: CollectiveKind,
    devices: usize,
    p: usize,
    size: u64,
    repetitions: usize,
) -> Result<(u64, f64), BenchError> {
    let elements = elements(size, p);
    let grid = Grid::new(&[devices / p, p])?;
    let axes = [1usize];
    let pairs: Vec<(usize, usize)> = (0..devices)
        .map(|d| {
            let (g, i) = (d / p, d % p);
            (grid.device(&[g, i]), grid.device(&[g, (i + 1) % p]))
        })
        .collect();
    let minor = matches!(kind, CollectiveKind::AllGather | CollectiveKind::ReduceScatter | CollectiveKind::AllToAll);
    let along: &[usize] = if minor { &[0, 1] } else { &[0] };
    let mut times = Vec::new();
    for &axis in along {
        // [rows, columns] moved along `axis`: one column, or p·RUN of them.
        let columns = if axis == 1 { p * RUN } else { 1 };
        let rows = elements / columns;
        let input = match kind {
            CollectiveKind::AllGather if axis == 1 => Tensor::full(&[rows, columns / p], 1.0),
            CollectiveKind::AllGather => Tensor::full(&[rows / p, columns], 1.0),
            _ => Tensor::full(&[rows, columns], 1.0),
        };
        times.push(time_on_mesh(&grid, repetitions, |device| match kind {
            CollectiveKind::AllGather => device.all_gather(&input, &axes, axis),
            CollectiveKind::ReduceScatter => device.reduce_scatter(&input, &axes, MeshReduction::Sum, axis),
            CollectiveKind::AllReduce => device.all_reduce(&input, &axes, MeshReduction::Sum),
            CollectiveKind::AllToAll => device.all_to_all(&input, &axes, axis, 1 - axis),
            _ => device.collective_permute(&input, &pairs),
        })?);
    }
    Ok(((elements * 4) as u64, times.iter().sum::<f64>() / times.len() as f64))
}

/// Elements per piece of a row when a collective moves a matrix along its minor
/// dimension (a sharded hidden dimension of a few dozen elements).
const RUN: usize = 32;

/// The f32 elements a collective over groups of `p` moves for a requested `size` in
/// bytes: whole elements, rounded up to a multiple of p²·[`RUN`] (so all_gather's
/// shards and every other split are even, along either dimension), at least that.
fn elements(size: u64, p: usize) -> usize {
    let unit = p * p * RUN;
    ((size as usize / 4).div_ceil(unit) * unit).max(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_measurement_has_every_kind_and_point() {
        let bench = CollectiveBench { devices: 4, groups: vec![2, 4], sizes: vec![1 << 10, 64 << 10], repetitions: 2 };
        let fits = measure(&bench, |_| {}).unwrap();
        let kinds: Vec<&str> = fits.iter().map(|f| f.kind.name()).collect();
        assert_eq!(kinds, ["all_gather", "reduce_scatter", "all_reduce", "all_to_all", "collective_permute"]);
        for f in &fits {
            assert_eq!(f.points.len(), 4);
            assert!(f.points.iter().all(|p| p.seconds >= 0.0 && p.bytes >= 1 << 10));
            // Every (group, size) in order, each size as the rounding of the request.
            let expected: Vec<(usize, u64)> = bench
                .groups
                .iter()
                .flat_map(|&p| bench.sizes.iter().map(move |&n| (p, elements(n, p) as u64 * 4)))
                .collect();
            let measured: Vec<(usize, u64)> = f.points.iter().map(|p| (p.group, p.bytes)).collect();
            assert_eq!(measured, expected);
            let link = f.link();
            assert!(link.bandwidth.0 > 0.0 && link.latency.0 >= 0.0);
        }
        let bad = CollectiveBench { groups: vec![3], ..bench };
        assert!(matches!(measure(&bad, |_| {}), Err(BenchError::Usage(_))));
    }

    #[test]
    fn requested_sizes_round_to_even_splits() {
        // Multiples of p²·RUN (RUN = 32), at least one.
        assert_eq!(elements(1 << 10, 2), 256);
        assert_eq!(elements(1000, 2), 256);
        assert_eq!(elements(1 << 12, 4), 1024);
        assert_eq!(elements(1000, 4), 512);
        assert_eq!(elements(1, 4), 512);
        assert_eq!(elements(0, 2), 128);
    }

    #[test]
    fn the_link_of_a_fit_is_clamped_to_a_usable_one() {
        let fit = |alpha_s: f64, bandwidth_bytes_per_s: f64| KindFit {
            kind: CollectiveKind::AllGather,
            alpha_s,
            bandwidth_bytes_per_s,
            r2: 0.5,
            points: Vec::new(),
        };
        let link = fit(-3e-6, f64::INFINITY).link();
        assert_eq!((link.bandwidth.0, link.latency.0), (1e12, 0.0));
        for bandwidth in [0.0, -2e9, f64::NAN] {
            assert_eq!(fit(2e-6, bandwidth).link().bandwidth.0, 1e12, "{bandwidth}");
        }
        let link = fit(2e-6, 5e9).link();
        assert_eq!((link.bandwidth.0, link.latency.0), (5e9, 2e-6));
    }

    #[test]
    fn the_kind_fit_recovers_a_synthetic_link() {
        let (alpha, bandwidth) = (4e-6, 2e9);
        let kind = CollectiveKind::AllReduce;
        let points: Vec<Point> = [2usize, 4, 8]
            .iter()
            .flat_map(|&p| {
                [1u64 << 10, 1 << 20].map(|bytes| {
                    let (ka, kn) = coefficients(kind, p as i64);
                    Point { group: p, bytes, seconds: ka * alpha + kn * bytes as f64 / bandwidth }
                })
            })
            .collect();
        let f = fit_kind(kind, points).unwrap();
        assert!((f.alpha_s / alpha - 1.0).abs() < 1e-6 && (f.bandwidth_bytes_per_s / bandwidth - 1.0).abs() < 1e-6);
    }
}
