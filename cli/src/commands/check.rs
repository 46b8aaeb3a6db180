//! `autoshard check FILE`: validate a config, a StableHLO module or a module in
//! Shardy's `mpmd` dialect, and summarise it.

use super::{ConfigArgs, Failure};
use autoshard::Config;
use autoshard::model::Program;
use autoshard::mpmd::{Block, FuncTopology as _, Module, Op, Piece, Type};
use std::fmt::Write as _;

/// Runs `check`.
pub fn run(args: &ConfigArgs) -> Result<(), Failure> {
    super::refuse_sizes_on_module(&args.file, &args.sizes)?;
    let checked = autoshard::check(&args.file, &args.sizes).map_err(|e| Failure::BadInput(e.to_string()))?;
    match checked {
        autoshard::Checked::Config(config) => print!("{}", summary(&args.shown(), &config)),
        autoshard::Checked::Mpmd(module) => print!("{}", mpmd_summary(&args.shown(), &module)),
    }
    Ok(())
}

/// The summary `check` prints for a valid config.
pub fn summary(file: &str, config: &Config) -> String {
    let program = &config.program;
    let mesh = program.mesh();
    let parameters = program.inputs().iter().filter(|i| i.lives_throughout()).count();
    let donated = program.inputs().iter().filter(|i| i.donated.is_some()).count();
    let hw = &config.hardware;
    let mut out = String::new();
    let _ = writeln!(out, "{file}: ok");
    let _ = writeln!(out, "  name:        {}", config.name);
    let devices = match mesh.total_size() {
        1 => "1 device".to_string(),
        n => format!("{n} devices"),
    };
    let _ = writeln!(out, "  mesh:        {} = {mesh} ({devices})", program.mesh_ref());
    let _ = writeln!(out, "  inputs:      {} ({parameters} parameters, {donated} donated)", program.inputs().len());
    let _ = writeln!(out, "  ops:         {} ({})", program.ops().len(), op_histogram(program));
    let _ = writeln!(out, "  outputs:     {}", program.outputs().len());
    let _ = writeln!(out, "  parameters:  {} unsharded", program.parameter_bytes());
    let _ = writeln!(out, "  hardware:    {} ({} and {} per device)", hw.preset, hw.device.flops, hw.device.memory);
    if let Some(pipeline) = &config.pipeline {
        out += &pipeline_summary(pipeline);
    }
    out
}

/// The `topology:` and `pipeline:` sections as read: meshes, units, split inputs,
/// accumulated values, pins.
fn pipeline_summary(pipeline: &autoshard::solver::pipeline::Pipeline) -> String {
    let mut out = String::new();
    let program = &pipeline.microbatch;
    let _ = writeln!(out, "  topology:    {}", pipeline.topology);
    let _ = writeln!(out, "  link:        {} and {} between meshes", pipeline.link.bandwidth, pipeline.link.latency);
    let schedule = pipeline.schedule.map_or_else(|| "auto".to_string(), |s| s.to_string());
    let _ = writeln!(out, "  pipeline:    {} microbatches, schedule {schedule}", pipeline.microbatches);
    let units = &pipeline.chain.units;
    let _ = writeln!(out, "  units:       {} ({})", units.len(), units.join(", "));
    let split: Vec<String> = pipeline
        .chain
        .split
        .iter()
        .map(|&(i, d)| format!("{} dim {d}", program.value(program.inputs()[i].value).name))
        .collect();
    let _ = writeln!(out, "  split:       {}", split.join(", "));
    let accumulated: Vec<String> =
        pipeline.chain.accumulated.iter().map(|(v, how)| format!("{} ({how})", program.value(*v).name)).collect();
    let _ = writeln!(out, "  accumulated: {}", accumulated.join(", "));
    if !pipeline.assign.is_empty() {
        let pins: Vec<String> =
            pipeline.assign.iter().map(|(l, m)| format!("{l} on {}", pipeline.topology.mesh(*m).name)).collect();
        let _ = writeln!(out, "  pinned:      {}", pins.join(", "));
    }
    out
}

/// `dot_general x2, gelu`: op names in order of first appearance, with counts.
fn op_histogram(program: &Program) -> String {
    histogram(program.ops_in_order().into_iter().map(|id| program.op(id).kind.name().to_string()))
}

/// `a x2, b`: `names` in order of first appearance, with counts; `none` for none.
fn histogram(names: impl IntoIterator<Item = String>) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for name in names {
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    let parts: Vec<String> =
        counts.iter().map(|(n, c)| if *c == 1 { n.clone() } else { format!("{n} x{c}") }).collect();
    if parts.is_empty() { "none".into() } else { parts.join(", ") }
}

