//! Building MPMD modules programmatically (for exporters): a [`FuncBuilder`] makes an
//! MPMD `func.func` with a topology — arguments, `mpmd.fragment`s, `mpmd.fragment_call`s,
//! transfers and reductions — and names every value itself (`%arg0`, `%0`, ...) unless
//! given a name; fragments get their bodies from a [`BodyBuilder`] whose ops are generic
//! ops (StableHLO text). [`fragment_functions`] reads the functions a fragment call
//! calls from a StableHLO module, their ops kept as generic ops. The results are
//! ordinary [`FuncOp`]s: verify and print them as any parsed one.

use crate::attrs::{Attr, DictAttr, Reduction, UserOrigin};
use crate::error::{Error, Location, Result};
use crate::ops::{
    Block, BlockArg, CallOp, FragmentCallOp, FragmentOp, FuncArg, FuncOp, FuncResult, GenericOp, Op, Operation, Piece,
    ReduceOp, ResultGroup, ReturnOp, TransferOp, ValueRef,
};
use crate::types::{MeshTensorType, TensorType, Type};
use autoshard_model::pipeline::Topology;
use autoshard_model::{Mesh, TensorSharding};
use std::collections::BTreeMap;

/// A value with its type, as builders take operands.
pub type Typed = (ValueRef, Type);

/// `!mpmd.mesh_tensor<"mesh", ty, sharding=...>`: a model tensor type on `mesh`,
/// sharded as `sharding` (fully replicated when `None`).
pub fn mesh_tensor(mesh: &str, ty: &autoshard_model::TensorType, sharding: Option<TensorSharding>) -> Type {
    Type::MeshTensor(MeshTensorType { sharding, ..MeshTensorType::replicated(mesh, TensorType::from(ty)) })
}

/// Builds one MPMD function.
#[derive(Debug)]
pub struct FuncBuilder {
    func: FuncOp,
    body: Block,
    names: Names,
}

/// Hands out fresh value names: `%arg<N>` for block arguments, `%<N>` for results.
#[derive(Debug, Default)]
struct Names {
    args: u32,
    results: u32,
}

impl Names {
    fn arg(&mut self) -> String {
        self.args += 1;
        format!("arg{}", self.args - 1)
    }

    fn result(&mut self) -> String {
        self.results += 1;
        (self.results - 1).to_string()
    }
}

/// `name` as a value name: each character a name cannot hold (MLIR's
/// `[A-Za-z0-9_$.-]`) becomes `_`.
fn value_name(name: &str) -> String {
    let valid = |c: char| c.is_ascii() && autoshard_mlir::is_suffix_byte(c as u8);
    let name: String = name.chars().map(|c| if valid(c) { c } else { '_' }).collect();
    if name.is_empty() { "_".into() } else { name }
}

impl FuncBuilder {
    /// A function `@name` with the `topology` attribute and no arguments yet, its
    /// visibility not written (public).
    pub fn new(name: impl Into<String>, topology: Topology) -> Self {
        let mut attrs = DictAttr::new();
        attrs.set("topology", Attr::Topology(topology));
        let func = FuncOp {
            name: name.into(),
            visibility: None,
            args: Vec::new(),
            results: Vec::new(),
            attrs,
            body: None,
            loc: Location::default(),
        };
        FuncBuilder { func, body: Block::default(), names: Names::default() }
    }

    /// The function with its visibility written: `public` or `private`.
    pub fn visibility(mut self, visibility: impl Into<String>) -> Self {
        self.func.visibility = Some(visibility.into());
        self
    }

    /// Adds an argument of type `ty`.
    pub fn arg(&mut self, ty: Type) -> ValueRef {
        let name = self.names.arg();
        self.push_arg(name, ty)
    }

    /// Adds an argument of type `ty` named `%name` (characters a value name cannot
    /// hold become `_`).
    pub fn named_arg(&mut self, name: &str, ty: Type) -> ValueRef {
        self.push_arg(value_name(name), ty)
    }

