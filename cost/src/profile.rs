//! Cost profiles: a device's and its links' figures as a YAML file, the form
//! `autoshard bench calibrate` writes and a config's `cost: {profile: FILE}` reads.
//!
//! ```yaml
//! device: {flops: 1.0e11, memory_bandwidth: 1.0e10, memory: 4294967296, storage: f32}
//! kernels:                           # optional measured kernel model (kernel.rs)
//!   overhead: 2.0e-6                 # seconds per op
//!   matmul: {flops: 2.0e10, bandwidth: 1.0e9}
//!   convolution: {flops: 5.0e8, bandwidth: 1.0e9}
//!   elementwise: {flops: 1.0e9, bandwidth: 2.0e9}
//!   reduction: {flops: 1.0e9, bandwidth: 2.0e9}
//!   window: {flops: 1.0e8, bandwidth: 2.0e9}
//!   movement: {flops: 1.0e9, bandwidth: 1.0e9}
//!   per_element: {add: 2.0e-9, tanh: 2.0e-8}  # optional: seconds per result element
//! link: {bandwidth: 5.0e9, latency: 5.0e-6}
//! collectives:                       # optional per-kind overrides of `link`
//!   all_gather: {bandwidth: 4.1e9, latency: 3.2e-6, overhead: 2.0e-6}
//!   all_reduce: {bandwidth: 2.0e9, latency: 9.0e-6}
//! measured: {...}                     # free-form provenance, ignored
//! ```
//!
//! Figures are plain SI numbers (FLOP/s, bytes/s, bytes, seconds); the optional
//! `storage` is the element type the device holds every value as (see
//! [`DeviceSpec::storage`]). `link` is every mesh axis's link; an entry of
//! `collectives` replaces the axes' bottleneck link for collectives of that kind and
//! may add a fixed `overhead` (seconds, default 0) to each of them that communicates
//! (see `HardwareSpec::collective_spec`). The `cpu` preset is the profile shipped in
//! `cost/data/cpu.yaml`, measured on the development machine and compiled in. A
//! hardware description takes a profile's figures by `HardwareSpec::apply_profile`
//! (`hardware.rs`).

use crate::error::{Error, Result, by_name};
use crate::kernel::{KernelClass, KernelModel, KernelRates, elementwise_ops};
use crate::specs::{CollectiveSpec, DeviceSpec, LinkSpec};
use autoshard_model::reshard::CollectiveKind;
use autoshard_model::{Bytes, BytesPerSecond, DType, FlopsPerSecond, Seconds};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::OnceLock;

/// The profile of the `cpu` preset, as shipped (regenerate it with
/// `autoshard bench calibrate --out cost/data/cpu.yaml`).
pub const CPU_PROFILE: &str = include_str!("../data/cpu.yaml");

/// The profile of the `xla-cpu` preset: XLA's CPU backend (JAX's 8 host devices on
/// the development machine), measured by `scripts/jax/calibrate_xla.py` and fitted
/// by `autoshard bench calibrate --measured` into `cost/data/xla-cpu.yaml`.
pub const XLA_CPU_PROFILE: &str = include_str!("../data/xla-cpu.yaml");

/// The collectives whose time has a formula, which a profile may override.
pub const PRICED_KINDS: [CollectiveKind; 5] = [
    CollectiveKind::AllGather,
    CollectiveKind::ReduceScatter,
    CollectiveKind::AllReduce,
    CollectiveKind::AllToAll,
    CollectiveKind::CollectivePermute,
];

