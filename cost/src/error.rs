//! The cost layer's error type.

use thiserror::Error;

/// What can go wrong when pricing a plan.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The model layer rejected something: a sharding, a reshard, a program.
    #[error(transparent)]
    Model(#[from] autoshard_model::Error),
    /// A plan does not fit the program it is priced against.
    #[error("{0}")]
    Plan(String),
    /// A cost profile is malformed.
    #[error("invalid cost profile: {0}")]
    Profile(String),
    /// A cost profile file could not be read or is malformed (the message names the
    /// file).
    #[error("{0}")]
    ProfileFile(String),
}

/// The cost layer's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
