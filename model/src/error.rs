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
    /// A sharding rule is invalid, or does not fit the op it is attached to.
    #[error("{0}")]
    Rule(String),
    /// A reshard cannot be planned, or a collective does not apply to the sharding
    /// it is given.
    #[error("{0}")]
    Reshard(String),
    /// A program is malformed: an op's operands or attributes do not fit its inputs.
    #[error("{0}")]
    Program(String),
}

impl Error {
    /// The byte offset of a parse error, if this is one.
    pub fn offset(&self) -> Option<usize> {
        match self {
            Error::Parse { offset, .. } => Some(*offset),
            _ => None,
        }
    }
}

/// The model layer's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
