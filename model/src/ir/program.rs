//! The program: values and ops in program order, inputs, outputs, sharding groups.
//!
//! Values and ops live in two arenas indexed by [`ValueId`] and [`OpId`]; the
//! top-level block and every region body list their ops in program order. Invariants
//! (established by [`ProgramBuilder`](super::ProgramBuilder), the only way to make a
//! program): value names are unique; every operand is defined before its use and in
//! the same block (bodies are isolated from above); every type is inferred and every
//! sharding annotation has been verified against the mesh and its value's type.

use super::{Location, OpId, TensorType, ValueId};
use crate::mesh::{Mesh, Meshes};
use crate::ops::OpKind;
use crate::sharding::{MeshRef, TensorSharding};
use crate::units::Bytes;

/// Where a value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueDef {
    /// The program input with this index.
    Input(usize),
    /// Result `index` of `op`.
    OpResult {
        /// The producing op.
        op: OpId,
        /// Which of its results.
        index: usize,
    },
    /// Argument `index` of region `region` of region op `op`.
    BodyArg {
        /// The region op.
        op: OpId,
        /// Which of its regions (0 but for a `while`'s body, 1).
        region: usize,
        /// Which argument.
        index: usize,
    },
}

/// A tensor value.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// The unique name.
    pub name: String,
    /// The type.
    pub ty: TensorType,
    /// Where it comes from.
    pub def: ValueDef,
    /// Where it was written, if known.
    pub loc: Option<Location>,
}

/// The body of a region op.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Body {
    /// The body's arguments (one per operand of the region op).
    pub args: Vec<ValueId>,
    /// The body's ops in program order.
    pub ops: Vec<OpId>,
    /// The values the body returns (one per result of the region op).
    pub results: Vec<ValueId>,
}

/// An op of the program.
#[derive(Debug, Clone, PartialEq)]
pub struct Op {
    /// The op's name: the name of its first result.
    pub name: String,
    /// What the op does, with its attributes.
    pub kind: OpKind,
    /// The operands.
    pub operands: Vec<ValueId>,
    /// The results.
    pub results: Vec<ValueId>,
    /// The regions of a region op, in source order: one body, or a `while`'s
    /// condition and body.
    pub regions: Vec<Body>,
    /// User annotations on the results (`sharding:` on the op), one per result.
    pub result_shardings: Vec<Option<TensorSharding>>,
    /// Where the op was written, if known.
    pub loc: Option<Location>,
}

impl Op {
    /// The region the op's operands flow into and whose results are the op's: a
    /// `while`'s loop body, any other region op's one body (`None` for a `case`,
    /// whose branches take all but its first operand).
    pub fn body(&self) -> Option<&Body> {
        match self.kind {
            OpKind::While(_) => self.regions.get(1),
            OpKind::Case(_) => None,
            _ => self.regions.first(),
        }
    }

    /// A `case`'s branches.
    pub fn branches(&self) -> &[Body] {
        match self.kind {
            OpKind::Case(_) => &self.regions,
            _ => &[],
        }
    }

    /// Where the op's operands enter its regions, in order: (operand position,
    /// operand, region argument) for every region argument — a `while`'s
    /// condition's and body's, each `case` branch's (its operands after the
    /// selector), the one body's of any other region op.
    pub fn region_entries(&self) -> Vec<(usize, ValueId, ValueId)> {
        let skip = usize::from(matches!(self.kind, OpKind::Case(_)));
        let operands = self.operands.iter().enumerate().skip(skip);
        let regions = self.regions.iter();
        regions.flat_map(|r| operands.clone().zip(&r.args).map(|((i, &o), &a)| (i, o, a))).collect()
    }

    /// Where the op's results leave its regions: (result position, region result,
    /// op result) for the body's results, or every `case` branch's.
    pub fn region_exits(&self) -> Vec<(usize, ValueId, ValueId)> {
        let regions = match self.kind {
            OpKind::Case(_) => &self.regions[..],
            _ => self.body().map_or(&[][..], std::slice::from_ref),
        };
        let results = self.results.iter().enumerate();
        regions.iter().flat_map(|r| results.clone().zip(&r.results).map(|((i, &o), &b)| (i, b, o))).collect()
    }

    /// A `while`'s condition: the region that computes, from the loop-carried
    /// values, whether to run the body again.
    pub fn cond(&self) -> Option<&Body> {
        match self.kind {
            OpKind::While(_) => self.regions.first(),
            _ => None,
        }
    }
}

/// A program input.
#[derive(Debug, Clone, PartialEq)]
pub struct Input {
    /// The input's value.
    pub value: ValueId,
    /// A parameter the program does not consume: the caller keeps it.
    pub parameter: bool,
    /// The user's annotation.
    pub sharding: Option<TensorSharding>,
    /// The output (its index) that reuses this input's buffer: a donated argument
    /// ([`Program::donate`]).
    pub donated: Option<usize>,
}

