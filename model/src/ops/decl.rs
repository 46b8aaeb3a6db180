//! The vocabulary of op declarations: what the readers and writers need to know about
//! an op, as data.
//!
//! An [`OpDecl`] gives an op's name in the config language, its StableHLO names, and
//! its attributes ([`AttrDecl`]): each one's key in the config language, its kind
//! ([`AttrKind`]: an integer, a list of integers, a shape, a number, a flag, an element
//! type, a word among fixed choices, or something only a hand-written codec reads), its
//! default, and how StableHLO spells it ([`Spelling`]: a named attribute with its
//! generic and pretty spellings and MLIR type, or a part of a result type). It also
//! says, for each of the config reader, the StableHLO reader and the StableHLO writer,
//! whether that codec is derived from the declaration or written by hand, and why
//! ([`Codec`]).
//!
//! Attribute values travel as [`AttrValues`]; [`Fields`] is the one bridge between them
//! and an [`OpKind`]: a declaration's `fields` function visits the op's attribute
//! fields by key, and the same function both builds a kind from values and reads the
//! values off a kind, so the two directions cannot disagree. The declarations
//! themselves are `catalog.rs`.

use super::OpKind;
use crate::dtype::DType;
use std::fmt;

/// What the readers and writers need to know about one op (see the module docs).
#[derive(Debug, Clone, Copy)]
pub struct OpDecl {
    /// Its name in the config language (`OpKind::name`).
    pub name: &'static str,
    /// The StableHLO (or CHLO, `sdy`) ops read as this op; the first is the one
    /// written. Empty for an op StableHLO does not have.
    pub stablehlo: &'static [&'static str],
    /// Its attributes, in the order the config language lists its keys.
    pub attrs: &'static [AttrDecl],
    /// How its attributes map to and from its [`OpKind`], when they are all plain
    /// values; `None` when only hand-written codecs read and write them.
    pub build: Option<Build>,
    /// How the config reader handles it.
    pub config: Codec,
    /// How the StableHLO reader handles it.
    pub import: Codec,
    /// How the StableHLO writer handles it.
    pub export: Codec,
}

/// Whether a reader or writer derives its handling of an op from the declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    /// The generic reader or writer handles the op from its declaration.
    Derived,
    /// A hand-written codec handles it, for the reason given.
    ByHand(&'static str),
    /// The format has no such op (StableHLO lacks the op set's conveniences).
    Absent,
}

/// An op's attributes as values: an empty kind, and the function visiting its fields.
#[derive(Clone, Copy)]
pub struct Build {
    /// The op with every attribute at a placeholder value.
    pub empty: fn() -> OpKind,
    /// Visits the attribute fields of a kind of this op, by key ([`Fields`]).
    pub fields: fn(&mut OpKind, &mut Fields<'_>),
}

impl fmt::Debug for Build {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Build")
    }
}

/// One attribute of an op.
#[derive(Debug, Clone, Copy)]
pub struct AttrDecl {
    /// Its key in the config language.
    pub key: &'static str,
    /// What kind of value it is.
    pub kind: AttrKind,
    /// Its value when a config leaves it out; `None`: a config must give it.
    pub default: Option<AttrDefault>,
    /// How StableHLO writes it.
    pub hlo: Spelling,
}

/// The kind of an attribute's value.
#[derive(Debug, Clone, Copy)]
pub enum AttrKind {
    /// An integer.
    Int,
    /// A list of integers (dimension numbers, indices).
    Ints,
    /// A shape: a list of sizes, none negative.
    Dims,
    /// A number.
    Float,
    /// A boolean.
    Bool,
    /// An element type (`f32`, `bf16`…).
    DType,
    /// One word among fixed choices.
    Enum(Words),
    /// A value only a hand-written codec reads and writes (what it looks like).
    Other(&'static str),
}

/// The words of an enumerated attribute.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    /// What the attribute is called in messages (`reduce kind`).
    pub what: &'static str,
    /// Every word, in the enum's order.
    pub all: fn() -> Vec<&'static str>,
}

