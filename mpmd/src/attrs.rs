//! The attributes of the `mpmd` dialect with their text forms — user origins
//! (`"f"(1)`, `#mpmd.user_origin<"f"(1)>`), reduction kinds (`add`,
//! `#mpmd.reduction<add>`), origins and meshes with origins
//! (`#mpmd.meshes_with_origins<"m3"["o1", "o2"]>`) — and the generic attribute values
//! of attribute dictionaries (strings, integers, arrays, dictionaries, topologies,
//! anything else kept as normalised text). Topologies and named meshes are the model's
//! ([`autoshard_model::pipeline::Topology`]).

use crate::error::Error;
use crate::parser::standalone;
use crate::types::model_error;
use autoshard_mlir::Result;
use autoshard_mlir::{Cursor, collapse_ws, ident_len, write_comma_separated as write_list, write_string};
use autoshard_model::ReductionKind;
use autoshard_model::pipeline::Topology;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Shardy's `UserOriginAttr`: a user's named computation and how many times JAX's AD
/// transposed it. Displays the full form `#mpmd.user_origin<"f"(1)>`;
/// [`UserOrigin::short`] gives `"f"(1)` as fragments print it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UserOrigin {
    /// The user's name for the computation.
    pub name: String,
    /// The number of transpositions (0 is not printed).
    pub transpose_count: i64,
}

impl UserOrigin {
    /// An origin with no transposition.
    pub fn new(name: impl Into<String>) -> Self {
        UserOrigin { name: name.into(), transpose_count: 0 }
    }

    /// The short form `"f"(1)`.
    pub fn short(&self) -> impl fmt::Display + '_ {
        ShortOrigin(self)
    }

    pub(crate) fn parse_short(c: &mut Cursor<'_>) -> Result<Self> {
        let name = c.string().map_err(|_| c.error("could not parse user origin."))?;
        let mut transpose_count = 0;
        if c.eat("(") {
            transpose_count = c.integer().map_err(|_| c.error("could not parse transpose count value."))?;
            c.expect(")").map_err(|_| c.error("could not parse transpose count value."))?;
        }
        Ok(UserOrigin { name, transpose_count })
    }
}

struct ShortOrigin<'a>(&'a UserOrigin);

impl fmt::Display for ShortOrigin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_string(f, &self.0.name)?;
        if self.0.transpose_count > 0 {
            write!(f, "({})", self.0.transpose_count)?;
        }
        Ok(())
    }
}

impl fmt::Display for UserOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#mpmd.user_origin<{}>", self.short())
    }
}

impl FromStr for UserOrigin {
    type Err = Error;
    /// Parses `#mpmd.user_origin<"f"(1)>` or the short `"f"(1)`.
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| {
            if c.eat("#mpmd.user_origin") {
                c.expect("<")?;
                let origin = UserOrigin::parse_short(c)?;
                c.expect(">")?;
                return Ok(origin);
            }
            UserOrigin::parse_short(c)
        })
    }
}

/// How `mpmd.reduce` combines its operands: Shardy's `ReductionType` in the model's
/// vocabulary, converted here. `none` (the single operand is moved as is) is
/// `Reduction(None)`; `add`, `mul`, `or` and `and` are the model's sum, product,
/// bitwise or and bitwise and; `max` and `min` are themselves. The model's average and
/// bitwise xor have no keyword in the dialect: the verifier refuses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Reduction(pub Option<ReductionKind>);

impl Reduction {
    /// The dialect's keywords in Shardy's enum order, with the kind each names.
    pub const SPELLINGS: [(&'static str, Option<ReductionKind>); 7] = [
        ("none", None),
        ("add", Some(ReductionKind::Sum)),
        ("max", Some(ReductionKind::Max)),
        ("min", Some(ReductionKind::Min)),
        ("mul", Some(ReductionKind::Product)),
        ("or", Some(ReductionKind::BitwiseOr)),
        ("and", Some(ReductionKind::BitwiseAnd)),
    ];

    /// The dialect's keyword, if it has one for the kind.
    pub fn keyword(self) -> Option<&'static str> {
        Reduction::SPELLINGS.iter().find(|(_, kind)| *kind == self.0).map(|(word, _)| *word)
    }

