//! Building the module: StableHLO ops ([`Op`]) in the MLIR text layer's structure
//! (operations with their result groups, blocks, functions), each value named as
//! the exporter names it. `print.rs` prints the module once it is built.
//!
//! Ops go into the innermost open block ([`Emitter::open`], [`Emitter::close`]); an
//! op's results are named before its regions are built, so names read in order.

use super::{Emitter, HloFunc, Ssa, literal};
use crate::ast::{Attr, Dict, Op, Type};
use autoshard_mesh::Sharding;
use autoshard_mlir::{Block, BlockArg, Location, Operation, ResultGroup, ValueRef};
use autoshard_model::{Mesh, MeshRef, TensorType, ValueId};

/// A region of a StableHLO op: the types of its block's arguments and the body
/// that writes its ops and returns the values it yields.
pub(crate) type Region<'b, 'p> = (Vec<TensorType>, &'b mut dyn FnMut(&mut Emitter<'p>, &[Ssa]) -> Vec<Ssa>);

/// `t` as the module states it: `tensor<8x256xf32>`, with StableHLO's element type
/// names (`ui32`, `f8E4M3FN`…).
/// The dictionary of `entries` (`key`, value text), in order.
pub(crate) fn dict(entries: impl IntoIterator<Item = (&'static str, String)>) -> Dict {
    let mut dict = Dict::default();
    for (key, value) in entries {
        dict.push(key, value);
    }
    dict
}

/// Op `name` in MLIR's generic form, of `operands` with `properties`, defining
/// values of `results`.
pub(super) fn generic_op(name: &str, operands: &[Ssa], properties: Dict, results: &[TensorType]) -> Op {
    Op {
        name: name.to_string(),
        generic: true,
        operands: operands.iter().map(|o| o.value.clone()).collect(),
        properties,
        operand_types: operands.iter().map(|o| Type::from(&o.ty)).collect(),
        result_types: results.iter().map(Type::from).collect(),
        ..Op::default()
    }
}

/// Op `name` in its own syntax (`print.rs`), of `operands`; the caller adds its
/// other pieces.
pub(super) fn pretty_op(name: &str, operands: Vec<ValueRef>) -> Op {
    Op { name: name.to_string(), operands, ..Op::default() }
}

/// `func.func VISIBILITY @name(args) -> (results) { body }`.
pub(super) fn function(
    name: &str,
    visibility: &str,
    args: Vec<autoshard_mlir::FuncArg<Type, Dict>>,
    results: Vec<autoshard_mlir::FuncResult<Type, Dict>>,
    body: Block<Type, Op>,
) -> HloFunc {
    HloFunc {
        name: name.to_string(),
        visibility: Some(visibility.to_string()),
        args,
        results,
        attrs: Dict::default(),
        body: Some(body),
        loc: Location::default(),
    }
}

/// `sdy.mesh @name = <["x"=2]>`, the symbol written as the shardings name it
/// (quoted when it is not a bare identifier).
pub(super) fn sdy_mesh_op(name: &str, mesh: &Mesh) -> Op {
    let symbol = MeshRef::Symbol(name.to_string()).to_string();
    Op { words: vec![Attr::new(symbol), Attr::new(mesh.to_string())], ..pretty_op("sdy.mesh", vec![]) }
}

/// `mesh.mesh @name(shape = 2x4)`: `mesh` in the `mesh` dialect.
pub(super) fn mesh_op(name: &str, mesh: &Mesh) -> Op {
    let decl = autoshard_mesh::mesh_op(name, mesh);
    let sizes: Vec<String> = decl.shape.iter().map(ToString::to_string).collect();
    let shape = if sizes.is_empty() { "[]".to_string() } else { sizes.join("x") };
    Op {
        words: vec![Attr::new(format!("@{}", decl.name))],
        attrs: dict([("shape", shape)]),
        ..pretty_op("mesh.mesh", vec![])
    }
}

/// `mesh.sharding @mesh split_axes = [[0], []] partial = sum [1] …`: the
/// attributes of `s`, each present one in the dialect's order.
pub(super) fn mesh_sharding_op(s: &Sharding) -> Op {
    let bracketed = |values: &[i64]| format!("[{}]", super::list(values));
    let split_axes: Vec<String> = s.split_axes.iter().map(|axes| bracketed(axes)).collect();
    let mut attrs = dict([("split_axes", format!("[{}]", split_axes.join(", ")))]);
    if let Some(p) = &s.partial {
        attrs.push("partial", format!("{} {}", p.kind.as_str(), bracketed(&p.axes)));
    }
    for (key, values) in [("halo_sizes", &s.halo_sizes), ("sharded_dims_offsets", &s.sharded_dims_offsets)] {
        if !values.is_empty() {
            attrs.push(key, bracketed(values));
        }
    }
    Op { words: vec![Attr::new(format!("@{}", s.mesh))], attrs, ..pretty_op("mesh.sharding", vec![]) }
}

impl<'p> Emitter<'p> {
    /// Opens a block with `label` (`^bb0`) and `args`: the ops added next go into it.
    pub(super) fn open(&mut self, label: Option<&str>, args: Vec<BlockArg<Type>>) {
        self.blocks.push(Block { label: label.map(str::to_string), args, ops: Vec::new() });
    }

    /// Closes the innermost open block and returns it.
    pub(super) fn close(&mut self) -> Block<Type, Op> {
        self.blocks.pop().unwrap_or_default()
    }

    /// Adds `op` defining `results` to the innermost open block.
    pub(super) fn push(&mut self, results: Vec<ResultGroup>, op: Op) {
        if let Some(block) = self.blocks.last_mut() {
            block.ops.push(Operation::new(results, op));
        }
    }

    /// A new SSA name (without `%`) from `hint` (a value name), unique in the module.
    pub(super) fn fresh(&mut self, hint: &str) -> String {
        let base = super::ssa_name(hint);
        let mut name = base.clone();
        let mut n = 1;
        while self.taken.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        self.taken.insert(name.clone());
        name
    }

    /// The result group of an op with `results`, named after `hint`: none, `%name`
    /// or `%name:N`.
    pub(super) fn results(&mut self, results: &[TensorType], hint: &str) -> Vec<ResultGroup> {
        if results.is_empty() {
            return Vec::new();
        }
        vec![ResultGroup { name: self.fresh(hint), count: results.len() as u32 }]
    }

    /// Adds `op` defining `groups` of values of `types`, and returns the values.
    pub(super) fn define(&mut self, groups: Vec<ResultGroup>, op: Op, types: &[TensorType]) -> Vec<Ssa> {
        let values: Vec<ValueRef> = groups.iter().flat_map(ResultGroup::values).collect();
        self.push(groups, op);
        values.into_iter().zip(types).map(|(value, ty)| Ssa { value, ty: ty.clone() }).collect()
    }

    /// Adds `op` with results of `types` named after `hint`, and returns them.
    pub(super) fn add(&mut self, hint: &str, op: Op, types: &[TensorType]) -> Vec<Ssa> {
        let groups = self.results(types, hint);
        self.define(groups, op, types)
    }

    /// Adds `"stablehlo.NAME"(operands) <{properties}> : (…) -> (…)` and returns its
    /// results, named after the op.
    pub(crate) fn stablehlo(
        &mut self,
        name: &str,
        operands: &[Ssa],
        properties: Dict,
        results: &[TensorType],
    ) -> Vec<Ssa> {
        self.generic(&format!("stablehlo.{name}"), operands, properties, Dict::default(), results)
    }

    /// Adds the generic op `"DIALECT.NAME"(operands) <{properties}> {attrs} : (…) ->
    /// (…)` and returns its results, named after the op.
    pub(crate) fn generic(
        &mut self,
        name: &str,
        operands: &[Ssa],
        properties: Dict,
        attrs: Dict,
        results: &[TensorType],
    ) -> Vec<Ssa> {
        let hint = name.rsplit('.').next().unwrap_or(name);
        let op = Op { attrs, ..generic_op(name, operands, properties, results) };
        self.add(hint, op, results)
    }

    /// Like [`Emitter::stablehlo`] with regions of one block each: per region the
    /// types of its arguments and the body, which adds its ops and returns what the
    /// region's `stablehlo.return` yields.
    pub(crate) fn stablehlo_regions(
        &mut self,
        name: &str,
        operands: &[Ssa],
        properties: Dict,
        results: &[TensorType],
        regions: &mut [Region<'_, 'p>],
    ) -> Vec<Ssa> {
        let groups = self.results(results, name);
        let mut op = generic_op(&format!("stablehlo.{name}"), operands, properties, results);
        for (args, body) in regions.iter_mut() {
            let params: Vec<Ssa> =
                args.iter().map(|t| Ssa { value: ValueRef::new(self.fresh("arg")), ty: t.clone() }).collect();
            let block_args = params.iter().map(|p| BlockArg::new(p.value.name.clone(), Type::from(&p.ty))).collect();
            self.open(Some("bb0"), block_args);
            let returned = body(self, &params);
            self.push(Vec::new(), generic_op("stablehlo.return", &returned, Dict::default(), &[]));
            op.regions.push(self.close());
        }
        self.define(groups, op, results)
    }

    /// Ends the innermost open block with `name` (`func.return`, `sdy.return`) of
    /// `returned`.
    pub(super) fn terminator(&mut self, name: &str, returned: &[Ssa]) {
        let operand_types = returned.iter().map(|r| Type::from(&r.ty)).collect();
        let op = Op { operand_types, ..pretty_op(name, returned.iter().map(|r| r.value.clone()).collect()) };
        self.push(Vec::new(), op);
    }

    /// Names `args` (a body's arguments), as the block arguments that declare them.
    pub(super) fn declare(&mut self, args: &[ValueId]) -> Vec<BlockArg<Type>> {
        (args.iter())
            .map(|&a| {
                let ssa = self.bind(a);
                BlockArg::new(ssa.value.name, Type::from(&ssa.ty))
            })
            .collect()
    }

    /// Gives program value `value` (an argument) its SSA name.
    pub(super) fn bind(&mut self, value: ValueId) -> Ssa {
        let v = self.program.value(value);
        let ssa = Ssa { value: ValueRef::new(self.fresh(&v.name)), ty: v.ty.clone() };
        self.names[value.index()] = Some(ssa.clone());
        ssa
    }

    /// The SSA value holding program value `value`, written before it is read (a
    /// program invariant).
    pub(super) fn value(&self, value: ValueId) -> Result<Ssa, super::ExportError> {
        let undefined = || super::ExportError::Undefined(self.program.value(value).name.clone());
        self.names[value.index()].clone().ok_or_else(undefined)
    }

    /// [`Emitter::value`] of each of `values`.
    pub(super) fn values(&self, values: &[ValueId]) -> Result<Vec<Ssa>, super::ExportError> {
        values.iter().map(|&v| self.value(v)).collect()
    }

    /// A constant tensor of type `ty` with every element `value`.
    pub(crate) fn splat(&mut self, value: f64, ty: &TensorType) -> Ssa {
        let properties = dict([("value", format!("dense<{}> : {}", literal(value, ty.dtype), ty))]);
        self.stablehlo("constant", &[], properties, std::slice::from_ref(ty)).remove(0)
    }
}
