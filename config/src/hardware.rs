//! The `mesh:`, `cost:` and `solver:` sections of a config.
//!
//! `mesh: {name?, axes: {data: 2, model: 4}, device_ids?}` becomes a verified [`Mesh`]
//! (axis order is the mapping's order); `cost:` starts from a preset and overrides
//! device and per-axis link figures, given as numbers in SI units or strings with
//! units; `profile: FILE` (a path relative to the config's directory) takes a cost
//! profile's figures (as `autoshard bench calibrate --out FILE` writes them) before
//! the overrides; `solver:` sets the solver's options. A link set under `axes:`
//! drops the per-collective-kind links a preset or profile brought (the `cpu`
//! preset's), which would otherwise replace it for those kinds.

use super::decode::{Ctx, Fields, is_identifier};
use super::yaml::{Node, NodeKind};
use autoshard_cost::{HardwareSpec, Preset, Profile, SolverOptions};
use autoshard_model::{Mesh, MeshAxis};

/// The mesh section: the mesh's symbol name and the mesh, if it is valid.
pub struct MeshSection {
    /// The name shardings use (`@mesh`).
    pub name: String,
    /// The mesh, or `None` after an error.
    pub mesh: Option<Mesh>,
}

/// Reads `mesh:`.
pub fn mesh(ctx: &mut Ctx<'_>, node: &Node) -> MeshSection {
    let mut section = MeshSection { name: "mesh".into(), mesh: None };
    let Some(fields) = Fields::new(ctx, node, "the mesh") else { return section };
    fields.deny_unknown(ctx, &["name", "axes", "device_ids"]);
    if let Some(n) = fields.get("name") {
        match ctx.string(n, "the mesh name") {
            Some(name) if is_identifier(&name) => section.name = name,
            Some(name) => ctx.error(n, format!("mesh name '{name}' must be an identifier ([A-Za-z_][A-Za-z0-9_]*)")),
            None => {}
        }
    }
    let axes = fields.require(ctx, "axes").and_then(|n| mesh_axes(ctx, n));
    let device_ids = match fields.get("device_ids") {
        Some(n) => ctx.int_list(n, "device_ids").map(|ids| (ids, Some(n))),
        None => Some((Vec::new(), None)),
    };
    let (Some(axes), Some((device_ids, ids_node))) = (axes, device_ids) else { return section };
    if axes.is_empty() && device_ids.is_empty() {
        let hint = "a single device is `axes: {x: 1}`".to_string();
        ctx.error_hint(node, "the mesh has no axes and no device", Some(hint));
        return section;
    }
    match Mesh::new(axes, device_ids) {
        Ok(mesh) => section.mesh = Some(mesh),
        Err(e) => ctx.error(ids_node.unwrap_or(node), format!("invalid mesh: {e}")),
    }
    section
}

fn mesh_axes(ctx: &mut Ctx<'_>, node: &Node) -> Option<Vec<MeshAxis>> {
    let NodeKind::Map(entries) = &node.kind else {
        ctx.expected(node, "a mapping of axis names to sizes, like {data: 2, model: 4}", "mesh axes");
        return None;
    };
    let mut axes = Vec::new();
    let mut ok = true;
    for (key, value) in entries {
        let name = ctx.string(key, "an axis name");
        let size = ctx.int(value, "an axis size");
        match (name, size) {
            (Some(_), Some(size)) if size < 1 => {
                ctx.error(value, format!("axis size must be at least 1, got: {size}"));
                ok = false;
            }
            (Some(name), Some(size)) => axes.push(MeshAxis::new(name, size)),
            _ => ok = false,
        }
    }
    ok.then_some(axes)
}

