//! A partitioned (SPMD) mesh-dialect program (docs/mesh-dialect.md, "SPMD
//! programs"): the function every device runs on its shards, with explicit
//! collectives, read as a program with the inputs and outputs of the global program
//! it partitions. The program is one manual computation over every mesh axis whose
//! body is the function: its operands are split by the global program's argument
//! shardings and its results assembled by its result shardings. The reference
//! interpreter runs the body's instances in lock step, each collective seeing all of
//! them, so the program computes what the devices would; comparing its outputs with
//! the global program's shows whether the partitioning is right. A global program
//! whose boundary is cut into uneven shards has no SPMD form (each device's shard
//! would have its own type): an error.

use super::Importer;
use crate::ast::{Func, FuncBody, Module, Op, Operation};
use autoshard_mlir::ResultGroup;
use autoshard_model::ir::{InputSpec, OpSpec};
use autoshard_model::ops::{ManualComputation, OpKind};
use autoshard_model::{Diagnostic, Mesh, Program, TensorSharding, ValueId};
use std::sync::Arc;

/// The SPMD function `func` of `module` as a program of `global`'s inputs and
/// outputs (see the module docs). Its mesh must have `global`'s axis sizes, and its
/// arguments and results the local types of `global`'s under their shardings.
pub fn spmd_function(
    file: &Arc<str>,
    module: &Module,
    mesh: &(String, Mesh),
    func: &Func,
    global: &Program,
) -> Result<Program, Diagnostic> {
    let sizes = |m: &Mesh| m.axes().iter().map(|a| a.size).collect::<Vec<_>>();
    if sizes(&mesh.1) != sizes(global.mesh()) {
        let message = format!("the SPMD program's mesh is {}, the global program's {}", mesh.1, global.mesh());
        return Err(crate::error(file, func.loc.clone(), message));
    }
    let (args, results) = (func.args.len(), func.results.len());
    let (inputs, outputs) = (global.inputs().len(), global.outputs().len());
    if (args, results) != (inputs, outputs) {
        let message = format!(
            "the SPMD function takes {args} arguments and returns {results} values, the global program \
             {inputs} and {outputs}"
        );
        return Err(crate::error(file, func.loc.clone(), message));
    }
    let computation = manual_computation(global);
    if let OpKind::ManualComputation(mc) = &computation
        && let Some(k) = mc.in_shardings.iter().chain(&mc.out_shardings).position(TensorSharding::is_uneven)
    {
        let (what, k) = if k < inputs { ("argument", k) } else { ("result", k - inputs) };
        let message = format!(
            "the global program cuts its {what} {k} into uneven shards (sharded_dims_offsets); an SPMD \
             function's {what}s have one type on every device, so it cannot take them"
        );
        return Err(crate::error(file, func.loc.clone(), message));
    }
    let on_global = (global.mesh_name().to_string(), global.mesh().clone());
    let mut importer = Importer::new(file, module, &on_global, &func.name)?;
    importer.spmd = true;
    // The function's values behind a prefix, clear of the global inputs' names.
    importer.prefix = "spmd.".into();
    let at = |m: String| crate::error(file, func.loc.clone(), m);
    let mut inputs = Vec::new();
    for input in global.inputs() {
        let value = global.value(input.value);
        let spec =
            InputSpec { name: value.name.clone(), ty: value.ty.clone(), parameter: true, sharding: None, loc: None };
        inputs.push(importer.builder.add_input(spec).map_err(|e| at(e.to_string()))?);
    }
    // The manual computation, as if the module had written it around the body.
    let results = (0..global.outputs().len())
        .map(|i| ResultGroup { name: format!("{}.result{i}", func.name), count: 1 })
        .collect();
    let op = Operation {
        loc: func.loc.clone(),
        ..Operation::new(results, Op { name: "func.func".into(), ..Op::default() })
    };
    let spec = OpSpec {
        result_names: op.result_ids().iter().map(|r| importer.key(r)).collect(),
        kind: computation,
        operands: inputs,
        result_shardings: Vec::new(),
        loc: Some(importer.loc(func.loc.clone())),
    };
    let args: Vec<String> = func.args.iter().map(|a| a.name.clone()).collect();
    importer.open(&op, spec, &args)?;
    if let Err(e) = importer.check_shards(func) {
        importer.builder.abandon_region();
        return Err(e);
    }
    let returned = importer.block(func.ops());
    importer.close(&op, returned)?;
    for result in &op.result_ids() {
        let value = importer.env.get(&importer.key(result)).copied();
        let value = value.ok_or_else(|| at(format!("the SPMD program's result {result} is not bound")))?;
        importer.builder.add_output(value, None, None).map_err(|e| at(e.to_string()))?;
    }
    importer.builder.finish().map_err(|e| at(e.to_string()))
}

impl Importer<'_> {
    /// Checks that each argument of `func` is declared with the type of its shard.
    fn check_shards(&self, func: &Func) -> Result<(), Diagnostic> {
        for arg in &func.args {
            let declared = crate::ops::tensor_type(&arg.ty).map_err(|m| self.err(arg.loc.clone(), m))?;
            let local = self.env.get(&self.key(&arg.name)).map(|&v| self.builder.type_of(v));
            if local != Some(&declared) {
                let shard = local.map_or("missing".to_string(), ToString::to_string);
                let message = format!("%{} is {declared}, but its global argument's shard is {shard}", arg.name);
                return Err(self.err(arg.loc.clone(), message));
            }
        }
        Ok(())
    }
}

/// The manual computation over every axis of `global`'s mesh, its operands split
/// and results assembled by `global`'s boundary shardings.
fn manual_computation(global: &Program) -> OpKind {
    OpKind::ManualComputation(ManualComputation {
        manual_axes: global.mesh().axes().iter().map(|a| a.name.clone()).collect(),
        in_shardings: global.inputs().iter().map(|i| boundary(global, i.value, i.sharding.as_ref(), true)).collect(),
        out_shardings: global.outputs().iter().map(|o| boundary(global, o.value, o.sharding.as_ref(), false)).collect(),
    })
}

/// The sharding boundary value `value` of `global` (an input if `input`, else an
/// output) is split or assembled by: its annotation, else the constraint the program
/// puts on it (a `mesh.shard` of the argument, or the one that makes the result),
/// else replicated.
fn boundary(global: &Program, value: ValueId, annotated: Option<&TensorSharding>, input: bool) -> TensorSharding {
    let constrained = global.ops().iter().find_map(|op| match &op.kind {
        OpKind::ShardingConstraint(s) if input && op.operands.first() == Some(&value) => Some(s),
        OpKind::ShardingConstraint(s) if !input && op.results.contains(&value) => Some(s),
        _ => None,
    });
    let rank = global.value(value).ty.shape.len();
    annotated.or(constrained).cloned().unwrap_or_else(|| TensorSharding::replicated(global.mesh_name(), rank))
}
