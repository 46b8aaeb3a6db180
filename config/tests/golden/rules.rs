//! Golden cases for programs of a few ops: the sharding rules (`tests/data/rules/`)
//! and inference errors (`tests/data/inference/`). Each case is a small program in the
//! config language. For a rule case, the rule of its last op must equal the rule
//! Shardy's registry builds (`shardy:`, minus the operands the config language has as
//! attributes, `drop-operands`), and prints as the golden `=>` line; an error case
//! must fail with a message containing `expect-error`, printed as the golden.

use autoshard_config::Config;
use autoshard_model::rules::sharding_rule;
use autoshard_model::{OpShardingRule, TensorMapping};
use autoshard_testkit::{Case, Outcome};

/// The name of the first result of the op written as `{name: r, ...}` or `{name: [r, s], ...}`.
fn first_result(op: &str) -> Option<&str> {
    let rest = op.split_once("name:")?.1.trim_start().trim_start_matches('[');
    rest.split([',', ']', '}']).next().map(str::trim)
}

/// The config of a case: its inputs and ops on a 2-device mesh, returning the last op.
fn config_of(case: &Case) -> Result<String, String> {
    let ops = case.all("op");
    let last = ops.last().ok_or("the case has no op")?;
    let output = first_result(last).ok_or("the last op has no name")?;
    let mut yaml = String::from("mesh: {axes: {x: 2}}\nprogram:\n  inputs:\n");
    for input in case.all("input") {
        let (name, spec) = input.split_once(' ').ok_or("input NAME {...}")?;
        yaml.push_str(&format!("    {name}: {spec}\n"));
    }
    yaml.push_str("  ops:\n");
    for op in &ops {
        yaml.push_str(&format!("    - {op}\n"));
    }
    yaml.push_str(&format!("  outputs: {{{output}: }}\n"));
    Ok(yaml)
}

/// Shardy's rule without the operands the config language does not have.
fn expected(shardy: &str, dropped: &[usize]) -> Result<Option<String>, String> {
    if shardy == "none" {
        return Ok(None);
    }
    let mut rule: OpShardingRule = shardy.parse().map_err(|e| format!("bad shardy: line: {e}"))?;
    let operands: Vec<TensorMapping> =
        rule.operands.iter().enumerate().filter(|(i, _)| !dropped.contains(i)).map(|(_, m)| m.clone()).collect();
    rule.operands = operands;
    Ok(Some(rule.to_string()))
}

pub fn run_case(case: &Case, _globals: &[(String, String)]) -> Outcome {
    let mut outcome = Outcome::default();
    let built = config_of(case).and_then(|yaml| Config::from_source("case.yaml", &yaml).map_err(|e| e.to_string()));
    let config = match (built, case.get("expect-error")) {
        (Ok(config), None) => config,
        (Ok(_), Some(expected)) => {
            outcome.failures.push(format!("the program builds, but it should fail with {expected:?}"));
            return outcome;
        }
        (Err(e), expected) => {
            if !expected.is_some_and(|x| e.contains(x)) {
                outcome.failures.push(format!("unexpected error (expected {expected:?}): {e}"));
            }
            outcome.outputs.extend(e.lines().map(|l| l.trim_start_matches("case.yaml:").to_string()));
            return outcome;
        }
    };
    let program = &config.program;
    let Some(&op) = program.top_level().last() else {
        outcome.failures.push("the program has no op".into());
        return outcome;
    };
    let rule = sharding_rule(program, op);
    if let Some(rule) = &rule {
        let shapes = autoshard_model::rules::OpShapes::of(program, program.op(op));
        let operand_shapes: Vec<&[i64]> = shapes.operands.iter().map(|t| t.shape.as_slice()).collect();
        let result_shapes: Vec<&[i64]> = shapes.results.iter().map(|t| t.shape.as_slice()).collect();
        if let Err(e) = rule.verify(&operand_shapes, &result_shapes) {
            outcome.failures.push(format!("the rule does not verify: {e}"));
        }
    }
    let printed = rule.as_ref().map(ToString::to_string);
    if let Some(shardy) = case.get("shardy") {
        let dropped: Vec<usize> = case
            .get("drop-operands")
            .map(|d| d.split_whitespace().filter_map(|i| i.parse().ok()).collect())
            .unwrap_or_default();
        match expected(shardy, &dropped) {
            Ok(expected) if expected != printed => {
                outcome.failures.push(format!("Shardy builds {expected:?}, autoshard {printed:?}"));
            }
            Ok(_) => {}
            Err(e) => outcome.failures.push(e),
        }
    }
    outcome.outputs.push(printed.unwrap_or_else(|| "no rule".into()));
    outcome
}
