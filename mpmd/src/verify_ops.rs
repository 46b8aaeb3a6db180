//! Each op's own rules, after Shardy's verifiers and with their messages: meshes in
//! the topology, mesh tensor shardings valid (and dividing) on their mesh, fragments'
//! inner and outer types, transfers, assignments, reductions, loops and calls.

use crate::attrs::Attr;
use crate::error::Location;
use crate::ops::{Block, CallOp, ForOp, FragmentCallOp, FragmentOp, FuncTopology, NamedComputationOp, Op, Operation};
use crate::types::{MeshTensorType, Type};
use crate::verify::{FuncCtx, Parent, Verifier};
use autoshard_model::Mesh;

const PINNED_HOST: &str = "pinned_host";
const DEVICE: &str = "device";

impl<'m> Verifier<'m> {
    pub(crate) fn verify_op(&mut self, ctx: &mut FuncCtx<'m>, op: &'m Operation, parent: Parent<'m>) {
        let loc = &op.loc;
        let result = match &op.op {
            Op::Fragment(o) => {
                let r = self.fragment(ctx, o);
                self.region(ctx, &o.body, Parent::Fragment, true);
                r
            }
            Op::NamedComputation(o) => {
                let r = named_computation(o);
                self.region(ctx, &o.body, Parent::NamedComputation, true);
                r
            }
            Op::For(o) => {
                let r = for_op(o);
                self.region(ctx, &o.body, Parent::For, false);
                r
            }
            Op::FragmentCall(o) => {
                self.fragment_call_symbols(ctx, loc, o);
                Ok(())
            }
            Op::Transfer(o) => self.transfer(ctx, o),
            Op::Assign(o) => self.assignment(ctx, "mpmd.assign", &o.operand_type, &o.result_type),
            Op::Unassign(o) => self.assignment(ctx, "mpmd.unassign", &o.result_type, &o.operand_type),
            Op::Reduce(o) => {
                if o.kind.keyword().is_none() {
                    Err(format!(
                        "'mpmd.reduce' op cannot combine by {}: the dialect's reduction types are none, add, max, min, mul, or, and",
                        o.kind
                    ))
                } else if o.kind.0.is_none() && o.operands.len() != 1 {
                    Err("ReduceOp must have exactly one operand if the reduction type is none".to_string())
                } else if o.operand_types.iter().any(|t| *t != o.result_type) {
                    Err("'mpmd.reduce' op requires the same type for all operands and results".to_string())
                } else {
                    Ok(())
                }
            }
            Op::Call(o) => {
                let r = self.mpmd_call(ctx, o, parent);
                self.call_symbols(loc, o, true);
                r
            }
            Op::FuncCall(o) => {
                self.call_symbols(loc, o, false);
                Ok(())
            }
            Op::Return(_) if matches!(parent, Parent::Func | Parent::Other(_)) => {
                Err("'mpmd.return' op expects parent op to be one of 'mpmd.fragment, mpmd.named_computation, mpmd.for'"
                    .to_string())
            }
            Op::FuncReturn(r) if parent == Parent::Func => func_return(ctx, r),
            Op::FuncReturn(_) => Err("'func.return' op expects parent op 'func.func'".to_string()),
            Op::Return(_) | Op::NamedTensor(_) | Op::Broadcast(_) | Op::Generic(_) => Ok(()),
        };
        if let Err(message) = result {
            self.error(loc, message);
        }
    }

