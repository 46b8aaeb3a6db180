//! Runs a [`Schedule`] on the simulated devices and assembles the outputs (an
//! output the plan leaves partial combined from its devices' partial values).
//!
//! Every device walks the same steps (SPMD) holding only its blocks: a value's
//! block is dropped after its last use, so a device holds its live shards plus the
//! buffers of the collective in flight. A block the schedule packs (a bf16 or f16
//! input, and what moves it) is kept in 2 bytes per element and widened to f32 for
//! each step that reads it. Each op and each collective is timed on
//! every device, by the wall clock and by the device clock (the runtime's: CPU time,
//! synchronised at each collective); the report keeps, per event, the slowest
//! device's times and the most elements any device received, and the run's device
//! time (the latest device clock at the end). Collectives the plan did not price — the
//! gathers and slices around gathered and global kernels — are reported as the
//! executor's own (`planned: false`).

mod compute;
mod halo;
mod reshard;

use crate::collectives::combine;
use crate::error::{Error, Result};
use crate::placement::Placement;
use crate::reference::{Source, collective, run_op};
use crate::runtime::Runtime;
use crate::runtime::{Post, posted_all};
use crate::schedule::{Kernel, Mode, Move, Schedule, Step, ValueStep};
use crate::tensor::{Packed, STORAGE, Tensor, dims};
use autoshard_model::reshard::{Collective, CollectiveKind};
use autoshard_model::{Bytes, PlannedCollective};
use autoshard_model::{Mesh, OpId, OpKind, Program, TensorSharding, ValueId};
use reshard::Site;
use std::collections::BTreeMap;
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
    /// The slowest device's device-clock time (for a collective, including the
    /// wait for the latest device to arrive).
    pub time: Duration,
    /// The longest any device waited in it for the latest device to arrive (part
    /// of `time`): how far the devices' clocks had drifted apart.
    pub wait: Duration,
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
    /// The most bytes any device held at once in its live blocks, as stored (a
    /// bf16 or f16 block in 2 bytes per element where [`Schedule`] packs it, else
    /// 4).
    pub peak_bytes: Bytes,
    /// The latest device clock at the end of the run: the run's time on devices
    /// with a core each.
    pub device_time: Duration,
}

/// How a sharded run uses the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest any device waits for the others in one collective.
    pub timeout: Duration,
    /// At most this many devices compute at once (`None`: all of them).
    pub cores: Option<usize>,
}

impl Default for Limits {
    /// What `autoshard run` allows: a device waits up to five minutes for the others
    /// in one collective, and every device computes at once.
    fn default() -> Limits {
        Limits { timeout: Duration::from_secs(300), cores: None }
    }
}