    pub(crate) fn parse(c: &mut Cursor<'_>) -> Result<Self> {
        let start = c.pos();
        let word = c.ident().unwrap_or("");
        let known = Reduction::SPELLINGS.iter().find(|(w, _)| *w == word).map(|(_, kind)| Reduction(*kind));
        known.ok_or_else(|| {
            c.error_at(
                start,
                format!(
                    "expected ::mlir::mpmd::ReductionType to be one of: none, add, max, min, mul, or, and; got '{word}'"
                ),
            )
        })
    }
}

impl fmt::Display for Reduction {
    /// The keyword (the model's for a kind the dialect cannot spell, which the
    /// verifier refuses); `{:#}` gives the attribute `#mpmd.reduction<add>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = self.keyword().or(self.0.map(ReductionKind::keyword)).unwrap_or("none");
        if f.alternate() { write!(f, "#mpmd.reduction<{word}>") } else { f.write_str(word) }
    }
}

impl FromStr for Reduction {
    type Err = Error;
    /// Parses `add` or `#mpmd.reduction<add>`.
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| {
            if c.eat("#mpmd.reduction") {
                c.expect("<")?;
                let kind = Reduction::parse(c)?;
                c.expect(">")?;
                return Ok(kind);
            }
            Reduction::parse(c)
        })
    }
}

/// Shardy's `OriginAttr`: a label saying why a value was assigned to a mesh. Displays
/// the quoted label, as it appears inside a mesh with origins.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The human-readable label.
    pub label: String,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_string(f, &self.label)
    }
}

impl FromStr for Origin {
    type Err = Error;
    /// Parses `"label"`, `#mpmd.origin"label"` or `#mpmd.origin<"label">`.
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| {
            if c.eat("#mpmd.origin") && c.eat("<") {
                let label = c.string()?;
                c.expect(">")?;
                return Ok(Origin { label });
            }
            Ok(Origin { label: c.string()? })
        })
    }
}

/// Shardy's `MeshWithOriginsAttr`: `"m3"` or `"m3"["origin1", "origin2"]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeshWithOrigins {
    /// The mesh.
    pub mesh_name: String,
    /// Its origins (not printed when empty).
    pub origins: Vec<Origin>,
}

impl MeshWithOrigins {
    fn parse(c: &mut Cursor<'_>) -> Result<Self> {
        let mesh_name = c.string()?;
        let mut origins = Vec::new();
        if c.rest().starts_with('[') {
            c.expect("[")?;
            origins = c.list("]", |c| Ok(Origin { label: c.string()? }))?;
        }
        Ok(MeshWithOrigins { mesh_name, origins })
    }
}

impl fmt::Display for MeshWithOrigins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_string(f, &self.mesh_name)?;
        if !self.origins.is_empty() {
            f.write_str("[")?;
            write_list(f, &self.origins)?;
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// Shardy's `MeshesWithOriginsAttr`: `#mpmd.meshes_with_origins<"m1", "m2"["o"]>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct MeshesWithOrigins(pub Vec<MeshWithOrigins>);

impl MeshesWithOrigins {
    fn parse_body(c: &mut Cursor<'_>) -> Result<Self> {
        c.expect("<")?;
        Ok(MeshesWithOrigins(c.list(">", MeshWithOrigins::parse)?))
    }
}

impl fmt::Display for MeshesWithOrigins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("#mpmd.meshes_with_origins<")?;
        write_list(f, &self.0)?;
        f.write_str(">")
    }
}

impl FromStr for MeshesWithOrigins {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| {
            c.expect("#mpmd.meshes_with_origins")?;
            MeshesWithOrigins::parse_body(c)
        })
    }
}

/// An attribute value in an attribute dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attr {
    /// A string, `"device"`.
    String(String),
    /// An integer with its type (`None`: the default `i64`, not printed).
    Int(i64, Option<String>),
    /// An array, `[a, b]`.
    Array(Vec<Attr>),
    /// A dictionary, `{a = 1, b}`.
    Dict(DictAttr),
    /// A unit attribute (a key without a value).
    Unit,
    /// An MPMD topology.
    Topology(Topology),
    /// Meshes with their origins.
    MeshesWithOrigins(MeshesWithOrigins),
    /// Anything else, as normalised text (`#sdy.mesh<["x"=2]>`, `dense<0>`, `true`).
    Other(String),
}

