//! The op set: every op autoshard knows, its attributes and its shape inference.
//!
//! One file per group of related ops (`pointwise.rs`, `bits.rs`, `dot.rs`, `einsum.rs`,
//! `reduce.rs`, `reshaping.rs`, `slicing.rs`, `conv.rs`, `window.rs`, `gather.rs`,
//! `sort.rs`, `linalg.rs`, `norm.rs`, `collective.rs`, `custom.rs`, `custom_call.rs`,
//! `constructs.rs`), and `halo.rs` for the window geometry of `conv.rs` and
//! `window.rs` that halo exchange splits. Which family each op is of — what the rules,
//! the counts, the kernel classes and the memory model match on — is
//! [`OpKind::family`] in `family.rs`, the one list of them. Names and attributes are StableHLO's (and Shardy's
//! for the constructs) so configs read like StableHLO. Inference checks arity, ranks,
//! attribute ranges and element types and reports what was expected and what was
//! found, naming operands by their value names.
//!
//! What the readers and writers need to know about each op — its names, its
//! attributes, their kinds, defaults and spellings — is declared once in `catalog.rs`
//! (the vocabulary of declarations is `decl.rs`); the config reader and the StableHLO
//! reader and writer derive their handling of the op from it.

mod bits;
pub mod catalog;
mod collective;
mod constructs;
mod conv;
mod custom;
mod custom_call;
pub mod decl;
mod dot;
mod einsum;
mod family;
mod gather;
mod halo;
mod linalg;
mod norm;
mod pointwise;
mod reduce;
mod reshaping;
mod slicing;
mod sort;
mod window;

pub use bits::{BitcastConvert, RngAlgorithm, RngBitGenerator};
pub use collective::{AllGather, AllReduce, AllToAll, CollectivePermute, ReduceScatter, ReplicaGroups};
pub use constructs::{Case, Constant, Iota, ManualComputation, NamedComputation, PropagationDirection, While};
pub use conv::{ConvDimensionNumbers, Convolution};
pub use custom::Custom;
pub use custom_call::{BodyOp, BodyValue, CallTarget, Decomposition};
pub use dot::DotGeneral;
pub use einsum::EinsumEquation;
pub use family::OpFamily;
pub use gather::{Gather, Scatter, ScatterKind, Take};
pub use halo::{Halo, HaloDim, HaloShard};
pub use linalg::{Cholesky, TransposeA, TriangularSolve, batch_of_matrices};
pub use norm::{BatchNormInference, Norm, Softmax};
pub use pointwise::{BinaryOp, ComparisonDirection, ReducePrecision, UnaryOp};
pub use reduce::{Reduce, ReduceKind};
pub use reshaping::{BroadcastInDim, Reshape, Transpose};
pub use slicing::{Concatenate, DynamicSlice, Pad, Reverse, Slice};
pub use sort::Sort;
pub use window::{ReduceWindow, SelectAndScatter, Window};

use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::TensorType;
use crate::sharding::{ReductionKind, TensorSharding};

