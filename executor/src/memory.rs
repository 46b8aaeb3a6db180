//! What a checked run takes in host memory, before it runs: [`estimate_memory`].
//!
//! A run holds the seeded inputs (whole, in f32) throughout. It runs the reference
//! first (`autoshard::prepare`), whose interpreter holds its values whole in f32,
//! each from the op that writes it to the last that reads it, and keeps the inputs
//! (copied in) and outputs; then the sharded run, every device's blocks at once, and
//! the outputs assembled whole. So the run takes the inputs plus the larger of the
//! reference's peak and what the reference keeps plus the sharded run.
//!
//! A device's blocks are walked
//! through the schedule exactly as a device walks it (`sharded/`): a block is kept
//! from the step that stores it to its last read, in its storage
//! ([`Schedule::storage_bytes`]: 2 bytes per element for a packed bf16 or f16
//! block, else 4), so the peak of the live blocks is the `peak_bytes` the run
//! reports. On top of them, each step has blocks in flight in f32: the operands an
//! op's kernel reads and the results it writes, a collective's input, the copy it
//! posts and its output, and the outputs moved so far. A kernel's own scratch (the
//! permuted copy of an operand a contraction needs in GEMM order, a sort's indices)
//! is not counted. Every device's blocks have the same padded shape, so one walk
//! serves all of them.

use crate::reference::{Source, kept, last_reads, op_reads, region_values};
use crate::schedule::{Move, Schedule, Step};
use crate::tensor::{STORAGE, dims};
use autoshard_model::{Bytes, OpKind, Program, TensorSharding, ValueId};

/// The host memory of a checked run of a schedule, by part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryEstimate {
    /// The seeded inputs, whole, in f32 (drawn once, read by both runs).
    pub inputs: Bytes,
    /// The reference run's values at their most, whole, in f32: the inputs copied
    /// in, the values live at one op and what it writes.
    pub reference: Bytes,
    /// What the reference keeps while the sharded run runs: the inputs copied in
    /// and the outputs, whole, in f32.
    pub reference_kept: Bytes,
    /// The number of devices.
    pub devices: usize,
    /// One device's live blocks at their most, as stored (the run's `peak_bytes`).
    pub device_blocks: Bytes,
    /// One device's most at any step: its live blocks, the blocks in flight and
    /// the output blocks moved so far.
    pub device_working: Bytes,
    /// The outputs assembled whole, in f32.
    pub outputs: Bytes,
}

impl MemoryEstimate {
    /// What the sharded run takes: every device's working memory at its most, and
    /// the outputs assembled (saturating, never overflowing).
    pub fn sharded(&self) -> Bytes {
        let devices = self.device_working.0.saturating_mul(self.devices as u64);
        [Bytes(devices), self.outputs].into_iter().sum()
    }

    /// The whole run's memory at its most: the inputs, and the larger of the
    /// reference run's peak and what it keeps beside the sharded run (saturating).
    pub fn total(&self) -> Bytes {
        let sharded = [self.reference_kept, self.sharded()].into_iter().sum();
        [self.inputs, self.reference.max(sharded)].into_iter().sum()
    }
}

/// What running `schedule` (of `program`) on seeded inputs and checking it against
/// the reference takes in host memory.
pub fn estimate_memory(program: &Program, schedule: &Schedule) -> MemoryEstimate {
    let wide = |v: ValueId| elements(&dims(&program.value(v).ty.shape)) * STORAGE.size_bytes();
    let inputs: u64 = program.inputs().iter().map(|i| wide(i.value)).sum();
    let outputs: u64 = program.outputs().iter().map(|o| wide(o.value)).sum();
    let reference = reference_peak(program);
    let mut kept_values: Vec<ValueId> = program.inputs().iter().map(|i| i.value).collect();
    kept_values.extend(program.outputs().iter().map(|o| o.value));
    kept_values.sort_unstable();
    kept_values.dedup();
    let reference_kept = kept_values.into_iter().map(wide).sum();
    let mut walk = Walk::new(program, schedule);
    walk.steps(&schedule.steps, 0);
    MemoryEstimate {
        inputs: Bytes(inputs),
        reference: Bytes(reference),
        reference_kept: Bytes(reference_kept),
        devices: schedule.placement.devices(),
        device_blocks: Bytes(walk.peak_held),
        device_working: Bytes(walk.peak_working),
        outputs: Bytes(outputs),
    }
}

