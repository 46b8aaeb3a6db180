//! The cost layer's error type, and the lookup of a named kind (`by_name`).

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
    /// A solver option is out of range (`SolverOptions`'s setters say what they
    /// expected and got).
    #[error("{0}")]
    Options(String),
}

/// The cost layer's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The item of `all` whose `name` is `s`, or an error naming `what` it should have
/// been and every name: how presets, kernel classes and a profile's collectives are
/// read.
pub(crate) fn by_name<T: Copy>(all: &[T], name: fn(T) -> &'static str, what: &str, s: &str) -> Result<T, String> {
    all.iter().copied().find(|&x| name(x) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&x| name(x)).collect();
        format!("unknown {what} '{s}' (expected one of {})", names.join(", "))
    })
}
