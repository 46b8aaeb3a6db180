//! Views of a plan for people, as text: the cost table ([`table`]), the device grids
//! of sharded values ([`grid`]) the whole `solve` report ([`report`]) and
//! the report of a pipeline plan with its timeline ([`pipeline`]).
//! Everything here is deterministic: the same plan renders to the same bytes.

pub mod grid;
pub mod pipeline;
pub mod report;
pub mod table;
