//! MLIR text, the layer every dialect of autoshard reads and writes through: one
//! lexer ([`Cursor`]) with `FILE:LINE:COL` [`Location`]s, MLIR's literal forms
//! (strings and their escapes, identifiers, `@symbols`, balanced spans), and ranked
//! tensor types as MLIR writes them ([`TensorType`]); the generic structure of a
//! module (functions, blocks, operations: [`Module`]) and its reader with a
//! dialect's hooks ([`Syntax`]).
//!
//! Shardy's `sdy` attribute forms (in `autoshard-model`), StableHLO modules, the
//! `mpmd` and `mesh` dialects are layers on it: each parses its own syntax with a
//! [`Cursor`] and turns a [`SyntaxError`] into its own error type, so identifiers,
//! strings and positions read the same in every dialect (docs/architecture.md,
//! "One text layer"). The crate has no dependencies.

#![deny(missing_docs)]

mod cursor;
mod literal;
mod location;
mod printer;
mod structure;
mod syntax;
mod tensor_type;

pub use cursor::{Cursor, Result, SyntaxError};
pub use literal::{
    balanced_len, collapse_ws, ident_len, is_ident_byte, is_ident_start, is_suffix_byte, string_len, unescape_string,
    write_comma_separated, write_string, write_symbol,
};
pub use location::Location;
pub use printer::{Dict, PrintOp, indent, write_attrs, write_block_ops, write_func, write_op};
pub use structure::{Block, BlockArg, Func, FuncArg, FuncResult, Module, Operation, ResultGroup, ValueRef};
pub use syntax::{Aliases, ModuleOf, OpName, Syntax, TopLevelOps};
pub use tensor_type::{Dim, TensorType};
