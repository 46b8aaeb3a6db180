//! Large-neighbourhood search: the engine's path for presolved problems too large
//! for the exact ILP. Anytime and deterministic for a given seed.
//!
//! 1. **Start** (`dual.rs`): message passing on the LP relaxation's dual for a
//!    moment, then rounding (each node in turn takes its cheapest strategy in the
//!    reparametrized costs given the nodes fixed before it). Induced trees (2 to
//!    2,048 nodes, grown from a random node or from one live at the peak, plus one
//!    node closing cycles through them) solved exactly by dynamic programming given
//!    every other node (`forest.rs`) improve it with the usage limit ignored.
//! 2. **Penalize and repair** (`repair.rs`): round after round, the multipliers of
//!    the time steps over the limit are raised and the solution improved for cost
//!    plus priced usage; after each round a copy is repaired (cheapest usage freed
//!    per unit of cost, or a joint move of a tree) and the best repaired copy kept.
//!    From then on a feasible solution is held at all times.
//! 3. **Bound** (`dual.rs`): message passing with subgradient steps on the
//!    multipliers of the limit gives a lower bound and multipliers that price usage
//!    per time step.
//! 4. **Improve** until the deadline, or until the bound is within the run's
//!    relative gap of the best cost (phases 4 and 5 are skipped then): a
//!    neighbourhood's solution for cost plus priced usage is kept if it costs no more
//!    and fits the limit (checked exactly on the usage profile, `profile.rs`); one
//!    that exceeds the limit raises the multiplier of the step it exceeds, and all
//!    multipliers decay slowly. After [`STALE`] neighbourhoods (or 2% of the time)
//!    without improvement, an excursion is kept only if it ends better than the
//!    best: every other one restarts from a rounding of the dual after a short burst
//!    of bound phase, the others from the best; each makes a few priced moves with
//!    the limit ignored, then the repair.
//! 5. **Bound** again with the time reserved, against the final cost.
//!
//! Invariants: the returned solution is the best feasible one seen (or `None` if the
//! repair failed); the bound is valid for the core (add the presolve's constant).

mod core;
mod dual;
mod forest;
mod pool;
mod profile;
mod repair;
mod state;
mod symmetry;

pub(crate) use self::core::Core;
use self::core::spread;
use self::forest::Forest;
pub(crate) use self::pool::Pool;
use self::profile::Multipliers;
use self::repair::Liveness;
use self::state::{Applied, Move, State};
use self::symmetry::Classes;
use crate::presolve::Presolved;
use crate::problem::Problem;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// Neighbourhoods without improvement before an excursion.
const STALE: u32 = 3_000;

/// The longest the start's dual ascent and the first improvement may take (each
/// takes 5% of the time left, up to this), so that long solves still find a
/// feasible solution early; also the most time kept for the final bound phase (2%).
const PHASE: Duration = Duration::from_secs(2);

/// The longest the first bound phase may take (5% of the time, up to this).
const BOUND_PHASE: Duration = Duration::from_secs(5);

/// Neighbourhoods of an excursion.
const EXCURSION: u32 = 200;

/// The relative gap within which the search may stop before its deadline when
/// neither its plans nor its bound progress (see [`Search::stalls`]): the cost
/// model's own error is far larger, and a loose relaxation may never close it.
pub(crate) const STALL_GAP: f64 = 0.01;

/// The least time a search runs before it may stop on a stall.
const STALL_AFTER: Duration = Duration::from_secs(1);

/// Core nodes below which the search does not look for repeated structure.
const TIED_NODES: usize = 64;

/// The share of the time each start gets when they race.
const RACE: f64 = 0.12;

/// How a search finds its first feasible solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// From the cheapest solution with the limit ignored, usage priced higher and
    /// higher where it exceeds the limit, repaired (`penalize`).
    Priced,
    /// From the leanest solution (usage first, then cost), which fits whenever any
    /// does but for forbidden pairs; the limit's slack is then spent by the search.
    Lean,
}

