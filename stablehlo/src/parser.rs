//! StableHLO's layer on the MLIR text layer's reader ([`autoshard_mlir::Syntax`]):
//! the module, its aliases, functions, blocks, result groups and trailing locations
//! are read as every dialect's are; this file supplies StableHLO's hooks — tensor
//! types, attribute values kept as text, and ops in the generic form
//! (`"stablehlo.add"(%a, %b) <{…}> {…} : (…) -> …`) and in the pretty forms JAX and
//! Shardy print (`stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : …`).
//!
//! The pretty forms are read generically: after the op name come operands, `key =
//! value` pieces, attribute dictionaries, bare words and `<…>` or `[…]` groups, then a
//! `:` and the signature, and possibly a trailing named region (`reducer(…) {…}`).
//! What each piece means is the importer's business ([`super::import`]). A `mesh.*`
//! op (and the scalar `arith`/`tensor` ops around it) is kept whole as its text (its
//! first word), read by `autoshard-mesh`. [`crate::module`] turns what is read into
//! the importer's [`Module`].
//!
//! Invariant: every syntax error carries the location of the byte where reading
//! failed.

use super::ast::{Attr, Block, Dict, Generic, Module, Op, Type};
use super::cursor::{Cursor, is_ident_byte};
use autoshard_mlir::{Aliases, BlockArg, Location, OpName, Result, ResultGroup, Syntax, TopLevelOps, ValueRef};

/// Parses a whole module (or a Shardy test file: top-level functions and meshes,
/// `// -----` separators being comments).
pub fn parse(source: &str) -> std::result::Result<Module, super::cursor::SyntaxError> {
    super::module::resolve(read(source)?)
}

/// Reads a module as written: the generic structure with StableHLO's ops.
pub fn read(source: &str) -> Result<Generic> {
    Reader::new(source, Location::new("", 1, 1)).module()
}

/// A tensor type, `tensor<2x4xf32>`, read from `text` (a piece of a file at `pos`).
pub fn type_at(text: &str, pos: Location) -> Result<Type> {
    Reader::new(text, pos).parse_type()
}

/// StableHLO's reader: the cursor and the aliases defined so far.
pub(crate) struct Reader<'s> {
    c: Cursor<'s>,
    aliases: Aliases<Type, Attr>,
}

impl<'s> Syntax<'s> for Reader<'s> {
    type Type = Type;
    type Attr = Attr;
    type Dict = Dict;
    type Op = Op;

    fn cursor(&mut self) -> &mut autoshard_mlir::Cursor<'s> {
        self.c.raw()
    }

    fn aliases(&mut self) -> &mut Aliases<Type, Attr> {
        &mut self.aliases
    }

    /// A ranked tensor type or a type alias naming one.
    fn parse_type(&mut self) -> Result<Type> {
        self.c.skip_ws();
        let start = self.c.raw().pos();
        if self.c.peek() == Some(b'!') {
            self.c.bump();
            let name = self.c.ident();
            if name.is_empty() {
                return self.c.expected("a type alias name after '!'");
            }
            return match self.aliases.types.get(&name) {
                Some(ty) => Ok(ty.clone()),
                None => {
                    let message = format!("type alias '!{name}' is not defined (or not a ranked tensor type)");
                    Err(self.c.raw().error_at(start, message))
                }
            };
        }
        if !self.c.looking_at("tensor<") {
            let found = self.c.atom().map(|a| a.text).unwrap_or_default();
            let message =
                format!("expected a ranked tensor type like 'tensor<2x4xf32>', found '{found}' (not supported)");
            return Err(self.c.raw().error_at(start, message));
        }
        self.c.tensor_type()
    }

    /// An attribute alias's value: one atom (`loc(…)` with its parentheses).
    fn parse_attr(&mut self) -> Result<Attr> {
        let mut attr = self.c.atom()?;
        if self.c.peek() == Some(b'(') {
            attr.text.push_str(&self.c.group()?.text);
        }
        Ok(attr)
    }

    fn parse_dict(&mut self) -> Result<Dict> {
        self.c.expect("{")?;
        self.dictionary_body("}")
    }

    fn parse_op(&mut self, name: OpName<'_>, results: &[ResultGroup]) -> Result<Op> {
        let count = results.iter().map(|r| r.count as usize).sum();
        match name {
            OpName::Quoted(name) => self.generic(name, count),
            OpName::Bare(name) => self.pretty_op(name, count),
        }
    }

    fn result_count(_: &Op) -> Option<usize> {
        None
    }

    fn other_top_level_ops(&self) -> TopLevelOps {
        TopLevelOps::Kept
    }
}