/// The most the reference interpreter holds at once: its live values whole in f32
/// (the inputs copied in, each value until the last op that reads it, the inputs
/// and outputs to the end), and while an op runs, its results and every value its
/// regions define.
fn reference_peak(program: &Program) -> u64 {
    let whole = |v: ValueId| elements(&dims(&program.value(v).ty.shape)) * STORAGE.size_bytes();
    let (last, kept) = (last_reads(program), kept(program));
    let mut held = vec![false; program.values().len()];
    let mut live = 0;
    for input in program.inputs() {
        if !std::mem::replace(&mut held[input.value.index()], true) {
            live += whole(input.value);
        }
    }
    let mut peak = live;
    for (k, &id) in program.top_level().iter().enumerate() {
        let op = program.op(id);
        let mut inner = Vec::new();
        region_values(program, &op.regions, &mut inner);
        inner.sort_unstable();
        inner.dedup();
        let results: u64 = op.results.iter().map(|&r| whole(r)).sum();
        peak = peak.max(live + results + inner.iter().map(|&v| whole(v)).sum::<u64>());
        for &r in &op.results {
            if !std::mem::replace(&mut held[r.index()], true) {
                live += whole(r);
            }
        }
        for v in op_reads(program, op).into_iter().chain(op.results.iter().copied()) {
            if held[v.index()] && !kept[v.index()] && last[v.index()].is_none_or(|l| l <= k) {
                held[v.index()] = false;
                live -= whole(v);
            }
        }
    }
    peak
}

fn elements(shape: &[usize]) -> u64 {
    shape.iter().map(|&n| n as u64).product()
}

/// One device's walk through a schedule, with sizes in place of tensors: what it
/// holds (`sharded/`'s `store` and `read`) and what it has in flight.
#[derive(Clone)]
struct Walk<'a> {
    program: &'a Program,
    schedule: &'a Schedule,
    /// The reads of each value still to come.
    reads: Vec<usize>,
    /// Each held block's elements and stored bytes.
    blocks: Vec<Option<(u64, u64)>>,
    held: u64,
    /// The bytes of the output blocks moved so far (kept to the end).
    outputs: u64,
    peak_held: u64,
    peak_working: u64,
}

impl<'a> Walk<'a> {
    fn new(program: &'a Program, schedule: &'a Schedule) -> Self {
        Walk {
            program,
            schedule,
            reads: schedule.reads.clone(),
            blocks: vec![None; program.values().len()],
            held: 0,
            outputs: 0,
            peak_held: 0,
            peak_working: 0,
        }
    }

    /// The elements of one device's block of `v` held as `sharding`.
    fn block(&self, v: ValueId, sharding: &TensorSharding) -> u64 {
        elements(&self.schedule.placement.local_shape(&dims(&self.program.value(v).ty.shape), sharding))
    }

    /// A moment with `flight` bytes in flight besides the held blocks and outputs.
    fn at(&mut self, flight: u64) {
        self.peak_working = self.peak_working.max(self.held + self.outputs + flight);
    }

    /// Keeps `count` elements as `v`'s block if a later step reads it.
    fn store(&mut self, v: ValueId, count: u64) {
        if self.reads[v.index()] > 0 {
            let bytes = count * self.schedule.storage_bytes(v);
            self.held += bytes;
            self.peak_held = self.peak_held.max(self.held);
            self.blocks[v.index()] = Some((count, bytes));
        }
    }

    /// One read of `v`: its elements (widened to f32 in flight), dropped at the
    /// last read.
    fn read(&mut self, v: ValueId) -> u64 {
        let left = &mut self.reads[v.index()];
        *left = left.saturating_sub(1);
        let Some((count, bytes)) = self.blocks[v.index()] else { return 0 };
        if *left == 0 {
            self.blocks[v.index()] = None;
            self.held -= bytes;
        }
        count
    }

