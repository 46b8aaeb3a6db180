//! Op families: which kind of computation each op is, the one classification every
//! consumer matches on.
//!
//! [`OpKind::family`] names each op's [`OpFamily`]; it is the only place that lists
//! which ops make up a family, and its match is exhaustive, so a new op does not
//! compile until it has one. The consumers match on the family, exhaustively, and say
//! what they do with each:
//!
//! - `rules::rule_for`: the pointwise rule (elementwise ops, markers), no rule
//!   (boundaries, region ops, sources), or the op's own;
//! - `rules::counts_for`: pointwise counts, a copy's (bitcasts), none (markers,
//!   boundaries, region ops), the results written (sources), or the op's own;
//! - `cost::KernelClass::of`: the kernel class whose measured rates price the op;
//! - `cost::fused_away`: whether XLA fuses the op as a pointwise op (elementwise ops
//!   and bitcasts);
//! - [`OpKind::may_write_in_place`]: whether its result may take the buffer of an
//!   operand that dies at it;
//! - [`OpKind::is_replica_collective`] and [`OpKind::needs_body`] are the collective
//!   and region families; the solver and the executor move a boundary's operand to
//!   its result's sharding.
//!
//! A family is a set of ops that every consumer treats alike, or treats by the op's
//! own attributes (each contraction has its own rule). Where consumers differ on an op
//! — `bitcast_convert` has its own rule but is priced as a copy; `sharding_constraint`
//! has the pointwise rule but no counts and is not fused — the op has a family of its
//! own ([`OpFamily::Bitcast`], [`OpFamily::Marker`]) and each consumer's match says
//! what it does with it.

use super::OpKind;

/// What kind of computation an op is (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpFamily {
    /// Each result element from the same element of each operand, by arithmetic,
    /// logic or a conversion: unary and binary ops, `convert`, `compare`, `select`,
    /// `clamp`, `reduce_precision`, `is_finite`.
    Elementwise,
    /// `bitcast_convert`: an operand's bits reinterpreted, element by element when
    /// the widths match, an element split or merged along a last dimension when they
    /// do not; no arithmetic. It has Shardy's own rule and is counted as a copy, but
    /// fused and run in place as the elementwise ops are.
    Bitcast,
    /// `rng_bit_generator`: random bits and the generator's next state.
    Random,
    /// `custom`: the user's op, with the user's rule and FLOP estimate.
    Custom,
    /// Contractions and the dense linear algebra built on them: `dot`,
    /// `dot_general`, `einsum`, `triangular_solve`, `cholesky`.
    Contraction,
    /// `convolution`.
    Convolution,
    /// Ops that read a whole dimension per result element: `reduce`, `sort`,
    /// `softmax`, `layer_norm`, `rms_norm`, `batch_norm_inference`.
    Reduction,
    /// Window ops: `reduce_window`, `select_and_scatter`.
    Window,
    /// Data movement: `broadcast_in_dim`, `reshape`, `transpose`, `concatenate`,
    /// `reverse`, `slice`, `pad`, `dynamic_slice`, `dynamic_update_slice`, `gather`,
    /// `scatter`, `take`.
    Movement,
    /// StableHLO's collectives over replica groups: `all_gather`, `all_to_all`,
    /// `reduce_scatter`, `all_reduce`, `collective_permute`.
    Collective,
    /// The operand itself, marked: `sharding_constraint` (its sharding constrained)
    /// and `optimization_barrier` (no computation moved across it). The pointwise
    /// rule ties the result's sharding to the operand's; no kernel, no counts.
    Marker,
    /// The operand itself, with its sharding chosen apart from the operand's and a
    /// reshard between: `reshard`, `propagation_barrier`. As in Shardy, no rule.
    Boundary,
    /// Region ops, whose bodies are the computation: `named_computation`,
    /// `manual_computation`, `while`, `case`.
    Region,
    /// Ops without operands that write their result: `constant`, `iota`,
    /// `partition_id`.
    Source,
}

