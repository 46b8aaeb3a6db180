//! MLIR's `mesh` dialect, as autoshard reads and writes it (docs/mesh-dialect.md):
//! its vocabulary in its exact text forms, each with `Display` and `FromStr` that round-trip.
//!
//! - [`MeshOp`]: `mesh.mesh @mesh0(shape = 2x?x4)`, a named mesh with static or
//!   dynamic (`?`) axis sizes.
//! - [`Sharding`]: the body of `mesh.sharding @mesh0 split_axes = [[0], []]
//!   partial = sum [1] halo_sizes = [1, 2] : !mesh.sharding`: which mesh axes split
//!   each tensor dimension, which hold partial values of a [`Reduction`], and the
//!   halos of each split dimension or its explicit shard offsets (uneven shards).
//!   [`Sharding::verify`] applies the dialect's rules with MLIR's messages.
//! - [`shard_shape`]: the local shape of a device's shard, offsets and halos included.
//! - [`Collective`]: the twelve collectives (`mesh.all_gather` ... `mesh.shift`) with
//!   their attributes and [`TensorType`]s, verified by [`Collective::verify`] with
//!   MLIR's messages (the result type each makes of its input type, in-group devices,
//!   mesh axes).
//! - [`Shard`], [`ShardShapeOp`], [`MeshQuery`] (`mesh.mesh_shape`,
//!   `mesh.process_multi_index`, `mesh.process_linear_index`, verified and evaluated)
//!   and [`UpdateHalo`]: the dialect's other ops.
//! - [`mesh_op`], [`mesh_sharding`], [`sdy_mesh`] and [`sdy_sharding`]: Shardy's
//!   meshes and shardings (the model's) in the dialect and back.
//!
//! The collectives and `update_halo` run on the executor (`autoshard-executor`'s
//! `Device`, one definition of what each does, tested on the seed's worked
//! examples), and whole partitioned programs through `autoshard run --spmd`.
//!
//! ```
//! use autoshard_mesh::{MeshOp, Sharding, shard_shape};
//! let mesh: MeshOp = "mesh.mesh @mesh1d_4(shape = 4)".parse()?;
//! let sharding: Sharding =
//!     "mesh.sharding @mesh1d_4 split_axes = [[], [0]] sharded_dims_offsets = [0, 2, 5, 9, 14] : !mesh.sharding".parse()?;
//! sharding.verify(Some(&mesh))?;
//! // Four uneven shards of a 4x14 tensor: 4x2, 4x3, 4x4 and 4x5.
//! let shapes: Vec<Vec<i64>> = (0..4).map(|d| shard_shape(&[4, 14], &sharding, &mesh, d)).collect::<Result<_, _>>()?;
//! assert_eq!(shapes, [[4, 2], [4, 3], [4, 4], [4, 5]]);
//! assert_eq!(sharding.to_string().parse::<Sharding>()?, sharding);
//! # Ok::<(), autoshard_mesh::Error>(())
//! ```

#![deny(missing_docs)]

mod collective;
mod collective_verify;
mod error;
mod from_sdy;
mod mesh_op;
mod ops;
mod reduction;
mod shard_shape;
mod sharding;
mod text;

pub use autoshard_mlir::Dim;
pub use autoshard_mlir::TensorType;
pub use collective::{Collective, CollectiveKind};
pub use error::{Error, Result};
pub use from_sdy::{mesh_op, mesh_sharding, sdy_mesh, sdy_sharding};
pub use mesh_op::MeshOp;
pub use ops::{MeshQuery, QueryKind, Shard, ShardShapeOp, UpdateHalo};
pub use reduction::Reduction;
pub use shard_shape::shard_shape;
pub use sharding::{Partial, Sharding};
