//! `stablehlo.custom_call @Target(%a, …) {…} : (…) -> …` (or the generic form with
//! `call_target_name`): what it becomes in the op set.
//!
//! A call carrying `sdy.sharding_rule = #sdy.op_sharding_rule<…>` keeps that rule,
//! whatever its target (as Shardy does). Otherwise its target must be one of
//! Shardy's registry ([`CallTarget`]), which gives the rule; `mhlo.erf` becomes the
//! `erf` op. Either way a known target brings its FLOP estimate and, where it has
//! one, its decomposition (the body the executor runs). An unknown target without a
//! rule is an error naming it. Attributes the rule does not need (`backend_config`,
//! `mhlo.backend_config`, `mhlo.frontend_attributes`, `called_computations`…) are
//! read past; `mhlo.topk` reads `largest` from `mhlo.attributes`. `chlo.top_k(%x, k = K)`,
//! which `jax.lax.top_k` prints, is the call `mhlo.topk` with `largest = true`.

use super::ast::{Operation, ValueRef};
use super::attrs;
use super::ops::tensor_type;
use autoshard_model::ops::{CallTarget, Custom, Decomposition};
use autoshard_model::rules::{CallUsers, OpShapes, custom_call_rule};
use autoshard_model::{Flops, OpKind, OpShardingRule, TensorType};
use std::collections::BTreeSet;

/// A custom call in the op set: its kind and, if it has one, its decomposition.
#[derive(Debug, Clone)]
pub struct Lowered {
    /// A [`Custom`] op, or the op the target is (`erf`).
    pub kind: OpKind,
    /// The body of a custom op that can execute.
    pub body: Option<Decomposition>,
}

/// The call's target name: its `@Target` word or its `call_target_name` attribute
/// (`mhlo.topk` for a `chlo.top_k`).
pub fn target_name(op: &Operation) -> Result<String, String> {
    if op.name == "chlo.top_k" {
        return top_k_name(op);
    }
    let word = op.words.iter().find_map(|w| w.text.strip_prefix('@'));
    let attr = op.attr("call_target_name").map(|a| a.text.trim_matches('"'));
    word.or(attr).map(str::to_string).ok_or_else(|| "the custom_call names no target (@Target)".to_string())
}

/// `chlo.top_k`'s call target, once its `k` is checked against its results.
fn top_k_name(op: &Operation) -> Result<String, String> {
    let k = attrs::int(&op.attr("k").ok_or("chlo.top_k needs attribute 'k'")?.text)?;
    for ty in &op.result_types {
        let ty = tensor_type(ty)?;
        if ty.shape.last().copied() != Some(k) {
            return Err(format!("chlo.top_k with k = {k} returns {ty}, whose last dimension is not {k}"));
        }
    }
    Ok("mhlo.topk".into())
}

/// The names of the values a `rng_bit_generator` in `block` (or in a region inside
/// it) reads: what [`users`] looks a call's results up in, gathered once per block.
pub fn rng_reads(block: &[Operation]) -> BTreeSet<String> {
    fn walk(block: &[Operation], reads: &mut BTreeSet<String>) {
        for op in block {
            if op.name == "stablehlo.rng_bit_generator" {
                reads.extend(op.operands.iter().map(ValueRef::id));
            }
            op.regions.iter().for_each(|r| walk(&r.ops, reads));
        }
    }
    let mut reads = BTreeSet::new();
    walk(block, &mut reads);
    reads
}

/// Whether a `rng_bit_generator` reads a result of `op`, given what those in its
/// block read ([`rng_reads`]).
pub fn users(op: &Operation, rng_reads: &BTreeSet<String>) -> CallUsers {
    let read = op.result_values().any(|r| rng_reads.contains(&r.id()));
    if read { CallUsers::RngBitGenerator } else { CallUsers::Other }
}

/// The op set's view of custom call `op` whose operands have `operand_types`.
pub fn lower(op: &Operation, operand_types: &[TensorType], users: CallUsers) -> Result<Lowered, String> {
    let name = target_name(op)?;
    let results = op.result_types.iter().map(tensor_type).collect::<Result<Vec<_>, _>>()?;
    let shapes = OpShapes { operands: operand_types.iter().collect(), results: results.iter().collect() };
    let known = CallTarget::of(&name).map_err(|e| e.to_string()).and_then(|t| with_attributes(t, op));
    let (target, rule) = match op.attr("sdy.sharding_rule") {
        Some(attr) => {
            let rule: OpShardingRule = attr.text.parse().map_err(|e| format!("malformed sdy.sharding_rule: {e}"))?;
            (known.ok(), rule)
        }
        None => {
            let target = known?;
            if let Some(kind) = target.as_op() {
                return Ok(Lowered { kind, body: None });
            }
            (Some(target), custom_call_rule(target, &shapes, users).map_err(|e| e.to_string())?)
        }
    };
    let flops = target.map_or(Flops(0.0), |t| t.flops(&shapes.operands, &shapes.results));
    let body = target.and_then(|t| t.decomposition(&shapes.operands, &shapes.results));
    let custom = Custom { rule, results, flops, target: Some(name) };
    Ok(Lowered { kind: OpKind::Custom(custom), body })
}

