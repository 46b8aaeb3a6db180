//! Calibrations of devices measured elsewhere: the JSON points that
//! `scripts/jax/calibrate_xla.py` takes through XLA (on JAX's host CPU devices, or a
//! GPU or TPU host's), fitted as [`super::calibrate`] fits the executor's
//! (`bench calibrate --measured FILE`).
//!
//! ```json
//! {"source": "XLA (…)", "devices": 8, "cores": 2, "memory": null,
//!  "kernels": [{"name": "gemm", "class": "matmul", "op": "dot_general", "elements": 65536,
//!               "flops": 3.4e7, "bytes": 786432, "seconds": 1.2e-4}, …],
//!  "collectives": [{"kind": "all_gather", "group": 2, "bytes": 65536, "seconds": 3e-5}, …]}
//! ```
//!
//! The kernels must include `tiny_` points (the overhead), a `gemm` and an `add`
//! (the device's FLOP and byte rates) and enough points of every class to fit; the
//! collectives, an `all_gather` (the profile's link). `memory` is bytes per device
//! (`null`: the machine's memory over the devices).

use super::BenchError;
use super::calibrate::{Calibration, machine_memory, rate};
use super::collectives::{Point, fit_kind};
use super::kernels::{KernelPoint, fit_model};
use autoshard::model::reshard::CollectiveKind;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Measured {
    source: String,
    devices: usize,
    cores: Option<usize>,
    memory: Option<u64>,
    kernels: Vec<KernelPoint>,
    collectives: Vec<MeasuredCollective>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MeasuredCollective {
    kind: String,
    group: usize,
    bytes: u64,
    seconds: f64,
}

/// The calibration of the measurements in the JSON file at `path`.
pub fn from_file(path: &Path) -> Result<Calibration, BenchError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| BenchError::Usage(format!("{}: error: cannot read: {e}", path.display())))?;
    from_json(&text).map_err(|e| BenchError::Usage(format!("{}: error: {e}", path.display())))
}

/// The calibration of measurements given as JSON text (see the module docs).
pub fn from_json(text: &str) -> Result<Calibration, BenchError> {
    let measured: Measured = serde_json::from_str(text).map_err(|e| BenchError::Usage(e.to_string()))?;
    if measured.devices == 0 {
        return Err(BenchError::Usage("devices: expected at least 1".into()));
    }
    for k in &measured.kernels {
        check_seconds(&k.name, k.seconds)?;
    }
    let kernels = fit_model(measured.kernels)?;
    let gemm_flops = rate(&kernels, "gemm", |p| p.flops)?;
    let memory_bandwidth = rate(&kernels, "add", |p| p.bytes as f64)?;
    let mut by_kind: BTreeMap<CollectiveKind, Vec<Point>> = BTreeMap::new();
    for c in measured.collectives {
        let kind: CollectiveKind =
            c.kind.parse().map_err(|_| BenchError::Usage(format!("unknown collective kind '{}'", c.kind)))?;
        check_seconds(&c.kind, c.seconds)?;
        by_kind.entry(kind).or_default().push(Point { group: c.group, bytes: c.bytes, seconds: c.seconds });
    }
    let collectives = by_kind.into_iter().map(|(kind, points)| fit_kind(kind, points)).collect::<Result<_, _>>()?;
    let memory = measured.memory.or_else(|| machine_memory().map(|m| m / measured.devices as u64)).unwrap_or(4 << 30);
    Ok(Calibration {
        source: Some(measured.source),
        devices: measured.devices,
        cores: measured.cores.unwrap_or(0),
        gemm_flops,
        memory_bandwidth,
        memory,
        kernels,
        collectives,
    })
}

