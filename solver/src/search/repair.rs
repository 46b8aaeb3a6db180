//! Feasibility repair: while the usage exceeds the limit, move the nodes live at the
//! worst time step whose change frees usage there, at the smallest cost per unit
//! freed first, until that step fits (never adding a forbidden term, and only moves
//! that do not raise the peak: a node with several segments may use more at other
//! steps); when no single node can
//! (forbidden pairs tie it to its neighbours), change an induced tree around one
//! jointly, usage at that step first and cost second.
//!
//! Invariant: every applied move lowers the usage of the worst step without raising
//! the peak (each is applied, checked on the profile and taken back if it fails).
//! Moves between steps tied at the peak could still take turns, so the repair also
//! stops at the run's deadline; it fails then, or when neither kind of move exists.

use super::Search;
use super::core::Core;
use super::state::Move;
use rand::RngExt;
use std::collections::HashSet;
use std::time::Instant;

/// Nodes by the time steps they are live at, for the repair's scans.
#[derive(Debug, Clone)]
pub(crate) struct Liveness {
    /// `(start, end, node)` of every segment whose usage varies, by start.
    by_start: Vec<(usize, usize, usize)>,
}

impl Liveness {
    /// The index of `core`.
    pub fn new(core: &Core) -> Self {
        let mut by_start: Vec<(usize, usize, usize)> = (0..core.len())
            .flat_map(|v| {
                (core.segments[v].iter())
                    .filter(|s| s.usage.iter().any(|&u| u != s.usage[0]))
                    .map(move |s| (s.interval.0, s.interval.1, v))
            })
            .collect();
        by_start.sort_unstable();
        Liveness { by_start }
    }

    /// The nodes with a varying segment live at step `t` (a node with several such
    /// segments comes once per segment).
    pub fn live(&self, t: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.by_start.partition_point(|&(start, _, _)| start <= t);
        self.by_start[..end].iter().filter(move |&&(_, stop, _)| stop > t).map(|&(_, _, v)| v)
    }
}

impl Search<'_, '_> {
    /// Repairs the state until it fits; false if it got stuck or ran out of time.
    pub(super) fn repair(&mut self) -> bool {
        let core = self.core;
        while !self.state.fits(core) {
            if Instant::now() >= self.run.deadline {
                return false;
            }
            let t = self.state.profile.argmax();
            if !self.single(t) && !self.joint(t) {
                return false;
            }
        }
        true
    }

    /// Applies the single-node change freeing usage at step `t` at the smallest cost
    /// per unit freed that adds no forbidden term and does not raise the peak; false
    /// if there is none.
    fn single(&mut self, t: usize) -> bool {
        let core = self.core;
        let mut candidates: Vec<(f64, usize, usize)> = Vec::new();
        // A node live at `t` through several segments is listed once per segment.
        let mut seen = HashSet::new();
        for v in self.liveness.live(t).filter(|&v| seen.insert(v)) {
            let current = core.usage_at(v, self.state.assign[v], t);
            for k in 0..core.strategies(v) {
                let freed = current - core.usage_at(v, k, t);
                if freed <= 0 {
                    continue;
                }
                let score = self.state.score_after(core, &[(v, k)]);
                if score.forbidden > self.state.score.forbidden {
                    continue;
                }
                let rate = (score.finite - self.state.score.finite) / freed as f64
                    - if score.forbidden < self.state.score.forbidden { f64::MAX / 2.0 } else { 0.0 };
                candidates.push((rate, v, k));
            }
        }
        // Stable: among equal rates the first found wins.
        candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
        // In that order, every move that still frees usage at `t` (priced again
        // against the moves made before it, one move per node) until `t` fits: one
        // scan makes many moves, where a move per scan made the repair of a large
        // excess scan the live nodes thousands of times.
        let (mut moved, mut any) = (HashSet::new(), false);
        for (_, v, k) in candidates {
            if self.state.profile.at(t) <= core.limit {
                break;
            }
            if moved.contains(&v) {
                continue;
            }
            let score = self.state.score_after(core, &[(v, k)]);
            if score.forbidden > self.state.score.forbidden {
                continue;
            }
            if self.try_move(Move { changes: vec![(v, k)], score }, t) {
                moved.insert(v);
                any = true;
            }
        }
        any
    }