/// An op and its attributes.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs, reason = "each variant is documented by its attribute type")]
pub enum OpKind {
    Unary(UnaryOp),
    Convert {
        dtype: DType,
    },
    Binary(BinaryOp),
    Compare {
        direction: ComparisonDirection,
    },
    Select,
    Clamp,
    ReducePrecision(ReducePrecision),
    IsFinite,
    DotGeneral(DotGeneral),
    Dot,
    Einsum(EinsumEquation),
    Reduce(Reduce),
    BroadcastInDim(BroadcastInDim),
    Reshape(Reshape),
    Transpose(Transpose),
    Concatenate(Concatenate),
    Reverse(Reverse),
    Slice(Slice),
    Pad(Pad),
    DynamicSlice(DynamicSlice),
    Convolution(Convolution),
    ReduceWindow(ReduceWindow),
    SelectAndScatter(SelectAndScatter),
    Gather(Gather),
    Scatter(Scatter),
    Take(Take),
    Sort(Sort),
    TriangularSolve(TriangularSolve),
    Cholesky(Cholesky),
    Softmax(Softmax),
    LayerNorm(Norm),
    RmsNorm(Norm),
    Custom(Custom),
    DynamicUpdateSlice,
    BitcastConvert(BitcastConvert),
    RngBitGenerator(RngBitGenerator),
    BatchNormInference(BatchNormInference),
    AllGather(AllGather),
    AllToAll(AllToAll),
    ReduceScatter(ReduceScatter),
    AllReduce(AllReduce),
    CollectivePermute(CollectivePermute),
    ShardingConstraint(TensorSharding),
    Reshard(TensorSharding),
    PropagationBarrier(PropagationDirection),
    /// `optimization_barrier`: its operand, unchanged, past which XLA moves no
    /// computation (JAX's remat). StableHLO's barrier of k values reads as k of these.
    OptimizationBarrier,
    NamedComputation(NamedComputation),
    ManualComputation(ManualComputation),
    While(While),
    Case(Case),
    Constant(Constant),
    Iota(Iota),
    /// `stablehlo.partition_id`: the id of the device running it, a `ui32` scalar;
    /// per device, so only in the body of a manual computation over every axis
    /// (what JAX's `lax.axis_index` inside `shard_map` lowers to).
    PartitionId,
}

/// The names of the ops that are not unary or binary pointwise ops (the catalog's
/// tests keep it in step with [`catalog::all`]).
pub const OTHER_OP_NAMES: [&str; 51] = [
    "convert",
    "compare",
    "select",
    "clamp",
    "reduce_precision",
    "is_finite",
    "dot_general",
    "dot",
    "einsum",
    "reduce",
    "broadcast_in_dim",
    "reshape",
    "transpose",
    "concatenate",
    "reverse",
    "slice",
    "pad",
    "dynamic_slice",
    "convolution",
    "reduce_window",
    "select_and_scatter",
    "gather",
    "scatter",
    "take",
    "sort",
    "triangular_solve",
    "cholesky",
    "softmax",
    "layer_norm",
    "rms_norm",
    "custom",
    "dynamic_update_slice",
    "bitcast_convert",
    "rng_bit_generator",
    "batch_norm_inference",
    "all_gather",
    "all_to_all",
    "reduce_scatter",
    "all_reduce",
    "collective_permute",
    "sharding_constraint",
    "reshard",
    "propagation_barrier",
    "optimization_barrier",
    "named_computation",
    "manual_computation",
    "while",
    "case",
    "constant",
    "iota",
    "partition_id",
];

/// Every op name of the config language (the catalog's), sorted and deduplicated.
pub fn op_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = catalog::all().iter().map(|d| d.name).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// An operand as inference sees it: its value name (for messages) and its type.
#[derive(Debug, Clone, Copy)]
pub struct Operand<'a> {
    /// The value's name.
    pub name: &'a str,
    /// The value's type.
    pub ty: &'a TensorType,
}

/// How an op's result depends on its operands, for carrying partial sums through it
/// (an operand unreduced by sum gives a result unreduced by sum).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Linearity {
    /// Linear in all operands jointly (`add`, `transpose`, `pad`...): every operand
    /// must carry the same partial sums.
    Joint,
    /// Linear in each listed operand with the others fixed (`multiply`, `dot`...):
    /// exactly one of them may carry partial sums.
    InOne(&'static [usize]),
}

impl OpKind {
    /// The pointwise unary or binary op named `name` (StableHLO's names), if any.
    pub fn elementwise(name: &str) -> Option<OpKind> {
        (UnaryOp::ALL.iter().find(|u| u.name() == name).map(|u| OpKind::Unary(*u)))
            .or_else(|| BinaryOp::ALL.iter().find(|b| b.name() == name).map(|b| OpKind::Binary(*b)))
    }

