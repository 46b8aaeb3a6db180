//! The YAML config language (docs/spec.md §3): a mesh, hardware and solver settings, and a
//! program of inputs, ops, outputs and sharding groups — and [`Config::load`], which
//! reads a config or a StableHLO module alike.
//!
//! Reading a config parses the YAML (`yaml.rs`), decodes each section while collecting
//! every error at its node (`decode.rs`, `sizes.rs`, `hardware.rs`, `program.rs`,
//! `ops.rs`; size expressions in `size_expr.rs`) and lowers the program into the
//! model's IR, inferring every type and verifying every sharding. The result is a [`Config`] or a [`ConfigError`] listing all problems as
//! `FILE:LINE:COL: error: MESSAGE`.
//!
//! # The language
#![doc = include_str!("../../docs/config-language.md")]

mod declared;
mod decode;
mod diagnostic;
mod hardware;
mod module;
mod ops;
mod pipeline;
mod program;
mod size_expr;
mod sizes;
mod yaml;

pub use diagnostic::{ConfigError, Diagnostic};
pub use size_expr::SizeTable;

use autoshard_cost::{HardwareSpec, Pipeline, SolverOptions};
use autoshard_model::pipeline::Chain;
use autoshard_model::{Location, Mesh, Program};
use decode::{Ctx, Fields};
use std::path::Path;
use std::sync::Arc;
use yaml::NodeKind;

/// Why [`Config::load`] could not give a config.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: error: cannot read the {what}: {source}")]
    Read {
        /// The file as given.
        path: String,
        /// "config" or "module".
        what: &'static str,
        /// Why.
        source: std::io::Error,
    },
    /// Size overrides were given for a StableHLO module, which has no `sizes:`.
    #[error("{path}: error: a StableHLO module has no sizes to override")]
    SizesOnModule {
        /// The module as given.
        path: String,
    },
    /// The file was read but is not a valid config or module.
    #[error(transparent)]
    Invalid(#[from] ConfigError),
}

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
    /// The config's sizes (`sizes:`) as resolved, overrides applied, in declaration
    /// order; empty when it declares none.
    pub sizes: SizeTable,
    /// The smaller sizes its `ci_sizes:` gives for quick runs (overrides to pass to
    /// [`Config::from_source_with_sizes`], as [`Config::from_source_at_ci_sizes`]
    /// does); empty when it gives none.
    pub ci_sizes: SizeTable,
    /// The pipeline across the meshes of `topology:`, when the config has a
    /// `pipeline:` section; `program` on `mesh` is then the pure-SPMD alternative.
    pub pipeline: Option<Pipeline>,
}

impl Config {
    /// Reads the config (`.yaml`) or StableHLO module (`.mlir`) at `path`, naming it
    /// as `path` is written in error locations.
    pub fn load(path: impl AsRef<Path>) -> Result<Config, LoadError> {
        Config::load_with_sizes(path, &[])
    }

