//! Recursive descent over StableHLO text: modules, `sdy.mesh` (and the `mesh`
//! dialect's `mesh.mesh`), `func.func` with
//! argument and result attributes, and operations in the generic form
//! (`"stablehlo.add"(%a, %b) <{…}> {…} : (…) -> …`) and the pretty forms JAX and
//! Shardy print (`stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : …`).
//!
//! The pretty forms are read generically: after the op name come operands, `key =
//! value` pieces, attribute dictionaries, bare words and `<…>` or `[…]` groups, then a
//! `:` and the signature, and possibly a trailing named region (`reducer(…) {…}`).
//! What each piece means is the importer's business ([`super::import`]). A `mesh.*`
//! op is kept whole as its text (its first word), read by `autoshard-mesh`.
//!
//! Invariant: every syntax error carries the position of the byte where reading
//! failed; `#loc` alias lines and `loc(…)` suffixes are skipped.

use super::ast::{Attr, Func, MeshDecl, Module, Operation, Param, Region, Type};
use super::cursor::{Cursor, Result, SyntaxError, is_ident_byte};

/// Parses a whole module (or a Shardy test file: top-level functions and meshes,
/// `// -----` separators being comments).
pub fn parse(source: &str) -> Result<Module> {
    let mut c = Cursor::new(source);
    let mut module = Module::default();
    items(&mut c, &mut module, false)?;
    Ok(module)
}

/// Top-level items until the end (or the `}` closing a `module`).
fn items(c: &mut Cursor<'_>, module: &mut Module, nested: bool) -> Result<()> {
    loop {
        if c.at_end() {
            return if nested { c.expected("'}' closing the module") } else { Ok(()) };
        }
        if nested && c.eat("}") {
            return c.skip_location();
        }
        if c.looking_at("#loc") {
            location_alias(c, module)?;
        } else if c.peek() == Some(b'#') {
            c.skip_line();
        } else if c.peek() == Some(b'!') {
            alias(c)?;
        } else if c.eat_keyword("module") {
            if c.peek_after_ws() == Some(b'@') {
                module.name = Some(c.symbol()?);
            }
            if c.eat_keyword("attributes") {
                dictionary(c)?;
            }
            c.expect("{")?;
            items(c, module, true)?;
        } else if c.eat_keyword("sdy.mesh") {
            let name = c.symbol()?;
            c.expect("=")?;
            let mesh = c.atom()?;
            module.meshes.push(MeshDecl { name, mesh, mesh_dialect: false });
            if c.peek_after_ws() == Some(b'{') {
                dictionary(c)?;
            }
            c.skip_location()?;
        } else if c.looking_at("mesh.mesh") {
            module.meshes.push(mesh_dialect_mesh(c)?);
        } else if c.looking_at("func.func") {
            module.funcs.push(func(c)?);
        } else if c.peek() == Some(b'"') {
            let op = operation(c)?;
            generic_item(op, module)?;
        } else {
            return c.expected("'func.func', 'sdy.mesh', 'mesh.mesh', a type alias or 'module'");
        }
    }
}

/// `#loc12 = loc(…)`: a location alias, kept for the ops that name it.
fn location_alias(c: &mut Cursor<'_>, module: &mut Module) -> Result<()> {
    c.bump();
    let name = c.ident();
    c.expect("=")?;
    match c.location()? {
        Some(text) => module.locations.insert(name, text),
        None => return c.expected("'loc(' after a location alias"),
    };
    Ok(())
}

/// `mesh.mesh @name(shape = 2x4)`, the `mesh` dialect's mesh, as the Shardy mesh
/// whose axes are named by index (`<["0"=2, "1"=4]>`, see `autoshard_mesh::sdy_mesh`).
fn mesh_dialect_mesh(c: &mut Cursor<'_>) -> Result<MeshDecl> {
    let text = c.op_text(false);
    let fail =
        |e: autoshard_mesh::Error| SyntaxError { pos: text.pos.clone(), message: format!("{e} (in '{}')", text.text) };
    let op: autoshard_mesh::MeshOp = text.text.parse().map_err(fail)?;
    let mesh = autoshard_mesh::sdy_mesh(&op).map_err(fail)?;
    Ok(MeshDecl { name: op.name, mesh: Attr { text: mesh.to_string(), pos: text.pos }, mesh_dialect: true })
}

