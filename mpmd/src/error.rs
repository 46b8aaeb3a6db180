//! The crate's error type: where in the source (`file:line:col`) and what is wrong,
//! with Shardy's and MLIR's wording so that `expected-error` texts match.

use std::fmt;
use thiserror::Error;

/// A position in an MPMD source text. Locations take no part in equality: a module
/// printed and read back equals the original although its ops moved.
#[derive(Debug, Clone, Default, Eq)]
pub struct Location {
    /// The file (or `<string>` for a standalone text form).
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
}

impl Location {
    /// The location of byte `offset` of `source`, in `file`.
    pub fn at(file: &str, source: &str, offset: usize) -> Self {
        let before = source.get(..offset.min(source.len())).unwrap_or(source);
        let line = before.matches('\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() as u32 + 1;
        Location { file: file.to_string(), line, col }
    }
}

impl PartialEq for Location {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Everything that can go wrong reading or verifying an MPMD module.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text is not a well-formed module (MLIR's parser errors).
    #[error("{loc}: {message}")]
    Parse {
        /// Where reading stopped.
        loc: Location,
        /// What was expected and what was found.
        message: String,
    },
    /// The module is well-formed but breaks a rule of the dialect (Shardy's verifiers).
    #[error("{loc}: {message}")]
    Verify {
        /// The offending op (or function).
        loc: Location,
        /// What is wrong, expected vs actual.
        message: String,
    },
}

impl Error {
    /// The message without the location.
    pub fn message(&self) -> &str {
        match self {
            Error::Parse { message, .. } | Error::Verify { message, .. } => message,
        }
    }

    /// Where the error is.
    pub fn location(&self) -> &Location {
        match self {
            Error::Parse { loc, .. } | Error::Verify { loc, .. } => loc,
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
