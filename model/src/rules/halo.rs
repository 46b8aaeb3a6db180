//! When a windowed op runs with halo exchange (`crate::ops::Halo`): the one
//! condition the cost model prices it under and the executor runs it under.

use crate::axis::AxisRef;
use crate::ops::OpKind;
use crate::rule::{FactorId, FactorKind, OpShardingRule};

/// Whether op `kind` (with `rule`) under a strategy sharding its factors as
/// `factors` (by factor index) runs with halo exchange: it is a
/// `convolution`, a `reduce_window`, a `pad` or a `slice` (windows of one
/// element), a windows factor (the rule's permutation
/// factors) is sharded, each sharded one the major factor of its dimension in the
/// first operand (so its blocks are runs of whole rows). A convolution further
/// needs its kernel's spatial dimensions unsharded, and with feature groups (a
/// depthwise convolution) nothing split but its windows and its batch, with batch
/// groups (a depthwise convolution's kernel gradient) nothing but its windows. Each device then computes its output block from its input blocks and the
/// rows its windows reach in its neighbours' (docs/executor.md, "Halo exchange");
/// the cost model prices those rows. A `select_and_scatter` qualifies too (its
/// source is replicated along its windowed dimensions, as its rule requires): each
/// device fetches the rows of the windows touching its operand block and scatters
/// their share of the source into its own rows (nothing to fetch when the windows
/// tile the blocks).
pub fn halo_exchange(kind: &OpKind, rule: &OpShardingRule, factors: &[Vec<AxisRef>]) -> bool {
    let sharded = |f: FactorId| factors.get(f.0).is_some_and(|axes| !axes.is_empty());
    let windows: Vec<FactorId> =
        rule.factors().filter(|&f| rule.kind(f) == FactorKind::Permutation && sharded(f)).collect();
    let major =
        |f: &FactorId| rule.operands.first().is_some_and(|m| m.dims.iter().any(|d| d.factors.first() == Some(f)));
    let op_allows = match kind {
        OpKind::Convolution(conv) => {
            let dn = &conv.dimension_numbers;
            let kernel_spatial = rule.operands.get(1).is_some_and(|mapping| {
                dn.kernel_spatial.iter().any(|&d| mapping.dims[d].factors.iter().any(|&f| sharded(f)))
            });
            // Grouped: only the windows and (grouped by features) the batch may be
            // split, so each device runs the whole grouping on its rows.
            let batch = rule.operands.first().map(|m| &m.dims[dn.input_batch].factors);
            let split_only = |batch_too: bool| {
                rule.factors().filter(|&f| sharded(f)).all(|f| {
                    rule.kind(f) == FactorKind::Permutation || (batch_too && batch.is_some_and(|b| b.contains(&f)))
                })
            };
            let grouping_whole = match (conv.batch_group_count, conv.feature_group_count) {
                (1, 1) => true,
                (1, _) => split_only(true),
                _ => split_only(false),
            };
            !kernel_spatial && grouping_whole
        }
        // A window of one element over a dilated input is pass-through by Shardy's
        // rule, but its blocks are not the input's: it must stay whole.
        OpKind::SelectAndScatter(_) | OpKind::Slice(_) | OpKind::Pad(_) => true,
        OpKind::ReduceWindow(rw) => rule.operands.first().is_some_and(|mapping| {
            mapping.dims.iter().enumerate().all(|(d, dim)| {
                rw.window.is_pass_through(d)
                    || dim.factors.iter().all(|&f| rule.kind(f) == FactorKind::Permutation || !sharded(f))
            })
        }),
        _ => false,
    };
    op_allows && !windows.is_empty() && windows.iter().all(major)
}
