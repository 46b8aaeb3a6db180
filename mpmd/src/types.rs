//! The types of MPMD programs: ranked tensors (`tensor<4x8xf32>`, the MLIR text
//! layer's [`TensorType`]), mesh tensors
//! (`!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {?}]>,
//! memory_kind="device">`, Shardy's `MeshTensorType` with its exact printed form), and
//! any other type kept as text. Type aliases (`!name`) are resolved while parsing.

use crate::error::Error;
use crate::parser::standalone;
pub use autoshard_mlir::TensorType;
use autoshard_mlir::{Cursor, balanced_len, collapse_ws, ident_len, write_string};
use autoshard_mlir::{Result, SyntaxError};
use autoshard_model::TensorSharding;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Shardy's `MeshTensorType`: a global tensor type assigned to a mesh of the topology,
/// with an optional sharding on that mesh and an optional memory kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeshTensorType {
    /// The mesh of the topology the tensor lives on.
    pub mesh_name: String,
    /// The global (unsharded) tensor type.
    pub tensor: TensorType,
    /// How the tensor is sharded on its mesh; `None` means fully replicated.
    pub sharding: Option<TensorSharding>,
    /// `"device"` or `"pinned_host"` (verified by transfers), if given.
    pub memory_kind: Option<String>,
}

impl MeshTensorType {
    /// A fully replicated mesh tensor.
    pub fn replicated(mesh_name: impl Into<String>, tensor: TensorType) -> Self {
        MeshTensorType { mesh_name: mesh_name.into(), tensor, sharding: None, memory_kind: None }
    }

    /// True when no dimension is sharded and nothing is unreduced.
    pub fn is_fully_replicated(&self) -> bool {
        self.sharding.as_ref().is_none_or(TensorSharding::is_fully_replicated)
    }
}

impl fmt::Display for MeshTensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("!mpmd.mesh_tensor<")?;
        write_string(f, &self.mesh_name)?;
        write!(f, ", {}", self.tensor)?;
        if let Some(sharding) = &self.sharding {
            write!(f, ", sharding={}", sharding.stripped())?;
        }
        if let Some(kind) = &self.memory_kind {
            f.write_str(", memory_kind=")?;
            write_string(f, kind)?;
        }
        f.write_str(">")
    }
}

/// A type of an MPMD program.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// A ranked tensor.
    Tensor(TensorType),
    /// A tensor on a mesh of the topology.
    MeshTensor(MeshTensorType),
    /// Any other type (`!stablehlo.token`, `i32`, ...), as normalised text.
    Other(String),
}

impl Type {
    /// The global tensor type: the tensor itself, or a mesh tensor's tensor.
    pub fn global_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            Type::MeshTensor(m) => Some(&m.tensor),
            Type::Other(_) => None,
        }
    }

    /// The mesh tensor type, if this is one.
    pub fn as_mesh_tensor(&self) -> Option<&MeshTensorType> {
        match self {
            Type::MeshTensor(m) => Some(m),
            _ => None,
        }
    }

    /// The kind of type, as Shardy's "type ids" compare them.
    pub(crate) fn kind(&self) -> u8 {
        match self {
            Type::Tensor(_) => 0,
            Type::MeshTensor(_) => 1,
            Type::Other(_) => 2,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Tensor(t) => t.fmt(f),
            Type::MeshTensor(m) => m.fmt(f),
            Type::Other(text) => f.write_str(text),
        }
    }
}

impl From<TensorType> for Type {
    fn from(t: TensorType) -> Self {
        Type::Tensor(t)
    }
}

impl From<MeshTensorType> for Type {
    fn from(t: MeshTensorType) -> Self {
        Type::MeshTensor(t)
    }
}

/// Type aliases in scope: `!name` → type.
pub(crate) type TypeAliases = HashMap<String, Type>;

/// Parses a type, resolving `!alias`es.
pub(crate) fn parse_type(c: &mut Cursor<'_>, aliases: &TypeAliases) -> Result<Type> {
    c.skip_ws();
    let start = c.pos();
    if c.rest().starts_with('!') {
        c.set_pos(start + 1);
        let len = ident_len(c.rest());
        let name = &c.rest()[..len];
        if len == 0 {
            return Err(c.error("expected type"));
        }
        c.set_pos(start + 1 + len);
        if name == "mpmd.mesh_tensor" {
            return parse_mesh_tensor_body(c).map(Type::MeshTensor);
        }
        if !name.contains('.') {
            return aliases
                .get(name)
                .cloned()
                .ok_or_else(|| c.error_at(start, format!("undefined symbol alias id '{name}'")));
        }
        if c.rest().starts_with('<') {
            c.balanced()?;
        }
        return Ok(Type::Other(collapse_ws(&c.src()[start..c.pos()])));
    }
    match c.peek_ident() {
        Some("tensor") => TensorType::parse(c).map(Type::Tensor),
        Some(_) => {
            c.ident();
            if c.rest().starts_with('<') {
                c.balanced()?;
            }
            Ok(Type::Other(collapse_ws(&c.src()[start..c.pos()])))
        }
        None => Err(c.error("expected non-function type")),
    }
}

