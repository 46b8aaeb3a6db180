//! Command-line parsing (clap) and dispatch. Exit codes follow docs/spec.md §8: 0 success,
//! 1 the work failed, 2 bad input or usage. Results go to stdout, errors to stderr.

mod bench;
mod check;
mod cost;
mod iopddl;
mod partitioned;
mod reshard;
mod rules;
mod run;
mod run_memory;
mod solve;
mod spmd;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// autoshard decides how to shard a tensor program across a device mesh.
///
/// A config (YAML) describes the mesh, the hardware and the program; see
/// configs/*.yaml for examples and docs/config-language.md for the language.
#[derive(Debug, Parser)]
#[command(
    name = "autoshard",
    version,
    propagate_version = true,
    after_help = "Examples:\n  autoshard check configs/mlp.yaml\n  autoshard rules configs/transformer_block.yaml\n  autoshard solve configs/mlp.yaml --format json\n  autoshard run configs/mlp.yaml --size tokens=1024 --size d_model=512 --seed 1\n  autoshard iopddl solver/tests/data/iopddl/example.json --time-limit 10\n  autoshard reshard --mesh '<[\"x\"=2, \"y\"=2]>' --shape 16x8 --from '[{\"x\"}, {\"y\"}]' --to '[{\"y\"}, {}]' --cost\n\nExit codes: 0 success, 1 the work failed (infeasible, mismatch), 2 bad input or usage.\nSet AUTOSHARD_LOG=debug for logs on stderr."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The config a command reads: the file and the overrides of its `sizes:`.
#[derive(Debug, clap::Args)]
pub struct ConfigArgs {
    /// The config file (.yaml) or StableHLO module (.mlir); `check` also reads a
    /// module in Shardy's `mpmd` dialect.
    pub file: PathBuf,
    /// Override one of the config's `sizes:` (repeatable; the last one for a name
    /// wins), e.g. --size seq=128 --size batch=2. YAML configs only.
    // Its own id, apart from `bench collectives`' `--sizes`.
    #[arg(long = "size", id = "size_overrides", value_name = "NAME=VALUE", value_parser = parse_size_override)]
    pub sizes: Vec<(String, i64)>,
}

impl ConfigArgs {
    /// Reads and validates the config with its overrides; errors are bad input.
    pub fn load(&self) -> Result<autoshard::Config, Failure> {
        load(&self.file, &self.sizes)
    }

    /// The file as messages name it.
    pub fn shown(&self) -> String {
        self.file.display().to_string()
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate a config: parse it, infer every type and verify every sharding,
    /// then print a short summary. Reports every error as FILE:LINE:COL. A module in
    /// Shardy's `mpmd` dialect (.mlir with `mpmd` ops, `!mpmd.mesh_tensor` types or
    /// a `#mpmd.topology`) is read and verified with Shardy's rules instead: its
    /// first error at FILE:LINE:COL in Shardy's words, or a summary of its functions,
    /// topology, fragments and transfers.
    Check(ConfigArgs),
    /// Print every op's sharding rule, one line per op in program order:
    /// NAME: #sdy.op_sharding_rule<...> (Shardy's text form).
    Rules(ConfigArgs),
    /// Print the collectives that reshard a tensor from one sharding to another, one
    /// per line in Shardy's syntax (sdy.all_to_all [{"z"}: 1->0] out_sharding=<...>).
    Reshard(reshard::Args),
    /// Price a plan: the plan file's, or the config's own annotations with every open
    /// choice made the cheapest local way. Per-op compute, per-collective bytes and
    /// time, peak memory and totals (or the plan as JSON).
    Cost(cost::Args),
    /// Solve: the cheapest plan under the config's annotations, sharding groups,
    /// barriers and memory budget (docs/spec.md §5), proven optimal unless the time limit runs
    /// out (then the best plan found and its bound). Exit 1 if infeasible, with the
    /// constraints that conflict.
    Solve(solve::Args),
    /// Run the plan (solved, or --plan) on the CPU mesh — one thread per device,
    /// explicit collectives — and check every output against the unsharded
    /// reference on the same seeded inputs. Exit 1 on a mismatch, 2 on an invalid
    /// plan.
    Run(run::Args),
    /// Solve an instance of the ASPLOS 2025 IOPDDL contest (one strategy per node,
    /// node and edge costs, a usage limit over time) within the time limit; print the
    /// contest's output line [s0, s1, ...] and `cost N` (checked exactly). Progress
    /// goes to stderr on a terminal.
    Iopddl(iopddl::Args),
    /// Cost-model benchmarking on the CPU mesh executor: `collectives` (fit α and B
    /// per collective kind), `calibrate` (write the cpu cost profile), `plans`
    /// (predicted vs measured time of a config's best plans, Spearman's ρ).
    Bench(bench::Args),
}

/// How `cost` and `run` print: a report for people or JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A report for people.
    Text,
    /// JSON (`cost`: the plan of docs/spec.md §8; `run`: the verification and timings).
    Json,
}

