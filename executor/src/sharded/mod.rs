//! Runs a [`Schedule`] on the simulated devices and assembles the outputs.
//!
//! Every device walks the same steps (SPMD) holding only its blocks: a value's
//! block is dropped after its last use, so a device holds its live shards plus the
//! buffers of the collective in flight. Each op and each collective is timed on
//! every device; the report keeps, per event, the slowest device's wall time and
//! the most elements any device received. Collectives the plan did not price — the
//! gathers and slices around gathered and global kernels — are reported as the
//! executor's own (`planned: false`).

mod compute;
mod reshard;

use crate::error::{Error, Result};
use crate::lowering::{Kernel, Move, Schedule, Step};
use crate::placement::Placement;
use crate::reference::run_op;
use crate::runtime::{Device, Runtime};
use crate::tensor::{Tensor, dims};
use autoshard_model::plan::PlannedCollective;
use autoshard_model::reshard::{Collective, CollectiveKind};
use autoshard_model::{Mesh, OpId, Program, TensorSharding, ValueId};
use reshard::Site;
pub(crate) use reshard::identity;
use std::time::{Duration, Instant};

/// What happened at one point of a sharded run.
#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    /// An op's kernel ran.
    Op(OpId),
    /// A collective ran: the plan's (with its prediction) or the executor's own.
    Collective {
        /// The collective as planned (kind, text, value, predicted bytes and time).
        collective: Box<PlannedCollective>,
        /// True when the plan priced it.
        planned: bool,
    },
}

/// One event of a sharded run, over all devices.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// What ran.
    pub kind: EventKind,
    /// The slowest device's wall time.
    pub wall: Duration,
    /// The most elements any device received from others.
    pub received: usize,
}

/// The result of a sharded run.
#[derive(Debug, Clone)]
pub struct ShardedRun {
    /// The program's outputs, assembled from the devices' blocks.
    pub outputs: Vec<Tensor>,
    /// Every op and collective, in schedule order.
    pub events: Vec<Event>,
    /// The most elements any device held at once (its live blocks).
    pub peak_elements: usize,
}