/// Parses the body `<"m", tensor<...>(, sharding=<...>)?(, memory_kind="...")?>` of a
/// mesh tensor type, with the messages of Shardy's `MeshTensorType::parse`.
fn parse_mesh_tensor_body(c: &mut Cursor<'_>) -> Result<MeshTensorType> {
    if !c.rest().starts_with('<') {
        return Err(c.error("expected '<'"));
    }
    balanced_len(c.rest()).map_err(|m| c.error(m))?;
    c.expect("<")?;
    let mesh_name = c.string().map_err(|_| c.error("expected attribute value"))?;
    c.expect(",")?;
    if c.peek_ident() != Some("tensor") {
        return Err(c.error("invalid kind of type specified: expected builtin.tensor"));
    }
    let tensor = TensorType::parse(c)?;
    let mut ty = MeshTensorType { mesh_name, tensor, sharding: None, memory_kind: None };
    if c.eat(">") {
        return Ok(ty);
    }
    c.expect(",")?;
    if !c.eat_keyword("sharding") {
        ty.memory_kind = Some(parse_memory_kind(c)?);
        return Ok(ty);
    }
    c.expect("=")?;
    ty.sharding = Some(parse_sharding(c)?);
    if c.eat(",") {
        ty.memory_kind = Some(parse_memory_kind(c)?);
        return Ok(ty);
    }
    c.expect(">")?;
    Ok(ty)
}

/// `memory_kind = "..." >`.
fn parse_memory_kind(c: &mut Cursor<'_>) -> Result<String> {
    c.expect_keyword("memory_kind")?;
    c.expect("=")?;
    let kind = c.string().map_err(|_| c.error("expected attribute value"))?;
    c.expect(">")?;
    Ok(kind)
}

/// Parses a sharding in its stripped (`<@mesh, [...]>`) or full form.
pub(crate) fn parse_sharding(c: &mut Cursor<'_>) -> Result<TensorSharding> {
    c.skip_ws();
    let start = c.pos();
    c.eat("#sdy.sharding");
    if c.peek() != Some('<') {
        return Err(c.error("expected '<'"));
    }
    let body_start = c.pos();
    let text = c.balanced()?;
    text.parse::<TensorSharding>().map_err(|e| model_error(c, body_start, start, e))
}

/// A model parse error, located in the source.
pub(crate) fn model_error(
    c: &Cursor<'_>,
    body_start: usize,
    fallback: usize,
    e: autoshard_model::Error,
) -> SyntaxError {
    let offset = e.offset().map_or(fallback, |o| body_start + o);
    c.error_at(offset, e.to_string())
}

impl FromStr for Type {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| parse_type(c, &TypeAliases::new()))
    }
}

impl FromStr for MeshTensorType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s.parse::<Type>()? {
            Type::MeshTensor(m) => Ok(m),
            other => Err(Error::Parse {
                loc: autoshard_mlir::Location::at("<string>", s, 0),
                message: format!("expected a mesh tensor type, got '{other}'"),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mesh_tensor_types_round_trip() {
        for text in [
            r#"!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>"#,
            r#"!mpmd.mesh_tensor<"mesh", tensor<12x16xf32>, sharding=<@mesh, [{?}, {"y"}]>>"#,
            r#"!mpmd.mesh_tensor<"mesh", tensor<12x16xf32>, memory_kind="device">"#,
            r#"!mpmd.mesh_tensor<"mesh", tensor<12x16xf32>, sharding=<@mesh, [{?}, {"y"}]>, memory_kind="pinned_host">"#,
            "tensor<i32>",
            "tensor<?x3xcomplex<f32>>",
            "!stablehlo.token",
        ] {
            assert_eq!(text.parse::<Type>().unwrap().to_string(), text);
        }
        let spaced: Type = r#"!mpmd.mesh_tensor<"m", tensor<4xf32>, memory_kind = "device">"#.parse().unwrap();
        assert_eq!(spaced.to_string(), r#"!mpmd.mesh_tensor<"m", tensor<4xf32>, memory_kind="device">"#);
    }

    #[test]
    fn malformed_mesh_tensor_types_have_shardys_messages() {
        for (text, message) in [
            (r#"!mpmd.mesh_tensor<"m", tensor<4xf32>, sharding=<@mesh, [{?}]> memory_kind="device">"#, "expected '>'"),
            (r#"!mpmd.mesh_tensor<"m", tensor<4xf32>, memory_kind="device",>"#, "expected '>'"),
            (r#"!mpmd.mesh_tensor<"m", tensor<4xf32>, sharding=<@mesh, [{?}]>, >"#, "expected 'memory_kind'"),
            (r#"!mpmd.mesh_tensor<"m", tensor<4xf32>, sharding="x">"#, "expected '<'"),
            (r#"!mpmd.mesh_tensor<"m", tensor<4xf32>)"#, "unbalanced '<' character in pretty dialect name"),
        ] {
            assert_eq!(text.parse::<Type>().unwrap_err().message(), message, "{text}");
        }
    }
}