impl Attr {
    /// The string value, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attr::String(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attr::String(s) => write_string(f, s),
            Attr::Int(v, None) => write!(f, "{v}"),
            Attr::Int(v, Some(ty)) => write!(f, "{v} : {ty}"),
            Attr::Array(items) => {
                f.write_str("[")?;
                write_list(f, items)?;
                f.write_str("]")
            }
            Attr::Dict(dict) => dict.fmt(f),
            Attr::Unit => f.write_str("unit"),
            Attr::Topology(t) => t.fmt(f),
            Attr::MeshesWithOrigins(m) => m.fmt(f),
            Attr::Other(text) => f.write_str(text),
        }
    }
}

/// An attribute dictionary, kept sorted by name as MLIR keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DictAttr {
    entries: Vec<(String, Attr)>,
}

impl DictAttr {
    /// An empty dictionary.
    pub fn new() -> Self {
        DictAttr::default()
    }

    /// The entries, sorted by name.
    pub fn entries(&self) -> &[(String, Attr)] {
        &self.entries
    }

    /// True when there is no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&Attr> {
        self.entries.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Sets `name` to `value`, replacing any previous value.
    pub fn set(&mut self, name: impl Into<String>, value: Attr) {
        let name = name.into();
        match self.entries.binary_search_by(|(k, _)| k.as_str().cmp(&name)) {
            Ok(i) => self.entries[i].1 = value,
            Err(i) => self.entries.insert(i, (name, value)),
        }
    }

    /// Removes `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<Attr> {
        let i = self.entries.iter().position(|(k, _)| k == name)?;
        Some(self.entries.remove(i).1)
    }
}

impl fmt::Display for DictAttr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (key, value)) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if !key.is_empty() && ident_len(key) == key.len() {
                f.write_str(key)?
            } else {
                write_string(f, key)?
            }
            if *value != Attr::Unit {
                write!(f, " = {value}")?;
            }
        }
        f.write_str("}")
    }
}

/// Attribute aliases in scope: `#name` → value.
pub(crate) type AttrAliases = HashMap<String, Attr>;

/// Parses `{key = value, ...}`.
pub(crate) fn parse_dict(c: &mut Cursor<'_>, aliases: &AttrAliases) -> Result<DictAttr> {
    c.expect("{")?;
    let mut dict = DictAttr::new();
    let entries = c.list("}", |c| {
        let start = c.pos();
        let key = if c.peek() == Some('"') {
            c.string()?
        } else {
            c.ident().map(str::to_owned).ok_or_else(|| c.error("expected attribute name"))?
        };
        let value = if c.eat("=") { parse_attr(c, aliases)? } else { Attr::Unit };
        Ok((start, key, value))
    })?;
    for (start, key, value) in entries {
        if dict.get(&key).is_some() {
            return Err(c.error_at(start, format!("duplicate key '{key}' in dictionary attribute")));
        }
        dict.set(key, value);
    }
    Ok(dict)
}