    /// [`Config::load`] with some of a config's `sizes:` overridden (see
    /// [`Config::from_source_with_sizes`]); a module takes none.
    pub fn load_with_sizes(path: impl AsRef<Path>, overrides: &[(String, i64)]) -> Result<Config, LoadError> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let module = is_module(path);
        if module && !overrides.is_empty() {
            return Err(LoadError::SizesOnModule { path: shown });
        }
        let what = if module { "module" } else { "config" };
        let source =
            std::fs::read_to_string(path).map_err(|source| LoadError::Read { path: shown.clone(), what, source })?;
        Ok(if module {
            Config::from_mlir(&shown, &source)?
        } else {
            Config::from_source_with_sizes(&shown, &source, overrides)?
        })
    }

    /// A config for a program built in code: named after it, priced with the
    /// default hardware preset for its mesh and solved with the default options.
    pub fn from_program(program: Program) -> Config {
        let hardware = HardwareSpec::from_preset(HardwareSpec::DEFAULT_PRESET, program.mesh());
        let name = program.name().to_string();
        Config {
            name,
            program,
            hardware,
            solver: SolverOptions::default(),
            sizes: Vec::new(),
            ci_sizes: Vec::new(),
            pipeline: None,
        }
    }

    /// Reads the StableHLO module in `source` (its main function on its first
    /// `sdy.mesh`), priced with the default hardware preset and solved with the
    /// default solver options, without uneven shards when the module is Shardy's.
    pub fn from_mlir(file: &str, source: &str) -> Result<Config, ConfigError> {
        Config::from_mlir_on(file, source, None)
    }

    /// [`from_mlir`](Self::from_mlir) for a module written for a known mesh (a name
    /// and a mesh), as `jax.jit` lowers a function for a `jax.sharding.Mesh`: see
    /// `autoshard_stablehlo::import_on`.
    pub fn from_mlir_on(file: &str, source: &str, mesh: Option<(&str, &Mesh)>) -> Result<Config, ConfigError> {
        let module = autoshard_stablehlo::import_on(file, source, mesh)?;
        let mut config = Config { name: module.name, ..Config::from_program(module.program) };
        // A Shardy module's plan goes back to Shardy, XLA or JAX: no uneven shards.
        config.solver.uneven = !module.shardy;
        Ok(config)
    }

    /// Reads the config in `source`, naming it `file` in error locations.
    pub fn from_source(file: &str, source: &str) -> Result<Config, ConfigError> {
        Config::from_source_with_sizes(file, source, &[])
    }

    /// Reads the config in `source` at the small sizes its `ci_sizes:` gives (as it is
    /// when it gives none): the config of quick runs and tests.
    pub fn from_source_at_ci_sizes(file: &str, source: &str) -> Result<Config, ConfigError> {
        let full = Config::from_source(file, source)?;
        if full.ci_sizes.is_empty() {
            return Ok(full);
        }
        Config::from_source_with_sizes(file, source, &full.ci_sizes)
    }

    /// Reads the config in `source` with some of its `sizes:` overridden (`(name,
    /// value)` pairs; a later pair for the same name wins). Naming a size the config
    /// does not declare is an error.
    pub fn from_source_with_sizes(
        file: &str,
        source: &str,
        overrides: &[(String, i64)],
    ) -> Result<Config, ConfigError> {
        let mut ctx = Ctx::new(file, source);
        let config = decode_config(&mut ctx, file, overrides, true);
        let diagnostics = ctx.finish();
        match config {
            Some(config) if diagnostics.is_empty() => Ok(config),
            _ => Err(ConfigError { diagnostics }),
        }
    }
}

/// Whether `path` names a StableHLO module (`.mlir`) rather than a config.
pub fn is_module(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "mlir")
}

fn decode_config(ctx: &mut Ctx<'_>, file: &str, overrides: &[(String, i64)], with_pipeline: bool) -> Option<Config> {
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
    if let Some((key, _)) = fields.entry("meshes") {
        let hint = Some("several meshes are a 'topology:' with a 'pipeline:' section (docs/pipelines.md)".to_string());
        ctx.error_hint(key, "'meshes' is not a key of the config", hint);
    }
    let allowed = ["name", "sizes", "ci_sizes", "mesh", "cost", "solver", "program", "topology", "pipeline", "meshes"];
    fields.deny_unknown(ctx, &allowed);
    let ci_sizes = sizes::decode(ctx, &root, fields.entry("sizes"), fields.get("ci_sizes"), overrides);
    let name = match fields.get("name") {
        Some(n) => ctx.string(n, "the config name").unwrap_or_default(),
        None => std::path::Path::new(file).file_stem().map_or_else(|| "program".into(), |s| s.to_string_lossy().into()),
    };
    let mesh = fields.require(ctx, "mesh").map(|n| hardware::mesh(ctx, n));
    let hardware = mesh.as_ref().and_then(|m| m.mesh.as_ref()).map(|m| hardware::cost(ctx, fields.get("cost"), m));
    let solver = hardware::solver(ctx, fields.get("solver"));
    let program_node = fields.require(ctx, "program")?;
    let mesh = mesh?;
    let from_module = module_path(ctx, program_node);
    let (program, declared) = match from_module {
        Some(path) => {
            let read = module::read(ctx, path, &mesh.name, mesh.mesh.as_ref()?)?;
            (read.program, read.topology)
        }
        None => (program::program(ctx, program_node, &name, &mesh.name, mesh.mesh.as_ref())?, None),
    };
    let sizes = ctx.sizes.clone().unwrap_or_default();
    let hardware = hardware?;
    let pipeline = match with_pipeline {
        true => decode_pipeline(ctx, &fields, &hardware, &program, (from_module.is_some(), declared), overrides)?,
        false => None,
    };
    Some(Config { name, program, hardware, solver, sizes, ci_sizes, pipeline })
}

