//! The figures hardware is described by: one device's ([`DeviceSpec`]), the link of
//! one mesh axis ([`LinkSpec`]) and a calibrated collective kind's
//! ([`CollectiveSpec`]), as presets (`hardware.rs`), cost profiles (`profile.rs`)
//! and configs fill them in.

use crate::kernel::KernelModel;
use autoshard_model::{Bytes, BytesPerSecond, DType, FlopsPerSecond, Seconds};

/// One device's capabilities.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceSpec {
    /// Peak dense compute rate.
    pub flops: FlopsPerSecond,
    /// Bandwidth of the device's main memory.
    pub memory_bandwidth: BytesPerSecond,
    /// Size of the device's main memory: a hard budget for the plan's peak.
    pub memory: Bytes,
    /// Measured kernels that replace the roofline (`None`: the roofline of `flops`
    /// and `memory_bandwidth`).
    pub kernels: Option<KernelModel>,
    /// The type the device holds every element as, whatever its declared type: its
    /// size is what bytes moved, read, written and held count (`None`: the declared
    /// type's). The CPU mesh executor computes in f32, so the `cpu` profile says
    /// `f32`: a bf16 value there moves and occupies twice its declared bytes.
    pub storage: Option<DType>,
}

/// The link devices use to talk along one mesh axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinkSpec {
    /// Bandwidth per device and direction.
    pub bandwidth: BytesPerSecond,
    /// Latency of one step of a collective (α).
    pub latency: Seconds,
}

/// A calibrated collective kind's figures: the link its time formula uses and a
/// fixed overhead every such collective costs beyond the formula (on the CPU mesh,
/// the executor's work per collective: planning its groups and blocks, posting, the
/// round's synchronisation; about as long as a small collective's transfer).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CollectiveSpec {
    /// The link of the kind's formula.
    pub link: LinkSpec,
    /// Time added to each collective of the kind that communicates.
    pub overhead: Seconds,
}
