//! The reference interpreter: a dense, single-device implementation of every op.
//!
//! It is the oracle sharded executions are checked against, so it is written to be
//! obviously right and deterministic: straightforward loops in a fixed order (GEMM for
//! contractions), `f32` values (see `tensor.rs`), StableHLO's semantics op by op, one
//! file per family. Region ops run their bodies: a named computation once, a manual
//! computation once per coordinate of its manual axes on that coordinate's blocks, a
//! custom op with a body (its decomposition) once, a `while` its condition and body
//! until the condition is false (it must run its body exactly its `trip_count`
//! times, which the cost model priced), a `case` the branch its selector picks; a
//! custom op without a body cannot run.

mod bits;
pub(crate) mod collective;
mod conv;
mod dot;
mod elementwise;
mod gather;
mod layout;
mod linalg;
mod norm;
mod reduce;
mod sort;
mod window;

pub(crate) use gather::take_held;
pub(crate) use layout::Source;

use crate::error::{Error, KernelError, Result};
use crate::tensor::{Tensor, dims, for_each_index};
use autoshard_model::ir::{Body, Op};
use autoshard_model::ops::{DotGeneral, ManualComputation, ReduceWindow, Scatter};
use autoshard_model::{DType, Mesh, OpId, OpKind, Program, TensorSharding, TensorType, ValueId};

/// The values an evaluation keeps, by value: the program's inputs and outputs.
#[derive(Debug, Clone)]
pub struct Interpretation {
    values: Vec<Option<Tensor>>,
}

impl Interpretation {
    /// The value `id`, if it is a program input or output (`None` for any other:
    /// each is dropped after the last op that reads it, so that the evaluation
    /// holds only its live values).
    pub fn value(&self, id: ValueId) -> Option<&Tensor> {
        self.values.get(id.index()).and_then(Option::as_ref)
    }

    /// The program's outputs, in order.
    pub fn outputs(&self, program: &Program) -> Vec<Option<&Tensor>> {
        program.outputs().iter().map(|o| self.value(o.value)).collect()
    }
}

/// Evaluates `program` on `inputs` (one tensor per program input, in order).
pub fn interpret(program: &Program, inputs: &[Tensor]) -> Result<Interpretation> {
    if inputs.len() != program.inputs().len() {
        return Err(Error::InputCount { expected: program.inputs().len(), actual: inputs.len() });
    }
    let mut env = Env { values: vec![None; program.values().len()] };
    for (input, tensor) in program.inputs().iter().zip(inputs) {
        let value = program.value(input.value);
        let expected = dims(&value.ty.shape);
        if tensor.shape() != expected.as_slice() {
            return Err(Error::InputShape { name: value.name.clone(), expected, actual: tensor.shape().to_vec() });
        }
        env.values[input.value.index()] = Some(tensor.clone());
    }
    let top = program.top_level();
    let (last, kept) = (last_reads(program), kept(program));
    for (k, &id) in top.iter().enumerate() {
        let op = program.op(id);
        env.run_op(program, op)?;
        // What its regions defined, and what no later op reads.
        let mut inner = Vec::new();
        region_values(program, &op.regions, &mut inner);
        let read = op_reads(program, op);
        for v in inner.into_iter().chain(read).chain(op.results.iter().copied()) {
            if !kept[v.index()] && last[v.index()].is_none_or(|l| l <= k) {
                env.values[v.index()] = None;
            }
        }
    }
    Ok(Interpretation { values: env.values })
}

/// Per value, the position among the top-level ops of the last one that reads it
/// (its operands and any value its regions read); `None` for a value no top-level
/// op reads.
pub(crate) fn last_reads(program: &Program) -> Vec<Option<usize>> {
    let mut last = vec![None; program.values().len()];
    for (k, &id) in program.top_level().iter().enumerate() {
        for v in op_reads(program, program.op(id)) {
            last[v.index()] = Some(k);
        }
    }
    last
}