/// The outcome of a command, mapped to an exit code.
pub enum Failure {
    /// Bad input or usage: exit code 2.
    BadInput(String),
    /// The work failed (infeasible, over budget, mismatch): exit code 1.
    Failed(String),
}

/// Parses the command line, runs the command and returns the exit code.
pub fn main() -> ExitCode {
    init_logging();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Reshard(args) => reshard::run(&args),
        Command::Cost(args) => cost::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Iopddl(args) => iopddl::run(&args),
        Command::Bench(args) => bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BadInput(message)) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(message)) => {
            eprintln!("{message}");
            ExitCode::from(1)
        }
    }
}

/// True for a StableHLO module (`.mlir`), false for a config.
fn is_mlir(path: &std::path::Path) -> bool {
    autoshard::config::is_module(path)
}

/// The name `path` goes by in messages and its text (a "config" or a "module").
fn read(path: &std::path::Path) -> Result<(String, String), Failure> {
    let shown = path.display().to_string();
    let what = if is_mlir(path) { "module" } else { "config" };
    let source = std::fs::read_to_string(path)
        .map_err(|e| Failure::BadInput(format!("{shown}: error: cannot read the {what}: {e}")))?;
    Ok((shown, source))
}

/// Reads and validates the config or module at `path` with its `sizes:` overridden
/// by `sizes` (which a module cannot take); errors are bad input.
fn load(path: &std::path::Path, sizes: &[(String, i64)]) -> Result<autoshard::Config, Failure> {
    refuse_sizes_on_module(path, sizes)?;
    autoshard::Config::load_with_sizes(path, sizes).map_err(|e| Failure::BadInput(e.to_string()))
}

/// A usage error when `sizes` are given for a module (`.mlir`), which has none.
fn refuse_sizes_on_module(path: &std::path::Path, sizes: &[(String, i64)]) -> Result<(), Failure> {
    if is_mlir(path) && !sizes.is_empty() {
        let shown = path.display();
        return Err(Failure::BadInput(format!(
            "{shown}: error: --size applies to YAML configs, not StableHLO modules"
        )));
    }
    Ok(())
}

/// Reads a `NAME=VALUE` size override (the command line's `--size`).
fn parse_size_override(text: &str) -> Result<(String, i64), String> {
    let (name, value) = text.split_once('=').ok_or_else(|| format!("expected NAME=VALUE, found '{text}'"))?;
    let value = value
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("the value of size '{name}' must be an integer, found '{value}'"))?;
    Ok((name.trim().to_string(), value))
}

/// Logs go to stderr; `AUTOSHARD_LOG` (e.g. `debug`) sets the level, default `warn`.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("AUTOSHARD_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_size_overrides() {
        assert_eq!(parse_size_override("seq=128"), Ok(("seq".to_string(), 128)));
        assert!(parse_size_override("seq").unwrap_err().contains("NAME=VALUE"));
        assert!(parse_size_override("seq=x").unwrap_err().contains("must be an integer"));
    }
}
