//! `@main` read op by op: what each of its SSA names holds (its reference name, mesh,
//! sharding, the fragment that made it), every fragment found (its program, deduped
//! by callee or body), every reduce and transfer, each value's last use; and the
//! reference's `@main` written as it goes ([`super::reference`]).
//!
//! The microbatch loop a module writes is read unrolled, in order: an `mpmd.call`
//! walks its callee's body (its arguments the call's operands, its results what the
//! callee returns), an `mpmd.for` walks its body once per iteration (its carried
//! arguments the loop's operands, then the previous iteration's results; the loop's
//! results the last iteration's). A fragment read in the n-th iteration of a loop,
//! or in a call with `call_counter = n`, is microbatch n's. Every SSA name is kept
//! under its scope (`@main`'s, or one per call or iteration), an argument of a
//! callee or body as an alias of the value it is bound to.

use super::reference::ReferenceText;
use super::{FragmentProgram, Importer, pipeline_error};
use crate::{Error, Result};
use autoshard_model::ReductionKind;
use autoshard_model::TensorSharding;
use autoshard_mpmd::{Attr, CallOp, ForOp, Op, Operation, ReturnOp, ValueRef};
use std::collections::HashMap;

/// What `@main` holds under one of its SSA names.
#[derive(Debug, Clone)]
pub(super) struct Held {
    /// The reference program's value name.
    pub name: String,
    /// Its mesh and sharding.
    pub mesh: Option<usize>,
    pub sharding: Option<TensorSharding>,
    /// Its type.
    pub tensor: autoshard_mpmd::TensorType,
    /// The fragment that made it, if any, and whether it derives from a reduce.
    pub fragment: Option<usize>,
    pub from_reduce: bool,
    /// Its position in `@main` (`-1`: an argument).
    pub defined: i64,
}

/// A fragment of `@main` before its stage is known.
pub(super) struct Found {
    pub program: usize,
    pub mesh: usize,
    pub origins: Vec<autoshard_mpmd::UserOrigin>,
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    pub line: u32,
    pub position: i64,
    pub step_level: bool,
    /// The microbatch the loop or call it was read in names (`call_counter`, the
    /// iteration), if any.
    pub microbatch: Option<u32>,
}

/// A reduce of `@main`: its mesh, kind, the reference names it reduces and makes.
pub(super) struct FoundReduce {
    pub mesh: usize,
    pub kind: Option<ReductionKind>,
    pub inputs: Vec<String>,
    pub output: String,
    pub position: usize,
}

/// `@main` as read.
pub(super) struct Walk {
    /// Per SSA name of `@main`.
    pub held: HashMap<String, Held>,
    pub programs: Vec<FragmentProgram>,
    program_keys: HashMap<String, usize>,
    pub found: Vec<Found>,
    pub reduces: Vec<FoundReduce>,
    /// Each transfer's result and operand SSA names.
    pub transfers: Vec<(String, String)>,
    /// Each SSA name's last use (`i64::MAX`: returned).
    pub last_use: HashMap<String, i64>,
    /// The reference's `@main` and outlined bodies.
    pub text: ReferenceText,
    /// The scopes SSA names are read in, innermost last (`""`: `@main`'s): a
    /// callee's body sees its own, a loop's body its own and those around it.
    visible: Vec<String>,
    /// Scoped names bound to the value of another (a callee's or body's arguments,
    /// a call's or loop's results).
    alias: HashMap<String, String>,
    /// Ops read so far, calls and loops unrolled: the next op's position.
    next: i64,
    /// Calls and loop iterations read so far (their scopes' names).
    scopes: usize,
    /// The microbatch the call or iteration being read names.
    microbatch: Option<u32>,
    /// Calls and loops being read, innermost last (a callee that calls itself is refused).
    stack: Vec<String>,
}

/// Where a block is read: `@main`'s body, or a callee's or loop's (whose terminator
/// gives its results).
#[derive(Clone, Copy, PartialEq)]
enum Level {
    Main,
    Nested,
}

