//! How an op with a rule computes on local blocks.
//!
//! Four modes, chosen per op from its strategy:
//! - [`Mode::Local`]: the op runs on each device's blocks as they are — every
//!   sharded factor is one the op's kernel cannot tell from a smaller tensor
//!   (pass-through and reduction factors of ops whose attributes do not name
//!   positions along them), and each dimension's block is one contiguous run of its
//!   factors (in a dimension of several factors, the factors major to the last
//!   sharded one are split down to size 1, all evenly). Padded blocks of a sharded
//!   reduction factor are filled with the reduction's identity first, so padding
//!   never reaches a real element. A `take` whose table is split along the taken
//!   axis is local too: each block looks up the rows it holds, zeros elsewhere, and
//!   the result holds partial sums (the vocabulary-parallel embedding);
//! - [`Mode::Halo`]: a convolution, `reduce_window`, `select_and_scatter`, `pad` or
//!   `slice` (windows of one element) whose blocked factors are its "windows"
//!   factors, each the major factor of its dimension, and that
//!   `rules::halo_exchange` allows (for a convolution the kernel's spatial
//!   dimensions unsharded, and with feature groups nothing split but the windows
//!   and the batch, with batch groups nothing but the windows) runs on each
//!   device's blocks of its inputs with the rows its output block's windows reach
//!   beyond them fetched from the neighbouring blocks; a `select_and_scatter` fetches the rows of the
//!   windows touching its block and scatters their share of the source into its
//!   rows (`sharded/halo.rs`);
//! - [`Mode::Gathered`]: `concatenate`, `reverse`, and a `slice`, `pad`,
//!   `reduce_window` or `select_and_scatter` not run by halo exchange (blocks that
//!   are not runs of whole rows, uneven shards), with a sharded permutation factor,
//!   gather the permuted dimensions, run locally, and keep their block of the result
//!   (all-gather, kernel, all-slice);
//! - [`Mode::Global`]: anything else with sharded factors (gather, scatter, a
//!   grouped convolution with its groups split, a dimension cut across factors)
//!   runs on the whole tensors and keeps its block; partial results (sharded reduction factors)
//!   are held by the first device of their group, zeros elsewhere.
//!
//! A custom op given its decomposition (a body) runs by it: on local blocks
//! ([`Mode::Local`], through [`LocalBody`]) when its blocks qualify for the local
//! mode and every op of the body keeps the split factors pass-through; whole
//! ([`Mode::Global`]) otherwise. Which sharded factors leave a kernel unchanged on
//! local blocks is [`runs_locally`]'s call (`local.rs`, shared with the bodies).
//!
//! Invariant: `operands`/`results` are the shardings the kernel computes on; the
//! executor moves the required operands to them and the results from them to the
//! produced shardings with local slices and gathers, outside the planned
//! collectives.

use super::body::{LocalBody, Span};
use super::local::runs_locally;
use autoshard_model::OpShardings;
use autoshard_model::OpStrategy;
use autoshard_model::ir::Op;
use autoshard_model::rules::halo_exchange;
use autoshard_model::{
    FactorId, FactorKind, Mesh, OpId, OpKind, OpShardingRule, Program, TensorMapping, TensorSharding, ValueId,
};
use autoshard_model::{axes_size, reduced_blocks};

/// How an op computes on local blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// On the blocks as they are.
    Local,
    /// On the blocks with the permuted dimensions gathered.
    Gathered,
    /// On the inputs' blocks with halos from the neighbouring blocks (a windowed op).
    Halo,
    /// On whole tensors.
    Global,
}

/// The kernel of one op: its mode, the shardings it computes on and the padding
/// to fill before it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Kernel {
    /// How it computes.
    pub mode: Mode,
    /// The sharding of each operand the kernel reads.
    pub operands: Vec<TensorSharding>,
    /// The sharding of each result the kernel writes.
    pub results: Vec<TensorSharding>,
    /// Per operand, the dimensions whose padding must hold `identity`.
    pub masked: Vec<Vec<usize>>,
    /// The identity of the op's partial reduction.
    pub identity: f32,
    /// For a custom op with a body that runs on local blocks, its body.
    pub body: Option<LocalBody>,
}