/// `func.func [public|private] @name(args) [-> results] [attributes {…}] {body}`.
fn func(c: &mut Cursor<'_>) -> Result<Func> {
    let pos = c.pos();
    c.expect("func.func")?;
    let public = !c.eat_keyword("private");
    let _ = c.eat_keyword("public") || c.eat_keyword("nested");
    let name = c.symbol()?;
    c.expect("(")?;
    let args = params(c, ")")?;
    let mut results = Vec::new();
    if c.eat("->") {
        if c.eat("(") {
            while !c.eat(")") {
                results.push(result_param(c)?);
                if !c.eat(",") && c.peek_after_ws() != Some(b')') {
                    return c.expected("',' or ')'");
                }
            }
        } else {
            let pos = c.pos();
            results.push(Param { name: String::new(), ty: ty(c)?, attrs: Vec::new(), pos });
        }
    }
    let attrs = if c.eat_keyword("attributes") { dictionary(c)? } else { Vec::new() };
    c.expect("{")?;
    let body = block(c)?;
    c.skip_location()?;
    Ok(Func { name, public, args, results, body, attrs, pos })
}

/// `!name = tensor<…>`: a type alias, which later types may name (`!name`).
fn alias(c: &mut Cursor<'_>) -> Result<()> {
    let name = alias_name(c)?;
    c.expect("=")?;
    let ty = ty(c)?;
    c.aliases.insert(name, ty);
    Ok(())
}

/// `!name`, without the `!`.
fn alias_name(c: &mut Cursor<'_>) -> Result<String> {
    c.expect("!")?;
    let name = c.ident();
    if name.is_empty() {
        return c.expected("a type alias name after '!'");
    }
    Ok(name)
}

/// An item of a module printed in MLIR's generic form: `"builtin.module"() ({…})`
/// (its items in turn), `"sdy.mesh"() <{mesh = #sdy.mesh<…>, sym_name = "…"}>` or
/// `"func.func"() <{function_type = …, sym_name = "…", arg_attrs = […]…}> ({…})`.
fn generic_item(op: Operation, module: &mut Module) -> Result<()> {
    let symbol = |op: &Operation| op.attr("sym_name").map(|a| a.text.trim_matches('"').to_string());
    match op.name.as_str() {
        "builtin.module" => {
            module.name = module.name.take().or_else(|| symbol(&op));
            for item in op.regions.into_iter().flat_map(|r| r.ops) {
                generic_item(item, module)?;
            }
        }
        "sdy.mesh" => {
            let (Some(name), Some(mesh)) = (symbol(&op), op.attr("mesh")) else {
                return Err(SyntaxError {
                    pos: op.pos.clone(),
                    message: "sdy.mesh needs 'sym_name' and 'mesh'".into(),
                });
            };
            let text = mesh.text.strip_prefix("#sdy.mesh").unwrap_or(&mesh.text).to_string();
            module.meshes.push(MeshDecl { name, mesh: Attr { text, pos: mesh.pos.clone() }, mesh_dialect: false });
        }
        "func.func" => module.funcs.push(generic_func(op)?),
        other => {
            let message = format!("expected 'func.func', 'sdy.mesh' or 'module', found op '{other}'");
            return Err(SyntaxError { pos: op.pos.clone(), message });
        }
    }
    Ok(())
}

