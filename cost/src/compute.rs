//! The compute time of one op on one device: the sum over its kernels (one, or a
//! custom op's body's ops) of a roofline (docs/spec.md §4), or of the device's measured
//! kernel model where it has one (`kernel.rs`); a collective a manual computation's
//! body runs itself (`psum`, `ppermute`…) adds its exchange's time on the links.
//!
//! Roofline: time = max(local FLOPs / device FLOP/s, local bytes read and written /
//! memory bandwidth). Local FLOPs are the op's FLOPs divided by the product of the
//! sizes of the axes that shard its factors (replicated work is not divided). Local
//! bytes and result elements scale the op's global counts by how much of its
//! operands (for reads) and results (for writes and elements) one device holds
//! under the op's shardings.

use crate::kernel::{KernelClass, KernelWork};
use crate::specs::DeviceSpec;
use autoshard_model::rules::OpCounts;
use autoshard_model::{Bytes, Flops, Seconds};

/// What one device does for one op: one kernel, or several (a custom op's body, or
/// masks of padding before the op's kernel; the common case, one kernel, holds no
/// allocation: the solver prices thousands).
#[derive(Debug, Clone, PartialEq)]
pub enum LocalWork {
    /// One kernel.
    Kernel(KernelWork),
    /// Kernels in order: a custom op's body, or masks and then the op's kernel.
    Kernels(Vec<KernelWork>),
    /// A collective over replica groups in a manual computation's body (`psum`,
    /// `ppermute`…): its kernel, and the time its exchange takes on the links.
    Exchange(KernelWork, Seconds),
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
    /// Local over global bytes (1 for no tensors).
    pub fn fraction(self) -> f64 {
        if self.global.0 == 0 { 1.0 } else { self.local.0 as f64 / self.global.0 as f64 }
    }
}

/// One op's kernel: what it is and its global counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kernel {
    /// Its class.
    pub class: KernelClass,
    /// The op's name.
    pub op: &'static str,
    /// FLOPs and bytes of one unsharded execution.
    pub counts: OpCounts,
    /// Result elements of one unsharded execution.
    pub elements: f64,
}

impl Kernel {
    /// The kernel's work split into `pieces` (one device does `1 / pieces` of the
    /// FLOPs: the shard count, less where padding makes shards larger), holding the
    /// fractions `operands` and `results` of its tensors.
    pub fn local(self, pieces: f64, operands: f64, results: f64) -> KernelWork {
        let counts = self.counts;
        let bytes = counts.bytes_read.0 as f64 * operands + counts.bytes_written.0 as f64 * results;
        KernelWork {
            class: self.class,
            op: self.op,
            flops: Flops(counts.flops.0 / pieces.max(1.0)),
            bytes: Bytes(bytes.round() as u64),
            elements: self.elements * results,
        }
    }
}

impl LocalWork {
    /// One kernel's work (see [`Kernel::local`]).
    pub fn of(kernel: Kernel, pieces: f64, operands: Share, results: Share) -> Self {
        LocalWork::Kernel(kernel.local(pieces, operands.fraction(), results.fraction()))
    }

    /// The kernels, in order.
    pub fn kernels(&self) -> &[KernelWork] {
        match self {
            LocalWork::Kernel(kernel) | LocalWork::Exchange(kernel, _) => std::slice::from_ref(kernel),
            LocalWork::Kernels(kernels) => kernels,
        }
    }

    /// FLOPs on one device, over all its kernels.
    pub fn flops(&self) -> Flops {
        Flops(self.kernels().iter().map(|k| k.flops.0).sum())
    }

    /// The time of this work on `device`: its kernels' ([`LocalWork::compute`]) plus
    /// an exchange's on the links ([`LocalWork::network`]).
    pub fn time(&self, device: &DeviceSpec) -> Seconds {
        self.compute(device) + self.network()
    }

    /// The kernels' time on `device`: per kernel, its kernel model's, else the
    /// roofline's.
    pub fn compute(&self, device: &DeviceSpec) -> Seconds {
        self.kernels().iter().map(|k| kernel_time(k, device)).sum()
    }

    /// The time of an exchange on the links (zero but for a collective a manual
    /// computation's body runs itself).
    pub fn network(&self) -> Seconds {
        match self {
            LocalWork::Exchange(_, network) => *network,
            _ => Seconds(0.0),
        }
    }
}

fn kernel_time(work: &KernelWork, device: &DeviceSpec) -> Seconds {
    if let Some(kernels) = &device.kernels {
        return kernels.time(work);
    }
    let compute = work.flops.0 / device.flops.0;
    let memory = work.bytes.0 as f64 / device.memory_bandwidth.0;
    Seconds(compute.max(memory))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{KernelModel, KernelRates};
    use autoshard_model::{BytesPerSecond, FlopsPerSecond};
    use std::collections::BTreeMap;

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
        let kernel = Kernel { class: KernelClass::Matmul, op: "dot", counts, elements: 1000.0 };
        let work = LocalWork::of(kernel, 4.0, half(4000), half(2000));
        let local = KernelWork {
            class: KernelClass::Matmul,
            op: "dot",
            flops: Flops(2e9),
            bytes: Bytes(3000),
            elements: 500.0,
        };
        assert_eq!(work, LocalWork::Kernel(local));
        assert_eq!(work.time(&device), Seconds(2e-3));
        let streaming = KernelWork { flops: Flops(1.0), bytes: Bytes(5_000_000), ..local };
        let memory_bound = LocalWork::Kernel(streaming);
        assert_eq!(memory_bound.time(&device), Seconds(5e-3));
        // A kernel model replaces the roofline: overhead plus both terms, per kernel.
        let rates = KernelRates { flops: FlopsPerSecond(1e9), bandwidth: BytesPerSecond(1e6) };
        let kernels = KernelModel { overhead: Seconds(1e-3), rates: [rates; 6], per_element: BTreeMap::new() };
        let measured = DeviceSpec { kernels: Some(kernels), ..device };
        assert_eq!(work.time(&measured), Seconds(1e-3 + 2.0 + 3e-3));
        let two = LocalWork::Kernels(vec![local, local]);
        assert_eq!(two.time(&measured), Seconds(2.0 * (1e-3 + 2.0 + 3e-3)));
        assert_eq!(two.flops(), Flops(4e9));
    }
}
