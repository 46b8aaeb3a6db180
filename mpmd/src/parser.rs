//! The module reader: aliases, `module { ... }`, `func.func`s, blocks and the op
//! dispatch (the ops' own syntax is in `parse_ops.rs`). Follows MLIR's grammar and
//! messages; never panics.

use crate::attrs::{AttrAliases, DictAttr, parse_attr, parse_dict};
use crate::ops::{Block, BlockArg, FuncArg, FuncOp, FuncResult, Module, Op, Operation, ResultGroup, ValueRef};
use crate::types::{Type, TypeAliases, parse_type};
use autoshard_mlir::Cursor;
use autoshard_mlir::Result;

/// Reads an MPMD module from `source`; `file` names it in error locations.
pub fn parse_module(file: &str, source: &str) -> crate::Result<Module> {
    let mut p = Parser { c: Cursor::in_file(file, source), types: TypeAliases::new(), attrs: AttrAliases::new() };
    Ok(p.module(false)?)
}

/// Reads the functions of `source`, a module that may hold other ops at its top level
/// (a StableHLO module's `sdy.mesh`es): those are read as generic ops and left out.
pub(crate) fn parse_functions(file: &str, source: &str) -> crate::Result<Vec<FuncOp>> {
    let mut p = Parser { c: Cursor::in_file(file, source), types: TypeAliases::new(), attrs: AttrAliases::new() };
    Ok(p.module(true)?.funcs)
}

/// The state of a module being read: the cursor and the aliases defined so far.
pub(crate) struct Parser<'a> {
    pub(crate) c: Cursor<'a>,
    pub(crate) types: TypeAliases,
    pub(crate) attrs: AttrAliases,
}

