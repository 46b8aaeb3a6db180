//! Formulates a program as the solver core's [`Problem`]: one node per priced value
//! (strategies: its allowed shardings; usage: its bytes per device while live) and
//! one per op with a rule (strategies: its factor assignments; cost: its compute),
//! with the costs `cost::price_plan` charges for the same decisions, so the core's
//! objective is the plan's total time:
//! - value → op: the reshard of the value to each operand sharding the op wants
//!   (once per distinct sharding when a value is used twice);
//! - op → value: a sharded permutation factor's collective-permute, then the reshard
//!   (all-reduce, reduce-scatter…) of what the op produces to the value's sharding;
//!   values that may hold partial sums or averages have unreduced candidates and linear ops
//!   strategies that carry them (`candidates.rs`), so where a reduction happens is a
//!   choice like any other; an output without annotation is charged its all-reduce;
//! - `reshard` and `propagation_barrier`: the reshard of operand to result (a NONE
//!   barrier's edge is kept aside: both sides are decided independently);
//! - values that must be equal (groups, named computations' operands/arguments and
//!   body results/results) are linked by edges that forbid different shardings;
//! - unary terms: a manual computation's operands resharded to its `in_shardings` and
//!   its body results to the local `out_shardings`, an output resharded to an
//!   annotation that differs from its value's own, sources' (constant, iota) writes.
//!
//! Memory is modelled as `cost::price_plan` counts it: a value's node uses its bytes
//! over its live range, except a value that may share its source's buffer (a
//! reshard's or barrier's result, a region's arguments and results); for those a
//! load on the link says which: the value's own bytes when the reshard moves data,
//! else the source's buffer kept live to the value's last use (exact for one such
//! value per source and for chains whose links outlive their sources; when two
//! share one source at once, or a chain's middle extends a buffer an older value
//! keeps live anyway, the extension is counted more than once:
//! [`Formulation::overcounts`]). Every reshard's
//! transient buffers are a load at the op that runs it.
//!
//! Reshard prices come from `prices.rs`, memoised.

use crate::candidates::{UsableAxis, carriers, even_boundaries, op_strategies, partials, split_strategy};
use crate::candidates::{usable_axes, value_shardings, xla_takes};
use crate::constraints::{Budget, Resolved, resolve};
use crate::error::{Result, SolveError};
use crate::graph::FactorGraph;
use crate::prices::{Cell, PairTables, ReshardPrices, ShardingId};
use crate::problem::{Edge, Load, Node, NodeId, Problem};
use crate::repeats::{ListId, Lists, OpEntry, OpKey, Ops};
use autoshard_cost::{BranchWeights, HardwareSpec};
use autoshard_cost::{Decisions, fused_away, fused_reads, op_position, result_position, runs_body, runs_regions};
use autoshard_cost::{Pricing, StrategyCost};
use autoshard_model::OpStrategy;
use autoshard_model::ir::{Annotation, AnnotationSource, Op, ValueDef};
use autoshard_model::ops::{OpFamily, OpKind, PropagationDirection};
use autoshard_model::rules::sharding_rule;
use autoshard_model::{AxisRef, OpId, Program, ReductionKind, TensorSharding, ValueId};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// A factor assignment: the axes of each factor of an op's rule.
pub type Factors = Vec<Vec<AxisRef>>;

/// A propagation barrier between two values.
#[derive(Debug, Clone, PartialEq)]
pub struct Barrier {
    /// Its allowed direction.
    pub direction: PropagationDirection,
    /// The barrier's operand and result.
    pub ends: (ValueId, ValueId),
}

/// A program formulated as the core problem: its nodes, their candidate shardings
/// and strategies, and what the solve needs to read an assignment back.
pub struct Formulation {
    /// The problem.
    pub(crate) problem: Problem,
    /// The node of each value (`None`: not priced).
    pub(crate) value_nodes: Vec<Option<NodeId>>,
    /// The node of each op with a rule.
    pub(crate) op_nodes: Vec<Option<NodeId>>,
    /// Each value's candidate shardings (its node's strategies; values with equal
    /// candidates share one list).
    pub(crate) shardings: Vec<Arc<Vec<TensorSharding>>>,
    /// Each ruled op's candidate strategies (its node's strategies; the copies of
    /// one op in repeated layers share one list).
    pub(crate) strategies: Vec<Arc<[OpStrategy]>>,
    /// The propagation barriers.
    pub(crate) barriers: Vec<Barrier>,
    /// The reshard edges of NONE barriers, kept out of the problem: both sides are
    /// decided independently and the join is paid whatever they decide.
    pub(crate) joins: Vec<Edge>,
    /// Resolved constraints (dropped preferences).
    pub(crate) resolved: Resolved,
    /// True when some value's buffer may be shared by two or more later values
    /// (reshards or region arguments that move nothing), or extended by a later value
    /// while it may itself be an older value's buffer that outlives it (a chain of
    /// such reshards whose source is used after the chain's middle): the usage then
    /// counts the extension more than once, more than `cost` counts. Plans still fit;
    /// a binding budget is then applied conservatively. These are the loads (indices
    /// into the problem's) that count such an extension.
    pub(crate) overcounting: Vec<usize>,
    /// The factor graph.
    pub(crate) graph: FactorGraph,
}

