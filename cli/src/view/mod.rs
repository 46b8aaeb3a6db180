//! Views of a plan for people: the cost table ([`table`]), the device grids of
//! sharded values ([`grid`]), the whole `solve` report ([`report`]) and an SVG chart
//! of compute against communication per op ([`svg`]). Everything here is
//! deterministic: the same plan renders to the same bytes.

pub mod grid;
pub mod report;
pub mod svg;
pub mod table;

/// What can go wrong rendering a view.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// The chart library failed to draw.
    #[error("cannot draw the chart: {0}")]
    Chart(String),
}
