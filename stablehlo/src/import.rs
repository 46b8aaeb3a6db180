//! Lowers a parsed function into the model's [`Program`] through the
//! [`ProgramBuilder`]: arguments become inputs (their `sdy.sharding` the input's
//! annotation), ops become ops (their `sdy.sharding` the results' annotations),
//! `func.call`s of private functions are inlined as named computations labelled with
//! the callee, `stablehlo.custom_call`s become custom ops (built with their
//! decomposition as body, if they have one), `sdy.named_computation` and
//! `sdy.manual_computation` keep their regions, `stablehlo.while`, `case` and `if`
//! become loops and branches (`import/control.rs`), Shardy's `sdy` collectives
//! become reshards to their `out_sharding`, an op with its own `sdy.sharding_rule`
//! becomes a custom op with that rule, `sdy.sharding_group`s become sharding groups, and the returned values
//! become outputs (the result's `sdy.sharding` their annotation), the `mesh`
//! dialect's `mesh.shard` becomes a sharding constraint (`import/mesh.rs`); a donated argument
//! and the result that reuses its buffer form one more sharding group.
//!
//! Values keep their MLIR names (`%0`, `%arg0`); an inlined callee's names get the
//! callee's name as a prefix (`%relu.0`, then `%relu.2.0` for its second call).
//! Constants are added where something uses them as a tensor, so a constant used only
//! as a `reduce` init or a `pad` value (attributes in the op set) leaves no trace.
//!
//! Invariant: the first error stops the import and is located at the op (or argument)
//! it concerns; result types the module states must equal the inferred ones.

use super::ast::{Attr, Dict, Func, FuncBody, Module, Operation, ValueRef};
use super::attrs::{self, split_top};
use super::custom_call;
use super::donation;
use super::ops::{self, Scope, tensor_type};
use super::{at, error};
use autoshard_model::Diagnostic;
use autoshard_model::ir::{InputSpec, OpSpec};
use autoshard_model::ops::{
    BodyOp, BodyValue, Constant, Custom, Decomposition, ManualComputation, NamedComputation, Operand,
};
use autoshard_model::rules::{CallUsers, OpShapes, counts_for};
use autoshard_model::{
    Location, Mesh, MeshRef, OpKind, OpShardingRule, Program, ProgramBuilder, TensorSharding, TensorShardingPerValue,
    TensorType, ValueId,
};
mod control;
mod index_ops;
mod mesh;
mod mpmd;
mod spmd;
mod spmd_collectives;
mod spmd_halo;

pub use spmd::spmd_function;

use std::collections::BTreeMap;
use std::sync::Arc;

/// The mesh of `module` and its name: the first `sdy.mesh` with axes (JAX declares
/// `@empty_mesh = <[]>` first when a scalar is unsharded), or the first if none has
/// any; a module without one gets a single device named `mesh`, enough to read rules.
///
/// Every other mesh with axes must have the program mesh's device count (the seed's
/// rule for the meshes of one module); values on it are not supported yet, which the
/// sharding that names it reports. A maximal mesh (`<[], device_ids=[i]>`) puts a
/// whole value on one device of the program's mesh (the program declares it:
/// `ProgramBuilder::add_maximal_mesh`). Empty meshes (`<[]>`) are legal anywhere: a
/// sharding on one holds no axis, so it is the replicated sharding of the program's
/// mesh ([`Importer::sharding`]).
pub fn mesh(file: &Arc<str>, module: &Module) -> Result<(String, Mesh), Diagnostic> {
    let mut parsed = Vec::new();
    for decl in &module.meshes {
        let mesh: Mesh =
            decl.mesh.text.parse().map_err(|e| error(file, decl.mesh.pos.clone(), format!("invalid mesh: {e}")))?;
        parsed.push((decl, mesh));
    }
    let Some((main, main_mesh)) = parsed.iter().find(|(_, m)| !m.axes().is_empty()).or(parsed.first()) else {
        let mesh = "<[\"x\"=1]>".parse().map_err(|e| error(file, Location::default(), format!("{e}")))?;
        return Ok(("mesh".into(), mesh));
    };
    for (decl, mesh) in &parsed {
        if !mesh.axes().is_empty() && mesh.total_size() != main_mesh.total_size() {
            let message = format!(
                "mesh @{} has {} devices but @{} has {}; the meshes of a module have one device count",
                decl.name,
                mesh.total_size(),
                main.name,
                main_mesh.total_size()
            );
            return Err(error(file, decl.mesh.pos.clone(), message));
        }
    }
    Ok((main.name.clone(), main_mesh.clone()))
}

