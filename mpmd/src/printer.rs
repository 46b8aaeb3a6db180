//! The `mpmd` ops in the MLIR text layer's one printer (`autoshard_mlir::PrintOp`,
//! which owns MLIR's layout: `module {`, two spaces per nesting level, functions and
//! results): Shardy's custom forms of the `mpmd` ops. Aliases are printed as definitions, uses
//! expanded, so the output reads back to an equal module.

use crate::attrs::DictAttr;
use crate::ops::{Block, GenericOp, Op, Piece, ValueRef};
use crate::types::Type;
use autoshard_mlir::{Dict, PrintOp, indent, write_attrs, write_block_ops};
use autoshard_mlir::{write_comma_separated as write_list, write_string, write_symbol};
use autoshard_model::TensorSharding;
use std::fmt::{self, Write};

impl Dict for DictAttr {
    fn is_empty(&self) -> bool {
        DictAttr::is_empty(self)
    }
}

/// The `mpmd` dialect's ops as the MLIR text layer's printer writes them: the name,
/// then Shardy's custom form.
impl PrintOp for Op {
    fn write<W: Write>(&self, f: &mut W, level: usize) -> fmt::Result {
        write_op(f, self, level)
    }
}

fn write_op(f: &mut impl Write, op: &Op, level: usize) -> fmt::Result {
    f.write_str(op.name_as_printed())?;
    match op {
        Op::Fragment(o) => {
            f.write_str("<")?;
            write_mesh_and_origin(f, &o.mesh_name, &o.origins)?;
            if let Some(stage) = o.stage {
                write!(f, ", stage={stage}")?;
            }
            write_shardings(f, "in_shardings", o.in_shardings.as_deref())?;
            write_shardings(f, "out_shardings", o.out_shardings.as_deref())?;
            f.write_str("> ")?;
            write_region_op(f, &o.operands, &o.attrs, &o.body, level)?;
            write_functional(f, &o.operand_types, &o.result_types)?;
        }
        Op::FragmentCall(o) => {
            f.write_str("<")?;
            write_mesh_and_origin(f, &o.mesh_name, &o.origins)?;
            f.write_str("> ")?;
            write_symbol(f, &o.callee)?;
            write_operands(f, &o.operands)?;
            write_attrs(f, &o.attrs)?;
            write_functional(f, &o.operand_types, &o.result_types)?;
        }
        Op::Transfer(o) => {
            write_attrs(f, &o.attrs)?;
            write!(f, " {}", o.operand)?;
            write_functional(f, std::slice::from_ref(&o.operand_type), std::slice::from_ref(&o.result_type))?;
        }
        Op::Assign(o) => {
            write_assignment(f, &o.attrs, o.origin.as_deref(), &o.operand, &o.operand_type, &o.result_type)?
        }
        Op::Unassign(o) => {
            write_assignment(f, &o.attrs, o.origin.as_deref(), &o.operand, &o.operand_type, &o.result_type)?
        }
        Op::Reduce(o) => {
            write!(f, "<{}>", o.kind)?;
            write_attrs(f, &o.attrs)?;
            f.write_str(" ")?;
            write_list(f, &o.operands)?;
            write_functional(f, &o.operand_types, std::slice::from_ref(&o.result_type))?;
        }
        Op::For(o) => {
            f.write_str(" ")?;
            write_operands(f, &o.operands)?;
            let mut attrs = o.attrs.clone();
            attrs.set("iterations", crate::attrs::Attr::Int(i64::from(o.iterations), Some("ui32".into())));
            if let Some(u) = o.unroll_factor {
                attrs.set("unroll_factor", crate::attrs::Attr::Int(i64::from(u), Some("ui32".into())));
            }
            write_attrs(f, &attrs)?;
            f.write_str(" ")?;
            write_block_args(f, &o.body)?;
            write_body(f, &o.body, level)?;
            f.write_str(" : ")?;
            write_list(f, &o.result_types)?;
        }
        Op::Call(o) | Op::FuncCall(o) => {
            f.write_str(" ")?;
            write_symbol(f, &o.callee)?;
            write_operands(f, &o.operands)?;
            write_attrs(f, &o.attrs)?;
            write_functional(f, &o.operand_types, &o.result_types)?;
        }
        Op::NamedComputation(o) => {
            write!(f, "<{}> ", o.origin.short())?;
            write_region_op(f, &o.operands, &o.attrs, &o.body, level)?;
            write_functional(f, &o.operand_types, &o.result_types)?;
        }
        Op::NamedTensor(o) => {
            write!(f, " {} name=", o.operand)?;
            write_string(f, &o.name)?;
            write_attrs(f, &o.attrs)?;
            write!(f, " : {}", o.ty)?;
        }
        Op::Broadcast(o) => {
            write_attrs(f, &o.attrs)?;
            write!(f, " {} : {}", o.operand, o.ty)?;
        }
        Op::Return(o) | Op::FuncReturn(o) => {
            write_attrs(f, &o.attrs)?;
            if !o.operands.is_empty() {
                f.write_str(" ")?;
                write_list(f, &o.operands)?;
                f.write_str(" : ")?;
                write_list(f, &o.types)?;
            }
        }
        Op::Generic(g) => write_generic(f, g, level)?,
    }
    Ok(())
}

