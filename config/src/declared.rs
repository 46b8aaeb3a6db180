//! The config reader the op catalog derives: an op's attributes read off its mapping
//! by their declared kinds, defaults filled in, and the op built from the values.
//!
//! Every attribute is read and every problem recorded (an op with two bad attributes
//! gets two errors); a missing required key is reported at the op's mapping. The
//! messages are the config language's own: `expected an integer for dimension, found
//! …`, `unknown reduce kind 'sum' (expected one of add, max, min, mul)`.

use super::decode::{Ctx, Fields};
use super::yaml::Node;
use autoshard_model::ops::decl::{AttrDecl, AttrKind, AttrValue, AttrValues, OpDecl};
use autoshard_model::{DType, OpKind};

/// Reads the attributes of op `decl` off `f` and builds the op; `None` after
/// recording the errors.
pub fn decode(ctx: &mut Ctx<'_>, decl: &OpDecl, f: &Fields<'_>) -> Option<OpKind> {
    let mut values = AttrValues::default();
    let mut ok = true;
    for attr in decl.attrs {
        let read = match f.get(attr.key) {
            Some(node) => value(ctx, attr, node),
            None if attr.default.is_some() => continue,
            None => {
                let _ = f.require(ctx, attr.key);
                None
            }
        };
        match read {
            Some(v) => values.set(attr.key, v),
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    for attr in decl.attrs {
        if values.get(attr.key).is_none() {
            let default = attr.default.and_then(|d| d.value(&values));
            let Some(default) = default else {
                ctx.error(f.node, format!("{}: attribute '{}' has no default", decl.name, attr.key));
                return None;
            };
            values.set(attr.key, default);
        }
    }
    decl.build(&values).map_err(|e| ctx.error(f.node, e.to_string())).ok()
}

/// The value of `attr` written at `node`.
fn value(ctx: &mut Ctx<'_>, attr: &AttrDecl, node: &Node) -> Option<AttrValue> {
    let key = attr.key;
    match attr.kind {
        AttrKind::Int => ctx.int(node, key).map(AttrValue::Int),
        AttrKind::Ints => ctx.int_list(node, key).map(AttrValue::Ints),
        AttrKind::Dims => ctx.shape(node, key).map(AttrValue::Ints),
        AttrKind::Float => ctx.number(node, key).map(AttrValue::Float),
        AttrKind::Bool => ctx.boolean(node, key).map(AttrValue::Bool),
        AttrKind::DType => dtype(ctx, node).map(AttrValue::DType),
        AttrKind::Enum(words) => {
            let choices: Vec<(&str, &'static str)> = (words.all)().into_iter().map(|w| (w, w)).collect();
            ctx.choice(node, words.what, &choices).map(AttrValue::Word)
        }
        AttrKind::Other(what) => {
            ctx.error(node, format!("{key} ({what}) has no derived reader"));
            None
        }
    }
}

/// An element type (`f32`, `bf16`…).
pub fn dtype(ctx: &mut Ctx<'_>, node: &Node) -> Option<DType> {
    let choices: Vec<(&str, DType)> = DType::ALL.iter().map(|d| (d.name(), *d)).collect();
    ctx.choice(node, "dtype", &choices)
}