/// Per value, whether an evaluation keeps it to the end: the program's inputs and
/// outputs.
pub(crate) fn kept(program: &Program) -> Vec<bool> {
    let mut kept = vec![false; program.values().len()];
    for v in program.inputs().iter().map(|i| i.value).chain(program.outputs().iter().map(|o| o.value)) {
        kept[v.index()] = true;
    }
    kept
}

/// Every value `op` reads: its operands, and inside its regions every op's
/// operands and every region's results (a region may read values from outside).
pub(crate) fn op_reads(program: &Program, op: &Op) -> Vec<ValueId> {
    let mut reads = op.operands.clone();
    let mut regions: Vec<&Body> = op.regions.iter().collect();
    while let Some(region) = regions.pop() {
        reads.extend(&region.results);
        for &id in &region.ops {
            let inner = program.op(id);
            reads.extend(&inner.operands);
            regions.extend(&inner.regions);
        }
    }
    reads
}

/// The values `regions` define: their arguments and their ops' results, nested
/// regions' included.
pub(crate) fn region_values(program: &Program, regions: &[Body], out: &mut Vec<ValueId>) {
    for region in regions {
        out.extend(&region.args);
        for &id in &region.ops {
            let op = program.op(id);
            out.extend(&op.results);
            region_values(program, &op.regions, out);
        }
    }
}

/// Runs op `id` of `program` alone on whole `operands` (one per operand), bodies
/// included: what a sharded run falls back to for an op it cannot run on blocks.
pub fn run_op(program: &Program, id: OpId, operands: Vec<Tensor>) -> Result<Vec<Tensor>> {
    let op = program.op(id);
    let mut env = Env { values: vec![None; program.values().len()] };
    for (&v, t) in op.operands.iter().zip(operands) {
        env.values[v.index()] = Some(t);
    }
    env.run_op(program, op)?;
    Ok(op.results.iter().map(|&r| env.get(r)).collect())
}

/// The tensors of one evaluation in progress.
struct Env {
    values: Vec<Option<Tensor>>,
}

impl Env {
    /// The value `id`, or a zero scalar if the program never set it (it cannot
    /// happen in a verified program).
    fn get(&self, id: ValueId) -> Tensor {
        self.values[id.index()].clone().unwrap_or_else(|| Tensor::scalar(0.0))
    }

    fn run_block(&mut self, program: &Program, ops: &[OpId]) -> Result<()> {
        for &id in ops {
            self.run_op(program, program.op(id))?;
        }
        Ok(())
    }

    fn run_op(&mut self, program: &Program, op: &Op) -> Result<()> {
        let operands = || op.operands.iter().map(|&v| self.get(v)).collect::<Vec<Tensor>>();
        let results = match (&op.kind, op.body()) {
            (OpKind::ManualComputation(m), Some(body)) => self.run_manual(program, m, body, &operands(), op)?,
            (OpKind::While(w), Some(body)) => self.run_while(program, op, w.trip_count, body, operands())?,
            (OpKind::Case(case), _) => {
                let mut operands = operands();
                let selector = operands.remove(0).data().first().copied().unwrap_or(0.0);
                let branch = op.branches().get(case.branch(f64::from(selector)));
                let branch = branch.ok_or_else(|| Error::unsupported(op, "the case has no branch".into()))?;
                self.run_body(program, branch, operands)?
            }
            (_, Some(body)) => self.run_body(program, body, operands())?,
            (kind, None) => {
                // Body-free ops read their operands in place.
                let zero = Tensor::scalar(0.0);
                let refs: Vec<&Tensor> =
                    op.operands.iter().map(|&v| self.values[v.index()].as_ref().unwrap_or(&zero)).collect();
                let types: Vec<TensorType> = op.results.iter().map(|&r| program.value(r).ty.clone()).collect();
                let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
                apply(kind, (&refs, &dtypes), &types).map_err(|reason| Error::unsupported(op, reason))?
            }
        };
        for (&id, tensor) in op.results.iter().zip(results) {
            self.values[id.index()] = Some(tensor);
        }
        Ok(())
    }

