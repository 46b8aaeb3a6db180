//! What one op costs under one strategy (its factors' axes): the shardings it runs on
//! and produces, the reshards of its operands and results, and its compute.
//!
//! An op with a rule runs on the operand shardings its factor axes project to; each
//! operand is resharded from its sharding to that ([`cheapest_plan`]); its results
//! come out as the factors project, unreduced along the axes of sharded reduction
//! factors, and are resharded to their targets (an all-reduce or reduce-scatter, or
//! nothing); a linear op may instead carry partial sums (`Carried`): its carrying
//! operands are resharded to unreduced shardings and its results stay unreduced
//! along the carried axes; a sharded permutation factor costs a collective-permute of
//! the result; compute is timed by `compute.rs` (the roofline, or the device's
//! measured kernel model; a factor that does not divide its shards is padded: each
//! device computes ceil(n / k) of it; under a kernel model a custom op with a body
//! computes its body's ops, each split as the op is). [`Pricing`] carries what every price needs
//! (the program, its hardware and its mesh by name), for both the evaluation of a
//! plan and the local choice of a strategy.

use crate::branches::BranchWeights;
use crate::collective::{Group, collective_time, replica_time};
use crate::compute::{Kernel, LocalWork, Share};
use crate::error::{Error, Result};
use crate::hardware::HardwareSpec;
use crate::kernel::{KernelClass, KernelWork};
use crate::reshard::{PricedCollective, Tensor, cheapest_plan};
use autoshard_model::OpStrategy;
use autoshard_model::axes_size;
use autoshard_model::ir::{Body, TensorType};
use autoshard_model::reshard::{Collective, CollectiveKind, Planner};
use autoshard_model::rules::{OpCounts, OpShapes, counts_for, halo_exchange, op_counts};
use autoshard_model::{
    AxisRef, Bytes, FactorKind, Mesh, Meshes, OpId, OpKind, OpShardingRule, Program, Seconds, TensorSharding, ValueId,
};
use autoshard_model::{Flops, OpShardings, PlannedCollective, factor_axes, op_shardings, reduced_blocks};

/// The program being priced, its hardware, and its mesh by name.
pub struct Pricing<'a> {
    /// The program.
    pub program: &'a Program,
    /// The hardware it runs on.
    pub hardware: &'a HardwareSpec,
    /// The program's mesh, by its name.
    pub meshes: Meshes,
    /// How many times each op runs ([`Program::repeats`]), times its branch weight.
    times: Vec<f64>,
}

impl<'a> Pricing<'a> {
    /// Pricing for `program` on `hardware`, every op of a `case` branch at its full
    /// cost (the plan takes the most expensive branch itself).
    pub fn new(program: &'a Program, hardware: &'a HardwareSpec) -> Self {
        let meshes = program.meshes();
        let times = program.repeats().into_iter().map(|n| n as f64).collect();
        Pricing { program, hardware, meshes, times }
    }

    /// Pricing for `program` on `hardware` with the ops of `case` branches weighted
    /// by `weights` (the solver's objective, a lower bound on the plan's).
    pub fn weighted(program: &'a Program, hardware: &'a HardwareSpec, weights: &BranchWeights) -> Self {
        let mut pricing = Pricing::new(program, hardware);
        pricing.times.iter_mut().zip(program.op_ids()).for_each(|(t, id)| *t *= weights.of(id));
        pricing
    }

    /// How much op `id`'s costs count per run of the program: the trip counts of the
    /// loops around it, times its branch weight for a weighted pricing.
    pub fn times(&self, id: OpId) -> f64 {
        self.times[id.index()]
    }

