//! Building a program op by op, with every check the IR's invariants need.
//!
//! Each call infers types, verifies the shardings it is given against the mesh and
//! the value's type, and enforces unique names and isolated region bodies; an error
//! leaves the builder unchanged, so a caller may report it and go on. Region ops are
//! built in two steps: [`ProgramBuilder::begin_region`] creates the body's arguments
//! (for a manual computation, with per-device shapes along the manual axes), and
//! [`ProgramBuilder::end_region`] closes the body and creates the op's results.

use super::program::{Body, Input, Op, Output, Program, Value, ValueDef};
use super::{Location, OpId, TensorType, ValueId};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::mesh::Mesh;
use crate::ops::{ManualComputation, OpKind, Operand};
use crate::sharding::{MeshRef, TensorSharding};
use std::collections::BTreeMap;

/// A program input to add.
#[derive(Debug, Clone)]
pub struct InputSpec {
    /// The input's unique name.
    pub name: String,
    /// Its type.
    pub ty: TensorType,
    /// True for a parameter (lives for the whole program).
    pub parameter: bool,
    /// The user's annotation.
    pub sharding: Option<TensorSharding>,
    /// Where it was written.
    pub loc: Option<Location>,
}

/// An op to add.
#[derive(Debug, Clone)]
pub struct OpSpec {
    /// The names of the results (one per result).
    pub result_names: Vec<String>,
    /// What the op does.
    pub kind: OpKind,
    /// The operands.
    pub operands: Vec<ValueId>,
    /// Annotations of the results: empty, or one per result.
    pub result_shardings: Vec<Option<TensorSharding>>,
    /// Where it was written.
    pub loc: Option<Location>,
}

/// A region op whose region `done.len()` (its body) is being built.
#[derive(Debug, Clone)]
struct OpenRegion {
    op: OpId,
    spec: OpSpec,
    /// Its regions closed so far (a `while`'s condition while its body is built).
    done: Vec<Body>,
    body: Body,
}

impl OpenRegion {
    /// The scope of the values the region being built defines.
    fn scope(&self) -> Scope {
        Some((self.op, self.done.len()))
    }
}

/// Where a value is defined: the region (op and region index) or, `None`, the top
/// level.
type Scope = Option<(OpId, usize)>;

/// Builds a [`Program`].
#[derive(Debug, Clone)]
pub struct ProgramBuilder {
    program: Program,
    names: BTreeMap<String, ValueId>,
    /// The region that defines each value (`None`: the top level).
    scope_of: Vec<Scope>,
    open: Vec<OpenRegion>,
    /// The name of a region op dropped by [`ProgramBuilder::abandon_region`].
    abandoned: Option<String>,
}

impl ProgramBuilder {
    /// An empty program called `name` on `mesh`, which shardings refer to as `@mesh_name`.
    pub fn new(name: impl Into<String>, mesh_name: impl Into<String>, mesh: Mesh) -> Self {
        ProgramBuilder {
            program: Program {
                name: name.into(),
                mesh_name: mesh_name.into(),
                mesh,
                maximal: Vec::new(),
                values: Vec::new(),
                ops: Vec::new(),
                top_level: Vec::new(),
                inputs: Vec::new(),
                outputs: Vec::new(),
                sharding_groups: Vec::new(),
                repeat: Vec::new(),
            },
            names: BTreeMap::new(),
            scope_of: Vec::new(),
            open: Vec::new(),
            abandoned: None,
        }
    }

    /// Declares the maximal mesh `@name = <[], device_ids=[device]>`: shardings on
    /// it put a whole value on that device of the program's mesh.
    pub fn add_maximal_mesh(&mut self, name: impl Into<String>, device: i64) -> Result<()> {
        let name = name.into();
        let devices = self.program.mesh.device_ids();
        if !devices.contains(&device) {
            return Err(Error::Program(format!(
                "maximal mesh @{name} puts values on device {device}, which is not a device of the program's mesh \
                 {} (devices 0..{})",
                self.program.mesh,
                devices.len()
            )));
        }
        if name == self.program.mesh_name || self.program.maximal.iter().any(|(n, _)| *n == name) {
            return Err(Error::Program(format!("mesh @{name} is declared twice")));
        }
        self.program.maximal.push((name, Mesh::maximal(device)?));
        Ok(())
    }