impl Formulation {
    /// The core problem: one node per priced value and per ruled op, the reshard
    /// costs on its edges, the memory usage over the program order.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Whether the problem's usage may over-count a shared buffer (see the module
    /// docs), so that its peak may exceed the plan's.
    pub fn overcounts(&self) -> bool {
        !self.overcounting.is_empty()
    }

    /// `problem` (this formulation's, or it with some costs changed) without the
    /// loads that may count a shared buffer again: where a buffer is shared, the
    /// first sharer's extension is kept and the others dropped, so its peak never
    /// exceeds the plan's (`cost::price_plan`'s) and its optimum bounds the plan's.
    pub fn undercounting(&self, problem: &Problem) -> Problem {
        let mut out = problem.clone();
        let mut index = 0;
        out.loads.retain(|_| {
            index += 1;
            self.overcounting.binary_search(&(index - 1)).is_err()
        });
        out
    }

    /// The decisions of `assignment` (a strategy per node): every priced value's
    /// sharding, every ruled op's factor axes and carried partial sums; values nobody
    /// prices are replicated.
    pub fn decisions(&self, program: &Program, assignment: &[usize]) -> Decisions {
        let values = program
            .value_ids()
            .map(|v| match self.value_nodes[v.index()] {
                Some(n) => self.shardings[v.index()][assignment[n.0]].clone(),
                None => TensorSharding::replicated(program.mesh_name(), program.value(v).ty.rank()),
            })
            .collect();
        let strategies = program
            .op_ids()
            .map(|o| match self.op_nodes[o.index()] {
                Some(n) => self.strategies[o.index()][assignment[n.0]].clone(),
                None => OpStrategy::default(),
            })
            .collect();
        Decisions { values, strategies }
    }

    /// What the NONE barriers' joins cost under `assignment`.
    pub(crate) fn join_cost(&self, assignment: &[usize]) -> f64 {
        self.joins.iter().map(|e| self.problem.edge_cost(e, assignment)).sum()
    }

    /// The plan's total time under `assignment` as the model prices it: the
    /// problem's cost and the joins (with `case` branches at their weights: at most
    /// `price_plan`'s total, which counts each `case`'s most expensive branch).
    pub fn total(&self, assignment: &[usize]) -> f64 {
        self.problem.cost(assignment) + self.join_cost(assignment)
    }
}

/// Formulates `program` on `hardware` as the core problem, the branches of each
/// `case` weighing alike ([`formulate_weighted`]).
pub fn formulate(program: &Program, hardware: &HardwareSpec) -> Result<Formulation> {
    formulate_weighted(program, hardware, &BranchWeights::uniform(program))
}

/// Formulates `program` on `hardware` as the core problem, each op of a `case`
/// branch costing its branch weight times its price: the problem's optimum is then a
/// lower bound on the plan's (which counts the most expensive branch), and equal to
/// it for a program without branches.
pub fn formulate_weighted(program: &Program, hardware: &HardwareSpec, weights: &BranchWeights) -> Result<Formulation> {
    formulate_within(program, hardware, weights, (None, true))?
        .ok_or_else(|| SolveError::Backend("formulating ran out of time".to_string()))
}

/// [`formulate_weighted`], giving up (`None`) once `deadline` passes while it builds
/// the ops' edges (most of its time), offering balanced uneven shards if `uneven`.
pub(crate) fn formulate_within(
    program: &Program,
    hardware: &HardwareSpec,
    weights: &BranchWeights,
    (deadline, uneven): (Option<Instant>, bool),
) -> Result<Option<Formulation>> {
    let mut l = Lowering::new(Pricing::weighted(program, hardware, weights));
    l.deadline = deadline;
    l.uneven = uneven;
    l.walk(program.top_level(), &[]);
    l.finish_liveness();
    let resolved = l.resolve()?;
    let mut formulation = Formulation {
        problem: Problem { limit: Some(hardware.device.memory.0), ..Problem::default() },
        value_nodes: vec![None; program.values().len()],
        op_nodes: vec![None; program.ops().len()],
        shardings: vec![Arc::default(); program.values().len()],
        strategies: vec![Arc::from([]); program.ops().len()],
        barriers: Vec::new(),
        joins: Vec::new(),
        resolved,
        overcounting: Vec::new(),
        graph: FactorGraph::new(program),
    };
    l.value_nodes(&mut formulation)?;
    if !l.op_nodes(&mut formulation)? {
        return Ok(None);
    }
    l.links(&mut formulation)?;
    Ok(Some(formulation))
}

