//! The StableHLO reader the op catalog derives: an op's declared attributes read off a
//! parsed operation, in the pretty form JAX prints (`dims = [1, 0]`, a bare `GT`,
//! `format = e5m10`) or the generic one (`permutation = array<i64: 1, 0>`,
//! `comparison_direction = #stablehlo<comparison_direction GT>`,
//! `exponent_bits = 5 : i32`), or off its result types; an attribute a module leaves
//! out takes the default StableHLO gives it, and the op is built from the values.
//!
//! Messages name the op and the attribute's first spelling
//! (`stablehlo.transpose needs attribute 'dims'`) or say what a value should have
//! been (`comparison direction 'GTE' is not one of EQ, NE, GE, GT, LE, LT`).

use super::ast::Operation;
use super::attrs::{self, enum_word, get};
use autoshard_model::ops::decl::{
    AttrDecl, AttrKind, AttrValue, AttrValues, HloAttr, HloType, OpDecl, Pretty, Spelling,
};
use autoshard_model::{OpKind, TensorType};

/// Op `decl` read off `op`, whose result `k` has type `result(k)`.
pub(crate) fn kind(
    op: &Operation,
    decl: &OpDecl,
    result: &dyn Fn(usize) -> Result<TensorType, String>,
) -> Result<OpKind, String> {
    let values = values(op, decl, result)?;
    decl.build(&values).map_err(|e| e.to_string())
}

/// The values of `decl`'s attributes on `op` (defaults filled in).
pub(crate) fn values(
    op: &Operation,
    decl: &OpDecl,
    result: &dyn Fn(usize) -> Result<TensorType, String>,
) -> Result<AttrValues, String> {
    let mut values = AttrValues::default();
    for attr in decl.attrs {
        if let Some(value) = value(op, attr, result)? {
            values.set(attr.key, value);
        }
    }
    for attr in decl.attrs {
        if values.get(attr.key).is_some() {
            continue;
        }
        let Spelling::Attr(hlo) = attr.hlo else { continue };
        let default = hlo.default.and_then(|d| d.value(&values));
        values.set(attr.key, default.ok_or_else(|| format!("{} needs attribute '{}'", op.name, first(&hlo)))?);
    }
    Ok(values)
}

/// The value of `attr` on `op`, `None` when the module leaves it out.
fn value(
    op: &Operation,
    attr: &AttrDecl,
    result: &dyn Fn(usize) -> Result<TensorType, String>,
) -> Result<Option<AttrValue>, String> {
    let hlo = match attr.hlo {
        Spelling::Attr(hlo) => hlo,
        Spelling::ResultShape(k) => return Ok(Some(AttrValue::Ints(result(k)?.shape))),
        Spelling::ResultDType(k) => return Ok(Some(AttrValue::DType(result(k)?.dtype))),
        Spelling::Elsewhere(_) | Spelling::Absent => {
            return Err(format!("{}: attribute '{}' has no derived reader", op.name, attr.key));
        }
    };
    let Some(text) = text(op, &hlo)? else { return Ok(None) };
    let text = text.as_str();
    Ok(Some(match attr.kind {
        AttrKind::Int => AttrValue::Int(attrs::int(text)?),
        AttrKind::Ints | AttrKind::Dims => AttrValue::Ints(attrs::ints(text)?),
        AttrKind::Float => AttrValue::Float(attrs::float(text)?),
        AttrKind::Bool => AttrValue::Bool(attrs::boolean(text)?),
        AttrKind::Enum(words) => {
            let word = enum_word(text);
            let all = (words.all)();
            let what = if let HloType::Enum { what, .. } = hlo.ty { what } else { words.what };
            let found = all.iter().find(|w| **w == word).copied();
            AttrValue::Word(found.ok_or_else(|| format!("{what} '{word}' is not one of {}", all.join(", ")))?)
        }
        AttrKind::DType | AttrKind::Other(_) => {
            return Err(format!("{}: attribute '{}' has no derived reader", op.name, attr.key));
        }
    }))
}

/// The text of attribute `hlo` on `op` in either form, `None` when absent.
fn text(op: &Operation, hlo: &HloAttr) -> Result<Option<String>, String> {
    let generic = get(op, &[hlo.generic]);
    Ok(match hlo.pretty {
        Pretty::Same => generic.map(str::to_string),
        Pretty::Key(key) => get(op, &[key, hlo.generic]).map(str::to_string),
        // `stablehlo.compare GT, %a, %b`: the first bare word (an empty one is no
        // direction).
        Pretty::Word => Some(generic.or_else(|| op.words.first().map(|w| w.text.as_str())).unwrap_or("").to_string()),
        Pretty::Format { key, letter } => match (generic, get(op, &[key])) {
            (Some(text), _) => Some(text.to_string()),
            (None, Some(token)) => Some(format_part(token, letter)?),
            (None, None) => None,
        },
    })
}

/// The digits after `letter` in a format token (`10` for `m` in `e5m10`).
fn format_part(token: &str, letter: char) -> Result<String, String> {
    let digits: String = token
        .split_once(letter)
        .map(|(_, rest)| rest.chars().take_while(char::is_ascii_digit).collect())
        .unwrap_or_default();
    if digits.is_empty() {
        return Err(format!("format '{token}' has no number after '{letter}'"));
    }
    Ok(digits)
}

/// The spelling messages name: the pretty one when it is a key, else the generic one.
fn first(hlo: &HloAttr) -> &'static str {
    match hlo.pretty {
        Pretty::Key(key) => key,
        _ => hlo.generic,
    }
}