/// Runs `schedule` (lowered from `program`) on `inputs`, one thread per device,
/// each wait bounded by `timeout`.
pub fn run(program: &Program, schedule: &Schedule, inputs: &[Tensor], timeout: Duration) -> Result<ShardedRun> {
    if inputs.len() != program.inputs().len() {
        return Err(Error::InputCount { expected: program.inputs().len(), actual: inputs.len() });
    }
    let runtime = Runtime::new(schedule.placement.grid().clone()).with_timeout(timeout);
    let per_device = runtime.run(|device| {
        let site = Site { device, placement: &schedule.placement };
        DeviceRun::new(program, schedule, site).run(inputs)
    })?;
    let mut events: Vec<Event> = Vec::new();
    let mut peak_elements = 0;
    let mut blocks: Vec<Vec<Tensor>> = Vec::with_capacity(per_device.len());
    for (outputs, device_events, peak) in per_device {
        peak_elements = peak_elements.max(peak);
        if events.is_empty() {
            events = device_events;
        } else {
            for (e, d) in events.iter_mut().zip(device_events) {
                e.wall = e.wall.max(d.wall);
                e.received = e.received.max(d.received);
            }
        }
        blocks.push(outputs);
    }
    let outputs = program
        .outputs()
        .iter()
        .enumerate()
        .map(|(k, output)| {
            let sharding = final_sharding(schedule, k).unwrap_or(&schedule.shardings[output.value.index()]);
            assemble(&schedule.placement, &dims(&program.value(output.value).ty.shape), sharding, &blocks, k)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(ShardedRun { outputs, events, peak_elements })
}

/// Runs `collectives` on a tensor `x` of `mesh` held as `from`, on one thread per
/// device, and returns the whole tensor they leave (partial results all-reduced
/// first): what a reshard plan computes on real data. Every collective's result is
/// checked against the block shape of its sharding on the way.
pub fn reshard(mesh: &Mesh, x: &Tensor, from: &TensorSharding, collectives: &[Collective]) -> Result<Tensor> {
    let outs = collectives.iter().map(Collective::out_sharding);
    let shardings: Vec<&TensorSharding> = std::iter::once(from).chain(outs).collect();
    let placement = Placement::new(mesh, shardings.iter().flat_map(|s| s.all_axes()))?;
    let shape = x.shape().to_vec();
    let runtime = Runtime::new(placement.grid().clone()).with_timeout(Duration::from_secs(60));
    let last = shardings.last().copied().unwrap_or(from);
    let blocks = runtime.run(|device| {
        let site = Site { device, placement: &placement };
        let mut y = site.take_block(x, &shape, from)?;
        let mut current = from.clone();
        for c in collectives {
            y = site.collective(y, &shape, &current, c)?.0;
            current = c.out_sharding().clone();
        }
        if !current.unreduced.is_empty() {
            let reduce = Collective::AllReduce {
                axes: current.unreduced.clone(),
                reduction: current.reduction,
                out: current.reduced(),
            };
            y = site.collective(y, &shape, &current, &reduce)?.0;
        }
        Ok(vec![y])
    })?;
    assemble(&placement, &shape, &last.reduced(), &blocks, 0)
}

/// The sharding output `k` ends in.
fn final_sharding(schedule: &Schedule, k: usize) -> Option<&TensorSharding> {
    schedule.steps.iter().find_map(|s| match s {
        Step::Output { index, moved, .. } if *index == k => Some(&moved.to),
        _ => None,
    })
}

/// The whole tensor from every device's block of output `k`.
fn assemble(
    placement: &Placement,
    shape: &[usize],
    sharding: &TensorSharding,
    blocks: &[Vec<Tensor>],
    k: usize,
) -> Result<Tensor> {
    let mut out = Tensor::full(shape, 0.0);
    for (device, outputs) in blocks.iter().enumerate() {
        let block = placement.block(device, shape, sharding)?;
        let Some(local) = outputs.get(k) else { continue };
        out.copy_block(&block.starts, local, &vec![0; shape.len()], &block.real);
    }
    Ok(out)
}

/// One device's walk through the schedule.
struct DeviceRun<'a, 'd> {
    program: &'a Program,
    schedule: &'a Schedule,
    site: Site<'a, 'd>,
    values: Vec<Option<Tensor>>,
    events: Vec<Event>,
    peak: usize,
}

impl<'a, 'd> DeviceRun<'a, 'd> {
    fn new(program: &'a Program, schedule: &'a Schedule, site: Site<'a, 'd>) -> Self {
        let values = vec![None; program.values().len()];
        DeviceRun { program, schedule, site, values, events: Vec::new(), peak: 0 }
    }

    fn device(&self) -> &Device<'d> {
        self.site.device
    }

    fn shape(&self, v: ValueId) -> Vec<usize> {
        dims(&self.program.value(v).ty.shape)
    }

    fn value(&self, v: ValueId) -> Result<Tensor> {
        self.values[v.index()].clone().ok_or_else(|| {
            Error::Plan(format!("value \"{}\" is read before it is computed", self.program.value(v).name))
        })
    }

    fn run(mut self, inputs: &[Tensor]) -> Result<(Vec<Tensor>, Vec<Event>, usize)> {
        let mut outputs = vec![Tensor::scalar(0.0); self.program.outputs().len()];
        let schedule = self.schedule;
        for (at, step) in schedule.steps.iter().enumerate() {
            match step {
                Step::Input { value } => {
                    let k = self.program.inputs().iter().position(|i| i.value == *value).unwrap_or(0);
                    let sharding = &self.schedule.shardings[value.index()];
                    let block = self.take_block(&inputs[k], *value, sharding)?;
                    self.values[value.index()] = Some(block);
                }
                Step::Source { op } => self.source(*op)?,
                Step::Move { value, target, moved, .. } => {
                    let x = self.value(*value)?;
                    let y = self.moved(x, *value, moved)?;
                    self.values[target.index()] = Some(y);
                }
                Step::Ruled { op, operands, kernel, results } => {
                    let mut xs = Vec::with_capacity(operands.len());
                    for (o, sharding) in operands.iter().zip(&kernel.operands) {
                        let x = self.moved(self.value(o.value)?, o.value, &o.moved)?;
                        xs.push(self.own(x, o.value, (&o.moved.to, sharding), true)?);
                    }
                    let ys = self.kernel(*op, kernel, xs)?;
                    for ((r, y), sharding) in results.iter().zip(ys).zip(&kernel.results) {
                        let y = self.own(y, r.value, (sharding, &r.moved.from), false)?;
                        let y = self.moved(y, r.value, &r.moved)?;
                        self.values[r.value.index()] = Some(y);
                    }
                }
                Step::Output { index, value, moved } => {
                    outputs[*index] = self.moved(self.value(*value)?, *value, moved)?;
                }
            }
            self.release(at);
        }
        Ok((outputs, self.events, self.peak))
    }

    /// Drops the blocks no later step reads, after noting how much was held.
    fn release(&mut self, at: usize) {
        let held: usize = self.values.iter().flatten().map(Tensor::len).sum();
        self.peak = self.peak.max(held);
        for (v, slot) in self.values.iter_mut().enumerate() {
            if self.schedule.last_use[v] <= at {
                *slot = None;
            }
        }
    }

    /// This device's block of the whole tensor `x` (value `v`) under `sharding`.
    fn take_block(&self, x: &Tensor, v: ValueId, sharding: &TensorSharding) -> Result<Tensor> {
        self.site.take_block(x, &self.shape(v), sharding)
    }

    /// An op without a rule: its operands gathered whole, computed, its results'
    /// blocks kept.
    fn source(&mut self, op: OpId) -> Result<()> {
        let program = self.program;
        let operation = program.op(op);
        let mut whole = Vec::with_capacity(operation.operands.len());
        for &v in &operation.operands {
            let sharding = self.schedule.shardings[v.index()].clone();
            let replicated = TensorSharding::replicated(program.mesh_name(), sharding.rank());
            let x = self.value(v)?;
            whole.push(self.own(x, v, (&sharding, &replicated), true)?);
        }
        let started = Instant::now();
        let results = run_op(program, op, whole)?;
        self.events.push(Event { kind: EventKind::Op(op), wall: started.elapsed(), received: 0 });
        for (&r, y) in operation.results.iter().zip(results) {
            let block = self.take_block(&y, r, &self.schedule.shardings[r.index()])?;
            self.values[r.index()] = Some(block);
        }
        Ok(())
    }

    fn kernel(&mut self, op: OpId, kernel: &Kernel, operands: Vec<Tensor>) -> Result<Vec<Tensor>> {
        let started = Instant::now();
        let results = compute::compute(self.program, op, kernel, self.site.placement, self.device().index(), operands)?;
        self.events.push(Event { kind: EventKind::Op(op), wall: started.elapsed(), received: 0 });
        Ok(results)
    }

    /// `x` (a block of `v`) through the planned collectives of `moved`.
    fn moved(&mut self, x: Tensor, v: ValueId, moved: &Move) -> Result<Tensor> {
        let shape = self.shape(v);
        let mut x = x;
        let mut from = moved.from.clone();
        for planned in &moved.collectives {
            let started = Instant::now();
            let (y, received) = self.site.collective(x, &shape, &from, &planned.text)?;
            let wall = started.elapsed();
            let kind = EventKind::Collective { collective: Box::new(planned.clone()), planned: true };
            self.events.push(Event { kind, wall, received });
            from = planned.text.out_sharding().clone();
            x = y;
        }
        Ok(x)
    }

    /// The executor's own move of `x` (a block of `v`) between the shardings a
    /// kernel needs and the plan's: `gather` reduces partial sums the target does
    /// not keep and gathers dimensions; otherwise it slices and makes partial sums
    /// (local).
    fn own(
        &mut self,
        x: Tensor,
        v: ValueId,
        (from, to): (&TensorSharding, &TensorSharding),
        gather: bool,
    ) -> Result<Tensor> {
        if from == to {
            return Ok(x);
        }
        let shape = self.shape(v);
        if !gather {
            let slice = Collective::AllSlice { axes: Vec::new(), out: to.reduced() };
            let y = self.own_collective(x, v, &shape, &from.reduced(), slice)?;
            let fresh: Vec<_> = to.unreduced.iter().filter(|a| !from.unreduced.contains(a)).cloned().collect();
            return self.site.unreduce(y, &fresh, to.reduction);
        }
        let mut x = x;
        let mut current = from.clone();
        if !from.unreduced.is_empty() && to.unreduced.is_empty() {
            let all_reduce =
                Collective::AllReduce { axes: from.unreduced.clone(), reduction: from.reduction, out: from.reduced() };
            x = self.own_collective(x, v, &shape, &current, all_reduce)?;
            current = from.reduced();
        }
        if current.dims != to.dims {
            let gather = Collective::Reshard { out: to.clone() };
            x = self.own_collective(x, v, &shape, &current, gather)?;
        }
        Ok(x)
    }

    fn own_collective(
        &mut self,
        x: Tensor,
        v: ValueId,
        shape: &[usize],
        from: &TensorSharding,
        collective: Collective,
    ) -> Result<Tensor> {
        let started = Instant::now();
        let (y, received) = self.site.collective(x, shape, from, &collective)?;
        let kind = match collective.kind() {
            CollectiveKind::Reshard => CollectiveKind::AllGather,
            other => other,
        };
        let planned = PlannedCollective {
            kind,
            text: collective,
            value: self.program.value(v).name.clone(),
            op: None,
            bytes: Default::default(),
            time_s: Default::default(),
        };
        let event = Event {
            kind: EventKind::Collective { collective: Box::new(planned), planned: false },
            wall: started.elapsed(),
            received,
        };
        self.events.push(event);
        Ok(y)
    }
}