struct Lowering<'a> {
    program: &'a Program,
    pricing: Pricing<'a>,
    /// Priced ops in program order.
    order: Vec<OpId>,
    /// Per op: its position (twice its index in `order`: `cost::memory`) and, for a
    /// region op, the position after its region's last op, where its results are
    /// produced.
    position: Vec<(usize, usize)>,
    /// Per value: XLA gives it no buffer (`cost::fused_away`).
    fused: Vec<bool>,
    /// Per value: the manual axes around it (`None`: not priced).
    scope: Vec<Option<Vec<String>>>,
    defined: Vec<usize>,
    last_use: Vec<usize>,
    /// Values that must be equal: sharding groups, named computations' operands and
    /// arguments, body results and results.
    ties: Vec<(ValueId, ValueId)>,
    /// Per value: how many linked values may share its buffer past its last use.
    sharers: Vec<usize>,
    /// Per value: the end of the live range of the older values whose buffer it may
    /// share (0: none), through chains of links.
    shared_until: Vec<usize>,
    /// Per value: unary cost per candidate is added once candidates are known.
    unary: Vec<Vec<Unary>>,
    /// Whether values and ops may be cut into balanced uneven shards.
    uneven: bool,
    /// Per value: the kind of partial values it may hold, if any.
    partial: Vec<Option<ReductionKind>>,
    prices: ReshardPrices,
    /// Candidate lists interned, and each value's list.
    lists: Lists,
    list_of: Vec<ListId>,
    /// Ops' formulations, memoised for repeated layers.
    ops: Ops,
    /// When to give up building the ops' edges.
    deadline: Option<Instant>,
}

/// A cost that depends only on one value's sharding.
#[derive(Debug, Clone)]
enum Unary {
    /// Resharding an output to its annotation unless its sharding conforms.
    Output(TensorSharding),
    /// All-reducing an output without annotation that holds partial sums.
    Reduced,
    /// Writing the value as the result of a source op.
    Write(OpId),
}

impl<'a> Lowering<'a> {
    fn new(pricing: Pricing<'a>) -> Self {
        let program = pricing.program;
        let n = program.values().len();
        let mut scope = vec![None; n];
        for input in program.inputs() {
            scope[input.value.index()] = Some(Vec::new());
        }
        let groups = program.sharding_groups().iter().flat_map(|g| g.members.windows(2).map(|p| (p[0], p[1])));
        Lowering {
            program,
            pricing,
            order: Vec::new(),
            position: vec![(0, 0); program.ops().len()],
            fused: fused_away(program),
            scope,
            defined: vec![0; n],
            last_use: vec![0; n],
            ties: groups.collect(),
            unary: vec![Vec::new(); n],
            uneven: true,
            partial: Vec::new(),
            sharers: vec![0; n],
            shared_until: vec![0; n],
            prices: ReshardPrices::new(program),
            lists: Lists::default(),
            list_of: vec![0; n],
            ops: Ops::default(),
            deadline: None,
        }
    }

    fn name(&self, v: ValueId) -> String {
        self.program.value(v).name.clone()
    }

    /// Visits `ops` (in a scope manual along `manual`), numbering positions as
    /// `cost::price_plan` does and recording scopes, liveness and ties.
    fn walk(&mut self, ops: &[OpId], manual: &[String]) {
        for &id in ops {
            let position = op_position(self.order.len());
            self.order.push(id);
            let op = self.program.op(id);
            for &v in &op.operands {
                self.last_use[v.index()] = self.last_use[v.index()].max(position);
            }
            let born = result_position(position, &op.kind);
            for &r in &op.results {
                self.define(r, born, manual);
            }
            self.position[id.index()] = (position, position);
            let regions = runs_regions(op);
            if regions.is_empty() {
                continue;
            }
            let inner: Vec<String> = match &op.kind {
                OpKind::ManualComputation(m) => manual.iter().chain(&m.manual_axes).cloned().collect(),
                _ => manual.to_vec(),
            };
            for &arg in regions.iter().flat_map(|r| &r.args) {
                self.define(arg, position, &inner);
            }
            for region in regions {
                self.walk(&region.ops, &inner);
            }
            let end = op_position(self.order.len() - 1) + 1;
            self.position[id.index()].1 = end;
            let (entries, exits) = (op.region_entries(), op.region_exits());
            for &(_, returned, result) in &exits {
                self.define(result, end, manual);
                self.last_use[returned.index()] = self.last_use[returned.index()].max(end);
            }
            // Named computations without in/out shardings, loops and branches hold
            // one sharding across each region boundary (Shardy's data-flow edges); a
            // loop also across its back edge, body result to body argument.
            let (tie_in, tie_out) = match &op.kind {
                OpKind::NamedComputation(n) => (n.in_shardings.is_none(), n.out_shardings.is_none()),
                OpKind::While(_) | OpKind::Case(_) => (true, true),
                _ => (false, false),
            };
            if tie_in {
                self.ties.extend(entries.iter().map(|&(_, operand, arg)| (operand, arg)));
            }
            if tie_out {
                self.ties.extend(exits.iter().map(|&(_, returned, result)| (returned, result)));
            }
            if let (Some(_), Some(body)) = (op.cond(), op.body()) {
                let back = body.results.iter().copied().zip(body.args.iter().copied());
                self.ties.extend(back.filter(|(next, arg)| next != arg));
            }
        }
    }

