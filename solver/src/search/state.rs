//! The search's current solution: a compact strategy per core node, its score and
//! its usage profile. A set of changes is priced exactly ([`State::price`]) before
//! [`State::apply`] makes it, keeping the score and the profile in step.
//!
//! Invariants: `score == core.score(assign)` and `profile` holds
//! `core.profile(assign)` (up to floating-point summation order on the finite part,
//! which is exact for integer costs below 2^53).

use super::core::{Core, Score};
use super::profile::Profile;

/// A candidate change: new strategies for some nodes, priced.
#[derive(Debug, Clone, Default)]
pub(crate) struct Move {
    /// `(node, new strategy)` for every node that changes.
    pub changes: Vec<(usize, usize)>,
    /// The score after the change.
    pub score: Score,
}

/// What happened to a move under the usage limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Applied {
    /// Applied.
    Done,
    /// Not applied: it would exceed the limit at this time step.
    Exceeds(usize),
}

/// The current solution.
#[derive(Debug, Clone)]
pub(crate) struct State {
    /// The compact strategy of every core node.
    pub assign: Vec<usize>,
    /// Its score.
    pub score: Score,
    /// Its usage at every time step.
    pub profile: Profile,
    pending: Vec<usize>,
    stamp: Vec<u32>,
    epoch: u32,
}

impl State {
    /// The state of `assign`.
    pub fn new(core: &Core, assign: Vec<usize>) -> Self {
        let score = core.score(&assign);
        let profile = Profile::new(&core.profile(&assign));
        State { assign, score, profile, pending: vec![0; core.len()], stamp: vec![0; core.len()], epoch: 0 }
    }

    /// True if the usage stays within the limit.
    pub fn fits(&self, core: &Core) -> bool {
        self.profile.peak() <= core.limit
    }

    /// True if the solution is feasible: no forbidden term and the usage within the
    /// limit.
    pub fn feasible(&self, core: &Core) -> bool {
        self.score.forbidden == 0 && self.fits(core)
    }

    /// Prices `changes` (distinct nodes) against the current solution.
    pub fn price(&mut self, core: &Core, changes: Vec<(usize, usize)>) -> Move {
        let score = self.score_after(core, &changes);
        Move { changes, score }
    }

    /// The score after `changes` (distinct nodes), nothing applied.
    pub fn score_after(&mut self, core: &Core, changes: &[(usize, usize)]) -> Score {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        for &(v, k) in changes {
            self.stamp[v] = self.epoch;
            self.pending[v] = k;
        }
        let mut score = self.score;
        for &(v, k) in changes {
            let old = self.assign[v];
            score.sub(core.cost[v][old]);
            score.add(core.cost[v][k]);
            for &(e, u) in &core.adjacency[v] {
                let moved = self.stamp[u] == self.epoch;
                if moved && u < v {
                    continue;
                }
                score.sub(core.pair(e, v, old, self.assign[u]));
                score.add(core.pair(e, v, k, if moved { self.pending[u] } else { self.assign[u] }));
            }
        }
        score
    }

    /// Applies `m` if `check` is false or the usage stays within the limit.
    pub fn apply(&mut self, core: &Core, m: &Move, check: bool) -> Applied {
        self.shift(core, m, true);
        if check && self.profile.peak() > core.limit {
            let at = self.profile.argmax();
            self.shift(core, m, false);
            return Applied::Exceeds(at);
        }
        for &(v, k) in &m.changes {
            self.assign[v] = k;
        }
        self.score = m.score;
        Applied::Done
    }

    /// Adds (or takes back) the usage change of `m`.
    fn shift(&mut self, core: &Core, m: &Move, forward: bool) {
        for &(v, k) in &m.changes {
            for s in &core.segments[v] {
                let delta = s.usage[k] - s.usage[self.assign[v]];
                self.profile.add(s.interval.0, s.interval.1, if forward { delta } else { -delta });
            }
        }
    }
}
