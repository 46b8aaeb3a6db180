//! The syntax tree of a StableHLO module as the parser reads it: functions, their
//! signatures and bodies, and every operation in one shape whichever form (generic
//! or pretty) it was written in.
//!
//! Attribute values are kept as their source text ([`Attr`]) and interpreted by the
//! importer, which knows what each op expects; every node carries the position it
//! was read at (a [`Location`], the MLIR text layer's; the reader knows no file name,
//! the importer gives it), for `FILE:LINE:COL` errors.

pub use autoshard_mlir::{Location, ValueRef};
use std::fmt;

/// An attribute value as written (`[0, 1]`, `array<i64: 0, 1>`, `#sdy.sharding<…>`,
/// `1 : i64`, `"text"`…), with where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Attr {
    /// The value's text, trimmed.
    pub text: String,
    /// Where the value starts.
    pub pos: Location,
}

impl Attr {
    /// `text`, written nowhere in particular (built, not read).
    pub fn new(text: impl Into<String>) -> Self {
        Attr { text: text.into(), pos: Location::default() }
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// An attribute dictionary, `{key = value, unit_key}`, in source order; a unit
/// attribute (no value) reads as `unit`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dict(pub Vec<(String, Attr)>);

impl Dict {
    /// The attribute named `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Attr> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, a)| a)
    }

    /// Adds `key = text`.
    pub fn push(&mut self, key: impl Into<String>, text: impl Into<String>) {
        self.0.push((key.into(), Attr::new(text)));
    }

    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = &(String, Attr)> {
        self.0.iter()
    }
}

impl fmt::Display for Dict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (key, value)) in self.0.iter().enumerate() {
            f.write_str(if i > 0 { ", " } else { "" })?;
            if autoshard_mlir::ident_len(key) == key.len() && !key.is_empty() {
                f.write_str(key)?;
            } else {
                autoshard_mlir::write_string(f, key)?;
            }
            if value.text != "unit" {
                write!(f, " = {value}")?;
            }
        }
        f.write_str("}")
    }
}

impl autoshard_mlir::Dict for Dict {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// One op of a StableHLO module (the `O` of the generic structure).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Op {
    /// The op's full name (`stablehlo.add`, `sdy.sharding_constraint`, `func.call`).
    pub name: String,
    /// Whether it is (or is to be) written in the generic form, `"name"(…)`.
    pub generic: bool,
    /// Its operands.
    pub operands: Vec<ValueRef>,
    /// The generic form's properties, `<{…}>`.
    pub properties: Dict,
    /// Its other named attributes: the generic form's `{…}`, the pretty form's
    /// dictionaries and `key = value` pieces, in source order.
    pub attrs: Dict,
    /// The pretty form's bare pieces, in order: keywords (`GT`, `across`), a callee
    /// `@f`, a `<…>` after the name or operands (a sharding, a label), slice specs.
    pub words: Vec<Attr>,
    /// Its regions, each of one block (StableHLO's regions have one).
    pub regions: Vec<autoshard_mlir::Block<Type, Op>>,
    /// Operand types, as the signature states them (empty when the pretty form
    /// leaves them implied).
    pub operand_types: Vec<Type>,
    /// Result types, as the signature states them.
    pub result_types: Vec<Type>,
}

impl Op {
    /// The attribute named `key`, a property or not, if present.
    pub fn attr(&self, key: &str) -> Option<&Attr> {
        self.properties.get(key).or_else(|| self.attrs.get(key))
    }
}

/// A ranked tensor type as written (`tensor<2x4xf32>`): the MLIR text layer's, static
/// and without encoding once the reader has accepted it.
pub use autoshard_mlir::TensorType as Type;

/// A function argument, a region argument or a result, with its attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// `%name` without the `%` (empty for results).
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// Its attributes (`sdy.sharding`, `jax.result_info`…), in source order.
    pub attrs: Vec<(String, Attr)>,
    /// Where it is declared.
    pub pos: Location,
}

/// One operation.
#[derive(Debug, Clone, PartialEq)]
pub struct Operation {
    /// The names of its results without `%` (`0#1` for the second result of `%0:2`).
    pub results: Vec<String>,
    /// The op's full name (`stablehlo.add`, `sdy.sharding_constraint`, `func.call`).
    pub name: String,
    /// Operand names without `%`.
    pub operands: Vec<String>,
    /// Named attributes (properties, attribute dictionaries and the pretty form's
    /// `key = value` pieces), in source order.
    pub attrs: Vec<(String, Attr)>,
    /// The pretty form's bare pieces, in order: keywords (`GT`, `across`), a callee
    /// `@f`, a `<…>` after the name or operands (a sharding, a label), slice specs.
    pub words: Vec<Attr>,
    /// Its regions.
    pub regions: Vec<Region>,
    /// Result types, as the signature states them.
    pub result_types: Vec<Type>,
    /// Where the op starts.
    pub pos: Location,
    /// Its trailing `loc(…)`, the text between the parentheses (`#loc12`,
    /// `"train.py":3:8`), if it has one ([`crate::location`] reads it).
    pub loc: Option<String>,
}

impl Operation {
    /// The attribute named `key`, if present.
    pub fn attr(&self, key: &str) -> Option<&Attr> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, a)| a)
    }
}

/// A region: its block's arguments and operations (the terminator included).
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The block arguments.
    pub args: Vec<Param>,
    /// The operations, the terminator last.
    pub ops: Vec<Operation>,
}

/// A `func.func`.
#[derive(Debug, Clone, PartialEq)]
pub struct Func {
    /// Its symbol name without `@`.
    pub name: String,
    /// False for `private` functions.
    pub public: bool,
    /// The arguments.
    pub args: Vec<Param>,
    /// The results.
    pub results: Vec<Param>,
    /// The body (its terminator last).
    pub body: Vec<Operation>,
    /// Its `attributes {…}` (a `topology`, for instance), in source order.
    pub attrs: Vec<(String, Attr)>,
    /// Where the `func.func` starts.
    pub pos: Location,
}

/// A `sdy.mesh @name = <…>`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshDecl {
    /// Its symbol name without `@`.
    pub name: String,
    /// The mesh text (`<["x"=2, "y"=4]>`), for `Mesh::from_str`.
    pub mesh: Attr,
    /// True for the `mesh` dialect's `mesh.mesh`, false for Shardy's `sdy.mesh`.
    pub mesh_dialect: bool,
}

/// A module: its meshes and functions.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    /// The module's symbol name, if it has one.
    pub name: Option<String>,
    /// The meshes, in source order.
    pub meshes: Vec<MeshDecl>,
    /// The functions, in source order.
    pub funcs: Vec<Func>,
    /// The location aliases (`#loc12 = loc(…)`): the alias without `#` → the text
    /// between the parentheses.
    pub locations: std::collections::BTreeMap<String, String>,
}
