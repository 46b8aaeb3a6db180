//! A plan written out as a StableHLO module with Shardy shardings, for XLA's Shardy
//! partitioner to reproduce: `autoshard solve FILE --format mlir`.
//!
//! The module has the program's `sdy.mesh` (and its maximal meshes, which put a value
//! on one device) and one public `@main` whose arguments and
//! results carry the plan's `sdy.sharding`s; after every op each result the plan
//! shards gets an `sdy.sharding_constraint`, and later uses read the constrained
//! value, so every intermediate sharding is fixed as the plan fixes it. A named
//! computation becomes a private function and a `call` (as JAX writes them, and as
//! XLA's Shardy import expects); its arguments are constrained at the top of the
//! function body. Loops and branches are written as `stablehlo.while` and
//! `stablehlo.case`/`if` with the plan's constraints inside their regions
//! (`control.rs`). An `sdy.reshard` is written as the constraint it amounts to (XLA's
//! Shardy import does not take `sdy.reshard`, an op of Shardy's own passes).
//!
//! The writer builds the module in the MLIR text layer's structure (`build.rs`:
//! operations of StableHLO's one op type, blocks, functions) and prints it once
//! through the text layer's printer, which writes each op as `print.rs` says:
//! StableHLO ops in MLIR's generic form (`"stablehlo.add"(%a, %b) : (…) -> …`), which
//! every StableHLO parser reads; the `sdy` ops, `func.call`, `return` and the `mesh`
//! dialect's ops in their own syntax. Attribute values are built as text.
//!
//! The op set's ops without a StableHLO counterpart are written as the StableHLO
//! they mean (`decompose.rs`): `relu`, `gelu` (tanh form), `silu`, `softmax`,
//! `layer_norm`, `rms_norm`, `einsum` (dot_generals, reduces and transposes) and
//! `take` (a gather); `erf` is CHLO's, as JAX writes it. A `custom` op is written as
//! its body; one without a body as the `stablehlo.custom_call` it was read from, with
//! its `sdy.sharding_rule` (its `backend_config` is not kept); a config's custom op
//! without a body has no StableHLO form and is an error naming it. Values holding
//! partial sums are constrained with their `unreduced` axes like any other. Every
//! op gets the operands the plan reshards for it constrained to what it reads, for
//! that op alone, through one constraint per step of the plan's reshard, and a
//! result it produces in another sharding than its value's constrained to what it
//! produces first (`reshards.rs`): XLA then performs each reshard as planned, never
//! gathering a whole tensor where the plan does not, and an op that produces partial
//! sums adds a residual as the plan does (each device its share). An output is
//! constrained to the sharding it ends with before `return`. Value names become SSA names (`%w1`,
//! `%relu.0`), made unique; the output is deterministic.

mod build;
mod collectives;
mod control;
mod declared;
mod decompose;
mod dot;
mod ops;
mod reductions;
mod reshards;

use crate::ast::{Attr, Dict, Op, Type};
use autoshard_mlir::{Block, FuncArg, FuncResult, Operation, ResultGroup, ValueRef};
use autoshard_model::ir::ValueDef;
use autoshard_model::ops::{BinaryOp, ReduceKind};
use autoshard_model::{DType, MeshRef, OpId, OpPlan, Plan, Program, TensorSharding, TensorType, ValueId};
use autoshard_model::{OpKind, ReductionKind};
pub(crate) use build::Region;
use build::{dict, function, mesh_op, mesh_sharding_op, pretty_op, sdy_mesh_op};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Why a plan has no StableHLO or JAX form.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// An op of the program has no StableHLO form.
    #[error("op \"{op}\" ({kind}) has no StableHLO form: {reason}")]
    Op {
        /// The op's name.
        op: String,
        /// The op's kind.
        kind: String,
        /// Why.
        reason: String,
    },
    /// A value's sharding has no JAX `PartitionSpec` (sub-axes, unreduced axes).
    #[error("\"{value}\": {reason}")]
    NoPartitionSpec {
        /// The value's name.
        value: String,
        /// Why.
        reason: String,
    },
    /// A sharding or mesh has no form in MLIR's `mesh` dialect.
    #[error("{0} has no form in the mesh dialect")]
    NoMeshForm(String),
    /// A value holds partial values Shardy's shardings cannot state (its unreduced
    /// axes are partial sums).
    #[error(
        "\"{value}\" holds partial values combined by {reduction}, which Shardy's shardings cannot state (its \
         unreduced axes sum); write the plan with --format mesh"
    )]
    NoShardyForm {
        /// The value's name.
        value: String,
        /// How its partial values combine.
        reduction: String,
    },
    /// The plan has no sharding for a value of the program.
    #[error("the plan has no sharding for \"{0}\"")]
    Unplanned(String),
    /// A value is read before it is written: the program's values are out of order,
    /// which a program built by `ProgramBuilder` never is.
    #[error("value \"{0}\" is used before it is defined")]
    Undefined(String),
}

