//! A custom op's body (its decomposition) on local blocks.
//!
//! A custom op with a body runs on each device's blocks when every factor its plan
//! shards stays, through every op of the body, a pass-through factor whose kernel
//! runs on local blocks: each block of the body's results is then computed from
//! the same blocks of its operands, as the op's rule promises, with no data from
//! other devices. [`LocalBody`] walks the body op by op once, at scheduling,
//! carrying for every dimension of every value the [`Span`] a device holds (the
//! global size, the block's size and the mesh axes that pick the block; a device's
//! start is its index along those axes times the block's size, resolved when it
//! runs):
//! - an op's split factors take their spans from its operands' split dimensions;
//! - its operands held whole along a split factor are cut to that factor's block;
//!   a splat constant or an iota is made as the block alone ([`Source`]), and so is
//!   a value made from those alone (an iota plus one): it is computed where it is
//!   read, on the block its reader needs (whole, then cut, where its op cannot
//!   run on that block);
//! - its attributes that name sizes are rewritten to the local sizes
//!   ([`localize`]).
//!
//! A body that would need another device's data — a split factor of another kind
//! (a reduction would leave partial sums), a dimension whose split factor is not
//! its major-most one, two operands split differently along one factor, a nested
//! body over split data — does not run locally, and its kernel runs the op whole
//! ([`Mode::Global`](super::Mode::Global)).
//!
//! Invariant: every split factor is a pass-through factor of its op that
//! [`runs_locally`]; every value read is cut to exactly the spans its op expects;
//! two spans along the same axes with the same block size are the same block on
//! every device.

use super::local::{local_types, localize, runs_locally};
use crate::placement::Placement;
use crate::reference::{Source, apply, run_op};
use crate::tensor::{Tensor, dims};
use autoshard_model::ir::{Body, Op};
use autoshard_model::rules::sharding_rule;
use autoshard_model::{
    AxisRef, DType, DimMapping, FactorId, FactorKind, OpId, OpKind, OpShardingRule, Program, TensorMapping, TensorType,
    ValueId,
};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The part of one dimension a device holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The dimension's global size.
    pub global: usize,
    /// The block's size (padded: the last block may reach past `global`).
    pub local: usize,
    /// The mesh axes whose index picks a device's block (none: the whole
    /// dimension).
    pub axes: Vec<AxisRef>,
}

impl Span {
    /// All of a dimension of size `n`.
    pub fn whole(n: usize) -> Span {
        Span { global: n, local: n, axes: Vec::new() }
    }

    fn is_whole(&self) -> bool {
        self.axes.is_empty()
    }
}

/// A custom op's body that runs on local blocks: its ops as they run on every
/// device, planned once.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalBody {
    steps: Vec<Planned>,
    /// Each of the body's results and how it reaches the op's result block.
    outs: Vec<(ValueId, Cut)>,
}

/// What a value of the body is during the walk.
#[derive(Debug, Clone)]
enum Held {
    /// A splat constant or an iota, made as each reader needs it.
    Source(Source),
    /// Result `k` of op `id`, made from sources alone: computed as each reader
    /// needs it.
    Derived(OpId, usize),
    /// A computed block with these spans.
    Block(Vec<Span>),
}

/// How an operand becomes the block its op reads.
#[derive(Debug, Clone, PartialEq)]
enum Cut {
    /// Read as held.
    Keep,
    /// Held whole: the block of these spans (zero past the end).
    Slice(Vec<Span>),
    /// A source: made as the block of these spans.
    Make(Source, Vec<Span>),
    /// Result `k` of this op, then (when it runs whole) the block of these spans.
    Compute(Box<Planned>, usize, Option<Vec<Span>>),
}

/// One op of the body as it runs on blocks.
#[derive(Debug, Clone, PartialEq)]
struct Planned {
    id: OpId,
    operands: Vec<Cut>,
    /// Per result, the spans of its block.
    results: Vec<Vec<Span>>,
    /// The op with its size attributes made local.
    kind: OpKind,
    /// The result blocks' types.
    types: Vec<TensorType>,
}

impl LocalBody {
    /// The body of `op`, when it runs on operand blocks spanning `args` (per
    /// operand, per dimension) and yields result blocks spanning `results`.
    pub fn new(program: &Program, op: &Op, args: &[Vec<Span>], results: &[Vec<Span>]) -> Option<LocalBody> {
        let body = op.body()?;
        let rules = body.ops.iter().filter_map(|&id| sharding_rule(program, id).map(|r| (id, r))).collect();
        walk(program, &rules, body, args, results).ok()
    }