    /// Binds `args` to the body's arguments, runs it and returns what it returns.
    fn run_body(&mut self, program: &Program, body: &Body, args: Vec<Tensor>) -> Result<Vec<Tensor>> {
        for (&id, tensor) in body.args.iter().zip(args) {
            self.values[id.index()] = Some(tensor);
        }
        self.run_block(program, &body.ops)?;
        Ok(body.results.iter().map(|&r| self.get(r)).collect())
    }

    /// Runs a `while`: its condition on the carried values, then its body, until
    /// the condition is false; the body must run exactly `trip_count` times.
    fn run_while(
        &mut self,
        program: &Program,
        op: &Op,
        trip_count: u64,
        body: &Body,
        mut carried: Vec<Tensor>,
    ) -> Result<Vec<Tensor>> {
        let cond = op.cond().ok_or_else(|| Error::unsupported(op, "the loop has no condition".into()))?;
        let mut trips = 0u64;
        loop {
            let decided = self.run_body(program, cond, carried.clone())?;
            if decided.first().is_none_or(|p| p.data().first().is_none_or(|&x| x == 0.0)) {
                break;
            }
            if trips == trip_count {
                let reason = format!("the loop runs its body more than its trip_count of {trip_count}");
                return Err(Error::unsupported(op, reason));
            }
            carried = self.run_body(program, body, carried)?;
            trips += 1;
        }
        if trips != trip_count {
            return Err(Error::unsupported(
                op,
                format!("the loop ran its body {trips} times, not its trip_count {trip_count}"),
            ));
        }
        Ok(carried)
    }

    /// Runs a manual computation's body once per coordinate of its manual axes, on
    /// that coordinate's blocks, and assembles the results. The instances run in lock
    /// step, op by op, so a collective over replica groups (`shard_map`'s `psum`,
    /// `ppermute`, `all_gather`…) sees every instance's operands
    /// ([`collective::replica_result`]).
    fn run_manual(
        &mut self,
        program: &Program,
        m: &ManualComputation,
        body: &Body,
        operands: &[Tensor],
        op: &Op,
    ) -> Result<Vec<Tensor>> {
        let mesh = program.mesh();
        let replicas = Replicas::new(mesh, m);
        let mut instances = Vec::with_capacity(replicas.coords.len());
        for coord in &replicas.coords {
            let mut env = Env { values: vec![None; program.values().len()] };
            for ((&arg, t), s) in body.args.iter().zip(operands).zip(&m.in_shardings) {
                let (starts, sizes) = block_bounds(t.shape(), s, m, coord, mesh);
                env.values[arg.index()] = Some(t.block(&starts, &sizes));
            }
            instances.push(env);
        }
        for &id in &body.ops {
            let inner = program.op(id);
            if inner.kind.is_replica_collective() {
                exchange(inner, &mut instances, &replicas).map_err(|reason| Error::unsupported(inner, reason))?;
            } else if inner.kind == OpKind::PartitionId {
                // Each instance's own device id (the builder keeps it to bodies that
                // bind every axis, so an instance is one device).
                for (env, &id) in instances.iter_mut().zip(&replicas.ids) {
                    env.values[inner.results[0].index()] = Some(Tensor::scalar(id as f32));
                }
            } else {
                instances.iter_mut().try_for_each(|env| env.run_op(program, inner))?;
            }
        }
        let mut results: Vec<Tensor> =
            op.results.iter().map(|&r| Tensor::full(&dims(&program.value(r).ty.shape), 0.0)).collect();
        for (env, coord) in instances.iter().zip(&replicas.coords) {
            for ((global, &local), s) in results.iter_mut().zip(&body.results).zip(&m.out_shardings) {
                let local = env.get(local);
                let (starts, _) = block_bounds(global.shape(), s, m, coord, mesh);
                global.copy_block(&starts, &local, &vec![0; local.rank()], local.shape());
            }
        }
        Ok(results)
    }
}

