//! Building an [`OpShardingRule`] factor by factor, with Shardy's semantics.
//!
//! A factor is added with a size, a kind, and for every operand and result the
//! dimension it maps to (or `None`). Factors are numbered in the order they are added,
//! which fixes their names (`i`, `j`, ...), so the order of `add_*` calls *is* the
//! printed rule. Two details follow Shardy exactly: a factor of size 1 is not added to
//! a dimension that already has a factor, and [`RuleBuilder::build`] gives every
//! dimension that ended up without a factor a new size-1 factor, numbered after all
//! others (operands first, then results).

use crate::rule::{DimMapping, FactorId, FactorKind, OpShardingRule, TensorMapping};

/// Builds one op's sharding rule.
#[derive(Debug, Clone)]
pub struct RuleBuilder {
    factor_sizes: Vec<i64>,
    operands: Vec<TensorMapping>,
    results: Vec<TensorMapping>,
    reduction: Vec<FactorId>,
    need_replication: Vec<FactorId>,
    permutation: Vec<FactorId>,
    blocked: Vec<FactorId>,
}

impl RuleBuilder {
    /// A builder for an op whose operands and results have these ranks.
    pub fn new(operand_ranks: &[usize], result_ranks: &[usize]) -> Self {
        let mappings =
            |ranks: &[usize]| ranks.iter().map(|&r| TensorMapping { dims: vec![DimMapping::default(); r] }).collect();
        RuleBuilder {
            factor_sizes: Vec::new(),
            operands: mappings(operand_ranks),
            results: mappings(result_ranks),
            reduction: Vec::new(),
            need_replication: Vec::new(),
            permutation: Vec::new(),
            blocked: Vec::new(),
        }
    }

    fn reserve(&mut self, size: i64, kind: FactorKind, blocked: bool) -> FactorId {
        let id = FactorId(self.factor_sizes.len());
        self.factor_sizes.push(size);
        if blocked {
            self.blocked.push(id);
        }
        match kind {
            FactorKind::Reduction => self.reduction.push(id),
            FactorKind::NeedReplication => self.need_replication.push(id),
            FactorKind::Permutation => self.permutation.push(id),
            FactorKind::PassThrough => {}
        }
        id
    }

    /// Adds a factor of `size` and `kind` mapped to dimension `operand_dims[i]` of
    /// operand `i` and `result_dims[j]` of result `j` (`None`: not mapped; missing
    /// trailing entries count as `None`).
    pub fn add_factor(
        &mut self,
        operand_dims: &[Option<usize>],
        result_dims: &[Option<usize>],
        size: i64,
        kind: FactorKind,
    ) -> &mut Self {
        self.add_factor_blocked(operand_dims, result_dims, size, kind, false)
    }

    /// [`RuleBuilder::add_factor`] for a factor along which propagation is blocked when
    /// `blocked` is true.
    pub fn add_factor_blocked(
        &mut self,
        operand_dims: &[Option<usize>],
        result_dims: &[Option<usize>],
        size: i64,
        kind: FactorKind,
        blocked: bool,
    ) -> &mut Self {
        let id = self.reserve(size, kind, blocked);
        map_dims(&mut self.operands, operand_dims, id, size);
        map_dims(&mut self.results, result_dims, id, size);
        self
    }

    /// Adds a factor mapped to dimension `dim` of every operand and result of rank at
    /// least 1 (scalars are skipped).
    pub fn add_factor_everywhere(&mut self, dim: usize, size: i64, kind: FactorKind, blocked: bool) -> &mut Self {
        let id = self.reserve(size, kind, blocked);
        for mapping in self.operands.iter_mut().chain(self.results.iter_mut()) {
            if let Some(d) = mapping.dims.get_mut(dim) {
                d.factors.push(id);
            }
        }
        self
    }

    /// One factor per dimension of `shape`, mapped to that dimension everywhere, of the
    /// kind `kind_of(dim)`.
    pub fn add_pointwise(&mut self, shape: &[i64], kind_of: impl Fn(usize) -> FactorKind) -> &mut Self {
        for (dim, &size) in shape.iter().enumerate() {
            self.add_factor_everywhere(dim, size, kind_of(dim), false);
        }
        self
    }

    /// Like [`RuleBuilder::add_pointwise`], but a dimension whose size differs between
    /// `in_shape` and `out_shape` gets `mismatch_kind` (and is blocked if asked).
    pub fn add_pointwise_with_mismatch(
        &mut self,
        in_shape: &[i64],
        out_shape: &[i64],
        mismatch_kind: FactorKind,
        mismatch_blocked: bool,
    ) -> &mut Self {
        for (dim, (&a, &b)) in in_shape.iter().zip(out_shape).enumerate() {
            if a == b {
                self.add_factor_everywhere(dim, a, FactorKind::PassThrough, false);
            } else {
                self.add_factor_everywhere(dim, a, mismatch_kind, mismatch_blocked);
            }
        }
        self
    }

    /// The rule; every dimension without a factor gets a new size-1 factor.
    pub fn build(self) -> OpShardingRule {
        let mut factor_sizes = self.factor_sizes;
        let mut fill = |mappings: Vec<TensorMapping>| -> Vec<TensorMapping> {
            let mut fill_dim = |d: DimMapping| {
                if d.factors.is_empty() {
                    factor_sizes.push(1);
                    DimMapping { factors: vec![FactorId(factor_sizes.len() - 1)] }
                } else {
                    d
                }
            };
            mappings
                .into_iter()
                .map(|m| TensorMapping { dims: m.dims.into_iter().map(&mut fill_dim).collect() })
                .collect()
        };
        let operands = fill(self.operands);
        let results = fill(self.results);
        OpShardingRule {
            factor_sizes,
            operands,
            results,
            reduction: self.reduction,
            need_replication: self.need_replication,
            permutation: self.permutation,
            blocked_propagation: self.blocked,
            custom: false,
        }
    }
}

/// Maps factor `id` to the given dimension of each tensor; a size-1 factor is not
/// added to a dimension that already has a factor.
fn map_dims(mappings: &mut [TensorMapping], dims: &[Option<usize>], id: FactorId, size: i64) {
    for (mapping, dim) in mappings.iter_mut().zip(dims) {
        let Some(d) = dim.and_then(|d| mapping.dims.get_mut(d)) else { continue };
        if size == 1 && !d.factors.is_empty() {
            continue;
        }
        d.factors.push(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_a_matmul_rule() {
        let mut b = RuleBuilder::new(&[2, 2], &[2]);
        b.add_factor(&[Some(0), None], &[Some(0)], 8, FactorKind::PassThrough)
            .add_factor(&[None, Some(1)], &[Some(1)], 16, FactorKind::PassThrough)
            .add_factor(&[Some(1), Some(0)], &[], 32, FactorKind::Reduction);
        assert_eq!(
            b.build().to_string(),
            "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>"
        );
    }

    #[test]
    fn unmapped_dims_get_size_one_factors() {
        let mut b = RuleBuilder::new(&[1], &[2]);
        b.add_factor(&[Some(0)], &[Some(1)], 4, FactorKind::PassThrough);
        assert_eq!(b.build().to_string(), "#sdy.op_sharding_rule<([i])->([j, i]) {i=4, j=1}>");
    }
}