impl<'s> Reader<'s> {
    /// A reader of `source`, a text (or a piece of one) starting at `origin`.
    pub(crate) fn new(source: &'s str, origin: Location) -> Self {
        Reader { c: Cursor::at(source, origin), aliases: Aliases::default() }
    }

    /// A function type, `(types) -> type | (types)`, as a generic `func.func`'s
    /// `function_type` writes it.
    pub(crate) fn function_type(&mut self) -> Result<(Vec<Type>, Vec<Type>)> {
        self.c.expect("(")?;
        let args = self.list(")", Self::parse_type)?;
        self.c.expect("->")?;
        Ok((args, self.result_types()?))
    }

    /// A list of dictionaries, `[{…}, {…}]` (a generic `func.func`'s `arg_attrs`).
    pub(crate) fn dict_list(&mut self) -> Result<Vec<Dict>> {
        self.c.expect("[")?;
        self.list("]", Self::parse_dict)
    }

    /// An op in its own syntax, after its name.
    fn pretty_op(&mut self, name: &str, count: usize) -> Result<Op> {
        let name = match name {
            "return" => "func.return",
            "call" => "func.call",
            name => name,
        };
        let mut op = Op { name: name.to_string(), ..Op::default() };
        if ["mesh.", "arith.", "tensor."].iter().any(|d| name.starts_with(d)) {
            self.op_text(&mut op);
            return Ok(op);
        }
        let read = match name {
            "sdy.mesh" => self.sdy_mesh(&mut op),
            "stablehlo.while" => self.while_pretty(&mut op),
            _ => self.pretty(&mut op, count),
        };
        // A construct the reader cannot follow is named in the error.
        read.map_err(|e| autoshard_mlir::SyntaxError { message: format!("{} (in op '{name}')", e.message), ..e })?;
        Ok(op)
    }

    /// The `mesh` dialect's ops and the scalar `arith` and `tensor` ops around them,
    /// whole, for the importer to read in their own forms; their operands in order
    /// (`mesh.shard %x to %s`: the value, then the sharding).
    fn op_text(&mut self, op: &mut Op) {
        let pos = self.c.pos();
        let rest = self.c.op_text(op.name != "mesh.mesh");
        op.operands = (rest.text.split('%').skip(1))
            .map(|t| t.split(|ch: char| !(ch.is_ascii_alphanumeric() || "_.$#".contains(ch))).next().unwrap_or(""))
            .map(value_ref)
            .collect();
        op.words.push(Attr { text: format!("{} {}", op.name, rest.text), pos });
    }

    /// `sdy.mesh @name = <…> {attrs}?`: its symbol and its mesh as words.
    fn sdy_mesh(&mut self, op: &mut Op) -> Result<()> {
        let pos = self.c.pos();
        let name = self.c.symbol()?;
        op.words.push(Attr { text: format!("@{name}"), pos });
        self.c.expect("=")?;
        op.words.push(self.c.atom()?);
        if self.c.peek_after_ws() == Some(b'{') {
            op.attrs = self.parse_dict()?;
        }
        Ok(())
    }

    /// `"name"(operands) [<{properties}>] [({regions})] [{attrs}] : (types) -> types`.
    fn generic(&mut self, name: &str, count: usize) -> Result<Op> {
        let mut op = Op { name: name.to_string(), generic: true, ..Op::default() };
        self.c.expect("(")?;
        op.operands = self.list(")", Self::value_ref)?;
        // MLIR's order is properties, then regions; the reverse is read too.
        self.regions(&mut op)?;
        if self.c.eat("<{") {
            op.properties = self.dictionary_body("}>")?;
        }
        self.regions(&mut op)?;
        if self.c.peek_after_ws() == Some(b'{') {
            op.attrs = self.parse_dict()?;
        }
        self.c.expect(":")?;
        self.signature(&mut op, count)?;
        Ok(op)
    }

