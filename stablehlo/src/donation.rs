//! Donated arguments: which result each one's buffer becomes.
//!
//! A training step reads next time what it writes this time, so a donated argument
//! and the result that reuses its buffer must keep one sharding (a plan that changes
//! it makes XLA reshard every parameter between steps). The importer ties each pair
//! with a sharding group. `tf.aliasing_output = N` names the result; JAX's
//! `jax.buffer_donor = true` leaves the choice to XLA, which gives a donor to the
//! first result of the same type not yet taken, in order, as read here.

use super::ast::Func;
use super::ops::tensor_type;

/// `(argument, result)` index pairs: the results the donated arguments of `func`
/// become. A donor no result of its type is left for is not tied.
pub fn aliases(func: &Func) -> Result<Vec<(usize, usize)>, String> {
    let mut pairs = Vec::new();
    let mut taken = vec![false; func.results.len()];
    for (i, arg) in func.args.iter().enumerate() {
        if let Some((_, attr)) = arg.attrs.iter().find(|(k, _)| k == "tf.aliasing_output") {
            let n = super::attrs::int(&attr.text)? as usize;
            let slot = taken.get_mut(n).ok_or_else(|| format!("tf.aliasing_output = {n}: there is no result {n}"))?;
            *slot = true;
            pairs.push((i, n));
        }
    }
    for (i, arg) in func.args.iter().enumerate() {
        let donor = arg.attrs.iter().any(|(k, a)| k == "jax.buffer_donor" && a.text.trim() == "true");
        if !donor {
            continue;
        }
        let ty = tensor_type(&arg.ty)?;
        let same = |r: usize| func.results.get(r).and_then(|p| tensor_type(&p.ty).ok()).as_ref() == Some(&ty);
        if let Some(r) = (0..func.results.len()).find(|&r| !taken[r] && same(r)) {
            taken[r] = true;
            pairs.push((i, r));
        }
    }
    pairs.sort_unstable();
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse;

    fn func(signature: &str) -> Func {
        let module = parse(&format!(
            "func.func @main{signature} {{\n  return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>\n}}"
        ));
        module.expect("a module").funcs.remove(0)
    }

    #[test]
    fn donors_take_the_first_free_result_of_their_type_and_aliases_are_exact() {
        let donors = func(
            "(%a: tensor<4xf32> {jax.buffer_donor = true}, %b: tensor<2xf32> {jax.buffer_donor = true}, %c: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>)",
        );
        assert_eq!(aliases(&donors), Ok(vec![(0, 0), (1, 2), (2, 1)]));
        // An explicit alias is taken first; a donor left without a result is not tied.
        let mixed = func(
            "(%a: tensor<4xf32> {jax.buffer_donor = true}, %b: tensor<4xf32> {tf.aliasing_output = 0 : i32}, %c: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>)",
        );
        assert_eq!(aliases(&mixed), Ok(vec![(0, 1), (1, 0)]));
        let wrong =
            func("(%a: tensor<4xf32> {tf.aliasing_output = 5 : i32}) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>)");
        assert_eq!(aliases(&wrong), Err("tf.aliasing_output = 5: there is no result 5".to_string()));
    }
}
