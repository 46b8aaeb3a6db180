//! Views of a plan for people, as text: the summary a report leads with
//! ([`summary`]), the cost table ([`table`]), the device grids of sharded values
//! ([`grid`]), the whole `solve` report ([`report`]) and the report of a pipeline
//! plan with its timeline ([`pipeline`]). Values are shown by the names a front end
//! gives them ([`Names`]). Everything here is deterministic: the same plan renders
//! to the same bytes.

use std::collections::BTreeMap;

pub mod grid;
pub mod pipeline;
pub mod report;
pub mod summary;
pub mod table;

/// How views name a program's values: by their name in the program, or by the
/// user's own words where a front end knows them — a JAX function's argument by its
/// pytree path (`params['w1']`), a result by its output path (`result[0]['w1']`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names(BTreeMap<String, String>);

impl Names {
    /// Names from `(program name, shown name)` pairs.
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Names {
        Names(pairs.into_iter().collect())
    }

    /// How value `name` is shown.
    pub fn of<'a>(&'a self, name: &'a str) -> &'a str {
        self.0.get(name).map_or(name, String::as_str)
    }
}
