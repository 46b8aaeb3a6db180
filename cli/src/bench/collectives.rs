//! Measuring the CPU mesh executor's collectives and fitting docs/spec.md §4's formulas to
//! them: for each kind, group size p and size n, the median over repetitions of the
//! slowest device's device time, then the overhead, α and B by least squares on
//! `t = overhead + k_α(p)·α + k_n(p)·n/B` with the cost model's own coefficients
//! ([`coefficients`]).
//!
//! A collective is timed as a sharded run runs it ([`time_reshard`]): the `sdy`
//! collective that the reshard planner makes for a pair of shardings, on each
//! device's block, through the executor's planning of its groups and blocks. The
//! time per collective that this adds to the data movement (~2–4 µs here, as much
//! as moving 16 KiB) is what the overhead term fits; timed as bare mesh-dialect
//! calls, small collectives came out 5–10× cheaper than the same collectives inside
//! programs. The mesh is `["y"=devices/p, "x"=p]` and every kind runs over `x`, as
//! a plan's collectives over one mesh axis run; a collective_permute moves `x`'s
//! blocks onto as many devices along `y` (and cannot be timed where y = 1). n is
//! the byte count the formula names (the gathered result for all_gather, each
//! device's input otherwise), rounded to whole f32 elements that split evenly. The
//! kinds whose copies depend on the layout are timed on a matrix moved along each
//! of its dimensions, as a sharded run's blocks move (see `time_collective`).

use super::BenchError;
use super::stats::{least_squares, r_squared};
use autoshard::cost::{CollectiveSpec, coefficients};
use autoshard::executor::Tensor;
use autoshard::executor::time_reshard;
use autoshard::model::reshard::{Collective, CollectiveKind, plan};
use autoshard::model::{Mesh, Meshes, TensorSharding};
use serde::Serialize;

/// The collectives measured, in report order.
pub const KINDS: [CollectiveKind; 5] = autoshard::cost::PRICED_KINDS;

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
    /// Fitted fixed overhead per collective, seconds (0 where it cannot be told
    /// from α: a collective_permute's α is also once per collective).
    pub overhead_s: f64,
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
    pub fn link(&self) -> autoshard::cost::LinkSpec {
        let bandwidth = if self.bandwidth_bytes_per_s.is_finite() && self.bandwidth_bytes_per_s > 0.0 {
            self.bandwidth_bytes_per_s
        } else {
            1e12
        };
        autoshard::cost::LinkSpec {
            bandwidth: autoshard::model::BytesPerSecond(bandwidth),
            latency: autoshard::model::Seconds(self.alpha_s.max(0.0)),
        }
    }

    /// The fitted link and overhead, clamped to usable ones (see [`KindFit::link`];
    /// overhead ≥ 0).
    pub fn spec(&self) -> CollectiveSpec {
        CollectiveSpec { link: self.link(), overhead: autoshard::model::Seconds(self.overhead_s.max(0.0)) }
    }
}

/// Measures every kind of [`KINDS`] as `bench` says and fits each; a kind with
/// nothing to time is left out (a collective_permute on a mesh of one axis: every
/// group size equal to the devices).
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
                if let Some((bytes, seconds)) = time_collective(kind, bench.devices, p, size, bench.repetitions)? {
                    points.push(Point { group: p, bytes, seconds });
                }
            }
        }
        if !points.is_empty() {
            fits.push(fit_kind(kind, points)?);
        }
    }
    Ok(fits)
}

/// Fits `kind`'s time, `overhead + k_α·α + k_n·n/B` (docs/spec.md §4's formula plus the
/// profile's fixed overhead per collective), to `points` by least squares on
/// relative error.
pub fn fit_kind(kind: CollectiveKind, points: Vec<Point>) -> Result<KindFit, BenchError> {
    let rows: Vec<([f64; 3], f64)> = points
        .iter()
        .map(|pt| {
            let (ka, kn) = coefficients(kind, pt.group as i64);
            ([1.0, ka, kn * pt.bytes as f64], pt.seconds)
        })
        .collect();
    let terms = fit_terms(&rows)
        .ok_or_else(|| BenchError::Usage(format!("{}: too few distinct points to fit α and B", kind.name())))?;
    let [overhead, alpha, per_byte] = terms;
    let bandwidth = if per_byte > 0.0 { 1.0 / per_byte } else { f64::INFINITY };
    let r2 = r_squared(&rows, &terms);
    Ok(KindFit { kind, overhead_s: overhead, alpha_s: alpha, bandwidth_bytes_per_s: bandwidth, r2, points })
}

