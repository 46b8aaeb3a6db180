//! Measured kernel models: what an op's kernel takes on a device whose kernels
//! are not the roofline's (docs/spec.md §4) ideal, such as the CPU mesh executor's.
//!
//! Ops fall into [`KernelClass`]es by what their kernels do. A [`KernelModel`]
//! gives a fixed time per op (dispatch and allocation) and, per class, a FLOP rate
//! and a byte rate; an op's time is `overhead + flops / class flops + bytes / class
//! bandwidth`. The two terms add: such a kernel copies and computes in turn (the
//! executor transposes a contraction's operands into place before multiplying), it
//! does not overlap them as the roofline assumes. Elementwise kernels differ by more
//! than their FLOP counts say (the executor's `tanh` takes ten times its `add` per
//! element), so the model may also time elementwise ops one by one: such an op costs
//! `overhead + elements × its seconds per result element`, in place of its class's
//! rates (as XLA's GPU cost model reads measured per-op profiles). `autoshard bench
//! calibrate` fits the rates to the executor's kernels over a suite of ops and times
//! every elementwise op; a profile without a kernel model keeps the roofline.
//!
//! An op's class follows from its family ([`KernelClass::of`] matches on
//! `OpKind::family`).
//!
//! Invariant: every rate is positive and finite, the overhead and every per-element
//! time finite and ≥ 0, and every per-element entry names an elementwise op.

use crate::error::by_name;
use autoshard_model::ops::{BinaryOp, OpFamily, OpKind, UnaryOp};
use autoshard_model::{Bytes, BytesPerSecond, Flops, FlopsPerSecond, Seconds};
use std::collections::BTreeMap;
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
    /// `convert`, `compare`, `select`, `clamp`, `reduce_precision`, `is_finite`,
    /// `bitcast_convert`, random bits, `custom`.
    Elementwise,
    /// Reductions and normalisations: `reduce`, `softmax`, the norms, `sort`,
    /// `reduce_scatter`.
    Reduction,
    /// Window reductions: `reduce_window`, `select_and_scatter` (every window element
    /// read through the window's index map, padding and dilation checked per read).
    Window,
    /// Data movement without arithmetic: broadcasts, reshapes, transposes,
    /// concatenation, slices, pads, gathers and scatters, the other collectives,
    /// constants, `iota`, and the ops without a kernel of their own.
    Movement,
}

impl KernelClass {
    /// Every class, in profile order.
    pub const ALL: [KernelClass; 6] = [
        KernelClass::Matmul,
        KernelClass::Convolution,
        KernelClass::Elementwise,
        KernelClass::Reduction,
        KernelClass::Window,
        KernelClass::Movement,
    ];

    /// The class's name in profiles.
    pub fn name(self) -> &'static str {
        match self {
            KernelClass::Matmul => "matmul",
            KernelClass::Convolution => "convolution",
            KernelClass::Elementwise => "elementwise",
            KernelClass::Reduction => "reduction",
            KernelClass::Window => "window",
            KernelClass::Movement => "movement",
        }
    }

    /// The class of an op of `kind`, by its family ([`OpKind::family`]): a custom op
    /// counts as elementwise (its FLOPs are the user's estimate of arithmetic), a
    /// bitcast and random bits too; markers, boundaries, region ops and sources, which
    /// have no kernel of their own, as movement.
    pub fn of(kind: &OpKind) -> KernelClass {
        match kind.family() {
            OpFamily::Contraction => KernelClass::Matmul,
            OpFamily::Convolution => KernelClass::Convolution,
            OpFamily::Elementwise | OpFamily::Bitcast | OpFamily::Random | OpFamily::Custom => KernelClass::Elementwise,
            OpFamily::Reduction => KernelClass::Reduction,
            OpFamily::Window => KernelClass::Window,
            // `reduce_scatter` combines as a reduction; `all_reduce`, which combines
            // too, is priced as the other collectives.
            OpFamily::Collective if matches!(kind, OpKind::ReduceScatter(_)) => KernelClass::Reduction,
            OpFamily::Movement
            | OpFamily::Collective
            | OpFamily::Marker
            | OpFamily::Boundary
            | OpFamily::Region
            | OpFamily::Source => KernelClass::Movement,
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

/// The names of the elementwise ops a kernel model may time one by one: every
/// unary and binary op, `compare`, `select`, `convert` and `clamp`.
pub fn elementwise_ops() -> impl Iterator<Item = &'static str> {
    let unary = UnaryOp::ALL.into_iter().map(UnaryOp::name);
    let binary = BinaryOp::ALL.into_iter().map(BinaryOp::name);
    unary.chain(binary).chain(["compare", "select", "convert", "clamp"])
}

/// What one kernel does on one device.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KernelWork {
    /// Its class.
    pub class: KernelClass,
    /// The op's name (`add`, `einsum`), for an elementwise op timed one by one.
    pub op: &'static str,
    /// FLOPs on the device.
    pub flops: Flops,
    /// Bytes read and written on the device.
    pub bytes: Bytes,
    /// Result elements the device computes.
    pub elements: f64,
}

