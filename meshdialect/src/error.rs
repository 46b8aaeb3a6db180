//! The crate's error: a text that does not read (with its column), or a sharding or
//! mesh that breaks a rule of the dialect (with MLIR's message).

use thiserror::Error;

/// Reading or verifying a `mesh` dialect form failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text is not the form: where reading stopped (1-based column of the
    /// one-line form) and what was expected there.
    #[error("1:{column}: {message}")]
    Parse {
        /// The 1-based column, in characters.
        column: usize,
        /// What was expected and what was found.
        message: String,
    },
    /// The form reads but breaks a rule of the dialect; the message is MLIR's.
    #[error("{0}")]
    Verify(String),
}

/// A result of this crate.
pub type Result<T> = std::result::Result<T, Error>;