fn check_seconds(what: &str, seconds: f64) -> Result<(), BenchError> {
    if seconds.is_finite() && seconds > 0.0 {
        Ok(())
    } else {
        Err(BenchError::Usage(format!("{what}: expected a positive time, got {seconds}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard::cost::{KernelClass, Profile};

    /// Points made from known rates: a 1 µs kernel overhead, 100 GFLOP/s and
    /// 10 GB/s per class; collectives with α = 10 µs and B = 1 GB/s.
    fn measured() -> String {
        let classes = ["matmul", "convolution", "elementwise", "reduction", "window", "movement"];
        let mut kernels = vec![];
        for r in 0..3 {
            kernels.push(format!(
                r#"{{"name": "tiny_{r}", "class": "matmul", "op": "dot_general", "elements": 64, "flops": 1024, "bytes": 768, "seconds": 1e-6}}"#
            ));
        }
        for class in classes {
            for (i, (flops, bytes)) in [(1e6, 1e5), (4e6, 1e5), (1e6, 8e5), (9e6, 3e6)].iter().enumerate() {
                let name = match (class, i) {
                    ("matmul", 0) => "gemm".to_string(),
                    ("elementwise", 0) => "add".to_string(),
                    _ => format!("{class}_{i}"),
                };
                let op = if class == "elementwise" { "add" } else { "x" };
                let seconds = 1e-6 + flops / 1e11 + bytes / 1e10;
                kernels.push(format!(
                    r#"{{"name": "{name}", "class": "{class}", "op": "{op}", "elements": 1000, "flops": {flops}, "bytes": {bytes}, "seconds": {seconds}}}"#
                ));
            }
        }
        let mut collectives = vec![];
        for kind in ["all_gather", "all_reduce", "reduce_scatter", "all_to_all", "collective_permute"] {
            for p in [2i64, 4, 8] {
                for n in [4096u64, 1 << 20, 8 << 20] {
                    let (ka, kn) = autoshard::cost::coefficients(kind.parse().unwrap(), p);
                    let seconds = 2e-6 + ka * 1e-5 + kn * n as f64 / 1e9;
                    collectives
                        .push(format!(r#"{{"kind": "{kind}", "group": {p}, "bytes": {n}, "seconds": {seconds}}}"#));
                }
            }
        }
        format!(
            r#"{{"source": "a test", "devices": 8, "cores": 2, "memory": 1073741824, "kernels": [{}], "collectives": [{}]}}"#,
            kernels.join(", "),
            collectives.join(", ")
        )
    }

    #[test]
    fn measurements_fit_to_the_rates_they_were_made_from() {
        let calibration = from_json(&measured()).unwrap();
        let yaml = calibration.to_yaml().unwrap();
        assert!(yaml.contains("measurements of\n# a test."), "{yaml}");
        let profile = Profile::parse(&yaml).unwrap();
        let model = profile.device.kernels.as_ref().unwrap();
        assert!((model.overhead.0 - 1e-6).abs() < 1e-12, "{:?}", model.overhead);
        let matmul = model.rates[KernelClass::Matmul as usize];
        assert!((matmul.flops.0 / 1e11 - 1.0).abs() < 1e-6 && (matmul.bandwidth.0 / 1e10 - 1.0).abs() < 1e-6);
        assert_eq!(profile.device.storage, None, "a measured device holds values in their type");
        assert_eq!(profile.device.memory.0, 1 << 30);
        let gather = &profile.collectives[&CollectiveKind::AllGather];
        assert!((gather.link.bandwidth.0 / 1e9 - 1.0).abs() < 1e-6, "{gather:?}");
        assert!((gather.link.latency.0 / 1e-5 - 1.0).abs() < 1e-6, "{gather:?}");
    }

    #[test]
    fn bad_measurements_are_usage_errors() {
        let bad = measured().replace(r#""kind": "all_gather""#, r#""kind": "all_gatherer""#);
        assert!(from_json(&bad).unwrap_err().to_string().contains("unknown collective kind 'all_gatherer'"));
        let negative = measured().replace(r#""seconds": 1e-6}"#, r#""seconds": -1}"#);
        assert!(from_json(&negative).unwrap_err().to_string().contains("tiny_0: expected a positive time, got -1"));
        assert!(from_json("{}").is_err());
    }
}
