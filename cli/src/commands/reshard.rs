//! `autoshard reshard`: the collectives that reshard one tensor, one per line in
//! Shardy's syntax minus operand and type; with `--cost`, each line's bytes and time
//! and the total.

use super::Failure;
use autoshard::cost::{HardwareSpec, Preset, PricedCollective, Tensor, cheapest_plan, price};
use autoshard::model::ir::parse_shape;
use autoshard::model::reshard::{self, plan};
use autoshard::model::{DType, Meshes, TensorSharding};
use std::fmt::Write as _;

/// Which planner to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Algorithm {
    /// The cheaper (under the cost model) of Shardy's sequence and gathering the
    /// differing axes then slicing.
    Cheapest,
    /// Shardy's reshard-to-collectives algorithm exactly.
    Shardy,
}

/// The `reshard` command's arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A mesh, `<["x"=2, "y"=4]>` or `NAME=<...>`; repeat for several. The first
    /// unnamed mesh is `@mesh`; short shardings (`[{"x"}, {}]`) use the first mesh.
    #[arg(long = "mesh", required = true, value_name = "[NAME=]MESH")]
    meshes: Vec<String>,
    /// The global shape, e.g. 16x8x8.
    #[arg(long)]
    shape: String,
    /// The element type (for byte counts).
    #[arg(long, default_value = "f32")]
    dtype: String,
    /// The source sharding: `<@mesh, [{"x"}, {}]>` or `[{"x"}, {}]`.
    #[arg(long)]
    from: String,
    /// The target sharding.
    #[arg(long)]
    to: String,
    /// Print each collective's bytes and time, and the total.
    #[arg(long)]
    cost: bool,
    /// The hardware preset that prices the collectives.
    #[arg(long, default_value = "h100-sxm")]
    preset: String,
    /// Which plan to print.
    #[arg(long, value_enum, default_value = "cheapest")]
    algorithm: Algorithm,
}

fn bad(flag: &str, message: impl std::fmt::Display) -> Failure {
    Failure::BadInput(format!("error: --{flag}: {message}"))
}

/// Reads `--mesh` values into a table; returns it and the first mesh's name.
fn meshes(values: &[String]) -> Result<(Meshes, String), Failure> {
    let mut meshes = Meshes::default();
    let mut first = None;
    for value in values {
        let value = value.trim();
        let (name, text) = match value.split_once('=') {
            Some((name, text)) if !value.starts_with('<') => (name.trim().trim_start_matches('@'), text),
            _ => ("mesh", value),
        };
        let mesh = text.parse().map_err(|e| bad("mesh", format!("{value}: {e}")))?;
        if meshes.insert(name, mesh).is_some() {
            return Err(bad("mesh", format!("mesh @{name} is given twice")));
        }
        first.get_or_insert_with(|| name.to_string());
    }
    Ok((meshes, first.unwrap_or_else(|| "mesh".into())))
}

/// Runs `reshard`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let (meshes, default_mesh) = meshes(&args.meshes)?;
    let shape = parse_shape(&args.shape).map_err(|e| bad("shape", e))?;
    let dtype: DType = args.dtype.parse().map_err(|e| bad("dtype", e))?;
    let parse = |flag: &str, text: &str| {
        TensorSharding::parse_with_default_mesh(text, &default_mesh).map_err(|e| bad(flag, format!("{text}: {e}")))
    };
    let (from, to) = (parse("from", &args.from)?, parse("to", &args.to)?);
    let preset: Preset = args.preset.parse().map_err(|e| bad("preset", e))?;
    let mesh = meshes.resolve(&from).map_err(|e| bad("from", e))?;
    let hardware = HardwareSpec::from_preset(preset, mesh);
    let tensor = Tensor { meshes: &meshes, shape: &shape, dtype };
    reshard::check(&meshes, &shape, &from, &to)
        .map_err(|e| Failure::BadInput(format!("error: cannot reshard: {e}")))?;
    // Past the check, a failure is autoshard's, not the input's.
    let failed = |e: &dyn std::fmt::Display| Failure::Failed(format!("error: reshard planning failed: {e}"));
    let priced = match args.algorithm {
        Algorithm::Cheapest => cheapest_plan(tensor, &from, &to, &hardware).map_err(|e| failed(&e))?,
        Algorithm::Shardy => {
            let collectives = plan(&meshes, &shape, &from, &to).map_err(|e| failed(&e))?;
            price(tensor, &from, &collectives, &to, &hardware).map_err(|e| failed(&e))?
        }
    };
    if priced.is_empty() && !args.cost {
        eprintln!("note: no collectives needed: the shardings place the same data on the same devices");
    }
    print!("{}", render(&priced, args.cost));
    Ok(())
}

/// One collective per line; with `cost`, `// bytes, time` after each and a total.
fn render(priced: &[PricedCollective], cost: bool) -> String {
    let mut out = String::new();
    for p in priced {
        let _ = if cost {
            writeln!(out, "{}  // {}, {}", p.collective, p.bytes, p.time)
        } else {
            writeln!(out, "{}", p.collective)
        };
    }
    if cost {
        let bytes: autoshard::model::Bytes = priced.iter().map(|p| p.bytes).sum();
        let plural = if priced.len() == 1 { "" } else { "s" };
        let _ = writeln!(
            out,
            "// total: {} collective{plural}, {bytes}, {}",
            priced.len(),
            autoshard::cost::total_time(priced)
        );
    }
    out
}
