//! Programs built in code, op by op as a config writes them: on a mesh named `@mesh`,
//! shardings in the short form (`[{"x"}, {}]`), every op and body checked as the
//! model's [`ProgramBuilder`] adds it.

use autoshard_model::ir::{InputSpec, OpSpec};
use autoshard_model::{DType, OpKind, Program, ProgramBuilder, TensorSharding, TensorType, ValueId};

/// A program being built.
pub struct Fixture(ProgramBuilder);

/// `text` (a sharding, short form or full) on the program's mesh.
pub fn sharding(text: &str) -> TensorSharding {
    TensorSharding::parse_with_default_mesh(text, "mesh").unwrap_or_else(|e| panic!("{text}: {e}"))
}

impl Fixture {
    /// An empty program on `mesh` (its text form, `<["x"=2]>`).
    pub fn new(mesh: &str) -> Self {
        Fixture(ProgramBuilder::new("test", "mesh", mesh.parse().unwrap_or_else(|e| panic!("{mesh}: {e}"))))
    }

    /// An f32 input of `shape`.
    pub fn input(&mut self, name: &str, shape: &[i64]) -> ValueId {
        self.input_as(name, shape, DType::F32, None)
    }

    /// An input of `shape` and `dtype`, annotated with `sharding`.
    pub fn input_as(&mut self, name: &str, shape: &[i64], dtype: DType, sharding: Option<&str>) -> ValueId {
        self.add_input(name, TensorType::new(shape, dtype), false, sharding)
    }

    /// A parameter (an input that lives throughout) of `shape`, f32.
    pub fn parameter(&mut self, name: &str, shape: &[i64]) -> ValueId {
        self.add_input(name, TensorType::new(shape, DType::F32), true, None)
    }

    fn add_input(&mut self, name: &str, ty: TensorType, parameter: bool, sharding: Option<&str>) -> ValueId {
        let spec = InputSpec { name: name.into(), ty, parameter, sharding: sharding.map(self::sharding), loc: None };
        self.0.add_input(spec).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// Op `kind` on `operands`, its one result named `name`.
    pub fn op(&mut self, name: &str, kind: OpKind, operands: &[ValueId]) -> ValueId {
        self.ops(&[name], kind, operands)[0]
    }

    /// Op `kind` on `operands`, its result annotated with `sharding`.
    pub fn op_sharded(&mut self, name: &str, kind: OpKind, operands: &[ValueId], sharding: &str) -> ValueId {
        let spec = OpSpec { result_shardings: vec![Some(self::sharding(sharding))], ..spec(&[name], kind, operands) };
        self.0.add_op(spec).unwrap_or_else(|e| panic!("{name}: {e}"))[0]
    }

    /// Op `kind` on `operands`, its results named `names`.
    pub fn ops(&mut self, names: &[&str], kind: OpKind, operands: &[ValueId]) -> Vec<ValueId> {
        self.0.add_op(spec(names, kind, operands)).unwrap_or_else(|e| panic!("{names:?}: {e}"))
    }

    /// Op `kind` on `operands` with one body, whose arguments are named `args` and
    /// which `body` builds, returning its results; the op's results are named `names`.
    pub fn region(
        &mut self,
        names: &[&str],
        (kind, operands): (OpKind, &[ValueId]),
        args: &[&str],
        body: impl FnOnce(&mut Self, &[ValueId]) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let args = args.iter().map(|&a| a.to_string()).collect();
        let args = self.0.begin_region(spec(names, kind, operands), args).unwrap_or_else(|e| panic!("{names:?}: {e}"));
        let results = body(self, &args);
        self.0.end_region(results).unwrap_or_else(|e| panic!("{names:?}: {e}"))
    }

    /// Marks `value` an output, annotated with `sharding`.
    pub fn output(&mut self, value: ValueId, sharding: Option<&str>) {
        self.0.add_output(value, sharding.map(self::sharding), None).unwrap_or_else(|e| panic!("output: {e}"));
    }

    /// The program.
    pub fn finish(self) -> Program {
        self.0.finish().unwrap_or_else(|e| panic!("{e}"))
    }
}

fn spec(names: &[&str], kind: OpKind, operands: &[ValueId]) -> OpSpec {
    let result_names = names.iter().map(|&n| n.to_string()).collect();
    OpSpec { result_names, kind, operands: operands.to_vec(), result_shardings: vec![], loc: None }
}
