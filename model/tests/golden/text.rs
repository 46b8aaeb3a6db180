//! Golden cases for the text forms (`tests/data/text/`): meshes, tensor shardings,
//! shardings per value and op sharding rules, converted from Shardy's own tests.
//!
//! A valid attribute must print back exactly as Shardy prints it, and printing must be
//! a fixed point (parse(print(x)) prints the same); an invalid one must be rejected
//! with a message containing Shardy's (`shardy-error:`).

use autoshard_model::{Mesh, OpShardingRule, TensorSharding, TensorShardingPerValue};
use autoshard_testkit::{Case, Outcome};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::str::FromStr;

/// Parses `8x8, ?x?, scalar`; `?` is a dynamic size (verification ignores sizes).
fn shapes(list: &str) -> Vec<Vec<i64>> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s {
            "scalar" => Vec::new(),
            _ => s.split('x').map(|d| if d == "?" { -1 } else { d.parse().expect("shape in test data") }).collect(),
        })
        .collect()
}

fn meshes(case: &Case, globals: &[(String, String)]) -> BTreeMap<String, Mesh> {
    globals
        .iter()
        .filter(|(k, _)| k == "declare")
        .map(|(_, v)| v.as_str())
        .chain(case.all("declare"))
        .map(|decl| {
            let (name, mesh) = decl.split_once('=').expect("declare @name = <mesh>");
            let name = name.trim().trim_start_matches('@').to_string();
            (name, mesh.trim().parse::<Mesh>().expect("declared mesh"))
        })
        .collect()
}

/// Parses `text` as `T`, runs `check` on it, and prints it (checking the round trip).
fn attempt<T: FromStr<Err = autoshard_model::Error> + Display>(
    text: &str,
    check: impl FnOnce(&T) -> autoshard_model::Result<()>,
    outcome: &mut Outcome,
) -> Result<(), String> {
    let value: T = text.parse().map_err(|e: autoshard_model::Error| e.to_string())?;
    check(&value).map_err(|e| e.to_string())?;
    let printed = value.to_string();
    match printed.parse::<T>() {
        Ok(again) if again.to_string() == printed => {}
        Ok(again) => outcome.failures.push(format!("printing is not a fixed point: {printed} then {again}")),
        Err(e) => outcome.failures.push(format!("printed form does not parse: {printed}: {e}")),
    }
    outcome.outputs.push(printed);
    Ok(())
}

pub fn run_case(case: &Case, globals: &[(String, String)]) -> Outcome {
    let mut outcome = Outcome::default();
    if case.get("skip").is_some() {
        outcome.skipped = true;
        return outcome;
    }
    let meshes = meshes(case, globals);
    let lookup = |name: &str| meshes.get(name);
    let manual: Vec<String> =
        case.get("manual_axes").map(|a| a.split_whitespace().map(String::from).collect()).unwrap_or_default();
    let tensors = case.get("tensors").map(shapes);
    let result = if let Some(text) = case.get("mesh") {
        attempt::<Mesh>(text, |_| Ok(()), &mut outcome)
    } else if let Some(text) = case.get("sharding") {
        attempt::<TensorSharding>(
            text,
            |s| match &tensors {
                Some(t) => {
                    s.verify(s.resolve_mesh(lookup)?, &t[0])?;
                    s.verify_free_of(&manual)
                }
                None => Ok(()),
            },
            &mut outcome,
        )
    } else if let Some(text) = case.get("sharding_per_value") {
        attempt::<TensorShardingPerValue>(
            text,
            |s| match &tensors {
                Some(t) => s.verify(lookup, &t.iter().map(Vec::as_slice).collect::<Vec<_>>(), &manual),
                None => Ok(()),
            },
            &mut outcome,
        )
    } else if let Some(text) = case.get("rule") {
        let operands = case.get("operands").map(shapes);
        let results = case.get("results").map(shapes);
        attempt::<OpShardingRule>(
            text,
            |r| match (&operands, &results) {
                (Some(o), Some(res)) => r.verify(
                    &o.iter().map(Vec::as_slice).collect::<Vec<_>>(),
                    &res.iter().map(Vec::as_slice).collect::<Vec<_>>(),
                ),
                _ => Ok(()),
            },
            &mut outcome,
        )
    } else {
        outcome.failures.push("the case has no mesh, sharding, sharding_per_value or rule".into());
        return outcome;
    };
    match (result, case.get("shardy-error")) {
        (Err(message), Some(expected)) => {
            if !message.contains(expected) {
                outcome.failures.push(format!("message {message:?} does not contain Shardy's {expected:?}"));
            }
            outcome.outputs.push(format!("error: {message}"));
        }
        (Err(message), None) => outcome.outputs.push(format!("error: {message}")),
        (Ok(()), Some(expected)) => outcome.failures.push(format!("accepted, but Shardy rejects it with {expected:?}")),
        (Ok(()), None) => {}
    }
    outcome
}