    fn push_arg(&mut self, name: String, ty: Type) -> ValueRef {
        self.func.args.push(FuncArg::new(name.clone(), ty.clone(), DictAttr::new()));
        self.body.args.push(BlockArg::new(name.clone(), ty));
        ValueRef::new(name)
    }

    /// Adds `op` with `count` results, named `%N` (none for an op without results).
    fn push(&mut self, op: Op, count: u32) -> Vec<ValueRef> {
        let results: Vec<ResultGroup> =
            (count > 0).then(|| ResultGroup { name: self.names.result(), count }).into_iter().collect();
        let operation = Operation::new(results, op);
        let refs = operation.result_values().collect();
        self.body.ops.push(operation);
        refs
    }

    /// Adds `mpmd.fragment<mesh=mesh, origin=origins>` over `operands` (mesh tensors);
    /// `body` gets the block arguments (the operands' global types) and returns the
    /// values to return with their (local) types; `result_types` are the fragment's.
    pub fn fragment(
        &mut self,
        mesh: &str,
        origins: Vec<UserOrigin>,
        operands: &[Typed],
        result_types: Vec<Type>,
        body: impl FnOnce(&mut BodyBuilder<'_>, &[ValueRef]) -> Vec<Typed>,
    ) -> Vec<ValueRef> {
        self.fragment_with_args(mesh, origins, operands, &[], result_types, body)
    }

    /// [`FuncBuilder::fragment`] with its block arguments named `arg_names` in order
    /// (an argument without a name gets a fresh `%argN`).
    pub fn fragment_with_args(
        &mut self,
        mesh: &str,
        origins: Vec<UserOrigin>,
        operands: &[Typed],
        arg_names: &[&str],
        result_types: Vec<Type>,
        body: impl FnOnce(&mut BodyBuilder<'_>, &[ValueRef]) -> Vec<Typed>,
    ) -> Vec<ValueRef> {
        let mut block = Block::default();
        let mut args = Vec::new();
        for (i, (_, ty)) in operands.iter().enumerate() {
            let name = arg_names.get(i).map_or_else(|| self.names.arg(), |name| value_name(name));
            let global = ty.global_tensor().map_or_else(|| ty.clone(), |t| Type::Tensor(t.clone()));
            block.args.push(BlockArg::new(name.clone(), global));
            args.push(ValueRef::new(name));
        }
        let mut inner = BodyBuilder { block, names: &mut self.names };
        let returned = body(&mut inner, &args);
        let mut block = inner.block;
        block.ops.push(Operation::new(Vec::new(), Op::Return(return_op(returned))));
        let count = result_types.len() as u32;
        let (operands, operand_types) = split(operands);
        let op = FragmentOp {
            mesh_name: mesh.to_string(),
            origins,
            stage: None,
            in_shardings: None,
            out_shardings: None,
            operands,
            attrs: DictAttr::new(),
            body: block,
            operand_types,
            result_types,
        };
        self.push(Op::Fragment(op), count)
    }

    /// Adds `mpmd.fragment_call<mesh=mesh, origin=origins> @callee(operands)` with
    /// results of `result_types`; the callee is a function of the module with the
    /// `mesh_shape` of `mesh` (see [`fragment_functions`]).
    pub fn fragment_call(
        &mut self,
        mesh: &str,
        origins: Vec<UserOrigin>,
        callee: &str,
        operands: &[Typed],
        result_types: Vec<Type>,
    ) -> Vec<ValueRef> {
        let count = result_types.len() as u32;
        let (operands, operand_types) = split(operands);
        let op = FragmentCallOp {
            mesh_name: mesh.to_string(),
            origins,
            callee: callee.to_string(),
            operands,
            attrs: DictAttr::new(),
            operand_types,
            result_types,
        };
        self.push(Op::FragmentCall(op), count)
    }

    /// Adds `mpmd.transfer` of `value` (of type `from`) to type `to`.
    pub fn transfer(&mut self, value: Typed, to: Type) -> ValueRef {
        let op = TransferOp { operand: value.0, attrs: DictAttr::new(), operand_type: value.1, result_type: to };
        self.push(Op::Transfer(op), 1).remove(0)
    }

    /// Adds `mpmd.reduce<kind>` of `operands` into a `result` typed value.
    pub fn reduce(&mut self, kind: Reduction, operands: &[Typed], result: Type) -> ValueRef {
        let (operands, operand_types) = split(operands);
        let op = ReduceOp { kind, operands, attrs: DictAttr::new(), operand_types, result_type: result };
        self.push(Op::Reduce(op), 1).remove(0)
    }

    /// Ends the function with `return` of `values`, which become its results.
    pub fn finish(mut self, values: Vec<Typed>) -> FuncOp {
        self.func.results = values.iter().map(|(_, t)| FuncResult::new(t.clone(), DictAttr::new())).collect();
        self.body.ops.push(Operation::new(Vec::new(), Op::FuncReturn(return_op(values))));
        self.func.body = Some(self.body);
        self.func
    }
}

/// The values and the types of `typed`.
fn split(typed: &[Typed]) -> (Vec<ValueRef>, Vec<Type>) {
    typed.iter().cloned().unzip()
}

/// A terminator returning `values`.
fn return_op(values: Vec<Typed>) -> ReturnOp {
    let (operands, types) = values.into_iter().unzip();
    ReturnOp { operands, attrs: DictAttr::new(), types }
}

/// Builds the body of a fragment from generic ops.
#[derive(Debug)]
pub struct BodyBuilder<'a> {
    block: Block,
    names: &'a mut Names,
}

impl BodyBuilder<'_> {
    /// Adds the generic op `name operands signature` with one result, e.g.
    /// `op("stablehlo.add", &[a, b], " : tensor<4xf32>", ty)` for
    /// `%3 = stablehlo.add %a, %b : tensor<4xf32>`; `result` is the result's type.
    pub fn op(&mut self, name: &str, operands: &[ValueRef], signature: &str, result: Type) -> ValueRef {
        let value = self.names.result();
        self.push(value, name, operands, signature, result)
    }