    /// Whether XLA may give the op's result the buffer of an operand that dies at
    /// the op: elementwise ops and bitcasts (which it fuses into their users or runs
    /// in place), markers (the operand itself), `reshape` (a bitcast), in-place
    /// updates (`scatter`, `dynamic_update_slice`) and in-place collectives
    /// (`all_reduce`, `collective_permute`). The memory model then lets such an op's
    /// operands die before its result is born (docs/cost-model.md, Memory).
    pub fn may_write_in_place(&self) -> bool {
        match self.family() {
            OpFamily::Elementwise | OpFamily::Bitcast | OpFamily::Marker => true,
            OpFamily::Movement => {
                matches!(self, OpKind::Reshape(_) | OpKind::Scatter(_) | OpKind::DynamicUpdateSlice)
            }
            OpFamily::Collective => matches!(self, OpKind::AllReduce(_) | OpKind::CollectivePermute(_)),
            OpFamily::Random
            | OpFamily::Custom
            | OpFamily::Contraction
            | OpFamily::Convolution
            | OpFamily::Reduction
            | OpFamily::Window
            | OpFamily::Boundary
            | OpFamily::Region
            | OpFamily::Source => false,
        }
    }

    /// How the op is linear in its operands, if it is: what lets it carry partial
    /// sums (`unreduced` axes) from an operand to its results instead of needing
    /// them all-reduced first.
    pub fn linearity(&self) -> Option<Linearity> {
        match self {
            OpKind::Unary(UnaryOp::Negate)
            | OpKind::Binary(BinaryOp::Add | BinaryOp::Subtract)
            | OpKind::BroadcastInDim(_)
            | OpKind::Reshape(_)
            | OpKind::Transpose(_)
            | OpKind::Concatenate(_)
            | OpKind::Reverse(_)
            | OpKind::Slice(_)
            | OpKind::ShardingConstraint(_) => Some(Linearity::Joint),
            // Padding with anything but zero adds a constant, which partial sums
            // would count once per device; a padding-value operand carries its own.
            OpKind::Pad(p) if p.value == 0.0 => Some(Linearity::Joint),
            OpKind::Reduce(r) if r.kind == ReduceKind::Add => Some(Linearity::Joint),
            OpKind::Binary(BinaryOp::Multiply)
            | OpKind::DotGeneral(_)
            | OpKind::Dot
            | OpKind::Einsum(_)
            | OpKind::Convolution(_) => Some(Linearity::InOne(&[0, 1])),
            OpKind::Binary(BinaryOp::Divide) | OpKind::DynamicSlice(_) | OpKind::Gather(_) | OpKind::Take(_) => {
                Some(Linearity::InOne(&[0]))
            }
            _ => None,
        }
    }

    /// How partial results of this op (from a sharded reduction factor) combine:
    /// a reduce's own kind (a product's partial products, a bitwise reduction's
    /// partial bits); `None` for an arg reduction, whose partial results (an index
    /// and a value) no elementwise reduction combines, so its reduction factors must
    /// stay unsharded; a sum for every other op.
    pub fn partial_reduction(&self) -> Option<ReductionKind> {
        match self {
            OpKind::Reduce(r) => match r.kind {
                ReduceKind::Add => Some(ReductionKind::Sum),
                ReduceKind::Max => Some(ReductionKind::Max),
                ReduceKind::Min => Some(ReductionKind::Min),
                ReduceKind::Mul => Some(ReductionKind::Product),
                ReduceKind::And => Some(ReductionKind::BitwiseAnd),
                ReduceKind::Or => Some(ReductionKind::BitwiseOr),
                ReduceKind::Xor => Some(ReductionKind::BitwiseXor),
                ReduceKind::ArgMax | ReduceKind::ArgMin => None,
            },
            _ => Some(ReductionKind::Sum),
        }
    }

