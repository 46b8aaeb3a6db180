//! Rules of `stablehlo.custom_call` targets, as Shardy's registry builds them.
//!
//! - pointwise (one factor per dimension of the first result, on every tensor):
//!   the identity targets, `mhlo.erf`, `Cholesky`, `InvertDiagBlocks*`,
//!   `CompactWyHelper`, `X64Split*`, `_SPMDInternalOp_*`, and `X64Combine` — except
//!   that an `X64Combine` feeding a `rng_bit_generator` (whose seed must be
//!   replicated) gets one need-replication, blocked factor:
//!   `([i], [i])->([i]) {i=2} need_replication={i} blocked_propagation={i}`;
//! - `Eigh` (`[..., n, n] -> [..., n, n], [..., n]`): the batch dims pointwise, then
//!   the rows, then the columns, which are also the eigenvalues' dimension:
//!   `([i, j, k])->([i, j, k], [i, k])`;
//! - `Qr` (`[..., m, n] -> [..., m, n], [..., min]`): batch pointwise, rows and
//!   columns need replication, and the taus' dimension is a factor of its own that
//!   needs replication too: `([i, j, k])->([i, j, k], [i, l]) need_replication={j, k, l}`;
//! - `ProductOfElementaryHouseholderReflectors` (`[..., m, n], [..., k] -> [..., m, n]`):
//!   the same with the taus an operand: `([i, j, k], [i, l])->([i, j, k])`;
//! - `mhlo.topk`: pointwise between operand and values, the dimension whose size
//!   changes needs replication and is blocked; the indices map like the values;
//! - `ApproxTopK`/`PartialReduce` (operand, iota, two scalar inits): a dimension of
//!   equal size is pointwise; the reduced one is an operand-only factor plus a
//!   results-only factor that needs replication and is blocked:
//!   `([i, j], [i, j], [], [])->([i, k], [i, k]) {i=16, j=4, k=2} need_replication={k} blocked_propagation={k}`.
//!
//! Shardy asserts the operand and result counts of the non-pointwise targets; here a
//! wrong count or rank is an error saying what was expected.

use super::OpShapes;
use crate::ops::CallTarget;
use crate::rule::{FactorKind, OpShardingRule};

/// Who uses a custom call's results, where that changes its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallUsers {
    /// Some `rng_bit_generator` uses a result (as its seed).
    RngBitGenerator,
    /// Anything else.
    Other,
}

/// Shardy's rule for a call of `target` with `shapes`.
pub fn custom_call_rule(target: CallTarget, shapes: &OpShapes<'_>, users: CallUsers) -> crate::Result<OpShardingRule> {
    let rule = match target {
        CallTarget::X64Combine if users == CallUsers::RngBitGenerator => x64_combine_seed(shapes),
        CallTarget::Eigh => eigh(shapes),
        CallTarget::Qr => qr(shapes),
        CallTarget::HouseholderProduct => householder_product(shapes),
        CallTarget::TopK { .. } => top_k(shapes),
        CallTarget::ApproxTopK => approx_top_k(shapes),
        _ => pointwise(shapes),
    };
    rule.map_err(crate::Error::Rule)
}

/// Checks the operand and result counts; returns the operand's rank if `min_rank`
/// is asked of operand 0.
fn expect(shapes: &OpShapes<'_>, what: &str, counts: (usize, usize), min_rank: usize) -> Result<usize, String> {
    let (operands, results) = (shapes.operands.len(), shapes.results.len());
    if (operands, results) != counts {
        return Err(format!(
            "custom_call @{what} takes {} operand(s) and returns {} result(s), found {operands} and {results}",
            counts.0, counts.1
        ));
    }
    let rank = shapes.operands.first().map_or(0, |t| t.rank());
    if rank < min_rank {
        return Err(format!("custom_call @{what}: operand 0 must have rank at least {min_rank}, found rank {rank}"));
    }
    Ok(rank)
}

/// Checks that every result has rank `rank`.
fn results_have_rank(shapes: &OpShapes<'_>, what: &str, rank: usize) -> Result<(), String> {
    match shapes.results.iter().position(|t| t.rank() != rank) {
        Some(i) => Err(format!(
            "custom_call @{what}: result {i} must have rank {rank} like the operand, found rank {}",
            shapes.results[i].rank()
        )),
        None => Ok(()),
    }
}

