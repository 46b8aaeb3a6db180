//! Whether a `run` fits this host: the executor's memory estimate of the run
//! (every device's blocks in their storage, the reference beside them) judged against
//! the memory available (Linux's `MemAvailable`), and where it comes near or exceeds
//! it, the `--size` overrides of the config's own knobs that would fit.

use super::ConfigArgs;
use autoshard::executor::MemoryEstimate;
use autoshard::model::Bytes;
use serde_json::{Value, json};

/// How a run's memory estimate compares with the memory this host has available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fit {
    /// No available memory to compare with (not Linux).
    Unknown,
    /// At most [`NEAR`] of the available memory.
    Fits,
    /// More than [`NEAR`] of it, at most all of it: it runs, with little to spare.
    Near,
    /// More than the available memory: refused unless `--force`.
    Exceeds,
}

/// The fraction of the available memory beyond which a run comes near it.
const NEAR: f64 = 0.8;

/// The fraction of the available memory a suggested `--size` run aims at.
const SUGGESTED: f64 = 0.5;

impl Fit {
    fn judge(total: Bytes, available: Option<Bytes>) -> Fit {
        match available {
            None => Fit::Unknown,
            Some(a) if total > a => Fit::Exceeds,
            Some(a) if total.0 as f64 > NEAR * a.0 as f64 => Fit::Near,
            Some(_) => Fit::Fits,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Fit::Unknown => "unknown",
            Fit::Fits => "fits",
            Fit::Near => "near",
            Fit::Exceeds => "exceeds",
        }
    }
}

/// What a run will take in memory on this host, judged against what it has
/// available, with the sizes that would fit where it comes near.
#[derive(Debug)]
pub(super) struct Memory {
    estimate: MemoryEstimate,
    available: Option<Bytes>,
    pub(super) fit: Fit,
    /// Where the run comes near or exceeds the available memory: smaller sizes
    /// (`--size` overrides) whose run takes at most [`SUGGESTED`] of it, and their
    /// estimate; `None` when no smaller sizes do (or the config has none).
    suggestion: Option<(Vec<(String, i64)>, Bytes)>,
}

impl Memory {
    /// The memory of running `solution` of `config` (`None` when its plan does not
    /// schedule: the run then fails as the plan's error says).
    pub(super) fn of(args: &ConfigArgs, config: &autoshard::Config, solution: &autoshard::Solution) -> Option<Memory> {
        let estimate = estimate(config, solution)?;
        let available = crate::meminfo::available();
        let fit = Fit::judge(estimate.total(), available);
        let suggestion = match (fit, available) {
            (Fit::Near | Fit::Exceeds, Some(a)) => {
                suggest(args, config, solution, Bytes((SUGGESTED * a.0 as f64) as u64))
            }
            _ => None,
        };
        Some(Memory { estimate, available, fit, suggestion })
    }

    /// One line, and where the run comes near or exceeds the available memory,
    /// what to do.
    pub(super) fn describe(&self) -> String {
        let e = &self.estimate;
        let mut out = format!(
            "memory: this run takes about {}: inputs {}, the reference run {} at most, then the sharded run ({} device{} x {}, outputs {}) beside the {} the reference keeps",
            e.total(),
            e.inputs,
            e.reference,
            e.devices,
            if e.devices == 1 { "" } else { "s" },
            e.device_working,
            e.outputs,
            e.reference_kept
        );
        let smaller = match &self.suggestion {
            Some((sizes, total)) => {
                let flags: Vec<String> = sizes.iter().map(|(n, v)| format!("--size {n}={v}")).collect();
                format!("{} (about {total})", flags.join(" "))
            }
            None => "smaller sizes (no --size of this config brings it under half of that)".to_string(),
        };
        match (self.fit, self.available) {
            (Fit::Unknown, _) | (_, None) => out += "; the available memory is unknown on this system",
            (Fit::Fits, Some(a)) => out += &format!("; {a} available"),
            (Fit::Near, Some(a)) => out += &format!("; {a} available, which it comes near: to run smaller, {smaller}"),
            (Fit::Exceeds, Some(a)) => {
                out += &format!("; only {a} is available: run it smaller with {smaller}, or pass --force to run anyway")
            }
        }
        out
    }

    pub(super) fn to_json(&self) -> Value {
        let e = &self.estimate;
        let suggestion = self.suggestion.as_ref().map(|(sizes, total)| {
            let sizes: serde_json::Map<String, Value> = sizes.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
            json!({"sizes": sizes, "total_bytes": total.0})
        });
        json!({
            "total_bytes": e.total().0,
            "inputs_bytes": e.inputs.0,
            "reference_bytes": e.reference.0,
            "reference_kept_bytes": e.reference_kept.0,
            "sharded_bytes": e.sharded().0,
            "devices": e.devices,
            "device_bytes": e.device_working.0,
            "device_blocks_bytes": e.device_blocks.0,
            "outputs_bytes": e.outputs.0,
            "available_bytes": self.available.map(|a| a.0),
            "fit": self.fit.name(),
            "suggestion": suggestion,
        })
    }
}

