//! Checking a sharded run against the reference: seeded inputs, the error of every
//! output and the tolerance.
//!
//! An output's relative error is its largest absolute difference divided by the
//! largest magnitude of the reference output (a norm-wise error: element-wise
//! ratios explode near zero), or by [`MAGNITUDE_FLOOR`] if that is larger: an
//! output smaller than that is what is left of values of order one after they
//! cancel (the sum of a layer norm's row), and its error is their rounding. A
//! sharded run sums in a different order than the reference, so the tolerance,
//! 1e-4, grows linearly with the longest reduction of the program beyond 1,024
//! terms; a reduction in a loop counts its terms once per iteration (each
//! iteration's rounding feeds the next). Two NaNs or two equal infinities agree.

use crate::error::Result;
use crate::reference::{Interpretation, interpret};
use crate::schedule::Schedule;
use crate::sharded::{Limits, ShardedRun, run};
use crate::tensor::{Tensor, unflatten};
use autoshard_model::rules::sharding_rule;
use autoshard_model::{FactorKind, Program};

/// The relative error a run may have when no reduction is longer than 1,024 terms.
pub const TOLERANCE: f64 = 1e-4;

/// The smallest magnitude an output's error is taken relative to. The seeded inputs
/// are of order one, so f32 rounding leaves absolute errors of 1e-7 to 1e-6 in
/// what they compute (short sums of such values); an output that cancels to below
/// this keeps those errors, which the tolerance then bounds at 1e-6 (a real
/// mismatch is far larger).
pub const MAGNITUDE_FLOOR: f64 = 1e-2;

/// How one output compares.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputCheck {
    /// The output's value name.
    pub name: String,
    /// The largest absolute difference.
    pub max_abs_error: f64,
    /// That difference relative to the reference's largest magnitude.
    pub max_rel_error: f64,
    /// Where the largest difference is, with the reference's and the run's values.
    pub worst: Option<(Vec<usize>, f32, f32)>,
}

/// How a run compares with the reference.
#[derive(Debug, Clone, PartialEq)]
pub struct Verification {
    /// True when every output is within the tolerance.
    pub passed: bool,
    /// The relative tolerance applied.
    pub tolerance: f64,
    /// The largest absolute error over the outputs.
    pub max_abs_error: f64,
    /// The largest relative error over the outputs.
    pub max_rel_error: f64,
    /// Every output, in order.
    pub outputs: Vec<OutputCheck>,
}

/// One seeded random tensor per program input (input `k` uses `seed + k`).
pub fn random_inputs(program: &Program, seed: u64) -> Vec<Tensor> {
    program
        .inputs()
        .iter()
        .enumerate()
        .map(|(k, input)| Tensor::random(&program.value(input.value).ty, seed.wrapping_add(k as u64)))
        .collect()
}

/// The relative tolerance of `program`: [`TOLERANCE`], scaled by the longest
/// reduction beyond 1,024 terms (a reduction in a loop: its terms times the trip
/// count).
pub fn tolerance(program: &Program) -> f64 {
    let repeats = program.repeats();
    let longest = program
        .op_ids()
        .filter_map(|id| sharding_rule(program, id).map(|rule| (id, rule)))
        .map(|(id, rule)| {
            let terms: f64 = rule
                .factors()
                .filter(|&f| rule.kind(f) == FactorKind::Reduction)
                .map(|f| rule.factor_size(f).max(1) as f64)
                .product();
            terms * repeats[id.index()] as f64
        })
        .fold(1.0, f64::max);
    TOLERANCE * (longest / 1024.0).max(1.0)
}

impl Interpretation {
    /// Compares `actual` (a run's outputs of `program`) with this evaluation's
    /// outputs, output by output ([`compare_outputs`]).
    pub fn compare(&self, program: &Program, actual: &[Tensor]) -> Verification {
        let expected: Vec<&Tensor> = self.outputs(program).into_iter().flatten().collect();
        compare_outputs(program, &expected, actual)
    }
}