    /// The mesh of the program being built.
    pub fn mesh(&self) -> &Mesh {
        &self.program.mesh
    }

    /// The value called `name`, if defined.
    pub fn value_named(&self, name: &str) -> Option<ValueId> {
        self.names.get(name).copied()
    }

    /// The type of `value`.
    pub fn type_of(&self, value: ValueId) -> &TensorType {
        &self.program.value(value).ty
    }

    /// True if `value` is a program input.
    pub fn is_input(&self, value: ValueId) -> bool {
        self.input_index(value).is_some()
    }

    /// The position of `value` among the program's inputs, if it is one.
    pub fn input_index(&self, value: ValueId) -> Option<usize> {
        match self.program.value(value).def {
            ValueDef::Input(index) => Some(index),
            _ => None,
        }
    }

    /// The op that defines `value`, if an op does (not an input or a body argument).
    pub fn defining_op(&self, value: ValueId) -> Option<&Op> {
        match self.program.value(value).def {
            ValueDef::OpResult { op, .. } => Some(self.program.op(op)),
            _ => None,
        }
    }

    /// Adds a program input.
    pub fn add_input(&mut self, spec: InputSpec) -> Result<ValueId> {
        if !self.open.is_empty() {
            return Err(Error::Program(format!("input \"{}\" is added inside a region body", spec.name)));
        }
        self.check_new_names(std::slice::from_ref(&spec.name))?;
        if let Some(s) = &spec.sharding {
            self.check_sharding(s, &spec.ty, &format!("input \"{}\"", spec.name))?;
        }
        let index = self.program.inputs.len();
        let value = self.new_value(spec.name, spec.ty, ValueDef::Input(index), spec.loc);
        self.program.inputs.push(Input { value, parameter: spec.parameter, sharding: spec.sharding, donated: None });
        Ok(value)
    }

    /// Adds a body-free op and returns its results.
    pub fn add_op(&mut self, spec: OpSpec) -> Result<Vec<ValueId>> {
        if spec.kind.needs_body() {
            return Err(Error::Program(format!(
                "{} \"{}\" needs a body: use begin_region",
                spec.kind.name(),
                op_name(&spec)
            )));
        }
        self.check_operands(&spec)?;
        let types = spec.kind.infer(&self.operands_of(&spec.operands))?;
        if let OpKind::ShardingConstraint(s) | OpKind::Reshard(s) = &spec.kind {
            let what = format!("{} \"{}\"", spec.kind.name(), op_name(&spec));
            self.check_sharding(s, &types[0], &what)?;
        }
        if spec.kind == OpKind::PartitionId {
            self.check_per_device(&spec)?;
        }
        self.create_op(spec, types)
    }

    /// Checks that a per-device op (`partition_id`) sits in the body of manual
    /// computations that bind every axis of the mesh larger than 1: the devices of
    /// an axis left free run one instance of the body, which has one value, not one
    /// per device.
    fn check_per_device(&self, spec: &OpSpec) -> Result<()> {
        let manual = self.manual_axes_in_scope();
        let free: Vec<&str> = (self.program.mesh.axes().iter())
            .filter(|a| a.size > 1 && !manual.contains(&a.name))
            .map(|a| a.name.as_str())
            .collect();
        if free.is_empty() {
            return Ok(());
        }
        let place = if manual.is_empty() {
            "outside any manual computation".to_string()
        } else {
            format!("in a manual computation that leaves axes {free:?} free")
        };
        Err(Error::Program(format!(
            "{} \"{}\" gives each device its own id, but it is {place}: the devices along a free axis run one \
             instance of the program, with one value",
            spec.kind.name(),
            op_name(spec)
        )))
    }

    /// Starts the first region of a region op (`named_computation`,
    /// `manual_computation`, a `while`'s condition) and returns its arguments, named
    /// `arg_names`.
    pub fn begin_region(&mut self, spec: OpSpec, arg_names: Vec<String>) -> Result<Vec<ValueId>> {
        if !spec.kind.may_have_body() {
            return Err(Error::Program(format!("{} \"{}\" has no body", spec.kind.name(), op_name(&spec))));
        }
        self.check_operands(&spec)?;
        let what = format!("{} \"{}\"", spec.kind.name(), op_name(&spec));
        let arg_types = self.region_arg_types(&spec, &what)?;
        self.check_arg_names(&arg_names, &arg_types, &what)?;
        let op = self.push_op(&spec);
        let mut region = OpenRegion { op, spec, done: Vec::new(), body: Body::default() };
        region.body.args = self.create_args(&region, arg_names, arg_types);
        let args = region.body.args.clone();
        self.open.push(region);
        Ok(args)
    }