    fn define(&mut self, v: ValueId, position: usize, manual: &[String]) {
        self.defined[v.index()] = position;
        self.last_use[v.index()] = position;
        self.scope[v.index()] = Some(manual.to_vec());
    }

    /// Outputs and parameters live to the end of the program.
    fn finish_liveness(&mut self) {
        let end = op_position(self.order.len());
        let outputs = self.program.outputs().iter().map(|o| o.value);
        let parameters = self.program.inputs().iter().filter(|i| i.lives_throughout()).map(|i| i.value);
        for v in outputs.chain(parameters) {
            self.last_use[v.index()] = end;
        }
        for (v, read) in fused_reads(self.program, &self.fused) {
            self.last_use[read.index()] = self.last_use[read.index()].max(self.last_use[v.index()]);
        }
    }

    fn usable(&self, v: ValueId) -> Vec<UsableAxis> {
        usable_axes(self.program.mesh(), self.scope[v.index()].as_deref().unwrap_or(&[]))
    }

    /// Whether XLA's partitioner takes every sharding op `op` reads and produces
    /// under a strategy priced as `cost` ([`xla_takes`]).
    fn xla_takes(&self, op: &Op, cost: &StrategyCost) -> bool {
        let program = self.program;
        let mut tensors = op.operands.iter().chain(&op.results).zip(cost.operands.iter().chain(&cost.results));
        tensors.all(|(&v, s)| xla_takes(s, &program.value(v).ty.shape, program.mesh()))
    }

    /// Whether value `v` may be cut into balanced uneven shards: when they are
    /// allowed, and not in a manual computation's body (whose free axes cut blocks
    /// evenly).
    fn may_cut_unevenly(&self, v: ValueId) -> bool {
        self.uneven && self.scope[v.index()].as_ref().is_none_or(|manual| manual.is_empty())
    }

    /// The costs that depend on one value's sharding alone: a source op writing its
    /// result, an output resharded to an annotation that does not constrain its value
    /// (`annotations` holds those that do).
    fn unary_terms(&mut self, annotations: &[Annotation]) {
        let program = self.program;
        for &id in &self.order {
            let op = program.op(id);
            let source_op = sharding_rule(program, id).is_none() && runs_regions(op).is_empty();
            if source_op && op.results.len() == 1 && op.kind.family() != OpFamily::Boundary {
                self.unary[op.results[0].index()].push(Unary::Write(id));
            }
        }
        // The values an output annotation constrains (its sharding is then the
        // value's own, not a reshard at the end).
        let mut constrained = vec![false; program.values().len()];
        for a in annotations.iter().filter(|a| a.source == AnnotationSource::Output) {
            constrained[a.value.index()] = true;
        }
        for output in program.outputs() {
            let Some(s) = &output.sharding else {
                self.unary[output.value.index()].push(Unary::Reduced);
                continue;
            };
            if !constrained[output.value.index()] {
                self.unary[output.value.index()].push(Unary::Output(s.clone()));
            }
        }
    }

    /// Components of tied values, their candidate lists and the resolution.
    fn resolve(&mut self) -> Result<Resolved> {
        let program = self.program;
        let annotations = program.annotations();
        self.unary_terms(&annotations);
        let n = program.values().len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for &(a, b) in &self.ties {
            let (ra, rb) = (root(&mut parent, a.index()), root(&mut parent, b.index()));
            parent[ra.max(rb)] = ra.min(rb);
        }
        self.partial = partials(program, &self.order);
        let mut component = vec![None; n];
        let mut roots: Vec<(ValueId, Option<ReductionKind>)> = Vec::new();
        let mut index_of_root: HashMap<usize, usize> = HashMap::new();
        for v in program.value_ids().filter(|v| self.scope[v.index()].is_some()) {
            let r = root(&mut parent, v.index());
            let c = *index_of_root.entry(r).or_insert_with(|| {
                roots.push((v, None));
                roots.len() - 1
            });
            roots[c].1 = roots[c].1.or(self.partial[v.index()]);
            component[v.index()] = Some(c);
        }
        // Components alike in shape, free axes, partial kind and unevenness share
        // one list (copied only when one of them gains a candidate of its own).
        type Key = (Vec<i64>, Vec<String>, Option<ReductionKind>, bool);
        let mut memo: HashMap<Key, Arc<Vec<TensorSharding>>> = HashMap::new();
        let mut candidates: Vec<Arc<Vec<TensorSharding>>> = roots
            .iter()
            .map(|&(v, partial)| {
                let ty = &program.value(v).ty;
                let uneven = self.may_cut_unevenly(v);
                let manual = self.scope[v.index()].clone().unwrap_or_default();
                let key = (ty.shape.clone(), manual, partial, uneven);
                let list = memo.entry(key).or_insert_with(|| {
                    let mut all = value_shardings(program.mesh_name(), &ty.shape, &self.usable(v), partial);
                    let xla = |s: &TensorSharding| self.uneven || xla_takes(s, &ty.shape, program.mesh());
                    all.retain(|s| (uneven || !s.is_uneven()) && xla(s));
                    Arc::new(all)
                });
                Arc::clone(list)
            })
            .collect();
        self.split_axes(&component, &mut candidates);
        if !self.uneven {
            even_boundaries(program, &component, &mut candidates);
        }
        for a in &annotations {
            let Some(c) = component[a.value.index()] else { continue };
            if program.maximal_mesh(&a.sharding).is_some() {
                // On one device: the value's only sharding.
                candidates[c] = Arc::new(vec![a.sharding.clone()]);
                continue;
            }
            let plain = TensorSharding { replicated: Vec::new(), ..a.sharding.closed() };
            if !candidates[c].contains(&plain) {
                Arc::make_mut(&mut candidates[c]).push(plain);
            }
        }
        let live: Vec<(ValueId, usize, usize)> = program
            .value_ids()
            .filter(|v| self.scope[v.index()].is_some() && !self.fused[v.index()])
            .map(|v| (v, self.defined[v.index()], self.last_use[v.index()]))
            .collect();
        let parameters: Vec<ValueId> =
            program.inputs().iter().filter(|i| i.lives_throughout()).map(|i| i.value).collect();
        let names = self.order.iter().map(|&o| program.op(o).name.clone());
        let positions: Vec<String> = names.flat_map(|name| [name.clone(), name]).collect();
        let bytes = |v: ValueId, s: &TensorSharding| self.pricing.local_bytes(v, s).unwrap_or_default();
        let budget = Budget {
            limit: self.pricing.hardware.device.memory,
            live: &live,
            bytes: &bytes,
            parameters: &parameters,
            positions: &positions,
        };
        resolve(program, component, candidates, &annotations, Some(&budget))
    }

