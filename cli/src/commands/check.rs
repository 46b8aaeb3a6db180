//! `autoshard check FILE`: validate a config and summarise it.

use super::{ConfigArgs, Failure};
use autoshard::Config;
use autoshard::model::Program;
use std::fmt::Write as _;

/// Runs `check`.
pub fn run(args: &ConfigArgs) -> Result<(), Failure> {
    let config = args.load()?;
    print!("{}", summary(&args.shown(), &config));
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
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for id in program.ops_in_order() {
        let name = program.op(id).kind.name();
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    let parts: Vec<String> =
        counts.iter().map(|(n, c)| if *c == 1 { (*n).to_string() } else { format!("{n} x{c}") }).collect();
    if parts.is_empty() { "none".into() } else { parts.join(", ") }
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
