//! The module verifier's walk: functions, scopes of SSA values (with the isolation of
//! fragments and named computations), value uses and their types, terminators, and
//! the symbol checks that run after every op's own rules (`verify_ops.rs`), in MLIR's
//! order. Every error is collected with its location; [`Verify::verify`] returns the
//! first.

use crate::attrs::Attr;
use crate::error::{Error, Location, Result};
use crate::ops::{Block, FuncOp, FuncTopology, Module, Op, Operation, Piece, ValueRef};
use crate::types::Type;
use std::collections::{HashMap, HashSet};

/// The `mpmd` dialect's rules checked on a module.
pub trait Verify {
    /// Checks the module against the dialect's rules; the first violation, if any.
    fn verify(&self) -> Result<()>;

    /// Every violation of the dialect's rules, op rules first, then symbol uses.
    fn diagnose(&self) -> Vec<Error>;
}

impl Verify for Module {
    fn verify(&self) -> Result<()> {
        match self.diagnose().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn diagnose(&self) -> Vec<Error> {
        let mut v = Verifier { module: self, errors: Vec::new(), symbol_errors: Vec::new() };
        let mut seen = HashSet::new();
        for func in &self.funcs {
            if !seen.insert(func.name.as_str()) {
                v.error(&func.loc, format!("redefinition of symbol named '{}'", func.name));
            }
            v.func(func);
        }
        v.errors.append(&mut v.symbol_errors);
        v.errors
    }
}

/// What a value is known to be.
#[derive(Debug, Clone, Default)]
pub(crate) struct ValueInfo {
    /// One type per result (`None` when unknown).
    pub(crate) types: Vec<Option<Type>>,
    /// The `mhlo.memory_kind` attribute attached to each result, if any.
    pub(crate) memory_kinds: Vec<Option<String>>,
}

/// The op a block belongs to, for the rules that look at parents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parent<'a> {
    Func,
    For,
    Fragment,
    NamedComputation,
    Other(&'a str),
}

struct Scope {
    values: HashMap<String, ValueInfo>,
    isolated: bool,
}

pub(crate) struct Verifier<'m> {
    pub(crate) module: &'m Module,
    pub(crate) errors: Vec<Error>,
    pub(crate) symbol_errors: Vec<Error>,
}

/// The function being verified and its scopes.
pub(crate) struct FuncCtx<'m> {
    pub(crate) func: &'m FuncOp,
    scopes: Vec<Scope>,
}

impl<'m> Verifier<'m> {
    pub(crate) fn error(&mut self, loc: &Location, message: impl Into<String>) {
        self.errors.push(Error::Verify { loc: loc.clone(), message: message.into() });
    }

    pub(crate) fn symbol_error(&mut self, loc: &Location, message: impl Into<String>) {
        self.symbol_errors.push(Error::Verify { loc: loc.clone(), message: message.into() });
    }

    fn func(&mut self, func: &'m FuncOp) {
        if let Some(topology) = func.topology() {
            for ty in func.args.iter().map(|a| &a.ty).chain(func.results.iter().map(|r| &r.ty)) {
                if let Type::MeshTensor(m) = ty
                    && topology.find(&m.mesh_name).is_none()
                {
                    self.error(&func.loc, format!("Topology doesn't have a mesh with name: {}", m.mesh_name));
                }
            }
        }
        let Some(body) = &func.body else { return };
        let mut values = HashMap::new();
        for arg in &func.args {
            let kind = memory_kind(arg.attrs.get("mhlo.memory_kind"));
            values.insert(arg.name.clone(), ValueInfo { types: vec![Some(arg.ty.clone())], memory_kinds: vec![kind] });
        }
        let mut ctx = FuncCtx { func, scopes: vec![Scope { values, isolated: false }] };
        self.block_ops(&mut ctx, body, Parent::Func);
        match body.ops.last() {
            Some(Operation { op: Op::FuncReturn(_), .. }) => {}
            Some(last) => self.error(&last.loc, "block with no terminator, expected 'func.return'"),
            None => self.error(&func.loc, "empty block: expect at least a terminator"),
        }
    }