    /// Adds to the candidates the shardings that ops splitting an axis into sub-axes
    /// (see [`split_strategy`]) run on and produce, a few passes over the program
    /// (each pass carries the sub-axes one op further).
    fn split_axes(&self, component: &[Option<usize>], candidates: &mut [Arc<Vec<TensorSharding>>]) {
        const PASSES: usize = 3;
        let program = self.program;
        for _ in 0..PASSES {
            let mut added = false;
            for &id in &self.order {
                let Some(rule) = sharding_rule(program, id) else { continue };
                let op = program.op(id);
                let of = |v: ValueId| component[v.index()].map_or(&[][..], |c| &candidates[c][..]);
                for factors in self.split_strategies(id, &rule, of) {
                    let Ok(cost) = self.pricing.strategy(id, &rule, &OpStrategy::of(factors)) else { continue };
                    let tensors = op.operands.iter().chain(&op.results).zip(cost.operands.iter().chain(&cost.results));
                    for (&v, s) in tensors {
                        let s = s.reduced();
                        if let Some(c) = component[v.index()].filter(|&c| !candidates[c].contains(&s)) {
                            Arc::make_mut(&mut candidates[c]).push(s);
                            added = true;
                        }
                    }
                }
            }
            if !added {
                return;
            }
        }
    }