    /// `count` elements of `v` through `moved`'s collectives, `flight` bytes
    /// already in flight: each collective holds its input, the copy it posts and
    /// its output. Returns the elements it ends with.
    fn moved(&mut self, v: ValueId, count: u64, moved: &Move, flight: u64) -> u64 {
        let mut count = count;
        for planned in &moved.collectives {
            let out = self.block(v, planned.text.out_sharding());
            self.at(flight + (2 * count + out) * STORAGE.size_bytes());
            count = out;
        }
        count
    }

    /// Walks `steps` with `flight` bytes in flight throughout (a loop's carried
    /// blocks).
    fn steps(&mut self, steps: &[Step], flight: u64) {
        for step in steps {
            self.step(step, flight);
        }
    }

    fn step(&mut self, step: &Step, flight: u64) {
        let (program, schedule) = (self.program, self.schedule);
        let wide = STORAGE.size_bytes();
        match step {
            Step::Input { value, .. } => {
                let count = self.block(*value, &schedule.shardings[value.index()]);
                self.at(flight + count * wide);
                self.store(*value, count);
            }
            Step::Source { op } => {
                let op = program.op(*op);
                let blocks: Vec<u64> =
                    op.results.iter().map(|&r| self.block(r, &schedule.shardings[r.index()])).collect();
                let whole = |v: ValueId| elements(&dims(&program.value(v).ty.shape));
                let computed = match (&op.results[..], Source::of(&op.kind), &op.kind) {
                    // A splat constant, an iota or a partition id: the block alone.
                    (&[_], Some(_), _) | (_, _, OpKind::PartitionId) => blocks.iter().sum(),
                    // Anything else: its operands gathered whole and its results whole.
                    _ => {
                        let operands: u64 = op.operands.iter().map(|&v| self.read(v).max(whole(v))).sum();
                        operands + op.results.iter().map(|&r| whole(r)).sum::<u64>()
                    }
                };
                self.at(flight + computed * wide);
                for (&r, count) in op.results.iter().zip(blocks) {
                    self.store(r, count);
                }
            }
            Step::Move { value, target, moved } => {
                let count = self.read(*value);
                let count = self.moved(*value, count, moved, flight);
                self.at(flight + count * wide);
                self.store(*target, count);
            }
            Step::Ruled { operands, kernel, results, .. } => {
                let mut ready = 0;
                for (o, sharding) in operands.iter().zip(&kernel.operands) {
                    let count = self.read(o.value);
                    self.moved(o.value, count, &o.moved, flight + ready * wide);
                    ready += self.block(o.value, sharding);
                }
                let written: Vec<u64> =
                    results.iter().zip(&kernel.results).map(|(r, s)| self.block(r.value, s)).collect();
                self.at(flight + (ready + written.iter().sum::<u64>()) * wide);
                for r in results {
                    // Cut from the kernel's block to the one the op produces, then moved.
                    let count = self.block(r.value, &r.moved.from);
                    let count = self.moved(r.value, count, &r.moved, flight);
                    self.store(r.value, count);
                }
            }
            Step::Loop { op, cond, body, defined } => self.run_loop(*op, (cond, body), defined, flight),
            Step::Case { op, branches } => {
                let op = program.op(*op);
                let operands: Vec<u64> = op.operands.iter().map(|&v| self.read(v)).collect();
                let mut ends: Vec<Walk<'a>> = Vec::with_capacity(branches.len());
                for (branch, steps) in op.branches().iter().zip(branches) {
                    let mut walk = self.clone();
                    for (&arg, &count) in branch.args.iter().zip(operands.iter().skip(1)) {
                        walk.store(arg, count);
                    }
                    walk.steps(steps, flight);
                    let returned: Vec<u64> = branch.results.iter().map(|&v| walk.read(v)).collect();
                    for (&result, count) in op.results.iter().zip(returned) {
                        walk.store(result, count);
                    }
                    ends.push(walk);
                }
                // Any branch may run: the most any of them takes, and the first's state
                // after it (every branch stores results of the same sizes).
                let (peak_held, peak_working) = ends
                    .iter()
                    .fold((self.peak_held, self.peak_working), |(h, w), e| (h.max(e.peak_held), w.max(e.peak_working)));
                if let Some(first) = ends.into_iter().next() {
                    *self = first;
                }
                (self.peak_held, self.peak_working) = (peak_held, peak_working);
            }
            Step::Output { value, moved, .. } => {
                let count = self.read(*value);
                let count = self.moved(*value, count, moved, flight);
                self.outputs += count * wide;
                self.at(flight);
            }
        }
    }