/// The coefficients `[overhead, α, 1/B]` for `rows`: all three where the overhead
/// and α come out ≥ 0, else with the term that came out negative dropped (then the
/// other); the overhead is dropped where it cannot be told from α (a kind whose k_α
/// is the same for every group size), which leaves docs/spec.md §4's formula.
fn fit_terms(rows: &[([f64; 3], f64)]) -> Option<[f64; 3]> {
    let usable = |c: &[f64; 3]| c[0] >= 0.0 && c[1] >= 0.0;
    let all = least_squares(rows, true);
    if let Some(all) = all.filter(usable) {
        return Some(all);
    }
    let without = |dropped: usize| -> Option<[f64; 3]> {
        let kept = if dropped == 0 { [1, 2] } else { [0, 2] };
        let two: Vec<([f64; 2], f64)> = rows.iter().map(|(x, y)| (kept.map(|k| x[k]), *y)).collect();
        let [p, q] = least_squares(&two, true)?;
        Some(if dropped == 0 { [0.0, p, q] } else { [p, 0.0, q] })
    };
    let first = if all.is_some_and(|c| c[1] < 0.0) { 1 } else { 0 };
    without(first).filter(usable).or_else(|| without(1 - first).filter(usable)).or_else(|| without(0))
}

/// Times one collective `repetitions` times (after a warm-up) as a sharded run runs
/// it ([`time_reshard`]: each device's block, through the executor's planning of
/// groups and blocks, so the per-collective work of a program is in the time) on a
/// mesh `["y"=devices/p, "x"=p]`, over `x`; returns the formula's n (bytes, after
/// rounding) and the median of the slowest device's time. Layout-sensitive kinds
/// (all_gather, reduce_scatter, all_to_all) are timed twice, as a sharded run moves
/// blocks: along the leading dimension of a matrix (whole rows) and along its minor
/// dimension (rows of [`RUN`] elements per piece); the time is the mean of the two.
/// `None` for a collective_permute when the mesh has no second axis to permute with
/// (p = devices).
fn time_collective(
    kind: CollectiveKind,
    devices: usize,
    p: usize,
    size: u64,
    repetitions: usize,
) -> Result<Option<(u64, f64)>, BenchError> {
    let elements = elements(size, p);
    let y = devices / p;
    let mesh: Mesh = format!("<[\"y\"={y}, \"x\"={p}]>").parse().map_err(usage)?;
    let minor = matches!(kind, CollectiveKind::AllGather | CollectiveKind::ReduceScatter | CollectiveKind::AllToAll);
    let along: &[usize] = if minor { &[0, 1] } else { &[0] };
    let mut times = Vec::new();
    for &axis in along {
        // [rows, columns] moved along `axis`: one column, or p·RUN of them.
        let columns = if axis == 1 { p * RUN } else { 1 };
        let mut shape = [elements / columns, columns];
        let Some((from, to)) = shardings(kind, axis, y, p) else { return Ok(None) };
        // n is each device's block for these kinds: the whole tensor is p blocks.
        if matches!(kind, CollectiveKind::AllToAll | CollectiveKind::CollectivePermute) {
            shape[1 - axis] *= p;
        }
        let from: TensorSharding = from.parse().map_err(usage)?;
        let to: TensorSharding = to.parse().map_err(usage)?;
        let dims = shape.map(|d| d as i64);
        let collectives = plan(&Meshes::single("mesh", mesh.clone()), &dims, &from, &to).map_err(usage)?;
        if collectives.iter().map(Collective::kind).ne([kind]) {
            let got: Vec<String> = collectives.iter().map(ToString::to_string).collect();
            return Err(BenchError::Usage(format!("{from} -> {to} is not one {}: {got:?}", kind.name())));
        }
        let x = Tensor::full(&shape, 1.0);
        let rounds = time_reshard(&mesh, &x, &from, &collectives, repetitions, super::MEASURING_CORES)?;
        times.push(super::median_seconds(&rounds)?);
    }
    Ok(Some(((elements * 4) as u64, times.iter().sum::<f64>() / times.len() as f64)))
}

