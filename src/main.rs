//! The `autoshard` command line.
fn main() {}
