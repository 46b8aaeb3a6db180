//! The compute time of one op on one device: a roofline (SPEC §4), or the device's
//! measured kernel model where it has one (`kernel.rs`).
//!
//! Roofline: time = max(local FLOPs / device FLOP/s, local bytes read and written /
//! memory bandwidth). Local FLOPs are the op's FLOPs divided by the product of the sizes of
//! the axes that shard its factors (replicated work is not divided). Local bytes scale
//! the op's global byte counts by how much of its operands (for reads) and results
//! (for writes) one device holds under the op's shardings.

use crate::hardware::DeviceSpec;
use crate::kernel::KernelClass;
use autoshard_model::rules::OpCounts;
use autoshard_model::{Bytes, Flops, Seconds};

/// What one device does for one op.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LocalWork {
    /// FLOPs on one device.
    pub flops: Flops,
    /// Bytes read and written on one device.
    pub bytes: Bytes,
    /// What the op's kernel does.
    pub class: KernelClass,
}

/// The fraction of a set of tensors one device holds: local over global bytes (1 when
/// the tensors are empty).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Share {
    /// Bytes one device holds.
    pub local: Bytes,
    /// Bytes of the whole tensors.
    pub global: Bytes,
}

impl Share {
    fn of(self, bytes: Bytes) -> f64 {
        if self.global.0 == 0 { bytes.0 as f64 } else { bytes.0 as f64 * self.local.0 as f64 / self.global.0 as f64 }
    }
}

impl LocalWork {
    /// The work of an op of `class` with global `counts` split into `pieces` (one
    /// device does `1 / pieces` of the FLOPs: the shard count, less where padding
    /// makes shards larger), holding `operands` and `results` of its tensors.
    pub fn of(class: KernelClass, counts: OpCounts, pieces: f64, operands: Share, results: Share) -> Self {
        let bytes = operands.of(counts.bytes_read) + results.of(counts.bytes_written);
        LocalWork { flops: Flops(counts.flops.0 / pieces.max(1.0)), bytes: Bytes(bytes.round() as u64), class }
    }

    /// The time of this work on `device`: its kernel model's, else the roofline's.
    pub fn time(self, device: &DeviceSpec) -> Seconds {
        if let Some(kernels) = &device.kernels {
            return kernels.time(self.class, self.flops, self.bytes);
        }
        let compute = self.flops.0 / device.flops.0;
        let memory = self.bytes.0 as f64 / device.memory_bandwidth.0;
        Seconds(compute.max(memory))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{KernelModel, KernelRates};
    use autoshard_model::{BytesPerSecond, FlopsPerSecond};

    #[test]
    fn roofline_takes_the_slower_of_compute_and_memory() {
        let device = DeviceSpec {
            flops: FlopsPerSecond(1e12),
            memory_bandwidth: BytesPerSecond(1e9),
            memory: Bytes(1 << 30),
            kernels: None,
            storage: None,
        };
        let counts = OpCounts { flops: Flops(8e9), bytes_read: Bytes(4000), bytes_written: Bytes(2000) };
        let half = |global| Share { local: Bytes(global / 2), global: Bytes(global) };
        let work = LocalWork::of(KernelClass::Matmul, counts, 4.0, half(4000), half(2000));
        assert_eq!(work, LocalWork { flops: Flops(2e9), bytes: Bytes(3000), class: KernelClass::Matmul });
        assert_eq!(work.time(&device), Seconds(2e-3));
        let memory_bound = LocalWork { flops: Flops(1.0), bytes: Bytes(5_000_000), class: KernelClass::Elementwise };
        assert_eq!(memory_bound.time(&device), Seconds(5e-3));
        // A kernel model replaces the roofline: overhead plus both terms.
        let rates = KernelRates { flops: FlopsPerSecond(1e9), bandwidth: BytesPerSecond(1e6) };
        let kernels = KernelModel { overhead: Seconds(1e-3), rates: [rates; 5] };
        let measured = DeviceSpec { kernels: Some(kernels), ..device };
        assert_eq!(work.time(&measured), Seconds(1e-3 + 2.0 + 3e-3));
    }
}