/// Device and link figures, with optional per-collective-kind link overrides.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// The device.
    pub device: DeviceSpec,
    /// Every mesh axis's link.
    pub link: LinkSpec,
    /// Per-kind overrides of the link, with their overheads (a subset of
    /// [`PRICED_KINDS`]).
    pub collectives: BTreeMap<CollectiveKind, CollectiveSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    device: RawDevice,
    #[serde(default)]
    kernels: Option<RawKernels>,
    link: RawLink,
    #[serde(default)]
    collectives: BTreeMap<String, RawCollective>,
    /// Provenance: read (so `deny_unknown_fields` accepts it) and ignored.
    #[serde(default, rename = "measured")]
    _measured: Option<serde::de::IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDevice {
    flops: f64,
    memory_bandwidth: f64,
    memory: f64,
    #[serde(default)]
    storage: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKernels {
    overhead: f64,
    matmul: RawRates,
    convolution: RawRates,
    elementwise: RawRates,
    reduction: RawRates,
    window: RawRates,
    movement: RawRates,
    #[serde(default)]
    per_element: BTreeMap<String, f64>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct RawRates {
    flops: f64,
    bandwidth: f64,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct RawLink {
    bandwidth: f64,
    latency: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCollective {
    bandwidth: f64,
    latency: f64,
    #[serde(default)]
    overhead: f64,
}

fn positive(what: &str, v: f64) -> Result<f64> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(Error::Profile(format!("{what} must be a positive number, got {v}")))
    }
}

fn storage(text: &str) -> Result<DType> {
    text.parse().map_err(|e| Error::Profile(format!("device.storage: {e}")))
}

fn link(what: &str, raw: RawLink) -> Result<LinkSpec> {
    let bandwidth = positive(&format!("{what}.bandwidth"), raw.bandwidth)?;
    Ok(LinkSpec { bandwidth: BytesPerSecond(bandwidth), latency: seconds(&format!("{what}.latency"), raw.latency)? })
}

fn collective(what: &str, raw: RawCollective) -> Result<CollectiveSpec> {
    let link = link(what, RawLink { bandwidth: raw.bandwidth, latency: raw.latency })?;
    Ok(CollectiveSpec { link, overhead: seconds(&format!("{what}.overhead"), raw.overhead)? })
}

fn seconds(what: &str, v: f64) -> Result<Seconds> {
    if v.is_finite() && v >= 0.0 {
        Ok(Seconds(v))
    } else {
        Err(Error::Profile(format!("{what} must be a number of seconds >= 0, got {v}")))
    }
}

fn kernels(raw: RawKernels) -> Result<KernelModel> {
    if !(raw.overhead.is_finite() && raw.overhead >= 0.0) {
        return Err(Error::Profile(format!("kernels.overhead must be a number of seconds >= 0, got {}", raw.overhead)));
    }
    let classes = [raw.matmul, raw.convolution, raw.elementwise, raw.reduction, raw.window, raw.movement];
    let mut rates = [KernelRates { flops: FlopsPerSecond(1.0), bandwidth: BytesPerSecond(1.0) }; 6];
    for ((slot, raw), class) in rates.iter_mut().zip(classes).zip(KernelClass::ALL) {
        *slot = KernelRates {
            flops: FlopsPerSecond(positive(&format!("kernels.{class}.flops"), raw.flops)?),
            bandwidth: BytesPerSecond(positive(&format!("kernels.{class}.bandwidth"), raw.bandwidth)?),
        };
    }
    let mut per_element = BTreeMap::new();
    for (op, seconds_per_element) in raw.per_element {
        let what = format!("kernels.per_element.{op}");
        if !elementwise_ops().any(|known| known == op) {
            let known: Vec<&str> = elementwise_ops().collect();
            return Err(Error::Profile(format!(
                "{what}: not an elementwise op (expected one of {})",
                known.join(", ")
            )));
        }
        per_element.insert(op, seconds(&what, seconds_per_element)?);
    }
    Ok(KernelModel { overhead: Seconds(raw.overhead), rates, per_element })
}

impl Profile {
    /// Parses a profile (see the module docs).
    pub fn parse(text: &str) -> Result<Profile> {
        let raw: RawProfile = serde_saphyr::from_str(text).map_err(|e| Error::Profile(e.to_string()))?;
        let device = DeviceSpec {
            flops: FlopsPerSecond(positive("device.flops", raw.device.flops)?),
            memory_bandwidth: BytesPerSecond(positive("device.memory_bandwidth", raw.device.memory_bandwidth)?),
            memory: Bytes(positive("device.memory", raw.device.memory)? as u64),
            kernels: raw.kernels.map(kernels).transpose()?,
            storage: raw.device.storage.map(|s| storage(&s)).transpose()?,
        };
        let mut collectives = BTreeMap::new();
        for (name, raw) in raw.collectives {
            let kind = by_name(&PRICED_KINDS, CollectiveKind::name, "collective", &name).map_err(Error::Profile)?;
            collectives.insert(kind, collective(&format!("collectives.{name}"), raw)?);
        }
        Ok(Profile { device, link: link("link", raw.link)?, collectives })
    }

    /// Reads and parses the profile file at `path`; the error names the file.
    pub fn read(path: &Path) -> Result<Profile> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::ProfileFile(format!("cannot read the cost profile {}: {e}", path.display())))?;
        Profile::parse(&text).map_err(|e| Error::ProfileFile(format!("{}: {e}", path.display())))
    }

    /// The shipped `cpu` profile (`CPU_PROFILE`, compiled in).
    pub fn cpu() -> &'static Profile {
        static CPU: OnceLock<Profile> = OnceLock::new();
        shipped(&CPU, CPU_PROFILE)
    }

    /// The shipped `xla-cpu` profile (`XLA_CPU_PROFILE`, compiled in).
    pub fn xla_cpu() -> &'static Profile {
        static XLA_CPU: OnceLock<Profile> = OnceLock::new();
        shipped(&XLA_CPU, XLA_CPU_PROFILE)
    }

    /// The profile as YAML, after `comment` (each line prefixed with `# `) and
    /// followed by `measured`, a free-form YAML mapping body (indented by the caller
    /// by two spaces per line), if any.
    pub fn to_yaml(&self, comment: &str, measured: Option<&str>) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            let _ = writeln!(out, "# {line}");
        }
        let d = &self.device;
        let storage = d.storage.map(|t| format!(", storage: {t}")).unwrap_or_default();
        let _ = writeln!(
            out,
            "device: {{flops: {:e}, memory_bandwidth: {:e}, memory: {}{storage}}}",
            d.flops.0, d.memory_bandwidth.0, d.memory.0
        );
        if let Some(k) = &d.kernels {
            let _ = writeln!(out, "kernels:\n  overhead: {:e}", k.overhead.0);
            for class in KernelClass::ALL {
                let r = k.rates(class);
                let _ = writeln!(out, "  {class}: {{flops: {:e}, bandwidth: {:e}}}", r.flops.0, r.bandwidth.0);
            }
            if !k.per_element.is_empty() {
                let entries: Vec<String> = k.per_element.iter().map(|(op, s)| format!("{op}: {:e}", s.0)).collect();
                let _ = writeln!(out, "  per_element: {{{}}}", entries.join(", "));
            }
        }
        let _ = writeln!(out, "link: {{bandwidth: {:e}, latency: {:e}}}", self.link.bandwidth.0, self.link.latency.0);
        if !self.collectives.is_empty() {
            out.push_str("collectives:\n");
            for (kind, c) in &self.collectives {
                let (l, name) = (c.link, kind.name());
                let (bandwidth, latency, overhead) = (l.bandwidth.0, l.latency.0, c.overhead.0);
                let _ = writeln!(
                    out,
                    "  {name}: {{bandwidth: {bandwidth:e}, latency: {latency:e}, overhead: {overhead:e}}}"
                );
            }
        }
        if let Some(measured) = measured {
            out.push_str("measured:\n");
            out.push_str(measured);
        }
        out
    }
}

