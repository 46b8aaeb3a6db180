//! Views of a plan for people, as text: the cost table ([`table`]), the device grids
//! of sharded values ([`grid`]) and the whole `solve` report ([`report`]).
//! Everything here is deterministic: the same plan renders to the same bytes.

pub mod grid;
pub mod report;
pub mod table;
