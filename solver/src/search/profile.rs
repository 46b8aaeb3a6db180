//! The usage profile of the current solution: usage per time step with range
//! updates and range maxima in `O(log T)` (a segment tree with lazy additions), and
//! the Lagrangian multipliers per time step with interval sums (a Fenwick tree).
//!
//! Invariants: `Profile::peak` is the exact maximum of the values added so far; `Multipliers` are never negative.

/// Usage per time step under range additions.
#[derive(Debug, Clone)]
pub(crate) struct Profile {
    size: usize,
    max: Vec<i64>,
    lazy: Vec<i64>,
}

impl Profile {
    /// A profile holding `values`.
    pub fn new(values: &[i64]) -> Self {
        let size = values.len().max(1).next_power_of_two();
        let mut max = vec![i64::MIN; 2 * size];
        max[size..size + values.len()].copy_from_slice(values);
        for i in (1..size).rev() {
            max[i] = max[2 * i].max(max[2 * i + 1]);
        }
        Profile { size, max, lazy: vec![0; 2 * size] }
    }

    /// Adds `delta` at every step of `[from, to)`.
    pub fn add(&mut self, from: usize, to: usize, delta: i64) {
        if from < to && delta != 0 {
            self.update(1, 0, self.size, from, to, delta);
        }
    }

    fn update(&mut self, node: usize, lo: usize, hi: usize, from: usize, to: usize, delta: i64) {
        if to <= lo || hi <= from {
            return;
        }
        if from <= lo && hi <= to {
            self.max[node] = self.max[node].saturating_add(delta);
            self.lazy[node] += delta;
            return;
        }
        let mid = (lo + hi) / 2;
        self.update(2 * node, lo, mid, from, to, delta);
        self.update(2 * node + 1, mid, hi, from, to, delta);
        self.max[node] = self.max[2 * node].max(self.max[2 * node + 1]).saturating_add(self.lazy[node]);
    }

    /// The largest value anywhere.
    pub fn peak(&self) -> i64 {
        self.max[1]
    }

    /// The value at step `t`.
    pub fn at(&self, t: usize) -> i64 {
        let (mut node, mut value) = (t + self.size, 0);
        value += self.max[node];
        while node > 1 {
            node /= 2;
            value += self.lazy[node];
        }
        value
    }

    /// The first time step holding the peak.
    pub fn argmax(&self) -> usize {
        let (mut node, mut target) = (1, self.max[1]);
        while node < self.size {
            target -= self.lazy[node];
            node = if self.max[2 * node] == target { 2 * node } else { 2 * node + 1 };
        }
        node - self.size
    }
}

/// Non-negative multipliers per time step with interval sums.
#[derive(Debug, Clone)]
pub(crate) struct Multipliers {
    values: Vec<f64>,
    tree: Vec<f64>,
}

impl Multipliers {
    /// All zero over `steps` time steps.
    pub fn new(steps: usize) -> Self {
        Multipliers { values: vec![0.0; steps], tree: vec![0.0; steps + 1] }
    }

    /// The multiplier of every step.
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// Replaces every multiplier (negative ones become zero).
    pub fn set(&mut self, values: &[f64]) {
        self.values = values.iter().map(|v| v.max(0.0)).collect();
        self.tree = vec![0.0; self.values.len() + 1];
        self.tree[1..].copy_from_slice(&self.values);
        for i in 1..self.tree.len() {
            let parent = i + (i & i.wrapping_neg());
            if parent < self.tree.len() {
                self.tree[parent] += self.tree[i];
            }
        }
    }

    /// Adds `x` to step `t`'s multiplier.
    pub fn bump(&mut self, t: usize, x: f64) {
        self.values[t] += x;
        let mut i = t + 1;
        while i < self.tree.len() {
            self.tree[i] += x;
            i += i & i.wrapping_neg();
        }
    }

    fn prefix(&self, mut i: usize) -> f64 {
        let mut sum = 0.0;
        while i > 0 {
            sum += self.tree[i];
            i -= i & i.wrapping_neg();
        }
        sum
    }

    /// The sum of the multipliers over `[from, to)`.
    pub fn sum(&self, from: usize, to: usize) -> f64 {
        if from >= to { 0.0 } else { (self.prefix(to) - self.prefix(from)).max(0.0) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_profile_matches_a_plain_array(
            values in prop::collection::vec(-50i64..50, 1..40),
            updates in prop::collection::vec((0usize..40, 0usize..40, -20i64..20), 0..30),
        ) {
            let mut plain = values.clone();
            let mut profile = Profile::new(&values);
            let n = values.len();
            for (a, b, d) in updates {
                let (x, y) = (a % n, b % n);
                let (from, to) = (x.min(y), x.max(y) + 1);
                profile.add(from, to, d);
                plain[from..to].iter_mut().for_each(|x| *x += d);
                let peak = *plain.iter().max().unwrap();
                prop_assert_eq!(profile.peak(), peak);
                prop_assert_eq!(plain[profile.argmax()], peak);
                prop_assert_eq!(profile.at(from), plain[from]);
            }
        }

        #[test]
        fn multiplier_sums_match_a_plain_array(
            values in prop::collection::vec(0.0f64..10.0, 1..40),
            bumps in prop::collection::vec((0usize..40, 0.0f64..5.0), 0..20),
            from in 0usize..40, to in 0usize..41,
        ) {
            let mut m = Multipliers::new(values.len());
            m.set(&values);
            let mut plain = values.clone();
            for (t, x) in bumps {
                let t = t % values.len();
                m.bump(t, x);
                plain[t] += x;
            }
            let (from, to) = (from.min(values.len()), to.min(values.len()));
            let expected: f64 = if from < to { plain[from..to].iter().sum() } else { 0.0 };
            prop_assert!((m.sum(from, to) - expected).abs() < 1e-6);
        }
    }
}