    /// Verifies the ops of `block` in a scope already pushed by the caller.
    fn block_ops(&mut self, ctx: &mut FuncCtx<'m>, block: &'m Block, parent: Parent<'m>) {
        for op in &block.ops {
            self.operation(ctx, op, parent);
        }
    }

    /// Verifies a region body: a new scope with the block's arguments.
    pub(crate) fn region(&mut self, ctx: &mut FuncCtx<'m>, block: &'m Block, parent: Parent<'m>, isolated: bool) {
        self.region_with(ctx, block, parent, isolated, &[]);
    }

    fn region_with(
        &mut self,
        ctx: &mut FuncCtx<'m>,
        block: &'m Block,
        parent: Parent<'m>,
        isolated: bool,
        defs: &[String],
    ) {
        let mut values: HashMap<String, ValueInfo> =
            defs.iter().map(|d| (d.clone(), ValueInfo { types: vec![None], memory_kinds: vec![None] })).collect();
        for arg in &block.args {
            values.insert(arg.name.clone(), ValueInfo { types: vec![Some(arg.ty.clone())], memory_kinds: vec![None] });
        }
        ctx.scopes.push(Scope { values, isolated });
        self.block_ops(ctx, block, parent);
        ctx.scopes.pop();
    }

    fn operation(&mut self, ctx: &mut FuncCtx<'m>, op: &'m Operation, parent: Parent<'m>) {
        self.check_uses(ctx, op);
        self.verify_op(ctx, op, parent);
        if let Op::Generic(g) = &op.op {
            let defs: Vec<String> =
                g.pieces.iter().filter_map(|p| if let Piece::Def(d) = p { Some(d.clone()) } else { None }).collect();
            for piece in &g.pieces {
                if let Piece::Region(blocks) = piece {
                    for block in blocks {
                        self.region_with(ctx, block, Parent::Other(&g.name), false, &defs);
                    }
                }
            }
        }
        if let Some(results) = op.result_group() {
            let info = result_info(&op.op, results.count as usize);
            let scope = ctx.scopes.last_mut();
            if let Some(scope) = scope {
                if scope.values.contains_key(&results.name) {
                    self.error(&op.loc, format!("redefinition of SSA value '%{}'", results.name));
                }
                scope.values.insert(results.name.clone(), info);
            }
        }
    }

    /// Resolves the op's operands; checks their declared types against their values'.
    fn check_uses(&mut self, ctx: &FuncCtx<'m>, op: &Operation) {
        let (uses, declared) = operands_of(&op.op);
        for (i, value) in uses.iter().enumerate() {
            let info = match ctx.lookup(value) {
                Ok(info) => info,
                Err(Lookup::Undefined) => {
                    self.error(&op.loc, format!("use of undeclared SSA value name '{value}'"));
                    continue;
                }
                Err(Lookup::Outside) => {
                    self.error(&op.loc, format!("'{}' op using value defined outside the region", op.op.name()));
                    continue;
                }
            };
            let index = value.index.unwrap_or(0) as usize;
            let Some(actual) = info.types.get(index) else {
                self.error(&op.loc, format!("result number {index} of '%{}' is out of range", value.name));
                continue;
            };
            if let (Some(actual), Some(Some(expected))) = (actual, declared.get(i))
                && actual != *expected
            {
                self.error(
                    &op.loc,
                    format!(
                        "use of value '{value}' expects different type than prior uses: '{expected}' vs '{actual}'"
                    ),
                );
            }
        }
    }

    /// The memory kind attribute attached to the value `v`, if any.
    pub(crate) fn memory_kind_of(&self, ctx: &FuncCtx<'m>, v: &ValueRef) -> Option<String> {
        let info = ctx.lookup(v).ok()?;
        info.memory_kinds.get(v.index.unwrap_or(0) as usize).cloned().flatten()
    }
}

enum Lookup {
    Undefined,
    Outside,
}

impl FuncCtx<'_> {
    fn lookup(&self, v: &ValueRef) -> std::result::Result<&ValueInfo, Lookup> {
        let mut crossed = false;
        for scope in self.scopes.iter().rev() {
            if let Some(info) = scope.values.get(&v.name) {
                return if crossed { Err(Lookup::Outside) } else { Ok(info) };
            }
            crossed |= scope.isolated;
        }
        Err(Lookup::Undefined)
    }
}

