//! Hardware descriptions: a device (compute, memory bandwidth, memory, optionally a
//! measured kernel model) and a link per mesh axis (bandwidth, latency), with named
//! presets, and a cost profile's figures taken over ([`HardwareSpec::apply_profile`]).
//! The figures themselves are `specs.rs`'s (re-exported here).
//!
//! A preset fills in everything; a config then overrides single fields. Preset links
//! are assigned to mesh axes from the minor-most axis outwards: an axis whose devices
//! all fit in one node (the product of it and all more-minor axes is at most the node
//! size) uses the fast intra-node link, any other axis the inter-node link. This
//! matches the usual device order, where minor axes vary fastest across neighbouring
//! devices.

pub use crate::specs::{CollectiveSpec, DeviceSpec, LinkSpec};

use crate::error::by_name;
use crate::profile::Profile;
use autoshard_model::reshard::CollectiveKind;
use autoshard_model::{Bytes, BytesPerSecond, FlopsPerSecond, Mesh, Seconds};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A named set of published figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// NVIDIA H100 SXM5 in 8-GPU NVLink nodes joined by InfiniBand NDR.
    H100Sxm,
    /// Google TPU v5e, all axes on the inter-chip interconnect.
    TpuV5e,
    /// This machine's CPU threads as devices of the CPU mesh executor: the profile
    /// `autoshard bench calibrate` measured, shipped in `cost/data/cpu.yaml`.
    Cpu,
    /// JAX's host CPU devices as XLA runs them (8 on this machine's 2 cores): the
    /// profile `scripts/jax/calibrate_xla.py` measured, shipped in
    /// `cost/data/xla-cpu.yaml`.
    XlaCpu,
}

/// A preset's device, fast (intra-node) link, slow (inter-node) link and node size.
struct PresetFigures {
    device: DeviceSpec,
    intra: LinkSpec,
    inter: LinkSpec,
    node_size: i64,
}

impl PresetFigures {
    /// A shipped calibrated profile's figures (see `profile.rs`): one link for every
    /// axis; `HardwareSpec::from_preset` also takes its per-kind links.
    fn measured(profile: &Profile) -> Self {
        PresetFigures { device: profile.device.clone(), intra: profile.link, inter: profile.link, node_size: i64::MAX }
    }
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 4] = [Preset::H100Sxm, Preset::TpuV5e, Preset::Cpu, Preset::XlaCpu];

    /// The preset's name in configs.
    pub fn name(self) -> &'static str {
        match self {
            Preset::H100Sxm => "h100-sxm",
            Preset::TpuV5e => "tpu-v5e",
            Preset::Cpu => "cpu",
            Preset::XlaCpu => "xla-cpu",
        }
    }

    fn figures(self) -> PresetFigures {
        match self {
            // NVIDIA H100 SXM5 datasheet: 989 TFLOP/s dense BF16, 3.35 TB/s HBM3, 80 GB;
            // NVLink 4 is 900 GB/s bidirectional, i.e. 450 GB/s per direction; one
            // ConnectX-7 InfiniBand NDR port (400 Gb/s = 50 GB/s) per GPU across nodes.
            Preset::H100Sxm => PresetFigures {
                device: DeviceSpec {
                    flops: FlopsPerSecond(989e12),
                    memory_bandwidth: BytesPerSecond(3.35e12),
                    memory: Bytes(80 << 30),
                    kernels: None,
                    storage: None,
                },
                intra: LinkSpec { bandwidth: BytesPerSecond(450e9), latency: Seconds(2e-6) },
                inter: LinkSpec { bandwidth: BytesPerSecond(50e9), latency: Seconds(10e-6) },
                node_size: 8,
            },
            // Google Cloud TPU v5e: 197 TFLOP/s BF16, 16 GB HBM2 at 819 GB/s; inter-chip
            // interconnect ~45 GB/s per link and direction within a 256-chip pod.
            Preset::TpuV5e => PresetFigures {
                device: DeviceSpec {
                    flops: FlopsPerSecond(197e12),
                    memory_bandwidth: BytesPerSecond(819e9),
                    memory: Bytes(16 << 30),
                    kernels: None,
                    storage: None,
                },
                intra: LinkSpec { bandwidth: BytesPerSecond(45e9), latency: Seconds(2e-6) },
                inter: LinkSpec { bandwidth: BytesPerSecond(45e9), latency: Seconds(2e-6) },
                node_size: 256,
            },
            Preset::Cpu => PresetFigures::measured(Profile::cpu()),
            Preset::XlaCpu => PresetFigures::measured(Profile::xla_cpu()),
        }
    }

    /// The measured profile the preset is, if it is one.
    pub fn profile(self) -> Option<&'static Profile> {
        match self {
            Preset::Cpu => Some(Profile::cpu()),
            Preset::XlaCpu => Some(Profile::xla_cpu()),
            Preset::H100Sxm | Preset::TpuV5e => None,
        }
    }

    /// The preset's device.
    pub fn device(self) -> DeviceSpec {
        self.figures().device
    }

    /// The preset's link for every axis of `mesh` (see the module docs).
    pub fn links(self, mesh: &Mesh) -> BTreeMap<String, LinkSpec> {
        let figures = self.figures();
        let mut span = 1i64;
        let mut links = BTreeMap::new();
        for axis in mesh.axes().iter().rev() {
            span = span.saturating_mul(axis.size);
            let link = if span <= figures.node_size { figures.intra } else { figures.inter };
            links.insert(axis.name.clone(), link);
        }
        links
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        by_name(&Preset::ALL, Preset::name, "preset", s)
    }
}