    /// A generic op's region list, `({ … }, { … })`, if one comes next.
    fn regions(&mut self, op: &mut Op) -> Result<()> {
        if !self.c.looking_at_after_ws("({") {
            return Ok(());
        }
        self.c.expect("(")?;
        op.regions = self.list(")", |r| r.one_block(Vec::new()))?;
        Ok(())
    }

    /// `{ [^bb0(%a: t, …):] ops }`: a region of one block, whose arguments are `args`
    /// when the pretty form names them before it.
    fn one_block(&mut self, args: Vec<BlockArg<Type>>) -> Result<Block> {
        self.c.skip_ws();
        let at = self.c.raw().pos();
        let mut blocks = self.region()?;
        if blocks.len() > 1 {
            return Err(self.c.raw().error_at(at, "a StableHLO region has one block"));
        }
        let mut block = blocks.pop().unwrap_or_default();
        if block.args.is_empty() {
            block.args = args;
        }
        Ok(block)
    }

    /// The body of a dictionary whose `{` was consumed, up to `close`.
    fn dictionary_body(&mut self, close: &str) -> Result<Dict> {
        let mut out = Dict::default();
        while !self.c.eat(close) {
            let key = if self.c.peek_after_ws() == Some(b'"') { self.c.string()? } else { self.c.ident() };
            if key.is_empty() {
                return self.c.expected("an attribute name");
            }
            let value = if self.c.eat("=") {
                self.c.value_until_separator()?
            } else {
                Attr { text: "unit".into(), pos: self.c.pos() }
            };
            out.0.push((key, value));
            if !self.c.eat(",") && !self.c.looking_at_after_ws(close) {
                return self.c.expected(&format!("',' or '{close}'"));
            }
        }
        Ok(out)
    }

    /// The signature after `:`: `(types) -> type | (types)`, or a list of types.
    fn signature(&mut self, op: &mut Op, count: usize) -> Result<()> {
        if self.c.eat("(") {
            op.operand_types = self.list(")", Self::parse_type)?;
            self.c.expect("->")?;
            op.result_types = self.result_types()?;
            return Ok(());
        }
        let mut operands = vec![self.parse_type()?];
        while self.c.eat(",") {
            operands.push(self.parse_type()?);
        }
        // `t -> t` (chlo's unary form) or `t -> (t, u)` (`chlo.top_k`) names the
        // results; a list of one type per result of a multi-result op is theirs
        // (`optimization_barrier`); otherwise one type for all is the result's too, and
        // a list names operands, the last one standing for the rest and the result
        // (`select`'s `pred, value`).
        if self.c.eat("->") {
            op.result_types = self.result_types()?;
        } else if count == 0 {
            // An op without results (`sdy.sharding_group`, a `return`) types its operands.
            op.operand_types = operands;
        } else if count > 1 && operands.len() == count {
            op.result_types = operands;
        } else if let Some(last) = operands.pop() {
            op.result_types = vec![last; count.max(1)];
        }
        Ok(())
    }

    /// `type` or `(types)` after `->`.
    fn result_types(&mut self) -> Result<Vec<Type>> {
        if self.c.eat("(") { self.list(")", Self::parse_type) } else { Ok(vec![self.parse_type()?]) }
    }

    /// The pretty form after the op name.
    fn pretty(&mut self, op: &mut Op, count: usize) -> Result<()> {
        let terminator = matches!(op.name.as_str(), "func.return" | "stablehlo.return" | "sdy.return" | "mpmd.return");
        loop {
            self.c.skip_ws();
            match self.c.peek() {
                Some(b'%') => op.operands.push(self.value_ref()?),
                Some(b',') => self.c.bump(),
                Some(b':') => {
                    self.c.bump();
                    self.signature(op, count)?;
                    break;
                }
                Some(b'@') => {
                    let pos = self.c.pos();
                    let callee = self.c.symbol()?;
                    op.words.push(Attr { text: format!("@{callee}"), pos });
                }
                Some(b'(') if self.region_args_follow() => {
                    let args = self.block_args()?;
                    op.regions.push(self.one_block(args)?);
                }
                Some(b'(') => self.operand_group(op)?,
                Some(b'{') => op.attrs.0.append(&mut self.parse_dict()?.0),
                Some(b'[' | b'<') => op.words.push(self.c.group()?),
                Some(b) if b.is_ascii_alphabetic() || b == b'_' => {
                    if terminator && self.c.looking_at("loc(") {
                        break;
                    }
                    let pos = self.c.pos();
                    let word = self.c.atom()?;
                    if self.c.eat("=") {
                        let value = self.pretty_value()?;
                        op.attrs.0.push((word.text, value));
                    } else {
                        op.words.push(Attr { text: word.text, pos });
                    }
                }
                _ if terminator => break,
                _ => return self.c.expected("an operand, an attribute or ':' and the op's types"),
            }
        }
        self.trailing_region(op)
    }

