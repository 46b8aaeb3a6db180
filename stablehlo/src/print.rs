//! StableHLO's ops ([`Op`]) in the MLIR text layer's one printer
//! ([`autoshard_mlir::PrintOp`], which owns the layout: `module {`, two spaces per
//! nesting level, functions, each op's results before its text).
//!
//! This file owns the text of one op: MLIR's generic form, `"name"(%a, %b)
//! <{properties}> ({regions}) {attributes} : (operand types) -> result types`, which
//! every StableHLO parser reads, and the pretty forms of the ops the exporter writes
//! in their own syntax, keyed by name: Shardy's `sdy.mesh`,
//! `sdy.sharding_constraint`, `sdy.propagation_barrier`, `sdy.sharding_group`,
//! `sdy.manual_computation` and `sdy.return`; `func.call` and `return`
//! (`func.return`); the `mesh` dialect's `mesh.mesh`, `mesh.sharding` and
//! `mesh.shard`. An op marked generic, an op without a pretty form here, and one
//! whose pieces do not fit its pretty form are printed generic.
//!
//! Where the pretty forms keep their pieces: a symbol (`@mesh`, a callee) or a
//! sharding (`<@mesh, [{"x"}]>`) in [`Op::words`], then a mesh (`sdy.mesh @m =
//! <…>`); `key=value` and `key = value` pieces (`group_id=0`, `in_shardings=[…]`,
//! `split_axes = [[0]]`, `shape = 2x4`) in [`Op::attrs`], in order; the type after
//! `:` in [`Op::result_types`], or in [`Op::operand_types`] for an op without
//! results (`sdy.sharding_group`, the returns).

use crate::ast::{Op, Type};
use autoshard_mlir::{Block, PrintOp, indent, write_attrs, write_block_ops, write_comma_separated as write_list};
use std::fmt::{self, Write};

impl PrintOp for Op {
    const PARENTHESIZED_RESULTS: bool = true;

    fn write<W: Write>(&self, f: &mut W, level: usize) -> fmt::Result {
        match self.name.as_str() {
            _ if self.generic => generic(f, self, level),
            "sdy.mesh" => sdy_mesh(f, self, level),
            "sdy.sharding_constraint" | "sdy.propagation_barrier" | "sdy.sharding_group" => sdy_unary(f, self, level),
            "sdy.manual_computation" => manual_computation(f, self, level),
            "sdy.return" | "func.return" | "return" => terminator(f, self, level),
            "func.call" => call(f, self, level),
            "mesh.mesh" => mesh(f, self, level),
            "mesh.sharding" => mesh_sharding(f, self, level),
            "mesh.shard" => mesh_shard(f, self, level),
            _ => generic(f, self, level),
        }
    }
}

/// `"name"(%a, %b) <{properties}> ({regions}) {attributes} : (types) -> types`.
fn generic(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    autoshard_mlir::write_string(f, &op.name)?;
    f.write_str("(")?;
    write_list(f, &op.operands)?;
    f.write_str(")")?;
    if !op.properties.0.is_empty() {
        write!(f, " <{}>", op.properties)?;
    }
    if !op.regions.is_empty() {
        f.write_str(" (")?;
        for (i, region) in op.regions.iter().enumerate() {
            f.write_str(if i > 0 { ", " } else { "" })?;
            write_region(f, region, level)?;
        }
        f.write_str(")")?;
    }
    write_attrs(f, &op.attrs)?;
    f.write_str(" : ")?;
    write_function_type(f, &op.operand_types, &op.result_types)
}

/// `{`, the block's label and arguments (when it has either) at `level`, its ops
/// one level in, `}` at `level`.
fn write_region(f: &mut impl Write, block: &Block<Type, Op>, level: usize) -> fmt::Result {
    f.write_str("{\n")?;
    if block.label.is_some() || !block.args.is_empty() {
        indent(f, level)?;
        write!(f, "^{}", block.label.as_deref().unwrap_or("bb0"))?;
        write_block_args(f, block)?;
        f.write_str(":\n")?;
    }
    write_block_ops(f, block, level + 1)?;
    indent(f, level)?;
    f.write_str("}")
}

/// `(%a: type, %b: type)`.
fn write_block_args(f: &mut impl Write, block: &Block<Type, Op>) -> fmt::Result {
    f.write_str("(")?;
    for (i, arg) in block.args.iter().enumerate() {
        write!(f, "{}%{}: {}", if i > 0 { ", " } else { "" }, arg.name, arg.ty)?;
    }
    f.write_str(")")
}

