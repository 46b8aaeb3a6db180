//! `autoshard rules FILE`: every op's sharding rule, one line per op in program order
//! (bodies included): `NAME: #sdy.op_sharding_rule<...>`, or `NAME: none (OP)` for the
//! ops that have no rule.

use super::{Failure, load};
use autoshard::model::rules::sharding_rule;
use std::fmt::Write as _;
use std::path::Path;

/// Runs `rules` on `path`.
pub fn run(path: &Path) -> Result<(), Failure> {
    let config = load(path)?;
    let program = &config.program;
    let mut out = String::new();
    for id in program.ops_in_order() {
        let op = program.op(id);
        let _ = match sharding_rule(program, id) {
            Some(rule) => writeln!(out, "{}: {rule}", op.name),
            None => writeln!(out, "{}: none ({})", op.name, op.kind.name()),
        };
    }
    print!("{out}");
    Ok(())
}