    /// Closes the region being built, which returns `results`, and starts the next
    /// region of the same op (a `while`'s body after its condition), whose arguments
    /// are named `arg_names`. On an error the region stays open.
    pub fn next_region(&mut self, results: Vec<ValueId>, arg_names: Vec<String>) -> Result<Vec<ValueId>> {
        let Some(region) = self.open.last() else {
            return Err(Error::Program("next_region without an open region".into()));
        };
        let what = format!("{} \"{}\"", region.spec.kind.name(), op_name(&region.spec));
        let count = region.spec.kind.region_count();
        if region.done.len() + 1 >= count {
            return Err(Error::Program(format!("{what} has {count} region(s); its last one is being built")));
        }
        self.check_returned(region, &results, &what)?;
        self.check_branch_types(region, &results, &what)?;
        if matches!(region.spec.kind, OpKind::While(_)) {
            let types: Vec<&TensorType> = results.iter().map(|&v| &self.program.value(v).ty).collect();
            if !matches!(types[..], [t] if t.shape.is_empty() && t.dtype == DType::I1) {
                let found = types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
                return Err(Error::Program(format!("{what}: the condition returns ({found}), not one tensor<i1>")));
            }
        }
        let arg_types = self.region_arg_types(&region.spec, &what)?;
        self.check_arg_names(&arg_names, &arg_types, &what)?;
        let Some(mut region) = self.open.pop() else { unreachable!("checked above") };
        let mut closed = std::mem::take(&mut region.body);
        closed.results = results;
        region.done.push(closed);
        region.body.args = self.create_args(&region, arg_names, arg_types);
        let args = region.body.args.clone();
        self.open.push(region);
        Ok(args)
    }

    /// Checks the names of a region's arguments: one per argument, all fresh.
    fn check_arg_names(&self, names: &[String], types: &[TensorType], what: &str) -> Result<()> {
        if names.len() != types.len() {
            return Err(Error::Program(format!(
                "{what}: the body has {} args but the op has {} operands",
                names.len(),
                types.len()
            )));
        }
        self.check_new_names(names)
    }

    /// Creates the arguments of the region `region` is building.
    fn create_args(&mut self, region: &OpenRegion, names: Vec<String>, types: Vec<TensorType>) -> Vec<ValueId> {
        let (op, loc) = (region.op, region.spec.loc.clone());
        names
            .into_iter()
            .zip(types)
            .enumerate()
            .map(|(i, (name, ty))| {
                let def = ValueDef::BodyArg { op, region: region.done.len(), index: i };
                let value = self.new_value(name, ty, def, loc.clone());
                self.scope_of[value.index()] = region.scope();
                value
            })
            .collect()
    }

    /// Closes the innermost open region, its op's last, which returns `results`,
    /// and returns the region op's results. The results and their annotations are
    /// checked in the scope around the region (its manual axes are no longer bound
    /// there); on an error the region stays open.
    pub fn end_region(&mut self, results: Vec<ValueId>) -> Result<Vec<ValueId>> {
        let Some(region) = self.open.pop() else {
            return Err(Error::Program("end_region without an open region".into()));
        };
        match self.closing_types(&region, &results) {
            Ok(types) => {
                let OpenRegion { op, spec, mut done, mut body } = region;
                body.results = results;
                done.push(body);
                self.program.ops[op.index()].regions = done;
                Ok(self.create_results(op, &spec, types))
            }
            Err(e) => {
                self.open.push(region);
                Err(e)
            }
        }
    }

    /// Checks that a `case` branch returns the types its first branch returns.
    fn check_branch_types(&self, region: &OpenRegion, results: &[ValueId], what: &str) -> Result<()> {
        let (OpKind::Case(_), Some(first)) = (&region.spec.kind, region.done.first()) else { return Ok(()) };
        let types = |values: &[ValueId]| {
            values.iter().map(|&v| self.program.value(v).ty.to_string()).collect::<Vec<_>>().join(", ")
        };
        let (expected, found) = (types(&first.results), types(results));
        if expected != found {
            return Err(Error::Program(format!(
                "{what}: branch {} returns ({found}) but branch 0 returns ({expected})",
                region.done.len()
            )));
        }
        Ok(())
    }

