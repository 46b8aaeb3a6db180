//! The generic structure of an MLIR module, whatever its dialect: a module of
//! aliases and functions, a function's signature and body, blocks and their
//! arguments, operations with the values they define and use. A dialect supplies
//! its types (`T`), attribute dictionaries (`D`), attributes (`A`) and ops (`O`);
//! [`crate::Syntax`] reads this structure with the dialect's hooks.

use crate::location::Location;
use std::fmt;

/// A use of a value: `%name` or `%name#2` (result 2 of a multi-result op).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ValueRef {
    /// The name without `%`.
    pub name: String,
    /// Which result of a multi-result group, if written.
    pub index: Option<u32>,
}

impl ValueRef {
    /// `%name`.
    pub fn new(name: impl Into<String>) -> Self {
        ValueRef { name: name.into(), index: None }
    }

    /// `%name#index`.
    pub fn result(name: impl Into<String>, index: u32) -> Self {
        ValueRef { name: name.into(), index: Some(index) }
    }

    /// Its SSA id, the text after `%`: `name` or `name#index`.
    pub fn id(&self) -> String {
        match self.index {
            Some(i) => format!("{}#{i}", self.name),
            None => self.name.clone(),
        }
    }
}

/// A reference equals the SSA id it refers to (`name`, `name#2`).
impl PartialEq<str> for ValueRef {
    fn eq(&self, id: &str) -> bool {
        match self.index {
            None => self.name == id,
            Some(i) => id.split_once('#').is_some_and(|(name, index)| name == self.name && index == i.to_string()),
        }
    }
}

impl PartialEq<String> for ValueRef {
    fn eq(&self, id: &String) -> bool {
        self == id.as_str()
    }
}

impl PartialEq<ValueRef> for String {
    fn eq(&self, value: &ValueRef) -> bool {
        value == self.as_str()
    }
}

impl fmt::Display for ValueRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.name)?;
        if let Some(i) = self.index {
            write!(f, "#{i}")?;
        }
        Ok(())
    }
}

/// The results an op defines: `%name` (one) or `%name:3`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResultGroup {
    /// The name without `%`.
    pub name: String,
    /// How many results.
    pub count: u32,
}

impl ResultGroup {
    /// The values the group defines: `%name` for one, `%name#0`, `%name#1`… for more.
    pub fn values(&self) -> impl Iterator<Item = ValueRef> + '_ {
        let single = self.count == 1;
        (0..self.count).map(move |i| if single { ValueRef::new(&self.name) } else { ValueRef::result(&self.name, i) })
    }
}

/// A block argument, `%arg1: tensor<4xf32>`. Equality ignores the location.
#[derive(Debug, Clone, Eq)]
pub struct BlockArg<T> {
    /// The name without `%`.
    pub name: String,
    /// Its type.
    pub ty: T,
    /// Where it is declared (ignored by equality).
    pub loc: Location,
}

impl<T> BlockArg<T> {
    /// `%name: ty`, declared nowhere in particular (built, not read).
    pub fn new(name: impl Into<String>, ty: T) -> Self {
        BlockArg { name: name.into(), ty, loc: Location::default() }
    }
}

impl<T: PartialEq> PartialEq for BlockArg<T> {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, &self.ty) == (&other.name, &other.ty)
    }
}

/// A block: optional label (`^bb0`), arguments and ops (the last one its terminator).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block<T, O> {
    /// The label without `^`, when written.
    pub label: Option<String>,
    /// The arguments.
    pub args: Vec<BlockArg<T>>,
    /// The ops in order.
    pub ops: Vec<Operation<O>>,
}

impl<T, O> Default for Block<T, O> {
    fn default() -> Self {
        Block { label: None, args: Vec::new(), ops: Vec::new() }
    }
}

/// One op with the values it defines and where it was written. Equality ignores
/// the locations, as MLIR's operation equivalence does: a module printed and read
/// back equals the original although its ops moved.
#[derive(Debug, Clone, Eq)]
pub struct Operation<O> {
    /// The result groups (`%a, %b:2 = …`), none for an op without results.
    pub results: Vec<ResultGroup>,
    /// The op, in the dialect's terms.
    pub op: O,
    /// Where the op starts in its source (ignored by equality).
    pub loc: Location,
    /// Its trailing location as written, the text inside `loc(…)` (`#loc12`,
    /// `"train.py":3:8`), if it has one (ignored by equality).
    pub trailing_loc: Option<String>,
}

impl<O> Operation<O> {
    /// `op` defining `results`, written nowhere in particular (built, not read).
    pub fn new(results: Vec<ResultGroup>, op: O) -> Self {
        Operation { results, op, loc: Location::default(), trailing_loc: None }
    }

    /// The first result group, for dialects whose ops define one.
    pub fn result_group(&self) -> Option<&ResultGroup> {
        self.results.first()
    }

    /// Every value the op defines, in order.
    pub fn result_values(&self) -> impl Iterator<Item = ValueRef> + '_ {
        self.results.iter().flat_map(ResultGroup::values)
    }

    /// The SSA ids of the values the op defines, in order ([`ValueRef::id`]).
    pub fn result_ids(&self) -> Vec<String> {
        self.result_values().map(|v| v.id()).collect()
    }

    /// How many values the op defines.
    pub fn result_count(&self) -> usize {
        self.results.iter().map(|r| r.count as usize).sum()
    }
}

/// An operation reads as its op: `operation.name` for `operation.op.name`, as an
/// MLIR op class wraps its `Operation`.
impl<O> std::ops::Deref for Operation<O> {
    type Target = O;

    fn deref(&self) -> &O {
        &self.op
    }
}