/// A default value of an attribute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttrDefault {
    /// An integer.
    Int(i64),
    /// A number.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A word.
    Word(&'static str),
    /// An element type.
    DType(DType),
    /// An empty list.
    Empty,
    /// A list of `value`, one per entry of the list attribute `like`.
    Fill {
        /// Each entry.
        value: i64,
        /// The attribute whose length it takes.
        like: &'static str,
    },
    /// Computed by the hand-written codec (how).
    Computed(&'static str),
}

impl AttrDefault {
    /// The value it stands for, given the values read so far (a fill takes its length
    /// from another attribute); `None` for a computed default or a fill whose list is
    /// not there.
    pub fn value(self, values: &AttrValues) -> Option<AttrValue> {
        Some(match self {
            AttrDefault::Int(v) => AttrValue::Int(v),
            AttrDefault::Float(v) => AttrValue::Float(v),
            AttrDefault::Bool(v) => AttrValue::Bool(v),
            AttrDefault::Word(w) => AttrValue::Word(w),
            AttrDefault::DType(d) => AttrValue::DType(d),
            AttrDefault::Empty => AttrValue::Ints(Vec::new()),
            AttrDefault::Fill { value, like } => match values.get(like)? {
                AttrValue::Ints(list) => AttrValue::Ints(vec![value; list.len()]),
                _ => return None,
            },
            AttrDefault::Computed(_) => return None,
        })
    }
}

/// How StableHLO writes an attribute.
#[derive(Debug, Clone, Copy)]
pub enum Spelling {
    /// A named attribute of the op.
    Attr(HloAttr),
    /// The shape of result `n`.
    ResultShape(usize),
    /// The element type of result `n`.
    ResultDType(usize),
    /// Not an attribute: where StableHLO holds it instead (a region, an operand, a
    /// field of a structured attribute); only a hand-written codec reads it there.
    Elsewhere(&'static str),
    /// StableHLO has no such attribute (the op is not StableHLO's).
    Absent,
}

/// A named StableHLO attribute.
#[derive(Debug, Clone, Copy)]
pub struct HloAttr {
    /// Its name in the generic form (`permutation`).
    pub generic: &'static str,
    /// How the pretty form writes it.
    pub pretty: Pretty,
    /// Its MLIR type, which fixes how its value is written.
    pub ty: HloType,
    /// Its value when a module leaves it out; `None`: required.
    pub default: Option<AttrDefault>,
}

/// How the pretty form writes an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pretty {
    /// As `generic = value`.
    Same,
    /// As `key = value` (`dims = [1, 0]`).
    Key(&'static str),
    /// As the first bare word after the op name (`compare`'s `GT`).
    Word,
    /// As the number after `letter` in the token of `key` (`format = e5m10`).
    Format {
        /// The token's key.
        key: &'static str,
        /// The letter before the number.
        letter: char,
    },
}

/// The MLIR type of a StableHLO attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HloType {
    /// `1 : i64`.
    I64,
    /// `1 : i32`.
    I32,
    /// `1.000000e-03 : f32`.
    F32,
    /// `true`.
    Bool,
    /// `array<i64: 1, 0>`.
    Array,
    /// `#stablehlo<MLIR WORD>`; `what` names it in messages.
    Enum {
        /// The enum attribute's name (`comparison_direction`).
        mlir: &'static str,
        /// What messages call it (`comparison direction`).
        what: &'static str,
    },
}

/// One attribute value.
#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    /// An integer.
    Int(i64),
    /// A list of integers (also a shape).
    Ints(Vec<i64>),
    /// A number.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// An element type.
    DType(DType),
    /// A word among an enum's choices.
    Word(&'static str),
}

impl AttrValue {
    fn describe(&self) -> &'static str {
        match self {
            AttrValue::Int(_) => "an integer",
            AttrValue::Ints(_) => "a list of integers",
            AttrValue::Float(_) => "a number",
            AttrValue::Bool(_) => "a boolean",
            AttrValue::DType(_) => "an element type",
            AttrValue::Word(_) => "a word",
        }
    }
}

