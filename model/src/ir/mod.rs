//! The program IR: typed ids, tensor types, values, ops with region bodies, and the
//! builder that is the only way to make a [`Program`].

mod annotation;
mod builder;
mod ids;
mod location;
mod program;
mod types;

pub use annotation::{Annotation, AnnotationSource};
pub use builder::{InputSpec, OpSpec, ProgramBuilder};
pub use ids::{OpId, ValueId};
pub use location::{Diagnostic, DiagnosticList, Location};
pub use program::{Body, Input, Op, Output, Program, ShardingGroup, Value, ValueDef};
pub use types::{TensorType, TypeError, parse_shape, write_shape};