/// The pointwise rule of an elementwise op, for a call with at least one result.
fn pointwise(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    if shapes.results.is_empty() {
        return Err("a custom call without results has no sharding rule".into());
    }
    Ok(super::pointwise::rule(shapes))
}

fn x64_combine_seed(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    let result = &shapes.results.first().ok_or("X64Combine has no result")?.shape;
    let [size] = result.as_slice() else {
        return Err(format!("custom_call @X64Combine feeding a rng_bit_generator must be rank 1, found {result:?}"));
    };
    let mut b = shapes.builder();
    b.add_factor_everywhere(0, *size, FactorKind::NeedReplication, true);
    Ok(b.build())
}

fn eigh(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    let rank = expect(shapes, "Eigh", (1, 2), 2)?;
    let shape = &shapes.operands[0].shape;
    let (rows, cols) = (rank - 2, rank - 1);
    let mut b = shapes.builder();
    b.add_pointwise(&shape[..rows], |_| FactorKind::PassThrough)
        .add_factor(&[Some(rows)], &[Some(rows), None], shape[rows], FactorKind::PassThrough)
        .add_factor(&[Some(cols)], &[Some(cols), Some(rows)], shape[cols], FactorKind::PassThrough);
    Ok(b.build())
}

fn qr(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    let rank = expect(shapes, "Qr", (1, 2), 2)?;
    let (shape, taus) = (&shapes.operands[0].shape, &shapes.results[1].shape);
    let (rows, cols) = (rank - 2, rank - 1);
    let tau = *taus
        .get(rows)
        .ok_or_else(|| format!("custom_call @Qr: result 1 must have rank {}, found {}", rank - 1, taus.len()))?;
    let replicated = FactorKind::NeedReplication;
    let mut b = shapes.builder();
    b.add_pointwise(&shape[..rows], |_| FactorKind::PassThrough)
        .add_factor(&[Some(rows)], &[Some(rows), None], shape[rows], replicated)
        .add_factor(&[Some(cols)], &[Some(cols), None], shape[cols], replicated)
        .add_factor(&[], &[None, Some(rows)], tau, replicated);
    Ok(b.build())
}

fn householder_product(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    let what = "ProductOfElementaryHouseholderReflectors";
    let rank = expect(shapes, what, (2, 1), 2)?;
    let (shape, taus) = (&shapes.operands[0].shape, &shapes.operands[1].shape);
    let (rows, cols) = (rank - 2, rank - 1);
    let tau = *taus
        .get(rows)
        .ok_or_else(|| format!("custom_call @{what}: operand 1 must have rank {}, found {}", rank - 1, taus.len()))?;
    let replicated = FactorKind::NeedReplication;
    let mut b = shapes.builder();
    b.add_pointwise(&shape[..rows], |_| FactorKind::PassThrough)
        .add_factor(&[Some(rows), None], &[Some(rows)], shape[rows], replicated)
        .add_factor(&[Some(cols), None], &[Some(cols)], shape[cols], replicated)
        .add_factor(&[None, Some(rows)], &[], tau, replicated);
    Ok(b.build())
}

fn top_k(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    let rank = expect(shapes, "mhlo.topk", (1, 2), 0)?;
    results_have_rank(shapes, "mhlo.topk", rank)?;
    // The values and indices are the operand with one dimension cut: a dynamic slice.
    Ok(super::slicing::dynamic_slice_rule(shapes))
}

