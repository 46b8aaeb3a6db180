//! `autoshard iopddl FILE`: solves an instance of the IOPDDL contest format with the
//! solver core's engine and prints the contest's output line and the exact cost.

use super::Failure;
use autoshard::solver::{Instance, Limits, MicroLp, Progress, Settings, SolveError, solve_problem_with};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `autoshard iopddl`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The instance (.json, or gzip-compressed .json.gz).
    file: PathBuf,
    /// Wall-clock budget in seconds, reading the file included.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
    /// Seed of the search's random choices (the same seed and speed give the same
    /// solution).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Searches run in parallel (default: every core); run k takes seed + k, so the
    /// same seed, thread count and speed give the same solution.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<(), Failure> {
    let start = Instant::now();
    if !(args.time_limit.is_finite() && args.time_limit > 0.0) {
        return Err(Failure::BadInput(format!("--time-limit: expected seconds > 0, got {}", args.time_limit)));
    }
    let instance = Instance::read(&args.file).map_err(|e| Failure::BadInput(e.to_string()))?;
    let terminal = std::io::stderr().is_terminal();
    let mut report = |p: Progress| {
        if terminal {
            eprintln!("{:>8.2} s  {:<9}  cost {:<20}  bound {}", p.elapsed_s, p.phase, figure(p.cost), figure(p.bound));
        }
    };
    // Leave 2% (at most a second) for the evaluator, printing and exit.
    let budget = args.time_limit - (0.02 * args.time_limit).min(1.0);
    let mut settings = Settings::new(Limits { time: Duration::from_secs_f64(budget), gap: 0.0 });
    // The contest scores the cost at the limit: no stopping early within 1%.
    settings.stall = false;
    settings.start = start;
    settings.seed = args.seed;
    settings.threads = match args.threads {
        Some(0) => return Err(Failure::BadInput("--threads: expected at least 1".to_string())),
        Some(n) => n,
        None => autoshard::solver::all_cores(),
    };
    settings.report = Some(&mut report);
    let solution = match solve_problem_with(&instance.problem, &MicroLp, settings) {
        Ok(solution) => solution,
        Err(SolveError::Infeasible(message)) => return Err(Failure::Failed(format!("infeasible: {message}"))),
        Err(e) => return Err(Failure::Failed(e.to_string())),
    };
    let exact = instance
        .evaluate(&solution.assignment)
        .map_err(|e| Failure::Failed(format!("internal error: the solution is not valid: {e}")))?;
    if terminal {
        eprintln!(
            "{:>8.2} s  done       first feasible {:.2} s, bound {}, gap {:.2}%, peak usage {}",
            start.elapsed().as_secs_f64(),
            solution.first_feasible_s,
            figure(solution.bound),
            100.0 * (solution.cost - solution.bound) / solution.cost.max(1.0),
            exact.peak
        );
    }
    let strategies: Vec<String> = solution.assignment.iter().map(usize::to_string).collect();
    println!("[{}]", strategies.join(", "));
    println!("cost {}", exact.cost);
    Ok(())
}

/// A cost for the progress lines: an integer, or `-` if there is none yet.
fn figure(x: f64) -> String {
    if x.is_finite() { format!("{x:.0}") } else { "-".to_string() }
}