/// The source and target shardings (text) of one `kind` over mesh axis `x` (size
/// p, beside `y` of size y) moving a matrix along `axis`.
fn shardings(kind: CollectiveKind, axis: usize, y: usize, p: usize) -> Option<(String, String)> {
    let dims = |d: usize, axes: &str| if d == 0 { format!("[{axes}, {{}}]") } else { format!("[{{}}, {axes}]") };
    let sharded = |d: usize| format!("<@mesh, {}>", dims(d, "{\"x\"}"));
    let unreduced = "<@mesh, [{}, {}], unreduced={\"x\"}>".to_string();
    let replicated = "<@mesh, [{}, {}]>".to_string();
    Some(match kind {
        CollectiveKind::AllGather => (sharded(axis), replicated),
        CollectiveKind::ReduceScatter => (unreduced, sharded(axis)),
        CollectiveKind::AllReduce => (unreduced, replicated),
        CollectiveKind::AllToAll => (sharded(1 - axis), sharded(axis)),
        // The same blocks on other devices: x's p blocks moved onto as many of y's.
        _ if y == 1 => return None,
        _ => {
            let target = match p.cmp(&y) {
                std::cmp::Ordering::Less => format!("{{\"y\":(1){p}}}"),
                std::cmp::Ordering::Equal => "{\"y\"}".to_string(),
                std::cmp::Ordering::Greater => format!("{{\"y\", \"x\":(1){}}}", p / y),
            };
            (sharded(0), format!("<@mesh, {}>", dims(0, &target)))
        }
    })
}

fn usage(e: impl std::fmt::Display) -> BenchError {
    BenchError::Usage(e.to_string())
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
            assert!(f.points.iter().all(|p| p.seconds > 0.0 && p.bytes >= 1 << 10));
            // Every (group, size) in order, each size as the rounding of the request;
            // a collective_permute needs a second mesh axis, which p = 4 of 4 leaves none.
            let groups: &[usize] = if f.kind == CollectiveKind::CollectivePermute { &[2] } else { &[2, 4] };
            let expected: Vec<(usize, u64)> =
                groups.iter().flat_map(|&p| bench.sizes.iter().map(move |&n| (p, elements(n, p) as u64 * 4))).collect();
            let measured: Vec<(usize, u64)> = f.points.iter().map(|p| (p.group, p.bytes)).collect();
            assert_eq!(measured, expected);
            let spec = f.spec();
            assert!(spec.link.bandwidth.0 > 0.0 && spec.link.latency.0 >= 0.0 && spec.overhead.0 >= 0.0);
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
            overhead_s: -1e-6,
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
        assert_eq!(fit(2e-6, 5e9).spec().overhead.0, 0.0);
    }

    #[test]
    fn the_kind_fit_recovers_a_synthetic_link() {
        let synthetic = |kind: CollectiveKind, overhead: f64, alpha: f64, bandwidth: f64| -> Vec<Point> {
            [2usize, 4, 8]
                .iter()
                .flat_map(|&p| {
                    [1u64 << 10, 1 << 20].map(|bytes| {
                        let (ka, kn) = coefficients(kind, p as i64);
                        Point { group: p, bytes, seconds: overhead + ka * alpha + kn * bytes as f64 / bandwidth }
                    })
                })
                .collect()
        };
        let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-6;
        // All three terms.
        let f = fit_kind(CollectiveKind::AllReduce, synthetic(CollectiveKind::AllReduce, 3e-6, 4e-6, 2e9)).unwrap();
        assert!(close(f.overhead_s, 3e-6) && close(f.alpha_s, 4e-6) && close(f.bandwidth_bytes_per_s, 2e9), "{f:?}");
        // No overhead: docs/spec.md §4's formula alone, exactly.
        let f = fit_kind(CollectiveKind::AllGather, synthetic(CollectiveKind::AllGather, 0.0, 4e-6, 2e9)).unwrap();
        assert!(f.overhead_s.abs() < 1e-12 && close(f.alpha_s, 4e-6), "{f:?}");
        // An overhead with no α: α would come out negative with noise; here exactly 0.
        let f = fit_kind(CollectiveKind::AllToAll, synthetic(CollectiveKind::AllToAll, 2e-6, 0.0, 1e9)).unwrap();
        assert!(close(f.overhead_s, 2e-6) && f.alpha_s.abs() < 1e-12, "{f:?}");
        // collective_permute's α is once per collective, like the overhead: one term.
        let kind = CollectiveKind::CollectivePermute;
        let f = fit_kind(kind, synthetic(kind, 0.0, 3e-6, 8e9)).unwrap();
        assert!(f.overhead_s == 0.0 && close(f.alpha_s, 3e-6) && close(f.bandwidth_bytes_per_s, 8e9), "{f:?}");
    }

    #[test]
    fn a_negative_alpha_is_dropped_before_the_overhead() {
        // A large overhead and a slightly negative α: the fit keeps the overhead.
        let rows: Vec<([f64; 3], f64)> =
            [(1.0, 1e3, 3.0e-6), (3.0, 3e3, 2.9e-6), (7.0, 7e6, 2.0e-3), (1.0, 1e6, 1.0e-3)]
                .iter()
                .map(|&(ka, kn, t)| ([1.0, ka, kn], t))
                .collect();
        let [overhead, alpha, _] = fit_terms(&rows).unwrap();
        assert!(overhead > 0.0 && alpha == 0.0, "{overhead} {alpha}");
    }
}
