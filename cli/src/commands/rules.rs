//! `autoshard rules FILE`: every op's sharding rule, one line per op in program order
//! (bodies included): `NAME: #sdy.op_sharding_rule<...>`, or `NAME: none (OP)` for the
//! ops that have no rule. For a `.mlir` file every function is read, each line
//! starts with the function (`@f NAME: …`) and each rule is Shardy's for the
//! StableHLO op (a reduce's and a pad's scalar init operands included: `([i, j],
//! [])->([i])`); a function that cannot be read is reported on stderr and the others
//! are still printed (exit 2 if any failed).

use super::{ConfigArgs, Failure, is_mlir, read};
use autoshard::model::OpId;
use autoshard::model::OpShardingRule;
use autoshard::model::Program;
use autoshard::model::rules::{sharding_rule, stablehlo_rule};
use std::fmt::Write as _;

/// Runs `rules`.
pub fn run(args: &ConfigArgs) -> Result<(), Failure> {
    let path = &args.file;
    if !is_mlir(path) || !args.sizes.is_empty() {
        print!("{}", lines(&args.load()?.program, "", sharding_rule));
        return Ok(());
    }
    let (shown, source) = read(path)?;
    let functions = autoshard::stablehlo::functions(&shown, &source).map_err(|e| Failure::BadInput(e.to_string()))?;
    let mut failed = Vec::new();
    for (name, program) in functions {
        match program {
            Ok(program) => print!("{}", lines(&program, &format!("@{name} "), stablehlo_rule)),
            Err(e) => failed.push(format!("@{name}: {e}")),
        }
    }
    if failed.is_empty() { Ok(()) } else { Err(Failure::BadInput(failed.join("\n"))) }
}

/// One line per op of `program`, each starting with `prefix`, its rule as `rule`
/// gives it.
fn lines(program: &Program, prefix: &str, rule: fn(&Program, OpId) -> Option<OpShardingRule>) -> String {
    let mut out = String::new();
    for id in program.ops_in_order() {
        let op = program.op(id);
        let _ = match rule(program, id) {
            Some(rule) => writeln!(out, "{prefix}{}: {rule}", op.name),
            None => writeln!(out, "{prefix}{}: none ({})", op.name, op.kind.name()),
        };
    }
    out
}