/// Reads `cost:` (absent: the default preset's figures for `mesh`).
pub fn cost(ctx: &mut Ctx<'_>, node: Option<&Node>, mesh: &Mesh) -> HardwareSpec {
    let mut spec = HardwareSpec::from_preset(HardwareSpec::DEFAULT_PRESET, mesh);
    let Some(node) = node else { return spec };
    let Some(fields) = Fields::new(ctx, node, "the cost section") else { return spec };
    fields.deny_unknown(ctx, &["preset", "profile", "device", "axes"]);
    if let Some(n) = fields.get("preset") {
        let choices: Vec<(&str, Preset)> = Preset::ALL.iter().map(|p| (p.name(), *p)).collect();
        if let Some(preset) = ctx.choice(n, "preset", &choices) {
            spec = HardwareSpec::from_preset(preset, mesh);
        }
    }
    if let Some(n) = fields.get("profile")
        && let Some(file) = ctx.string(n, "a cost profile file")
    {
        let dir = std::path::Path::new(&*ctx.file).parent().unwrap_or(std::path::Path::new(""));
        match Profile::read(&dir.join(file)) {
            Ok(profile) => spec.apply_profile(&profile),
            Err(e) => ctx.error(n, e.to_string()),
        }
    }
    if let Some(device) = fields.get("device").and_then(|n| Fields::new(ctx, n, "the device")) {
        device.deny_unknown(ctx, &["flops", "memory_bandwidth", "memory"]);
        if let Some(v) = device.get("flops").and_then(|n| ctx.quantity(n, "flops")) {
            spec.device.flops = v;
        }
        if let Some(v) = device.get("memory_bandwidth").and_then(|n| ctx.quantity(n, "memory_bandwidth")) {
            spec.device.memory_bandwidth = v;
        }
        if let Some(v) = device.get("memory").and_then(|n| ctx.quantity(n, "memory")) {
            spec.device.memory = v;
        }
    }
    if let Some(axes) = fields.get("axes").and_then(|n| Fields::new(ctx, n, "the cost axes")) {
        for (key, value) in axes.entries() {
            let Some(name) = ctx.string(key, "an axis name") else { continue };
            if mesh.axis(&name).is_none() {
                let hint = format!("the mesh has {}", mesh.axis_names_quoted());
                ctx.error_hint(key, format!("unknown axis \"{name}\" in cost.axes"), Some(hint));
                continue;
            }
            let Some(link) = Fields::new(ctx, value, &format!("the link of axis \"{name}\"")) else { continue };
            link.deny_unknown(ctx, &["bandwidth", "latency"]);
            let bandwidth = link.get("bandwidth").and_then(|n| ctx.quantity(n, "bandwidth"));
            let latency = link.get("latency").and_then(|n| ctx.quantity(n, "latency"));
            if bandwidth.is_some() || latency.is_some() {
                // A per-kind link would replace this one for its kind (see the module docs).
                spec.collectives.clear();
            }
            // Every mesh axis has a link from the preset.
            let Some(entry) = spec.axes.get_mut(&name) else { continue };
            if let Some(v) = bandwidth {
                entry.bandwidth = v;
            }
            if let Some(v) = latency {
                entry.latency = v;
            }
        }
    }
    spec
}

/// Reads `solver:`.
pub fn solver(ctx: &mut Ctx<'_>, node: Option<&Node>) -> SolverOptions {
    let mut options = SolverOptions::default();
    let Some(fields) = node.and_then(|n| Fields::new(ctx, n, "the solver section")) else { return options };
    fields.deny_unknown(ctx, &["time_limit", "threads", "uneven"]);
    if let Some(node) = fields.get("uneven")
        && let Some(uneven) = ctx.boolean(node, "uneven")
    {
        options.uneven = uneven;
    }
    if let Some(v) = fields.get("time_limit").and_then(|n| ctx.quantity(n, "time_limit")) {
        options.time_limit = v;
    }
    if let Some(node) = fields.get("threads")
        && let Some(n) = ctx.int(node, "threads")
    {
        match usize::try_from(n) {
            Ok(n) if n > 0 => options.threads = n,
            _ => ctx.expected(node, "a number of threads of at least 1", "threads"),
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use crate::Config;

    fn config(cost: &str) -> Config {
        let text = format!(
            "mesh: {{axes: {{x: 2}}}}\ncost: {cost}\nprogram:\n  inputs: {{a: {{shape: [2], dtype: f32}}}}\n  ops: []\n  outputs: {{a: {{}}}}\n"
        );
        Config::from_source("x.yaml", &text).unwrap()
    }

    #[test]
    fn an_axis_link_drops_the_per_kind_links() {
        assert!(!config("{preset: cpu}").hardware.collectives.is_empty());
        assert!(!config("{preset: cpu, device: {flops: 1e9}, axes: {x: {}}}").hardware.collectives.is_empty());
        let set = config("{preset: cpu, axes: {x: {bandwidth: 1e9}}}").hardware;
        assert!(set.collectives.is_empty());
        assert_eq!(set.link("x").bandwidth.0, 1e9);
        let profiled = config("{profile: ../cost/data/cpu.yaml, axes: {x: {latency: 1e-6}}}").hardware;
        assert!(profiled.collectives.is_empty());
        assert_eq!(profiled.link("x").latency.0, 1e-6);
    }
}