/// The `module:` path of `program: {module: PATH}`, if the program is read from a
/// module.
fn module_path<'n>(ctx: &mut Ctx<'_>, program: &'n yaml::Node) -> Option<&'n yaml::Node> {
    let NodeKind::Map(entries) = &program.kind else { return None };
    let (_, path) = entries.iter().find(|(k, _)| matches!(&k.kind, NodeKind::Str(s) if s == "module"))?;
    let fields = Fields::new(ctx, program, "the program")?;
    fields.deny_unknown(ctx, &["module"]);
    Some(path)
}

/// Reads `topology:` and `pipeline:` (both or neither), reading the program again at
/// one microbatch's size. `module` says whether the program was read from a module,
/// and the topology its main declares: the meshes when there is no `topology:`
/// section.
fn decode_pipeline(
    ctx: &mut Ctx<'_>,
    fields: &Fields<'_>,
    hardware: &HardwareSpec,
    program: &Program,
    module: (bool, Option<autoshard_model::pipeline::Topology>),
    overrides: &[(String, i64)],
) -> Option<Option<Pipeline>> {
    let (from_module, declared) = module;
    let topology = match fields.get("topology") {
        Some(n) => pipeline::topology(ctx, n, hardware),
        None => declared.map(|t| pipeline::declared(t, hardware)),
    };
    let Some(node) = fields.get("pipeline") else {
        if let Some((key, _)) = fields.entry("topology") {
            ctx.error(key, "a topology needs a 'pipeline:' section saying how a step is cut into microbatches");
        }
        return Some(None);
    };
    let section = pipeline::pipeline(ctx, node, topology.as_ref().map(|t| &t.topology), from_module)?;
    let Some(topology) = topology else {
        ctx.error(node, "a pipeline needs a 'topology:' of meshes (or a module whose @main has a topology)");
        return None;
    };
    let (devices, all) = (program.mesh().total_size(), topology.topology.total_devices());
    if devices != all {
        let message = format!(
            "the mesh has {devices} devices but the topology's meshes have {all}: 'mesh:' is the pure-SPMD alternative on all of them"
        );
        ctx.error(fields.get("mesh").unwrap_or(node), message);
        return None;
    }
    let (full, microbatch, factor) = match &section.cut {
        pipeline::Cut::Batch(size) => cut_by_size(ctx, node, program, size, section.microbatches, overrides)?,
        pipeline::Cut::Module(path) => {
            let microbatch = module::read(ctx, path, program.mesh_name(), program.mesh())?.program;
            (program.clone(), microbatch, section.microbatches)
        }
    };
    let chain = match Chain::analyse(&full, &microbatch, factor, &section.accumulate) {
        Ok(chain) => chain,
        Err(e) => {
            ctx.error(node, format!("pipeline: {e}"));
            return None;
        }
    };
    if let Some(unknown) = section.assign.iter().find(|(label, _)| !chain.units.contains(label)) {
        let label = &unknown.0;
        let key = match &node.kind {
            NodeKind::Map(entries) => entries
                .iter()
                .find(|(k, _)| matches!(&k.kind, NodeKind::Str(s) if s == "assign"))
                .and_then(|(_, v)| match &v.kind {
                    NodeKind::Map(pins) => {
                        pins.iter().map(|(k, _)| k).find(|k| matches!(&k.kind, NodeKind::Str(s) if s == label))
                    }
                    _ => None,
                }),
            _ => None,
        };
        let hint = diagnostic::did_you_mean(label, chain.units.iter().map(String::as_str));
        let message = format!("pipeline.assign names \"{label}\", which is not the label of a named computation");
        ctx.error_hint(key.unwrap_or(node), message, hint);
        return None;
    }
    Some(Some(Pipeline {
        topology: topology.topology,
        hardware: topology.hardware,
        link: topology.link,
        microbatches: section.microbatches,
        schedule: section.schedule,
        rounds: section.rounds,
        assign: section.assign,
        microbatch,
        chain,
    }))
}