/// A device's measured kernels (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct KernelModel {
    /// The fixed time of one op.
    pub overhead: Seconds,
    /// The rates of each class, in [`KernelClass::ALL`] order.
    pub rates: [KernelRates; 6],
    /// Elementwise ops timed one by one: seconds per result element, by op name
    /// (one of [`elementwise_ops`]); these ops do not use their class's rates.
    pub per_element: BTreeMap<String, Seconds>,
}

impl KernelModel {
    /// The rates of `class`.
    pub fn rates(&self, class: KernelClass) -> KernelRates {
        self.rates[class as usize]
    }

    /// The time of one kernel doing `work`.
    pub fn time(&self, work: &KernelWork) -> Seconds {
        if let Some(per_element) = self.per_element.get(work.op) {
            return Seconds(self.overhead.0 + work.elements * per_element.0);
        }
        let rates = self.rates(work.class);
        Seconds(self.overhead.0 + work.flops.0 / rates.flops.0 + work.bytes.0 as f64 / rates.bandwidth.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_elementwise_op_is_of_the_elementwise_class() {
        let names: Vec<&str> = elementwise_ops().collect();
        assert_eq!(names.len(), UnaryOp::ALL.len() + BinaryOp::ALL.len() + 4);
        for u in UnaryOp::ALL {
            assert_eq!(KernelClass::of(&OpKind::Unary(u)), KernelClass::Elementwise);
        }
        assert!(names.contains(&"gelu") && names.contains(&"select") && !names.contains(&"softmax"));
    }

    #[test]
    fn classes_round_trip_by_name_and_time_adds_up() {
        for class in KernelClass::ALL {
            assert_eq!(class.name().parse::<KernelClass>().unwrap(), class);
            assert_eq!(KernelClass::ALL[class as usize], class);
        }
        assert!("gemm".parse::<KernelClass>().unwrap_err().contains("matmul"));
        let rates = |f: f64, b: f64| KernelRates { flops: FlopsPerSecond(f), bandwidth: BytesPerSecond(b) };
        let mut all = [rates(1e9, 1e9); 6];
        all[KernelClass::Matmul as usize] = rates(1e10, 1e8);
        let per_element = BTreeMap::from([("tanh".to_string(), Seconds(2e-8))]);
        let model = KernelModel { overhead: Seconds(1e-6), rates: all, per_element };
        let work =
            |class, op, flops, bytes| KernelWork { class, op, flops: Flops(flops), bytes: Bytes(bytes), elements: 1e3 };
        let t = model.time(&work(KernelClass::Matmul, "dot", 1e10, 1_000_000));
        assert!((t.0 - (1e-6 + 1.0 + 0.01)).abs() < 1e-12, "{t:?}");
        assert_eq!(model.time(&work(KernelClass::Movement, "copy", 0.0, 0)), Seconds(1e-6));
        // An op timed one by one: its elements at its own rate, not its class's.
        let tanh = model.time(&work(KernelClass::Elementwise, "tanh", 1e4, 8000));
        assert!((tanh.0 - (1e-6 + 2e-5)).abs() < 1e-15, "{tanh:?}");
        let add = model.time(&work(KernelClass::Elementwise, "add", 1e3, 12_000));
        assert!((add.0 - (1e-6 + 1e-6 + 1.2e-5)).abs() < 1e-15, "{add:?}");
    }
}