/// The `mhlo.memory_kind` string of an attribute.
fn memory_kind(attr: Option<&Attr>) -> Option<String> {
    attr.and_then(Attr::as_str).map(str::to_owned)
}

/// The memory kinds a `res_attrs` array attaches to `count` results.
fn res_attr_kinds(attrs: &crate::attrs::DictAttr, count: usize) -> Vec<Option<String>> {
    let mut kinds = vec![None; count];
    if let Some(Attr::Array(items)) = attrs.get("res_attrs") {
        for (kind, item) in kinds.iter_mut().zip(items) {
            if let Attr::Dict(d) = item {
                *kind = memory_kind(d.get("mhlo.memory_kind"));
            }
        }
    }
    kinds
}

/// What the results of `op` are known to be.
fn result_info(op: &Op, count: usize) -> ValueInfo {
    let (types, kinds): (Vec<Type>, Vec<Option<String>>) = match op {
        Op::Fragment(o) => (o.result_types.clone(), res_attr_kinds(&o.attrs, count)),
        Op::FragmentCall(o) => (o.result_types.clone(), res_attr_kinds(&o.attrs, count)),
        Op::Call(o) | Op::FuncCall(o) => (o.result_types.clone(), res_attr_kinds(&o.attrs, count)),
        Op::For(o) => (o.result_types.clone(), res_attr_kinds(&o.attrs, count)),
        Op::NamedComputation(o) => (o.result_types.clone(), vec![None; count]),
        Op::Transfer(o) => (vec![o.result_type.clone()], vec![memory_kind(o.attrs.get("mhlo.memory_kind"))]),
        Op::Reduce(o) => (vec![o.result_type.clone()], vec![None]),
        Op::NamedTensor(o) => (vec![o.ty.clone()], vec![None]),
        Op::Assign(o) => (vec![o.result_type.clone()], vec![None]),
        Op::Unassign(o) => (vec![o.result_type.clone()], vec![None]),
        Op::Broadcast(o) => (vec![o.ty.clone()], vec![None]),
        Op::Return(_) | Op::FuncReturn(_) => (Vec::new(), Vec::new()),
        Op::Generic(g) => {
            let types = match &g.result_types {
                Some(types) if types.len() == count => types.iter().cloned().map(Some).collect(),
                _ => vec![None; count],
            };
            return ValueInfo { types, memory_kinds: vec![None; count] };
        }
    };
    let mut types: Vec<Option<Type>> = types.into_iter().map(Some).collect();
    types.resize(count, None);
    ValueInfo { types, memory_kinds: kinds }
}

/// The op's operands and the types it declares for them (`None`: not declared).
fn operands_of(op: &Op) -> (Vec<&ValueRef>, Vec<Option<&Type>>) {
    fn zip<'a>(values: &'a [ValueRef], types: &'a [Type]) -> (Vec<&'a ValueRef>, Vec<Option<&'a Type>>) {
        (values.iter().collect(), values.iter().enumerate().map(|(i, _)| types.get(i)).collect())
    }
    match op {
        Op::Fragment(o) => zip(&o.operands, &o.operand_types),
        Op::FragmentCall(o) => zip(&o.operands, &o.operand_types),
        Op::Call(o) | Op::FuncCall(o) => zip(&o.operands, &o.operand_types),
        Op::NamedComputation(o) => zip(&o.operands, &o.operand_types),
        Op::For(o) => zip(&o.operands, &o.result_types),
        Op::Reduce(o) => zip(&o.operands, &o.operand_types),
        Op::Return(o) | Op::FuncReturn(o) => zip(&o.operands, &o.types),
        Op::Transfer(o) => (vec![&o.operand], vec![Some(&o.operand_type)]),
        Op::Assign(o) => (vec![&o.operand], vec![Some(&o.operand_type)]),
        Op::Unassign(o) => (vec![&o.operand], vec![Some(&o.operand_type)]),
        Op::NamedTensor(o) => (vec![&o.operand], vec![Some(&o.ty)]),
        Op::Broadcast(o) => (vec![&o.operand], vec![Some(&o.ty)]),
        Op::Generic(g) => {
            let uses: Vec<&ValueRef> = g.uses().collect();
            let n = uses.len();
            (uses, vec![None; n])
        }
    }
}
