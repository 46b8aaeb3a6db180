//! Measured kernel models: what an op's kernel takes on a device whose kernels
//! are not the roofline's (SPEC §4) ideal, such as the CPU mesh executor's.
//!
//! Ops fall into [`KernelClass`]es by what their kernels do. A [`KernelModel`]
//! gives a fixed time per op (dispatch and allocation) and, per class, a FLOP rate
//! and a byte rate; an op's time is `overhead + flops / class flops + bytes / class
//! bandwidth`. The two terms add: such a kernel copies and computes in turn (the
//! executor transposes a contraction's operands into place before multiplying), it
//! does not overlap them as the roofline assumes. `autoshard bench calibrate` fits the
//! rates to the executor's kernels over a suite of ops; a profile without a kernel
//! model keeps the roofline.
//!
//! Invariant: every rate is positive and finite, the overhead finite and ≥ 0.

use crate::error::by_name;
use autoshard_model::ops::OpKind;
use autoshard_model::{Bytes, BytesPerSecond, Flops, FlopsPerSecond, Seconds};
use std::fmt;
use std::str::FromStr;

/// What an op's kernel does, for its rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KernelClass {
    /// Contractions: `dot`, `dot_general`, `einsum`, `triangular_solve`, `cholesky`.
    Matmul,
    /// `convolution`.
    Convolution,
    /// One output element from one element of each operand: unary, binary,
    /// `convert`, `compare`, `select`, `clamp`, `bitcast_convert`, random bits.
    Elementwise,
    /// Reductions and normalisations: `reduce`, `softmax`, the norms, windows, `sort`.
    Reduction,
    /// Data movement without arithmetic: broadcasts, reshapes, transposes,
    /// concatenation, slices, pads, gathers and scatters, constants, `iota`.
    Movement,
}

impl KernelClass {
    /// Every class, in profile order.
    pub const ALL: [KernelClass; 5] = [
        KernelClass::Matmul,
        KernelClass::Convolution,
        KernelClass::Elementwise,
        KernelClass::Reduction,
        KernelClass::Movement,
    ];

    /// The class's name in profiles.
    pub fn name(self) -> &'static str {
        match self {
            KernelClass::Matmul => "matmul",
            KernelClass::Convolution => "convolution",
            KernelClass::Elementwise => "elementwise",
            KernelClass::Reduction => "reduction",
            KernelClass::Movement => "movement",
        }
    }

    /// The class of an op of `kind` (a custom op counts as elementwise: its FLOPs
    /// are the user's estimate of arithmetic).
    pub fn of(kind: &OpKind) -> KernelClass {
        match kind {
            OpKind::Dot
            | OpKind::DotGeneral(_)
            | OpKind::Einsum(_)
            | OpKind::TriangularSolve(_)
            | OpKind::Cholesky(_) => KernelClass::Matmul,
            OpKind::Convolution(_) => KernelClass::Convolution,
            OpKind::Unary(_)
            | OpKind::Binary(_)
            | OpKind::Convert { .. }
            | OpKind::Compare { .. }
            | OpKind::Select
            | OpKind::Clamp
            | OpKind::BitcastConvert(_)
            | OpKind::RngBitGenerator(_)
            | OpKind::Custom(_) => KernelClass::Elementwise,
            OpKind::Reduce(_)
            | OpKind::Softmax(_)
            | OpKind::LayerNorm(_)
            | OpKind::RmsNorm(_)
            | OpKind::BatchNormInference(_)
            | OpKind::ReduceWindow(_)
            | OpKind::SelectAndScatter(_)
            | OpKind::Sort(_)
            | OpKind::ReduceScatter(_) => KernelClass::Reduction,
            OpKind::BroadcastInDim(_)
            | OpKind::Reshape(_)
            | OpKind::Transpose(_)
            | OpKind::Concatenate(_)
            | OpKind::Reverse(_)
            | OpKind::Pad(_)
            | OpKind::Slice(_)
            | OpKind::DynamicSlice(_)
            | OpKind::DynamicUpdateSlice
            | OpKind::Gather(_)
            | OpKind::Take(_)
            | OpKind::Scatter(_)
            | OpKind::AllGather(_)
            | OpKind::AllToAll(_)
            | OpKind::Constant(_)
            | OpKind::Iota(_)
            | OpKind::ShardingConstraint(_)
            | OpKind::Reshard(_)
            | OpKind::PropagationBarrier(_)
            | OpKind::NamedComputation(_)
            | OpKind::ManualComputation(_) => KernelClass::Movement,
        }
    }
}

impl fmt::Display for KernelClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for KernelClass {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        by_name(&KernelClass::ALL, KernelClass::name, "kernel class", s)
    }
}

/// One class's rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KernelRates {
    /// FLOPs per second.
    pub flops: FlopsPerSecond,
    /// Bytes read and written per second.
    pub bandwidth: BytesPerSecond,
}

/// A device's measured kernels (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KernelModel {
    /// The fixed time of one op.
    pub overhead: Seconds,
    /// The rates of each class, in [`KernelClass::ALL`] order.
    pub rates: [KernelRates; 5],
}

impl KernelModel {
    /// The rates of `class`.
    pub fn rates(&self, class: KernelClass) -> KernelRates {
        self.rates[class as usize]
    }

    /// The time of one op of `class` doing `flops` and moving `bytes`.
    pub fn time(&self, class: KernelClass, flops: Flops, bytes: Bytes) -> Seconds {
        let rates = self.rates(class);
        Seconds(self.overhead.0 + flops.0 / rates.flops.0 + bytes.0 as f64 / rates.bandwidth.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_round_trip_by_name_and_time_adds_up() {
        for class in KernelClass::ALL {
            assert_eq!(class.name().parse::<KernelClass>().unwrap(), class);
            assert_eq!(KernelClass::ALL[class as usize], class);
        }
        assert!("gemm".parse::<KernelClass>().unwrap_err().contains("matmul"));
        let rates = |f: f64, b: f64| KernelRates { flops: FlopsPerSecond(f), bandwidth: BytesPerSecond(b) };
        let mut all = [rates(1e9, 1e9); 5];
        all[KernelClass::Matmul as usize] = rates(1e10, 1e8);
        let model = KernelModel { overhead: Seconds(1e-6), rates: all };
        let t = model.time(KernelClass::Matmul, Flops(1e10), Bytes(1_000_000));
        assert!((t.0 - (1e-6 + 1.0 + 0.01)).abs() < 1e-12, "{t:?}");
        assert_eq!(model.time(KernelClass::Movement, Flops(0.0), Bytes(0)), Seconds(1e-6));
    }
}