/// The user's source line of every op whose `loc(…)` names one, by the op's
/// position in the module.
fn sources(module: &Module) -> BTreeMap<Location, Location> {
    fn walk(ops: &[Operation], module: &Module, out: &mut BTreeMap<Location, Location>) {
        for op in ops {
            if let Some(source) =
                op.trailing_loc.as_deref().and_then(|loc| crate::location::source(loc, &module.locations))
            {
                out.insert(op.loc.clone(), source);
            }
            op.regions.iter().for_each(|r| walk(&r.ops, module, out));
        }
    }
    let mut out = BTreeMap::new();
    module.funcs.iter().for_each(|f| walk(f.ops(), module, &mut out));
    out
}

/// The names of `module`'s empty meshes (`<[]>`: no axes, no device).
fn empty_meshes(module: &Module) -> Vec<String> {
    let empty = |text: &str| text.parse::<Mesh>().is_ok_and(|m| m.is_empty());
    module.meshes.iter().filter(|d| empty(&d.mesh.text)).map(|d| d.name.clone()).collect()
}

/// The program of `func` in `module`, on `mesh` (the module's, as [`mesh`] reads it).
pub fn function(file: &Arc<str>, module: &Module, mesh: &(String, Mesh), func: &Func) -> Result<Program, Diagnostic> {
    let mut importer = Importer::new(file, module, mesh, &func.name)?;
    for arg in &func.args {
        let fail = |m: String| error(file, arg.loc.clone(), m);
        let ty = tensor_type(&arg.ty).map_err(fail)?;
        let sharding = importer.sharding_attr(&arg.attrs, "sdy.sharding")?;
        let name = importer.key(&arg.name);
        // The caller keeps every argument it does not donate (`tie_donated`).
        let spec =
            InputSpec { name: name.clone(), ty, parameter: true, sharding, loc: Some(importer.loc(arg.loc.clone())) };
        let value = importer.builder.add_input(spec).map_err(|e| fail(e.to_string()))?;
        importer.env.insert(name, value);
    }
    let returned = importer.block(func.ops())?;
    if returned.len() != func.results.len() {
        let message = format!("the function returns {} values but declares {}", returned.len(), func.results.len());
        return Err(error(file, func.loc.clone(), message));
    }
    for (&value, result) in returned.iter().zip(&func.results) {
        let sharding = importer.sharding_attr(&result.attrs, "sdy.sharding")?;
        let loc = Some(importer.loc(result.loc.clone()));
        importer
            .builder
            .add_output(value, sharding, loc)
            .map_err(|e| error(file, result.loc.clone(), e.to_string()))?;
    }
    importer.tie_donated(func)?;
    for (id, (pos, members)) in std::mem::take(&mut importer.groups) {
        let fail = |e: autoshard_model::Error| error(file, pos.clone(), format!("sharding group {id}: {e}"));
        importer.builder.add_sharding_group(members, Some(importer.loc(pos.clone()))).map_err(fail)?;
    }
    importer.builder.finish().map_err(|e| error(file, func.loc.clone(), e.to_string()))
}

struct Importer<'m> {
    file: Arc<str>,
    module: &'m Module,
    builder: ProgramBuilder,
    mesh_name: String,
    /// The module's empty meshes, whose shardings are the program mesh's replicated.
    empty_meshes: Vec<String>,
    /// The values built so far, by [`Importer::key`].
    env: BTreeMap<String, ValueId>,
    /// Every constant seen, by key, with its value decoded once (built into the
    /// program only where something uses it as a tensor).
    constants: BTreeMap<String, (Operation, Result<Constant, String>)>,
    /// Sharding groups by id: where first seen and the members.
    groups: BTreeMap<u64, (Location, Vec<ValueId>)>,
    /// The inlining prefix of the body being read.
    prefix: String,
    /// The prefixes of the bodies around a loop's region being read, innermost
    /// last: their constants are visible in it.
    enclosing: Vec<String>,
    /// The callees being inlined (to refuse recursion).
    calls: Vec<String>,
    /// How many times each callee was inlined.
    inlined: BTreeMap<String, usize>,
    /// The `mesh.sharding` values seen, by key, with their mesh.
    mesh_shardings: BTreeMap<String, (autoshard_mesh::Sharding, Mesh)>,
    /// Whether the function is a partitioned (SPMD) mesh-dialect program, whose
    /// collectives run (`import/spmd.rs`).
    spmd: bool,
    /// The user's source line of each op that names one, by its position in the module.
    sources: BTreeMap<Location, Location>,
}