/// A generic-form `func.func`: its signature from `function_type`, `arg_attrs` and
/// `res_attrs`, its arguments' names from its block.
fn generic_func(op: Operation) -> Result<Func> {
    let missing = |what: &str| SyntaxError { pos: op.pos.clone(), message: format!("func.func needs '{what}'") };
    let name = op.attr("sym_name").ok_or_else(|| missing("sym_name"))?.text.trim_matches('"').to_string();
    let public = op.attr("sym_visibility").is_none_or(|v| v.text.trim_matches('"') != "private");
    let signature = op.attr("function_type").ok_or_else(|| missing("function_type"))?;
    let mut c = Cursor::at(&signature.text, signature.pos.clone());
    c.expect("(")?;
    let arg_types = type_list(&mut c)?;
    c.expect("->")?;
    let result_types = if c.eat("(") { type_list(&mut c)? } else { vec![ty(&mut c)?] };
    let dictionaries = |key: &str| -> Result<Vec<Vec<(String, Attr)>>> {
        let Some(list) = op.attr(key) else { return Ok(Vec::new()) };
        let mut c = Cursor::at(&list.text, list.pos.clone());
        c.expect("[")?;
        let mut out = Vec::new();
        while !c.eat("]") {
            out.push(dictionary(&mut c)?);
            c.eat(",");
        }
        Ok(out)
    };
    let (mut arg_attrs, mut res_attrs) =
        (dictionaries("arg_attrs")?.into_iter(), dictionaries("res_attrs")?.into_iter());
    let body = op
        .regions
        .into_iter()
        .next()
        .ok_or_else(|| SyntaxError { pos: op.pos.clone(), message: "func.func has no body".into() })?;
    if body.args.len() != arg_types.len() {
        let message =
            format!("func.func @{name} takes {} arguments but its block has {}", arg_types.len(), body.args.len());
        return Err(SyntaxError { pos: op.pos.clone(), message });
    }
    let args = body.args.into_iter().map(|p| Param { attrs: arg_attrs.next().unwrap_or_default(), ..p }).collect();
    let results = result_types
        .into_iter()
        .map(|ty| Param { name: String::new(), ty, attrs: res_attrs.next().unwrap_or_default(), pos: op.pos.clone() })
        .collect();
    Ok(Func { name, public, args, results, body: body.ops, attrs: Vec::new(), pos: op.pos })
}

/// A result of a function signature: a type and optional attributes.
fn result_param(c: &mut Cursor<'_>) -> Result<Param> {
    let pos = c.pos();
    let ty = ty(c)?;
    let attrs = if c.peek_after_ws() == Some(b'{') { dictionary(c)? } else { Vec::new() };
    Ok(Param { name: String::new(), ty, attrs, pos })
}

/// `%a: type {attrs}, …` up to `close` (consumed).
fn params(c: &mut Cursor<'_>, close: &str) -> Result<Vec<Param>> {
    let mut out = Vec::new();
    while !c.eat(close) {
        c.skip_ws();
        let pos = c.pos();
        let name = c.value_name()?;
        c.expect(":")?;
        let ty = ty(c)?;
        let attrs = if c.peek_after_ws() == Some(b'{') { dictionary(c)? } else { Vec::new() };
        c.skip_location()?;
        out.push(Param { name, ty, attrs, pos });
        if !c.eat(",") && !c.looking_at(close) {
            c.skip_ws();
            if !c.looking_at(close) {
                return c.expected(&format!("',' or '{close}'"));
            }
        }
    }
    Ok(out)
}

/// `{key = value, key, …}`: a unit attribute (no value) reads as `unit`.
fn dictionary(c: &mut Cursor<'_>) -> Result<Vec<(String, Attr)>> {
    c.expect("{")?;
    dictionary_body(c, "}")
}

/// A tensor type, `tensor<2x4xf32>`.
pub fn ty(c: &mut Cursor<'_>) -> Result<Type> {
    c.skip_ws();
    let pos = c.pos();
    if c.peek() == Some(b'!') {
        let name = alias_name(c)?;
        return match c.aliases.get(&name) {
            Some(ty) => Ok(ty.clone()),
            None => Err(SyntaxError {
                pos,
                message: format!("type alias '!{name}' is not defined (or not a ranked tensor type)"),
            }),
        };
    }
    if !c.looking_at("tensor<") {
        let found = c.atom().map(|a| a.text).unwrap_or_default();
        return Err(SyntaxError {
            pos,
            message: format!("expected a ranked tensor type like 'tensor<2x4xf32>', found '{found}' (not supported)"),
        });
    }
    c.tensor_type()
}

