//! Shardy's constructs as ops: `sharding_constraint`, `reshard`,
//! `propagation_barrier`, `named_computation`, `manual_computation`, StableHLO's
//! `while` loop and `case`/`if` branches, and the sources `constant` and `iota`.
//!
//! The region ops' result types come from their bodies; the program builder derives
//! them (see `ir/builder.rs`), so only the body-free constructs infer here.

use super::{Operand, check_dims, check_shape};
use crate::axis::AxisRef;
use crate::ir::TensorType;
use crate::sharding::TensorSharding;

/// The direction information may cross a propagation barrier in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PropagationDirection {
    /// Nothing crosses: both sides are decided independently and joined by a reshard.
    None,
    /// From operand to result only.
    Forward,
    /// From result to operand only.
    Backward,
}

impl PropagationDirection {
    /// Shardy's spelling: `NONE`, `FORWARD`, `BACKWARD`.
    pub fn name(self) -> &'static str {
        match self {
            PropagationDirection::None => "NONE",
            PropagationDirection::Forward => "FORWARD",
            PropagationDirection::Backward => "BACKWARD",
        }
    }

    /// Every allowed direction.
    pub const ALL: [PropagationDirection; 3] =
        [PropagationDirection::None, PropagationDirection::Forward, PropagationDirection::Backward];
}

/// A named region, solved as if inlined; its name survives into the plan.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NamedComputation {
    /// The region's name.
    pub label: String,
    /// Optional shardings of the region's arguments.
    pub in_shardings: Option<Vec<TensorSharding>>,
    /// Optional shardings of the region's results.
    pub out_shardings: Option<Vec<TensorSharding>>,
}

/// A region whose body works on per-device shapes along `manual_axes`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ManualComputation {
    /// Axes the body is manual along.
    pub manual_axes: Vec<String>,
    /// Shardings of the operands; their manual axes fix the body's argument shapes.
    pub in_shardings: Vec<TensorSharding>,
    /// Shardings of the results; their manual axes fix the result shapes.
    pub out_shardings: Vec<TensorSharding>,
}

impl ManualComputation {
    /// `sharding` without the manual axes: what the body sees of it.
    pub fn local(&self, sharding: &TensorSharding) -> TensorSharding {
        let keep = |axes: &Vec<AxisRef>| axes.iter().filter(|a| !self.manual_axes.contains(&a.name)).cloned().collect();
        let mut out = sharding.clone();
        for dim in &mut out.dims {
            let kept: Vec<AxisRef> = keep(&dim.axes);
            if kept != dim.axes {
                dim.offsets = None;
            }
            dim.axes = kept;
        }
        out.replicated = keep(&out.replicated);
        out.unreduced = keep(&out.unreduced);
        out
    }

    /// The global sharding whose body-side view is `local`: `global`'s manual axes
    /// (major-most, as an in/out sharding fixes them) followed by `local`'s free axes
    /// in each dimension.
    pub fn global(&self, global: &TensorSharding, local: &TensorSharding) -> TensorSharding {
        let mut out = global.closed();
        for (dim, free) in out.dims.iter_mut().zip(&local.dims) {
            dim.axes.retain(|a| self.manual_axes.contains(&a.name));
            dim.axes.extend(free.axes.iter().cloned());
        }
        out.replicated.clear();
        out
    }

    /// How result `index` reaches the sharding `to`: the body's result is resharded
    /// to `to`'s free axes (the first sharding returned), which leaves the region as
    /// the `out_sharding`'s manual axes followed by those (the second), resharded to
    /// `to` if that differs.
    pub fn result_path(&self, index: usize, to: &TensorSharding) -> Option<(TensorSharding, TensorSharding)> {
        let local = self.local(to);
        let produced = self.global(self.out_shardings.get(index)?, &local);
        Some((local, produced))
    }
}

/// `while`: a loop over its operands (the loop-carried values). Its first region,
/// the condition, returns a `tensor<i1>` from the carried values; while that is
/// true the second, the body, maps them to their next values; the op's results are
/// their last values. Every region argument, body result and op result of one
/// carried value is one value to the solver (Shardy's data-flow edges), and the ops
/// of the body cost `trip_count` times theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct While {
    /// How many times the body runs: read from a counted loop (`scan`,
    /// `fori_loop`) or given; the cost model prices the body this many times and the
    /// executors check it.
    pub trip_count: u64,
}

/// `case` (and `if`): runs one of its regions, the branches, chosen by its first
/// operand, on the others (the values the branches read, which StableHLO's
/// branches capture from around them and autoshard passes in as operands), and
/// returns what that branch returns. Every branch argument is one value with its
/// operand, and every branch's result with the op's result, to the solver; the op
/// costs the sum of its branches (an upper bound of the branch that runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Case {
    /// How many branches.
    pub branches: usize,
    /// `if`: the selector is a `tensor<i1>` and branch 0 runs when it is true,
    /// branch 1 otherwise. `case`: the selector is a `tensor<i32>` index; one out of
    /// range runs the last branch.
    pub predicate: bool,
}

impl Case {
    /// The branch a selector of value `selector` runs.
    pub fn branch(&self, selector: f64) -> usize {
        let last = self.branches.saturating_sub(1);
        match self.predicate {
            true => usize::from(selector == 0.0),
            false if selector < 0.0 || selector >= self.branches as f64 => last,
            false => selector as usize,
        }
    }
}

/// `constant`: a tensor of `ty` filled with `values` (one value is a splat).
#[derive(Debug, Clone, PartialEq)]
pub struct Constant {
    /// The type of the constant.
    pub ty: TensorType,
    /// One value (splat) or one per element, row-major.
    pub values: Vec<f64>,
}

impl Constant {
    pub(crate) fn infer(&self) -> Result<Vec<TensorType>, String> {
        check_shape("shape", &self.ty.shape)?;
        let n = self.ty.num_elements();
        if self.values.len() as u64 != n && self.values.len() != 1 {
            return Err(format!("value has {} elements but {} has {n}", self.values.len(), self.ty));
        }
        Ok(vec![self.ty.clone()])
    }
}

/// `iota`: the index along `iota_dimension` at every element.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Iota {
    /// The type of the result.
    pub ty: TensorType,
    /// The dimension whose index is written.
    pub iota_dimension: i64,
}

impl Iota {
    pub(crate) fn infer(&self) -> Result<Vec<TensorType>, String> {
        check_shape("shape", &self.ty.shape)?;
        check_dims("iota_dimension", &[self.iota_dimension], self.ty.rank())?;
        Ok(vec![self.ty.clone()])
    }
}

/// An identity op with a sharding (`sharding_constraint`, `reshard`): the sharding's
/// rank must match its operand (checked with the mesh by the builder).
pub(crate) fn infer_identity(operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
    Ok(vec![operands[0].ty.clone()])
}
