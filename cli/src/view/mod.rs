//! The command line's own view: an SVG chart of compute against communication per op
//! ([`svg`]) and of a pipeline's timeline ([`timeline`]). The text views (the cost table, the device grids, the `solve` report)
//! are the library's, [`autoshard::view`]. Everything here is deterministic: the same
//! plan renders to the same bytes.

pub mod svg;
pub mod timeline;

/// What can go wrong rendering a view.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// The chart library failed to draw.
    #[error("cannot draw the chart: {0}")]
    Chart(String),
}