impl<'m> Importer<'m> {
    /// An importer of function `name` of `module` on `mesh`, the module's maximal
    /// meshes declared.
    fn new(file: &Arc<str>, module: &'m Module, mesh: &(String, Mesh), name: &str) -> Result<Self, Diagnostic> {
        let (mesh_name, mesh) = mesh.clone();
        let mut importer = Importer {
            file: file.clone(),
            module,
            builder: ProgramBuilder::new(name, mesh_name.clone(), mesh),
            mesh_name,
            empty_meshes: empty_meshes(module),
            env: BTreeMap::new(),
            constants: BTreeMap::new(),
            groups: BTreeMap::new(),
            prefix: String::new(),
            enclosing: Vec::new(),
            calls: Vec::new(),
            inlined: BTreeMap::new(),
            mesh_shardings: BTreeMap::new(),
            spmd: false,
            sources: sources(module),
        };
        for decl in &module.meshes {
            let device = decl.mesh.text.parse::<Mesh>().ok().and_then(|m| m.maximal_device_id());
            if let Some(device) = device {
                let declared = importer.builder.add_maximal_mesh(decl.name.clone(), device);
                declared.map_err(|e| error(file, decl.mesh.pos.clone(), e.to_string()))?;
            }
        }
        Ok(importer)
    }
}

impl Scope for Importer<'_> {
    fn scalar(&self, name: &str) -> Option<f64> {
        match self.constant(name)? {
            (_, Ok(c)) if c.values.len() == 1 => Some(c.values[0]),
            _ => None,
        }
    }

    fn mesh_name(&self) -> &str {
        &self.mesh_name
    }
}