    /// The op's name in configs (StableHLO's, without the dialect prefix).
    pub fn name(&self) -> &'static str {
        match self {
            OpKind::Unary(u) => u.name(),
            OpKind::Binary(b) => b.name(),
            OpKind::Convert { .. } => "convert",
            OpKind::Compare { .. } => "compare",
            OpKind::Select => "select",
            OpKind::Clamp => "clamp",
            OpKind::ReducePrecision(_) => "reduce_precision",
            OpKind::IsFinite => "is_finite",
            OpKind::DotGeneral(_) => "dot_general",
            OpKind::Dot => "dot",
            OpKind::Einsum(_) => "einsum",
            OpKind::Reduce(_) => "reduce",
            OpKind::BroadcastInDim(_) => "broadcast_in_dim",
            OpKind::Reshape(_) => "reshape",
            OpKind::Transpose(_) => "transpose",
            OpKind::Concatenate(_) => "concatenate",
            OpKind::Reverse(_) => "reverse",
            OpKind::Slice(_) => "slice",
            OpKind::Pad(_) => "pad",
            OpKind::DynamicSlice(_) => "dynamic_slice",
            OpKind::Convolution(_) => "convolution",
            OpKind::ReduceWindow(_) => "reduce_window",
            OpKind::SelectAndScatter(_) => "select_and_scatter",
            OpKind::Gather(_) => "gather",
            OpKind::Scatter(_) => "scatter",
            OpKind::Take(_) => "take",
            OpKind::Sort(_) => "sort",
            OpKind::TriangularSolve(_) => "triangular_solve",
            OpKind::Cholesky(_) => "cholesky",
            OpKind::Softmax(_) => "softmax",
            OpKind::LayerNorm(_) => "layer_norm",
            OpKind::RmsNorm(_) => "rms_norm",
            OpKind::Custom(_) => "custom",
            OpKind::DynamicUpdateSlice => "dynamic_update_slice",
            OpKind::BitcastConvert(_) => "bitcast_convert",
            OpKind::RngBitGenerator(_) => "rng_bit_generator",
            OpKind::BatchNormInference(_) => "batch_norm_inference",
            OpKind::AllGather(_) => "all_gather",
            OpKind::AllToAll(_) => "all_to_all",
            OpKind::ReduceScatter(_) => "reduce_scatter",
            OpKind::AllReduce(_) => "all_reduce",
            OpKind::CollectivePermute(_) => "collective_permute",
            OpKind::ShardingConstraint(_) => "sharding_constraint",
            OpKind::Reshard(_) => "reshard",
            OpKind::PropagationBarrier(_) => "propagation_barrier",
            OpKind::OptimizationBarrier => "optimization_barrier",
            OpKind::NamedComputation(_) => "named_computation",
            OpKind::ManualComputation(_) => "manual_computation",
            OpKind::While(_) => "while",
            OpKind::Case(_) => "case",
            OpKind::Constant(_) => "constant",
            OpKind::Iota(_) => "iota",
            OpKind::PartitionId => "partition_id",
        }
    }

    /// The smallest and largest number of operands (`None`: no upper bound).
    pub fn arity(&self) -> (usize, Option<usize>) {
        match self {
            OpKind::Constant(_) | OpKind::Iota(_) | OpKind::PartitionId => (0, Some(0)),
            OpKind::Binary(_) | OpKind::Compare { .. } | OpKind::DotGeneral(_) | OpKind::Dot => (2, Some(2)),
            OpKind::Convolution(_) | OpKind::Gather(_) | OpKind::Take(_) | OpKind::TriangularSolve(_) => (2, Some(2)),
            OpKind::SelectAndScatter(_) => (2, Some(3)),
            OpKind::Select | OpKind::Clamp => (3, Some(3)),
            OpKind::Scatter(_) => (3, None),
            OpKind::DynamicUpdateSlice => (2, None),
            OpKind::BatchNormInference(_) => (5, Some(5)),
            OpKind::Pad(_) => (1, Some(2)),
            OpKind::AllGather(_) | OpKind::AllToAll(_) | OpKind::AllReduce(_) => (1, None),
            OpKind::Einsum(_)
            | OpKind::Reduce(_)
            | OpKind::Concatenate(_)
            | OpKind::Sort(_)
            | OpKind::ReduceWindow(_)
            | OpKind::DynamicSlice(_) => (1, None),
            OpKind::LayerNorm(_) => (1, Some(3)),
            OpKind::RmsNorm(_) => (1, Some(2)),
            OpKind::Custom(_) | OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) => {
                (0, None)
            }
            OpKind::Case(_) => (1, None),
            _ => (1, Some(1)),
        }
    }

    /// True for StableHLO's cross-replica collectives (the [`OpFamily::Collective`]
    /// ops: `all_gather`, `all_to_all`, `reduce_scatter`, `all_reduce`,
    /// `collective_permute`): they run in a manual computation's body, each device
    /// exchanging its blocks with its group.
    pub fn is_replica_collective(&self) -> bool {
        self.family() == OpFamily::Collective
    }

    /// True for the ops that must own a body (the [`OpFamily::Region`] ops:
    /// `named_computation`, `manual_computation`, `while`, `case`).
    pub fn needs_body(&self) -> bool {
        self.family() == OpFamily::Region
    }

    /// How many regions a region op owns: a `while` two (condition, body), a
    /// `case` one per branch, the others one.
    pub fn region_count(&self) -> usize {
        match self {
            OpKind::While(_) => 2,
            OpKind::Case(c) => c.branches,
            _ => 1,
        }
    }

    /// True for the ops that may own a body: those that must, and a `custom` op given
    /// its decomposition.
    pub fn may_have_body(&self) -> bool {
        self.needs_body() || matches!(self, OpKind::Custom(_))
    }

    /// Infers the result types of an op (for a region op, those its signature fixes
    /// without looking at the body); errors name the op
    /// (`dot_general: contracting dim 1 of x has size 16 but dim 0 of w has size 32`).
    pub fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>> {
        self.check_arity(operands.len())?;
        self.infer_unchecked(operands).map_err(|m| Error::Program(format!("{}: {m}", self.name())))
    }

    fn check_arity(&self, count: usize) -> Result<()> {
        let (min, max) = self.arity();
        let expected = match max {
            Some(max) if max == min => min.to_string(),
            Some(max) => format!("{min} to {max}"),
            None => format!("at least {min}"),
        };
        if count < min || max.is_some_and(|max| count > max) {
            let plural = if expected == "1" { "" } else { "s" };
            return Err(Error::Program(format!("{}: expected {expected} operand{plural}, got {count}", self.name())));
        }
        Ok(())
    }

    fn infer_unchecked(&self, ops: &[Operand<'_>]) -> std::result::Result<Vec<TensorType>, String> {
        match self {
            OpKind::Unary(u) => u.infer(ops),
            OpKind::Binary(b) => b.infer(ops),
            OpKind::Convert { dtype } => pointwise::infer_convert(ops, *dtype),
            OpKind::Compare { .. } => pointwise::infer_compare(ops),
            OpKind::Select => pointwise::infer_select(ops),
            OpKind::Clamp => pointwise::infer_clamp(ops),
            OpKind::ReducePrecision(r) => r.infer(ops),
            OpKind::IsFinite => pointwise::infer_is_finite(ops),
            OpKind::DotGeneral(d) => d.infer(ops),
            OpKind::Dot => dot::dot_as_general(ops)?.infer(ops),
            OpKind::Einsum(e) => e.infer(ops),
            OpKind::Reduce(r) => r.infer(ops),
            OpKind::BroadcastInDim(b) => b.infer(ops),
            OpKind::Reshape(r) => r.infer(ops),
            OpKind::Transpose(t) => t.infer(ops),
            OpKind::Concatenate(c) => c.infer(ops),
            OpKind::Reverse(r) => r.infer(ops),
            OpKind::Slice(s) => s.infer(ops),
            OpKind::Pad(p) => p.infer(ops),
            OpKind::DynamicSlice(d) => d.infer(ops),
            OpKind::Convolution(c) => c.infer(ops),
            OpKind::ReduceWindow(r) => r.infer(ops),
            OpKind::SelectAndScatter(s) => s.infer(ops),
            OpKind::Gather(g) => g.infer(ops),
            OpKind::Scatter(s) => s.infer(ops),
            OpKind::Take(t) => t.infer(ops),
            OpKind::Sort(s) => s.infer(ops),
            OpKind::TriangularSolve(t) => t.infer(ops),
            OpKind::Cholesky(c) => c.infer(ops),
            OpKind::Softmax(s) => s.infer(ops),
            OpKind::LayerNorm(n) | OpKind::RmsNorm(n) => n.infer(ops),
            OpKind::Custom(c) => c.infer(ops),
            OpKind::DynamicUpdateSlice => slicing::infer_dynamic_update_slice(ops),
            OpKind::BitcastConvert(b) => b.infer(ops),
            OpKind::RngBitGenerator(r) => r.infer(ops),
            OpKind::BatchNormInference(b) => b.infer(ops),
            OpKind::AllGather(a) => a.infer(ops),
            OpKind::AllToAll(a) => a.infer(ops),
            OpKind::ReduceScatter(r) => r.infer(ops),
            OpKind::AllReduce(a) => a.infer(ops),
            OpKind::CollectivePermute(c) => c.infer(ops),
            OpKind::ShardingConstraint(_)
            | OpKind::Reshard(_)
            | OpKind::PropagationBarrier(_)
            | OpKind::OptimizationBarrier => constructs::infer_identity(ops),
            OpKind::Constant(c) => c.infer(),
            OpKind::Iota(i) => i.infer(),
            OpKind::PartitionId => Ok(vec![TensorType::new(Vec::new(), DType::U32)]),
            OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) | OpKind::Case(_) => {
                Err("the result types of a region op come from its body".into())
            }
        }
    }
}