/// Runs `schedule` (lowered from `program`) within `limits` on inputs drawn from
/// `seed` ([`random_inputs`]), and the reference on the same inputs: the sharded run
/// and how its outputs compare with the reference's.
pub fn run_and_compare(
    program: &Program,
    schedule: &Schedule,
    seed: u64,
    limits: Limits,
) -> Result<(ShardedRun, Verification)> {
    let inputs = random_inputs(program, seed);
    let reference = interpret(program, &inputs)?;
    let sharded = run(program, schedule, &inputs, limits)?;
    let verification = reference.compare(program, &sharded.outputs);
    Ok((sharded, verification))
}

/// Compares `actual` with `expected`, output by output.
pub fn compare_outputs(program: &Program, expected: &[&Tensor], actual: &[Tensor]) -> Verification {
    let tolerance = tolerance(program);
    let outputs: Vec<OutputCheck> = program
        .outputs()
        .iter()
        .zip(expected.iter().zip(actual))
        .map(|(output, (e, a))| compare(&program.value(output.value).name, e, a))
        .collect();
    let max_abs_error = outputs.iter().map(|o| o.max_abs_error).fold(0.0, f64::max);
    let max_rel_error = outputs.iter().map(|o| o.max_rel_error).fold(0.0, f64::max);
    let passed = outputs.len() == program.outputs().len() && outputs.iter().all(|o| o.max_rel_error <= tolerance);
    Verification { passed, tolerance, max_abs_error, max_rel_error, outputs }
}

fn compare(name: &str, expected: &Tensor, actual: &Tensor) -> OutputCheck {
    if expected.shape() != actual.shape() {
        return OutputCheck {
            name: name.to_string(),
            max_abs_error: f64::INFINITY,
            max_rel_error: f64::INFINITY,
            worst: None,
        };
    }
    let scale = expected.data().iter().filter(|x| x.is_finite()).fold(0.0f64, |m, &x| m.max(f64::from(x.abs())));
    let (mut worst, mut max_abs) = (None, 0.0f64);
    for (k, (&e, &a)) in expected.data().iter().zip(actual.data()).enumerate() {
        let same = e == a || (e.is_nan() && a.is_nan());
        let error = if same { 0.0 } else { (f64::from(e) - f64::from(a)).abs() };
        let error = if error.is_nan() { f64::INFINITY } else { error };
        if error > max_abs || (worst.is_none() && error > 0.0) {
            max_abs = error;
            worst = Some((k, e, a));
        }
    }
    let max_rel = if max_abs == 0.0 { 0.0 } else { max_abs / scale.max(MAGNITUDE_FLOOR) };
    let worst = worst.map(|(k, e, a)| (unflatten(k, expected.shape()), e, a));
    OutputCheck { name: name.to_string(), max_abs_error: max_abs, max_rel_error: max_rel, worst }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_relative_to_the_largest_magnitude() {
        let e = Tensor::from_vec(&[3], vec![100.0, 0.0, f32::NAN]).unwrap();
        let a = Tensor::from_vec(&[3], vec![100.0, 0.01, f32::NAN]).unwrap();
        let check = compare("y", &e, &a);
        assert!((check.max_rel_error - 1e-4).abs() < 1e-9);
        assert_eq!(check.worst, Some((vec![1], 0.0, 0.01)));
        let b = Tensor::from_vec(&[3], vec![100.0, 0.0, 1.0]).unwrap();
        assert_eq!(compare("y", &e, &b).max_abs_error, f64::INFINITY);
    }

    #[test]
    fn an_output_that_cancels_is_held_to_the_rounding_of_its_terms() {
        // The row sums of a layer norm, reference and sharded run, in the two cases
        // run_props found.
        let e = Tensor::from_vec(&[1], vec![-2.0861626e-7]).unwrap();
        let a = Tensor::from_vec(&[1], vec![-1.7881393e-7]).unwrap();
        assert!(compare("v6", &e, &a).max_rel_error <= TOLERANCE);
        let b = Tensor::from_vec(&[1], vec![-2.9802322e-8]).unwrap();
        assert!(compare("v6", &a, &b).max_rel_error <= TOLERANCE);
        assert!(compare("v6", &e, &b).max_rel_error <= TOLERANCE);
        // A real mismatch of a small output still fails.
        let wrong = Tensor::from_vec(&[1], vec![2.0e-4]).unwrap();
        assert!(compare("v6", &e, &wrong).max_rel_error > TOLERANCE);
    }
}
