//! The syntax of each op: Shardy's custom assembly formats of the `mpmd` ops, the
//! `func` ops, and the generic reader that keeps any other op as text with its value
//! uses and regions.

use crate::attrs::{Attr, DictAttr, Reduction, UserOrigin};
use crate::ops::{
    AssignOp, BroadcastOp, CallOp, ForOp, FragmentCallOp, FragmentOp, GenericOp, NamedComputationOp, NamedTensorOp, Op,
    Piece, ReduceOp, ResultGroup, ReturnOp, TransferOp, UnassignOp, ValueRef,
};
use crate::parser::Parser;
use crate::types::{Type, TypeAliases, parse_sharding, parse_type};
use autoshard_mlir::{Cursor, collapse_ws, string_len};
use autoshard_mlir::{Result, Syntax};
use autoshard_model::TensorSharding;

impl Parser<'_> {
    /// The rest of the op named `name`.
    pub(crate) fn op_body(&mut self, name: &str, results: Option<&ResultGroup>) -> Result<Op> {
        Ok(match name {
            "mpmd.fragment" => Op::Fragment(self.fragment()?),
            "mpmd.fragment_call" => Op::FragmentCall(self.fragment_call()?),
            "mpmd.transfer" => {
                let (attrs, operand, operand_type, result_type) = self.unary_functional()?;
                Op::Transfer(TransferOp { operand, attrs, operand_type, result_type })
            }
            "mpmd.assign" | "mpmd.unassign" => {
                let (mut attrs, operand, operand_type, result_type) = self.unary_functional()?;
                let origin = match attrs.remove("origin") {
                    Some(Attr::String(s)) => Some(s),
                    Some(other) => {
                        attrs.set("origin", other);
                        None
                    }
                    None => None,
                };
                if name == "mpmd.assign" {
                    Op::Assign(AssignOp { operand, origin, attrs, operand_type, result_type })
                } else {
                    Op::Unassign(UnassignOp { operand, origin, attrs, operand_type, result_type })
                }
            }
            "mpmd.reduce" => Op::Reduce(self.reduce()?),
            "mpmd.for" => Op::For(self.for_op()?),
            "mpmd.call" => Op::Call(self.call()?),
            "func.call" | "call" => Op::FuncCall(self.call()?),
            "mpmd.named_computation" => Op::NamedComputation(self.named_computation()?),
            "mpmd.named_tensor" => {
                let operand = self.value_ref()?;
                self.c.expect_keyword("name")?;
                self.c.expect("=")?;
                let tensor_name = self.c.string()?;
                let attrs = self.optional_dict()?;
                self.c.expect(":")?;
                Op::NamedTensor(NamedTensorOp { operand, name: tensor_name, attrs, ty: self.parse_type()? })
            }
            "mpmd.broadcast" => {
                let attrs = self.optional_dict()?;
                let operand = self.value_ref()?;
                self.c.expect(":")?;
                Op::Broadcast(BroadcastOp { operand, attrs, ty: self.parse_type()? })
            }
            "mpmd.return" => Op::Return(self.return_op()?),
            "func.return" | "return" => Op::FuncReturn(self.return_op()?),
            _ if name.starts_with("mpmd.") || !name.contains('.') => {
                return Err(self.c.error(format!("custom op '{name}' is unknown")));
            }
            _ => Op::Generic(self.generic(name.to_string(), results)?),
        })
    }

    /// `: (types) -> type` or `: (types) -> (types)`, checked against `operands`.
    fn functional_type(&mut self, operands: usize) -> Result<(Vec<Type>, Vec<Type>)> {
        self.c.expect(":")?;
        let at = self.c.pos();
        self.c.expect("(")?;
        let inputs = self.list(")", Parser::parse_type)?;
        self.c.expect("->")?;
        let outputs = if self.c.eat("(") { self.list(")", Parser::parse_type)? } else { vec![self.parse_type()?] };
        if inputs.len() != operands {
            return Err(self.c.error_at(at, format!("{operands} operands present, but expected {}", inputs.len())));
        }
        Ok((inputs, outputs))
    }

    /// `attr-dict %x : (type) -> type`.
    fn unary_functional(&mut self) -> Result<(DictAttr, ValueRef, Type, Type)> {
        let attrs = self.optional_dict()?;
        let operand = self.value_ref()?;
        let (mut inputs, mut outputs) = self.functional_type(1)?;
        if outputs.len() != 1 {
            return Err(self.c.error(format!("expected 1 result type, got {}", outputs.len())));
        }
        match (inputs.pop(), outputs.pop()) {
            (Some(input), Some(output)) => Ok((attrs, operand, input, output)),
            _ => Err(self.c.error("expected one operand and one result type")),
        }
    }

    fn operand_list(&mut self) -> Result<Vec<ValueRef>> {
        self.c.expect("(")?;
        self.list(")", Parser::value_ref)
    }

    /// `mesh="m", origin=[...]`.
    fn mesh_and_origin(&mut self) -> Result<(String, Vec<UserOrigin>)> {
        self.c.expect_keyword("mesh")?;
        self.c.expect("=")?;
        let mesh = self.c.string()?;
        self.c.expect(",")?;
        self.c.expect_keyword("origin")?;
        self.c.expect("=")?;
        self.c.expect("[")?;
        let origins = self.c.list("]", UserOrigin::parse_short)?;
        Ok((mesh, origins))
    }

    fn fragment(&mut self) -> Result<FragmentOp> {
        self.c.expect("<")?;
        let (mesh_name, origins) = self.mesh_and_origin()?;
        let (mut stage, mut in_shardings, mut out_shardings) = (None, None, None);
        let mut pending_comma = self.c.eat(",");
        if pending_comma && self.c.eat_keyword("stage") {
            self.c.expect("=")?;
            stage = Some(self.c.integer()?);
            pending_comma = self.c.eat(",");
        }
        if pending_comma && self.c.eat_keyword("in_shardings") {
            self.c.expect("=")?;
            in_shardings = Some(self.shardings()?);
            pending_comma = self.c.eat(",");
        }
        if pending_comma && self.c.eat_keyword("out_shardings") {
            self.c.expect("=")?;
            out_shardings = Some(self.shardings()?);
            pending_comma = false;
        }
        if pending_comma {
            return Err(self.c.error("expected 'out_shardings'"));
        }
        self.c.expect(">")?;
        let RegionTail { operands, attrs, body, operand_types, result_types } = self.region_tail()?;
        Ok(FragmentOp {
            mesh_name,
            origins,
            stage,
            in_shardings,
            out_shardings,
            operands,
            attrs,
            body,
            operand_types,
            result_types,
        })
    }

    /// What a fragment and a named computation write after their `<...>`:
    /// `(%operands) {attrs}? (%args: types) { body } : (types) -> types`.
    fn region_tail(&mut self) -> Result<RegionTail> {
        let operands = self.operand_list()?;
        let attrs = self.optional_dict()?;
        let args = self.block_args()?;
        let body = self.single_block(args)?;
        let (operand_types, result_types) = self.functional_type(operands.len())?;
        Ok(RegionTail { operands, attrs, body, operand_types, result_types })
    }

    /// `[<@mesh, [...]>, ...]`.
    fn shardings(&mut self) -> Result<Vec<TensorSharding>> {
        self.c.expect("[")?;
        self.c.list("]", parse_sharding)
    }

    /// `{ ops }` as the single block with `args`.
    fn single_block(&mut self, args: Vec<crate::ops::BlockArg>) -> Result<crate::ops::Block> {
        self.c.expect("{")?;
        let mut block = self.block_ops()?;
        if self.c.peek() == Some('^') {
            return Err(self.c.error("expected a region with a single block"));
        }
        self.c.expect("}")?;
        block.args = args;
        Ok(block)
    }

    fn fragment_call(&mut self) -> Result<FragmentCallOp> {
        self.c.expect("<")?;
        let (mesh_name, origins) = self.mesh_and_origin()?;
        self.c.expect(">")?;
        let callee = self.c.symbol()?;
        let operands = self.operand_list()?;
        let attrs = self.optional_dict()?;
        let (operand_types, result_types) = self.functional_type(operands.len())?;
        Ok(FragmentCallOp { mesh_name, origins, callee, operands, attrs, operand_types, result_types })
    }

    fn reduce(&mut self) -> Result<ReduceOp> {
        self.c.expect("<")?;
        let kind = Reduction::parse(&mut self.c)?;
        self.c.expect(">")?;
        let attrs = self.optional_dict()?;
        let mut operands = Vec::new();
        while self.c.peek() == Some('%') {
            operands.push(self.value_ref()?);
            if !self.c.eat(",") {
                break;
            }
        }
        let (operand_types, mut result_types) = self.functional_type(operands.len())?;
        let result_type = match (result_types.pop(), result_types.is_empty()) {
            (Some(t), true) => t,
            _ => return Err(self.c.error("expected 1 result type")),
        };
        Ok(ReduceOp { kind, operands, attrs, operand_types, result_type })
    }

    fn for_op(&mut self) -> Result<ForOp> {
        let operands = self.operand_list()?;
        let dict_at = self.c.pos();
        let mut attrs = self.optional_dict()?;
        let iterations = match attrs.remove("iterations") {
            Some(Attr::Int(v, Some(ty))) if ty == "ui32" => u32::try_from(v).ok(),
            _ => None,
        }
        .ok_or_else(|| self.c.error_at(dict_at, "requires attribute 'iterations' of type ui32"))?;
        let unroll_factor = match attrs.remove("unroll_factor") {
            None => None,
            Some(Attr::Int(v, Some(ty))) if ty == "ui32" => {
                Some(u32::try_from(v).map_err(|_| self.c.error_at(dict_at, "unroll_factor must be a ui32"))?)
            }
            Some(_) => return Err(self.c.error_at(dict_at, "unroll_factor must be a ui32")),
        };
        let args = self.block_args()?;
        let body = self.single_block(args)?;
        self.c.expect(":")?;
        let mut result_types = vec![self.parse_type()?];
        while self.c.eat(",") {
            result_types.push(self.parse_type()?);
        }
        Ok(ForOp { operands, iterations, unroll_factor, attrs, body, result_types })
    }

    fn call(&mut self) -> Result<CallOp> {
        let callee = self.c.symbol()?;
        let operands = self.operand_list()?;
        let attrs = self.optional_dict()?;
        let (operand_types, result_types) = self.functional_type(operands.len())?;
        Ok(CallOp { callee, operands, attrs, operand_types, result_types })
    }

    fn named_computation(&mut self) -> Result<NamedComputationOp> {
        self.c.expect("<")?;
        let origin = UserOrigin::parse_short(&mut self.c)?;
        self.c.expect(">")?;
        let RegionTail { operands, attrs, body, operand_types, result_types } = self.region_tail()?;
        Ok(NamedComputationOp { origin, operands, attrs, body, operand_types, result_types })
    }

    /// `attr-dict %a, %b : t1, t2` (both lists may be empty).
    fn return_op(&mut self) -> Result<ReturnOp> {
        let attrs = self.optional_dict()?;
        let mut operands = Vec::new();
        while self.c.peek() == Some('%') {
            operands.push(self.value_ref()?);
            if !self.c.eat(",") {
                break;
            }
        }
        let mut types = Vec::new();
        if !operands.is_empty() {
            self.c.expect(":")?;
            types.push(self.parse_type()?);
            while self.c.eat(",") {
                types.push(self.parse_type()?);
            }
        }
        if types.len() != operands.len() {
            return Err(self.c.error(format!("{} operands present, but expected {}", operands.len(), types.len())));
        }
        Ok(ReturnOp { operands, attrs, types })
    }

    /// Any other op: its text up to the end of the op, with value uses, value
    /// definitions and regions picked out.
    pub(crate) fn generic(&mut self, name: String, results: Option<&ResultGroup>) -> Result<GenericOp> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut depth = 0usize;
        loop {
            let before = self.c.pos();
            let newline = self.c.skip_ws();
            if newline && depth == 0 && self.starts_new_op() {
                break;
            }
            if self.c.pos() > before && !text.ends_with(' ') {
                text.push(' ');
            }
            let rest = self.c.rest();
            let Some(ch) = rest.chars().next() else { break };
            match ch {
                '"' => {
                    let len = string_len(rest).ok_or_else(|| self.c.error("expected '\"' in string literal"))?;
                    text.push_str(&rest[..len]);
                    self.c.set_pos(self.c.pos() + len);
                }
                '%' => {
                    flush(&mut pieces, &mut text);
                    let value = self.value_ref()?;
                    let after = self.c.pos();
                    self.c.skip_ws();
                    let next = self.c.rest();
                    let is_def = value.index.is_none()
                        && ((next.starts_with('=') && !next.starts_with("=="))
                            || (depth > 0 && next.starts_with(':') && !next.starts_with("::")));
                    self.c.set_pos(after);
                    pieces.push(if is_def { Piece::Def(value.name) } else { Piece::Use(value) });
                }
                '{' if self.region_follows() => {
                    flush(&mut pieces, &mut text);
                    pieces.push(Piece::Region(self.region()?));
                }
                '}' if depth == 0 => break,
                '(' | '[' | '<' | '{' => {
                    depth += 1;
                    text.push(ch);
                    self.c.set_pos(self.c.pos() + 1);
                }
                ')' | ']' | '>' | '}' => {
                    depth = depth.saturating_sub(1);
                    text.push(ch);
                    self.c.set_pos(self.c.pos() + 1);
                }
                '-' if rest.starts_with("->") => {
                    text.push_str("->");
                    self.c.set_pos(self.c.pos() + 2);
                }
                _ => {
                    text.push(ch);
                    self.c.set_pos(self.c.pos() + ch.len_utf8());
                }
            }
        }
        let trimmed = text.trim_end().len();
        text.truncate(trimmed);
        flush(&mut pieces, &mut text);
        let count = results.map_or(0, |r| r.count as usize);
        let result_types = signature_types(&pieces, count, &self.aliases.types);
        Ok(GenericOp { name, pieces, result_types })
    }

    /// After a newline: does the next line start another op (or end the block)?
    fn starts_new_op(&mut self) -> bool {
        let rest = self.c.rest();
        match rest.chars().next() {
            None | Some('%' | '}' | '^' | '"') => true,
            Some(_) => {
                let len = autoshard_mlir::ident_len(rest);
                let word = &rest[..len];
                word.contains('.') || matches!(word, "return" | "call")
            }
        }
    }

    /// At `{`: does a region (rather than an attribute dictionary) start here?
    fn region_follows(&self) -> bool {
        let after = self.c.rest().get(1..).unwrap_or("");
        let line_rest = after.split('\n').next().unwrap_or("");
        let line_rest = line_rest.split("//").next().unwrap_or("").trim();
        line_rest.is_empty() || line_rest.starts_with('%') || line_rest.starts_with('^')
    }
}