/// How the module states the plan's shardings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Shardy's: `sdy.mesh`, `sdy.sharding` attributes, `sdy.sharding_constraint`.
    Sdy,
    /// MLIR's `mesh` dialect (docs/mesh-dialect.md, "Programs"): `mesh.mesh`, and a
    /// `mesh.sharding` with a `mesh.shard` wherever Shardy's form constrains a value
    /// (the arguments too, at the top of `@main`). It has no sharding groups (every
    /// value's sharding is stated anyway), no propagation barriers (a plan needs none),
    /// no manual computations, sub-axes or maximal meshes (errors).
    Mesh,
}

/// A typed SSA value of the module being written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ssa {
    /// Its reference, `%x` (or `%x#1` for the second result of a multi-result op).
    pub value: ValueRef,
    /// Its type.
    pub ty: TensorType,
}

/// The module the exporter builds, in the MLIR text layer's structure.
type HloModule = autoshard_mlir::Module<Type, Attr, Dict, Op>;

/// A function of the module being built.
type HloFunc = autoshard_mlir::Func<Type, Dict, Op>;

/// `program` with `plan`'s shardings as a StableHLO module (see the module docs).
/// Shardy has no uneven shards: a plan that cuts a dimension at offsets is written
/// with equal blocks padded at the end ([`Plan::padded`]), which XLA partitions as
/// it always does; `render_mesh` keeps the offsets.
/// A value holding partial values other than sums has no Shardy form (an error).
pub fn render(program: &Program, plan: &Plan) -> Result<String, ExportError> {
    let not_sums =
        plan.values.iter().find(|v| !v.sharding.unreduced.is_empty() && v.sharding.reduction != ReductionKind::Sum);
    if let Some(v) = not_sums {
        return Err(ExportError::NoShardyForm {
            value: v.name.clone(),
            reduction: v.sharding.reduction.keyword().into(),
        });
    }
    render_in(program, &plan.padded(), Dialect::Sdy)
}

/// `program` with `plan`'s shardings as a module of StableHLO ops annotated in MLIR's
/// `mesh` dialect (`mesh.sharding` and `mesh.shard`, see [`Dialect::Mesh`]):
/// `autoshard solve FILE --format mesh`.
pub fn render_mesh(program: &Program, plan: &Plan) -> Result<String, ExportError> {
    render_in(program, plan, Dialect::Mesh)
}

/// The module built, then printed once (`print.rs` writes its ops).
fn render_in(program: &Program, plan: &Plan, dialect: Dialect) -> Result<String, ExportError> {
    let mut emitter = Emitter::new(program, plan, dialect);
    let module = emitter.module()?;
    match emitter.failure {
        Some(failure) => Err(failure),
        None => Ok(module.to_string()),
    }
}

/// The writer: the blocks being built, the SSA name of each program value and the
/// sharding the module states for each.
pub(crate) struct Emitter<'p> {
    program: &'p Program,
    pub(crate) dialect: Dialect,
    /// A sharding the dialect cannot state, met while writing (the first).
    failure: Option<ExportError>,
    /// Per value, the sharding its constraint states ([`written_shardings`]).
    shardings: Vec<Option<Cow<'p, TensorSharding>>>,
    /// The plan of each op, by name.
    ops: BTreeMap<&'p str, &'p OpPlan>,
    /// The steps of each reshard of the plan, by value and the op it serves: the
    /// sharding after each collective, in order.
    steps: BTreeMap<(&'p str, &'p str), Vec<&'p TensorSharding>>,
    /// Per value, whether it is defined inside a manual computation's body (where
    /// XLA takes no `unreduced` axes: "Only one of unreduced and manual axes can be
    /// present").
    manual: Vec<bool>,
    /// The blocks being built, the innermost last: ops go into it (`build.rs`).
    blocks: Vec<Block<Type, Op>>,
    names: Vec<Option<Ssa>>,
    /// Per value, the sharding groups it is a member of.
    groups: Vec<Vec<usize>>,
    /// The SSA names taken, without `%`.
    taken: BTreeSet<String>,
    functions: BTreeSet<String>,
    pending: VecDeque<(OpId, String)>,
}