/// The hardware a program runs on: one device type and a link per mesh axis.
#[derive(Debug, Clone, PartialEq)]
pub struct HardwareSpec {
    /// The preset the figures started from.
    pub preset: Preset,
    /// Every device's capabilities.
    pub device: DeviceSpec,
    /// The link of each mesh axis, by axis name.
    pub axes: BTreeMap<String, LinkSpec>,
    /// Per-collective-kind figures: a link that replaces the axes' bottleneck link
    /// in that kind's time formula, and a fixed overhead (empty: docs/spec.md §4's
    /// bottleneck rule and no overhead for every kind). A calibrated profile sets
    /// them where one α and B do not fit every kind; a config that sets an axis
    /// link drops them.
    pub collectives: BTreeMap<CollectiveKind, CollectiveSpec>,
}

impl HardwareSpec {
    /// The default preset when a config names none.
    pub const DEFAULT_PRESET: Preset = Preset::H100Sxm;

    /// `preset`'s figures for `mesh` (for a measured one, its profile applied).
    pub fn from_preset(preset: Preset, mesh: &Mesh) -> Self {
        let mut spec =
            HardwareSpec { preset, device: preset.device(), axes: preset.links(mesh), collectives: BTreeMap::new() };
        if let Some(profile) = preset.profile() {
            spec.apply_profile(profile);
        }
        spec
    }

    /// The slowest link of any axis or of the preset: the highest latency and the
    /// lowest bandwidth.
    pub fn slowest_link(&self) -> LinkSpec {
        let inter = self.preset.figures().inter;
        self.axes.values().fold(inter, |slowest, link| LinkSpec {
            bandwidth: BytesPerSecond(slowest.bandwidth.0.min(link.bandwidth.0)),
            latency: Seconds(slowest.latency.0.max(link.latency.0)),
        })
    }

    /// The figures of a collective of `kind` where its axes' bottleneck link is
    /// `axes_link`: the kind's override if any (a `reshard`'s sends use
    /// `collective_permute`'s), else `axes_link` and no overhead.
    pub fn collective_spec(&self, kind: CollectiveKind, axes_link: LinkSpec) -> CollectiveSpec {
        let kind = if kind == CollectiveKind::Reshard { CollectiveKind::CollectivePermute } else { kind };
        self.collectives.get(&kind).copied().unwrap_or(CollectiveSpec { link: axes_link, overhead: Seconds(0.0) })
    }

    /// The link of `axis` (the slowest link of the preset when the axis is unknown).
    pub fn link(&self, axis: &str) -> LinkSpec {
        self.axes.get(axis).copied().unwrap_or_else(|| self.preset.figures().inter)
    }

    /// Takes `profile`'s figures: its device, its link on every axis, its per-kind
    /// overrides.
    pub fn apply_profile(&mut self, profile: &Profile) {
        self.device = profile.device.clone();
        self.axes.values_mut().for_each(|l| *l = profile.link);
        self.collectives = profile.collectives.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minor_axes_get_the_fast_link() {
        let mesh = Mesh::from_axes([("data", 4), ("model", 8)]).unwrap();
        let hw = HardwareSpec::from_preset(Preset::H100Sxm, &mesh);
        assert_eq!(hw.link("model").bandwidth, BytesPerSecond(450e9));
        assert_eq!(hw.link("data").bandwidth, BytesPerSecond(50e9));
        assert_eq!("tpu-v5e".parse::<Preset>().unwrap(), Preset::TpuV5e);
        assert!("a100".parse::<Preset>().unwrap_err().contains("h100-sxm"));
    }

    #[test]
    fn a_name_is_looked_up_or_every_name_is_listed() {
        assert_eq!(by_name(&Preset::ALL, Preset::name, "preset", "tpu-v5e"), Ok(Preset::TpuV5e));
        assert_eq!(
            by_name(&Preset::ALL, Preset::name, "preset", "a100"),
            Err("unknown preset 'a100' (expected one of h100-sxm, tpu-v5e, cpu, xla-cpu)".to_string())
        );
    }
}