/// What an anytime solve reports as it goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Seconds since the solve started.
    pub elapsed_s: f64,
    /// The best feasible cost so far (infinite: none yet).
    pub cost: f64,
    /// The best lower bound so far.
    pub bound: f64,
    /// What the engine is doing.
    pub phase: &'static str,
}

impl Progress {
    /// `phase` begun `start` ago, with no solution or bound yet.
    pub fn phase(phase: &'static str, start: Instant) -> Self {
        Progress { elapsed_s: start.elapsed().as_secs_f64(), cost: f64::INFINITY, bound: f64::NEG_INFINITY, phase }
    }
}

/// The search's result, for the engine.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// A strategy for every remaining node of the presolve (others 0).
    pub decided: Vec<usize>,
    /// A lower bound on the remaining problem's optimum.
    pub bound: f64,
    /// Seconds from the solve's start to the first feasible solution.
    pub first_feasible_s: f64,
    /// Neighbourhoods solved.
    pub proposals: u64,
}

/// The relative difference below which two totals of the same costs are equal: what
/// summing them in another order can change. A gap this small is closed.
pub(crate) const ROUNDING: f64 = 1e-9;

/// True when `bound` proves `cost` optimal, or within the relative `gap` of it:
/// their difference is at most `gap` (or [`ROUNDING`], if larger) of the cost.
pub(crate) fn closes(cost: f64, bound: f64, gap: f64) -> bool {
    cost.is_finite() && cost - bound <= gap.max(ROUNDING) * cost.abs()
}

/// Where the search reports and when it must stop.
pub(crate) struct Run<'a> {
    /// The solve's start.
    pub start: Instant,
    /// When to stop.
    pub deadline: Instant,
    /// The seed of every random choice.
    pub seed: u64,
    /// Called at each phase and on improvements (at most every half second).
    pub report: &'a mut dyn FnMut(Progress),
    /// The relative gap at which to stop: the best cost minus the bound within this
    /// fraction of the best cost (0: only when proven optimal).
    pub gap: f64,
    /// Whether to stop on a stall within [`STALL_GAP`] (see [`Search::stalls`]);
    /// false: search to the deadline or the gap.
    pub stall: bool,
    /// How to find the first feasible solution (`None`: race every start when the
    /// limit binds).
    pub begin: Option<Start>,
    /// The pool of feasible solutions shared with the runs beside this one, and
    /// this run's slot in it.
    pub pool: Option<(&'a Pool, usize)>,
}

/// True once `pool` (a run's, if any) has been finished.
fn finished(pool: Option<(&Pool, usize)>) -> bool {
    pool.is_some_and(|(pool, _)| pool.finished())
}

/// Searches the remaining problem of `pre`, whose binding loads are on single nodes
/// (`portfolio.rs` folds those on pairs).
pub(crate) fn search(problem: &Problem, pre: &Presolved, run: Run<'_>) -> Option<Outcome> {
    search_core(&Core::new(problem, pre), problem.nodes.len(), pre.constant(), run)
}

/// Searches `core` (of a problem with `nodes` nodes, whose costs are the core's plus
/// `constant`); runs of one problem may share its core.
pub(crate) fn search_core(core: &Core, nodes: usize, constant: f64, run: Run<'_>) -> Option<Outcome> {
    if core.len() == 0 {
        // Presolve decided everything (it may, on a problem with loads folded).
        let decided = core.decode(&[], nodes);
        return Some(Outcome {
            decided,
            bound: 0.0,
            first_feasible_s: run.start.elapsed().as_secs_f64(),
            proposals: 0,
        });
    }
    let mut search = Search::new(core, run, constant);
    search.tie();
    if !search.begin() {
        return None;
    }
    let first_feasible_s = *search.first_feasible.get_or_insert(search.run.start.elapsed().as_secs_f64());
    let total = search.run.deadline.saturating_duration_since(search.run.start);
    // A race whose slice stalled within the gap has nothing left to do.
    if !search.stalled {
        search.bound_phase(total.mul_f64(0.05).min(BOUND_PHASE));
    }
    if !search.closed() && !search.stalled {
        let reserve = total.mul_f64(0.02).min(PHASE);
        search.improve(search.run.deadline.checked_sub(reserve).unwrap_or(search.run.deadline));
    }
    if search.closed() || search.stalled {
        search.finish_pool();
    } else {
        search.bound_phase(search.run.deadline.saturating_duration_since(Instant::now()));
    }
    search.report("done", true);
    Some(Outcome {
        decided: core.decode(&search.state.assign, nodes),
        bound: search.bound,
        first_feasible_s,
        proposals: search.proposals,
    })
}

