//! The fragment programs: each distinct fragment of `@main` (an inline
//! `mpmd.fragment`'s body, an `mpmd.fragment_call`'s callee) as a StableHLO program
//! on its mesh, sharded as its operands' and results' mesh tensor types say and
//! priced on the mesh's hardware; and the module's functions as plain StableHLO
//! functions (an inline body outlined, a callee and what it calls).

use super::{FragmentProgram, Importer, pipeline_error};
use crate::{Config, Result};
use autoshard_mpmd::{Attr, DictAttr, FuncOp, Module, Op, ReturnOp, Type};
use std::collections::BTreeSet;
use std::fmt::Write as _;

impl<'m> Importer<'m> {
    /// An inline fragment's body as a private function `@name` of global types.
    pub(super) fn outline(&self, name: &str, f: &autoshard_mpmd::FragmentOp) -> Result<String> {
        let line = f.body.ops.first().map_or(0, |o| o.loc.line);
        let mut func = FuncOp {
            name: name.to_string(),
            visibility: Some("private".into()),
            args: Vec::new(),
            results: Vec::new(),
            attrs: DictAttr::new(),
            body: Some(returning(&f.body)),
            loc: Default::default(),
        };
        for a in &f.body.args {
            func.args.push(autoshard_mpmd::FuncArg::new(a.name.clone(), a.ty.clone(), DictAttr::new()));
        }
        for t in &f.result_types {
            let tensor = self.split_type(t, line)?.0;
            func.results.push(autoshard_mpmd::FuncResult::new(Type::Tensor(tensor), DictAttr::new()));
        }
        Ok(format!("{func}\n"))
    }

    /// A fragment's program on its mesh: its body as `@main`, sharded as its
    /// operands' and results' mesh tensor types say, priced on the mesh's hardware.
    pub(super) fn fragment_program(&self, name: &str, mesh: usize, op: &Op, line: u32) -> Result<FragmentProgram> {
        let (main, operand_types, result_types, mut funcs) = match op {
            Op::Fragment(f) => {
                let mut main = FuncOp {
                    name: "main".into(),
                    visibility: None,
                    args: f
                        .body
                        .args
                        .iter()
                        .map(|a| autoshard_mpmd::FuncArg::new(a.name.clone(), a.ty.clone(), DictAttr::new()))
                        .collect(),
                    results: Vec::new(),
                    attrs: DictAttr::new(),
                    body: Some(returning(&f.body)),
                    loc: Default::default(),
                };
                for t in &f.result_types {
                    let tensor = self.split_type(t, line)?.0;
                    main.results.push(autoshard_mpmd::FuncResult::new(Type::Tensor(tensor), DictAttr::new()));
                }
                (main, &f.operand_types, &f.result_types, Vec::new())
            }
            Op::FragmentCall(f) => {
                let callee = self
                    .module
                    .func(&f.callee)
                    .ok_or_else(|| pipeline_error(self.file, line, format!("no function @{} to call", f.callee)))?;
                (
                    plain_func(callee, "main"),
                    &f.operand_types,
                    &f.result_types,
                    called(self.module, vec![callee.to_string()], &callee.name),
                )
            }
            _ => return Err(pipeline_error(self.file, line, "not a fragment")),
        };
        let mut main = main;
        for (arg, ty) in main.args.iter_mut().zip(operand_types) {
            if let Type::MeshTensor(m) = ty
                && let Some(s) = &m.sharding
            {
                arg.attrs.set("sdy.sharding", Attr::Other(s.to_string()));
            }
        }
        for (result, ty) in main.results.iter_mut().zip(result_types) {
            if let Type::MeshTensor(m) = ty
                && let Some(s) = &m.sharding
            {
                result.attrs.set("sdy.sharding", Attr::Other(s.to_string()));
            }
        }
        let named = &self.topology.meshes()[mesh];
        let mut names: BTreeSet<String> = BTreeSet::from(["mesh".to_string()]);
        for ty in operand_types.iter().chain(result_types) {
            if let Type::MeshTensor(m) = ty
                && let Some(n) = m.sharding.as_ref().and_then(|s| s.mesh_name())
            {
                names.insert(n.to_string());
            }
        }
        let mut text = format!("module @{} {{\n", crate::pipeline::identifier(name));
        for n in &names {
            let _ = writeln!(text, "  sdy.mesh @{n} = {}", named.mesh);
        }
        let _ = writeln!(text, "{main}");
        funcs.sort_by(|a, b| a.name.cmp(&b.name));
        for f in funcs {
            let _ = writeln!(text, "{}", plain_func(f, &f.name));
        }
        text += "}\n";
        let mut config = Config::from_mlir(&format!("{}:{line}", self.file), &text).map_err(|e| {
            pipeline_error(self.file, line, format!("the fragment's body does not read as a program: {e}"))
        })?;
        config.name = name.to_string();
        config.hardware = self.hardware[mesh].clone();
        let solution = crate::price(&config, None)
            .map_err(|e| pipeline_error(self.file, line, format!("the fragment cannot be priced: {e}")))?;
        Ok(FragmentProgram { name: name.to_string(), mesh, config, solution })
    }
}

/// The module's functions other than `@main` and `except` that the ops printed in
/// `roots` call, directly or not, in the order found (a StableHLO op is text to the
/// `mpmd` reader, so a call is found as its symbol in the text).
pub(crate) fn called<'m>(module: &'m Module, roots: Vec<String>, except: &str) -> Vec<&'m FuncOp> {
    let mut out: Vec<&FuncOp> = Vec::new();
    let mut queue = roots;
    while let Some(text) = queue.pop() {
        for f in &module.funcs {
            if f.name == "main" || f.name == except || out.iter().any(|o| o.name == f.name) {
                continue;
            }
            if mentions(&text, &f.name) {
                out.push(f);
                queue.push(f.to_string());
            }
        }
    }
    out
}

/// Whether `text` names the symbol `@name` (not a longer one).
fn mentions(text: &str, name: &str) -> bool {
    let needle = format!("@{name}");
    text.match_indices(&needle).any(|(at, _)| {
        text[at + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
    })
}

/// `f` renamed `name`, public, without the `mesh_shape` attribute: a function of a
/// StableHLO module.
pub(super) fn plain_func(f: &FuncOp, name: &str) -> FuncOp {
    let mut out = f.clone();
    out.name = name.to_string();
    if name == "main" {
        out.visibility = None;
    }
    let mut attrs = DictAttr::new();
    for (k, v) in f.attrs.entries() {
        if k != "mesh_shape" {
            attrs.set(k.clone(), v.clone());
        }
    }
    out.attrs = attrs;
    out
}

/// A fragment's body with its `mpmd.return` as `return`.
fn returning(body: &autoshard_mpmd::Block) -> autoshard_mpmd::Block {
    let mut out = body.clone();
    for op in &mut out.ops {
        if let Op::Return(r) = &op.op {
            op.op = Op::FuncReturn(ReturnOp {
                operands: r.operands.clone(),
                attrs: r.attrs.clone(),
                types: r.types.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn a_symbol_is_mentioned_whole() {
        assert!(mentions("call @f(%a)", "f") && !mentions("call @fg(%a)", "f") && mentions("@f", "f"));
    }
}
