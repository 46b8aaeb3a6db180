//! Calibrating the `cpu` cost profile: the collectives' α and B per kind
//! ([`collectives`](super::collectives)) plus the executor's compute rates and
//! kernel model, timed by the device clock as `bench plans` measures runs.
//!
//! - GEMM rate: the executor's `dot_general` kernel on 256×256×256 f32 on every
//!   device at once; FLOP/s per device = 2·256³ / the slowest device's median time.
//! - Memory-bound rate: the executor's elementwise `add` of two 1 Mi-element f32
//!   tensors on every device at once; bytes/s per device = bytes read and written /
//!   the slowest device's median time.
//! - Kernels: the suite of [`kernels`](super::kernels) and its fitted kernel model,
//!   which the profile's device carries (it replaces the roofline of the two rates
//!   above in the compute time of every op).
//! - Memory: the machine's memory (`/proc/meminfo`) shared by the devices (4 GiB
//!   each where unknown).
//!
//! The profile's `link` is all_gather's fit; every kind's own fit is its override.

use super::collectives::{CollectiveBench, KindFit, measure};
use super::kernels::KernelFit;
use super::{BenchError, time_on_mesh};
use autoshard_cost::profile::Profile;
use autoshard_cost::{DeviceSpec, LinkSpec};
use autoshard_executor::reference::apply;
use autoshard_executor::{Grid, Tensor};
use autoshard_model::ops::{BinaryOp, DotGeneral, OpKind};
use autoshard_model::reshard::CollectiveKind;
use autoshard_model::{Bytes, BytesPerSecond, DType, FlopsPerSecond, TensorType};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// GEMM size (M = N = K) of the compute measurement.
const GEMM: usize = 256;
/// Elements per operand of the memory-bound measurement.
const STREAM: usize = 1 << 20;

/// What calibration measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Calibration {
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
        let collectives: BTreeMap<CollectiveKind, LinkSpec> =
            self.collectives.iter().map(|f| (f.kind, f.link())).collect();
        let link = collectives.get(&CollectiveKind::AllGather).copied().ok_or_else(|| {
            BenchError::Usage("the calibration has no all_gather fit to take the profile's link from".into())
        })?;
        Ok(Profile {
            device: DeviceSpec {
                flops: FlopsPerSecond(self.gemm_flops),
                memory_bandwidth: BytesPerSecond(self.memory_bandwidth),
                memory: Bytes(self.memory),
                kernels: Some(self.kernels.model),
            },
            link,
            collectives,
        })
    }

    /// The profile as the YAML file `bench calibrate --out` writes, with the fits'
    /// quality as provenance (an error as for [`Calibration::profile`]).
    pub fn to_yaml(&self) -> Result<String, BenchError> {
        let comment = format!(
            "autoshard cost profile, measured by `autoshard bench calibrate` on the CPU mesh executor:\n\
             {} devices (threads) on {} hardware threads, one computing at a time; times are the\n\
             executor's device clock (CPU time per device, synchronised at collectives); f32 data.\n\
             Compute: {GEMM}^3 GEMM, an elementwise add of {STREAM} elements, and the kernel\n\
             model fitted per class over the ops of src/bench/kernels.yaml. Collectives: SPEC §4's\n\
             formulas fitted per kind (least squares on relative error), blocks moved along\n\
             either dimension of a matrix.",
            self.devices, self.cores
        );
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

/// The steps [`calibrate`] reports to its `progress` callback: gemm, memory, kernels
/// and each collective kind.
pub const STEPS: usize = 3 + super::collectives::KINDS.len();

/// Measures everything for `devices` devices (`bench` sets the collectives' points),
/// naming each of its [`STEPS`] steps to `progress` as it starts.
pub fn calibrate(bench: &CollectiveBench, mut progress: impl FnMut(&str)) -> Result<Calibration, BenchError> {
    let devices = bench.devices;
    progress("gemm");
    let gemm_flops = gemm_rate(devices, bench.repetitions)?;
    progress("memory");
    let memory_bandwidth = memory_rate(devices, bench.repetitions)?;
    progress("kernels");
    let kernels = super::kernels::measure(devices, bench.repetitions)?;
    let collectives = measure(bench, progress)?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let memory = machine_memory().map_or(4 << 30, |m| m / devices.max(1) as u64);
    Ok(Calibration { devices, cores, gemm_flops, memory_bandwidth, memory, kernels, collectives })
}

/// Times `work` on every device at once ([`time_on_mesh`] on a mesh of `devices`):
/// the median of the slowest device's times, which must be positive.
fn time_everywhere(
    devices: usize,
    repetitions: usize,
    work: impl Fn() -> Result<(), String> + Sync,
) -> Result<f64, BenchError> {
    let grid = Grid::new(&[devices]).map_err(|e| BenchError::Execution(e.to_string()))?;
    let t = time_on_mesh(&grid, repetitions, |_| work().map_err(autoshard_executor::Error::Collective))?;
    if t > 0.0 { Ok(t) } else { Err(BenchError::Execution("no time measured".into())) }
}

/// GEMM FLOP/s per device with every device computing.
pub fn gemm_rate(devices: usize, repetitions: usize) -> Result<f64, BenchError> {
    let ty = TensorType::new([GEMM as i64, GEMM as i64], DType::F32);
    let (a, b) = (Tensor::random(&ty, 1), Tensor::random(&ty, 2));
    let kind = OpKind::DotGeneral(DotGeneral::for_dot(2));
    let t = time_everywhere(devices, repetitions, || {
        apply(&kind, (&[&a, &b], &[DType::F32; 2]), std::slice::from_ref(&ty)).map(std::hint::black_box).map(|_| ())
    })?;
    Ok(2.0 * (GEMM * GEMM * GEMM) as f64 / t)
}

/// Memory-bound bytes/s per device (read two f32 operands, write one) with every
/// device streaming.
pub fn memory_rate(devices: usize, repetitions: usize) -> Result<f64, BenchError> {
    let ty = TensorType::new([STREAM as i64], DType::F32);
    let (a, b) = (Tensor::random(&ty, 1), Tensor::random(&ty, 2));
    let kind = OpKind::Binary(BinaryOp::Add);
    let t = time_everywhere(devices, repetitions, || {
        apply(&kind, (&[&a, &b], &[DType::F32; 2]), std::slice::from_ref(&ty)).map(std::hint::black_box).map(|_| ())
    })?;
    Ok((3 * 4 * STREAM) as f64 / t)
}

/// The machine's memory in bytes, from `/proc/meminfo` (Linux).
fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_calibration_writes_a_profile_that_parses() {
        let bench = CollectiveBench { devices: 2, groups: vec![2], sizes: vec![1 << 10, 32 << 10], repetitions: 1 };
        let calibration = calibrate(&bench, |_| {}).unwrap();
        assert!(calibration.gemm_flops > 0.0 && calibration.memory_bandwidth > 0.0);
        let profile = Profile::parse(&calibration.to_yaml().unwrap()).unwrap();
        assert_eq!(profile.collectives.len(), 5);
        assert_eq!(profile, calibration.profile().unwrap());
    }
}