struct Search<'c, 'r> {
    core: &'c Core,
    run: Run<'r>,
    rng: StdRng,
    state: State,
    forest: Forest,
    liveness: Liveness,
    multipliers: Multipliers,
    dual: dual::Dual,
    /// A feasible solution that may be better than `state` (kept while `state`
    /// wanders: penalized rounds, excursions).
    best: Option<State>,
    bound: f64,
    /// The multipliers of the best bound (the dual itself moves on from them).
    bound_lambda: Vec<f64>,
    /// The price of a unit of usage for one time step, for the penalties' bumps.
    price: f64,
    /// A price of usage that outweighs any cost difference (the repair's).
    memory_first: f64,
    peak_live: (usize, Vec<usize>),
    proposals: u64,
    last_report: f64,
    first_feasible: Option<f64>,
    /// Added to core costs and bounds to give the problem's.
    constant: f64,
    /// Classes of alike nodes (repeated layers), if the core repeats itself.
    classes: Option<Classes>,
    /// When the search began.
    began: Instant,
    /// At each stall check ([`Search::stalls`]): when, the best cost and the bound.
    history: Vec<(Instant, f64, f64)>,
    /// True once the search stopped because neither its plans nor its bound would
    /// close a small gap in time ([`Search::stalls`]), or another run finished the
    /// pool.
    stalled: bool,
}

impl<'c, 'r> Search<'c, 'r> {
    /// A search of `core`, whose costs and bounds plus `constant` are the problem's.
    fn new(core: &'c Core, run: Run<'r>, constant: f64) -> Self {
        let began = Instant::now();
        let mut dual = dual::Dual::new(core);
        let budget = run.deadline.saturating_duration_since(Instant::now()).mul_f64(0.05).min(PHASE);
        let stop = || finished(run.pool);
        let (bound, _) = dual::ascend(core, &mut dual, f64::INFINITY, (Instant::now() + budget, &stop), run.gap);
        let start = dual.round(core);
        Search {
            rng: StdRng::seed_from_u64(run.seed),
            state: State::new(core, start),
            forest: Forest::new(core.len()),
            liveness: Liveness::new(core),
            multipliers: Multipliers::new(core.base.len()),
            dual,
            best: None,
            bound,
            bound_lambda: vec![0.0; core.base.len()],
            price: usage_price(core),
            memory_first: memory_first(core),
            peak_live: (usize::MAX, Vec::new()),
            proposals: 0,
            last_report: f64::NEG_INFINITY,
            first_feasible: None,
            classes: None,
            began,
            history: Vec::new(),
            stalled: false,
            core,
            run,
            constant,
        }
    }

    fn report(&mut self, phase: &'static str, always: bool) {
        let elapsed_s = self.run.start.elapsed().as_secs_f64();
        if always || elapsed_s - self.last_report >= 0.5 {
            self.last_report = elapsed_s;
            let (cost, bound) = (self.best_cost() + self.constant, self.bound + self.constant);
            tracing::trace!(elapsed_s, cost, bound, phase, "progress");
            (self.run.report)(Progress { elapsed_s, cost, bound, phase });
        }
    }

