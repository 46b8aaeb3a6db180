//! How partial values combine: the dialect's `ReductionKind`, written bare (`sum`,
//! `max`, ...) inside a sharding and `#mesh.partial<max>` standalone.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A reduction of partial values across mesh axes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReductionKind {
    /// `sum` (the default).
    Sum,
    /// `max`.
    Max,
    /// `min`.
    Min,
    /// `product`.
    Product,
    /// `average`.
    Average,
    /// `bitwise_and`.
    BitwiseAnd,
    /// `bitwise_or`.
    BitwiseOr,
    /// `bitwise_xor`.
    BitwiseXor,
    /// `generic`: a reduction the dialect does not name.
    Generic,
}

impl ReductionKind {
    /// Every kind, in the dialect's order.
    pub const ALL: [ReductionKind; 9] = [
        ReductionKind::Sum,
        ReductionKind::Max,
        ReductionKind::Min,
        ReductionKind::Product,
        ReductionKind::Average,
        ReductionKind::BitwiseAnd,
        ReductionKind::BitwiseOr,
        ReductionKind::BitwiseXor,
        ReductionKind::Generic,
    ];

    /// The bare keyword.
    pub fn as_str(self) -> &'static str {
        match self {
            ReductionKind::Sum => "sum",
            ReductionKind::Max => "max",
            ReductionKind::Min => "min",
            ReductionKind::Product => "product",
            ReductionKind::Average => "average",
            ReductionKind::BitwiseAnd => "bitwise_and",
            ReductionKind::BitwiseOr => "bitwise_or",
            ReductionKind::BitwiseXor => "bitwise_xor",
            ReductionKind::Generic => "generic",
        }
    }

    /// The kind named by the bare keyword `word`.
    pub fn from_keyword(word: &str) -> Option<ReductionKind> {
        ReductionKind::ALL.into_iter().find(|k| k.as_str() == word)
    }
}

impl fmt::Display for ReductionKind {
    /// The standalone attribute, `#mesh.partial<max>`; [`ReductionKind::as_str`] is
    /// the bare keyword.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#mesh.partial<{}>", self.as_str())
    }
}

impl FromStr for ReductionKind {
    type Err = Error;
    /// `#mesh.partial<max>`, or the bare keyword.
    fn from_str(s: &str) -> Result<Self> {
        let t = s.trim();
        let word = t.strip_prefix("#mesh.partial<").and_then(|r| r.strip_suffix('>')).unwrap_or(t).trim();
        ReductionKind::from_keyword(word).ok_or_else(|| {
            let known: Vec<&str> = ReductionKind::ALL.iter().map(|k| k.as_str()).collect();
            Error::Parse {
                column: 1,
                message: format!("unknown reduction '{word}': expected one of {}", known.join(", ")),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_in_both_forms() {
        for kind in ReductionKind::ALL {
            assert_eq!(kind.to_string().parse::<ReductionKind>(), Ok(kind));
            assert_eq!(kind.as_str().parse::<ReductionKind>(), Ok(kind));
        }
        assert!("mean".parse::<ReductionKind>().unwrap_err().to_string().contains("expected one of sum, max"));
    }
}
