//! Nothing to call: this crate exists for its dependency list (Cargo.toml), which asks
//! the dependencies shared by the command line, the test suites and the Python module
//! for one feature set, so that the three builds compile each of them once
//! (docs/architecture.md, "One build").