    /// The cost of the best feasible solution held (infinite: none).
    fn best_cost(&self) -> f64 {
        let held = [Some(&self.state), self.best.as_ref()].into_iter().flatten();
        held.filter(|s| s.feasible(self.core)).map(|s| s.score.finite).fold(f64::INFINITY, f64::min)
    }

    /// True once the bound meets the best feasible cost (that solution is optimal:
    /// within [`ROUNDING`] of it, as sums of the same costs in another order differ)
    /// or comes within the run's relative gap of it.
    fn closed(&self) -> bool {
        let best = self.best_cost();
        best.is_finite() && closes(best + self.constant, self.bound + self.constant, self.run.gap)
    }

    /// The first feasible solution: from the run's start, or when the limit binds
    /// and no start is given, from each start in turn, each improved for a slice
    /// (at most [`RACE`] of the time), the better kept. False if none was found.
    fn begin(&mut self) -> bool {
        let starts: &[Start] = match self.run.begin {
            Some(start) => &[start],
            None if self.core.limit == i64::MAX => &[Start::Priced],
            None => &[Start::Priced, Start::Lean],
        };
        if starts.len() == 1 {
            return self.start(starts[0]);
        }
        let rounded = self.state.clone();
        // A slice scales with the problem (four times what the search took to get
        // here, at least a second) up to its share of the time.
        let share = self.run.deadline.saturating_duration_since(self.run.start).mul_f64(RACE);
        let slice = share.min((self.began.elapsed() * 4).max(Duration::from_secs(1)));
        let mut best: Option<State> = None;
        for &how in starts {
            self.state = rounded.clone();
            self.best = None;
            if !self.start(how) {
                continue;
            }
            self.improve(Instant::now() + slice);
            self.restore_best();
            tracing::debug!(?how, cost = self.state.score.finite + self.constant, "start raced");
            if best.as_ref().is_none_or(|b| self.state.score.better(&b.score)) {
                best = Some(self.state.clone());
            }
            // Within the stall gap (and where stalls may end the search): the other
            // starts could not matter enough to be worth their slices.
            if self.stalled || (self.run.stall && self.within_stall_gap()) {
                break;
            }
        }
        let Some(best) = best else { return false };
        self.state = best;
        self.best = None;
        true
    }

    /// The first feasible solution from `how`; false if none was found.
    fn start(&mut self, how: Start) -> bool {
        match how {
            Start::Priced => {
                self.free();
                self.penalize()
            }
            Start::Lean => self.lean(),
        }
    }

    /// Starts from the leanest solution: usage priced so that any usage difference
    /// outweighs any cost difference, improved until proposals stop helping. True
    /// if it fits (the state is then feasible).
    fn lean(&mut self) -> bool {
        if self.core.limit == i64::MAX {
            return false;
        }
        let steps = self.core.base.len();
        self.multipliers.set(&vec![self.memory_first; steps]);
        self.settle(Instant::now() + self.run.deadline.saturating_duration_since(Instant::now()).mul_f64(0.1));
        self.multipliers.set(&vec![0.0; steps]);
        let ok = self.state.feasible(self.core);
        if ok {
            self.keep_feasible();
        }
        ok
    }

    /// Keeps the state, feasible, as the best solution, and notes when the first
    /// feasible one came.
    fn keep_feasible(&mut self) {
        self.first_feasible.get_or_insert(self.run.start.elapsed().as_secs_f64());
        self.best = Some(self.state.clone());
        self.report("feasible", true);
    }