impl<'p> Emitter<'p> {
    fn new(program: &'p Program, plan: &'p Plan, dialect: Dialect) -> Self {
        let manual = manual_values(program);
        Emitter {
            program,
            dialect,
            failure: None,
            shardings: written_shardings(program, plan, &manual),
            ops: plan.ops.iter().map(|o| (o.name.as_str(), o)).collect(),
            steps: reshards::steps(plan),
            manual,
            blocks: Vec::new(),
            names: vec![None; program.values().len()],
            groups: groups_of(program),
            taken: BTreeSet::new(),
            functions: BTreeSet::new(),
            pending: VecDeque::new(),
        }
    }

    /// The module: its meshes, `@main`, then the private function of each named
    /// computation it calls, in the order they are called.
    fn module(&mut self) -> Result<HloModule, ExportError> {
        let program = self.program;
        let partitions = program.mesh().total_size();
        let attrs =
            dict([("mhlo.num_partitions", format!("{partitions} : i32")), ("mhlo.num_replicas", "1 : i32".into())]);
        let mut module = HloModule { name: Some(symbol(program.name())), attrs, ..HloModule::default() };
        module.ops = self.meshes()?;
        module.funcs.push(self.main()?);
        while let Some((id, callee)) = self.pending.pop_front() {
            module.funcs.extend(self.callee(id, &callee)?);
        }
        Ok(module)
    }

    /// The module's meshes: the program's and its maximal meshes (which put a value
    /// on one device, and have no mesh-dialect form).
    fn meshes(&self) -> Result<Vec<Operation<Op>>, ExportError> {
        let program = self.program;
        if self.dialect == Dialect::Mesh {
            if let Some((name, _)) = program.maximal_meshes().first() {
                return Err(ExportError::NoMeshForm(format!("the maximal mesh @{name} (one device)")));
            }
            return Ok(vec![Operation::new(Vec::new(), mesh_op(program.mesh_name(), program.mesh()))]);
        }
        let meshes = std::iter::once((program.mesh_name(), program.mesh()))
            .chain(program.maximal_meshes().iter().map(|(name, mesh)| (name.as_str(), mesh)));
        Ok(meshes.map(|(name, mesh)| Operation::new(Vec::new(), sdy_mesh_op(name, mesh))).collect())
    }

    /// `@main`: the program's inputs and outputs with their shardings, its ops, and
    /// each output constrained to the sharding it ends with before `return`.
    fn main(&mut self) -> Result<HloFunc, ExportError> {
        let program = self.program;
        let args: Vec<FuncArg<Type, Dict>> = (program.inputs().iter())
            .map(|input| {
                let ssa = self.bind(input.value);
                let mut attrs = self.sharding_attr(self.constraint(input.value).cloned());
                if let Some(output) = input.donated {
                    // The result that reuses the donated argument's buffer, as XLA reads it.
                    attrs.push("tf.aliasing_output", format!("{output} : i32"));
                }
                FuncArg::new(ssa.value.name, Type::from(&ssa.ty), attrs)
            })
            .collect();
        let results: Vec<FuncResult<Type, Dict>> = (program.outputs().iter().enumerate())
            .map(|(i, o)| {
                FuncResult::new(Type::from(&program.value(o.value).ty), self.sharding_attr(self.output_sharding(i)))
            })
            .collect();
        // The mesh dialect has no argument attribute: the arguments are annotated first thing.
        let params: Vec<ValueId> = match self.dialect {
            Dialect::Sdy => Vec::new(),
            Dialect::Mesh => program.inputs().iter().map(|i| i.value).collect(),
        };
        self.function(&params, program.top_level())?;
        let mut returned = Vec::new();
        for (i, output) in program.outputs().iter().enumerate() {
            let ssa = self.value(output.value)?;
            returned.push(match self.output_sharding(i).filter(|s| Some(s) != self.constraint(output.value)) {
                Some(end) => self.constrain_to(&ssa, &end, &ssa.value.to_string()),
                None => ssa,
            });
        }
        self.terminator("func.return", &returned);
        Ok(function("main", "public", args, results, self.close()))
    }