/// The program at full batch and at one microbatch, read again with the size
/// `batch` divided by `microbatches`, and the factor between them. With one
/// microbatch the program is its own microbatch: the split inputs are those that
/// grow with a batch twice as large.
fn cut_by_size(
    ctx: &mut Ctx<'_>,
    node: &yaml::Node,
    program: &Program,
    size: &str,
    microbatches: u32,
    overrides: &[(String, i64)],
) -> Option<(Program, Program, u32)> {
    let Some(&(_, batch)) = ctx.sizes.as_ref().and_then(|s| s.iter().find(|(n, _)| *n == size)) else {
        ctx.error(node, format!("pipeline.batch names '{size}', which is not a size of the config"));
        return None;
    };
    let m = i64::from(microbatches);
    if batch % m != 0 {
        ctx.error(node, format!("the batch size {size} = {batch} does not divide into {m} microbatches"));
        return None;
    }
    let microbatch = reread(ctx, overrides, size, batch / m)?;
    Some(match m {
        1 => (reread(ctx, overrides, size, batch * 2)?, microbatch, 2),
        _ => (program.clone(), microbatch, microbatches),
    })
}

/// The program read again with the size `batch` set to `value`.
fn reread(ctx: &mut Ctx<'_>, overrides: &[(String, i64)], batch: &str, value: i64) -> Option<Program> {
    let mut sizes = overrides.to_vec();
    sizes.push((batch.to_string(), value));
    let mut inner = Ctx::new(&ctx.file, ctx.source);
    let config = decode_config(&mut inner, &ctx.file, &sizes, false);
    ctx.absorb(inner);
    Some(config?.program)
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

#[cfg(test)]
mod tests {
    use super::*;

    const SIZED: &str = "\
sizes: {batch: 8, d_model: 64, d_ff: d_model*4}
ci_sizes: {batch: 2, d_model: 4}
mesh: {axes: {data: 2}}
program:
  inputs:
    x: {shape: [batch, d_model]}
    w: {shape: [d_model, d_ff], parameter: true}
  ops:
    - {name: h, op: dot_general, operands: [x, w], contracting_dims: [[1], [0]]}
    - {name: s, op: slice, operands: [h], start_indices: [0, 0], limit_indices: [batch/2, d_ff]}
  outputs:
    s:
";

    fn shape(config: &Config, name: &str) -> String {
        let id = config.program.value_named(name).unwrap();
        config.program.value(id).ty.to_string()
    }

    fn errors(source: &str, overrides: &[(String, i64)]) -> String {
        Config::from_source_with_sizes("t.yaml", source, overrides).unwrap_err().to_string()
    }

    #[test]
    fn sizes_resolve_in_shapes_and_attributes() {
        let config = Config::from_source("t.yaml", SIZED).unwrap();
        assert_eq!(shape(&config, "w"), "tensor<64x256xf32>");
        assert_eq!(shape(&config, "s"), "tensor<4x256xf32>");
        let sizes: Vec<(&str, i64)> = config.sizes.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        assert_eq!(sizes, [("batch", 8), ("d_model", 64), ("d_ff", 256)]);
        assert_eq!(config.ci_sizes, [("batch".to_string(), 2), ("d_model".to_string(), 4)]);
    }

    #[test]
    fn overrides_replace_sizes_and_derived_sizes_follow() {
        let config = Config::from_source_with_sizes("t.yaml", SIZED, &config_ci()).unwrap();
        assert_eq!(shape(&config, "w"), "tensor<4x16xf32>");
        assert_eq!(shape(&config, "s"), "tensor<1x16xf32>");
        let later_wins = [("batch".to_string(), 2), ("batch".to_string(), 6)];
        let config = Config::from_source_with_sizes("t.yaml", SIZED, &later_wins).unwrap();
        assert_eq!(shape(&config, "x"), "tensor<6x64xf32>");
    }

    #[test]
    fn ci_sizes_apply_in_one_call() {
        let config = Config::from_source_at_ci_sizes("t.yaml", SIZED).unwrap();
        assert_eq!(shape(&config, "w"), "tensor<4x16xf32>");
        let plain = SIZED.replace("ci_sizes: {batch: 2, d_model: 4}\n", "");
        let config = Config::from_source_at_ci_sizes("t.yaml", &plain).unwrap();
        assert_eq!(shape(&config, "w"), "tensor<64x256xf32>");
    }

    fn config_ci() -> Vec<(String, i64)> {
        Config::from_source("t.yaml", SIZED).unwrap().ci_sizes
    }

    #[test]
    fn unknown_sizes_are_located_errors_that_list_the_known_ones() {
        let typo = SIZED.replace("[batch, d_model]", "[batch, d_modle]");
        assert_eq!(
            errors(&typo, &[]),
            "t.yaml:6:24: error: dimension of shape: unknown size 'd_modle' (the sizes are batch, d_model, d_ff)\n  \
             hint: did you mean 'd_model'?"
        );
        assert_eq!(
            errors(SIZED, &[("seq".to_string(), 4)]),
            "t.yaml:1:1: error: size override seq=4: unknown size 'seq' (the sizes are batch, d_model, d_ff)"
        );
        let odd = [("batch".to_string(), 3)];
        assert_eq!(
            errors(SIZED, &odd),
            "t.yaml:10:87: error: limit_indices: 3/2 does not divide exactly; sizes are integers"
        );
        let forward = SIZED.replace("{batch: 8, d_model: 64, d_ff: d_model*4}", "{batch: d_ff, d_model: 64, d_ff: 4}");
        assert!(errors(&forward, &[]).starts_with("t.yaml:1:16: error: size 'batch': unknown size 'd_ff' (no sizes"));
        let bad_ci = SIZED.replace("ci_sizes: {batch: 2", "ci_sizes: {btch: 2");
        assert!(errors(&bad_ci, &[]).starts_with("t.yaml:2:12: error: ci_sizes names 'btch', which is not a size"));
    }

    #[test]
    fn configs_without_sizes_read_strings_as_before() {
        let plain = "mesh: {axes: {data: 2}}\nprogram:\n  inputs:\n    x: {shape: [batch]}\n";
        assert!(
            errors(plain, &[])
                .contains("t.yaml:4:17: error: expected an integer for dimension of shape, found the string 'batch'")
        );
        assert!(
            errors(plain, &[("batch".to_string(), 2)]).contains("size override batch=2: the config declares no sizes")
        );
    }

    #[test]
    fn a_misspelt_unit_is_a_unit_error_even_with_sizes() {
        let with_cost = |memory: &str| {
            SIZED.replace(
                "mesh: {axes: {data: 2}}\n",
                &format!("mesh: {{axes: {{data: 2}}}}\ncost: {{device: {{memory: {memory}}}}}\n"),
            )
        };
        for typo in ["80GiBs", "80 GiBs"] {
            let err = errors(&with_cost(typo), &[]);
            assert!(err.contains("memory: unknown unit 'GiBs' for a size in bytes"), "{typo}: {err}");
            assert!(!err.contains("is not an integer"), "{typo}: {err}");
        }
        // Expressions still read, and their own errors still show.
        let config = Config::from_source("t.yaml", &with_cost("d_model*1024")).unwrap();
        assert_eq!(config.hardware.device.memory, autoshard_model::Bytes(64 * 1024));
        let err = errors(&with_cost("2*d_modle"), &[]);
        assert!(err.contains("memory: unknown size 'd_modle'"), "{err}");
    }
}
