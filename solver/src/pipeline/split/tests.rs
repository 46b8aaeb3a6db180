//! The split search against brute force on small random chains.

use super::*;
use autoshard_model::pipeline::{Makespan, TaskGraph};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Random per-unit costs, per mesh speed; a stage costs the sum of its units on
/// its mesh; stages over `memory` units do not fit.
struct Random {
    unit: Vec<(f64, f64, f64)>,
    speed: Vec<f64>,
    /// The meshes the shape being searched uses: stage k runs on mesh k mod used.
    used: usize,
    hops: Vec<f64>,
    memory: usize,
}

impl SplitCosts for Random {
    fn stage(&self, first: usize, end: usize, stage: usize) -> Option<StageCost> {
        if end - first > self.memory {
            return None;
        }
        let s = self.speed[stage % self.used];
        let sum = |f: fn(&(f64, f64, f64)) -> f64| Seconds(self.unit[first..end].iter().map(f).sum::<f64>() / s);
        Some(StageCost { forward: sum(|u| u.0), backward: sum(|u| u.1), update: sum(|u| u.2) })
    }
    fn hop(&self, unit: usize) -> Seconds {
        Seconds(self.hops[unit])
    }
}

fn random(rng: &mut StdRng, units: usize, meshes: usize) -> Random {
    Random {
        unit: (0..units)
            .map(|_| {
                let f = rng.random_range(0.5..3.0);
                (f, 2.0 * f * rng.random_range(0.8..1.2), rng.random_range(0.0..0.5))
            })
            .collect(),
        speed: (0..meshes).map(|_| rng.random_range(0.5..2.0)).collect(),
        used: meshes,
        hops: (0..units).map(|_| rng.random_range(0.0..0.3)).collect(),
        memory: rng.random_range((units / meshes + 1).min(units)..=units),
    }
}

/// Every split, simulated: the least step.
fn brute_force(costs: &dyn SplitCosts, units: usize, shape: Shape) -> Option<f64> {
    fn go(costs: &dyn SplitCosts, units: usize, shape: Shape, bounds: &mut Vec<usize>, best: &mut Option<f64>) {
        let stages = shape.stages();
        if bounds.len() == stages {
            bounds.push(units);
            if let Some(split) = simulate(costs, shape, bounds) {
                let step = split.timeline.step.0;
                *best = Some(best.map_or(step, |b: f64| b.min(step)));
            }
            bounds.pop();
            return;
        }
        let last = *bounds.last().unwrap_or(&0);
        for next in last + 1..=units - (stages - bounds.len()) {
            bounds.push(next);
            go(costs, units, shape, bounds, best);
            bounds.pop();
        }
    }
    let mut best = None;
    go(costs, units, shape, &mut vec![0], &mut best);
    best
}