    /// Opens a function's body: the sharding constraints of the arguments `params`,
    /// the ops (the caller adds its `return` and closes it).
    fn function(&mut self, params: &[ValueId], ops: &[OpId]) -> Result<(), ExportError> {
        self.open(None, Vec::new());
        for &param in params {
            let ssa = self.value(param)?;
            let constrained = self.constrained(param, ssa);
            self.names[param.index()] = Some(constrained);
        }
        self.block(ops)
    }

    /// The private function `@callee` holding the body of named computation `id`.
    fn callee(&mut self, id: OpId, callee: &str) -> Result<Option<HloFunc>, ExportError> {
        let program = self.program;
        let op = program.op(id);
        let Some(body) = op.body() else { return Ok(None) };
        let args = self.declare(&body.args).into_iter().map(|a| FuncArg::new(a.name, a.ty, Dict::default())).collect();
        let results = body.results.iter().map(|&r| FuncResult::new(Type::from(&program.value(r).ty), Dict::default()));
        let results = results.collect();
        self.function(&body.args, &body.ops)?;
        let returned = self.values(&body.results)?;
        self.terminator("func.return", &returned);
        Ok(Some(function(callee, "private", args, results, self.close())))
    }

    /// A new function name from `label`, unique in the module.
    fn function_name(&mut self, label: &str) -> String {
        let base = symbol(label);
        let mut name = base.clone();
        let mut n = 1;
        while self.functions.contains(&name) || name == "main" {
            name = format!("{base}_{n}");
            n += 1;
        }
        self.functions.insert(name.clone());
        name
    }

    /// The `{sdy.sharding = …}` attribute of a function argument or result that
    /// `sharding` is stated for (none in the mesh dialect).
    fn sharding_attr(&self, sharding: Option<TensorSharding>) -> Dict {
        let stated = sharding.filter(|_| self.dialect == Dialect::Sdy);
        dict(stated.map(|s| ("sdy.sharding", s.to_string())))
    }

    /// The sharding the module states for `value` ([`written_shardings`]).
    fn constraint(&self, value: ValueId) -> Option<&TensorSharding> {
        self.shardings[value.index()].as_deref()
    }

    /// The sharding output `index` ends with: its annotation, else its value's
    /// without partial sums (an output is reduced at the end).
    fn output_sharding(&self, index: usize) -> Option<TensorSharding> {
        let output = &self.program.outputs()[index];
        let held = self.constraint(output.value)?;
        Some(output.target(held).unwrap_or_else(|| held.clone()))
    }

    /// Writes `ops` in order, each followed by the sharding constraints of its
    /// results and their sharding groups.
    fn block(&mut self, ops: &[OpId]) -> Result<(), ExportError> {
        for &id in ops {
            let op = self.program.op(id);
            let results = self.emit_op(id).map_err(|reason| ExportError::Op {
                op: op.name.clone(),
                kind: op.kind.name().to_string(),
                reason,
            })?;
            for (&value, ssa) in op.results.iter().zip(results) {
                let constrained = self.constrained(value, ssa);
                self.names[value.index()] = Some(constrained);
            }
            for &value in &op.results {
                let ssa = self.value(value)?;
                let groups = if self.dialect == Dialect::Sdy { self.groups[value.index()].clone() } else { Vec::new() };
                for group in groups {
                    let attrs = dict([("group_id", group.to_string())]);
                    let operand_types = vec![Type::from(&ssa.ty)];
                    let op = Op { attrs, operand_types, ..pretty_op("sdy.sharding_group", vec![ssa.value.clone()]) };
                    self.push(Vec::new(), op);
                }
            }
        }
        Ok(())
    }

    /// `ssa`, the value of program value `value`, behind a sharding constraint with
    /// the plan's sharding of it (when it has one an annotation can state).
    fn constrained(&mut self, value: ValueId, ssa: Ssa) -> Ssa {
        let Some(sharding) = self.constraint(value).cloned() else { return ssa };
        self.constrain_to(&ssa, &sharding, &self.program.value(value).name)
    }

    /// `ssa` behind a constraint to `sharding` (`sdy.sharding_constraint`, or the
    /// mesh dialect's `mesh.shard`): the new value, named after `hint`.
    pub(crate) fn constrain_to(&mut self, ssa: &Ssa, sharding: &TensorSharding, hint: &str) -> Ssa {
        if self.dialect == Dialect::Mesh {
            return self.mesh_shard(ssa, sharding, hint);
        }
        let words = vec![Attr::new(sharding.stripped().to_string())];
        let result_types = vec![Type::from(&ssa.ty)];
        let op = Op { words, result_types, ..pretty_op("sdy.sharding_constraint", vec![ssa.value.clone()]) };
        self.add(hint, op, std::slice::from_ref(&ssa.ty)).remove(0)
    }

