//! `autoshard bench collectives|calibrate|plans`: cost-model benchmarking on the CPU
//! mesh executor (see `autoshard::bench`). Measurements go to stdout (text or JSON);
//! on a terminal, a progress bar over the steps (kinds measured, rounds of plans run)
//! goes to stderr.

use super::{ConfigArgs, Failure, Format};
use crate::bench::BenchError;
use crate::bench::calibrate::{STEPS as CALIBRATION_STEPS, calibrate};
use crate::bench::collectives::{CollectiveBench, KINDS, KindFit, measure};
use crate::bench::plans::{PlanBench, PlansReport, bench_plans, on_cpu};
use crate::progress::Progress;
use autoshard::model::Bytes;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Bench,
}

#[derive(Debug, clap::Subcommand)]
enum Bench {
    /// Measure the executor's collectives over sizes and group sizes (median of
    /// repetitions, slowest device) and fit docs/spec.md §4's α and B per kind by least
    /// squares. Prints kind, α, B, R² and the points.
    Collectives(Measure),
    /// Measure the collectives plus the executor's kernels (a suite of ops, fitted
    /// per kernel class, each elementwise op timed per element; its GEMM FLOP/s and
    /// memory-bound bytes/s), and write them as a cost profile (stdout, or --out
    /// FILE). The `cpu` preset is such a profile: `--out cost/data/cpu.yaml`
    /// regenerates it.
    Calibrate {
        #[command(flatten)]
        measure: Measure,
        /// Write the profile here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Fit the measurements in this JSON file instead of measuring the executor:
        /// XLA's kernels and collectives as `scripts/jax/calibrate_xla.py` measures
        /// them on JAX's devices (host CPU, or a GPU or TPU host's).
        #[arg(long, value_name = "FILE")]
        measured: Option<PathBuf>,
    },
    /// Run a config's K best distinct plans on the CPU mesh, predicted with the
    /// calibrated cpu hardware, and report predicted vs measured and Spearman's ρ.
    /// Use small sizes (`--size`).
    Plans {
        #[command(flatten)]
        config: ConfigArgs,
        /// How many plans to run.
        #[arg(long, default_value_t = 6)]
        top: usize,
        /// Timed rounds, each running every plan once (after one warm-up run per
        /// plan); a plan's least device time counts.
        #[arg(long, default_value_t = 5)]
        repetitions: usize,
        /// The seed of the random inputs.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Plans whose predictions differ by less than this fraction count as one
        /// (the default is about this machine's run-to-run noise: closer plans
        /// trade places from run to run).
        #[arg(long, default_value_t = 0.1)]
        separation: f64,
        /// Write each plan run as DIR/plan-K.json (K = 1 is the cheapest predicted),
        /// for `run --plan` and `cost --plan`, and its fastest round as
        /// DIR/plan-K.run.json (as `run --format json` reports it).
        #[arg(long, value_name = "DIR")]
        save: Option<PathBuf>,
        /// Predict with this cost profile instead of the shipped cpu one.
        #[arg(long)]
        profile: Option<PathBuf>,
        /// The output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
}

#[derive(Debug, clap::Args)]
struct Measure {
    /// Simulated devices (threads), all busy in every measurement.
    #[arg(long, default_value_t = 8)]
    devices: usize,
    /// Sizes n (bytes as the formulas name them), e.g. 1KiB,64KiB,1MiB: a number of
    /// bytes, bare or with B and a decimal (kB, MB, GB) or binary (KiB, MiB, GiB)
    /// prefix.
    #[arg(long, value_delimiter = ',')]
    sizes: Option<Vec<Bytes>>,
    /// Group sizes (default: 2, 4, ... up to --devices).
    #[arg(long, value_delimiter = ',')]
    groups: Option<Vec<usize>>,
    /// Timed repetitions per point and per kernel (after one warm-up); the median
    /// counts.
    #[arg(long, default_value_t = 7)]
    repetitions: usize,
    /// The output format (calibrate: json prints the measurements, not the profile).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

impl Measure {
    fn bench(&self) -> Result<CollectiveBench, Failure> {
        if self.devices == 0 {
            return Err(Failure::BadInput("--devices must be at least 1".into()));
        }
        let mut bench = CollectiveBench::new(self.devices);
        if let Some(sizes) = &self.sizes {
            bench.sizes = sizes.iter().map(|b| b.0).collect();
        }
        if let Some(groups) = &self.groups {
            bench.groups.clone_from(groups);
        }
        bench.repetitions = self.repetitions;
        Ok(bench)
    }
}

fn failed(e: BenchError) -> Failure {
    match e {
        BenchError::Usage(m) => Failure::BadInput(m),
        e => Failure::Failed(e.to_string()),
    }
}

/// A progress bar over `steps` steps titled `title` (nothing when stderr is not a
/// terminal) and the callback that names the step starting: each call after the
/// first marks the one before done.
fn stepper(title: &str, steps: usize) -> (Progress, impl FnMut(&str)) {
    let bar = Progress::bar(title, steps as u64);
    let handle = bar.handle();
    let mut started = false;
    let step = move |name: &str| {
        if started {
            handle.inc(1);
        }
        started = true;
        handle.message(format!("measuring {name}"));
    };
    (bar, step)
}

fn json(value: &impl serde::Serialize) -> Result<(), Failure> {
    println!("{}", pretty(value)?);
    Ok(())
}

/// Runs `bench`.
pub fn run(args: &Args) -> Result<(), Failure> {
    match &args.command {
        Bench::Collectives(m) => {
            let (bar, step) = stepper("bench collectives", KINDS.len());
            let fits = measure(&m.bench()?, step).map_err(failed)?;
            bar.finish();
            match m.format {
                Format::Text => print!("{}", fits_table(&fits)),
                Format::Json => json(&serde_json::json!({"devices": m.devices, "collectives": fits}))?,
            }
            Ok(())
        }
        Bench::Calibrate { measure: m, out, measured } => {
            let calibration = match measured {
                Some(path) => crate::bench::measured::from_file(path).map_err(failed)?,
                None => {
                    let (bar, step) = stepper("bench calibrate", CALIBRATION_STEPS);
                    let calibration = calibrate(&m.bench()?, step).map_err(failed)?;
                    bar.finish();
                    calibration
                }
            };
            let yaml = calibration.to_yaml().map_err(failed)?;
            if let Some(out) = out {
                std::fs::write(out, &yaml)
                    .map_err(|e| Failure::Failed(format!("{}: error: cannot write: {e}", out.display())))?;
            }
            match (m.format, out) {
                (Format::Json, _) => json(&calibration)?,
                (Format::Text, Some(out)) => {
                    print!(
                        "GEMM {:.3e} FLOP/s, memory-bound {:.3e} B/s per device ({} devices)\n{}wrote {}\n",
                        calibration.gemm_flops,
                        calibration.memory_bandwidth,
                        calibration.devices,
                        fits_table(&calibration.collectives),
                        out.display()
                    );
                }
                (Format::Text, None) => print!("{yaml}"),
            }
            Ok(())
        }
        Bench::Plans { config, top, repetitions, seed, separation, save, profile, format } => {
            let mut config = on_cpu(&config.load()?, None);
            if let Some(path) = profile {
                let profile =
                    autoshard::cost::Profile::read(path).map_err(|e| Failure::BadInput(format!("error: {e}")))?;
                config.hardware.apply_profile(&profile);
            }
            let bench = PlanBench { top: *top, repetitions: *repetitions, seed: *seed, separation: *separation };
            let mut bar: Option<Progress> = None;
            let report = bench_plans(&config, &bench, |k, n| {
                let bar = bar.get_or_insert_with(|| Progress::bar("bench plans", n as u64));
                if k > 0 {
                    bar.inc(1);
                }
                bar.message(format!("round {} of {n}", k + 1));
            })
            .map_err(failed)?;
            drop(bar);
            if let Some(dir) = save {
                save_plans(&config, dir, &report)?;
            }
            match format {
                Format::Text => print!("{}", plans_table(&report)),
                Format::Json => json(&report)?,
            }
            Ok(())
        }
    }
}

/// Writes each plan of `report` as `dir/plan-K.json` and its fastest round as
/// `dir/plan-K.run.json` (`run --format json`'s report: per op and collective,
/// predicted and measured).
fn save_plans(config: &autoshard::Config, dir: &std::path::Path, report: &PlansReport) -> Result<(), Failure> {
    let cannot = |e: std::io::Error| Failure::BadInput(format!("error: cannot write plans to {}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(cannot)?;
    for (k, result) in report.plans.iter().enumerate() {
        let k = k + 1;
        std::fs::write(dir.join(format!("plan-{k}.json")), pretty(&result.run.plan)? + "\n").map_err(cannot)?;
        let run = super::run::to_json(config, &result.run);
        std::fs::write(dir.join(format!("plan-{k}.run.json")), pretty(&run)? + "\n").map_err(cannot)?;
    }
    Ok(())
}

/// `value` as pretty JSON.
fn pretty(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string_pretty(value).map_err(|e| Failure::Failed(format!("error: cannot write JSON: {e}")))
}

fn fits_table(fits: &[KindFit]) -> String {
    let mut out = format!("{:<20} {:>12} {:>12} {:>14} {:>8}\n", "kind", "overhead", "alpha", "B", "R^2");
    for f in fits {
        let _ = writeln!(
            out,
            "{:<20} {:>9.3} us {:>9.3} us {:>9.3} GB/s {:>8.4}",
            f.kind.name(),
            f.overhead_s * 1e6,
            f.alpha_s * 1e6,
            f.bandwidth_bytes_per_s / 1e9,
            f.r2
        );
    }
    out.push_str("\npoints (kind, group, bytes, median seconds):\n");
    for f in fits {
        for p in &f.points {
            let _ = writeln!(out, "  {:<20} {:>3} {:>10} {:.3e}", f.kind.name(), p.group, p.bytes, p.seconds);
        }
    }
    out
}

fn plans_table(report: &PlansReport) -> String {
    let mut out = format!(
        "{}: {} plans run of {} distinct\n{:>3} {:>12} {:>12} {:>12} {:>12}  plan\n",
        report.config,
        report.plans.len(),
        report.candidates,
        "#",
        "predicted",
        "measured",
        "pred comm",
        "meas comm"
    );
    for (k, p) in report.plans.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>3} {:>10.3}ms {:>10.3}ms {:>10.3}ms {:>10.3}ms  {} [forced: {}]{}",
            k + 1,
            p.predicted_s * 1e3,
            p.measured_s * 1e3,
            p.predicted_communication_s * 1e3,
            p.measured_communication_s * 1e3,
            p.summary,
            p.forced,
            if p.verified { "" } else { " (MISMATCH)" }
        );
    }
    match report.spearman {
        Some(rho) => {
            let _ = writeln!(out, "Spearman rho = {rho:.3}");
        }
        None => out.push_str("Spearman rho undefined (fewer than two plans or equal predictions)\n"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Measure;
    use autoshard::model::Bytes;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        measure: Measure,
    }

    #[test]
    fn sizes_parse_with_units() {
        let size = |text: &str| text.parse::<Bytes>().map(|b| b.0);
        assert_eq!(size("1KiB").ok(), Some(1024));
        assert_eq!(size("64KiB").ok(), Some(65536));
        assert_eq!(size("1MiB").ok(), Some(1 << 20));
        assert_eq!(size("512").ok(), Some(512));
        assert_eq!(size("10kB").ok(), Some(10_000));
        assert!(size("1XB").is_err());
        let cli = Cli::try_parse_from(["bench", "--sizes", "1KiB,10kB,512"]).unwrap();
        assert_eq!(cli.measure.bench().ok().map(|b| b.sizes), Some(vec![1024, 10_000, 512]));
        assert!(Cli::try_parse_from(["bench", "--sizes", "1XB"]).is_err());
    }
}