/// `(t1, t2) -> t3`, or `(t1) -> (t2, t3)` and `() -> ()` unless there is one result.
fn write_function_type(f: &mut impl Write, inputs: &[Type], outputs: &[Type]) -> fmt::Result {
    f.write_str("(")?;
    write_list(f, inputs)?;
    match outputs {
        [one] => write!(f, ") -> {one}"),
        _ => {
            f.write_str(") -> (")?;
            write_list(f, outputs)?;
            f.write_str(")")
        }
    }
}

/// ` key=value` for each attribute, as Shardy's custom forms write them.
fn write_pieces(f: &mut impl Write, op: &Op) -> fmt::Result {
    op.attrs.iter().try_for_each(|(key, value)| write!(f, " {key}={value}"))
}

/// The type after `:` in a pretty form: the result's, else the operand's.
fn stated_type(op: &Op) -> Option<&Type> {
    op.result_types.first().or(op.operand_types.first())
}

/// `sdy.mesh @name = <["x"=2]>`.
fn sdy_mesh(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let [symbol, mesh] = op.words.as_slice() else { return generic(f, op, level) };
    write!(f, "sdy.mesh {symbol} = {mesh}")
}

/// `sdy.NAME %x <sharding>? key=value… : type`.
fn sdy_unary(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let ([x], Some(ty)) = (op.operands.as_slice(), stated_type(op)) else { return generic(f, op, level) };
    write!(f, "{} {x}", op.name)?;
    op.words.iter().try_for_each(|w| write!(f, " {w}"))?;
    write_pieces(f, op)?;
    write!(f, " : {ty}")
}

/// `sdy.manual_computation(%a) in_shardings=[…] out_shardings=[…] manual_axes={…}
/// (%arg: local type) { body } : (types) -> types`.
fn manual_computation(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let [body] = op.regions.as_slice() else { return generic(f, op, level) };
    f.write_str("sdy.manual_computation(")?;
    write_list(f, &op.operands)?;
    f.write_str(")")?;
    write_pieces(f, op)?;
    f.write_str(" ")?;
    write_block_args(f, body)?;
    f.write_str(" {\n")?;
    write_block_ops(f, body, level + 1)?;
    indent(f, level)?;
    f.write_str("} : ")?;
    write_function_type(f, &op.operand_types, &op.result_types)
}

/// `return %a, %b : t1, t2` (`func.return` as a function body writes it) or
/// `sdy.return …`; the name alone without operands.
fn terminator(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    if op.operands.len() != op.operand_types.len() {
        return generic(f, op, level);
    }
    f.write_str(op.name.strip_prefix("func.").unwrap_or(&op.name))?;
    if op.operands.is_empty() {
        return Ok(());
    }
    f.write_str(" ")?;
    write_list(f, &op.operands)?;
    f.write_str(" : ")?;
    write_list(f, &op.operand_types)
}

/// `func.call @callee(%a, %b) : (t1, t2) -> t3`.
fn call(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let [callee] = op.words.as_slice() else { return generic(f, op, level) };
    write!(f, "func.call {callee}(")?;
    write_list(f, &op.operands)?;
    f.write_str(") : ")?;
    write_function_type(f, &op.operand_types, &op.result_types)
}

/// `mesh.mesh @name(shape = 2x4)`: its one attribute, the shape.
fn mesh(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let ([symbol], Some(shape), 1) = (op.words.as_slice(), op.attr("shape"), op.properties.0.len() + op.attrs.0.len())
    else {
        return generic(f, op, level);
    };
    write!(f, "mesh.mesh {symbol}(shape = {shape})")
}

/// `mesh.sharding @mesh split_axes = [[0], []] partial = sum [1] : !mesh.sharding`.
fn mesh_sharding(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let [symbol] = op.words.as_slice() else { return generic(f, op, level) };
    write!(f, "mesh.sharding {symbol}")?;
    op.attrs.iter().try_for_each(|(key, value)| write!(f, " {key} = {value}"))?;
    f.write_str(" : !mesh.sharding")
}