    /// The mesh `name` of the function's topology, with Shardy's `GetMeshAttr` errors.
    fn mesh(&self, ctx: &FuncCtx<'m>, name: &str) -> Result<&'m Mesh, String> {
        let func = ctx.func;
        let topology =
            func.topology().ok_or_else(|| format!("Function does not have a topology attribute: {}", func.name))?;
        let id = topology.find(name).ok_or_else(|| format!("Topology doesn't have a mesh with name: {name}"))?;
        Ok(&topology.mesh(id).mesh)
    }

    /// `MeshTensorType::verifyForTopology`: its mesh exists and its sharding is valid.
    fn mesh_type_for_topology(&self, ctx: &FuncCtx<'m>, op: &str, ty: &MeshTensorType) -> Result<(), String> {
        let mesh = self.mesh(ctx, &ty.mesh_name)?;
        verify_for_mesh(op, ty, mesh)
    }

    fn transfer(&mut self, ctx: &FuncCtx<'m>, o: &crate::ops::TransferOp) -> Result<(), String> {
        let (Type::MeshTensor(input), Type::MeshTensor(output)) = (&o.operand_type, &o.result_type) else {
            let bad = if o.operand_type.as_mesh_tensor().is_none() { &o.operand_type } else { &o.result_type };
            return Err(format!("'mpmd.transfer' op operand #0 must be mesh tensor type, but got '{bad}'"));
        };
        self.mesh_type_for_topology(ctx, "mpmd.transfer", input)?;
        self.mesh_type_for_topology(ctx, "mpmd.transfer", output)?;
        if input.tensor != output.tensor {
            return Err(format!(
                "cannot perform transfer between given types {input} and {output}: global tensor types are different"
            ));
        }
        for kind in [&input.memory_kind, &output.memory_kind].into_iter().flatten() {
            if kind != PINNED_HOST && kind != DEVICE {
                return Err(format!("memory kind must be either '{PINNED_HOST}' or '{DEVICE}'. Found '{kind}'."));
            }
        }
        if self.memory_kind_of(ctx, &o.operand).as_deref() == Some(PINNED_HOST) {
            return Err(
                "Transfers from host with attributes are not supported. Memory kinds must be expressed in the type."
                    .into(),
            );
        }
        if o.attrs.get("mhlo.memory_kind").and_then(Attr::as_str) == Some(PINNED_HOST) {
            return Err(
                "Transfers to host with attributes are not supported. Memory kinds must expressed be in the type."
                    .into(),
            );
        }
        Ok(())
    }

    /// `VerifyAssignmentOpTypes` of `mpmd.assign` / `mpmd.unassign`.
    fn assignment(&mut self, ctx: &FuncCtx<'m>, op: &str, local: &Type, mesh_type: &Type) -> Result<(), String> {
        let Type::MeshTensor(mesh_type) = mesh_type else {
            return Err(format!("'{op}' op expects a mesh tensor type, but got '{mesh_type}'"));
        };
        self.mesh_type_for_topology(ctx, op, mesh_type)?;
        if !mesh_type.is_fully_replicated() {
            return Err(format!("MeshTensorType should be fully replicated: {mesh_type}"));
        }
        if Type::Tensor(mesh_type.tensor.clone()) != *local {
            return Err(format!(
                "mismatch between the given local type {local} and mesh_type ranked tensor type: {}",
                mesh_type.tensor
            ));
        }
        Ok(())
    }

    fn fragment(&mut self, ctx: &FuncCtx<'m>, o: &'m FragmentOp) -> Result<(), String> {
        let mesh = self.mesh(ctx, &o.mesh_name)?;
        let arg_types: Vec<Type> = o.body.args.iter().map(|a| a.ty.clone()).collect();
        let check = |inner: &[Type], outer: &[Type], inner_name: &str, outer_name: &str| {
            fragment_types_match(&o.mesh_name, mesh, inner, outer, inner_name, outer_name)
        };
        check(&arg_types, &o.operand_types, "block argument", "operand")?;
        let returned = terminator_types(&o.body, "mpmd.fragment", "mpmd.return")?;
        check(&returned, &o.result_types, "returned value", "result")?;
        for (name, shardings, count) in [
            ("in_shardings", &o.in_shardings, o.operands.len()),
            ("out_shardings", &o.out_shardings, o.result_types.len()),
        ] {
            if let Some(s) = shardings
                && s.len() != count
            {
                return Err(format!("'mpmd.fragment' op {name}: expected {count} shardings, got {}", s.len()));
            }
        }
        Ok(())
    }

    fn fragment_call_symbols(&mut self, ctx: &FuncCtx<'m>, loc: &Location, o: &FragmentCallOp) {
        let result = (|| {
            let callee = self
                .module
                .func(&o.callee)
                .ok_or_else(|| format!("'{}' does not reference a valid function", o.callee))?;
            let mesh = self.mesh(ctx, &o.mesh_name)?;
            let check = |inner: &[Type], outer: &[Type], inner_name: &str, outer_name: &str| {
                fragment_types_match(&o.mesh_name, mesh, inner, outer, inner_name, outer_name)
            };
            check(&callee.arg_types(), &o.operand_types, "block argument", "operand")?;
            check(&callee.result_types(), &o.result_types, "returned value", "result")?;
            let callee_mesh = match callee.attrs.get("mesh_shape") {
                Some(Attr::Other(text)) => text.parse::<Mesh>().ok(),
                _ => None,
            }
            .ok_or_else(|| format!("Function does not have a mesh_shape attribute: {}", callee.name))?;
            if *mesh != callee_mesh {
                return Err(format!(
                    "Expected mesh of fragment call and callee function to match: #sdy.mesh{mesh} vs #sdy.mesh{callee_mesh}"
                ));
            }
            Ok(())
        })();
        if let Err(message) = result {
            self.symbol_error(loc, message);
        }
    }

    fn mpmd_call(&mut self, ctx: &FuncCtx<'m>, o: &CallOp, parent: Parent<'m>) -> Result<(), String> {
        if let Some(Attr::Int(_, ty)) = o.attrs.get("call_counter") {
            let ty = ty.as_deref().unwrap_or("i64");
            if ty != "ui32" {
                return Err(format!("call_counter must be an uint32, got '{ty}'"));
            }
        }
        let parent_name = match parent {
            Parent::Func | Parent::For => None,
            Parent::Fragment => Some("mpmd.fragment"),
            Parent::NamedComputation => Some("mpmd.named_computation"),
            Parent::Other(name) => Some(name),
        };
        if let Some(name) = parent_name {
            return Err(format!(
                "Mpmd CallOp on \"{}\" can only be used in a function or for_op block but was called from inside op {name}",
                o.callee
            ));
        }
        let func = ctx.func;
        if func.topology().is_some() && !func.is_public() {
            return Err(format!(
                "Mpmd CallOp on \"{}\" in an Mpmd function can only be used directly by the entrypoint function, i.e. the main function, but was called from \"{}\".",
                o.callee, func.name
            ));
        }
        Ok(())
    }

    fn call_symbols(&mut self, loc: &Location, o: &CallOp, mpmd: bool) {
        let Some(callee) = self.module.func(&o.callee) else {
            let op = if mpmd { "mpmd.call" } else { "func.call" };
            self.symbol_error(loc, format!("'{op}' op '{}' does not reference a valid function", o.callee));
            return;
        };
        let (inputs, results) = (callee.arg_types(), callee.result_types());
        let result = if mpmd {
            mpmd_call_types(o, &inputs, &results, callee.topology().is_some() && callee.is_public())
        } else {
            func_call_types(o, &inputs, &results)
        };
        if let Err(message) = result {
            self.symbol_error(loc, message);
        }
    }
}

fn mpmd_call_types(o: &CallOp, inputs: &[Type], results: &[Type], public_topology: bool) -> Result<(), String> {
    for (expected, actual) in inputs.iter().zip(&o.operand_types) {
        if expected != actual {
            return Err(format!("Type mismatch. Expected call operand to have type '{expected}' but got '{actual}'"));
        }
    }
    for (expected, actual) in results.iter().zip(&o.result_types) {
        if expected != actual {
            return Err(format!("Type mismatch. Expected call result to have type '{expected}' but got '{actual}'"));
        }
    }
    if public_topology {
        return Err("MPMD CallOp callee with topology must also have visibility set to private, as public functions with topologies are assumed to be entry point functions.".into());
    }
    Ok(())
}

fn func_call_types(o: &CallOp, inputs: &[Type], results: &[Type]) -> Result<(), String> {
    if inputs.len() != o.operand_types.len() {
        return Err("'func.call' op incorrect number of operands for callee".into());
    }
    if results.len() != o.result_types.len() {
        return Err("'func.call' op incorrect number of results for callee".into());
    }
    for (i, (expected, actual)) in inputs.iter().zip(&o.operand_types).enumerate() {
        if expected != actual {
            return Err(format!(
                "'func.call' op operand type mismatch: expected operand type '{expected}', but provided '{actual}' for operand number {i}"
            ));
        }
    }
    for (i, (expected, actual)) in results.iter().zip(&o.result_types).enumerate() {
        if expected != actual {
            return Err(format!(
                "'func.call' op result type mismatch at index {i}: expected '{expected}', got '{actual}'"
            ));
        }
    }
    Ok(())
}

/// `MeshTensorType::verifyForMesh`: the sharding is valid on `mesh` and divides.
fn verify_for_mesh(op: &str, ty: &MeshTensorType, mesh: &Mesh) -> Result<(), String> {
    let Some(sharding) = &ty.sharding else { return Ok(()) };
    let dims = ty.tensor.dims();
    sharding.verify(mesh, &dims).map_err(|e| format!("'{op}' op {e}"))?;
    for (d, (dim, &size)) in sharding.dims.iter().zip(&dims).enumerate() {
        let sharded = dim.sharded_size(mesh);
        if size >= 0 && sharded > 1 && size % sharded != 0 {
            return Err(format!("'{op}' op dim {d} with size {size} is not divisible by its sharded size {sharded}"));
        }
    }
    Ok(())
}

/// `AllInnerAndOuterTypesMatchInFragment`.
fn fragment_types_match(
    mesh_name: &str,
    mesh: &Mesh,
    inner: &[Type],
    outer: &[Type],
    inner_name: &str,
    outer_name: &str,
) -> Result<(), String> {
    if inner.len() != outer.len() {
        return Err(format!(
            "number of {inner_name}s must match the number of {outer_name}s respectively: {} != {}",
            inner.len(),
            outer.len()
        ));
    }
    for (inner, outer) in inner.iter().zip(outer) {
        let Type::MeshTensor(mesh_type) = outer else {
            if inner != outer {
                return Err(format!(
                    "expected the type of the {inner_name} to match the {outer_name}: {outer}, got: {inner}"
                ));
            }
            continue;
        };
        if mesh_type.mesh_name != mesh_name {
            return Err(format!(
                "expected the mesh name of the {outer_name} to match that of the fragment op: {} != {mesh_name}",
                mesh_type.mesh_name
            ));
        }
        verify_for_mesh("mpmd.fragment", mesh_type, mesh)?;
        if *inner != Type::Tensor(mesh_type.tensor.clone()) {
            return Err(format!(
                "expected the type of the {inner_name} to be global tensor type {outer_name}: {}, got: {inner}",
                mesh_type.tensor
            ));
        }
    }
    Ok(())
}

/// The types the block's terminator `terminator` returns.
fn terminator_types(body: &Block, op: &str, terminator: &str) -> Result<Vec<Type>, String> {
    match body.ops.last().map(|o| &o.op) {
        Some(Op::Return(r)) => Ok(r.types.clone()),
        Some(other) => Err(format!("'{op}' op expects regions to end with '{terminator}', found '{}'", other.name())),
        None => Err(format!("'{op}' op expects a non-empty block ending with '{terminator}'")),
    }
}

fn named_computation(o: &NamedComputationOp) -> Result<(), String> {
    let arg_types: Vec<Type> = o.body.args.iter().map(|a| a.ty.clone()).collect();
    same_types(&arg_types, &o.operand_types, "block argument", "operand")?;
    let returned = terminator_types(&o.body, "mpmd.named_computation", "mpmd.return")?;
    same_types(&returned, &o.result_types, "returned value", "result")
}

/// `AllInnerAndOuterTypesMatchInNamedComputation`.
fn same_types(inner: &[Type], outer: &[Type], inner_name: &str, outer_name: &str) -> Result<(), String> {
    if inner.len() != outer.len() {
        return Err(format!(
            "number of {inner_name}s must match the number of {outer_name}s respectively: {} != {}",
            inner.len(),
            outer.len()
        ));
    }
    match inner.iter().zip(outer).find(|(i, o)| i != o) {
        Some((i, o)) => {
            Err(format!("expected the type of the {inner_name} to match the type of {outer_name}: {i}, got: {o}"))
        }
        None => Ok(()),
    }
}

fn for_op(o: &ForOp) -> Result<(), String> {
    let args = &o.body.args;
    if args.len() != o.operands.len() + 1 {
        return Err("wrong number of arguments for region".into());
    }
    if let Some(i) = o.result_types.iter().zip(args).position(|(t, a)| *t != a.ty) {
        return Err(format!("wrong argument type at argument no. {i}"));
    }
    if let Some(Type::Tensor(index)) = args.last().map(|a| &a.ty)
        && (!index.shape.is_empty() || !matches!(index.element.as_str(), "i32" | "ui32" | "si32"))
    {
        return Err("index must have a 32-bit integer rank-0 tensor type".into());
    }
    if terminator_types(&o.body, "mpmd.for", "mpmd.return")? != o.result_types {
        return Err("type mismatch for result of region".into());
    }
    if let Some(first) = o.result_types.first()
        && o.result_types.iter().any(|t| t.kind() != first.kind())
    {
        return Err("type ids in operands/results are not identical".into());
    }
    if o.iterations == 0 {
        return Err("number of iterations must be greater than zero".into());
    }
    let factor = o.unroll_factor.unwrap_or(1);
    if factor == 0 || !o.iterations.is_multiple_of(factor) {
        return Err(format!("number of iterations {} isn't divisible by unroll factor {factor}", o.iterations));
    }
    Ok(())
}

fn func_return(ctx: &FuncCtx<'_>, r: &crate::ops::ReturnOp) -> Result<(), String> {
    let func = ctx.func;
    if r.types.len() != func.results.len() {
        return Err(format!(
            "'func.return' op has {} operands, but enclosing function (@{}) returns {}",
            r.types.len(),
            func.name,
            func.results.len()
        ));
    }
    for (i, (actual, expected)) in r.types.iter().zip(&func.results).enumerate() {
        if *actual != expected.ty {
            return Err(format!(
                "'func.return' op type of return operand {i} ('{actual}') doesn't match function result type ('{}') in function @{}",
                expected.ty, func.name
            ));
        }
    }
    Ok(())
}
