//! The YAML config language (SPEC §3): a mesh, hardware and solver settings, and a
//! program of inputs, ops, outputs and sharding groups.
//!
//! Reading a config parses the YAML (`yaml.rs`), decodes each section while collecting
//! every error at its node (`decode.rs`, `hardware.rs`, `program.rs`, `ops.rs`) and
//! lowers the program into the model's IR, inferring every type and verifying every
//! sharding. The result is a [`Config`] or a [`ConfigError`] listing all problems as
//! `FILE:LINE:COL: error: MESSAGE`.

mod decode;
mod diagnostic;
mod hardware;
mod ops;
mod program;
mod yaml;

pub use diagnostic::{ConfigError, Diagnostic};

use autoshard_cost::HardwareSpec;
use autoshard_model::{Location, Program};
use autoshard_solver::SolverOptions;
use decode::{Ctx, Fields};
use std::sync::Arc;
use yaml::NodeKind;

/// A validated config: the program and how to solve and cost it.
#[derive(Debug, Clone)]
pub struct Config {
    /// The config's name (`name:`, or the file's stem).
    pub name: String,
    /// The program, with every type inferred and every annotation verified.
    pub program: Program,
    /// The hardware the cost model prices.
    pub hardware: HardwareSpec,
    /// The solver's options.
    pub solver: SolverOptions,
}

impl Config {
    /// Reads the config in `source`, naming it `file` in error locations.
    pub fn from_source(file: &str, source: &str) -> Result<Config, ConfigError> {
        let mut ctx = Ctx::new(file, source);
        let config = decode_config(&mut ctx, file);
        let mut diagnostics = ctx.diagnostics;
        diagnostics.sort_by_key(|d| (d.location.line, d.location.column));
        diagnostics.dedup();
        match config {
            Some(config) if diagnostics.is_empty() => Ok(config),
            _ => Err(ConfigError { diagnostics }),
        }
    }
}

fn decode_config(ctx: &mut Ctx<'_>, file: &str) -> Option<Config> {
    let root = match yaml::parse(ctx.source) {
        Ok(root) => root,
        Err(e) => {
            let location = Location { file: Arc::from(file), line: e.span.line, column: e.span.column };
            ctx.diagnostics.push(Diagnostic { location, message: format!("invalid YAML: {}", e.message), hint: None });
            return None;
        }
    };
    if matches!(root.kind, NodeKind::Null) {
        let hint = Some("see configs/mlp.yaml for a complete example".to_string());
        let location = Location { file: Arc::from(file), line: 1, column: 1 };
        let message = "the config is empty; it needs at least 'mesh' and 'program'".to_string();
        ctx.diagnostics.push(Diagnostic { location, message, hint });
        return None;
    }
    let fields = Fields::new(ctx, &root, "the config")?;
    if let Some((key, _)) = fields.entries().iter().find(|(k, _)| matches!(&k.kind, NodeKind::Str(s) if s == "meshes"))
    {
        let hint = Some("describe one mesh under 'mesh:'".to_string());
        ctx.error_hint(key, "several meshes (MPMD) are not supported yet", hint);
    }
    let allowed = ["name", "mesh", "cost", "solver", "program", "meshes"];
    fields.deny_unknown(ctx, &allowed);
    let name = match fields.get("name") {
        Some(n) => ctx.string(n, "the config name").unwrap_or_default(),
        None => std::path::Path::new(file).file_stem().map_or_else(|| "program".into(), |s| s.to_string_lossy().into()),
    };
    let mesh = fields.require(ctx, "mesh").map(|n| hardware::mesh(ctx, n));
    let hardware = mesh.as_ref().and_then(|m| m.mesh.as_ref()).map(|m| hardware::cost(ctx, fields.get("cost"), m));
    let solver = hardware::solver(ctx, fields.get("solver"));
    let program_node = fields.require(ctx, "program")?;
    let mesh = mesh?;
    let program = program::program(ctx, program_node, &name, &mesh.name, mesh.mesh.as_ref());
    Some(Config { name, program: program?, hardware: hardware?, solver })
}

/// `source` with every number that is a multiple of `factor` and at least 64 divided
/// by `factor`: the same config with its large dimensions smaller (a size knob for
/// tests and benches; numbers inside words are left alone).
pub fn scaled(source: &str, factor: u64) -> String {
    let mut out = String::with_capacity(source.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if let Ok(n) = digits.parse::<u64>() {
            let keep = n < 64 || factor == 0 || n % factor != 0;
            out.push_str(&if keep { n } else { n / factor }.to_string());
        }
        digits.clear();
    };
    let mut previous = ' ';
    for c in source.chars() {
        if c.is_ascii_digit() && (!digits.is_empty() || !previous.is_ascii_alphanumeric()) {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
        previous = c;
    }
    flush(&mut digits, &mut out);
    out
}
