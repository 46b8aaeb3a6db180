//! `@main` read op by op: what each of its SSA names holds (its reference name, mesh,
//! sharding, the fragment that made it), every fragment found (its program, deduped
//! by callee or body), every reduce and transfer, each value's last use; and the
//! reference's `@main` written as it goes ([`super::reference`]).

use super::reference::ReferenceText;
use super::{FragmentProgram, Importer, pipeline_error};
use crate::{Error, Result};
use autoshard_model::ReductionKind;
use autoshard_model::TensorSharding;
use autoshard_mpmd::{Op, Operation, ReturnOp, ValueRef};
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
}

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
    };
    for a in &importer.main.args {
        let (tensor, mesh, sharding) = importer.split_type(&a.ty, a.loc.line)?;
        let name = format!("arg_{}", a.name.trim_start_matches('%'));
        walk.text.arg(&name, &tensor);
        let entry = Held { name, mesh, sharding, tensor, fragment: None, from_reduce: false, defined: -1 };
        walk.held.insert(format!("%{}", a.name.trim_start_matches('%')), entry);
    }
    for (position, operation) in body.ops.iter().enumerate() {
        // A returned value lives to the end of the step.
        let returns = matches!(operation.op, Op::FuncReturn(_) | Op::Return(_));
        let position = if returns { i64::MAX } else { position as i64 };
        walk.op(importer, operation, position)?;
    }
    Ok(walk)
}

impl Walk {
    fn lookup(&self, file: &str, line: u32, v: &ValueRef) -> Result<Held> {
        self.held
            .get(&v.to_string())
            .cloned()
            .ok_or_else(|| pipeline_error(file, line, format!("{v} is not a value of @main this import follows")))
    }

    /// The values of `operands`, each marked used at `position`.
    fn read(&mut self, file: &str, line: u32, operands: &[ValueRef], position: i64) -> Result<Vec<Held>> {
        let inputs = operands.iter().map(|v| self.lookup(file, line, v)).collect::<Result<Vec<_>>>()?;
        for v in operands {
            self.last_use.insert(v.to_string(), position);
        }
        Ok(inputs)
    }

    fn op(&mut self, importer: &Importer<'_>, operation: &Operation, position: i64) -> Result<()> {
        let (file, line) = (importer.file, operation.loc.line);
        let results: Vec<ValueRef> = operation.results.iter().flat_map(|g| g.values().collect::<Vec<_>>()).collect();
        match &operation.op {
            Op::Fragment(_) | Op::FragmentCall(_) => self.fragment(importer, operation, &results, position),
            Op::Transfer(t) => {
                let source = self.read(file, line, std::slice::from_ref(&t.operand), position)?.remove(0);
                let (tensor, mesh, sharding) = importer.split_type(&t.result_type, line)?;
                let r = results.first().ok_or_else(|| pipeline_error(file, line, "a transfer without a result"))?;
                self.transfers.push((r.to_string(), t.operand.to_string()));
                let entry = Held { mesh, sharding, tensor, defined: position, ..source };
                self.held.insert(r.to_string(), entry);
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
                self.held.insert(r0.to_string(), entry);
                Ok(())
            }
            Op::FuncReturn(ret) | Op::Return(ret) => self.ret(file, line, ret, position),
            other => Err(pipeline_error(
                file,
                line,
                format!(
                    "`{}` in @main: a partitioned module's @main holds fragments, transfers and reduces",
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
            self.held.insert(r.to_string(), entry);
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
        });
        Ok(())
    }
}