    /// The mesh dialect's constraint: `%s = mesh.sharding …` and `%x = mesh.shard %v
    /// to %s : type`. A sharding the dialect cannot state is recorded as the
    /// module's failure (and `ssa` returned as it is).
    fn mesh_shard(&mut self, ssa: &Ssa, sharding: &TensorSharding, hint: &str) -> Ssa {
        let program = self.program;
        let stated = match &sharding.mesh {
            MeshRef::Symbol(name) if name == program.mesh_name() => {
                autoshard_mesh::mesh_sharding(name, program.mesh(), sharding, &ssa.ty.shape).map_err(|e| e.to_string())
            }
            other => Err(format!("the mesh {other} is not the program's")),
        };
        let stated = match stated {
            Ok(stated) => stated,
            Err(reason) => {
                let failure = ExportError::NoMeshForm(format!("{sharding}: {reason}"));
                self.failure.get_or_insert(failure);
                return ssa.clone();
            }
        };
        let sharding_name = self.fresh(&format!("{hint}_sharding"));
        self.push(vec![ResultGroup { name: sharding_name.clone(), count: 1 }], mesh_sharding_op(&stated));
        let operands = vec![ssa.value.clone(), ValueRef::new(sharding_name)];
        let shard = Op { result_types: vec![Type::from(&ssa.ty)], ..pretty_op("mesh.shard", operands) };
        self.add(hint, shard, std::slice::from_ref(&ssa.ty)).remove(0)
    }
}

/// Per value of `program`, the sharding the module states for it: the plan's, but
/// - none for partial sums inside a manual computation's body (their users'
///   constraints fix them);
/// - reduced for partial sums of an op XLA does not leave partial
///   ([`xla_keeps_partial_sums`]): XLA's partitioner completes such an op's sums
///   itself (a gather from a split table masks and all-reduces), and a constraint
///   calling the complete result unreduced would have it summed again.
fn written_shardings<'p>(program: &Program, plan: &'p Plan, manual: &[bool]) -> Vec<Option<Cow<'p, TensorSharding>>> {
    let by_name: BTreeMap<&str, &TensorSharding> = plan.values.iter().map(|v| (v.name.as_str(), &v.sharding)).collect();
    (program.value_ids())
        .map(|v| {
            let sharding = *by_name.get(program.value(v).name.as_str())?;
            if sharding.unreduced.is_empty() {
                return Some(Cow::Borrowed(sharding));
            }
            if manual[v.index()] {
                return None;
            }
            let kept = match program.value(v).def {
                ValueDef::OpResult { op, .. } => xla_keeps_partial_sums(&program.op(op).kind),
                _ => false,
            };
            Some(if kept { Cow::Borrowed(sharding) } else { Cow::Owned(sharding.reduced()) })
        })
        .collect()
}

/// Whether XLA leaves the result of an op of `kind` holding partial sums when its
/// sharding says so: a contraction, a sum over split dimensions, or an add or
/// subtract of partial sums (the exporter constrains such an op's operands to the
/// partial sums it reads, [`Emitter::resharded_operands`]). Any other op's result is
/// complete in XLA, however the plan splits its work.
fn xla_keeps_partial_sums(kind: &OpKind) -> bool {
    match kind {
        OpKind::DotGeneral(_) | OpKind::Dot | OpKind::Einsum(_) => true,
        OpKind::Binary(b) => matches!(b, BinaryOp::Add | BinaryOp::Subtract),
        OpKind::Reduce(r) => r.kind == ReduceKind::Add,
        _ => false,
    }
}

/// Whether `sharding` holds partial sums (unreduced axes combined by addition).
fn partial_sums(sharding: &TensorSharding) -> bool {
    !sharding.unreduced.is_empty() && sharding.reduction == ReductionKind::Sum
}

