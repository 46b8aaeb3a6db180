//! Reader, verifier and printer of Shardy's `mpmd` MLIR dialect: MPMD programs as
//! pipelines of SPMD fragments on the named meshes of a topology.
//!
//! The dialect is a layer on the MLIR text layer (`autoshard-mlir`): a [`Module`] is
//! its generic module structure with the `mpmd` ops as ops, read by its generic reader
//! with this dialect's hooks and printed by its one printer. [`parse_module`] reads a
//! module (aliases resolved, every `mpmd` op typed, any other op kept as a generic
//! op), [`Verify::verify`] checks it with Shardy's rules and messages, and `Display`
//! prints it in MLIR's form, which reads back to an equal module. [`FuncBuilder`] makes MPMD functions
//! programmatically, [`fragment_functions`] the functions a fragment call calls from a
//! StableHLO module. The vocabulary of
//! meshes, shardings and topologies is `autoshard-model`'s.
//!
//! ```
//! use autoshard_mpmd::Verify;
//! let src = r#"
//! !t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
//! func.func @main(%arg0: !t) -> !t attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
//!   %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%arg1: tensor<4xf32>) {
//!     mpmd.return %arg1 : tensor<4xf32>
//!   } : (!t) -> !t
//!   return %0 : !t
//! }"#;
//! let module = autoshard_mpmd::parse_module("example.mlir", src)?;
//! module.verify()?;
//! assert_eq!(autoshard_mpmd::parse_module("printed", &module.to_string())?, module);
//! # Ok::<(), autoshard_mpmd::Error>(())
//! ```

mod attrs;
mod builder;
mod error;
mod ops;
mod parse_ops;
mod parser;
mod printer;
mod types;
mod verify;
mod verify_ops;

// Reading, and the errors of reading and verifying.
pub use error::{Error, Location, Result};
pub use parser::{parse_module, parse_module_with_top_level_ops};
pub use verify::Verify;
// The module and its ops.
pub use ops::{
    AssignOp, Block, BlockArg, BroadcastOp, CallOp, ForOp, FragmentCallOp, FragmentOp, FuncArg, FuncOp, FuncResult,
    FuncTopology, GenericOp, Module, NamedComputationOp, NamedTensorOp, Op, Operation, Piece, ReduceOp, ResultGroup,
    ReturnOp, TransferOp, UnassignOp, ValueRef,
};
// Types and attributes, each with its text form.
pub use attrs::{Attr, DictAttr, MeshWithOrigins, MeshesWithOrigins, Origin, Reduction, UserOrigin};
pub use types::{MeshTensorType, TensorType, Type};
// Building functions.
pub use builder::{BodyBuilder, FuncBuilder, Typed, fragment_functions, mesh_tensor};