/// The memory estimate of running `solution` of `config` (`None` when its plan does
/// not schedule).
fn estimate(config: &autoshard::Config, solution: &autoshard::Solution) -> Option<MemoryEstimate> {
    let planner = autoshard::cost::Pricing::new(&config.program, &config.hardware);
    let scheduled = autoshard::executor::schedule(&config.program, &solution.decisions, &planner).ok()?;
    Some(autoshard::executor::estimate_memory(&config.program, &scheduled))
}

/// `--size` overrides of `config`'s sizes whose run of `solution`'s plan takes at
/// most `target`, and its estimate. The sizes shrunk are those its `ci_sizes:`
/// names (the config's own knobs), never below their CI values; with no
/// `ci_sizes:`, every size, down to 1. The user's own `--size` overrides stay.
fn suggest(
    args: &ConfigArgs,
    config: &autoshard::Config,
    solution: &autoshard::Solution,
    target: Bytes,
) -> Option<(Vec<(String, i64)>, Bytes)> {
    let current = |name: &str| config.sizes.iter().find(|(n, _)| n == name).map(|&(_, v)| v);
    let knobs: Vec<(String, i64, i64)> = if config.ci_sizes.is_empty() {
        config.sizes.iter().map(|(n, v)| (n.clone(), *v, 1)).collect()
    } else {
        config.ci_sizes.iter().filter_map(|(n, floor)| Some((n.clone(), current(n)?, *floor))).collect()
    };
    shrink(&knobs, target, |sizes| {
        let overrides: Vec<(String, i64)> = args.sizes.iter().chain(sizes).cloned().collect();
        let resized = super::load(&args.file, &overrides).ok()?;
        estimate(&resized, solution).map(|e| e.total())
    })
}