#[test]
fn the_search_finds_the_brute_force_optimum_of_small_chains() {
    let mut rng = StdRng::seed_from_u64(29);
    let mut compared = 0;
    for _ in 0..40 {
        let units = rng.random_range(2..9);
        let meshes = rng.random_range(1..4usize).min(units);
        let mut costs = random(&mut rng, units, meshes);
        for schedule in Schedule::ALL {
            for used in 1..=meshes {
                costs.used = used;
                let rounds = if schedule == Schedule::Circular { 2 } else { 1 };
                let shape = Shape { schedule, meshes: used, rounds, microbatches: rng.random_range(1..9) };
                let expected = if shape.stages() <= units { brute_force(&costs, units, shape) } else { None };
                let got = best_split(&costs, units, shape);
                assert_eq!(got.is_some(), expected.is_some(), "{shape:?}");
                if let (Some(found), Some(expected)) = (got, expected) {
                    assert!((found.split.timeline.step.0 - expected).abs() < 1e-9, "{shape:?}");
                    assert!(found.bound.0 <= expected + 1e-9, "bound {} above the optimum {expected}", found.bound.0);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

#[test]
fn the_flow_shop_split_is_exact_for_its_figure() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..30 {
        let units = rng.random_range(3..10);
        let costs = random(&mut rng, units, 3);
        let shape = Shape { schedule: Schedule::OneFOneB, meshes: 3.min(units), rounds: 1, microbatches: 6 };
        let figure = |bounds: &[usize]| {
            let w: Vec<f64> = (0..bounds.len() - 1)
                .map(|k| weight(&costs, shape, bounds[k], bounds[k + 1], k, units))
                .collect::<Option<_>>()?;
            Some(w.iter().sum::<f64>() + 5.0 * w.iter().copied().fold(0.0, f64::max))
        };
        let mut best = f64::INFINITY;
        let s = shape.stages();
        let mut bounds: Vec<usize> = (0..s).chain([units]).collect();
        loop {
            if let Some(v) = figure(&bounds) {
                best = best.min(v);
            }
            let mut k = s - 1;
            while k > 0 && bounds[k] >= units - (s - k) {
                k -= 1;
            }
            if k == 0 {
                break;
            }
            bounds[k] += 1;
            for j in k + 1..s {
                bounds[j] = bounds[j - 1] + 1;
            }
        }
        let split = flow_shop_split(&costs, units, shape);
        match split {
            Some(split) => assert!((figure(&split.bounds).unwrap() - best).abs() < 1e-9),
            None => assert!(best.is_infinite()),
        }
    }
}

#[test]
fn long_chains_are_split_evenly_when_units_are_equal() {
    struct Equal;
    impl SplitCosts for Equal {
        fn stage(&self, first: usize, end: usize, _: usize) -> Option<StageCost> {
            let n = (end - first) as f64;
            Some(StageCost { forward: Seconds(n), backward: Seconds(2.0 * n), update: Seconds(0.0) })
        }
        fn hop(&self, _: usize) -> Seconds {
            Seconds(0.0)
        }
    }
    let shape = Shape { schedule: Schedule::OneFOneB, meshes: 8, rounds: 1, microbatches: 16 };
    let found = best_split(&Equal, 96, shape).unwrap();
    let (split, bound) = (found.split, found.bound);
    assert_eq!(split.bounds, (0..=8).map(|k| 12 * k).collect::<Vec<_>>());
    // (M + S − 1) × 36 per stage.
    assert!((split.timeline.step.0 - 23.0 * 36.0).abs() < 1e-9);
    // The busiest stage with the stages one microbatch must pass before it bounds
    // every split by 738 (a shorter last stage lowers it); the paths of the task
    // graph bound it more tightly, up to the step itself when the search is proven.
    assert!(bound.0 >= 738.0 - 1e-6 && bound.0 <= split.timeline.step.0 + 1e-9, "{}", bound.0);
    assert!(!found.proven || (bound.0 - 828.0).abs() < 1e-6, "{}", bound.0);
}

/// The chain's last unit is a head without a backward (its forward computes the
/// loss's gradient), as in every real pipeline, so a stage of the head alone has
/// none either.
fn with_head(mut costs: Random) -> Random {
    if let Some(last) = costs.unit.last_mut() {
        last.1 = 0.0;
    }
    costs
}

/// The graph the branch and bound builds per pattern of stages without a backward
/// times a split as `simulate_stages` does, and its critical path prices at the step.
#[test]
fn the_task_graph_is_the_simulation() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..200 {
        let schedule = Schedule::ALL[rng.random_range(0..3)];
        let meshes = rng.random_range(1..5usize);
        let rounds = if schedule == Schedule::Circular { rng.random_range(1..4usize) } else { 1 };
        let shape = Shape { schedule, meshes, rounds, microbatches: rng.random_range(1..7) };
        let stages: Vec<StageCost> = (0..shape.stages())
            .map(|_| {
                let b = if rng.random_range(0..4) == 0 { 0.0 } else { rng.random_range(0.1..3.0) };
                StageCost {
                    forward: Seconds(rng.random_range(0.1..2.0)),
                    backward: Seconds(b),
                    update: Seconds(rng.random_range(0.0..1.0)),
                }
            })
            .collect();
        let hops: Vec<f64> = (1..shape.stages()).map(|_| rng.random_range(0.0..0.5)).collect();
        let seconds: Vec<Seconds> = hops.iter().map(|&h| Seconds(h)).collect();
        let simulated = simulate_stages(&stages, &seconds, shape).expect("the schedules do not deadlock");
        let pattern: Vec<bool> = stages.iter().map(StageCost::has_no_backward).collect();
        let (m, r) = (meshes as u32, rounds as u32);
        let graph = TaskGraph::of_schedule(schedule, m, shape.microbatches, r, &pattern).unwrap();
        let mut makespan = Makespan::default();
        graph.evaluate(&stages, &seconds, &mut makespan);
        let (step, path) = (makespan.step().0, makespan.critical_path());
        assert!((step - simulated.step.0).abs() < 1e-9, "{shape:?}: {step} vs {}", simulated.step.0);
        // The critical path's counts price it at the step.
        let priced: f64 = (0..stages.len())
            .map(|k| {
                let c = &stages[k];
                f64::from(path.forward[k]) * c.forward.0
                    + f64::from(path.backward[k]) * c.backward.0
                    + f64::from(path.update[k]) * c.update.0
                    + path.hops.get(k).map_or(0.0, |&n| f64::from(n) * hops[k])
            })
            .sum();
        assert!((priced - step).abs() < 1e-9, "{shape:?}: the path prices at {priced}, the step is {step}");
    }
}

/// The branch and bound against brute force on chains of up to 11 units: proven,
/// it finds the least step; its bound is below it; under a cutoff below the
/// optimum it proves no split beats the cutoff.
#[test]
fn branch_and_bound_finds_the_brute_force_optimum() {
    let mut rng = StdRng::seed_from_u64(31);
    let mut compared = 0;
    for _ in 0..60 {
        let units = rng.random_range(4..12);
        let meshes = rng.random_range(1..4usize).min(units);
        let mut costs = with_head(random(&mut rng, units, meshes));
        for schedule in Schedule::ALL {
            costs.used = meshes;
            let rounds = if schedule == Schedule::Circular { 2 } else { 1 };
            let shape = Shape { schedule, meshes, rounds, microbatches: rng.random_range(1..7) };
            let expected = if shape.stages() <= units { brute_force(&costs, units, shape) } else { None };
            let found = branch::search(&costs, units, shape, None, f64::INFINITY, 10_000_000);
            assert_eq!(found.is_some(), expected.is_some(), "{shape:?}");
            let (Some(found), Some(expected)) = (found, expected) else { continue };
            assert!(found.proven, "{shape:?}");
            assert!((found.step - expected).abs() < 1e-9 * expected, "{shape:?}: {} vs {expected}", found.step);
            assert!((found.bound - expected).abs() < 1e-9 * expected, "{shape:?}: bound {}", found.bound);
            let below = expected * 0.97;
            let cut = branch::search(&costs, units, shape, None, below, 10_000_000).unwrap();
            assert!(cut.proven && cut.step >= expected - 1e-9, "{shape:?}");
            assert!(cut.bound <= expected + 1e-9 && cut.bound >= below - 1e-9, "{shape:?}: {}", cut.bound);
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared}");
}
