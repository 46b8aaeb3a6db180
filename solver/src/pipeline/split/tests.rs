//! The split search against brute force on small random chains.

use super::*;
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
                if let (Some((split, bound)), Some(expected)) = (got, expected) {
                    assert!((split.timeline.step.0 - expected).abs() < 1e-9, "{shape:?}");
                    assert!(bound.0 <= expected + 1e-9, "bound {} above the optimum {expected}", bound.0);
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
    let (split, bound) = best_split(&Equal, 96, shape).unwrap();
    assert_eq!(split.bounds, (0..=8).map(|k| 12 * k).collect::<Vec<_>>());
    // (M + S − 1) × 36 per stage.
    assert!((split.timeline.step.0 - 23.0 * 36.0).abs() < 1e-9);
    // The bound counts, for the busiest stage, its 16 microbatches and the stages
    // one microbatch must pass before it: over every split (a shorter last stage
    // lowers it), 738 of the 828.
    assert!(bound.0 <= split.timeline.step.0 + 1e-9);
    assert!((bound.0 - 738.0).abs() < 1e-6, "{}", bound.0);
}