    /// Finds the core's repeated structure and, if it has some, solves the tied
    /// problem for a moment (a tenth of the time, [`PHASE`] at most) and starts from
    /// its tiling when that costs less than the rounding (the limit ignored).
    fn tie(&mut self) {
        let core = self.core;
        if core.len() < TIED_NODES {
            return;
        }
        let classes = Classes::of(core);
        if !classes.repeats() {
            return;
        }
        let tied = classes.tied(core);
        let budget = self.run.deadline.saturating_duration_since(Instant::now()).mul_f64(0.1).min(PHASE);
        let mut silent = |_: Progress| {};
        let run = Run { deadline: Instant::now() + budget, report: &mut silent, begin: None, pool: None, ..self.run };
        let mut sub = Search::new(&tied, run, 0.0);
        sub.free();
        let tiled = State::new(core, classes.tile(&sub.state.assign));
        tracing::debug!(
            classes = classes.len(),
            tiled = tiled.score.finite,
            rounded = self.state.score.finite,
            "tied problem"
        );
        if tiled.score.better(&self.state.score) {
            self.state = tiled;
        }
        self.classes = Some(classes);
    }

    /// Improves the start with the limit ignored (the multipliers are still zero),
    /// until proposals stop helping.
    fn free(&mut self) {
        let budget = self.run.deadline.saturating_duration_since(Instant::now()).mul_f64(0.05).min(PHASE);
        self.settle(Instant::now() + budget);
    }

    /// Penalized steps until 64 in a row keep nothing, until `until`, or until the
    /// pool is finished.
    fn settle(&mut self, until: Instant) {
        let mut stale = 0;
        while stale < 64 && Instant::now() < until && !self.told_to_stop() {
            stale = if self.penalized_step() { 0 } else { stale + 1 };
        }
    }

    /// Raises the multipliers where the usage exceeds the limit and improves the
    /// solution for costs plus usage so priced, round after round (the price
    /// quadruples each round), repairing a copy after each and keeping the best
    /// repaired one (a repaired copy counts only if it is feasible: no forbidden
    /// pair); stops when the priced solution is feasible by itself, or a quarter of
    /// the time is gone and some copy was repaired or the solution fits. False if no
    /// feasible solution was found.
    fn penalize(&mut self) -> bool {
        let core = self.core;
        let until = Instant::now() + self.run.deadline.saturating_duration_since(Instant::now()).mul_f64(0.25);
        let mut strength = 1.0;
        loop {
            let saved = self.state.clone();
            if self.repair()
                && self.state.feasible(core)
                && self.best.as_ref().is_none_or(|b| self.state.score.better(&b.score))
            {
                self.keep_feasible();
            }
            self.state = saved;
            tracing::debug!(
                strength,
                excess = self.state.profile.peak().saturating_sub(core.limit),
                forbidden = self.state.score.forbidden,
                feasible = self.best.is_some(),
                "penalize round"
            );
            let now = Instant::now();
            // After a quarter of the time a solution that fits but keeps a forbidden
            // pair ends it too: pricing usage does not remove those.
            let late = now >= until && (self.best.is_some() || self.state.fits(core));
            if self.state.feasible(core) || now >= self.run.deadline || late || self.told_to_stop() {
                break;
            }
            let usage = core.profile(&self.state.assign);
            for (t, &u) in usage.iter().enumerate() {
                if u > core.limit {
                    let excess = (u - core.limit) as f64 / core.limit as f64;
                    self.multipliers.bump(t, strength * self.price * excess);
                }
            }
            strength *= 4.0;
            let (mut stale, mut tries) = (0, 0);
            while stale < 16 && tries < 256 && Instant::now() < self.run.deadline && !self.told_to_stop() {
                tries += 1;
                stale = if self.penalized_step() { 0 } else { stale + 1 };
            }
        }
        self.restore_best();
        self.state.feasible(core)
    }

    /// One neighbourhood kept if it lowers cost plus priced usage, the limit ignored;
    /// true if kept.
    fn penalized_step(&mut self) -> bool {
        let core = self.core;
        let changes = self.propose();
        let m = self.state.price(core, changes);
        let m = self.lifted(m);
        let priced: f64 = (m.changes.iter())
            .map(|&(v, k)| {
                let price = |from, to| self.multipliers.sum(from, to);
                core.priced(v, k, price) - core.priced(v, self.state.assign[v], price)
            })
            .sum();
        let (old, new) = (&self.state.score, &m.score);
        let kept = (new.forbidden, new.finite + priced) < (old.forbidden, old.finite);
        if kept {
            self.state.apply(core, &m, false);
        }
        kept
    }