    /// The sub-axis strategies of op `id` (with `rule`): its operands' and results'
    /// candidates (`of`) projected onto the rule, where they split an axis.
    fn split_strategies<'c>(
        &self,
        id: OpId,
        rule: &autoshard_model::OpShardingRule,
        of: impl Fn(ValueId) -> &'c [TensorSharding],
    ) -> Vec<Factors> {
        let op = self.program.op(id);
        let mappings = rule.operands.iter().chain(&rule.results);
        let mut out: Vec<Factors> = Vec::new();
        for (&v, mapping) in op.operands.iter().chain(&op.results).zip(mappings) {
            for s in of(v) {
                let Some(factors) =
                    split_strategy(rule, mapping, s, self.program.mesh(), op.kind.partial_reduction().is_some())
                else {
                    continue;
                };
                if !out.contains(&factors) {
                    out.push(factors);
                }
            }
        }
        out
    }

    /// Resharding `value` from `from` to `to`; `counted`: whether the source and the
    /// final state are program values (see `cost::transient_bytes`).
    fn cell(
        &mut self,
        value: ValueId,
        (from, to): (&TensorSharding, &TensorSharding),
        counted: (bool, bool),
    ) -> Result<Cell> {
        let (from, to) = (self.prices.intern(from), self.prices.intern(to));
        self.prices.cell(&self.pricing, (value, from, to), None, counted)
    }

    fn value_nodes(&mut self, out: &mut Formulation) -> Result<()> {
        let program = self.program;
        for v in program.value_ids() {
            let Some(c) = out.resolved.component[v.index()] else { continue };
            let (shardings, list) = self.lists.intern(&out.resolved.allowed[c]);
            self.list_of[v.index()] = list;
            let mut costs = vec![0.0; shardings.len()];
            let mut transient = vec![0; shardings.len()];
            for term in self.unary[v.index()].clone() {
                for ((cost, bytes), s) in costs.iter_mut().zip(&mut transient).zip(shardings.iter()) {
                    let cell = match &term {
                        Unary::Output(a) if s.conforms_to_all(a) => Cell::default(),
                        Unary::Output(a) => self.cell(v, (s, &a.closed()), (true, false))?,
                        Unary::Reduced if s.unreduced.is_empty() => Cell::default(),
                        Unary::Reduced => self.cell(v, (s, &s.reduced()), (true, false))?,
                        Unary::Write(op) => {
                            Cell { time: self.write(*op, v, s)? * self.pricing.times(*op), ..Cell::default() }
                        }
                    };
                    *cost += cell.time;
                    *bytes += cell.transient;
                }
            }
            let usage = if self.may_alias(v) || self.fused[v.index()] {
                vec![0; shardings.len()]
            } else {
                shardings.iter().map(|s| self.pricing.local_bytes(v, s).map(|b| b.0)).collect::<Result<_, _>>()?
            };
            let interval = (self.defined[v.index()], self.last_use[v.index()] + 1);
            let node = out.problem.add_node(Node { name: self.name(v), costs, usage, interval });
            let end = op_position(self.order.len());
            out.problem.add_load(Load::single(node, &transient, (end, end + 1)));
            out.value_nodes[v.index()] = Some(node);
            out.shardings[v.index()] = shardings;
        }
        Ok(())
    }

    /// True for a value that shares its source's buffer when nothing moves (a
    /// region's arguments and results, a reshard's or barrier's result): its bytes
    /// are counted by the loads of its link (see [`Lowering::link`]).
    fn may_alias(&self, v: ValueId) -> bool {
        match self.program.value(v).def {
            ValueDef::BodyArg { .. } => true,
            ValueDef::OpResult { op, .. } => {
                let op = self.program.op(op);
                !runs_regions(op).is_empty() || op.kind.family() == OpFamily::Boundary
            }
            ValueDef::Input(_) => false,
        }
    }

    /// The time a source op takes to write its result `v` sharded as `s`.
    fn write(&self, op: OpId, v: ValueId, s: &TensorSharding) -> Result<f64> {
        Ok(self.pricing.unruled(op, [(v, s)])?.time(&self.pricing.hardware.device).0)
    }

    /// The ops' nodes and edges; false if the deadline passed first. An op alike
    /// one formulated before (`repeats.rs`) takes its strategies and tables.
    fn op_nodes(&mut self, out: &mut Formulation) -> Result<bool> {
        let program = self.program;
        for (k, id) in self.order.clone().into_iter().enumerate() {
            if k % 64 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(false);
            }
            let Some(rule) = sharding_rule(program, id) else { continue };
            let op = program.op(id);
            let key = self.op_key(op);
            let entry = match key.as_ref().and_then(|key| self.ops.get(key)) {
                Some(entry) => entry,
                None => {
                    let entry = Arc::new(self.op_entry(out, id, &rule)?);
                    if let Some(key) = key {
                        self.ops.insert(key, Arc::clone(&entry));
                    }
                    entry
                }
            };
            let times = self.pricing.times(id);
            let costs = entry.work.iter().map(|w| w * times).collect();
            let node = out.problem.add_node(Node::new(op.name.clone(), costs));
            out.op_nodes[id.index()] = Some(node);
            let at = self.position[id.index()].0;
            for (&v, tables) in distinct(&op.operands).iter().zip(&entry.operands) {
                add_tables(out, (value_node(out, v)?, node), at, tables.clone().scaled(times));
            }
            for (&r, tables) in op.results.iter().zip(&entry.results) {
                add_tables(out, (value_node(out, r)?, node), at + 1, tables.clone().scaled(times));
            }
            out.strategies[id.index()] = Arc::clone(&entry.strategies);
        }
        Ok(true)
    }

    /// What op's formulation depends on, if it may be memoised (not a custom op
    /// with a body, which a measured kernel model prices op by op).
    fn op_key(&self, op: &Op) -> Option<OpKey> {
        if op.body().is_some() && matches!(op.kind, OpKind::Custom(_)) {
            return None;
        }
        let program = self.program;
        let tensors = op.operands.iter().chain(&op.results);
        let types = tensors.clone().map(|&v| program.value(v).ty.clone()).collect();
        let lists = tensors.map(|&v| self.list_of[v.index()]).collect();
        let manual = self.scope[op.results[0].index()].clone().unwrap_or_default();
        let uneven = self.may_cut_unevenly(op.results[0]);
        Some(OpKey::of(op, types, lists, manual, carriers(op, &self.partial), uneven))
    }

    /// Op `id`'s strategies (each distinct in what it runs on, produces and costs),
    /// their compute, and the tables of its edges, before its trip count.
    fn op_entry(&mut self, out: &Formulation, id: OpId, rule: &autoshard_model::OpShardingRule) -> Result<OpEntry> {
        let op = self.program.op(id);
        let axes = self.usable(op.results[0]);
        let mut kept: Vec<(OpStrategy, StrategyCost)> = Vec::new();
        let split = self.split_strategies(id, rule, |v| &out.shardings[v.index()][..]);
        let split = split.into_iter().map(OpStrategy::of);
        let carriers = carriers(op, &self.partial);
        let mut enumerated = op_strategies(rule, &axes, op.kind.partial_reduction().is_some(), &carriers);
        if !self.may_cut_unevenly(op.results[0]) {
            enumerated.retain(|s| !s.balanced);
        }
        for strategy in enumerated.into_iter().chain(split) {
            let Ok(cost) = self.pricing.strategy(id, rule, &strategy) else { continue };
            if !self.uneven && !self.xla_takes(op, &cost) {
                continue;
            }
            if !kept.iter().any(|(_, k)| same_strategy(k, &cost)) {
                kept.push((strategy, cost));
            }
        }
        if kept.is_empty() {
            return Err(SolveError::Input(format!("op \"{}\": no strategy of {rule} can be priced", op.name)));
        }
        let device = &self.pricing.hardware.device;
        let work = kept.iter().map(|(_, c)| c.work.time(device).0).collect();
        let (operands, results) = self.op_tables(out, op, &kept)?;
        Ok(OpEntry { strategies: kept.into_iter().map(|(f, _)| f).collect(), work, operands, results })
    }

    /// The tables of a ruled op's edges to its distinct operands and to its results
    /// under `kept` (rows of the value): each reshard's time and transient memory.
    fn op_tables(
        &mut self,
        out: &Formulation,
        op: &Op,
        kept: &[(OpStrategy, StrategyCost)],
    ) -> Result<(Vec<PairTables>, Vec<PairTables>)> {
        let operands: Vec<Vec<ShardingId>> = kept.iter().map(|(_, c)| self.prices.intern_all(&c.operands)).collect();
        let results: Vec<Vec<ShardingId>> = kept.iter().map(|(_, c)| self.prices.intern_all(&c.results)).collect();
        let mut operand_tables = Vec::new();
        for v in distinct(&op.operands) {
            let positions: Vec<usize> = (0..op.operands.len()).filter(|&k| op.operands[k] == v).collect();
            let from_ids = self.prices.intern_all(out.shardings[v.index()].iter());
            let targets = (operands.iter())
                .map(|wanted| {
                    // A value used twice in the same sharding is resharded once.
                    let mut targets: Vec<ShardingId> = positions.iter().map(|&k| wanted[k]).collect();
                    targets.sort_unstable();
                    targets.dedup();
                    targets
                })
                .collect();
            operand_tables.push(self.prices.operand_cells(&self.pricing, v, &from_ids, targets)?);
        }
        let mut result_tables = Vec::new();
        for (k, &r) in op.results.iter().enumerate() {
            let to_ids = self.prices.intern_all(out.shardings[r.index()].iter());
            let produced: Vec<_> = (kept.iter().zip(&results))
                .map(|((_, cost), produced)| (produced[k], cost.permutations[k].as_ref()))
                .collect();
            // Rows of the value, as every edge of a value is stored (the value's node
            // comes first: presolve and the search then keep the tables as they are).
            result_tables.push(self.prices.result_cells(&self.pricing, r, &produced, &to_ids)?.transposed());
        }
        Ok((operand_tables, result_tables))
    }

    /// Reshard and barrier edges, the links of regions' operands and results to
    /// their bodies' arguments and results, and the edges that tie equal values.
    fn links(&mut self, out: &mut Formulation) -> Result<()> {
        let program = self.program;
        let both = (true, true);
        for id in self.order.clone() {
            let op = program.op(id);
            let (at, end) = self.position[id.index()];
            let times = self.pricing.times(id);
            let (at, end) = ((at, times), (end, times));
            match (&op.kind, runs_body(op)) {
                (kind, _) if kind.family() == OpFamily::Boundary => {
                    let (a, b) = (op.operands[0], op.results[0]);
                    let join = matches!(op.kind, OpKind::PropagationBarrier(PropagationDirection::None));
                    self.link(out, (a, b), at, join, |l, from, to| l.cell(a, (from, to), both))?;
                    if let OpKind::PropagationBarrier(direction) = op.kind {
                        out.barriers.push(Barrier { direction, ends: (a, b) });
                    }
                }
                (OpKind::ManualComputation(m), Some(body)) => {
                    for ((global, &operand), &arg) in m.in_shardings.iter().zip(&op.operands).zip(&body.args) {
                        let cell = |l: &mut Self, from: &TensorSharding, to: &TensorSharding| {
                            l.cell(operand, (from, &m.global(global, to)), both)
                        };
                        self.link(out, (operand, arg), at, false, cell)?;
                    }
                    for (i, (&inner, &result)) in body.results.iter().zip(&op.results).enumerate() {
                        let cell = |l: &mut Self, from: &TensorSharding, to: &TensorSharding| match m.result_path(i, to)
                        {
                            Some((local, produced)) => Ok(l.cell(inner, (from, &local), both)?
                                + l.cell(result, (&produced, to), (false, true))?),
                            None => l.cell(inner, (from, to), both),
                        };
                        self.link(out, (inner, result), end, false, cell)?;
                    }
                }
                _ if !runs_regions(op).is_empty() => {
                    for (_, operand, arg) in op.region_entries() {
                        self.link(out, (operand, arg), at, false, |l, from, to| l.cell(operand, (from, to), both))?;
                    }
                    for (_, inner, result) in op.region_exits() {
                        self.link(out, (inner, result), end, false, |l, from, to| l.cell(inner, (from, to), both))?;
                    }
                }
                _ => {}
            }
        }
        for &(a, b) in &self.ties {
            let (sa, sb) = (&out.shardings[a.index()], &out.shardings[b.index()]);
            let matrix =
                sa.iter().flat_map(|x| sb.iter().map(move |y| if x == y { 0.0 } else { f64::INFINITY })).collect();
            out.problem.add_edge(value_node(out, a)?, value_node(out, b)?, matrix);
        }
        Ok(())
    }

    /// Links value `b` to `a`, whose reshard to it (`cell`, over both candidate
    /// lists) runs `times` times at position `at`: the reshard's time is an edge (or a NONE
    /// barrier's join) and its transient memory a load at `at`; `b` may share `a`'s
    /// buffer, so two more loads say which buffer is live: `b`'s own bytes over its
    /// live range when the reshard moves data, otherwise `a`'s buffer from `a`'s last
    /// use to `b`'s.
    fn link(
        &mut self,
        out: &mut Formulation,
        (a, b): (ValueId, ValueId),
        (at, times): (usize, f64),
        join: bool,
        mut cell: impl FnMut(&mut Self, &TensorSharding, &TensorSharding) -> Result<Cell>,
    ) -> Result<()> {
        let (sa, sb) = (out.shardings[a.index()].clone(), out.shardings[b.index()].clone());
        let mut cells = Vec::with_capacity(sa.len() * sb.len());
        let (mut own, mut kept) = (Vec::with_capacity(cells.capacity()), Vec::with_capacity(cells.capacity()));
        for from in sa.iter() {
            let source = self.prices.intern(from);
            let source = self.prices.bytes(&self.pricing, a, source)?.0;
            for to in sb.iter() {
                let c = cell(self, from, to)?;
                let target = self.prices.intern(to);
                own.push(if c.moved { self.prices.bytes(&self.pricing, b, target)?.0 } else { 0 });
                kept.push(if c.moved { 0 } else { source });
                cells.push(c);
            }
        }
        let tables = PairTables::of(sa.len(), sb.len(), &cells).scaled(times);
        let nodes = (value_node(out, a)?, value_node(out, b)?);
        if join {
            out.joins.push(Edge { a: nodes.0, b: nodes.1, costs: tables.time });
            out.problem.add_load(Load {
                a: nodes.0,
                b: Some(nodes.1),
                usage: tables.transient,
                interval: (at, at + 1),
            });
        } else {
            add_tables(out, nodes, at, tables);
        }
        let (last_a, last_b) = (self.last_use[a.index()] + 1, self.last_use[b.index()] + 1);
        let extends = last_b > last_a;
        self.sharers[a.index()] += usize::from(extends);
        // `a`'s buffer may be an older value's that is live past `a`'s last use
        // anyway: extending it counts it twice.
        let again = self.sharers[a.index()] > 1 || (extends && self.shared_until[a.index()] > last_a);
        self.shared_until[b.index()] = self.shared_until[a.index()].max(last_a);
        let load = |usage: &[u64], interval| Load::pair(nodes.0, nodes.1, sb.len(), usage, interval);
        out.problem.add_load(load(&own, (self.defined[b.index()], last_b)));
        let index = out.problem.loads.len();
        out.problem.add_load(load(&kept, (last_a, last_b)));
        if again && out.problem.loads.len() > index {
            out.overcounting.push(index);
        }
        Ok(())
    }
}