/// `target` with what the call's attributes say about it (`mhlo.topk`'s `largest`).
fn with_attributes(target: CallTarget, op: &Operation) -> Result<CallTarget, String> {
    let CallTarget::TopK { .. } = target else { return Ok(target) };
    let dict = op.attr("mhlo.attributes").map(|a| attrs::inside(&a.text, '{', '}'));
    let largest = dict.and_then(|d| attrs::entry(d, "largest")).map_or(Ok(true), attrs::boolean)?;
    Ok(CallTarget::TopK { largest })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::FuncBody;
    use crate::parser::parse;

    /// The first op of a function whose arguments are `args` and body is `text`.
    fn parsed(args: &str, text: &str) -> Vec<Operation> {
        let source = format!("func.func @f({args}) {{\n{text}\n}}");
        parse(&source).unwrap_or_else(|e| panic!("{e}\n{source}")).funcs[0].ops().to_vec()
    }

    fn ty(shape: &[i64]) -> TensorType {
        TensorType::new(shape, autoshard_model::DType::F32)
    }

    #[test]
    fn reads_targets_in_both_spellings_and_topk_attributes() {
        let body = parsed(
            "%a: tensor<16x8xf32>",
            "%0:2 = stablehlo.custom_call @mhlo.topk(%a) {mhlo.attributes = {k = 2 : i64, largest = false}, mhlo.version = 1 : i64} : (tensor<16x8xf32>) -> (tensor<16x2xf32>, tensor<16x2xi32>)\nreturn %0#0 : tensor<16x2xf32>",
        );
        assert_eq!(target_name(&body[0]).as_deref(), Ok("mhlo.topk"));
        assert_eq!(
            with_attributes(CallTarget::TopK { largest: true }, &body[0]),
            Ok(CallTarget::TopK { largest: false })
        );
        let lowered = lower(&body[0], &[ty(&[16, 8])], CallUsers::Other).expect("lowered");
        assert!(lowered.body.is_some());
        let generic = parsed(
            "%a: tensor<4xf32>",
            "%0 = \"stablehlo.custom_call\"(%a) <{call_target_name = \"MoveToHost\"}> : (tensor<4xf32>) -> tensor<4xf32>\nreturn %0 : tensor<4xf32>",
        );
        assert_eq!(target_name(&generic[0]).as_deref(), Ok("MoveToHost"));
    }

    #[test]
    fn finds_rng_bit_generator_users() {
        let body = parsed(
            "%a: tensor<2xui32>, %b: tensor<2xui32>",
            "%0 = stablehlo.custom_call @X64Combine(%a, %b) : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xui64>\n%s, %o = stablehlo.rng_bit_generator %0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)\nreturn %o : tensor<4xui32>",
        );
        let reads = rng_reads(&body);
        assert_eq!(users(&body[0], &reads), CallUsers::RngBitGenerator);
        assert_eq!(users(&body[1], &reads), CallUsers::Other);
        // A generator in a region of a later op reads it too; one reading another
        // value does not.
        let nested = parsed(
            "%a: tensor<2xui32>, %b: tensor<2xui32>",
            "%0 = stablehlo.custom_call @X64Combine(%a, %b) : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xui64>\n\
             %1 = stablehlo.custom_call @X64Combine(%b, %a) : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xui64>\n\
             %2 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%x: tensor<2xui32>) {\n\
             %s, %o = stablehlo.rng_bit_generator %0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)\n\
             sdy.return %x : tensor<2xui32>\n\
             } : (tensor<2xui32>) -> tensor<2xui32>\n\
             return %2 : tensor<2xui32>",
        );
        let reads = rng_reads(&nested);
        assert_eq!(users(&nested[0], &reads), CallUsers::RngBitGenerator);
        assert_eq!(users(&nested[1], &reads), CallUsers::Other);
    }

    #[test]
    fn an_existing_rule_wins_and_unknown_targets_are_unsupported() {
        let body = parsed(
            "%a: tensor<4x2xf32>",
            "%0 = stablehlo.custom_call @foo(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=4, j=2}, custom>} : (tensor<4x2xf32>) -> tensor<2x4xf32>\n%1 = stablehlo.custom_call @foo(%a) : (tensor<4x2xf32>) -> tensor<2x4xf32>\nreturn %0 : tensor<2x4xf32>",
        );
        let lowered = lower(&body[0], &[ty(&[4, 2])], CallUsers::Other).expect("lowered");
        let OpKind::Custom(custom) = lowered.kind else { panic!("not a custom op") };
        assert_eq!(custom.rule.to_string(), "#sdy.op_sharding_rule<([i, j])->([j, i]) {i=4, j=2}, custom>");
        assert!(lowered.body.is_none());
        let e = lower(&body[1], &[ty(&[4, 2])], CallUsers::Other).unwrap_err();
        assert!(e.starts_with("custom_call @foo is not supported"), "{e}");
    }
}
