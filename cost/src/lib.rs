//! autoshard's cost model: what a sharding costs on given hardware.
//!
//! This crate owns the description of the hardware (`hardware.rs`: per-device compute,
//! memory bandwidth and memory; per mesh-axis link bandwidth and latency; named
//! presets with published figures). The collective and compute formulas build on it.

pub mod hardware;

pub use hardware::{DeviceSpec, HardwareSpec, LinkSpec, Preset};