impl<O: PartialEq> PartialEq for Operation<O> {
    fn eq(&self, other: &Self) -> bool {
        (&self.results, &self.op) == (&other.results, &other.op)
    }
}

/// A function argument: `%arg0: type {attrs}` (unnamed in a declaration).
/// Equality ignores the location.
#[derive(Debug, Clone, Eq)]
pub struct FuncArg<T, D> {
    /// The name without `%` (empty for a declaration's unnamed argument).
    pub name: String,
    /// The type.
    pub ty: T,
    /// The argument's attributes.
    pub attrs: D,
    /// Where it is declared (ignored by equality).
    pub loc: Location,
}

impl<T, D> FuncArg<T, D> {
    /// `%name: ty {attrs}`, declared nowhere in particular (built, not read).
    pub fn new(name: impl Into<String>, ty: T, attrs: D) -> Self {
        FuncArg { name: name.into(), ty, attrs, loc: Location::default() }
    }
}

impl<T: PartialEq, D: PartialEq> PartialEq for FuncArg<T, D> {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, &self.ty, &self.attrs) == (&other.name, &other.ty, &other.attrs)
    }
}

/// A function result: `type {attrs}`. Equality ignores the location.
#[derive(Debug, Clone, Eq)]
pub struct FuncResult<T, D> {
    /// The type.
    pub ty: T,
    /// The result's attributes.
    pub attrs: D,
    /// Where it is declared (ignored by equality).
    pub loc: Location,
}

impl<T, D> FuncResult<T, D> {
    /// `ty {attrs}`, declared nowhere in particular (built, not read).
    pub fn new(ty: T, attrs: D) -> Self {
        FuncResult { ty, attrs, loc: Location::default() }
    }
}

impl<T: PartialEq, D: PartialEq> PartialEq for FuncResult<T, D> {
    fn eq(&self, other: &Self) -> bool {
        (&self.ty, &self.attrs) == (&other.ty, &other.attrs)
    }
}

/// `func.func`: a function's signature and, unless it is a declaration, its body.
/// Equality ignores the location, as for [`Operation`].
#[derive(Debug, Clone, Eq)]
pub struct Func<T, D, O> {
    /// The symbol name without `@`.
    pub name: String,
    /// `public` or `private`, when written.
    pub visibility: Option<String>,
    /// The arguments.
    pub args: Vec<FuncArg<T, D>>,
    /// The results.
    pub results: Vec<FuncResult<T, D>>,
    /// The function's attributes.
    pub attrs: D,
    /// The body (`None` for a declaration).
    pub body: Option<Block<T, O>>,
    /// Where the function starts (ignored by equality).
    pub loc: Location,
}

impl<T: PartialEq, D: PartialEq, O: PartialEq> PartialEq for Func<T, D, O> {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, &self.visibility, &self.args, &self.results, &self.attrs, &self.body)
            == (&other.name, &other.visibility, &other.args, &other.results, &other.attrs, &other.body)
    }
}

impl<T: Clone, D, O> Func<T, D, O> {
    /// True when the function is public (the default).
    pub fn is_public(&self) -> bool {
        self.visibility.as_deref().is_none_or(|v| v == "public")
    }

    /// The argument types.
    pub fn arg_types(&self) -> Vec<T> {
        self.args.iter().map(|a| a.ty.clone()).collect()
    }

    /// The result types.
    pub fn result_types(&self) -> Vec<T> {
        self.results.iter().map(|r| r.ty.clone()).collect()
    }
}

/// A module: its aliases in order (uses are read expanded), its name and
/// attributes, its other top-level ops (a StableHLO module's `sdy.mesh`es), then its
/// functions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module<T, A, D, O> {
    /// Type aliases `!name = type`, in order.
    pub type_aliases: Vec<(String, T)>,
    /// Attribute aliases `#name = attr`, in order.
    pub attr_aliases: Vec<(String, A)>,
    /// `module @name`, when written.
    pub name: Option<String>,
    /// `module attributes {…}`.
    pub attrs: D,
    /// The top-level ops that are not functions, in order (printed before them).
    pub ops: Vec<Operation<O>>,
    /// The functions.
    pub funcs: Vec<Func<T, D, O>>,
}

impl<T, A, D: Default, O> Default for Module<T, A, D, O> {
    fn default() -> Self {
        Module {
            type_aliases: Vec::new(),
            attr_aliases: Vec::new(),
            name: None,
            attrs: D::default(),
            ops: Vec::new(),
            funcs: Vec::new(),
        }
    }
}

impl<T, A, D, O> Module<T, A, D, O> {
    /// The function named `name`.
    pub fn func(&self, name: &str) -> Option<&Func<T, D, O>> {
        self.funcs.iter().find(|f| f.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_references_name_their_ssa_ids() {
        let group = ResultGroup { name: "r".into(), count: 2 };
        let values: Vec<ValueRef> = group.values().collect();
        assert_eq!(values, [ValueRef::result("r", 0), ValueRef::result("r", 1)]);
        assert_eq!(values[1].id(), "r#1");
        assert!(values[1] == *"r#1" && values[1] != *"r#0" && values[1] != *"r");
        let single: Vec<String> = ResultGroup { name: "x".into(), count: 1 }.values().map(|v| v.id()).collect();
        assert_eq!(single, ["x"]);
        let id = String::from("x");
        assert!(ValueRef::new("x") == *"x" && id == ValueRef::new("x"));
        let op = Operation::new(vec![ResultGroup { name: "a".into(), count: 1 }, group], ());
        assert_eq!((op.result_count(), op.result_ids()), (3, vec!["a".into(), "r#0".into(), "r#1".into()]));
    }
}
