//! Solutions shared between the runs of a portfolio of one problem: each run
//! publishes its best feasible solution into its slot, and a run whose best is
//! worse than another's takes that one up and searches on from it.
//!
//! A run that proves its plan optimal (or within the gap), or stops on a stall,
//! finishes the pool: the others stop at their next look. Runs of different
//! problems (pair loads folded above and below) share only that: the portfolio
//! finishes their pool when a plan of the original problem is proven.
//!
//! Invariants: a slot only ever improves; what a run reads is the best of the
//! other slots at that moment (ties: the lowest slot), so with several runs the
//! result also depends on when each run looks.

use super::core::Score;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A published solution: its score and its compact strategies.
type Entry = (Score, Arc<Vec<usize>>);

/// The slots of a portfolio's runs.
#[derive(Debug, Default)]
pub(crate) struct Pool {
    slots: Mutex<Vec<Option<Entry>>>,
    /// Whether the runs search one problem, so that their solutions are each
    /// other's and a run's proof ends them all.
    shares: bool,
    /// Set by a run that proved its plan (or stopped on a stall): the others stop.
    done: AtomicBool,
}

impl Pool {
    /// A pool of `runs` empty slots, for runs of one problem (`shares`) or not.
    pub fn new(runs: usize, shares: bool) -> Self {
        Pool { slots: Mutex::new(vec![None; runs]), shares, done: AtomicBool::new(false) }
    }

    /// Whether the runs search one problem (see [`Pool::new`]).
    pub fn shares(&self) -> bool {
        self.shares
    }

    /// Tells every run to stop: one has proved its plan, or stopped on a stall.
    pub fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
    }

    /// True once a run called [`Pool::finish`].
    pub fn finished(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }

    /// Puts `assign` (of `score`) into `slot` if it is better than what is there.
    pub fn publish(&self, slot: usize, score: Score, assign: &[usize]) {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        if slots[slot].as_ref().is_none_or(|(held, _)| score.better(held)) {
            slots[slot] = Some((score, Arc::new(assign.to_vec())));
        }
    }

    /// The best solution of the slots other than `slot`, if any.
    pub fn best_except(&self, slot: usize) -> Option<Entry> {
        let slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let others = slots.iter().enumerate().filter(|&(i, _)| i != slot).filter_map(|(_, e)| e.as_ref());
        others
            .fold(None, |best: Option<&Entry>, e| match best {
                Some(b) if !e.0.better(&b.0) => Some(b),
                _ => Some(e),
            })
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_reads_the_best_of_the_others() {
        let pool = Pool::new(3, true);
        let score = |x: f64| Score { forbidden: 0, finite: x };
        assert!(pool.best_except(0).is_none());
        pool.publish(1, score(5.0), &[1]);
        pool.publish(2, score(3.0), &[2]);
        pool.publish(2, score(4.0), &[9]);
        pool.publish(0, score(1.0), &[0]);
        assert_eq!(pool.best_except(0).map(|(s, a)| (s.finite, a[0])), Some((3.0, 2)));
        assert_eq!(pool.best_except(2).map(|(s, a)| (s.finite, a[0])), Some((1.0, 0)));
    }
}