    /// Runs `op`'s body on `device`'s operand blocks (`operands`, of `placement`)
    /// and returns its result blocks.
    pub fn run(
        &self,
        program: &Program,
        op: &Op,
        (placement, device): (&Placement, usize),
        operands: Vec<Tensor>,
    ) -> Result<Vec<Tensor>, String> {
        let body = op.body().ok_or("the op has no body")?;
        let on = Device { program, placement, device };
        let mut env: BTreeMap<ValueId, Tensor> = body.args.iter().copied().zip(operands).collect();
        for step in &self.steps {
            let ys = on.execute(&env, step)?;
            env.extend(program.op(step.id).results.iter().copied().zip(ys));
        }
        self.outs.iter().map(|(v, cut)| on.read(&env, *v, cut).map(Cow::into_owned)).collect()
    }
}

/// Plans `body`'s ops (with `rules`) on blocks spanning `args`, with its results
/// cut to `results`; an error names the op that needs other devices' data.
fn walk(
    program: &Program,
    rules: &BTreeMap<OpId, OpShardingRule>,
    body: &Body,
    args: &[Vec<Span>],
    results: &[Vec<Span>],
) -> Result<LocalBody, String> {
    let held = body.args.iter().copied().zip(args.iter().cloned().map(Held::Block)).collect();
    let mut walker = Walker { program, rules, held };
    let mut steps = Vec::with_capacity(body.ops.len());
    for &id in &body.ops {
        let op = program.op(id);
        let operands = op
            .operands
            .iter()
            .map(|v| walker.held.get(v).cloned().ok_or_else(|| format!("\"{}\" reads a value the body lacks", op.name)))
            .collect::<Result<Vec<_>, _>>()?;
        let from_sources = operands.iter().all(|h| !matches!(h, Held::Block(_)));
        let made: Vec<Held> = match Source::of(&op.kind) {
            Some(source) if op.operands.is_empty() => vec![Held::Source(source)],
            _ if from_sources && !operands.is_empty() && op.body().is_none() && rules.contains_key(&id) => {
                (0..op.results.len()).map(|k| Held::Derived(id, k)).collect()
            }
            _ => {
                let step = walker.plan_op(id, &operands)?;
                let made = step.results.iter().cloned().map(Held::Block).collect();
                steps.push(step);
                made
            }
        };
        walker.held.extend(op.results.iter().copied().zip(made));
    }
    let outs = body
        .results
        .iter()
        .zip(results)
        .map(|(v, want)| Ok((*v, walker.cut(*v, want)?)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(LocalBody { steps, outs })
}

/// One device running a planned body.
struct Device<'a> {
    program: &'a Program,
    placement: &'a Placement,
    device: usize,
}

impl Device<'_> {
    /// Runs a planned op on the blocks `env` holds.
    fn execute(&self, env: &BTreeMap<ValueId, Tensor>, step: &Planned) -> Result<Vec<Tensor>, String> {
        let program = self.program;
        let op = program.op(step.id);
        let xs = op
            .operands
            .iter()
            .zip(&step.operands)
            .map(|(v, cut)| self.read(env, *v, cut))
            .collect::<Result<Vec<_>, _>>()?;
        if op.body().is_some() {
            return run_op(program, step.id, xs.into_iter().map(Cow::into_owned).collect()).map_err(|e| e.to_string());
        }
        let refs: Vec<&Tensor> = xs.iter().map(AsRef::as_ref).collect();
        let dtypes: Vec<DType> = op.operands.iter().map(|&v| program.value(v).ty.dtype).collect();
        apply(&step.kind, (&refs, &dtypes), &step.types)
    }

    /// The block of value `v` that `cut` asks for.
    fn read<'e>(&self, env: &'e BTreeMap<ValueId, Tensor>, v: ValueId, cut: &Cut) -> Result<Cow<'e, Tensor>, String> {
        let held = || env.get(&v).ok_or_else(|| "a body value was read before it was made".to_string());
        Ok(match cut {
            Cut::Keep => Cow::Borrowed(held()?),
            Cut::Slice(spans) => Cow::Owned(self.block_of(held()?, spans)?),
            Cut::Make(source, spans) => {
                let shape: Vec<usize> = spans.iter().map(|s| s.local).collect();
                Cow::Owned(source.block(&self.starts(spans)?, &shape))
            }
            Cut::Compute(step, k, then) => {
                let y = self.execute(env, step)?.into_iter().nth(*k).ok_or("an op made too few results")?;
                Cow::Owned(match then {
                    Some(spans) => self.block_of(&y, spans)?,
                    None => y,
                })
            }
        })
    }

    /// The device's start along each of `spans`.
    fn starts(&self, spans: &[Span]) -> Result<Vec<usize>, String> {
        spans
            .iter()
            .map(|s| Ok(self.placement.index(self.device, &s.axes).map_err(|e| e.to_string())? * s.local))
            .collect()
    }

    /// The device's block of whole `x` spanning `spans`, zero past `x`'s end.
    fn block_of(&self, x: &Tensor, spans: &[Span]) -> Result<Tensor, String> {
        let starts = self.starts(spans)?;
        let real: Vec<usize> =
            spans.iter().zip(&starts).map(|(s, &start)| s.global.saturating_sub(start).min(s.local)).collect();
        let shape: Vec<usize> = spans.iter().map(|s| s.local).collect();
        Ok(x.block(&starts, &real).zero_padded(&shape))
    }
}