    /// [`BodyBuilder::op`] with its result named `%value` rather than numbered.
    pub fn named_op(
        &mut self,
        value: &str,
        name: &str,
        operands: &[ValueRef],
        signature: &str,
        result: Type,
    ) -> ValueRef {
        self.push(value_name(value), name, operands, signature, result)
    }

    fn push(&mut self, value: String, name: &str, operands: &[ValueRef], signature: &str, result: Type) -> ValueRef {
        let mut pieces = Vec::new();
        for (i, v) in operands.iter().enumerate() {
            pieces.push(Piece::Text(if i == 0 { " ".into() } else { ", ".into() }));
            pieces.push(Piece::Use(v.clone()));
        }
        if !signature.is_empty() {
            pieces.push(Piece::Text(autoshard_mlir::collapse_ws(signature)));
        }
        let generic = GenericOp { name: name.to_string(), pieces, result_types: Some(vec![result]) };
        self.block.ops.push(Operation::new(vec![ResultGroup { name: value.clone(), count: 1 }], Op::Generic(generic)));
        ValueRef::new(value)
    }
}

/// The functions fragment `name` calls on a mesh of shape `mesh`, read from
/// `stablehlo`, a StableHLO module as `autoshard-stablehlo` exports one (its
/// `sdy.mesh`es, a public `@main`, a private function per named computation).
/// `@main` becomes the private `@name` with the `mesh_shape` attribute a
/// `mpmd.fragment_call` needs, first; each other function the private `@name__callee`,
/// its calls renamed, so that the functions of several fragments share one module.
/// The module's other ops are left out; the functions' ops keep their text as generic
/// ops (or are the `func` ops they are).
pub fn fragment_functions(name: &str, mesh: &Mesh, stablehlo: &str) -> Result<Vec<FuncOp>> {
    let mut funcs = crate::parser::parse_functions(name, stablehlo)?;
    let Some(main) = funcs.iter().position(|f| f.name == "main") else {
        return Err(Error::Parse {
            loc: Location::at(name, stablehlo, 0),
            message: "the module has no function @main".into(),
        });
    };
    let entry = funcs.remove(main);
    funcs.insert(0, entry);
    let renamed: BTreeMap<String, String> = (funcs.iter().skip(1))
        .map(|f| (f.name.clone(), format!("{name}__{}", f.name)))
        .chain([("main".to_string(), name.to_string())])
        .collect();
    for func in &mut funcs {
        if let Some(new) = renamed.get(&func.name) {
            func.name.clone_from(new);
        }
        func.visibility = Some("private".into());
        if let Some(body) = &mut func.body {
            rename_calls(body, &renamed);
        }
    }
    funcs[0].attrs.set("mesh_shape", Attr::Other(format!("#sdy.mesh{mesh}")));
    Ok(funcs)
}