/// `mesh.shard %value to %sharding : type`.
fn mesh_shard(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    let ([value, sharding], Some(ty)) = (op.operands.as_slice(), stated_type(op)) else { return generic(f, op, level) };
    write!(f, "mesh.shard {value} to {sharding}")?;
    op.words.iter().try_for_each(|w| write!(f, " {w}"))?;
    write!(f, " : {ty}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Attr, Dict, FuncBody};
    use autoshard_mlir::{BlockArg, Func, FuncArg, FuncResult, Operation, ResultGroup, ValueRef};

    fn ty(text: &str) -> Type {
        text.parse().unwrap()
    }

    fn dict(entries: &[(&str, &str)]) -> Dict {
        Dict(entries.iter().map(|(k, v)| (k.to_string(), Attr::new(*v))).collect())
    }

    fn refs(names: &[&str]) -> Vec<ValueRef> {
        names.iter().map(|n| ValueRef::new(*n)).collect()
    }

    fn op(name: &str, operands: &[&str], operand_types: &[&str], result_types: &[&str]) -> Op {
        Op {
            name: name.into(),
            operands: refs(operands),
            operand_types: operand_types.iter().map(|t| ty(t)).collect(),
            result_types: result_types.iter().map(|t| ty(t)).collect(),
            ..Op::default()
        }
    }

    fn define(name: &str, op: Op) -> Operation<Op> {
        Operation::new(vec![ResultGroup { name: name.into(), count: 1 }], op)
    }

    fn block(label: Option<&str>, args: &[(&str, &str)], ops: Vec<Operation<Op>>) -> Block<Type, Op> {
        let args = args.iter().map(|(n, t)| BlockArg::new(*n, ty(t))).collect();
        Block { label: label.map(Into::into), args, ops }
    }

    #[test]
    fn the_generic_form_lays_out_properties_regions_and_attributes_as_mlir_does() {
        let f32 = "tensor<f32>";
        let add = op("stablehlo.add", &["a", "b"], &[f32, f32], &[f32]);
        let ret = op("stablehlo.return", &["s"], &[f32], &[]);
        let body = block(Some("bb0"), &[("a", f32), ("b", f32)], vec![define("s", Op { generic: true, ..add })]);
        let body = Block {
            ops: [body.ops, vec![Operation::new(vec![], Op { generic: true, ..ret.clone() })]].concat(),
            ..body
        };
        let branch = block(None, &[], vec![Operation::new(vec![], Op { generic: true, ..ret })]);
        let reduce = Op {
            generic: true,
            properties: dict(&[("dimensions", "array<i64: 0>")]),
            attrs: dict(&[("mhlo.frontend_attributes", "{}"), ("unit_attr", "unit")]),
            regions: vec![body, branch],
            ..op("stablehlo.reduce", &["x", "init"], &["tensor<4xf32>", f32], &[f32, f32])
        };
        let printed = define("r", reduce).to_string();
        let expected = r#"%r = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0>}> ({
^bb0(%a: tensor<f32>, %b: tensor<f32>):
  %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "stablehlo.return"(%s) : (tensor<f32>) -> ()
}, {
  "stablehlo.return"(%s) : (tensor<f32>) -> ()
}) {mhlo.frontend_attributes = {}, unit_attr} : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
"#;
        assert_eq!(printed, expected);
    }

    #[test]
    fn the_exporters_ops_print_in_their_own_syntax_and_read_back() {
        let t = "tensor<4xf32>";
        let sharding = Attr::new(r#"<@mesh, [{"x"}]>"#);
        let constraint = Op { words: vec![sharding], ..op("sdy.sharding_constraint", &["a"], &[], &[t]) };
        let group = Op { attrs: dict(&[("group_id", "0")]), ..op("sdy.sharding_group", &["c"], &[t], &[]) };
        let barrier =
            Op { attrs: dict(&[("allowed_direction", "BOTH")]), ..op("sdy.propagation_barrier", &["c"], &[], &[t]) };
        let call = Op { words: vec![Attr::new("@g")], ..op("func.call", &["p"], &[t], &[t]) };
        let inner = block(None, &[("l", t)], vec![Operation::new(vec![], op("sdy.return", &["l"], &[t], &[]))]);
        let manual = Op {
            attrs: dict(&[
                ("in_shardings", r#"[<@mesh, [{"x"}]>]"#),
                ("out_shardings", r#"[<@mesh, [{"x"}]>]"#),
                ("manual_axes", r#"{"x"}"#),
            ]),
            regions: vec![inner],
            ..op("sdy.manual_computation", &["k"], &[t], &[t])
        };
        let ops = vec![
            define("c", constraint),
            Operation::new(vec![], group),
            define("p", barrier),
            define("k", call),
            define("m", manual),
            Operation::new(vec![], op("func.return", &["m"], &[t], &[])),
        ];
        let func = Func {
            name: "main".into(),
            visibility: Some("public".into()),
            args: vec![FuncArg::new("a", ty(t), Dict::default())],
            results: vec![FuncResult::new(ty(t), Dict::default())],
            attrs: Dict::default(),
            body: Some(block(None, &[], ops)),
            loc: Default::default(),
        };
        let module = autoshard_mlir::Module::<Type, Attr, Dict, Op> {
            ops: vec![Operation::new(
                vec![],
                Op { words: vec![Attr::new("@mesh"), Attr::new(r#"<["x"=2]>"#)], ..op("sdy.mesh", &[], &[], &[]) },
            )],
            funcs: vec![func],
            ..Default::default()
        };
        let printed = module.to_string();
        let expected = r#"module {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%a: tensor<4xf32>) -> (tensor<4xf32>) {
    %c = sdy.sharding_constraint %a <@mesh, [{"x"}]> : tensor<4xf32>
    sdy.sharding_group %c group_id=0 : tensor<4xf32>
    %p = sdy.propagation_barrier %c allowed_direction=BOTH : tensor<4xf32>
    %k = func.call @g(%p) : (tensor<4xf32>) -> tensor<4xf32>
    %m = sdy.manual_computation(%k) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<4xf32>) {
      sdy.return %l : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %m : tensor<4xf32>
  }
}
"#;
        assert_eq!(printed, expected);
        let read = crate::parser::parse(&printed).unwrap_or_else(|e| panic!("{e:?}"));
        let names: Vec<&str> = read.funcs[0].ops().iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names.len(), 6, "{names:?}");
    }

    #[test]
    fn the_mesh_dialects_ops_print_in_their_own_syntax() {
        let mesh =
            Op { words: vec![Attr::new("@mesh")], attrs: dict(&[("shape", "2x4")]), ..op("mesh.mesh", &[], &[], &[]) };
        assert_eq!(Operation::new(vec![], mesh).to_string(), "mesh.mesh @mesh(shape = 2x4)\n");
        let attrs = dict(&[("split_axes", "[[0], []]"), ("partial", "sum [1]")]);
        let sharding = Op { words: vec![Attr::new("@mesh")], attrs, ..op("mesh.sharding", &[], &[], &[]) };
        let expected = "%s = mesh.sharding @mesh split_axes = [[0], []] partial = sum [1] : !mesh.sharding\n";
        assert_eq!(define("s", sharding).to_string(), expected);
        let shard = op("mesh.shard", &["x", "s"], &[], &["tensor<4x2xf32>"]);
        assert_eq!(define("y", shard).to_string(), "%y = mesh.shard %x to %s : tensor<4x2xf32>\n");
    }

    #[test]
    fn an_op_whose_pieces_do_not_fit_its_pretty_form_prints_generic() {
        // A mesh without its mesh, a call without a callee, an op asked to be generic.
        let mesh = Op { words: vec![Attr::new("@mesh")], ..op("sdy.mesh", &[], &[], &[]) };
        assert_eq!(Operation::new(vec![], mesh).to_string(), "\"sdy.mesh\"() : () -> ()\n");
        let call = op("func.call", &["a"], &["tensor<f32>"], &["tensor<f32>"]);
        assert_eq!(define("r", call).to_string(), "%r = \"func.call\"(%a) : (tensor<f32>) -> tensor<f32>\n");
        let ret = Op { generic: true, ..op("func.return", &[], &[], &[]) };
        assert_eq!(Operation::new(vec![], ret).to_string(), "\"func.return\"() : () -> ()\n");
    }

    /// Every module the exporter wrote for the facade's golden files reads back into
    /// the structure it was printed from: printed again, it is the same text.
    #[test]
    fn exported_modules_read_and_print_back_byte_for_byte() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../autoshard/tests/data/export");
        let mut files = Vec::new();
        for sub in [dir.clone(), dir.join("configs")] {
            for entry in std::fs::read_dir(&sub).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "expected") {
                    files.push(path);
                }
            }
        }
        files.sort();
        assert!(files.len() >= 20, "{files:?}");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let module = crate::parser::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let printed = module.to_string();
            if let Some((i, (a, b))) = text.lines().zip(printed.lines()).enumerate().find(|(_, (a, b))| a != b) {
                panic!("{}:{}: read and printed back differs:\n  {a}\n  {b}", path.display(), i + 1);
            }
            assert_eq!(printed, text, "{}", path.display());
        }
    }
}