impl Input {
    /// Whether the input lives for the whole program: a parameter not donated to an
    /// output, as XLA keeps every argument the caller did not donate. Any other
    /// input dies at its last use.
    pub fn lives_throughout(&self) -> bool {
        self.parameter && self.donated.is_none()
    }
}

/// A program output.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// The returned value.
    pub value: ValueId,
    /// The user's annotation of the returned tensor.
    pub sharding: Option<TensorSharding>,
    /// Where the output was written, if known.
    pub loc: Option<Location>,
}

impl Output {
    /// Where an output held as `held` must move before it is returned, if anywhere:
    /// to its annotation unless `held` conforms to it; with no annotation, to
    /// `held` reduced if it holds partial results.
    pub fn target(&self, held: &TensorSharding) -> Option<TensorSharding> {
        match &self.sharding {
            Some(annotation) => (!held.conforms_to_all(annotation)).then(|| annotation.closed()),
            None => (!held.unreduced.is_empty()).then(|| held.reduced()),
        }
    }
}

/// Values that must get identical shardings.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardingGroup {
    /// The members (at least one, all of one shape).
    pub members: Vec<ValueId>,
    /// Where the group was written, if known.
    pub loc: Option<Location>,
}

/// A tensor program on one device mesh.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    pub(crate) name: String,
    pub(crate) mesh_name: String,
    pub(crate) mesh: Mesh,
    /// The maximal meshes shardings may put a value on (`@maximal_mesh_0 = <[],
    /// device_ids=[0]>`), by name, each one device of `mesh`.
    pub(crate) maximal: Vec<(String, Mesh)>,
    pub(crate) values: Vec<Value>,
    pub(crate) ops: Vec<Op>,
    pub(crate) top_level: Vec<OpId>,
    pub(crate) inputs: Vec<Input>,
    pub(crate) outputs: Vec<Output>,
    pub(crate) sharding_groups: Vec<ShardingGroup>,
    /// How many times each top-level op runs per run of the program, by op, as a
    /// caller that runs part of it in a loop of its own says ([`Program::repeat`]);
    /// empty: once each.
    pub(crate) repeat: Vec<u64>,
}

impl Program {
    /// The program's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name shardings use to refer to the mesh (`mesh` for `@mesh`).
    pub fn mesh_name(&self) -> &str {
        &self.mesh_name
    }

    /// The mesh as shardings refer to it; its `Display` is the symbol as Shardy
    /// writes it (`@mesh`, `@"my-mesh"`).
    pub fn mesh_ref(&self) -> MeshRef {
        MeshRef::Symbol(self.mesh_name.clone())
    }

    /// The device mesh.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// The maximal meshes a sharding may put a whole value on, one device of
    /// [`Program::mesh`] each, by name in declaration order.
    pub fn maximal_meshes(&self) -> &[(String, Mesh)] {
        &self.maximal
    }

    /// Every mesh shardings of the program may name: its mesh and its maximal ones.
    pub fn meshes(&self) -> Meshes {
        let mut meshes = Meshes::single(self.mesh_name.clone(), self.mesh.clone());
        for (name, mesh) in &self.maximal {
            meshes.insert(name.clone(), mesh.clone());
        }
        meshes
    }

    /// The maximal mesh `sharding` is on, if it names one of the program's.
    pub fn maximal_mesh(&self, sharding: &TensorSharding) -> Option<&Mesh> {
        let MeshRef::Symbol(name) = &sharding.mesh else { return None };
        self.maximal.iter().find(|(n, _)| n == name).map(|(_, m)| m)
    }

    /// The device `sharding` puts its whole value on, when it is on a maximal mesh.
    pub fn maximal_device(&self, sharding: &TensorSharding) -> Option<i64> {
        self.maximal_mesh(sharding).and_then(Mesh::maximal_device_id)
    }

    /// Every value, indexed by [`ValueId::index`].
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The ids of every value, in arena order.
    pub fn value_ids(&self) -> impl Iterator<Item = ValueId> + use<> {
        (0..self.values.len() as u32).map(ValueId)
    }

    /// The ids of every op, in arena order.
    pub fn op_ids(&self) -> impl Iterator<Item = OpId> + use<> {
        (0..self.ops.len() as u32).map(OpId)
    }

    /// The value `id`.
    pub fn value(&self, id: ValueId) -> &Value {
        &self.values[id.index()]
    }

    /// The value called `name`.
    pub fn value_named(&self, name: &str) -> Option<ValueId> {
        self.values.iter().position(|v| v.name == name).map(|i| ValueId(i as u32))
    }

