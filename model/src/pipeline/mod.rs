//! MPMD pipelines: the topology of named meshes, the schedules that order a step's
//! work on them, the chain of units a pipelined program is cut along, and the
//! fragments each mesh runs. The choice of stages and per-mesh plans is the
//! solver's; the timeline is the cost model's.

mod chain;
mod fragment;
mod schedule;
mod topology;

pub use chain::{Accumulation, Chain, Phase, UnitId};
pub use fragment::Fragment;
pub use schedule::{Schedule, Task, TaskKind};
pub use topology::{MeshId, NamedMesh, Topology};