/// Operations up to the `}` closing a block (consumed).
fn block(c: &mut Cursor<'_>) -> Result<Vec<Operation>> {
    let mut ops = Vec::new();
    loop {
        if c.eat("}") {
            return Ok(ops);
        }
        if c.at_end() {
            return c.expected("'}' closing the block");
        }
        ops.push(operation(c)?);
    }
}

/// `{ [^bb0(%a: t, …):] ops }`.
fn region(c: &mut Cursor<'_>, mut args: Vec<Param>) -> Result<Region> {
    c.expect("{")?;
    if c.eat("^") {
        c.ident();
        if c.eat("(") {
            args = params(c, ")")?;
        }
        c.expect(":")?;
    }
    Ok(Region { args, ops: block(c)? })
}

/// One operation, generic or pretty.
fn operation(c: &mut Cursor<'_>) -> Result<Operation> {
    c.skip_ws();
    let pos = c.pos();
    let results = result_names(c)?;
    let mut op = Operation {
        results,
        name: String::new(),
        operands: Vec::new(),
        attrs: Vec::new(),
        words: Vec::new(),
        regions: Vec::new(),
        result_types: Vec::new(),
        pos,
        loc: None,
    };
    if c.peek_after_ws() == Some(b'"') {
        generic(c, &mut op)?;
    } else {
        op.name = c.ident();
        if op.name.is_empty() {
            return c.expected("an operation");
        }
        if op.name == "return" {
            op.name = "func.return".into();
        }
        if op.name == "call" {
            op.name = "func.call".into();
        }
        if ["mesh.", "arith.", "tensor."].iter().any(|d| op.name.starts_with(d)) {
            // The `mesh` dialect's ops and the scalar `arith` and `tensor` ops around
            // them, whole, for the importer to read in their own forms.
            let rest = c.op_text(true);
            // Its operands, in order (`mesh.shard %x to %s`: the value, then the sharding).
            op.operands = (rest.text.split('%').skip(1))
                .map(|t| t.split(|ch: char| !(ch.is_ascii_alphanumeric() || "_.$#".contains(ch))).next().unwrap_or(""))
                .map(str::to_string)
                .collect();
            op.words.push(Attr { text: format!("{} {}", op.name, rest.text), pos: op.pos.clone() });
            return Ok(op);
        }
        // A construct the reader cannot follow is named in the error.
        let read = if op.name == "stablehlo.while" { while_pretty(c, &mut op) } else { pretty(c, &mut op) };
        read.map_err(|e| SyntaxError { message: format!("{} (in op '{}')", e.message, op.name), ..e })?;
    }
    op.loc = c.location()?;
    Ok(op)
}

/// `%a, %b =` or `%0:2 =` (nothing if the op has no results).
fn result_names(c: &mut Cursor<'_>) -> Result<Vec<String>> {
    let mut names = Vec::new();
    if c.peek_after_ws() != Some(b'%') {
        return Ok(names);
    }
    loop {
        let name = c.value_name()?;
        if c.eat(":") {
            let count = c.integer()?;
            names.extend((0..count).map(|i| format!("{name}#{i}")));
        } else {
            names.push(name);
        }
        if !c.eat(",") {
            break;
        }
    }
    c.expect("=")?;
    Ok(names)
}

/// `"name"(operands) [({regions})] [<{properties}>] [{attrs}] : (types) -> types`.
fn generic(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    op.name = c.string()?;
    c.expect("(")?;
    while !c.eat(")") {
        op.operands.push(c.value_name()?);
        if !c.eat(",") && c.peek_after_ws() != Some(b')') {
            return c.expected("',' or ')'");
        }
    }
    // MLIR's order is properties, then regions; the reverse is read too.
    regions(c, op)?;
    if c.eat("<{") {
        let mut props = dictionary_body(c, "}>")?;
        op.attrs.append(&mut props);
    }
    regions(c, op)?;
    if c.peek_after_ws() == Some(b'{') {
        let mut attrs = dictionary(c)?;
        op.attrs.append(&mut attrs);
    }
    c.expect(":")?;
    signature(c, op)
}

/// A generic op's region list, `({ … }, { … })`, if one comes next.
fn regions(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    if !c.looking_at_after_ws("({") {
        return Ok(());
    }
    c.expect("(")?;
    loop {
        op.regions.push(region(c, Vec::new())?);
        if !c.eat(",") {
            break;
        }
    }
    c.expect(")")
}

