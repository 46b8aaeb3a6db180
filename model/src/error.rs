//! The model layer's error type.
//!
//! Every message names the offending thing and, where there is one, says what was
//! expected and what was found. Messages of the text forms and of the verifiers use
//! Shardy's wording, so an error from autoshard reads like the one `sdy_opt` would give
//! for the same attribute.

use thiserror::Error;

/// Everything that can go wrong in the model layer: reading a text form, verifying a
/// mesh, a sharding or a rule, and building or type-checking a program.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A text form could not be read. `offset` is the byte offset in the input where
    /// reading stopped.
    #[error("{message}")]
    Parse {
        /// Byte offset into the parsed string.
        offset: usize,
        /// What was expected and what was found.
        message: String,
    },
    /// A mesh violates one of the mesh constraints (axis sizes, device ids).
    #[error("{0}")]
    Mesh(String),
    /// A sharding is invalid for its mesh or its tensor.
    #[error("{0}")]
    Sharding(String),
    /// A sharding is invalid because of one of its axis references: `axis` names the
    /// axis and `nth` which of its occurrences in the sharding (0: the first), so
    /// that callers can point at it.
    #[error("{message}")]
    ShardingAxis {
        /// What is wrong.
        message: String,
        /// The offending axis's name.
        axis: String,
        /// Which occurrence of the axis in the sharding is at fault.
        nth: usize,
    },
    /// A sharding rule is invalid, or does not fit the op it is attached to.
    #[error("{0}")]
    Rule(String),
    /// A reshard cannot be planned, or a collective does not apply to the sharding
    /// it is given.
    #[error("{0}")]
    Reshard(String),
    /// An op's strategy does not fit its rule: a factor sharded twice or where it
    /// needs replication, an unknown axis, partial sums it cannot carry.
    #[error("{0}")]
    Strategy(String),
    /// A program is malformed: an op's operands or attributes do not fit its inputs.
    #[error("{0}")]
    Program(String),
    /// An op uses a value it cannot see (a region body's value from outside, or the
    /// reverse); `value` is its name.
    #[error("{message}")]
    OutOfScope {
        /// What is wrong.
        message: String,
        /// The value used.
        value: String,
    },
}

impl Error {
    /// The byte offset of a parse error, if this is one.
    pub fn offset(&self) -> Option<usize> {
        match self {
            Error::Parse { offset, .. } => Some(*offset),
            _ => None,
        }
    }

    /// A sharding error prefixed with `context` (what the sharding belongs to),
    /// keeping the offending axis if the error names one.
    pub fn in_sharding_context(self, context: &str) -> Error {
        match self {
            Error::ShardingAxis { message, axis, nth } => {
                Error::ShardingAxis { message: format!("{context}{message}"), axis, nth }
            }
            other => Error::Sharding(format!("{context}{other}")),
        }
    }
}

/// The model layer's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