/// Halves, one at a time, the knob (name, value, floor) whose halving lowers
/// `estimate` the most, until `estimate` is at most `target`: the knobs changed,
/// with their new values, and the estimate; `None` if every knob reaches its floor
/// first.
fn shrink(
    knobs: &[(String, i64, i64)],
    target: Bytes,
    estimate: impl Fn(&[(String, i64)]) -> Option<Bytes>,
) -> Option<(Vec<(String, i64)>, Bytes)> {
    let mut values: Vec<(String, i64)> = knobs.iter().map(|(n, v, _)| (n.clone(), *v)).collect();
    loop {
        let mut best: Option<(usize, i64, Bytes)> = None;
        for (k, (_, _, floor)) in knobs.iter().enumerate() {
            let next = (values[k].1 / 2).max(*floor);
            if next >= values[k].1 {
                continue;
            }
            let mut trial = values.clone();
            trial[k].1 = next;
            if let Some(total) = estimate(&trial)
                && best.is_none_or(|(_, _, b)| total < b)
            {
                best = Some((k, next, total));
            }
        }
        let (k, next, total) = best?;
        values[k].1 = next;
        if total <= target {
            let changed = values.iter().zip(knobs).filter(|((_, v), (_, was, _))| v != was).map(|(x, _)| x.clone());
            return Some((changed.collect(), total));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_sizes_of_the_config_that_bring_a_full_size_run_under_the_target() {
        #[derive(clap::Parser)]
        struct Command {
            #[command(flatten)]
            args: ConfigArgs,
        }
        let args = <Command as clap::Parser>::parse_from(["run", "../configs/mlp.yaml"]).args;
        let config = args.load().unwrap_or_else(|_| panic!("configs/mlp.yaml loads"));
        let solution = autoshard::solve(&config).unwrap_or_else(|e| panic!("{e}"));
        let full = estimate(&config, &solution).unwrap().total();
        let target = Bytes(1 << 30);
        assert!(full > Bytes(4 * target.0), "{full}");
        let (sizes, total) = suggest(&args, &config, &solution, target).unwrap();
        assert!(total <= target, "{total}");
        // Only the config's knobs (its ci_sizes: tokens, d_model), never below them.
        for (name, value) in &sizes {
            let floor = config.ci_sizes.iter().find(|(n, _)| n == name).map(|&(_, v)| v);
            assert!(floor.is_some_and(|f| *value >= f), "{name}={value}");
        }
        // The estimate is that of the config loaded with them.
        let smaller = super::super::load(&args.file, &sizes).unwrap_or_else(|_| panic!("{sizes:?} load"));
        assert_eq!(estimate(&smaller, &solution).map(|e| e.total()), Some(total));
        // Nothing to shrink below the config's CI sizes.
        assert_eq!(suggest(&args, &config, &solution, Bytes(1)), None);
    }

    #[test]
    fn describes_the_fit_and_what_to_do() {
        let estimate = MemoryEstimate {
            inputs: Bytes(1 << 30),
            reference: Bytes(2 << 30),
            reference_kept: Bytes(1 << 30),
            devices: 8,
            device_blocks: Bytes(256 << 20),
            device_working: Bytes(512 << 20),
            outputs: Bytes(1 << 30),
        };
        let sizes = vec![("tokens".to_string(), 1024)];
        let memory = |available: Option<u64>, suggestion: Option<(Vec<(String, i64)>, Bytes)>| {
            let available = available.map(|a| Bytes(a << 30));
            Memory { estimate, available, fit: Fit::judge(estimate.total(), available), suggestion }
        };
        let fits = memory(Some(64), None).describe();
        assert_eq!(
            fits,
            "memory: this run takes about 7GiB: inputs 1GiB, the reference run 2GiB at most, then the sharded run (8 devices x 512MiB, outputs 1GiB) beside the 1GiB the reference keeps; 64GiB available"
        );
        let near = memory(Some(8), Some((sizes.clone(), Bytes(3 << 30)))).describe();
        assert!(
            near.ends_with("8GiB available, which it comes near: to run smaller, --size tokens=1024 (about 3GiB)"),
            "{near}"
        );
        let exceeds = memory(Some(4), Some((sizes, Bytes(1 << 30))));
        assert_eq!(exceeds.fit, Fit::Exceeds);
        assert!(exceeds.describe().ends_with("only 4GiB is available: run it smaller with --size tokens=1024 (about 1GiB), or pass --force to run anyway"), "{}", exceeds.describe());
        let json = exceeds.to_json();
        assert_eq!((json["total_bytes"].as_u64(), json["fit"].as_str()), (Some(7 << 30), Some("exceeds")));
        assert_eq!(json["suggestion"]["sizes"]["tokens"], 1024);
        let stuck = memory(Some(4), None).describe();
        assert!(stuck.contains("no --size of this config brings it under half of that"), "{stuck}");
        assert!(memory(None, None).describe().ends_with("the available memory is unknown on this system"));
    }

    #[test]
    fn judges_the_estimate_against_the_available_memory() {
        let gib = |n: u64| Bytes(n << 30);
        assert_eq!(Fit::judge(gib(4), Some(gib(10))), Fit::Fits);
        assert_eq!(Fit::judge(gib(8), Some(gib(10))), Fit::Fits);
        assert_eq!(Fit::judge(gib(9), Some(gib(10))), Fit::Near);
        assert_eq!(Fit::judge(gib(10), Some(gib(10))), Fit::Near);
        assert_eq!(Fit::judge(gib(11), Some(gib(10))), Fit::Exceeds);
        assert_eq!(Fit::judge(gib(11), None), Fit::Unknown);
    }

    /// A model of a run's memory: the product of the sizes, in bytes.
    fn product(sizes: &[(String, i64)]) -> Option<Bytes> {
        Some(Bytes(sizes.iter().map(|(_, v)| *v as u64).product()))
    }

    #[test]
    fn shrinks_the_knob_that_saves_most_until_the_run_fits() {
        let knobs = [("tokens".to_string(), 64, 4), ("d_model".to_string(), 16, 4)];
        // 64 x 16 = 1024 bytes; halving tokens saves as much as halving d_model, and
        // the first knob wins ties: 32 x 16, then 16 x 16 = 256.
        assert_eq!(shrink(&knobs, Bytes(300), product), Some((vec![("tokens".to_string(), 16)], Bytes(256))));
        // Below 64 bytes d_model goes too, once tokens is at its floor.
        let (sizes, total) = shrink(&knobs, Bytes(40), product).unwrap();
        assert_eq!((sizes, total), (vec![("tokens".to_string(), 4), ("d_model".to_string(), 8)], Bytes(32)));
        // Every knob at its floor (4 x 4 = 16 bytes) and still too large: no suggestion.
        assert_eq!(shrink(&knobs, Bytes(10), product), None);
        // A knob whose smaller config does not load (no estimate) is not halved.
        let d_model_only = |sizes: &[(String, i64)]| if sizes[0].1 < 64 { None } else { product(sizes) };
        assert_eq!(shrink(&knobs, Bytes(300), d_model_only), Some((vec![("d_model".to_string(), 4)], Bytes(256))));
    }
}