/// Runs `schedule` (lowered from `program`) on `inputs`, one thread per device,
/// within `limits`.
pub fn run(program: &Program, schedule: &Schedule, inputs: &[Tensor], limits: Limits) -> Result<ShardedRun> {
    if inputs.len() != program.inputs().len() {
        return Err(Error::InputCount { expected: program.inputs().len(), actual: inputs.len() });
    }
    let runtime = Runtime::new(schedule.placement.grid().clone()).with_timeout(limits.timeout);
    let runtime = match limits.cores {
        Some(cores) => runtime.with_cores(cores),
        None => runtime,
    };
    let per_device = runtime.run(|device| {
        let site = Site { device, placement: &schedule.placement };
        DeviceRun::new(program, schedule, site).run(inputs)
    })?;
    let mut events: Vec<Event> = Vec::new();
    let (mut peak_elements, mut peak_bytes, mut device_time) = (0, 0, Duration::ZERO);
    let mut blocks: Vec<Vec<Tensor>> = Vec::with_capacity(per_device.len());
    for DeviceEnd { outputs, events: device_events, peak, clock } in per_device {
        peak_elements = peak_elements.max(peak.elements);
        peak_bytes = peak_bytes.max(peak.bytes);
        device_time = device_time.max(clock);
        if events.is_empty() {
            events = device_events;
        } else {
            for (e, d) in events.iter_mut().zip(device_events) {
                e.wall = e.wall.max(d.wall);
                e.time = e.time.max(d.time);
                e.wait = e.wait.max(d.wait);
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
            let held = &schedule.shardings[output.value.index()];
            let sharding = output.target(held).unwrap_or_else(|| held.clone());
            assemble(&schedule.placement, &dims(&program.value(output.value).ty.shape), &sharding, &blocks, k)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(ShardedRun { outputs, events, peak_elements, peak_bytes: Bytes(peak_bytes), device_time })
}

/// The placement [`reshard_on_mesh`] runs `collectives` from `from` on: `mesh` refined at
/// the sub-axes of every sharding they pass through, so that a move over a sub-axis
/// runs as a grid collective exactly when that sub-axis is a group of its grid.
pub fn reshard_placement(mesh: &Mesh, from: &TensorSharding, collectives: &[Collective]) -> Result<Placement> {
    let outs = collectives.iter().map(Collective::out_sharding);
    Placement::new(mesh, std::iter::once(from).chain(outs).flat_map(|s| s.all_axes()))
}

/// Runs `collectives` on a tensor `x` of `mesh` held as `from`, on one thread per
/// device, and returns the whole tensor they leave (partial results all-reduced
/// first): what a reshard plan computes on real data. Every collective's result is
/// checked against the block shape of its sharding on the way.
pub fn reshard_on_mesh(mesh: &Mesh, x: &Tensor, from: &TensorSharding, collectives: &[Collective]) -> Result<Tensor> {
    let placement = reshard_placement(mesh, from, collectives)?;
    let shape = x.shape().to_vec();
    let runtime = Runtime::new(placement.grid().clone());
    let last = collectives.last().map_or(from, Collective::out_sharding);
    let blocks = runtime.run(|device| {
        let site = Site { device, placement: &placement };
        let (mut y, current) = site.through(site.take_block(x, &shape, from)?, &shape, from, collectives)?;
        if !current.unreduced.is_empty() {
            y = site.collective(y, &shape, current, &reduce_partials(current))?.0;
        }
        Ok(vec![y])
    })?;
    assemble(&placement, &shape, &last.reduced(), &blocks, 0)
}

/// Times `collectives` on a tensor `x` of `mesh` held as `from` as a sharded run
/// runs them (each device's block, through the same planning of groups and blocks)
/// on a runtime of at most `cores` devices computing at once ([`Runtime::time`]:
/// `repetitions` after a warm-up, each device's block cut outside the clock, after
/// the core's private caches are evicted as other devices' work evicts them in a
/// program). Returns per repetition the slowest device's device time.
pub fn time_reshard(
    mesh: &Mesh,
    x: &Tensor,
    from: &TensorSharding,
    collectives: &[Collective],
    repetitions: usize,
    cores: usize,
) -> Result<Vec<Duration>> {
    let placement = reshard_placement(mesh, from, collectives)?;
    let shape = x.shape().to_vec();
    Runtime::new(placement.grid().clone()).with_cores(cores).time(repetitions, |device| {
        let site = Site { device, placement: &placement };
        let y = device.untimed(|| {
            evict_private_caches();
            site.take_block(x, &shape, from)
        })?;
        site.through(y, &shape, from, collectives)
    })
}

/// Bytes written before each timed collective of [`time_reshard`]: more than a
/// core's private caches (L1 and L2, at most a few MiB on current CPUs) hold, less
/// than a shared last-level cache. In a program, the devices sharing a core run their
/// ops between a block's write and its collective, so the collective finds its
/// blocks in the shared cache or memory, not in the core's own caches.
const EVICTION_BYTES: usize = 4 << 20;

/// Evicts the calling core's private caches by writing [`EVICTION_BYTES`].
fn evict_private_caches() {
    let buffer = vec![1u8; EVICTION_BYTES];
    std::hint::black_box(&buffer);
}

/// The all-reduce of `sharding`'s partial results along its unreduced axes.
fn reduce_partials(sharding: &TensorSharding) -> Collective {
    Collective::AllReduce { axes: sharding.unreduced.clone(), reduction: sharding.reduction, out: sharding.reduced() }
}

/// The whole tensor from every device's block of output `k` (each block copied
/// once, from the first device that holds it).
fn assemble(
    placement: &Placement,
    shape: &[usize],
    sharding: &TensorSharding,
    blocks: &[Vec<Tensor>],
    k: usize,
) -> Result<Tensor> {
    let mut out = Tensor::full(shape, 0.0);
    // Per block (keyed by extent too: an empty uneven block starts where the next
    // one does), one partial value per position along the unreduced axes.
    let mut parts: BTreeMap<BlockKey, BTreeMap<usize, &Tensor>> = BTreeMap::new();
    for (device, outputs) in blocks.iter().enumerate() {
        let block = placement.block(device, shape, sharding)?;
        let Some(local) = outputs.get(k) else { continue };
        let member = placement.index(device, &sharding.unreduced)?;
        parts.entry((block.starts, block.real)).or_default().entry(member).or_insert(local);
    }
    for ((starts, real), members) in parts {
        let members: Vec<&Tensor> = members.into_values().collect();
        let local = match sharding.unreduced.is_empty() {
            true => members[0].clone(),
            false => combine(sharding.reduction, &members)?,
        };
        out.copy_block(&starts, &local, &vec![0; shape.len()], &real);
    }
    Ok(out)
}

/// A block of a tensor by its starts and extents.
type BlockKey = (Vec<usize>, Vec<usize>);

/// What one device ends a run with.
struct DeviceEnd {
    outputs: Vec<Tensor>,
    events: Vec<Event>,
    peak: Held,
    clock: Duration,
}

/// What a device holds in its live blocks: elements, and bytes as stored.
#[derive(Debug, Clone, Copy, Default)]
struct Held {
    elements: usize,
    bytes: u64,
}

/// A device's block of a value as it keeps it between steps: in f32, or packed in
/// its 2-byte float type.
#[derive(Debug, Clone)]
enum Stored {
    Wide(Tensor),
    Packed(Packed),
}

impl Stored {
    fn len(&self) -> usize {
        match self {
            Stored::Wide(x) => x.len(),
            Stored::Packed(p) => p.len(),
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Stored::Wide(x) => x.len() as u64 * STORAGE.size_bytes(),
            Stored::Packed(p) => p.len() as u64 * 2,
        }
    }

    /// The block in f32, for a step to compute on.
    fn widened(self) -> Tensor {
        match self {
            Stored::Wide(x) => x,
            Stored::Packed(p) => p.unpack(),
        }
    }

    /// A copy in f32, the block kept.
    fn widened_copy(&self) -> Tensor {
        match self {
            Stored::Wide(x) => x.clone(),
            Stored::Packed(p) => p.unpack(),
        }
    }
}

/// When an event started, by both clocks, and the device's waits so far.
#[derive(Clone, Copy)]
struct Started {
    wall: Instant,
    clock: Duration,
    waited: Duration,
}

/// One device's walk through the schedule.
struct DeviceRun<'a, 'd> {
    program: &'a Program,
    schedule: &'a Schedule,
    site: Site<'a, 'd>,
    /// Each value's block while some step still reads it.
    values: Vec<Option<Stored>>,
    /// The reads of each value still to come.
    reads: Vec<usize>,
    /// What `values` holds, and the most it has held.
    held: Held,
    peak: Held,
    events: Vec<Event>,
}

impl<'a, 'd> DeviceRun<'a, 'd> {
    fn new(program: &'a Program, schedule: &'a Schedule, site: Site<'a, 'd>) -> Self {
        let values = vec![None; program.values().len()];
        let reads = schedule.reads.clone();
        let (held, peak) = (Held::default(), Held::default());
        DeviceRun { program, schedule, site, values, reads, held, peak, events: Vec::new() }
    }

    fn shape(&self, v: ValueId) -> Vec<usize> {
        dims(&self.program.value(v).ty.shape)
    }

    /// Keeps `x` as value `v`'s block if a later step reads it: packed in its
    /// 2-byte float type where the schedule says so and every element is one of
    /// its values, else in f32.
    fn store(&mut self, v: ValueId, x: Tensor) {
        if self.reads[v.index()] > 0 {
            let packed = self.schedule.packed[v.index()].and_then(|format| x.pack(format));
            let block = packed.map_or(Stored::Wide(x), Stored::Packed);
            self.held.elements += block.len();
            self.held.bytes += block.bytes();
            self.peak.elements = self.peak.elements.max(self.held.elements);
            self.peak.bytes = self.peak.bytes.max(self.held.bytes);
            self.values[v.index()] = Some(block);
        }
    }

    /// Value `v`'s block for one read: moved out at its last read, copied before.
    fn read(&mut self, v: ValueId) -> Result<Tensor> {
        let unread = || Error::Plan(format!("value \"{}\" is read before it is computed", self.program.value(v).name));
        let left = &mut self.reads[v.index()];
        *left = left.saturating_sub(1);
        if *left > 0 {
            return self.values[v.index()].as_ref().map(Stored::widened_copy).ok_or_else(unread);
        }
        let x = self.values[v.index()].take().ok_or_else(unread)?;
        self.held.elements -= x.len();
        self.held.bytes -= x.bytes();
        Ok(x.widened())
    }

    fn run(mut self, inputs: &[Tensor]) -> Result<DeviceEnd> {
        let mut outputs = vec![Tensor::scalar(0.0); self.program.outputs().len()];
        let schedule = self.schedule;
        for step in &schedule.steps {
            self.step(step, inputs, &mut outputs)?;
        }
        let clock = self.site.device.clock();
        Ok(DeviceEnd { outputs, events: self.events, peak: self.peak, clock })
    }

    fn step(&mut self, step: &'a Step, inputs: &[Tensor], outputs: &mut [Tensor]) -> Result<()> {
        let schedule = self.schedule;
        match step {
            Step::Input { index: k, value } => {
                // Inputs arrive in their blocks: cutting them is not the program's time.
                let (site, shape) = (&self.site, self.shape(*value));
                let block =
                    site.device.untimed(|| site.take_block(&inputs[*k], &shape, &schedule.shardings[value.index()]))?;
                let device = self.site.device;
                device.untimed(|| self.store(*value, block));
            }
            Step::Source { op } => self.source(*op)?,
            Step::Move { value, target, moved } => {
                let x = self.read(*value)?;
                let y = self.moved(x, *value, moved)?;
                self.store(*target, y);
            }
            Step::Ruled { op, operands, kernel, results } => {
                let mut xs: Vec<Tensor> = Vec::with_capacity(operands.len());
                for (i, (o, sharding)) in operands.iter().zip(&kernel.operands).enumerate() {
                    let x = self.read(o.value)?;
                    // A value used twice in one sharding is moved once, as it is priced.
                    let same = |(p, s): (&ValueStep, &TensorSharding)| {
                        p.value == o.value && p.moved.to == o.moved.to && s == sharding
                    };
                    if let Some(j) = operands[..i].iter().zip(&kernel.operands).position(same) {
                        xs.push(xs[j].clone());
                        continue;
                    }
                    let x = self.moved(x, o.value, &o.moved)?;
                    xs.push(self.gather_for_kernel(x, o.value, (&o.moved.to, sharding))?);
                }
                let ys = self.kernel(*op, kernel, xs)?;
                for ((r, y), sharding) in results.iter().zip(ys).zip(&kernel.results) {
                    let y = self.slice_from_kernel(y, r.value, (sharding, &r.moved.from))?;
                    let y = self.moved(y, r.value, &r.moved)?;
                    self.store(r.value, y);
                }
            }
            Step::Loop { op, cond, body, defined } => self.run_loop(*op, (cond, body), defined, inputs, outputs)?,
            Step::Case { op, branches } => self.run_case(*op, branches, inputs, outputs)?,
            Step::Output { index, value, moved } => {
                let x = self.read(*value)?;
                outputs[*index] = self.moved(x, *value, moved)?;
            }
        }
        Ok(())
    }

    /// A `case` on this device's blocks: the steps of the branch the (replicated)
    /// selector picks, on its operands' blocks.
    fn run_case(
        &mut self,
        id: OpId,
        branches: &'a [Vec<Step>],
        inputs: &[Tensor],
        outputs: &mut [Tensor],
    ) -> Result<()> {
        let op = self.program.op(id);
        let OpKind::Case(case) = &op.kind else { return Err(Error::Plan(format!("\"{}\" is not a case", op.name))) };
        let mut operands = op.operands.iter().map(|&v| self.read(v)).collect::<Result<Vec<_>>>()?;
        let selector = operands.remove(0).data().first().copied().unwrap_or(0.0);
        let k = case.branch(f64::from(selector));
        let (Some(branch), Some(steps)) = (op.branches().get(k), branches.get(k)) else {
            return Err(Error::Plan(format!("\"{}\" has no branch {k}", op.name)));
        };
        for (&arg, x) in branch.args.iter().zip(operands) {
            self.store(arg, x);
        }
        steps.iter().try_for_each(|s| self.step(s, inputs, outputs))?;
        for (&result, &returned) in op.results.iter().zip(&branch.results) {
            let x = self.read(returned)?;
            self.store(result, x);
        }
        Ok(())
    }

    /// A `while` on this device's carried blocks: the condition's steps, then, while
    /// the predicate (replicated, so alike on every device) holds, the body's; the
    /// body runs exactly the loop's trip count, as priced.
    fn run_loop(
        &mut self,
        id: OpId,
        (cond_steps, body_steps): (&'a [Step], &'a [Step]),
        defined: &[ValueId],
        inputs: &[Tensor],
        outputs: &mut [Tensor],
    ) -> Result<()> {
        let op = self.program.op(id);
        let (Some(cond), Some(body), OpKind::While(w)) = (op.cond(), op.body(), &op.kind) else {
            return Err(Error::Plan(format!("\"{}\" is not a loop", op.name)));
        };
        let mut carried = op.operands.iter().map(|&v| self.read(v)).collect::<Result<Vec<_>>>()?;
        let mut trips = 0u64;
        loop {
            for &v in defined {
                self.reads[v.index()] = self.schedule.reads[v.index()];
            }
            for (&arg, x) in cond.args.iter().zip(&carried) {
                self.store(arg, x.clone());
            }
            cond_steps.iter().try_for_each(|s| self.step(s, inputs, outputs))?;
            let decided = cond.results.first().map(|&p| self.read(p)).transpose()?;
            if decided.is_none_or(|p| p.data().first().is_none_or(|&x| x == 0.0)) {
                break;
            }
            if trips == w.trip_count {
                return Err(Error::Plan(format!("loop \"{}\" runs past its trip count {}", op.name, w.trip_count)));
            }
            for (&arg, x) in body.args.iter().zip(carried) {
                self.store(arg, x);
            }
            body_steps.iter().try_for_each(|s| self.step(s, inputs, outputs))?;
            carried = body.results.iter().map(|&v| self.read(v)).collect::<Result<Vec<_>>>()?;
            trips += 1;
        }
        if trips != w.trip_count {
            return Err(Error::Plan(format!(
                "loop \"{}\" ran {trips} times, not its trip count {}",
                op.name, w.trip_count
            )));
        }
        for (&result, x) in op.results.iter().zip(carried) {
            self.store(result, x);
        }
        Ok(())
    }

    /// An op without a rule: a splat constant or an iota makes this device's block
    /// alone, `partition_id` is this device's id; any other has its operands gathered
    /// whole, is computed, and keeps its results' blocks.
    fn source(&mut self, op: OpId) -> Result<()> {
        let program = self.program;
        let operation = program.op(op);
        if operation.kind == OpKind::PartitionId {
            let device = self.site.device.index();
            let id = program.mesh().device_ids().get(device).copied();
            let id = id.ok_or_else(|| Error::unsupported(operation, format!("device {device} has no id")))?;
            let started = self.start();
            self.record(EventKind::Op(op), started, 0);
            self.store(operation.results[0], Tensor::scalar(id as f32));
            return Ok(());
        }
        if let (&[r], Some(source)) = (&operation.results[..], Source::of(&operation.kind)) {
            // A splat constant or an iota: each device makes only its own block.
            let (shape, sharding) = (self.shape(r), &self.schedule.shardings[r.index()]);
            let block = self.site.placement.block(self.site.device.index(), &shape, sharding)?;
            let started = self.start();
            let real = source.block(&block.starts, &block.real);
            self.record(EventKind::Op(op), started, 0);
            let y = self.site.padded_block(real, &block, sharding)?;
            self.store(r, y);
            return Ok(());
        }
        let mut whole = Vec::with_capacity(operation.operands.len());
        for &v in &operation.operands {
            let sharding = &self.schedule.shardings[v.index()];
            let replicated = TensorSharding::replicated(program.mesh_name(), sharding.rank());
            let x = self.read(v)?;
            whole.push(self.gather_for_kernel(x, v, (sharding, &replicated))?);
        }
        let started = self.start();
        let results = run_op(program, op, whole)?;
        self.record(EventKind::Op(op), started, 0);
        for (&r, y) in operation.results.iter().zip(results) {
            let block = self.site.take_block(&y, &self.shape(r), &self.schedule.shardings[r.index()])?;
            self.store(r, block);
        }
        Ok(())
    }

    fn kernel(&mut self, op: OpId, kernel: &Kernel, operands: Vec<Tensor>) -> Result<Vec<Tensor>> {
        let started = self.start();
        let device = self.site.device.index();
        let (results, received) = if self.program.op(op).kind.is_replica_collective() {
            self.replica_collective(op, &operands)?
        } else if kernel.mode == Mode::Halo {
            self.halo_op(op, kernel, operands)?
        } else {
            (compute::compute(self.program, op, kernel, self.site.placement, device, operands)?, 0)
        };
        self.record(EventKind::Op(op), started, received);
        Ok(results)
    }

    /// A collective over replica groups (in a manual computation's body): each
    /// operand's block posted in one round, and this device's result computed from
    /// its peers' blocks ([`collective::replica_result`]). Returns the results and the
    /// elements received from other devices.
    fn replica_collective(&mut self, id: OpId, operands: &[Tensor]) -> Result<(Vec<Tensor>, usize)> {
        let op = self.program.op(id);
        let unsupported = |reason: String| Error::unsupported(op, reason);
        let device_ids = self.program.mesh().device_ids();
        let device = self.site.device.index();
        let me = device_ids.get(device).copied().ok_or_else(|| unsupported(format!("device {device} has no id")))?;
        let peers = collective::peers(&op.kind, me).map_err(unsupported)?;
        let positions = peers
            .iter()
            .map(|p| device_ids.iter().position(|d| d == p).ok_or_else(|| unsupported(format!("no device {p}"))))
            .collect::<Result<Vec<usize>>>()?;
        let (mut results, mut received) = (Vec::with_capacity(operands.len()), 0);
        for x in operands {
            let board = self.site.device.round(Some(Post { tensor: x.clone(), to: None }))?;
            let parts = posted_all(&board, &positions)?;
            received +=
                positions.iter().zip(&parts).filter(|(p, _)| **p != device).map(|(_, t)| t.len()).sum::<usize>();
            results.push(collective::replica_result(&op.kind, me, x, &parts).map_err(unsupported)?);
        }
        Ok((results, received))
    }

    fn start(&self) -> Started {
        let device = &self.site.device;
        Started { wall: Instant::now(), clock: device.clock(), waited: device.waited() }
    }

    /// Records an event that began at `started`.
    fn record(&mut self, kind: EventKind, started: Started, received: usize) {
        let device = &self.site.device;
        let time = device.clock().saturating_sub(started.clock);
        let wait = device.waited().saturating_sub(started.waited);
        self.events.push(Event { kind, wall: started.wall.elapsed(), time, wait, received });
    }

    /// `x` (a block of `v`) through the planned collectives of `moved`.
    fn moved(&mut self, x: Tensor, v: ValueId, moved: &Move) -> Result<Tensor> {
        let shape = self.shape(v);
        let mut x = x;
        let mut from = &moved.from;
        for planned in &moved.collectives {
            x = self.collective(x, &shape, from, planned, true)?;
            from = planned.text.out_sharding();
        }
        Ok(x)
    }

    /// Runs one collective on `x` and records it.
    fn collective(
        &mut self,
        x: Tensor,
        shape: &[usize],
        from: &TensorSharding,
        collective: &PlannedCollective,
        planned: bool,
    ) -> Result<Tensor> {
        let started = self.start();
        let (y, received) = self.site.collective(x, shape, from, &collective.text)?;
        let kind = EventKind::Collective { collective: Box::new(collective.clone()), planned };
        self.record(kind, started, received);
        Ok(y)
    }

    /// The executor's own move of an operand `x` (a block of `v`) from the sharding
    /// the plan gives it to the one its kernel reads: partial sums the kernel does
    /// not keep are all-reduced, dimensions the kernel needs whole are gathered.
    fn gather_for_kernel(
        &mut self,
        x: Tensor,
        v: ValueId,
        (from, to): (&TensorSharding, &TensorSharding),
    ) -> Result<Tensor> {
        let shape = self.shape(v);
        let mut x = x;
        let mut current = from.clone();
        if !from.unreduced.is_empty() && to.unreduced.is_empty() {
            x = self.own_collective(x, v, &shape, &current, reduce_partials(from))?;
            current = from.reduced();
        }
        if current.dims != to.dims {
            x = self.own_collective(x, v, &shape, &current, Collective::Reshard { out: to.clone() })?;
        }
        Ok(x)
    }

    /// The executor's own move of a result `x` (a block of `v`) from the sharding
    /// its kernel writes to the one the plan says the op produces: its blocks cut
    /// (locally, where padding allows) and the new partial sums made.
    fn slice_from_kernel(
        &mut self,
        x: Tensor,
        v: ValueId,
        (from, to): (&TensorSharding, &TensorSharding),
    ) -> Result<Tensor> {
        if from == to {
            return Ok(x);
        }
        let mut y = x;
        if from.dims != to.dims {
            let slice = Collective::AllSlice { axes: Vec::new(), out: to.reduced() };
            y = self.own_collective(y, v, &self.shape(v), &from.reduced(), slice)?;
        }
        let fresh: Vec<_> = to.unreduced.iter().filter(|a| !from.unreduced.contains(a)).cloned().collect();
        self.site.unreduce(y, &fresh, to.reduction)
    }

    /// Runs and records one of the executor's own collectives (a gather is
    /// reported as `all_gather`).
    fn own_collective(
        &mut self,
        x: Tensor,
        v: ValueId,
        shape: &[usize],
        from: &TensorSharding,
        collective: Collective,
    ) -> Result<Tensor> {
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
        self.collective(x, shape, from, &planned, false)
    }
}
