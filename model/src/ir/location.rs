//! Source locations: where in a source file (a config, a StableHLO module) a value or
//! an op was written ([`Location`], the MLIR text layer's), and the located error every
//! front end reports ([`Diagnostic`]).
//!
//! Carried by the IR so that errors found after parsing (shape inference, sharding
//! verification) still point at `FILE:LINE:COL`.

pub use autoshard_mlir::Location;
use std::fmt;

/// One error at one place in a source file, as every front end reports it:
/// `FILE:LINE:COL: error: MESSAGE`, with an optional hint on the next line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the offending text is.
    pub location: Location,
    /// What is wrong: what was expected and what was found.
    pub message: String,
    /// How to fix it, when there is something useful to say.
    pub hint: Option<String>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: error: {}", self.location, self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

/// Diagnostics one per line, in the order given: how every front end prints the
/// errors of one file.
#[derive(Debug, Clone, Copy)]
pub struct DiagnosticList<'a>(pub &'a [Diagnostic]);

impl fmt::Display for DiagnosticList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}