impl Op {
    /// The name as MLIR prints it inside a function (`return`, `call` for the `func`
    /// dialect's ops).
    fn name_as_printed(&self) -> &str {
        match self {
            Op::FuncReturn(_) => "return",
            Op::FuncCall(_) => "call",
            other => other.name(),
        }
    }
}

fn write_mesh_and_origin(f: &mut impl Write, mesh: &str, origins: &[crate::attrs::UserOrigin]) -> fmt::Result {
    f.write_str("mesh=")?;
    write_string(f, mesh)?;
    f.write_str(", origin=[")?;
    write_list(f, origins.iter().map(|o| o.short()))?;
    f.write_str("]")
}

fn write_shardings(f: &mut impl Write, name: &str, shardings: Option<&[TensorSharding]>) -> fmt::Result {
    let Some(shardings) = shardings else { return Ok(()) };
    write!(f, ", {name}=[")?;
    write_list(f, shardings.iter().map(TensorSharding::stripped))?;
    f.write_str("]")
}

fn write_operands(f: &mut impl Write, operands: &[ValueRef]) -> fmt::Result {
    f.write_str("(")?;
    write_list(f, operands)?;
    f.write_str(")")
}

/// `(%ops) {attrs} (%args: types) { body }`.
fn write_region_op(
    f: &mut impl Write,
    operands: &[ValueRef],
    attrs: &DictAttr,
    body: &Block,
    level: usize,
) -> fmt::Result {
    write_operands(f, operands)?;
    write_attrs(f, attrs)?;
    f.write_str(" ")?;
    write_block_args(f, body)?;
    write_body(f, body, level)
}

fn write_block_args(f: &mut impl Write, body: &Block) -> fmt::Result {
    f.write_str("(")?;
    write_list(f, body.args.iter().map(|a| format!("%{}: {}", a.name, a.ty)))?;
    f.write_str(")")
}

/// ` {\n ops }` at `level`.
fn write_body(f: &mut impl Write, body: &Block, level: usize) -> fmt::Result {
    f.write_str(" {\n")?;
    write_block_ops(f, body, level + 1)?;
    indent(f, level)?;
    f.write_str("}")
}

fn write_functional(f: &mut impl Write, inputs: &[Type], outputs: &[Type]) -> fmt::Result {
    f.write_str(" : (")?;
    write_list(f, inputs)?;
    f.write_str(") -> ")?;
    match outputs {
        [one] if !matches!(one, Type::Other(t) if t.starts_with('(')) => write!(f, "{one}"),
        _ => {
            f.write_str("(")?;
            write_list(f, outputs)?;
            f.write_str(")")
        }
    }
}

fn write_assignment(
    f: &mut impl Write,
    attrs: &DictAttr,
    origin: Option<&str>,
    operand: &ValueRef,
    input: &Type,
    output: &Type,
) -> fmt::Result {
    let mut attrs = attrs.clone();
    if let Some(origin) = origin {
        attrs.set("origin", crate::attrs::Attr::String(origin.to_string()));
    }
    write_attrs(f, &attrs)?;
    write!(f, " {operand}")?;
    write_functional(f, std::slice::from_ref(input), std::slice::from_ref(output))
}

fn write_generic(f: &mut impl Write, op: &GenericOp, level: usize) -> fmt::Result {
    for piece in &op.pieces {
        match piece {
            Piece::Text(t) => f.write_str(t)?,
            Piece::Use(v) => write!(f, "{v}")?,
            Piece::Def(name) => write!(f, "%{name}")?,
            Piece::Region(blocks) => {
                f.write_str("{\n")?;
                for block in blocks {
                    if let Some(label) = &block.label {
                        indent(f, level)?;
                        write!(f, "^{label}")?;
                        if !block.args.is_empty() {
                            write_block_args(f, block)?;
                        }
                        f.write_str(":\n")?;
                    }
                    write_block_ops(f, block, level + 1)?;
                }
                indent(f, level)?;
                f.write_str("}")?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::parser::parse_module;

    #[test]
    fn prints_shardys_forms() {
        let src = r#"func.func @main(%arg0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>> attributes {
    "topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"(1), "g"], stage=3> (%arg0) (%arg1: tensor<4x8xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  func.return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}"#;
        let module = parse_module("t", src).unwrap();
        let printed = module.to_string();
        let expected = r#"module {
  func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
    %0 = mpmd.fragment<mesh="m1", origin=["f"(1), "g"], stage=3> (%arg0) (%arg1: tensor<4x8xf32>) {
      %1 = stablehlo.add %arg1, %arg1 : tensor<4x8xf32>
      mpmd.return %1 : tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
    return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  }
}
"#;
        assert_eq!(printed, expected);
        assert_eq!(parse_module("t", &printed).unwrap(), module);
    }
}