/// Checks that `dims` are distinct dimensions of a rank-`rank` tensor.
pub(crate) fn check_dims(attr: &str, dims: &[i64], rank: usize) -> std::result::Result<(), String> {
    for (i, &d) in dims.iter().enumerate() {
        if d < 0 || d >= rank as i64 {
            return Err(format!("{attr}: dim {d} is out of range for rank {rank}"));
        }
        if dims[..i].contains(&d) {
            return Err(format!("{attr}: dim {d} appears twice"));
        }
    }
    Ok(())
}

/// Checks that a per-dimension attribute has one entry per dimension of `x`.
pub(crate) fn check_len(attr: &str, values: &[i64], rank: usize, x: &Operand<'_>) -> std::result::Result<(), String> {
    if values.len() == rank {
        Ok(())
    } else {
        Err(format!("{attr} has {} entries but {} has rank {rank}", values.len(), x.name))
    }
}

/// Checks that a shape attribute has no negative dimension.
pub(crate) fn check_shape(attr: &str, shape: &[i64]) -> std::result::Result<(), String> {
    match shape.iter().find(|&&d| d < 0) {
        Some(d) => Err(format!("{attr}: dimension {d} is negative")),
        None => Ok(()),
    }
}

/// Checks that two operands have the same type.
pub(crate) fn same_type(a: &Operand<'_>, b: &Operand<'_>) -> std::result::Result<(), String> {
    if a.ty == b.ty {
        return Ok(());
    }
    let hint = if a.ty.dtype == b.ty.dtype { "; broadcast with broadcast_in_dim" } else { "; convert one of them" };
    Err(format!("{} is {} but {} is {}{hint}", a.name, a.ty, b.name, b.ty))
}

/// The error for an operand of the wrong element type.
pub(crate) fn dtype_error(x: &Operand<'_>, expected: &str) -> String {
    format!("{} is {} but the op needs {expected} element type", x.name, x.ty)
}
