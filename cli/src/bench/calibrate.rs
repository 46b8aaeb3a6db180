//! Calibrating the `cpu` cost profile: the collectives' overhead, α and B per kind
//! ([`collectives`](super::collectives)) plus the executor's compute rates and
//! kernel model, timed by the device clock as `bench plans` measures runs.
//!
//! - Kernels: the suite of [`kernels`](super::kernels) timed on every device and
//!   its fitted kernel model, which the profile's device carries (it replaces the
//!   roofline in the compute time of every op).
//! - GEMM rate: the suite's `gemm` (`dot_general`, 256×256×256 f32): FLOP/s per
//!   device = 2·256³ / its time.
//! - Memory-bound rate: the suite's `add` of two 1 Mi-element f32 tensors: bytes/s
//!   per device = bytes read and written / its time.
//! - Memory: the machine's memory (`/proc/meminfo`) shared by the devices (4 GiB
//!   each where unknown).
//!
//! The profile's `link` is all_gather's fit; every kind's own fit is its override.

use super::BenchError;
use super::collectives::{CollectiveBench, KindFit, measure};
use super::kernels::{KernelFit, KernelPoint};
use autoshard::cost::Profile;
use autoshard::cost::{CollectiveSpec, DeviceSpec};
use autoshard::model::reshard::CollectiveKind;
use autoshard::model::{Bytes, BytesPerSecond, FlopsPerSecond};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What calibration measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Calibration {
    /// What was measured, where the CPU mesh executor was not
    /// ([`super::measured`]: XLA's devices), for the profile's header.
    pub source: Option<String>,
    /// Devices that ran at once.
    pub devices: usize,
    /// Hardware threads of the machine.
    pub cores: usize,
    /// GEMM FLOP/s per device.
    pub gemm_flops: f64,
    /// Memory-bound bytes/s per device.
    pub memory_bandwidth: f64,
    /// Memory per device, bytes.
    pub memory: u64,
    /// The kernel suite and its fit.
    pub kernels: KernelFit,
    /// The collectives' fits.
    pub collectives: Vec<KindFit>,
}

impl Calibration {
    /// The cost profile of these figures (see the module docs); an error when the
    /// collectives have no all_gather fit, which the profile's link is ([`calibrate`]
    /// always measures it).
    pub fn profile(&self) -> Result<Profile, BenchError> {
        let collectives: BTreeMap<CollectiveKind, CollectiveSpec> =
            self.collectives.iter().map(|f| (f.kind, f.spec())).collect();
        let link = collectives.get(&CollectiveKind::AllGather).map(|c| c.link).ok_or_else(|| {
            BenchError::Usage("the calibration has no all_gather fit to take the profile's link from".into())
        })?;
        Ok(Profile {
            device: DeviceSpec {
                flops: FlopsPerSecond(self.gemm_flops),
                memory_bandwidth: BytesPerSecond(self.memory_bandwidth),
                memory: Bytes(self.memory),
                kernels: Some(self.kernels.model.clone()),
                // The executor holds every value as f32; a measured device, in its type.
                storage: self.source.is_none().then_some(autoshard::executor::STORAGE),
            },
            link,
            collectives,
        })
    }

    /// The profile as the YAML file `bench calibrate --out` writes, with the fits'
    /// quality as provenance (an error as for [`Calibration::profile`]).
    pub fn to_yaml(&self) -> Result<String, BenchError> {
        let comment = match &self.source {
            Some(source) => format!(
                "autoshard cost profile, fitted by `autoshard bench calibrate --measured` to measurements of\n\
                 {source}.\n\
                 Compute: the kernel model fitted per class (device.flops: a 256^3 GEMM per device;\n\
                 memory_bandwidth: a 1 Mi-element add). Collectives: docs/spec.md §4's formulas plus a\n\
                 fixed overhead fitted per kind (least squares on relative error)."
            ),
            None => format!(
                "autoshard cost profile, measured by `autoshard bench calibrate` on the CPU mesh executor:\n\
             {} devices (threads) on {} hardware threads, one computing at a time; times are the\n\
             executor's device clock (CPU time per device, synchronised at collectives); f32 data.\n\
             Compute: the kernel model fitted per class over the ops of src/bench/kernels.yaml\n\
             (device.flops: its 256^3 GEMM; memory_bandwidth: its 1 Mi-element add). Collectives: docs/spec.md §4's\n\
             formulas plus a fixed overhead fitted per kind (least squares on relative error), each\n\
             collective run as a sharded run runs it, blocks moved along either dimension of a matrix,\n\
             the core's private caches evicted before each (as other devices' ops evict them in a program).",
                self.devices, self.cores
            ),
        };
        let mut measured = format!("  devices: {}\n  cores: {}\n  r2:\n", self.devices, self.cores);
        for f in &self.collectives {
            let _ = writeln!(measured, "    {}: {:.4}", f.kind, f.r2);
        }
        for (class, r2) in &self.kernels.r2 {
            let _ = writeln!(measured, "    {class}: {r2:.4}");
        }
        Ok(self.profile()?.to_yaml(&comment, Some(&measured)))
    }
}

/// The steps [`calibrate`] reports to its `progress` callback: kernels and each
/// collective kind.
pub const STEPS: usize = 1 + super::collectives::KINDS.len();

/// Measures everything for `devices` devices (`bench` sets the collectives' points
/// and the repetitions of every measurement), naming each of its [`STEPS`] steps to
/// `progress` as it starts.
pub fn calibrate(bench: &CollectiveBench, mut progress: impl FnMut(&str)) -> Result<Calibration, BenchError> {
    let devices = bench.devices;
    progress("kernels");
    let kernels = super::kernels::measure(devices, bench.repetitions)?;
    let gemm_flops = rate(&kernels, "gemm", |p| p.flops)?;
    let memory_bandwidth = rate(&kernels, "add", |p| p.bytes as f64)?;
    let collectives = measure(bench, progress)?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let memory = machine_memory().map_or(4 << 30, |m| m / devices.max(1) as u64);
    Ok(Calibration { source: None, devices, cores, gemm_flops, memory_bandwidth, memory, kernels, collectives })
}

/// The rate of the suite's op `name`: `amount` of its point per second, which must be
/// positive.
pub(super) fn rate(kernels: &KernelFit, name: &str, amount: impl Fn(&KernelPoint) -> f64) -> Result<f64, BenchError> {
    let point = kernels.point(name).ok_or_else(|| BenchError::Usage(format!("the kernel suite has no op '{name}'")))?;
    let rate = amount(point) / point.seconds;
    if rate.is_finite() && rate > 0.0 {
        Ok(rate)
    } else {
        Err(BenchError::Execution(format!("no time measured for the kernel suite's '{name}'")))
    }
}

/// The machine's memory in bytes, from `/proc/meminfo` (Linux).
pub(super) fn machine_memory() -> Option<u64> {
    crate::meminfo::total().map(|b| b.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_calibration_writes_a_profile_that_parses() {
        let bench = CollectiveBench { devices: 4, groups: vec![2], sizes: vec![1 << 10, 32 << 10], repetitions: 1 };
        let calibration = calibrate(&bench, |_| {}).unwrap();
        assert!(calibration.gemm_flops > 0.0 && calibration.memory_bandwidth > 0.0);
        let profile = Profile::parse(&calibration.to_yaml().unwrap()).unwrap();
        assert_eq!(profile.collectives.len(), 5);
        assert_eq!(profile, calibration.profile().unwrap());
    }
}