/// Renames the callees of the calls in `block` (and in its ops' regions) by `renamed`.
fn rename_calls(block: &mut Block, renamed: &BTreeMap<String, String>) {
    for op in &mut block.ops {
        match &mut op.op {
            Op::FuncCall(CallOp { callee, .. }) | Op::Call(CallOp { callee, .. }) => {
                if let Some(new) = renamed.get(callee) {
                    callee.clone_from(new);
                }
            }
            Op::Generic(generic) => {
                for piece in &mut generic.pieces {
                    match piece {
                        Piece::Region(blocks) => blocks.iter_mut().for_each(|b| rename_calls(b, renamed)),
                        Piece::Text(text) => {
                            for (old, new) in renamed {
                                *text = text.replace(&format!("@{old}("), &format!("@{new}("));
                            }
                        }
                        Piece::Use(_) | Piece::Def(_) => {}
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{MeshTensorType, TensorType};
    use crate::verify::Verify;

    #[test]
    fn builds_a_verified_two_stage_pipeline() {
        let topology: Topology = r#"#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>"#.parse().unwrap();
        let local = TensorType::new(&[4, 8], "f32");
        let on = |mesh: &str| Type::MeshTensor(MeshTensorType::replicated(mesh, local.clone()));
        let mut f = FuncBuilder::new("main", topology);
        let x = f.arg(on("m1"));
        let y = f.fragment("m1", vec![UserOrigin::new("stage0")], &[(x, on("m1"))], vec![on("m1")], |b, args| {
            let sum =
                b.op("stablehlo.add", &[args[0].clone(), args[0].clone()], " : tensor<4x8xf32>", local.clone().into());
            vec![(sum, local.clone().into())]
        });
        let moved = f.transfer((y[0].clone(), on("m1")), on("m2"));
        let module = crate::ops::Module { funcs: vec![f.finish(vec![(moved, on("m2"))])], ..Default::default() };
        module.verify().unwrap();
        let text = module.to_string();
        assert!(
            text.contains("%1 = mpmd.fragment<mesh=\"m1\", origin=[\"stage0\"]> (%arg0) (%arg1: tensor<4x8xf32>) {"),
            "{text}"
        );
        assert_eq!(crate::parse_module("built", &text).unwrap(), module);
    }

    /// A StableHLO module as `autoshard-stablehlo` exports one: a mesh, `@main`, and a
    /// named computation's function.
    const STABLEHLO: &str = r#"module @m attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<4xf32>) {
    %0 = call @layer(%x) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @layer(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"#;

    #[test]
    fn builds_fragment_calls_of_functions_read_from_stablehlo() {
        let topology: Topology = r#"#mpmd.topology<<"m-1": <["x"=2]>>>"#.parse().unwrap();
        let mesh: Mesh = r#"<["x"=2]>"#.parse().unwrap();
        let local = autoshard_model::TensorType::new([4], autoshard_model::DType::F32);
        let sharded: TensorSharding = r#"<@mesh, [{"x"}]>"#.parse().unwrap();
        let ty = mesh_tensor("m-1", &local, Some(sharded));
        let functions = fragment_functions("stage0", &mesh, STABLEHLO).unwrap();
        let mut f = FuncBuilder::new("main", topology).visibility("public");
        let x0 = f.named_arg("x mb0", ty.clone());
        let x1 = f.named_arg("x_mb1", ty.clone());
        let origin = UserOrigin { name: "layer".into(), transpose_count: 1 };
        let mut parts = Vec::new();
        for x in [x0, x1] {
            let y = f.fragment_call("m-1", vec![origin.clone()], "stage0", &[(x, ty.clone())], vec![ty.clone()]);
            parts.push((y[0].clone(), ty.clone()));
        }
        let sum = f.reduce(Reduction(Some(autoshard_model::ReductionKind::Sum)), &parts, ty.clone());
        let local = Type::Tensor(TensorType::from(&local));
        let origins = vec![UserOrigin::new("y")];
        let mean = f.fragment_with_args("m-1", origins, &[(sum, ty.clone())], &["acc"], vec![ty.clone()], |b, acc| {
            let half = b.named_op("half", "stablehlo.constant", &[], " dense<5e-1> : tensor<4xf32>", local.clone());
            let mean =
                b.named_op("mean", "stablehlo.multiply", &[acc[0].clone(), half], " : tensor<4xf32>", local.clone());
            vec![(mean, local)]
        });
        let main = f.finish(vec![(mean[0].clone(), ty)]);
        let module =
            crate::ops::Module { funcs: std::iter::once(main).chain(functions).collect(), ..Default::default() };
        module.verify().unwrap();
        let text = module.to_string();
        let t = r#"!mpmd.mesh_tensor<"m-1", tensor<4xf32>, sharding=<@mesh, [{"x"}]>>"#;
        assert_eq!(text, EXPECTED.replace("!t", t), "{text}");
        assert_eq!(crate::parse_module("built", &text).unwrap(), module);
    }

    /// What the test above builds, `!t` standing for the mesh tensor type.
    const EXPECTED: &str = r#"module {
  func.func public @main(%x_mb0: !t, %x_mb1: !t) -> !t attributes {topology = #mpmd.topology<<"m-1": <["x"=2]>>>} {
    %0 = mpmd.fragment_call<mesh="m-1", origin=["layer"(1)]> @stage0(%x_mb0) : (!t) -> !t
    %1 = mpmd.fragment_call<mesh="m-1", origin=["layer"(1)]> @stage0(%x_mb1) : (!t) -> !t
    %2 = mpmd.reduce<add> %0, %1 : (!t, !t) -> !t
    %3 = mpmd.fragment<mesh="m-1", origin=["y"]> (%2) (%acc: tensor<4xf32>) {
      %half = stablehlo.constant dense<5e-1> : tensor<4xf32>
      %mean = stablehlo.multiply %acc, %half : tensor<4xf32>
      mpmd.return %mean : tensor<4xf32>
    } : (!t) -> !t
    return %3 : !t
  }
  func.func private @stage0(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
    %0 = call @stage0__layer(%x) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @stage0__layer(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"#;

    #[test]
    fn a_module_without_main_has_no_fragment_functions() {
        let mesh: Mesh = r#"<["x"=2]>"#.parse().unwrap();
        let err = fragment_functions("f", &mesh, "module {\n  sdy.mesh @mesh = <[\"x\"=2]>\n}").unwrap_err();
        assert_eq!(err.message(), "the module has no function @main");
    }
}
