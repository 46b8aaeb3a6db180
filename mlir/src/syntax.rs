//! Reading the generic structure of a module ([`crate::structure`]) with a
//! dialect's hooks: a dialect implements [`Syntax`] for its reader — its types,
//! attributes, attribute dictionaries and the ops it knows, generic or in its own
//! pretty syntax — and gets modules, aliases, functions, regions, blocks, result
//! groups and value references read the same way as every other dialect, with
//! MLIR's grammar and messages. Never panics.

use crate::cursor::{Cursor, Result};
use crate::structure::{Block, BlockArg, Func, FuncArg, FuncResult, Module, Operation, ResultGroup, ValueRef};
use std::collections::HashMap;

/// The aliases a module has defined so far, by name without `!` or `#`.
#[derive(Debug, Clone)]
pub struct Aliases<T, A> {
    /// `!name = type`.
    pub types: HashMap<String, T>,
    /// `#name = attr`.
    pub attrs: HashMap<String, A>,
}

impl<T, A> Default for Aliases<T, A> {
    fn default() -> Self {
        Aliases { types: HashMap::new(), attrs: HashMap::new() }
    }
}

/// An op's name as written: `"dialect.op"` (the generic form) or `dialect.op` (the
/// dialect's own syntax follows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpName<'n> {
    /// The generic form's quoted name, unquoted.
    Quoted(&'n str),
    /// A bare name: the op's pretty syntax follows.
    Bare(&'n str),
}

/// The module a dialect's reader reads.
pub type ModuleOf<'a, S> =
    Module<<S as Syntax<'a>>::Type, <S as Syntax<'a>>::Attr, <S as Syntax<'a>>::Dict, <S as Syntax<'a>>::Op>;

/// A dialect's reader: the hooks it supplies, and the module structure read with
/// them (the provided methods).
pub trait Syntax<'a>: Sized {
    /// The dialect's types.
    type Type: Clone;
    /// The dialect's attributes.
    type Attr: Clone;
    /// The dialect's attribute dictionaries.
    type Dict: Default;
    /// The dialect's ops.
    type Op;

    /// The cursor over the text.
    fn cursor(&mut self) -> &mut Cursor<'a>;
    /// The aliases defined so far.
    fn aliases(&mut self) -> &mut Aliases<Self::Type, Self::Attr>;
    /// Reads a type (aliases resolved).
    fn parse_type(&mut self) -> Result<Self::Type>;
    /// Reads an attribute (aliases resolved).
    fn parse_attr(&mut self) -> Result<Self::Attr>;
    /// Reads an attribute dictionary `{…}`.
    fn parse_dict(&mut self) -> Result<Self::Dict>;
    /// Reads an op after its name (and its results, already read).
    fn parse_op(&mut self, name: OpName<'_>, results: &[ResultGroup]) -> Result<Self::Op>;
    /// How many results the op defines, when the dialect knows (`None`: any).
    fn result_count(op: &Self::Op) -> Option<usize>;

    /// What becomes of a module's top-level ops other than `func.func` (a
    /// StableHLO module's `sdy.mesh`es). Default: refused.
    fn other_top_level_ops(&self) -> TopLevelOps {
        TopLevelOps::Refused
    }

    /// A module: aliases, an optional `module @name attributes {…} { … }`, functions
    /// and (as [`Syntax::other_top_level_ops`] says) other ops; trailing locations
    /// are read and left out.
    fn module(&mut self) -> Result<ModuleOf<'a, Self>> {
        let mut module = Module::default();
        let mut in_module = false;
        loop {
            match self.cursor().peek() {
                None if in_module => return Err(self.cursor().error("expected '}' to close the module")),
                None => return Ok(module),
                Some('}') if in_module => {
                    self.cursor().expect("}")?;
                    self.trailing_location()?;
                    in_module = false;
                }
                Some('!') => module.type_aliases.push(self.type_alias()?),
                Some('#') => module.attr_aliases.push(self.attr_alias()?),
                _ if !in_module && self.cursor().eat_keyword("module") => {
                    if self.cursor().peek() == Some('@') {
                        module.name = Some(self.cursor().symbol()?);
                    }
                    if self.cursor().eat_keyword("attributes") {
                        module.attrs = self.parse_dict()?;
                    }
                    self.cursor().expect("{")?;
                    in_module = true;
                }
                _ if self.cursor().peek_ident() == Some("func.func") => module.funcs.push(self.func()?),
                _ => match self.other_top_level_ops() {
                    TopLevelOps::Refused => module.funcs.push(self.func()?),
                    TopLevelOps::Skipped => drop(self.operation()?),
                    TopLevelOps::Kept => module.ops.push(self.operation()?),
                },
            }
        }
    }

    /// A trailing location, `loc(…)`: the text between the parentheses, if one comes
    /// next.
    fn trailing_location(&mut self) -> Result<Option<String>> {
        let c = self.cursor();
        if !c.peek_is("loc(") {
            return Ok(None);
        }
        c.bump(3);
        let span = c.balanced()?;
        Ok(Some(span[1..span.len() - 1].trim().to_string()))
    }

    /// `!name = type`.
    fn type_alias(&mut self) -> Result<(String, Self::Type)> {
        let name = self.alias_name("!", "type", |s, name| s.aliases().types.contains_key(name))?;
        let ty = self.parse_type()?;
        self.aliases().types.insert(name.clone(), ty.clone());
        Ok((name, ty))
    }

    /// `#name = attr`.
    fn attr_alias(&mut self) -> Result<(String, Self::Attr)> {
        let name = self.alias_name("#", "attribute", |s, name| s.aliases().attrs.contains_key(name))?;
        let attr = self.parse_attr()?;
        self.aliases().attrs.insert(name.clone(), attr.clone());
        Ok((name, attr))
    }

    /// The `!name =` or `#name =` of an alias definition, refusing a redefinition.
    fn alias_name(&mut self, sigil: &str, kind: &str, defined: impl Fn(&mut Self, &str) -> bool) -> Result<String> {
        self.cursor().expect(sigil)?;
        let start = self.cursor().pos();
        let name = match self.cursor().ident() {
            Some(name) => name.to_string(),
            None => return Err(self.cursor().error(format!("expected {kind} alias name"))),
        };
        if defined(self, &name) {
            return Err(self.cursor().error_at(start, format!("redefinition of {kind} alias id '{name}'")));
        }
        self.cursor().expect("=")?;
        Ok(name)
    }

    /// `func.func (visibility)? @name(args) (-> results)? (attributes {…})? ({ body })?`.
    fn func(&mut self) -> Result<Func<Self::Type, Self::Dict, Self::Op>> {
        let c = self.cursor();
        c.skip_ws();
        let loc = c.location();
        if !c.eat_keyword("func.func") {
            let word = c.peek_ident().unwrap_or("");
            return Err(c.error(format!("custom op '{word}' is unknown (expected 'func.func')")));
        }
        let visibility = match c.peek_ident() {
            Some(v @ ("public" | "private" | "nested")) => {
                c.ident();
                Some(v.to_string())
            }
            _ => None,
        };
        let name = c.symbol()?;
        c.expect("(")?;
        let args = self.list(")", Self::func_arg)?;
        let mut results = Vec::new();
        if self.cursor().eat("->") {
            if self.cursor().eat("(") {
                results = self.list(")", Self::func_result)?;
            } else {
                let loc = self.cursor().location();
                results.push(FuncResult { ty: self.parse_type()?, attrs: Self::Dict::default(), loc });
            }
        }
        let attrs = if self.cursor().eat_keyword("attributes") { self.parse_dict()? } else { Self::Dict::default() };
        let body = if self.cursor().peek() == Some('{') {
            self.cursor().expect("{")?;
            let mut block = self.block_ops()?;
            block.args = (args.iter())
                .map(|a| BlockArg { name: a.name.clone(), ty: a.ty.clone(), loc: a.loc.clone() })
                .collect();
            self.cursor().expect("}")?;
            Some(block)
        } else {
            None
        };
        self.trailing_location()?;
        Ok(Func { name, visibility, args, results, attrs, body, loc })
    }

    /// `%name: type {attrs} loc(…)?`, or `type {attrs}` in a declaration.
    fn func_arg(&mut self) -> Result<FuncArg<Self::Type, Self::Dict>> {
        self.cursor().skip_ws();
        let loc = self.cursor().location();
        let name = if self.cursor().peek() == Some('%') {
            let name = self.cursor().value_name()?.to_string();
            self.cursor().expect(":")?;
            name
        } else {
            String::new()
        };
        let ty = self.parse_type()?;
        let attrs = self.optional_dict()?;
        self.trailing_location()?;
        Ok(FuncArg { name, ty, attrs, loc })
    }

    /// `type {attrs}`.
    fn func_result(&mut self) -> Result<FuncResult<Self::Type, Self::Dict>> {
        self.cursor().skip_ws();
        let loc = self.cursor().location();
        let ty = self.parse_type()?;
        Ok(FuncResult { ty, attrs: self.optional_dict()?, loc })
    }

    /// An attribute dictionary if one comes next, else an empty one.
    fn optional_dict(&mut self) -> Result<Self::Dict> {
        if self.cursor().peek() == Some('{') { self.parse_dict() } else { Ok(Self::Dict::default()) }
    }

    /// A comma-separated list up to `close` (the opening delimiter has been read).
    fn list<T>(&mut self, close: &str, mut item: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let mut items = Vec::new();
        if self.cursor().eat(close) {
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            if self.cursor().eat(close) {
                return Ok(items);
            }
            if !self.cursor().eat(",") {
                return Err(self.cursor().error(format!("expected ',' or '{close}'")));
            }
        }
    }

    /// `%name` or `%name#3`.
    fn value_ref(&mut self) -> Result<ValueRef> {
        let c = self.cursor();
        let name = c.value_name()?.to_string();
        let index = if c.looking_at("#") {
            c.bump(1);
            let start = c.pos();
            let i = c.integer()?;
            Some(u32::try_from(i).map_err(|_| c.error_at(start, "invalid SSA value result number"))?)
        } else {
            None
        };
        Ok(ValueRef { name, index })
    }

    /// `(%a: type, ...)`: the arguments of a region's block.
    fn block_args(&mut self) -> Result<Vec<BlockArg<Self::Type>>> {
        self.cursor().expect("(")?;
        self.list(")", |s| {
            s.cursor().skip_ws();
            let loc = s.cursor().location();
            let name = s.cursor().value_name()?.to_string();
            s.cursor().expect(":")?;
            let ty = s.parse_type()?;
            s.trailing_location()?;
            Ok(BlockArg { name, ty, loc })
        })
    }

    /// The ops of a block up to (not including) `}` or the next block label.
    fn block_ops(&mut self) -> Result<Block<Self::Type, Self::Op>> {
        let mut block = Block::default();
        loop {
            match self.cursor().peek() {
                Some('}') | Some('^') => return Ok(block),
                None => return Err(self.cursor().error("expected '}' to end the region")),
                _ => block.ops.push(self.operation()?),
            }
        }
    }

    /// `{ (^label(args):)? ops ... }`: a region of blocks.
    fn region(&mut self) -> Result<Vec<Block<Self::Type, Self::Op>>> {
        self.cursor().expect("{")?;
        let mut blocks = Vec::new();
        loop {
            if self.cursor().eat("}") {
                return Ok(blocks);
            }
            let mut label = None;
            let mut args = Vec::new();
            if self.cursor().eat("^") {
                let c = self.cursor();
                label = Some(c.ident().ok_or_else(|| c.error("expected block name"))?.to_string());
                if self.cursor().peek() == Some('(') {
                    args = self.block_args()?;
                }
                self.cursor().expect(":")?;
            }
            let mut block = self.block_ops()?;
            block.label = label;
            block.args = args;
            blocks.push(block);
        }
    }

    /// One op with its results and trailing location: `(%name(:N)?, … =)? name …
    /// loc(…)?`.
    fn operation(&mut self) -> Result<Operation<Self::Op>> {
        let c = self.cursor();
        c.skip_ws();
        let loc = c.location();
        let results = if c.peek() == Some('%') { result_groups(c)? } else { Vec::new() };
        c.skip_ws();
        let name_at = c.pos();
        let op = if c.peek() == Some('"') {
            let name = c.string()?;
            self.parse_op(OpName::Quoted(&name), &results)?
        } else {
            let name = match c.ident() {
                Some(name) => name,
                None => return Err(c.error("expected operation name")),
            };
            self.parse_op(OpName::Bare(name), &results)?
        };
        let defined = results.iter().map(|r| r.count as usize).sum::<usize>();
        if let Some(expected) = Self::result_count(&op)
            && expected != defined
        {
            let message = format!("operation defines {expected} results but was provided {defined} to bind");
            return Err(self.cursor().error_at(name_at, message));
        }
        let trailing_loc = self.trailing_location()?;
        Ok(Operation { results, op, loc, trailing_loc })
    }
}

/// What a module reader does with top-level ops other than `func.func`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TopLevelOps {
    /// An error: only functions are expected.
    Refused,
    /// Read (so they must parse) and left out.
    Skipped,
    /// Read into [`Module::ops`].
    Kept,
}

/// `%a, %b:2 =`: the result groups of an op.
fn result_groups(c: &mut Cursor<'_>) -> Result<Vec<ResultGroup>> {
    let mut groups = vec![result_group(c)?];
    while c.eat(",") {
        groups.push(result_group(c)?);
    }
    c.expect("=")?;
    Ok(groups)
}

/// `%name` or `%name:N`.
fn result_group(c: &mut Cursor<'_>) -> Result<ResultGroup> {
    let name = c.value_name()?.to_string();
    let count = if c.eat(":") {
        let at = c.pos();
        u32::try_from(c.integer()?)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| c.error_at(at, "expected a positive number of results"))?
    } else {
        1
    };
    Ok(ResultGroup { name, count })
}
