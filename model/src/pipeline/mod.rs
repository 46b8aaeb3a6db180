//! MPMD pipelines: the topology of named meshes and the schedules that order a
//! step's work on them. The plan of a pipeline (which stage runs where, with which
//! per-mesh SPMD plan) is the solver's; its timeline is the cost model's.

mod schedule;
mod topology;

pub use schedule::{Schedule, Task, TaskKind};
pub use topology::{MeshId, NamedMesh, Topology};