/// `values` without repeats, in order of first occurrence.
fn distinct(values: &[ValueId]) -> Vec<ValueId> {
    let mut seen = Vec::with_capacity(values.len());
    for &v in values {
        if !seen.contains(&v) {
            seen.push(v);
        }
    }
    seen
}

/// The edge of `tables` (over the strategies of `nodes`) and the load of their
/// transient memory at position `at`.
fn add_tables(out: &mut Formulation, (a, b): (NodeId, NodeId), at: usize, tables: PairTables) {
    out.problem.add_table(a, b, tables.time);
    out.problem.add_load(Load { a, b: Some(b), usage: tables.transient, interval: (at, at + 1) });
}

fn value_node(out: &Formulation, v: ValueId) -> Result<NodeId> {
    out.value_nodes[v.index()].ok_or_else(|| SolveError::Input(format!("value {v:?} is used but never priced")))
}

/// True if two strategies run on, produce and cost the same.
fn same_strategy(a: &StrategyCost, b: &StrategyCost) -> bool {
    let permutes = |s: &StrategyCost| s.permutations.iter().map(|p| p.as_ref().map(|p| p.time)).collect::<Vec<_>>();
    a.operands == b.operands && a.results == b.results && a.work == b.work && permutes(a) == permutes(b)
}