/// An op's attribute values by key, in declaration order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AttrValues(pub Vec<(&'static str, AttrValue)>);

impl AttrValues {
    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&AttrValue> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// Sets `key` to `value` (replacing a previous value).
    pub fn set(&mut self, key: &'static str, value: AttrValue) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = value,
            None => self.0.push((key, value)),
        }
    }
}

/// Why an op's attribute values and its kind do not fit its declaration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeclError {
    /// An attribute has no value.
    #[error("{op}: attribute '{key}' has no value")]
    Missing {
        /// The op.
        op: &'static str,
        /// The attribute.
        key: &'static str,
    },
    /// An attribute's value is of another kind than its field.
    #[error("{op}: attribute '{key}' is {found}, but its field holds {expected}")]
    Mismatch {
        /// The op.
        op: &'static str,
        /// The attribute.
        key: &'static str,
        /// What the field holds.
        expected: &'static str,
        /// What the value is.
        found: &'static str,
    },
    /// A word is none of an enum's choices.
    #[error("{op}: '{word}' is not a value of attribute '{key}'")]
    UnknownWord {
        /// The op.
        op: &'static str,
        /// The attribute.
        key: &'static str,
        /// The word.
        word: String,
    },
    /// The fields visited differ from the declared attributes (a catalog bug, which
    /// the catalog's tests rule out).
    #[error("{op}: the fields of the op's kind are not its declared attributes")]
    Fields {
        /// The op.
        op: &'static str,
    },
    /// The op's attributes are read and written by hand only.
    #[error("{op}: the op's attributes have no derived codec")]
    NotDerived {
        /// The op.
        op: &'static str,
    },
}

/// The visitor a declaration's `fields` function calls with each attribute field of an
/// op's kind: reading values into the fields ([`OpDecl::build`]) or the fields into
/// values ([`OpDecl::values`]).
pub struct Fields<'v> {
    op: &'static str,
    read: Option<&'v AttrValues>,
    written: AttrValues,
    visited: Vec<&'static str>,
    error: Option<DeclError>,
}