/// The alias a loop's index is bound to: a value the import does not follow.
const INDEX: &str = "!index";

/// Reads `importer`'s `@main`.
pub(super) fn walk(importer: &Importer<'_>) -> Result<Walk> {
    let file = importer.file;
    let body = importer.main.body.as_ref().ok_or_else(|| Error::Pipeline(format!("{file}: @main has no body")))?;
    let mut walk = Walk {
        held: HashMap::new(),
        programs: Vec::new(),
        program_keys: HashMap::new(),
        found: Vec::new(),
        reduces: Vec::new(),
        transfers: Vec::new(),
        last_use: HashMap::new(),
        text: ReferenceText::default(),
        visible: vec![String::new()],
        alias: HashMap::new(),
        next: 0,
        scopes: 0,
        microbatch: None,
        stack: Vec::new(),
    };
    for a in &importer.main.args {
        let (tensor, mesh, sharding) = importer.split_type(&a.ty, a.loc.line)?;
        let name = format!("arg_{}", a.name.trim_start_matches('%'));
        walk.text.arg(&name, &tensor);
        let entry = Held { name, mesh, sharding, tensor, fragment: None, from_reduce: false, defined: -1 };
        walk.held.insert(format!("%{}", a.name.trim_start_matches('%')), entry);
    }
    walk.block(importer, &body.ops, Level::Main)?;
    Ok(walk)
}

impl Walk {
    /// `v`'s name in the current scope.
    fn scoped(&self, v: &impl std::fmt::Display) -> String {
        format!("{}{v}", self.visible.last().map_or("", String::as_str))
    }

    /// The name `@main`'s values are kept under for `v` (in the innermost scope that
    /// defines it, its alias followed).
    fn key(&self, file: &str, line: u32, v: &ValueRef) -> Result<String> {
        let key = self
            .visible
            .iter()
            .rev()
            .map(|scope| format!("{scope}{v}"))
            .find_map(|k| match self.alias.get(&k) {
                Some(a) => Some(a.clone()),
                None => self.held.contains_key(&k).then_some(k),
            })
            .unwrap_or_default();
        if key == INDEX {
            return Err(pipeline_error(
                file,
                line,
                format!("{v} is the loop's index: a partitioned loop whose fragments read its index is not supported"),
            ));
        }
        if !self.held.contains_key(&key) {
            return Err(pipeline_error(file, line, format!("{v} is not a value of @main this import follows")));
        }
        Ok(key)
    }

    /// The values of `operands`, each marked used at `position`.
    fn read(&mut self, file: &str, line: u32, operands: &[ValueRef], position: i64) -> Result<Vec<Held>> {
        let keys = operands.iter().map(|v| self.key(file, line, v)).collect::<Result<Vec<_>>>()?;
        let inputs = keys.iter().map(|k| self.held[k].clone()).collect();
        for k in keys {
            self.last_use.insert(k, position);
        }
        Ok(inputs)
    }

    /// The ops of a block, calls and loops unrolled; a nested block's results (the
    /// keys of the values its terminator returns).
    fn block(&mut self, importer: &Importer<'_>, ops: &[Operation], level: Level) -> Result<Vec<String>> {
        for operation in ops {
            let returns = matches!(operation.op, Op::FuncReturn(_) | Op::Return(_));
            if level == Level::Nested
                && let Op::FuncReturn(ret) | Op::Return(ret) = &operation.op
            {
                let line = operation.loc.line;
                return ret.operands.iter().map(|v| self.key(importer.file, line, v)).collect();
            }
            // A returned value lives to the end of the step.
            let position = if returns { i64::MAX } else { post_inc(&mut self.next) };
            self.op(importer, operation, position)?;
        }
        match level {
            Level::Main => Ok(Vec::new()),
            Level::Nested => Err(Error::Pipeline(format!("{}: a called body without a terminator", importer.file))),
        }
    }