    /// A loop: the condition on copies of the carried blocks, then (unless it never
    /// runs) one trip of the body on them and the condition again; every trip holds
    /// blocks of the same sizes.
    fn run_loop(
        &mut self,
        id: autoshard_model::OpId,
        (cond_steps, body_steps): (&[Step], &[Step]),
        defined: &[ValueId],
        flight: u64,
    ) {
        let program = self.program;
        let op = program.op(id);
        let (Some(cond), Some(body)) = (op.cond(), op.body()) else { return };
        let trips = match &op.kind {
            OpKind::While(w) => w.trip_count.min(1),
            _ => 0,
        };
        let mut carried: Vec<u64> = op.operands.iter().map(|&v| self.read(v)).collect();
        let wide = STORAGE.size_bytes();
        for trip in 0..=trips {
            for &v in defined {
                self.reads[v.index()] = self.schedule.reads[v.index()];
            }
            let in_flight = flight + carried.iter().sum::<u64>() * wide;
            for (&arg, &count) in cond.args.iter().zip(&carried) {
                self.store(arg, count);
            }
            self.steps(cond_steps, in_flight);
            if let Some(&p) = cond.results.first() {
                self.read(p);
            }
            if trip == trips {
                break;
            }
            for (&arg, &count) in body.args.iter().zip(&carried) {
                self.store(arg, count);
            }
            self.steps(body_steps, flight);
            carried = body.results.iter().map(|&v| self.read(v)).collect();
        }
        for (&result, count) in op.results.iter().zip(carried) {
            self.store(result, count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{Planner, schedule};
    use crate::sharded::{Limits, run};
    use crate::{Tensor, interpret};
    use autoshard_model::rules::sharding_rule;
    use autoshard_model::{Decisions, OpStrategy, PlannedCollective, Seconds};

    /// The model's reshard planner, unpriced.
    struct Unpriced<'a>(&'a Program);

    impl Planner for Unpriced<'_> {
        fn collectives(
            &self,
            value: ValueId,
            from: &TensorSharding,
            to: &TensorSharding,
        ) -> autoshard_model::Result<Vec<PlannedCollective>> {
            let shape = &self.0.value(value).ty.shape;
            let collectives = autoshard_model::reshard::plan(&self.0.meshes(), shape, from, to)?;
            let name = &self.0.value(value).name;
            let planned = |c: autoshard_model::reshard::Collective| PlannedCollective {
                kind: c.kind(),
                text: c,
                value: name.clone(),
                op: None,
                bytes: Bytes(0),
                time_s: Seconds(0.0),
            };
            Ok(collectives.into_iter().map(planned).collect())
        }
    }

    /// `a` (split in two by rows) gathered whole as `r`, then `h = r · b` on whole
    /// tensors on both devices, all bf16: as a config writes it,
    /// `{name: r, op: reshard, operands: [a], sharding: '[{}, {}]'}` then
    /// `{name: h, op: dot_general, operands: [r, b], contracting_dims: [[1], [0]]}`.
    fn gather_then_dot() -> Program {
        use autoshard_model::ProgramBuilder;
        use autoshard_model::ir::{InputSpec, OpSpec};
        use autoshard_model::ops::DotGeneral;
        use autoshard_model::{DType, OpKind, TensorType, ValueId};
        let mut b = ProgramBuilder::new("t", "mesh", r#"<["x"=2]>"#.parse().unwrap());
        let mut input = |name: &str, shape: [i64; 2]| {
            let ty = TensorType::new(shape, DType::BF16);
            b.add_input(InputSpec { name: name.into(), ty, parameter: false, sharding: None, loc: None }).unwrap()
        };
        let (a, w) = (input("a", [8, 4]), input("b", [4, 2]));
        let mut op = |name: &str, kind: OpKind, operands: Vec<ValueId>| {
            let spec = OpSpec { result_names: vec![name.into()], kind, operands, result_shardings: vec![], loc: None };
            b.add_op(spec).unwrap()[0]
        };
        let replicated = TensorSharding::parse_with_default_mesh("[{}, {}]", "mesh").unwrap();
        let r = op("r", OpKind::Reshard(replicated), vec![a]);
        let dims = DotGeneral { lhs_contracting_dims: vec![1], rhs_contracting_dims: vec![0], ..Default::default() };
        let h = op("h", OpKind::DotGeneral(dims), vec![r, w]);
        b.add_output(h, None, None).unwrap();
        b.finish().unwrap()
    }

    #[test]
    fn walks_a_schedule_as_a_device_runs_it() {
        let program = &gather_then_dot();
        let sharding = |text: &str| TensorSharding::parse_with_default_mesh(text, "mesh").unwrap();
        let replicated = |v: &autoshard_model::ir::Value| TensorSharding::replicated("mesh", v.ty.shape.len());
        let mut values: Vec<TensorSharding> = program.values().iter().map(replicated).collect();
        values[program.inputs()[0].value.index()] = sharding(r#"[{"x"}, {}]"#);
        let strategies = program
            .op_ids()
            .map(|id| OpStrategy {
                factors: sharding_rule(program, id).map_or(Vec::new(), |r| vec![Vec::new(); r.num_factors()]),
                ..OpStrategy::default()
            })
            .collect();
        let scheduled = schedule(program, &Decisions { values, strategies }, &Unpriced(program)).unwrap();
        let estimate = estimate_memory(program, &scheduled);
        // Held, in 2 bytes an element: a's block (4x4) and b (8), then b and r (32):
        // 80 B. In flight: the gather of a's block (16 elements in, a posted copy,
        // 32 out, in f32: 256 B) beside b: 272 B.
        // The reference: a (128 B) and b (32 B), r (128 B), then h (64 B) while r
        // is live: 352 B.
        let want = MemoryEstimate {
            inputs: Bytes(160),
            reference: Bytes(352),
            reference_kept: Bytes(224),
            devices: 2,
            device_blocks: Bytes(80),
            device_working: Bytes(272),
            outputs: Bytes(64),
        };
        assert_eq!(estimate, want);
        // The reference's peak is less than what it keeps (a, b and h) beside the
        // sharded run.
        assert_eq!(estimate.sharded(), Bytes(2 * 272 + 64));
        assert_eq!(estimate.total(), Bytes(160 + 224 + 2 * 272 + 64));

        // As the run holds them, and the reference keeps only inputs and outputs.
        let inputs: Vec<Tensor> = crate::random_inputs(program, 1);
        let limits = Limits { timeout: std::time::Duration::from_secs(60), cores: None };
        let sharded = run(program, &scheduled, &inputs, limits).unwrap();
        assert_eq!(sharded.peak_bytes, estimate.device_blocks);
        assert_eq!(sharded.peak_elements, 16 + 8 + 32 - 16, "b and r");
        let reference = interpret(program, &inputs).unwrap();
        let value = |name: &str| reference.value(program.value_named(name).unwrap());
        assert!(value("a").is_some() && value("b").is_some() && value("r").is_none());
        assert_eq!(value("h"), sharded.outputs.first());
    }

    #[test]
    fn the_total_saturates() {
        let e = MemoryEstimate {
            inputs: Bytes(1),
            reference: Bytes(1),
            reference_kept: Bytes(1),
            devices: 8,
            device_blocks: Bytes(1),
            device_working: Bytes(u64::MAX / 4),
            outputs: Bytes(1),
        };
        assert_eq!(e.total(), Bytes(u64::MAX));
        // A reference that peaks above the sharded run sets the total.
        let e = MemoryEstimate { reference: Bytes(1000), device_working: Bytes(10), ..e };
        assert_eq!(e.total(), Bytes(1 + 1000));
        let e = MemoryEstimate { reference: Bytes(10), ..e };
        assert_eq!(e.total(), Bytes(1 + 1 + 8 * 10 + 1));
    }
}