    /// The op named `name` (its first result's name).
    pub fn op_named(&self, name: &str) -> Option<OpId> {
        self.ops.iter().position(|o| o.name == name).map(|i| OpId(i as u32))
    }

    /// Every op, indexed by [`OpId::index`].
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// The op `id`.
    pub fn op(&self, id: OpId) -> &Op {
        &self.ops[id.index()]
    }

    /// The top-level ops in program order.
    pub fn top_level(&self) -> &[OpId] {
        &self.top_level
    }

    /// Every op in program order, a region op before the ops of its regions.
    pub fn ops_in_order(&self) -> Vec<OpId> {
        fn visit(program: &Program, ops: &[OpId], out: &mut Vec<OpId>) {
            for &id in ops {
                out.push(id);
                for region in &program.op(id).regions {
                    visit(program, &region.ops, out);
                }
            }
        }
        let mut out = Vec::with_capacity(self.ops.len());
        visit(self, &self.top_level, &mut out);
        out
    }

    /// How many times each op runs per run of the program, by op: the product of
    /// the trip counts of the `while` loops around it (a loop's condition runs once
    /// more than its body; that last, cheap evaluation is not counted) and of the
    /// top-level op's [`Program::repeat`].
    pub fn repeats(&self) -> Vec<u64> {
        fn visit(program: &Program, ops: &[OpId], times: u64, out: &mut [u64]) {
            for &id in ops {
                out[id.index()] = times;
                let op = program.op(id);
                let inner = match &op.kind {
                    OpKind::While(w) => times.saturating_mul(w.trip_count),
                    _ => times,
                };
                for region in &op.regions {
                    visit(program, &region.ops, inner, out);
                }
            }
        }
        let mut out = vec![1; self.ops.len()];
        for &op in &self.top_level {
            let times = self.repeat.get(op.index()).copied().unwrap_or(1);
            visit(self, std::slice::from_ref(&op), times, &mut out);
        }
        out
    }

    /// Says that top-level op `op` runs `times` times per run of the program (with
    /// its regions' ops): a pipeline stage's per-microbatch ops, priced in one
    /// program with its once-per-step update, run once per microbatch. It counts in
    /// [`Program::repeats`] and so in every cost.
    pub fn repeat(&mut self, op: OpId, times: u64) -> crate::Result<()> {
        if !self.top_level.contains(&op) {
            return Err(crate::Error::Program(format!("op \"{}\" is not a top-level op", self.op(op).name)));
        }
        if self.repeat.is_empty() {
            self.repeat = vec![1; self.ops.len()];
        }
        self.repeat[op.index()] = times;
        Ok(())
    }

    /// The innermost `case` branch each op is in, by op: the `case` op and the
    /// branch's index (`None` outside every branch).
    pub fn branch_of(&self) -> Vec<Option<(OpId, usize)>> {
        fn visit(program: &Program, ops: &[OpId], within: Option<(OpId, usize)>, out: &mut [Option<(OpId, usize)>]) {
            for &id in ops {
                out[id.index()] = within;
                let op = program.op(id);
                let case = matches!(op.kind, OpKind::Case(_));
                for (b, region) in op.regions.iter().enumerate() {
                    visit(program, &region.ops, if case { Some((id, b)) } else { within }, out);
                }
            }
        }
        let mut out = vec![None; self.ops.len()];
        visit(self, &self.top_level, None, &mut out);
        out
    }

    /// The inputs, in order.
    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// The outputs, in order.
    pub fn outputs(&self) -> &[Output] {
        &self.outputs
    }

    /// The sharding groups.
    pub fn sharding_groups(&self) -> &[ShardingGroup] {
        &self.sharding_groups
    }

    /// Adds a sharding group: `members` (at least one, all of one shape, none twice)
    /// get one sharding.
    pub fn add_sharding_group(&mut self, members: Vec<ValueId>, loc: Option<Location>) -> crate::Result<()> {
        let Some(&first) = members.first() else {
            return Err(crate::Error::Program("a sharding group needs at least one member".into()));
        };
        let first = self.value(first);
        if let Some(v) = members[1..].iter().map(|&m| self.value(m)).find(|v| v.ty.shape != first.ty.shape) {
            return Err(crate::Error::Program(format!(
                "sharding group members differ in shape: \"{}\" is {} but \"{}\" is {}",
                first.name, first.ty, v.name, v.ty
            )));
        }
        if let Some((_, m)) = members.iter().enumerate().find(|(i, m)| members[..*i].contains(m)) {
            return Err(crate::Error::Program(format!(
                "\"{}\" appears twice in a sharding group",
                self.value(*m).name
            )));
        }
        self.sharding_groups.push(ShardingGroup { members, loc });
        Ok(())
    }

