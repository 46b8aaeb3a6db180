//! Every error of one config file ([`ConfigError`]: the model's located
//! [`Diagnostic`]s, sorted by position) and the "did you mean" hints.

pub use autoshard_model::Diagnostic;
use autoshard_model::DiagnosticList;

/// Every error found in one config file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", DiagnosticList(&self.diagnostics))]
pub struct ConfigError {
    /// The errors, sorted by line and column.
    pub diagnostics: Vec<Diagnostic>,
}

impl From<autoshard_stablehlo::ImportError> for ConfigError {
    fn from(e: autoshard_stablehlo::ImportError) -> Self {
        ConfigError { diagnostics: e.diagnostics }
    }
}

/// The names among `candidates` closest to `name` (at most three, closest first), for
/// "did you mean" hints.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut scored: Vec<(f64, &str)> =
        candidates.into_iter().map(|c| (strsim::jaro_winkler(name, c), c)).filter(|(score, _)| *score >= 0.8).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// "did you mean "a" or "b"?" for the closest candidates, if any.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let close = closest(name, candidates);
    if close.is_empty() {
        return None;
    }
    let quoted: Vec<String> = close.iter().map(|c| format!("'{c}'")).collect();
    Some(format!("did you mean {}?", quoted.join(" or ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names() {
        assert_eq!(closest("dot_genral", ["dot_general", "dot", "add"]), vec!["dot_general", "dot"]);
        assert_eq!(did_you_mean("zzz", ["dot_general"]), None);
    }
}
