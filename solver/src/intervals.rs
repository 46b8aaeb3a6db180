//! Amounts added over intervals of time steps and summed per step: a difference
//! array, so each interval costs O(1) and the sums one pass, where adding over every
//! step of every interval costs O(values × steps). Memory usage over the program's
//! order is summed this way (a plan's usage, the most every node may use, a
//! budget's smallest need, presolve's constant base).
//!
//! Invariants: amounts are non-negative; each step's sum saturates at `u64::MAX`.

/// Sums per time step of amounts added over half-open intervals.
#[derive(Debug, Clone)]
pub(crate) struct IntervalSums {
    delta: Vec<i128>,
}

impl IntervalSums {
    /// No amounts over `horizon` steps.
    pub fn new(horizon: usize) -> Self {
        IntervalSums { delta: vec![0; horizon + 1] }
    }

    /// Adds `amount` at every step of `[from, to)` (nothing when it is empty).
    pub fn add(&mut self, (from, to): (usize, usize), amount: u64) {
        if from < to {
            self.delta[from] += i128::from(amount);
            self.delta[to] -= i128::from(amount);
        }
    }

    /// The sum at each step, in order.
    pub fn sums(&self) -> impl Iterator<Item = u64> + '_ {
        self.delta[..self.delta.len() - 1].iter().scan(0i128, |running, d| {
            *running += d;
            Some(u64::try_from(*running).unwrap_or(u64::MAX))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_those_of_adding_at_every_step() {
        let intervals = [((0, 3), 5), ((2, 6), 7), ((4, 4), 9), ((5, 6), u64::MAX)];
        let mut sums = IntervalSums::new(6);
        let mut naive = [0u64; 6];
        for ((from, to), amount) in intervals {
            sums.add((from, to), amount);
            naive[from..to].iter_mut().for_each(|n| *n = n.saturating_add(amount));
        }
        assert_eq!(sums.sums().collect::<Vec<_>>(), naive);
    }
}