impl Fields<'_> {
    fn fail(&mut self, error: DeclError) {
        self.error.get_or_insert(error);
    }

    /// The value of `key` when reading (its field is then set from it), `None` when
    /// writing or on an error (recorded).
    fn value(&mut self, key: &'static str) -> Option<&AttrValue> {
        self.visited.push(key);
        let read = self.read?;
        let value = read.get(key);
        if value.is_none() {
            self.fail(DeclError::Missing { op: self.op, key });
        }
        value
    }

    fn mismatch(&mut self, key: &'static str, expected: &'static str, found: &AttrValue) {
        self.fail(DeclError::Mismatch { op: self.op, key, expected, found: found.describe() });
    }

    /// A field of a plain kind: `get` reads it out of a value (`None`: the value is
    /// of another kind, `what` the kind expected), `put` writes it as one.
    fn plain<T: Clone>(
        &mut self,
        key: &'static str,
        field: &mut T,
        what: &'static str,
        get: fn(&AttrValue) -> Option<T>,
        put: fn(T) -> AttrValue,
    ) {
        match self.value(key).cloned() {
            Some(value) => match get(&value) {
                Some(v) => *field = v,
                None => self.mismatch(key, what, &value),
            },
            None if self.read.is_none() => self.written.set(key, put(field.clone())),
            None => {}
        }
    }

    /// An integer field.
    pub fn int(&mut self, key: &'static str, field: &mut i64) {
        let get = |v: &AttrValue| if let AttrValue::Int(x) = v { Some(*x) } else { None };
        self.plain(key, field, "an integer", get, AttrValue::Int);
    }

    /// A field holding a list of integers (or a shape).
    pub fn ints(&mut self, key: &'static str, field: &mut Vec<i64>) {
        let get = |v: &AttrValue| if let AttrValue::Ints(x) = v { Some(x.clone()) } else { None };
        self.plain(key, field, "a list of integers", get, AttrValue::Ints);
    }

    /// A number field.
    pub fn float(&mut self, key: &'static str, field: &mut f64) {
        let get = |v: &AttrValue| if let AttrValue::Float(x) = v { Some(*x) } else { None };
        self.plain(key, field, "a number", get, AttrValue::Float);
    }

    /// A boolean field.
    pub fn flag(&mut self, key: &'static str, field: &mut bool) {
        let get = |v: &AttrValue| if let AttrValue::Bool(x) = v { Some(*x) } else { None };
        self.plain(key, field, "a boolean", get, AttrValue::Bool);
    }

    /// An element-type field.
    pub fn dtype(&mut self, key: &'static str, field: &mut DType) {
        let get = |v: &AttrValue| if let AttrValue::DType(x) = v { Some(*x) } else { None };
        self.plain(key, field, "an element type", get, AttrValue::DType);
    }

    /// A field of an enum type, whose values are `all`, each written as its `name`.
    pub fn word<T: Copy>(&mut self, key: &'static str, field: &mut T, all: &[T], name: fn(T) -> &'static str) {
        match self.value(key).cloned() {
            Some(AttrValue::Word(w)) => match all.iter().copied().find(|&t| name(t) == w) {
                Some(t) => *field = t,
                None => self.fail(DeclError::UnknownWord { op: self.op, key, word: w.to_string() }),
            },
            Some(other) => self.mismatch(key, "a word", &other),
            None if self.read.is_none() => self.written.set(key, AttrValue::Word(name(*field))),
            None => {}
        }
    }

    /// Checks that the fields visited are exactly the declared attributes.
    fn finish(self, decl: &OpDecl) -> Result<AttrValues, DeclError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let declared: Vec<&'static str> = decl.attrs.iter().map(|a| a.key).collect();
        let mut visited = self.visited.clone();
        visited.sort_unstable();
        let mut expected = declared.clone();
        expected.sort_unstable();
        if visited != expected {
            return Err(DeclError::Fields { op: decl.name });
        }
        let mut values = AttrValues::default();
        for key in declared {
            if let Some(v) = self.written.get(key) {
                values.0.push((key, v.clone()));
            }
        }
        Ok(values)
    }
}

impl OpDecl {
    /// An op whose every codec is derived from its declaration.
    pub const fn derived(
        name: &'static str,
        stablehlo: &'static [&'static str],
        attrs: &'static [AttrDecl],
        empty: fn() -> OpKind,
        fields: fn(&mut OpKind, &mut Fields<'_>),
    ) -> OpDecl {
        OpDecl {
            name,
            stablehlo,
            attrs,
            build: Some(Build { empty, fields }),
            config: Codec::Derived,
            import: Codec::Derived,
            export: Codec::Derived,
        }
    }

