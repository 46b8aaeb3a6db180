//! MPMD pipelines: the topology of named meshes, the schedules that order a step's
//! work on them, the makespan of a step under a schedule (its task graph, timeline
//! and critical path), the chain of units a pipelined program is cut along, and the
//! fragments each mesh runs. The choice of stages and per-mesh plans is the
//! solver's; the priced timeline of a step is the cost model's.

mod chain;
mod fragment;
mod makespan;
mod schedule;
mod topology;

pub use chain::{Accumulation, Chain, Phase, UnitId};
pub use fragment::Fragment;
pub use makespan::{CriticalPath, Deadlock, Makespan, StageCost, TaskGraph, TimedTask, waits_for};
pub use schedule::{Schedule, Task, TaskKind};
pub use topology::{MeshId, NamedMesh, Topology};