/// Parses one attribute value.
pub(crate) fn parse_attr(c: &mut Cursor<'_>, aliases: &AttrAliases) -> Result<Attr> {
    c.skip_ws();
    let start = c.pos();
    let rest = c.rest();
    if rest.starts_with('"') {
        return Ok(Attr::String(c.string()?));
    }
    if rest.starts_with('[') {
        c.expect("[")?;
        return Ok(Attr::Array(c.list("]", |c| parse_attr(c, aliases))?));
    }
    if rest.starts_with('{') {
        return Ok(Attr::Dict(parse_dict(c, aliases)?));
    }
    if rest.starts_with("#mpmd.topology") {
        c.set_pos(start + "#mpmd.topology".len());
        let body_start = c.pos();
        let body = c.balanced()?;
        let text = format!("#mpmd.topology{body}");
        return text.parse::<Topology>().map(Attr::Topology).map_err(|e| {
            if e.to_string().contains("at least one mesh") {
                c.error_at(start, "TopologyAttr must have at least one mesh.")
            } else {
                model_error(c, body_start - "#mpmd.topology".len(), start, e)
            }
        });
    }
    if rest.starts_with("#mpmd.meshes_with_origins") {
        c.set_pos(start + "#mpmd.meshes_with_origins".len());
        return MeshesWithOrigins::parse_body(c).map(Attr::MeshesWithOrigins);
    }
    if let Some(name) = rest.strip_prefix('#') {
        let len = ident_len(name);
        if len > 0 && !name[..len].contains('.') {
            c.set_pos(start + 1 + len);
            return aliases
                .get(&name[..len])
                .cloned()
                .ok_or_else(|| c.error_at(start, format!("undefined symbol alias id '{}'", &name[..len])));
        }
    }
    let digits = rest.strip_prefix('-').unwrap_or(rest).bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && !rest[usize::from(rest.starts_with('-')) + digits..].starts_with(['.', 'e', 'x']) {
        let value = c.integer()?;
        let after = c.pos();
        if c.eat(":") {
            let ty = c.ident().ok_or_else(|| c.error("expected type"))?.to_string();
            return Ok(Attr::Int(value, (ty != "i64").then_some(ty)));
        }
        c.set_pos(after);
        return Ok(Attr::Int(value, None));
    }
    other_attr(c, start)
}

/// Reads any other attribute up to a `,`, `}`, `]`, `)` or `>` outside brackets.
fn other_attr(c: &mut Cursor<'_>, start: usize) -> Result<Attr> {
    let rest = c.rest();
    let bytes = rest.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b',' | b'}' | b']' | b')' | b'>' | b'\n' => break,
            b'<' | b'(' | b'[' | b'{' => {
                i += autoshard_mlir::balanced_len(&rest[i..]).map_err(|m| c.error_at(start + i, m))?;
                continue;
            }
            b'"' => {
                i += autoshard_mlir::string_len(&rest[i..]).ok_or_else(|| c.error_at(start + i, "expected string"))?;
                continue;
            }
            _ => i += 1,
        }
    }
    let text = collapse_ws(rest[..i].trim());
    if text.is_empty() {
        return Err(c.error("expected attribute value"));
    }
    c.set_pos(start + i);
    Ok(Attr::Other(text))
}

impl FromStr for Attr {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| parse_attr(c, &AttrAliases::new()))
    }
}

impl FromStr for DictAttr {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        standalone(s, |c| parse_dict(c, &AttrAliases::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_reductions_round_trip() {
        let origin: UserOrigin = r#""f"(1)"#.parse().unwrap();
        assert_eq!(origin.to_string(), r#"#mpmd.user_origin<"f"(1)>"#);
        assert_eq!(r#"#mpmd.user_origin<"g">"#.parse::<UserOrigin>().unwrap().short().to_string(), r#""g""#);
        for kind in Reduction::SPELLINGS.map(|(_, kind)| Reduction(kind)) {
            assert_eq!(kind.to_string().parse::<Reduction>().unwrap(), kind);
            assert_eq!(format!("{kind:#}").parse::<Reduction>().unwrap(), kind);
        }
        let m: MeshesWithOrigins = r#"#mpmd.meshes_with_origins<"m3"["origin1","origin2"], "m4">"#.parse().unwrap();
        assert_eq!(m.to_string(), r#"#mpmd.meshes_with_origins<"m3"["origin1", "origin2"], "m4">"#);
        assert_eq!("#mpmd.meshes_with_origins<>".parse::<MeshesWithOrigins>().unwrap().0.len(), 0);
    }

    #[test]
    fn dictionaries_sort_and_normalise() {
        let d: DictAttr =
            r#"{"b"=1 : ui32, a = [{mhlo.memory_kind = "device"}], c, d = #sdy.mesh<["x"=2,  "y"=4]>, e = 2 : i64}"#
                .parse()
                .unwrap();
        assert_eq!(
            d.to_string(),
            r#"{a = [{mhlo.memory_kind = "device"}], b = 1 : ui32, c, d = #sdy.mesh<["x"=2, "y"=4]>, e = 2}"#
        );
        assert!("{a = 1, a = 2}".parse::<DictAttr>().is_err());
    }
}