    /// `m`, or its lift to the classes of the nodes it changes (every member that
    /// takes what the changed node took moves with it) if that scores better.
    fn lifted(&mut self, m: Move) -> Move {
        let Some(classes) = &self.classes else { return m };
        if m.changes.is_empty() {
            return m;
        }
        let lifted = classes.lift(&m.changes, &self.state.assign);
        if lifted.len() <= m.changes.len() {
            return m;
        }
        let l = self.state.price(self.core, lifted);
        if l.score.better(&m.score) { l } else { m }
    }

    /// Dual ascent for `budget`, continuing from the dual's state; the search's
    /// penalties restart from the multipliers of the best bound so far.
    fn bound_phase(&mut self, budget: Duration) {
        let incumbent = self.state.score.finite;
        let deadline = Instant::now() + budget;
        let pool = self.run.pool;
        let stop = || finished(pool);
        let (value, lambda) = dual::ascend(self.core, &mut self.dual, incumbent, (deadline, &stop), self.run.gap);
        if value > self.bound {
            (self.bound, self.bound_lambda) = (value.min(incumbent), lambda);
        }
        self.multipliers.set(&self.bound_lambda);
        self.report("bound", true);
    }

    /// Feasible-mode neighbourhood search until `reserve` before the deadline.
    ///
    /// After [`STALE`] neighbourhoods without improvement it makes an excursion: a
    /// few neighbourhoods kept for cost plus priced usage with the limit ignored, then
    /// the repair; the best solution is restored if the excursion does not beat it.
    fn improve(&mut self, until: Instant) {
        let (mut stale, mut excursions) = (STALE, 1u64);
        let patience = until.saturating_duration_since(Instant::now()).mul_f64(0.02);
        let mut since = Instant::now();
        let (mut improved, mut exceeded, mut worse) = (0u64, 0u64, 0u64);
        while Instant::now() < until && !self.closed() {
            if self.told_to_stop() {
                self.stalled = true;
                break;
            }
            if stale >= STALE || since.elapsed() > patience {
                since = Instant::now();
                self.restore_best();
                self.best = Some(self.state.clone());
                excursions += 1;
                if excursions % 2 == 0 {
                    let burst = until.saturating_duration_since(Instant::now()).mul_f64(0.02);
                    self.bound_phase(burst.min(Duration::from_secs(1)));
                }
                if self.stalls() {
                    // The caller ends the pool (after a race too: see `begin`).
                    self.stalled = true;
                    self.restore_best();
                    break;
                }
                if excursions % 2 == 0 {
                    self.state = State::new(self.core, self.dual.round(self.core));
                }
                // The excursion stops at the deadline too: 200 large neighbourhoods
                // can outlast the time left.
                for _ in 0..EXCURSION {
                    if Instant::now() >= until || self.told_to_stop() {
                        break;
                    }
                    self.penalized_step();
                }
                if !self.repair() || !self.state.feasible(self.core) {
                    self.restore_best();
                }
                stale = 0;
            }
            stale += 1;
            let changes = self.propose();
            if changes.is_empty() {
                continue;
            }
            let m = self.state.price(self.core, changes);
            let m = self.lifted(m);
            if self.state.score.better(&m.score) {
                worse += 1;
                continue;
            }
            let improves = m.score.better(&self.state.score);
            improved += u64::from(improves);
            match self.state.apply(self.core, &m, true) {
                Applied::Done if improves => {
                    (stale, since) = (0, Instant::now());
                    self.report("search", false);
                }
                Applied::Done => {}
                Applied::Exceeds(t) => {
                    exceeded += 1;
                    let bump = 0.1 * self.price + 0.5 * self.multipliers.values()[t];
                    self.multipliers.bump(t, bump);
                }
            }
            if self.proposals.is_multiple_of(256) {
                self.share();
            }
            if self.proposals.is_multiple_of(4096) {
                let decayed: Vec<f64> = self.multipliers.values().iter().map(|l| l * 0.9).collect();
                self.multipliers.set(&decayed);
            }
        }
        tracing::debug!(proposals = self.proposals, excursions, improved, exceeded, worse, "improve");
        self.restore_best();
    }

