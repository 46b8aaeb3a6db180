//! Combiner regions: the reduction a `reduce`, `reduce_window`, `select_and_scatter`,
//! `scatter` or `reduce_scatter` region computes, read off its ops.

use super::ast::Operation;
use autoshard_model::ops::ReduceKind;

/// The reduction a combiner op computes.
pub fn reduction(name: &str) -> Option<ReduceKind> {
    match name {
        "stablehlo.add" => Some(ReduceKind::Add),
        "stablehlo.maximum" => Some(ReduceKind::Max),
        "stablehlo.minimum" => Some(ReduceKind::Min),
        "stablehlo.multiply" => Some(ReduceKind::Mul),
        "stablehlo.and" => Some(ReduceKind::And),
        "stablehlo.or" => Some(ReduceKind::Or),
        "stablehlo.xor" => Some(ReduceKind::Xor),
        _ => None,
    }
}

/// The one reduction a body applies to each of `inputs` inputs on its own: `inputs`
/// ops of one combiner, op `k` combining block arguments `k` and `k + inputs`.
pub fn body_reduction(op: &Operation, region: usize, inputs: usize) -> Result<ReduceKind, String> {
    let what = op.name.strip_prefix("stablehlo.").unwrap_or(&op.name);
    let unsupported = || {
        format!(
            "a {what} whose body is not one add, maximum, minimum, multiply, and, or or xor per input (all the same) is not supported"
        )
    };
    let body = op.regions.get(region).ok_or_else(unsupported)?;
    let (ret, combiners) = body.ops.split_last().ok_or_else(unsupported)?;
    let args: Vec<&str> = body.args.iter().map(|a| a.name.as_str()).collect();
    let mut kinds = combiners.iter().enumerate().map(|(k, c)| {
        let (&x, &y) = (args.get(k)?, args.get(k + inputs)?);
        let paired = matches!(c.operands.as_slice(), [a, b] if (a == x && b == y) || (a == y && b == x));
        let returned = ret.operands.get(k) == c.results.first();
        reduction(&c.name).filter(|_| paired && returned)
    });
    let first = kinds.next().flatten().ok_or_else(unsupported)?;
    if combiners.len() != inputs || ret.operands.len() != inputs || !kinds.all(|k| k == Some(first)) {
        return Err(unsupported());
    }
    Ok(first)
}