    /// Checks that a region returns only values it defines.
    fn check_returned(&self, region: &OpenRegion, results: &[ValueId], what: &str) -> Result<()> {
        match results.iter().find(|v| self.scope_of[v.index()] != region.scope()) {
            Some(&outside) => Err(Error::Program(format!(
                "{what}: the body returns \"{}\", which is not defined in the body",
                self.program.value(outside).name
            ))),
            None => Ok(()),
        }
    }

    /// The result types of `region` (just closed) when its body returns `results`.
    fn closing_types(&self, region: &OpenRegion, results: &[ValueId]) -> Result<Vec<TensorType>> {
        let what = format!("{} \"{}\"", region.spec.kind.name(), op_name(&region.spec));
        let count = region.spec.kind.region_count();
        if region.done.len() + 1 != count {
            return Err(Error::Program(format!(
                "{what} has {count} regions; region {} is being closed as its last",
                region.done.len()
            )));
        }
        self.check_returned(region, results, &what)?;
        self.check_branch_types(region, results, &what)?;
        let body_types: Vec<TensorType> = results.iter().map(|&v| self.program.value(v).ty.clone()).collect();
        let types = self.region_result_types(&region.spec, &body_types, &what)?;
        self.check_results(&region.spec, &types)?;
        Ok(types)
    }

    /// Drops the innermost open region after an error in its body: the op is removed
    /// from its block and [`ProgramBuilder::finish`] will fail. Lets a caller that
    /// collects errors go on checking the rest of a program.
    pub fn abandon_region(&mut self) {
        if let Some(region) = self.open.pop() {
            match self.open.last_mut() {
                Some(parent) => parent.body.ops.retain(|&o| o != region.op),
                None => self.program.top_level.retain(|&o| o != region.op),
            }
            self.abandoned = Some(op_name(&region.spec).to_string());
        }
    }

    /// Marks `value` as a program output.
    pub fn add_output(
        &mut self,
        value: ValueId,
        sharding: Option<TensorSharding>,
        loc: Option<Location>,
    ) -> Result<usize> {
        let v = self.program.value(value);
        if self.scope_of[value.index()].is_some() {
            return Err(Error::Program(format!("output \"{}\" is defined inside a region body", v.name)));
        }
        if let Some(s) = &sharding {
            self.check_sharding(s, &v.ty.clone(), &format!("output \"{}\"", v.name))?;
        }
        self.program.outputs.push(Output { value, sharding, loc });
        Ok(self.program.outputs.len() - 1)
    }

    /// Donates input number `input` to output number `output` ([`Program::donate`]).
    pub fn donate(&mut self, input: usize, output: usize, loc: Option<Location>) -> Result<()> {
        self.program.donate(input, output, loc)
    }

    /// Adds a sharding group: its members must all have one shape.
    pub fn add_sharding_group(&mut self, members: Vec<ValueId>, loc: Option<Location>) -> Result<()> {
        self.program.add_sharding_group(members, loc)
    }

    /// The finished program; fails if a region is still open.
    pub fn finish(self) -> Result<Program> {
        if let Some(region) = self.open.last() {
            return Err(Error::Program(format!("the body of \"{}\" is not closed", op_name(&region.spec))));
        }
        if let Some(name) = self.abandoned {
            return Err(Error::Program(format!("region op \"{name}\" was abandoned after an error")));
        }
        Ok(self.program)
    }

    fn new_value(&mut self, name: String, ty: TensorType, def: ValueDef, loc: Option<Location>) -> ValueId {
        let id = ValueId(self.program.values.len() as u32);
        self.names.insert(name.clone(), id);
        self.program.values.push(Value { name, ty, def, loc });
        self.scope_of.push(self.open.last().and_then(OpenRegion::scope));
        id
    }

    fn push_to_block(&mut self, op: OpId) {
        match self.open.last_mut() {
            Some(region) => region.body.ops.push(op),
            None => self.program.top_level.push(op),
        }
    }