    /// True once another run of the pool has finished it.
    fn told_to_stop(&self) -> bool {
        finished(self.run.pool)
    }

    /// Ends the other runs of this run's pool, if they search the same problem (the
    /// portfolio ends runs of folded problems).
    fn finish_pool(&self) {
        self.run.pool.filter(|(pool, _)| pool.shares()).inspect(|(pool, _)| pool.finish());
    }

    /// Publishes the best feasible solution held to the pool and takes up another
    /// run's if it is better.
    fn share(&mut self) {
        let Some((pool, slot)) = self.run.pool.filter(|(pool, _)| pool.shares()) else { return };
        let core = self.core;
        let held = [Some(&self.state), self.best.as_ref()].into_iter().flatten().filter(|s| s.feasible(core));
        let Some(mine) = held.fold(None, |b: Option<&State>, s| match b {
            Some(b) if !s.score.better(&b.score) => Some(b),
            _ => Some(s),
        }) else {
            return;
        };
        pool.publish(slot, mine.score, &mine.assign);
        if let Some((score, assign)) = pool.best_except(slot).filter(|(score, _)| score.better(&mine.score)) {
            tracing::debug!(slot, from = mine.score.finite, to = score.finite, "taken up from the pool");
            self.state = State::new(core, assign.to_vec());
            self.best = Some(self.state.clone());
        }
    }

    /// True when the gap is within [`STALL_GAP`] and going on would not close it:
    /// the best cost has not improved over the last quarter of the time since the
    /// first feasible solution, and at the pace the bound rose over it, closing the
    /// gap would take longer than the search has run. Records the best cost and
    /// bound of this moment.
    fn stalls(&mut self) -> bool {
        let now = Instant::now();
        let (best, bound) = (self.best_cost() + self.constant, self.bound + self.constant);
        self.history.push((now, best, bound));
        let elapsed = now.saturating_duration_since(self.run.start);
        if !self.run.stall || !self.within_stall_gap() || elapsed < STALL_AFTER {
            return false;
        }
        // The plans' progress is judged over the time spent improving them.
        let improving = elapsed.saturating_sub(Duration::from_secs_f64(self.first_feasible.unwrap_or(0.0)));
        let window = now.checked_sub(improving / 4).unwrap_or(now);
        let Some(&(then, old_best, old_bound)) = self.history.iter().rev().find(|(t, _, _)| *t <= window) else {
            return false;
        };
        if old_best > best {
            return false;
        }
        let rate = (bound - old_bound) / now.saturating_duration_since(then).as_secs_f64().max(1e-9);
        let stalled = rate <= 0.0 || (best - bound) / rate > elapsed.as_secs_f64();
        if stalled {
            tracing::debug!(best, bound, rate, "stalled within the gap");
        }
        stalled
    }

    /// True when the best feasible cost is within [`STALL_GAP`] of the bound.
    fn within_stall_gap(&self) -> bool {
        let (best, bound) = (self.best_cost() + self.constant, self.bound + self.constant);
        best.is_finite() && best - bound <= STALL_GAP * best.abs()
    }

    /// Takes `best` back as the state if it is better or the state is not feasible.
    fn restore_best(&mut self) {
        if let Some(best) =
            self.best.take().filter(|b| b.score.better(&self.state.score) || !self.state.feasible(self.core))
        {
            self.state = best;
        }
    }