    /// `value` as a tensor to reshard, of the type the device holds it as.
    pub fn tensor(&self, value: ValueId) -> Tensor<'_> {
        let ty = &self.program.value(value).ty;
        Tensor { meshes: &self.meshes, shape: &ty.shape, dtype: self.hardware.device.storage.unwrap_or(ty.dtype) }
    }

    /// `value`'s type as the device holds it ([`DeviceSpec::storage`](crate::DeviceSpec::storage)).
    fn held(&self, value: ValueId) -> TensorType {
        let ty = &self.program.value(value).ty;
        TensorType { shape: ty.shape.clone(), dtype: self.hardware.device.storage.unwrap_or(ty.dtype) }
    }

    /// What one unsharded execution of op `id` does, its bytes counted at the types
    /// the device holds its tensors as.
    fn counts(&self, id: OpId) -> OpCounts {
        if self.hardware.device.storage.is_none() {
            return op_counts(self.program, id);
        }
        let op = self.program.op(id);
        let held = |ids: &[ValueId]| -> Vec<TensorType> { ids.iter().map(|&v| self.held(v)).collect() };
        let (operands, results) = (held(&op.operands), held(&op.results));
        counts_for(&op.kind, &OpShapes { operands: operands.iter().collect(), results: results.iter().collect() })
    }

    /// Op `id`'s kernel: its class, its name, and its counts and result elements at
    /// the types the device holds.
    fn kernel(&self, id: OpId) -> Kernel {
        let op = self.program.op(id);
        let elements = op.results.iter().map(|&r| self.program.value(r).ty.num_elements() as f64).sum();
        Kernel { class: KernelClass::of(&op.kind), op: op.kind.name(), counts: self.counts(id), elements }
    }

    /// What one device does for op `id` split into `pieces`, holding `operands` and
    /// `results` of its tensors. On a device with a measured kernel model (one whose
    /// kernels are an executor's, which runs a custom op's body op by op) a custom op
    /// with a body does the body's ops, each split as the op is: its kernels are
    /// theirs, each on `1 / pieces` of its tensors. Under the roofline a custom op is
    /// one kernel of its declared FLOPs (its real, fused implementation).
    fn work(&self, id: OpId, pieces: f64, operands: Share, results: Share) -> LocalWork {
        let op = self.program.op(id);
        let measured = self.hardware.device.kernels.is_some();
        match (&op.kind, op.body()) {
            (OpKind::Custom(_), Some(body)) if measured => {
                let fraction = 1.0 / pieces.max(1.0);
                let kernels =
                    self.body_kernels(body).into_iter().map(|k| k.local(pieces, fraction, fraction)).collect();
                LocalWork::Kernels(kernels)
            }
            _ if op.kind.is_replica_collective() => {
                let kernel = self.kernel(id).local(pieces, operands.fraction(), results.fraction());
                let mesh = self.program.mesh();
                LocalWork::Exchange(kernel, replica_time(&op.kind, mesh, self.hardware, operands.local, results.local))
            }
            _ => LocalWork::of(self.kernel(id), pieces, operands, results),
        }
    }

    /// The kernels of `body`'s ops, in order (a nested custom op's by its own body).
    fn body_kernels(&self, body: &Body) -> Vec<Kernel> {
        let mut kernels = Vec::with_capacity(body.ops.len());
        for &id in &body.ops {
            let op = self.program.op(id);
            match (&op.kind, op.body()) {
                (OpKind::Custom(_), Some(inner)) => kernels.extend(self.body_kernels(inner)),
                _ => kernels.push(self.kernel(id)),
            }
        }
        kernels
    }

    /// The bytes of one device's shard of `value` under `sharding`.
    pub fn local_bytes(&self, value: ValueId, sharding: &TensorSharding) -> Result<Bytes> {
        self.tensor(value).local_bytes(sharding)
    }

    /// The cheapest collectives from `from` to `to` for `value`.
    pub fn reshard(&self, value: ValueId, from: &TensorSharding, to: &TensorSharding) -> Result<Vec<PricedCollective>> {
        cheapest_plan(self.tensor(value), from, to, self.hardware)
            .map_err(|e| Error::Plan(format!("resharding \"{}\": {e}", self.program.value(value).name)))
    }

    /// How much of `values` (sharded as given) one device holds.
    pub fn share<'s>(&self, values: impl IntoIterator<Item = (ValueId, &'s TensorSharding)>) -> Result<Share> {
        let (mut local, mut global) = (0u64, 0u64);
        for (v, sharding) in values {
            local = local.saturating_add(self.local_bytes(v, sharding)?.0);
            global = global.saturating_add(self.held(v).size().0);
        }
        Ok(Share { local: Bytes(local), global: Bytes(global) })
    }

    /// The work of op `id`, which has no rule (a source such as `constant` or
    /// `iota`), with its results sharded as given: its counts at the results' share.
    pub fn unruled<'s>(
        &self,
        id: OpId,
        results: impl IntoIterator<Item = (ValueId, &'s TensorSharding)>,
    ) -> Result<LocalWork> {
        let share = self.share(results)?;
        Ok(self.work(id, 1.0, share, share))
    }

    /// Prices op `id` (with `rule`) under strategy `chosen`; an
    /// operand whose sharding is `None` costs no reshard (it takes what the op needs),
    /// and a result whose target is `None` is only reduced (its unreduced axes
    /// all-reduced). An operand used twice in the same sharding is resharded once.
    pub fn ruled_op(
        &self,
        id: OpId,
        rule: &OpShardingRule,
        chosen: &OpStrategy,
        operand_shardings: &[Option<&TensorSharding>],
        result_targets: &[Option<TensorSharding>],
    ) -> Result<RuledOpCost> {
        let op = self.program.op(id);
        let strategy = self.strategy(id, rule, chosen)?;
        let in_op = |e: Error| Error::Plan(format!("op \"{}\": {e}", op.name));
        let operands = &strategy.operands;
        let mut operand_reshards = Vec::with_capacity(operands.len());
        for (i, ((&v, from), required)) in op.operands.iter().zip(operand_shardings).zip(operands).enumerate() {
            let repeated = op.operands[..i].iter().zip(operands).any(|(&w, r)| w == v && r == required);
            operand_reshards.push(match from {
                Some(from) if !repeated => self.reshard(v, from, required).map_err(in_op)?,
                _ => Vec::new(),
            });
        }
        let mut result_reshards = Vec::with_capacity(strategy.results.len());
        for (((&v, produced), target), permutation) in
            op.results.iter().zip(&strategy.results).zip(result_targets).zip(&strategy.permutations)
        {
            let mut priced: Vec<PricedCollective> = permutation.iter().cloned().collect();
            let reduced = produced.reduced();
            priced.extend(self.reshard(v, produced, target.as_ref().unwrap_or(&reduced)).map_err(in_op)?);
            result_reshards.push(priced);
        }
        let StrategyCost { operands, results, work, .. } = strategy;
        Ok(RuledOpCost { operands, results, operand_reshards, result_reshards, work })
    }

    /// What op `id` (with `rule`) runs on, produces and computes under `strategy`,
    /// before any reshard of its operands or results.
    pub fn strategy(&self, id: OpId, rule: &OpShardingRule, strategy: &OpStrategy) -> Result<StrategyCost> {
        let program = self.program;
        let op = program.op(id);
        let factors = &strategy.factors;
        let OpShardings { operands, results } = op_shardings(program, op, rule, strategy)?;
        let permuted_axes = factor_axes(rule, factors, FactorKind::Permutation);
        let permutations = match &op.kind {
            // A windowed op split along its windows exchanges halos, not its whole result.
            kind if halo_exchange(kind, rule, factors) => {
                let types: Vec<_> = op.operands.iter().map(|&v| &program.value(v).ty).collect();
                // Priced once, with the first result; the others come with it.
                let mut priced = vec![None; results.len()];
                if let Some(halo) = kind.halo(&types) {
                    priced[0] = self.halo(id, &halo, &operands, &results[0])?;
                }
                priced
            }
            _ => op
                .results
                .iter()
                .zip(&results)
                .map(|(&v, produced)| {
                    (!permuted_axes.is_empty()).then(|| self.permutation(v, produced, &permuted_axes)).transpose()
                })
                .collect::<Result<Vec<_>>>()?,
        };
        let work = self.work(
            id,
            pieces(rule, factors, program.mesh()),
            self.share(op.operands.iter().copied().zip(&operands))?,
            self.share(op.results.iter().copied().zip(&results))?,
        );
        let work = self.masked(rule, &op.operands, &operands)?.prepend_to(work);
        Ok(StrategyCost { operands, results, permutations, work })
    }

    /// The masks a device runs before an op with `rule` reduces over padding: for
    /// each operand (values `values`, held as `shardings`) with a padded block along
    /// a sharded reduction factor, a pass writing the reduction's identity over its
    /// padding (a select over the block: read and written once). Uneven shards hold
    /// no padding, so they need none.
    fn masked(&self, rule: &OpShardingRule, values: &[ValueId], shardings: &[TensorSharding]) -> Result<Masks> {
        let mut masks = Vec::new();
        for ((mapping, &v), sharding) in rule.operands.iter().zip(values).zip(shardings) {
            let shape = &self.program.value(v).ty.shape;
            let blocks = reduced_blocks(rule, mapping, sharding, (shape, self.program.mesh()));
            if blocks.iter().any(|&(_, uneven)| !uneven) {
                let bytes = self.local_bytes(v, sharding)?;
                let elements = bytes.0 as f64 / self.program.value(v).ty.dtype.size_bytes().max(1) as f64;
                let (flops, bytes) = (Flops(0.0), Bytes(2 * bytes.0));
                masks.push(KernelWork { class: KernelClass::Movement, op: "mask", flops, bytes, elements });
            }
        }
        Ok(Masks(masks))
    }

    /// A sharded permutation factor needs its shards exchanged: a collective-permute
    /// of the result over the factor's axes.
    fn permutation(&self, value: ValueId, produced: &TensorSharding, axes: &[AxisRef]) -> Result<PricedCollective> {
        let bytes = self.local_bytes(value, produced)?;
        let group = Group::for_kind(CollectiveKind::CollectivePermute, axes, self.program.mesh(), self.hardware);
        let time = collective_time(CollectiveKind::CollectivePermute, group, bytes);
        let collective = Collective::CollectivePermute { out: produced.clone() };
        Ok(PricedCollective { collective, bytes, time, result_bytes: bytes })
    }
}
/// The cost model's reshards as the executor's planner: [`Pricing::reshard`]'s
/// cheapest collectives, so a plan runs with exactly the collectives it was priced
/// with.
impl Planner for Pricing<'_> {
    fn collectives(
        &self,
        value: ValueId,
        from: &TensorSharding,
        to: &TensorSharding,
    ) -> autoshard_model::Result<Vec<PlannedCollective>> {
        let priced = self.reshard(value, from, to).map_err(|e| autoshard_model::Error::Reshard(e.to_string()))?;
        let name = &self.program.value(value).name;
        Ok(priced.into_iter().map(|p| p.planned(name, None)).collect())
    }
}

