//! Building MPMD functions programmatically (for exporters): a [`FuncBuilder`] makes an
//! MPMD `func.func` with a topology and names every value (`%arg0`, `%0`, ...) itself;
//! fragments get their bodies from a [`BodyBuilder`] whose ops are generic ops
//! (StableHLO text). The result is an ordinary [`FuncOp`]: verify and print it as any
//! parsed one.

use crate::attrs::{Attr, DictAttr, Reduction, UserOrigin};
use crate::error::Location;
use crate::ops::{
    Block, BlockArg, FragmentOp, FuncArg, FuncOp, FuncResult, GenericOp, Op, Operation, Piece, ReduceOp, ResultGroup,
    ReturnOp, TransferOp, ValueRef,
};
use crate::types::Type;
use autoshard_model::pipeline::Topology;

/// A value with its type, as builders take operands.
pub type Typed = (ValueRef, Type);

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

impl FuncBuilder {
    /// A public function `@name` with the `topology` attribute and no arguments yet.
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

    /// Adds an argument of type `ty`.
    pub fn arg(&mut self, ty: Type) -> ValueRef {
        let name = self.names.arg();
        self.func.args.push(FuncArg { name: name.clone(), ty: ty.clone(), attrs: DictAttr::new() });
        self.body.args.push(BlockArg { name: name.clone(), ty });
        ValueRef::new(name)
    }

    fn push(&mut self, op: Op, count: u32) -> Vec<ValueRef> {
        let results = (count > 0).then(|| ResultGroup { name: self.names.result(), count });
        let refs = match (&results, count) {
            (Some(r), 1) => vec![ValueRef::new(r.name.clone())],
            (Some(r), n) => (0..n).map(|i| ValueRef::result(r.name.clone(), i)).collect(),
            (None, _) => Vec::new(),
        };
        self.body.ops.push(Operation { results, op, loc: Location::default() });
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
        let mut block = Block::default();
        let mut args = Vec::new();
        for (_, ty) in operands {
            let name = self.names.arg();
            let global = ty.global_tensor().map_or_else(|| ty.clone(), |t| Type::Tensor(t.clone()));
            block.args.push(BlockArg { name: name.clone(), ty: global });
            args.push(ValueRef::new(name));
        }
        let mut inner = BodyBuilder { block, names: &mut self.names };
        let returned = body(&mut inner, &args);
        let mut block = inner.block;
        block.ops.push(Operation {
            results: None,
            op: Op::Return(ReturnOp {
                operands: returned.iter().map(|(v, _)| v.clone()).collect(),
                attrs: DictAttr::new(),
                types: returned.into_iter().map(|(_, t)| t).collect(),
            }),
            loc: Location::default(),
        });
        let count = result_types.len() as u32;
        let op = FragmentOp {
            mesh_name: mesh.to_string(),
            origins,
            stage: None,
            in_shardings: None,
            out_shardings: None,
            operands: operands.iter().map(|(v, _)| v.clone()).collect(),
            attrs: DictAttr::new(),
            body: block,
            operand_types: operands.iter().map(|(_, t)| t.clone()).collect(),
            result_types,
        };
        self.push(Op::Fragment(op), count)
    }

    /// Adds `mpmd.transfer` of `value` (of type `from`) to type `to`.
    pub fn transfer(&mut self, value: Typed, to: Type) -> ValueRef {
        let op = TransferOp { operand: value.0, attrs: DictAttr::new(), operand_type: value.1, result_type: to };
        self.push(Op::Transfer(op), 1).remove(0)
    }

    /// Adds `mpmd.reduce<kind>` of `operands` into a `result` typed value.
    pub fn reduce(&mut self, kind: Reduction, operands: &[Typed], result: Type) -> ValueRef {
        let op = ReduceOp {
            kind,
            operands: operands.iter().map(|(v, _)| v.clone()).collect(),
            attrs: DictAttr::new(),
            operand_types: operands.iter().map(|(_, t)| t.clone()).collect(),
            result_type: result,
        };
        self.push(Op::Reduce(op), 1).remove(0)
    }

    /// Ends the function with `return` of `values`, which become its results.
    pub fn finish(mut self, values: Vec<Typed>) -> FuncOp {
        self.func.results = values.iter().map(|(_, t)| FuncResult { ty: t.clone(), attrs: DictAttr::new() }).collect();
        let ret = ReturnOp {
            operands: values.iter().map(|(v, _)| v.clone()).collect(),
            attrs: DictAttr::new(),
            types: values.into_iter().map(|(_, t)| t).collect(),
        };
        self.body.ops.push(Operation { results: None, op: Op::FuncReturn(ret), loc: Location::default() });
        self.func.body = Some(self.body);
        self.func
    }
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
        let mut pieces = Vec::new();
        for (i, v) in operands.iter().enumerate() {
            pieces.push(Piece::Text(if i == 0 { " ".into() } else { ", ".into() }));
            pieces.push(Piece::Use(v.clone()));
        }
        if !signature.is_empty() {
            pieces.push(Piece::Text(autoshard_mlir::collapse_ws(signature)));
        }
        let generic = GenericOp { name: name.to_string(), pieces, result_types: Some(vec![result]) };
        let name = self.names.result();
        self.block.ops.push(Operation {
            results: Some(ResultGroup { name: name.clone(), count: 1 }),
            op: Op::Generic(generic),
            loc: Location::default(),
        });
        ValueRef::new(name)
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
}