    /// An op whose attributes only hand-written codecs read and write, for `why`.
    pub const fn by_hand(
        name: &'static str,
        stablehlo: &'static [&'static str],
        attrs: &'static [AttrDecl],
        why: &'static str,
    ) -> OpDecl {
        let codec = Codec::ByHand(why);
        OpDecl { name, stablehlo, attrs, build: None, config: codec, import: codec, export: codec }
    }

    /// The same op, read from configs by hand, for `why`.
    pub const fn config_by_hand(self, why: &'static str) -> OpDecl {
        OpDecl { config: Codec::ByHand(why), ..self }
    }

    /// The same op, read from StableHLO by hand, for `why`.
    pub const fn import_by_hand(self, why: &'static str) -> OpDecl {
        OpDecl { import: Codec::ByHand(why), ..self }
    }

    /// The same op, written as StableHLO by hand, for `why`.
    pub const fn export_by_hand(self, why: &'static str) -> OpDecl {
        OpDecl { export: Codec::ByHand(why), ..self }
    }

    /// The same op, which StableHLO lacks: never read from it, written as what it
    /// computes (`how`).
    pub const fn not_in_stablehlo(self, how: &'static str) -> OpDecl {
        OpDecl { import: Codec::Absent, export: Codec::ByHand(how), ..self }
    }

    /// The same op with attributes `attrs`, whose fields `fields` visits (for an op
    /// made with [`OpDecl::derived`]).
    pub const fn with(self, attrs: &'static [AttrDecl], fields: fn(&mut OpKind, &mut Fields<'_>)) -> OpDecl {
        let build = match self.build {
            Some(b) => Some(Build { empty: b.empty, fields }),
            None => None,
        };
        OpDecl { attrs, build, ..self }
    }

    /// The keys of its attributes in the config language, in order.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.attrs.iter().map(|a| a.key)
    }

    /// The attribute `key`, if declared.
    pub fn attr(&self, key: &str) -> Option<&'static AttrDecl> {
        self.attrs.iter().find(|a| a.key == key)
    }

    /// The op of this declaration with attribute `values` (every attribute set).
    pub fn build(&self, values: &AttrValues) -> Result<OpKind, DeclError> {
        let build = self.build.ok_or(DeclError::NotDerived { op: self.name })?;
        let mut kind = (build.empty)();
        let mut fields = Fields { op: self.name, read: Some(values), ..Fields::empty(self.name) };
        (build.fields)(&mut kind, &mut fields);
        fields.finish(self)?;
        Ok(kind)
    }

    /// The attribute values of `kind`, an op of this declaration, in declaration order.
    pub fn values(&self, kind: &OpKind) -> Result<AttrValues, DeclError> {
        let build = self.build.ok_or(DeclError::NotDerived { op: self.name })?;
        let mut kind = kind.clone();
        let mut fields = Fields::empty(self.name);
        (build.fields)(&mut kind, &mut fields);
        fields.finish(self)
    }
}

impl Fields<'_> {
    fn empty(op: &'static str) -> Self {
        Fields { op, read: None, written: AttrValues::default(), visited: Vec::new(), error: None }
    }
}

impl AttrDecl {
    /// Attribute `key` of `kind`, required in configs, not in StableHLO.
    pub const fn new(key: &'static str, kind: AttrKind) -> AttrDecl {
        AttrDecl { key, kind, default: None, hlo: Spelling::Absent }
    }

    /// The same attribute, `default` when a config leaves it out.
    pub const fn or(self, default: AttrDefault) -> AttrDecl {
        AttrDecl { default: Some(default), ..self }
    }

    /// The same attribute, spelt `hlo` in StableHLO.
    pub const fn hlo(self, hlo: Spelling) -> AttrDecl {
        AttrDecl { hlo, ..self }
    }

    /// Whether its value is plain (not [`AttrKind::Other`]).
    pub fn is_plain(&self) -> bool {
        !matches!(self.kind, AttrKind::Other(_))
    }
}

impl Spelling {
    /// The named attribute `generic` of MLIR type `ty`, the same in the pretty form,
    /// required.
    pub const fn attr(generic: &'static str, ty: HloType) -> Spelling {
        Spelling::Attr(HloAttr { generic, pretty: Pretty::Same, ty, default: None })
    }

    /// The same attribute, written `pretty` in the pretty form.
    pub const fn pretty(self, pretty: Pretty) -> Spelling {
        match self {
            Spelling::Attr(a) => Spelling::Attr(HloAttr { pretty, ..a }),
            other => other,
        }
    }

    /// The same attribute, `default` when a module leaves it out.
    pub const fn or(self, default: AttrDefault) -> Spelling {
        match self {
            Spelling::Attr(a) => Spelling::Attr(HloAttr { default: Some(default), ..a }),
            other => other,
        }
    }

    /// Whether the generic reader can read it (a named attribute or a result type).
    pub fn is_readable(&self) -> bool {
        matches!(self, Spelling::Attr(_) | Spelling::ResultShape(_) | Spelling::ResultDType(_))
    }
}