impl Parser<'_> {
    /// The module; `other_ops`: its top-level ops other than functions are read and
    /// dropped rather than refused.
    fn module(&mut self, other_ops: bool) -> Result<Module> {
        let mut module = Module::default();
        let mut in_module = false;
        loop {
            match self.c.peek() {
                None if in_module => return Err(self.c.error("expected '}' to close the module")),
                None => return Ok(module),
                Some('}') if in_module => {
                    self.c.expect("}")?;
                    in_module = false;
                }
                Some('!') => self.type_alias(&mut module)?,
                Some('#') => self.attr_alias(&mut module)?,
                _ if !in_module && self.c.eat_keyword("module") => {
                    if self.c.peek() == Some('@') {
                        self.c.symbol()?;
                    }
                    if self.c.eat_keyword("attributes") {
                        parse_dict(&mut self.c, &self.attrs)?;
                    }
                    self.c.expect("{")?;
                    in_module = true;
                }
                _ if other_ops && self.c.peek_ident().is_some_and(|word| word != "func.func") => {
                    self.operation()?;
                }
                _ => module.funcs.push(self.func()?),
            }
        }
    }

    fn type_alias(&mut self, module: &mut Module) -> Result<()> {
        self.c.expect("!")?;
        let start = self.c.pos();
        let name = self.c.ident().ok_or_else(|| self.c.error("expected type alias name"))?.to_string();
        if self.types.contains_key(&name) {
            return Err(self.c.error_at(start, format!("redefinition of type alias id '{name}'")));
        }
        self.c.expect("=")?;
        let ty = parse_type(&mut self.c, &self.types)?;
        self.types.insert(name.clone(), ty.clone());
        module.type_aliases.push((name, ty));
        Ok(())
    }

    fn attr_alias(&mut self, module: &mut Module) -> Result<()> {
        self.c.expect("#")?;
        let start = self.c.pos();
        let name = self.c.ident().ok_or_else(|| self.c.error("expected attribute alias name"))?.to_string();
        if self.attrs.contains_key(&name) {
            return Err(self.c.error_at(start, format!("redefinition of attribute alias id '{name}'")));
        }
        self.c.expect("=")?;
        let attr = parse_attr(&mut self.c, &self.attrs)?;
        self.attrs.insert(name.clone(), attr.clone());
        module.attr_aliases.push((name, attr));
        Ok(())
    }

    fn func(&mut self) -> Result<FuncOp> {
        self.c.skip_ws();
        let loc = self.c.location();
        if !self.c.eat_keyword("func.func") {
            let word = self.c.peek_ident().unwrap_or("");
            return Err(self.c.error(format!("custom op '{word}' is unknown (expected 'func.func')")));
        }
        let visibility = match self.c.peek_ident() {
            Some(v @ ("public" | "private" | "nested")) => {
                self.c.ident();
                Some(v.to_string())
            }
            _ => None,
        };
        let name = self.c.symbol()?;
        self.c.expect("(")?;
        let args = self.c_list(")", Parser::func_arg)?;
        let mut results = Vec::new();
        if self.c.eat("->") {
            if self.c.eat("(") {
                results = self.c_list(")", Parser::func_result)?;
            } else {
                results.push(FuncResult { ty: self.ty()?, attrs: DictAttr::new() });
            }
        }
        let attrs = if self.c.eat_keyword("attributes") { self.dict()? } else { DictAttr::new() };
        let body = if self.c.peek() == Some('{') {
            self.c.expect("{")?;
            let mut block = self.block_ops()?;
            block.args = args.iter().map(|a| BlockArg { name: a.name.clone(), ty: a.ty.clone() }).collect();
            self.c.expect("}")?;
            Some(block)
        } else {
            None
        };
        Ok(FuncOp { name, visibility, args, results, attrs, body, loc })
    }

    fn func_arg(&mut self) -> Result<FuncArg> {
        let name = if self.c.peek() == Some('%') {
            let name = self.c.value_name()?.to_string();
            self.c.expect(":")?;
            name
        } else {
            String::new()
        };
        let ty = self.ty()?;
        let attrs = if self.c.peek() == Some('{') { self.dict()? } else { DictAttr::new() };
        Ok(FuncArg { name, ty, attrs })
    }

    fn func_result(&mut self) -> Result<FuncResult> {
        let ty = self.ty()?;
        let attrs = if self.c.peek() == Some('{') { self.dict()? } else { DictAttr::new() };
        Ok(FuncResult { ty, attrs })
    }

    /// A comma-separated list up to `close`, items read by `item`.
    pub(crate) fn c_list<T>(&mut self, close: &str, mut item: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let mut items = Vec::new();
        if self.c.eat(close) {
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            if self.c.eat(close) {
                return Ok(items);
            }
            if !self.c.eat(",") {
                return Err(self.c.error(format!("expected ',' or '{close}'")));
            }
        }
    }

    pub(crate) fn ty(&mut self) -> Result<Type> {
        parse_type(&mut self.c, &self.types)
    }

    pub(crate) fn dict(&mut self) -> Result<DictAttr> {
        parse_dict(&mut self.c, &self.attrs)
    }

    /// An optional attribute dictionary.
    pub(crate) fn opt_dict(&mut self) -> Result<DictAttr> {
        if self.c.peek() == Some('{') { self.dict() } else { Ok(DictAttr::new()) }
    }

    /// `%name` or `%name#3`.
    pub(crate) fn value_ref(&mut self) -> Result<ValueRef> {
        let name = self.c.value_name()?.to_string();
        let index = if self.c.rest().starts_with('#') {
            self.c.set_pos(self.c.pos() + 1);
            let start = self.c.pos();
            let i = self.c.integer()?;
            Some(u32::try_from(i).map_err(|_| self.c.error_at(start, "invalid SSA value result number"))?)
        } else {
            None
        };
        Ok(ValueRef { name, index })
    }

    /// `(%a: type, ...)`: the arguments of a region's block.
    pub(crate) fn block_args(&mut self) -> Result<Vec<BlockArg>> {
        self.c.expect("(")?;
        self.c_list(")", |p| {
            let name = p.c.value_name()?.to_string();
            p.c.expect(":")?;
            Ok(BlockArg { name, ty: p.ty()? })
        })
    }

    /// The ops of a block up to (not including) `}` or the next block label.
    pub(crate) fn block_ops(&mut self) -> Result<Block> {
        let mut block = Block::default();
        loop {
            match self.c.peek() {
                Some('}') | Some('^') => return Ok(block),
                None => return Err(self.c.error("expected '}' to end the region")),
                _ => block.ops.push(self.operation()?),
            }
        }
    }

    /// `{ (^label(args):)? ops ... }`: a region of blocks.
    pub(crate) fn region(&mut self) -> Result<Vec<Block>> {
        self.c.expect("{")?;
        let mut blocks = Vec::new();
        loop {
            if self.c.eat("}") {
                return Ok(blocks);
            }
            let mut label = None;
            let mut args = Vec::new();
            if self.c.eat("^") {
                label = Some(self.c.ident().ok_or_else(|| self.c.error("expected block name"))?.to_string());
                if self.c.peek() == Some('(') {
                    args = self.block_args()?;
                }
                self.c.expect(":")?;
            }
            let mut block = self.block_ops()?;
            block.label = label;
            block.args = args;
            blocks.push(block);
        }
    }

    /// One op with its results.
    pub(crate) fn operation(&mut self) -> Result<Operation> {
        self.c.skip_ws();
        let start = self.c.pos();
        let loc = self.c.location_at(start);
        let results = if self.c.peek() == Some('%') {
            let name = self.c.value_name()?.to_string();
            let count = if self.c.eat(":") {
                let at = self.c.pos();
                u32::try_from(self.c.integer()?)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| self.c.error_at(at, "expected a positive number of results"))?
            } else {
                1
            };
            self.c.expect("=")?;
            Some(ResultGroup { name, count })
        } else {
            None
        };
        self.c.skip_ws();
        let name_at = self.c.pos();
        let op = if self.c.peek() == Some('"') {
            let name = self.c.string()?;
            Op::Generic(self.generic(format!("\"{name}\""), results.as_ref())?)
        } else {
            let name = self.c.ident().ok_or_else(|| self.c.error("expected operation name"))?.to_string();
            self.op_body(&name, results.as_ref())?
        };
        let defined = results.as_ref().map_or(0, |r| r.count as usize);
        if let Some(expected) = result_count(&op)
            && expected != defined
        {
            return Err(self.c.error_at(
                name_at,
                format!("operation defines {expected} results but was provided {defined} to bind"),
            ));
        }
        Ok(Operation { results, op, loc })
    }
}