/// Per value, whether it is defined inside a manual computation's body (its
/// arguments included), at any depth.
fn manual_values(program: &Program) -> Vec<bool> {
    fn visit(program: &Program, ops: &[OpId], inside: bool, out: &mut [bool]) {
        for &id in ops {
            let op = program.op(id);
            op.results.iter().for_each(|r| out[r.index()] = inside);
            let body = inside || matches!(op.kind, OpKind::ManualComputation(_));
            for region in &op.regions {
                region.args.iter().for_each(|a| out[a.index()] = body);
                visit(program, &region.ops, body, out);
            }
        }
    }
    let mut out = vec![false; program.values().len()];
    visit(program, program.top_level(), false, &mut out);
    out
}

/// Per value of `program`, the indices of the sharding groups it belongs to.
fn groups_of(program: &Program) -> Vec<Vec<usize>> {
    let mut groups = vec![Vec::new(); program.values().len()];
    for (k, group) in program.sharding_groups().iter().enumerate() {
        for member in &group.members {
            groups[member.index()].push(k);
        }
    }
    groups
}

/// `array<i64: 1, 0>`.
pub(crate) fn array(values: &[i64]) -> String {
    if values.is_empty() {
        return "array<i64>".to_string();
    }
    format!("array<i64: {}>", list(values))
}

/// `1, 0`.
pub(crate) fn list(values: &[i64]) -> String {
    values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// The properties `compare_type` (when given) and `comparison_direction`.
pub(crate) fn comparison(direction: autoshard_model::ops::ComparisonDirection, compare_type: Option<&str>) -> Dict {
    let compare_type = compare_type.map(|t| ("compare_type", format!("#stablehlo<comparison_type {t}>")));
    let direction = ("comparison_direction", format!("#stablehlo<comparison_direction {}>", direction.name()));
    dict(compare_type.into_iter().chain([direction]))
}

/// `name = [a, b]` fields of a dimension-numbers attribute, empty lists left out.
pub(crate) fn fields(numbers: &[(&str, &Vec<i64>)]) -> String {
    let present: Vec<String> =
        numbers.iter().filter(|(_, v)| !v.is_empty()).map(|(n, v)| format!("{n} = [{}]", list(v))).collect();
    present.join(", ")
}

/// One element of a `dense<…>` literal of `dtype`: `true`, `-3`, `1.00000000e+00`, or
/// the bit pattern (`0xFF800000`) of an infinity or NaN. Integer types clamp an
/// infinity to their range (a max-reduction's identity).
pub(crate) fn literal(value: f64, dtype: DType) -> String {
    if dtype == DType::I1 {
        return (value != 0.0).to_string();
    }
    if !dtype.is_float() {
        let (min, max) = dtype.integer_bounds().unwrap_or((i128::MIN, i128::MAX));
        // `as` saturates: ±∞ (a max or min identity) lands on the type's bounds.
        return (value as i128).clamp(min, max).to_string();
    }
    if value.is_finite() {
        return match dtype {
            DType::F64 => format!("{value:.17e}"),
            _ => format!("{:.9e}", value as f32),
        };
    }
    let bits32 = (value as f32).to_bits();
    match dtype {
        DType::F64 => format!("0x{:016X}", value.to_bits()),
        DType::F32 => format!("0x{bits32:08X}"),
        DType::BF16 => format!("0x{:04X}", bits32 >> 16),
        DType::F16 if value.is_nan() => "0x7E00".to_string(),
        DType::F16 => (if value > 0.0 { "0x7C00" } else { "0xFC00" }).to_string(),
        DType::F8E5M2 if value.is_nan() => "0x7F".to_string(),
        DType::F8E5M2 => (if value > 0.0 { "0x7C" } else { "0xFC" }).to_string(),
        // E4M3FN has no infinity: its largest finite magnitude bounds every value.
        _ if value.is_nan() => "0x7F".to_string(),
        _ => format!("{:.9e}", if value > 0.0 { 448.0 } else { -448.0 }),
    }
}

/// A symbol name for the module (`@jit_mlp`, `@mlp`).
fn symbol(name: &str) -> String {
    let cleaned: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if cleaned.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') { cleaned } else { format!("m_{cleaned}") }
}

/// The SSA name (without `%`) an exported module gives the value named `name`, when
/// no other value took it first: the name without a leading `%`, each character
/// outside MLIR's identifiers replaced by `_`, and `v` before a leading digit
/// (`%0#1` is `v0_1`, `w1` stays `w1`).
pub fn ssa_name(name: &str) -> String {
    let mut base: String = (name.trim_start_matches('%').chars())
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-') { c } else { '_' })
        .collect();
    if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
        base.insert(0, 'v');
    }
    base
}

#[cfg(test)]
mod tests;