    fn operands_of(&self, ids: &[ValueId]) -> Vec<Operand<'_>> {
        ids.iter()
            .map(|&id| {
                let v = self.program.value(id);
                Operand { name: &v.name, ty: &v.ty }
            })
            .collect()
    }

    fn check_new_names(&self, names: &[String]) -> Result<()> {
        for (i, name) in names.iter().enumerate() {
            if let Some(&existing) = self.names.get(name) {
                let at = self
                    .program
                    .value(existing)
                    .loc
                    .as_ref()
                    .map(|l| format!(" (first defined at {l})"))
                    .unwrap_or_default();
                return Err(Error::Program(format!("value \"{name}\" is already defined{at}")));
            }
            if names[..i].contains(name) {
                return Err(Error::Program(format!("value \"{name}\" is defined twice by one op")));
            }
        }
        Ok(())
    }

    /// Operands must be defined in the current block (bodies are isolated from above).
    fn check_operands(&self, spec: &OpSpec) -> Result<()> {
        let scope = self.open.last().and_then(OpenRegion::scope);
        for &operand in &spec.operands {
            if self.scope_of[operand.index()] != scope {
                let name = &self.program.value(operand).name;
                let hint = match scope {
                    Some(_) => "bodies only see their args; pass it in as an operand of the region op",
                    None => "it is local to a region body",
                };
                let message = format!(
                    "{} \"{}\" uses \"{name}\", which is not visible here ({hint})",
                    spec.kind.name(),
                    op_name(spec)
                );
                return Err(Error::OutOfScope { message, value: name.clone() });
            }
        }
        Ok(())
    }

    /// Verifies an annotation: its mesh is the program's, it fits the type, and it
    /// uses no axis that an enclosing manual computation binds.
    fn check_sharding(&self, sharding: &TensorSharding, ty: &TensorType, what: &str) -> Result<()> {
        let in_context = |e: Error| e.in_sharding_context(&format!("sharding for {what}: "));
        if !sharding.unreduced.is_empty() {
            sharding.reduction.check_dtype(ty.dtype).map_err(in_context)?;
        }
        if let Some(mesh) = self.program.maximal_mesh(sharding) {
            return sharding.verify(mesh, &ty.shape).map_err(in_context);
        }
        match &sharding.mesh {
            MeshRef::Symbol(name) if *name != self.program.mesh_name => {
                return Err(in_context(Error::Sharding(format!(
                    "unknown mesh: @{name} (the program's mesh is @{})",
                    self.program.mesh_name
                ))));
            }
            MeshRef::Inline(mesh) if *mesh != self.program.mesh => {
                return Err(in_context(Error::Sharding(format!(
                    "inline mesh {mesh} differs from the program's mesh {}",
                    self.program.mesh
                ))));
            }
            _ => {}
        }
        sharding.verify(&self.program.mesh, &ty.shape).map_err(in_context)?;
        sharding.verify_free_of(&self.manual_axes_in_scope()).map_err(in_context)
    }

    /// The manual axes bound by the open regions.
    fn manual_axes_in_scope(&self) -> Vec<String> {
        self.open
            .iter()
            .filter_map(|r| match &r.spec.kind {
                OpKind::ManualComputation(m) => Some(m.manual_axes.iter().cloned()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// Creates a body-free op with results of `types`.
    fn create_op(&mut self, spec: OpSpec, types: Vec<TensorType>) -> Result<Vec<ValueId>> {
        self.check_results(&spec, &types)?;
        let op = self.push_op(&spec);
        Ok(self.create_results(op, &spec, types))
    }

    /// Records the op of `spec`, without results yet, at the end of the current block.
    fn push_op(&mut self, spec: &OpSpec) -> OpId {
        let op = OpId(self.program.ops.len() as u32);
        self.program.ops.push(Op {
            name: op_name(spec).to_string(),
            kind: spec.kind.clone(),
            operands: spec.operands.clone(),
            results: Vec::new(),
            regions: Vec::new(),
            result_shardings: Vec::new(),
            loc: spec.loc.clone(),
        });
        self.push_to_block(op);
        op
    }

    /// Checks that results of `types` can be created for `spec`: fresh names, one per
    /// result, and valid annotations.
    fn check_results(&self, spec: &OpSpec, types: &[TensorType]) -> Result<()> {
        let name = op_name(spec);
        if spec.result_names.len() != types.len() {
            return Err(Error::Program(format!(
                "{} \"{name}\" has {} results but {} names are given",
                spec.kind.name(),
                types.len(),
                spec.result_names.len()
            )));
        }
        self.check_new_names(&spec.result_names)?;
        if !spec.result_shardings.is_empty() && spec.result_shardings.len() != types.len() {
            return Err(Error::Program(format!(
                "{} \"{name}\" has {} results but {} shardings are given",
                spec.kind.name(),
                types.len(),
                spec.result_shardings.len()
            )));
        }
        for (sharding, (ty, result)) in spec.result_shardings.iter().zip(types.iter().zip(&spec.result_names)) {
            if let Some(s) = sharding {
                self.check_sharding(s, ty, &format!("result \"{result}\""))?;
            }
        }
        Ok(())
    }

    /// Creates the result values of `op` (after [`Self::check_results`]).
    fn create_results(&mut self, op: OpId, spec: &OpSpec, types: Vec<TensorType>) -> Vec<ValueId> {
        let values: Vec<ValueId> = spec
            .result_names
            .iter()
            .zip(types)
            .enumerate()
            .map(|(index, (n, ty))| self.new_value(n.clone(), ty, ValueDef::OpResult { op, index }, spec.loc.clone()))
            .collect();
        let record = &mut self.program.ops[op.index()];
        record.results = values.clone();
        record.result_shardings =
            if spec.result_shardings.is_empty() { vec![None; values.len()] } else { spec.result_shardings.clone() };
        values
    }

    /// The body argument types of a region op.
    fn region_arg_types(&self, spec: &OpSpec, what: &str) -> Result<Vec<TensorType>> {
        let types: Vec<TensorType> = spec.operands.iter().map(|&v| self.program.value(v).ty.clone()).collect();
        match &spec.kind {
            OpKind::NamedComputation(named) => {
                if let Some(shardings) = &named.in_shardings {
                    self.check_region_shardings(shardings, &types, what, "in_shardings")?;
                }
                Ok(types)
            }
            OpKind::ManualComputation(manual) => {
                self.check_manual_axes(manual, what)?;
                self.check_region_shardings(&manual.in_shardings, &types, what, "in_shardings")?;
                types
                    .iter()
                    .zip(&manual.in_shardings)
                    .enumerate()
                    .map(|(i, (ty, s))| self.manual_local_type(manual, s, ty, &format!("{what}: in_shardings[{i}]")))
                    .collect()
            }
            OpKind::Custom(_) => {
                spec.kind.infer(&self.operands_of(&spec.operands))?;
                Ok(types)
            }
            OpKind::While(_) => Ok(types),
            OpKind::Case(case) => {
                let (expected, dtype) =
                    if case.predicate { ("tensor<i1>", DType::I1) } else { ("tensor<i32>", DType::I32) };
                match types.split_first() {
                    Some((selector, rest)) if selector.shape.is_empty() && selector.dtype == dtype => Ok(rest.to_vec()),
                    Some((selector, _)) => {
                        Err(Error::Program(format!("{what}: the selector is {selector}, not {expected}")))
                    }
                    None => Err(Error::Program(format!("{what} has no selector"))),
                }
            }
            _ => Err(Error::Program(format!("{what} has no body"))),
        }
    }

    /// The result types of a region op whose body returns values of `body_types`.
    fn region_result_types(&self, spec: &OpSpec, body_types: &[TensorType], what: &str) -> Result<Vec<TensorType>> {
        match &spec.kind {
            OpKind::NamedComputation(named) => {
                if let Some(shardings) = &named.out_shardings {
                    self.check_region_shardings(shardings, body_types, what, "out_shardings")?;
                }
                Ok(body_types.to_vec())
            }
            OpKind::ManualComputation(manual) => {
                if manual.out_shardings.len() != body_types.len() {
                    return Err(Error::Program(format!(
                        "{what}: out_shardings has {} entries but the body returns {} values",
                        manual.out_shardings.len(),
                        body_types.len()
                    )));
                }
                let globals = body_types
                    .iter()
                    .zip(&manual.out_shardings)
                    .enumerate()
                    .map(|(i, (ty, s))| {
                        manual_global_type(manual, s, ty, &self.program.mesh, &format!("{what}: out_shardings[{i}]"))
                    })
                    .collect::<Result<Vec<_>>>()?;
                self.check_region_shardings(&manual.out_shardings, &globals, what, "out_shardings")?;
                Ok(globals)
            }
            OpKind::Custom(custom) => {
                custom.check_body(body_types).map_err(|m| Error::Program(format!("{what}: {m}")))?;
                Ok(custom.results.clone())
            }
            OpKind::Case(_) => Ok(body_types.to_vec()),
            OpKind::While(_) => {
                let carried: Vec<TensorType> =
                    spec.operands.iter().map(|&v| self.program.value(v).ty.clone()).collect();
                if body_types != carried {
                    let list =
                        |types: &[TensorType]| types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
                    return Err(Error::Program(format!(
                        "{what}: the body returns ({}) but the loop carries ({})",
                        list(body_types),
                        list(&carried)
                    )));
                }
                Ok(carried)
            }
            _ => Err(Error::Program(format!("{what} has no body"))),
        }
    }

    /// Checks a region op's in- or out-shardings in the scope around the region.
    fn check_region_shardings(
        &self,
        shardings: &[TensorSharding],
        types: &[TensorType],
        what: &str,
        attr: &str,
    ) -> Result<()> {
        if shardings.len() != types.len() {
            return Err(Error::Program(format!(
                "{what}: {attr} has {} entries for {} values",
                shardings.len(),
                types.len()
            )));
        }
        for (i, (s, ty)) in shardings.iter().zip(types).enumerate() {
            self.check_sharding(s, ty, &format!("{what} {attr}[{i}]"))?;
        }
        Ok(())
    }

    fn check_manual_axes(&self, manual: &ManualComputation, what: &str) -> Result<()> {
        let bound = self.manual_axes_in_scope();
        for (i, axis) in manual.manual_axes.iter().enumerate() {
            if self.program.mesh.axis(axis).is_none() {
                return Err(Error::Program(format!(
                    "{what}: manual axis \"{axis}\" is not a mesh axis (the mesh has {})",
                    self.program.mesh.axis_names_quoted()
                )));
            }
            if manual.manual_axes[..i].contains(axis) || bound.contains(axis) {
                return Err(Error::Program(format!("{what}: manual axis \"{axis}\" is already manual")));
            }
        }
        Ok(())
    }

    /// The per-device type of a manual computation's operand of global type `ty`.
    fn manual_local_type(
        &self,
        manual: &ManualComputation,
        s: &TensorSharding,
        ty: &TensorType,
        what: &str,
    ) -> Result<TensorType> {
        let sizes = manual_dim_sizes(manual, s, &self.program.mesh, what)?;
        let mut shape = ty.shape.clone();
        for (d, (dim, size)) in shape.iter_mut().zip(sizes).enumerate() {
            if *dim % size != 0 {
                return Err(Error::Program(format!(
                    "{what}: dim {d} of size {dim} is not divisible by its manual axes (size {size})"
                )));
            }
            *dim /= size;
        }
        Ok(TensorType::new(shape, ty.dtype))
    }
}

/// The global type of a manual computation's result whose body type is `ty`.
fn manual_global_type(
    manual: &ManualComputation,
    s: &TensorSharding,
    ty: &TensorType,
    mesh: &Mesh,
    what: &str,
) -> Result<TensorType> {
    if s.rank() != ty.rank() {
        return Err(Error::Sharding(format!(
            "{what}: sharding doesn't match tensor rank: {} != {}",
            s.rank(),
            ty.rank()
        )));
    }
    let sizes = manual_dim_sizes(manual, s, mesh, what)?;
    let shape = ty.shape.iter().zip(sizes).map(|(d, size)| d.saturating_mul(size)).collect::<Vec<_>>();
    Ok(TensorType::new(shape, ty.dtype))
}

/// Per dimension, the product of the manual axes sharding it; manual axes must come
/// before free axes in each dimension.
fn manual_dim_sizes(manual: &ManualComputation, s: &TensorSharding, mesh: &Mesh, what: &str) -> Result<Vec<i64>> {
    s.dims
        .iter()
        .enumerate()
        .map(|(d, dim)| {
            let is_manual = |a: &&crate::axis::AxisRef| manual.manual_axes.contains(&a.name);
            let prefix = dim.axes.iter().take_while(is_manual).count();
            if dim.axes[prefix..].iter().any(|a| is_manual(&a)) {
                return Err(Error::Sharding(format!("{what}: in dim {d}, manual axes must come before free axes")));
            }
            Ok(crate::axis::axes_size(&dim.axes[..prefix], mesh))
        })
        .collect()
}

fn op_name(spec: &OpSpec) -> &str {
    spec.result_names.first().map_or("<unnamed>", String::as_str)
}

#[cfg(test)]
mod tests;
