//! How a solve may work ([`SolverOptions`]): its time limit, gap, threads and whether
//! it may cut uneven shards. The options are the solver's, but they live here, below
//! it, so that the config language (which reads them from a config's `solver:`
//! section) need not depend on the solver (docs/architecture.md, "Crates").

use crate::error::{Error, Result};
use autoshard_model::Seconds;

/// How the solver may work.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverOptions {
    /// Wall-clock budget of one solve. Default: 60 s.
    pub time_limit: Seconds,
    /// Stop once the relative gap between the plan and the bound is at most this.
    /// Default: 0 (proven optimal).
    pub gap: f64,
    /// Searches run in parallel on large problems (docs/solver.md, "The
    /// portfolio"); the plan is the same for the same thread count. Default: every
    /// core ([`all_cores`]).
    pub threads: usize,
    /// Whether the solver may cut dimensions that do not divide into balanced
    /// uneven shards (docs/mesh-dialect.md, "Uneven shards"). Default: true; false
    /// for a Shardy module, whose plan goes back to Shardy, XLA or JAX: then the
    /// program's arguments and results also divide into equal blocks (`jax.jit`
    /// refuses padded ones), and only values inside it may be padded.
    pub uneven: bool,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions { time_limit: Seconds(60.0), gap: 0.0, threads: all_cores(), uneven: true }
    }
}

impl SolverOptions {
    /// Sets the wall-clock budget: a positive, finite number of seconds. The one check
    /// of `solve --time-limit` and of the Python package's `time_limit`.
    pub fn set_time_limit(&mut self, seconds: f64) -> Result<()> {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(Error::Options(format!("expected a positive number of seconds, got {seconds}")));
        }
        self.time_limit = Seconds(seconds);
        Ok(())
    }

    /// Sets the number of parallel searches: at least 1.
    pub fn set_threads(&mut self, threads: usize) -> Result<()> {
        if threads == 0 {
            return Err(Error::Options("expected at least 1".to_string()));
        }
        self.threads = threads;
        Ok(())
    }

    /// Sets the relative gap to stop at: a finite fraction of at least 0.
    pub fn set_gap(&mut self, gap: f64) -> Result<()> {
        if !(gap.is_finite() && gap >= 0.0) {
            return Err(Error::Options(format!("expected a non-negative fraction, got {gap}")));
        }
        self.gap = gap;
        Ok(())
    }
}

/// The cores this process may use (1 if unknown).
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_set_only_to_values_that_make_sense() {
        let mut options = SolverOptions::default();
        options.set_time_limit(2.5).unwrap();
        options.set_threads(3).unwrap();
        options.set_gap(0.01).unwrap();
        assert_eq!((options.time_limit, options.threads, options.gap), (Seconds(2.5), 3, 0.01));
        let refused = |r: Result<()>| r.unwrap_err().to_string();
        assert_eq!(refused(options.set_time_limit(0.0)), "expected a positive number of seconds, got 0");
        assert_eq!(refused(options.set_time_limit(f64::NAN)), "expected a positive number of seconds, got NaN");
        assert_eq!(refused(options.set_threads(0)), "expected at least 1");
        assert_eq!(refused(options.set_gap(-0.5)), "expected a non-negative fraction, got -0.5");
        assert_eq!((options.time_limit, options.threads, options.gap), (Seconds(2.5), 3, 0.01));
    }
}