    /// Reads `ops` as one call or iteration: in a scope of its own named for `what`
    /// (which sees those around it if `captures`), `bindings` (names in that scope,
    /// keys of the values they name) bound, fragments in it microbatch
    /// `microbatch`'s (if `Some`); the values it returns.
    fn nested(
        &mut self,
        importer: &Importer<'_>,
        what: &str,
        ops: &[Operation],
        bindings: Vec<(String, String)>,
        microbatch: Option<u32>,
        captures: bool,
    ) -> Result<Vec<String>> {
        let scope = format!("{what}.{}/", post_inc_usize(&mut self.scopes));
        let inner = if captures { [self.visible.clone(), vec![scope]].concat() } else { vec![scope] };
        let saved = (std::mem::replace(&mut self.visible, inner), self.microbatch);
        for (name, key) in bindings {
            let scoped = self.scoped(&name);
            self.alias.insert(scoped, key);
        }
        self.microbatch = microbatch.or(self.microbatch);
        let out = self.block(importer, ops, Level::Nested);
        (self.visible, self.microbatch) = saved;
        out
    }

    /// Binds `results` of the op being read (in the current scope) to `keys`.
    fn bind(&mut self, file: &str, line: u32, results: &[ValueRef], keys: Vec<String>) -> Result<()> {
        if results.len() != keys.len() {
            return Err(pipeline_error(
                file,
                line,
                format!("{} result(s) bound to {} returned value(s)", results.len(), keys.len()),
            ));
        }
        for (r, k) in results.iter().zip(keys) {
            self.alias.insert(self.scoped(r), k);
        }
        Ok(())
    }

    /// An `mpmd.call` (or a `func.call` of an MPMD function): its callee's body read
    /// with its arguments bound to the call's operands, microbatch `call_counter`'s
    /// if it has one.
    fn call(
        &mut self,
        importer: &Importer<'_>,
        operation: &Operation,
        call: &CallOp,
        results: &[ValueRef],
        position: i64,
    ) -> Result<()> {
        let (file, line) = (importer.file, operation.loc.line);
        let callee = importer
            .module
            .func(&call.callee)
            .ok_or_else(|| pipeline_error(file, line, format!("no function @{} to call", call.callee)))?;
        let body = callee
            .body
            .as_ref()
            .ok_or_else(|| pipeline_error(file, line, format!("@{} has no body to call", call.callee)))?;
        if self.stack.contains(&callee.name) || self.stack.len() >= 16 {
            return Err(pipeline_error(file, line, format!("@{} calls itself", call.callee)));
        }
        let counter = match call.attrs.get("call_counter") {
            None => None,
            Some(Attr::Int(n, _)) => Some(
                u32::try_from(*n).map_err(|_| pipeline_error(file, line, format!("call_counter {n} is not a ui32")))?,
            ),
            Some(other) => return Err(pipeline_error(file, line, format!("call_counter {other} is not an integer"))),
        };
        let operands = call.operands.iter().map(|v| self.key(file, line, v)).collect::<Result<Vec<_>>>()?;
        for k in &operands {
            self.last_use.insert(k.clone(), position);
        }
        if callee.args.len() != operands.len() {
            return Err(pipeline_error(
                file,
                line,
                format!("@{} takes {} argument(s)", callee.name, callee.args.len()),
            ));
        }
        let bindings =
            callee.args.iter().map(|a| format!("%{}", a.name.trim_start_matches('%'))).zip(operands).collect();
        self.stack.push(callee.name.clone());
        let returned = self.nested(importer, &format!("@{}", callee.name), &body.ops, bindings, counter, false);
        self.stack.pop();
        self.bind(file, line, results, returned?)
    }