impl Kernel {
    /// The kernel of op `id` (with `rule`) under `strategy`, which runs on and
    /// produces `shardings`.
    pub fn new(
        program: &Program,
        id: OpId,
        rule: &OpShardingRule,
        strategy: &OpStrategy,
        shardings: &OpShardings,
    ) -> Self {
        let op = program.op(id);
        let mesh = program.mesh();
        let sharded = |f: FactorId| strategy.factors.get(f.0).is_some_and(|axes| !axes.is_empty());
        let blocked: Vec<FactorId> = rule.factors().filter(|&f| sharded(f) && !runs_locally(op, rule, f)).collect();
        let mut tensors =
            rule.operands.iter().zip(&shardings.operands).chain(rule.results.iter().zip(&shardings.results));
        let runs = tensors.all(|(mapping, sharding)| contiguous(mapping, sharding, rule, strategy, mesh));
        let identity = op.kind.partial_reduction().unwrap_or_default().identity() as f32;
        let permutes = matches!(
            op.kind,
            OpKind::Slice(_)
                | OpKind::Pad(_)
                | OpKind::Concatenate(_)
                | OpKind::Reverse(_)
                | OpKind::ReduceWindow(_)
                | OpKind::SelectAndScatter(_)
        );
        let local = blocked.is_empty() && runs;
        // Halos and local bodies assume equal blocks.
        let uneven = shardings.operands.iter().chain(&shardings.results).any(TensorSharding::is_uneven);
        // An op with a body runs by it: on local blocks when the body can.
        let body = match op.body() {
            Some(_) if local && !uneven => local_body(program, op, shardings),
            _ => None,
        };
        let mode = if op.body().is_some() {
            if body.is_some() { Mode::Local } else { Mode::Global }
        } else if local {
            Mode::Local
        } else if runs && !uneven && halo_exchange(&op.kind, rule, &strategy.factors) {
            Mode::Halo
        } else if permutes && runs && blocked.iter().all(|&f| rule.kind(f) == FactorKind::Permutation) {
            Mode::Gathered
        } else {
            Mode::Global
        };
        let gather = |mapping: &TensorMapping, sharding: &TensorSharding| {
            let mut out = sharding.clone();
            for (dim, d) in out.dims.iter_mut().zip(&mapping.dims) {
                if mode == Mode::Global || (mode != Mode::Halo && d.factors.iter().any(|f| blocked.contains(f))) {
                    dim.axes.clear();
                    dim.offsets = None;
                }
            }
            if mode == Mode::Global {
                out.unreduced.clear();
            }
            out
        };
        let operands: Vec<TensorSharding> =
            rule.operands.iter().zip(&shardings.operands).map(|(m, s)| gather(m, s)).collect();
        let results = rule.results.iter().zip(&shardings.results).map(|(m, s)| gather(m, s)).collect();
        let masked = rule
            .operands
            .iter()
            .zip(&operands)
            .zip(&op.operands)
            .map(|((mapping, sharding), &value)| {
                // The simulator stores uneven blocks padded too: they are masked alike.
                let shape = &program.value(value).ty.shape;
                reduced_blocks(rule, mapping, sharding, (shape, mesh)).into_iter().map(|(d, _)| d).collect()
            })
            .collect();
        Kernel { mode, operands, results, masked, identity, body }
    }
}

/// The body of custom op `op` on the blocks of `shardings` (held as they are), if
/// it runs on them ([`LocalBody`]: planned once, for every device's blocks).
fn local_body(program: &Program, op: &Op, shardings: &OpShardings) -> Option<LocalBody> {
    let mesh = program.mesh();
    let spans = |values: &[ValueId], tensors: &[TensorSharding]| -> Option<Vec<Vec<Span>>> {
        values
            .iter()
            .zip(tensors)
            .map(|(&v, s)| {
                s.unreduced.is_empty().then(|| {
                    let shape = &program.value(v).ty.shape;
                    (0..shape.len())
                        .map(|d| {
                            let n = shape[d].max(0) as usize;
                            let axes = s.dims.get(d).map_or(Vec::new(), |dim| dim.axes.clone());
                            Span { global: n, local: n.div_ceil(s.shards(d, mesh).max(1) as usize), axes }
                        })
                        .collect()
                })
            })
            .collect()
    };
    let args = spans(&op.operands, &shardings.operands)?;
    let results = spans(&op.results, &shardings.results)?;
    LocalBody::new(program, op, &args, &results)
}

/// True when every dimension of a tensor (mapped by `mapping`, sharded as
/// `sharding`) holds one contiguous run of its factors' blocks: its axes are its
/// factors' axes in order, and in a dimension of several factors the ones major to
/// the last sharded factor are split to size 1, every sharded one evenly.
fn contiguous(
    mapping: &TensorMapping,
    sharding: &TensorSharding,
    rule: &OpShardingRule,
    strategy: &OpStrategy,
    mesh: &Mesh,
) -> bool {
    let axes_of = |f: &FactorId| strategy.factors.get(f.0).map_or(&[][..], Vec::as_slice);
    let count = |f: &FactorId| axes_size(axes_of(f), mesh).max(1);
    mapping.dims.iter().enumerate().all(|(d, dim)| {
        let expected: Vec<_> = dim.factors.iter().flat_map(axes_of).collect();
        let actual: Vec<_> = sharding.dims.get(d).map_or(Vec::new(), |s| s.axes.iter().collect());
        if expected != actual {
            return false;
        }
        let real: Vec<&FactorId> = dim.factors.iter().filter(|f| rule.factor_size(**f) > 1 || count(f) > 1).collect();
        let Some(last) = real.iter().rposition(|f| count(f) > 1) else { return true };
        if real.len() == 1 {
            return true;
        }
        real.iter().enumerate().all(|(i, f)| {
            let (size, k) = (rule.factor_size(**f), count(f));
            size % k == 0 && (i >= last || size / k == 1)
        })
    })
}
