//! The `mesh` dialect's layer on the shared MLIR lexer (`autoshard-mlir`): the
//! dialect's own list forms (`[1, 2]`, `[[0], []]`, static index lists), value
//! references with a result index (`%0#1`), and a [`SyntaxError`] turned into this
//! crate's [`Error::Parse`] at its column of the one-line form.

use crate::error::{Error, Result};
pub(crate) use autoshard_mlir::Cursor;
use autoshard_mlir::{SyntaxError, is_suffix_byte};
use std::fmt;

impl From<SyntaxError> for Error {
    fn from(e: SyntaxError) -> Self {
        Error::Parse { column: e.location.column as usize, message: e.message }
    }
}

/// An error at the cursor, as this crate's error.
pub(crate) fn fail<T>(c: &Cursor<'_>, message: impl Into<String>) -> Result<T> {
    Err(c.error(message).into())
}

/// `[a, b, ...]` of integers.
pub(crate) fn integer_list(c: &mut Cursor<'_>) -> Result<Vec<i64>> {
    c.expect("[")?;
    Ok(c.list("]", Cursor::integer)?)
}

/// `[[a, b], [], ...]`: one integer list per entry, at least one.
pub(crate) fn nested_integer_list(c: &mut Cursor<'_>) -> Result<Vec<Vec<i64>>> {
    c.expect("[")?;
    let mut out = Vec::new();
    loop {
        out.push(integer_list(c)?);
        if c.eat("]") {
            return Ok(out);
        }
        c.expect(",")?;
    }
}

/// A dynamic index list written with integers only (`[1, 2]`); an SSA value in it
/// (`[%h, 1]`) is refused, naming `what` the list holds and the `items` to write
/// instead.
pub(crate) fn static_index_list(c: &mut Cursor<'_>, what: &str, items: &str) -> Result<Vec<i64>> {
    c.expect("[")?;
    if c.peek_is("%") {
        return fail(c, format!("{what} given as SSA values are not supported: write the {items}"));
    }
    Ok(c.list("]", Cursor::integer)?)
}

/// `%name` or `%name#N` (a result of a multi-result op), without the `%`.
pub(crate) fn value_name(c: &mut Cursor<'_>) -> Result<String> {
    let mut name = c.value_name()?.to_string();
    if c.looking_at("#") {
        c.bump(1);
        name.push('#');
        name.push_str(c.take_while(is_suffix_byte));
    }
    Ok(name)
}

/// `[a, b, ...]`.
pub(crate) fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_str("[")?;
    autoshard_mlir::write_comma_separated(f, items)?;
    f.write_str("]")
}

/// `[[a, b], [], ...]`.
pub(crate) fn write_nested_list(f: &mut fmt::Formatter<'_>, lists: &[Vec<i64>]) -> fmt::Result {
    f.write_str("[")?;
    for (i, list) in lists.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_list(f, list)?;
    }
    f.write_str("]")
}