    /// Applies `m` (priced against the state) and keeps it if the peak did not rise
    /// and the usage at `t` fell; otherwise takes it back, score and all. True if
    /// kept.
    fn try_move(&mut self, m: Move, t: usize) -> bool {
        let core = self.core;
        let (peak, at_t) = (self.state.profile.peak(), self.state.profile.at(t));
        let old = m.changes.iter().map(|&(v, _)| (v, self.state.assign[v])).collect();
        let back = Move { changes: old, score: self.state.score };
        self.state.apply(core, &m, false);
        if self.state.profile.peak() <= peak && self.state.profile.at(t) < at_t {
            return true;
        }
        self.state.apply(core, &back, false);
        false
    }

    /// A joint change of an induced tree around a node live at `t` that lowers the
    /// usage there (usage at `t` first, cost second) without raising the peak or
    /// adding a forbidden term; false if 64 tries found none.
    fn joint(&mut self, t: usize) -> bool {
        let core = self.core;
        let live: Vec<usize> = self.liveness.live(t).collect();
        if live.is_empty() {
            return false;
        }
        for attempt in 0..64 {
            let root = live[self.rng.random_range(0..live.len())];
            self.forest.clear();
            self.forest.grow_induced(core, root, 2 << (attempt % 6), &mut self.rng);
            let weight = self.memory_first;
            let unary = |v: usize, row: &mut Vec<f64>| {
                row.clear();
                row.extend((0..core.strategies(v)).map(|k| core.cost[v][k] + weight * core.usage_at(v, k, t) as f64));
            };
            self.forest.solve(core, &unary, &|u| self.state.assign[u]);
            let changes = self.changes();
            let m = self.state.price(core, changes);
            if m.score.forbidden > self.state.score.forbidden {
                continue;
            }
            if self.try_move(m, t) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Run, State};
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::time::Duration;

    /// The repair's moves are applied and taken back: whatever it ends with, the
    /// state's score and profile are those of its assignment (exact for integer
    /// costs), no forbidden term was added, and a repair that succeeds fits.
    #[test]
    fn the_repair_keeps_the_state_in_step_and_fits_when_it_succeeds() {
        let mut rng = StdRng::seed_from_u64(13);
        let (mut repaired, mut stuck) = (0, 0);
        for _ in 0..400 {
            let Some((core, assign)) = super::super::core::random(&mut rng, 4..10) else { continue };
            let mut silent = |_| {};
            let now = Instant::now();
            // No time for the start's dual ascent; the repair has plenty.
            let run = Run {
                start: now,
                deadline: now,
                seed: 3,
                report: &mut silent,
                gap: 0.0,
                stall: true,
                begin: None,
                pool: None,
            };
            let mut search = Search::new(&core, run, 0.0);
            search.run.deadline = now + Duration::from_secs(60);
            search.state = State::new(&core, assign);
            if search.state.fits(&core) {
                continue;
            }
            let forbidden = search.state.score.forbidden;
            let fixed = search.repair();
            let state = &search.state;
            assert_eq!(state.score, core.score(&state.assign));
            let usage = core.profile(&state.assign);
            assert!(usage.iter().enumerate().all(|(t, &u)| state.profile.at(t) == u), "{usage:?}");
            assert!(state.score.forbidden <= forbidden);
            if fixed {
                assert!(state.fits(&core));
                repaired += 1;
            } else {
                stuck += 1;
            }
        }
        assert!(repaired >= 20, "{repaired} repaired, {stuck} stuck");
    }
}