/// The number of results a typed op defines (`None` for a generic op).
fn result_count(op: &Op) -> Option<usize> {
    Some(match op {
        Op::Fragment(o) => o.result_types.len(),
        Op::FragmentCall(o) => o.result_types.len(),
        Op::For(o) => o.result_types.len(),
        Op::Call(o) | Op::FuncCall(o) => o.result_types.len(),
        Op::NamedComputation(o) => o.result_types.len(),
        Op::Transfer(_) | Op::Reduce(_) | Op::NamedTensor(_) | Op::Assign(_) | Op::Unassign(_) | Op::Broadcast(_) => 1,
        Op::Return(_) | Op::FuncReturn(_) => 0,
        Op::Generic(_) => return None,
    })
}

/// Parses all of `s`, a standalone text form (no aliases), with `parse`.
pub(crate) fn standalone<T>(s: &str, parse: impl FnOnce(&mut Cursor<'_>) -> Result<T>) -> crate::Result<T> {
    let mut c = Cursor::in_file("<string>", s);
    let value = parse(&mut c)?;
    if !c.at_end() {
        return Err(c.error("unexpected text after the end").into());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_functions_and_aliases() {
        let src = r#"
!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
#topo = #mpmd.topology<<"m1": <["x"=2]>>>
module {
func.func public @main(%arg0: !t {mhlo.memory_kind = "device"}) -> (!t) attributes {topology = #topo} {
  %0 = mpmd.transfer %arg0 : (!t) -> !t
  func.return %0 : !t
}
}"#;
        let module = parse_module("x.mlir", src).unwrap();
        let main = module.func("main").unwrap();
        assert_eq!(main.topology().unwrap().len(), 1);
        assert_eq!(main.body.as_ref().unwrap().ops.len(), 2);
    }

    #[test]
    fn errors_are_located() {
        let err =
            parse_module("x.mlir", "func.func @f(%a: tensor<4xf32>) {\n  %0 = mpmd.transfer %a : tensor<4xf32>\n}")
                .unwrap_err();
        assert_eq!(err.location().line, 2);
        assert!(err.to_string().starts_with("x.mlir:2:"), "{err}");
    }
}
