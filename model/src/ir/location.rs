//! Source locations: where in a config file a value or an op was written.
//!
//! Carried by the IR so that errors found after parsing (shape inference, sharding
//! verification) still point at `FILE:LINE:COL`.

use std::fmt;
use std::sync::Arc;

/// A 1-based line and column in a named source file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The file name as the user gave it.
    pub file: Arc<str>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}
