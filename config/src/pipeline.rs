//! The `topology:` and `pipeline:` sections: several meshes, and the pipelined
//! training step across them (docs/config-language.md "Pipelines").
//!
//! `topology: {meshes: {NAME: {axes, device_ids?, cost?}, ...}, link: {bandwidth,
//! latency}}` names the meshes, in order; a mesh's `cost:` is read as the top-level
//! one (preset, profile, device, axes); without one it takes the top-level
//! hardware, each axis's link from the top-level axis of the same name, if any.
//! `pipeline: {microbatches, batch, schedule?, rounds?, accumulate, assign?}` says how
//! a step is cut: `batch` names the size of the batch dimension (the program is read
//! again with it divided by `microbatches`), `accumulate` maps each value summed over
//! microbatches to `add` or `mean`, `assign` pins units (named computations, by
//! label) to meshes.

use super::decode::{Ctx, Fields};
use super::hardware;
use super::yaml::{Node, NodeKind};
use autoshard_cost::{HardwareSpec, LinkSpec};
use autoshard_model::pipeline::{Accumulation, MeshId, NamedMesh, Schedule, Topology};
use autoshard_model::{Mesh, MeshAxis};

/// `topology:` as read: the meshes with their hardware, and the link.
pub struct TopologySection {
    pub topology: Topology,
    pub hardware: Vec<HardwareSpec>,
    pub link: LinkSpec,
}

/// How the program's microbatch is found.
pub enum Cut<'n> {
    /// `batch: SIZE`: the config read again with the size divided.
    Batch(String),
    /// `microbatch_module: PATH`: the same step lowered at one microbatch.
    Module(&'n Node),
}

/// `pipeline:` as read.
pub struct PipelineSection<'n> {
    pub microbatches: u32,
    pub cut: Cut<'n>,
    pub schedule: Option<Schedule>,
    pub rounds: u32,
    pub accumulate: Vec<(String, Accumulation)>,
    pub assign: Vec<(String, MeshId)>,
}

/// Reads `topology:`; `top` is the config's own hardware and `cost` its `cost:` node.
pub fn topology(ctx: &mut Ctx<'_>, node: &Node, top: &HardwareSpec) -> Option<TopologySection> {
    let fields = Fields::new(ctx, node, "the topology")?;
    fields.deny_unknown(ctx, &["meshes", "link"]);
    let meshes_node = fields.require(ctx, "meshes")?;
    let meshes = Fields::new(ctx, meshes_node, "the topology's meshes")?;
    let (mut named, mut hardware) = (Vec::new(), Vec::new());
    for (key, value) in meshes.entries() {
        let name = ctx.string(key, "a mesh name")?;
        let Some(mesh_fields) = Fields::new(ctx, value, &format!("mesh \"{name}\"")) else { continue };
        mesh_fields.deny_unknown(ctx, &["axes", "device_ids", "cost"]);
        let Some(mesh) = stage_mesh(ctx, value, &mesh_fields) else { continue };
        hardware.push(match mesh_fields.get("cost") {
            Some(cost) => hardware::cost(ctx, Some(cost), &mesh),
            None => inherited(top, &mesh),
        });
        named.push(NamedMesh { name, mesh });
    }
    let topology = match Topology::new(named) {
        Ok(t) => t,
        Err(e) => {
            ctx.error(meshes_node, format!("invalid topology: {e}"));
            return None;
        }
    };
    let mut link = top.slowest_link();
    if let Some(link_fields) = fields.get("link").and_then(|n| Fields::new(ctx, n, "the link between meshes")) {
        link_fields.deny_unknown(ctx, &["bandwidth", "latency"]);
        if let Some(v) = link_fields.get("bandwidth").and_then(|n| ctx.quantity(n, "bandwidth")) {
            link.bandwidth = v;
        }
        if let Some(v) = link_fields.get("latency").and_then(|n| ctx.quantity(n, "latency")) {
            link.latency = v;
        }
    }
    Some(TopologySection { topology, hardware, link })
}

fn stage_mesh(ctx: &mut Ctx<'_>, node: &Node, fields: &Fields<'_>) -> Option<Mesh> {
    let NodeKind::Map(axes) = &fields.require(ctx, "axes")?.kind else {
        ctx.expected(node, "a mapping of axis names to sizes", "mesh axes");
        return None;
    };
    let mut list = Vec::new();
    for (k, v) in axes {
        list.push(MeshAxis::new(ctx.string(k, "an axis name")?, ctx.int(v, "an axis size")?));
    }
    let ids = match fields.get("device_ids") {
        Some(n) => ctx.int_list(n, "device_ids")?,
        None => Vec::new(),
    };
    match Mesh::new(list, ids) {
        Ok(mesh) => Some(mesh),
        Err(e) => {
            ctx.error(node, format!("invalid mesh: {e}"));
            None
        }
    }
}

