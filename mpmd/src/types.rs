//! The types of MPMD programs: ranked tensors (`tensor<4x8xf32>`), mesh tensors
//! (`!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {?}]>,
//! memory_kind="device">`, Shardy's `MeshTensorType` with its exact printed form), and
//! any other type kept as text. Type aliases (`!name`) are resolved while parsing.

use crate::cursor::{Cursor, balanced_len, collapse_ws, ident_len, write_string};
use crate::error::{Error, Result};
use autoshard_model::TensorSharding;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// `tensor<4x?x8xf32>`: a shape (`None` for a dynamic `?` dimension) and an element
/// type, with an optional encoding.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// The dimension sizes.
    pub shape: Vec<Option<i64>>,
    /// The element type as written (`f32`, `i32`, `ui32`, `complex<f32>`, ...).
    pub element: String,
    /// The encoding attribute, as text, if any.
    pub encoding: Option<String>,
}

impl TensorType {
    /// A static tensor type.
    pub fn new(shape: &[i64], element: impl Into<String>) -> Self {
        TensorType { shape: shape.iter().map(|&d| Some(d)).collect(), element: element.into(), encoding: None }
    }

    /// The static shape (dynamic dimensions as -1).
    pub fn dims(&self) -> Vec<i64> {
        self.shape.iter().map(|d| d.unwrap_or(-1)).collect()
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            match d {
                Some(size) => write!(f, "{size}x")?,
                None => f.write_str("?x")?,
            }
        }
        f.write_str(&self.element)?;
        if let Some(encoding) = &self.encoding {
            write!(f, ", {encoding}")?;
        }
        f.write_str(">")
    }
}

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
        Some("tensor") => parse_tensor(c).map(Type::Tensor),
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

/// Parses `tensor<...>`.
pub(crate) fn parse_tensor(c: &mut Cursor<'_>) -> Result<TensorType> {
    c.expect_keyword("tensor")?;
    if !c.rest().starts_with('<') {
        return Err(c.error("expected '<' in tensor type"));
    }
    c.set_pos(c.pos() + 1);
    let mut shape = Vec::new();
    loop {
        let rest = c.rest();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let dim = if rest.starts_with('?') {
            Some((None, 1))
        } else if digits > 0 {
            rest[..digits].parse::<i64>().ok().map(|d| (Some(d), digits))
        } else {
            None
        };
        let Some((dim, len)) = dim else { break };
        if rest.as_bytes().get(len) != Some(&b'x') {
            return Err(c.error_at(c.pos() + len, "expected 'x' in dimension list"));
        }
        shape.push(dim);
        c.set_pos(c.pos() + len + 1);
    }
    let start = c.pos();
    let mut depth = 0usize;
    let bytes = c.rest().as_bytes();
    let mut end = None;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' if depth > 0 => depth -= 1,
            b'>' | b',' if depth == 0 => {
                end = Some(i);
                break;
            }
            b'\n' => break,
            _ => {}
        }
    }
    let end = end.ok_or_else(|| c.error("expected '>' in tensor type"))?;
    let element = c.rest()[..end].trim().to_string();
    if element.is_empty() {
        return Err(c.error("expected element type in tensor type"));
    }
    c.set_pos(start + end);
    let encoding = if c.eat(",") {
        let enc_start = c.pos();
        let len = depth0_end(c.rest()).ok_or_else(|| c.error("expected '>' in tensor type"))?;
        c.set_pos(enc_start + len);
        Some(collapse_ws(c.src()[enc_start..enc_start + len].trim()))
    } else {
        None
    };
    if !c.eat(">") {
        return Err(c.error("expected '>' in tensor type"));
    }
    Ok(TensorType { shape, element, encoding })
}

/// The offset of the first `>` (or `,`) outside brackets in `s`.
pub(crate) fn depth0_end(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => i += crate::cursor::string_len(&s[i..])?.saturating_sub(1),
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' if depth > 0 => depth -= 1,
            b'>' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
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
    let tensor = parse_tensor(c)?;
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
pub(crate) fn model_error(c: &Cursor<'_>, body_start: usize, fallback: usize, e: autoshard_model::Error) -> Error {
    let offset = e.offset().map_or(fallback, |o| body_start + o);
    c.error_at(offset, e.to_string())
}

/// Parses a standalone type text (no aliases).
fn parse_standalone<T>(s: &str, parse: impl FnOnce(&mut Cursor<'_>) -> Result<T>) -> Result<T> {
    let mut c = Cursor::new("<string>", s);
    let value = parse(&mut c)?;
    if !c.at_end() {
        return Err(c.error("unexpected text after the end"));
    }
    Ok(value)
}

impl FromStr for Type {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        parse_standalone(s, |c| parse_type(c, &TypeAliases::new()))
    }
}

impl FromStr for TensorType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        parse_standalone(s, parse_tensor)
    }
}

impl FromStr for MeshTensorType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s.parse::<Type>()? {
            Type::MeshTensor(m) => Ok(m),
            other => Err(Error::Parse {
                loc: crate::error::Location::at("<string>", s, 0),
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