fn approx_top_k(shapes: &OpShapes<'_>) -> Result<OpShardingRule, String> {
    let rank = expect(shapes, "ApproxTopK", (4, 2), 0)?;
    results_have_rank(shapes, "ApproxTopK", rank)?;
    let (input, output) = (&shapes.operands[0].shape, &shapes.results[0].shape);
    let mut b = shapes.builder();
    for (dim, (&n, &k)) in input.iter().zip(output).enumerate() {
        if n == k {
            b.add_factor_everywhere(dim, n, FactorKind::PassThrough, false);
        } else {
            let (on_inputs, on_results) = ([Some(dim), Some(dim)], [Some(dim), Some(dim)]);
            b.add_factor(&on_inputs, &[], n, FactorKind::PassThrough).add_factor_blocked(
                &[],
                &on_results,
                k,
                FactorKind::NeedReplication,
                true,
            );
        }
    }
    Ok(b.build())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ir::TensorType;

    fn rule(target: &str, operands: &[&[i64]], results: &[&[i64]], users: CallUsers) -> Result<String, String> {
        let types = |shapes: &[&[i64]]| shapes.iter().map(|s| TensorType::new(*s, DType::F32)).collect::<Vec<_>>();
        let (operands, results) = (types(operands), types(results));
        let shapes = OpShapes { operands: operands.iter().collect(), results: results.iter().collect() };
        let target = CallTarget::of(target).map_err(|e| e.to_string())?;
        custom_call_rule(target, &shapes, users).map(|r| r.to_string()).map_err(|e| e.to_string())
    }

    /// A target, its operand and result shapes, and the rule Shardy prints.
    type Case<'a> = (&'a str, &'a [&'a [i64]], &'a [&'a [i64]], &'a str);

    #[test]
    fn registry_rules_print_as_shardy_does() {
        let other = CallUsers::Other;
        let cases: [Case<'_>; 5] = [
            ("Eigh", &[&[8, 4, 4]], &[&[8, 4, 4], &[8, 4]], "([i, j, k])->([i, j, k], [i, k]) {i=8, j=4, k=4}>"),
            (
                "Qr",
                &[&[8, 5, 3]],
                &[&[8, 5, 3], &[8, 3]],
                "([i, j, k])->([i, j, k], [i, l]) {i=8, j=5, k=3, l=3} need_replication={j, k, l}>",
            ),
            (
                "ProductOfElementaryHouseholderReflectors",
                &[&[8, 12, 16], &[8, 5]],
                &[&[8, 12, 16]],
                "([i, j, k], [i, l])->([i, j, k]) {i=8, j=12, k=16, l=5} need_replication={j, k, l}>",
            ),
            (
                "mhlo.topk",
                &[&[16, 8]],
                &[&[16, 2], &[16, 2]],
                "([i, j])->([i, j], [i, j]) {i=16, j=8} need_replication={j} blocked_propagation={j}>",
            ),
            (
                "PartialReduce",
                &[&[16, 4], &[16, 4], &[], &[]],
                &[&[16, 2], &[16, 2]],
                "([i, j], [i, j], [], [])->([i, k], [i, k]) {i=16, j=4, k=2} need_replication={k} blocked_propagation={k}>",
            ),
        ];
        for (target, operands, results, want) in cases {
            let got = rule(target, operands, results, other).unwrap();
            assert_eq!(got, format!("#sdy.op_sharding_rule<{want}"), "{target}");
        }
        let seed = rule("X64Combine", &[&[2], &[2]], &[&[2]], CallUsers::RngBitGenerator).unwrap();
        assert_eq!(seed, "#sdy.op_sharding_rule<([i], [i])->([i]) {i=2} need_replication={i} blocked_propagation={i}>");
        let plain = rule("X64Combine", &[&[8, 2], &[8, 2]], &[&[8, 2]], other).unwrap();
        assert_eq!(plain, "#sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=2}>");
    }

    #[test]
    fn wrong_counts_and_ranks_are_errors() {
        let e = rule("Eigh", &[&[4, 4]], &[&[4, 4]], CallUsers::Other).unwrap_err();
        assert_eq!(e, "custom_call @Eigh takes 1 operand(s) and returns 2 result(s), found 1 and 1");
        let e = rule("Qr", &[&[4]], &[&[4], &[4]], CallUsers::Other).unwrap_err();
        assert_eq!(e, "custom_call @Qr: operand 0 must have rank at least 2, found rank 1");
        let e = rule("mhlo.topk", &[&[4, 4]], &[&[4, 1], &[4]], CallUsers::Other).unwrap_err();
        assert!(e.contains("result 1 must have rank 2"), "{e}");
    }
}