/// The body of a dictionary whose `{` was consumed, up to `close`.
fn dictionary_body(c: &mut Cursor<'_>, close: &str) -> Result<Vec<(String, Attr)>> {
    let mut out = Vec::new();
    while !c.eat(close) {
        let key = if c.peek_after_ws() == Some(b'"') { c.string()? } else { c.ident() };
        if key.is_empty() {
            return c.expected("an attribute name");
        }
        let value = if c.eat("=") { c.value_until_separator()? } else { Attr { text: "unit".into(), pos: c.pos() } };
        out.push((key, value));
        if !c.eat(",") && !c.looking_at_after_ws(close) {
            return c.expected(&format!("',' or '{close}'"));
        }
    }
    Ok(out)
}

/// The signature after `:`: `(types) -> type | (types)`, or a list of types. Only
/// the result types are kept (operand types follow from the operands).
fn signature(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    if c.eat("(") {
        type_list(c)?;
        c.expect("->")?;
        op.result_types = if c.eat("(") { type_list(c)? } else { vec![ty(c)?] };
        return Ok(());
    }
    let mut operands = vec![ty(c)?];
    while c.eat(",") {
        operands.push(ty(c)?);
    }
    // `t -> t` (chlo's unary form) or `t -> (t, u)` (`chlo.top_k`) names the
    // results; a list of one type per result of a multi-result op is theirs
    // (`optimization_barrier`); otherwise one type for all is the result's too, and
    // a list names operands, the last one standing for the rest and the result
    // (`select`'s `pred, value`).
    if c.eat("->") {
        op.result_types = if c.eat("(") { type_list(c)? } else { vec![ty(c)?] };
    } else if op.results.len() > 1 && operands.len() == op.results.len() {
        op.result_types = operands;
    } else if let Some(last) = operands.pop() {
        op.result_types = vec![last; op.results.len().max(1)];
    }
    Ok(())
}

/// Types up to the `)` closing a list whose `(` was consumed.
fn type_list(c: &mut Cursor<'_>) -> Result<Vec<Type>> {
    let mut types = Vec::new();
    while !c.eat(")") {
        types.push(ty(c)?);
        if !c.eat(",") && c.peek_after_ws() != Some(b')') {
            return c.expected("',' or ')'");
        }
    }
    Ok(types)
}

/// The pretty form after the op name.
fn pretty(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    let terminator = matches!(op.name.as_str(), "func.return" | "stablehlo.return" | "sdy.return" | "mpmd.return");
    loop {
        c.skip_ws();
        match c.peek() {
            Some(b'%') => op.operands.push(c.value_name()?),
            Some(b',') => c.bump(),
            Some(b':') => {
                c.bump();
                signature(c, op)?;
                break;
            }
            Some(b'@') => {
                let pos = c.pos();
                let callee = c.symbol()?;
                op.words.push(Attr { text: format!("@{callee}"), pos });
            }
            Some(b'(') if region_args_follow(c) => {
                c.bump();
                let args = params(c, ")")?;
                op.regions.push(region(c, args)?);
            }
            Some(b'(') => operand_group(c, op)?,
            Some(b'{') => {
                let mut attrs = dictionary(c)?;
                op.attrs.append(&mut attrs);
            }
            Some(b'[' | b'<') => op.words.push(c.group()?),
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => {
                if terminator && c.looking_at("loc(") {
                    break;
                }
                let pos = c.pos();
                let word = c.atom()?;
                if c.eat("=") {
                    let value = pretty_value(c)?;
                    op.attrs.push((word.text, value));
                } else {
                    op.words.push(Attr { text: word.text, pos });
                }
            }
            _ if terminator => break,
            _ => return c.expected("an operand, an attribute or ':' and the op's types"),
        }
    }
    trailing_region(c, op)
}

