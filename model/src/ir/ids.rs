//! Typed ids of the program IR, printed with a prefix (`v3`, `op2`).
//!
//! Ids index the program's arenas; they are only meaningful for the program that
//! issued them, and are never reused within it.

use std::fmt;

/// A value (an input, an op result or a body argument) of a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub(crate) u32);

/// An op of a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub(crate) u32);

impl ValueId {
    /// The position of the value in its program's value arena.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl OpId {
    /// The position of the op in its program's op arena.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ValueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Display for OpId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "op{}", self.0)
    }
}
