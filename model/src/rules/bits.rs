//! Rules and counts of `bitcast_convert` and `rng_bit_generator`.
//!
//! Rules (Shardy's):
//! - `bitcast_convert`: pointwise over the tensor of smaller rank; the extra trailing
//!   dimension of the narrower element type (one wide element's pieces) needs
//!   replication.
//! - `rng_bit_generator`: the state and the next state share need-replication factors
//!   along which propagation is blocked; the random output's dimensions are free
//!   factors of their own.
//!
//! Counts: bitcast moves bytes; the generator does one FLOP per output element.

use super::{OpCounts, OpShapes};
use crate::rule::{FactorKind, OpShardingRule};

/// Shardy's `bitcast_convert` rule.
pub fn bitcast_rule(shapes: &OpShapes<'_>) -> OpShardingRule {
    let (input, output) = (&shapes.operands[0].shape, &shapes.results[0].shape);
    let mut b = shapes.builder();
    b.add_pointwise(if input.len() < output.len() { input } else { output }, |_| FactorKind::PassThrough);
    if input.len() < output.len() {
        let dim = output.len() - 1;
        b.add_factor(&[], &[Some(dim)], output[dim], FactorKind::NeedReplication);
    } else if input.len() > output.len() {
        let dim = input.len() - 1;
        b.add_factor(&[Some(dim)], &[], input[dim], FactorKind::NeedReplication);
    }
    b.build()
}

/// Shardy's `rng_bit_generator` rule.
pub fn rng_rule(shapes: &OpShapes<'_>) -> OpShardingRule {
    let mut b = shapes.builder();
    for (dim, &size) in shapes.operands[0].shape.iter().enumerate() {
        b.add_factor_blocked(&[Some(dim)], &[Some(dim), None], size, FactorKind::NeedReplication, true);
    }
    for (dim, &size) in shapes.results[1].shape.iter().enumerate() {
        b.add_factor(&[None], &[None, Some(dim)], size, FactorKind::PassThrough);
    }
    b.build()
}

/// The generator: one FLOP per output element.
pub fn rng_counts(shapes: &OpShapes<'_>) -> OpCounts {
    let elements = shapes.results.get(1).map_or(0, |t| t.num_elements());
    OpCounts::moving(shapes).with_flops(elements as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ir::TensorType;

    #[test]
    fn bitcast_to_a_narrower_type_adds_a_replicated_dim() {
        let (x, y) = (TensorType::new([4, 2], DType::U64), TensorType::new([4, 2, 2], DType::U32));
        let shapes = OpShapes { operands: vec![&x], results: vec![&y] };
        assert_eq!(
            bitcast_rule(&shapes).to_string(),
            "#sdy.op_sharding_rule<([i, j])->([i, j, k]) {i=4, j=2, k=2} need_replication={k}>"
        );
    }
}