fn flush(pieces: &mut Vec<Piece>, text: &mut String) {
    if !text.is_empty() {
        pieces.push(Piece::Text(collapse_ws(text)));
        text.clear();
    }
}

/// The result types of a generic op from its trailing `: type`, `: t1, t2` or
/// `: (inputs) -> outputs` signature, when they can be read.
fn signature_types(pieces: &[Piece], count: usize, aliases: &TypeAliases) -> Option<Vec<Type>> {
    if count == 0 {
        return Some(Vec::new());
    }
    let (text, colon) = pieces.iter().rev().find_map(|p| match p {
        Piece::Text(t) => last_top_level_colon(t).map(|i| (t.as_str(), i)),
        _ => None,
    })?;
    let mut c = Cursor::new(&text[colon + 1..]);
    if c.eat("(") {
        let mut depth = 1usize;
        while depth > 0 {
            let ch = c.rest().chars().next()?;
            depth = match ch {
                '(' => depth + 1,
                ')' => depth - 1,
                _ => depth,
            };
            c.set_pos(c.pos() + ch.len_utf8());
        }
        if !c.eat("->") {
            return None;
        }
        let outputs = if c.eat("(") {
            let mut types = Vec::new();
            while !c.eat(")") {
                types.push(parse_type(&mut c, aliases).ok()?);
                c.eat(",");
            }
            types
        } else {
            vec![parse_type(&mut c, aliases).ok()?]
        };
        return (outputs.len() == count).then_some(outputs);
    }
    let mut types = vec![parse_type(&mut c, aliases).ok()?];
    while c.eat(",") {
        match parse_type(&mut c, aliases) {
            Ok(t) => types.push(t),
            Err(_) => break,
        }
    }
    if types.len() == 1 {
        return types.pop().map(|t| vec![t; count]);
    }
    (types.len() == count).then_some(types)
}