impl Importer<'_> {
    /// The program's name for the MLIR value `name` in the body being read: `%name`,
    /// behind the inlining prefix.
    fn key(&self, name: &str) -> String {
        format!("%{}{name}", self.prefix)
    }

    /// The scalar constant `name` holds: one the module defines, or a value built
    /// from one through sharding constraints and reshards (as an exported module
    /// constrains every value).
    fn scalar_through(&self, name: &str) -> Option<f64> {
        if let Some(value) = self.scalar(name) {
            return Some(value);
        }
        let mut value = *self.env.get(&self.key(name))?;
        loop {
            match &self.builder.defining_op(value)?.kind {
                OpKind::ShardingConstraint(_) | OpKind::Reshard(_) => {
                    value = self.builder.defining_op(value)?.operands[0];
                }
                OpKind::Constant(c) if c.values.len() == 1 => return Some(c.values[0]),
                _ => return None,
            }
        }
    }

    /// The constant `name` in the body being read, or in a body around it that a
    /// loop's region sees.
    fn constant(&self, name: &str) -> Option<&(Operation, Result<Constant, String>)> {
        let outer = self.enclosing.iter().rev().map(|p| format!("%{p}{name}"));
        std::iter::once(self.key(name)).chain(outer).find_map(|key| self.constants.get(&key))
    }

    /// Where the op at `pos` was written: the user's source line when the module
    /// carries one ([`crate::location`]), else `pos` in the module.
    fn loc(&self, pos: Location) -> Location {
        self.sources.get(&pos).cloned().unwrap_or_else(|| at(&self.file, &pos))
    }

    /// An error about the op at `pos`, at the user's source line when the module
    /// carries one (the hint then names the place in the module).
    fn err(&self, pos: Location, message: impl Into<String>) -> Diagnostic {
        let mut diagnostic = error(&self.file, pos.clone(), message);
        if let Some(source) = self.sources.get(&pos) {
            diagnostic.hint = Some(format!("the op is at {} in the module", diagnostic.location));
            diagnostic.location = source.clone();
        }
        diagnostic
    }

    /// The sharding in attribute `key` of `attrs`, if any.
    fn sharding_attr(&self, attrs: &Dict, key: &str) -> Result<Option<TensorSharding>, Diagnostic> {
        let Some(attr) = attrs.get(key) else { return Ok(None) };
        self.sharding(&attr.text).map(Some).map_err(|m| self.err(attr.pos.clone(), m))
    }

    /// A sharding in the module's text: one on an empty mesh names no axis and is the
    /// program mesh's sharding with the same (empty) dimensions; one on a maximal mesh
    /// stays on it (the program declares it).
    fn sharding(&self, text: &str) -> Result<TensorSharding, String> {
        self.on_program_mesh(ops::sharding(text, &self.mesh_name)?)
    }

    fn on_program_mesh(&self, mut sharding: TensorSharding) -> Result<TensorSharding, String> {
        if let MeshRef::Symbol(name) = &sharding.mesh
            && self.empty_meshes.contains(name)
        {
            if let Some(axis) = sharding.all_axes().next() {
                return Err(format!("{sharding} names axis {axis}, but @{name} is an empty mesh (<[]>)"));
            }
            sharding.mesh = MeshRef::Symbol(self.mesh_name.clone());
        }
        Ok(sharding)
    }

    /// The value named `name` in the current body, building it if it is a constant
    /// (one of a body around a loop's region is built again inside it).
    fn value(&mut self, value: &ValueRef, pos: Location) -> Result<ValueId, Diagnostic> {
        self.value_named(&value.id(), pos)
    }

    /// The value whose SSA id is `name` (as a dialect's own op text names it), as
    /// [`Importer::value`] finds it.
    fn value_named(&mut self, name: &str, pos: Location) -> Result<ValueId, Diagnostic> {
        let key = self.key(name);
        if let Some(&v) = self.env.get(&key) {
            return Ok(v);
        }
        let Some((op, constant)) = self.constant(name).cloned() else {
            let outside = self.enclosing.iter().any(|p| self.env.contains_key(&format!("%{p}{name}")));
            if outside {
                let message = format!(
                    "%{name} is defined outside this loop region; autoshard reads loops whose regions take \
                     every value they use as a carried operand (as JAX lowers them)"
                );
                return Err(self.err(pos, message));
            }
            return Err(self.err(pos, format!("value %{name} is used before it is defined")));
        };
        let constant = constant.map_err(|m| self.err(op.loc.clone(), m))?;
        let values = self.add(&op, OpKind::Constant(constant), Vec::new())?;
        values.first().copied().ok_or_else(|| self.err(op.loc.clone(), "the constant has no result"))
    }

    /// The one operand of `op`.
    fn operand(&mut self, op: &Operation) -> Result<ValueId, Diagnostic> {
        match op.operands.as_slice() {
            [one] => self.value(one, op.loc.clone()),
            other => Err(self.err(op.loc.clone(), format!("{} takes one operand, not {}", op.name, other.len()))),
        }
    }

    /// Reads the ops of a body until its terminator and returns what it returns.
    fn block(&mut self, body: &[Operation]) -> Result<Vec<ValueId>, Diagnostic> {
        // What the body's rng_bit_generators read, gathered at its first custom call.
        let mut rng_reads = None;
        for op in body {
            match op.name.as_str() {
                "func.return" | "stablehlo.return" | "sdy.return" | "mpmd.return" => {
                    return op.operands.iter().map(|o| self.value(o, op.loc.clone())).collect();
                }
                "stablehlo.constant" | "sdy.constant" => {
                    let Some(result) = op.result_values().next().map(|v| v.id()) else {
                        return Err(self.err(op.loc.clone(), "the constant's result is not named"));
                    };
                    self.constants.insert(self.key(&result), (op.clone(), ops::constant(op)));
                }
                "func.call" | "mpmd.call" => self.call(op)?,
                "stablehlo.custom_call" | "chlo.top_k" => {
                    let reads = rng_reads.get_or_insert_with(|| custom_call::rng_reads(body));
                    self.custom_call(op, custom_call::users(op, reads))?;
                }
                "sdy.named_computation" | "sdy.manual_computation" | "mpmd.named_computation" => self.region_op(op)?,
                "mpmd.named_tensor" => self.named_tensor(op)?,
                name if name.starts_with("mpmd.") => return Err(self.partitioned_mpmd_op(op)),
                name if name.starts_with("mesh.") => self.mesh_dialect_op(op)?,
                name if name.starts_with("arith.") || name.starts_with("tensor.") => self.index_op(op)?,
                "stablehlo.while" => self.while_loop(op)?,
                "stablehlo.case" | "stablehlo.if" => self.case(op)?,
                "stablehlo.optimization_barrier" => self.barrier(op)?,
                "sdy.data_flow_edge" => self.data_flow_edge(op)?,
                "sdy.all_gather"
                | "sdy.all_slice"
                | "sdy.all_to_all"
                | "sdy.collective_permute"
                | "sdy.all_reduce"
                | "sdy.reduce_scatter"
                | "sdy.replicated_to_unreduced"
                | "sdy.sharded_to_unreduced" => self.sdy_collective(op)?,
                "sdy.sharding_group" => {
                    // Shardy's group ids are `ui64` and required.
                    let id = op.attr("group_id").ok_or("sdy.sharding_group needs a group_id".to_string());
                    let id = id.and_then(|a| attrs::unsigned(&a.text)).map_err(|m| self.err(op.loc.clone(), m))?;
                    let value = self.operand(op)?;
                    self.groups.entry(id).or_insert((op.loc.clone(), Vec::new())).1.push(value);
                }
                _ => {
                    let (kind, names) = ops::lower(op, self).map_err(|m| self.err(op.loc.clone(), m))?;
                    let operands = names.iter().map(|o| self.value(o, op.loc.clone())).collect::<Result<_, _>>()?;
                    match op.attr("sdy.sharding_rule") {
                        Some(rule) => self.with_rule(op, kind, operands, rule)?,
                        None => drop(self.add(op, kind, operands)?),
                    }
                }
            }
        }
        Err(self.err(body.last().map_or(Location::default(), |o| o.loc.clone()), "the body has no return"))
    }

    /// Adds a body-free op and binds its results.
    fn add(&mut self, op: &Operation, kind: OpKind, operands: Vec<ValueId>) -> Result<Vec<ValueId>, Diagnostic> {
        let spec = self.spec(op, kind, operands)?;
        let values = self.builder.add_op(spec).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        self.bind(op, &values)?;
        Ok(values)
    }

    fn spec(&self, op: &Operation, kind: OpKind, operands: Vec<ValueId>) -> Result<OpSpec, Diagnostic> {
        Ok(OpSpec {
            result_names: op.result_ids().iter().map(|r| self.key(r)).collect(),
            kind,
            operands,
            result_shardings: self.result_shardings(op)?,
            loc: Some(self.loc(op.loc.clone())),
        })
    }

    /// The results' annotations, `sdy.sharding = #sdy.sharding_per_value<[…]>`, on
    /// the program's mesh.
    fn result_shardings(&self, op: &Operation) -> Result<Vec<Option<TensorSharding>>, Diagnostic> {
        let Some(attr) = op.attr("sdy.sharding") else { return Ok(Vec::new()) };
        let per_value: TensorShardingPerValue =
            attr.text.parse().map_err(|e| self.err(attr.pos.clone(), format!("{e}")))?;
        let on_mesh = per_value.shardings.into_iter().map(|s| self.on_program_mesh(s).map(Some));
        on_mesh.collect::<Result<_, _>>().map_err(|m| self.err(attr.pos.clone(), m))
    }

    /// Donates each donated argument to the result that reuses its buffer
    /// ([`donation::aliases`], `Program::donate`): it dies at its last use, and the
    /// next step reads what this one writes, in the same sharding.
    fn tie_donated(&mut self, func: &Func) -> Result<(), Diagnostic> {
        let pairs = donation::aliases(func).map_err(|m| self.err(func.loc.clone(), m))?;
        for (a, r) in pairs {
            let pos = func.args[a].loc.clone();
            let donated = self.builder.donate(a, r, Some(self.loc(pos.clone())));
            donated.map_err(|e| self.err(pos, format!("donated argument: {e}")))?;
        }
        Ok(())
    }

    /// `sdy.data_flow_edge %v [sharding=<…>]`, as Shardy's later passes print a region
    /// op's edges: the value itself, its sharding (if given) a sharding constraint on
    /// it, as Shardy keeps the edge's sharding there.
    fn data_flow_edge(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let value = self.operand(op)?;
        let Some(attr) = op.attr("sharding") else { return self.bind(op, &[value]) };
        let sharding = self.sharding(&attr.text).map_err(|m| self.err(attr.pos.clone(), m))?;
        self.add(op, OpKind::ShardingConstraint(sharding), vec![value]).map(|_| ())
    }

    /// One of Shardy's explicit collectives (`sdy.all_gather [{"x"}, {}] %v
    /// out_sharding=<…>`, as its reshard passes print them): the value, unchanged,
    /// resharded to its `out_sharding` — a `reshard` (the collectives that do it are
    /// the planner's to choose).
    fn sdy_collective(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let value = self.operand(op)?;
        let attr = op
            .attr("out_sharding")
            .ok_or_else(|| self.err(op.loc.clone(), format!("{} needs an out_sharding", op.name)))?;
        let sharding = self.sharding(&attr.text).map_err(|m| self.err(attr.pos.clone(), m))?;
        self.add(op, OpKind::Reshard(sharding), vec![value]).map(|_| ())
    }

    /// `optimization_barrier` of k values: k one-value barriers
    /// ([`OpKind::OptimizationBarrier`]), value `i` passing through to result `i`.
    /// Each is solved on its own (one barrier's values need not share axes).
    fn barrier(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        if op.result_ids().len() != op.operands.len() {
            let message = format!(
                "{} values pass an optimization_barrier with {} results",
                op.operands.len(),
                op.result_ids().len()
            );
            return Err(self.err(op.loc.clone(), message));
        }
        let shardings = self.result_shardings(op)?;
        let mut values = Vec::new();
        for (i, (operand, result)) in op.operands.iter().zip(&op.result_ids()).enumerate() {
            let spec = OpSpec {
                result_names: vec![self.key(result)],
                kind: OpKind::OptimizationBarrier,
                operands: vec![self.value(operand, op.loc.clone())?],
                result_shardings: shardings.get(i).cloned().into_iter().collect(),
                loc: Some(self.loc(op.loc.clone())),
            };
            values.extend(self.builder.add_op(spec).map_err(|e| self.err(op.loc.clone(), e.to_string()))?);
        }
        self.bind(op, &values)
    }

    /// Binds `values` to `op`'s result names, checking the types the module states.
    fn bind(&mut self, op: &Operation, values: &[ValueId]) -> Result<(), Diagnostic> {
        for (i, (name, &value)) in op.result_ids().iter().zip(values).enumerate() {
            let inferred = self.builder.type_of(value).clone();
            if let Some(stated) = op.result_types.get(i) {
                let stated = tensor_type(stated).map_err(|m| self.err(op.loc.clone(), m))?;
                if stated != inferred {
                    let message =
                        format!("{}: the module says result {i} is {stated}, autoshard infers {inferred}", op.name);
                    return Err(self.err(op.loc.clone(), message));
                }
            }
            self.env.insert(self.key(name), value);
        }
        Ok(())
    }

    /// `sdy.named_computation` or `sdy.manual_computation`: the region is built in
    /// place.
    fn region_op(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let at = |m: String| self.err(op.loc.clone(), m);
        let list = |key: &str| -> Result<Option<Vec<TensorSharding>>, Diagnostic> {
            let Some(attr) = op.attr(key) else { return Ok(None) };
            let inner = attrs::inside(&attr.text, '[', ']');
            let parsed: Result<Vec<_>, _> = split_top(inner).into_iter().map(|s| self.sharding(s)).collect();
            parsed.map(Some).map_err(|m| self.err(attr.pos.clone(), m))
        };
        let kind = if op.name == "mpmd.named_computation" {
            Self::named_computation_kind(self.user_origin_label(op)?)
        } else if op.name == "sdy.named_computation" {
            let label = op.words.iter().find(|w| w.text.starts_with('<')).map(|w| w.text.trim_matches(['<', '>', '"']));
            OpKind::NamedComputation(NamedComputation {
                label: label.unwrap_or_default().to_string(),
                in_shardings: list("in_shardings")?,
                out_shardings: list("out_shardings")?,
            })
        } else {
            let axes = op.attr("manual_axes").map(|a| attrs::inside(&a.text, '{', '}').to_string()).unwrap_or_default();
            OpKind::ManualComputation(ManualComputation {
                manual_axes: split_top(&axes).into_iter().map(|a| a.trim_matches('"').to_string()).collect(),
                in_shardings: list("in_shardings")?.unwrap_or_default(),
                out_shardings: list("out_shardings")?.unwrap_or_default(),
            })
        };
        let Some(region) = op.regions.first() else { return Err(at(format!("{} has no body", op.name))) };
        let operands = op.operands.iter().map(|o| self.value(o, op.loc.clone())).collect::<Result<Vec<_>, _>>()?;
        let args: Vec<String> = region.args.iter().map(|a| a.name.clone()).collect();
        let spec = self.spec(op, kind, operands)?;
        // An MPMD named computation is isolated from above and Shardy's modules reuse
        // names across them: each body is read behind its label's prefix.
        let inner = match (&spec.kind, op.name.as_str()) {
            (OpKind::NamedComputation(nc), "mpmd.named_computation") => self.inner_prefix(&nc.label),
            _ => self.prefix.clone(),
        };
        self.region_behind(op, spec, &args, inner, &region.ops)
    }

    /// Reads the region op of `spec` whose body is `body`, its values (arguments
    /// `args` first) behind the prefix `inner`; its results belong to the caller.
    fn region_behind(
        &mut self,
        op: &Operation,
        spec: OpSpec,
        args: &[String],
        inner: String,
        body: &[Operation],
    ) -> Result<(), Diagnostic> {
        let outer = std::mem::replace(&mut self.prefix, inner);
        let results = self.open(op, spec, args).map(|()| self.block(body));
        self.prefix = outer;
        self.close(op, results?)
    }

    /// The prefix of the next body read for `label` (a callee or an isolated named
    /// computation): `label.`, then `label.2.` for the second, and so on.
    fn inner_prefix(&mut self, label: &str) -> String {
        let count = self.inlined.entry(label.to_string()).or_insert(0);
        *count += 1;
        if *count == 1 { format!("{label}.") } else { format!("{label}.{count}.") }
    }

    /// Opens the region op of `spec`, its arguments named `args` in the body being
    /// read.
    fn open(&mut self, op: &Operation, spec: OpSpec, args: &[String]) -> Result<(), Diagnostic> {
        let names: Vec<String> = args.iter().map(|a| self.key(a)).collect();
        let values =
            self.builder.begin_region(spec, names.clone()).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        self.env.extend(names.into_iter().zip(values));
        Ok(())
    }

    /// Closes the region opened for `op` with the body's `results`.
    fn close(&mut self, op: &Operation, results: Result<Vec<ValueId>, Diagnostic>) -> Result<(), Diagnostic> {
        let results = results.inspect_err(|_| self.builder.abandon_region())?;
        let values = self.builder.end_region(results).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        self.bind(op, &values)
    }

    /// `func.call @f(…)`: `f`'s body inlined as a named computation labelled `f`.
    fn call(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        // `call @f(…)`, or the generic form's `<{callee = @f}>`.
        let word = op.words.iter().find_map(|w| w.text.strip_prefix('@'));
        let attr = op.attr("callee").and_then(|a| a.text.strip_prefix('@'));
        let callee = word.or(attr).unwrap_or_default().to_string();
        let module = self.module;
        let Some(func) = module.funcs.iter().find(|f| f.name == callee) else {
            return Err(self.err(op.loc.clone(), format!("call of @{callee}, which the module does not define")));
        };
        if self.calls.contains(&callee) {
            return Err(self.err(op.loc.clone(), format!("@{callee} calls itself; recursion is not supported")));
        }
        let operands = op.operands.iter().map(|o| self.value(o, op.loc.clone())).collect::<Result<Vec<_>, _>>()?;
        let inner = self.inner_prefix(&callee);
        let kind = Self::named_computation_kind(callee.clone());
        let args: Vec<String> = func.args.iter().map(|a| a.name.clone()).collect();
        // The call's results belong to the caller; the callee's values get its prefix.
        let spec = self.spec(op, kind, operands)?;
        self.calls.push(callee);
        let read = self.region_behind(op, spec, &args, inner, func.ops());
        self.calls.pop();
        read
    }

    /// `stablehlo.custom_call` whose results `users` read: a custom op (with its
    /// decomposition as body when it has one) or the op its target is.
    fn custom_call(&mut self, op: &Operation, users: CallUsers) -> Result<(), Diagnostic> {
        let operands = op.operands.iter().map(|o| self.value(o, op.loc.clone())).collect::<Result<Vec<_>, _>>()?;
        let types: Vec<_> = operands.iter().map(|&v| self.builder.type_of(v).clone()).collect();
        let lowered = custom_call::lower(op, &types, users).map_err(|m| self.err(op.loc.clone(), m))?;
        match lowered.body {
            Some(body) => self.with_body(op, lowered.kind, operands, &body),
            None => self.add(op, lowered.kind, operands).map(|_| ()),
        }
    }

    /// An op of the op set carrying its own `sdy.sharding_rule`, which overrides the
    /// registry's (as in Shardy): a custom op with that rule, the op's FLOPs and the
    /// op itself as its body (which is what executes it).
    fn with_rule(
        &mut self,
        op: &Operation,
        kind: OpKind,
        operands: Vec<ValueId>,
        rule: &Attr,
    ) -> Result<(), Diagnostic> {
        let parsed: OpShardingRule =
            rule.text.parse().map_err(|e| self.err(rule.pos.clone(), format!("malformed sdy.sharding_rule: {e}")))?;
        let types: Vec<TensorType> = operands.iter().map(|&v| self.builder.type_of(v).clone()).collect();
        let ids: Vec<String> = op.operands.iter().map(ValueRef::id).collect();
        let named: Vec<Operand<'_>> = ids.iter().zip(&types).map(|(name, ty)| Operand { name, ty }).collect();
        let results = kind.infer(&named).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        let shapes = OpShapes { operands: types.iter().collect(), results: results.iter().collect() };
        let flops = counts_for(&kind, &shapes).flops;
        let body = Decomposition {
            ops: vec![BodyOp {
                label: "op",
                kind,
                operands: (0..operands.len()).map(BodyValue::Arg).collect(),
                results: results.len(),
            }],
            results: (0..results.len()).map(|index| BodyValue::Result { op: 0, index }).collect(),
        };
        let custom = Custom { rule: parsed, results, flops, target: None };
        self.with_body(op, OpKind::Custom(custom), operands, &body)
    }

    /// The custom op `kind` of `op` with `body` as its decomposition.
    fn with_body(
        &mut self,
        op: &Operation,
        kind: OpKind,
        operands: Vec<ValueId>,
        body: &Decomposition,
    ) -> Result<(), Diagnostic> {
        let stem = op.result_ids().first().map_or("custom_call", |r| r.split('#').next().unwrap_or(r)).to_string();
        let args = (0..operands.len()).map(|i| self.key(&format!("{stem}/arg{i}"))).collect();
        let spec = self.spec(op, kind, operands)?;
        let args = self.builder.begin_region(spec, args).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        let results = self.decomposition(op, &stem, &args, body);
        self.close(op, results)
    }

    /// Builds `body` over `args` inside the open region of custom call `op`; its
    /// values are named `%STEM/LABEL`. Returns what the body returns.
    fn decomposition(
        &mut self,
        op: &Operation,
        stem: &str,
        args: &[ValueId],
        body: &Decomposition,
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let mut built: Vec<Vec<ValueId>> = Vec::with_capacity(body.ops.len());
        let get = |built: &[Vec<ValueId>], v: BodyValue| match v {
            BodyValue::Arg(i) => args.get(i).copied(),
            BodyValue::Result { op, index } => built.get(op).and_then(|r| r.get(index)).copied(),
        };
        let undefined = "the decomposition reads a value it does not define";
        for step in &body.ops {
            let operands = step.operands.iter().map(|&v| get(&built, v)).collect::<Option<Vec<_>>>();
            let label = format!("{stem}/{}", step.label);
            let names = match step.results {
                1 => vec![self.key(&label)],
                n => (0..n).map(|i| self.key(&format!("{label}#{i}"))).collect(),
            };
            let spec = OpSpec {
                result_names: names,
                kind: step.kind.clone(),
                operands: operands.ok_or_else(|| self.err(op.loc.clone(), undefined))?,
                result_shardings: Vec::new(),
                loc: None,
            };
            built.push(self.builder.add_op(spec).map_err(|e| self.err(op.loc.clone(), e.to_string()))?);
        }
        body.results
            .iter()
            .map(|&v| get(&built, v))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| self.err(op.loc.clone(), undefined))
    }
}
