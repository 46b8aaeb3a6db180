//! A StableHLO module as read ([`Generic`]: the MLIR text layer's structure) turned
//! into what the importer reads ([`Module`]): its location aliases, its meshes
//! (`sdy.mesh` in either form, the `mesh` dialect's `mesh.mesh`) and its functions,
//! a module printed in MLIR's generic form (`"builtin.module"`, `"func.func"`)
//! resolved to the same.

use super::ast::{Attr, Dict, Func, FuncArg, FuncResult, Generic, MeshDecl, Module, Operation};
use super::cursor::SyntaxError;
use super::parser::Reader;

/// The importer's module of `generic`.
pub(crate) fn resolve(generic: Generic) -> Result<Module, SyntaxError> {
    let mut module = Module { name: generic.name, ..Module::default() };
    for (name, attr) in generic.attr_aliases {
        if let Some(text) = attr.text.strip_prefix("loc(").and_then(|t| t.strip_suffix(')')) {
            module.locations.insert(name, text.trim().to_string());
        }
    }
    for op in generic.ops {
        item(op, &mut module)?;
    }
    for func in generic.funcs {
        if func.body.is_none() {
            return Err(at(&func.loc, format!("func.func @{} has no body", func.name)));
        }
        module.funcs.push(func);
    }
    Ok(module)
}

/// A top-level op: a mesh, or a module or function in the generic form.
fn item(op: Operation, module: &mut Module) -> Result<(), SyntaxError> {
    let symbol = |op: &Operation| op.attr("sym_name").map(|a| a.text.trim_matches('"').to_string());
    match op.name.as_str() {
        "builtin.module" => {
            module.name = module.name.take().or_else(|| symbol(&op));
            for item_op in op.op.regions.into_iter().flat_map(|r| r.ops) {
                item(item_op, module)?;
            }
        }
        "sdy.mesh" => {
            // The pretty form's words (`@name`, `<…>`), or the generic form's properties.
            let pretty = match op.words.as_slice() {
                [name, mesh] if !op.generic => Some((name.text.trim_start_matches('@').to_string(), mesh)),
                _ => None,
            };
            let Some((name, mesh)) = pretty.or_else(|| symbol(&op).zip(op.attr("mesh"))) else {
                return Err(at(&op.loc, "sdy.mesh needs 'sym_name' and 'mesh'"));
            };
            let text = mesh.text.strip_prefix("#sdy.mesh").unwrap_or(&mesh.text).to_string();
            module.meshes.push(MeshDecl { name, mesh: Attr { text, pos: mesh.pos.clone() }, mesh_dialect: false });
        }
        "mesh.mesh" => module.meshes.push(mesh_dialect_mesh(&op)?),
        "func.func" if op.generic => module.funcs.push(generic_func(op)?),
        other => {
            let message = format!("expected 'func.func', 'sdy.mesh', 'mesh.mesh' or 'module', found op '{other}'");
            return Err(at(&op.loc, message));
        }
    }
    Ok(())
}

/// `mesh.mesh @name(shape = 2x4)`, the `mesh` dialect's mesh, as the Shardy mesh
/// whose axes are named by index (`<["0"=2, "1"=4]>`, see `autoshard_mesh::sdy_mesh`).
fn mesh_dialect_mesh(op: &Operation) -> Result<MeshDecl, SyntaxError> {
    let text = op.words.first().map_or("", |w| w.text.as_str());
    let fail = |e: autoshard_mesh::Error| at(&op.loc, format!("{e} (in '{text}')"));
    let mesh_op: autoshard_mesh::MeshOp = text.parse().map_err(fail)?;
    let mesh = autoshard_mesh::sdy_mesh(&mesh_op).map_err(fail)?;
    Ok(MeshDecl { name: mesh_op.name, mesh: Attr { text: mesh.to_string(), pos: op.loc.clone() }, mesh_dialect: true })
}

/// A generic-form `func.func`: its signature from `function_type`, `arg_attrs` and
/// `res_attrs`, its arguments' names from its block.
fn generic_func(operation: Operation) -> Result<Func, SyntaxError> {
    let loc = operation.loc;
    let op = operation.op;
    let missing = |what: &str| at(&loc, format!("func.func needs '{what}'"));
    let name = op.attr("sym_name").ok_or_else(|| missing("sym_name"))?.text.trim_matches('"').to_string();
    let visibility = op.attr("sym_visibility").map(|v| v.text.trim_matches('"').to_string());
    let signature = op.attr("function_type").ok_or_else(|| missing("function_type"))?;
    let (arg_types, result_types) = Reader::new(&signature.text, signature.pos.clone()).function_type()?;
    let dictionaries = |key: &str| -> Result<Vec<Dict>, SyntaxError> {
        let Some(list) = op.attr(key) else { return Ok(Vec::new()) };
        Ok(Reader::new(&list.text, list.pos.clone()).dict_list()?)
    };
    let (mut arg_attrs, mut res_attrs) =
        (dictionaries("arg_attrs")?.into_iter(), dictionaries("res_attrs")?.into_iter());
    let Some(body) = op.regions.into_iter().next() else { return Err(at(&loc, "func.func has no body")) };
    if body.args.len() != arg_types.len() {
        let message =
            format!("func.func @{name} takes {} arguments but its block has {}", arg_types.len(), body.args.len());
        return Err(at(&loc, message));
    }
    let args = (body.args.iter())
        .map(|a| FuncArg {
            loc: a.loc.clone(),
            ..FuncArg::new(&a.name, a.ty.clone(), arg_attrs.next().unwrap_or_default())
        })
        .collect();
    let results = (result_types.into_iter())
        .map(|ty| FuncResult { loc: loc.clone(), ..FuncResult::new(ty, res_attrs.next().unwrap_or_default()) })
        .collect();
    Ok(Func { name, visibility, args, results, attrs: Dict::default(), body: Some(body), loc })
}

/// An error at `loc`.
fn at(loc: &autoshard_mlir::Location, message: impl Into<String>) -> SyntaxError {
    SyntaxError { pos: loc.clone(), message: message.into() }
}