/// The offset of the last `:` outside brackets and strings in `text`.
fn last_top_level_colon(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut found, mut i) = (0usize, None, 0);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => i += string_len(&text[i..]).unwrap_or(1) - 1,
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'(' | b'[' | b'<' | b'{' => depth += 1,
            b')' | b']' | b'>' | b'}' => depth = depth.saturating_sub(1),
            b':' if depth == 0 && bytes.get(i + 1) != Some(&b':') => found = Some(i),
            _ => {}
        }
        i += 1;
    }
    found
}

/// The operands, attributes, body and signature of a region op.
struct RegionTail {
    operands: Vec<ValueRef>,
    attrs: DictAttr,
    body: crate::ops::Block,
    operand_types: Vec<Type>,
    result_types: Vec<Type>,
}

#[cfg(test)]
mod tests {
    use crate::ops::{Op, Piece};
    use crate::parser::parse_module;

    #[test]
    fn generic_ops_keep_uses_defs_and_regions() {
        let src = "func.func @f(%c: tensor<i32>) -> tensor<i32> {\n  %0:2 = stablehlo.while(%i = %c, %j = %c) : tensor<i32>, tensor<i32>\n   cond {\n    %1 = stablehlo.compare  LT, %i, %j,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %1 : tensor<i1>\n  } do {\n    stablehlo.return %i, %j : tensor<i32>, tensor<i32>\n  }\n  return %0#1 : tensor<i32>\n}";
        let module = parse_module("t", src).unwrap();
        let ops = &module.funcs[0].body.as_ref().unwrap().ops;
        assert_eq!(ops.len(), 2);
        let Op::Generic(w) = &ops[0].op else { panic!("not generic") };
        assert_eq!(w.pieces.iter().filter(|p| matches!(p, Piece::Region(_))).count(), 2);
        assert_eq!(w.pieces.iter().filter(|p| matches!(p, Piece::Def(_))).count(), 2);
        assert_eq!(w.result_types.as_ref().map(Vec::len), Some(2));
    }
}
