//! Combiner regions: the reduction a `reduce`, `reduce_window`, `select_and_scatter`,
//! `scatter` or `reduce_scatter` region computes, read off its ops; and the arg
//! reductions (`jnp.argmax`, `argmin`), recognised by what their comparator computes.
//!
//! JAX writes an argmax's comparator as a few compares, `and`s, `or`s and two
//! selects, and other front ends write it otherwise; rather than match one spelling,
//! [`arg_reduction`] runs the body on every pair of probe values (ties, NaNs,
//! either order of indices) and accepts it if it computes exactly
//! [`ReduceKind::arg_combine`].

use super::ast::{Block, Operation};
use super::attrs;
use autoshard_model::ops::ReduceKind;
use std::collections::BTreeMap;

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
            "a {what} whose body is not one add, maximum, minimum, multiply, and, or or xor per input (all the same), \
             nor an argmax or argmin over values and indices, is not supported"
        )
    };
    let body = op.regions.get(region).ok_or_else(unsupported)?;
    let (ret, combiners) = body.ops.split_last().ok_or_else(unsupported)?;
    let args: Vec<&str> = body.args.iter().map(|a| a.name.as_str()).collect();
    let mut kinds = combiners.iter().enumerate().map(|(k, c)| {
        let (&x, &y) = (args.get(k)?, args.get(k + inputs)?);
        let paired = matches!(c.operands.as_slice(), [a, b] if (*a == *x && *b == *y) || (*a == *y && *b == *x));
        let returned = ret.operands.get(k).is_some_and(|r| c.result_values().next().is_some_and(|v| v == *r));
        reduction(&c.name).filter(|_| paired && returned)
    });
    let first = kinds.next().flatten().ok_or_else(unsupported)?;
    if combiners.len() != inputs || ret.operands.len() != inputs || !kinds.all(|k| k == Some(first)) {
        return Err(unsupported());
    }
    Ok(first)
}

/// The arg reduction (argmax or argmin) a two-input `reduce`'s body computes, if it
/// computes one: its outputs equal [`ReduceKind::arg_combine`] on every probe.
/// `float` says whether the values are floats (NaNs are probed only then).
pub fn arg_reduction(op: &Operation, float: bool) -> Option<ReduceKind> {
    let body = op.regions.first()?;
    let values: &[f64] = if float { &[-1.5, 0.0, 2.0, f64::NAN] } else { &[-1.0, 0.0, 2.0] };
    // Every (value, index) pair against every other, in both orders.
    let pairs: Vec<(f64, f64)> = values.iter().flat_map(|&v| [0.0, 1.0, 3.0].map(|i| (v, i))).collect();
    let same = |x: f64, y: f64| x == y || (x.is_nan() && y.is_nan());
    [ReduceKind::ArgMax, ReduceKind::ArgMin].into_iter().find(|kind| {
        pairs.iter().flat_map(|&p| pairs.iter().map(move |&q| (p, q))).all(|((a, ia), (b, ib))| {
            let (v, i) = kind.arg_combine((a, ia), (b, ib));
            matches!(run_scalar(body, &[a, ia, b, ib]).as_deref(), Some(&[x, j]) if same(x, v) && same(j, i))
        })
    })
}

/// Runs a scalar body on `args`: compares, logic and selects only (`None` for any
/// other op); what it returns.
fn run_scalar(body: &Block, args: &[f64]) -> Option<Vec<f64>> {
    let mut env: BTreeMap<String, f64> = body.args.iter().map(|a| a.name.clone()).zip(args.iter().copied()).collect();
    for op in &body.ops {
        let x: Vec<f64> = op.operands.iter().map(|o| env.get(&o.id()).copied()).collect::<Option<_>>()?;
        let truth = |b: bool| f64::from(u8::from(b));
        let value = match (op.name.as_str(), x.as_slice()) {
            ("stablehlo.return", _) => return Some(x),
            ("stablehlo.compare", &[a, b]) => truth(compare(op, a, b)?),
            ("stablehlo.and", &[a, b]) => truth(a != 0.0 && b != 0.0),
            ("stablehlo.or", &[a, b]) => truth(a != 0.0 || b != 0.0),
            ("stablehlo.xor", &[a, b]) => truth((a != 0.0) != (b != 0.0)),
            ("stablehlo.not", &[a]) => truth(a == 0.0),
            ("stablehlo.select", &[p, a, b]) => {
                if p != 0.0 {
                    a
                } else {
                    b
                }
            }
            _ => return None,
        };
        env.insert(op.result_values().next()?.id(), value);
    }
    None
}

/// A scalar `compare`'s outcome, by the direction its pretty or generic form names.
fn compare(op: &Operation, a: f64, b: f64) -> Option<bool> {
    let generic = op.attr("comparison_direction").map(|d| attrs::enum_word(&d.text));
    let direction = generic.or_else(|| op.words.iter().map(|w| w.text.as_str()).find(|w| w.len() == 2))?;
    Some(match direction {
        "EQ" => a == b,
        "NE" => a != b,
        "LT" => a < b,
        "LE" => a <= b,
        "GT" => a > b,
        "GE" => a >= b,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::FuncBody;
    use crate::parser::parse;

    /// The reduce of a function whose reduce body is `body` over `%a, %ia, %b, %ib`.
    fn reduce_with(body: &str) -> Operation {
        let text = format!(
            "func.func @f(%x: tensor<8xf32>, %i: tensor<8xi32>, %c: tensor<f32>, %z: tensor<i32>) -> tensor<i32> {{\n  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [0] : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)\n   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>) {{\n{body}\n  }}\n  return %0#1 : tensor<i32>\n}}"
        );
        parse(&text).expect("a module").funcs[0].ops()[0].clone()
    }

    #[test]
    fn arg_reductions_are_recognised_by_what_their_comparator_computes() {
        // JAX's argmin, with the compares spelled in the generic form for a change.
        let jax = |direction: &str| {
            format!(
                "%1 = \"stablehlo.compare\"(%a, %b) <{{comparison_direction = #stablehlo<comparison_direction {direction}>}}> : (tensor<f32>, tensor<f32>) -> tensor<i1>\n%2 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n%3 = stablehlo.or %1, %2 : tensor<i1>\n%4 = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n%5 = stablehlo.compare LT, %ia, %ib, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n%6 = stablehlo.and %4, %5 : tensor<i1>\n%7 = stablehlo.or %3, %6 : tensor<i1>\n%8 = stablehlo.select %3, %a, %b : tensor<i1>, tensor<f32>\n%9 = stablehlo.select %7, %ia, %ib : tensor<i1>, tensor<i32>\nstablehlo.return %8, %9 : tensor<f32>, tensor<i32>"
            )
        };
        assert_eq!(arg_reduction(&reduce_with(&jax("GT")), true), Some(ReduceKind::ArgMax));
        assert_eq!(arg_reduction(&reduce_with(&jax("LT")), true), Some(ReduceKind::ArgMin));
        // Without the tie-break on indices, or without NaNs winning, it is neither.
        let no_tie_break = jax("GT").replace("%9 = stablehlo.select %7", "%9 = stablehlo.select %3");
        assert_eq!(arg_reduction(&reduce_with(&no_tie_break), true), None);
        let no_nan = jax("GT").replace("%3 = stablehlo.or %1, %2", "%3 = stablehlo.and %1, %1");
        assert_eq!(arg_reduction(&reduce_with(&no_nan), true), None);
        // Over integers NaNs are not probed: the same body without its NaN test is one.
        assert_eq!(arg_reduction(&reduce_with(&no_nan), false), Some(ReduceKind::ArgMax));
    }
}