/// The split factor of a dimension mapped to `dim` and the product of the sizes
/// of the factors minor to it: its major-most factor of size above 1 (or its only
/// one).
fn split_factor(rule: &OpShardingRule, dim: &DimMapping) -> Option<(FactorId, usize)> {
    let k = dim.factors.iter().position(|&f| rule.factor_size(f) > 1).unwrap_or(0);
    let f = *dim.factors.get(k)?;
    let minor = dim.factors[k + 1..].iter().map(|&g| rule.factor_size(g).max(1) as usize).product();
    Some((f, minor))
}

/// The walk's state: what each body value is so far.
struct Walker<'a> {
    program: &'a Program,
    rules: &'a BTreeMap<OpId, OpShardingRule>,
    held: BTreeMap<ValueId, Held>,
}

impl Walker<'_> {
    /// How value `v` becomes the block spanning `want`.
    fn cut(&self, v: ValueId, want: &[Span]) -> Result<Cut, String> {
        match self.held.get(&v).ok_or("a body value is read before it is made")? {
            Held::Source(s) => Ok(Cut::Make(*s, want.to_vec())),
            Held::Derived(id, k) => self.derive(*id, *k, want),
            Held::Block(spans) if spans.as_slice() == want => Ok(Cut::Keep),
            Held::Block(spans) if spans.iter().all(|s| s.is_whole()) => Ok(Cut::Slice(want.to_vec())),
            Held::Block(_) => Err(format!("\"{}\" is read split along another factor", self.program.value(v).name)),
        }
    }

    /// Result `k` of op `id` (made from sources alone) as the block spanning
    /// `want`: computed on that block, or whole and cut where it cannot be.
    fn derive(&self, id: OpId, k: usize, want: &[Span]) -> Result<Cut, String> {
        let op = self.program.op(id);
        let on_block = self.rules.get(&id).ok_or_else(String::new).and_then(|rule| {
            let factors = split_factors(op, rule, rule.results.get(k).into_iter().zip([want]))?;
            self.plan_split(id, rule, &factors)
        });
        match on_block {
            Ok(step) => Ok(Cut::Compute(Box::new(step), k, None)),
            Err(_) => {
                let whole = want.iter().all(|s| s.is_whole());
                Ok(Cut::Compute(Box::new(self.plan_whole(id)?), k, (!whole).then(|| want.to_vec())))
            }
        }
    }

    /// Plans op `id` on operands held as `operands`: whole when none is split,
    /// else on the split factors its operands' split dimensions give.
    fn plan_op(&self, id: OpId, operands: &[Held]) -> Result<Planned, String> {
        let split = operands.iter().any(|h| matches!(h, Held::Block(s) if s.iter().any(|s| !s.is_whole())));
        if !split {
            return self.plan_whole(id);
        }
        let op = self.program.op(id);
        let refuse = |why: String| format!("\"{}\" ({}) {why}", op.name, op.kind.name());
        let rule = self.rules.get(&id).ok_or_else(|| refuse("has no sharding rule".into()))?;
        if op.body().is_some() {
            return Err(refuse("has a body of its own".into()));
        }
        let blocks = rule.operands.iter().zip(operands).filter_map(|(m, h)| match h {
            Held::Block(spans) => Some((m, spans.as_slice())),
            _ => None,
        });
        let factors = split_factors(op, rule, blocks).map_err(refuse)?;
        self.plan_split(id, rule, &factors)
    }

    /// Plans op `id` on whole operands.
    fn plan_whole(&self, id: OpId) -> Result<Planned, String> {
        let program = self.program;
        let op = program.op(id);
        let whole = |v: &ValueId| dims(&program.value(*v).ty.shape).into_iter().map(Span::whole).collect::<Vec<_>>();
        let operands = op.operands.iter().map(|v| self.cut(*v, &whole(v))).collect::<Result<_, _>>()?;
        let types = op.results.iter().map(|&r| program.value(r).ty.clone()).collect();
        let results = op.results.iter().map(whole).collect();
        Ok(Planned { id, operands, results, kind: op.kind.clone(), types })
    }

    /// Plans op `id` (with `rule`) on blocks split as `factors`: every operand cut
    /// to them, its result spans, and its kind with local sizes.
    fn plan_split(&self, id: OpId, rule: &OpShardingRule, factors: &[Option<Span>]) -> Result<Planned, String> {
        let program = self.program;
        let op = program.op(id);
        let refuse = |why: &str| format!("\"{}\" ({}) {why}", op.name, op.kind.name());
        let global = |v: ValueId| dims(&program.value(v).ty.shape);
        let spans = |mapping: &TensorMapping, v: ValueId| -> Result<Vec<Span>, String> {
            global(v)
                .into_iter()
                .zip(&mapping.dims)
                .map(|(n, dim)| {
                    dim_span(rule, factors, dim, n)
                        .ok_or_else(|| refuse("splits a dimension along a factor that is not its major-most"))
                })
                .collect()
        };
        let wants = rule.operands.iter().zip(&op.operands).map(|(m, &v)| spans(m, v)).collect::<Result<Vec<_>, _>>()?;
        let operands = op.operands.iter().zip(&wants).map(|(&v, want)| self.cut(v, want)).collect::<Result<_, _>>()?;
        let results = rule.results.iter().zip(&op.results).map(|(m, &r)| spans(m, r)).collect::<Result<Vec<_>, _>>()?;
        let locals = |s: &[Span]| s.iter().map(|s| s.local).collect::<Vec<usize>>();
        let result_shapes: Vec<Vec<usize>> = results.iter().map(|s| locals(s)).collect();
        let types = local_types(program, &op.results, &result_shapes);
        let globals: Vec<Vec<usize>> = op.operands.iter().map(|&v| global(v)).collect();
        let operand_shapes: Vec<Vec<usize>> = wants.iter().map(|s| locals(s)).collect();
        let local: Vec<&[usize]> = operand_shapes.iter().map(Vec::as_slice).collect();
        let kind = localize(&op.kind, &globals, &local, &result_shapes).map_err(|why| refuse(&why))?;
        Ok(Planned { id, operands, results, kind, types })
    }
}

