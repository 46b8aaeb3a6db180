//! The `sdy` text forms' layer on the shared MLIR lexer (`autoshard-mlir`): the
//! parsers of the vocabulary types (`mesh.rs`, `sharding.rs`, `rule.rs`, ...) are
//! recursive-descent functions on its [`Cursor`], and a [`SyntaxError`] becomes this
//! layer's [`Error::Parse`] at the byte offset where reading stopped, with MLIR's
//! wording (`expected ']'`, `expected string`).

use crate::error::{Error, Result};
pub(crate) use autoshard_mlir::Cursor;
use autoshard_mlir::SyntaxError;
pub use autoshard_mlir::{unescape_string, write_comma_separated, write_string, write_symbol};

impl From<SyntaxError> for Error {
    fn from(e: SyntaxError) -> Self {
        Error::Parse { offset: e.offset, message: e.message }
    }
}

/// Parses all of `src` with `parse`, failing on trailing text.
pub(crate) fn parse_all<'a, T>(src: &'a str, parse: impl FnOnce(&mut Cursor<'a>) -> Result<T>) -> Result<T> {
    let mut cursor = Cursor::new(src);
    let value = parse(&mut cursor)?;
    cursor.finish()?;
    Ok(value)
}

/// Reads a comma-separated list up to `close` (the opening delimiter has been read);
/// a missing separator fails as Shardy's parsers do, with `expected 'CLOSE'`.
pub(crate) fn list<'a, T>(
    cursor: &mut Cursor<'a>,
    close: &str,
    item: impl FnMut(&mut Cursor<'a>) -> Result<T>,
) -> Result<Vec<T>> {
    cursor.list_with(close, |c| c.error(format!("expected '{close}'")).into(), item)
}