    /// Grows a random induced tree and solves it for costs plus usage priced by the
    /// multipliers; returns the nodes whose strategy it changes.
    fn propose(&mut self) -> Vec<(usize, usize)> {
        self.proposals += 1;
        let core = self.core;
        let root = if self.rng.random_bool(0.5) && self.state.profile.peak() > i64::MIN {
            let t = self.state.profile.argmax();
            if self.peak_live.0 != t {
                self.peak_live = (t, self.liveness.live(t).collect());
            }
            let live = &self.peak_live.1;
            if live.is_empty() {
                self.rng.random_range(0..core.len())
            } else {
                live[self.rng.random_range(0..live.len())]
            }
        } else {
            self.rng.random_range(0..core.len())
        };
        let cap = 1usize << self.rng.random_range(1..=11);
        self.forest.clear();
        self.forest.grow_induced(core, root, cap, &mut self.rng);
        let multipliers = &self.multipliers;
        let unary = |v: usize, row: &mut Vec<f64>| core.priced_row(v, |from, to| multipliers.sum(from, to), row);
        let assign = &self.state.assign;
        let closing = if self.rng.random_bool(0.5) { self.forest.closing(core, &mut self.rng) } else { None };
        let Some(w) = closing else {
            self.forest.solve(core, &unary, &|u| assign[u]);
            return self.changes();
        };
        // Condition on each strategy of `w`, which closes cycles through the tree.
        let best_k = self.forest.solve_closing(core, &unary, &|u| assign[u], w);
        let mut changes = self.changes();
        if best_k != assign[w] {
            changes.push((w, best_k));
        }
        changes
    }

    /// The members whose strategy the last forest solve changes.
    fn changes(&self) -> Vec<(usize, usize)> {
        (self.forest.order.iter().zip(&self.forest.chosen))
            .filter(|(m, k)| self.state.assign[m.node] != **k)
            .map(|(m, &k)| (m.node, k))
            .collect()
    }
}

/// The median, over usage segments that vary, of their node's cost spread per unit
/// of usage spread per time step live: what a unit of usage is worth at one step.
fn usage_price(core: &Core) -> f64 {
    let mut rates: Vec<f64> = (0..core.len())
        .flat_map(|v| {
            let (clo, chi) = spread(core.cost[v].iter().copied());
            core.segments[v].iter().filter_map(move |s| {
                let (lo, hi) = spread(s.usage.iter().map(|&u| u as f64));
                let steps = (s.interval.1 - s.interval.0).max(1) as f64;
                (hi > lo && chi > clo).then(|| (chi - clo) / (hi - lo) / steps)
            })
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates.get(rates.len() / 2).copied().unwrap_or(1.0)
}

/// A price per unit of usage at which any usage difference outweighs any cost
/// difference: the largest cost spread over the smallest nonzero usage step, times a
/// thousand.
fn memory_first(core: &Core) -> f64 {
    let (mut cost, mut usage) = (0.0f64, f64::INFINITY);
    for v in 0..core.len() {
        let (lo, hi) = spread(core.cost[v].iter().copied());
        cost = cost.max(hi - lo);
        for s in &core.segments[v] {
            for (a, b) in s.usage.iter().zip(s.usage.iter().skip(1)) {
                if a != b {
                    usage = usage.min((a - b).abs() as f64);
                }
            }
        }
    }
    if usage.is_finite() { 1e3 * cost.max(1.0) / usage } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::closes;

    #[test]
    fn a_bound_equal_up_to_rounding_closes_the_search() {
        // The same three costs summed in two orders: 1.0 and 0.9999999999999999.
        let (cost, bound) = (0.1 + 0.2 + 0.7, 0.7 + 0.2 + 0.1);
        assert!(cost > bound);
        assert!(closes(cost, bound, 0.0));
        assert!(!closes(1.001, 1.0, 0.0));
        assert!(closes(1.001, 1.0, 0.01));
    }
}
