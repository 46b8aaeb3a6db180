//! A StableHLO module as the MLIR text layer's generic structure
//! ([`autoshard_mlir::Module`]) with StableHLO's op: one [`Op`] whichever form
//! (generic or pretty) it was written in, read by [`crate::parser`] and printed by
//! [`crate::print`] (the exporter builds it).
//!
//! Attribute values are kept as their source text ([`Attr`]) and interpreted by the
//! importer, which knows what each op expects; every node carries the location it
//! was read at, for `FILE:LINE:COL` errors.

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

/// A ranked tensor type as written (`tensor<2x4xf32>`): the MLIR text layer's, static
/// and without encoding once the reader has accepted it.
pub use autoshard_mlir::TensorType as Type;

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
    pub regions: Vec<Block>,
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

/// One op with its results and locations.
pub type Operation = autoshard_mlir::Operation<Op>;
/// A block: its arguments and ops (the terminator last).
pub type Block = autoshard_mlir::Block<Type, Op>;
/// A `func.func`.
pub type Func = autoshard_mlir::Func<Type, Dict, Op>;
/// A function argument with its attributes.
pub type FuncArg = autoshard_mlir::FuncArg<Type, Dict>;
/// A function result with its attributes.
pub type FuncResult = autoshard_mlir::FuncResult<Type, Dict>;
/// A module as written: aliases, top-level ops (`sdy.mesh`), functions.
pub type Generic = autoshard_mlir::Module<Type, Attr, Dict, Op>;

/// The ops of a function's body (none for a declaration, which the reader
/// refuses in a StableHLO module).
pub trait FuncBody {
    /// The body's ops, its terminator last.
    fn ops(&self) -> &[Operation];
}

impl FuncBody for Func {
    fn ops(&self) -> &[Operation] {
        self.body.as_ref().map_or(&[], |b| &b.ops)
    }
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

/// A module as the importer reads it: its meshes and functions, generic forms
/// (`"builtin.module"`, `"func.func"`) resolved.
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