    /// `stablehlo.while`'s pretty form after its name:
    /// `(%iterArg = %init, …) : t, … [attributes {…}] cond { … } do { … }`. Both regions
    /// take the carried values, named as the parentheses name them.
    fn while_pretty(&mut self, op: &mut Op) -> Result<()> {
        self.c.expect("(")?;
        let carried = self.list(")", |r| {
            r.c.skip_ws();
            let loc = r.c.pos();
            let name = r.c.value_name()?;
            r.c.expect("=")?;
            let init = r.value_ref()?;
            Ok((name, loc, init))
        })?;
        self.c.expect(":")?;
        let mut types = Vec::new();
        if !carried.is_empty() {
            types.push(self.parse_type()?);
            while self.c.eat(",") {
                types.push(self.parse_type()?);
            }
        }
        if types.len() != carried.len() {
            return self.c.expected(&format!("{} types, one per carried value", carried.len()));
        }
        if self.c.eat_keyword("attributes") {
            op.attrs = self.parse_dict()?;
        }
        let mut args = Vec::new();
        for ((name, loc, init), ty) in carried.into_iter().zip(&types) {
            op.operands.push(init);
            args.push(BlockArg { name, ty: ty.clone(), loc });
        }
        for keyword in ["cond", "do"] {
            if !self.c.eat_keyword(keyword) {
                return self.c.expected(&format!("'{keyword}' and its region"));
            }
            op.regions.push(self.one_block(args.clone())?);
        }
        op.result_types = types;
        Ok(())
    }