/// The instances of a manual computation's body (one per coordinate of its manual
/// axes) as replicas: the device id each runs as (the device at that coordinate and
/// at the start of every free axis), and back.
struct Replicas<'m> {
    mesh: &'m Mesh,
    /// Each manual axis's position among the mesh's axes, and its size.
    manual: Vec<(usize, usize)>,
    /// Each instance's manual coordinate, in row-major order.
    coords: Vec<Vec<usize>>,
    /// Each instance's replica (device) id.
    ids: Vec<i64>,
}

impl<'m> Replicas<'m> {
    fn new(mesh: &'m Mesh, m: &ManualComputation) -> Self {
        let manual: Vec<(usize, usize)> = (m.manual_axes.iter())
            .map(|a| (mesh.axis_position(a).unwrap_or(0), mesh.axis_size(a).unwrap_or(1).max(1) as usize))
            .collect();
        let sizes: Vec<usize> = manual.iter().map(|&(_, n)| n).collect();
        let mut coords = Vec::new();
        for_each_index(&sizes, |c| coords.push(c.to_vec()));
        let shape: Vec<usize> = mesh.axes().iter().map(|a| a.size.max(1) as usize).collect();
        let device_ids = mesh.device_ids();
        let ids = coords
            .iter()
            .map(|coord| {
                let mut full = vec![0; shape.len()];
                manual.iter().zip(coord).for_each(|(&(a, _), &x)| full[a] = x);
                device_ids[full.iter().zip(&shape).fold(0, |acc, (&x, &n)| acc * n + x)]
            })
            .collect();
        Replicas { mesh, manual, coords, ids }
    }

    /// The instance replica `id` runs in: its manual coordinate's row-major index.
    fn instance(&self, id: i64) -> Result<usize, String> {
        let c = self.mesh.coordinates_of(id).ok_or_else(|| format!("replica {id} is not a device of the mesh"))?;
        Ok(self.manual.iter().fold(0, |acc, &(a, n)| acc * n + c[a]))
    }
}

/// Collective `op` across the body's instances: each instance's results from its
/// peers' operands.
fn exchange(op: &Op, instances: &mut [Env], replicas: &Replicas) -> std::result::Result<(), String> {
    let mut results = Vec::with_capacity(instances.len());
    for (i, env) in instances.iter().enumerate() {
        let me = replicas.ids[i];
        let peers = collective::peers(&op.kind, me)?;
        let peers: Vec<usize> = peers.iter().map(|&p| replicas.instance(p)).collect::<std::result::Result<_, _>>()?;
        let mut outs = Vec::with_capacity(op.operands.len());
        for &v in &op.operands {
            let parts: Vec<Tensor> = peers.iter().map(|&p| instances[p].get(v)).collect();
            let refs: Vec<&Tensor> = parts.iter().collect();
            outs.push(collective::replica_result(&op.kind, me, &env.get(v), &refs)?);
        }
        results.push(outs);
    }
    for (env, outs) in instances.iter_mut().zip(results) {
        for (&r, t) in op.results.iter().zip(outs) {
            env.values[r.index()] = Some(t);
        }
    }
    Ok(())
}

/// The start and size, per dimension, of the block of a tensor of `shape` that the
/// manual coordinate `coord` (one entry per manual axis) owns under `sharding`.
fn block_bounds(
    shape: &[usize],
    sharding: &TensorSharding,
    m: &ManualComputation,
    coord: &[usize],
    mesh: &Mesh,
) -> (Vec<usize>, Vec<usize>) {
    let mut starts = vec![0; shape.len()];
    let mut sizes = shape.to_vec();
    for (d, dim) in sharding.dims.iter().enumerate() {
        let (mut index, mut count) = (0usize, 1usize);
        for axis in dim.axes.iter().take_while(|a| m.manual_axes.contains(&a.name)) {
            let k = m.manual_axes.iter().position(|n| *n == axis.name).unwrap_or(0);
            let size = axis.size(mesh).max(1) as usize;
            index = index * size + axis.coordinate(coord[k] as i64, mesh) as usize;
            count *= size;
        }
        sizes[d] = shape[d] / count.max(1);
        starts[d] = index * sizes[d];
    }
    (starts, sizes)
}