impl OpKind {
    /// The op's family: the one list of which op is in which family (see the
    /// module docs of `family.rs`).
    pub fn family(&self) -> OpFamily {
        match self {
            OpKind::Unary(_)
            | OpKind::Binary(_)
            | OpKind::Convert { .. }
            | OpKind::Compare { .. }
            | OpKind::Select
            | OpKind::Clamp
            | OpKind::ReducePrecision(_)
            | OpKind::IsFinite => OpFamily::Elementwise,
            OpKind::BitcastConvert(_) => OpFamily::Bitcast,
            OpKind::RngBitGenerator(_) => OpFamily::Random,
            OpKind::Custom(_) => OpFamily::Custom,
            OpKind::DotGeneral(_)
            | OpKind::Dot
            | OpKind::Einsum(_)
            | OpKind::TriangularSolve(_)
            | OpKind::Cholesky(_) => OpFamily::Contraction,
            OpKind::Convolution(_) => OpFamily::Convolution,
            OpKind::Reduce(_)
            | OpKind::Sort(_)
            | OpKind::Softmax(_)
            | OpKind::LayerNorm(_)
            | OpKind::RmsNorm(_)
            | OpKind::BatchNormInference(_) => OpFamily::Reduction,
            OpKind::ReduceWindow(_) | OpKind::SelectAndScatter(_) => OpFamily::Window,
            OpKind::BroadcastInDim(_)
            | OpKind::Reshape(_)
            | OpKind::Transpose(_)
            | OpKind::Concatenate(_)
            | OpKind::Reverse(_)
            | OpKind::Slice(_)
            | OpKind::Pad(_)
            | OpKind::DynamicSlice(_)
            | OpKind::DynamicUpdateSlice
            | OpKind::Gather(_)
            | OpKind::Scatter(_)
            | OpKind::Take(_) => OpFamily::Movement,
            OpKind::AllGather(_)
            | OpKind::AllToAll(_)
            | OpKind::ReduceScatter(_)
            | OpKind::AllReduce(_)
            | OpKind::CollectivePermute(_) => OpFamily::Collective,
            OpKind::ShardingConstraint(_) | OpKind::OptimizationBarrier => OpFamily::Marker,
            OpKind::Reshard(_) | OpKind::PropagationBarrier(_) => OpFamily::Boundary,
            OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) | OpKind::Case(_) => {
                OpFamily::Region
            }
            OpKind::Constant(_) | OpKind::Iota(_) | OpKind::PartitionId => OpFamily::Source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::TensorType;
    use crate::ops::{
        AllGather, AllReduce, AllToAll, BinaryOp, Case, CollectivePermute, Constant, Convolution, Custom, DotGeneral,
        ManualComputation, NamedComputation, OTHER_OP_NAMES, PropagationDirection, ReduceKind, ReduceScatter,
        ReduceWindow, ReplicaGroups, SelectAndScatter, UnaryOp, While, Window, catalog,
    };
    use crate::{DType, Flops, OpShardingRule, TensorSharding};
    use std::collections::BTreeMap;

    /// Every op but the unary and binary ones, pinned to its family, in
    /// [`OTHER_OP_NAMES`] order.
    const FAMILIES: [(&str, OpFamily); 51] = [
        ("convert", OpFamily::Elementwise),
        ("compare", OpFamily::Elementwise),
        ("select", OpFamily::Elementwise),
        ("clamp", OpFamily::Elementwise),
        ("reduce_precision", OpFamily::Elementwise),
        ("is_finite", OpFamily::Elementwise),
        ("dot_general", OpFamily::Contraction),
        ("dot", OpFamily::Contraction),
        ("einsum", OpFamily::Contraction),
        ("reduce", OpFamily::Reduction),
        ("broadcast_in_dim", OpFamily::Movement),
        ("reshape", OpFamily::Movement),
        ("transpose", OpFamily::Movement),
        ("concatenate", OpFamily::Movement),
        ("reverse", OpFamily::Movement),
        ("slice", OpFamily::Movement),
        ("pad", OpFamily::Movement),
        ("dynamic_slice", OpFamily::Movement),
        ("convolution", OpFamily::Convolution),
        ("reduce_window", OpFamily::Window),
        ("select_and_scatter", OpFamily::Window),
        ("gather", OpFamily::Movement),
        ("scatter", OpFamily::Movement),
        ("take", OpFamily::Movement),
        ("sort", OpFamily::Reduction),
        ("triangular_solve", OpFamily::Contraction),
        ("cholesky", OpFamily::Contraction),
        ("softmax", OpFamily::Reduction),
        ("layer_norm", OpFamily::Reduction),
        ("rms_norm", OpFamily::Reduction),
        ("custom", OpFamily::Custom),
        ("dynamic_update_slice", OpFamily::Movement),
        ("bitcast_convert", OpFamily::Bitcast),
        ("rng_bit_generator", OpFamily::Random),
        ("batch_norm_inference", OpFamily::Reduction),
        ("all_gather", OpFamily::Collective),
        ("all_to_all", OpFamily::Collective),
        ("reduce_scatter", OpFamily::Collective),
        ("all_reduce", OpFamily::Collective),
        ("collective_permute", OpFamily::Collective),
        ("sharding_constraint", OpFamily::Marker),
        ("reshard", OpFamily::Boundary),
        ("propagation_barrier", OpFamily::Boundary),
        ("optimization_barrier", OpFamily::Marker),
        ("named_computation", OpFamily::Region),
        ("manual_computation", OpFamily::Region),
        ("while", OpFamily::Region),
        ("case", OpFamily::Region),
        ("constant", OpFamily::Source),
        ("iota", OpFamily::Source),
        ("partition_id", OpFamily::Source),
    ];

    /// One op of every kind: the unary and binary ops, the catalog's placeholder of
    /// every op it can build, and the rest by hand.
    fn samples() -> Vec<OpKind> {
        let groups = || ReplicaGroups(vec![vec![0, 1]]);
        let sharding = || TensorSharding::replicated("mesh", 1);
        let window = || Window {
            dimensions: vec![2],
            strides: vec![1],
            padding: vec![(0, 0)],
            base_dilations: vec![1],
            window_dilations: vec![1],
        };
        let by_hand = [
            OpKind::DotGeneral(DotGeneral::default()),
            OpKind::Einsum("ij,jk->ik".parse().expect("equation")),
            OpKind::Convolution(Convolution {
                dimension_numbers: "[b, 0, f]x[0, i, o]->[b, 0, f]".parse().expect("dimension numbers"),
                window_strides: vec![1],
                padding: vec![(0, 0)],
                lhs_dilation: vec![1],
                rhs_dilation: vec![1],
                feature_group_count: 1,
                batch_group_count: 1,
            }),
            OpKind::ReduceWindow(ReduceWindow { window: window(), kind: ReduceKind::Add }),
            OpKind::SelectAndScatter(SelectAndScatter {
                window: window(),
                select: crate::ops::ComparisonDirection::Ge,
                scatter: ReduceKind::Add,
            }),
            OpKind::Custom(Custom {
                rule: OpShardingRule::default(),
                results: Vec::new(),
                flops: Flops(0.0),
                target: None,
            }),
            OpKind::AllGather(AllGather {
                all_gather_dim: 0,
                replica_groups: groups(),
                channel_id: 0,
                use_global_device_ids: false,
            }),
            OpKind::AllToAll(AllToAll {
                split_dimension: 0,
                concat_dimension: 0,
                split_count: 2,
                replica_groups: groups(),
                channel_id: 0,
            }),
            OpKind::ReduceScatter(ReduceScatter {
                scatter_dimension: 0,
                kind: ReduceKind::Add,
                replica_groups: groups(),
                channel_id: 0,
                use_global_device_ids: false,
            }),
            OpKind::AllReduce(AllReduce {
                kind: ReduceKind::Add,
                replica_groups: groups(),
                channel_id: 0,
                use_global_device_ids: false,
            }),
            OpKind::CollectivePermute(CollectivePermute { source_target_pairs: vec![(0, 1)], channel_id: 0 }),
            OpKind::ShardingConstraint(sharding()),
            OpKind::Reshard(sharding()),
            OpKind::PropagationBarrier(PropagationDirection::Forward),
            OpKind::OptimizationBarrier,
            OpKind::NamedComputation(NamedComputation { label: "f".into(), in_shardings: None, out_shardings: None }),
            OpKind::ManualComputation(ManualComputation {
                manual_axes: Vec::new(),
                in_shardings: Vec::new(),
                out_shardings: Vec::new(),
            }),
            OpKind::While(While { trip_count: 1 }),
            OpKind::Case(Case { branches: 2, predicate: false }),
            OpKind::Constant(Constant { ty: TensorType::new([1], DType::F32), values: vec![0.0] }),
            OpKind::PartitionId,
        ];
        let built = catalog::all().iter().filter_map(|d| d.build.map(|b| (b.empty)()));
        UnaryOp::ALL
            .map(OpKind::Unary)
            .into_iter()
            .chain(BinaryOp::ALL.map(OpKind::Binary))
            .chain(built)
            .chain(by_hand)
            .collect()
    }

    #[test]
    fn every_op_is_of_its_pinned_family() {
        let pinned: BTreeMap<&str, OpFamily> = FAMILIES.into_iter().collect();
        assert_eq!(FAMILIES.map(|(name, _)| name), OTHER_OP_NAMES, "one entry per op, in OTHER_OP_NAMES order");
        let mut checked = BTreeMap::new();
        for kind in samples() {
            let name = kind.name();
            let expected = match kind {
                OpKind::Unary(_) | OpKind::Binary(_) => OpFamily::Elementwise,
                _ => pinned[name],
            };
            assert_eq!(kind.family(), expected, "{name}");
            checked.insert(name, expected);
        }
        // Every op was sampled (a new op needs an entry above and a sample).
        let every: Vec<&str> = crate::ops::op_names();
        assert_eq!(checked.keys().copied().collect::<Vec<_>>(), every);
    }
}