    /// True if a `(` opens region arguments (`(%arg0: tensor<…>`).
    fn region_args_follow(&mut self) -> bool {
        let c = &self.c;
        let mut i = 1;
        while c.peek_at(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        if c.peek_at(i) != Some(b'%') {
            return false;
        }
        i += 1;
        while c.peek_at(i).is_some_and(|b| is_ident_byte(b) || b == b'#' || b == b'-') {
            i += 1;
        }
        while c.peek_at(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        c.peek_at(i) == Some(b':')
    }

    /// `(%x init: %c)`, `(%a, %b)`, `(%x, k = 2)`: operands, words and attributes
    /// inside parentheses.
    fn operand_group(&mut self, op: &mut Op) -> Result<()> {
        self.c.expect("(")?;
        while !self.c.eat(")") {
            self.c.skip_ws();
            match self.c.peek() {
                Some(b'%') => op.operands.push(self.value_ref()?),
                Some(b',' | b':') => self.c.bump(),
                _ => {
                    let word = self.c.atom()?;
                    if self.c.eat("=") {
                        let value = self.pretty_value()?;
                        op.attrs.0.push((word.text, value));
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
    fn pretty_value(&mut self) -> Result<Attr> {
        let mut value = self.c.atom()?;
        loop {
            self.c.skip_ws();
            let joiner = if self.c.looking_at("->") {
                "->"
            } else if self.c.peek() == Some(b'x') && !self.c.peek_at(1).is_some_and(is_ident_byte) {
                "x"
            } else {
                return Ok(value);
            };
            self.c.expect(joiner)?;
            let next = self.c.atom()?;
            value.text = format!("{}{joiner}{}", value.text, next.text);
        }
    }

    /// A named region after the signature (`reducer(%a0: t, %b0: t) (%a1: t, %b1: t) {…}`).
    fn trailing_region(&mut self, op: &mut Op) -> Result<()> {
        self.c.skip_ws();
        let mut i = 0;
        while self.c.peek_at(i).is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') {
            i += 1;
        }
        if i == 0 || self.c.peek_at(i) != Some(b'(') || self.c.looking_at("loc(") {
            return Ok(());
        }
        let name = self.c.ident();
        // One `(lhs, rhs)` group per input; the block takes every lhs, then every rhs.
        let mut groups = vec![self.block_args()?];
        while self.c.peek_after_ws() == Some(b'(') {
            groups.push(self.block_args()?);
        }
        let (mut lhs, mut rhs) = (Vec::new(), Vec::new());
        for mut group in groups {
            let second = if group.len() > 1 { group.split_off(1) } else { Vec::new() };
            lhs.append(&mut group);
            rhs.extend(second);
        }
        lhs.append(&mut rhs);
        op.words.push(Attr { text: name, pos: self.c.pos() });
        op.regions.push(self.one_block(lhs)?);
        Ok(())
    }
}

/// `name` or `name#3` (a value's name without `%`) as a value reference.
fn value_ref(text: &str) -> ValueRef {
    match text.split_once('#').map(|(name, index)| (name, index.parse::<u32>())) {
        Some((name, Ok(index))) => ValueRef::result(name, index),
        _ => ValueRef::new(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Operation;

    fn only_op(text: &str) -> Operation {
        let source =
            format!("func.func @f(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {{\n{text}\nreturn %a : tensor<2x4xf32>\n}}");
        let module = parse(&source).unwrap_or_else(|e| panic!("{e}\n{source}"));
        module.funcs[0].body.as_ref().expect("a body").ops[0].clone()
    }

    fn names(values: &[ValueRef]) -> Vec<String> {
        values.iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn reads_the_pretty_dot_general() {
        let op = only_op(
            "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>",
        );
        assert_eq!(op.name, "stablehlo.dot_general");
        assert_eq!(names(&op.operands), ["%a", "%b"]);
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
        assert_eq!(names(&op.operands), ["%a", "%c"]);
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
    fn reads_sdy_ops_function_attributes_and_trailing_locations() {
        let source = r#"#loc1 = loc("train.py":3:8)
module @jit_f attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>} loc(#loc1)) -> (tensor<8x16xf32> {jax.result_info = "result"}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"data"}, {"model"}]> : tensor<8x16xf32> loc(#loc1)
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data"} (%arg1: tensor<4x16xf32>) {
      sdy.return %arg1 : tensor<4x16xf32>
    } : (tensor<8x16xf32>) -> tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  } loc(#loc1)
} loc(#loc1)
"#;
        let m = parse(source).unwrap();
        assert_eq!(m.name.as_deref(), Some("jit_f"));
        assert_eq!(m.locations["loc1"], "\"train.py\":3:8");
        assert_eq!(m.meshes[0].mesh.text, r#"<["data"=2, "model"=4]>"#);
        let f = &m.funcs[0];
        assert_eq!(f.args[0].attrs.0[0].1.text, r#"#sdy.sharding<@mesh, [{"data"}, {}]>"#);
        assert_eq!(f.results[0].attrs.0[0].1.text, "\"result\"");
        let body = &f.body.as_ref().unwrap().ops;
        assert_eq!(body[0].words[0].text, r#"<@mesh, [{"data"}, {"model"}]>"#);
        assert_eq!(body[0].trailing_loc.as_deref(), Some("#loc1"));
        let manual = &body[1];
        assert_eq!(manual.attr("manual_axes").map(|a| a.text.as_str()), Some(r#"{"data"}"#));
        assert_eq!((manual.regions.len(), manual.regions[0].args[0].ty.dims()), (1, vec![4, 16]));
        assert_eq!(body[2].name, "func.return");
    }

    #[test]
    fn reads_several_result_groups() {
        let op = only_op(
            "%q, %r:2 = stablehlo.optimization_barrier %a, %a, %a : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>",
        );
        assert_eq!(names(&op.result_values().collect::<Vec<_>>()), ["%q", "%r#0", "%r#1"]);
        assert_eq!(op.result_types.len(), 3);
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = parse("func.func @f(%a: tensor<?x4xf32>) {\n}").unwrap_err();
        assert_eq!(e.to_string(), "1:25: dynamic dimensions ('?') are not supported");
        let e = parse("func.func @f() {\n  %0 = stablehlo.add %a, %b\n}").unwrap_err();
        assert!(e.to_string().starts_with("3:1: expected an operand"), "{e}");
    }
}