    /// Ties input `input` to output `output` (each a value name, or a position among
    /// the inputs or outputs): the next run reads what this one returns there (a
    /// training step's parameters), so the input is donated to the output
    /// ([`Program::donate`]).
    pub fn carry(&mut self, input: &str, output: &str) -> crate::Result<()> {
        let inputs: Vec<ValueId> = self.inputs.iter().map(|i| i.value).collect();
        let outputs: Vec<ValueId> = self.outputs.iter().map(|o| o.value).collect();
        let find = |text: &str, values: &[ValueId], what: &str| {
            let at = text.parse::<usize>().ok().filter(|&k| k < values.len());
            at.or_else(|| self.value_named(text).and_then(|v| values.iter().position(|&w| w == v)))
                .ok_or_else(|| crate::Error::Program(format!("carry: \"{text}\" is no {what} of the program")))
        };
        let (a, b) = (find(input, &inputs, "input")?, find(output, &outputs, "output")?);
        self.donate(a, b, None)
    }

    /// Donates input number `input` to output number `output`: the output reuses
    /// the input's buffer (JAX's `donate_argnums`, a module's `tf.aliasing_output`),
    /// so the input dies at its last use and both get one sharding (a sharding
    /// group; the next step reads the output as the input). An input is donated
    /// once, and an output reuses one input.
    pub fn donate(&mut self, input: usize, output: usize, loc: Option<Location>) -> crate::Result<()> {
        let (Some(i), Some(o)) = (self.inputs.get(input), self.outputs.get(output)) else {
            let counts = (self.inputs.len(), self.outputs.len());
            return Err(crate::Error::Program(format!(
                "donation of input {input} to output {output}: the program has {} inputs and {} outputs",
                counts.0, counts.1
            )));
        };
        let (a, b) = (i.value, o.value);
        let name = self.value(a).name.clone();
        if i.donated == Some(output) {
            return Ok(());
        }
        if let Some(other) = i.donated {
            return Err(crate::Error::Program(format!(
                "input \"{name}\" is donated to output {output}, but already to output {other}"
            )));
        }
        if let Some(other) = self.inputs.iter().position(|x| x.donated == Some(output) && x.value != a) {
            let taken = self.value(self.inputs[other].value).name.clone();
            return Err(crate::Error::Program(format!(
                "input \"{name}\" is donated to output {output}, which already reuses input \"{taken}\""
            )));
        }
        if a != b {
            self.add_sharding_group(vec![a, b], loc)?;
        }
        self.inputs[input].donated = Some(output);
        Ok(())
    }

    /// The total size of the inputs that live throughout (unsharded).
    pub fn parameter_bytes(&self) -> Bytes {
        self.inputs.iter().filter(|i| i.lives_throughout()).map(|i| self.value(i.value).ty.size()).sum()
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{InputSpec, ProgramBuilder, TensorType};
    use crate::{DType, Mesh};

    /// Inputs `w`, `m` and `x` (only `w` and `m` parameters), returned as outputs
    /// `w`, `m`, `x`.
    fn step() -> crate::ir::Program {
        let mut b = ProgramBuilder::new("step", "mesh", Mesh::from_axes([("x", 2)]).unwrap());
        for (name, parameter) in [("w", true), ("m", true), ("x", false)] {
            let ty = TensorType::new([4], DType::F32);
            let value = b.add_input(InputSpec { name: name.into(), ty, parameter, sharding: None, loc: None }).unwrap();
            b.add_output(value, None, None).unwrap();
        }
        b.finish().unwrap()
    }

    #[test]
    fn a_donated_parameter_dies_and_each_buffer_is_reused_once() {
        let mut p = step();
        let lives = |p: &crate::ir::Program| p.inputs().iter().map(|i| i.lives_throughout()).collect::<Vec<_>>();
        assert_eq!(lives(&p), [true, true, false]);
        p.carry("w", "0").unwrap();
        assert_eq!(lives(&p), [false, true, false]);
        assert_eq!(p.inputs()[0].donated, Some(0));
        p.donate(0, 0, None).unwrap(); // the same donation again changes nothing
        let twice = p.donate(0, 1, None).unwrap_err().to_string();
        assert!(twice.contains("input \"w\" is donated to output 1, but already to output 0"), "{twice}");
        let taken = p.donate(1, 0, None).unwrap_err().to_string();
        assert!(taken.contains("output 0, which already reuses input \"w\""), "{taken}");
        let missing = p.donate(3, 0, None).unwrap_err().to_string();
        assert!(missing.contains("the program has 3 inputs and 3 outputs"), "{missing}");
        assert!(p.carry("nothing", "0").is_err());
    }
}