/// The index of the input element at `position` of the input's padded, dilated
/// form (`low` padding before the first element, `step - 1` holes after each one),
/// for an input of `size` elements; `None` for padding or a hole.
fn dilated_source(position: i64, low: i64, step: i64, size: usize) -> Option<usize> {
    let shifted = position - low;
    if shifted < 0 || shifted % step != 0 || shifted / step >= size as i64 {
        return None;
    }
    Some((shifted / step) as usize)
}

/// Runs one body-free op of `kind` on `operands` (the tensors and their element
/// types), producing `results`' types: the reference's kernel of one op.
pub fn run_kernel(
    kind: &OpKind,
    operands: (&[&Tensor], &[DType]),
    results: &[TensorType],
) -> std::result::Result<Vec<Tensor>, KernelError> {
    apply(kind, operands, results).map_err(KernelError::from)
}

/// Runs one body-free op of `kind` on `operands` (the tensors and their element
/// types), producing `results`' types.
pub(crate) fn apply(
    kind: &OpKind,
    (operands, dtypes): (&[&Tensor], &[DType]),
    results: &[TensorType],
) -> std::result::Result<Vec<Tensor>, String> {
    use elementwise as ew;
    let x = operands.first().copied();
    let first = || x.ok_or_else(|| "missing operand".to_string());
    let dtype = results.first().map(|t| t.dtype).unwrap_or(DType::F32);
    let one = |t: Tensor| Ok(vec![t]);
    match kind {
        OpKind::Unary(u) => one(ew::unary(*u, first()?, dtype)),
        OpKind::Binary(b) => one(ew::binary(*b, operands[0], operands[1], dtype)),
        OpKind::Convert { dtype } => one(ew::convert(first()?, *dtype)),
        OpKind::Compare { direction } => one(ew::compare(*direction, operands[0], operands[1])),
        OpKind::Select => one(ew::select(operands[0], operands[1], operands[2])),
        OpKind::Clamp => one(ew::clamp(operands[0], operands[1], operands[2])),
        OpKind::ReducePrecision(r) => one(ew::reduce_precision(first()?, r)),
        OpKind::IsFinite => one(ew::is_finite(first()?)),
        OpKind::DotGeneral(d) => one(dot::dot_general(operands[0], operands[1], d)),
        OpKind::Dot => one(dot::dot_general(operands[0], operands[1], &DotGeneral::for_dot(operands[0].rank()))),
        OpKind::Einsum(e) => one(dot::einsum(e, operands)),
        OpKind::Reduce(r) if r.kind.is_arg() => {
            let dtypes = [results[0].dtype, results[1].dtype];
            Ok(reduce::arg_reduce(operands[0], operands[1], &r.dimensions, r.kind, dtypes).to_vec())
        }
        OpKind::Reduce(r) => {
            Ok(operands.iter().zip(results).map(|(t, ty)| reduce::reduce(t, &r.dimensions, r.kind, ty.dtype)).collect())
        }
        OpKind::BroadcastInDim(b) => {
            one(layout::broadcast_in_dim(first()?, b).ok_or("the operand does not fit the result shape")?)
        }
        OpKind::Reshape(r) => one(layout::reshape(first()?, &r.shape)),
        OpKind::Transpose(t) => one(layout::transpose(first()?, &t.permutation)),
        OpKind::Concatenate(c) => {
            one(layout::concatenate(operands, c.dimension).ok_or("the operands differ off the dimension")?)
        }
        OpKind::Reverse(r) => one(layout::reverse(first()?, &r.dimensions)),
        OpKind::Slice(s) => one(layout::slice(first()?, s, &results[0])),
        OpKind::Pad(p) => {
            let value = operands.get(1).and_then(|v| v.data().first()).map_or(p.value, |&v| f64::from(v));
            one(layout::pad(first()?, &autoshard_model::ops::Pad { value, ..p.clone() }, &results[0]))
        }
        OpKind::DynamicUpdateSlice => one(layout::dynamic_update_slice(operands[0], operands[1], &operands[2..])),
        OpKind::BitcastConvert(b) => {
            let from = dtypes.first().copied().unwrap_or(DType::F32);
            one(bits::bitcast(first()?, from, b.dtype, &dims(&results[0].shape))?)
        }
        OpKind::BatchNormInference(b) => {
            one(norm::batch_norm_inference(operands, b.epsilon, b.feature_index as usize)?)
        }
        OpKind::RngBitGenerator(r) => {
            Err(format!("the random bits of {} are the generator's own; they cannot be reproduced", r.algorithm.name()))
        }
        OpKind::AllGather(_)
        | OpKind::AllToAll(_)
        | OpKind::ReduceScatter(_)
        | OpKind::AllReduce(_)
        | OpKind::CollectivePermute(_)
        | OpKind::PartitionId => Err(format!(
            "{} runs only in a manual computation's body (as shard_map writes it), where each device holds its \
             own blocks",
            if kind.is_replica_collective() { "a collective over replica groups" } else { "partition_id" }
        )),
        OpKind::DynamicSlice(d) => one(layout::dynamic_slice(operands[0], &operands[1..], &d.slice_sizes)),
        OpKind::Convolution(c) => one(conv::convolution(operands[0], operands[1], c)?),
        OpKind::ReduceWindow(r) => {
            let (inputs, inits) = operands.split_at(ReduceWindow::input_count(operands.iter().map(|t| t.rank())));
            let dtypes: Vec<_> = results.iter().map(|t| t.dtype).collect();
            window::reduce_window(r, inputs, inits, &dtypes)
        }
        OpKind::SelectAndScatter(s) => {
            let init = operands.get(2).and_then(|t| t.data().first().copied()).unwrap_or(0.0);
            one(window::select_and_scatter(s, operands[0], operands[1], init, dtype)?)
        }
        OpKind::Gather(g) => one(gather::gather(operands[0], operands[1], g, &results[0].shape)),
        OpKind::Scatter(s) => {
            let (inputs, indices, updates) = Scatter::split(operands);
            Ok(inputs
                .iter()
                .zip(updates)
                .zip(results)
                .map(|((x, u), ty)| gather::scatter(x, indices, u, s, ty.dtype))
                .collect())
        }
        OpKind::Take(t) => one(gather::take(operands[0], operands[1], t)),
        OpKind::Sort(s) => Ok(sort::sort(operands, s.dimension as usize, s.descending)),
        OpKind::TriangularSolve(t) => one(linalg::triangular_solve(operands[0], operands[1], t)),
        OpKind::Cholesky(c) => one(linalg::cholesky(first()?, c)),
        OpKind::Softmax(s) => one(norm::softmax(first()?, s.dimension as usize)),
        OpKind::LayerNorm(n) | OpKind::RmsNorm(n) => {
            let dims: Vec<usize> = n.dimensions.iter().map(|&d| d as usize).collect();
            let centre = matches!(kind, OpKind::LayerNorm(_));
            one(norm::normalise(
                first()?,
                &dims,
                n.epsilon,
                centre,
                (operands.get(1).copied(), operands.get(2).copied()),
            ))
        }
        OpKind::Constant(c) => one(layout::constant(c)),
        OpKind::Iota(i) => one(layout::iota(i)),
        OpKind::ShardingConstraint(_)
        | OpKind::Reshard(_)
        | OpKind::PropagationBarrier(_)
        | OpKind::OptimizationBarrier => one(first()?.clone()),
        OpKind::Custom(c) => Err(match &c.target {
            Some(target) => format!(
                "custom_call @{target} cannot run: autoshard has no decomposition of it (a custom op runs only with a body)"
            ),
            None => "a custom op runs only with a body (its decomposition)".into(),
        }),
        OpKind::NamedComputation(_) | OpKind::ManualComputation(_) | OpKind::While(_) | OpKind::Case(_) => {
            Err("a region op needs its body".into())
        }
    }
}