/// `stablehlo.while`'s pretty form after its name:
/// `(%iterArg = %init, …) : t, … [attributes {…}] cond { … } do { … }`. Both regions
/// take the carried values, named as the parentheses name them.
fn while_pretty(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    c.expect("(")?;
    let mut names = Vec::new();
    while !c.eat(")") {
        c.skip_ws();
        let pos = c.pos();
        names.push((c.value_name()?, pos));
        c.expect("=")?;
        op.operands.push(c.value_name()?);
        if !c.eat(",") && c.peek_after_ws() != Some(b')') {
            return c.expected("',' or ')'");
        }
    }
    c.expect(":")?;
    let mut types = Vec::new();
    if !names.is_empty() {
        types.push(ty(c)?);
        while c.eat(",") {
            types.push(ty(c)?);
        }
    }
    if types.len() != names.len() {
        return c.expected(&format!("{} types, one per carried value", names.len()));
    }
    if c.eat("attributes") {
        let mut attrs = dictionary(c)?;
        op.attrs.append(&mut attrs);
    }
    let args: Vec<Param> = names
        .into_iter()
        .zip(&types)
        .map(|((name, pos), ty)| Param { name, ty: ty.clone(), attrs: Vec::new(), pos })
        .collect();
    for keyword in ["cond", "do"] {
        if !c.eat(keyword) {
            return c.expected(&format!("'{keyword}' and its region"));
        }
        op.regions.push(region(c, args.clone())?);
    }
    op.result_types = types;
    Ok(())
}

