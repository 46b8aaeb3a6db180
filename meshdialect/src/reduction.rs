//! How partial values combine: the dialect's `ReductionKind`, written bare (`sum`,
//! `max`, ...) inside a sharding and `#mesh.partial<max>` standalone, read into the
//! model's [`ReductionKind`] (the dialect's keywords are the model's).

use crate::error::{Error, Result};
use autoshard_model::ReductionKind;
use std::fmt;
use std::str::FromStr;

/// A reduction of partial values across mesh axes: one of the model's kinds, or
/// `Reduction(None)` for the dialect's `generic`, a reduction it does not name and
/// that has no combining function to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reduction(pub Option<ReductionKind>);

impl Reduction {
    /// `sum`, the default.
    pub const SUM: Reduction = Reduction(Some(ReductionKind::Sum));

    /// Every reduction, in the dialect's order (`generic` last).
    pub const ALL: [Reduction; 9] = [
        Reduction(Some(ReductionKind::Sum)),
        Reduction(Some(ReductionKind::Max)),
        Reduction(Some(ReductionKind::Min)),
        Reduction(Some(ReductionKind::Product)),
        Reduction(Some(ReductionKind::Average)),
        Reduction(Some(ReductionKind::BitwiseAnd)),
        Reduction(Some(ReductionKind::BitwiseOr)),
        Reduction(Some(ReductionKind::BitwiseXor)),
        Reduction(None),
    ];

    /// The bare keyword.
    pub fn as_str(self) -> &'static str {
        self.0.map_or("generic", ReductionKind::keyword)
    }

    /// The reduction named by the bare keyword `word`.
    pub fn from_keyword(word: &str) -> Option<Reduction> {
        Reduction::ALL.into_iter().find(|k| k.as_str() == word)
    }
}

impl fmt::Display for Reduction {
    /// The standalone attribute, `#mesh.partial<max>`; [`Reduction::as_str`] is
    /// the bare keyword.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#mesh.partial<{}>", self.as_str())
    }
}

impl FromStr for Reduction {
    type Err = Error;
    /// `#mesh.partial<max>`, or the bare keyword.
    fn from_str(s: &str) -> Result<Self> {
        let t = s.trim();
        let word = t.strip_prefix("#mesh.partial<").and_then(|r| r.strip_suffix('>')).unwrap_or(t).trim();
        Reduction::from_keyword(word).ok_or_else(|| {
            let known: Vec<&str> = Reduction::ALL.iter().map(|k| k.as_str()).collect();
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
        for kind in Reduction::ALL {
            assert_eq!(kind.to_string().parse::<Reduction>(), Ok(kind));
            assert_eq!(kind.as_str().parse::<Reduction>(), Ok(kind));
        }
        assert!("mean".parse::<Reduction>().unwrap_err().to_string().contains("expected one of sum, max"));
    }
}
