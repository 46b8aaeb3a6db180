//! The StableHLO writer the op catalog derives: an op whose export is derived is
//! written in MLIR's generic form under its first StableHLO name, with its declared
//! attributes as properties, sorted by name as MLIR prints them, each spelt by its
//! MLIR type (`dimension = 1 : i64`, `exponent_bits = 5 : i32`, `permutation =
//! array<i64: 1, 0>`, `lower = true`, `epsilon = 1.000000000e-03 : f32`,
//! `comparison_direction = #stablehlo<comparison_direction GT>`); attributes that are
//! part of a result type are written there.

use super::build::dict;
use super::{Emitter, Ssa, array, literal};
use crate::ast::Dict;
use autoshard_model::ops::decl::{AttrValue, HloType, OpDecl, Spelling};
use autoshard_model::{DType, OpKind, TensorType};

/// Writes op `kind` (declared by `decl`) of `args` with `results`.
pub(super) fn emit(
    e: &mut Emitter<'_>,
    decl: &OpDecl,
    kind: &OpKind,
    args: &[Ssa],
    results: &[TensorType],
) -> Result<Vec<Ssa>, String> {
    let name = decl.stablehlo.first().ok_or_else(|| format!("{} has no StableHLO name", decl.name))?;
    Ok(e.generic(name, args, properties(decl, kind)?, Dict::default(), results))
}

/// The properties of op `kind` (declared by `decl`), sorted by name.
fn properties(decl: &OpDecl, kind: &OpKind) -> Result<Dict, String> {
    let values = decl.values(kind).map_err(|err| err.to_string())?;
    let mut attrs: Vec<(&'static str, String)> = Vec::new();
    for attr in decl.attrs {
        let Spelling::Attr(hlo) = attr.hlo else { continue };
        let value = values.get(attr.key).ok_or_else(|| format!("{}: no value for {}", decl.name, attr.key))?;
        let spelt = spell(value, hlo.ty).ok_or_else(|| format!("{}: {value:?} is no {:?}", attr.key, hlo.ty))?;
        attrs.push((hlo.generic, spelt));
    }
    attrs.sort_by_key(|(name, _)| *name);
    Ok(dict(attrs))
}

/// `value` written as an attribute of MLIR type `ty`.
fn spell(value: &AttrValue, ty: HloType) -> Option<String> {
    Some(match (value, ty) {
        (AttrValue::Int(v), HloType::I64) => format!("{v} : i64"),
        (AttrValue::Int(v), HloType::I32) => format!("{v} : i32"),
        (AttrValue::Ints(v), HloType::Array) => array(v),
        (AttrValue::Float(v), HloType::F32) => format!("{} : f32", literal(*v, DType::F32)),
        (AttrValue::Bool(v), HloType::Bool) => v.to_string(),
        (AttrValue::Word(w), HloType::Enum { mlir, .. }) => format!("#stablehlo<{mlir} {w}>"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::build::{function, generic_op, pretty_op};
    use super::*;
    use crate::ast::Type;
    use crate::ast::{FuncBody, Op};
    use autoshard_mlir::{Block, FuncArg, FuncResult, Operation, ResultGroup, ValueRef};
    use autoshard_model::ops::catalog;
    use autoshard_model::ops::decl::{AttrKind, AttrValues, Codec};

    /// A value of `kind` unlike any placeholder.
    fn sample(kind: &AttrKind) -> AttrValue {
        match kind {
            AttrKind::Int => AttrValue::Int(3),
            AttrKind::Ints | AttrKind::Dims => AttrValue::Ints(vec![2, 1]),
            AttrKind::Float => AttrValue::Float(0.25),
            AttrKind::Bool => AttrValue::Bool(true),
            AttrKind::DType => AttrValue::DType(DType::BF16),
            AttrKind::Enum(words) => AttrValue::Word((words.all)().last().copied().unwrap_or_default()),
            AttrKind::Other(_) => AttrValue::Int(0),
        }
    }

    /// `func.func public @f(%a) { %0 = "NAME"(%a) <{properties}>; return %0 }` on
    /// `tensor<2xf32>`.
    fn one_op_function(name: &str, properties: Dict) -> super::super::HloFunc {
        let ty = TensorType::new(vec![2], DType::F32);
        let a = Ssa { value: ValueRef::new("a"), ty: ty.clone() };
        let result = Ssa { value: ValueRef::new("0"), ty: ty.clone() };
        let op = generic_op(name, &[a], properties, std::slice::from_ref(&ty));
        let ret = Op { operand_types: vec![Type::from(&ty)], ..pretty_op("func.return", vec![result.value]) };
        let ops =
            vec![Operation::new(vec![ResultGroup { name: "0".into(), count: 1 }], op), Operation::new(vec![], ret)];
        let arg = FuncArg::new("a", Type::from(&ty), Dict::default());
        let body = Block { ops, ..Block::default() };
        function("f", "public", vec![arg], vec![FuncResult::new(Type::from(&ty), Dict::default())], body)
    }

    /// Every op the catalog writes and reads by derivation reads back, in the generic
    /// form, as the values it was written from.
    #[test]
    fn every_derived_writer_reads_back_through_the_derived_reader() {
        let derived = catalog::all().iter().filter(|d| d.export == Codec::Derived && d.import == Codec::Derived);
        let mut count = 0;
        for decl in derived {
            let values = AttrValues(decl.attrs.iter().map(|a| (a.key, sample(&a.kind))).collect());
            let kind = decl.build(&values).unwrap_or_else(|e| panic!("{e}"));
            let props = properties(decl, &kind).unwrap_or_else(|e| panic!("{e}"));
            let text = one_op_function(decl.stablehlo[0], props).to_string();
            let module = crate::parser::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}\n{text}", decl.name));
            let op = &module.funcs[0].ops()[0];
            // The result type states the attributes StableHLO keeps there.
            let result = |_: usize| -> Result<TensorType, String> {
                let shape = decl.attrs.iter().find(|a| matches!(a.hlo, Spelling::ResultShape(_)));
                let dtype = decl.attrs.iter().find(|a| matches!(a.hlo, Spelling::ResultDType(_)));
                let shape = shape.map_or(vec![2], |a| match sample(&a.kind) {
                    AttrValue::Ints(v) => v,
                    _ => vec![2],
                });
                Ok(TensorType::new(shape, dtype.map_or(DType::F32, |_| DType::BF16)))
            };
            let read =
                crate::declared::values(op, decl, &result).unwrap_or_else(|e| panic!("{}: {e}\n{text}", decl.name));
            assert_eq!(read, values, "{}: {text}", decl.name);
            count += 1;
        }
        assert!(count > 40, "only {count} ops are derived both ways");
    }
}