/// A compiled-in profile, parsed once into `cell`.
#[allow(
    clippy::expect_used,
    reason = "an invariant of the build: the compiled-in files parse (the_shipped_profiles_parse)"
)]
fn shipped(cell: &'static OnceLock<Profile>, text: &str) -> &'static Profile {
    cell.get_or_init(|| Profile::parse(text).expect("a shipped profile parses"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_profiles_parse() {
        let cpu = Profile::parse(CPU_PROFILE).unwrap();
        assert!(cpu.device.flops.0 > 0.0);
        assert_eq!(Profile::cpu(), &cpu);
        let xla = Profile::parse(XLA_CPU_PROFILE).unwrap();
        assert_eq!(Profile::xla_cpu(), &xla);
        assert_eq!(xla.device.storage, None, "XLA holds values in their types");
    }

    #[test]
    fn reading_a_profile_names_the_file() {
        let shipped = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/data/cpu.yaml"));
        assert_eq!(&Profile::read(shipped).unwrap(), Profile::cpu());
        let missing = Profile::read(Path::new("nowhere/profile.yaml")).unwrap_err().to_string();
        assert!(missing.starts_with("cannot read the cost profile nowhere/profile.yaml: "), "{missing}");
        let dir = std::env::temp_dir().join(format!("autoshard-profile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.yaml");
        std::fs::write(&bad, "device: {flops: 1}\n").unwrap();
        let message = Profile::read(&bad).unwrap_err().to_string();
        assert!(message.starts_with(&format!("{}: invalid cost profile: ", bad.display())), "{message}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn profiles_round_trip_and_reject_nonsense() {
        let mut collectives = BTreeMap::new();
        let link = LinkSpec { bandwidth: BytesPerSecond(2.5e9), latency: Seconds(7.5e-6) };
        collectives.insert(CollectiveKind::AllReduce, CollectiveSpec { link, overhead: Seconds(3e-6) });
        let profile = Profile {
            device: DeviceSpec {
                flops: FlopsPerSecond(1.25e11),
                memory_bandwidth: BytesPerSecond(9e9),
                memory: Bytes(1 << 30),
                kernels: Some(KernelModel {
                    overhead: Seconds(2.5e-6),
                    rates: [KernelRates { flops: FlopsPerSecond(3e9), bandwidth: BytesPerSecond(1.5e9) }; 6],
                    per_element: BTreeMap::from([("add".into(), Seconds(2e-9)), ("tanh".into(), Seconds(2.5e-8))]),
                }),
                storage: Some(DType::F32),
            },
            link: LinkSpec { bandwidth: BytesPerSecond(5e9), latency: Seconds(4e-6) },
            collectives,
        };
        let text = profile.to_yaml("a test\nprofile", Some("  devices: 8\n"));
        assert!(text.starts_with("# a test\n# profile\n"));
        assert_eq!(Profile::parse(&text).unwrap(), profile);
        let bad = "device: {flops: 1, memory_bandwidth: 1, memory: 1}\nlink: {bandwidth: 1, latency: 0}\ncollectives: {gather: {bandwidth: 1, latency: 0}}\n";
        assert!(Profile::parse(bad).unwrap_err().to_string().contains("unknown collective 'gather'"));
        let negative = "device: {flops: -1, memory_bandwidth: 1, memory: 1}\nlink: {bandwidth: 1, latency: 0}\n";
        assert!(Profile::parse(negative).unwrap_err().to_string().contains("device.flops"));
        let early = text.replace("overhead: 3e-6", "overhead: -3e-6");
        assert!(Profile::parse(&early).unwrap_err().to_string().contains("collectives.all_reduce.overhead"), "{early}");
        let typo = text.replace("storage: f32", "storage: f33");
        assert!(Profile::parse(&typo).unwrap_err().to_string().contains("device.storage"), "{typo}");
        let slow = text.replace("reduction: {flops: 3e9", "reduction: {flops: 0");
        assert!(Profile::parse(&slow).unwrap_err().to_string().contains("kernels.reduction.flops"), "{slow}");
        let unknown = text.replace("tanh: 2.5e-8", "softmax: 2.5e-8");
        let message = Profile::parse(&unknown).unwrap_err().to_string();
        assert!(message.contains("kernels.per_element.softmax: not an elementwise op"), "{message}");
    }
}