/// The summary `check` prints for a valid MPMD module: its functions, the meshes of
/// its topologies, its fragments by mesh, its transfers by the meshes they move
/// between and every op (nested ones too, terminators left out) by name.
pub fn mpmd_summary(file: &str, module: &Module) -> String {
    let mut ops = Vec::new();
    for func in &module.funcs {
        if let Some(body) = &func.body {
            walk(body, &mut ops);
        }
    }
    let mut topologies: Vec<String> = Vec::new();
    for topology in module.funcs.iter().filter_map(|f| f.topology()) {
        let devices: i64 = topology.meshes().iter().map(|m| m.mesh.total_size()).sum();
        let noun = if devices == 1 { "device" } else { "devices" };
        let line = format!("{topology} ({} meshes, {devices} {noun})", topology.meshes().len());
        if !topologies.contains(&line) {
            topologies.push(line);
        }
    }
    let mut fragments = Vec::new();
    let mut transfers = Vec::new();
    for op in &ops {
        match op {
            Op::Fragment(f) => fragments.push(f.mesh_name.clone()),
            Op::FragmentCall(f) => fragments.push(f.mesh_name.clone()),
            Op::Transfer(t) => transfers.push(format!("{} -> {}", mesh_of(&t.operand_type), mesh_of(&t.result_type))),
            _ => {}
        }
    }
    let functions: Vec<String> = module.funcs.iter().map(|f| format!("@{}", f.name)).collect();
    let name = module.name.clone().unwrap_or_else(|| {
        std::path::Path::new(file).file_stem().map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned())
    });
    let count = |list: &[String]| match list.len() {
        0 => "0".to_string(),
        n => format!("{n} ({})", histogram(list.iter().cloned())),
    };
    let mut out = String::new();
    let _ = writeln!(out, "{file}: ok");
    let _ = writeln!(out, "  name:        {name}");
    let _ = writeln!(out, "  dialect:     mpmd");
    let _ = writeln!(out, "  functions:   {}", count(&functions));
    if topologies.is_empty() {
        let _ = writeln!(out, "  topology:    none");
    }
    for topology in &topologies {
        let _ = writeln!(out, "  topology:    {topology}");
    }
    let _ = writeln!(out, "  fragments:   {}", count(&fragments));
    let _ = writeln!(out, "  transfers:   {}", count(&transfers));
    let names: Vec<String> = ops.iter().map(|op| op.name().trim_matches('"').to_string()).collect();
    let _ = writeln!(out, "  ops:         {} ({})", names.len(), histogram(names.iter().cloned()));
    out
}

/// The ops of `block` and of the regions inside them, in order, terminators left out.
fn walk<'m>(block: &'m Block, out: &mut Vec<&'m Op>) {
    for operation in &block.ops {
        let op = &operation.op;
        if !matches!(op, Op::Return(_) | Op::FuncReturn(_)) && !op.name().trim_matches('"').ends_with(".return") {
            out.push(op);
        }
        match op {
            Op::Fragment(f) => walk(&f.body, out),
            Op::For(f) => walk(&f.body, out),
            Op::NamedComputation(n) => walk(&n.body, out),
            Op::Generic(g) => {
                for piece in &g.pieces {
                    if let Piece::Region(blocks) = piece {
                        blocks.iter().for_each(|b| walk(b, out));
                    }
                }
            }
            _ => {}
        }
    }
}

/// The mesh a value of type `ty` lives on, `local` for a tensor on no mesh.
fn mesh_of(ty: &Type) -> &str {
    match ty {
        Type::MeshTensor(m) => &m.mesh_name,
        _ => "local",
    }
}

#[cfg(test)]
mod tests {
    use super::summary;

    /// The mesh line of `check` for a mesh of `axes`.
    fn mesh_line(axes: &str) -> String {
        let source = format!(
            "mesh: {{axes: {{{axes}}}}}\nprogram:\n  inputs: {{a: {{shape: [4]}}}}\n  ops: [{{name: b, op: negate, operands: [a]}}]\n  outputs: {{b: }}\n"
        );
        let config = autoshard::Config::from_source("m.yaml", &source).unwrap_or_else(|e| panic!("{e}"));
        let text = summary("m.yaml", &config);
        text.lines()
            .find(|l| l.trim_start().starts_with("mesh:"))
            .unwrap_or_else(|| panic!("no mesh line in {text}"))
            .trim()
            .to_string()
    }

    #[test]
    fn the_device_count_agrees_with_its_noun() {
        assert_eq!(mesh_line("x: 1"), r#"mesh:        @mesh = <["x"=1]> (1 device)"#);
        assert_eq!(mesh_line("x: 2"), r#"mesh:        @mesh = <["x"=2]> (2 devices)"#);
    }
}