    /// An `mpmd.for`: its body read once per iteration, iteration n microbatch n's,
    /// its carried arguments bound to the loop's operands, then to the previous
    /// iteration's results.
    fn for_loop(
        &mut self,
        importer: &Importer<'_>,
        operation: &Operation,
        lp: &ForOp,
        results: &[ValueRef],
        position: i64,
    ) -> Result<()> {
        let (file, line) = (importer.file, operation.loc.line);
        let mut carried = lp.operands.iter().map(|v| self.key(file, line, v)).collect::<Result<Vec<_>>>()?;
        for k in &carried {
            self.last_use.insert(k.clone(), position);
        }
        let args = &lp.body.args;
        if args.len() != carried.len() + 1 {
            return Err(pipeline_error(file, line, "a loop's body takes its carried values and its index"));
        }
        let names: Vec<String> = args.iter().map(|a| format!("%{}", a.name.trim_start_matches('%'))).collect();
        let what = format!("for{line}");
        self.stack.push(what.clone());
        for n in 0..lp.iterations {
            let mut bindings: Vec<(String, String)> = names.iter().cloned().zip(carried).collect();
            bindings.push((names[names.len() - 1].clone(), INDEX.to_string()));
            match self.nested(importer, &what, &lp.body.ops, bindings, Some(n), true) {
                Ok(next) => carried = next,
                Err(e) => {
                    self.stack.pop();
                    return Err(e);
                }
            }
        }
        self.stack.pop();
        self.bind(file, line, results, carried)
    }

    fn op(&mut self, importer: &Importer<'_>, operation: &Operation, position: i64) -> Result<()> {
        let (file, line) = (importer.file, operation.loc.line);
        let results: Vec<ValueRef> = operation.results.iter().flat_map(|g| g.values().collect::<Vec<_>>()).collect();
        match &operation.op {
            Op::Call(call) => self.call(importer, operation, call, &results, position),
            // A `func.call` of an MPMD function (one with a topology) is that
            // function inlined, as Shardy's inliner does.
            Op::FuncCall(call) if importer.module.func(&call.callee).is_some_and(is_mpmd_func) => {
                self.call(importer, operation, call, &results, position)
            }
            Op::For(lp) => self.for_loop(importer, operation, lp, &results, position),
            Op::Fragment(_) | Op::FragmentCall(_) => self.fragment(importer, operation, &results, position),
            Op::Transfer(t) => {
                let source = self.read(file, line, std::slice::from_ref(&t.operand), position)?.remove(0);
                let (tensor, mesh, sharding) = importer.split_type(&t.result_type, line)?;
                let r = results.first().ok_or_else(|| pipeline_error(file, line, "a transfer without a result"))?;
                let (r, operand) = (self.scoped(r), self.key(file, line, &t.operand)?);
                self.transfers.push((r.clone(), operand));
                let entry = Held { mesh, sharding, tensor, defined: position, ..source };
                self.held.insert(r, entry);
                Ok(())
            }
            Op::Reduce(r) => {
                let inputs = self.read(file, line, &r.operands, position)?;
                let (tensor, mesh, sharding) = importer.split_type(&r.result_type, line)?;
                let mesh = mesh.ok_or_else(|| pipeline_error(file, line, "a reduce off the meshes"))?;
                let output = format!("r{position}");
                let kind = r.kind.0;
                let names: Vec<String> = inputs.iter().map(|h| h.name.clone()).collect();
                self.text.reduce(file, line, kind, &names, &output, &tensor)?;
                self.reduces.push(FoundReduce {
                    mesh,
                    kind,
                    inputs: names,
                    output: output.clone(),
                    position: position as usize,
                });
                let r0 = results.first().ok_or_else(|| pipeline_error(file, line, "a reduce without a result"))?;
                let entry = Held {
                    name: output,
                    mesh: Some(mesh),
                    sharding,
                    tensor,
                    fragment: None,
                    from_reduce: true,
                    defined: position,
                };
                self.held.insert(self.scoped(r0), entry);
                Ok(())
            }
            Op::FuncReturn(ret) | Op::Return(ret) => self.ret(file, line, ret, position),
            other => Err(pipeline_error(
                file,
                line,
                format!(
                    "`{}` in @main: a partitioned module's @main holds fragments, transfers, reduces, and the calls and loops of its microbatches",
                    other.name()
                ),
            )),
        }
    }