/// The span of each factor of `rule` that `tensors` (mappings with the spans
/// held) split (`None`: whole); an error when a split factor is not a
/// pass-through factor `op` runs locally, or two tensors split it differently.
fn split_factors<'t>(
    op: &Op,
    rule: &OpShardingRule,
    tensors: impl IntoIterator<Item = (&'t TensorMapping, &'t [Span])>,
) -> Result<Vec<Option<Span>>, String> {
    let mut factors: Vec<Option<Span>> = vec![None; rule.num_factors()];
    for (mapping, spans) in tensors {
        for (dim, span) in mapping.dims.iter().zip(spans).filter(|(_, s)| !s.is_whole()) {
            let (f, minor) = split_factor(rule, dim).ok_or("splits a dimension without factors")?;
            if span.local % minor != 0 {
                return Err("splits a dimension inside its minor factors".into());
            }
            let s = Span {
                global: rule.factor_size(f).max(1) as usize,
                local: span.local / minor,
                axes: span.axes.clone(),
            };
            if factors[f.0].as_ref().is_some_and(|t| *t != s) {
                return Err(format!("reads operands split differently along factor {f}"));
            }
            if rule.kind(f) != FactorKind::PassThrough || !runs_locally(op, rule, f) {
                return Err(format!("would split factor {f}, which needs other devices' data"));
            }
            factors[f.0] = Some(s);
        }
    }
    Ok(factors)
}

/// The span of a dimension of size `n` mapped to `dim` under split `factors`;
/// `None` when it is split along a factor other than its major-most one.
fn dim_span(rule: &OpShardingRule, factors: &[Option<Span>], dim: &DimMapping, n: usize) -> Option<Span> {
    let mut split = dim.factors.iter().filter(|f| factors[f.0].is_some());
    let Some(&f) = split.next() else { return Some(Span::whole(n)) };
    let (major, minor) = split_factor(rule, dim)?;
    let s = factors[f.0].as_ref()?;
    (split.next().is_none() && major == f).then(|| Span { global: n, local: s.local * minor, axes: s.axes.clone() })
}
