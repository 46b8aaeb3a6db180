//! The syntax tree of a StableHLO module as the parser reads it: functions, their
//! signatures and bodies, and every operation in one shape whichever form (generic
//! or pretty) it was written in.
//!
//! Attribute values are kept as their source text ([`Attr`]) and interpreted by the
//! importer, which knows what each op expects; every node carries the position it
//! was read at (a [`Location`], the MLIR text layer's; the reader knows no file name,
//! the importer gives it), for `FILE:LINE:COL` errors.

pub use autoshard_mlir::Location;

/// An attribute value as written (`[0, 1]`, `array<i64: 0, 1>`, `#sdy.sharding<…>`,
/// `1 : i64`, `"text"`…), with where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Attr {
    /// The value's text, trimmed.
    pub text: String,
    /// Where the value starts.
    pub pos: Location,
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