    fn ret(&mut self, file: &str, line: u32, ret: &ReturnOp, position: i64) -> Result<()> {
        let held = self.read(file, line, &ret.operands, position)?;
        self.text.ret(&held.iter().map(|h| (h.name.clone(), h.tensor.to_string())).collect::<Vec<_>>());
        Ok(())
    }

    /// An `mpmd.fragment` or `mpmd.fragment_call`: its program (priced the first
    /// time its body or callee is seen on its mesh), its call in the reference.
    fn fragment(
        &mut self,
        importer: &Importer<'_>,
        operation: &Operation,
        results: &[ValueRef],
        position: i64,
    ) -> Result<()> {
        let (file, line) = (importer.file, operation.loc.line);
        let (mesh_name, origins, operands, operand_types, result_types) = match &operation.op {
            Op::Fragment(f) => (&f.mesh_name, &f.origins, &f.operands, &f.operand_types, &f.result_types),
            Op::FragmentCall(f) => (&f.mesh_name, &f.origins, &f.operands, &f.operand_types, &f.result_types),
            _ => return Err(pipeline_error(file, line, "not a fragment")),
        };
        let mesh = importer.mesh_index(mesh_name, line)?;
        let inputs = self.read(file, line, operands, position)?;
        let index = self.found.len();
        let (callee, key, name) = match &operation.op {
            Op::Fragment(f) => {
                let callee = format!("__fragment_{index}");
                self.text.outlined += &importer.outline(&callee, f)?;
                let key = format!("{mesh}|{}", Operation::new(Vec::new(), operation.op.clone()));
                (callee, key, format!("fragment_{line}"))
            }
            Op::FragmentCall(f) => {
                let types: Vec<String> = operand_types.iter().chain(result_types).map(|t| t.to_string()).collect();
                (f.callee.clone(), format!("{mesh}|{}|{}", f.callee, types.join(",")), f.callee.clone())
            }
            _ => return Err(pipeline_error(file, line, "not a fragment")),
        };
        let program = match self.program_keys.get(&key) {
            Some(&p) => p,
            None => {
                self.programs.push(importer.fragment_program(&name, mesh, &operation.op, line)?);
                self.program_keys.insert(key, self.programs.len() - 1);
                self.programs.len() - 1
            }
        };
        let step_level = inputs.iter().any(|h| h.from_reduce);
        let group = format!("f{index}");
        let count = results.len();
        let tensors: Vec<String> = result_types
            .iter()
            .map(|t| importer.split_type(t, line).map(|s| s.0.to_string()))
            .collect::<Result<_>>()?;
        let operands: Vec<(String, String)> = inputs.iter().map(|h| (h.name.clone(), h.tensor.to_string())).collect();
        self.text.call(&group, count, &callee, &operands, &tensors);
        let mut outputs = Vec::new();
        for (k, (r, ty)) in results.iter().zip(result_types).enumerate() {
            let (tensor, rmesh, sharding) = importer.split_type(ty, line)?;
            let name = if count == 1 { group.clone() } else { format!("{group}#{k}") };
            outputs.push(name.clone());
            let mesh = rmesh.or(Some(mesh));
            let entry = Held {
                name,
                mesh,
                sharding,
                tensor,
                fragment: Some(index),
                from_reduce: step_level,
                defined: position,
            };
            self.held.insert(self.scoped(r), entry);
        }
        self.found.push(Found {
            program,
            mesh,
            origins: origins.clone(),
            inputs: inputs.iter().map(|h| h.name.clone()).collect(),
            outputs,
            line,
            position,
            step_level,
            microbatch: if step_level { None } else { self.microbatch },
        });
        Ok(())
    }
}

fn post_inc(n: &mut i64) -> i64 {
    *n += 1;
    *n - 1
}

fn post_inc_usize(n: &mut usize) -> usize {
    *n += 1;
    *n - 1
}

/// Whether `f` is an MPMD function (it has a topology).
pub(super) fn is_mpmd_func(f: &autoshard_mpmd::FuncOp) -> bool {
    autoshard_mpmd::FuncTopology::topology(f).is_some()
}
