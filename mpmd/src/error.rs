//! The crate's error type: where in the source (`file:line:col`) and what is wrong,
//! with Shardy's and MLIR's wording so that `expected-error` texts match.

pub use autoshard_mlir::Location;
use autoshard_mlir::SyntaxError;
use thiserror::Error;

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

impl From<SyntaxError> for Error {
    fn from(e: SyntaxError) -> Self {
        Error::Parse { loc: e.location, message: e.message }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