/// True if a `(` opens region arguments (`(%arg0: tensor<…>`).
fn region_args_follow(c: &mut Cursor<'_>) -> bool {
    let mut i = 1;
    while c.peek_at(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    if c.peek_at(i) != Some(b'%') {
        return false;
    }
    i += 1;
    while c.peek_at(i).is_some_and(|b| is_ident_byte(b) || b == b'#') {
        i += 1;
    }
    while c.peek_at(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    c.peek_at(i) == Some(b':')
}

/// `(%x init: %c)`, `(%a, %b)`, `(%x, k = 2)`: operands, words and attributes
/// inside parentheses.
fn operand_group(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    c.expect("(")?;
    while !c.eat(")") {
        c.skip_ws();
        match c.peek() {
            Some(b'%') => op.operands.push(c.value_name()?),
            Some(b',' | b':') => c.bump(),
            _ => {
                let word = c.atom()?;
                if c.eat("=") {
                    let value = pretty_value(c)?;
                    op.attrs.push((word.text, value));
                } else {
                    op.words.push(word);
                }
            }
        }
    }
    Ok(())
}

/// A pretty-form value: atoms joined by `x` or `->` (`[0] x [0]`,
/// `[b, 0, f]x[0, i, o]->[b, 0, f]`).
fn pretty_value(c: &mut Cursor<'_>) -> Result<Attr> {
    let mut value = c.atom()?;
    loop {
        c.skip_ws();
        let joiner = if c.looking_at("->") {
            "->"
        } else if c.peek() == Some(b'x') && !c.peek_at(1).is_some_and(is_ident_byte) {
            "x"
        } else {
            return Ok(value);
        };
        c.expect(joiner)?;
        let next = c.atom()?;
        value.text = format!("{}{joiner}{}", value.text, next.text);
    }
}

/// A named region after the signature (`reducer(%a0: t, %b0: t) (%a1: t, %b1: t) {…}`).
fn trailing_region(c: &mut Cursor<'_>, op: &mut Operation) -> Result<()> {
    c.skip_ws();
    let mut i = 0;
    while c.peek_at(i).is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') {
        i += 1;
    }
    if i > 0 && c.peek_at(i) == Some(b'(') && !c.looking_at("loc(") {
        let name = c.ident();
        c.expect("(")?;
        // One `(lhs, rhs)` group per input; the block takes every lhs, then every rhs.
        let mut groups = vec![params(c, ")")?];
        while c.eat("(") {
            groups.push(params(c, ")")?);
        }
        let (mut lhs, mut rhs) = (Vec::new(), Vec::new());
        for mut group in groups {
            let second = if group.len() > 1 { group.split_off(1) } else { Vec::new() };
            lhs.append(&mut group);
            rhs.extend(second);
        }
        lhs.append(&mut rhs);
        op.words.push(Attr { text: name, pos: c.pos() });
        op.regions.push(region(c, lhs)?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only_op(text: &str) -> Operation {
        let source =
            format!("func.func @f(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {{\n{text}\nreturn %a : tensor<2x4xf32>\n}}");
        let module = parse(&source).unwrap_or_else(|e| panic!("{e}\n{source}"));
        module.funcs[0].body[0].clone()
    }

    #[test]
    fn reads_the_pretty_dot_general() {
        let op = only_op(
            "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>",
        );
        assert_eq!(op.name, "stablehlo.dot_general");
        assert_eq!(op.operands, ["a", "b"]);
        assert_eq!(op.attr("batching_dims").map(|a| a.text.as_str()), Some("[0]x[0]"));
        assert_eq!(op.attr("contracting_dims").map(|a| a.text.as_str()), Some("[2]x[1]"));
        assert_eq!(op.result_types[0].dims(), [2, 3, 5]);
    }

    #[test]
    fn reads_the_generic_form_with_properties_and_regions() {
        let op = only_op(
            "%0 = \"stablehlo.reduce\"(%a, %c) ({\n^bb0(%x: tensor<f32>, %y: tensor<f32>):\n %s = \"stablehlo.add\"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n \"stablehlo.return\"(%s) : (tensor<f32>) -> ()\n}) <{dimensions = array<i64: 1>}> : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>",
        );
        assert_eq!((op.name.as_str(), op.operands.len(), op.regions.len()), ("stablehlo.reduce", 2, 1));
        assert_eq!(op.attr("dimensions").map(|a| a.text.as_str()), Some("array<i64: 1>"));
        assert_eq!(op.regions[0].args.len(), 2);
        assert_eq!(op.regions[0].ops[0].name, "stablehlo.add");
    }

    #[test]
    fn reads_the_pretty_reduce_and_convolution() {
        let op = only_op(
            "%0 = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>",
        );
        assert_eq!(op.operands, ["a", "c"]);
        let words: Vec<&str> = op.words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(words, ["init", "applies", "stablehlo.add", "across"]);
        let op = only_op(
            "%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x8x4xf32>",
        );
        assert_eq!(op.attr("dim_numbers").map(|a| a.text.as_str()), Some("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"));
        assert_eq!(op.attr("window").map(|a| a.text.as_str()), Some("{stride = [1, 1], pad = [[0, 0], [1, 1]]}"));
        assert_eq!(op.attr("feature_group_count").map(|a| a.text.as_str()), Some("1 : i64"));
    }

    #[test]
    fn reads_sdy_ops_and_function_attributes() {
        let source = r#"module @jit_f attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<8x16xf32> {jax.result_info = "result"}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"data"}, {"model"}]> : tensor<8x16xf32>
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data"} (%arg1: tensor<4x16xf32>) {
      sdy.return %arg1 : tensor<4x16xf32>
    } : (tensor<8x16xf32>) -> tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
}
"#;
        let m = parse(source).unwrap();
        assert_eq!(m.meshes[0].mesh.text, r#"<["data"=2, "model"=4]>"#);
        let f = &m.funcs[0];
        assert_eq!(f.args[0].attrs[0].1.text, r#"#sdy.sharding<@mesh, [{"data"}, {}]>"#);
        assert_eq!(f.results[0].attrs[0].1.text, "\"result\"");
        assert_eq!(f.body[0].words[0].text, r#"<@mesh, [{"data"}, {"model"}]>"#);
        let manual = &f.body[1];
        assert_eq!(manual.attr("manual_axes").map(|a| a.text.as_str()), Some(r#"{"data"}"#));
        assert_eq!((manual.regions.len(), manual.regions[0].args[0].ty.dims()), (1, vec![4, 16]));
        assert_eq!(f.body[2].name, "func.return");
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = parse("func.func @f(%a: tensor<?x4xf32>) {\n}").unwrap_err();
        assert_eq!(e.to_string(), "1:25: dynamic dimensions ('?') are not supported");
        let e = parse("func.func @f() {\n  %0 = stablehlo.add %a, %b\n}").unwrap_err();
        assert!(e.to_string().starts_with("3:1: expected an operand"), "{e}");
    }
}
