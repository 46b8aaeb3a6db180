//! Control flow written back: a `while` as `stablehlo.while` and a `case` as
//! `stablehlo.case` (or `stablehlo.if`), in MLIR's generic form, with the plan's
//! shardings inside their regions: a loop's block arguments are constrained at the
//! top of each region and every op inside is written, constraints included, as at
//! the top level. A `case` branch reads the values around it directly, as
//! StableHLO's branches do (the program passes them in as operands).

use super::build::generic_op;
use super::{Emitter, Ssa};
use crate::ast::Dict;
use autoshard_model::ir::Body;
use autoshard_model::{OpId, OpKind, TensorType};

/// Writes loop or `case` op `id` on `args` and returns its results.
pub(super) fn emit(e: &mut Emitter<'_>, id: OpId, args: &[Ssa], results: &[TensorType]) -> Result<Vec<Ssa>, String> {
    let op = e.program.op(id);
    let (name, operands, block_args) = match &op.kind {
        OpKind::While(_) => ("while", args.to_vec(), true),
        OpKind::Case(c) => (if c.predicate { "if" } else { "case" }, args[..1].to_vec(), false),
        other => return Err(format!("{} is not control flow", other.name())),
    };
    let groups = e.results(results, &op.name);
    let mut control = generic_op(&format!("stablehlo.{name}"), &operands, Dict::default(), results);
    for region in &op.regions {
        if block_args {
            let params = e.declare(&region.args);
            e.open(Some("bb0"), params);
        } else {
            for (&arg, outer) in region.args.iter().zip(&args[1..]) {
                e.names[arg.index()] = Some(outer.clone());
            }
            e.open(None, Vec::new());
        }
        region_body(e, region, block_args).map_err(|err| err.to_string())?;
        control.regions.push(e.close());
    }
    Ok(e.define(groups, control, results))
}

/// A region's ops and its `stablehlo.return`, its arguments constrained first
/// when they are block arguments.
fn region_body(e: &mut Emitter<'_>, region: &Body, block_args: bool) -> Result<(), super::ExportError> {
    if block_args {
        for &arg in &region.args {
            let ssa = e.value(arg)?;
            let constrained = e.constrained(arg, ssa);
            e.names[arg.index()] = Some(constrained);
        }
    }
    e.block(&region.ops)?;
    let returned = e.values(&region.results)?;
    e.push(Vec::new(), generic_op("stablehlo.return", &returned, Dict::default(), &[]));
    Ok(())
}