/// The config's hardware for another mesh: its device and preset, and for each axis
/// the link of the config's axis of the same name, or the preset's.
fn inherited(top: &HardwareSpec, mesh: &Mesh) -> HardwareSpec {
    let mut spec = HardwareSpec::from_preset(top.preset, mesh);
    spec.device = top.device.clone();
    spec.collectives = top.collectives.clone();
    for (name, link) in spec.axes.iter_mut() {
        if let Some(own) = top.axes.get(name) {
            *link = *own;
        }
    }
    spec
}

/// The topology a module's main declares, each mesh priced as the config's own
/// hardware `top` (axes by name) and linked by its slowest link.
pub fn declared(topology: Topology, top: &HardwareSpec) -> TopologySection {
    let hardware = topology.meshes().iter().map(|m| inherited(top, &m.mesh)).collect();
    TopologySection { topology, hardware, link: top.slowest_link() }
}

/// Reads `pipeline:`, resolving `assign:`'s mesh names in `topology`; `from_module`
/// says whether the program was read from a module (which has no sizes, so its
/// microbatch is a second module).
pub fn pipeline<'n>(
    ctx: &mut Ctx<'_>,
    node: &'n Node,
    topology: Option<&Topology>,
    from_module: bool,
) -> Option<PipelineSection<'n>> {
    let fields = Fields::new(ctx, node, "the pipeline section")?;
    let keys = ["microbatches", "batch", "microbatch_module", "schedule", "rounds", "accumulate", "assign"];
    fields.deny_unknown(ctx, &keys);
    let microbatches = fields.require(ctx, "microbatches");
    let microbatches = positive(ctx, microbatches?, "microbatches")?;
    let cut = cut(ctx, node, &fields, from_module, microbatches)?;
    let schedule = match fields.get("schedule") {
        None => None,
        Some(n) => {
            let mut choices: Vec<(&str, Option<Schedule>)> =
                Schedule::ALL.iter().map(|s| (s.as_str(), Some(*s))).collect();
            choices.push(("auto", None));
            ctx.choice(n, "schedule", &choices)?
        }
    };
    let rounds = match fields.get("rounds") {
        Some(n) => positive(ctx, n, "rounds")?,
        None => 2,
    };
    let mut accumulate = Vec::new();
    let acc_node = fields.require(ctx, "accumulate");
    let acc_node = acc_node?;
    for (key, value) in Fields::new(ctx, acc_node, "pipeline.accumulate")?.entries() {
        let name = ctx.string(key, "a value name")?;
        let how = ctx.choice(value, "accumulation", &[("add", Accumulation::Add), ("mean", Accumulation::Mean)])?;
        accumulate.push((name, how));
    }
    let mut assign = Vec::new();
    if let Some(n) = fields.get("assign") {
        for (key, value) in Fields::new(ctx, n, "pipeline.assign")?.entries() {
            let label = ctx.string(key, "a named computation's label")?;
            let mesh = ctx.string(value, "a mesh name")?;
            match topology.and_then(|t| t.find(&mesh)) {
                Some(id) => assign.push((label, id)),
                None if topology.is_some() => ctx.error(value, format!("unknown mesh \"{mesh}\" in pipeline.assign")),
                None => {}
            }
        }
    }
    Some(PipelineSection { microbatches, cut, schedule, rounds, accumulate, assign })
}

/// `batch:` for a program of the config, `microbatch_module:` for one read from a
/// module.
fn cut<'n>(
    ctx: &mut Ctx<'_>,
    node: &'n Node,
    fields: &Fields<'n>,
    from_module: bool,
    microbatches: u32,
) -> Option<Cut<'n>> {
    let (wanted, unwanted) = if from_module { ("microbatch_module", "batch") } else { ("batch", "microbatch_module") };
    if let Some((key, _)) = fields.entry(unwanted) {
        let why = match from_module {
            true => {
                "a program read from a module has no sizes: give 'microbatch_module', the same step lowered at one microbatch"
            }
            false => {
                "'microbatch_module' is for a program read from a module ('program: {module: PATH}'); give 'batch', the size of the batch dimension"
            }
        };
        ctx.error(key, why);
        return None;
    }
    let value = fields.require(ctx, wanted)?;
    if !from_module {
        return Some(Cut::Batch(ctx.string(value, "the size naming the batch dimension")?));
    }
    if microbatches < 2 {
        ctx.error(node, "a program read from a module needs at least 2 microbatches: its split inputs are those whose shapes differ between the two modules");
        return None;
    }
    Some(Cut::Module(value))
}

fn positive(ctx: &mut Ctx<'_>, node: &Node, what: &str) -> Option<u32> {
    match ctx.int(node, what).map(u32::try_from) {
        Some(Ok(n)) if n >= 1 => Some(n),
        Some(_) => {
            ctx.expected(node, "a positive integer", what);
            None
        }
        None => None,
    }
}
