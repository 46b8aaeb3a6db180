//! The executor layer's error type.

use thiserror::Error;

/// Everything that can stop an execution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The number of input tensors differs from the program's inputs.
    #[error("the program has {expected} inputs but {actual} tensors were given")]
    InputCount {
        /// The program's inputs.
        expected: usize,
        /// The tensors given.
        actual: usize,
    },
    /// An input tensor has the wrong shape.
    #[error("input \"{name}\" must have shape {expected:?}, got {actual:?}")]
    InputShape {
        /// The input's name.
        name: String,
        /// The declared shape.
        expected: Vec<usize>,
        /// The given shape.
        actual: Vec<usize>,
    },
    /// An op cannot be executed.
    #[error("op \"{op}\" ({kind}) cannot be executed: {reason}")]
    Unsupported {
        /// The op's name.
        op: String,
        /// The op's kind.
        kind: String,
        /// Why.
        reason: String,
    },
    /// A plan does not fit the program it is run with: a sharding of the wrong rank
    /// or mesh, an axis used twice, a strategy its op's rule rejects.
    #[error("invalid plan: {0}")]
    Plan(String),
    /// A collective is malformed or its devices disagree (shapes, roots, a device
    /// that never arrived within the time limit).
    #[error("collective: {0}")]
    Collective(String),
    /// A device stopped waiting because another device failed or timed out first
    /// (the reason); a run reports the first device's own error instead.
    #[error("collective: aborted: {0}")]
    Aborted(String),
}

impl Error {
    /// The error of `op`, which cannot run, for `reason`.
    pub(crate) fn unsupported(op: &autoshard_model::ir::Op, reason: String) -> Error {
        Error::Unsupported { op: op.name.clone(), kind: op.kind.name().into(), reason }
    }
}

/// Why a kernel of the reference interpreter cannot run an op on the tensors it is
/// given (an attribute that does not fit them, an op it has no kernel for). Callers
/// that know the op report it as [`Error::Unsupported`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct KernelError {
    /// What is wrong.
    pub reason: String,
}

impl From<String> for KernelError {
    fn from(reason: String) -> Self {
        KernelError { reason }
    }
}

/// The executor layer's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
