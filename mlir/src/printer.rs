//! The one printer of the generic module structure ([`crate::structure`]), in
//! MLIR's layout: `module {`, two spaces per nesting level, aliases printed as
//! definitions before the module, a function's signature with its attributes, and
//! each op's results before the dialect's own text of the op ([`PrintOp`]).

use crate::literal::write_symbol;
use crate::structure::{Block, Func, Module, Operation};
use std::fmt::{self, Display, Write};

/// What the printer needs of a dialect's attribute dictionary.
pub trait Dict: Display {
    /// Whether it holds no attribute (then it is not printed).
    fn is_empty(&self) -> bool;
}

/// A dialect's op as the printer writes it: the text after its results (`%0 = `),
/// with nested blocks at `level` + 1 ([`write_block_ops`]).
pub trait PrintOp {
    /// Whether a function signature's results are always written in parentheses
    /// (`-> (tensor<4xf32>)`, `-> ()` for none), as autoshard's StableHLO writer
    /// writes them. By default (MLIR's own layout) a single result without
    /// attributes is written bare and no results not at all.
    const PARENTHESIZED_RESULTS: bool = false;

    /// Writes the op's name and the rest of its text.
    fn write<W: Write>(&self, f: &mut W, level: usize) -> fmt::Result;
}

/// Two spaces per nesting level.
pub fn indent(f: &mut impl Write, level: usize) -> fmt::Result {
    for _ in 0..level {
        f.write_str("  ")?;
    }
    Ok(())
}

/// ` {attrs}` when there are any.
pub fn write_attrs(f: &mut impl Write, attrs: &impl Dict) -> fmt::Result {
    if attrs.is_empty() { Ok(()) } else { write!(f, " {attrs}") }
}

/// A function at `level`: `func.func (visibility)? @name(args) -> results
/// (attributes {…})? { body }`; a single result without attributes is written bare
/// unless its type starts with `(` (a function type) or the dialect parenthesizes
/// results ([`PrintOp::PARENTHESIZED_RESULTS`]).
pub fn write_func<T: Display, D: Dict, O: PrintOp>(
    f: &mut impl Write,
    func: &Func<T, D, O>,
    level: usize,
) -> fmt::Result {
    indent(f, level)?;
    f.write_str("func.func ")?;
    if let Some(v) = &func.visibility {
        write!(f, "{v} ")?;
    }
    write_symbol(f, &func.name)?;
    f.write_str("(")?;
    for (i, arg) in func.args.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        if !arg.name.is_empty() {
            write!(f, "%{}: ", arg.name)?;
        }
        write!(f, "{}", arg.ty)?;
        write_attrs(f, &arg.attrs)?;
    }
    f.write_str(")")?;
    match func.results.as_slice() {
        [] if !O::PARENTHESIZED_RESULTS => {}
        [one] if !O::PARENTHESIZED_RESULTS && one.attrs.is_empty() && !one.ty.to_string().starts_with('(') => {
            write!(f, " -> {}", one.ty)?
        }
        results => {
            f.write_str(" -> (")?;
            for (i, r) in results.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{}", r.ty)?;
                write_attrs(f, &r.attrs)?;
            }
            f.write_str(")")?;
        }
    }
    if !func.attrs.is_empty() {
        write!(f, " attributes {}", func.attrs)?;
    }
    match &func.body {
        Some(body) => {
            f.write_str(" {\n")?;
            write_block_ops(f, body, level + 1)?;
            indent(f, level)?;
            f.write_str("}\n")
        }
        None => f.write_str("\n"),
    }
}

/// The ops of `block`, one per line at `level`.
pub fn write_block_ops<T, O: PrintOp>(f: &mut impl Write, block: &Block<T, O>, level: usize) -> fmt::Result {
    for op in &block.ops {
        write_op(f, op, level)?;
    }
    Ok(())
}

/// One op at `level`: its results (`%0 = `, `%0:2 = `), then the dialect's text.
pub fn write_op<O: PrintOp>(f: &mut impl Write, op: &Operation<O>, level: usize) -> fmt::Result {
    indent(f, level)?;
    for (i, r) in op.results.iter().enumerate() {
        write!(f, "{}%{}", if i > 0 { ", " } else { "" }, r.name)?;
        if r.count != 1 {
            write!(f, ":{}", r.count)?;
        }
    }
    if !op.results.is_empty() {
        f.write_str(" = ")?;
    }
    op.op.write(f, level)?;
    f.write_str("\n")
}

impl<T: Display, A: Display, D: Dict, O: PrintOp> Display for Module<T, A, D, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, ty) in &self.type_aliases {
            writeln!(f, "!{name} = {ty}")?;
        }
        for (name, attr) in &self.attr_aliases {
            writeln!(f, "#{name} = {attr}")?;
        }
        f.write_str("module ")?;
        if let Some(name) = &self.name {
            write_symbol(f, name)?;
            f.write_str(" ")?;
        }
        if !self.attrs.is_empty() {
            write!(f, "attributes {} ", self.attrs)?;
        }
        f.write_str("{\n")?;
        for op in &self.ops {
            write_op(f, op, 1)?;
        }
        for func in &self.funcs {
            write_func(f, func, 1)?;
        }
        f.write_str("}\n")
    }
}

impl<T: Display, D: Dict, O: PrintOp> Display for Func<T, D, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_func(f, self, 0)
    }
}

impl<O: PrintOp> Display for Operation<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_op(f, self, 0)
    }
}