/// What an op with a rule runs on, produces and computes under one strategy.
#[derive(Debug, Clone)]
pub struct StrategyCost {
    /// The operand shardings the strategy runs on.
    pub operands: Vec<TensorSharding>,
    /// The result shardings it produces (with unreduced axes).
    pub results: Vec<TensorSharding>,
    /// Per result, the collective-permute a sharded permutation factor needs.
    pub permutations: Vec<Option<PricedCollective>>,
    /// One device's work.
    pub work: LocalWork,
}

/// The masks an op runs before its kernels (see `Pricing::masked`).
struct Masks(Vec<KernelWork>);

impl Masks {
    /// `work` after the masks.
    fn prepend_to(self, work: LocalWork) -> LocalWork {
        if self.0.is_empty() {
            return work;
        }
        match work {
            LocalWork::Exchange(..) => work,
            work => LocalWork::Kernels(self.0.into_iter().chain(work.kernels().iter().copied()).collect()),
        }
    }
}

/// What an op with a rule costs under one strategy.
pub struct RuledOpCost {
    /// The operand shardings the strategy runs on.
    pub operands: Vec<TensorSharding>,
    /// The result shardings it produces (with unreduced axes).
    pub results: Vec<TensorSharding>,
    /// Per operand, the collectives from its sharding to the one the op runs on.
    pub operand_reshards: Vec<Vec<PricedCollective>>,
    /// Per result, a collective-permute for sharded permutation factors, then the
    /// collectives from the produced sharding to the result's target.
    pub result_reshards: Vec<Vec<PricedCollective>>,
    /// One device's work.
    pub work: LocalWork,
}

impl RuledOpCost {
    /// Compute plus communication.
    pub fn total(&self, hardware: &HardwareSpec) -> Seconds {
        let communication: Seconds =
            self.operand_reshards.iter().chain(&self.result_reshards).flatten().map(|p| p.time).sum();
        self.work.time(&hardware.device) + communication
    }
}

/// Into how many pieces `factors` split an op's work: per sharded factor of size n
/// over k shards, n / ceil(n / k) (k when k divides n; less when the factor is padded
/// and each shard computes ceil(n / k) of it).
fn pieces(rule: &OpShardingRule, factors: &[Vec<AxisRef>], mesh: &Mesh) -> f64 {
    rule.factor_sizes
        .iter()
        .zip(factors)
        .map(|(&size, axes)| {
            let shards = axes_size(axes, mesh).max(1);
            let size = size.max(1);
            size as f64 / ((size + shards - 1) / shards) as f64
        })
        .product()
}
